/* dupont_internal.h: what the dupont family's systems share, private to
 * core/system/dupont; not part of the API. */
#ifndef FRIC_DUPONT_INTERNAL_H
#define FRIC_DUPONT_INTERNAL_H

#include "friction.h"

/* The checks the screw drive and the X-Y table share: the time step h [s]
 * finite and > 0, the treatment one of implicit, clip, explicit, karnopp,
 * Karnopp's threshold eps finite and >= 0 (in eps_unit: "rad/s", "m/s").
 * NULL when they pass, else the message (fric__say, base.h). */
const char *fric__dupont_step_check(double h, fric_treatment treatment, double eps,
                                    const char *eps_unit);

#endif
