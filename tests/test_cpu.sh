#!/usr/bin/env bash
# Runs every CPU test program (tests/cpu/*.S but start.S, and the conformance
# programs tests/cpu/isa/*.S) on cpu_test_top under Icarus and under Verilator, with
# no bus waits and with random waits on both of the CPU's ports from each of SEEDS
# (default "1 2 3"; soc_bus_jitter), every program again with the RAM's fetch register
# (Icarus, no waits and seed 1), the divider's programs once more on a CPU without
# the div/rem pair shortcut (no waits and seed 1), and once on the reference ISS (tests/cpu/iss, its
# own model of the test device): one TAP line per program per run. The neg_*
# programs are negative controls that must be reported as failing: neg_fail fails
# its check 7 on purpose, neg_hang never ends (a short cycle limit stops it).
# The programs and simulators are built by make: `make BUILD=<build-dir> cpu-tests`.
# Usage: [SEEDS="1 2 3"] tests/test_cpu.sh [build-dir]
set -uo pipefail
cd "$(dirname "$0")/.." || exit 1
build=${1:-build}
out="$build/cpu"
seeds=(0 ${SEEDS:-1 2 3})                            # 0: no waits

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

# waits SEED: how a run's bus behaves, for its TAP line
waits() { if [ "$1" -eq 0 ]; then echo "no waits"; else echo "random waits, seed $1"; fi; }

# cycle_limit PROGRAM: a run's most cycles (neg_hang, which never ends: a short one)
cycle_limit() { if [ "$1" = neg_hang ]; then echo 20000; else echo 4000000; fi; }

# icarus_run VVP PROGRAM WHAT SEED: the program's Icarus build VVP run with the
# bus waits of SEED, its verdict under WHAT
icarus_run() {
    local vvp_file=$1 p=$2 what=$3 seed=$4 log status
    local limit; limit=$(cycle_limit "$p")
    if [ ! -f "$vvp_file" ]; then
        fail "$p under $what: $vvp_file is missing" "run: $make_cmd"
        return
    fi
    log=$(vvp -N "$vvp_file" +MAX_CYCLES=$limit +WAIT_SEED="$seed" 2>&1); status=$?
    verdict "$p" "$what" "$status" "$log"
}

for seed in "${seeds[@]}"; do
    for p in "${programs[@]}"; do
        limit=$(cycle_limit "$p")
        icarus_run "$out/$p.vvp" "$p" "icarus, $(waits "$seed")" "$seed"
        # Verilator
        if [ ! -x "$out/cpu_sim" ] || [ ! -f "$out/$p.hex" ]; then
            fail "$p under verilator: $out/cpu_sim or $out/$p.hex is missing" "run: $make_cmd"
        else
            log=$("$out/cpu_sim" "$out/$p.hex" --max-cycles $limit --wait-seed "$seed" 2>&1); status=$?
            verdict "$p" "verilator, $(waits "$seed")" "$status" "$log"
        fi
        # the reference ISS, once: about one step for every three cycles
        [ "$seed" -eq 0 ] || continue
        if [ ! -x "$out/iss_run" ] || [ ! -f "$out/$p.hex" ]; then
            fail "$p under iss: $out/iss_run or $out/$p.hex is missing" "run: $make_cmd"
        else
            log=$("$out/iss_run" "$out/$p.hex" --max-steps $((limit / 3)) 2>&1); status=$?
            verdict "$p" iss "$status" "$log"
        fi
    done
done

# A trace changes nothing cycle for cycle: the wfi program's retire trace (each
# record's cycle, pc, encoding, trap and register write) is the same traced and
# untraced, with no waits and with random waits.
for seed in "${seeds[@]}"; do
    what="a trace changes no retirement of wfi, $(waits "$seed")"
    if [ ! -x "$out/cpu_sim" ] || [ ! -f "$out/wfi.hex" ]; then
        fail "$what: $out/cpu_sim or $out/wfi.hex is missing" "run: $make_cmd"
        continue
    fi
    plain=$("$out/cpu_sim" "$out/wfi.hex" --wait-seed "$seed" --retire-log "$out/wfi_plain.log" 2>&1)
    traced=$("$out/cpu_sim" "$out/wfi.hex" --wait-seed "$seed" --retire-log "$out/wfi_traced.log" \
        --trace "$out/wfi_traced.fst" 2>&1)
    slept=$(sed -n 's/.*(\([0-9]*\) in wfi).*/\1/p' <<<"$plain")
    if grep -q "^PASS" <<<"$plain" && grep -q "^PASS" <<<"$traced" && [ "${slept:-0}" -gt 0 ] &&
        cmp -s "$out/wfi_plain.log" "$out/wfi_traced.log" && [ -s "$out/wfi_plain.log" ] &&
        [ -s "$out/wfi_traced.fst" ]; then
        ok "$what ($slept cycles in wfi)"
    else
        fail "$what" "untraced: $plain" "traced: $traced" "$(diff "$out/wfi_plain.log" "$out/wfi_traced.log" | head -5)"
    fi
    rm -f "$out/wfi_plain.log" "$out/wfi_traced.log" "$out/wfi_traced.fst"
done

# Every program again with the RAM's fetch register (the ULX3S's build: a fetch
# answered two cycles after its request, the fetch buffer three words deep), under
# Icarus, with no waits and with random waits (seed 1).
for seed in 0 1; do
    for p in "${programs[@]}"; do
        icarus_run "$out/fetch-reg/$p.vvp" "$p" "icarus, the RAM's fetch register, $(waits "$seed")" "$seed"
    done
done

# the divider without its div/rem pair shortcut (the iCEBreaker's CPU), under Icarus
# (the programs: tests/cpu/rules.mk's CPU_NO_PAIR_PROGRAMS, which builds them)
no_pair=$(make -s --no-print-directory BUILD="$build" print-CPU_NO_PAIR_PROGRAMS)
[ -n "$no_pair" ] || fail "the divider's programs without the pair shortcut" "make print-CPU_NO_PAIR_PROGRAMS gave nothing"
for seed in 0 1; do
    for p in $no_pair; do
        icarus_run "$out/no-pair/$p.vvp" "$p" "icarus, no div pair shortcut, $(waits "$seed")" "$seed"
    done
done

echo "1..$n"
[ "$fails" -eq 0 ]
