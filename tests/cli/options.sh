# tests/cli/options.sh: the options of every command, sourced by run.sh (its
# helpers: run, ok, bad, skip; $bin, $tmp, $bam).
#
# Each command (and each form of one: mujoco with a model, with --adopt,
# with a native params file; mujoco-model with --class and with --log)
# answers the same three mistakes with the same sentences:
#   an unknown option    "CMD: unknown option '--frobnicate'...; the options
#                         are A, B and C." and one line;
#   a value missing      "CMD: --NAME needs a value." for every option that
#                         list names (given last), a flag (--sensitivity,
#                         --keep-armature) never refused as unknown;
#   a bad number         "CMD: --NAME 'VALUE' must be ...".
# The list is read back from the sentence and each of its options tried on
# the command, so a list that names an option the command does not take (or
# a command that says its own sentence) fails here.
printf '{ "actuator": "xl330", "model": "native", "frictionloss": 0.052, "damping": 0.031, "armature": 0.0047,
  "kp": 3.2, "firmware_kp": 100, "kv": 0.12, "forcerange_lo": -0.6, "forcerange_hi": 0.6 }\n' >"$tmp/opt-native.json"
printf '<mujoco><worldbody><body><joint name="a" type="hinge"/><inertial pos="0 0 0" mass="1" diaginertia="1 1 1"/></body></worldbody></mujoco>\n' >"$tmp/opt-a.xml"
opt_log=$bam/logs/xl330/processed/2026-01-15_10h28m10.json
run "$bin" ident --mjcf /nonexistent.xml /nonexistent.csv
opt_mujoco=1
grep -q 'built without MuJoCo' "$tmp/err" && opt_mujoco=0

# opt_form CMD NUMERIC BADVALUE -- ARGS...: the command run as ARGS (its form),
# its sentences under the prefix "CMD: ", NUMERIC an option taking a number
# ("" none) and BADVALUE a value it refuses
opt_form() {
    local cmd=$1 num=$2 badv=$3
    shift 4
    local form=("$@") list opt why=""
    run "$bin" "${form[@]}" --frobnicate
    list=$(sed -n "s/^friction: $cmd: unknown option '--frobnicate'[^;]*; the options are \(.*\)\.$/\1/p" "$tmp/err")
    if [ $rc -ne 2 ] || [ -z "$list" ] || [ "$(wc -l <"$tmp/err")" -ne 1 ]; then
        bad "$cmd (${form[*]}) --frobnicate: exit $rc, $(cat "$tmp/err")"
        return
    fi
    ok
    # the options it lists (the text before a final parenthesis is the list)
    list=${list%% (*}
    for opt in $(printf '%s\n' "$list" | sed 's/ and /, /g; s/, /\n/g' | awk '{ print $1 }'); do
        run "$bin" "${form[@]}" "$opt"
        case $opt in
            --sensitivity|--keep-armature)
                grep -q "unknown option '$opt'" "$tmp/err" && why="$why $opt (a flag) refused as unknown;" ;;
            *)
                [ $rc -eq 2 ] && [ "$(cat "$tmp/err")" = "friction: $cmd: $opt needs a value." ] \
                    || why="$why $opt last: exit $rc, $(cat "$tmp/err");" ;;
        esac
    done
    if [ -z "$why" ]; then ok; else bad "$cmd (${form[*]}) options:$why"; fi
    if [ -n "$num" ]; then
        run "$bin" "${form[@]}" "$num" "$badv"
        if [ $rc -eq 2 ] && grep -q "^friction: $cmd: $num '$badv' must be " "$tmp/err"; then ok
        else bad "$cmd (${form[*]}) $num $badv: exit $rc, $(cat "$tmp/err")"; fi
    fi
}

opt_form fit --budget x -- fit --model m4 --out "$tmp/opt.json"
opt_form replay "" "" -- replay
opt_form sensitivity "" "" -- sensitivity
opt_form diagram "" "" -- diagram
opt_form "recording recipe" --seconds abc -- recording recipe
opt_form mujoco-model --kp x -- mujoco-model --class c --params "$tmp/opt-native.json"
opt_form mujoco-model "" "" -- mujoco-model --log "$opt_log"
if [ $opt_mujoco = 1 ]; then
    opt_form mujoco --duration 0 -- mujoco "$tmp/opt-a.xml"
    opt_form mujoco --seconds 0 -- mujoco "$tmp/opt-a.xml" --adopt '*=xl330/m4'
    opt_form mujoco "" "" -- mujoco --params "$tmp/opt-native.json"
    opt_form ident --budget 0 -- ident --mjcf "$tmp/opt-a.xml"
else
    skip "options of mujoco and ident: the tool was built without MuJoCo"
fi
