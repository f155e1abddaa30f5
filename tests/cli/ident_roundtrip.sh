# tests/cli/ident_roundtrip.sh: `friction ident` through real MuJoCo and back,
# judged against the truth that made the recordings; sourced by run.sh (its
# helpers: run, ok, bad, skip; $bin, $tmp, $root, $label).
#
# Per robot: the recording recipe `friction recording recipe` writes for the
# SO-101, played by the robot player (tests/mujoco/robot_player.c: real
# MuJoCo 2.2.2, MuJoCo's own position actuators and joint friction, no code of
# the core; positions quantised to 4096 counts a turn at 30 frames a second)
# with the robot's true parameters, is fitted; another trajectory's recording
# is held out. The references are independent of the fit:
#   - the true parameters (T0/truth.json; a check robot's drawn by
#     tests/mujoco/check_robot.mjs, never seen by the fit's tuning): kp within
#     10 %, frictionloss within 20 % where the hold gap 2·frictionloss/kp is at
#     least 3 counts, armature within 25 %, damping within 35 %, each unless the
#     tool says that value is not identifiable;
#   - the held-out recording replayed by the robot player itself with the
#     fitted parameters: the player with the true parameters gives the
#     recording back exactly, so the fitted servos must come within one count
#     (2π/4096 rad) of it, MAE per joint.
#   - forcerange against the truth's own actuator: a joint whose truth sits at
#     its limit (kp·|goal − pos| > forcerange, the truth's values at the
#     recording's frames) on at least 1 % of the training frames must come
#     back within 15 % (it shows only on those frames, fewer than kp's and
#     frictionloss's: between their 10 and 20 %); a joint whose truth never
#     reaches it must be left unlimited with the sentence saying the demand,
#     that demand below the truth's forcerange (a limit above it changes
#     nothing) and within 25 % of the truth's greatest kp·|goal − pos| (the
#     tool's is its fitted servo's simulation at every step, the reference the
#     truth's at the frames; the demand taken ×kp_truth/kp_fitted, since it
#     scales with the fitted kp where the values are known only up to a common
#     factor); in between, printed, not judged.
# On the SO-101 only wrist_roll and the gripper may be excused for kp,
# frictionloss and forcerange: their links weigh a fraction of a percent of
# their rotors (robot_ident's README: they carry almost no load), so the
# values are known only up to a common factor. The gripper grasps nothing
# here, but saturates its servo on T0's teleoperation, which the recipe does
# not: its held-out MAE is printed, not judged.
# A third robot saturates its servos on the recipe: check robot 2 with each
# forcerange at 0.7 of the greatest kp·|goal − pos| its own recipe recording
# shows (python, from the truth and that recording). Its held-out
# teleoperation saturates far more than the recipe (a fast trajectory), where
# a limit 10 % off moves the position by counts over each saturated stretch:
# there the player on the fitted servos must come closer to the recording
# than the player on the same servos without their fitted limits (the limit
# found predicts what the fit did not see); the counts are printed.
# The fits take some 30 s each natively; under ASan+UBSan the same fit runs
# in tests/mujoco/test_ident_mujoco.c, so this file does not run there (a line says so).
rid=$root/../shared/data/robot_ident
player=${PLAYER:-$root/build/native/tests/mujoco/robot_player}

# roundtrip NAME TRUTH TRAIN HELD_GOALS HELD [weak]: fit TRAIN, hold out HELD
# (whose goals, for the player, are HELD_GOALS), judge against TRUTH. weak: the
# held-out replay is judged against the same fitted servos without their
# fitted limits (played too), not against one count.
roundtrip() {
    local name=$1 truth=$2 train=$3 heldgoals=$4 held=$5 weak=${6:-} out=$tmp/rt-$1
    rm -rf "$out"
    run "$bin" ident --mjcf "$rid/so101_stripped.xml" "$train" --hold-out "$held" --out "$out"
    if [ $rc -ne 0 ]; then bad "ident round trip $name: exit $rc: $(head -c 300 "$tmp/err")"; return; fi
    cp "$tmp/out" "$out.txt"
    # the fitted parameters as the player's truth (a forcerange left unlimited by the fit: 1e6 N·m)
    python3 - "$out" "$truth" >"$out-fitted.json" <<'PY' || { bad "ident round trip $name: params files not read"; return; }
import json, os, sys
out, truth = sys.argv[1], json.load(open(sys.argv[2]))
joints = {}
for j in truth["joints"]:
    p = json.load(open(os.path.join(out, j + ".json")))
    joints[j] = {"type": "native", "kp": p["kp"], "kv": p["kv"], "forcerange": p.get("forcerange_hi", 0) or 1e6,
                 "frictionloss": p["frictionloss"], "damping": p["damping"], "armature": p["armature"]}
json.dump({"kind": "native", "joints": joints}, sys.stdout)
PY
    run "$player" "$rid/so101_stripped.xml" "$out-fitted.json" "$heldgoals" "$out-replay.csv"
    [ $rc -eq 0 ] || { bad "ident round trip $name: the player on the fitted servos: exit $rc: $(head -c 300 "$tmp/err")"; return; }
    if [ -n "$weak" ]; then
        sed 's/"forcerange": [0-9.e+-]*/"forcerange": 1e6/g' "$out-fitted.json" >"$out-unlimited.json"
        run "$player" "$rid/so101_stripped.xml" "$out-unlimited.json" "$heldgoals" "$out-unlimited.csv"
        [ $rc -eq 0 ] || { bad "ident round trip $name: the player without the limits: exit $rc: $(head -c 300 "$tmp/err")"; return; }
    fi
    python3 - "$out" "$out.txt" "$truth" "$held" "$out-replay.csv" "$train" "${weak:+$out-unlimited.csv}" >"$out-judged.txt" 2>&1 <<'PY'
import csv, json, math, os, re, sys
out, text, truth, held, replay, train, unlimited = sys.argv[1:8]
truth = json.load(open(truth))["joints"]
count = 2 * math.pi / 4096
# "not identifiable" beside a parameter's line, per joint, as the tool prints it;
# the demand its forcerange sentence says
flagged, demand, joint = {}, {}, None
for line in open(text):
    if line and not line[0].isspace() and line.rstrip().endswith("evaluations"):
        joint = line.split(":")[0]
    elif joint and line.startswith("    ") and "not identifiable" in line and not line.strip().startswith("-"):
        flagged.setdefault(joint, set()).add(line.split()[0])
    m = re.search(r"asks the fitted servo for at most ([0-9.eE+-]+) N·m", line)
    if joint and m:
        demand[joint] = float(m.group(1))
bad = 0
excusable = {"wrist_roll", "gripper"}
for j, t in truth.items():
    p = json.load(open(os.path.join(out, j + ".json")))
    checks = [("kp", 0.10, True), ("frictionloss", 0.20, 2 * t["frictionloss"] / t["kp"] >= 3 * count),
              ("armature", 0.25, True), ("damping", 0.35, True)]
    for key, tol, applies in checks:
        err = p[key] / t[key] - 1
        if not applies:
            print(f"   {j} {key} {p[key]:.5g} (truth {t[key]:.5g}, {100 * err:+.1f} %): gap under 3 counts, not judged")
            continue
        if abs(err) <= tol:
            print(f"ok {j} {key} {p[key]:.5g} (truth {t[key]:.5g}, {100 * err:+.1f} %)")
            continue
        said = key in flagged.get(j, set())
        if said and (key in ("armature", "damping") or j in excusable):
            print(f"ok {j} {key} {p[key]:.5g} (truth {t[key]:.5g}, {100 * err:+.1f} %): said not identifiable")
            continue
        print(f"BAD {j} {key} {p[key]:.5g} (truth {t[key]:.5g}, {100 * err:+.1f} %, tolerance {100 * tol:.0f} %)"
              + (", said not identifiable" if said else ""))
        bad += 1
# forcerange: the truth's actuator at its limit on the training frames
rows = list(csv.DictReader(open(train)))
for j, t in truth.items():
    p = json.load(open(os.path.join(out, j + ".json")))
    ask = [t["kp"] * abs(float(r["goal_" + j]) - float(r["pos_" + j])) for r in rows]
    over = sum(a > t["forcerange"] for a in ask) / len(ask)
    F = p.get("forcerange_hi", 0)
    fitted = F > 0
    head = f"{j} forcerange (truth {t['forcerange']:.4g} N·m, at it on {100 * over:.1f} % of the frames)"
    if over >= 0.01:
        err = F / t["forcerange"] - 1 if fitted else math.inf
        said = "forcerange_hi" in flagged.get(j, set())
        if fitted and abs(err) <= 0.15:
            print(f"ok {head}: fitted {F:.4g} ({100 * err:+.1f} %)")
        elif said and j in excusable:
            print(f"ok {head}: {F:.4g}, said not identifiable")
        else:
            print(f"BAD {head}: " + (f"fitted {F:.4g} ({100 * err:+.1f} %, tolerance 15 %)" if fitted else "not fitted"))
            bad += 1
    elif over == 0:
        top = max(ask)
        # the demand in the truth's scale: on a joint known only up to a common
        # factor (wrist_roll, the gripper) it scales with the fitted kp
        d = demand.get(j)
        d = d * t["kp"] / p["kp"] if d is not None else None
        if fitted or d is None:
            print(f"BAD {head}: " + (f"fitted {F:.4g} on a recording that never reaches it" if fitted
                                     else "left unlimited without the demand said"))
            bad += 1
        elif d < t["forcerange"] and abs(d / top - 1) <= 0.25:
            print(f"ok {head}: left unlimited, the demand said {d:.4g} N·m (the truth's {top:.4g})")
        else:
            print(f"BAD {head}: the demand said {d:.4g} N·m against the truth's {top:.4g} (within 25 %, below the limit)")
            bad += 1
    else:
        print(f"   {head}: {'fitted %.4g' % F if fitted else 'not fitted'}, under 1 % of the frames: not judged")
rec = list(csv.DictReader(open(held)))
sim = list(csv.DictReader(open(replay)))
if len(rec) != len(sim):
    print(f"BAD the replay has {len(sim)} frames, the recording {len(rec)}")
    sys.exit(1)
free = list(csv.DictReader(open(unlimited))) if unlimited else None
for j in truth:
    mae = sum(abs(float(a["pos_" + j]) - float(b["pos_" + j])) for a, b in zip(rec, sim)) / len(rec)
    if free is not None:
        # a saturating held-out recording: the fitted limits against none
        m0 = sum(abs(float(a["pos_" + j]) - float(b["pos_" + j])) for a, b in zip(rec, free)) / len(rec)
        ok = mae < m0
        print(f"{'ok' if ok else 'BAD'} {j} held-out MAE of the player on the fitted servos {mae * 1e3:.3f} mrad = "
              f"{mae / count:.2f} counts, without their limits {m0 * 1e3:.3f} mrad = {m0 / count:.2f} counts")
        bad += not ok
        continue
    judged = j != "gripper"
    ok = mae <= count + 1e-12 or not judged
    print(f"{'ok' if ok else 'BAD'} {j} held-out MAE of the player on the fitted servos "
          f"{mae * 1e3:.3f} mrad = {mae / count:.2f} counts" + ("" if judged else " (printed, not judged)"))
    bad += not ok
sys.exit(bad > 0)
PY
    if [ $? -eq 0 ]; then ok; else bad "ident round trip $name: $(grep BAD "$out-judged.txt" | head -4 | tr '\n' ';')"; fi
    sed 's/^/    /' "$out-judged.txt"
}

run "$bin" ident --mjcf /nonexistent.xml /nonexistent.csv
if grep -q 'built without MuJoCo' "$tmp/err"; then
    skip "ident round trip: the tool was built without MuJoCo"
elif [ "$label" != cli ]; then
    elsewhere "ident round trip (under ASan+UBSan the fit runs in test_ident_mujoco)"
elif [ ! -x "$player" ] || [ ! -f "$rid/T0/truth.json" ]; then
    bad "ident round trip: $player or $rid/T0/truth.json missing"
else
    run "$bin" recording recipe --mjcf "$rid/so101_stripped.xml" --out "$tmp/rt-goals.csv"
    run "$player" "$rid/so101_stripped.xml" "$rid/T0/truth.json" "$tmp/rt-goals.csv" "$tmp/rt-recipe-T0.csv"
    if [ $rc -ne 0 ]; then bad "ident round trip T0: the player: $(head -c 300 "$tmp/err")"
    else
        echo "ident round trip on T0 (the recipe played with T0's truth; T0's teleoperation held out):"
        roundtrip T0 "$rid/T0/truth.json" "$tmp/rt-recipe-T0.csv" "$rid/traj/teleop.csv" "$rid/T0/teleop.csv"
    fi
    if node "$root/tests/mujoco/check_robot.mjs" --seed 2 --out "$tmp/robot-check-2" >"$tmp/rt-check-out" 2>&1; then
        echo "ident round trip on check robot 2 (parameters drawn apart from T0's; its other trajectory held out):"
        roundtrip check-2 "$tmp/robot-check-2/truth.json" "$tmp/robot-check-2/recipe.csv" "$rid/traj/teleop.csv" "$tmp/robot-check-2/other.csv"
        # the same robot with weak servos: each forcerange 0.7 of what its recipe asks
        python3 - "$tmp/robot-check-2" >"$tmp/rt-weak.json" <<'PY'
import csv, json, sys
d = sys.argv[1]
truth = json.load(open(d + "/truth.json"))
rows = list(csv.DictReader(open(d + "/recipe.csv")))
for j, t in truth["joints"].items():
    t["forcerange"] = round(0.7 * max(t["kp"] * abs(float(r["goal_" + j]) - float(r["pos_" + j])) for r in rows), 6)
truth["name"] = "check robot 2, weak"
json.dump(truth, sys.stdout, indent=1)
PY
        run "$player" "$rid/so101_stripped.xml" "$tmp/rt-weak.json" "$tmp/robot-check-2/recipe_goals.csv" "$tmp/rt-recipe-weak.csv"
        weak_rc=$rc
        run "$player" "$rid/so101_stripped.xml" "$tmp/rt-weak.json" "$rid/traj/teleop.csv" "$tmp/rt-other-weak.csv"
        if [ $weak_rc -ne 0 ] || [ $rc -ne 0 ]; then bad "ident round trip weak: the player: $(head -c 300 "$tmp/err")"
        else
            echo "ident round trip on check robot 2 with weak servos (each forcerange 0.7 of what its recipe asks):"
            roundtrip weak "$tmp/rt-weak.json" "$tmp/rt-recipe-weak.csv" "$rid/traj/teleop.csv" "$tmp/rt-other-weak.csv" weak
        fi
    else
        bad "ident round trip: check robot 2: $(head -c 300 "$tmp/rt-check-out")"
    fi
fi
