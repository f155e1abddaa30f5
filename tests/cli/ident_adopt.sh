# tests/cli/ident_adopt.sh: the servos `friction ident` writes, adopted back
# by `friction mujoco --adopt`; sourced by run.sh (its helpers: run, ok, bad,
# skip; $bin, $tmp, $root, $label).
#
# `friction ident --out DIR` (a small budget: the values need not be good,
# only the files real) prints the command that adopts the files back; that
# command, run as printed, runs every fitted joint as MuJoCo's own servo.
# Checked against references the adoption does not share code with:
#   - the files themselves (python's json): each value the report says the
#     model got equals the file's, digit for digit (forcerange too, where the
#     fit gave a joint a limit);
#   - the robot player (tests/mujoco/robot_player.c: real MuJoCo 2.2.2,
#     MuJoCo's C API alone, no code of the core) playing the same robot with
#     the files' values written into MuJoCo's own position actuators and
#     joints, --exact (not quantised), the goals held at the start pose
#     (qpos0, the arm sagging under gravity against each servo): a
#     consistency check, both are real MuJoCo, so the two must agree to
#     rounding (1e-12 rad) at every 10 ms for 1 s.
# Then the refusals: a native file on a joint with no actuator, on a motor,
# on a position of gear 2; and a mapping of native and M1 servos together.
rid=$root/../shared/data/robot_ident
player=${PLAYER:-$root/build/native/tests/mujoco/robot_player}

run "$bin" ident --mjcf /nonexistent.xml /nonexistent.csv
if grep -q 'built without MuJoCo' "$tmp/err"; then
    skip "ident adopt: the tool was built without MuJoCo"
elif [ ! -x "$player" ] || [ ! -f "$rid/T0/recipe.csv" ]; then
    bad "ident adopt: $player or $rid/T0/recipe.csv missing"
else
    ia=$tmp/ident-adopt
    rm -rf "$ia" && mkdir -p "$ia"
    run "$bin" ident --mjcf "$rid/so101_stripped.xml" "$rid/T0/recipe.csv" --budget 30 --out "$ia/fit"
    if [ $rc -ne 0 ]; then bad "ident adopt: ident: exit $rc: $(head -c 300 "$tmp/err")"
    else
        cmd=$(sed -n 's/^adopt the fitted servos: friction //p' "$tmp/out")
        if [ -z "$cmd" ]; then bad "ident adopt: ident --out printed no adopt command"
        else
            # the command as printed (its mapping quoted), with the run's length and CSV added
            eval "run \"\$bin\" $cmd --seconds 1 --csv \"\$ia/adopted.csv\""
            if [ $rc -ne 0 ]; then bad "ident adopt: the printed command: exit $rc: $(head -c 400 "$tmp/err")"
            else
                cp "$tmp/out" "$ia/report.txt"
                python3 - "$ia/fit" <<'PY' >"$ia/truth.json" || bad "ident adopt: the params files not read"
import json, os, sys
d = sys.argv[1]
joints = {}
for f in sorted(os.listdir(d)):
    p = json.load(open(os.path.join(d, f)))
    # forcerange: a file that leaves it unlimited (0 0): the player limits every
    # actuator, at 1e6 N·m no servo's force reaches; a fitted limit (this short
    # fit gives the gripper one): the file's
    joints[f[:-5]] = {k: p[k] for k in ("kp", "kv", "frictionloss", "damping", "armature")} | \
        {"forcerange": p["forcerange_hi"] if p["forcerange_hi"] > 0 else 1e6}
json.dump({"kind": "native", "joints": joints}, sys.stdout)
PY
                python3 - "$ia/truth.json" >"$ia/goals.csv" <<'PY'
import json, sys
J = list(json.load(open(sys.argv[1]))["joints"])
print("t," + ",".join(J))
for k in range(101):
    print(f"{k / 100:.2f}" + ",0" * len(J))
PY
                run "$player" "$rid/so101_stripped.xml" "$ia/truth.json" "$ia/goals.csv" "$ia/player.csv" --exact
                if [ $rc -ne 0 ]; then bad "ident adopt: the player: $(head -c 300 "$tmp/err")"
                else
                    python3 - "$ia/fit" "$ia/report.txt" "$ia/adopted.csv" "$ia/player.csv" >"$ia/judged.txt" 2>&1 <<'PY'
import csv, json, os, re, sys
fit, report, adopted, player = sys.argv[1:5]
bad = 0
text = open(report).read()
names = {"frictionloss": "frictionloss", "damping": "damping", "armature": "armature", "kp": "kp", "kv": "kv"}
for f in sorted(os.listdir(fit)):
    j, p = f[:-5], json.load(open(os.path.join(fit, f)))
    line = next((l for l in text.splitlines() if l.startswith(j + ": ") and "MuJoCo's native servo runs it" in l), None)
    if not line:
        print(f"BAD {j}: no line of MuJoCo's native servo in the report"); bad += 1; continue
    for key in names:
        m = re.search(r"\b" + key + r" (\S+) ", line)
        got = float(m.group(1)) if m else None
        if got != p[key]:
            print(f"BAD {j} {key}: the model got {got}, the file has {p[key]}"); bad += 1
        else:
            print(f"ok {j} {key} {got} (the file's)")
    m = re.search(r"forcerange (\S+)…(\S+) N·m", line)
    if p["forcerange_hi"] > 0:
        if not m or [float(m.group(1)), float(m.group(2))] != [p["forcerange_lo"], p["forcerange_hi"]]:
            print(f"BAD {j}: the model's forcerange is not the file's {p['forcerange_lo']}…{p['forcerange_hi']}"); bad += 1
        else:
            print(f"ok {j} forcerange {m.group(1)}…{m.group(2)} (the file's)")
    elif "no force limit" not in line:
        print(f"BAD {j}: the file's forcerange 0 0 is no limit; the report says otherwise"); bad += 1
steps = {round(float(r["t [s]"]) * 1000): r for r in csv.DictReader(open(adopted))}
worst, n = 0.0, 0
for r in csv.DictReader(open(player)):
    s = round(float(r["t"]) * 1000)
    if s == 0:
        continue
    for k in r:
        if k.startswith("pos_"):
            worst = max(worst, abs(float(r[k]) - float(steps[s][f"q_{k[4:]} [rad]"])))
            n += 1
moved = max(abs(float(r[k])) for r in csv.DictReader(open(player)) for k in r if k.startswith("pos_"))
print(f"{'ok' if worst <= 1e-12 else 'BAD'} the adopted robot against the player (real MuJoCo 2.2.2, the files' "
      f"values written by MuJoCo's API alone): {n} angles, largest difference {worst:.3g} rad (the arm sags "
      f"{moved * 1e3:.3g} mrad at most)")
bad += worst > 1e-12 or moved < 1e-3
sys.exit(bad > 0)
PY
                    if [ $? -eq 0 ]; then ok; else bad "ident adopt: $(grep BAD "$ia/judged.txt" | head -4 | tr '\n' ';')"; fi
                    grep -v '^ok .* (the file.s)$' "$ia/judged.txt" | sed 's/^/    /'
                fi
            fi
        fi
        # refusals: a robot whose joints are not position actuators of gear 1
        cat >"$ia/robot.xml" <<'XML'
<mujoco>
  <option timestep="0.001"/>
  <worldbody>
    <body name="a"><joint name="bare" type="hinge" axis="0 1 0"/><geom size="0.05" mass="1"/>
      <body name="b" pos="0.2 0 0"><joint name="motored" type="hinge" axis="0 1 0"/><geom size="0.05" mass="1"/>
        <body name="c" pos="0.2 0 0"><joint name="geared" type="hinge" axis="0 1 0"/><geom size="0.05" mass="1"/>
          <body name="d" pos="0.2 0 0"><joint name="plain" type="hinge" axis="0 1 0"/><geom size="0.05" mass="1"/>
          </body></body></body></body>
  </worldbody>
  <actuator>
    <motor name="m" joint="motored"/>
    <position name="g" joint="geared" kp="5" gear="2"/>
    <position name="p" joint="plain" kp="5"/>
  </actuator>
</mujoco>
XML
        nat=$ia/fit/shoulder_pan.json
        refuse() {   # refuse MAPPING WORDS...: exit 2, one line, with every word
            local map=$1; shift
            run "$bin" mujoco "$ia/robot.xml" --adopt "$map" --params n="$nat" --seconds 0.01
            local miss=""
            for w in "$@"; do grep -qF -- "$w" "$tmp/err" || miss="$miss '$w'"; done
            if [ $rc -eq 2 ] && [ "$(wc -l <"$tmp/err")" -eq 1 ] && [ -z "$miss" ]; then ok
            else bad "ident adopt: --adopt '$map' exit $rc, missing$miss: $(head -c 300 "$tmp/err")"; fi
        }
        refuse "bare=@n" "joint 'bare' has no actuator" "MuJoCo's native servo" "<position>"
        refuse "motored=@n" "joint 'motored' is driven by a motor actuator" "not a goal angle"
        refuse "geared=@n" "joint 'geared' has gear 2" "gear 1"
        # native and M1 side by side: the core steps one, MuJoCo's own servo the other
        run "$bin" mujoco "$ia/robot.xml" --adopt "plain=@n, motored=sts3215/m1" --params n="$nat" --seconds 0.2
        if [ $rc -eq 0 ] && grep -q "^plain: .*MuJoCo's native servo runs it" "$tmp/out" \
            && grep -q "^motored: sts3215 M1" "$tmp/out" && grep -q "native joints: MuJoCo's own servos" "$tmp/out" \
            && grep -q "^plain  *sts3215 native (@n)" "$tmp/out" && grep -q "^motored  *sts3215 M1" "$tmp/out"; then ok
        else bad "ident adopt: native beside M1: exit $rc: $(head -c 600 "$tmp/out") $(head -c 300 "$tmp/err")"; fi
    fi
fi
