#!/usr/bin/env bash
# The seeded random programs (tests/cpu/iss/random_program.py): each seedN runs to
# its end on the reference ISS, long and with traps taken, then on the RTL
# (Verilator's cpu_test_top) in lockstep with the ISS, every retired instruction
# and trap compared, with no bus waits and with random waits seeded by N; each sigN
# prints the same signature (its registers and a sum of its data) on the ISS and on
# the RTL with random waits. Built by `make BUILD=<build-dir> cpu-tests`.
# Usage: tests/test_cpu_random.sh [build-dir]
set -uo pipefail
cd "$(dirname "$0")/.." || exit 1
build=${1:-build}
out="$build/cpu"

source tests/tap.sh

make_cmd="make BUILD=$build cpu-tests"
seeds=$(sed -n 's/^RANDOM_SEEDS := //p' tests/cpu/rules.mk)

for s in $seeds; do
    hex="$out/random/seed$s.hex"
    if [ ! -x "$out/iss_run" ] || [ ! -f "$hex" ]; then
        not_ok "random seed $s on the ISS: $out/iss_run or $hex is missing" "run: $make_cmd"
    else
        log=$("$out/iss_run" "$hex" 2>&1); status=$?
        steps=$(sed -n 's/^PASS iss_run: \([0-9]*\) steps (\([0-9]*\) traps).*/\1 \2/p' <<<"$log")
        if [ "$status" -eq 0 ] && [ -n "$steps" ] && [ "${steps% *}" -ge 2000 ] && [ "${steps#* }" -ge 10 ]; then
            ok "random seed $s runs to its end on the ISS (${steps% *} steps, ${steps#* } traps)"
        else
            not_ok "random seed $s on the ISS: must end, at least 2000 steps and 10 traps" "$log"
        fi
    fi
    for waits in 0 "$s"; do
        if [ ! -x "$out/cpu_sim" ] || [ ! -f "$hex" ]; then
            not_ok "random seed $s in lockstep: $out/cpu_sim or $hex is missing" "run: $make_cmd"
            continue
        fi
        log=$("$out/cpu_sim" "$hex" --wait-seed "$waits" 2>&1); status=$?
        records=$(sed -n "s/^PASS cpu_sim: .*; \([0-9]*\) records equal to the ISS's$/\1/p" <<<"$log")
        desc="random seed $s on the RTL in lockstep with the ISS, wait seed $waits"
        if [ "$status" -eq 0 ] && [ -n "$records" ] && [ "$records" -ge 2000 ]; then
            ok "$desc ($records records)"
        else
            not_ok "$desc: must pass with at least 2000 records" "$log"
        fi
    done
    hex="$out/random/sig$s.hex"
    if [ ! -x "$out/iss_run" ] || [ ! -x "$out/cpu_sim" ] || [ ! -f "$hex" ]; then
        not_ok "random seed $s signature: $out/iss_run, $out/cpu_sim or $hex is missing" "run: $make_cmd"
        continue
    fi
    iss=$("$out/iss_run" "$hex" 2>&1); iss_status=$?
    rtl=$("$out/cpu_sim" "$hex" --wait-seed "$s" 2>&1); rtl_status=$?
    iss_sig=$(grep -v '^PASS\|^FAIL' <<<"$iss")
    rtl_sig=$(grep -v '^PASS\|^FAIL' <<<"$rtl")
    words=$(grep -c . <<<"$iss_sig")
    if [ "$iss_status" -eq 0 ] && [ "$rtl_status" -eq 0 ] && [ "$words" -eq 29 ] \
            && [ "$iss_sig" = "$rtl_sig" ]; then
        ok "random seed $s: the ISS and the RTL (wait states) print the same 29-word signature"
    else
        not_ok "random seed $s: the ISS and the RTL must print the same 29-word signature" \
            "ISS (status $iss_status):"$'\n'"$iss" "RTL (status $rtl_status):"$'\n'"$rtl"
    fi
done

# The lockstep can fail: the ISS given another program than the RTL's must be
# reported at the first record that differs.
a="$out/random/seed1.hex" b="$out/random/seed2.hex"
if [ -x "$out/cpu_sim" ] && [ -f "$a" ] && [ -f "$b" ]; then
    log=$("$out/cpu_sim" "$a" --reference "$b" 2>&1); status=$?
    if [ "$status" -eq 1 ] && grep -q "^FAIL cpu_sim: lockstep with the ISS, cycle [0-9]*: record [0-9]*: pc " <<<"$log"; then
        ok "lockstep can fail: the RTL on seed 1, the ISS on seed 2, reported as a mismatch"
    else
        not_ok "lockstep can fail: the RTL on seed 1, the ISS on seed 2, must be reported as a mismatch" \
            "exit status $status"$'\n'"$log"
    fi
else
    not_ok "lockstep can fail: $out/cpu_sim, $a or $b is missing" "run: $make_cmd"
fi

echo "1..$n"
