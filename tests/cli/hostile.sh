# tests/cli/hostile.sh: the files, sourced by tests/cli/run.sh (its
# $bin, $tmp, $bam, $root, run, ok, bad, skip, usage_error).
#  - A params file the tool writes is one its reader reads: a carried
#    (unknown) key's value of 255 bytes (the most carried, fric_io.h) is
#    written whole by `fit --out` and read back by `replay`; one of 256 bytes
#    is refused where it is read, in one sentence, and nothing is written
#    (before the fix it was cut at 255 and the file was not JSON).
#  - No writer replaces or writes into what is not a regular file: a named
#    pipe, a symlink to /dev/null or to a pipe, a directory, a character
#    device (made with mknod when root) given to fit --out, sensitivity
#    --out, replay and mujoco --csv: exit 2, stdout empty, one sentence, the
#    thing still what it was. A regular file is still replaced.
#  - `friction mujoco` on an MJCF with a NaN (MuJoCo 2.2.2 warns on stdout and
#    in MUJOCO_LOG.TXT): a refusal leaves stdout empty and writes no log file.
# Each wait on a pipe is bounded (timeout): before the fix fopen(pipe, "w")
# blocked.
hs_log=$root/samples/xl330-sin_sin-simulated.json
hs_params=$root/samples/xl330-m6-params.json
hs=$tmp/hostile
mkdir -p "$hs"

# ---- carried keys: written whole or refused, at the limit
# a copy of the sample's params with "fork": "xxx…" whose JSON text has n bytes
carry_file() {
    local n=$1 out=$2 x
    x=$(head -c $((n - 2)) /dev/zero | tr '\0' x)
    sed "s/\"model\"/\"fork\": \"$x\",\n    \"model\"/" "$hs_params" >"$out"
}
for n in 254 255; do
    carry_file $n "$hs/carry$n.json"
    rm -f "$hs/fit$n.json"
    run "$bin" fit --model m6 --from "$hs/carry$n.json" --budget 40 --threads 1 --out "$hs/fit$n.json" "$hs_log"
    want=$(grep -o '"fork": "x*"' "$hs/carry$n.json")
    if [ $rc -ne 0 ]; then bad "fit --from a carried value of $n bytes: exit $rc: $(cat "$tmp/err")"
    elif [ "$(grep -o '"fork": "x*"' "$hs/fit$n.json")" != "$want" ] || [ ${#want} -ne $((n + 8)) ]; then
        bad "fit --out: the carried value of $n bytes is not written whole: $(grep fork "$hs/fit$n.json" | head -c 80)"
    else
        run "$bin" replay --params "$hs/fit$n.json" "$hs_log"
        if [ $rc -eq 0 ] && grep -qF 'key "fork" is not modelled' "$tmp/err"; then ok
        else bad "replay of fit's own file with a carried value of $n bytes: exit $rc: $(cat "$tmp/err")"; fi
    fi
done
for n in 256 300; do
    carry_file $n "$hs/carry$n.json"
    rm -f "$hs/fit$n.json"
    usage_error "fit --from a carried value of $n bytes" "key \"fork\"" "1 to 255 characters" \
        -- "$bin" fit --model m6 --from "$hs/carry$n.json" --budget 40 --threads 1 --out "$hs/fit$n.json" "$hs_log"
    [ -e "$hs/fit$n.json" ] && bad "fit wrote $hs/fit$n.json from a value it cannot carry"
done
# bam's own sensitivity file given as params: its "sensitivity" object is
# longer than any carried value (it was carried cut)
if [ -f "$bam/params/xl330/m4_sensitivity.example.json" ]; then
    usage_error "replay --params bam's sensitivity file" 'key "sensitivity"' "1 to 255 characters" \
        -- "$bin" replay --params "$bam/params/xl330/m4_sensitivity.example.json" "$hs_log"
else bad "no $bam/params/xl330/m4_sensitivity.example.json"; fi
# cJSON takes a raw tab in a string and 01; JSON.parse (the page, Node) does not
printf '{"actuator": "xl330", "model": "m4", "fork": "a\tb"}' >"$hs/tab.json"
usage_error "replay --params a raw tab in a carried string" 'tab.json:1:48:' "a control byte 0x09" \
    -- "$bin" replay --params "$hs/tab.json" "$hs_log"
# a form feed between a key and its value (cJSON's white space, not JSON's):
# the walker carried the next key's text as the value; refused where it stands
printf '{"actuator": "xl330", "model": "m4", "fork":\f1, "b": 2}' >"$hs/ff.json"
usage_error "replay --params a form feed before a value" 'ff.json:1:45:' "a control byte 0x0C" \
    -- "$bin" replay --params "$hs/ff.json" "$hs_log"
printf '{"actuator": "xl330", "model": "m4", "fork": 01}' >"$hs/lead0.json"
usage_error "replay --params a carried 01" 'key "fork"' "strict JSON" -- "$bin" replay --params "$hs/lead0.json" "$hs_log"

# ---- writers: never what is not a regular file
mkfifo "$hs/pipe"
ln -s /dev/null "$hs/null"
ln -s "$hs/pipe" "$hs/to_pipe"
mkdir "$hs/dir"
targets=(pipe null to_pipe)
kinds=("a named pipe" "a character device" "a named pipe")
if [ "$(id -u)" = 0 ] && mknod "$hs/chr" c 1 3 2>/dev/null; then   # /dev/null's numbers
    targets+=(chr); kinds+=("a character device")
else skip "writers: a character device node (mknod needs root)"; fi
# still_there NAME: the thing at $hs/NAME is what the test made
still_there() {
    case $1 in
        pipe) [ -p "$hs/pipe" ] && [ ! -L "$hs/pipe" ] ;;
        null) [ -L "$hs/null" ] && [ "$(readlink "$hs/null")" = /dev/null ] && [ -c /dev/null ] ;;
        to_pipe) [ -L "$hs/to_pipe" ] && [ -p "$hs/to_pipe" ] ;;
        chr) [ -c "$hs/chr" ] && [ ! -L "$hs/chr" ] ;;
        dir) [ -d "$hs/dir" ] && [ -z "$(ls -A "$hs/dir")" ] ;;
    esac
}
for i in "${!targets[@]}"; do
    t=${targets[$i]} k=${kinds[$i]}
    usage_error "fit --out $t" "fit: --out $hs/$t is $k" -- \
        timeout 60 "$bin" fit --model m6 --from "$hs_params" --budget 40 --threads 1 --out "$hs/$t" "$hs_log"
    still_there "$t" || bad "fit --out $t: $hs/$t was replaced: $(ls -l "$hs/$t")"
    ls "$hs/$t".?* >/dev/null 2>&1 && bad "fit --out $t left $(ls "$hs/$t".?*)" && rm -f "$hs/$t".?*
    usage_error "sensitivity --out $t" "sensitivity: --out $hs/$t is $k" -- \
        timeout 60 "$bin" sensitivity --params "$hs_params" --out "$hs/$t" "$hs_log"
    still_there "$t" || bad "sensitivity --out $t: $hs/$t was replaced"
    usage_error "replay --csv $t" "replay: --csv $hs/$t is $k" -- \
        timeout 60 "$bin" replay --params "$hs_params" --csv "$hs/$t" "$hs_log"
    still_there "$t" || bad "replay --csv $t: $hs/$t was replaced"
done
# fit --model all: a pipe where m1.json goes
mkdir -p "$hs/all" && mkfifo "$hs/all/m1.json"
usage_error "fit --model all, m1.json a pipe" "fit: --out $hs/all/m1.json is a named pipe" -- \
    timeout 60 "$bin" fit --model all --budget 40 --threads 1 --out "$hs/all" "$hs_log"
[ -p "$hs/all/m1.json" ] || bad "fit --model all replaced the pipe m1.json"
# fit --sensitivity: a pipe where m6_sensitivity.json goes
mkfifo "$hs/s_sensitivity.json"
usage_error "fit --sensitivity, its file a pipe" "fit: --sensitivity $hs/s_sensitivity.json is a named pipe" -- \
    timeout 60 "$bin" fit --model m6 --from "$hs_params" --budget 40 --threads 1 --sensitivity --out "$hs/s.json" "$hs_log"
[ -p "$hs/s_sensitivity.json" ] && [ ! -e "$hs/s.json" ] || bad "fit --sensitivity wrote beside a pipe"
usage_error "sensitivity --out a directory" "sensitivity: --out $hs/dir is a directory" -- \
    "$bin" sensitivity --params "$hs_params" --out "$hs/dir" "$hs_log"
still_there dir || bad "sensitivity --out a directory: changed"
# a regular file, and a symlink to one, are still replaced (temp + rename)
echo old >"$hs/old.json"
run "$bin" fit --model m6 --from "$hs_params" --budget 40 --threads 1 --out "$hs/old.json" "$hs_log"
if [ $rc -eq 0 ] && grep -q '"actuator": "xl330"' "$hs/old.json" && ! ls "$hs/old.json".?* >/dev/null 2>&1; then ok
else bad "fit --out a regular file: exit $rc: $(cat "$tmp/err") $(ls "$hs")"; fi
# the temporary file is a new one (O_EXCL), never a file or link already
# there: a link at the old fixed name PATH.tmp to another file is neither
# written through nor renamed onto PATH; the same for sensitivity --out
for c in fit sensitivity; do
    echo victim >"$hs/victim"
    ln -s "$hs/victim" "$hs/$c-new.json.tmp"
    if [ $c = fit ]; then run "$bin" fit --model m6 --from "$hs_params" --budget 40 --threads 1 --out "$hs/$c-new.json" "$hs_log"
    else run "$bin" sensitivity --params "$hs_params" --out "$hs/$c-new.json" "$hs_log"; fi
    if [ $rc -eq 0 ] && [ "$(cat "$hs/victim")" = victim ] && [ -f "$hs/$c-new.json" ] && [ ! -L "$hs/$c-new.json" ] \
       && grep -q '"actuator": "xl330"' "$hs/$c-new.json" && [ -L "$hs/$c-new.json.tmp" ] \
       && [ "$(ls "$hs/$c-new.json".?* | wc -l)" -eq 1 ]; then ok
    else bad "$c --out beside a link PATH.tmp: exit $rc, victim now '$(head -c 80 "$hs/victim")', $(ls -l "$hs/$c-new.json"* 2>&1) $(cat "$tmp/err")"; fi
done

# ---- friction mujoco: MuJoCo 2.2.2's warnings never on stdout
run "$bin" mujoco "$tmp/none.xml" --joint j law=coulomb-viscous Fc=1
if grep -q 'built without MuJoCo' "$tmp/err"; then
    skip "mujoco warnings: the tool was built without MuJoCo"
else
    cat >"$hs/nan.xml" <<'XML'
<mujoco>
  <option timestep="0.001" gravity="0 0 nan"/>
  <worldbody>
    <body name="arm">
      <joint name="hinge" type="hinge" axis="0 1 0"/>
      <inertial pos="0 0 -0.1" mass="0.49" diaginertia="1e-9 1e-9 1e-9"/>
    </body>
  </worldbody>
</mujoco>
XML
    mkdir -p "$hs/cwd"
    hs_bin=$(cd "$(dirname "$bin")" && pwd)/$(basename "$bin")
    in_cwd() { (cd "$hs/cwd" && exec "$@"); }
    # a refusal (exit 2) after MuJoCo warned of the NaN while loading
    usage_error "mujoco: refusal after MuJoCo's NaN warning" "no joint named 'knee'" -- \
        in_cwd "$hs_bin" mujoco "$hs/nan.xml" --joint knee law=coulomb-viscous Fc=0.3
    # the simulation going non-finite (exit 1): one sentence, stdout empty
    run in_cwd "$hs_bin" mujoco "$hs/nan.xml" --joint hinge law=coulomb-viscous Fc=0.3 --duration 0.01
    if [ $rc -eq 1 ] && [ ! -s "$tmp/out" ] && [ "$(wc -l <"$tmp/err")" -eq 1 ] && grep -q 'left the finite range' "$tmp/err"; then ok
    else bad "mujoco: a non-finite run: exit $rc, stdout: $(head -c 200 "$tmp/out"), stderr: $(cat "$tmp/err")"; fi
    [ -e "$hs/cwd/MUJOCO_LOG.TXT" ] && bad "mujoco: MuJoCo wrote MUJOCO_LOG.TXT in the working directory"
    # the mujoco --csv writer too
    usage_error "mujoco --csv a pipe" "mujoco: --csv $hs/pipe is a named pipe" -- \
        timeout 60 "$bin" mujoco "$tmp/pend.xml" --joint hinge law=coulomb-viscous Fc=0.3 --csv "$hs/pipe"
    still_there pipe || bad "mujoco --csv a pipe: replaced"
fi
