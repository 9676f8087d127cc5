#!/usr/bin/env bash
# The seeded random programs (tests/cpu/iss/random_program.py): each seedN runs to
# its end on the reference ISS, long and with traps taken; each sigN prints the same
# signature (its registers and a sum of its data) on the ISS and on the RTL
# (Verilator's cpu_test_top, with random bus wait states seeded by the seed), a
# differential test of today's CPU until the lockstep harness checks every record. Built by `make BUILD=<build-dir> cpu-tests`.
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

echo "1..$n"
