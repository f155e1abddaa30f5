/*
 * status_expect.c: checks of a failure reported through fric_status.h
 * (status_expect.h), moved from tests/law/test_status.c.
 */
#include "test_main.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "fric_status.h"
#include "status_expect.h"

/* Words a core message must not contain: commands of the CLI and controls
 * of the UI (the CLI and the UI add their own hints). */
static const char *const banned[] = { "friction run", "friction replay", "friction list",
                                      "friction eval", "press", "button", "Set K", "click",
                                      "Reset" };

/* The banned word found in s as a whole word (case-sensitive), or NULL. */
const char *banned_in(const char *s)
{
    for (size_t b = 0; b < sizeof banned / sizeof banned[0]; b++) {
        size_t n = strlen(banned[b]);
        for (const char *p = strstr(s, banned[b]); p; p = strstr(p + 1, banned[b])) {
            int before = p > s && isalpha((unsigned char)p[-1]);
            int after = isalpha((unsigned char)p[n]);
            if (!before && !after) return banned[b];
        }
    }
    return NULL;
}

/* The last failure: code and param as expected, message equal to why and
 * free of banned words. */
void expect_failure(int rc, const char *why, fric_status code, int param)
{
    fric_error e = fric_status_last();
    if (rc != (int)code || e.code != code || e.param != param)
        fail_msg("rc %d (%s), last %s param %d; want %s param %d; message: %s", rc,
                 fric_status_name(rc), fric_status_name(e.code), e.param, fric_status_name(code),
                 param, why);
    assert_non_null(why);
    assert_string_equal(why, e.message);
    assert_true(why[0] != '\0');
    const char *w = banned_in(why);
    if (w) fail_msg("message names '%s': %s", w, why);
}

/* A refusal: rc is code, equal to the recorded code and parameter index,
 * the recorded message names `name` and no banned word. */
void expect_refusal(int rc, fric_status code, int param, const char *name, const char *call)
{
    fric_error e = fric_status_last();
    if (rc != (int)code || e.code != code || e.param != param)
        fail_msg("%s: rc %d (%s), last %s param %d; want %s param %d; message: %s", call, rc,
                 fric_status_name(rc), fric_status_name(e.code), e.param, fric_status_name(code),
                 param, e.message);
    if (!e.message || !strstr(e.message, name))
        fail_msg("%s: the message does not name '%s': %s", call, name,
                 e.message ? e.message : "(null)");
    const char *w = banned_in(e.message);
    if (w) fail_msg("%s: the message names '%s': %s", call, w, e.message);
}

/* Not run from the repository root: a skip, a failure under CI=true. */
void require_repo_root(int found, const char *what)
{
    if (found) return;
    const char *ci = getenv("CI");
    if (ci && strcmp(ci, "true") == 0)
        fail_msg("%s not found from the working directory (CI=true: run from the repository "
                 "root)", what);
    print_message("SKIP: %s not found from the working directory (run from the repository "
                  "root)\n", what);
    skip();
}
