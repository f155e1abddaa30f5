/*
 * fmt.h: number formatting for the command-line tool.
 */
#ifndef FRIC_CLI_FMT_H
#define FRIC_CLI_FMT_H

#include <stddef.h>

#include "fric_io.h"

/* Buffer size that holds any output of fmt_double. */
#define FMT_DOUBLE_LEN FRIC_IO_DOUBLE_LEN

/* Writes x with the fewest significant digits (1..17, printf "%.*g") that
 * read back (strtod) as exactly x; "inf", "-inf", "nan" for the others.
 * Returns buf. */
char *fmt_double(char buf[FMT_DOUBLE_LEN], double x);

#endif
