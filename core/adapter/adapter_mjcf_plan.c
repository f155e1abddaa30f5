/*
 * adapter_mjcf_plan.c: the files an MJCF model names, found by MuJoCo's
 * rules (fric_adapter.h, "an MJCF's file plan"): the one file walk of
 * `friction mujoco`, the page and tools/robot.mjs.
 *
 * MuJoCo's rules, from its XML reference ("include": a file is included at
 * most once, relative to the main file's folder; "compiler": assetdir,
 * meshdir, texturedir, strippath) and MuJoCo 3's reader (src/xml/xml.cc,
 * mjIncludeXML: an include not beside the main file is looked for beside
 * the including file, and the elements it inserts find their files in its
 * folder as well). The walk is a pull loop (the door reads between the
 * calls): the texts depth first in document order (a stack of includes),
 * each model (the main file, then each <model file>) after the one before;
 * then, the compiler's last word known for each model (its include tree
 * walked in document order), the assets in that order.
 *
 * One allocation, fric_mjcf_plan_new's; no recursion (the include tree is
 * walked with an explicit stack).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "base.h"
#include "fric_adapter.h"
#include "adapter_mjcf_scan.h"

#define PLAN_PATH FRIC_MJCF_PATH_MAX
#define PLAN_FILES FRIC_MJCF_PLAN_MAX_FILES
#define PLAN_COMPILERS 64              /* <compiler> elements of all the texts */
#define PLAN_EVENTS (PLAN_FILES + PLAN_COMPILERS)
#define PLAN_CLASSES FRIC_MJCF_PLAN_MAX_CLASSES

/* An event of a text, in document order: a <compiler>, or an element naming
 * a file (its entry). */
typedef enum { EV_COMPILER, EV_FILE } ev_kind;
typedef struct {
    ev_kind kind;
    int index;                /* the compiler (comp[]) or the entry (e[])       */
} plan_ev;

/* A <compiler>'s folders and strippath (the values decoded). */
typedef struct {
    char dir[2][PLAN_PATH];   /* by fric_mjcf_folder                              */
    int set[2];               /* 1: dir[k] given (assetdir, meshdir, texturedir)  */
    int strip;                /* −1 not given, 0 "false" (or another word), 1 "true" */
} plan_compiler;

typedef struct {
    fric_mjcf_role role;
    char path[PLAN_PATH], source[PLAN_PATH], value[PLAN_PATH];
    int found, same, outside, from, line, depth0, model;
    int cls;                  /* an include: the <default> class open where it stands (−1 none) */
    long elements;            /* a text: its elements                            */
    const char *tag, *attr;
    size_t at, after;
    unsigned long long bytes;
    fric_mjcf_folder folder;  /* an asset: the compiler folder it is found in    */
    int ev_first, ev_n;       /* a text: its events                              */
    int place;                /* the place being asked: 0, then 1               */
} plan_entry;

struct fric_mjcf_plan {
    int begun, n;
    char dir[PLAN_PATH];      /* the main file's folder ("" or ending in '/')     */
    int up;                   /* its leading ".." parts                           */
    long elements;            /* the model's elements so far (fric_mjcf_check_text) */
    plan_entry e[PLAN_FILES];
    plan_ev ev[PLAN_EVENTS];
    int nev;
    plan_compiler comp[PLAN_COMPILERS];
    int ncomp;
    struct {
        char name[FRIC_MJCF_CLASS_MAX];
        int parent, file, line, model;
    } cls[PLAN_CLASSES];      /* the <default> classes, in the order read        */
    int ncls;
    int stack[PLAN_FILES], nstack;     /* texts to read, the next one last      */
    int models[PLAN_FILES], nmodels, model_at;
    int assets_ready;
    int assets[PLAN_FILES], nassets, asset_at;
    int last_comp[PLAN_FILES][3];      /* by model entry: the compiler of the
                                          mesh folder, texture folder, strippath */
    int cur;                  /* the entry wanted, −1 none                        */
    char want[PLAN_PATH];     /* the place it is wanted at                         */
    int want_last;
};

static const fric_mjcf_role asset_roles[] = { FRIC_MJCF_ROLE_MESH, FRIC_MJCF_ROLE_HFIELD, FRIC_MJCF_ROLE_SKIN,
                                              FRIC_MJCF_ROLE_FLEXCOMP, FRIC_MJCF_ROLE_TEXTURE };
static const char *const asset_tags[] = { "mesh", "hfield", "skin", "flexcomp", "texture" };
static const char *const texture_attrs[] = { "file", "fileright", "fileleft", "fileup", "filedown", "filefront",
                                             "fileback" };

/* ---------------------------------------------------------------- paths */

/* s (shorter than PLAN_PATH: checked by the callers) into to[PLAN_PATH]; s may be to. */
static void copy(char *to, const char *s)
{
    size_t n = strlen(s);
    memmove(to, s, n + 1);
}

static int is_absolute(const char *p)
{
    /* "/x", "\x", "C:/x", "C:\x", and a URL-like "scheme:" (MuJoCo's resource providers) */
    if (p[0] == '/' || p[0] == '\\') return 1;
    const char *c = p;
    if (!((*c >= 'a' && *c <= 'z') || (*c >= 'A' && *c <= 'Z'))) return 0;
    while ((*c >= 'a' && *c <= 'z') || (*c >= 'A' && *c <= 'Z') || (*c >= '0' && *c <= '9') || *c == '+' ||
           *c == '.' || *c == '-')
        c++;
    return *c == ':';
}

/* The folder of path p (up to its last '/', kept), its length. */
static size_t dir_len(const char *p)
{
    const char *s = strrchr(p, '/');
    return s ? (size_t)(s - p) + 1 : 0;
}

/* out = the parts joined by '/' (empty parts left out) with "." and "x/.."
 * taken out (a leading ".." kept, a leading '/' kept); *ups its leading
 * "..". 0, or −1 when it is PLAN_PATH bytes or more. */
static int join(char *out, int *ups, const char *a, const char *b, const char *c, const char *d)
{
    char tmp[4 * PLAN_PATH + 4];
    size_t k = 0;
    const char *part[4] = { a, b, c, d };
    for (int i = 0; i < 4; i++) {
        if (!part[i] || !*part[i]) continue;
        size_t n = strlen(part[i]);
        if (k && tmp[k - 1] != '/') tmp[k++] = '/';
        memcpy(tmp + k, part[i], n);
        k += n;
    }
    tmp[k] = '\0';
    /* the parts kept: their starts in out */
    size_t start[PLAN_PATH / 2];
    int n = 0, lead = 0;
    size_t o = 0;
    const int abs = tmp[0] == '/';
    if (abs) out[o++] = '/';
    for (const char *p = tmp; *p;) {
        while (*p == '/') p++;
        const char *q = p;
        while (*q && *q != '/') q++;
        const size_t len = (size_t)(q - p);
        if (len == 0 || (len == 1 && p[0] == '.')) { p = q; continue; }
        if (len == 2 && p[0] == '.' && p[1] == '.') {
            if (n > lead) { o = start[--n]; p = q; continue; }   /* x/.. */
            if (abs) { p = q; continue; }                          /* above '/': '/' */
            lead++;
        }
        if (n >= (int)(sizeof start / sizeof start[0])) return -1;
        size_t at = o + (n > 0 && !(abs && o == 1) ? 1 : 0);
        if (at + len >= PLAN_PATH) return -1;
        if (at > o) out[o] = '/';
        memcpy(out + at, p, len);
        start[n++] = o;
        o = at + len;
        p = q;
    }
    out[o] = '\0';
    if (ups) *ups = lead;
    return 0;
}

/* The value v[vlen] with XML's entities decoded into out[PLAN_PATH] (the
 * five named ones and &#N; &#xH;, as tinyxml2 does; another '&' kept). 0,
 * or −1 when too long. */
static int decode(char *out, const char *v, size_t vlen)
{
    static const struct { const char *name; char c; } ent[] = {
        { "lt;", '<' }, { "gt;", '>' }, { "amp;", '&' }, { "quot;", '"' }, { "apos;", '\'' } };
    size_t o = 0;
    for (size_t i = 0; i < vlen;) {
        unsigned long cp = 0;
        size_t used = 0;
        if (v[i] == '&') {
            for (size_t k = 0; k < sizeof ent / sizeof ent[0] && !used; k++) {
                size_t n = strlen(ent[k].name);
                if (vlen - i - 1 >= n && memcmp(v + i + 1, ent[k].name, n) == 0) {
                    cp = (unsigned char)ent[k].c;
                    used = n + 1;
                }
            }
            if (!used && i + 2 < vlen && v[i + 1] == '#') {
                int hex = v[i + 2] == 'x' || v[i + 2] == 'X';
                size_t j = i + 2 + (size_t)hex;
                unsigned long x = 0;
                int digits = 0;
                for (; j < vlen && digits < 8; j++, digits++) {
                    char c = v[j];
                    int d = c >= '0' && c <= '9' ? c - '0'
                          : hex && c >= 'a' && c <= 'f' ? c - 'a' + 10
                          : hex && c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
                    if (d < 0) break;
                    x = x * (hex ? 16u : 10u) + (unsigned long)d;
                }
                if (digits && j < vlen && v[j] == ';' && x > 0 && x <= 0x10FFFF) {
                    cp = x;
                    used = j + 1 - i;
                }
            }
        }
        if (!used) {
            if (o + 1 >= PLAN_PATH) return -1;
            out[o++] = v[i++];
            continue;
        }
        /* UTF-8 of cp */
        unsigned char b[4];
        int nb = cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
        if (nb == 1) b[0] = (unsigned char)cp;
        else {
            for (int k = nb - 1; k > 0; k--, cp >>= 6) b[k] = (unsigned char)(0x80 | (cp & 0x3F));
            b[0] = (unsigned char)((nb == 2 ? 0xC0 : nb == 3 ? 0xE0 : 0xF0) | cp);
        }
        if (o + (size_t)nb >= PLAN_PATH) return -1;
        memcpy(out + o, b, (size_t)nb);
        o += (size_t)nb;
        i += used;
    }
    out[o] = '\0';
    return 0;
}

/* ------------------------------------------------------------- sentences */

static void say_null(void)
{
    fric__fail_id(FRIC_E_NULL, -1, "mjcf.plan_null",
                  "mjcf plan: no plan, or no main file, want, path or text where one is needed (plan, main, "
                  "want, path, text).",
                  fric__no_values);
}

/* An answer (fed, absent) with no file wanted. */
static fric_status say_no_want(void)
{
    fric__say_id("mjcf.plan_no_want",
                 "mjcf plan: no file is wanted: call fric_mjcf_plan_next and answer for the file it names.",
                 fric__no_values);
    return FRIC_E_PARAM_RANGE;
}

/* A file as the main file's folder sees it (the sentences' name). */
static const char *shown(const fric_mjcf_plan *pl, const char *path)
{
    size_t n = strlen(pl->dir);
    return strncmp(path, pl->dir, n) == 0 ? path + n : path;
}

static fric_status say_too_long(const fric_mjcf_plan *pl, const plan_entry *x)
{
    const plan_entry *f = &pl->e[x->from < 0 ? 0 : x->from];
    fric__say_id("mjcf.plan_path",
                 "mjcf: <{tag} {attr}> at line {line} of {file} gives a path of {max} bytes or more: shorten "
                 "the name or its folder.",
                 fric__values(fric__s("tag", x->tag), fric__s("attr", x->attr), fric__i("line", x->line),
                              fric__s("file", shown(pl, f->path)), fric__i("max", PLAN_PATH)));
    return FRIC_E_PARAM_RANGE;
}

/* ---------------------------------------------------------------- the API */

fric_status fric_mjcf_plan_new(fric_mjcf_plan **out)
{
    if (!out) {
        say_null();
        return FRIC_E_NULL;
    }
    *out = calloc(1, sizeof **out);
    if (!*out) {
        fric__fail_id(FRIC_E_NO_MEMORY, -1, "mjcf.plan_memory", "mjcf plan: out of memory.", fric__no_values);
        return FRIC_E_NO_MEMORY;
    }
    (*out)->cur = -1;
    return FRIC_OK;
}

void fric_mjcf_plan_free(fric_mjcf_plan *plan) { free(plan); }

/* A new entry (zeroed but for what every entry has), or −1 past the bound. */
static int new_entry(fric_mjcf_plan *pl, fric_mjcf_role role, int from, int model)
{
    if (pl->n >= PLAN_FILES) return -1;
    plan_entry *x = &pl->e[pl->n];
    memset(x, 0, sizeof *x);
    x->role = role;
    x->found = -1;
    x->same = -1;
    x->cls = -1;
    x->from = from;
    x->model = model;
    x->tag = "";
    x->attr = "";
    return pl->n++;
}

fric_status fric_mjcf_plan_begin(fric_mjcf_plan *plan, const char *main)
{
    if (!plan || !main) {
        say_null();
        return FRIC_E_NULL;
    }
    size_t n = strlen(main);
    char path[PLAN_PATH];
    int ups = 0;
    if (n == 0 || n >= PLAN_PATH || main[n - 1] == '/' || join(path, &ups, main, NULL, NULL, NULL) || !path[0]) {
        plan->begun = 0;
        fric__fail_id(FRIC_E_PARAM_RANGE, -1, "mjcf.plan_main",
                      "mjcf plan: the main file '{main}' must be a file's path of 1 to {max} bytes.",
                      fric__values(fric__sn("main", 200, main), fric__i("max", PLAN_PATH - 1)));
        return FRIC_E_PARAM_RANGE;
    }
    plan->n = plan->nev = plan->ncomp = plan->ncls = plan->nstack = plan->nmodels = plan->model_at = 0;
    plan->assets_ready = plan->nassets = plan->asset_at = 0;
    plan->elements = 0;
    plan->cur = -1;
    size_t d = dir_len(path);
    memcpy(plan->dir, path, d);
    plan->dir[d] = '\0';
    plan->up = ups;
    int m = new_entry(plan, FRIC_MJCF_ROLE_MODEL, -1, 0);
    copy(plan->e[m].path, path);
    copy(plan->e[m].value, main);
    plan->models[plan->nmodels++] = m;
    plan->begun = 1;
    return FRIC_OK;
}

/* The place p of entry x into out (0; 1 when x has no such place; −1 too
 * long), and *outside. */
static int place_of(const fric_mjcf_plan *pl, const plan_entry *x, int p, char *out, int *outside)
{
    const plan_entry *model = &pl->e[x->role == FRIC_MJCF_ROLE_SUBMODEL ? pl->e[x->from].model : x->model];
    char root[PLAN_PATH];
    size_t rl = dir_len(model->path);
    memcpy(root, model->path, rl);
    root[rl] = '\0';
    int ups = 0, rc = 0;
    const char *v = x->value;
    if (p > 1) return 1;   /* at most two places */
    if (x->role == FRIC_MJCF_ROLE_MODEL) {
        if (p > 0) return 1;
        rc = join(out, &ups, x->path, NULL, NULL, NULL);
    } else if (x->role == FRIC_MJCF_ROLE_INCLUDE || x->role == FRIC_MJCF_ROLE_SUBMODEL) {
        /* beside the model's main file; an include, then beside its includer */
        if (is_absolute(v)) { if (p > 0) return 1; rc = join(out, &ups, v, NULL, NULL, NULL); }
        else if (p == 0) rc = join(out, &ups, root, v, NULL, NULL);
        else {
            if (x->role != FRIC_MJCF_ROLE_INCLUDE) return 1;
            const plan_entry *f = &pl->e[x->from];
            char fdir[PLAN_PATH];
            size_t fl = dir_len(f->path);
            memcpy(fdir, f->path, fl);
            fdir[fl] = '\0';
            if (strcmp(fdir, root) == 0) return 1;   /* the same place */
            rc = join(out, &ups, fdir, v, NULL, NULL);
        }
    } else {
        /* an asset: the model's folder + the compiler's folder + the name,
         * then + the naming include's folder; strippath: the name's last part */
        const int *lc = pl->last_comp[x->model];
        const char *name = v;
        if (lc[2] >= 0 && pl->comp[lc[2]].strip == 1)
            for (const char *c = v; *c; c++)
                if (*c == '/' || *c == '\\') name = c + 1;
        const char *fold = lc[x->folder] >= 0 ? pl->comp[lc[x->folder]].dir[x->folder] : "";
        char inc[PLAN_PATH] = "";
        const plan_entry *f = &pl->e[x->from];
        if (f->role == FRIC_MJCF_ROLE_INCLUDE) {
            size_t fl = dir_len(f->path);
            if (strncmp(f->path, root, rl) == 0 && fl >= rl) {
                memcpy(inc, f->path + rl, fl - rl);
                inc[fl - rl] = '\0';
            } else {
                size_t vl = dir_len(f->value);
                memcpy(inc, f->value, vl);
                inc[vl] = '\0';
            }
        }
        if (p > 0 && (!inc[0] || is_absolute(name))) return 1;
        const char *base = is_absolute(fold) ? "" : root;
        if (is_absolute(name)) rc = join(out, &ups, name, NULL, NULL, NULL);
        else rc = join(out, &ups, base, fold, p ? inc : NULL, name);
    }
    if (rc) return -1;
    /* above the folder the main file's path starts from (the door's root) */
    *outside = ups > pl->up || (is_absolute(out) && !is_absolute(pl->e[0].path));
    return 0;
}

/* Whether entry j is a text of model m read already at path. */
static int text_read(const fric_mjcf_plan *pl, int m, const char *path, int *which)
{
    for (int j = 0; j < pl->n; j++) {
        const plan_entry *y = &pl->e[j];
        if (y->found != 1 || y->model != m || y->role > FRIC_MJCF_ROLE_SUBMODEL) continue;
        if (strcmp(y->path, path) == 0 || strcmp(y->source, path) == 0) {
            *which = j;
            return 1;
        }
    }
    return 0;
}

/* Whether a model (the main file, a <model file>) was read at path: JS's
 * and MuJoCo's one model per file. */
static int model_read(const fric_mjcf_plan *pl, const char *path, int *which)
{
    for (int j = 0; j < pl->n; j++) {
        const plan_entry *y = &pl->e[j];
        if (y->found == 1 && y->same < 0 && (y->role == FRIC_MJCF_ROLE_MODEL || y->role == FRIC_MJCF_ROLE_SUBMODEL) &&
            strcmp(y->path, path) == 0) {
            *which = j;
            return 1;
        }
    }
    return 0;
}

/* The compiler's last word for model m: its texts walked in document order
 * (an include's events where it stands), each <compiler> over the one
 * before; the assets appended in that order. */
static void model_compiler(fric_mjcf_plan *pl, int m)
{
    int *lc = pl->last_comp[m];
    lc[0] = lc[1] = lc[2] = -1;
    int stack[PLAN_FILES][2], top = 0;   /* (text entry, next event) */
    stack[top][0] = m;
    stack[top++][1] = 0;
    while (top > 0) {
        int t = stack[top - 1][0], k = stack[top - 1][1];
        const plan_entry *x = &pl->e[t];
        if (k >= x->ev_n) { top--; continue; }
        stack[top - 1][1]++;
        const plan_ev *ev = &pl->ev[x->ev_first + k];
        if (ev->kind == EV_COMPILER) {
            const plan_compiler *c = &pl->comp[ev->index];
            for (int f = 0; f < 2; f++)
                if (c->set[f]) lc[f] = ev->index;
            if (c->strip >= 0) lc[2] = ev->index;
            continue;
        }
        const plan_entry *y = &pl->e[ev->index];
        if (y->role == FRIC_MJCF_ROLE_INCLUDE) {
            if (y->found == 1 && y->same < 0 && top < PLAN_FILES) {
                stack[top][0] = ev->index;
                stack[top++][1] = 0;
            }
        } else if (y->role >= FRIC_MJCF_ROLE_MESH && pl->nassets < PLAN_FILES) {
            pl->assets[pl->nassets++] = ev->index;
        }
    }
}

static void set_want(fric_mjcf_plan *pl, int i, fric_mjcf_want *w)
{
    pl->cur = i;
    *w = (fric_mjcf_want){ 0, i, pl->want, pl->e[i].role <= FRIC_MJCF_ROLE_SUBMODEL, pl->want_last };
}

fric_status fric_mjcf_plan_next(fric_mjcf_plan *plan, fric_mjcf_want *want)
{
    if (!plan || !want) {
        say_null();
        return FRIC_E_NULL;
    }
    if (!plan->begun) {
        fric__say_id("mjcf.plan_not_begun",
                     "mjcf plan: the plan is not begun: call fric_mjcf_plan_begin with the main file first.",
                     fric__no_values);
        return FRIC_E_PARAM_RANGE;
    }
    fric_mjcf_plan *pl = plan;
    if (pl->cur >= 0) {
        set_want(pl, pl->cur, want);
        return FRIC_OK;
    }
    for (;;) {
        int i = -1;
        if (pl->nstack > 0) i = pl->stack[pl->nstack - 1];
        else if (pl->model_at < pl->nmodels) {
            pl->stack[pl->nstack++] = pl->models[pl->model_at++];
            continue;
        } else {
            if (!pl->assets_ready) {
                for (int k = 0; k < pl->nmodels; k++) model_compiler(pl, pl->models[k]);
                pl->assets_ready = 1;
            }
            if (pl->asset_at < pl->nassets) i = pl->assets[pl->asset_at];
        }
        if (i < 0) {
            *want = (fric_mjcf_want){ 1, -1, NULL, 0, 1 };
            return FRIC_OK;
        }
        plan_entry *x = &pl->e[i];
        int outside = 0;
        int rc = place_of(pl, x, x->place, pl->want, &outside);
        if (rc < 0) return say_too_long(pl, x);
        if (rc > 0) {   /* no further place: missing */
            x->found = 0;
            if (pl->nstack > 0) pl->nstack--; else pl->asset_at++;
            continue;
        }
        if (x->place == 0) {
            x->outside = outside;
            copy(x->path, pl->want);
        }
        char further[PLAN_PATH];
        int o2;
        pl->want_last = place_of(pl, x, x->place + 1, further, &o2) != 0;
        int j = -1;
        if (x->role == FRIC_MJCF_ROLE_INCLUDE && text_read(pl, x->model, pl->want, &j)) {
            /* MuJoCo includes a file once in a model: a cycle when the file
             * is the include's own includer or one above it */
            int cycle = 0;
            for (int a = x->from; a >= 0 && !cycle; a = pl->e[a].role == FRIC_MJCF_ROLE_INCLUDE ? pl->e[a].from : -1)
                cycle = a == j;
            const char *file = shown(pl, pl->e[x->from].path), *twice = shown(pl, pl->want);
            if (cycle)
                fric__say_id("mjcf.plan_cycle",
                             "mjcf: <include file=\"{value}\"> at line {line} of {file} includes {path}, which "
                             "includes this file: an include cycle (MuJoCo includes a file at most once in a "
                             "model); remove this <include>.",
                             fric__values(fric__sn("value", 200, x->value), fric__i("line", x->line),
                                          fric__s("file", file), fric__s("path", twice)));
            else
                fric__say_id("mjcf.plan_twice",
                             "mjcf: <include file=\"{value}\"> at line {line} of {file} includes {path} a second "
                             "time: MuJoCo includes a file at most once in a model; remove this <include>.",
                             fric__values(fric__sn("value", 200, x->value), fric__i("line", x->line),
                                          fric__s("file", file), fric__s("path", twice)));
            return FRIC_E_PARAM_RANGE;
        }
        if (x->role == FRIC_MJCF_ROLE_SUBMODEL && model_read(pl, pl->want, &j)) {
            x->same = j;
            x->found = 1;
            pl->nstack--;
            continue;
        }
        if (x->role >= FRIC_MJCF_ROLE_MESH) {
            /* a file found already: read once */
            int same = -1;
            for (int k = 0; k < pl->n && same < 0; k++)
                if (k != i && pl->e[k].found == 1 && pl->e[k].same < 0 && strcmp(pl->e[k].path, pl->want) == 0)
                    same = k;
            if (same >= 0) {
                copy(x->path, pl->want);
                copy(x->source, pl->e[same].source);
                x->same = same;
                x->found = 1;
                x->bytes = pl->e[same].bytes;
                pl->asset_at++;
                continue;
            }
        }
        set_want(pl, i, want);
        return FRIC_OK;
    }
}

fric_status fric_mjcf_plan_absent(fric_mjcf_plan *plan)
{
    if (!plan) {
        say_null();
        return FRIC_E_NULL;
    }
    if (plan->cur < 0) return say_no_want();
    plan_entry *x = &plan->e[plan->cur];
    x->place++;
    plan->cur = -1;   /* fric_mjcf_plan_next asks the next place, or lists it missing */
    return FRIC_OK;
}

/* A <default> tag tg of text t into the plan's classes, nested in class
 * parent (−1: none). */
static fric_status read_class(fric_mjcf_plan *pl, int t, const mjcf_tag *tg, int parent)
{
    const char *v;
    size_t vlen;
    char name[PLAN_PATH] = "main";
    const char *file = shown(pl, pl->e[t].source[0] ? pl->e[t].source : pl->e[t].path);
    if (fric__mjcf_attr(tg, "class", &v, &vlen) && (decode(name, v, vlen) || strlen(name) >= FRIC_MJCF_CLASS_MAX)) {
        fric__say_id("mjcf.plan_class",
                     "mjcf: <default class> at line {line} of {file} gives a class name of {max} bytes or more: "
                     "shorten it.",
                     fric__values(fric__i("line", tg->line), fric__s("file", file), fric__i("max", FRIC_MJCF_CLASS_MAX)));
        return FRIC_E_PARAM_RANGE;
    }
    if (pl->ncls >= PLAN_CLASSES) {
        fric__say_id("mjcf.plan_classes",
                     "mjcf: <default> at line {line} of {file} is one more than the {max} default classes a "
                     "model's files may define; merge classes.",
                     fric__values(fric__i("line", tg->line), fric__s("file", file), fric__i("max", PLAN_CLASSES)));
        return FRIC_E_PARAM_RANGE;
    }
    memcpy(pl->cls[pl->ncls].name, name, strlen(name) + 1);
    pl->cls[pl->ncls].parent = parent;
    pl->cls[pl->ncls].file = t;
    pl->cls[pl->ncls].line = tg->line;
    pl->cls[pl->ncls].model = pl->e[t].model;
    pl->ncls++;
    return FRIC_OK;
}

/* Whether val holds one or more numbers, each finite, separated by white
 * space (a joint's damping, an actuator's gainprm list). */
static int all_finite(const char *val)
{
    const char *q = val;
    int n = 0;
    for (;;) {
        while (*q == ' ' || *q == '\t' || *q == '\n' || *q == '\r') q++;
        if (!*q) return n > 0;
        char *end = NULL;
        const double x = strtod(q, &end);
        if (end == q || !isfinite(x)) return 0;
        q = end, n++;
    }
}

/* The defaults a class sets for every joint or actuator that takes it,
 * which the robot reads (fric_robot_create) or the identification's
 * baseline runs (MuJoCo's joint friction, damping and armature; the
 * position servo's gains, limits and gear, XML reference "actuator"). */
static const char *const joint_attrs[] = { "frictionloss", "damping", "armature", NULL };
static const char *const position_attrs[] = { "kp", "kv", "gear", "forcerange", "ctrlrange", NULL };
static const char *const velocity_attrs[] = { "kv", "gear", "forcerange", "ctrlrange", NULL };
static const char *const motor_attrs[] = { "gear", "forcerange", "ctrlrange", NULL };
static const char *const intvelocity_attrs[] = { "kp", "gear", "forcerange", "ctrlrange", NULL };
static const char *const general_attrs[] = { "gainprm", "biasprm", "gear", "forcerange", "ctrlrange", NULL };
static const struct {
    const char *tag;
    const char *const *attrs;   /* NULL-terminated */
} class_defaults[] = {
    { "joint", joint_attrs },       { "position", position_attrs },       { "velocity", velocity_attrs },
    { "motor", motor_attrs },       { "intvelocity", intvelocity_attrs }, { "general", general_attrs },
};

/* A <joint> or actuator default (tag tg of text t) of class c: one of
 * class_defaults' values that is not finite numbers (NaN, inf, not a
 * number) is refused here, in one sentence naming the class and where it
 * is written, once for every joint or actuator that takes it (the robot's
 * check of the compiled model, fric_robot_create, could only name a joint
 * or an actuator; MuJoCo's step would only leave the finite range). */
static fric_status class_default(fric_mjcf_plan *pl, int t, const mjcf_tag *tg, int c)
{
    for (size_t k = 0; k < sizeof class_defaults / sizeof class_defaults[0]; k++) {
        if (!fric__mjcf_is(tg, class_defaults[k].tag)) continue;
        for (const char *const *at = class_defaults[k].attrs; *at; at++) {
            const char *attr = *at, *v;
            size_t vlen;
            char val[PLAN_PATH];
            if (!fric__mjcf_attr(tg, attr, &v, &vlen) || decode(val, v, vlen) || all_finite(val)) continue;
            const char *file = shown(pl, pl->e[t].source[0] ? pl->e[t].source : pl->e[t].path);
            if (class_defaults[k].attrs == joint_attrs)
                fric__say_id("mjcf.class_joint_not_finite",
                             "mjcf: class '{cls}' at line {line} of {file} sets joint {attr}=\"{value}\", not a finite "
                             "number, for every joint of the class: give the class a finite {attr}.",
                             fric__values(fric__s("cls", pl->cls[c].name), fric__i("line", tg->line),
                                          fric__s("file", file), fric__s("attr", attr), fric__sn("value", 40, val)));
            else
                fric__say_id("mjcf.class_actuator_not_finite",
                             "mjcf: class '{cls}' at line {line} of {file} sets <{tag}> {attr}=\"{value}\", not finite "
                             "numbers, for every actuator of the class: give the class finite numbers for {attr}.",
                             fric__values(fric__s("cls", pl->cls[c].name), fric__i("line", tg->line),
                                          fric__s("file", file), fric__s("tag", class_defaults[k].tag),
                                          fric__s("attr", attr), fric__sn("value", 40, val)));
            return FRIC_E_PARAM_RANGE;
        }
    }
    return FRIC_OK;
}

/* The events of text x[len] (entry t): its <compiler>s, the elements naming
 * files (new entries), in document order; its includes pushed to be read
 * next, first one on top. inc: its includes as fric_mjcf_check_text found
 * them (their depth0). */
static fric_status read_text(fric_mjcf_plan *pl, int t, const char *text, size_t len, const fric_mjcf_include *inc,
                             int ninc)
{
    const char *p = text, *end = text + len, *v;
    size_t vlen;
    int line = 1, k_inc = 0, first_inc = pl->n;
    mjcf_tag tg;
    pl->e[t].ev_first = pl->nev;
    pl->e[t].ev_n = 0;
    /* the <default> classes open where the scan is: an included text's
     * start in the class open at its <include> (the text checked: at most
     * FRIC_MJCF_MAX_DEPTH deep) */
    int open[FRIC_MJCF_MAX_DEPTH + 2], nopen = 0;
    const int base = pl->e[t].role == FRIC_MJCF_ROLE_INCLUDE ? pl->e[t].cls : -1;
    while (fric__mjcf_next_tag(&p, end, &line, &tg)) {
        if (fric__mjcf_is(&tg, "default")) {
            if (tg.closing) {
                if (nopen > 0) nopen--;
                continue;
            }
            fric_status rc = read_class(pl, t, &tg, nopen ? open[nopen - 1] : base);
            if (rc) return rc;
            if (!tg.self && nopen < (int)(sizeof open / sizeof open[0])) open[nopen++] = pl->ncls - 1;
            continue;
        }
        if (tg.closing) continue;
        const int in_class = nopen ? open[nopen - 1] : base;
        if (in_class >= 0) {
            fric_status rc = class_default(pl, t, &tg, in_class);
            if (rc) return rc;
        }
        const char *lt = tg.name - 1;
        if (fric__mjcf_is(&tg, "compiler")) {
            if (pl->ncomp >= PLAN_COMPILERS || pl->nev >= PLAN_EVENTS) {
                fric__say_id("mjcf.plan_compilers",
                             "mjcf: <compiler> at line {line} of {file} is one more than the {max} <compiler> "
                             "elements a model may have; merge them into one.",
                             fric__values(fric__i("line", tg.line), fric__s("file", shown(pl, pl->e[t].path)),
                                          fric__i("max", PLAN_COMPILERS)));
                return FRIC_E_PARAM_RANGE;
            }
            plan_compiler *c = &pl->comp[pl->ncomp];
            memset(c, 0, sizeof *c);
            c->strip = -1;
            /* as MuJoCo reads a <compiler>: assetdir, then meshdir and texturedir over it */
            static const struct { const char *attr; int mesh, texture; } dirs[] = {
                { "assetdir", 1, 1 }, { "meshdir", 1, 0 }, { "texturedir", 0, 1 } };
            for (size_t d = 0; d < sizeof dirs / sizeof dirs[0]; d++) {
                if (!fric__mjcf_attr(&tg, dirs[d].attr, &v, &vlen)) continue;
                char val[PLAN_PATH];
                if (decode(val, v, vlen)) {
                    plan_entry fake = { .from = t, .line = tg.line, .tag = "compiler", .attr = dirs[d].attr };
                    return say_too_long(pl, &fake);
                }
                for (int f = 0; f < 2; f++)
                    if (f == 0 ? dirs[d].mesh : dirs[d].texture) {
                        memcpy(c->dir[f], val, sizeof val);
                        c->set[f] = 1;
                    }
            }
            if (fric__mjcf_attr(&tg, "strippath", &v, &vlen)) c->strip = vlen == 4 && memcmp(v, "true", 4) == 0;
            pl->ev[pl->nev++] = (plan_ev){ EV_COMPILER, pl->ncomp++ };
            pl->e[t].ev_n++;
            continue;
        }
        /* the elements naming files, each attribute an entry */
        fric_mjcf_role role = FRIC_MJCF_ROLE_MODEL;
        const char *const *attrs = texture_attrs;
        size_t nattr = 1;
        fric_mjcf_folder folder = FRIC_MJCF_MESHDIR;
        const char *tag = NULL;
        if (fric__mjcf_is(&tg, "include")) { role = FRIC_MJCF_ROLE_INCLUDE; tag = "include"; }
        else if (fric__mjcf_is(&tg, "model")) { role = FRIC_MJCF_ROLE_SUBMODEL; tag = "model"; }
        else
            for (size_t a = 0; a < sizeof asset_tags / sizeof asset_tags[0]; a++)
                if (fric__mjcf_is(&tg, asset_tags[a])) {
                    role = asset_roles[a];
                    tag = asset_tags[a];
                    if (role == FRIC_MJCF_ROLE_TEXTURE) {
                        nattr = sizeof texture_attrs / sizeof texture_attrs[0];
                        folder = FRIC_MJCF_TEXTUREDIR;
                    }
                }
        if (!tag) continue;
        for (size_t a = 0; a < nattr; a++) {
            if (!fric__mjcf_attr(&tg, attrs[a], &v, &vlen)) continue;
            int model = role == FRIC_MJCF_ROLE_SUBMODEL ? -1 : pl->e[t].model;
            int i = new_entry(pl, role, t, model < 0 ? 0 : model);
            if (i < 0 || pl->nev >= PLAN_EVENTS) {
                fric__say_id("mjcf.plan_files",
                             "mjcf: <{tag} {attr}> at line {line} of {file} names one more file than the {max} "
                             "a model may name.",
                             fric__values(fric__s("tag", tag), fric__s("attr", attrs[a]), fric__i("line", tg.line),
                                          fric__s("file", shown(pl, pl->e[t].path)), fric__i("max", PLAN_FILES)));
                return FRIC_E_PARAM_RANGE;
            }
            plan_entry *x = &pl->e[i];
            if (model < 0) x->model = i;   /* a <model file> is a model of its own */
            x->line = tg.line;
            x->tag = tag;
            x->attr = attrs[a];
            x->folder = folder;
            x->at = (size_t)(lt - text);
            x->after = (size_t)(p - text);
            if (decode(x->value, v, vlen)) return say_too_long(pl, x);
            if (role == FRIC_MJCF_ROLE_INCLUDE) {
                x->depth0 = k_inc < ninc ? inc[k_inc++].depth0 : 0;
                x->cls = nopen ? open[nopen - 1] : base;
            }
            pl->ev[pl->nev++] = (plan_ev){ EV_FILE, i };
            pl->e[t].ev_n++;
            if (role == FRIC_MJCF_ROLE_SUBMODEL) pl->models[pl->nmodels++] = i;
        }
    }
    /* its includes read next, in document order */
    for (int i = pl->n - 1; i >= first_inc; i--)
        if (pl->e[i].role == FRIC_MJCF_ROLE_INCLUDE && pl->e[i].from == t) pl->stack[pl->nstack++] = i;
    return FRIC_OK;
}

fric_status fric_mjcf_plan_feed(fric_mjcf_plan *plan, const char *path, const char *text, size_t len)
{
    if (!plan || !path) {
        say_null();
        return FRIC_E_NULL;
    }
    if (plan->cur < 0) return say_no_want();
    const int t = plan->cur;
    plan_entry *x = &plan->e[t];
    const int is_text = x->role <= FRIC_MJCF_ROLE_SUBMODEL;
    if (is_text && !text) {
        say_null();
        return FRIC_E_NULL;
    }
    if (strlen(path) >= PLAN_PATH) return say_too_long(plan, x);
    copy(x->path, plan->want);
    copy(x->source, path);
    x->bytes = len;
    x->found = 1;
    plan->cur = -1;
    if (!is_text) {
        plan->asset_at++;
        return FRIC_OK;
    }
    plan->nstack--;
    fric_mjcf_include inc[FRIC_MJCF_MAX_INCLUDES];
    int ninc = 0;
    const char *why = NULL;
    const long before = plan->elements;
    fric_status rc = fric_mjcf_check_text(text, len, shown(plan, x->source), x->depth0, &plan->elements, inc,
                                          FRIC_MJCF_MAX_INCLUDES, &ninc, &why);
    if (rc) return rc;
    x->elements = plan->elements - before;
    return read_text(plan, t, text, len, inc, ninc);
}

int fric_mjcf_plan_count(const fric_mjcf_plan *plan) { return plan && plan->begun ? plan->n : 0; }

fric_status fric_mjcf_plan_file(const fric_mjcf_plan *plan, int i, fric_mjcf_file *out)
{
    if (!plan || !out) {
        say_null();
        return FRIC_E_NULL;
    }
    if (i < 0 || i >= fric_mjcf_plan_count(plan)) {
        fric__say_id("mjcf.plan_index", "mjcf plan: file {i} is outside the plan's 0 to {n} - 1.",
                     fric__values(fric__i("i", i), fric__i("n", fric_mjcf_plan_count(plan))));
        return FRIC_E_PARAM_RANGE;
    }
    const plan_entry *x = &plan->e[i];
    *out = (fric_mjcf_file){ x->role, x->path, x->source[0] ? x->source : x->path, x->found, x->same, x->outside,
                             x->from, x->line, x->tag, x->attr, x->value, x->at, x->after, x->depth0, x->model,
                             x->bytes, x->elements };
    return FRIC_OK;
}

int fric_mjcf_plan_class_count(const fric_mjcf_plan *plan) { return plan && plan->begun ? plan->ncls : 0; }

fric_status fric_mjcf_plan_class(const fric_mjcf_plan *plan, int i, fric_mjcf_class *out)
{
    if (!plan || !out) {
        say_null();
        return FRIC_E_NULL;
    }
    if (i < 0 || i >= fric_mjcf_plan_class_count(plan)) {
        fric__say_id("mjcf.plan_class_index", "mjcf plan: class {i} is outside the plan's 0 to {n} - 1.",
                     fric__values(fric__i("i", i), fric__i("n", fric_mjcf_plan_class_count(plan))));
        return FRIC_E_PARAM_RANGE;
    }
    *out = (fric_mjcf_class){ plan->cls[i].name, plan->cls[i].parent, plan->cls[i].file, plan->cls[i].line,
                              plan->cls[i].model };
    return FRIC_OK;
}
