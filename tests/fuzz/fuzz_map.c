/*
 * fuzz_map.c: libFuzzer target, the robot layer's mapping parser
 * (fric_mujoco_map_parse, core/adapter/adapter_adopt.c: `friction mujoco
 * --adopt MAP`, the page's and tools/robot.mjs's mapping text) and
 * fric_robot_map, which parses into a robot's handle.
 *
 * The input: one byte cap (0..FRIC_MUJOCO_MAP_MAX + 1), then the text (any
 * bytes; a NUL ends it, as in C). The entries go into an array of exactly
 * cap entries (ASan sees a write past it). Invariants (abort() on a failure):
 *   - accepted or refused with a sentence starting "adopt: ", *n = 0 then;
 *   - accepted: 1 <= n <= cap; each entry's target and servo are
 *     NUL-terminated strings, the servo non-empty, the target non-empty
 *     unless the entry is '*' (then ""); neither starts or ends with a
 *     blank, neither holds ',' ';' or a line break, the target no '=';
 *     no two entries have the same kind and target;
 *   - round trip: the entries written back as "TARGET=SERVO" joined by
 *     ',' ("class:" before a class, '*' for all) parse to the same entries;
 *   - fric_robot_map on a robot gives the same answer and entries.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fric_adapter.h"
#include "fric_robot.h"
#include "fric_status.h"
#include "fuzz_input.h"

static int blank(char c)
{
    return c == ' ' || c == '\t' || c == '\r';
}

/* "" when entry e is well formed (the accepted shape above), else what is wrong. */
static const char *entry_problem(const fric_mujoco_map_entry *e)
{
    if (e->kind != FRIC_MUJOCO_MAP_JOINT && e->kind != FRIC_MUJOCO_MAP_CLASS && e->kind != FRIC_MUJOCO_MAP_ALL)
        return "kind";
    if (!memchr(e->target, 0, sizeof e->target) || !memchr(e->servo, 0, sizeof e->servo)) return "not terminated";
    size_t nt = strlen(e->target), ns = strlen(e->servo);
    if (ns == 0) return "empty servo";
    if ((e->kind == FRIC_MUJOCO_MAP_ALL) != (nt == 0)) return "target empty iff not '*'";
    if (blank(e->servo[0]) || blank(e->servo[ns - 1])) return "servo not trimmed";
    if (nt && (blank(e->target[0]) || blank(e->target[nt - 1]))) return "target not trimmed";
    if (strpbrk(e->servo, ",;\n")) return "servo holds a separator";
    if (strpbrk(e->target, ",;\n=")) return "target holds a separator or '='";
    if (e->kind == FRIC_MUJOCO_MAP_JOINT && (strcmp(e->target, "*") == 0 || strncmp(e->target, "class:", 6) == 0))
        return "a joint target that reads as '*' or a class";
    return "";
}

static int same(const fric_mujoco_map_entry *a, const fric_mujoco_map_entry *b, int n)
{
    for (int k = 0; k < n; k++)
        if (a[k].kind != b[k].kind || strcmp(a[k].target, b[k].target) != 0 || strcmp(a[k].servo, b[k].servo) != 0)
            return 0;
    return 1;
}

/* A robot of one hinge, for fric_robot_map. */
static fric_robot *one_joint_robot(void)
{
    static fric_robot *r;
    if (!r) {
        fric_robot_joint j = { "j0", NULL, FRIC_MUJOCO_JNT_HINGE, 0, 0, 0, 0, 0, NULL, 0, 0 };
        fric_robot_model m = { 1, 0, 0.002, FRIC_MUJOCO_INT_EULER, { 0, 0, -9.81 } };
        r = fric_robot_create(&m, &j, NULL, NULL);   /* kept for the process (no leak per input) */
    }
    return r;
}

/* The buffers of the input in progress (freed after it, also when a check
 * failed and FUZZ_KEEP_GOING went on). */
static char *text, *back;
static fric_mujoco_map_entry *out, *again;

static void one(const uint8_t *data, size_t size)
{
    int cap = data[0] % (FRIC_MUJOCO_MAP_MAX + 2);
    text = malloc(size);
    memcpy(text, data + 1, size - 1);
    text[size - 1] = '\0';
    out = malloc((size_t)(cap ? cap : 1) * sizeof *out);
    int n = -1;
    const char *why = NULL;
    fric_status rc = fric_mujoco_map_parse(text, out, cap, &n, &why);
    if (!why) FUZZ_FAIL("no sentence (why NULL)");
    if (rc) {
        if (n != 0) FUZZ_FAIL("refused with n = %d", n);
        if (strncmp(why, "adopt: ", 7) != 0) FUZZ_FAIL("refusal without its sentence: '%s'", why);
        if (strcmp(fric_status_last().message, why) != 0) FUZZ_FAIL("the refusal is not recorded: '%s'", why);
    } else {
        if (why[0]) FUZZ_FAIL("accepted with a sentence '%s'", why);
        if (n < 1 || n > cap) FUZZ_FAIL("accepted n = %d, cap %d", n, cap);
        for (int k = 0; k < n; k++) {
            const char *p = entry_problem(&out[k]);
            if (p[0]) FUZZ_FAIL("entry %d: %s", k + 1, p);
            for (int i = 0; i < k; i++)
                if (out[i].kind == out[k].kind && strcmp(out[i].target, out[k].target) == 0)
                    FUZZ_FAIL("entries %d and %d have the same target '%s'", i + 1, k + 1, out[k].target);
        }
        /* the round trip */
        size_t cap_text = (size_t)n * (2 * FRIC_MUJOCO_NAME_MAX + 16) + 1, at = 0;
        back = malloc(cap_text);
        for (int k = 0; k < n; k++)
            at += (size_t)snprintf(back + at, cap_text - at, "%s%s%s=%s", k ? "," : "",
                                   out[k].kind == FRIC_MUJOCO_MAP_CLASS ? "class:" : "",
                                   out[k].kind == FRIC_MUJOCO_MAP_ALL ? "*" : out[k].target, out[k].servo);
        again = malloc((size_t)n * sizeof *again);
        int n2 = -1;
        if (fric_mujoco_map_parse(back, again, n, &n2, &why) || n2 != n || !same(out, again, n)) {
            fprintf(stderr, "written back: %s\n", back);
            FUZZ_FAIL("the entries written back parse to other entries (%d of %d): %s", n2, n, why);
        }
    }
    /* the robot's door: the same parser, its cap FRIC_MUJOCO_MAP_MAX */
    fric_robot *r = one_joint_robot();
    if (r && cap == FRIC_MUJOCO_MAP_MAX) {
        const char *why2 = NULL;
        fric_status rc2 = fric_robot_map(r, text, &why2);
        int n3 = -1;
        const fric_mujoco_map_entry *e = fric_robot_map_entries(r, &n3);
        if (rc2 != rc || (!rc && (n3 != n || !e || !same(out, e, n))) || (rc && n3 != 0))
            FUZZ_FAIL("fric_robot_map (%d, %d entries) differs from fric_mujoco_map_parse (%d, %d)", (int)rc2, n3,
                      (int)rc, n);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1) return 0;
    one(data, size);
    free(text);
    free(back);
    free(out);
    free(again);
    text = back = NULL;
    out = again = NULL;
    return 0;
}
