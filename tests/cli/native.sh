# tests/cli/native.sh: MuJoCo's native joint (fric_native.h) from the
# command line, sourced by tests/cli/run.sh (its $bin, $tmp, $bam, run, ok,
# bad, usage_error). A native params file replayed (the MAE recomputed here
# from the --csv file), bad native input refused with one sentence naming
# the key (a native file with an M-model key, an M-model file with a native
# key, negative frictionloss, kv without kp, an inverted forcerange), and
# `friction fit --model native`: the file it writes, replayed, gives the
# training MAE the fit printed (the fit reports what a replay gives).
xl=$bam/logs/xl330/processed
sts=$bam/logs/sts3215/raw
cat >"$tmp/nat.json" <<'JSON'
{ "frictionloss": 0.02, "damping": 0.01, "armature": 0.0016, "kp": 0.7, "firmware_kp": 400, "kv": 0.03,
  "forcerange_lo": -0.7, "forcerange_hi": 0.7, "model": "native", "actuator": "xl330" }
JSON
run "$bin" replay --params "$tmp/nat.json" --csv "$tmp/nat.csv" "$xl/2026-01-15_10h28m10.json" "$xl/2026-01-15_10h29m47.json"
if [ $rc -eq 0 ] && [ "$(grep -v '^mean:' "$tmp/out" | grep -c ': mae ')" -eq 2 ]; then
    # the MAE of each log recomputed from the CSV (logged and simulated positions)
    miss=$(awk -F, 'NR > 1 { d = $3 - $4; s[$1] += d < 0 ? -d : d; n[$1]++ }
                    END { for (k in s) printf "%d %.12g\n", k, s[k] / n[k] }' "$tmp/nat.csv" | sort -n |
           paste - <(grep -v '^mean:' "$tmp/out" | grep ': mae ' | sed 's/.*: mae \([^ ]*\) rad.*/\1/') |
           awk '{ if ($2 - $3 > 1e-9 || $3 - $2 > 1e-9) print "log " $1 ": csv " $2 ", printed " $3 }')
    if [ -z "$miss" ]; then ok; else bad "native replay: $miss"; fi
else bad "native replay: exit $rc: $(head -c 300 "$tmp/err")"; fi

sed 's/"model": "native"/"friction_base": 0.05, "model": "native"/' "$tmp/nat.json" >"$tmp/nat_mixed.json"
usage_error "native file with an M-model key" '"friction_base"' "M1–M6" -- \
    "$bin" replay --params "$tmp/nat_mixed.json" "$xl/2026-01-15_10h28m10.json"
printf '{"kt": 0.39, "R": 4, "armature": 0.0018, "q_offset": 0, "friction_base": 0.01, "friction_viscous": 0.003, "kv": 0.1, "model": "m1", "actuator": "xl330"}' >"$tmp/m1_kv.json"
usage_error "M-model file with a native key" '"kv"' "native" -- \
    "$bin" replay --params "$tmp/m1_kv.json" "$xl/2026-01-15_10h28m10.json"
sed 's/"frictionloss": 0.02/"frictionloss": -0.1/' "$tmp/nat.json" >"$tmp/nat_neg.json"
usage_error "native negative frictionloss" "frictionloss = -0.1" "[0, " -- \
    "$bin" replay --params "$tmp/nat_neg.json" "$xl/2026-01-15_10h28m10.json"
sed 's/"kp": 0.7/"kp": 0/' "$tmp/nat.json" >"$tmp/nat_kv.json"
usage_error "native kv without kp" "kv" "kp > 0" -- "$bin" replay --params "$tmp/nat_kv.json" "$xl/2026-01-15_10h28m10.json"
sed 's/"forcerange_lo": -0.7/"forcerange_lo": 0.9/' "$tmp/nat.json" >"$tmp/nat_inv.json"
usage_error "native forcerange inverted" "forcerange_lo" "inverted" -- \
    "$bin" replay --params "$tmp/nat_inv.json" "$xl/2026-01-15_10h28m10.json"
usage_error "native with --integrator" "--integrator" "native" -- \
    "$bin" replay --params "$tmp/nat.json" --integrator mujoco "$xl/2026-01-15_10h28m10.json"
usage_error "native with --friction" "--friction" "native" "frictionloss" -- \
    "$bin" replay --params "$tmp/nat.json" --friction implicit "$xl/2026-01-15_10h28m10.json"

# the fit: 2 raw sts3215 logs, a small budget; its file replayed gives its train MAE
s1=$sts/2024-10-26_12h23m27.json s2=$sts/2024-10-26_12h23m42.json
run "$bin" fit --model native --budget 600 --seed 3 --sensitivity --out "$tmp/fit_native.json" "$s1" --validate "$s2"
if [ $rc -eq 0 ] && [ -s "$tmp/fit_native.json" ] && grep -q '"model": "native"' "$tmp/fit_native.json"; then
    fit_train=$(sed -n 's/^wrote .*: sts3215 native .*, training MAE \([^ ]*\) rad$/\1/p' "$tmp/out")
    fit_valid=$(sed -n 's/^  native validation .*: mae \([^ ]*\) rad$/\1/p' "$tmp/out")
    run "$bin" replay --params "$tmp/fit_native.json" "$s1"
    rep_train=$(sed -n 's/^mean: mae \([^ ]*\) rad.*/\1/p' "$tmp/out")
    run "$bin" replay --params "$tmp/fit_native.json" "$s2"
    rep_valid=$(sed -n 's/^mean: mae \([^ ]*\) rad.*/\1/p' "$tmp/out")
    if awk -v a="$fit_train" -v b="$rep_train" -v c="$fit_valid" -v d="$rep_valid" \
        'BEGIN { e = a - b; f = c - d; exit !(a != "" && c != "" && e < 1e-12 && e > -1e-12 && f < 1e-12 && f > -1e-12) }'; then ok
    else bad "fit --model native: fit train $fit_train / validation $fit_valid, replay $rep_train / $rep_valid"; fi
    # the sensitivity file: bam's keys, model native, every range around its value
    if [ -s "$tmp/fit_native_sensitivity.json" ] && grep -q '"model": "native"' "$tmp/fit_native_sensitivity.json" \
       && [ "$(grep -c '"lower"' "$tmp/fit_native_sensitivity.json")" -eq 7 ]; then ok   # the 7 fitted keys, q_offset the 7th
    else bad "fit --model native --sensitivity: $(head -c 300 "$tmp/fit_native_sensitivity.json" 2>&1)"; fi
else bad "fit --model native: exit $rc: $(head -c 300 "$tmp/err")"; fi
# A --validate log also among the training logs is held out, as for M1..M6
# (docs/cli.md's `--validate a.json --out p.json logs/*.json`): the fit with
# V among LOGS (V given through a symlink: the same file, another name) is the
# fit with V left out of LOGS, the reference: the same validation and
# training MAE printed, the same fit_holdout_mae written, V listed as dropped.
s3=$sts/2024-10-26_12h24m55.json
ln -sf "$s3" "$tmp/held_out.json"
run "$bin" fit --model native --budget 200 --validate "$tmp/held_out.json" --seed 2 --out "$tmp/nat_in.json" "$s1" "$s2" "$s3"
cp "$tmp/out" "$tmp/nat_in.out"
rc_in=$rc
run "$bin" fit --model native --budget 200 --seed 2 --out "$tmp/nat_apart.json" "$s1" "$s2" --validate "$tmp/held_out.json"
v_in=$(sed -n 's/^  native validation .*: mae \([^ ]*\) rad$/\1/p' "$tmp/nat_in.out")
v_apart=$(sed -n 's/^  native validation .*: mae \([^ ]*\) rad$/\1/p' "$tmp/out")
t_in=$(sed -n 's/^wrote .*, training MAE \([^ ]*\) rad$/\1/p' "$tmp/nat_in.out")
t_apart=$(sed -n 's/^wrote .*, training MAE \([^ ]*\) rad$/\1/p' "$tmp/out")
h_in=$(sed -n 's/.*"fit_holdout_mae": \([^,]*\),*$/\1/p' "$tmp/nat_in.json" 2>/dev/null)
h_apart=$(sed -n 's/.*"fit_holdout_mae": \([^,]*\),*$/\1/p' "$tmp/nat_apart.json" 2>/dev/null)
if [ $rc_in -eq 0 ] && [ $rc -eq 0 ] && [ -n "$v_in" ] && [ "$v_in" = "$v_apart" ] && [ -n "$t_in" ] \
   && [ "$t_in" = "$t_apart" ] && [ -n "$h_in" ] && [ "$h_in" = "$h_apart" ] \
   && ! grep -q "^  native training   $s3:" "$tmp/nat_in.out" && grep -q "^  (dropped)  $s3 " "$tmp/nat_in.out"; then ok
else bad "fit --model native --validate V with V among LOGS: validation $v_in (V left out: $v_apart), train $t_in ($t_apart), fit_holdout_mae $h_in ($h_apart), exit $rc_in/$rc: $(head -c 400 "$tmp/nat_in.out")"; fi
usage_error "fit --model native: every training log a --validate log" "every log given is a --validate log" -- \
    "$bin" fit --model native --validate "$s1" --budget 20 --out "$tmp/x.json" "$s1"

# --model all: native.json beside m1..m6, a native params file replay reads,
# its row in the one table and its wrote line
rm -rf "$tmp/all_native"
run "$bin" fit --model all --budget 200 --out "$tmp/all_native" "$s1"
if [ $rc -eq 0 ] && grep -q '"model": "native"' "$tmp/all_native/native.json" 2>/dev/null && [ -s "$tmp/all_native/m6.json" ] \
   && "$bin" replay --params "$tmp/all_native/native.json" "$s1" >/dev/null 2>&1 \
   && grep -qE '^native +fit +[0-9]' "$tmp/out" && grep -qE '^M6 +fit' "$tmp/out" \
   && grep -q "^wrote $tmp/all_native/native.json: sts3215 native" "$tmp/out"; then ok
else bad "fit --model all: no native.json beside m1..m6 (exit $rc): $(head -c 300 "$tmp/err")"; fi

# `friction mujoco --params NATIVE.json --log LOG`: real MuJoCo runs the
# native joint on the log's bench; its MAE is the CSV's (recomputed here) and
# the core's restatement (`friction replay`) agrees within 1e-9 rad; MODEL.xml
# or --treatment with a native file refused
run "$bin" mujoco --params "$tmp/nat.json" --log "$xl/2026-01-15_10h29m47.json" --csv "$tmp/nat_mj.csv"
if grep -q 'built without MuJoCo' "$tmp/err"; then
    if [ "${CI:-}" = true ]; then bad "mujoco with a native file: the tool was built without MuJoCo"
    else skip "mujoco with a native file: no MuJoCo"; fi
elif [ $rc -eq 0 ]; then
    mj=$(sed -n 's/^mae \([^ ]*\) rad$/\1/p' "$tmp/out")
    csv=$(awk -F, 'NR > 1 { d = $2 - $3; s += d < 0 ? -d : d; n++ } END { printf "%.12g", s / n }' "$tmp/nat_mj.csv")
    run "$bin" replay --params "$tmp/nat.json" "$xl/2026-01-15_10h29m47.json"
    core=$(sed -n 's/^mean: mae \([^ ]*\) rad.*/\1/p' "$tmp/out")
    if awk -v a="$mj" -v b="$csv" -v c="$core" 'BEGIN { exit !(a - b <= 1e-9 && b - a <= 1e-9 && a - c <= 1e-9 && c - a <= 1e-9 && a > 0) }'
    then ok; else bad "mujoco with a native file: printed $mj, csv $csv, friction replay $core"; fi
    usage_error "mujoco: a native file with MODEL.xml" "native" "bench.xml" -- \
        "$bin" mujoco bench.xml --params "$tmp/nat.json" --log "$xl/2026-01-15_10h29m47.json"
    usage_error "mujoco: a native file without --log" "native" "--log" -- "$bin" mujoco --params "$tmp/nat.json"
else bad "mujoco with a native file: exit $rc: $(head -c 300 "$tmp/err")"; fi
