/*
 * mujoco_recipe.c: a robot of MuJoCo 2.2.2 into the recording recipe's
 * definition (fric_recipe.h, MuJoCo-free): the names and ranges of the
 * joints its actuators drive, copied from the compiled model.
 */
#include <stdio.h>

#include "base.h"
#include "fric_mujoco.h"

/* A refusal handed to why; the code it recorded. */
static fric_status fail(const char **why, const char *message)
{
    fric__why(why, message);
    return (fric_status)fric__rc();
}

fric_status fric_mujoco_recipe_joints(const mjModel *m, fric_recipe_def *def, const char **why)
{
    if (!m || !def)
        return fail(why, fric__fail_id(FRIC_E_NULL, -1, "mujoco.recipe_null",
                                            "recipe: the model and the definition must not be NULL.",
                                            fric__no_values));
    def->joints = 0;
    for (int j = 0; j < m->njnt; j++) {
        if (m->jnt_type[j] != mjJNT_HINGE && m->jnt_type[j] != mjJNT_SLIDE) continue;
        int driven = 0;
        for (int a = 0; a < m->nu && !driven; a++)
            driven = m->actuator_trntype[a] == mjTRN_JOINT && m->actuator_trnid[2 * a] == j;
        if (!driven) continue;
        const char *name = m->names + m->name_jntadr[j];
        if (!m->jnt_limited[j])
            return fail(why, fric__fail_id(FRIC_E_PARAM_RANGE, -1, "mujoco.recipe_unlimited",
                                                "recipe: joint {name} has no range in the MJCF; give it "
                                                "one (limited=\"true\" range=\"lo hi\"): the recipe keeps "
                                                "every goal inside it.",
                                                fric__values(fric__sn("name", 63, name))));
        if (def->joints == FRIC_REC_MAX_JOINTS)
            return fail(why, fric__fail_id(FRIC_E_PARAM_RANGE, -1, "mujoco.recipe_joints",
                                                "recipe: the model drives more than {max} joints.",
                                                fric__values(fric__i("max", FRIC_REC_MAX_JOINTS))));
        const int i = def->joints++;
        snprintf(def->name[i], sizeof def->name[i], "%s", name);
        def->lo[i] = m->jnt_range[2 * j];
        def->hi[i] = m->jnt_range[2 * j + 1];
    }
    if (def->joints == 0)
        return fail(why, fric__fail_id(FRIC_E_PARAM_RANGE, -1, "mujoco.recipe_none",
                                            "recipe: no actuator of the model drives a hinge or slide "
                                            "joint; a recipe is made for the joints the servos drive.",
                                            fric__no_values));
    return FRIC_OK;
}
