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

/* The adoption report: one line per joint, the core's pieces
 * (fric_robot_report, the page's too) joined by "; ". */
void cli_adopt_report(const fric_robot *r, char labels[][CLI_ADOPT_LABEL], const char *unstable)
{
    int file = 0;
    const fric_mujoco_adoption *ad = fric_robot_adoption(r);
    if (fric_robot_integrator(r, &file) != file)
        printf("the model's integrator %s is Euler in the adopted copy (the implicit friction predicts MuJoCo's "
               "Euler step)\n", fric_robot_integrator_name(file) ? fric_robot_integrator_name(file) : "?");
    char piece[1024];
    for (int i = 0; i < fric_robot_rows(r); i++) {
        const char *label = labels[fric_robot_adopted(r, i, NULL)->entry];
        for (int k = 0; fric_robot_report(r, i, k, label, piece, sizeof piece) > 0; k++)
            printf("%s%s", k ? "; " : "", piece);
        putchar('\n');
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
