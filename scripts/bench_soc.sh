#!/usr/bin/env bash
# The SoC in simulation (build/soc): the board's own frame rate, in simulated
# time with the firmware's work on the RV32IM CPU counted, for N = 64, 256 and
# 1024 boids; the cycles a step costs; and the host's speed at simulating it
# (simulated clock cycles per second of real time), median of RUNS runs.
# Usage: bench_soc.sh BUILD_DIR [RUNS]
set -euo pipefail
build=$1 runs=${2:-3}
median() { sort -g | awk '{v[NR] = $1} END {print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2}'; }

variant=$("$build/soc" --help | sed -nE 's/^This build simulates (.*)\.$/\1/p')
echo "build/soc: the firmware on the simulated RV32IM CPU: $variant;"
echo "synchronous update, one predator and scouts:"
printf '  %5s %7s %12s %10s %6s %12s %14s\n' N steps 'board fps' 'step' CPI 'sprites' 'host Mcyc/s'
for n in 64 256 1024; do
    steps=$((n >= 1024 ? 8 : 20))
    declare -a speeds=()
    for ((i = 0; i < runs; i++)); do
        out=$("$build/soc" --headless --boids "$n" --predators 1 --scouts1 $((n / 10)) \
            --scouts2 $((n / 16)) --update synchronous --seed 1 --steps "$steps" 2>&1) \
            || { echo "bench_soc: build/soc failed: $out" >&2; exit 1; }
        speeds+=("$(sed -nE 's/.* ([0-9.]+) M cycles\/s.*/\1/p' <<<"$out")")
    done
    board=$(grep "soc: board:" <<<"$out")
    fps=$(sed -nE 's/.* ([0-9.]+) frames\/s \(display.*/\1/p' <<<"$board")
    step=$(sed -nE 's/.*flock step ([0-9]+) cycles.*/\1/p' <<<"$board")
    sprites=$(sed -nE 's/.*sprites ([0-9]+),.*/\1/p' <<<"$board")
    cpi=$(sed -nE 's/.*CPI ([0-9.]+).*/\1/p' <<<"$board")
    printf '  %5d %7d %12s %10s %6s %12s %14s  (%s)\n' "$n" "$steps" "$fps" "$step" "$cpi" \
        "$sprites" "$(printf '%s\n' "${speeds[@]}" | median)" "${speeds[*]}"
done
refresh=$(sed -nE 's/.*display refresh ([0-9.]+) Hz.*/\1/p' <<<"$board")
echo "  (board fps: frames/s on the board in its own time; $refresh is every frame. A step"
echo "   longer than a frame halves it, and so on.)"
