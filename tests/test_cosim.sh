#!/usr/bin/env bash
# Runs the co-simulation test of every Verilated model variant; speaks TAP.
set -uo pipefail
build=${1:-build}
for t in "$build"/cosim/cosim_*; do
    [ -x "$t" ] || { echo "not ok 1 - no co-simulation builds in $build/cosim"; exit 0; }
    echo "# $(basename "$t")"
    CMOCKA_MESSAGE_OUTPUT=TAP "$t" 2>&1 | grep -v '^1\.\.'
done
