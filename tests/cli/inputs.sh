# tests/cli/inputs.sh: the tool's inputs, sourced by tests/cli/run.sh (its
# $bin, $dump, $tmp, $root, run, ok, bad, skip, usage_error).
#  - No output is one of the command's inputs (the same device and inode: the
#    name itself, a hard link, a symlink) or a recorded log (`fit --out
#    logs/*.json`, the pattern's first log taken as --out): exit 2, one
#    sentence, stdout empty, the input byte for byte as it was; for every
#    writer (fit --out, its --sensitivity file, fit --model all's files,
#    sensitivity --out, replay --csv, mujoco --csv with a model, a mesh it
#    names, a log or a native params file as input).
#  - One rule for a symlinked output, every writer: written through (the link
#    stays, the file it names is written); a link to nothing is refused.
#  - Only regular files are read: /dev/zero and a named pipe as params, log,
#    MJCF, include and mesh (symlinked from a robot's folder), a directory as
#    a log: exit 2 in one sentence naming what it is, never a hang (each run
#    under `timeout 5`: before, a pipe blocked for ever and a mesh linked to
#    /dev/zero was read without end).
#  - A failed allocation while reading says "out of memory reading log ..."
#    (exit 1), never "not JSON" (exit 2): every allocation of a replay failed
#    in turn (tests/cli/failmalloc.c, preloaded; the optimised build) or, under
#    ASan, an allocation over 1 MiB refused (a 2.4 MB log); replay holds one
#    log at a time: its peak memory on 16 such logs is its peak on one, within
#    8 MiB (holding them all takes some 40 MiB more).
#  - sensitivity --out is checked before the work: a folder that does not
#    exist gives exit 2 and an empty stdout (the table was printed first).
#  - A control character in a log's name does not split a line of stdout.
in=$tmp/inputs
rm -rf "$in" && mkdir -p "$in/orig"
cp "$root/samples/xl330-sin_sin-simulated.json" "$in/L.json"
cp "$root/samples/xl330-sin_sin-simulated.json" "$in/L2.json"
cp "$root/samples/xl330-m6-params.json" "$in/P.json"
cp "$in/L.json" "$in/L2.json" "$in/P.json" "$in/orig/"
L=$in/L.json L2=$in/L2.json P=$in/P.json
# unchanged NAME DESC: $in/NAME is byte for byte the copy made above (put
# back when it is not, so that one failure does not spread to the next checks)
unchanged() {
    cmp -s "$in/$1" "$in/orig/$1" && [ ! -L "$in/$1" ] && return
    bad "$2: $1 was changed: $(ls -l "$in/$1"; head -c 120 "$in/$1")"
    rm -f "$in/$1" && cp "$in/orig/$1" "$in/$1"
}
fast="--budget 40 --threads 1"
mj=1
run "$bin" mujoco "$in/none.xml" --joint j law=coulomb-viscous Fc=1
grep -q 'built without MuJoCo' "$tmp/err" && mj=0
"$bin" fit --model native --budget 20 --out "$in/nat.json" "$L2" >/dev/null 2>&1 || bad "inputs: no native params file: fit --model native failed"
cp "$in/nat.json" "$in/orig/"

# ---- no output is an input
same="is also an input of this command"
usage_error "fit --out L ... L" "fit: --out $L $same" -- "$bin" fit --model m6 --from "$P" $fast --out "$L" "$L"
unchanged L.json "fit --out L ... L"
usage_error "fit --validate X --out X" "fit: --out $L2 $same" -- "$bin" fit --model m6 --from "$P" $fast --validate "$L2" --out "$L2" "$L"
unchanged L2.json "fit --validate X --out X"
usage_error "fit --from P --out P" "fit: --out $P $same" -- "$bin" fit --model m6 --from "$P" $fast --out "$P" "$L"
unchanged P.json "fit --from P --out P"
usage_error "fit --model native --out L ... L" "fit: --out $L $same" -- "$bin" fit --model native --budget 20 --out "$L" "$L"
unchanged L.json "fit --model native --out L"
usage_error "replay --csv L L" "replay: --csv $L $same" -- "$bin" replay --params "$P" --csv "$L" "$L"
unchanged L.json "replay --csv L L"
usage_error "replay --csv P" "replay: --csv $P $same" -- "$bin" replay --params "$P" --csv "$P" "$L"
unchanged P.json "replay --csv P"
usage_error "sensitivity --out L" "sensitivity: --out $L $same" -- "$bin" sensitivity --params "$P" --out "$L" "$L"
unchanged L.json "sensitivity --out L"
usage_error "sensitivity --out P" "sensitivity: --out $P $same" -- "$bin" sensitivity --params "$P" --out "$P" "$L"
unchanged P.json "sensitivity --out P"
# another name for the same file: a hard link, a symlink
ln "$L" "$in/hard.json"
usage_error "replay --csv a hard link to the log" "replay: --csv $in/hard.json is the same file as the input $L" -- \
    "$bin" replay --params "$P" --csv "$in/hard.json" "$L"
unchanged L.json "replay --csv a hard link to the log"
ln -s P.json "$in/sym.json"
usage_error "fit --out a symlink to --from" "fit: --out $in/sym.json is the same file as the input $P" -- \
    "$bin" fit --model m6 --from "$P" $fast --out "$in/sym.json" "$L"
unchanged P.json "fit --out a symlink to --from"
[ -L "$in/sym.json" ] || bad "fit --out a symlink to --from: the link was replaced"
# fit --model all: DIR/m1.json a hard link to the log
mkdir "$in/all" && ln "$L" "$in/all/m1.json"
usage_error "fit --model all, DIR/m1.json the log" "fit: --out $in/all/m1.json is the same file as the input $L" -- \
    "$bin" fit --model all $fast --out "$in/all" "$L"
unchanged L.json "fit --model all, DIR/m1.json the log"
# ... and DIR/native.json (written after M1..M6): refused before M1 runs
mkdir "$in/all2" && ln "$L" "$in/all2/native.json"
usage_error "fit --model all, DIR/native.json the log" "fit: --out $in/all2/native.json is the same file as the input $L" -- \
    "$bin" fit --model all $fast --out "$in/all2" "$L"
unchanged L.json "fit --model all, DIR/native.json the log"
[ -e "$in/all2/m1.json" ] && bad "fit --model all wrote m1.json though native.json is refused"
# `fit --model m4 --out logs/*.json`: the first log becomes --out
mkdir "$in/logs" && cp "$L" "$in/logs/a.json" && cp "$L" "$in/logs/b.json" && cp "$L" "$in/orig/a.json"
usage_error "fit --out logs/*.json" "fit: --out $in/logs/a.json is a recorded log" -- \
    "$bin" fit --model m4 $fast --out "$in"/logs/*.json
cmp -s "$in/logs/a.json" "$in/orig/a.json" || bad "fit --out logs/*.json replaced the log a.json"
# fit --model native --sensitivity: its file beside --out checked before the work
cp "$L" "$in/n_sensitivity.json"
usage_error "fit --model native --sensitivity, that file a log" "fit: --sensitivity $in/n_sensitivity.json is a recorded log" -- \
    "$bin" fit --model native --budget 20 --sensitivity --out "$in/n.json" "$L2"
[ -e "$in/n.json" ] && bad "fit --model native --sensitivity: --out written though its sensitivity file is refused"
cmp -s "$in/n_sensitivity.json" "$L" || bad "fit --model native --sensitivity replaced a log"
if [ $mj = 1 ]; then
    cp "$tmp/pend.xml" "$in/pend.xml"   # tests/cli/mujoco.sh's pendulum
    cp "$in/pend.xml" "$in/orig/"
    usage_error "mujoco --csv the model" "mujoco: --csv $in/pend.xml $same" -- \
        "$bin" mujoco "$in/pend.xml" --joint hinge law=coulomb-viscous Fc=0.3 --duration 0.01 --csv "$in/pend.xml"
    unchanged pend.xml "mujoco --csv the model"
    # a mesh the model names (a tetrahedron, OBJ)
    mkdir -p "$in/robot/meshes" "$in/orig/robot/meshes"
    printf 'v 0 0 0\nv 0.1 0 0\nv 0 0.1 0\nv 0 0 0.1\nf 1 3 2\nf 1 2 4\nf 1 4 3\nf 2 3 4\n' >"$in/robot/meshes/m.obj"
    cp "$in/robot/meshes/m.obj" "$in/orig/robot/meshes/"
    printf '<mujoco><compiler meshdir="meshes"/><asset><mesh name="m" file="m.obj"/></asset><worldbody><body><joint name="hinge" axis="0 1 0"/><geom type="mesh" mesh="m"/></body></worldbody></mujoco>\n' >"$in/robot/robot.xml"
    usage_error "mujoco --csv a mesh of the model" "mujoco: --csv $in/robot/meshes/m.obj $same" -- \
        "$bin" mujoco "$in/robot/robot.xml" --joint hinge law=coulomb-viscous Fc=0.3 --duration 0.01 --csv "$in/robot/meshes/m.obj"
    unchanged robot/meshes/m.obj "mujoco --csv a mesh of the model"
    usage_error "mujoco --adopt --csv a mesh of the model" "mujoco: --csv $in/robot/meshes/m.obj $same" -- \
        "$bin" mujoco "$in/robot/robot.xml" --adopt 'hinge=xl330/m1' --seconds 0.01 --csv "$in/robot/meshes/m.obj"
    unchanged robot/meshes/m.obj "mujoco --adopt --csv a mesh of the model"
    "$bin" mujoco-model --log "$L" --params "$P" >"$in/bench.xml" 2>/dev/null
    usage_error "mujoco --log L --csv L" "mujoco: --csv $L $same" -- \
        "$bin" mujoco "$in/bench.xml" --joint joint --params "$P" --log "$L" --csv "$L"
    unchanged L.json "mujoco --log L --csv L"
    usage_error "mujoco --params NATIVE --log L --csv NATIVE" "mujoco: --csv $in/nat.json $same" -- \
        "$bin" mujoco --params "$in/nat.json" --log "$L" --csv "$in/nat.json"
    unchanged nat.json "mujoco --params NATIVE --csv NATIVE"
else skip "inputs: mujoco --csv over its inputs (built without MuJoCo)"; fi

# ---- a symlinked output: written through, by every writer; a link to nothing refused
echo '{}' >"$in/target.json" && ln -s target.json "$in/link.json"
run "$bin" fit --model m6 --from "$P" $fast --out "$in/link.json" "$L"
if [ $rc -eq 0 ] && [ -L "$in/link.json" ] && [ "$(readlink "$in/link.json")" = target.json ] \
   && grep -q '"actuator": "xl330"' "$in/target.json"; then ok
else bad "fit --out a symlink: exit $rc, link $(ls -l "$in/link.json"), target $(head -c 80 "$in/target.json") $(cat "$tmp/err")"; fi
echo old >"$in/target2.json" && ln -s target2.json "$in/link2.json"
run "$bin" sensitivity --params "$P" --out "$in/link2.json" "$L"
if [ $rc -eq 0 ] && [ -L "$in/link2.json" ] && grep -q '"sensitivity"' "$in/target2.json"; then ok
else bad "sensitivity --out a symlink: exit $rc, link $(ls -l "$in/link2.json"), target $(head -c 80 "$in/target2.json")"; fi
echo old >"$in/target.csv" && ln -s target.csv "$in/link.csv"
run "$bin" replay --params "$P" --csv "$in/link.csv" "$L"
if [ $rc -eq 0 ] && [ -L "$in/link.csv" ] && [ "$(head -n 1 "$in/target.csv")" = log,t,logged,simulated ]; then ok
else bad "replay --csv a symlink: exit $rc, link $(ls -l "$in/link.csv"), target $(head -c 80 "$in/target.csv")"; fi
ln -s nowhere.csv "$in/dangling.csv"
usage_error "replay --csv a link to nothing" "replay: --csv $in/dangling.csv is a symbolic link to a file that does not exist" -- \
    "$bin" replay --params "$P" --csv "$in/dangling.csv" "$L"
[ -e "$in/nowhere.csv" ] && bad "replay --csv a link to nothing created the file it names"
ln -s nowhere.json "$in/dangling.json"
usage_error "fit --out a link to nothing" "fit: --out $in/dangling.json is a symbolic link to a file that does not exist" -- \
    "$bin" fit --model m6 --from "$P" $fast --out "$in/dangling.json" "$L"
[ -e "$in/nowhere.json" ] && bad "fit --out a link to nothing created the file it names"

# ---- only regular files are read, without blocking
mkfifo "$in/fifo" "$in/fifo.xml"
notreg="not a regular file; only regular files are read"
usage_error "replay --params /dev/zero" "params /dev/zero: a character device, $notreg" -- timeout 5 "$bin" replay --params /dev/zero "$L"
usage_error "replay --params a pipe" "params $in/fifo: a named pipe, $notreg" -- timeout 5 "$bin" replay --params "$in/fifo" "$L"
usage_error "replay a log /dev/zero" "log /dev/zero: a character device, $notreg" -- timeout 5 "$bin" replay --params "$P" /dev/zero
usage_error "replay a log that is a pipe" "log $in/fifo: a named pipe, $notreg" -- timeout 5 "$bin" replay --params "$P" "$in/fifo"
usage_error "replay a log that is a directory" "log $in/logs: a directory, $notreg" -- timeout 5 "$bin" replay --params "$P" "$in/logs"
usage_error "fit --from a pipe" "params $in/fifo: a named pipe" -- timeout 5 "$bin" fit --model m6 --from "$in/fifo" $fast --out "$in/f.json" "$L"
usage_error "fit a log /dev/zero" "log /dev/zero: a character device" -- timeout 5 "$bin" fit --model m6 $fast --out "$in/f.json" /dev/zero
usage_error "sensitivity a log that is a pipe" "log $in/fifo: a named pipe" -- timeout 5 "$bin" sensitivity --params "$P" "$in/fifo"
usage_error "run bench params=a pipe" "params $in/fifo: a named pipe" -- timeout 5 "$bin" run bench "params=$in/fifo"
usage_error "mujoco-model --log a pipe" "log $in/fifo: a named pipe" -- timeout 5 "$bin" mujoco-model --log "$in/fifo" --params "$P"
usage_error "mujoco-model --class --params /dev/zero" "params /dev/zero: a character device" -- \
    timeout 5 "$bin" mujoco-model --class c --params /dev/zero
if [ $mj = 1 ]; then
    usage_error "mujoco MJCF /dev/zero" "MJCF zero: a character device, $notreg" -- \
        timeout 5 "$bin" mujoco /dev/zero --joint hinge law=coulomb-viscous Fc=0.3
    usage_error "mujoco MJCF a pipe" "MJCF fifo.xml: a named pipe, $notreg" -- \
        timeout 5 "$bin" mujoco "$in/fifo.xml" --joint hinge law=coulomb-viscous Fc=0.3
    usage_error "mujoco --log a pipe" "log $in/fifo: a named pipe" -- \
        timeout 5 "$bin" mujoco "$in/bench.xml" --joint joint --params "$P" --log "$in/fifo"
    # a stranger's robot folder: a mesh symlinked to /dev/zero, one that is a pipe, an include that is a pipe
    for kind in zero pipe inc; do
        d=$in/robot-$kind && mkdir -p "$d/meshes"
        case $kind in
            zero) ln -s /dev/zero "$d/meshes/m.obj"; want='asset meshes/m.obj (<mesh file="m.obj">): a character device' ;;
            pipe) mkfifo "$d/meshes/m.obj"; want='asset meshes/m.obj (<mesh file="m.obj">): a named pipe' ;;
            inc) cp "$in/robot/meshes/m.obj" "$d/meshes/"; mkfifo "$d/parts.xml"; want='MJCF parts.xml: a named pipe' ;;
        esac
        inc=""; [ $kind = inc ] && inc='<include file="parts.xml"/>'
        printf '<mujoco><compiler meshdir="meshes"/>%s<asset><mesh name="m" file="m.obj"/></asset><worldbody><body><joint name="hinge" axis="0 1 0"/><geom type="mesh" mesh="m"/></body></worldbody></mujoco>\n' "$inc" >"$d/robot.xml"
        usage_error "mujoco: a robot whose $kind" "$want, $notreg" -- \
            timeout 5 "$bin" mujoco "$d/robot.xml" --joint hinge law=coulomb-viscous Fc=0.3 --duration 0.01
        usage_error "mujoco --adopt: a robot whose $kind" "$want, $notreg" -- \
            timeout 5 "$bin" mujoco "$d/robot.xml" --adopt 'hinge=xl330/m1' --seconds 0.01
    done
else skip "inputs: MJCF and meshes that are not regular files (built without MuJoCo)"; fi

# ---- out of memory while reading: said as such (exit 1), never a syntax error
if ldd "$bin" 2>/dev/null | grep -q libasan; then
    # ASan: every allocation over 1 MiB fails (returns NULL); a 2.4 MB log
    # needs a read buffer over it
    awk 'BEGIN { printf "{\"mass\": 0.49, \"length\": 0.1, \"kp\": 400, \"dt\": 0.01, \"motor\": \"xl330\", \"entries\": [\n";
                 for (k = 0; k < 30000; k++) printf "%s{\"timestamp\": %.2f, \"position\": 0.001, \"goal_position\": 0, \"torque_enable\": true}", k ? ",\n" : "", k / 100;
                 printf "\n]}\n" }' >"$in/big.json"
    run env ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}allocator_may_return_null=1:max_allocation_size_mb=1" \
        "$bin" replay --params "$P" "$in/big.json"
    if [ $rc -eq 1 ] && [ ! -s "$tmp/out" ] && grep -qF "out of memory reading log $in/big.json" "$tmp/err"; then ok
    else bad "an allocation over 1 MiB refused while reading a log: exit $rc: $(head -c 300 "$tmp/err")"; fi
else
    fm=${dump:+$(dirname "$dump")/failmalloc.so}
    if [ -z "$fm" ] || [ ! -f "$fm" ]; then skip "out of memory: no failmalloc.so beside the registry dump"
    else
        total=$(FAILMALLOC_COUNT=1 LD_PRELOAD=$fm "$bin" replay --params "$P" "$L" 2>&1 >/dev/null | sed -n 's/^failmalloc: \([0-9]*\) calls$/\1/p')
        why="" seen_log=0 seen_params=0 runs=0
        [ -n "$total" ] && [ "$total" -gt 1000 ] || why="failmalloc counted '$total' allocations"
        for n in $(seq 1 60) $(seq 61 89 "${total:-0}"); do
            [ -n "$why" ] && break
            FAILMALLOC_NTH=$n LD_PRELOAD=$fm timeout 10 "$bin" replay --params "$P" "$L" >"$tmp/out" 2>"$tmp/err"
            rc=$? runs=$((runs + 1))
            case $rc in
                0) ;;
                1) [ "$(wc -l <"$tmp/err")" -eq 1 ] && grep -q 'out of memory' "$tmp/err" \
                       || why="allocation $n: exit 1 without one 'out of memory' line: $(head -c 200 "$tmp/err")" ;;
                *) why="allocation $n of $total failed: exit $rc: $(head -c 200 "$tmp/err")" ;;
            esac
            grep -qF "out of memory reading log $L" "$tmp/err" && seen_log=1
            grep -qF "out of memory reading params $P" "$tmp/err" && seen_params=1
        done
        [ -z "$why" ] && [ $seen_log = 0 ] && why="no run said 'out of memory reading log' ($runs runs)"
        [ -z "$why" ] && [ $seen_params = 0 ] && why="no run said 'out of memory reading params' ($runs runs)"
        if [ -z "$why" ]; then ok; else bad "replay with each allocation failing in turn: $why"; fi
    fi
fi
# replay holds one log at a time: the peak memory of 16 logs is that of one
awk 'BEGIN { printf "{\"mass\": 0.49, \"length\": 0.1, \"kp\": 400, \"dt\": 0.01, \"motor\": \"xl330\", \"entries\": [\n";
             for (k = 0; k < 30000; k++) printf "%s{\"timestamp\": %.2f, \"position\": 0.001, \"goal_position\": 0, \"torque_enable\": true}", k ? ",\n" : "", k / 100;
             printf "\n]}\n" }' >"$in/big.json"
peak() { ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}quarantine_size_mb=0" python3 -c '
import resource, subprocess, sys
subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)' "$@"; }
one=$(peak "$bin" replay --params "$P" "$in/big.json")
many=$(peak "$bin" replay --params "$P" $(for i in $(seq 16); do echo "$in/big.json"; done))
if [ -n "$one" ] && [ -n "$many" ] && [ $((many - one)) -lt 8192 ]; then ok
else bad "replay of 16 logs of 2.4 MB: peak $many kB, of one: $one kB (one log at a time: within 8192 kB)"; fi

# ---- sensitivity --out checked before the work
usage_error "sensitivity --out in a folder that does not exist" "sensitivity: --out $in/none/s.json cannot be created" -- \
    "$bin" sensitivity --params "$P" --out "$in/none/s.json" "$L"
usage_error "fit --out in a folder that does not exist" "fit: --out $in/none/f.json" -- \
    "$bin" fit --model m6 --from "$P" $fast --out "$in/none/f.json" "$L"

# ---- a newline in a log's name: one line of stdout still
nl="$in/a
b.json"
cp "$L" "$nl"
run "$bin" replay --params "$P" "$nl"
if [ $rc -eq 0 ] && [ "$(wc -l <"$tmp/out")" -eq 2 ] && grep -qF "$in/a\\nb.json: mae " "$tmp/out"; then ok
else bad "replay of a log whose name holds a newline: exit $rc, stdout: $(cat "$tmp/out")"; fi
run "$bin" fit --model m6 --from "$P" $fast --out "$in/nl.json" "$nl"
if [ $rc -eq 0 ] && ! grep -q '^b\.json' "$tmp/out" && grep -qF "$in/a\\nb.json (kp 400" "$tmp/out"; then ok
else bad "fit of a log whose name holds a newline: exit $rc, stdout: $(cat "$tmp/out")"; fi
