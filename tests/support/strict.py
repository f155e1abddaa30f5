#!/usr/bin/env python3
"""strict.py: strict parsers, none of them the tool's, over the files the
tool writes (tests/cli/wellformed.sh for the command-line tool, the browser
tests' harness tests/web/e2e.mjs for every file the page hands the browser
to save).

    strict.py json FILE             RFC 8259: Python's json module with NaN,
                                    Infinity and -Infinity refused and a key
                                    given twice in an object refused
    strict.py csv FILE [WORDS]      the CSV the CLI writes: Python's csv reader
                                    in strict mode, a header of non-empty names,
                                    at least one data row, every row the header's
                                    number of fields, every value a finite
                                    number written as JSON writes one, but in
                                    the columns WORDS (comma-separated names),
                                    which hold a word [a-z_]+
    strict.py page-csv FILE         the CSV the page writes (web/src/csv.js):
                                    '# ' comment lines, then the same structure;
                                    a cell may hold text (a joint's name, a
                                    sentence), but a cell that reads as a number
                                    is a finite one written as JSON writes one,
                                    and none reads NaN, undefined, null or
                                    [object Object]
    strict.py png FILE              the PNG signature and an IHDR chunk of a
                                    non-zero width and height (ISO/IEC 15948 §5)

Exit 0 when the file passes; else 1, with one line on stderr saying where and
what. MJCF goes to xmllint (libxml2), not here.
"""
import csv
import json
import math
import re
import struct
import sys

JSON_NUMBER = re.compile(r"-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][-+]?[0-9]+)?")


def check_json(path):
    def constant(name):
        raise ValueError("%s is not JSON (RFC 8259)" % name)

    def pairs(kv):
        keys = [k for k, _ in kv]
        dup = sorted(k for k in set(keys) if keys.count(k) > 1)
        if dup:
            raise ValueError("key %s given twice" % dup[0])
        return dict(kv)

    with open(path, encoding="utf-8") as f:
        json.load(f, parse_constant=constant, object_pairs_hook=pairs)


def rows_of(path, comments):
    with open(path, newline="", encoding="utf-8") as f:
        lines = f.read().split("\n")
    first = 0
    if comments:
        while first < len(lines) and lines[first].startswith("#"):
            if not lines[first].startswith("# ") and lines[first] != "#":
                raise ValueError("line %d: a comment line starts with '# '" % (first + 1))
            first += 1
    rows = list(csv.reader(lines[first:], strict=True))
    while rows and rows[-1] == []:
        rows.pop()   # the file's last line break
    if len(rows) < 2 or any(not h.strip() for h in rows[0]):
        raise ValueError("no data row, or an empty header name")
    return first, rows


def check_rows(path, comments, words, cell):
    """The structure both CSVs share: the header (with the columns WORDS),
    every row its width; cell(line, column, value) judges each other cell."""
    first, rows = rows_of(path, comments)
    head = rows[0]
    if not words <= set(head):
        raise ValueError("no column %s" % sorted(words - set(head)))
    for i, r in enumerate(rows[1:], first + 2):
        if len(r) != len(head):
            raise ValueError("line %d has %d fields, the header %d" % (i, len(r), len(head)))
        for h, v in zip(head, r):
            if h in words:
                if not re.fullmatch(r"[a-z_]+", v):
                    raise ValueError("line %d: %s = %r is not a word" % (i, h, v))
            else:
                cell(i, h, v)


def cli_cell(i, h, v):
    """The CLI's cell: a finite number written as JSON writes one."""
    if not JSON_NUMBER.fullmatch(v) or not math.isfinite(float(v)):
        raise ValueError("line %d: %s is not a finite number" % (i, v))


def page_cell(i, h, v):
    """The page's cell: text, or a number that is finite and written as JSON
    writes one; never a spelled NaN, undefined, null or [object Object]."""
    s = v.strip()
    if s.lower() in ("nan", "undefined", "null", "[object object]"):
        raise ValueError("line %d: %s = %r" % (i, h, v))
    try:
        x = float(s)
    except ValueError:
        return   # text
    if not math.isfinite(x) or not JSON_NUMBER.fullmatch(s):
        raise ValueError("line %d: %s = %r is not a finite number written as JSON writes one" % (i, h, v))


def check_png(path):
    with open(path, "rb") as f:
        head = f.read(33)
    if head[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError("no PNG signature")
    length, kind = struct.unpack(">I4s", head[8:16])
    width, height = struct.unpack(">II", head[16:24]) if len(head) >= 24 else (0, 0)
    if kind != b"IHDR" or length != 13 or width == 0 or height == 0:
        raise ValueError("no IHDR chunk of a non-zero size first")


def main(argv):
    if len(argv) < 3 or argv[1] not in ("json", "csv", "page-csv", "png"):
        sys.stderr.write("usage: strict.py json|csv|page-csv|png FILE [WORDS]\n")
        return 2
    kind, path = argv[1], argv[2]
    try:
        if kind == "json":
            check_json(path)
        elif kind == "csv":
            check_rows(path, False, set(filter(None, (argv[3] if len(argv) > 3 else "").split(","))), cli_cell)
        elif kind == "page-csv":
            check_rows(path, True, set(), page_cell)
        else:
            check_png(path)
    except (ValueError, UnicodeDecodeError, csv.Error, OSError, struct.error) as e:
        sys.stderr.write("%s\n" % e)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
