/*
 * fric_recipe.h: the recording recipe, a goal episode a robot's owner plays
 * on the arm (LeRobot's replay) so that its recording separates what the
 * identification of each joint's servo needs (core/identify/recipe.c,
 * docs/robot-ident.md "The recording recipe"). MuJoCo-free: the joints come
 * as their names and ranges, plain numbers, whatever read them (the CLI
 * through MuJoCo, the page through its MuJoCo).
 *
 * The episode, from and back to the rest pose (the middle of every range):
 *   - at each pose P (up to FRIC_RECIPE_POSES, chosen by the rule below): the
 *     goals brought down onto P from P + δ (the last quarter of δ creeping at
 *     approach_speed, so that an underdamped joint settles above the goal
 *     instead of overshooting it) and held, then brought up onto P from
 *     P − δ the same way and held (the gap between the two holds is the joint's
 *     friction band 2·frictionloss/kp, gravity cancels in the difference);
 *     then, one joint at a time, a slow sweep over P ± A both ways (up first
 *     where pose + joint is even, down first where odd, so the joint comes
 *     back to P from above as often as from below);
 *   - a multi-sine about the middle pose: per joint sines of log-spaced
 *     frequencies, interleaved over the joints, faded in and out;
 *   - back to rest, held.
 * Poses, by a rule that needs no dynamics: within each joint's usable range
 * [lo + m·w, hi − m·w] (w = hi − lo, m the margin), pose 0 at the middle,
 * pose 1 at 3/4 for the even joints (0, 2, …) and 1/4 for the odd ones,
 * pose 2 the mirror (1/4 even, 3/4 odd): each joint is held at three angles
 * spread over half its range, where a joint that gravity loads is loaded
 * differently at each (the gravity torque of a link varies as the sine of
 * its angle from the vertical: 3 angles a quarter-range apart cannot all sit
 * at a zero). Moves between points follow a trapezoidal speed profile (top
 * speed `speed`, acceleration `move_accel`), every joint of a move on the
 * one profile scaled to its distance. Poses are dropped (3 → 2 → 1) when the
 * holds and sweeps of all would leave the multi-sine less than
 * `multisine_min` of the `seconds` asked; the multi-sine fills the rest.
 * Every goal stays inside the usable ranges; every goal's speed <= `speed`
 * and acceleration <= `accel` (the multi-sine's amplitudes chosen so, fade
 * included).
 */
#ifndef FRIC_RECIPE_H
#define FRIC_RECIPE_H

#include <stddef.h>

#include "fric_recording.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Most poses of a recipe. */
#define FRIC_RECIPE_POSES 3
/* Sines of the multi-sine per joint. */
#define FRIC_RECIPE_SINES 6

/* What the recipe is made for and how (fric_recipe_default: the values in
 * brackets). Checked by fric_recipe_create. */
typedef struct fric_recipe_def {
    int joints;                                        /* 1 .. FRIC_REC_MAX_JOINTS */
    char name[FRIC_REC_MAX_JOINTS][FRIC_REC_NAME_LEN]; /* the MJCF's joint names   */
    double lo[FRIC_REC_MAX_JOINTS];  /* each joint's range, low  [rad]               */
    double hi[FRIC_REC_MAX_JOINTS];  /* each joint's range, high [rad] (> lo)        */
    double fps;           /* frames a second [Hz] (30)                                 */
    double seconds;       /* the episode's length asked [s] (120), 20 .. 3600          */
    double margin;        /* kept from each end of a range, a fraction of it [-] (0.1) */
    double hold;          /* a hold [s] (2.2), >= 0.5                                  */
    double approach;      /* δ, the goals' offset before a hold [rad] (0.1)            */
    double sweep;         /* A, a sweep's half-width [rad] (0.25)                      */
    double sweep_speed;   /* a sweep's speed [rad/s] (0.4)                             */
    double speed;         /* the top speed of every goal [rad/s] (0.8)                 */
    double move_accel;    /* the moves' and sweeps' acceleration [rad/s²] (2)          */
    double accel;         /* the largest acceleration of every goal [rad/s²] (10)      */
    double multisine_amplitude; /* the multi-sine's largest excursion a joint [rad] (0.08) */
    double multisine_speed;     /* the multi-sine's largest speed a joint [rad/s] (0.5)   */
    double multisine_fmin;      /* its lowest frequency [Hz] (0.2)                      */
    double multisine_fmax;      /* its highest frequency [Hz] (3)                       */
    double multisine_min;       /* its least length [s] (10)                            */
    double fade;                /* its fade in and out [s] (1.5)                        */
    double approach_speed;      /* the last quarter of δ before a hold [rad/s] (0.03)   */
} fric_recipe_def;
/* The numeric fields of fric_recipe_def, X(field, unit). */
#define FRIC_RECIPE_DEF_FIELDS(X)                                                              \
    X(fps, "Hz") X(seconds, "s") X(margin, "") X(hold, "s") X(approach, "rad") X(sweep, "rad") \
    X(sweep_speed, "rad/s") X(speed, "rad/s") X(move_accel, "rad/s²") X(accel, "rad/s²")       \
    X(multisine_amplitude, "rad") X(multisine_speed, "rad/s") X(multisine_fmin, "Hz")          \
    X(multisine_fmax, "Hz") X(multisine_min, "s") X(fade, "s") X(approach_speed, "rad/s")

/* The defaults above, no joints. */
fric_recipe_def fric_recipe_default(void);

/* A part of the episode. */
typedef enum fric_recipe_kind {
    FRIC_RECIPE_MOVE = 0,   /* from one point to the next                           */
    FRIC_RECIPE_HOLD,       /* every goal still (at a pose or at rest)              */
    FRIC_RECIPE_SWEEP,      /* one joint from lo to hi or back at sweep_speed       */
    FRIC_RECIPE_MULTISINE,  /* the multi-sine about pose 0                          */
    FRIC_RECIPE_KIND_COUNT
} fric_recipe_kind;

typedef struct fric_recipe_segment {
    int kind;             /* fric_recipe_kind                                       */
    int pose;             /* the pose (0 ..), −1 rest                               */
    int joint;            /* a sweep's joint, −1 for the others                     */
    int from_above;       /* a hold at a pose: 1 the goals came down onto it, 0 up; −1 */
    double t0, t1;        /* [s]                                                    */
    double lo, hi;        /* a sweep's ends [rad]                                   */
    double from, to;      /* a sweep's start and end [rad]                          */
} fric_recipe_segment;

/* A recipe: goal[k·joints + j] joint j's goal at frame k, t = k/fps [rad]. */
typedef struct fric_recipe {
    size_t n;                                          /* frames                   */
    int joints;
    char name[FRIC_REC_MAX_JOINTS][FRIC_REC_NAME_LEN];
    double fps;                                        /* [Hz]                     */
    double *goal;                                      /* [n·joints] rad           */
    int poses;                                         /* 1 .. FRIC_RECIPE_POSES   */
    double rest[FRIC_REC_MAX_JOINTS];                  /* [rad]                    */
    double pose[FRIC_RECIPE_POSES][FRIC_REC_MAX_JOINTS]; /* [rad]                  */
    double delta[FRIC_REC_MAX_JOINTS];                 /* each joint's δ [rad]     */
    double freq[FRIC_REC_MAX_JOINTS][FRIC_RECIPE_SINES];  /* multi-sine [Hz]       */
    double amp[FRIC_REC_MAX_JOINTS][FRIC_RECIPE_SINES];   /* its amplitudes [rad]  */
    double phase[FRIC_RECIPE_SINES];                   /* its phases [rad]         */
    int segments;
    fric_recipe_segment *segment;                      /* [segments]               */
} fric_recipe;

/* Checks def (1 .. FRIC_REC_MAX_JOINTS joints with names as a recording's;
 * every range finite with hi − lo >= 0.05 rad; every field of
 * FRIC_RECIPE_DEF_FIELDS finite and in its range: fps 1 .. 1000, seconds
 * 20 .. 3600, margin 0 .. 0.3, hold >= 0.5, approach and sweep > 0,
 * multisine_fmin < multisine_fmax <= fps/4, fade > 0, speeds and
 * accelerations > 0, multisine_speed <= speed, sweep_speed <= speed,
 * approach_speed <= sweep_speed) and
 * makes the recipe. NULL with the status recorded (FRIC_E_PARAM_RANGE
 * naming the field and what to change, FRIC_E_NO_MEMORY). */
fric_recipe *fric_recipe_create(const fric_recipe_def *def);
void fric_recipe_destroy(fric_recipe *r);

/* The goals as the CSV a robot player reads: a header `t,<joint>,...`, one
 * line a frame, t = k/fps and the goals [rad] in shortest round-trip digits
 * (%.17g). Returns the length it needs, as snprintf (buf may be NULL with
 * size 0). */
size_t fric_recipe_csv(const fric_recipe *r, char *buf, size_t size);

/* What the episode is, as JSON: kind "recipe", fps, duration_s, frames,
 * joints, ranges, rest, poses (P0 …), deltas, segments (holds with their
 * pose, t0, t1, target and approach per joint "from_above"/"from_below";
 * sweeps with pose, joint, t0, t1, lo, hi, from, to, speed; the multi-sine
 * with t0, t1, freqs_hz and amplitudes_rad per joint). Length as snprintf. */
size_t fric_recipe_segments_json(const fric_recipe *r, const fric_recipe_def *def, char *buf,
                                 size_t size);

#ifdef __cplusplus
}
#endif

#endif
