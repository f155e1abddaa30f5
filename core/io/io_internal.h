/* io_internal.h: what the io files share; not part of the API. */
#ifndef FRIC_IO_INTERNAL_H
#define FRIC_IO_INTERNAL_H

#include "fric_io.h"
#include "base.h"

/* Records err as this thread's last failure (fric_status_last: its message,
 * param) with the status of its kind (fric_io.h, "Errors"): FRIC_IO_FILE →
 * FRIC_E_FILE, FRIC_IO_MEMORY → FRIC_E_NO_MEMORY, any other kind →
 * FRIC_E_LOG_INVALID (a log) or FRIC_E_PARAMS_INVALID (params_file = 1).
 * Returns that status. */
fric_status fric__io_status(const fric_io_error *err, int params_file, int param);

/* A refusal of a recorded file (a log, a robot's recording): fills err (a
 * local one when NULL: code, field, entry; line and col 0) and records it
 * with the sentence id, text and values v[n] (fric__fail_id) after the
 * prefix "WHAT SOURCE: " ("WHAT: " when source is NULL or ""); returns its
 * status (FRIC_E_LOG_INVALID, or by the code: fric__io_status). */
fric_status fric__io_fail(fric_io_error *err, fric_io_code code, const char *field, long entry,
                          const char *what, const char *source, const char *id, const char *text,
                          int n, const fric__value *v);

#endif
