# tests/cli/recording.sh: `friction recording check`, sourced by run.sh (its
# helpers: run, ok, bad, skip, usage_error; $bin, $tmp, $root).
#
# The reference is awk reading the same CSV (../shared/data/robot_ident/T0):
# the frames, the duration, each column's least and greatest value; the
# refusals are small CSVs written here, each broken in one place.
ident=$root/../shared/data/robot_ident/T0
if [ -f "$ident/recipe.csv" ]; then
    for f in recipe teleop; do
        run "$bin" recording check "$ident/$f.csv"
        if [ $rc -ne 0 ] || [ -s "$tmp/err" ]; then
            bad "recording check $f.csv: exit $rc: $(head -c 300 "$tmp/err")"
            continue
        fi
        # awk: frames, duration and "joint glo ghi plo phi" per joint, in header order
        awk -F, 'NR == 1 { for (c = 2; c <= NF; c++) { n = $c; sub(/^(goal|pos)_/, "", n); if (!(n in seen)) { seen[n] = 1; order[++J] = n } col[c] = ($c ~ /^goal_/ ? "g" : "p") n } ; next }
                 NF { f++; if (f == 1) t0 = $1; t1 = $1
                      for (c = 2; c <= NF; c++) { v = $c + 0; k = col[c]; if (!(k in lo) || v < lo[k]) lo[k] = v; if (!(k in hi) || v > hi[k]) hi[k] = v } }
                 END { printf "%d %.9f\n", f, t1 - t0
                       for (j = 1; j <= J; j++) { n = order[j]; printf "%s %.9f %.9f %.9f %.9f\n", n, lo["g" n], hi["g" n], lo["p" n], hi["p" n] } }' \
            "$ident/$f.csv" >"$tmp/rec-awk"
        read -r frames duration <"$tmp/rec-awk"
        head -1 "$tmp/out" | grep -q "^recording $ident/$f.csv: 6 joints, $frames frames, " \
            || bad "recording check $f.csv: the first line is not '$frames frames': $(head -1 "$tmp/out")"
        got=$(head -1 "$tmp/out" | sed 's/.* frames, \([^ ]*\) s, \([^ ]*\) Hz.*/\1 \2/')
        awk -v a="$got" -v d="$duration" 'BEGIN { split(a, x, " "); exit !(x[1] - d < 1e-9 && d - x[1] < 1e-9 && x[2] > 29.99 && x[2] < 30.01) }' \
            && ok || bad "recording check $f.csv: duration and rate $got, awk's duration $duration s at 30 Hz"
        # the ranges, joint by joint, against awk's (9 decimals as the file has them)
        tail -n +3 "$tmp/out" | awk '{ printf "%s %.9f %.9f %.9f %.9f\n", $1, $2, $3, $4, $5 }' >"$tmp/rec-cli"
        if tail -n +2 "$tmp/rec-awk" | cmp -s - "$tmp/rec-cli"; then ok
        else bad "recording check $f.csv: ranges differ from awk's: $(tail -n +2 "$tmp/rec-awk" | diff - "$tmp/rec-cli" | head -5)"; fi
    done
else
    skip "recording check: $ident/recipe.csv not found (../shared/data/robot_ident)"
fi

# the refusals: one sentence naming what and where, nothing on stdout
printf 't,goal_a,pos_a\n0,0,0\n0.1,0,0\n0.2,0,0\n' >"$tmp/rec-ok.csv"
run "$bin" recording check "$tmp/rec-ok.csv"
if [ $rc -eq 0 ] && grep -q ": 1 joints, 3 frames, 0.2 s, 10 Hz" "$tmp/out"; then ok
else bad "recording check of a 3-frame CSV: exit $rc: $(cat "$tmp/out" "$tmp/err" | head -c 300)"; fi
printf 't,goal_a,pos_a\n0,0,0\n0.1,nan,0\n0.2,0,0\n' >"$tmp/rec-nan.csv"
usage_error "recording NaN" "rec-nan.csv" "frame 1" "goal_a = nan" "not finite" -- "$bin" recording check "$tmp/rec-nan.csv"
printf 't,goal_a,pos_a\n0,0,0\n0.2,0,0\n0.1,0,0\n' >"$tmp/rec-order.csv"
usage_error "recording non-monotone t" "frame 2" "not after" -- "$bin" recording check "$tmp/rec-order.csv"
{ echo 't,goal_a,pos_a'; for k in 0 1 2 3 4 5 6 8 9 10; do awk -v k=$k 'BEGIN { printf "%.6f,0,0\n", k / 30 }'; done; } >"$tmp/rec-drop.csv"
usage_error "recording frames dropped" "frames dropped between frame 6" "and frame 7" -- "$bin" recording check "$tmp/rec-drop.csv"
printf 't,goal_a,pos_a,goal_b\n0,0,0,0\n0.1,0,0,0\n' >"$tmp/rec-pair.csv"
usage_error "recording missing pos_" "goal_b but no pos_b" -- "$bin" recording check "$tmp/rec-pair.csv"
usage_error "recording of a missing file" "recording $tmp/none.csv" -- "$bin" recording check "$tmp/none.csv"
truncate -s $((64 * 1048576 + 1)) "$tmp/rec-big.csv"
usage_error "recording over its size" "64 MiB (67108864 bytes)" -- "$bin" recording check "$tmp/rec-big.csv"
rm -f "$tmp/rec-big.csv"
# a good file then a bad one: nothing printed for either
usage_error "recording: one bad file of two" "rec-nan.csv" -- "$bin" recording check "$tmp/rec-ok.csv" "$tmp/rec-nan.csv"
usage_error "recording without check" "recording check FILE.csv" -- "$bin" recording "$tmp/rec-ok.csv"
