#!/usr/bin/env bash
# The boards (constraints/boards.mk): every open-flow board goes from RTL to a
# bitstream with every clock meeting its target; the vendor boards' yosys
# estimates fit their devices; each board's simulator (exactly the synthesized
# configuration) keeps the full frame rate with the flock its RAM image boots
# with, and refuses a wrong board name. Slow (minutes: synthesis, place and
# route). Speaks TAP.
set -uo pipefail
build=${1:-build}
cd "$(dirname "$0")/.." || exit 1
source tests/tap.sh
open_boards=$(make --no-print-directory -s -f Makefile print-OPEN_BOARDS 2>/dev/null)
vendor_boards=$(make --no-print-directory -s -f Makefile print-VENDOR_BOARDS 2>/dev/null)
[ -n "$open_boards" ] || { not_ok "the board list (make print-OPEN_BOARDS)"; echo "1..$n"; exit 1; }

for b in $open_boards $vendor_boards; do
    out=$(make --no-print-directory BUILD="$build" synth BOARD="$b" 2>&1); status=$?
    report=$(cat "$build/boards/$b/report.txt" 2>/dev/null)
    if [ $status -eq 0 ] && [ -n "$report" ]; then
        ok "make synth BOARD=$b: $(head -1 <<<"$report")"
        sed 's/^/# /' <<<"$report"
    else
        not_ok "make synth BOARD=$b" "$out"
    fi

    # The flock in the board's RAM image, on the board's simulator: every
    # frame gets its step. Simulated time: the host's speed does not matter.
    flock=$(make --no-print-directory -s print-${b}_FLOCK 2>/dev/null)
    soc=$build/boards/$b/soc
    if [ -x "$soc" ]; then
        out=$("$soc" --headless --seed 1 --steps 12 $flock 2>&1)
        line=$(grep "soc: board:" <<<"$out")
        fps=$(sed -nE 's/.* ([0-9.]+) frames\/s \(display refresh ([0-9.]+) Hz.*/\1 \2/p' <<<"$line")
        if [ -n "$fps" ] && awk -v f="${fps% *}" -v r="${fps#* }" 'BEGIN {exit !(f >= 0.9995 * r)}'; then
            ok "$b: the image's flock ($flock) keeps the full frame rate: $fps"
        else
            not_ok "$b: the image's flock ($flock) keeps the full frame rate" "$out"
        fi
    else
        not_ok "$b: no board simulator at $soc"
    fi
done

out=$(make --no-print-directory BUILD="$build" synth BOARD=nosuchboard 2>&1); status=$?
if [ $status -ne 0 ] && grep -q "unknown BOARD=nosuchboard" <<<"$out"; then
    ok "make synth BOARD=nosuchboard: refused with the list of boards"
else
    not_ok "make synth BOARD=nosuchboard is refused" "$out"
fi
out=$(make --no-print-directory BUILD="$build" prog 2>&1); status=$?
if [ $status -ne 0 ] && grep -q "say which board" <<<"$out"; then
    ok "make prog without BOARD: refused, nothing programmed"
else
    not_ok "make prog without BOARD is refused" "$out"
fi
echo "1..$n"
