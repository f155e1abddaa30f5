/*
 * recording.c: `friction recording check FILE.csv ...`
 *
 * Reads a robot's recording as the plain CSV `t, goal_<joint>, pos_<joint>`
 * (t [s], angles in the MJCF's radians) with the core's reader and check
 * (fric_recording.h: the same refusals as the page's and the Node tool's
 * LeRobot datasets), and prints what it holds: per file the joints, the
 * frames, the duration and the rate, then per joint the range of its goals
 * and of its measured positions. Every file is read and checked before a
 * line is printed: a bad one gives exit status 2 and an empty stdout.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "fmt.h"

#include "fric_recording.h"

const char cli_recording_usage[] =
    "  friction recording check FILE.csv ...\n"
    "      Reads a robot's recording, a CSV with a header t,goal_<joint>,pos_<joint>,...\n"
    "      (t [s]; goal sent and position measured, in the MJCF's radians; one line a\n"
    "      frame), checks it (finite numbers, increasing timestamps, no frames dropped:\n"
    "      no step over 1.5 nominal periods, the period the mean of the other steps;\n"
    "      both columns of each joint; angles within two turns) and prints per file\n"
    "      its joints, frames, duration [s] and rate [Hz], then per joint the least\n"
    "      and greatest goal and position [rad].\n";

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

int cli_recording(int argc, char **argv)
{
    if (argc < 2 || strcmp(argv[1], "check") != 0)
        return cli_fail(CLI_USAGE, "recording: the command is `friction recording check FILE.csv ...`%s%s%s.",
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
