# tests/cli/ident.sh: `friction ident`, sourced by run.sh (its helpers: run,
# ok, bad, skip, usage_error; $bin, $tmp, $root).
#
# The refusals: one sentence naming what and where, exit 2, nothing on
# stdout. A short run on T0 (../shared/data/robot_ident) with one joint
# fitted: the table's joints are the recording's header's, the floor is
# awk's 2π/4096, the params file written is read back by another reader
# (mujoco-model --class) and the joints left out get none; the same with
# --model m1 (bam's servo), its file adopted by `friction mujoco`.
run "$bin" ident --mjcf /nonexistent.xml /nonexistent.csv
if grep -q 'built without MuJoCo' "$tmp/err"; then
    if [ "${CI:-}" = true ]; then bad "ident: the tool was built without MuJoCo (CI=true)"
    else skip "ident: the tool was built without MuJoCo ($(cat "$tmp/err"))"; fi
else
    printf 't,goal_b,pos_b\n0,0,0\n0.1,0,0\n0.2,0.1,0\n' >"$tmp/ident-b.csv"
    cat >"$tmp/ident-a.xml" <<'XML'
<mujoco><worldbody><body><joint name="a" type="hinge"/><inertial pos="0 0 0" mass="1" diaginertia="1 1 1"/></body></worldbody>
<actuator><position joint="a" kp="1"/></actuator></mujoco>
XML
    usage_error "ident: no --mjcf" --mjcf -- "$bin" ident "$tmp/ident-b.csv"
    usage_error "ident: no recording" TRAIN.csv -- "$bin" ident --mjcf "$tmp/ident-a.xml"
    usage_error "ident: unknown option" --frobnicate -- "$bin" ident --mjcf "$tmp/ident-a.xml" --frobnicate 1 "$tmp/ident-b.csv"
    # the one option table (cli_option_in): an unknown option last is unknown, not one lacking a value;
    # a known one last lacks its value; --name=VALUE as --name VALUE
    usage_error "ident: unknown option last" "unknown option '--frobnicate'" -- "$bin" ident "$tmp/ident-b.csv" --frobnicate
    usage_error "ident: --budget last" "ident: --budget needs a value." -- "$bin" ident "$tmp/ident-b.csv" --budget
    usage_error "ident: --budget=0" "ident: --budget '0' must be" -- "$bin" ident --mjcf="$tmp/ident-a.xml" --budget=0 "$tmp/ident-b.csv"
    usage_error "ident: --budget 0" --budget 0 -- "$bin" ident --mjcf "$tmp/ident-a.xml" --budget 0 "$tmp/ident-b.csv"
    usage_error "ident: --model m2" "--model 'm2'" "native, m1 or m4" -- "$bin" ident --mjcf "$tmp/ident-a.xml" --model m2 "$tmp/ident-b.csv"
    usage_error "ident: --leave of no joint" --leave zz b -- "$bin" ident --mjcf "$tmp/ident-a.xml" --leave zz "$tmp/ident-b.csv"
    usage_error "ident: a joint the MJCF lacks" "joint b" "hinge joints are a" -- "$bin" ident --mjcf "$tmp/ident-a.xml" "$tmp/ident-b.csv"
    usage_error "ident: an MJCF that does not load" "does not load" -- "$bin" ident --mjcf "$tmp/ident-b.csv" "$tmp/ident-b.csv"
    # the MJCF read through the core's file plan as `friction mujoco` reads it:
    # a class default that is no finite number refused where it is written
    cat >"$tmp/ident-nanclass.xml" <<'XML'
<mujoco>
  <default>
    <default class="arm"><joint damping="nan"/></default>
  </default>
  <worldbody><body><joint name="b" type="hinge" class="arm"/><inertial pos="0 0 0" mass="1" diaginertia="1 1 1"/></body></worldbody>
  <actuator><position joint="b" kp="1"/></actuator>
</mujoco>
XML
    usage_error "ident: a class's NaN damping in the MJCF" "class 'arm' at line 3 of ident-nanclass.xml" 'damping="nan"' \
        -- "$bin" ident --mjcf "$tmp/ident-nanclass.xml" "$tmp/ident-b.csv"
    printf 't,goal_a,pos_a\n0,0,0\n0.1,nan,0\n' >"$tmp/ident-nan.csv"
    usage_error "ident: a NaN in a recording" "goal_a" -- "$bin" ident --mjcf "$tmp/ident-a.xml" "$tmp/ident-nan.csv"
    # a budget under one CMA-ES generation for each of the three searches
    # (λ = 4 + ⌊3·ln n⌋, Hansen 2016 Table 1: 8 for the native fit's 4 free
    # parameters, 10 for M4's 9): the budget given and the least, nothing written
    printf 't,goal_a,pos_a\n0,0,0\n0.1,0.1,0\n0.2,0.1,0.05\n0.3,0,0.1\n0.4,0,0.05\n' >"$tmp/ident-c.csv"
    # bam's servo needs a position servo's PWM loop: a current loop (eRob80) refused before any fit
    usage_error "ident: M1 of a current-loop actuator" erob80_50 "not a voltage-controlled servo" \
        -- "$bin" ident --mjcf "$tmp/ident-a.xml" --model m1 --actuator erob80_50 "$tmp/ident-c.csv"
    for mb in "native 23 24" "m4 29 30"; do
        read -r im ib il <<<"$mb"
        rm -rf "$tmp/ident-small"
        run "$bin" ident --mjcf "$tmp/ident-a.xml" --model "$im" --budget "$ib" --out "$tmp/ident-small" "$tmp/ident-c.csv"
        if [ $rc -eq 1 ] && tail -1 "$tmp/err" | grep -q "budget $ib gives each of the 3 searches .* at least $il\.$" \
            && [ ! -e "$tmp/ident-small" ]; then ok
        else bad "ident --model $im --budget $ib: exit $rc, $(tail -1 "$tmp/err")"; fi
    done
    # out of memory at each of the last 150 allocations of a short fit
    # (failmalloc.so: the tracks, the set, the searches, the writer): each
    # refusal names the command once, "ident: [FILE: ]SENTENCE", never a
    # door of the core after it ("ident: c.csv: ident: out of memory.",
    # "ident: ident fit: ...") nor another command's ("fit: ...")
    # (the optimised build only: ASan's allocator cannot be preloaded over, tests/cli/inputs.sh)
    fm=${dump:+$(dirname "$dump")/failmalloc.so}
    if ldd "$bin" 2>/dev/null | grep -q libasan; then elsewhere "ident out of memory (failmalloc.so is not preloaded under ASan)"
    elif [ -z "$fm" ] || [ ! -f "$fm" ]; then skip "ident out of memory: no failmalloc.so beside the registry dump"
    else
        once='^friction: ident: ' twice='^friction: ident: (.*: )?ident[a-z ]*: '
        for im in native m1; do
            rm -rf "$tmp/ident-fm"
            total=$(FAILMALLOC_COUNT=1 LD_PRELOAD=$fm "$bin" ident --mjcf "$tmp/ident-a.xml" --model "$im" --budget 30 \
                --out "$tmp/ident-fm" "$tmp/ident-c.csv" 2>&1 >/dev/null | sed -n 's/^failmalloc: \([0-9]*\) calls$/\1/p')
            why="" said=0
            [ -n "$total" ] && [ "$total" -gt 150 ] || why="failmalloc counted '$total' allocations"
            for n in $(seq $((${total:-0} - 150)) "${total:-0}"); do
                rm -rf "$tmp/ident-fm"
                (FAILMALLOC_NTH=$n LD_PRELOAD=$fm timeout 10 "$bin" ident --mjcf "$tmp/ident-a.xml" --model "$im" \
                    --budget 30 --out "$tmp/ident-fm" "$tmp/ident-c.csv" >/dev/null 2>"$tmp/err"; true) 2>/dev/null
                line=$(grep '^friction: ' "$tmp/err" | head -1)
                [ -z "$line" ] && continue   # the run succeeded, or MuJoCo's own allocation failed (std::bad_alloc)
                said=$((said + 1))
                if ! [[ $line =~ $once ]] || [[ $line =~ $twice ]]; then why="$why $n: $line;"; fi
            done
            [ $said -gt 0 ] || why="$why no refusal in the last 150 allocations"
            if [ -z "$why" ]; then ok; else bad "ident --model $im out of memory:$why"; fi
        done
        rm -rf "$tmp/ident-fm"
    fi

    rid=$root/../shared/data/robot_ident
    if [ -f "$rid/T0/recipe.csv" ]; then
        rm -rf "$tmp/ident-out"
        run "$bin" ident --mjcf "$rid/so101_stripped.xml" "$rid/T0/recipe.csv" --hold-out "$rid/T0/teleop.csv" \
            --leave shoulder_pan,shoulder_lift,elbow_flex,wrist_roll,gripper --budget 60 --out "$tmp/ident-out"
        if [ $rc -ne 0 ]; then bad "ident on T0: exit $rc: $(head -c 300 "$tmp/err")"
        else
            # the joints of the MAE table: the recording's header's, train and held-out each
            want=$(head -1 "$rid/T0/recipe.csv" | tr ',' '\n' | sed -n 's/^goal_//p' | awk '{ print $1 " train"; print $1 " held-out" }')
            # (the table's rows up to the line with the command that adopts the files back)
            got=$(sed -n '/^MAE of the whole arm/,$p' "$tmp/out" | tail -n +3 | grep -v '^adopt the fitted servos: ' | awk '{ print $1 " " $2 }')
            [ "$want" = "$got" ] && ok || bad "ident on T0: the MAE table's rows: $got"
            floor=$(awk 'BEGIN { printf "%.3f", 2 * atan2(0, -1) / 4096 * 1000 }')
            grep -q "one count = $floor mrad" "$tmp/out" && ok || bad "ident on T0: no floor line of $floor mrad"
            grep -q "^shoulder_pan: left out" "$tmp/out" && ok || bad "ident on T0: shoulder_pan not said left out"
            ls "$tmp/ident-out" | tr '\n' ' ' | grep -qx 'wrist_flex.json ' && ok \
                || bad "ident on T0: --out holds $(ls "$tmp/ident-out" | tr '\n' ' ')"
            run "$bin" mujoco-model --class wf --params "$tmp/ident-out/wrist_flex.json"
            [ $rc -eq 0 ] && grep -q 'frictionloss=' "$tmp/out" && ok \
                || bad "ident on T0: the params file is not read back: $(head -c 300 "$tmp/err")"
        fi
        # --model m1: bam's servo on one joint. The table's rows, the params
        # file in bam's format with the firmware gain, its effective gain
        # computed here from its kt and R (the STS3215's 7.4 V and error gain
        # 0.166 of bam/feetech/actuator.py, LeRobot's firmware gain 16)
        # against the printed one, and the file adopted by `friction mujoco`
        rm -rf "$tmp/ident-m1"
        run "$bin" ident --mjcf "$rid/so101_stripped.xml" "$rid/T0/recipe.csv" --hold-out "$rid/T0/teleop.csv" \
            --leave shoulder_pan,shoulder_lift,elbow_flex,wrist_roll,gripper --budget 40 --model m1 --out "$tmp/ident-m1"
        if [ $rc -ne 0 ]; then bad "ident --model m1 on T0: exit $rc: $(head -c 300 "$tmp/err")"
        else
            got=$(sed -n "/^MAE of each joint's simulation/,\$p" "$tmp/out" | tail -n +3 | awk '{ print $1 " " $2 }' | tr '\n' ' ')
            [ "$got" = "wrist_flex train wrist_flex held-out " ] && ok || bad "ident --model m1: the MAE table's rows: $got"
            f=$tmp/ident-m1/wrist_flex.json
            grep -q '"model": "m1"' "$f" && grep -q '"kp": 16' "$f" && grep -q '"integrator": "mujoco"' "$f" && ok \
                || bad "ident --model m1: the params file: $(tr -d '\n' <"$f")"
            want=$(awk -F'[:,]' '/"kt"/ { kt = $2 } /"R"/ { r = $2 } END { printf "%.5g", kt * 7.4 * 16 * 0.166 / r }' "$f")
            grep -q "^wrist_flex: [0-9]* evaluations, effective gain $want N·m/rad" "$tmp/out" && ok \
                || bad "ident --model m1: effective gain not $want: $(grep '^wrist_flex' "$tmp/out")"
            run "$bin" mujoco "$rid/so101_stripped.xml" --adopt "wrist_flex=@wf" --params "wf=$f" --seconds 0.01
            [ $rc -eq 0 ] && grep -q 'wrist_flex: sts3215 M1 (@wf)' "$tmp/out" && ok \
                || bad "ident --model m1: the params file is not adopted: $(head -c 300 "$tmp/err")"
        fi
        # A link of a wrong mass: T0's recipe fitted against a copy of the
        # MJCF whose lower_arm weighs 1.3 times its mass (awk's edit of the
        # one inertial, the copy in $tmp). lower_arm's share of the gravity
        # torque on shoulder_lift and elbow_flex changes from pose to pose,
        # so their residual at the holds follows the pose: said on both, the
        # link named; the true MJCF: not said.
        awk '/<body name="lower_arm"/ { b = 1 } b && /<inertial / { match($0, /mass="[^"]*"/)
                 m = substr($0, RSTART + 6, RLENGTH - 7); sub(/mass="[^"]*"/, sprintf("mass=\"%.6g\"", m * 1.3)); b = 0 }
             { print }' "$rid/so101_stripped.xml" >"$tmp/ident-heavy.xml"
        if [ "$(grep -c 'mass="0.1352"' "$tmp/ident-heavy.xml")" != 1 ]; then bad "ident: the heavier lower_arm not written"
        else
            for x in heavy true; do
                xml=$tmp/ident-heavy.xml; [ $x = true ] && xml=$rid/so101_stripped.xml
                run "$bin" ident --mjcf "$xml" "$rid/T0/recipe.csv" --leave shoulder_pan,wrist_flex,wrist_roll,gripper \
                    --budget 1500
                if [ $rc -ne 0 ]; then bad "ident, lower_arm $x: exit $rc: $(head -c 300 "$tmp/err")"; continue; fi
                said=$(grep -c 'residual at the holds follows the joint' "$tmp/out")
                line=$(grep '^warning: the residual at the holds follows the pose' "$tmp/out")
                if [ $x = heavy ]; then
                    [ "$said" = 2 ] && printf '%s' "$line" | grep -q 'on shoulder_lift, elbow_flex: a link from lower_arm outwards' \
                        && ok || bad "ident, lower_arm ×1.3: not said on both joints with the link ($said; $line)"
                else
                    [ "$said" = 0 ] && [ -z "$line" ] && ok || bad "ident, the true MJCF: a wrong mass said ($said; $line)"
                fi
            done
        fi
    else
        skip "ident on T0: $rid/T0/recipe.csv not found (../shared/data/robot_ident)"
    fi
fi
