#!/usr/bin/env bash
# Runs every test program (normal and sanitizer builds of the cmocka tests,
# then the shell tests) and ends with one line: "N passed, N failed".
# Each test case counts once; a program that dies outside a test case counts
# as one failure. Output of a failing program is shown in full. Each line
# gives the program's wall time, so a slow CI run shows where it went.
set -uo pipefail
build=${1:-build}
passed=0
failed=0

# run_tap NAME COMMAND...: runs a command that speaks TAP and tallies it.
run_tap() {
    local name=$1; shift
    local out status ok notok start=$SECONDS secs
    out=$("$@" 2>&1); status=$?
    secs=$((SECONDS - start))
    ok=$(grep -cE '^ok ' <<<"$out" || true)
    notok=$(grep -cE '^not ok ' <<<"$out" || true)
    if [ "$status" -ne 0 ] && [ "$notok" -eq 0 ]; then
        notok=1 # crashed, or failed outside any test case
    fi
    passed=$((passed + ok))
    failed=$((failed + notok))
    if [ "$notok" -gt 0 ]; then
        printf 'FAIL %-40s %d passed, %d failed (%d s)\n' "$name" "$ok" "$notok" "$secs"
        sed 's/^/    /' <<<"$out"
    else
        printf 'ok   %-40s %d passed (%d s)\n' "$name" "$ok" "$secs"
    fi
}

export CMOCKA_MESSAGE_OUTPUT=TAP
for t in "$build"/tests/test_* "$build"/san/tests/test_*; do
    [ -x "$t" ] || continue
    run_tap "${t#"$build"/}" "$t"
done
for t in tests/test_*.sh; do
    [ -f "$t" ] || continue
    run_tap "$t" bash "$t" "$build"
done

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
