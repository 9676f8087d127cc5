#!/usr/bin/env bash
# Synthesis for the iCE40 UP5K (yosys, nextpnr-ice40): the accelerator and the
# display pipeline must fit and meet the 25.125 MHz pixel clock, so a change
# that breaks synthesis or timing fails here. About four minutes. Speaks TAP.
set -uo pipefail
build=${1:-build}
cd "$(dirname "$0")/.." || exit 1
source tests/tap.sh

for target in synth-display synth-accel; do
    out=$(make --no-print-directory BUILD="$build" "$target" 2>&1); status=$?
    while read -r line; do
        if grep -q "(meets" <<<"$line"; then ok "$target: $line"; else not_ok "$target: $line"; fi
    done < <(grep -E "LCs .*(Fmax|does not fit)" <<<"$out")
    if [ $status -ne 0 ] && ! grep -qE "LCs " <<<"$out"; then
        not_ok "$target runs" "$out"
    fi
done
echo "1..$n"
