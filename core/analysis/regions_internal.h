/* regions_internal.h: what the regions*.c files share; not part of the API. */
#ifndef FRIC_REGIONS_INTERNAL_H
#define FRIC_REGIONS_INTERNAL_H

#include "fric_regions.h"

/* A law prepared at one velocity: the budget's pieces with their weights.
 *   servo: b = A + wl·|τe − τm| + |ke·τe − km·τm| + |kes·τe − kms·τm| + Q,
 *          Q = qe·τe² or qm·τm² (M6, opposite signs, |τe| < or > |τm|);
 *   screw: b_σ = A + k·|τe|, k = k1 when σ·τe < 0 (driving), else k2. */
typedef struct {
    int screw;           /* 1 for the screw, 0 for a servo model            */
    int model;           /* servo model 1..6                                */
    double A;            /* load-independent part, incl. viscous  [N·m]     */
    double wl;           /* weight of |τe − τm| (M3, M4)          [-]       */
    double ke, km;       /* |ke·τe − km·τm| (M5, M6)              [-]       */
    double kes, kms;     /* |kes·τe − kms·τm| = s·|K_es·τe − K_ms·τm| [-]   */
    double qe, qm;       /* s·K_eq, s·K_mq (M6)                   [1/(N·m)] */
    double k1, k2;       /* screw ratios at this velocity         [-]       */
} fric__rprep;

/* Fills *pp for a law that passed fric_regions_check. */
void fric__regions_prep(const fric_regions_law *law, double dtheta, fric__rprep *pp);

/* The exact partition of the line (τm, τe) = (m0 + dm·t, e0 + de·t),
 * t ∈ [t0, t1] (t0 < t1, either may be infinite), into spans of t.
 * law valid, (dm, de) ≠ 0. Returns the number of spans written to out
 * (room for FRIC_REGIONS_MAX_SPANS). */
int fric__regions_line(const fric_regions_law *law, double dtheta, const fric__rprep *pp,
                       double m0, double e0, double dm, double de, double t0, double t1,
                       fric_region_span *out);

/* The cut lines a[i]·τm + b[i]·τe = 0 of the prepared law (at most
 * FRIC__REGIONS_MAX_FORMS); returns their number. */
#define FRIC__REGIONS_MAX_FORMS 6
int fric__regions_forms(const fric__rprep *pp, double *a, double *b);

/* The static interval around τe = −τm at tau_m, from the spans there. */
void fric__regions_edges(const fric_region_span *sp, int n, double tau_m,
                         double *lo, double *hi, int *rlo, int *rhi);

/* Messages: cap too small for k items; argument `name` = v must be `what`. */
const char *fric__regions_say_cap(int cap, int k);
const char *fric__regions_say_arg(const char *name, double v, const char *what);

#endif
