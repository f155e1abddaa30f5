# tests/cli/player.sh: the robot player (tests/mujoco/robot_player.c), the
# real-MuJoCo reference of a robot's recordings, sourced by run.sh (its run,
# ok, bad, skip, usage_error; $tmp, $root). The reference here is the
# development data itself: ../shared/data/robot_ident's T0 was recorded by
# real MuJoCo 2.2.2 from traj/*.csv with T0/truth.json, by a program of its
# own; the player, written from its README's conventions, must give the same
# files byte for byte.
player=${PLAYER:-$root/build/native/tests/mujoco/robot_player}
ident=$root/../shared/data/robot_ident
if [ ! -x "$player" ]; then
    skip "robot player: $player not built (it needs MuJoCo: make $player)"
elif [ ! -f "$ident/T0/truth.json" ]; then
    skip "robot player: $ident/T0/truth.json not found (../shared/data/robot_ident)"
else
    for f in recipe teleop; do
        run "$player" "$ident/so101_stripped.xml" "$ident/T0/truth.json" "$ident/traj/$f.csv" "$tmp/played-$f.csv"
        if [ $rc -ne 0 ]; then bad "robot player $f: exit $rc: $(head -c 300 "$tmp/err")"
        elif cmp -s "$tmp/played-$f.csv" "$ident/T0/$f.csv"; then ok
        else bad "robot player $f: differs from T0/$f.csv: $(cmp "$tmp/played-$f.csv" "$ident/T0/$f.csv")"; fi
    done
    printf '{"kind": "bam", "joints": {}}' >"$tmp/truth-bam.json"
    usage_error "robot player: a truth of another kind" "native" -- \
        "$player" "$ident/so101_stripped.xml" "$tmp/truth-bam.json" "$ident/traj/recipe.csv" "$tmp/played.csv"
    printf 't,shoulder_pan,elbow\n0,0,0\n' >"$tmp/goals-bad.csv"
    usage_error "robot player: a joint the MJCF has not" "elbow" -- \
        "$player" "$ident/so101_stripped.xml" "$ident/T0/truth.json" "$tmp/goals-bad.csv" "$tmp/played.csv"
fi
