/*
 * mujoco_files.c: what `friction mujoco` (and `ident --mjcf`, `recipe`)
 * does around MuJoCo 2.2.2's load: the model's files read from disk for
 * the core's MJCF file plan (fric_mjcf_plan: the files a model names,
 * through its includes and compiler folders) and sized before MuJoCo reads
 * them; MuJoCo's warnings and errors as the tool's one-line messages; the
 * recording recipe's joints of a model.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

#ifdef FRIC_HAVE_MUJOCO

#include "fric_recipe.h"
#include "mujoco_cli.h"

/* ------------------------------------------- the MJCF's files before MuJoCo */
/* The files the model names (fric_mjcf_plan, fric_adapter.h: its includes
 * and the assets they name, found by MuJoCo's rules), each sized before it
 * is read (fric_io_open: kind MJCF for a text, asset for an asset; a mesh
 * linked to /dev/zero or a named pipe is refused) and the files together
 * (kind robot, named by the main file as the page and tools/robot.mjs do);
 * the texts fed to the plan, which checks each (fric_mjcf_check_text). A
 * file that is not there is left to MuJoCo (it names it); a file found
 * twice is sized once. 0, or CLI_USAGE (CLI_RUNTIME) with one sentence. */
static int mjcf_read(fric_mjcf_plan *plan, const char *main_name, unsigned long long *total)
{
    fric_mjcf_file m;
    fric_mjcf_plan_file(plan, 0, &m);
    const char *slash = strrchr(m.path, '/');
    const size_t dl = slash ? (size_t)(slash - m.path) + 1 : 0;   /* the main file's folder, as the sentences see */
    for (;;) {
        fric_mjcf_want w;
        if (fric_mjcf_plan_next(plan, &w)) return cli_fail(CLI_USAGE, "%s", fric_status_last().message);
        if (w.done) return 0;
        fric_mjcf_file f;
        fric_mjcf_plan_file(plan, w.index, &f);
        const char *rel = strncmp(w.path, m.path, dl) == 0 ? w.path + dl : w.path;
        char source[FRIC_MJCF_PATH_MAX + 400];
        if (w.text) snprintf(source, sizeof source, "%s", rel);
        else snprintf(source, sizeof source, "%s (<%s %s=\"%.256s\">)", rel, f.tag, f.attr, f.value);
        unsigned long long bytes = 0;
        int rc;
        FILE *in = cli_open_input(w.path, source, w.text ? FRIC_IO_KIND_MJCF : FRIC_IO_KIND_ASSET, &bytes, &rc);
        if (rc) return rc;
        char *text = NULL;
        if (in && w.text) {
            text = malloc((size_t)bytes + 1);
            if (!text) { fclose(in); return cli_fail(CLI_RUNTIME, "mujoco: out of memory reading %s.", w.path); }
            if (fread(text, 1, (size_t)bytes, in) != (size_t)bytes) { free(text); fclose(in); in = NULL; }
        }
        if (!in) {   /* not there: its next place, else MuJoCo names it */
            fric_mjcf_plan_absent(plan);
            continue;
        }
        fclose(in);
        fric_io_error serr;
        *total += bytes;
        if (fric_io_check_size(FRIC_IO_KIND_ROBOT, *total, main_name, &serr) != FRIC_OK) {
            free(text);
            return cli_fail(CLI_USAGE, "%s", serr.message);
        }
        rc = fric_mjcf_plan_feed(plan, w.path, text, (size_t)bytes) ? cli_fail(CLI_USAGE, "%s",
                                                                                fric_status_last().message) : 0;
        free(text);
        if (rc) return rc;
    }
}

/* The model's MJCF (and its includes, and the assets they name) checked
 * and sized before mj_loadXML reads them. */
int cli_mjcf_check(const char *model)
{
    fric_mjcf_plan *plan = NULL;
    if (fric_mjcf_plan_new(&plan)) return cli_fail(CLI_RUNTIME, "mujoco: out of memory reading %s.", model);
    const char *slash = strrchr(model, '/');
    unsigned long long total = 0;
    int rc = fric_mjcf_plan_begin(plan, model) ? cli_fail(CLI_USAGE, "mujoco: %s", fric_status_last().message)
                                               : mjcf_read(plan, slash ? slash + 1 : model, &total);
    fric_mjcf_plan_free(plan);
    return rc;
}


/* MuJoCo's warnings (2.2.2 prints each on stdout and appends it to
 * MUJOCO_LOG.TXT in the working directory, e.g. "XML contains a 'NaN'",
 * "Nan, Inf or huge value in QACC"): the first kept, with a count, and said
 * on stderr by say_warnings once the command has not refused (a refusal
 * says its one sentence alone; stdout holds only the command's output).
 * MuJoCo's errors (2.2.2: stdout, the log file, exit 1): one line on
 * stderr, exit 1. Installed for the whole of `friction mujoco`. */
static char load_warning[512];
static int n_warnings;
static void keep_warning(const char *msg)
{
    if (!n_warnings++) snprintf(load_warning, sizeof load_warning, "%s", msg);
}

static void mj_error_exit(const char *msg)
{
    cli_fail(CLI_RUNTIME, "mujoco: MuJoCo failed: %s", msg);
    exit(CLI_RUNTIME);
}

void cli_mujoco_say_warnings(void)
{
    if (n_warnings > 1)
        fprintf(stderr, "friction: mujoco: MuJoCo warned: %s (and %d more warnings)\n", load_warning,
                n_warnings - 1);
    else if (n_warnings)
        fprintf(stderr, "friction: mujoco: MuJoCo warned: %s\n", load_warning);
    n_warnings = 0;
    load_warning[0] = '\0';
}

int cli_mujoco_recipe_joints(const char *cmd, const char *model, struct fric_recipe_def *def)
{
    char err[1000] = "";
    if (cli_mjcf_check(model)) return CLI_USAGE;
    mjModel *m = mj_loadXML(model, NULL, err, sizeof err);
    if (!m) {
        for (char *c = err; *c; c++)
            if (*c == '\n') *c = ' ';
        return cli_fail(CLI_USAGE, "%s: %s does not load in MuJoCo %s: %s", cmd, model, mj_versionString(),
                        err[0] ? err : "no reason given");
    }
    const char *why = NULL;
    const int rc = fric_mujoco_recipe_joints(m, def, &why) == FRIC_OK
                       ? CLI_OK
                       : cli_fail(CLI_USAGE, "%s: %s: %s", cmd, model, why);
    mj_deleteModel(m);
    return rc;
}


void cli_mujoco_catch(void)
{
    mju_user_warning = keep_warning;
    mju_user_error = mj_error_exit;
}

#else
/* ISO C wants a declaration in every file: without MuJoCo, mujoco.c refuses. */
typedef int cli_mujoco_files_unused;
#endif
