#!/usr/bin/env bash
# Proves the `ifdef FORMAL properties next to the RTL with yosys and yosys-smtbmc
# (no SymbiYosys): for each proof a BMC from reset (the base case) and a k-induction
# step, so each property holds in every reachable state. Speaks TAP, one line a proof.
# Usage: tests/test_formal.sh [build-dir]   (work files in <build-dir>/formal)
set -uo pipefail
cd "$(dirname "$0")/.." || exit 1
build=${1:-build}
out="$build/formal"
mkdir -p "$out"

source tests/tap.sh

for tool in yosys yosys-smtbmc z3 cvc4; do
    if ! command -v "$tool" >/dev/null; then
        not_ok "$tool is installed" "run: bash scripts/setup.sh synth"
        echo "1..$n"
        exit 1
    fi
done

# Small modes: every line and frame region at least one wide, so the induction is quick.
SMALL="-set H_ACTIVE 8 -set H_FRONT 2 -set H_SYNC 3 -set H_BACK 2 -set V_ACTIVE 4 -set V_FRONT 1 -set V_SYNC 2 -set V_BACK 1"
DISPLAY_SRC="rtl/vga_timing.v tests/formal/display_renderer_free.v rtl/display_framebuffer.v rtl/display_scanout.v rtl/boids_display.v"

# name | top | sources | chparam arguments | solver | BMC steps | induction steps | description
# The display proofs use cvc4: z3 4.8 does not finish loading their transition relation.
proofs=(
    "vga_small_hn_vp|vga_timing|rtl/vga_timing.v|$SMALL -set HSYNC_ACTIVE_HIGH 0 -set VSYNC_ACTIVE_HIGH 1|z3|4|3|vga_timing 8+2+3+2 x 4+1+2+1, hsync low, vsync high: counters, outputs, raster step, strobes once a frame, first pixel after reset"
    "vga_small_hp_vn|vga_timing|rtl/vga_timing.v|$SMALL -set HSYNC_ACTIVE_HIGH 1 -set VSYNC_ACTIVE_HIGH 0|z3|4|3|vga_timing 8+2+3+2 x 4+1+2+1, hsync high, vsync low: the same"
    "vga_640x480|vga_timing|rtl/vga_timing.v||z3|4|3|vga_timing 640x480@60 (800 x 525, syncs low): the same, unbounded at the real mode"
    "vga_800x600|vga_timing|rtl/vga_timing.v|-set H_ACTIVE 800 -set H_FRONT 40 -set H_SYNC 128 -set H_BACK 88 -set V_ACTIVE 600 -set V_FRONT 1 -set V_SYNC 4 -set V_BACK 23 -set HSYNC_ACTIVE_HIGH 1 -set VSYNC_ACTIVE_HIGH 1|z3|4|3|vga_timing 800x600@60 (1056 x 628, syncs high): the same"
    "vga_1280x720|vga_timing|rtl/vga_timing.v|-set H_ACTIVE 1280 -set H_FRONT 110 -set H_SYNC 40 -set H_BACK 220 -set V_ACTIVE 720 -set V_FRONT 5 -set V_SYNC 5 -set V_BACK 20 -set HSYNC_ACTIVE_HIGH 1 -set VSYNC_ACTIVE_HIGH 1|z3|4|3|vga_timing 1280x720@60 (1650 x 750, syncs high): the same"
    "display_small|boids_display|$DISPLAY_SRC|$SMALL -set HSYNC_ACTIVE_HIGH 0 -set VSYNC_ACTIVE_HIGH 1 -set SCALE 1 -set SPRITES_MAX 2|cvc4|4|3|boids_display 8x4 SPRITES_MAX 2, any renderer: Wishbone handshake, irq, FRAME_COUNT, DROPPED, read data, sprite memory"
)

# prove NAME TOP SOURCES CHPARAM SOLVER BMC_STEPS IND_STEPS: writes $out/NAME.{ys,smt2,log}
# and $out/NAME.{bmc,ind}.log (with a .vcd trace on failure); returns 0 if both pass.
prove() {
    local name=$1 top=$2 src=$3 params=$4 solver=$5 bmc=$6 ind=$7 chparam="" pid_b pid_i ok_b ok_i
    [ -n "$params" ] && chparam="chparam $params $top"
    cat >"$out/$name.ys" <<EOF
read_verilog -formal -DFORMAL -Irtl $src
$chparam
prep -top $top
flatten
async2sync
chformal -assume -early
setundef -anyseq
opt -keepdc -fast
check -assert
memory_nordff
memory_map
opt -keepdc -fast
dffunmap
write_smt2 -wires $out/$name.smt2
EOF
    if ! yosys -ql "$out/$name.log" "$out/$name.ys" >/dev/null 2>&1; then
        echo "yosys failed: $out/$name.log"
        tail -5 "$out/$name.log"
        return 1
    fi
    # the base case and the induction step at once, one a core
    rm -f "$out/$name".*.vcd
    yosys-smtbmc --noprogress -s "$solver" --presat -t "$bmc" --dump-vcd "$out/$name.bmc.vcd" \
        "$out/$name.smt2" >"$out/$name.bmc.log" 2>&1 &
    pid_b=$!
    yosys-smtbmc --noprogress -s "$solver" -i -t "$ind" --dump-vcd "$out/$name.ind.vcd" \
        "$out/$name.smt2" >"$out/$name.ind.log" 2>&1 &
    pid_i=$!
    wait "$pid_b"; ok_b=$?
    wait "$pid_i"; ok_i=$?
    grep -q 'Status: PASSED' "$out/$name.bmc.log" || ok_b=1
    grep -q 'Status: PASSED' "$out/$name.ind.log" || ok_i=1
    if [ "$ok_b" -ne 0 ]; then
        echo "BMC from reset, $bmc steps, failed (trace $out/$name.bmc.vcd):"
        grep -E 'failed|FAIL|Error|error' "$out/$name.bmc.log" | head -8
    fi
    if [ "$ok_i" -ne 0 ]; then
        echo "induction, $ind steps, failed (trace $out/$name.ind.vcd):"
        grep -E 'failed|FAIL|Error|error' "$out/$name.ind.log" | head -8
    fi
    [ "$ok_b" -eq 0 ] && [ "$ok_i" -eq 0 ]
}

for p in "${proofs[@]}"; do
    IFS='|' read -r name top src params solver bmc ind what <<<"$p"
    start=$SECONDS
    if detail=$(prove "$name" "$top" "$src" "$params" "$solver" "$bmc" "$ind"); then
        ok "$what (BMC $bmc, induction $ind, $solver, $((SECONDS - start)) s)"
    else
        not_ok "$what" "$detail"
    fi
done

echo "1..$n"
