/*
 * status_expect.h: checks of a failure reported through fric_status.h, for
 * the cmocka tests of every stage (tests/law/test_status.c,
 * tests/system/test_scenario_status.c).
 */
#ifndef STATUS_EXPECT_H
#define STATUS_EXPECT_H

#include "fric_status.h"

/* The banned word found in s as a whole word (case-sensitive), or NULL.
 * Banned: commands of the CLI and controls of the UI, which a core message
 * must not name (the CLI and the UI add their own hints). */
const char *banned_in(const char *s);

/* The last failure: code and param as expected, message equal to why and
 * free of banned words (fails the running cmocka test otherwise). */
void expect_failure(int rc, const char *why, fric_status code, int param);

/* Calls first, then reads why (an argument list has no evaluation order);
 * `why` is a const char * in the caller's scope. */
#define EXPECT(call, code, param)                 \
    do {                                          \
        int rc_ = (call);                         \
        expect_failure(rc_, why, (code), (param)); \
    } while (0)

/* For a test that reads the repository's sources (run from its root):
 * nothing when found, else a skip on a workstation and a failure under
 * CI=true (CI always runs from the root); what names what was not found. */
void require_repo_root(int found, const char *what);

/* A refusal: rc is code, equal to the recorded code, with the recorded
 * parameter index param, and the recorded message names `name` (the
 * parameter broken) and no banned word; call is the call's text. */
void expect_refusal(int rc, fric_status code, int param, const char *name, const char *call);

/* The call, with one parameter broken, returns code with the parameter
 * index param recorded and a message naming `name` (tests/law/
 * test_refusals.c walks the public headers for one REFUSE of each
 * fric_status call). */
#define REFUSE(call, code, param, name)                           \
    do {                                                          \
        fric_status_clear();                                      \
        int rc_ = (call);                                         \
        expect_refusal(rc_, (code), (param), (name), #call);      \
    } while (0)

#endif
