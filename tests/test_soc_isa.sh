#!/usr/bin/env bash
# Runs the CPU test programs (tests/cpu/*.S and tests/cpu/isa/*.S) in the whole SoC
# (rtl/boids_soc.v in Verilator, through tests/tools/soc_run): its RAM, bus decoder,
# UART and soc_ctrl, whose EXIT register stands where the test harness has its
# result register. Not run here: interrupts and wfi, which drive the test device's
# irq lines (the SoC has none at that address). The negative controls must fail.
# Each runs twice: in the SoC as built (soc_run), and in the SoC with random waits
# on both of the CPU's ports (soc_run-jitter: BUS_JITTER_SEED, rtl/soc_bus_jitter.v)
# and the RAM's fetch register (RAM_FETCH_REG 1: the ULX3S's fetch path).
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
for where in soc soc-jitter; do
    run=$runner
    [ "$where" = soc-jitter ] && run=$runner-jitter
    for f in tests/cpu/*.S tests/cpu/isa/*.S; do
        p=${f#tests/cpu/}
        p=${p%.S}
        case $p in start|interrupts|wfi) continue ;; esac
        limit=4000000
        [ "$p" = neg_hang ] && limit=20000
        if [ ! -x "$run" ] || [ ! -f "$out/$p.bin" ]; then
            fail "$p in $where: $run or $out/$p.bin is missing" "run: $make_cmd"
            continue
        fi
        log=$("$run" "$out/$p.bin" --max-cycles $limit 2>&1); status=$?
        verdict "$p" "$where" "$status" "$log"
    done
done

echo "1..$n"
[ "$fails" -eq 0 ]
