/*
 * recording.c: `friction recording check FILE.csv ...` and
 * `friction recording recipe --mjcf ROBOT.xml --out RECIPE.csv`
 *
 * Reads a robot's recording as the plain CSV `t, goal_<joint>, pos_<joint>`
 * (t [s], angles in the MJCF's radians) with the core's reader and check
 * (fric_recording.h: the same refusals as the page's and the Node tool's
 * LeRobot datasets), and prints what it holds: per file the joints, the
 * frames, the duration and the rate, then per joint the range of its goals
 * and of its measured positions. Every file is read and checked before a
 * line is printed: a bad one gives exit status 2 and an empty stdout.
 *
 * recipe writes the recording recipe (fric_recipe.h) for the joints the
 * MJCF's actuators drive, their ranges read through MuJoCo 2.2.2
 * (fric_mujoco_recipe_joints): the goals as `t,<joint>,...` (the robot
 * player's input) and what the episode is as JSON beside it.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "fmt.h"

#include "fric_recipe.h"
#include "fric_recording.h"

const char cli_recording_usage[] =
    "  friction recording check FILE.csv ...\n"
    "      Reads a robot's recording, a CSV with a header t,goal_<joint>,pos_<joint>,...\n"
    "      (t [s]; goal sent and position measured, in the MJCF's radians; one line a\n"
    "      frame), checks it (finite numbers, increasing timestamps, no frames dropped:\n"
    "      no step over 1.5 nominal periods, the period the mean of the other steps;\n"
    "      both columns of each joint; angles within two turns) and prints per file\n"
    "      its joints, frames, duration [s] and rate [Hz], then per joint the least\n"
    "      and greatest goal and position [rad].\n"
    "  friction recording recipe --mjcf ROBOT.xml --out RECIPE.csv [--seconds S] [--fps F]\n"
    "                            [--segments FILE.json]\n"
    "      Writes the recording recipe for the joints the MJCF's actuators drive (their\n"
    "      ranges read with MuJoCo): a goal episode of about S seconds (120) at F frames\n"
    "      a second (30), from and back to the middle of every range, with holds\n"
    "      approached from above and from below at up to 3 poses, slow sweeps both ways\n"
    "      per joint and a multi-sine; every goal inside its range less a tenth at each\n"
    "      end, at most 0.8 rad/s and 10 rad/s². RECIPE.csv: t,<joint>,... [s, rad];\n"
    "      FILE.json (RECIPE_segments.json by default): its poses and parts.\n";

/* The least and greatest of column j of the frame-major v[n·J]. */
static void range_of(const double *v, size_t n, int J, int j, double *lo, double *hi)
{
    *lo = *hi = v[j];
    for (size_t k = 1; k < n; k++) {
        const double x = v[k * (size_t)J + (size_t)j];
        if (x < *lo) *lo = x;
        if (x > *hi) *hi = x;
    }
}

/* A whole-string finite number. */
static int recipe(int argc, char **argv)
{
    fric_recipe_def def = fric_recipe_default();
    static const cli_opt opts[] = { { "--mjcf", "", NULL }, { "--out", "", NULL }, { "--segments", "", NULL },
                                    { "--seconds", "", "a number" }, { "--fps", "", "a number" } };
    static const cli_opts t = { "recording recipe", opts, 5, NULL, NULL };
    const char *val[5];
    if (cli_opt_values(argc, argv, 2, &t, val)) return CLI_USAGE;
    const char *mjcf = val[0], *out = val[1], *segments = val[2];
    for (int k = 3; k < 5; k++)
        if (val[k] && cli_number(val[k], k == 4 ? &def.fps : &def.seconds)) return cli_opt_bad(&t, k, val[k]);
    if (!mjcf || !out)
        return cli_fail(CLI_USAGE, "recording recipe: give the robot and the file to write: --mjcf ROBOT.xml "
                        "--out RECIPE.csv.");
    char seg[4096];
    if (!segments) {
        const size_t n = strlen(out);
        const int cut = n > 4 && strcmp(out + n - 4, ".csv") == 0 ? 4 : 0;
        if (snprintf(seg, sizeof seg, "%.*s_segments.json", (int)(n - (size_t)cut), out) >= (int)sizeof seg)
            return cli_fail(CLI_USAGE, "recording recipe: --out %s is too long a path.", cli_shown(out));
        segments = seg;
    }
    int rc = cli_output_path("recording recipe", "--out", out);
    if (!rc) rc = cli_output_path("recording recipe", "--segments", segments);
    if (!rc) rc = cli_mujoco_recipe_joints("recording recipe", mjcf, &def);
    if (rc) return rc;
    fric_recipe *r = fric_recipe_create(&def);
    if (!r) return cli_fail(CLI_USAGE, "recording recipe: %s", fric_status_last().message);
    const size_t nc = fric_recipe_csv(r, NULL, 0), nj = fric_recipe_segments_json(r, &def, NULL, 0);
    char *csv = malloc(nc + 1), *json = malloc(nj + 1);
    if (!csv || !json) rc = cli_fail(CLI_RUNTIME, "recording recipe: out of memory.");
    if (!rc) {
        fric_recipe_csv(r, csv, nc + 1);
        fric_recipe_segments_json(r, &def, json, nj + 1);
        rc = cli_write_file("recording recipe", out, csv, nc);
    }
    if (!rc) rc = cli_write_file("recording recipe", segments, json, nj);
    if (!rc) {
        int holds = 0, sweeps = 0;
        double ms = 0;
        for (int s = 0; s < r->segments; s++) {
            holds += r->segment[s].kind == FRIC_RECIPE_HOLD;
            sweeps += r->segment[s].kind == FRIC_RECIPE_SWEEP;
            if (r->segment[s].kind == FRIC_RECIPE_MULTISINE) ms = r->segment[s].t1 - r->segment[s].t0;
        }
        char d[FMT_DOUBLE_LEN], m[FMT_DOUBLE_LEN];
        printf("recipe %s: %d joints, %zu frames, %s s at %g Hz; %d poses, %d holds, %d sweeps, a %s s "
               "multi-sine; parts in %s\n",
               out, r->joints, r->n, fmt_double(d, (double)(r->n - 1) / r->fps), r->fps, r->poses, holds, sweeps,
               fmt_double(m, ms), segments);
    }
    free(csv);
    free(json);
    fric_recipe_destroy(r);
    return rc ? rc : cli_finish_output(stdout, "the recipe summary to stdout");
}

int cli_recording(int argc, char **argv)
{
    if (argc >= 2 && strcmp(argv[1], "recipe") == 0) return recipe(argc, argv);
    if (argc < 2 || strcmp(argv[1], "check") != 0)
        return cli_fail(CLI_USAGE, "recording: the command is `friction recording check FILE.csv ...` or "
                        "`friction recording recipe --mjcf ROBOT.xml --out RECIPE.csv`%s%s%s.",
                        argc >= 2 ? "; found '" : "", argc >= 2 ? argv[1] : "", argc >= 2 ? "'" : "");
    if (argc < 3) return cli_fail(CLI_USAGE, "recording check: give at least one FILE.csv.");
    const int files = argc - 2;
    fric_recording *rec = calloc((size_t)files, sizeof *rec);
    fric_recording_info *info = calloc((size_t)files, sizeof *info);
    int rc = rec && info ? CLI_OK : cli_fail(CLI_RUNTIME, "recording check: out of memory.");
    for (int f = 0; f < files && rc == CLI_OK; f++) {
        fric_io_error err;
        if (fric_recording_read(argv[f + 2], &rec[f], &info[f], &err) != FRIC_OK)
            rc = cli_fail(CLI_USAGE, "%s", err.message);
    }
    for (int f = 0; f < files && rc == CLI_OK; f++) {
        const fric_recording *r = &rec[f];
        char d[FMT_DOUBLE_LEN], p[FMT_DOUBLE_LEN], hz[FMT_DOUBLE_LEN];
        printf("recording %s: %d joints, %zu frames, %s s, %s Hz (period %s s)\n", argv[f + 2], r->joints,
               r->n, fmt_double(d, info[f].duration), fmt_double(hz, info[f].rate),
               fmt_double(p, info[f].period));
        int w = 5;
        for (int j = 0; j < r->joints; j++)
            if ((int)strlen(r->name[j]) > w) w = (int)strlen(r->name[j]);
        printf("    %-*s  %-24s  %-24s  %-24s  %s\n", w, "joint", "goal min [rad]", "goal max [rad]",
               "pos min [rad]", "pos max [rad]");
        for (int j = 0; j < r->joints; j++) {
            double glo, ghi, plo, phi;
            range_of(r->goal, r->n, r->joints, j, &glo, &ghi);
            range_of(r->pos, r->n, r->joints, j, &plo, &phi);
            char a[FMT_DOUBLE_LEN], b[FMT_DOUBLE_LEN], c[FMT_DOUBLE_LEN], e[FMT_DOUBLE_LEN];
            printf("    %-*s  %-24s  %-24s  %-24s  %s\n", w, r->name[j], fmt_double(a, glo), fmt_double(b, ghi),
                   fmt_double(c, plo), fmt_double(e, phi));
        }
    }
    for (int f = 0; rec && f < files; f++) fric_recording_destroy(&rec[f]);
    free(rec);
    free(info);
    return rc == CLI_OK ? cli_finish_output(stdout, "the recording summary to stdout") : rc;
}
