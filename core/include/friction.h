/*
 * friction.h: the public API of the Friction Explorer core.
 *
 * A friction law Φ(v) is discontinuous at v = 0. Simulated in discrete time it
 * chatters or drifts unless it is solved implicitly with the dynamics around
 * it. Kikuuwe et al. (2006, IEEE T-RO 22(6), "Admittance and impedance
 * representations of friction based on implicit Euler integration") showed that
 * every such implicit step reduces to one scalar map, the implicit transform
 *
 *     y = Φ_Z(x)  ⇔  y = Φ(x − Z·y)                  (Kikuuwe Theorem 1, eq. 16-17)
 *
 * which exists and is unique when Φ'(v) > −1/Z for all v ≠ 0 (eq. 15).
 * This library provides the laws, their exact transforms (closed forms where
 * they exist, a safeguarded solve elsewhere, an error-bounded look-up table),
 * the principal branch of the Lambert W function they need, and Kikuuwe's four
 * discrete-time friction elements A-D.
 *
 * Conventions
 *   - Units are SI. A law is written for a translational contact (N, m/s); the
 *     same numbers serve a joint in N·m and rad/s.
 *   - Parameters are const structs owned by the caller; state lives in small
 *     caller-owned structs. Nothing here allocates except fric_lut_create.
 *   - Invalid parameters: fric_law_check says why; the one-point evaluation
 *     functions return NaN (never loop, never crash); fric_law_eval, the
 *     evaluation at n points, refuses with a status and a sentence instead,
 *     also for a result beyond the largest double.
 *   - Everything is deterministic and thread-compatible; fric_law_check's
 *     message buffer is per thread.
 */
#ifndef FRICTION_H
#define FRICTION_H

#include <stddef.h>

#include "fric_status.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------------------------ laws */

typedef enum {
    FRIC_COULOMB_VISCOUS = 0, /* Φ = Fc·sgn(v) + D·v                      Kikuuwe eq. 24 */
    FRIC_STRIBECK = 1,        /* Φ = (Fs−Fc)·e^(−|v/vs|^α)·sgn(v)
                                     + Fc·sgn(v) + D·v                     Cisneros eq. 21 */
    FRIC_RATIONAL = 2         /* Φ = Fc + D·v + (Fs−Fc)·vs/(v+vs), v > 0,
                                     odd extension                     Cisneros eqs. 33, 39-42 */
} fric_kind;

typedef struct {
    fric_kind kind;
    double Fs;     /* static friction; Stribeck and rational       [N]   (Fs > Fc) */
    double Fc;     /* Coulomb (kinetic) friction                   [N]   (>= 0)    */
    double vs;     /* Stribeck velocity; Stribeck and rational     [m/s] (> 0)     */
    double D;      /* viscous coefficient                          [N·s/m] (>= 0)  */
    double alpha;  /* Stribeck exponent; Stribeck only             [-]   (>= 1)    */
} fric_law;

/* The accepted ranges, enforced by fric_law_check_params / fric_law_check
 * (one message per condition, naming the field and the range). Inside them
 * every intermediate of the laws and their transforms stays finite and
 * normal: products of up to three of Fs, Fc, D, vs, Z (k·vs, Z·Fs, 4·k·vs·x'
 * in the rational closed form, vs/Z in the Stribeck one) stay below 1e300
 * and above 1e-300, so no accepted set gives NaN (inf·0, 0/0, inf/inf) or a
 * value beyond its bound; x itself may be any double.
 *   Fc [N], D [N·s/m]:     finite, >= 0, at most FRIC_LAW_MAX       (1e50)
 *   Fs [N] (Stribeck, rational): in [FRIC_LAW_SCALE_MIN, FRIC_LAW_MAX] = [1e-50, 1e50]
 *                          (Fs − Fc times vs and Z must stay a normal number)
 *   vs [m/s], Z [m/(N·s)]: in [FRIC_LAW_SCALE_MIN, FRIC_LAW_SCALE_MAX] = [1e-50, 1e50]
 *   alpha [-]:             in [1, FRIC_LAW_ALPHA_MAX]                  (1000)
 *   Z·Fc [m/s]:            0 or a normal number (>= DBL_MIN): the edge of
 *                          the static band keeps its digits */
#define FRIC_LAW_MAX 1e50
#define FRIC_LAW_SCALE_MIN 1e-50
#define FRIC_LAW_SCALE_MAX 1e50
#define FRIC_LAW_ALPHA_MAX 1000.0

/* The laws' names, indexed by fric_kind: "coulomb-viscous", "stribeck",
 * "rational" (the CLI's and the UI's `law` choice). */
#define FRIC_N_LAWS 3
extern const char *const fric_law_names[FRIC_N_LAWS];

/* Parameter indices a law check reports (fric_status_last().param): the
 * fields of fric_law in order, then the transform constant Z. */
enum fric_law_field { FRIC_LAW_FS, FRIC_LAW_FC, FRIC_LAW_VS, FRIC_LAW_D, FRIC_LAW_ALPHA,
                      FRIC_LAW_Z, FRIC_LAW_N_FIELDS };
extern const char *const fric_law_field_names[FRIC_LAW_N_FIELDS]; /* "Fs", …, "Z" */
/* 1 when a law of this kind uses the fric_law_field (Z: never, it is not
 * the law's), 0 otherwise. */
int fric_law_field_used(fric_kind kind, int field);
/* The accepted range [lo, hi] of a fric_law_field (the list above, one
 * table for the check, the CLI and the UI): FRIC_OK, or FRIC_E_UNKNOWN_NAME
 * (param −1) for an unknown field. */
fric_status fric_law_field_range(int field, double *lo, double *hi);

/* Validates a law together with the transform constant Z [m/(N·s)], Z > 0.
 * Returns 0 when Φ_Z exists and is unique and every value lies in the
 * accepted ranges above (Z in [FRIC_LAW_SCALE_MIN, FRIC_LAW_SCALE_MAX]),
 * otherwise a fric_status:
 * FRIC_E_PARAM_RANGE or FRIC_E_LAW_INVALID (the law's own parameters),
 * FRIC_E_NO_TRANSFORM (eq. 15 fails), with fric_status_last().param the
 * fric_law_field at fault. When why is
 * not NULL it receives one sentence naming the failed condition, the numbers,
 * and what to change (valid until the next call on the same thread; "" on
 * success). The slope condition Φ'(v) > −1/Z (Kikuuwe eq. 15) is evaluated
 * exactly for each law and exponent. */
fric_status fric_law_check(const fric_law *law, double Z, const char **why);

/* Same, for the law alone (no transform): finiteness, signs, Fs > Fc and
 * the ranges above. */
fric_status fric_law_check_params(const fric_law *law, const char **why);

/* 1 when fric_law_check_params(law) would pass: the law's own parameters
 * are valid (finite, signs, Fs > Fc, alpha >= 1), without the transform
 * condition. Records nothing (no message, fric_status_last unchanged): for
 * per-step code that returns NaN on an invalid law. */
int fric_law_params_ok(const fric_law *law);

/* 1 when Φ_Z exists and is unique and the set is accepted, as
 * fric_law_check(law, Z) would find: params ok, Z·m < 1 (Kikuuwe eq. 15), Z
 * in the accepted range above. Records nothing, like fric_law_params_ok. */
int fric_law_ok(const fric_law *law, double Z);

/* Φ(v) [N] at velocity v [m/s]; Φ(0) = 0 by convention (the law is
 * set-valued there). NaN for an invalid law (fric_law_check_params). */
double fric_phi(const fric_law *law, double v);

/* Φ(+0) [N]: the largest static friction force, Fc or Fs. */
double fric_phi_plus0(const fric_law *law);

/* The exact implicit transform Φ_Z(x) [N] (Kikuuwe eq. 16), x [m/s].
 * Closed forms: Coulomb-viscous (Kikuuwe eq. 25), Stribeck α = 1 via W0
 * (Cisneros eqs. 25-30), rational (Cisneros eqs. 44-48). Stribeck α ≠ 1: a
 * bracketed Newton solve to full double precision, bounded iterations.
 * NaN when fric_law_check(law, Z) fails or x is NaN. */
double fric_phi_z(const fric_law *law, double Z, double x);

/* ------------------------------------------------------- prepared transform */

/* Warm start of the α ≠ 1 Stribeck solve: the slip w [m/s] of the previous
 * moving evaluation, s(w) = e^(−(w/vs)^α) and s'(w) [s/m]. Zero-initialise it
 * (w <= 0: none); the solve updates it when it ends moving. */
typedef struct { double w, s, ds; } fric_warm;

/* Φ_Z for one law and one Z, validated once by fric_plan_init, with every
 * constant the evaluation needs precomputed (1/k, 1/(vs·k), vs/Z, Z·Fc, …;
 * k = 1 + Z·D). Caller-owned; the fields are the plan's own business. */
typedef struct fric_plan {
    int kind;                       /* fric_kind; −1: not valid (evaluates to NaN) */
    int ready;                      /* 1 once prepared (debug builds assert it)    */
    int refine;                     /* α ≠ 1: y = Φ(w) re-evaluated at the solved
                                       slip (1), or s(w) to first order from the
                                       last Newton step (0: the bench, bench_step.c) */
    double Z;                       /* transform constant            [m/(N·s)]    */
    double zf0;                     /* Z·Φ(+0), edge of the static band [m/s]     */
    double Fc, Fs, Fsc, D, vs, alpha;   /* the law (Fsc = Fs − Fc)             */
    double k, ik, fc_ik, d_ik;      /* 1 + Z·D, 1/k (α = 1: vs·r), Fc·ik, D·ik      */
    double r, c_psi, zfc, vs_z;     /* Stribeck α = 1: 1/(vs·k), Z·Fsc·r, Z·Fc, vs/Z */
    double skip_q;                  /* Stribeck α = 1: 2^−57/(vs_z·c_psi) [s/m]    */
    double zfs, kvs, kvs4, k2, fscvs, vs2;   /* rational: Z·Fs, k·vs, 4·k·vs, 2k, Fsc·vs, 2·vs */
    double zfsc, wc, dsc;           /* Stribeck α ≠ 1: Z·Fsc, inflection of s, s'(wc) */
    double y_inf;                   /* |Φ_Z(±∞)|: +∞ when D > 0, else Fc [N]    */
} fric_plan;

/* Validates (law, Z) exactly as fric_law_check does (same result, same
 * message in *why) and prepares the plan. 0: valid. On failure the plan
 * evaluates to NaN. A NULL plan: FRIC_E_NULL. The code returned is the one
 * fric_status_last() records. */
fric_status fric_plan_init(fric_plan *plan, const fric_law *law, double Z, const char **why);

/* Prepares plan for (law, Z) WITHOUT validating them: for a law whose
 * levels change every step (fric_elem_a_var below), not for user input.
 * The caller guarantees finite parameters, Z > 0 and, for the Stribeck
 * law, vs > 0 and Fs >= Fc >= 0. Unlike fric_plan_init it accepts α < 1
 * and laws that break Kikuuwe's condition Φ'(v) > −1/Z (eq. 15): the
 * Stribeck solve then returns the SMALLEST slip (the branch continuous
 * with sticking; phi_z.c, solve_slip). The pendulum bench's implicit
 * treatment needs this: its M1-M6 budget is such a law (bench_step.c). */
void fric_plan_prepare_unchecked(fric_plan *plan, const fric_law *law, double Z);

/* Replaces the levels Fc, Fs (Fs >= Fc >= 0; Coulomb-viscous: Fc, Fs
 * unused) of a prepared Coulomb-viscous or Stribeck plan, keeping Z, vs, D
 * and α: a few products, no division, no validation. The plan then
 * evaluates exactly as one prepared with those levels. */
void fric_plan_levels(fric_plan *plan, double Fc, double Fs);

/* Φ_Z(x) [N] through a prepared plan: equals fric_phi_z(law, Z, x) bit for
 * bit. No validation (debug builds assert that the plan was prepared). NaN
 * for NaN x. */
double fric_plan_phi_z(const fric_plan *plan, double x);

/* The same value, and: *stuck (may be NULL) = 1 when x lies in the static
 * band (the result is x/Z, the contact does not slip); *slip (may be NULL)
 * = |x − Z·y| [m/s] computed without cancellation where the law allows (0 when
 * stuck); warm (may be NULL) warm-starts the α ≠ 1 Stribeck solve from the
 * previous call (the result then agrees with the cold solve to rounding). */
double fric_plan_eval(const fric_plan *plan, double x, fric_warm *warm, int *stuck,
                      double *slip);

/* Kikuuwe's closed-form approximation Φ̂_Z(x) (eq. 46): Φ(x) where
 * |x/Z| > |Φ(x)|, x/Z elsewhere. For comparisons with the exact transform. */
double fric_phi_z_approx(const fric_law *law, double Z, double x);

/* The 2-D transform for the Coulomb-viscous law, Φ(x) = Fc·x/‖x‖ + D·x
 * (Kikuuwe eqs. 53, 55; D = 0 gives eq. 53). Writes y[0..1] [N].
 * Returns FRIC_OK, or (y set to NaN when given) FRIC_E_NULL (law, x or y
 * NULL), FRIC_E_UNSUPPORTED (another law kind), fric_law_check's status
 * and field for an invalid law or Z, FRIC_E_PARAM_RANGE (param −1) for an x
 * not finite. */
fric_status fric_phi_z_2d(const fric_law *law, double Z, const double x[2], double y[2]);

/* --------------------------------------------------------------- Lambert W */

/* Principal branch W0(x) of the Lambert W function, w·e^w = x, w >= -1.
 * Domain [-1/e, +inf). The double nearest -1/e (just below it) returns -1;
 * NaN below it and for NaN; +inf for +inf. Accuracy: at most 4 ulp on
 * [-1/e, 1000], relative accuracy down to subnormal |x|. */
double fric_lambert_w0(double x);

/* ----------------------------------------------------------- look-up table */

/* An error-bounded table of Φ_Z for one law and one Z (Stribeck α = 1).
 * fric_lut_create builds the smallest table it can whose value never differs
 * from fric_phi_z by more than tol [N] anywhere on the real line. NULL for an
 * invalid law, a law it does not support, tol <= 0 or an allocation failure,
 * with the status recorded (fric_status_last: fric_law_check's for a law it
 * refuses, else FRIC_E_NO_MEMORY, FRIC_E_WORK_LIMIT or FRIC_E_PARAM_RANGE).
 * Evaluation never allocates. */
typedef struct fric_lut fric_lut;

/* fric_lut_create builds it (info may be NULL). A build decides in bounded work whether it can meet
 * tol: for Stribeck α = 1 the refinement each octave of the table needs is
 * computed from the derivative bounds before any fit, and the build is
 * refused at once when the table would exceed 2^20 intervals or 2^17
 * interval fits (about 1 s at the slowest); α ≠ 1 makes at most ~42 000
 * sampled fits. On return (info may be NULL) info->why is "" or one sentence
 * saying why the result is NULL (a static string, or fric_law_check's message for
 * a law it refuses: valid until the next check on this thread), info->pieces the number
 * of interval fits made. */
typedef struct {
    const char *why;  /* "" on success                         */
    size_t pieces;    /* interval fits evaluated by the build   */
} fric_lut_info;
fric_lut *fric_lut_create(const fric_law *law, double Z, double tol, fric_lut_info *info);
double    fric_lut_phi_z(const fric_lut *lut, double x);
size_t    fric_lut_bytes(const fric_lut *lut);
void      fric_lut_destroy(fric_lut *lut);

/* ------------------------------------------------- evaluation at n points */

/* What fric_law_eval evaluates at each point. */
typedef enum {
    FRIC_EVAL_PHI = 0,     /* Φ(v), the law                        fric_phi           */
    FRIC_EVAL_PHI_Z = 1,   /* Φ_Z(x), exact (Kikuuwe Theorem 1, eq. 16)   fric_phi_z  */
    FRIC_EVAL_APPROX = 2,  /* Φ̂_Z(x) (Kikuuwe eq. 46)             fric_phi_z_approx  */
    FRIC_EVAL_LUT = 3,     /* a look-up table's Φ_Z                fric_lut_phi_z     */
    FRIC_EVAL_COUNT = 4
} fric_eval_what;

/* Their names, indexed by fric_eval_what: "phi", "phi_z", "approx", "lut"
 * (the CLI's `eval what=` choice). */
extern const char *const fric_eval_names[FRIC_EVAL_COUNT];

/* y[i] = the `what` of x[i] [m/s] in N, for i < n: the one loop of the
 * CLI's `eval` and of the wasm bindings' law and table evaluations. The law
 * is validated once (FRIC_EVAL_PHI: fric_law_check_params, law alone, Z
 * unused; FRIC_EVAL_PHI_Z and _APPROX: fric_law_check(law, Z)), then every
 * point is evaluated. FRIC_EVAL_LUT evaluates lut (built from a checked law
 * and Z by fric_lut_create; law and Z are then unused and may be NULL, 0);
 * the other kinds ignore lut (NULL). Nothing is allocated.
 * Returns FRIC_OK, or, recorded (fric_status_last) and in *why (may be NULL):
 *   FRIC_E_PARAM_RANGE (param −1)  what is not a fric_eval_what, or an x[i]
 *                                  is not finite (the message names x[i]);
 *   FRIC_E_NULL (param −1)         law (or lut for FRIC_EVAL_LUT) NULL, or
 *                                  x or y NULL with n > 0;
 *   fric_law_check's status and field for an invalid law or Z;
 *   FRIC_E_NONFINITE               y[i] is beyond the largest double (±inf):
 *                                  |x[i]| so large that the viscous part
 *                                  passes it (Φ ~ D·|x|, Φ_Z and the table
 *                                  ~ D·|x|/(1 + Z·D), Φ̂_Z ~ min(D, 1/Z)·|x|);
 *                                  param FRIC_LAW_D, or FRIC_LAW_Z for Φ̂_Z
 *                                  with Z·D > 1; the message names x[i], the
 *                                  result and that parameter, and asks for a
 *                                  smaller |x| or a smaller D (larger Z).
 * On a refusal y[0 .. i−1] hold the points before the one refused and the
 * rest of y is untouched. */
fric_status fric_law_eval(fric_eval_what what, const fric_law *law, double Z, const fric_lut *lut,
                          const double *x, double *y, size_t n, const char **why);

/* ------------------------------------------------- Kikuuwe's elements A-D */

typedef enum {
    FRIC_XFORM_EXACT = 0,  /* fric_phi_z                         */
    FRIC_XFORM_APPROX = 1  /* fric_phi_z_approx (Kikuuwe eq. 46) */
} fric_xform;

/* Parameters of an element; each element uses the fields it names. */
typedef struct {
    double M;          /* mass [kg]; A, B, D                 (> 0)  */
    double K;          /* contact stiffness [N/m]; B, C, D    (>= 0) */
    double B;          /* contact damping [N·s/m]; B, C, D    (>= 0) */
    double T;          /* time step [s]                       (> 0)  */
    fric_xform xform;  /* which transform the step uses              */
} fric_elem_def;

typedef enum { FRIC_ELEM_A = 0, FRIC_ELEM_B = 1, FRIC_ELEM_C = 2, FRIC_ELEM_D = 3 } fric_elem_kind;

/* Z of each element [m/(N·s)] (Kikuuwe §III-E): T/M (A), T/C with
 * C = M + T·B + T²·K (B, eq. 35), 1/(B + T·K) (C), and
 * A = (T²K + TB + M)/(M(B + TK)) (D, eq. 44). NaN for an invalid def. */
double fric_elem_z(fric_elem_kind kind, const fric_elem_def *def);

/* Validates def for the element kind and the law with that element's Z.
 * 0 when valid; otherwise *why (if not NULL) names the problem. */
fric_status fric_elem_check(fric_elem_kind kind, const fric_elem_def *def,
                            const fric_law *law, const char **why);

/* Model A, rigid admittance (Kikuuwe eq. 26): a mass M on a surface, pushed
 * by h. State: v [m/s]; f [N] is the friction force of the last step. */
typedef struct { double v; double f; int stuck; fric_warm warm; } fric_elem_a;
double fric_elem_a_step(const fric_law *law, const fric_elem_def *def,
                        fric_elem_a *s, double h);                   /* returns f */

/* Model B, inertial impedance (Kikuuwe eq. 36): a mass M on a surface pulled
 * through a spring-damper (K, B) whose far end moves at u. State: previous
 * input u1 [m/s], spring displacements e1 = e_{k-1}, e2 = e_{k-2} [m]; after a
 * step f [N] (friction), h [N] (spring force), v [m/s] (mass velocity). */
typedef struct { double u1, e1, e2; double f, h, v; int stuck; fric_warm warm; } fric_elem_b;
double fric_elem_b_step(const fric_law *law, const fric_elem_def *def,
                        fric_elem_b *s, double u);                   /* returns h */

/* Model C, massless impedance (Kikuuwe eq. 38): the contact alone, driven by
 * relative velocity u. State: bristle displacement e [m]; f [N]. */
typedef struct { double e; double f; int stuck; fric_warm warm; } fric_elem_c;
double fric_elem_c_step(const fric_law *law, const fric_elem_def *def,
                        fric_elem_c *s, double u);                   /* returns f */

/* Model D, compliant admittance (Kikuuwe eq. 45): a mass M pushed by h on a
 * compliant contact. State: u [m/s] mass velocity, e [m]; f [N]. */
typedef struct { double u, e; double f; int stuck; fric_warm warm; } fric_elem_d;
double fric_elem_d_step(const fric_law *law, const fric_elem_def *def,
                        fric_elem_d *s, double h);                   /* returns f */

/* Prepared elements. fric_elem_init validates (kind, def, law) once, exactly
 * as fric_elem_check, and prepares the element's Z, its plan of Φ_Z and the
 * constants of its step; the *_run steps then neither validate nor divide by
 * a constant. They compute what the *_step functions above compute (those are
 * fric_elem_init + *_run) and also set stuck = 1 when the contact held (the
 * transform returned its static value) and warm-start an α ≠ 1 Stribeck
 * solve from the previous step (state.warm; zero-initialise the state). */
typedef struct {
    fric_elem_kind kind;
    fric_elem_def def;
    fric_law law;          /* kept for FRIC_XFORM_APPROX                    */
    fric_plan plan;        /* Φ_Z of law with this element's Z              */
    double Z;              /* the element's Z (fric_elem_z)      [m/(N·s)]   */
    double c[4];           /* step constants; see elements.c                */
} fric_elem;

fric_status    fric_elem_init(fric_elem *e, fric_elem_kind kind, const fric_elem_def *def,
                              const fric_law *law, const char **why);    /* 0: valid */
double fric_elem_a_run(const fric_elem *e, fric_elem_a *s, double h);   /* returns f */
double fric_elem_b_run(const fric_elem *e, fric_elem_b *s, double u);   /* returns h */
double fric_elem_c_run(const fric_elem *e, fric_elem_c *s, double u);   /* returns f */
double fric_elem_d_run(const fric_elem *e, fric_elem_d *s, double h);   /* returns f */

/* Element A whose levels change from one step to the next: a load-dependent
 * friction budget (the M1-M6 servo budget of the pendulum bench, whose
 * levels follow the motor and gravity torques; the X-Y table's Coulomb
 * level μ·|F_N| with the normal force of the step; a chain joint's budget).
 * Kikuuwe's model A (eq. 26) with Z = T/M [m/(N·s)]:
 *   v* = v + Z·h                  (eq. 26a, formed by the caller)
 *   f  = Φ_Z(v*)                  (eq. 26b; Φ_Z of eq. 16, Coulomb: eq. 25)
 *   v' = v* − Z·f                 (eq. 26c; exactly 0 in the static band
 *                                  |v*| <= Z·Φ(+0), eq. 16)
 * The law's shape (kind, vs, D, α) and Z are prepared once; each step may
 * set new levels (Fc, Fs) without validation (fric_plan_levels) before the
 * run. Coulomb-viscous and Stribeck laws. */
typedef struct {
    fric_plan plan;        /* Φ_Z of the law with Z, levels set per step     */
} fric_elem_a_var;

/* Validates (law, Z) with the law's levels as given (fric_law_check: the
 * same result and message) and prepares the element. 0: valid. */
fric_status fric_elem_a_var_init(fric_elem_a_var *e, const fric_law *law, double Z, const char **why);

/* Prepares without validation (fric_plan_prepare_unchecked: α < 1 and laws
 * that break eq. 15 are accepted, the smallest slip is taken). first_order
 * = 1: in an α ≠ 1 Stribeck solve, y is formed with s(w) to first order
 * from the last Newton step instead of re-evaluated at the solved slip (the
 * bench's implicit treatment, bench_step.c); 0: as fric_plan_init. */
void fric_elem_a_var_prepare_unchecked(fric_elem_a_var *e, const fric_law *law, double Z,
                             int first_order);

/* The levels of the next steps: Fc [N] and Fs [N] (Fs >= Fc >= 0; the
 * Coulomb-viscous law uses Fc only). No validation. */
void fric_elem_a_var_levels(fric_elem_a_var *e, double Fc, double Fs);

/* One step from the friction-free velocity vstar = v + Z·h [m/s] (eq. 26a):
 * returns f = Φ_Z(v*) [N] (eq. 26b); *stuck (may be NULL) = 1 in the static
 * band (then f = v* / Z); *speed (may be NULL) = |v'| [m/s] of eq. 26c,
 * computed without cancellation where the law allows (0 when stuck; v' has
 * the sign of v*); warm (may be NULL) warm-starts an α ≠ 1 Stribeck solve
 * from the previous moving step. */
double fric_elem_a_var_run(const fric_elem_a_var *e, double vstar, fric_warm *warm, int *stuck,
                           double *speed);

/* Model C in two dimensions with the Coulomb-viscous law (eqs. 38, 53, 55).
 * State e[2] [m], f[2] [N]. Returns FRIC_OK, or the status of
 * fric_phi_z_2d (FRIC_E_UNSUPPORTED for another law, ...; f is then NaN). */
typedef struct { double e[2]; double f[2]; } fric_elem_c2;
fric_status fric_elem_c2_step(const fric_law *law, const fric_elem_def *def,
                              fric_elem_c2 *s, const double u[2]);

/* ---------------------------------------------------- friction treatments */

/* How a simulated system takes its friction: the one list of treatments
 * (each scenario offers a subset, in its own order, as its `friction`
 * choice; the names are the choice names of the CLI and the UI).
 *   IMPLICIT    the exact implicit step through Φ_Z: Kikuuwe's element of the
 *               system (A, eq. 26; C, eq. 38; or the system's own implicit step)
 *   APPROX      the same element with Kikuuwe's approximation Φ̂_Z (eq. 46)
 *   IMPLICIT_D  Kikuuwe's element D (eq. 45): inertia, compliance and
 *               friction in one implicit step
 *   CLIP        Duclusaud & Passault Algorithm 1: the friction-free stopping
 *               force clipped to the budget at the start-of-step velocity
 *   EXPLICIT    f = Φ(v of the previous step) (forward Euler, Kikuuwe §II-A)
 *   KARNOPP     Karnopp's zero-velocity band ±eps (Kikuuwe eq. 3) */
typedef enum {
    FRIC_TREATMENT_IMPLICIT = 0,
    FRIC_TREATMENT_APPROX = 1,
    FRIC_TREATMENT_IMPLICIT_D = 2,
    FRIC_TREATMENT_CLIP = 3,
    FRIC_TREATMENT_EXPLICIT = 4,
    FRIC_TREATMENT_KARNOPP = 5,
    FRIC_N_TREATMENTS = 6
} fric_treatment;

/* The names as string literals, for static choice tables:
 * FRIC_TREATMENT_NAME(CLIP) is "clip". */
#define FRIC_TREATMENT_NAME_IMPLICIT "implicit"
#define FRIC_TREATMENT_NAME_APPROX "approx"
#define FRIC_TREATMENT_NAME_IMPLICIT_D "implicit-d"
#define FRIC_TREATMENT_NAME_CLIP "clip"
#define FRIC_TREATMENT_NAME_EXPLICIT "explicit"
#define FRIC_TREATMENT_NAME_KARNOPP "karnopp"
#define FRIC_TREATMENT_NAME(id) FRIC_TREATMENT_NAME_##id

/* A scenario's subset, written once as a list X(IMPLICIT) X(CLIP) …, gives
 * both its array of fric_treatment and its choice names in the same order:
 *   #define OFFERED(X) X(IMPLICIT) X(APPROX)
 *   static const fric_treatment offered[] = { OFFERED(FRIC_TREATMENT_ITEM) };
 *   static const char *const names[] = { OFFERED(FRIC_TREATMENT_NAME_ITEM) }; */
#define FRIC_TREATMENT_ITEM(id) FRIC_TREATMENT_##id,
#define FRIC_TREATMENT_NAME_ITEM(id) FRIC_TREATMENT_NAME(id),

/* One line of help per treatment, as string literals, written once: every
 * scenario's `friction` choice help takes them, a scenario adding where
 * needed a clause of its own by literal concatenation (which element its
 * implicit step is, what its clip's bound is):
 *   FRIC_TREATMENT_HELP(IMPLICIT) "; here element A (Kikuuwe eq. 26)" */
#define FRIC_TREATMENT_HELP_IMPLICIT                                                          \
    "The friction solved together with the end-of-step velocity (implicit Euler, "            \
    "Kikuuwe): stops at zero velocity and stays, without chattering or drift"
#define FRIC_TREATMENT_HELP_APPROX                                                            \
    "The implicit step with Kikuuwe's approximate transform (eq. 46) in place of the exact one"
#define FRIC_TREATMENT_HELP_IMPLICIT_D                                                        \
    "Kikuuwe's element D (eq. 45): inertia, contact compliance and friction in one "          \
    "implicit step"
#define FRIC_TREATMENT_HELP_CLIP                                                              \
    "Duclusaud & Passault Algorithm 1: the friction that would stop the motion in one step, " \
    "clipped to the bound at the start-of-step velocity"
#define FRIC_TREATMENT_HELP_EXPLICIT                                                          \
    "Friction of the previous step's velocity, f = Φ(v_prev) (forward Euler): chatters "     \
    "around zero velocity"
#define FRIC_TREATMENT_HELP_KARNOPP                                                           \
    "Karnopp's model with the zero-velocity band ±eps (Kikuuwe eq. 3): inside the band "     \
    "friction cancels the other forces up to its static level, but the small velocity is "   \
    "kept, so a held body can creep"
#define FRIC_TREATMENT_HELP(id) FRIC_TREATMENT_HELP_##id
/* The help of a list X(IMPLICIT) X(CLIP) … with no clause of the scenario's. */
#define FRIC_TREATMENT_HELP_ITEM(id) FRIC_TREATMENT_HELP(id),

/* Indexed by fric_treatment: the names above, and the help lines above. */
extern const char *const fric_treatment_names[FRIC_N_TREATMENTS];
extern const char *const fric_treatment_help[FRIC_N_TREATMENTS];
/* The name of t, "" out of range. */
const char *fric_treatment_name(fric_treatment t);
/* The treatment called name, −1 if none. */
int fric_treatment_find(const char *name);
/* The index of t in a scenario's subset offered[0 .. n−1] (its choice
 * index), −1 when the subset does not offer t. */
int fric_treatment_index(fric_treatment t, const fric_treatment *offered, int n);
/* The transform an element steps with under t: Kikuuwe's approximation
 * (eq. 46) for FRIC_TREATMENT_APPROX, the exact one (eq. 16) otherwise. */
fric_xform fric_treatment_xform(fric_treatment t);

/* ------------------------------------------------------- naive baselines */
/* What the implicit formulations fix, kept for comparisons (Kikuuwe §II-A).
 * Explicit: f_k = Φ(v_{k−1}), the sign of the previous velocity (forward
 * Euler). Karnopp (Kikuuwe eq. 3): f = Φ(v) if |v| > eps, otherwise the
 * external force h clipped to [−Φ(+0), Φ(+0)]. Both NaN for an invalid law. */
double fric_explicit_force(const fric_law *law, double v_prev);
double fric_karnopp_force(const fric_law *law, double eps, double v, double h);

#ifdef __cplusplus
}
#endif
#endif /* FRICTION_H */
