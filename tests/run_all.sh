#!/usr/bin/env bash
# Builds every program and test (make test-programs, a job a core), runs them
# (normal and sanitizer builds of the cmocka tests, then the shell tests) and
# ends with one line: "N passed, N failed". Each test case counts once; a
# program that dies outside a test case counts as one failure. Output of a
# failing program is shown in full. Each line gives the program's wall time
# and CPU time, so a slow CI run shows where it went.
#
# The tests in TEST_ALONGSIDE (default: the boards', the longest of them,
# most of it one single-threaded place and route, in build/boards/ of its
# own) start first, before the build, and run beside it and the rest on a
# machine with two or more cores; their lines come last. They find the
# build's exit status in the file TEST_BUILD_DONE names once it is done (they
# build their own boards meanwhile). TEST_ALONGSIDE= runs everything in
# sequence, after the build.
set -uo pipefail
build=${1:-build}
passed=0
failed=0
alongside=${TEST_ALONGSIDE-tests/test_boards.sh}
cores=$(nproc 2>/dev/null || echo 1)
[ "$cores" -ge 2 ] || alongside=

# cpu_ticks: sets ticks to the CPU time, user and system, of this (sub)shell's
# finished children (and theirs), in clock ticks (/proc's cutime and cstime).
# Read inside the subshell that runs a command, it is that command's alone: the
# main shell's would take in a test beside it that ended meanwhile.
cpu_ticks() { local f; ticks=0; read -ra f < /proc/$BASHPID/stat 2>/dev/null && ticks=$((f[15] + f[16])); }
hz=$(getconf CLK_TCK 2>/dev/null || echo 100)

# run_tap NAME COMMAND...: runs a command that speaks TAP and tallies it; its
# line gives its wall time and the CPU time it took (more than the wall time
# when it ran things in parallel, less when it waited or shared a core).
run_tap() {
    local name=$1; shift
    local out status ok notok start=$SECONDS secs ticks cpu meta
    out=$("$@" 2>&1; status=$?; cpu_ticks; printf '\n@run_tap %d %d' "$status" "$ticks")
    meta=${out##*@run_tap }
    out=${out%$'\n'@run_tap *}
    while [[ $out == *$'\n' ]]; do out=${out%$'\n'}; done
    read -r status ticks <<<"$meta"
    secs=$((SECONDS - start))
    cpu=$((ticks / hz))
    ok=$(grep -cE '^ok ' <<<"$out" || true)
    notok=$(grep -cE '^not ok ' <<<"$out" || true)
    if [ "$status" -ne 0 ] && [ "$notok" -eq 0 ]; then
        notok=1 # crashed, or failed outside any test case
    fi
    passed=$((passed + ok))
    failed=$((failed + notok))
    if [ "$notok" -gt 0 ]; then
        printf 'FAIL %-40s %d passed, %d failed (%d s, CPU %d s)\n' "$name" "$ok" "$notok" "$secs" "$cpu"
        sed 's/^/    /' <<<"$out"
    else
        printf 'ok   %-40s %d passed (%d s, CPU %d s)\n' "$name" "$ok" "$secs" "$cpu"
    fi
}

is_alongside() { case " $alongside " in *" $1 "*) return 0 ;; esac; return 1; }

# Each test beside the rest writes its lines and its tally to files of its own.
# On the way out (a failed build, an interrupt) they stop, with all they started.
side=$(mktemp -d)
kill_tree() { local child; for child in $(pgrep -P "$1"); do kill_tree "$child"; done; kill "$1" 2>/dev/null; }
trap 'for job in $(jobs -p); do kill_tree "$job"; done; rm -rf "$side"' EXIT
export TEST_BUILD_DONE=$side/build.status
k=0
for t in $alongside; do
    [ -f "$t" ] || continue
    k=$((k + 1))
    (passed=0 failed=0; run_tap "$t" bash "$t" "$build" > "$side/$k.out"
     echo "$passed $failed" > "$side/$k.tally") &
done

start=$SECONDS
(make --no-print-directory -j"$cores" BUILD="$build" test-programs; status=$?
 cpu_ticks; echo "$status $ticks" > "$side/build.cpu")
read -r status ticks < "$side/build.cpu" || status=1 ticks=0
cpu=$((ticks / hz))
echo "$status" > "$TEST_BUILD_DONE.tmp" && mv "$TEST_BUILD_DONE.tmp" "$TEST_BUILD_DONE"
if [ "$status" -ne 0 ]; then
    echo "FAIL the build (make test-programs), $((SECONDS - start)) s, CPU $cpu s: nothing was tested"
    echo "0 passed, 1 failed"
    exit 1
fi
echo "built every program and test ($((SECONDS - start)) s, CPU $cpu s)"

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
