/*
 * fric_scenario.h: one interface for every simulated system of the
 * papers, so that the command-line tool, the WebAssembly binding and the
 * tests drive them all the same way.
 *
 * A scenario has named numeric parameters (each with default, range, unit and
 * meaning; a "choice" parameter holds the index of one of its named choices),
 * a fixed set of output columns, and a step function that advances the
 * simulation by one output row. State lives in caller-owned memory of
 * state_bytes bytes (aligned like max_align_t); nothing allocates.
 *
 *   const fric_scenario *sc = fric_scenario_find("bench");
 *   double p[FRIC_SCENARIO_MAX_PARAMS]; fric_scenario_defaults(sc, p);
 *   void *st = malloc(sc->state_bytes);  const char *why;
 *   if (fric_scenario_init(sc, st, p, &why)) { report why, fric_status_last() }
 *   double row[FRIC_SCENARIO_MAX_COLS];
 *   while ((rc = fric_scenario_step(sc, st, row, &why)) == FRIC_SCENARIO_ROW) { use row }
 *   if (rc == FRIC_SCENARIO_ERROR) { report why: names the step and the state }
 *
 * Errors: every failure also records its fric_status and, where one
 * parameter is at fault, its index into params[] (fric_status_last(),
 * fric_status.h); a step that fails records FRIC_E_NONFINITE.
 */
#ifndef FRICTION_SCENARIO_H
#define FRICTION_SCENARIO_H

#include <stddef.h>

#include "fric_status.h"

#ifdef __cplusplus
extern "C" {
#endif

#define FRIC_SCENARIO_MAX_PARAMS 64
#define FRIC_SCENARIO_MAX_COLS 32

typedef struct {
    const char *name;    /* as typed on the command line: "K", "law", "friction_base" */
    double def;          /* default value (for a choice: the index of the default)   */
    double min, max;     /* accepted closed range (for a choice: 0 .. n_choices−1)    */
    const char *unit;    /* SI unit, "" for none, "choice" for a choice               */
    const char *help;    /* one line: the meaning, with the paper's symbol            */
    const char *const *choices;  /* NULL, or n_choices names ("implicit", "clip", …) */
    int n_choices;
    int integer;         /* 1 when only whole numbers make sense (counts)            */
    /* Presentation, for the UI and `friction list` (all optional: zero means
     * "not given"). */
    const char *label;   /* short name with the paper's symbol, no unit: "mass m"    */
    double lo, hi;       /* practical slider range inside [min, max] (lo < hi)       */
    int log;             /* 1: a slider over lo..hi moves in log10 (lo > 0)          */
    int preset;          /* 1: −1 means "the preset's value" (a checkbox in the UI) */
    const char *const *choice_help; /* NULL or one line per choice                */
    int fixed_by_case;   /* 1: a figure `case` other than custom fixes this value     */
    /* A choice's other names (NULL: none): given a text that names no
     * choice, returns the choice's name it stands for, or NULL (the bench's
     * actuator: fric_bench_actuator_resolve, "sts3250" → "sts3215"). */
    const char *(*alias)(const char *text);
    /* The other names, listed in a refusal: alias i and the choice it names;
     * 1, or 0 past the end (NULL: none; fric_bench_actuator_alias). */
    int (*alias_at)(int i, const char **alias, const char **name);
} fric_param_info;
/* The fields of fric_param_info as a table, X(field, unit) (unit "param":
 * the parameter's own unit), for what reads the struct by name (the wasm
 * boundary's layouts, wasm/bindings.c). */
#define FRIC_PARAM_INFO_FIELDS(X) \
    X(name, "") X(def, "param") X(min, "param") X(max, "param") X(unit, "") X(help, "") \
    X(choices, "") X(n_choices, "") X(integer, "") X(label, "") X(lo, "param") X(hi, "param") \
    X(log, "") X(preset, "") X(choice_help, "") X(fixed_by_case, "")

typedef struct {
    const char *name;    /* CSV header: the paper's symbol in ASCII: t, q, dq, tau_f  */
    const char *unit;    /* SI unit, "" for none                                      */
    const char *help;    /* one line                                                  */
} fric_col_info;
/* The fields of fric_col_info, X(field, unit). */
#define FRIC_COL_INFO_FIELDS(X) X(name, "") X(unit, "") X(help, "")

enum { FRIC_SCENARIO_ROW = 0, FRIC_SCENARIO_DONE = 1, FRIC_SCENARIO_ERROR = -1 };

struct fric_scenario_driver;

typedef struct fric_scenario {
    const char *name;      /* "bench", "joint-step", "model-a", …                      */
    const char *summary;   /* one paragraph: what it shows and the paper/figure       */
    int n_params;
    const fric_param_info *params;
    int n_cols;
    /* cols[0] is "t" [s] for a time series (every scenario with a "duration"
     * parameter). A scenario whose rows are not a time series (a grid or a
     * sweep: "solutions-2dof", one row per point r of a grid) has no "t"
     * column and no "duration" parameter; its cols[0] is the outer abscissa
     * (there "r1"). Drivers take cols[0] as the abscissa, report progress
     * in rows, and find the other columns by name. */
    const fric_col_info *cols;
    size_t state_bytes;
    /* Validates p (already range-checked against params[]: call it through
     * fric_scenario_init) as a whole and initialises the state. 0 on success;
     * otherwise nonzero, *why names the problem and fric_status_last() holds
     * the code and the index of the parameter at fault. */
    int (*init)(void *state, const double *p, const char **why);
    /* Advances by one output row and writes n_cols values to row.
     * FRIC_SCENARIO_ROW, FRIC_SCENARIO_DONE (no row written), or FRIC_SCENARIO_ERROR with
     * *why naming the step and the state that stopped being finite. */
    int (*step)(void *state, double *row, const char **why);
    /* Optional (may be NULL): applies new parameter values to a running
     * simulation, keeping its dynamic state (positions, velocities, time,
     * counters), for live tuning in the UI. Same contract as init. */
    int (*retune)(void *state, const double *p, const char **why);
    /* Optional (may be NULL): the mechanism's picture after the last step,
     * for views that draw more than the columns hold (a chain of up to 100
     * links): up to max_points points as triples (x, y, mark) into
     * xyf[3·max_points], a polyline in metres with one number per point for
     * its marker (the chain: its joints from the base to the tip, mark 1
     * when that joint was stuck in the last step, 0 when it slipped, −1 at
     * the tip, which is no joint). Returns the number of points written. */
    int (*shape)(const void *state, double *xyf, int max_points);
    /* A time-series scenario may leave init, step and retune NULL and give
     * its driver instead (below): fric_scenario_init, _step and _retune
     * then run its loop (first row at t = 0, `every`, the end of the clock,
     * retune) and the scenario supplies configure, start, advance and row. */
    const struct fric_scenario_driver *driver;
    /* For views that pick scenarios by name: a title ("Model A: block stops
     * or reverses (Kikuuwe Figs. 6–7)") and a short description of what to
     * look at (a few sentences, UTF-8). */
    const char *title;
    const char *blurb;
} fric_scenario;
/* The descriptive fields of fric_scenario, X(field, unit) (params and cols:
 * arrays of n_params fric_param_info and n_cols fric_col_info; shape: NULL
 * when the scenario has no picture). */
#define FRIC_SCENARIO_FIELDS(X) \
    X(name, "") X(summary, "") X(n_params, "") X(params, "") X(n_cols, "") X(cols, "") \
    X(state_bytes, "B") X(shape, "") X(title, "") X(blurb, "")

/* Room for any scenario's shape (the longest: a 100-link chain, 101 points). */
#define FRIC_SCENARIO_MAX_SHAPE 128

/* The fixed-step clock of a run, for scenario implementations:
 * t_k = t0 + (k − k0)·T, so time does not accumulate rounding and T may
 * change (retune) without a jump in t. */
typedef struct {
    double t0;      /* time at step k0 [s]                    */
    long long k0;   /* step at which T last changed           */
    long long k;    /* current step                           */
    long long end;  /* last step of the run                   */
    double T;       /* time step [s]                          */
} fric_scenario_clock;

/* At most this many steps in one run (a longer one would not finish). */
#define FRIC_SCENARIO_MAX_STEPS 2000000000.0

/* (Re)starts the clock from its current time (0 for a zeroed clock) with
 * step T, ending at `duration` [s]: end = k + round((duration − t)/T), at
 * least k. Fails, leaving *c unchanged, when T is not > 0 or the run would
 * exceed FRIC_SCENARIO_MAX_STEPS (FRIC_E_WORK_LIMIT; *why names scn, says so and
 * what to change). */
fric_status fric_scenario_clock_set(fric_scenario_clock *c, const char *scn, double duration, double T,
                                    const char **why);
double fric_scenario_clock_t(const fric_scenario_clock *c);                 /* t at step k  */
double fric_scenario_clock_t_at(const fric_scenario_clock *c, long long k); /* t at step k' */
/* The last step of the next row: min(k + every, end). */
long long fric_scenario_clock_target(const fric_scenario_clock *c, long long every);

/* ---------------------------------------------------- the scenario driver */

/* The driver's part of a driven scenario's state: its FIRST member. */
typedef struct {
    fric_scenario_clock clk;   /* step k, time, last step of the run          */
    long long every;           /* steps per row (configure sets it, >= 1)     */
    int started;               /* 1 once row 0 (the initial state) is written */
} fric_scenario_run;

/* Largest configuration a driven scenario may have [bytes]. */
#define FRIC_SCENARIO_MAX_CFG 4096

/* What a driven scenario supplies (Box2D's joint.c dispatching to each
 * joint kind is the model). The driver does, for every such scenario:
 *   init:   run = {0}; configure(cfg, &run, NULL, p) and, with clock_step,
 *           the clock from p; on success the state is zeroed, run and cfg
 *           are copied in, then start(state, p);
 *   step:   one of two row forms (below); DONE once k reached the end of
 *           the clock;
 *   retune: run = the running one; configure(cfg, &run, state, p) (and the
 *           clock, as for init); then, if given, adopt(state, cfg); when both succeed cfg and run replace
 *           the running ones (the dynamic state is kept; on failure nothing
 *           changes).
 * The configuration is written into a buffer of the driver's (at most
 * FRIC_SCENARIO_MAX_CFG bytes) or, for a larger one, into a second slot the
 * state holds for it (spare_offset: the robot arms and the chain, up to 100
 * links and motors); init then zeroes the state before configure. After
 * every copy of a configuration into its place, placed(cfg) re-points what
 * points into it (a model pointing at its own links).
 * The row forms, for a run of N steps with one row every e steps:
 *   the state after a block (row_step NULL): row 0 is the initial state
 *           (t = 0); each later row advances min(e, N − k) steps (advance,
 *           then k + 1) and writes the state reached: 1 + ceil(N/e) rows,
 *           the last at step N;
 *   the state before a block (row_step given): each row writes the state at
 *           the START of its block of min(e, N − k) steps (row), then
 *           advances them, and row_step adds what the block's FIRST step
 *           applied (its forces, its goal): ceil(N/e) rows, row i at step
 *           i·e, none at step N (the bench, the arms, the chain).
 * fric_scenario_step then checks that every column is finite. */
typedef struct fric_scenario_driver {
    size_t cfg_offset;   /* offsetof(state, configuration)                  */
    size_t cfg_bytes;    /* sizeof the configuration (<= FRIC_SCENARIO_MAX_CFG,
                            or any size with spare_offset)                  */
    size_t spare_offset; /* 0, or offsetof(state, room for a second
                            configuration), where configure then writes      */
    /* Validates p (already range-checked) as a whole and writes the
     * configuration into cfg (cfg_bytes, aligned like max_align_t); without
     * clock_step (below) also sets run->every and (re)starts run->clk from
     * its current time (fric_scenario_clock_set; or sets run->clk.end
     * itself, the bench: its end counts from step 0). 0, or nonzero with *why and the status
     * recorded. Shared by init (running = NULL) and retune (running = the
     * running state, for what may not change mid-run). */
    int (*configure)(void *cfg, fric_scenario_run *run, const void *running, const double *p,
                     const char **why);
    /* init only (may be NULL): the initial dynamic state, after configure.
     * 0, or nonzero with *why (init then fails). */
    int (*start)(void *state, const double *p, const char **why);
    /* One step from k to k + 1 (the driver counts it). 0, or nonzero when the
     * state stopped being finite, with *why (FRIC_E_NONFINITE recorded)
     * naming the step k + 1, its time and the state. */
    int (*advance)(void *state, const char **why);
    /* The row of the current state (n_cols values); with row_step: the
     * columns known before the block's first step. */
    void (*row)(const void *state, double *row);
    /* Optional (NULL: the state after a block): the row is written before
     * its block, and this adds, after the block's first step, the columns
     * that step applied. */
    void (*row_step)(const void *state, double *row);
    /* retune only (may be NULL): after configure accepted p, prepares the
     * running dynamic state for the new configuration cfg (not yet in the
     * state) — what configure alone cannot check (the bench's inertia).
     * 0, or nonzero with *why and the status recorded; it then leaves the
     * state unchanged, and so does the driver. */
    int (*adopt)(void *state, const void *cfg, const char **why);
    /* Optional (may be NULL): called on the configuration in its place in
     * the state after the driver copied it there, for a configuration that
     * points into itself. */
    void (*placed)(void *cfg);
    /* Optional (may be NULL): the name of the time-step parameter [s]. Then
     * the driver, once configure accepted p, (re)starts run->clk from its
     * current time to the parameter "duration" [s] in steps of this one
     * (fric_scenario_clock_set, its refusal naming the scenario) and sets
     * run->every from "every"; configure leaves both alone. NULL:
     * configure sets them (the bench: its end counts from step 0). */
    const char *clock_step;
} fric_scenario_driver;

/* Defines `name`, the driver of a scenario whose state (state_t, beginning
 * with its fric_scenario_run) holds its configuration (cfg_t) in a member
 * called cfg, and checks when compiling that cfg_t fits: the state after a
 * block, no adopt. FRIC_SCENARIO_DRIVER_HOOKS also takes row_step and
 * adopt (either may be NULL). */
#define FRIC_SCENARIO_DRIVER_HOOKS(name, state_t, cfg_t, configure_, start_, advance_, row_, \
                                    row_step_, adopt_)                                        \
    _Static_assert(sizeof(cfg_t) <= FRIC_SCENARIO_MAX_CFG,                                   \
                   #cfg_t " is larger than FRIC_SCENARIO_MAX_CFG");                         \
    static const fric_scenario_driver name = {                                               \
        .cfg_offset = offsetof(state_t, cfg), .cfg_bytes = sizeof(cfg_t),                    \
        .configure = configure_, .start = start_, .advance = advance_, .row = row_,          \
        .row_step = row_step_, .adopt = adopt_ }
/* The driver of a scenario whose configuration may exceed
 * FRIC_SCENARIO_MAX_CFG: its state holds it in cfg and room for a second one
 * in cfg_spare (both cfg_t); the state before a block (row_step), adopt,
 * placed and clock_step as above. */
#define FRIC_SCENARIO_DRIVER_LARGE(name, state_t, cfg_t, configure_, start_, advance_, row_, \
                                   row_step_, adopt_, placed_, clock_step_)                  \
    static const fric_scenario_driver name = {                                               \
        .cfg_offset = offsetof(state_t, cfg), .cfg_bytes = sizeof(cfg_t),                    \
        .spare_offset = offsetof(state_t, cfg_spare), .configure = configure_,               \
        .start = start_, .advance = advance_, .row = row_, .row_step = row_step_,            \
        .adopt = adopt_, .placed = placed_, .clock_step = clock_step_ }
#define FRIC_SCENARIO_DRIVER(name, state_t, cfg_t, configure_, start_, advance_, row_)       \
    FRIC_SCENARIO_DRIVER_HOOKS(name, state_t, cfg_t, configure_, start_, advance_, row_,   \
                                NULL, NULL)

int                  fric_scenario_count(void);
const fric_scenario *fric_scenario_at(int i);               /* NULL out of range */
const fric_scenario *fric_scenario_find(const char *name);  /* NULL if unknown   */

/* Writes every default into p[0 .. n_params−1]. */
void fric_scenario_defaults(const fric_scenario *sc, double *p);

/* Checks every value of p against its parameter's accepted range (finite,
 * in [min, max], whole for a count or a choice): FRIC_OK, or
 * FRIC_E_PARAM_RANGE with *why and fric_status_last().param naming the first
 * value outside. The one range rule for every caller. */
fric_status fric_scenario_check(const fric_scenario *sc, const double *p, const char **why);

/* fric_scenario_check, then sc->init or the driver's init: FRIC_OK or the
 * failure's fric_status. */
fric_status fric_scenario_init(const fric_scenario *sc, void *state, const double *p, const char **why);

/* fric_scenario_check, then sc->retune or the driver's retune
 * (FRIC_E_UNSUPPORTED when the scenario has neither); on failure the
 * running state is unchanged. */
fric_status fric_scenario_retune(const fric_scenario *sc, void *state, const double *p, const char **why);

/* sc->step (or the driver's step), then a check of every column it wrote:
 * FRIC_SCENARIO_ROW,
 * FRIC_SCENARIO_DONE, or FRIC_SCENARIO_ERROR (FRIC_E_NONFINITE) with *why
 * naming the scenario, the step (its t), the column and the state (the
 * row's values) when the step failed or wrote a value that is not finite.
 * The one way every driver (CLI, bindings, tests) advances a run. */
int fric_scenario_step(const fric_scenario *sc, void *state, double *row, const char **why);

/* 1 when the scenario can change parameters while running (retune or a
 * driver), 0 otherwise. */
int fric_scenario_can_retune(const fric_scenario *sc);

/* sc->shape: the number of points written (<= max_points), or −1 when the
 * scenario has no shape (FRIC_E_UNSUPPORTED recorded). */
int fric_scenario_shape(const fric_scenario *sc, const void *state, double *xyf, int max_points);

/* Index of a parameter by name, −1 if unknown. */
int fric_scenario_param_index(const fric_scenario *sc, const char *name);

/* Sets parameter `name` from text: a number, or a choice's name. 0 on
 * success; otherwise FRIC_E_UNKNOWN_NAME (no such parameter or choice),
 * FRIC_E_NOT_NUMBER or FRIC_E_PARAM_RANGE, and *why names the parameter, the
 * value and the accepted range or choices. */
fric_status fric_scenario_set(const fric_scenario *sc, double *p, const char *name,
                              const char *text, const char **why);

#ifdef __cplusplus
}
#endif
#endif
