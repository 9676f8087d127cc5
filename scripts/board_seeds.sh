#!/usr/bin/env bash
# The spread of a board's timing over placement seeds: its synthesized netlist
# (build/boards/B/synth.json, from make synth) placed and routed once per seed,
# each seed's Fmax of the system clock against the board's clock and against
# that clock plus a margin. A board that meets its clock on one seed only is
# luck, not a result: this shows how much luck.
# Usage: board_seeds.sh [--margin PERCENT] BOARD [SEED...]   (default margin 3,
#        seeds 1 to 5; iCE40 and ECP5 boards, with the board's placer: a few
#        minutes a seed on the iCEBreaker, about ten on the ULX3S)
# Prints a line a seed, then "BOARD: Fmax min/median/max MHz over N seeds; K of N
# meet CLOCK, M of N meet CLOCK+margin". Exit 0 when every seed meets the
# clock plus the margin, 1 when one does not, 2 on a usage or tool error.
set -uo pipefail
cd "$(dirname "$0")/.." || exit 2
usage() { echo "usage: board_seeds.sh [--margin PERCENT] BOARD [SEED...]" >&2; exit 2; }
margin=3
case "${1:-}" in
-h|--help) sed -n '2,12p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
--margin) [ $# -ge 2 ] || usage; margin=$2; shift 2 ;;
esac
[ $# -ge 1 ] || usage
board=$1
shift
seeds=("$@")
[ ${#seeds[@]} -gt 0 ] || seeds=(1 2 3 4 5)
[[ $margin =~ ^[0-9]+(\.[0-9]+)?$ ]] || { echo "board_seeds: --margin $margin is not a percentage" >&2; exit 2; }
for s in "${seeds[@]}"; do
    [[ $s =~ ^[0-9]+$ ]] || { echo "board_seeds: seed \"$s\" is not a whole number" >&2; exit 2; }
done

describe=$(make -s --no-print-directory "describe-board-$board" 2>/dev/null)
family=$(sed -n 's/^FAMILY=//p' <<<"$describe")
[ -n "$family" ] || { echo "board_seeds: unknown board \"$board\" (make print-BOARDS lists them)" >&2; exit 2; }
case $family in
ice40 | ecp5) ;;
*) echo "board_seeds: $board is $family, placed and routed by its vendor's tools: only iCE40 and ECP5 boards here" >&2; exit 2 ;;
esac
build=${BUILD:-build}
netlist=$build/boards/$board/synth.json
[ -f "$netlist" ] || { echo "board_seeds: no $netlist: run make synth BOARD=$board first" >&2; exit 2; }
hz=$(sed -n 's/^CLOCK_HZ=//p' <<<"$describe")
pins=$(sed -n 's/^PINS=//p' <<<"$describe")
# nextpnr's options from the board's description (device, placer and its
# criticality exponent, clock), as make's place and route takes them; the seed
# and the files are this script's
options=$(make -s --no-print-directory "pnr-options-$board") || exit 2
goal=$(awk -v hz="$hz" 'BEGIN {printf "%.3f", hz / 1e6}')
want=$(awk -v g="$goal" -v m="$margin" 'BEGIN {printf "%.3f", g * (1 + m / 100)}')
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# pnr SEED: one place and route in $work; its log is $work/seedS.log. yowasp's
# builds write only below the directory they run in: every path is relative.
cp "$netlist" "$work/synth.json"
cp "$pins" "$work/pins"
ecp5_nextpnr=$(make -s --no-print-directory print-ecp5_nextpnr)
pnr() {
    # shellcheck disable=SC2086  # the device's flags, and the tool's, are words
    if [ "$family" = ice40 ]; then
        (cd "$work" && nextpnr-ice40 -q $options --seed "$1" --pcf pins \
            --json synth.json --asc out.asc -l "seed$1.log")
    else
        (cd "$work" && $ecp5_nextpnr -q $options --seed "$1" --lpf pins \
            --json synth.json --textcfg out.config -l "seed$1.log")
    fi
}

fmaxes=()
for s in "${seeds[@]}"; do
    if ! pnr "$s" >/dev/null 2>&1; then
        echo "board_seeds: place and route failed on seed $s: $(tail -1 "$work/seed$s.log" 2>/dev/null)" >&2
        exit 2
    fi
    # the system clock's Fmax after routing (the ECP5's log names it clk_system;
    # the iCE40 has one clock)
    f=$(grep -E "Max frequency for clock" "$work/seed$s.log" | grep -v PACKER |
        { if [ "$family" = ecp5 ]; then grep clk_system; else cat; fi; } | tail -1 |
        sed -E 's/.*: ([0-9.]+) MHz.*/\1/')
    [ -n "$f" ] || { echo "board_seeds: no Fmax of the system clock in seed $s's log" >&2; exit 2; }
    fmaxes+=("$f")
    printf '  seed %-3s Fmax %6.2f MHz\n' "$s" "$f"
done
printf '%s\n' "${fmaxes[@]}" | sort -n | awk -v board="$board" -v goal="$goal" -v want="$want" -v m="$margin" '
    { f[NR] = $1; met += $1 >= goal; kept += $1 >= want }
    END {
        median = NR % 2 ? f[(NR + 1) / 2] : (f[NR / 2] + f[NR / 2 + 1]) / 2
        printf "%s: Fmax %.2f / %.2f / %.2f MHz (min / median / max) over %d seeds; %d of %d meet %s MHz, %d of %d meet %s MHz (+%s%%)\n",
            board, f[1], median, f[NR], NR, met, NR, goal, kept, NR, want, m
        exit kept == NR ? 0 : 1
    }'
