#!/usr/bin/env bash
# Runs every CPU test program (tests/cpu/*.S but start.S, and the conformance
# programs tests/cpu/isa/*.S) on cpu_test_top under Icarus and under Verilator, under
# Verilator again with random bus wait states (0..3 cycles a request, a seed a
# program), and on the reference ISS (tests/cpu/iss, its own model of the test
# device): one TAP line per program per run. The neg_*
# programs are negative controls that must be reported as failing: neg_fail fails
# its check 7 on purpose, neg_hang never ends (a short cycle limit stops it).
# The programs and simulators are built by make: `make BUILD=<build-dir> cpu-tests`.
# Usage: tests/test_cpu.sh [build-dir]
set -uo pipefail
cd "$(dirname "$0")/.." || exit 1
build=${1:-build}
out="$build/cpu"

source tests/tap.sh

# fail: not_ok, remembered for the exit status (make cpu-tests fails with it)
fails=0
fail() { fails=$((fails + 1)); not_ok "$@"; }

make_cmd="make BUILD=$build cpu-tests"
programs=()
for f in tests/cpu/*.S tests/cpu/isa/*.S; do
    p=${f#tests/cpu/}
    p=${p%.S}
    [ "$p" = start ] || programs+=("$p")
done

source tests/cpu/verdict.sh

seed=0
for p in "${programs[@]}"; do
    seed=$((seed + 1))
    limit=2000000
    [ "$p" = neg_hang ] && limit=20000
    # Icarus
    if [ ! -f "$out/$p.vvp" ]; then
        fail "$p under icarus: $out/$p.vvp is missing" "run: $make_cmd"
    else
        log=$(vvp -N "$out/$p.vvp" +MAX_CYCLES=$limit 2>&1); status=$?
        verdict "$p" icarus "$status" "$log"
    fi
    # Verilator
    if [ ! -x "$out/cpu_sim" ] || [ ! -f "$out/$p.hex" ]; then
        fail "$p under verilator: $out/cpu_sim or $out/$p.hex is missing" "run: $make_cmd"
    else
        log=$("$out/cpu_sim" "$out/$p.hex" --max-cycles $limit 2>&1); status=$?
        verdict "$p" verilator "$status" "$log"
        log=$("$out/cpu_sim" "$out/$p.hex" --max-cycles $limit --wait-seed $seed 2>&1); status=$?
        verdict "$p" "verilator with wait states (seed $seed)" "$status" "$log"
    fi
    # the reference ISS: about one step for every three cycles
    if [ ! -x "$out/iss_run" ] || [ ! -f "$out/$p.hex" ]; then
        fail "$p under iss: $out/iss_run or $out/$p.hex is missing" "run: $make_cmd"
    else
        log=$("$out/iss_run" "$out/$p.hex" --max-steps $((limit / 3)) 2>&1); status=$?
        verdict "$p" iss "$status" "$log"
    fi
done

echo "1..$n"
[ "$fails" -eq 0 ]
