/*
 * fuzz_recording.c: libFuzzer target, a robot's recording read from its CSV
 * (core/io/io_recording.c: fric_recording_create_from_csv and the check
 * every door runs, fric_recording_check), the path of `friction recording
 * check` and of the page's core.io.recordingCsv.
 *
 * The input is the CSV text itself. Invariants (abort() on a failure):
 *   - no crash, leak or undefined behaviour (ASan/UBSan), also reading past
 *     nothing: the text is handed over without a NUL;
 *   - a refusal has its sentence ("recording fuzz.csv: …") and a sentence id;
 *   - an accepted recording holds what the check promises, verified here
 *     from its arrays: 1 .. FRIC_REC_MAX_JOINTS distinct non-empty names, at
 *     least FRIC_REC_MIN_FRAMES frames, t strictly increasing, every value
 *     finite and every angle within ±FRIC_REC_ANGLE_MAX, no step over
 *     FRIC_REC_GAP times the info's period;
 *   - written back as CSV with 17 significant digits and read again, it is
 *     accepted with the same names and every value bit for bit.
 * FUZZ_SHOW=1 in the environment prints the refusal or the summary.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fric_recording.h"
#include "fric_status.h"

static void must(int ok, const char *what)
{
    if (!ok) {
        fprintf(stderr, "fuzz_recording: %s\n", what);
        abort();
    }
}

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size);
int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
    char *text = malloc(size ? size : 1);     /* no NUL after it: the reader takes a length */
    if (!text) return 0;
    memcpy(text, data, size);
    fric_recording r;
    fric_recording_info info;
    fric_io_error err;
    fric_status st = fric_recording_create_from_csv(text, size, "fuzz.csv", &r, &info, &err);
    free(text);
    const int show = getenv("FUZZ_SHOW") != NULL;
    if (st != FRIC_OK) {
        must(strncmp(err.message, "recording fuzz.csv: ", 20) == 0, "a refusal without its sentence");
        must(fric_status_last().id[0] != '\0', "a refusal without a sentence id");
        if (show) printf("refused: %s\n", err.message);
        fric_recording_destroy(&r);
        return 0;
    }
    const int J = r.joints;
    must(J >= 1 && J <= FRIC_REC_MAX_JOINTS && r.n >= FRIC_REC_MIN_FRAMES, "counts");
    for (int j = 0; j < J; j++) {
        must(r.name[j][0] != '\0' && memchr(r.name[j], '\0', FRIC_REC_NAME_LEN) != NULL, "a name");
        for (int i = 0; i < j; i++) must(strcmp(r.name[i], r.name[j]) != 0, "a name twice");
    }
    for (size_t k = 0; k < r.n; k++) {
        must(isfinite(r.t[k]) && (k == 0 || r.t[k] > r.t[k - 1]), "t");
        if (k > 0) must(r.t[k] - r.t[k - 1] <= FRIC_REC_GAP * info.period, "a gap");
        for (int j = 0; j < J; j++) {
            const double g = r.goal[k * (size_t)J + (size_t)j], p = r.pos[k * (size_t)J + (size_t)j];
            must(isfinite(g) && isfinite(p) && fabs(g) <= FRIC_REC_ANGLE_MAX && fabs(p) <= FRIC_REC_ANGLE_MAX, "an angle");
        }
    }
    /* the round trip: t, then goal_ and pos_ of each joint */
    size_t cap = 64 + (size_t)J * 2 * (FRIC_REC_NAME_LEN + 8) + r.n * (1 + 2 * (size_t)J) * 28, len = 0;
    char *csv = malloc(cap);
    must(csv != NULL, "memory");
    len += (size_t)snprintf(csv + len, cap - len, "t");
    for (int j = 0; j < J; j++) len += (size_t)snprintf(csv + len, cap - len, ",goal_%s,pos_%s", r.name[j], r.name[j]);
    len += (size_t)snprintf(csv + len, cap - len, "\n");
    for (size_t k = 0; k < r.n; k++) {
        len += (size_t)snprintf(csv + len, cap - len, "%.17g", r.t[k]);
        for (int j = 0; j < J; j++)
            len += (size_t)snprintf(csv + len, cap - len, ",%.17g,%.17g", r.goal[k * (size_t)J + (size_t)j],
                                    r.pos[k * (size_t)J + (size_t)j]);
        len += (size_t)snprintf(csv + len, cap - len, "\n");
    }
    must(len < cap, "the written CSV's size");
    fric_recording b;
    must(fric_recording_create_from_csv(csv, len, "fuzz.csv", &b, NULL, &err) == FRIC_OK, "the written CSV refused");
    must(b.joints == J && b.n == r.n, "the written CSV's counts");
    for (int j = 0; j < J; j++) must(strcmp(b.name[j], r.name[j]) == 0, "the written CSV's names");
    must(memcmp(b.t, r.t, r.n * sizeof *r.t) == 0, "t read back");
    must(memcmp(b.goal, r.goal, r.n * (size_t)J * sizeof *r.goal) == 0, "goal read back");
    must(memcmp(b.pos, r.pos, r.n * (size_t)J * sizeof *r.pos) == 0, "pos read back");
    if (show) printf("accepted: %d joints, %zu frames, %g s at %g Hz\n", J, r.n, info.duration, info.rate);
    fric_recording_destroy(&b);
    free(csv);
    fric_recording_destroy(&r);
    return 0;
}
