#!/usr/bin/env bash
# tests/compare_outputs.sh [BASE_REV]: a consistency check between two builds
# of the command-line tool, for restructurings that must not change any
# output. It builds `friction` at BASE_REV (default: the merge base with
# main's first parent, else HEAD~1) in a temporary git worktree, and the
# working tree's, runs the same cases with both and compares stdout, stderr
# and exit status byte for byte. It is not part of `make test`: it builds a
# second tree (about a minute) and runs ~1000 simulations.
#
# The cases:
#   - every scenario of `friction list` with its defaults;
#   - every value of every choice parameter, alone;
#   - every pair of values of two choice parameters of the same scenario
#     (every treatment with every case, actuator, model, rule, ...);
#   - `friction list` itself and `friction list SCENARIO`;
#   - `replay` of the shared xl330 and sts3215 logs with a preset params file,
#     with each --friction, and its --csv;
#   - short fits (`fit --model m1`, `m4`, small budgets, 1 and 2 threads);
#   - `diagram` and `eval` of each law and transform;
#   - a few refused inputs (exit status 2 and their one-line messages).
# Prints one line per differing case and closes with
# "compare: N identical, M differ" (exit 1 when M > 0).
set -u
cd "$(dirname "$0")/.."
root=$PWD
base=${1:-}
if [ -z "$base" ]; then base=$(git rev-parse HEAD~1); fi
base=$(git rev-parse "$base") || { echo "compare: unknown revision $1"; exit 2; }
work=$(mktemp -d /tmp/compare.XXXXXX)
trap 'git -C "$root" worktree remove --force "$work/base" >/dev/null 2>&1; rm -rf "$work"' EXIT

echo "compare: building $base and the working tree"
git worktree add --detach -q "$work/base" "$base" || exit 2
make -s -C "$work/base" cli >"$work/base-build.log" 2>&1 || { cat "$work/base-build.log"; exit 2; }
make -s cli >"$work/new-build.log" 2>&1 || { cat "$work/new-build.log"; exit 2; }
old="$work/base/build/native/friction"
new="$root/build/native/friction"

shared=$(cd "$root/.." && pwd)/shared/data/bam
cases="$work/cases.txt"
: >"$cases"
add() { printf '%s\n' "$*" >>"$cases"; }

# scenarios and their choice parameters, read from `friction list` of the base
"$old" list >"$work/list.txt"
awk '
    /^[a-z0-9-]+$/ { sc = $1; next }
    sc != "" && /^    [A-Za-z_][A-Za-z0-9_]* / {
        for (i = 2; i < NF; i++) if ($i == "choice") { print sc, $1, $(i + 1); break }
    }' "$work/list.txt" >"$work/choices.txt"
add list
for sc in $(grep -E '^[a-z0-9-]+$' "$work/list.txt"); do
    add list "$sc"
    add run "$sc"
    mapfile -t ch < <(awk -v s="$sc" '$1 == s { print $2 " " $3 }' "$work/choices.txt")
    for ((i = 0; i < ${#ch[@]}; i++)); do
        read -r pi vi <<<"${ch[$i]}"
        for a in ${vi//|/ }; do
            add run "$sc" "$pi=$a"
            for ((j = i + 1; j < ${#ch[@]}; j++)); do
                read -r pj vj <<<"${ch[$j]}"
                for b in ${vj//|/ }; do add run "$sc" "$pi=$a" "$pj=$b"; done
            done
        done
    done
done

# replay, fit, diagram, eval (need the shared data beside the repository)
if [ -d "$shared" ]; then
    xl=$(ls "$shared"/logs/xl330/processed/*.json | head -4 | tr '\n' ' ')
    sts=$(ls "$shared"/logs/sts3215/raw/*.json | head -2 | tr '\n' ' ')
    for m in m1 m4 m6; do
        for f in clip implicit explicit karnopp; do
            add replay --params "$shared/params/xl330/$m.json" --friction "$f" $xl
        done
    done
    add replay --params "$shared/params/xl330/m4.json" --csv /dev/stdout $xl
    add replay --params "$shared/params/feetech_sts3215_7_4V/m1.json" --actuator sts3215 $sts
    add replay --params "$shared/params/feetech_sts3215_7_4V/m1.json" $sts
    add fit --model m1 --budget 60 --threads 1 --out "$work/OUT/m1.json" $xl
    add fit --model m4 --budget 60 --threads 2 --validation-split alternate --out "$work/OUT/m4.json" $xl
    add fit --actuator sts3215 --model m1 --budget 40 --threads 1 --out "$work/OUT/sts.json" $sts
    add fit --model m1 --budget 40 --out "$work/OUT/s.json" $sts
    for a in erob80_100 xl330 mx64; do
        add diagram --params "$shared/params/$a/m6.json" max_torque=6 velocities=0,1,2
    done
    add run bench params="$shared/params/xl330/m4.json"
fi
xs=x=-2,-0.5,-0.01,-0.001,0,0.001,0.01,0.5,2
for law in coulomb-viscous stribeck rational; do
    for what in phi phi_z approx lut; do
        add eval law=$law Fs=2.5 Fc=0.4 vs=0.06 D=4.5 alpha=1 Z=0.01 what=$what $xs
        add eval law=$law Fs=2.5 Fc=0.4 vs=0.06 D=4.5 alpha=2.5 Z=0.3 what=$what $xs
    done
done
add run model-a friction=nonsense
add run bench Fc=-1
add run nosuch
add replay --params /nonexistent.json x.json
add fit --model m9 --out /dev/null x.json

same=0; differ=0; n=0
while IFS= read -r line; do
    n=$((n + 1))
    [ $((n % 100)) -eq 0 ] && echo "compare: $n of $(wc -l <"$cases") cases run"
    # shellcheck disable=SC2086
    for side in old new; do
        bin=$old; [ $side = new ] && bin=$new
        rm -rf "$work/OUT"; mkdir -p "$work/OUT"
        (cd "$work" && timeout 300 "$bin" $line >"$work/$side.out" 2>"$work/$side.err"; echo $? >"$work/$side.rc")
        # a fit's params file is part of its output
        cat "$work"/OUT/* >>"$work/$side.out" 2>/dev/null
        # stderr names the binary's path; compare it with the path taken out
        sed -i "s#$(dirname "$bin")##g" "$work/$side.err"
        # a long run's progress lines (every 2 s of wall time) are the machine's
        sed -Ei '/^friction: run [^ ]+: .* s elapsed$/d' "$work/$side.err"
        # a fit's wall times and rates are the machine's, not the code's (and
        # so are the widths of its table's columns: runs of blanks fold to one)
        if [ "${line%% *}" = fit ]; then
            sed -Ei -e 's/  [0-9.]+ s$/  T s/' \
                -e 's/^(M[1-6] +fit +[0-9.]+ +[^ ]+ +[0-9]+ +)[0-9.]+ +[0-9]+ +[0-9.]+ [kM]? */\1T T T /' \
                -e '/^(model|M[1-6]) /s/ +/ /g' \
                "$work/$side.out" "$work/$side.err"
        fi
    done
    if cmp -s "$work/old.out" "$work/new.out" && cmp -s "$work/old.err" "$work/new.err" \
       && cmp -s "$work/old.rc" "$work/new.rc"; then
        same=$((same + 1))
    else
        differ=$((differ + 1))
        echo "differs: friction $line"
        diff <(head -c 2000 "$work/old.out"; cat "$work/old.err" "$work/old.rc") \
             <(head -c 2000 "$work/new.out"; cat "$work/new.err" "$work/new.rc") | head -6
    fi
done <"$cases"
echo "compare: $same identical, $differ differ (of $n cases; base $base)"
[ $differ -eq 0 ]
