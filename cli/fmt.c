/*
 * fmt.c: shortest round-trip formatting of doubles for the tool's output:
 * the core's one formatter (fric_io_format_double, core/io/io_params.c),
 * which also writes the params files.
 */
#include "fmt.h"
#include "fric_io.h"

char *fmt_double(char buf[FMT_DOUBLE_LEN], double x)
{
    return fric_io_format_double(buf, x);
}
