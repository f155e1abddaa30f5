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
 * Each scenario lives in its own file, by family (core/system/kikuuwe/
 * kikuuwe_model_a_scn.c, kikuuwe_two_contacts_scn.c, kikuuwe_models_bd_scn.c;
 * core/system/cisneros/cisneros_joint_scn.c); the helpers they share are private
 * to the system stage (core/system/scenario_internal.h, scenario_examples.c).
 * Nothing here allocates.
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

#ifdef __cplusplus
}
#endif
#endif
