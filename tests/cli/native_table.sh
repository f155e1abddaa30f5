# tests/cli/native_table.sh: `make native-table`'s script (tools/native_table.mjs)
# at a small budget on 4 xl330 logs (kp 100, the four
# trajectories: the alternate split puts 2 in training, 2 in validation),
# sourced by tests/cli/run.sh (its $bin, $tmp, $bam, $root, run, ok, bad).
# A consistency check, labelled so: the table's rows are what the script
# parsed from the CLI's fit output; `friction replay` of the params files the
# fit wrote (native.json and m1..m6.json), on the same training and
# validation logs, must give those MAEs (1e-9 rad). It fails when the
# script's parsing breaks (a wrong column, a log in the wrong split).
ntl=$tmp/ntable_logs
mkdir -p "$ntl"
for f in 2026-01-15_10h28m10 2026-01-15_10h28m17 2026-01-15_10h28m24 2026-01-15_10h28m32; do
    cp "$bam/logs/xl330/processed/$f.json" "$ntl/"
done
run node "$root/tools/native_table.mjs" --friction "$bin" --case "xl330=$ntl" --budget 60 --threads 1 \
    --seeds 3 --out "$tmp/ntable"
if [ $rc -ne 0 ] || [ ! -s "$tmp/ntable/table.json" ]; then
    bad "native-table (consistency): script exit $rc: $(tail -c 300 "$tmp/err")"
else
    # one line per model: NAME PARAMS TRAIN_MAE VALID_MAE, then the two log lists
    node -e '
        const t = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8")).cases[0];
        for (const [m, r] of Object.entries(t.models)) console.log(m, r.params, r.train_mae, r.valid_mae);
        console.log("train", ...t.train_logs); console.log("valid", ...t.valid_logs);' \
        "$tmp/ntable/table.json" >"$tmp/ntable/rows" 2>"$tmp/err"
    read -r -a tlogs <<<"$(sed -n 's/^train //p' "$tmp/ntable/rows")"
    read -r -a vlogs <<<"$(sed -n 's/^valid //p' "$tmp/ntable/rows")"
    miss=""
    [ "${#tlogs[@]}" -eq 2 ] && [ "${#vlogs[@]}" -eq 2 ] || miss="split ${#tlogs[@]} / ${#vlogs[@]}, expected 2 / 2;"
    [ "$(grep -c '^m[1-6] \|^native ' "$tmp/ntable/rows")" -eq 7 ] || miss="$miss not 7 model rows;"
    while read -r m params tr va; do
        case $m in m[1-6]|native) ;; *) continue ;; esac
        for half in train valid; do
            if [ $half = train ]; then want=$tr; logs=("${tlogs[@]}"); else want=$va; logs=("${vlogs[@]}"); fi
            "$bin" replay --params "$params" "${logs[@]}" >"$tmp/ntable/replay" 2>>"$tmp/err"
            got=$(sed -n 's/^mean: mae \([^ ]*\) rad.*/\1/p' "$tmp/ntable/replay")
            [ -n "$got" ] && awk -v a="$got" -v b="$want" 'BEGIN { d = a - b; exit !(d <= 1e-9 && d >= -1e-9) }' ||
                miss="$miss $m $half: table $want, replay '$got';"
        done
    done <"$tmp/ntable/rows"
    if [ -z "$miss" ]; then ok; else bad "native-table (consistency: table rows = friction replay): $miss"; fi
fi
