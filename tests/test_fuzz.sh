#!/usr/bin/env bash
# A short libFuzzer run of each reader of user input (tests/fuzz/: the state
# CSV reader, the config reader, the option parser) under ASan and UBSan: a
# crash, a sanitizer report, a hang or a broken promise of the reader fails
# the case. First each seed corpus is replayed as it is. Everything the
# fuzzers write (new inputs, crash files) goes into a temporary directory.
# FUZZ_TEST_SECONDS (default 20) per fuzzer; make fuzz runs longer. Speaks TAP.
set -uo pipefail
build=${1:-build}
seconds=${FUZZ_TEST_SECONDS:-20}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
source "$(dirname "${BASH_SOURCE[0]}")/tap.sh"
seeds="$(cd "$(dirname "${BASH_SOURCE[0]}")/fuzz/corpus" && pwd)"

for name in state_csv config options; do
    fuzzer="$(cd "$build" && pwd)/fuzz/fuzz_$name"
    if [ ! -x "$fuzzer" ]; then
        not_ok "fuzz_$name exists" "build it with: make $fuzzer (needs clang: scripts/setup.sh fuzz)"
        continue
    fi
    out=$("$fuzzer" -runs=0 "$seeds/$name" 2>&1); status=$?
    if [ $status -eq 0 ]; then ok "fuzz_$name: the seed corpus ($(ls "$seeds/$name" | wc -l) inputs) replays cleanly"
    else not_ok "fuzz_$name: seed corpus" "$(tail -30 <<<"$out")"; fi
    mkdir -p "$tmp/$name" "$tmp/cwd"
    left_before=$(ls -d /tmp/fuzz_options.* 2>/dev/null | wc -l)
    out=$(cd "$tmp/cwd" && "$fuzzer" -max_total_time="$seconds" -timeout=10 -print_final_stats=1 \
        -artifact_prefix="$tmp/" "$tmp/$name" "$seeds/$name" 2>&1); status=$?
    runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' <<<"$out" | grep -o '[0-9]*$')
    if [ $status -eq 0 ] && [ "${runs:-0}" -gt 0 ]; then
        ok "fuzz_$name: $runs inputs in ${seconds} s, no crash"
    else
        not_ok "fuzz_$name: $seconds s" "exit $status" "$(grep -vE '^(INFO|#[0-9])' <<<"$out" | tail -40)" \
            "input: $(ls "$tmp"/crash-* "$tmp"/timeout-* "$tmp"/leak-* 2>/dev/null | head -1)"
    fi
    if [ -z "$(ls -A "$tmp/cwd")" ] && [ "$(ls -d /tmp/fuzz_options.* 2>/dev/null | wc -l)" -eq "$left_before" ]; then
        ok "fuzz_$name: the harness wrote no file and left no directory"
    else not_ok "fuzz_$name: stray files" "$(ls -A "$tmp/cwd")"; fi
done

echo "1..$n"
