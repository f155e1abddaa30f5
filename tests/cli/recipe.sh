# tests/cli/recipe.sh: `friction recording recipe`, sourced by run.sh (its run,
# ok, bad, skip, usage_error; $bin, $tmp, $root). The recipe for the SO-101
# (../shared/data/robot_ident/so101_stripped.xml) judged by awk from its CSV
# and the MJCF's own range attributes: every goal inside its range less a
# tenth at each end, no goal faster than 0.8 rad/s, holds (a goal still for
# 2 s) approached from above and from below at least 3 times per joint. Then
# the recipe played by the robot player (real MuJoCo 2.2.2, T0's truth,
# tests/mujoco/robot_player.c) and the recording it writes accepted by
# `friction recording check`.
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
    else
        skip "recording recipe played: $player or T0's truth missing"
    fi
    usage_error "recording recipe without --mjcf" "--mjcf ROBOT.xml" -- "$bin" recording recipe --out "$tmp/r.csv"
    usage_error "recording recipe: an unknown option" "'--speed'" -- "$bin" recording recipe --speed 1
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
