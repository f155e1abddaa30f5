/*
 * mujoco_report.c: what `friction mujoco --adopt` prints of an adoption:
 * the report, one line per adopted joint (what it lost and gained, its
 * actuator's new role), MuJoCo's own copy's caution and the notes; and the
 * per-joint table after the run (the robot layer's rows, fric_robot.h).
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "fmt.h"

#ifdef FRIC_HAVE_MUJOCO

#include "mujoco_cli.h"

/* x with 4 significant digits (the report and the table) */
const char *cli_num4(char *buf, double x)
{
    if (x == 0) x = 0;   /* no "-0" */
    snprintf(buf, FMT_DOUBLE_LEN, "%.4g", x);
    return buf;
}

/* The adoption report: one line per joint (robot.js's report()). */
void cli_adopt_report(const mjModel *m, const fric_robot *r, char labels[][CLI_ADOPT_LABEL], const char *unstable)
{
    char b[6][FMT_DOUBLE_LEN];
    int nmap = 0, file = 0;
    const fric_mujoco_map_entry *map = fric_robot_map_entries(r, &nmap);
    const fric_mujoco_adoption *ad = fric_robot_adoption(r);
    if (fric_robot_integrator(r, &file) != file)
        printf("the model's integrator %s is Euler in the adopted copy (the implicit friction predicts MuJoCo's "
               "Euler step)\n", fric_robot_integrator_name(file) ? fric_robot_integrator_name(file) : "?");
    for (int i = 0; i < ad->n; i++) {
        const fric_mujoco_adopted *a = &ad->a[i];
        const fric_mujoco_map_entry *e = &map[a->entry];
        printf("%s: %s (%s%s=%s); removed frictionloss %s N·m, damping %s N·m·s/rad; armature %s kg·m² ",
               ad->defs[i].joint, labels[a->entry], e->kind == FRIC_MUJOCO_MAP_CLASS ? "class:" : "",
               e->kind == FRIC_MUJOCO_MAP_ALL ? "*" : e->target, e->servo, cli_num4(b[0], a->removed_frictionloss),
               cli_num4(b[1], a->removed_damping), cli_num4(b[2], a->armature));
        if (a->armature_kept) printf("(the file's, kept)");
        else printf("(the servo's; the file had %s)", cli_num4(b[0], a->armature_file));
        if (a->act >= 0 && !a->act_goal) {
            /* a speed's or a gain's ctrl is no goal angle (web/src/i18n: robot.report.actSpeed, actDamper) */
            const char *an = mj_id2name(m, mjOBJ_ACTUATOR, a->act);
            if (a->act_kind == FRIC_MUJOCO_ACT_DAMPER)
                printf("; actuator %s%s%sdamper (kv %s N·m·s/rad) off: its ctrl scales a damping, which the servo's "
                       "K_v replaces; the servo holds the goal set here (the start angle until set)\n",
                       an ? "'" : "", an ? an : "", an ? "' " : "", cli_num4(b[0], a->act_kv));
            else
                printf("; actuator %s%s%s%s (kp %s, kv %s) off: its ctrl is a speed, not a goal angle; the servo "
                       "holds the goal set here (the start angle until set)\n", an ? "'" : "", an ? an : "",
                       an ? "' " : "", fric_mujoco_act_names[a->act_kind], cli_num4(b[0], a->act_kp), cli_num4(b[1], a->act_kv));
        } else if (a->act >= 0) {
            const char *an = mj_id2name(m, mjOBJ_ACTUATOR, a->act);
            printf("; actuator %s%s%s%s (kp %s, kv %s, forcerange %s…%s N·m) is now the goal source, its force "
                   "off", an ? "'" : "", an ? an : "", an ? "' " : "", fric_mujoco_act_names[a->act_kind],
                   cli_num4(b[0], a->act_kp), cli_num4(b[1], a->act_kv), cli_num4(b[2], a->act_force_lo),
                   cli_num4(b[3], a->act_force_hi));
            if (a->gear != 1)   /* robot.report.gear */
                printf("; through its gear %s: goal = ctrl / %s, torque on the joint = %s × the servo's",
                       cli_num4(b[0], a->gear), cli_num4(b[1], a->gear), cli_num4(b[2], a->gear));
            const fric_mujoco_joint_def *d = &ad->defs[i];
            if (d->goal_lo < d->goal_hi)
                printf(", goal clamped to its ctrlrange [%s, %s] rad", cli_num4(b[4], d->goal_lo), cli_num4(b[5], d->goal_hi));
            putchar('\n');
        } else {
            printf("; no actuator: the goal is set here (--goal)\n");
        }
    }
    for (int i = 0; i < ad->nnat; i++) {
        /* a native joint: MuJoCo's own servo, the file's values as the model has them (every digit) */
        const fric_mujoco_adopted *a = &ad->nat[i];
        const fric_native_edit *e = &ad->nat_set[i];
        const fric_mujoco_map_entry *en = &map[a->entry];
        const char *an = mj_id2name(m, mjOBJ_ACTUATOR, a->act);
        char c[10][FMT_DOUBLE_LEN];
        printf("%s: %s (%s%s=%s); MuJoCo's native servo runs it, the core steps nothing for it: frictionloss %s "
               "N·m, damping %s N·m·s/rad, armature %s kg·m²%s (the file had %s, %s, %s); actuator %s%s%s(the "
               "file's %s) is now a position of kp %s N·m/rad, kv %s N·m·s/rad, ",
               mj_id2name(m, mjOBJ_JOINT, a->joint), labels[a->entry], en->kind == FRIC_MUJOCO_MAP_CLASS ? "class:" : "",
               en->kind == FRIC_MUJOCO_MAP_ALL ? "*" : en->target, en->servo, fmt_double(c[0], e->frictionloss),
               fmt_double(c[1], e->damping), fmt_double(c[2], e->armature), a->armature_kept ? " (the file's, kept)" : "",
               cli_num4(b[0], a->removed_frictionloss), cli_num4(b[1], a->removed_damping), cli_num4(b[2], a->armature_file),
               an ? "'" : "", an ? an : "", an ? "' " : "", fric_mujoco_act_names[a->act_kind], fmt_double(c[3], e->kp),
               fmt_double(c[4], e->kv));
        if (e->limited) printf("forcerange %s…%s N·m", fmt_double(c[5], e->forcerange[0]), fmt_double(c[6], e->forcerange[1]));
        else printf("no force limit");
        printf("; solreffriction %s %s, solimpfriction %s %s %s %s %s\n", fmt_double(c[0], e->solref[0]),
               fmt_double(c[1], e->solref[1]), fmt_double(c[2], e->solimp[0]), fmt_double(c[3], e->solimp[1]),
               fmt_double(c[4], e->solimp[2]), fmt_double(c[5], e->solimp[3]), fmt_double(c[6], e->solimp[4]));
    }
    fputs(unstable, stdout);   /* MuJoCo's own copy at this step (fric_robot_step_caution) */
    /* the notes: a tendon, an equality, a joint passed over (the core's sentences, every door's) */
    char note[1024];
    for (int k = 0; fric_robot_note(r, k, note, sizeof note) > 0; k++) printf("%s\n", note);
    if (ad->nskip > FRIC_MUJOCO_MAX_JOINTS)
        printf("%d more joints skipped\n", ad->nskip - FRIC_MUJOCO_MAX_JOINTS);
}

/* The per-joint table after the run (fric_robot_row_of, copy C; a native
 * joint's torques MuJoCo's: its actuator force and its dof's friction
 * rows, mjCNSTR_FRICTION_DOF, alone). */
void cli_adopt_table(const fric_robot *r, const mjModel *m, const mjData *d, char labels[][CLI_ADOPT_LABEL])
{
    char b[4][FMT_DOUBLE_LEN];
    const int rows = fric_robot_rows(r);
    static double fric[FRIC_MUJOCO_MAX_JOINTS * 8];
    double *friction = m->nv <= (int)(sizeof fric / sizeof fric[0]) ? fric : NULL;
    for (int v = 0; friction && v < m->nv; v++) friction[v] = 0;
    for (int k = 0; friction && k < d->nefc; k++)
        if (d->efc_type[k] == mjCNSTR_FRICTION_DOF) friction[d->efc_id[k]] += d->efc_force[k];
    int wj = cli_width("joint"), ws = cli_width("servo");
    for (int i = 0; i < rows; i++) {
        const fric_mujoco_adopted *a = fric_robot_adopted(r, i, NULL);
        if (cli_width(mj_id2name(m, mjOBJ_JOINT, a->joint)) > wj) wj = cli_width(mj_id2name(m, mjOBJ_JOINT, a->joint));
        if (cli_width(labels[a->entry]) > ws) ws = cli_width(labels[a->entry]);
    }
    static const char *const head[5] = { "state", "sag [mrad]", "creep [mrad/s]", "τm [N·m]", "τf [N·m]" };
    static const int width[5] = { 7, 12, 16, 12, 0 };
    cli_pad(stdout, "joint", wj + 2);
    cli_pad(stdout, "servo", ws + 2);
    for (int c = 0; c < 5; c++) cli_pad(stdout, head[c], width[c]);
    putchar('\n');
    for (int i = 0; i < rows; i++) {
        fric_robot_row row;
        const fric_mujoco_adopted *a = fric_robot_adopted(r, i, NULL);
        fric_robot_row_of(r, i, 1, d->qpos, d->qvel, d->qfrc_actuator, friction ? friction : d->qfrc_constraint, &row);
        cli_pad(stdout, mj_id2name(m, mjOBJ_JOINT, a->joint), wj + 2);
        cli_pad(stdout, labels[a->entry], ws + 2);
        /* a number below FRIC_ROBOT_PRINT_ZERO (its column's unit) is rounding: printed 0 */
        double v[4] = { row.sag_mrad, row.creep_mrad_s, row.tau_m, row.tau_f };
        for (int c = 0; c < 4; c++)
            if (fabs(v[c]) < FRIC_ROBOT_PRINT_ZERO) v[c] = 0;
        const char *cell[5] = { row.stick ? "STICK" : "SLIP", cli_num4(b[0], v[0]), cli_num4(b[1], v[1]), cli_num4(b[2], v[2]),
                                cli_num4(b[3], v[3]) };
        for (int c = 0; c < 5; c++) cli_pad(stdout, cell[c], width[c]);
        putchar('\n');
    }
}

#else
/* ISO C wants a declaration in every file: the build without MuJoCo has no report. */
typedef int cli_mujoco_report_unused;
#endif
