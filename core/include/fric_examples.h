/*
 * fric_examples.h: the papers' example systems as scenarios
 * (fric_scenario.h), and the few helpers they share.
 *
 *   model-a       Kikuuwe et al. 2006, Figs. 6-7: a rigid mass on a surface
 *                 (element A) reaching zero velocity / reversing.
 *   two-contacts  Kikuuwe Figs. 9-11: two masses, two frictional contacts,
 *                 two model-C elements, stick-slip under a sinusoidal drive.
 *   models-bd     Kikuuwe Figs. 12-14: models B and D against their
 *                 alternatives built with a delay (model A + compliance,
 *                 model C + mass) under rising stiffness.
 *   joint-step    Cisneros et al., §V (eqs. 50-51, Figs. 12-13): a compliant
 *                 PD-controlled joint with stiction, 0 -> 90 deg step.
 *
 * Each scenario lives in its own file (core/system/ex_model_a.c,
 * ex_two_contacts.c, ex_models_bd.c, ex_joint.c); the helpers below are in
 * ex_common.c. Nothing here allocates.
 */
#ifndef FRIC_EXAMPLES_H
#define FRIC_EXAMPLES_H

#include "friction.h"
#include "fric_scenario.h"

#ifdef __cplusplus
extern "C" {
#endif

extern const fric_scenario fric_scenario_model_a;
extern const fric_scenario fric_scenario_two_contacts;
extern const fric_scenario fric_scenario_models_bd;
extern const fric_scenario fric_scenario_joint_step;

/* ------------------------------------------------ helpers the examples share */

/* The `law` choice: fric_law_names (friction.h), indices equal fric_kind. */
/* One line per law for the parameter's choice_help (the UI's help line). */
extern const char *const fric_ex_law_help[FRIC_N_LAWS];

/* 1 when the transform takes its static branch at x = v* (the element is in
 * static friction): |x| <= Z·Φ(+0) for the exact transform (Kikuuwe eq. 16),
 * |x/Z| <= |Φ(x)| for the approximation (eq. 46). The law must be valid. */
int fric_ex_static(const fric_law *law, fric_xform xform, double Z, double x);

/* Counts sign reversals of a velocity: a reversal is a change of sign
 * between two successive nonzero values (exact zeros are skipped, so
 * + 0 - counts once). Start from {0, 0}. */
typedef struct {
    int last;    /* sign of the last nonzero value: -1, +1, or 0 before any */
    long count;  /* reversals so far                                         */
} fric_ex_reversals;
void fric_ex_reversals_add(fric_ex_reversals *r, double v);

/* Formats fmt (printf-style) followed by ": " and inner into the per-thread
 * message buffer of fric_law_check and returns it; inner may itself point
 * into that buffer (a message from fric_elem_check being wrapped). Keeps the
 * inner failure's fric_status; its parameter index becomes −1. */
const char *fric_ex_wrap(const char *inner, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

/* A parameter a `case` choice fixes: index and the value the figure uses. */
typedef struct { int param; double value; } fric_ex_fixed;

/* Copies p[0 .. sc->n_params-1] to out and writes the n fixed values over
 * it. Fails (with *why naming the parameter, the case and what to do) when
 * the caller set a fixed parameter to something other than its default or
 * the case's own value: such a setting would otherwise be ignored silently. */
int fric_ex_apply_case(const fric_scenario *sc, const double *p, double *out,
                       const char *case_name, const fric_ex_fixed *fixed, int n,
                       const char **why);


#ifdef __cplusplus
}
#endif
#endif
