#!/usr/bin/env bash
# Runs every test program (normal and sanitizer builds of the cmocka tests,
# then the shell tests) and ends with one line: "N passed, N failed".
# Each test case counts once; a program that dies outside a test case counts
# as one failure. Output of a failing program is shown in full. Each line
# gives the program's wall time, so a slow CI run shows where it went.
#
# The tests in TEST_ALONGSIDE (default: the boards', the longest of them,
# most of it one single-threaded place and route, in build/boards/ of its
# own) run beside the rest on a machine with two or more cores; their lines
# come last. TEST_ALONGSIDE= runs everything in sequence.
set -uo pipefail
build=${1:-build}
passed=0
failed=0
alongside=${TEST_ALONGSIDE-tests/test_boards.sh}
[ "$(nproc 2>/dev/null || echo 1)" -ge 2 ] || alongside=

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

is_alongside() { case " $alongside " in *" $1 "*) return 0 ;; esac; return 1; }

# Each test beside the rest writes its lines and its tally to files of its own.
side=$(mktemp -d)
trap 'kill $(jobs -p) 2>/dev/null; rm -rf "$side"' EXIT
k=0
for t in $alongside; do
    [ -f "$t" ] || continue
    k=$((k + 1))
    (passed=0 failed=0; run_tap "$t" bash "$t" "$build" > "$side/$k.out"
     echo "$passed $failed" > "$side/$k.tally") &
done

export CMOCKA_MESSAGE_OUTPUT=TAP
for t in "$build"/tests/test_* "$build"/san/tests/test_*; do
    [ -x "$t" ] || continue
    run_tap "${t#"$build"/}" "$t"
done
for t in tests/test_*.sh; do
    [ -f "$t" ] || continue
    is_alongside "$t" && continue
    run_tap "$t" bash "$t" "$build"
done

wait
for ((j = 1; j <= k; j++)); do
    cat "$side/$j.out"
    if read -r p f < "$side/$j.tally" 2>/dev/null; then
        passed=$((passed + p)); failed=$((failed + f))
    else
        failed=$((failed + 1)) # it died before its tally
    fi
done

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
