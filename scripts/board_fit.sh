#!/usr/bin/env bash
# The largest flock a board keeps at its full frame rate, measured on the
# board's own SoC simulator (build/boards/B/soc from make board-sim: exactly the
# synthesized configuration, the firmware's time counted). Simulated time, so
# the figure does not depend on the host. A flock "keeps 60" when every frame
# gets a flock step: the board's frames/s is at least 99.95% of the refresh (no frame missed).
# Usage: board_fit.sh SOC_PROGRAM MAX_N [FLAGS...]
# Binary search on N in [1, MAX_N] with scouts N/10 and N/16, one predator,
# seed 1, synchronous update, 12 steps; FLAGS go to every run (--neighbors ...).
# Prints each N tried, then "fit: N boids".
set -euo pipefail
[ $# -ge 2 ] || { echo "usage: board_fit.sh SOC_PROGRAM MAX_N [FLAGS...]" >&2; exit 2; }
soc=$1 max=$2; shift 2
[ -x "$soc" ] || { echo "board_fit: no $soc (make board-sim BOARD=...)" >&2; exit 1; }

keeps() {   # N [FLAGS] -> status 0 when N boids keep the frame rate
    local n=$1 out line fps refresh verdict; shift
    out=$("$soc" --headless --boids "$n" --predators 1 --scouts1 $((n / 10)) --scouts2 $((n / 16)) \
        --update synchronous --seed 1 --steps 12 "$@" 2>&1) || { echo "board_fit: $soc failed: $out" >&2; exit 1; }
    line=$(grep "soc: board:" <<<"$out") || { echo "board_fit: no frame rate for $n boids: $out" >&2; exit 1; }
    fps=$(sed -nE 's/.* ([0-9.]+) frames\/s \(display refresh ([0-9.]+) Hz.*/\1/p' <<<"$line")
    refresh=$(sed -nE 's/.* frames\/s \(display refresh ([0-9.]+) Hz.*/\1/p' <<<"$line")
    verdict=$(awk -v f="$fps" -v r="$refresh" 'BEGIN {print (f >= 0.9995 * r) ? "keeps" : "drops"}')
    printf '  %5d boids: %6.2f frames/s of %.2f (%s)\n' "$n" "$fps" "$refresh" "$verdict"
    [ "$verdict" = keeps ]
}

lo=0 hi=$((max + 1))   # lo keeps (0 trivially), hi does not (or is beyond the build)
while ((hi - lo > 1)); do
    mid=$(((lo + hi) / 2))
    if keeps "$mid" "$@"; then lo=$mid; else hi=$mid; fi
done
echo "fit: $lo boids keep the full frame rate ($*)"
