#!/usr/bin/env bash
# Runs the CPU test programs (tests/cpu/*.S and tests/cpu/isa/*.S) in the whole SoC
# (rtl/boids_soc.v in Verilator, through tests/tools/soc_run): its RAM, bus decoder,
# UART and soc_ctrl, whose EXIT register stands where the test harness has its
# result register. Not run here: interrupts and wfi, which drive the test device's
# irq lines (the SoC has none at that address). The negative controls must fail.
# Built by `make BUILD=<build-dir> cpu-tests`. Usage: tests/test_soc_isa.sh [build-dir]
set -uo pipefail
cd "$(dirname "$0")/.." || exit 1
build=${1:-build}
out="$build/cpu"
runner="$build/tests/tools/soc_run"

source tests/tap.sh

fails=0
fail() { fails=$((fails + 1)); not_ok "$@"; }
source tests/cpu/verdict.sh

make_cmd="make BUILD=$build cpu-tests"
for f in tests/cpu/*.S tests/cpu/isa/*.S; do
    p=${f#tests/cpu/}
    p=${p%.S}
    case $p in start|interrupts|wfi) continue ;; esac
    limit=2000000
    [ "$p" = neg_hang ] && limit=20000
    if [ ! -x "$runner" ] || [ ! -f "$out/$p.bin" ]; then
        fail "$p in the SoC: $runner or $out/$p.bin is missing" "run: $make_cmd"
        continue
    fi
    log=$("$runner" "$out/$p.bin" --max-cycles $limit 2>&1); status=$?
    verdict "$p" soc "$status" "$log"
done

echo "1..$n"
[ "$fails" -eq 0 ]
