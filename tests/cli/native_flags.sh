# tests/cli/native_flags.sh: `friction fit --model native` takes the
# M-models' options and prints what they print (one path in cli/fit.c),
# sourced by tests/cli/run.sh (its $bin, $tmp, $bam, run, ok, bad,
# usage_error). Each expectation comes from elsewhere than the native fit:
# the logs' own headers (kp, trajectory), M1's split of the same logs, the
# value given on the command line, the --from file itself, `friction
# replay` of the written file.
nxl=$bam/logs/xl330/processed
nsts=$bam/logs/sts3215/raw
# 4 xl330 logs: kp 100 and 800, trajectories sin_sin and lift_and_drop (read
# from the headers below, not assumed)
nf_logs=("$nxl/2026-01-15_10h28m10.json" "$nxl/2026-01-15_10h28m17.json" "$nxl/2026-01-15_10h29m47.json" "$nxl/2026-01-15_10h29m54.json")
header_of() { sed -n "s/.*\"$2\": *\"\{0,1\}\([^\",}]*\)\"\{0,1\}.*/\1/p" "$1" | head -1; }
# the split lines ("  training   LOG (kp ..., trajectory)") of a fit's stdout
split_lines() { grep -E '^  (training|validation|\(dropped\)|\(excluded\)) ' "$1"; }
# a key's value as written in a params file
key_of() { sed -n "s/^ *\"$2\": \([^,]*\),*$/\1/p" "$1" 2>/dev/null; }

# --validation-kp K: the validation logs are exactly those whose header kp is K
run "$bin" fit --model native --validation-kp 800 --budget 40 --threads 1 --out "$tmp/nf_kp.json" "${nf_logs[@]}"
want=""; for f in "${nf_logs[@]}"; do [ "$(header_of "$f" kp)" = 800 ] && want="$want $f"; done
got=$(sed -n 's/^  validation \([^ ]*\) (kp.*/\1/p' "$tmp/out" | tr '\n' ' ')
if [ $rc -eq 0 ] && [ -n "$want" ] && [ "$(echo $got)" = "$(echo $want)" ]; then ok
else bad "fit --model native --validation-kp 800: validation '$got', the headers' kp 800 '$want' (exit $rc): $(head -c 300 "$tmp/err")"; fi

# --validation-split alternate: the same logs as for M1
run "$bin" fit --model m1 --validation-split alternate --budget 40 --threads 1 --out "$tmp/nf_m1.json" "${nf_logs[@]}"
split_lines "$tmp/out" >"$tmp/nf_split_m1"
run "$bin" fit --model native --validation-split alternate --budget 40 --threads 1 --out "$tmp/nf_alt.json" "${nf_logs[@]}"
split_lines "$tmp/out" >"$tmp/nf_split_native"
if [ $rc -eq 0 ] && grep -q '^  validation ' "$tmp/nf_split_native" && cmp -s "$tmp/nf_split_m1" "$tmp/nf_split_native"; then ok
else bad "fit --model native --validation-split alternate: its split is not M1's: $(cat "$tmp/nf_split_native") / M1: $(cat "$tmp/nf_split_m1")"; fi
# ... and what the M-models print: the table's native fit row, the per-log
# lines, progress on stderr, the wrote line
cp "$tmp/out" "$tmp/nf_alt.out"
miss=""
grep -qE '^native +fit +[0-9]\.[0-9]{5} +[0-9]\.[0-9]{5} +40 ' "$tmp/nf_alt.out" || miss="$miss no table row 'native fit TRAIN VALID 40';"
[ "$(grep -c '^  native \(training\|validation\) ' "$tmp/nf_alt.out")" -eq 4 ] || miss="$miss not 4 per-log lines;"
grep -q '^fit native: gen [0-9]* *evals [0-9]*/40 ' "$tmp/err" || miss="$miss no progress line on stderr;"
grep -q "^wrote $tmp/nf_alt.json: xl330 native (MuJoCo's joint), training MAE " "$tmp/nf_alt.out" || miss="$miss no wrote line;"
if [ $rc -eq 0 ] && [ -z "$miss" ]; then ok; else bad "fit --model native: the M-models' output:$miss (exit $rc)"; fi
# the caution of a held-out trajectory with no training log: training on a
# sin_sin log, validating on a lift_and_drop one (the headers say which)
tt=$(header_of "${nf_logs[0]}" trajectory) vt=$(header_of "${nf_logs[1]}" trajectory)
run "$bin" fit --model native --budget 40 --threads 1 --out "$tmp/nf_c.json" "${nf_logs[0]}" --validate "${nf_logs[1]}"
if [ $rc -eq 0 ] && [ "$tt" != "$vt" ] && grep -q "^caution, native: .*no training log of the trajectory $vt" "$tmp/out"; then ok
else bad "fit --model native: no caution for the held-out trajectory $vt with no training log (training: $tt; exit $rc): $(grep caution "$tmp/out")"; fi

# --set kp=2.5: the written file holds exactly that value; a key the native
# model lacks is refused naming it and the native keys
run "$bin" fit --model native --set kp=2.5 --budget 40 --threads 1 --out "$tmp/nf_set.json" "${nf_logs[@]:0:2}"
if [ $rc -eq 0 ] && [ "$(key_of "$tmp/nf_set.json" kp)" = 2.5 ] && [ "$(key_of "$tmp/nf_set.json" damping)" != "" ]; then ok
else bad "fit --model native --set kp=2.5: the file's kp is '$(key_of "$tmp/nf_set.json" kp)' (exit $rc): $(head -c 300 "$tmp/err")"; fi
usage_error "fit --model native --set of an M-model key" "kt" "native" "frictionloss, damping, armature, kp, kv, forcerange_hi, q_offset" -- \
    "$bin" fit --model native --set kt=0.5 --out "$tmp/nf_x.json" "${nf_logs[0]}"
usage_error "fit --model native --bounds of an M-model key" "K_c" "native" "frictionloss" -- \
    "$bin" fit --model native --bounds K_c=0:1 --out "$tmp/nf_x.json" "${nf_logs[0]}"
usage_error "fit --model native --integrator" "--integrator" "native" -- \
    "$bin" fit --model native --integrator mujoco --out "$tmp/nf_x.json" "${nf_logs[0]}"

# --bounds damping=0.5:0.6 (above the free fit's damping): the fitted value inside
run "$bin" fit --model native --bounds damping=0.5:0.6 --budget 60 --threads 1 --out "$tmp/nf_b.json" "${nf_logs[@]:0:2}"
d=$(key_of "$tmp/nf_b.json" damping)
if [ $rc -eq 0 ] && awk -v d="$d" 'BEGIN { exit !(d != "" && d >= 0.5 && d <= 0.6) }'; then ok
else bad "fit --model native --bounds damping=0.5:0.6: damping '$d' (exit $rc): $(head -c 300 "$tmp/err")"; fi

# --from F --budget 0: no search; the file written holds F's parameters, and
# its training MAE is what `friction replay` of F gives
run "$bin" replay --params "$tmp/nf_set.json" "${nf_logs[@]:2:2}"
rep=$(sed -n 's/^mean: mae \([^ ]*\) rad.*/\1/p' "$tmp/out")
run "$bin" fit --model native --from "$tmp/nf_set.json" --budget 0 --out "$tmp/nf_from.json" "${nf_logs[@]:2:2}"
miss=""
for k in frictionloss damping armature kp firmware_kp kv forcerange_lo forcerange_hi q_offset solreffriction_timeconst; do
    [ "$(key_of "$tmp/nf_from.json" $k)" = "$(key_of "$tmp/nf_set.json" $k)" ] || miss="$miss $k"
done
tr=$(key_of "$tmp/nf_from.json" fit_train_mae)
if [ $rc -eq 0 ] && [ -z "$miss" ] && [ -n "$rep" ] && awk -v a="$tr" -v b="$rep" 'BEGIN { d = a - b; exit !(d < 1e-12 && d > -1e-12) }'
then ok
else bad "fit --model native --from F --budget 0: keys differing from F:$miss; train MAE $tr, replay of F $rep (exit $rc): $(head -c 300 "$tmp/err")"; fi
# the same for an M-model (one path): M1 --from F --budget 0 writes F's parameters
run "$bin" fit --model m1 --from "$tmp/nf_m1.json" --budget 0 --out "$tmp/nf_m1_from.json" "${nf_logs[@]:2:2}"
miss=""
for k in kt R armature q_offset friction_base friction_viscous; do
    [ -n "$(key_of "$tmp/nf_m1.json" $k)" ] && [ "$(key_of "$tmp/nf_m1_from.json" $k)" = "$(key_of "$tmp/nf_m1.json" $k)" ] || miss="$miss $k"
done
if [ $rc -eq 0 ] && [ -z "$miss" ] && grep -qE '^M1 +fit from --from \(budget 0\) ' "$tmp/out"; then ok
else bad "fit --model m1 --from F --budget 0: keys differing from F:$miss (exit $rc): $(head -c 300 "$tmp/err")"; fi
# a search from it: the table says where it started
run "$bin" fit --model native --from "$tmp/nf_set.json" --budget 40 --threads 1 --out "$tmp/nf_from2.json" "${nf_logs[@]:2:2}"
if [ $rc -eq 0 ] && grep -qE '^native +fit from --from ' "$tmp/out"; then ok
else bad "fit --model native --from F: no 'fit from --from' row (exit $rc): $(head -c 300 "$tmp/err")"; fi
usage_error "fit --model native --from an M-model file" "not a native params file" -- \
    "$bin" fit --model native --from "$bam/params/xl330/m1.json" --out "$tmp/nf_x.json" "${nf_logs[0]}"
usage_error "fit --model m1 --from a native file" "native params file" "M1" -- \
    "$bin" fit --model m1 --from "$tmp/nf_set.json" --out "$tmp/nf_x.json" "${nf_logs[0]}"
usage_error "fit --budget 0 without --from" "--budget 0" "--from" -- \
    "$bin" fit --model native --budget 0 --out "$tmp/nf_x.json" "${nf_logs[0]}"

# --threads 1 and 2 (a consistency check: the same fit spread differently)
# write the same file, byte for byte
run "$bin" fit --model native --budget 80 --seed 5 --threads 1 --out "$tmp/nf_t1.json" "${nf_logs[@]:0:3}"
rc1=$rc
run "$bin" fit --model native --budget 80 --seed 5 --threads 2 --out "$tmp/nf_t2.json" "${nf_logs[@]:0:3}"
if [ $rc1 -eq 0 ] && [ $rc -eq 0 ] && cmp -s "$tmp/nf_t1.json" "$tmp/nf_t2.json"; then ok
else bad "fit --model native --threads 1 vs 2 (consistency): the files differ (exit $rc1/$rc)"; fi

# `--` ends the options: a log whose name starts with '-' after it, the same
# fit as that log named ./-x.json
mkdir -p "$tmp/nf_dash"
nf_bin=$(cd "$(dirname "$bin")" && pwd)/$(basename "$bin")   # run from another directory
cp "${nf_logs[0]}" "$tmp/nf_dash/-x.json"
(cd "$tmp/nf_dash" && "$nf_bin" fit --model native --budget 40 --threads 1 --out dd.json -- -x.json >out 2>err); rc1=$?
(cd "$tmp/nf_dash" && "$nf_bin" fit --model native --budget 40 --threads 1 --out dot.json ./-x.json >/dev/null 2>&1); rc=$?
if [ $rc1 -eq 0 ] && [ $rc -eq 0 ] && cmp -s "$tmp/nf_dash/dd.json" "$tmp/nf_dash/dot.json"; then ok
else bad "fit --model native -- LOG: exit $rc1/$rc: $(head -c 300 "$tmp/nf_dash/err")"; fi

# --exclude-trajectory: the logs of that trajectory (from the headers) leave the fit
run "$bin" fit --model native --exclude-trajectory lift_and_drop --budget 40 --threads 1 --out "$tmp/nf_ex.json" "${nf_logs[@]}"
want=""; for f in "${nf_logs[@]}"; do [ "$(header_of "$f" trajectory)" = lift_and_drop ] && want="$want $f"; done
got=$(sed -n 's/^  (excluded) \(.*\)/\1/p' "$tmp/out" | tr '\n' ' ')
if [ $rc -eq 0 ] && [ "$(echo $got)" = "$(echo $want)" ] && [ "$(key_of "$tmp/nf_ex.json" fit_logs)" = 2 ]; then ok
else bad "fit --model native --exclude-trajectory lift_and_drop: excluded '$got', expected '$want' (exit $rc)"; fi

# friction fit --help names the native model and its options
run "$bin" fit --help
if grep -q -- '--model m1..m6|native|all' "$tmp/out" && grep -q -- '--model native' "$tmp/out"; then ok
else bad "fit --help does not name --model native: $(head -c 300 "$tmp/out")"; fi
