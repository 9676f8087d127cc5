#!/usr/bin/env bash
# One app loop (firmware/app.c) in both monitors: build/sim runs it natively
# against the Verilated system, build/soc cross-compiled on the SoC's CPU. The
# same start and the same keys (--keys, one a turn of the loop) must give the
# same flock, bit for bit, whatever the keys do to it. Speaks TAP.
set -uo pipefail
build=${1:-build}
sim="$(cd "$build" && pwd)/sim"
soc="$(cd "$build" && pwd)/soc"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

source "$(dirname "${BASH_SOURCE[0]}")/tap.sh"
unset DISPLAY WAYLAND_DISPLAY SDL_VIDEODRIVER

for program in "$sim" "$soc" "$build/firmware/boids.bin"; do
    if [ ! -e "$program" ]; then
        not_ok "$program exists" "build it with: make $build/sim $build/soc"
        echo "1..$n"
        exit 1
    fi
done

# same_flock DESCRIPTION KEYS TURNS STEPS FLAGS...: build/sim for TURNS turns
# and build/soc until STEPS steps (the keys' pauses make the difference), both
# pressed KEYS, save equal states.
same_flock() {
    local what=$1 keys=$2 turns=$3 steps=$4; shift 4
    local err_sim err_soc status_sim status_soc
    rm -f "$tmp/sim.csv" "$tmp/soc.csv"
    err_sim=$("$sim" --headless --frames "$turns" --keys "$keys" --save "$tmp/sim.csv" "$@" 2>&1)
    status_sim=$?
    err_soc=$("$soc" --headless --steps "$steps" --keys "$keys" --save "$tmp/soc.csv" "$@" 2>&1)
    status_soc=$?
    if [ $status_sim -eq 0 ] && [ $status_soc -eq 0 ] && cmp -s "$tmp/sim.csv" "$tmp/soc.csv"; then
        ok "$what ($(awk -F, 'NR > 1' "$tmp/sim.csv" | wc -l) members and predators)"
    else
        not_ok "$what" "sim: exit $status_sim: $(tail -3 <<<"$err_sim")" \
            "soc: exit $status_soc: $(tail -3 <<<"$err_soc")" \
            "$(diff "$tmp/sim.csv" "$tmp/soc.csv" 2>&1 | head -6)"
    fi
}

flock=(--boids 40 --predators 1 --scouts1 4 --scouts2 3 --seed 7)
# Every key a turn steps: TURNS steps.
same_flock "+ g - b +: the same flock on build/sim and build/soc (accelerator, synchronous)" \
    "+g-b+" 12 12 "${flock[@]}" --update synchronous
same_flock "... with the grid in software, sequential order, m adding the mouse's predator" \
    "-+m++g-" 12 12 --boids 30 --seed 3 --neighbors grid --update sequential
# Space pauses (turns 2 to 5 make one step, by n), space resumes: 9 steps in 12 turns.
same_flock "... with brute force, pauses and single steps between the edits" \
    "+ +n- b" 12 9 "${flock[@]}" --neighbors brute --update synchronous

# The comparison can fail: other keys give another flock.
"$sim" --headless --frames 6 --keys "+" --save "$tmp/one.csv" "${flock[@]}" >/dev/null 2>&1
"$sim" --headless --frames 6 --keys "++" --save "$tmp/two.csv" "${flock[@]}" >/dev/null 2>&1
if [ -s "$tmp/one.csv" ] && ! cmp -s "$tmp/one.csv" "$tmp/two.csv"; then
    ok "the comparison can fail: one + more gives another flock"
else
    not_ok "negative control: + and ++ gave the same state"
fi

echo "1..$n"
