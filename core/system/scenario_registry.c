/*
 * scenario_registry.c: the registry of simulated systems
 * (fric_scenario.h). A test build may replace this file at link time
 * with a registry of its own (tests/cli/fake_scenarios.c).
 */
#include <string.h>

#include "fric_scenario.h"

/* Every scenario, in the order `friction list` prints them. Add a system by
 * defining its fric_scenario in its own file and listing it here. */
extern const fric_scenario fric_scenario_model_a;
extern const fric_scenario fric_scenario_two_contacts;
extern const fric_scenario fric_scenario_models_bd;
extern const fric_scenario fric_scenario_joint_step;
extern const fric_scenario fric_scenario_bench;
extern const fric_scenario fric_scenario_bench_native;
extern const fric_scenario fric_scenario_screw;
extern const fric_scenario fric_scenario_xy_table;
extern const fric_scenario fric_scenario_arm1;
extern const fric_scenario fric_scenario_arm2_ground;
extern const fric_scenario fric_scenario_chain;
extern const fric_scenario fric_scenario_solutions_2dof;
extern const fric_scenario fric_scenario_screw_selflock;
extern const fric_scenario fric_scenario_carriage_screw;
static const fric_scenario *const registry[] = {
    &fric_scenario_model_a,
    &fric_scenario_two_contacts,
    &fric_scenario_models_bd,
    &fric_scenario_joint_step,
    &fric_scenario_bench,
    &fric_scenario_bench_native,
    &fric_scenario_screw,
    &fric_scenario_xy_table,
    &fric_scenario_arm1,
    &fric_scenario_arm2_ground,
    &fric_scenario_chain,
    &fric_scenario_solutions_2dof,
    &fric_scenario_screw_selflock,
    &fric_scenario_carriage_screw,
    NULL /* keeps the array non-empty */
};

int fric_scenario_count(void)
{
    return (int)(sizeof registry / sizeof registry[0]) - 1;
}

const fric_scenario *fric_scenario_at(int i)
{
    return i >= 0 && i < fric_scenario_count() ? registry[i] : NULL;
}

const fric_scenario *fric_scenario_find(const char *name)
{
    for (int i = 0; name && i < fric_scenario_count(); i++)
        if (strcmp(registry[i]->name, name) == 0) return registry[i];
    return NULL;
}

