/*
 * adapter_mjcf_scan.h: the core's one MJCF tag scan (adapter_mjcf.c), private
 * to core/adapter: the text checks and asset list there, the file plan
 * (adapter_mjcf_plan.c). The public form is fric_mjcf_tags (fric_adapter.h).
 */
#ifndef FRIC_ADAPTER_MJCF_SCAN_H
#define FRIC_ADAPTER_MJCF_SCAN_H

#include <stddef.h>

/* One element tag of an MJCF text, as fric__mjcf_next_tag finds it. */
typedef struct {
    const char *name;     /* the element's name (not NUL-terminated)           */
    int nlen;             /* its length, at most 40 (for sentences)              */
    size_t full;          /* its whole length                                    */
    const char *attrs;    /* [attrs, attrs_end): the tag after its name          */
    const char *attrs_end;
    int closing, self;    /* </name>, <name .../>                                */
    int line;             /* the line of its '<', 1-based                        */
} mjcf_tag;

/* The next element tag of [*pp, end) into *t, past comments, CDATA,
 * processing instructions, declarations and stray '<'; *line counts the
 * lines read. 1 and *pp past the tag, or 0 at the text's end. */
int fric__mjcf_next_tag(const char **pp, const char *end, int *line, mjcf_tag *t);
/* Whether tag t is the element named s. */
int fric__mjcf_is(const mjcf_tag *t, const char *s);
/* The value of t's attribute attr as written (no entity decoded): 1 with
 * *v, *vlen (the last one when written twice), or 0. */
int fric__mjcf_attr(const mjcf_tag *t, const char *attr, const char **v, size_t *vlen);

#endif
