#!/usr/bin/env bash
# The monitor's speed: simulated video frames per second of the whole system
# (firmware, accelerator, display, VGA decoder) with 1024 boids, headless and
# with the SDL window under Xvfb, and the cost of tracing compiled in but off.
# Medians of RUNS runs, interleaved so that machine noise hits all alike; and
# the headless runs' frames per second of CPU time (user, both threads), which
# the machine's load moves less than the wall clock.
# Usage: bench_sim.sh BUILD_DIR [RUNS] [FRAMES]
set -euo pipefail
build=$1 runs=${2:-3} frames=${3:-60}
flock=(--boids 1024 --predators 2 --scouts1 60 --scouts2 40 --update synchronous --frames "$frames")

# fps COMMAND...: the simulated frames per second the run reports; a run that
# meant to open a window and could not is an error, not a headless figure.
fps() {
    local out
    out=$("$@" 2>&1)
    if [[ " $* " != *" --headless "* ]] && ! grep -q "window open" <<<"$out"; then
        echo "bench_sim: no window opened: $out" >&2
        exit 1
    fi
    sed -nE 's/.* ([0-9.]+) frames\/s simulated.*/\1/p' <<<"$out" | tail -1
}
# cpu_fps COMMAND...: frames per second of the command's user CPU time.
cpu_fps() {
    local t
    t=$( { TIMEFORMAT=%U; time "$@" >/dev/null 2>&1; } 2>&1 )
    awk -v t="$t" -v f="$frames" 'BEGIN {printf "%.1f", f / t}'
}
median() { sort -g | awk '{v[NR] = $1} END {print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2}'; }

declare -a headless window notrace cpu
for ((i = 0; i < runs; i++)); do
    headless+=("$(fps "$build/sim" --headless "${flock[@]}")")
    cpu+=("$(cpu_fps "$build/sim" --headless "${flock[@]}")")
    notrace+=("$(fps "$build/sim-notrace" --headless "${flock[@]}")")
    window+=("$(SDL_VIDEODRIVER=x11 fps xvfb-run -a -s "-screen 0 1024x768x24" "$build/sim" "${flock[@]}")")
done
h=$(printf '%s\n' "${headless[@]}" | median)
w=$(printf '%s\n' "${window[@]}" | median)
n=$(printf '%s\n' "${notrace[@]}" | median)
c=$(printf '%s\n' "${cpu[@]}" | median)
echo "build/sim, 1024 boids, synchronous update, $frames frames, median of $runs runs (simulated frames/s):"
printf '  %-44s %6.1f  (%s)\n' "headless" "$h" "${headless[*]}"
printf '  %-44s %6.1f  (%s)\n' "SDL window under Xvfb" "$w" "${window[*]}"
printf '  %-44s %6.1f  (%s)\n' "headless, tracing not compiled in" "$n" "${notrace[*]}"
printf '  %-44s %6.1f  (%s)\n' "headless, frames per second of CPU time" "$c" "${cpu[*]}"
awk -v h="$h" -v n="$n" 'BEGIN {printf "  tracing compiled in but off costs %.1f%% (goal: under 5%%)\n", (n - h) / n * 100}'
# real time: the refresh rate of the model's video mode, as build/sim reports it
rate=$("$build/sim" --headless --boids 1 --frames 1 2>&1 | sed -nE 's/.*of real time, ([0-9.]+) frames\/s.*/\1/p')
awk -v h="$h" -v w="$w" -v r="$rate" 'BEGIN {printf "  real time is %s frames/s: headless %.0f%%, window %.0f%% (goals: 60 and 45 frames/s)\n", r, h / r * 100, w / r * 100}'
