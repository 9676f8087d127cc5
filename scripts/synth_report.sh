#!/usr/bin/env bash
# Prints one line of area and timing from a nextpnr-ice40 log: logic cells,
# DSPs, block RAMs, SPRAMs, and Fmax against a target; or why it did not fit.
# Exits 1 unless the design was placed and routed and meets the target.
# Usage: synth_report.sh NAME NEXTPNR_LOG TARGET_MHZ
set -uo pipefail
name=$1 plog=$2 target=$3
[ -f "$plog" ] || { echo "$name: no log at $plog"; exit 1; }
used() { grep -E "^Info:[[:space:]]+$1:" "$plog" | tail -1 | sed -E 's/.*: +([0-9]+)\/ *([0-9]+).*/\1 of \2/'; }
line=$(printf 'LCs %-13s DSPs %-8s BRAMs %-9s SPRAMs %-7s' "$(used ICESTORM_LC)" "$(used ICESTORM_DSP)" \
    "$(used ICESTORM_RAM)" "$(used ICESTORM_SPRAM)")
fmax=$(grep -E "Max frequency for clock" "$plog" | tail -1 | sed -E 's/.*: ([0-9.]+) MHz.*/\1/')
if [ -z "$fmax" ]; then
    why=$(grep -m1 "^ERROR" "$plog" || echo "no timing report")
    printf '%-20s %s does not fit: %s\n' "$name" "$line" "$why"
    exit 1
fi
verdict=$(awk -v f="$fmax" -v t="$target" 'BEGIN {print (f >= t) ? "meets" : "MISSES"}')
printf '%-20s %s Fmax %6.2f MHz (%s %s MHz)\n' "$name" "$line" "$fmax" "$verdict" "$target"
[ "$verdict" = meets ]
