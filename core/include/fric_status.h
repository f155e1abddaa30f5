/*
 * fric_status.h: the status codes of the whole core API.
 *
 * Every fallible call is typed fric_status: it returns 0 (FRIC_OK) on
 * success and one of these codes otherwise, so `if (rc)` callers keep
 * working, and the code it returns is the code it records. Beside the
 * code, the failing call records on the calling thread which parameter is
 * at fault (its index, or −1 when no single parameter is) and the human
 * message (the same text the call's `why` receives). Messages describe the
 * model, never a command or a control of a user interface: the CLI and the
 * UI add their own hints. tests/law/test_refusals.c walks a refusal of
 * every fric_status call of the public headers and fails on one it lacks.
 *
 * The calls that are not "fallible" in this sense keep an int (or a
 * pointer), each saying so in its header:
 *   - a creation that allocates (fric_cmaes_create, fric_fit_create,
 *     fric_lut_create, fric_lut_create) returns its object, or NULL with the
 *     status recorded (read it with fric_status_last; `why` or info->why
 *     has the message);
 *   - a lookup by name or index (fric_scenario_find, fric_bench_preset_find,
 *     fric_bench_actuator_find, fric_bench_actuator_resolve,
 *     fric_scenario_param_index, ...) answers NULL or −1 for "none": an
 *     answer, not a failure, so it records nothing; so do the predicates
 *     and counts (fric_law_ok, fric_fit_param_used, fric_scenario_count,
 *     fric_fd_unique_test's 1/0/−1, ...);
 *   - a step of a protocol that returns a count or a state (fric_cmaes_ask
 *     and _tell, fric_fit_ask, _tell and _run, fric_scenario's next) keeps
 *     its return and says which value means a failure (−1 or
 *     FRIC_SCENARIO_ERROR), with the status recorded;
 *   - a text writer that returns the length it needs, as snprintf
 *     (fric_mujoco_bench_mjcf): −1 with the status recorded.
 * io (fric_io.h) returns these codes too and keeps its detail (the kind of
 * problem, the field, the log entry, the line and column) in its
 * fric_io_error: FRIC_E_FILE, FRIC_E_LOG_INVALID, FRIC_E_PARAMS_INVALID and
 * FRIC_E_NO_MEMORY are its statuses.
 */
#ifndef FRIC_STATUS_H
#define FRIC_STATUS_H

#ifdef __cplusplus
extern "C" {
#endif

typedef enum {
    FRIC_OK = 0,
    FRIC_E_PARAM_RANGE = 1,   /* a parameter is outside its accepted range (or not finite)   */
    FRIC_E_LAW_INVALID = 2,   /* a friction law's own parameters are inconsistent             */
    FRIC_E_NO_TRANSFORM = 3,  /* Kikuuwe's condition (eq. 15) fails: Φ_Z is not unique       */
    FRIC_E_NONFINITE = 4,     /* a simulation or a result left the finite range              */
    FRIC_E_WORK_LIMIT = 5,    /* the run would take too many steps                           */
    FRIC_E_NO_PRESET = 6,     /* no identified preset gives this value                        */
    FRIC_E_UNKNOWN_NAME = 7,  /* no parameter, choice or item of this name                    */
    FRIC_E_NOT_NUMBER = 8,    /* a text is not a finite number                                */
    FRIC_E_UNSUPPORTED = 9,   /* the operation is not available for this kind/configuration   */
    FRIC_E_NULL = 10,         /* a required pointer is NULL                                   */
    FRIC_E_LOG_INVALID = 11,  /* a recorded log (header or entries) is invalid                */
    FRIC_E_NO_MEMORY = 12,    /* an allocation failed                                         */
    FRIC_E_FILE = 13,         /* a file cannot be opened, read or written                     */
    FRIC_E_PARAMS_INVALID = 14, /* a parameter file (JSON) is invalid                         */
    FRIC_E_BUFFER = 15,       /* the caller's buffer is too small (the size needed is given)  */
    FRIC_STATUS_COUNT = 16
} fric_status;

/* "FRIC_OK", "FRIC_E_PARAM_RANGE", …; "FRIC_E_UNKNOWN_STATUS" out of range. */
const char *fric_status_name(int status);

/* The last failure on this thread: code, parameter index (−1: none in
 * particular; for a scenario, the index into its params[]; for a law, the
 * field index of fric_law_field_name), message and its id and values. FRIC_OK, −1 and "" after
 * fric_status_clear or before any failure. A successful call does not clear
 * it: read it right after the call that failed. */
typedef struct {
    fric_status code;
    int param;
    const char *message;
    /* The message as a code with named values, for a user interface that
     * writes it in another language (the English message stays the CLI's):
     * id names the sentence ("" when it has none: show message), values
     * holds its named values as "name=text" entries separated by
     * FRIC_VALUE_SEP, each text as the message writes it, and the message's
     * first `prefix` bytes precede the sentence (a caller's "name: "). */
    const char *id;
    const char *values;
    int prefix;
} fric_error;
fric_error fric_status_last(void);
void       fric_status_clear(void);

/* The separator of the entries of fric_error.values (ASCII unit separator). */
#define FRIC_VALUE_SEP '\x1f'

/* The id and named values (as fric_error's) of the last sentence a text
 * writer of the core wrote on this thread when it wrote one
 * (fric_fit_rig_caution); id "" when its last call wrote none. */
typedef struct {
    const char *id;
    const char *values;
} fric_sentence;
fric_sentence fric_sentence_last(void);

#ifdef __cplusplus
}
#endif
#endif /* FRIC_STATUS_H */
