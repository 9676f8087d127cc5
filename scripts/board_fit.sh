#!/usr/bin/env bash
# The largest flock a board keeps at its full frame rate, measured on the
# board's own SoC simulator (build/boards/B/soc from make board-sim: exactly the
# synthesized configuration, the firmware's time counted). Simulated time, so
# the figure does not depend on the host. A flock "keeps 60" when every frame
# gets a flock step: the board's frames/s is at least 99.95% of the refresh (no
# frame missed); each line also gives the slowest turn (its flock step and
# sprites) as a share of its frame: the margin. Each run: 300 steps (five
# seconds of flight: the step grows as the flock gathers, so a short run
# overstates the fit), seed 1, headless.
# Usage: board_fit.sh SOC_PROGRAM MAX_N [FLAGS...]
#   Binary search on N in [1, MAX_N] with scouts N/10 and N/16, one predator,
#   synchronous update; FLAGS go to every run (--neighbors ...). Prints each N
#   tried, then "fit: N boids".
# Usage: board_fit.sh --check SOC_PROGRAM FLOCK_FLAGS...
#   One run of exactly that flock; exit status 0 when it keeps the frame rate.
set -euo pipefail
usage="usage: board_fit.sh SOC_PROGRAM MAX_N [FLAGS...] | --check SOC_PROGRAM FLAGS..."
check=0
if [ "${1:-}" = --check ]; then check=1; shift; fi
[ $# -ge $((2 - check)) ] || { echo "$usage" >&2; exit 2; }
soc=$1; shift
[ -x "$soc" ] || { echo "board_fit: no $soc (make board-sim BOARD=...)" >&2; exit 1; }

flock_keeps() {   # FLOCK_FLAGS... -> one line of figures; status 0 when it keeps the frame rate
    local out line fps refresh verdict slowest
    out=$("$soc" --headless --seed 1 --steps 300 "$@" 2>&1) || { echo "board_fit: $soc failed: $out" >&2; exit 1; }
    line=$(grep "soc: board:" <<<"$out") || { echo "board_fit: no frame rate in: $out" >&2; exit 1; }
    fps=$(sed -nE 's/.* ([0-9.]+) frames\/s \(display refresh ([0-9.]+) Hz.*/\1/p' <<<"$line")
    refresh=$(sed -nE 's/.* frames\/s \(display refresh ([0-9.]+) Hz.*/\1/p' <<<"$line")
    slowest=$(sed -nE 's/^soc: the slowest turn: .*, ([0-9.]+%) of a frame$/\1/p' <<<"$out")
    verdict=$(awk -v f="$fps" -v r="$refresh" 'BEGIN {print (f >= 0.9995 * r) ? "keeps" : "drops"}')
    printf '%6.2f frames/s of %.2f (%s; the slowest turn %s of a frame)\n' "$fps" "$refresh" "$verdict" \
        "${slowest:-?}"
    [ "$verdict" = keeps ]
}

if [ $check -eq 1 ]; then
    flock_keeps "$@"
    exit
fi

max=$1; shift
keeps() {   # N [FLAGS] -> status 0 when N boids keep the frame rate
    local n=$1; shift
    printf '  %5d boids: ' "$n"
    flock_keeps --boids "$n" --predators 1 --scouts1 $((n / 10)) --scouts2 $((n / 16)) \
        --update synchronous "$@"
}

lo=0 hi=$((max + 1))   # lo keeps (0 trivially), hi does not (or is beyond the build)
while ((hi - lo > 1)); do
    mid=$(((lo + hi) / 2))
    if keeps "$mid" "$@"; then lo=$mid; else hi=$mid; fi
done
echo "fit: $lo boids keep the full frame rate ($*)"
