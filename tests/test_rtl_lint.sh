#!/usr/bin/env bash
# Lints every RTL file on its own, as its own top: verilator --lint-only -Wall and
# iverilog -g2012 -Wall (dependencies found in rtl/ by module name), then the top
# again at the build sizes that matter. Any warning fails. Speaks TAP.
# Usage: tests/test_rtl_lint.sh [build-dir]   (the build dir is not used)
set -uo pipefail
cd "$(dirname "$0")/.." || exit 1

source tests/tap.sh

# check DESCRIPTION COMMAND...: passes if the command exits 0 and prints nothing.
check() {
    local what=$1 out status
    shift
    out=$("$@" 2>&1); status=$?
    if [ "$status" -eq 0 ] && [ -z "$out" ]; then
        ok "$what"
    else
        not_ok "$what" "exit $status: $*"$'\n'"$out"
    fi
}

for tool in verilator iverilog; do
    if ! command -v "$tool" >/dev/null; then
        not_ok "$tool is installed" "run: make deps"
        echo "1..$n"
        exit 1
    fi
done

waiver=()
[ -f rtl/verilator_waiver.vlt ] && waiver=(rtl/verilator_waiver.vlt)

for f in rtl/*.v rtl/synth/*.v; do
    top=$(basename "$f" .v)
    check "verilator -Wall $f" verilator --lint-only -Wall -Irtl "${waiver[@]}" --top-module "$top" "$f"
    check "iverilog -g2012 -Wall $f" iverilog -g2012 -Wall -Irtl -y rtl -s "$top" -o /dev/null "$f"
done

# The top at the sizes the project builds: the smallest, an iCE40 UP5K build, the
# simulation defaults, the largest memory with the most lanes.
for size in "2 1" "256 1" "256 2" "1024 8" "4096 16" "12288 3"; do
    set -- $size
    check "verilator -Wall boids_accel N_MAX=$1 LANES=$2" \
        verilator --lint-only -Wall -Irtl "${waiver[@]}" -GN_MAX="$1" -GLANES="$2" rtl/boids_accel.v
    check "iverilog -g2012 -Wall boids_accel N_MAX=$1 LANES=$2" \
        iverilog -g2012 -Wall -Irtl -y rtl -Pboids_accel.N_MAX="$1" -Pboids_accel.LANES="$2" \
        -o /dev/null rtl/boids_accel.v
done

echo "1..$n"
