# tests/cli/mujoco.sh: `friction mujoco` and `friction mujoco-model`, sourced by
# tests/cli/run.sh (its $bin, $tmp, $bam, run, ok, bad, skip, usage_error,
# csv_ok). The expected values are closed forms of the pendulum written here
# (0.49 kg at 0.1 m, 30°: gravity torque m·g·l·sin 30° = 0.240345 N·m), the
# MAE recomputed from the --csv file, and (a consistency check, labelled)
# `friction replay` on the same log.

run "$bin" mujoco "$tmp/none.xml" --joint j law=coulomb-viscous Fc=1
if grep -q 'built without MuJoCo' "$tmp/err"; then
    if [ "${CI:-}" = true ]; then bad "mujoco: the tool was built without MuJoCo (CI=true: make test installs libmujoco-dev)"
    else skip "mujoco: the tool was built without MuJoCo ($(cat "$tmp/err"))"; fi
    usage_error "mujoco without MuJoCo" "libmujoco-dev" -- "$bin" mujoco x.xml --joint j law=coulomb-viscous Fc=1
    return 0 2>/dev/null || exit 1
fi
run "$bin" mujoco --help
if [ $rc -eq 0 ] && [ "$(head -n 1 "$tmp/out")" = usage: ] && grep -q '^  friction mujoco MODEL.xml' "$tmp/out" \
   && [ ! -s "$tmp/err" ]; then ok
else bad "mujoco --help: exit $rc: $(head -c 200 "$tmp/out")"; fi

cat >"$tmp/pend.xml" <<'XML'
<mujoco>
  <option timestep="0.001" gravity="0 0 -9.81"/>
  <worldbody>
    <body name="arm">
      <joint name="hinge" type="hinge" axis="0 1 0"/>
      <inertial pos="0 0 -0.1" mass="0.49" diaginertia="1e-9 1e-9 1e-9"/>
    </body>
    <body name="b" pos="1 0 0"><joint name="ball" type="ball"/><geom size="0.1"/></body>
    <body name="c" pos="2 0 0"><joint name="free" type="free"/><geom size="0.1"/></body>
  </worldbody>
  <keyframe><key qpos="0.52359877559829882 1 0 0 0 2 0 0 1 0 0 0"/></keyframe>
</mujoco>
XML
# an included MJCF one byte over FRIC_MJCF_MAX_BYTES (32 MiB; a sparse file)
# is refused before a byte of it is read, in the sentence of the core's one
# size check (fric_io_check_size, kind MJCF), naming it from the main folder
mkdir -p "$tmp/bigin/inc"
printf '<mujoco><include file="inc/big.xml"/><worldbody><body><joint name="hinge"/><geom size="0.1"/></body></worldbody></mujoco>\n' >"$tmp/bigin/main.xml"
truncate -s 33554433 "$tmp/bigin/inc/big.xml"
usage_error "mujoco: an oversized include" \
    "MJCF inc/big.xml: the file is 32.0 MiB (33554433 bytes); an MJCF file is read up to 32 MiB (33554432 bytes)" \
    -- "$bin" mujoco "$tmp/bigin/main.xml" --joint hinge law=coulomb-viscous Fc=0.3
rm -rf "$tmp/bigin"
# every file MuJoCo reads is sized before it reads it, as the page and
# tools/robot.mjs size them (fric_io_check_size, kind asset: 32 MiB each; kind
# robot: 64 MiB together): a mesh one MiB over the bound (sparse: MuJoCo would
# read 33 MiB of zeros and say something else) named from the main folder with
# the element naming it, the compiler's meshdir applied
mkdir -p "$tmp/bigmesh/meshes"
printf '<mujoco><compiler meshdir="meshes"/><asset><mesh name="m" file="big.stl"/></asset><worldbody><body><joint name="hinge"/><geom type="mesh" mesh="m"/></body></worldbody></mujoco>\n' >"$tmp/bigmesh/robot.xml"
truncate -s 34603008 "$tmp/bigmesh/meshes/big.stl"
usage_error "mujoco: an oversized mesh" \
    'asset meshes/big.stl (<mesh file="big.stl">): the file is 33.0 MiB (34603008 bytes); a mesh, texture or other asset is read up to 32 MiB (33554432 bytes)' \
    -- "$bin" mujoco "$tmp/bigmesh/robot.xml" --joint hinge law=coulomb-viscous Fc=0.3
# the files together over 64 MiB, each under 32 MiB: a mesh named by an
# included file in a subfolder (found beside it, the page's rule), a texture
# through assetdir, a heightfield; the sentence names the main file and the
# total is the files' sizes added here (stat), the MJCF texts too
mkdir -p "$tmp/bigmesh/parts" "$tmp/bigmesh/assets"
printf '<mujoco><asset><mesh name="p" file="part.stl"/></asset></mujoco>\n' >"$tmp/bigmesh/parts/arm.xml"
printf '<mujoco><compiler assetdir="assets"/><include file="parts/arm.xml"/><asset><texture name="t" type="2d" file="skin.png"/><hfield name="h" file="ground.png" size="1 1 1 1"/></asset><worldbody><body><joint name="hinge"/><geom size="0.1"/></body></worldbody></mujoco>\n' >"$tmp/bigmesh/total.xml"
mkdir -p "$tmp/bigmesh/assets/parts"; truncate -s 23068672 "$tmp/bigmesh/assets/parts/part.stl"
truncate -s 23068672 "$tmp/bigmesh/assets/skin.png"
truncate -s 23068672 "$tmp/bigmesh/assets/ground.png"
total=$(( $(stat -c %s "$tmp/bigmesh/total.xml") + $(stat -c %s "$tmp/bigmesh/parts/arm.xml") + 3 * 23068672 ))
usage_error "mujoco: a robot's files over 64 MiB together" \
    "robot total.xml: the files the MJCF names (its includes and their assets) are together 66.0 MiB ($total bytes); a robot's files are read up to 64 MiB (67108864 bytes)" \
    -- "$bin" mujoco "$tmp/bigmesh/total.xml" --joint hinge law=coulomb-viscous Fc=0.3
rm -rf "$tmp/bigmesh"
# drift DESC FILE LO HI: the printed drift of joint hinge lies in [LO, HI] rad
drift_in() {
    local d
    d=$(sed -n 's/^joint hinge: .* drift \([^ ]*\) rad.*/\1/p' "$2")
    if [ -n "$d" ] && awk -v d="$d" -v lo="$3" -v hi="$4" 'BEGIN { exit !(d >= lo && d <= hi) }'; then ok
    else bad "$1: drift '$d' not in [$3, $4]: $(cat "$2" "$tmp/err" | head -c 400)"; fi
}
# friction 0.3 N·m above the load 0.240345: holds 10 s; 0.2 below it: slides
run "$bin" mujoco "$tmp/pend.xml" --joint hinge law=coulomb-viscous Fc=0.3
drift_in "mujoco hold (implicit)" "$tmp/out" 0 1e-12
run "$bin" mujoco "$tmp/pend.xml" --joint hinge law=stribeck Fs=0.3 Fc=0.1 vs=0.05 D=0.01
drift_in "mujoco hold (stribeck)" "$tmp/out" 0 1e-12
run "$bin" mujoco "$tmp/pend.xml" --joint hinge law=coulomb-viscous Fc=0.2 --duration 1
drift_in "mujoco slides below the load" "$tmp/out" 0.01 10
# MuJoCo's own frictionloss: creeps (its regularised constraint); noslip holds
run "$bin" mujoco "$tmp/pend.xml" --joint hinge law=coulomb-viscous Fc=0.3 --treatment frictionloss
drift_in "mujoco frictionloss creeps" "$tmp/out" 0.1 1
echo "mujoco: frictionloss 0.3 N*m under 0.240 N*m, 10 s: $(sed -n 's/^joint hinge: //p' "$tmp/out")"
# the CSV: t, q, dq, tau_f per step; held, tau_f balances gravity exactly
run "$bin" mujoco "$tmp/pend.xml" --joint hinge law=coulomb-viscous Fc=0.3 --duration 1 --csv "$tmp/mj.csv"
if [ $rc -ne 0 ]; then bad "mujoco --csv: exit $rc: $(cat "$tmp/err")"
elif ! msg=$(csv_ok "$tmp/mj.csv"); then bad "mujoco --csv: $msg"
elif [ "$(head -1 "$tmp/mj.csv")" != "t,q,dq,tau_f" ] || [ "$(wc -l <"$tmp/mj.csv")" -ne 1001 ]; then
    bad "mujoco --csv: header '$(head -1 "$tmp/mj.csv")', $(wc -l <"$tmp/mj.csv") lines (expected t,q,dq,tau_f and 1001)"
elif ! awk -F, 'function abs(x) { return x < 0 ? -x : x }
        NR > 1 && (abs($4 - 0.49 * 9.81 * 0.1 * 0.5) > 1e-9 || abs($2 - 0.52359877559829882) > 1e-12) {
            print "row " NR ": q " $2 ", tau_f " $4; exit 1 }' "$tmp/mj.csv" >"$tmp/msg"; then
    bad "mujoco --csv hold: $(cat "$tmp/msg")"
else ok; fi

# two joints (the semi-implicit step): a two-link arm with geared joints held
# at (1.2, 0.5) rad; the CSV's friction torques are the gravity loads of the
# closed form τ2 = m2·g·c2·sin(q1 + q2), τ1 = g·(m1·c1·sin q1 + m2·(l1·sin q1 + c2·sin(q1 + q2)))
cat >"$tmp/arm2.xml" <<'XML'
<mujoco>
  <option timestep="0.001" gravity="0 0 -9.81"/>
  <worldbody>
    <body name="l1"><joint name="j1" type="hinge" axis="0 1 0" armature="0.101"/>
      <inertial pos="0 0 -0.2" mass="1.5" diaginertia="1e-9 1e-9 1e-9"/>
      <body name="l2" pos="0 0 -0.3"><joint name="j2" type="hinge" axis="0 1 0" armature="0.101"/>
        <inertial pos="0 0 -0.15" mass="1" diaginertia="1e-9 1e-9 1e-9"/></body></body>
  </worldbody>
  <keyframe><key qpos="1.2 0.5"/></keyframe>
</mujoco>
XML
run "$bin" mujoco "$tmp/arm2.xml" --joint j1 --joint j2 law=stribeck Fs=8 Fc=6 vs=0.05 D=0.1 --duration 1 --csv "$tmp/arm2.csv"
if [ $rc -ne 0 ]; then bad "mujoco two joints: exit $rc: $(cat "$tmp/err")"
elif [ "$(head -1 "$tmp/arm2.csv")" != "t,q_j1,dq_j1,tau_f_j1,q_j2,dq_j2,tau_f_j2" ]; then
    bad "mujoco two joints: header '$(head -1 "$tmp/arm2.csv")'"
elif ! awk -F, 'function abs(x) { return x < 0 ? -x : x }
        BEGIN { g = 9.81; t2 = 1.0 * g * 0.15 * sin(1.7); t1 = g * (1.5 * 0.2 * sin(1.2) + 1.0 * (0.3 * sin(1.2) + 0.15 * sin(1.7))) }
        NR > 1 && (abs($4 - t1) > 1e-9 * t1 || abs($7 - t2) > 1e-9 * t2 || $2 != 1.2 || $5 != 0.5) {
            print "row " NR ": " $0 " (loads " t1 ", " t2 ")"; exit 1 }' "$tmp/arm2.csv" >"$tmp/msg"; then
    bad "mujoco two joints hold: $(cat "$tmp/msg")"
else ok; fi
# the arm with no armature on j2: the semi-implicit step of several joints needs each rotor inertia
sed 's|<joint name="j2" type="hinge" axis="0 1 0" armature="0.101"/>|<joint name="j2" type="hinge" axis="0 1 0"/>|' "$tmp/arm2.xml" >"$tmp/arm2-bare.xml"
usage_error "mujoco two joints without armature" "joint 'j2' has armature = 0" -- "$bin" mujoco "$tmp/arm2-bare.xml" --joint j1 --joint j2 law=coulomb-viscous Fc=1

# the bench of a log as MJCF, and the log replayed through it
log1=$bam/logs/xl330/processed/2026-01-15_10h28m10.json
m4=$bam/params/xl330/m4.json
run "$bin" mujoco-model --log "$log1" --params "$m4"
if [ $rc -ne 0 ] || ! grep -q '<joint name="joint" type="hinge"' "$tmp/out" || ! grep -q 'timestep="0.005' "$tmp/out"; then
    bad "mujoco-model: exit $rc: $(head -c 300 "$tmp/out" "$tmp/err")"
else ok; cp "$tmp/out" "$tmp/bench.xml"; fi
run "$bin" mujoco "$tmp/bench.xml" --joint joint --params "$m4" --log "$log1" --csv "$tmp/mjlog.csv"
if [ $rc -ne 0 ]; then bad "mujoco --log: exit $rc: $(cat "$tmp/err")"
else
    mae=$(sed -n 's/^mae \([^ ]*\) rad$/\1/p' "$tmp/out")
    if ! awk -F, -v mae="$mae" 'function abs(x) { return x < 0 ? -x : x }
            NR > 1 { s += abs($2 - $3); n++ }
            END { if (n != 1201 || abs(s / n - mae) > 1e-12 * mae || mae <= 0) {
                      printf "%d rows, MAE from the CSV %.17g, printed %s\n", n, s / n, mae; exit 1 } }' "$tmp/mjlog.csv" >"$tmp/msg"; then
        bad "mujoco --log MAE: $(cat "$tmp/msg")"
    else ok; fi
    # consistency check: MuJoCo's Euler against the bench's integrator, within 10 %
    run "$bin" replay --params "$m4" "$log1"
    ref=$(sed -n 's/^mean: mae \([^ ]*\) rad.*/\1/p' "$tmp/out")
    if awk -v a="$mae" -v b="$ref" 'BEGIN { exit !(a > 0.9 * b && a < 1.1 * b) }'; then ok
    else bad "mujoco --log MAE $mae vs friction replay $ref (10 %)"; fi
    echo "mujoco: xl330 M4 sin_sin log: MuJoCo MAE $mae rad, friction replay $ref rad"
fi

# bad input: one message, exit 2, nothing on stdout
printf '<mujoco><worldbody><body><joint type="bogus"/>' >"$tmp/broken.xml"
usage_error "mujoco MJCF that does not load" "broken.xml" "does not load" -- "$bin" mujoco "$tmp/broken.xml" --joint j law=coulomb-viscous Fc=1
usage_error "mujoco unknown joint" "no joint named 'nope'" "hinge" -- "$bin" mujoco "$tmp/pend.xml" --joint nope law=coulomb-viscous Fc=1
usage_error "mujoco ball joint" "'ball' is a ball joint" -- "$bin" mujoco "$tmp/pend.xml" --joint ball law=coulomb-viscous Fc=1
usage_error "mujoco free joint" "'free' is a free joint" -- "$bin" mujoco "$tmp/pend.xml" --joint free law=coulomb-viscous Fc=1 --treatment noslip
usage_error "mujoco params of another actuator" "'xl330', not 'sts3215'" -- "$bin" mujoco "$tmp/bench.xml" --joint joint --params "$m4" --actuator sts3215
usage_error "mujoco params vs the log's motor" "'sts3215'" "records 'xl330'" -- "$bin" mujoco "$tmp/bench.xml" --joint joint --params "$bam/params/feetech_sts3215_7_4V/m1.json" --log "$log1"
usage_error "mujoco law refused" "Fs = 1 must exceed Fc = 2" -- "$bin" mujoco "$tmp/pend.xml" --joint hinge law=stribeck Fs=1 Fc=2 vs=0.1
usage_error "mujoco no friction" "either as a law" -- "$bin" mujoco "$tmp/pend.xml" --joint hinge
usage_error "mujoco bad treatment" "--treatment 'soft'" -- "$bin" mujoco "$tmp/pend.xml" --joint hinge law=coulomb-viscous Fc=1 --treatment soft
usage_error "mujoco timestep vs log" "timestep 0.001 s" "0.005" -- "$bin" mujoco "$tmp/pend.xml" --joint hinge --params "$m4" --log "$log1"
usage_error "mujoco-model without params" "--params P.json" -- "$bin" mujoco-model --log "$log1"

# ---- the native joint as a <default> class (mujoco-model --class): the
# class included in a model whose hinge and <general> actuator use it, loaded
# by MuJoCo 2.2.2 through `friction mujoco`, which prints the joint's
# frictionloss, damping and armature as MuJoCo compiled them: the numbers of
# the params file written here (every compiled number, solref, solimp and the
# actuator's, is tests/mujoco/test_native_class.c's)
cat >"$tmp/native.json" <<'JSON'
{ "actuator": "xl330", "model": "native", "frictionloss": 0.052, "damping": 0.031, "armature": 0.0047,
  "kp": 3.2, "firmware_kp": 100, "kv": 0.12, "forcerange_lo": -0.6, "forcerange_hi": 0.6,
  "solreffriction_timeconst": 0.015, "solreffriction_dampratio": 1.3 }
JSON
cat >"$tmp/native-model.xml" <<'XML'
<mujoco>
  <option timestep="0.005" integrator="Euler"/>
  <include file="servo_native.xml"/>
  <worldbody><body name="arm">
    <joint name="hinge" type="hinge" axis="0 1 0" class="servo_native"/>
    <inertial pos="0 0 -0.1" mass="0.5" diaginertia="1e-4 1e-4 1e-4"/>
  </body></worldbody>
  <actuator><general name="servo" joint="hinge" class="servo_native"/></actuator>
</mujoco>
XML
run "$bin" mujoco-model --class servo_native --params "$tmp/native.json" --mujoco 2
if [ $rc -ne 0 ] || [ -s "$tmp/err" ] || ! grep -q '<default class="servo_native">' "$tmp/out"; then
    bad "mujoco-model --class: exit $rc: $(head -c 300 "$tmp/out" "$tmp/err")"
else ok; cp "$tmp/out" "$tmp/servo_native.xml"; fi
run "$bin" mujoco "$tmp/native-model.xml" --joint hinge law=coulomb-viscous Fc=0.01 --treatment frictionloss --duration 0.01
if [ $rc -ne 0 ] || ! grep -q '^joint hinge in the MJCF: frictionloss 0.052, damping 0.031, armature 0.0047' "$tmp/out"; then
    bad "mujoco-model --class in MuJoCo 2.2.2: exit $rc: $(cat "$tmp/out" "$tmp/err" | head -c 400)"
else ok; fi
# the MuJoCo 3 form (<position kv>) is what 2.2.2 refuses: the reason for --mujoco 2
run "$bin" mujoco-model --class servo_native --params "$tmp/native.json"
if [ $rc -ne 0 ] || ! grep -q '<position kp="3.2" kv="0.12"' "$tmp/out"; then
    bad "mujoco-model --class (MuJoCo 3): exit $rc: $(head -c 300 "$tmp/out" "$tmp/err")"
else cp "$tmp/out" "$tmp/servo_native.xml"; ok; fi
usage_error "mujoco-model --class MuJoCo 3 form in 2.2.2" "does not load" "kv" -- "$bin" mujoco "$tmp/native-model.xml" --joint hinge law=coulomb-viscous Fc=0.01 --treatment frictionloss --duration 0.01
# --kp: MuJoCo's kp for another firmware gain, kp·K/firmware_kp = 3.2·50/100
run "$bin" mujoco-model --class servo_native --params "$tmp/native.json" --kp 50 --mujoco 2
if [ $rc -eq 0 ] && grep -q 'gainprm="1.6" biastype="affine" biasprm="0 -1.6 -0.12"' "$tmp/out"; then ok
else bad "mujoco-model --class --kp 50: exit $rc: $(head -c 400 "$tmp/out" "$tmp/err")"; fi
# the usage names the class form
run "$bin" mujoco-model --help
if [ $rc -eq 0 ] && grep -q 'friction mujoco-model --class NAME --params NATIVE.json' "$tmp/out"; then ok
else bad "mujoco-model --help does not show --class: $(head -c 400 "$tmp/out")"; fi
# bad input: one sentence, exit 2, nothing written
sed 's/"frictionloss": 0.052/"frictionloss": -0.1/' "$tmp/native.json" >"$tmp/native-neg.json"
sed 's/"damping": 0.031,/"damping": 0.031, "friction_base": 0.1,/' "$tmp/native.json" >"$tmp/native-mixed.json"
sed 's/"forcerange_lo": -0.6, "forcerange_hi": 0.6/"forcerange_lo": 0.6, "forcerange_hi": -0.6/' "$tmp/native.json" >"$tmp/native-inv.json"
sed 's/"kp": 3.2/"kp": 0/' "$tmp/native.json" >"$tmp/native-kv.json"
usage_error "mujoco-model --class without params" "--params NATIVE.json" -- "$bin" mujoco-model --class x
usage_error "mujoco-model --class without a name" "--class needs a value" -- "$bin" mujoco-model --params "$tmp/native.json" --class
usage_error "mujoco-model --class bad name" "class name 'a b'" -- "$bin" mujoco-model --class 'a b' --params "$tmp/native.json"
usage_error "mujoco-model --class bad --mujoco" "--mujoco '4'" -- "$bin" mujoco-model --class x --params "$tmp/native.json" --mujoco 4
usage_error "mujoco-model --class bad --kp" "--kp '-1'" -- "$bin" mujoco-model --class x --params "$tmp/native.json" --kp -1
usage_error "mujoco-model --class negative frictionloss" "frictionloss" -- "$bin" mujoco-model --class x --params "$tmp/native-neg.json"
usage_error "mujoco-model --class native and M keys mixed" "friction_base" -- "$bin" mujoco-model --class x --params "$tmp/native-mixed.json"
usage_error "mujoco-model --class forcerange inverted" "forcerange" -- "$bin" mujoco-model --class x --params "$tmp/native-inv.json"
usage_error "mujoco-model --class kv without kp" "kv" -- "$bin" mujoco-model --class x --params "$tmp/native-kv.json"
usage_error "mujoco-model --class of an M4 file" "--class takes a native params file" "M4 file" \
    "friction mujoco MODEL.xml --joint NAME --params $m4" -- "$bin" mujoco-model --class x --params "$m4"
grep -q "remove it" "$tmp/err" && bad "mujoco-model --class of an M4 file asks to remove a key: $(cat "$tmp/err")"
# the bench of a log with a native file (mujoco-model --log): MuJoCo's own
# joint and actuator with the file's numbers (written above, by hand), as
# MuJoCo 2.2.2 compiles them, at the log's step (0.005 s)
run "$bin" mujoco-model --log "$log1" --params "$tmp/native.json"
if [ $rc -ne 0 ] || [ -s "$tmp/err" ] || ! grep -q 'timestep="0.005"' "$tmp/out" \
   || ! grep -q 'solreffriction="0.015 1.3"' "$tmp/out" || ! grep -q 'forcerange="-0.6 0.6"' "$tmp/out"; then
    bad "mujoco-model --log with a native file: exit $rc: $(cat "$tmp/out" "$tmp/err" | head -c 400)"
else
    ok; cp "$tmp/out" "$tmp/native-bench.xml"
    run "$bin" mujoco "$tmp/native-bench.xml" --joint joint law=coulomb-viscous Fc=0.01 --treatment frictionloss --duration 0.01
    if [ $rc -ne 0 ] || ! grep -q '^joint joint in the MJCF: frictionloss 0.052, damping 0.031, armature 0.0047' "$tmp/out"; then
        bad "mujoco-model --log native in MuJoCo 2.2.2: exit $rc: $(cat "$tmp/out" "$tmp/err" | head -c 400)"
    else ok; fi
fi
sed 's/"xl330"/"sts3215"/' "$tmp/native.json" >"$tmp/native-sts.json"
usage_error "mujoco-model --log, a native file of another actuator" "'sts3215'" "records 'xl330'" -- \
    "$bin" mujoco-model --log "$log1" --params "$tmp/native-sts.json"
# a params file too large, or an M-model file with a native key, given to
# `mujoco --params --log` (no model): the reader's sentence, as replay's
head -c $((2 * 1024 * 1024)) /dev/zero | tr '\0' ' ' >"$tmp/big-params.json"
sed 's/^{/{ "frictionloss": 0.1,/' "$m4" >"$tmp/m4-fl.json"
for f in big-params:'read up to 1 MiB' m4-fl:'key "frictionloss"'; do
    word=${f#*:} f=${f%%:*}
    run "$bin" replay --params "$tmp/$f.json" "$log1"
    want=$(cat "$tmp/err")
    usage_error "mujoco --params $f.json --log (no model)" "$word" -- "$bin" mujoco --params "$tmp/$f.json" --log "$log1"
    [ "$(cat "$tmp/err")" = "$want" ] || bad "mujoco --params $f.json --log says $(cat "$tmp/err"), replay $want"
done

# ---- adopting a robot (--adopt): a two-link arm written as a robot's MJCF
# has it (frictionloss 0.05 N·m, damping 0.5 N·m·s/rad, armature 0.101 kg·m²
# on both joints; a <position> and the general actuator MuJoCo 3 compiles
# <position kp kv> to), adopted with the STS3215's M1. Expected: the MJCF's
# numbers written here, the armature of the params file read with awk, and
# the hold's friction torques the closed-form gravity loads of the arm
# (link 1: 0.2 kg at 0.1 m, length 0.2 m; link 2: 0.1 kg at 0.08 m) at the
# keyframe (0.05, 0.2) rad: τ2 = m2·g·c2·sin(q1 + q2),
# τ1 = g·(m1·c1·sin q1 + m2·(l1·sin q1 + c2·sin(q1 + q2))).
cat >"$tmp/robot.xml" <<'XML'
<mujoco>
  <option timestep="0.001" gravity="0 0 -9.81" integrator="Euler"/>
  <worldbody>
    <body name="l1"><joint name="shoulder" type="hinge" axis="0 1 0" armature="0.101" frictionloss="0.05" damping="0.5"/>
      <inertial pos="0 0 -0.1" mass="0.2" diaginertia="1e-9 1e-9 1e-9"/>
      <body name="l2" pos="0 0 -0.2"><joint name="elbow" type="hinge" axis="0 1 0" armature="0.101" frictionloss="0.05" damping="0.5"/>
        <inertial pos="0 0 -0.08" mass="0.1" diaginertia="1e-9 1e-9 1e-9"/></body></body>
    <body name="ballbody" pos="1 0 0"><joint name="wrist_ball" type="ball"/><geom size="0.05" contype="0" conaffinity="0"/></body>
  </worldbody>
  <actuator>
    <position name="a_shoulder" joint="shoulder" kp="20" ctrllimited="true" ctrlrange="-1.5 1.5" forcelimited="true" forcerange="-3 3"/>
    <general name="a_elbow" joint="elbow" gainprm="20" biastype="affine" biasprm="0 -20 -0.5" ctrllimited="true" ctrlrange="-1.5 1.5" forcelimited="true" forcerange="-3 3"/>
  </actuator>
  <keyframe><key name="home" qpos="0.05 0.2 1 0 0 0"/></keyframe>
</mujoco>
XML
sts=$bam/params/feetech_sts3215_7_4V/m1.json
sts_arm=$(sed -n 's/^ *"armature": *\([^,]*\),*$/\1/p' "$sts")
run "$bin" mujoco "$tmp/robot.xml" --adopt '*=sts3215/m1' --seconds 2
if [ $rc -ne 0 ] || [ -s "$tmp/err" ] || [ -z "$sts_arm" ]; then
    bad "mujoco --adopt: exit $rc, armature of $sts '$sts_arm': $(cat "$tmp/err" "$tmp/out" | head -c 400)"
else
    # the report: one line per adopted joint (the ball joint is not one)
    why=""
    [ "$(grep -c '^[a-z_]*: sts3215 M1 (\*=sts3215/m1); ' "$tmp/out")" -eq 2 ] || why="not 2 report lines"
    for j in shoulder elbow; do
        line=$(grep "^$j: " "$tmp/out")
        for w in "removed frictionloss 0.05 N·m, damping 0.5 N·m·s/rad" "the file had 0.101)" \
                 "forcerange -3…3 N·m) is now the goal source, its force off" "ctrlrange [-1.5, 1.5] rad"; do
            [ -z "$why" ] && ! grep -qF -- "$w" <<<"$line" && why="$j's line does not say '$w': $line"
        done
        arm=$(sed -n 's/.*; armature \([^ ]*\) kg·m² (the servo.s;.*/\1/p' <<<"$line")
        [ -z "$why" ] && ! awk -v a="$arm" -v r="$sts_arm" 'BEGIN { exit !(a != "" && (a - r) ^ 2 <= (5e-4 * r) ^ 2) }' &&
            why="$j's armature '$arm' is not the params file's $sts_arm"
    done
    grep -q "^shoulder: .*actuator 'a_shoulder' position (kp 20, kv 0," "$tmp/out" || why="${why:-shoulder's actuator not position kp 20 kv 0}"
    grep -q "^elbow: .*actuator 'a_elbow' position (kp 20, kv 0.5," "$tmp/out" || why="${why:-elbow's actuator not position kp 20 kv 0.5}"
    # the ball joint is not adopted; '*' skipping it says so in one line
    grep -q "^wrist_ball: sts3215" "$tmp/out" && why="${why:-the ball joint is adopted}"
    grep -qF "wrist_ball: skipped (a ball joint, mapped by '*'): bam's servos are rotary; a servo drives a hinge joint only" \
        "$tmp/out" || why="${why:-no note of the ball joint skipped}"
    if [ -z "$why" ]; then ok; else bad "mujoco --adopt report: $why"; fi
    # the table: both joints held at the keyframe, the friction the gravity load
    if awk 'function abs(x) { return x < 0 ? -x : x }
            BEGIN { g = 9.81; q1 = 0.05; q2 = 0.2
                    ref["shoulder"] = g * (0.2 * 0.1 * sin(q1) + 0.1 * (0.2 * sin(q1) + 0.08 * sin(q1 + q2)))
                    ref["elbow"] = g * 0.1 * 0.08 * sin(q1 + q2) }
            /^joint +servo +state +sag \[mrad\] +creep \[mrad\/s\] +τm \[N·m\] +τf \[N·m\]$/ { head = 1; next }
            head && ($1 in ref) { n++
                if ($4 != "STICK" || $5 != 0 || $6 != 0 || $7 != 0 || abs($8 - ref[$1]) > 5e-4 * ref[$1]) {
                    print $0 " (load " ref[$1] ")"; exit 1 } }
            END { if (n != 2) { print "rows: " n; exit 1 } }' "$tmp/out" >"$tmp/msg"; then ok
    else bad "mujoco --adopt table (hold at the keyframe): $(cat "$tmp/msg")"; fi
    echo "mujoco --adopt: $(grep -A3 '^joint ' "$tmp/out" | tr '\n' '|')"
    # the first line says the start, the default of every door
    if head -1 "$tmp/out" | grep -qF "from keyframe 'home', timestep 0.001 s (the file's; the default start of every door: the first keyframe, else qpos0, at the file's timestep)"; then ok
    else bad "mujoco --adopt: the first line does not state the default start: $(head -1 "$tmp/out")"; fi
fi
# one joint of the damped arm adopted (the elbow keeps the file's
# frictionloss, damping 0.5 and actuator): the semi-implicit step serves it
# (the exact one-joint prediction ignores Euler's M + h·B); the shoulder's
# gravity load (≤ 0.04 N·m whatever the elbow does) is under the M1 static
# friction (friction_base of the params file): it sticks, held by a
# friction torque within that budget
fb=$(sed -n 's/^ *"friction_base": *\([^,]*\),*$/\1/p' "$sts")
run "$bin" mujoco "$tmp/robot.xml" --adopt 'shoulder=sts3215/m1' --seconds 2
if [ $rc -ne 0 ] || [ -z "$fb" ]; then bad "mujoco --adopt one joint of a damped arm: exit $rc: $(cat "$tmp/err")"
elif awk -v fb="$fb" '$1 == "shoulder" && $2 == "sts3215" { n++; if ($4 != "STICK" || ($5 < 0 ? -$5 : $5) > 1e-3 || !($8 > 0 && $8 < fb)) exit 1 }
                      END { exit n != 1 }' "$tmp/out"; then ok
else bad "mujoco --adopt one joint of a damped arm: not held within the static friction $fb N·m: $(grep -A2 '^joint ' "$tmp/out")"; fi
# a goal: the elbow's actuator ctrl moves it from 0.2 to 0.5 rad (sag < 20
# mrad after 3 s, from 300); the shoulder's 9 rad is clamped to its ctrlrange
run "$bin" mujoco "$tmp/robot.xml" --adopt 'elbow=sts3215/m1, *=sts3215/m1' --goal elbow=0.5 --goal shoulder=9 --seconds 3
if [ $rc -ne 0 ]; then bad "mujoco --adopt --goal: exit $rc: $(cat "$tmp/err")"
elif ! grep -q "^note: --goal shoulder=9 is outside its actuator's ctrlrange \[-1.5, 1.5\] rad: the servo's goal is 1.5 rad" "$tmp/out"; then
    bad "mujoco --adopt --goal: no clamp note: $(cat "$tmp/out")"
elif ! awk '$1 == "elbow" && $2 == "sts3215" { s = $5 } $1 == "shoulder" && $2 == "sts3215" { t = $5 }
            END { exit !(s != "" && s < 20 && s > -20 && t > 9000 - 1500 - 100 && t < 9000 - 1500 + 100) }' "$tmp/out"; then
    bad "mujoco --adopt --goal: elbow's sag not < 20 mrad or shoulder's not ~7500 mrad: $(grep -A3 '^joint ' "$tmp/out")"
elif ! grep -q "^elbow: sts3215 M1 (elbow=sts3215/m1)" "$tmp/out" || ! grep -q "^shoulder: sts3215 M1 (\*=sts3215/m1)" "$tmp/out"; then
    bad "mujoco --adopt: a joint's own entry does not win over '*': $(head -3 "$tmp/out")"
else ok; fi
# a params file by name; the file's armature kept
run "$bin" mujoco "$tmp/robot.xml" --adopt 'shoulder=@mine;elbow=@mine' --params "mine=$sts" --keep-armature --seconds 0.5
if [ $rc -eq 0 ] && [ "$(grep -c 'sts3215 M1 (@mine).*armature 0.101 kg·m² (the file.s, kept)' "$tmp/out")" -eq 2 ] &&
   [ "$(grep -c '^[a-z]* *sts3215 M1 (@mine) *STICK' "$tmp/out")" -eq 2 ]; then ok
else bad "mujoco --adopt @mine --keep-armature: exit $rc: $(cat "$tmp/err" "$tmp/out" | head -c 600)"; fi
# a key the core does not model (a fork's command_delay) in a params file of
# the mapping: the core's sentence on stderr, word for word as the page's
# Adopt report and tools/robot.mjs say it (tests/web/robot.test.mjs)
sed 's/"model"/"command_delay": 0.012,\n    "model"/' "$sts" >"$tmp/fork-sts.json"
run "$bin" mujoco "$tmp/robot.xml" --adopt 'shoulder=@fork' --params "fork=$tmp/fork-sts.json" --seconds 0.1
if [ $rc -eq 0 ] && [ "$(grep -c 'command_delay' "$tmp/err")" -eq 1 ] && grep -qxF "friction: params $tmp/fork-sts.json: key \"command_delay\" is not modelled by the core; it is carried unchanged into every params file written from this one." "$tmp/err"; then ok
else bad "mujoco --adopt @fork with command_delay: exit $rc: $(cat "$tmp/err")"; fi
# bad mappings and servos: one sentence each
usage_error "adopt: entry without '='" "mapping entry 1 ('shoulder')" "no '='" -- "$bin" mujoco "$tmp/robot.xml" --adopt shoulder
usage_error "adopt: target twice" "'elbow' is given twice" -- "$bin" mujoco "$tmp/robot.xml" --adopt 'elbow=sts3215/m1,elbow=xl330/m1'
usage_error "adopt: unknown joint" "no joint named 'knee'" "shoulder, elbow" -- "$bin" mujoco "$tmp/robot.xml" --adopt 'knee=sts3215/m1'
# a joint default of a class that is no finite number: refused where it is
# written, the class, its line and its file (an include's own), before MuJoCo
# reads the model; a value on the joint element itself is the joint's
mkdir -p "$tmp/cls"
cat >"$tmp/cls/nan.xml" <<'XML'
<mujoco>
  <default>
    <default class="arm">
      <joint damping="nan" range="-1 1" limited="true"/>
    </default>
  </default>
  <worldbody><body><joint name="j1" type="hinge" class="arm"/><inertial pos="0 0 0" mass="1" diaginertia="1 1 1"/></body></worldbody>
  <actuator><position joint="j1" kp="1"/></actuator>
</mujoco>
XML
cat >"$tmp/cls/defaults.xml" <<'XML'
<mujoco>
  <default>
    <default class="base">
      <joint frictionloss="inf"/>
      <default class="arm"><joint damping="0.1"/></default>
    </default>
  </default>
</mujoco>
XML
cat >"$tmp/cls/nested.xml" <<'XML'
<mujoco>
  <include file="defaults.xml"/>
  <worldbody><body childclass="arm"><joint name="j1" type="hinge"/><inertial pos="0 0 0" mass="1" diaginertia="1 1 1"/></body></worldbody>
  <actuator><position joint="j1" kp="1"/></actuator>
</mujoco>
XML
sed 's/damping="nan" //; s/class="arm"\/>/class="arm" armature="nan"\/>/' "$tmp/cls/nan.xml" >"$tmp/cls/element.xml"
usage_error "adopt: a class's NaN damping" "class 'arm' at line 4 of nan.xml" 'damping="nan"' "give the class a finite damping" \
    -- "$bin" mujoco "$tmp/cls/nan.xml" --adopt '*=xl330/m4'
usage_error "mujoco --joint: a class's NaN damping" "class 'arm' at line 4 of nan.xml" \
    -- "$bin" mujoco "$tmp/cls/nan.xml" --joint j1 law=coulomb-viscous Fc=0.1
usage_error "adopt: a parent class's inf, in an include" "class 'base' at line 4 of defaults.xml" 'frictionloss="inf"' \
    -- "$bin" mujoco "$tmp/cls/nested.xml" --adopt 'class:arm=xl330/m4'
usage_error "adopt: the joint's own NaN armature names the joint" "joint 'j1' armature=\"nan\"" \
    -- "$bin" mujoco "$tmp/cls/element.xml" --adopt '*=xl330/m4'
# an actuator default of a class that is no finite number (MuJoCo 2.2.2 loads
# it and its step leaves the finite range): refused where it is written, at
# every door that reads the MJCF (the run, the adoption, the identification)
sed 's/<joint damping="nan" range="-1 1" limited="true"\/>/<joint range="-1 1" limited="true"\/><position kp="16 " ctrlrange="-1 nan"\/>/; s/<position joint="j1" kp="1"\/>/<position joint="j1" class="arm"\/>/' \
    "$tmp/cls/nan.xml" >"$tmp/cls/actnan.xml"
grep -q 'ctrlrange="-1 nan"' "$tmp/cls/actnan.xml" && grep -q 'joint="j1" class="arm"' "$tmp/cls/actnan.xml" \
    || bad "cls/actnan.xml: the fixture was not written: $(cat "$tmp/cls/actnan.xml")"
printf 't,goal_j1,pos_j1\n0,0,0\n0.1,0,0\n0.2,0.1,0\n' >"$tmp/cls/actnan.csv"
usage_error "mujoco --joint: a class's NaN ctrlrange" "class 'arm' at line 4 of actnan.xml" '<position> ctrlrange="-1 nan"' \
    -- "$bin" mujoco "$tmp/cls/actnan.xml" --joint j1 law=coulomb-viscous Fc=0.1
usage_error "adopt: a class's NaN ctrlrange" "class 'arm' at line 4 of actnan.xml" '<position> ctrlrange="-1 nan"' \
    -- "$bin" mujoco "$tmp/cls/actnan.xml" --adopt '*=xl330/m4'
usage_error "ident: a class's NaN ctrlrange" "class 'arm' at line 4 of actnan.xml" -- "$bin" ident --mjcf "$tmp/cls/actnan.xml" "$tmp/cls/actnan.csv"
usage_error "adopt: ball joint named" "'wrist_ball'" "ball joint" -- "$bin" mujoco "$tmp/robot.xml" --adopt 'wrist_ball=sts3215/m1'
usage_error "adopt: class in MuJoCo 2.2.2" "'class:sts3215'" "2.2.2" "headless runner" -- "$bin" mujoco "$tmp/robot.xml" --adopt 'class:sts3215=sts3215/m1'
usage_error "adopt: no such preset" "'sts3215/m3'" "m1, m6" -- "$bin" mujoco "$tmp/robot.xml" --adopt '*=sts3215/m3'
# a class named after a servo takes that servo's models (the core's rule, every door's; the page's
# sentence in tests/web/robot.test.mjs), said before the model loads
usage_error "adopt: class of another servo" "the class 'sts3215' is the sts3215 servo's" "'mx64/m1' is a mx64 model" -- "$bin" mujoco "$tmp/robot.xml" --adopt 'class:sts3215=mx64/m1'
usage_error "adopt: not a servo" "'sts3215' is not a preset actuator/mK" "@NAME" -- "$bin" mujoco "$tmp/robot.xml" --adopt '*=sts3215'
usage_error "adopt: @name without --params" "'@mine'" "--params mine=FILE.json" -- "$bin" mujoco "$tmp/robot.xml" --adopt '*=@mine'
usage_error "adopt: params file refused" "$tmp/malformed.json" -- "$bin" mujoco "$tmp/robot.xml" --adopt '*=@u' --params "u=$tmp/malformed.json"
usage_error "adopt: --goal of a joint not adopted" "--goal wrist_ball" "adopted: shoulder, elbow" -- "$bin" mujoco "$tmp/robot.xml" --adopt '*=sts3215/m1' --goal wrist_ball=1
# a goal beyond the core's bound of 1e4 rad (robot-goal-huge: a sag of −inf), the joint and the bound named
usage_error "adopt: --goal beyond 1e4 rad" "mujoco: --goal: joint 'elbow': the goal -1.97e+307 rad is outside ±10000 rad" -- "$bin" mujoco "$tmp/robot.xml" --adopt '*=sts3215/m1' --goal elbow=-1.97e307
# the robot's one validation (MuJoCo 2.2.2 loads these, warning on
# stdout of a NaN): a number not finite or an absurd timestep refused in one
# sentence naming the element and attribute, stdout empty
sed 's|qpos="0.05 0.2 1 0 0 0"|qpos="0.05 nan 1 0 0 0"|' "$tmp/robot.xml" >"$tmp/nan_key.xml"
usage_error "adopt: NaN keyframe" "qpos of joint 'elbow' is nan" "keyframe" '<key name="home">' -- "$bin" mujoco "$tmp/nan_key.xml" --adopt '*=sts3215/m1'
# a start angle is the joint's first goal: beyond the goals' bound of 1e4 rad refused as a --goal is
sed 's|qpos="0.05 0.2 1 0 0 0"|qpos="0.05 -1.97e307 1 0 0 0"|' "$tmp/robot.xml" >"$tmp/far_key.xml"
usage_error "adopt: keyframe beyond the goals' bound" "qpos of joint 'elbow' is -1.97e+307" "outside ±10000" '<key name="home">' -- "$bin" mujoco "$tmp/far_key.xml" --adopt '*=sts3215/m1'
sed 's|gravity="0 0 -9.81"|gravity="0 0 nan"|' "$tmp/robot.xml" >"$tmp/nan_gravity.xml"
usage_error "adopt: NaN gravity" 'option gravity="0 0 nan"' -- "$bin" mujoco "$tmp/nan_gravity.xml" --adopt '*=sts3215/m1'
sed '0,/armature="0.101"/s//armature="nan"/' "$tmp/robot.xml" >"$tmp/nan_armature.xml"
usage_error "adopt: NaN armature" "joint 'shoulder'" 'armature="nan"' -- "$bin" mujoco "$tmp/nan_armature.xml" --adopt '*=sts3215/m1'
sed 's|kp="20"|kp="nan"|' "$tmp/robot.xml" >"$tmp/nan_kp.xml"
usage_error "adopt: NaN kp" "actuator 'a_shoulder' (joint 'shoulder')" "gainprm" -- "$bin" mujoco "$tmp/nan_kp.xml" --adopt '*=sts3215/m1'
sed 's|timestep="0.001"|timestep="1e-300"|' "$tmp/robot.xml" >"$tmp/tiny_step.xml"
usage_error "adopt: timestep 1e-300" 'option timestep="1e-300"' "below 1e-06 s" "1e+300 steps" -- "$bin" mujoco "$tmp/tiny_step.xml" --adopt '*=sts3215/m1'
# ---- every joint and actuator kind answered (hand-written MJCFs).
# A ball joint's extra qpos entries: a NaN in its quaternion named
sed 's|qpos="0.05 0.2 1 0 0 0"|qpos="0.05 0.2 1 nan 0 0"|' "$tmp/robot.xml" >"$tmp/nan_quat.xml"
usage_error "adopt: NaN in a ball joint's quaternion" "joint 'wrist_ball'" "of its 4)" '<key name="home">' \
    -- "$bin" mujoco "$tmp/nan_quat.xml" --adopt 'shoulder=sts3215/m1'
# A slide joint: named, refused in one sentence (bam's servos are rotary);
# under '*' skipped with a note, the hinge adopted
cat >"$tmp/slide.xml" <<'XML'
<mujoco>
  <option timestep="0.002" integrator="Euler"/>
  <worldbody>
    <body name="cart"><joint name="rail" type="slide" axis="1 0 0"/><geom type="box" size="0.05 0.05 0.05" mass="0.1"/>
      <body name="arm"><joint name="hinge" type="hinge" axis="0 1 0"/>
        <inertial pos="0 0 -0.1" mass="0.1" diaginertia="1e-9 1e-9 1e-9"/></body></body>
  </worldbody>
</mujoco>
XML
usage_error "adopt: a slide joint named" "joint 'rail' is a slide joint" "rotary" -- "$bin" mujoco "$tmp/slide.xml" --adopt 'rail=sts3215/m1'
run "$bin" mujoco "$tmp/slide.xml" --adopt '*=sts3215/m1' --seconds 0.1
if [ $rc -eq 0 ] && grep -q "^hinge: sts3215 M1" "$tmp/out" && ! grep -q "^rail: sts3215" "$tmp/out" \
   && grep -qF "rail: skipped (a slide joint, mapped by '*'): bam's servos are rotary; a servo drives a hinge joint only" "$tmp/out"; then ok
else bad "mujoco --adopt '*' over a slide: exit $rc: $(cat "$tmp/err" "$tmp/out" | head -c 600)"; fi
# Gear −1 and 50 on <position> actuators (MuJoCo's joint transmission: length
# g·q, force on the joint g·F): adopted, goal = ctrl/g, the servo's torque
# through the gear, its armature g²·I (the params file's I, read with awk);
# the hold at q = 0 (flip turns about the vertical: no load on it); the
# rows are on the joint.
cat >"$tmp/gear.xml" <<'XML'
<mujoco>
  <option timestep="0.001" gravity="0 0 -9.81" integrator="Euler"/>
  <worldbody>
    <body name="l1"><joint name="flip" type="hinge" axis="0 0 1"/>
      <inertial pos="0.1 0 0" mass="0.1" diaginertia="1e-9 1e-9 1e-9"/>
      <body name="l2" pos="0.2 0 0"><joint name="geared" type="hinge" axis="0 1 0"/>
        <inertial pos="0.1 0 0" mass="0.1" diaginertia="1e-9 1e-9 1e-9"/></body></body>
  </worldbody>
  <actuator>
    <position name="a_flip" joint="flip" kp="10" gear="-1"/>
    <position name="a_geared" joint="geared" kp="10" gear="50"/>
  </actuator>
</mujoco>
XML
run "$bin" mujoco "$tmp/gear.xml" --adopt 'geared=sts3215/m1' --goal geared=0 --seconds 0.5
why=""
[ $rc -eq 0 ] || why="exit $rc: $(cat "$tmp/err")"
line=$(grep "^geared: " "$tmp/out")
[ -z "$why" ] && ! grep -qF "; through its gear 50: goal = ctrl / 50, torque on the joint = 50 × the servo's" <<<"$line" && why="no gear sentence: $line"
arm=$(sed -n 's/.*; armature \([^ ]*\) kg·m² (the servo.s;.*/\1/p' <<<"$line")
[ -z "$why" ] && ! awk -v a="$arm" -v r="$sts_arm" 'BEGIN { exit !(a != "" && (a - 2500 * r) ^ 2 <= (5e-4 * 2500 * r) ^ 2) }' &&
    why="the armature '$arm' is not 50² × $sts_arm"
# the hold through the gear: gravity on link 2 (0.1 kg at 0.1 m, horizontal)
# τ = 0.1·9.81·0.1 = 0.0981 N·m on the joint, over 50 × the servo's static friction
[ -z "$why" ] && ! awk 'function abs(x) { return x < 0 ? -x : x }
        /^joint +servo/ { head = 1; next }
        head && $1 == "geared" { found = 1; if ($3 != "STICK" || abs(abs($7) - 0.0981) > 5e-4 * 0.0981) exit 1 }
        END { exit !found }' "$tmp/out" && why="geared not held with τf = 0.0981 N·m: $(grep -A2 '^joint ' "$tmp/out")"
if [ -z "$why" ]; then ok; else bad "mujoco --adopt gear 50: $why"; fi
run "$bin" mujoco "$tmp/gear.xml" --adopt 'flip=sts3215/m1, geared=sts3215/m1' --seconds 0.05
if [ $rc -eq 0 ] && grep -q "^flip: .*actuator 'a_flip' position (kp 10, kv 0, .*; through its gear -1: goal = ctrl / -1, torque on the joint = -1 × the servo's$" "$tmp/out"; then ok
else bad "mujoco --adopt gear -1: exit $rc: $(cat "$tmp/err" "$tmp/out" | head -c 600)"; fi
# MuJoCo's own copy of the file diverges at its step (fric_robot_step_caution):
# the geared joint's inertia by hand, link 2 (0.1 kg at 0.1 m, Iyy 1e-9):
# I = 0.1·0.1² + 1e-9 = 0.001000001 kg·m²; K = kp·g² = 10·50² = 25000 N·m/rad;
# Euler stable while h < 2·√(I/K) = 0.4000002 ms; the file's step is 1 ms; the
# largest stable kp at 1 ms 4I/h²/g² = 1.6 N·m/rad. The flip (K = 10, I =
# 0.1·0.1² + 0.1·0.3² + 2e-9 = 0.01 kg·m²: 63 ms) says nothing; nor gear 1.
sed 's/gear="50"/gear="GEAR"/' "$tmp/gear.xml" >"$tmp/gear_t.xml"
sed 's/GEAR/50/' "$tmp/gear_t.xml" >"$tmp/gear50.xml"
run "$bin" mujoco "$tmp/gear50.xml" --adopt 'flip=sts3215/m1, geared=sts3215/m1' --seconds 0.05
want="MuJoCo's own copy of the file (A) will diverge at this step: on joint 'geared', the position actuator (gear 50, kp 10 N·m/rad: kp·gear² = 25000 N·m/rad on the joint) on its inertia 0.001 kg·m² is stable under the Euler integrator only below 0.4 ms, and the step is 1 ms; give the model a timestep under 0.4 ms or a kp under 1.6 N·m/rad (the adopted copy (C) holds)."
if [ $rc -eq 0 ] && grep -qxF "$want" "$tmp/out" && [ "$(grep -c 'will diverge' "$tmp/out")" = 1 ]; then ok
else bad "mujoco --adopt gear 50 at 1 ms: no caution: exit $rc: $(cat "$tmp/err" "$tmp/out" | head -c 900)"; fi
sed 's/GEAR/1/' "$tmp/gear_t.xml" >"$tmp/gear1.xml"
run "$bin" mujoco "$tmp/gear1.xml" --adopt 'flip=sts3215/m1, geared=sts3215/m1' --seconds 0.05
if [ $rc -eq 0 ] && ! grep -q "will diverge" "$tmp/out"; then ok
else bad "mujoco --adopt gear 1 at 1 ms: exit $rc or a caution: $(cat "$tmp/err" "$tmp/out" | head -c 900)"; fi
# at a step under the bound (0.39 ms) gear 50 says nothing either
sed 's/timestep="0.001"/timestep="0.00039"/' "$tmp/gear50.xml" >"$tmp/gear50s.xml"
run "$bin" mujoco "$tmp/gear50s.xml" --adopt 'geared=sts3215/m1' --seconds 0.01
if [ $rc -eq 0 ] && ! grep -q "will diverge" "$tmp/out"; then ok
else bad "mujoco --adopt gear 50 at 0.39 ms: exit $rc or a caution: $(cat "$tmp/err" "$tmp/out" | head -c 900)"; fi
# <velocity>, <damper> named as they are, their ctrl no goal (MuJoCo 2.2.2
# has no <damper>: the damper is its <general> form, gain affine (0, 0, −kv))
cat >"$tmp/vel.xml" <<'XML'
<mujoco>
  <option timestep="0.002" integrator="Euler"/>
  <worldbody>
    <body name="l1"><joint name="j1" type="hinge" axis="0 1 0"/><inertial pos="0 0 -0.1" mass="0.1" diaginertia="1e-9 1e-9 1e-9"/>
      <body name="l2" pos="0 0 -0.2"><joint name="j2" type="hinge" axis="0 1 0"/><inertial pos="0 0 -0.1" mass="0.1" diaginertia="1e-9 1e-9 1e-9"/></body></body>
  </worldbody>
  <actuator>
    <velocity name="v1" joint="j1" kv="2"/>
    <general name="d2" joint="j2" gaintype="affine" gainprm="0 0 -0.7" ctrllimited="true" ctrlrange="0 1"/>
  </actuator>
</mujoco>
XML
run "$bin" mujoco "$tmp/vel.xml" --adopt '*=sts3215/m1' --seconds 0.1
if [ $rc -eq 0 ] \
   && grep -qF "; actuator 'v1' velocity (kp 0, kv 2) off: its ctrl is a speed, not a goal angle; the servo holds the goal set here (the start angle until set)" "$tmp/out" \
   && grep -qF "; actuator 'd2' damper (kv 0.7 N·m·s/rad) off: its ctrl scales a damping, which the servo's K_v replaces; the servo holds the goal set here (the start angle until set)" "$tmp/out" \
   && ! grep -q "general" "$tmp/out"; then ok
else bad "mujoco --adopt velocity/damper: exit $rc: $(cat "$tmp/err" "$tmp/out" | head -c 800)"; fi
# A floating base: '*' adopts the arm's hinge and notes the free joint
# skipped (class: is MuJoCo 3's: the Node test maps it by class)
cat >"$tmp/float.xml" <<'XML'
<mujoco>
  <option timestep="0.002" integrator="Euler" gravity="0 0 0"/>
  <worldbody>
    <body name="base"><joint name="root" type="free"/><geom type="box" size="0.1 0.1 0.05" mass="1"/>
      <body name="arm"><joint name="shoulder" type="hinge" axis="0 1 0"/><inertial pos="0 0 -0.1" mass="0.1" diaginertia="1e-9 1e-9 1e-9"/></body></body>
  </worldbody>
</mujoco>
XML
run "$bin" mujoco "$tmp/float.xml" --adopt '*=sts3215/m1' --seconds 0.1
if [ $rc -eq 0 ] && grep -q "^shoulder: sts3215 M1" "$tmp/out" \
   && grep -qF "root: skipped (a free joint, mapped by '*'): bam's servos are rotary; a servo drives a hinge joint only" "$tmp/out"; then ok
else bad "mujoco --adopt floating base: exit $rc: $(cat "$tmp/err" "$tmp/out" | head -c 600)"; fi
usage_error "adopt: a free joint named" "joint 'root' is a free joint" -- "$bin" mujoco "$tmp/float.xml" --adopt 'root=sts3215/m1'
# robots MuJoCo 2.2.2 cannot load: the MuJoCo 3 feature named, and the headless runner
sed 's|</actuator>|</actuator><sensor><camprojection name="c"/></sensor>|' "$tmp/robot.xml" >"$tmp/robot3.xml"
usage_error "adopt: an element 2.2.2 does not know" "<camprojection>" "not in MuJoCo 2.2.2's schema" \
    "make robot ROBOT=$tmp/robot3.xml SERVOS='*=sts3215/m1'" -- "$bin" mujoco "$tmp/robot3.xml" --adopt '*=sts3215/m1'
usage_error "adopt: malformed XML (no runner hint)" "broken.xml" "does not load in MuJoCo 2.2.2" \
    -- "$bin" mujoco "$tmp/broken.xml" --adopt '*=sts3215/m1'
grep -q "make robot" "$tmp/err" && bad "adopt: malformed XML points to the headless runner: $(cat "$tmp/err")"
so101=$root/../shared/data/so101/scene.xml
r2=$bam/2R/2r_mx/scene.xml
for f in "$so101" "$r2"; do
    [ -f "$f" ] || bad "mujoco --adopt: $f is missing (the shared data must sit beside the repository)"
done
if [ -f "$so101" ]; then
    usage_error "adopt: the SO-101 in 2.2.2" "does not load in MuJoCo 2.2.2" "'kv'" "<position>" "MuJoCo 3" \
        "make robot ROBOT=$so101 SERVOS='class:sts3215=sts3215/m1'" "tools/robot.mjs" \
        -- "$bin" mujoco "$so101" --adopt 'class:sts3215=sts3215/m1'
    echo "mujoco --adopt SO-101: $(cat "$tmp/err")"
fi
if [ -f "$r2" ]; then
    usage_error "adopt: bam's 2R arm in 2.2.2" "joint 'R1'" "'range' without limited=" "autolimits" "make robot ROBOT=$r2" \
        -- "$bin" mujoco "$r2" --adopt '*=mx64/m4'
fi
# the headless runner's command carries the run's options (a --params file
# the mapping's @NAME needs, --seconds, --goal) and runs as printed: the
# command taken from the sentence and run from the repository's root (it
# needs the wasm build: make wasm), the adopted rows naming the file's servo
if [ -f "$r2" ]; then
    mx=$bam/params/mx64/m4.json
    usage_error "adopt: the runner's command with --params" \
        "make robot ROBOT=$r2 SERVOS='*=@mx' ARGS='--params mx=$mx --seconds 0.2 --goal R1=0.1'" \
        -- "$bin" mujoco "$r2" --adopt '*=@mx' --params "mx=$mx" --seconds 0.2 --goal R1=0.1
    cmd=$(sed -n 's/.*headless runner: \(make robot .*\) (node tools\/robot\.mjs, MuJoCo 3\.14)\. MuJoCo said.*/\1/p' "$tmp/err")
    if [ -z "$cmd" ]; then bad "adopt: no runner's command in: $(cat "$tmp/err")"
    elif [ ! -f "$root/build/wasm/friction_core.mjs" ] || [ ! -d "$root/node_modules/@mujoco" ]; then
        skip "adopt: the runner's command not run (no wasm build or npm packages: make wasm npm)"
    else
        (cd "$root" && eval "timeout 300 $cmd -s") >"$tmp/out" 2>"$tmp/err"; rc=$?
        if [ $rc -eq 0 ] && grep -q '^C    R1 .*mx64 M4 (mx)' "$tmp/out" && grep -q '^C    R2 .*mx64 M4 (mx)' "$tmp/out"; then ok
        else bad "adopt: the runner's command as printed ($cmd): exit $rc: $(tail -c 400 "$tmp/err") $(tail -c 400 "$tmp/out")"; fi
    fi
fi

# ---- a fit under the mujoco integrator is what MuJoCo runs.
# Independent reference: real MuJoCo 2.2.2 (`friction mujoco` on the bench MJCF
# of each log, `friction mujoco-model`) with the written params file. Every
# per-log MAE the fit reports (4 training logs, 2 validation logs, xl330 M4,
# budget 300, seed 1) equals MuJoCo's within 1e-9 rad, and so does its mean
# (the "wrote" line); `friction replay` of the file runs the same by default.
fl=("$bam"/logs/xl330/processed/*.json)
if [ ${#fl[@]} -ge 6 ]; then
    run "$bin" fit --actuator xl330 --model m4 --budget 300 --seed 1 --integrator mujoco \
        --validate "${fl[4]}" "${fl[5]}" --out "$tmp/fitmj.json" -- "${fl[0]}" "${fl[1]}" "${fl[2]}" "${fl[3]}"
    if [ $rc -ne 0 ]; then bad "fit --integrator mujoco: exit $rc: $(tail -3 "$tmp/err")"
    else
        cp "$tmp/out" "$tmp/fitmj.out"
        why= worst=0 sum=0 k=0
        for i in 0 1 2 3 4 5; do
            f=${fl[$i]}
            want=training; [ $i -ge 4 ] && want=validation
            rep=$(sed -n "s|^  M4 $want *$f: mae \([^ ]*\) rad$|\1|p" "$tmp/fitmj.out")
            "$bin" mujoco-model --log "$f" --params "$tmp/fitmj.json" >"$tmp/fitmj.xml" 2>"$tmp/err"
            run "$bin" mujoco "$tmp/fitmj.xml" --joint joint --params "$tmp/fitmj.json" --log "$f"
            mj=$(sed -n 's/^mae \([^ ]*\) rad$/\1/p' "$tmp/out")
            if [ -z "$rep" ] || [ -z "$mj" ]; then why="$why; $f: fit reports '$rep', MuJoCo '$mj' ($(head -c 200 "$tmp/err"))"; continue; fi
            d=$(awk -v a="$rep" -v b="$mj" 'BEGIN { d = a - b; printf "%.3g", d < 0 ? -d : d }')
            awk -v d="$d" 'BEGIN { exit !(d <= 1e-9) }' || why="$why; $f ($want): fit $rep, MuJoCo $mj rad"
            worst=$(awk -v a="$worst" -v d="$d" 'BEGIN { print (d > a ? d : a) }')
            if [ $i -lt 4 ]; then sum=$(awk -v s="$sum" -v m="$mj" 'BEGIN { printf "%.17g", s + m }'); k=$((k + 1)); fi
        done
        mean=$(sed -n 's/^wrote .*training MAE \([^ ]*\) rad$/\1/p' "$tmp/fitmj.out")
        awk -v a="$mean" -v s="$sum" -v k="$k" 'BEGIN { d = a - s / k; exit !(k == 4 && (d < 0 ? -d : d) <= 1e-9) }' \
            || why="$why; the reported training MAE $mean, MuJoCo's mean $sum/$k"
        "$bin" replay --params "$tmp/fitmj.json" "${fl[0]}" "${fl[1]}" "${fl[2]}" "${fl[3]}" >"$tmp/out" 2>"$tmp/err"
        rmean=$(sed -n 's/^mean: mae \([^ ]*\) rad.*/\1/p' "$tmp/out")
        [ "$rmean" = "$mean" ] || why="$why; friction replay of the file (its default treatment) gives $rmean, the fit $mean"
        if [ -z "$why" ]; then ok; else bad "fit --integrator mujoco against MuJoCo 2.2.2:${why#;}"; fi
        echo "mujoco: fit --integrator mujoco (xl330 M4, 4 + 2 logs): per-log |fit - MuJoCo 2.2.2| <= $worst rad"
    fi
else
    bad "fit --integrator mujoco: fewer than 6 xl330 logs in $bam/logs/xl330/processed"
fi
