/*
 * ident_bam.c: `friction ident --model m1|m4`, each joint identified as
 * bam's servo (fric_ident_bam.h) on the training set cli/ident.c built: the
 * parameters with their ranges and what the data cannot tell, the MAE of
 * each joint's simulation (the other joints' measured motion as input) on
 * every recording, and with --out a params file per joint in the format of
 * bam's M1..M6 files (fric_fit_params_file, MuJoCo's integrator, and the
 * firmware gain the fit ran at as the bench's "kp": what `friction mujoco
 * --adopt` reads).
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cli.h"
#include "fmt.h"
#include "ident_cli.h"

#include "fric_ident_bam.h"

/* The parameters shown, in this order, where the model uses them. */
static const int shown[] = { FRIC_FIT_KT, FRIC_FIT_R, FRIC_FIT_ARMATURE, FRIC_FIT_K_C, FRIC_FIT_K_L,
                             FRIC_FIT_K_CS, FRIC_FIT_K_LS, FRIC_FIT_DTHETA_S, FRIC_FIT_ALPHA, FRIC_FIT_K_V };

/* The per-joint simulation's MAE of joint j on every recording of set [rad]. */
static double set_mae(const fric_ident_set *set, const fric_fit_target *t, int j, const double *p)
{
    return set ? fric_ident_bam_loss(set, t, j, p) : NAN;
}

static int write_bam_params(const cli_ident_bam_args *a, const fric_recording *r0, const fric_ident_bam_result *res,
                            const double *held_mae)
{
    if (!a->out) return CLI_OK;
    struct stat st;
    if (stat(a->out, &st) != 0 && mkdir(a->out, 0777) != 0)
        return cli_fail(CLI_USAGE, "ident: --out %s cannot be created (%s).", a->out, strerror(errno));
    if (stat(a->out, &st) != 0 || !S_ISDIR(st.st_mode)) return cli_fail(CLI_USAGE, "ident: --out %s is not a folder.", a->out);
    for (int j = 0; j < r0->joints; j++) {
        if (a->leave[j]) continue;
        char path[4096];
        snprintf(path, sizeof path, "%s/%s.json", a->out, r0->name[j]);
        fric_io_params_fit meta = { .train_mae = res[j].train_mae, .holdout_mae = held_mae[j],
                                    .logs = (size_t)a->ntrain, .evaluations = res[j].evals };
        fric_io_params_file pf;
        const char *why = NULL;
        if (fric_fit_params_file(a->actuator, a->model, res[j].p, FRIC_BENCH_INTEGRATOR_MUJOCO, &meta, &pf, &why))
            return cli_core_fail(CLI_RUNTIME, "ident", NULL, why);
        /* the firmware gain the fit ran at: the bench's "kp", which the
           params file's readers take (an adopter would otherwise run the
           actuator's default gain) */
        fric_io_params_carry carry;
        fric_io_params_carry_clear(&carry);
        char kp[FMT_DOUBLE_LEN];
        fric_io_error err;
        if (fric_io_params_carry_add(&carry, "kp", fmt_double(kp, a->firmware_kp), path, &err))
            return cli_fail(CLI_RUNTIME, "ident: %s", err.message);
        pf.carry = &carry;
        char text[8192];
        size_t len = 0;
        if (fric_io_params_write(&pf, text, sizeof text, &len))
            return cli_core_fail(CLI_RUNTIME, "ident", NULL, fric_status_last().message);
        int rc = cli_write_file("ident", path, text, len);
        if (rc) return rc;
    }
    return CLI_OK;
}

int cli_ident_bam(const cli_ident_bam_args *a, const fric_ident_set *train, const fric_ident_set *held)
{
    const fric_recording *r0 = a->r0;
    const char *why = NULL;
    fric_fit_target t;
    if (fric_ident_bam_target(a->actuator, a->model, &t, &why)) return cli_core_fail(CLI_USAGE, "ident", NULL, why);
    fric_ident_bam_result *res = calloc(FRIC_REC_MAX_JOINTS, sizeof *res);
    double held_mae[FRIC_REC_MAX_JOINTS];
    if (!res) return cli_fail(CLI_RUNTIME, "ident: out of memory.");
    int rc = CLI_OK;
    for (int j = 0; j < r0->joints && !rc; j++) {
        held_mae[j] = NAN;
        if (a->leave[j]) continue;
        fprintf(stderr, "ident: fitting %s (M%d) ...\n", r0->name[j], a->model);
        if (fric_ident_bam_joint(train, a->actuator, &t, j, a->budget, 1, &res[j], &why))
            rc = cli_core_fail(CLI_RUNTIME, "ident", NULL, why);
        else held_mae[j] = set_mae(held, &t, j, res[j].p);
    }
    if (!rc) rc = write_bam_params(a, r0, res, held_mae);
    if (!rc) {
        printf("ident %s: %d joints, bam's M%d servo (%s at firmware gain %g, %g V)\n", a->mjcf, r0->joints, a->model,
               a->actuator, a->firmware_kp, t.servo.vin_default);
        for (int i = 0; i < a->ntrain + a->nheld; i++)
            printf("    %s %s: %zu frames, %zu stale goals repaired\n", i < a->ntrain ? "train" : "held-out", a->path[i],
                   a->frames[i], a->stale[i]);
        for (int j = 0; j < r0->joints; j++) {
            if (a->leave[j]) {
                printf("%s: left out (the MJCF's own parameters)\n", r0->name[j]);
                continue;
            }
            const fric_ident_bam_result *x = &res[j];
            printf("%s: %ld evaluations, effective gain %.5g N·m/rad\n", r0->name[j], x->evals, x->gain);
            for (size_t s = 0; s < sizeof shown / sizeof shown[0]; s++) {
                const int i = shown[s];
                if (!fric_fit_param_used(a->model, i)) continue;
                if (x->free_[i])
                    printf("    %-23s %-10.5g [%.5g, %.5g] %s%s\n", fric_fit_param_key(i), x->p[i], x->lower[i],
                           x->upper[i], fric_fit_param_unit(i), x->param_flags[i] ? "  not identifiable" : "");
                else
                    printf("    %-23s %-10.5g held %s\n", fric_fit_param_key(i), x->p[i], fric_fit_param_unit(i));
            }
            for (int f = 0; f < FRIC_IDENT_N_FLAGS; f++)
                if (x->verdict.flags & (1u << f)) printf("    - %s\n", fric_ident_flag_text(f));
        }
        printf("MAE of each joint's simulation, the other joints' measured motion as input [mrad] (one count = "
               "%.3f mrad)\n", FRIC_IDENT_COUNT * 1e3);
        printf("    %-14s %-9s %10s %8s\n", "joint", "set", "M1/M4", "counts");
        for (int j = 0; j < r0->joints; j++) {
            if (a->leave[j]) continue;
            const double v[2] = { res[j].train_mae, held_mae[j] };
            for (int i = 0; i < 2; i++)
                if (!isnan(v[i]))
                    printf("    %-14s %-9s %10.4f %8.2f\n", r0->name[j], i ? "held-out" : "train", v[i] * 1e3,
                           v[i] / FRIC_IDENT_COUNT);
        }
        rc = cli_finish_output(stdout, "the identification to stdout");
    }
    free(res);
    return rc;
}
