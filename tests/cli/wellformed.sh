# tests/cli/wellformed.sh: every file the tool writes passes a strict parser
# that is not the tool's, sourced by tests/cli/run.sh (its $bin, $tmp, $root,
# $bam, run, ok, bad, skip):
#  - MJCF (mujoco-model: the M-model bench, the native bench, the native
#    class in both dialects, a class name of dashes): xmllint (libxml2,
#    Debian's libxml2-utils). MuJoCo's own reader tolerates a "--" inside a
#    comment; XML 1.0 §2.5 does not, nor do xmllint, lxml or a browser's
#    DOMParser (the bench's comment named the options --joint and --params);
# (the JSON and CSV parsers: tests/support/strict.py, which the browser
# tests hold every file the page writes to as well)
#  - JSON (fit --out of one model, of all, of native, their --sensitivity
#    files, sensitivity --out, a carried key with quotes, a backslash and
#    UTF-8; with MuJoCo: recording recipe's segments, ident --out's native
#    and M1 files, those tests/cli/ident.sh wrote): Python's json module
#    held to RFC 8259 (NaN, Infinity and -Infinity refused, a key given
#    twice refused);
#  - CSV (run, eval, diagram, replay --csv; with MuJoCo: mujoco --csv with
#    a law, with a log, with a native file, with --adopt, recording recipe,
#    ident --tracks): Python's csv reader in strict mode, every row the
#    header's number of fields, every value a finite number written as
#    JSON writes one (diagram's region and boundary: a word).
wf=$tmp/wellformed
strict=$root/tests/support/strict.py
rm -rf "$wf" && mkdir -p "$wf"
wf_log=$root/samples/xl330-sin_sin-simulated.json
wf_params=$root/samples/xl330-m6-params.json
mjcf=() json=() csvs=()
# produce DESC FILE... -- CMD...: the command exits 0 and writes each FILE
produce() {
    local desc=$1 files=(); shift
    while [ "$1" != "--" ]; do files+=("$1"); shift; done
    shift
    "$@" >"$tmp/out" 2>"$tmp/err"
    local st=$? f
    [ $st -eq 0 ] || { bad "wellformed: $desc: exit $st: $(head -c 300 "$tmp/err")"; return 1; }
    for f in "${files[@]}"; do [ -s "$f" ] || { bad "wellformed: $desc wrote no $f"; return 1; }; done
}
# ---- JSON
produce "fit m6 --sensitivity" "$wf/m6.json" "$wf/m6_sensitivity.json" -- \
    "$bin" fit --model m6 --from "$wf_params" --budget 40 --threads 1 --sensitivity --out "$wf/m6.json" "$wf_log" \
    && json+=("$wf/m6.json" "$wf/m6_sensitivity.json")
produce "fit --model all" "$wf/all/m1.json" "$wf/all/native.json" -- \
    "$bin" fit --model all --budget 40 --threads 1 --out "$wf/all" "$wf_log" && json+=("$wf"/all/*.json)
produce "fit --model native --sensitivity" "$wf/nat.json" "$wf/nat_sensitivity.json" -- \
    "$bin" fit --model native --budget 20 --sensitivity --out "$wf/nat.json" "$wf_log" \
    && json+=("$wf/nat.json" "$wf/nat_sensitivity.json")
produce "sensitivity --out" "$wf/s.json" -- "$bin" sensitivity --params "$wf_params" --out "$wf/s.json" "$wf_log" \
    && json+=("$wf/s.json")
# a carried key (one the core does not model) whose value holds quotes, a
# backslash and UTF-8: written back as the file spelled it
sed 's/"model"/"note": "a \\"quoted\\" \\\\ path, 20 °C, \\u00e9",\n    "model"/' "$wf_params" >"$wf/carry.json"
produce "fit --from a carried string" "$wf/carried.json" -- \
    "$bin" fit --model m6 --from "$wf/carry.json" --budget 40 --threads 1 --out "$wf/carried.json" "$wf_log" \
    && json+=("$wf/carried.json")
grep -qF '"note": "a \"quoted\" \\ path, 20 °C, \u00e9"' "$wf/carried.json" 2>/dev/null \
    || bad "wellformed: the carried string is not written as the file spelled it: $(grep note "$wf/carried.json" 2>&1)"
# ---- MJCF
if produce "mujoco-model, an M-model" "$tmp/out" -- "$bin" mujoco-model --log "$wf_log" --params "$wf_params"; then
    cp "$tmp/out" "$wf/bench.xml" && mjcf+=("$wf/bench.xml"); fi
if produce "mujoco-model, bam's m4" "$tmp/out" -- "$bin" mujoco-model --log "$wf_log" --params "$bam/params/xl330/m4.json"; then
    cp "$tmp/out" "$wf/bench-m4.xml" && mjcf+=("$wf/bench-m4.xml"); fi
if [ -s "$wf/nat.json" ]; then
    if produce "mujoco-model, a native file" "$tmp/out" -- "$bin" mujoco-model --log "$wf_log" --params "$wf/nat.json"; then
        cp "$tmp/out" "$wf/bench-native.xml" && mjcf+=("$wf/bench-native.xml"); fi
    for c in "xl330_native 3" "a--b- 3" "a--b- 2" "- 2"; do
        read -r cname dialect <<<"$c"
        if produce "mujoco-model --class $cname --mujoco $dialect" "$tmp/out" -- \
            "$bin" mujoco-model --class "$cname" --params "$wf/nat.json" --mujoco "$dialect"; then
            cp "$tmp/out" "$wf/class-$cname-$dialect.xml" && mjcf+=("$wf/class-$cname-$dialect.xml"); fi
    done
fi
# ---- CSV (FILE:WORD,... : those columns hold words, not numbers)
produce "replay --csv" "$wf/replay.csv" -- "$bin" replay --params "$wf_params" --csv "$wf/replay.csv" "$wf_log" && csvs+=("$wf/replay.csv")
produce "run model-a" "$tmp/out" -- "$bin" run model-a duration=0.05 && cp "$tmp/out" "$wf/run.csv" && csvs+=("$wf/run.csv")
produce "eval" "$tmp/out" -- "$bin" eval law=stribeck Fs=1 Fc=0.5 vs=0.1 D=0.01 alpha=2 Z=0.1 what=phi_z x=-1,0,1e-300,1 \
    && cp "$tmp/out" "$wf/eval.csv" && csvs+=("$wf/eval.csv")
produce "diagram" "$tmp/out" -- "$bin" diagram --params "$wf_params" velocities=0,0.5,1 points=5 \
    && cp "$tmp/out" "$wf/diagram.csv" && csvs+=("$wf/diagram.csv:region,boundary")
run "$bin" mujoco "$wf/none.xml" --joint j law=coulomb-viscous Fc=1
if grep -q 'built without MuJoCo' "$tmp/err"; then skip "wellformed: mujoco --csv (built without MuJoCo)"
else
    cp "$tmp/pend.xml" "$wf/pend.xml"   # tests/cli/mujoco.sh's pendulum
    produce "mujoco --csv" "$wf/mj.csv" -- "$bin" mujoco "$wf/pend.xml" --joint hinge law=coulomb-viscous Fc=0.3 --duration 0.05 --csv "$wf/mj.csv" \
        && csvs+=("$wf/mj.csv")
    produce "mujoco --log --csv" "$wf/mjlog.csv" -- "$bin" mujoco "$wf/bench.xml" --joint joint --params "$wf_params" --log "$wf_log" --csv "$wf/mjlog.csv" \
        && csvs+=("$wf/mjlog.csv")
    [ -s "$wf/nat.json" ] && produce "mujoco --params NATIVE --csv" "$wf/mjnat.csv" -- \
        "$bin" mujoco --params "$wf/nat.json" --log "$wf_log" --csv "$wf/mjnat.csv" && csvs+=("$wf/mjnat.csv")
    produce "mujoco --adopt --csv" "$wf/adopt.csv" -- "$bin" mujoco "$wf/pend.xml" --adopt 'hinge=xl330/m1' --seconds 0.05 --csv "$wf/adopt.csv" \
        && csvs+=("$wf/adopt.csv")
    # a robot's identification: the recipe and its segments, the tracks of
    # one joint's fit, and the params files tests/cli/ident.sh's fits wrote
    wf_rid=$root/../shared/data/robot_ident
    if [ -f "$wf_rid/T0/recipe.csv" ]; then
        produce "recording recipe" "$wf/recipe.csv" "$wf/recipe_segments.json" -- \
            "$bin" recording recipe --mjcf "$wf_rid/so101_stripped.xml" --out "$wf/recipe.csv" --seconds 20 \
            && csvs+=("$wf/recipe.csv") && json+=("$wf/recipe_segments.json")
        produce "ident --tracks" "$wf/tracks.csv" -- "$bin" ident --mjcf "$wf_rid/so101_stripped.xml" "$wf_rid/T0/recipe.csv" \
            --leave shoulder_pan,shoulder_lift,elbow_flex,wrist_roll,gripper --budget 30 --tracks "$wf/tracks.csv" \
            && csvs+=("$wf/tracks.csv")
        for f in "$tmp"/ident-out/*.json "$tmp"/ident-m1/*.json; do
            if [ -s "$f" ]; then json+=("$f"); else bad "wellformed: tests/cli/ident.sh wrote no $f"; fi
        done
    else skip "wellformed: the identification's files ($wf_rid/T0/recipe.csv not found)"; fi
fi

# ---- the parsers
if ! command -v xmllint >/dev/null 2>&1; then bad "wellformed: no xmllint (Debian's libxml2-utils: tools/deps.sh native)"
else
    for f in "${mjcf[@]}"; do
        if xmllint --noout "$f" 2>"$tmp/xmlerr"; then ok; else bad "wellformed: xmllint refuses $f: $(head -c 300 "$tmp/xmlerr")"; fi
    done
    [ ${#mjcf[@]} -ge 5 ] || bad "wellformed: only ${#mjcf[@]} MJCF files written"
fi
if ! command -v python3 >/dev/null 2>&1; then bad "wellformed: no python3 (tools/deps.sh native)"
else
    for f in "${json[@]}"; do
        if python3 "$strict" json "$f" 2>"$tmp/jsonerr"; then ok
        else bad "wellformed: strict JSON refuses $f: $(tail -n 1 "$tmp/jsonerr")"; fi
    done
    [ ${#json[@]} -ge 12 ] || bad "wellformed: only ${#json[@]} JSON files written"
    for fw in "${csvs[@]}"; do
        f=${fw%%:*} words=
        [ "$f" != "$fw" ] && words=${fw#*:}
        if python3 "$strict" csv "$f" "$words" 2>"$tmp/csverr"; then ok
        else bad "wellformed: strict CSV refuses $f: $(tail -n 1 "$tmp/csverr")"; fi
    done
fi
# ---- the parsers refuse what they are there to refuse (each a file of one fault)
if command -v python3 >/dev/null 2>&1; then
    printf '{"a": NaN}' >"$wf/bad-nan.json"
    printf '{"a": 1, "a": 2}' >"$wf/bad-twice.json"
    printf 't,q\n0,1\n1\n' >"$wf/bad-ragged.csv"
    printf 't,q\n0,nan\n' >"$wf/bad-nan.csv"
    printf '# what\nt [s],joint\n0,NaN\n' >"$wf/bad-page-nan.csv"
    printf '# what\nt [s],q [rad]\n0,1.\n' >"$wf/bad-page-number.csv"
    printf '\x89PNG\r\n\x1a\n\0\0\0\rIHDR\0\0\0\0\0\0\0\0' >"$wf/bad-size.png"
    for c in "json bad-nan.json" "json bad-twice.json" "csv bad-ragged.csv" "csv bad-nan.csv" \
             "page-csv bad-page-nan.csv" "page-csv bad-page-number.csv" "png bad-size.png"; do
        read -r kind f <<<"$c"
        if python3 "$strict" "$kind" "$wf/$f" 2>/dev/null; then bad "wellformed: strict.py $kind passes $f, a file it must refuse"; else ok; fi
    done
    printf '# what\n# \xc2\xb0C\nt [s],joint,note\n0,shoulder_pan,"a sentence, quoted"\n1e-7,gripper,2\xc2\xb7frictionloss\n' >"$wf/good-page.csv"
    if python3 "$strict" page-csv "$wf/good-page.csv" 2>"$tmp/csverr"; then ok
    else bad "wellformed: strict.py page-csv refuses a well-formed page CSV: $(tail -n 1 "$tmp/csverr")"; fi
fi
