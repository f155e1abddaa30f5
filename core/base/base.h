/*
 * base.h: what every stage of the core uses, private to the core (each
 * stage compiles with -Icore/base; clients never see it):
 *   - the error channel of fric_status.h: fric__fail and its kin record a
 *     failure on this thread (status.c);
 *   - fric__sgn and the velocity-reversal count;
 *   - dense linear algebra on small row-major square matrices: one Cholesky,
 *     one Gaussian elimination, one symmetric eigen-solver (linalg.c);
 *   - the random numbers: splitmix64 and xoshiro256** (rng.c);
 *   - formatted text appended to a caller's buffer (text.c).
 * Nothing here allocates.
 */
#ifndef FRIC_BASE_H
#define FRIC_BASE_H

#include <stddef.h>
#include <stdint.h>

#include "fric_status.h"

/* ------------------------------------------------------------- errors */

#if defined(__GNUC__)
#define FRIC__PRINTF(f, a) __attribute__((format(printf, f, a)))
#else
#define FRIC__PRINTF(f, a)
#endif

/* Records a failure on this thread (fric_status_last): its code, the index
 * of the parameter at fault (−1: none in particular) and the message,
 * formatted into the per-thread buffer every `why` hands out; returns the
 * buffer. An argument may be the previous message. */
const char *fric__fail(fric_status code, int param, const char *fmt, ...) FRIC__PRINTF(3, 4);

/* One named value of a core sentence (fric__fail_id, fric__sentence): its
 * name and its value, of one of a few types, each written once as its
 * constructor says:
 *   fric__g(name, x)        double, "%g"
 *   fric__gp(name, p, x)    double, "%.<p>g"
 *   fric__fp(name, p, x)    double, "%.<p>f"
 *   fric__i(name, x)        any signed integer (long long), "%lld"
 *   fric__u(name, x)        any unsigned integer (size_t, …), "%llu"
 *   fric__s(name, s)        a string, "%s"
 *   fric__sn(name, n, s)    at most n bytes of s, "%.<n>s"
 * A sentence's values are fric__values(v, …) (a compound literal and its
 * count, for the two parameters n, v), or fric__no_values. */
typedef enum { FRIC__V_G, FRIC__V_F, FRIC__V_I, FRIC__V_U, FRIC__V_S } fric__value_type;
typedef struct {
    const char *name;
    fric__value_type type;
    int prec;              /* digits of G and F, bytes of S; −1: printf's default */
    union { double g; long long i; unsigned long long u; const char *s; } v;
} fric__value;
#define fric__g(name, x)     ((fric__value){ (name), FRIC__V_G, -1, { .g = (x) } })
#define fric__gp(name, p, x) ((fric__value){ (name), FRIC__V_G, (p), { .g = (x) } })
#define fric__fp(name, p, x) ((fric__value){ (name), FRIC__V_F, (p), { .g = (x) } })
#define fric__i(name, x)     ((fric__value){ (name), FRIC__V_I, -1, { .i = (x) } })
#define fric__u(name, x)     ((fric__value){ (name), FRIC__V_U, -1, { .u = (x) } })
#define fric__s(name, x)     ((fric__value){ (name), FRIC__V_S, -1, { .s = (x) } })
#define fric__sn(name, n, x) ((fric__value){ (name), FRIC__V_S, (n), { .s = (x) } })
#define fric__values(...)                                                                    \
    (int)(sizeof((const fric__value[]){ __VA_ARGS__ }) / sizeof(fric__value)),             \
        (const fric__value[]) { __VA_ARGS__ }
#define fric__no_values 0, (const fric__value *)NULL

/* fric__fail with the message given as a sentence with an id and named
 * values (fric_error.id and .values): id a stable name of the sentence
 * ("law.eq15_drop"), text its English with a {name} for each value
 * ("the {law} law falls with slope -{slope} N·s/m"; a {word} naming no
 * value stays as it is), v[n] the values (fric__values(...)). Each value is
 * written once; the message is text with each {name} replaced by its
 * value's text, and the values are recorded as those texts. The page's
 * string tables have the key core.<id> per id, its English entry equal to
 * text (tests/web/core_sentences.test.mjs). At most FRIC__MAX_VALUES values
 * (the rest are left out). */
#define FRIC__MAX_VALUES 12
const char *fric__fail_id(fric_status code, int param, const char *id, const char *text,
                          int n, const fric__value *v);

/* A text writer's sentence: writes it (text and values as fric__fail_id's)
 * to buf[size] as snprintf would (truncated, NUL-terminated when size > 0;
 * returns the length it needs) and records its id and named values, for
 * fric_sentence_last. fric__no_sentence: the call wrote none. */
size_t fric__sentence(char *buf, size_t size, const char *id, const char *text, int n,
                      const fric__value *v);
void fric__no_sentence(void);

/* fric__say(fmt, …): fric__fail(FRIC_E_PARAM_RANGE, −1, fmt, …), a value
 * outside what the model accepts, no single parameter index to name. */
#define fric__say(...) fric__fail(FRIC_E_PARAM_RANGE, -1, __VA_ARGS__)
/* fric__say_id(id, text, values): fric__fail_id(FRIC_E_PARAM_RANGE, −1, id,
 * text, values), the same with a sentence id. */
#define fric__say_id(id, ...) fric__fail_id(FRIC_E_PARAM_RANGE, -1, (id), __VA_ARGS__)
/* fric__fail_door(code, param, door, id, text, values): fric__fail_id of a
 * sentence said at a door of the core ("adopt: ", "mujoco: ", "replay: "):
 * the message is door followed by the sentence, and the door is recorded as
 * its prefix (fric_error.prefix), so that a user interface naming the door
 * in its own words shows the sentence after it. fric__say_door(door, id,
 * text, values): the same with FRIC_E_PARAM_RANGE and no parameter. */
const char *fric__fail_door(fric_status code, int param, const char *door, const char *id,
                            const char *text, int n, const fric__value *v);
#define fric__say_door(door, id, ...) fric__fail_door(FRIC_E_PARAM_RANGE, -1, (door), (id), __VA_ARGS__)
/* fric__fail_around(code, param, fmt, …): fric__fail of a message around
 * the last failure's (a prefix before it, "replay: <the log's sentence>"):
 * its sentence id and values are kept when the new message ends with the
 * old one (fric__reword, fric__fail_wrap). */
#define fric__fail_around(code, param, ...) fric__fail_wrap((code), (param), fric__reword(__VA_ARGS__))

/* Rewrites the message (e.g. prefixes the system's name), keeping the code
 * and the parameter of the failure it describes, and its id and values when
 * the new message ends with the old one (the prefix, fric_error.prefix). */
const char *fric__reword(const char *fmt, ...) FRIC__PRINTF(1, 2);

/* Records a failure of code and param whose message is `message`, an outer
 * message around the last failure's sentence ("params SOURCE: key \"K\":
 * <why>"): the sentence's id and values are kept, with the prefix, when
 * message ends with it (as fric__reword), else the failure has no id. */
const char *fric__fail_wrap(fric_status code, int param, const char *message);

/* Sets the parameter index of the last failure (a scenario names its own
 * parameter where an inner check only knew a field). Returns the message. */
const char *fric__at_param(int param);

/* Hands a failure's message to the caller's `why` (may be NULL), the
 * failure recorded either way: fric__why(why, fric__say(…)) records the
 * code the call then returns (fric__rc) also when why is NULL, which
 * `if (why) *why = fric__say(…)` does not (fric_status.h: the code a call
 * returns is the code it records). */
static inline void fric__why(const char **why, const char *message)
{
    if (why) *why = message;
}

/* The code to return for a failure just reported: the last failure's code
 * on this thread, never FRIC_OK (FRIC_E_PARAM_RANGE when nothing was
 * recorded since the last fric_status_clear). */
int fric__rc(void);

/* --------------------------------------------------------------- signs */

/* sgn x: +1, −1, or 0 for ±0 and NaN. */
static inline int fric__sgn(double x) { return (x > 0) - (x < 0); }

/* One velocity sample v for a sign-reversal count: a reversal is a change of
 * sign between two successive nonzero values (exact zeros are skipped, so
 * + 0 − counts once). *last is the sign of the last nonzero value (0 before
 * any) and is updated; returns 1 when v reverses it, else 0. */
static inline int fric__reversal(int *last, double v)
{
    const int s = fric__sgn(v);
    if (s == 0) return 0;
    const int r = *last != 0 && s != *last;
    *last = s;
    return r;
}

/* ------------------------------------------------------ linear algebra */
/* Row-major square matrices, leading dimension n (linalg.c). */

/* In-place Cholesky A = L Lᵀ (lower triangle of A becomes L; the strict upper
 * triangle is left alone). 0, or −1 when a pivot is not > 0 or not finite. */
int fric__chol(int n, double *A);
/* x <- (L Lᵀ)⁻¹ x with the factor of fric__chol. */
void fric__chol_solve(int n, const double *L, double *x);

/* Solves A y = b in place (A destroyed, b becomes y; b may be NULL for the
 * determinant alone) by Gaussian elimination with partial pivoting. *det
 * (may be NULL) = det A. 0, or 1 when a pivot is not above pivot_rel·max|A|
 * (det is then the product so far times that pivot). */
int fric__gauss_solve(int n, double *A, double *b, double *det, double pivot_rel);

/* Symmetric eigen-decomposition A = V·diag(A_ii)·Vᵀ by cyclic Jacobi
 * rotations (Golub & Van Loan §8.5; the rotation of Numerical Recipes §11.1
 * with t = sgn θ/(|θ| + √(θ² + 1))), at most max_sweeps sweeps, stopping
 * when the off-diagonal square sum is <= 1e-30 of the diagonal's. A (n×n,
 * symmetric) is overwritten: its diagonal holds the eigenvalues; V (n×n)
 * receives the eigenvectors as columns. Only +−×÷ and sqrt: the same bits
 * everywhere. */
void fric__jacobi_eigen(int n, double *A, double *V, int max_sweeps);

/* -------------------------------------------------------------- random */

/* splitmix64 (Vigna): the next value of the sequence of state *s (used to
 * expand a seed into xoshiro's state). */
uint64_t fric__splitmix64(uint64_t *s);

/* xoshiro256** 1.0 (Blackman & Vigna): the next value of the state s. */
uint64_t fric__xoshiro256ss(uint64_t s[4]);

/* ---------------------------------------------------------------- text */

/* Text appended to buf[cap] (buf may be NULL with cap 0): len counts every
 * character written so far, also those that did not fit (len >= cap: the
 * buffer holds a truncated, NUL-terminated text when cap > 0). */
typedef struct {
    char *buf;
    size_t cap, len;
} fric__text;

/* Appends like snprintf at o->buf + o->len. */
void fric__put(fric__text *o, const char *fmt, ...) FRIC__PRINTF(2, 3);

#endif /* FRIC_BASE_H */
