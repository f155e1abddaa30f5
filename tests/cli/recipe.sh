# tests/cli/recipe.sh: `friction recording recipe`, sourced by run.sh (its run,
# ok, bad, skip, usage_error; $bin, $tmp, $root). The recipe for the SO-101
# (../shared/data/robot_ident/so101_stripped.xml) judged by awk from its CSV
# and the MJCF's own range attributes: every goal inside its range less a
# tenth at each end, no goal faster than 0.8 rad/s, holds (a goal still for
# 2 s) approached from above and from below at least 3 times per joint. Then
# the recipe played by the robot player (real MuJoCo 2.2.2, T0's truth,
# tests/mujoco/robot_player.c) and the recording it writes accepted by
# `friction recording check`, and the gap between its holds from above and
# from below at each pose between 0.4 and 1.2 times T0's friction band.
# hold_gaps SEGMENTS.json PLAYED.csv TRUTH.json: at every pose, each joint held
# after an approach from above rests above where it rests after one from below,
# by 0.4 to 1.2 times the truth's friction band 2·frictionloss/kp (the mean of
# the first half second of each hold; an underdamped joint that overshot its
# goal would rest on the other side). Lines "ok|BAD joint pose gap band" on
# stdout; status 1 on a BAD one.
hold_gaps() {
    python3 - "$1" "$2" "$3" <<'PY'
import csv, json, math, sys
seg, rows, truth = json.load(open(sys.argv[1])), list(csv.reader(open(sys.argv[2]))), json.load(open(sys.argv[3]))["joints"]
J = (len(rows[0]) - 1) // 2
names = [c[4:] for c in rows[0][1 + J:]]
data = [[float(v) for v in r] for r in rows[1:]]
count = 2 * math.pi / 4096
holds = [s for s in seg["segments"] if s["kind"] == "hold"]
bad = 0
for j, name in enumerate(names):
    band = 2 * truth[name]["frictionloss"] / truth[name]["kp"]
    for pose in sorted({s["pose"] for s in holds}):
        rest = {}
        for s in (s for s in holds if s["pose"] == pose):
            ks = [k for k, r in enumerate(data) if s["t0"] + 0.1 <= r[0] <= s["t0"] + 0.6]
            rest[s["approach"][j]] = sum(data[k][1 + J + j] for k in ks) / len(ks)
        gap = rest["from_above"] - rest["from_below"]
        ok = 0.4 * band <= gap <= 1.2 * band
        bad += not ok
        print("%s %s %s gap %.2f counts, band %.2f counts" % ("ok" if ok else "BAD", name, pose, gap / count, band / count))
sys.exit(bad > 0)
PY
}
ident=$root/../shared/data/robot_ident
player=${PLAYER:-$root/build/native/tests/mujoco/robot_player}
run "$bin" recording recipe --mjcf "$ident/so101_stripped.xml" --out "$tmp/none.csv"
if grep -q 'built without MuJoCo' "$tmp/err"; then
    skip "recording recipe: the tool was built without MuJoCo"
elif [ ! -f "$ident/so101_stripped.xml" ]; then
    skip "recording recipe: $ident/so101_stripped.xml not found (../shared/data/robot_ident)"
else
    run "$bin" recording recipe --mjcf "$ident/so101_stripped.xml" --out "$tmp/recipe.csv"
    if [ $rc -eq 0 ] && [ -s "$tmp/recipe.csv" ] && [ -s "$tmp/recipe_segments.json" ] \
       && grep -q "^recipe $tmp/recipe.csv: 6 joints, 3601 frames, 120 s at 30 Hz; 3 poses" "$tmp/out"; then ok
    else bad "recording recipe: exit $rc: $(cat "$tmp/out" "$tmp/err" | head -c 300)"; fi
    python3 -c "import json,sys; json.load(open(sys.argv[1]))" "$tmp/recipe_segments.json" 2>"$tmp/json-err" \
        && ok || bad "recording recipe: the segments are not JSON: $(head -c 200 "$tmp/json-err")"
    # the MJCF's ranges, by joint name, as awk reads the attributes
    sed -n 's/.*<joint [^>]*name="\([^"]*\)"[^>]*range="\([^ ]*\) \([^"]*\)".*/\1 \2 \3/p' "$ident/so101_stripped.xml" >"$tmp/ranges"
    awk -v fps=30 'FNR == NR { lo[$1] = $2; hi[$1] = $3; next }
        FNR == 1 { for (c = 2; c <= NF; c++) name[c] = $c; J = NF; next }
        { for (c = 2; c <= J; c++) {
              g = $c + 0; m = 0.1 * (hi[name[c]] - lo[name[c]])
              if (g < lo[name[c]] + m - 1e-9 || g > hi[name[c]] - m + 1e-9) { printf "frame %d %s = %s outside\n", FNR - 2, name[c], $c; out++ }
              if (FNR > 2) { v = (g - prev[c]) * fps; if (v < 0) v = -v; if (v > vmax) vmax = v
                  if (g == prev[c]) { still[c]++ } else {
                      if (still[c] >= 2 * fps) { if (into[c] > 0) below[c]++; else if (into[c] < 0) above[c]++ }
                      still[c] = 0; into[c] = g - prev[c] } }
              prev[c] = g } }
        END { printf "vmax %.6f\n", vmax
              for (c = 2; c <= J; c++) printf "%s %d %d\n", name[c], above[c] + 0, below[c] + 0
              exit out > 0 }' FS=' ' "$tmp/ranges" FS=, "$tmp/recipe.csv" >"$tmp/recipe-awk" \
        || bad "recording recipe: goals outside their ranges: $(head -3 "$tmp/recipe-awk")"
    awk 'NR == 1 { exit !($2 <= 0.8 + 1e-9) }' "$tmp/recipe-awk" && ok \
        || bad "recording recipe: a goal faster than 0.8 rad/s: $(head -1 "$tmp/recipe-awk")"
    awk 'NR > 1 && ($2 < 3 || $3 < 3) { print; bad = 1 } END { exit bad }' "$tmp/recipe-awk" >"$tmp/recipe-few" && ok \
        || bad "recording recipe: fewer than 3 holds from above or below: $(cat "$tmp/recipe-few")"
    if [ -x "$player" ] && [ -f "$ident/T0/truth.json" ]; then
        run "$player" "$ident/so101_stripped.xml" "$ident/T0/truth.json" "$tmp/recipe.csv" "$tmp/recipe-played.csv"
        [ $rc -eq 0 ] || bad "robot player on the recipe: exit $rc: $(head -c 300 "$tmp/err")"
        run "$bin" recording check "$tmp/recipe-played.csv"
        if [ $rc -eq 0 ] && grep -q ": 6 joints, 3601 frames, 120 s, 30 Hz" "$tmp/out"; then ok
        else bad "recording check of the recipe played: exit $rc: $(cat "$tmp/out" "$tmp/err" | head -c 300)"; fi
        # what the holds are for, in real MuJoCo: T0's robot, then a check robot of
        # other parameters (tests/mujoco/check_robot.mjs, seed 1: not tuned to T0)
        hold_gaps "$tmp/recipe_segments.json" "$tmp/recipe-played.csv" "$ident/T0/truth.json" >"$tmp/gaps" 2>&1
        [ $? -eq 0 ] && ok || bad "recording recipe played: a hold gap outside 0.4-1.2 bands: $(grep BAD "$tmp/gaps" | head -3)"
        # (in one part only: check_robot.mjs runs the optimised build's tool and
        # player whichever $bin this run checks, so the sanitizer part would
        # repeat the same programs on the same input; it is run beside the
        # optimised $bin)
        if ldd "$bin" 2>/dev/null | grep -q libasan; then elsewhere "check robot 1's hold gaps (the optimised tool and player)"
        elif node "$root/tests/mujoco/check_robot.mjs" --seed 1 --out "$tmp/check-1" >"$tmp/check-out" 2>&1; then
            hold_gaps "$tmp/check-1/recipe_goals_segments.json" "$tmp/check-1/recipe.csv" "$tmp/check-1/truth.json" >"$tmp/gaps" 2>&1 \
                && ok || bad "check robot 1: a hold gap outside 0.4-1.2 bands: $(grep BAD "$tmp/gaps" | head -3)"
        else
            bad "check robot 1: $(head -c 300 "$tmp/check-out")"
        fi
    else
        skip "recording recipe played: $player or T0's truth missing"
    fi
    usage_error "recording recipe without --mjcf" "--mjcf ROBOT.xml" -- "$bin" recording recipe --out "$tmp/r.csv"
    usage_error "recording recipe: an unknown option" "'--speed'" -- "$bin" recording recipe --speed 1
    # the one option table (cli_option_in): an argument that is no option is named so, --name=VALUE read
    usage_error "recording recipe: a bare word" "unknown argument 'robot.xml'" -- "$bin" recording recipe robot.xml
    usage_error "recording recipe: --seconds=abc" "--seconds 'abc' must be a number" -- "$bin" recording recipe --seconds=abc
    usage_error "recording recipe: --seconds not a number" "--seconds 'abc'" -- \
        "$bin" recording recipe --mjcf "$ident/so101_stripped.xml" --out "$tmp/r.csv" --seconds abc
    usage_error "recording recipe: --seconds too short" "seconds = 5" "20" -- \
        "$bin" recording recipe --mjcf "$ident/so101_stripped.xml" --out "$tmp/r.csv" --seconds 5
    cat >"$tmp/free.xml" <<'XML'
<mujoco>
  <worldbody><body><joint name="spin" type="hinge" axis="0 0 1"/><geom size="0.1"/></body></worldbody>
  <actuator><position name="spin" joint="spin" kp="5"/></actuator>
</mujoco>
XML
    usage_error "recording recipe: a driven joint without a range" "joint spin has no range" -- \
        "$bin" recording recipe --mjcf "$tmp/free.xml" --out "$tmp/r.csv"
    [ ! -e "$tmp/r.csv" ] && ok || bad "recording recipe: a refused recipe wrote $tmp/r.csv"
fi
