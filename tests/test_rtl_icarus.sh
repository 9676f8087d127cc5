#!/usr/bin/env bash
# Builds the accelerator's test vectors from the C golden model and runs every RTL
# testbench configuration under Icarus Verilog, several at once (about a minute
# on two cores). Speaks TAP: one line per step and per testbench run; a failing
# run's output follows as "# " lines.
# Usage: tests/test_rtl_icarus.sh [build-dir]
#   WAVES=1       every run also dumps an FST trace into <build-dir>/rtl/ (view it
#                 with the save file beside its testbench, tests/rtl/<tb>.gtkw);
#                 the big configurations make big traces: pick one with RTL_TB
#   RTL_TB=regex  run only the configurations whose name matches, e.g. 64x3
set -uo pipefail
cd "$(dirname "$0")/.." || exit 1
build=${1:-build}
out="$build/rtl"
waves=${WAVES:-0}
filter=${RTL_TB:-.}
mkdir -p "$out"

source tests/tap.sh

for tool in iverilog vvp gcc; do
    if ! command -v "$tool" >/dev/null; then
        not_ok "$tool is installed" "run: make deps"
        echo "1..$n"
        exit 1
    fi
done

# The vector generator links against the project's library.
if [ ! -f "$build/libboids.a" ] && ! make -s BUILD="$build" "$build/libboids.a" >"$out/lib.log" 2>&1; then
    not_ok "the project's library builds" "$(cat "$out/lib.log")"
fi
if log=$(gcc -std=c99 -O2 -Wall -Wextra -Werror -Ifirmware -Ihost tests/rtl/gen_steer_vectors.c \
    "$build/libboids.a" -lm -o "$out/gen_steer_vectors" 2>&1) &&
    log=$("$out/gen_steer_vectors" 64 "$out/steer_vectors_64.txt" 2>&1) &&
    log=$("$out/gen_steer_vectors" 4096 "$out/steer_vectors_4096.txt" 2>&1); then
    ok "gen_steer_vectors builds and writes the steering's vectors for N_MAX 64 and 4096"
else
    not_ok "gen_steer_vectors builds and writes the steering's vectors for N_MAX 64 and 4096" "$log"
fi
# The sorter's scenes, binned as firmware/accel_bins.c bins them: N_MAX LANES CELLS each.
if log=$(gcc -std=c99 -O2 -Wall -Wextra -Werror -Ifirmware -Ihost tests/rtl/gen_sort_vectors.c \
    "$build/libboids.a" -lm -o "$out/gen_sort_vectors" 2>&1) &&
    log=$("$out/gen_sort_vectors" 64 3 64 "$out/sort_vectors_64_3_64.txt" 2>&1) &&
    log=$("$out/gen_sort_vectors" 100 5 37 "$out/sort_vectors_100_5_37.txt" 2>&1) &&
    log=$("$out/gen_sort_vectors" 1024 8 1024 "$out/sort_vectors_1024_8_1024.txt" 2>&1); then
    ok "gen_sort_vectors builds and writes the sorter's scenes for three builds"
else
    not_ok "gen_sort_vectors builds and writes the sorter's scenes for three builds" "$log"
fi
if log=$(gcc -std=c99 -O2 -Wall -Wextra -Werror -Ifirmware -Ihost tests/rtl/gen_accel_vectors.c \
    "$build/libboids.a" -lm -o "$out/gen_accel_vectors" 2>&1); then
    ok "gen_accel_vectors builds"
else
    not_ok "gen_accel_vectors builds" "$log"
fi
for nmax in 64 1024; do
    if log=$("$out/gen_accel_vectors" "$nmax" "$out/accel_vectors_$nmax.txt" 2>&1); then
        ok "vectors for N_MAX $nmax from the C model ($(head -1 "$out/accel_vectors_$nmax.txt") scenes)"
    else
        not_ok "vectors for N_MAX $nmax from the C model" "$log"
    fi
done

# The display's boid window packs sprite words as firmware/display.c does.
if log=$(gcc -std=c99 -O2 -Wall -Wextra -Werror -Ifirmware -Ihost tests/rtl/gen_sprite_vectors.c \
    host/hal_absent.c "$build/libboids.a" -lm -o "$out/gen_sprite_vectors" 2>&1) &&
    log=$("$out/gen_sprite_vectors" 4000 "$out/sprite_vectors.txt" 2>&1); then
    ok "sprite vectors from firmware/display.c ($(head -1 "$out/sprite_vectors.txt") boids)"
else
    not_ok "sprite vectors from firmware/display.c" "$log"
fi

# The example top (rtl/examples/accel_wb_example.v) runs one scene of the vectors from
# its master's ROM: example_scene NAME VECTORS PREFIX writes PREFIX.scene.hex (the ROM:
# VISUAL, VISUAL2 low and high, PROTECTED2 low and high, COUNT, the boids' words) and
# PREFIX.expect.hex (the 7 result words of each boid).
example_scene() {
    awk -v want="$1" -v rom="$3.scene.hex" -v sums="$3.expect.hex" '
        $1 == "scene" {
            on = $2 == want
            if (on) {
                n = $3; got = 0; skip = $7 > 0; found = 1
                print $4 > rom; print substr($5, 9, 8) > rom; print substr($5, 1, 8) > rom
                print substr($6, 9, 8) > rom; print substr($6, 1, 8) > rom; printf "%08x\n", n > rom
            }
            next
        }
        !on { next }
        skip { skip = 0; next }
        got < n { print $1 > rom; print $2 > rom; print $3 > rom; print $4 > rom; got++; next }
        got < 2 * n { for (k = 1; k <= 7; k++) print $k > sums; got++ }
        END { exit !found }' "$2"
}
for scene in tiny-9 random-dense; do
    if example_scene "$scene" "$out/accel_vectors_64.txt" "$out/example_$scene"; then
        ok "the example master's ROM and expected sums for scene $scene"
    else
        not_ok "the example master's ROM and expected sums for scene $scene" "no scene $scene in $out/accel_vectors_64.txt"
    fi
done

# The longest run first.
# run name | testbench module | description | iverilog arguments | vvp plusargs
configs=(
    "tb_boids_accel_1024x8|tb_boids_accel|accelerator N_MAX 1024 LANES 8: C-model scenes up to N 1024, wrong use|-y rtl -P tb_boids_accel.N_MAX=1024 -P tb_boids_accel.LANES=8 tests/rtl/tb_boids_accel.v|+VEC=$out/accel_vectors_1024.txt"
    "tb_soc_flash_loader|tb_soc_flash_loader|boot loader: 64 KiB from the SPI flash model into soc_ram at SCK = clk/2, mode 0 and tRES1, wait states, a bus error, a too-short tRES1 caught|-y rtl tests/rtl/tb_soc_flash_loader.v tests/rtl/spi_flash_model.v|"
    "tb_vga_timing_1280x720|tb_vga_timing|VGA timing 1280x720@60 (CEA): sync widths, porches, periods, polarity, strobes, 2 frames|-y rtl -P tb_vga_timing.MODE=2 tests/rtl/tb_vga_timing.v|"
    "tb_vga_timing_800x600|tb_vga_timing|VGA timing 800x600@60 (VESA): sync widths, porches, periods, polarity, strobes, 2 frames|-y rtl -P tb_vga_timing.MODE=1 tests/rtl/tb_vga_timing.v|"
    "tb_vga_timing_640x480|tb_vga_timing|VGA timing 640x480@60 (VESA): sync widths, porches, periods, polarity, strobes, 2 frames|-y rtl -P tb_vga_timing.MODE=0 tests/rtl/tb_vga_timing.v|"
    "tb_boids_display_scale1|tb_boids_display|display in boids_system, 128x64 SCALE 1, syncs low: registers, sprites, pins decoded pixel by pixel, swaps, DROPPED, wrong use|-y rtl -P tb_boids_display.SCALE=1 tests/rtl/tb_boids_display.v|"
    "tb_boids_display_scale2|tb_boids_display|display in boids_system, 128x64 SCALE 2, syncs high: registers, sprites, pins decoded pixel by pixel, swaps, DROPPED, wrong use|-y rtl -P tb_boids_display.SCALE=2 -P tb_boids_display.HPOL=1 -P tb_boids_display.VPOL=1 tests/rtl/tb_boids_display.v|"
    "tb_boids_display_nibbles|tb_boids_display|display in boids_system, 128x64 SCALE 2, the frame buffer as synthesis sees it (four nibble memories, -DSYNTHESIS)|-DSYNTHESIS -y rtl -P tb_boids_display.SCALE=2 tests/rtl/tb_boids_display.v|"
    "tb_boids_display_scale4|tb_boids_display|display in boids_system, 256x128 SCALE 4, hsync low, vsync high: registers, sprites, pins decoded pixel by pixel, swaps, DROPPED, wrong use|-y rtl -P tb_boids_display.SCALE=4 -P tb_boids_display.VPOL=1 tests/rtl/tb_boids_display.v|"
    "tb_display_boid_window|tb_display_boid_window|display's boid window: 4,000 boids (random, at the clamp and sector edges, at rest) packed as firmware/display.c packs them, held words, write only, ERR_BUSY while drawing, ERR_BUS past its end; the same 4,000 through the tap port with their roles from the roles table, the tap only with CTRL.TAP, dropped while drawing and past SPRITES_MAX|-y rtl tests/rtl/tb_display_boid_window.v|+VEC=$out/sprite_vectors.txt"
    "tb_display_boid_window_notap|tb_display_boid_window|display with the boid window but no tap (FLOCK_TAP 0): CAPS.FLOCK_TAP and CTRL.TAP read 0, the tap changes no sprite, the roles table unmapped|-y rtl -P tb_display_boid_window.FLOCK_TAP=0 tests/rtl/tb_display_boid_window.v|+VEC=$out/sprite_vectors.txt"
    "tb_display_boid_window_12|tb_display_boid_window|display of 12 sprites with the tap: a roles table of one word, the tap past its end refused|-y rtl -P tb_display_boid_window.SPRITES_MAX=12 tests/rtl/tb_display_boid_window.v|+VEC=$out/sprite_vectors.txt"
    "tb_display_boid_window_absent|tb_display_boid_window|display built without the boid window (BOID_WINDOW 0): CAPS 0, its writes unmapped (ERR_BUS), no sprite changed|-y rtl -P tb_display_boid_window.BOID_WINDOW=0 tests/rtl/tb_display_boid_window.v|"
    "tb_display_cdc_fast|tb_display_cdc|display with its own pixel clock (PIXEL_CLOCK_SEPARATE 1), clk 9.7 ns, clk_pixel 39.72 ns: whole pictures only, swaps at the system side's frame events, FRAME_COUNT, DROPPED, pins as the one-clock reference's|-y rtl -P tb_display_cdc.SYS_PS=9700 -P tb_display_cdc.PIX_PS=39720 tests/rtl/tb_display_cdc.v|"
    "tb_display_cdc_slow|tb_display_cdc|display with its own pixel clock, clk 51.3 ns (slower than the pixel clock), clk_pixel 39.72 ns: the same checks|-y rtl -P tb_display_cdc.SYS_PS=51300 -P tb_display_cdc.PIX_PS=39720 tests/rtl/tb_display_cdc.v|"
    "tb_display_cdc_near|tb_display_cdc|display with its own pixel clock, clk 39.9 ns, clk_pixel 39.72 ns (nearly equal: the phase drifts slowly): the same checks|-y rtl -P tb_display_cdc.SYS_PS=39900 -P tb_display_cdc.PIX_PS=39720 tests/rtl/tb_display_cdc.v|"
    "tb_soc_ram|tb_soc_ram|SoC RAM, 32K words: byte-enable writes and reads against a model, ack timing, stb held, the instruction port alone and beside data reads|-y rtl tests/rtl/tb_soc_ram.v|"
    "tb_soc_ram_fetch_reg|tb_soc_ram|SoC RAM with its fetch register (FETCH_REG 1, the ULX3S): the same, each fetch answered two cycles after its request|-y rtl -P tb_soc_ram.FETCH_REG=1 tests/rtl/tb_soc_ram.v|"
    "tb_soc_ram_shared|tb_soc_ram|SoC RAM as a single-port model (SHARED_PORT 1): the same, the instruction port stalled by data requests|-y rtl -P tb_soc_ram.SHARED_PORT=1 tests/rtl/tb_soc_ram.v|"
    "tb_dvi_tmds_encoder|tb_dvi_tmds_encoder|TMDS encoder: the 4 tokens, every value from every disparity -8..8 against the DVI spec's encoder and decoder, random streams within +-8, reset|rtl/dvi_tmds_encoder.v tests/rtl/tb_dvi_tmds_encoder.v|"
    "tb_dvi_transmitter_640|tb_dvi_transmitter|DVI link, 640-pixel lines (800 clocks), 2 short frames: from the ECP5 pins, alignment from tokens, every pixel and sync, clock lane, negative controls|-y rtl -y rtl/ecp5 -P tb_dvi_transmitter.H_ACTIVE=640 -P tb_dvi_transmitter.H_FRONT=16 -P tb_dvi_transmitter.H_SYNC=96 -P tb_dvi_transmitter.H_BACK=48 -P tb_dvi_transmitter.V_ACTIVE=3 -P tb_dvi_transmitter.V_FRONT=1 -P tb_dvi_transmitter.V_SYNC=1 -P tb_dvi_transmitter.V_BACK=1 -P tb_dvi_transmitter.FRAMES=2 tests/rtl/ecp5_oddrx1f_sim.v tests/rtl/tb_dvi_transmitter.v|"
    "tb_dvi_transmitter_small|tb_dvi_transmitter|DVI link, 48x15 mode, 3 frames: from the ECP5 pins, alignment from tokens, every pixel and sync, clock lane, negative controls|-y rtl -y rtl/ecp5 tests/rtl/ecp5_oddrx1f_sim.v tests/rtl/tb_dvi_transmitter.v|"
    "tb_dvi_transmitter_skew|tb_dvi_transmitter|DVI link, 48x15 mode, fast clock 1 ns late: the crossing's other path|-y rtl -y rtl/ecp5 -P tb_dvi_transmitter.SKEW_PS=1000 tests/rtl/ecp5_oddrx1f_sim.v tests/rtl/tb_dvi_transmitter.v|"
    "tb_accel_steer_64|tb_accel_steer|neighbour steering, N_MAX 64: C-reference entries (counts 0 to 63, extreme sums, the wide separation and its saturation), with velocity the rules steps 1 and 2 on boids at the edges and margins (2 cycles an entry more), with predators step 3 (on the range's circle, the box's edge, offsets that cancel; its exact cycles), random port stalls, N = 0, a reset mid-run|-y rtl -P tb_accel_steer.N_MAX=64 tests/rtl/tb_accel_steer.v|+VEC=$out/steer_vectors_64.txt"
    "tb_accel_steer_4096|tb_accel_steer|neighbour steering, N_MAX 4096: C-reference entries (counts to 4095, past the reciprocal table), with and without velocity, predators and limit, random port stalls, N = 0, a reset mid-run|-y rtl -P tb_accel_steer.N_MAX=4096 tests/rtl/tb_accel_steer.v|+VEC=$out/steer_vectors_4096.txt"
    "tb_soc_uart|tb_soc_uart|SoC UART: bit times at two divisors, status flags, loopback, overrun, a glitch|-y rtl tests/rtl/tb_soc_uart.v|"
    "tb_accel_wb_example_9x2|tb_accel_wb_example|example top: the accelerator (N_MAX 64, LANES 2) on a CPU-less Wishbone master at 0x30000000; scene tiny-9 from its ROM, batch, interrupt, results against the C model, a reset mid-batch|-y rtl -y rtl/examples -P tb_accel_wb_example.LANES=2 tests/rtl/tb_accel_wb_example.v|+SCENE=$out/example_tiny-9.scene.hex +EXPECT=$out/example_tiny-9.expect.hex"
    "tb_accel_wb_example_64x3_bin|tb_accel_wb_example|example top: N_MAX 64, LANES 3, BINNING 1 at 0xc0000000; scene random-dense (64 boids) from its ROM against the C model|-y rtl -y rtl/examples -P tb_accel_wb_example.LANES=3 -P tb_accel_wb_example.BINNING=1 -P tb_accel_wb_example.ACCEL_BASE=32'hc0000000 tests/rtl/tb_accel_wb_example.v|+SCENE=$out/example_random-dense.scene.hex +EXPECT=$out/example_random-dense.expect.hex"
    "tb_accel_pair_lane|tb_accel_pair_lane|pair unit: boundaries, 33-bit corners, wide sums, stalls, random|rtl/accel_pair_lane.v tests/rtl/tb_accel_pair_lane.v|"
    "tb_boids_accel_64x1|tb_boids_accel|accelerator N_MAX 64 LANES 1: C-model scenes, batch and query runs, wrong use|-y rtl -P tb_boids_accel.N_MAX=64 -P tb_boids_accel.LANES=1 tests/rtl/tb_boids_accel.v|+VEC=$out/accel_vectors_64.txt"
    "tb_boids_accel_64x3|tb_boids_accel|accelerator N_MAX 64 LANES 3: C-model scenes, batch and query runs, wrong use|-y rtl -P tb_boids_accel.N_MAX=64 -P tb_boids_accel.LANES=3 tests/rtl/tb_boids_accel.v|+VEC=$out/accel_vectors_64.txt"
    "tb_boids_accel_64x8|tb_boids_accel|accelerator N_MAX 64 LANES 8: C-model scenes, batch and query runs, wrong use|-y rtl -P tb_boids_accel.N_MAX=64 -P tb_boids_accel.LANES=8 tests/rtl/tb_boids_accel.v|+VEC=$out/accel_vectors_64.txt"
    "tb_boids_accel_64x3_nosteer|tb_boids_accel|accelerator N_MAX 64 LANES 3 STEER 0: CTRL.STEER, CENTERING and AVOID ignored, batches give sums|-y rtl -P tb_boids_accel.N_MAX=64 -P tb_boids_accel.LANES=3 -P tb_boids_accel.STEER=0 tests/rtl/tb_boids_accel.v|+VEC=$out/accel_vectors_64.txt"
    "tb_boids_accel_64x3_nolimit|tb_boids_accel|accelerator N_MAX 64 LANES 3 LIMIT 0: the steering without CTRL.LIMIT, MINSPEED and MAXSPEED (read 0)|-y rtl -P tb_boids_accel.N_MAX=64 -P tb_boids_accel.LANES=3 -P tb_boids_accel.LIMIT=0 tests/rtl/tb_boids_accel.v|+VEC=$out/accel_vectors_64.txt"
    "tb_boids_accel_64x3_pred5|tb_boids_accel|accelerator N_MAX 64 LANES 3 PREDATORS 5: the predator table's five entries read back, its end unmapped, PRED_COUNT 6 refused with CTRL.PREDATORS|-y rtl -P tb_boids_accel.N_MAX=64 -P tb_boids_accel.LANES=3 -P tb_boids_accel.PREDATORS=5 tests/rtl/tb_boids_accel.v|+VEC=$out/accel_vectors_64.txt"
    "tb_boids_accel_64x3_nopred|tb_boids_accel|accelerator N_MAX 64 LANES 3 PREDATORS 0: no predator table (unmapped), CTRL.PREDATORS and its registers read 0|-y rtl -P tb_boids_accel.N_MAX=64 -P tb_boids_accel.LANES=3 -P tb_boids_accel.PREDATORS=0 tests/rtl/tb_boids_accel.v|+VEC=$out/accel_vectors_64.txt"
    "tb_boids_accel_100x5|tb_boids_accel|accelerator N_MAX 100 LANES 5 (neither a power of two): C-model scenes, wrong use|-y rtl -P tb_boids_accel.N_MAX=100 -P tb_boids_accel.LANES=5 tests/rtl/tb_boids_accel.v|+VEC=$out/accel_vectors_64.txt"
    "tb_boids_accel_64x1_bin|tb_boids_accel|accelerator N_MAX 64 LANES 1 BINNING 1: batches, binned batches over three-range pass tables, query runs, wrong use|-y rtl -P tb_boids_accel.N_MAX=64 -P tb_boids_accel.LANES=1 -P tb_boids_accel.BINNING=1 tests/rtl/tb_boids_accel.v|+VEC=$out/accel_vectors_64.txt"
    "tb_boids_accel_64x3_bin|tb_boids_accel|accelerator N_MAX 64 LANES 3 BINNING 1: batches, binned batches over three-range pass tables, query runs, wrong use|-y rtl -P tb_boids_accel.N_MAX=64 -P tb_boids_accel.LANES=3 -P tb_boids_accel.BINNING=1 tests/rtl/tb_boids_accel.v|+VEC=$out/accel_vectors_64.txt"
    "tb_boids_accel_100x5_bin|tb_boids_accel|accelerator N_MAX 100 LANES 5 BINNING 1: batches, binned batches over three-range pass tables, wrong use|-y rtl -P tb_boids_accel.N_MAX=100 -P tb_boids_accel.LANES=5 -P tb_boids_accel.BINNING=1 tests/rtl/tb_boids_accel.v|+VEC=$out/accel_vectors_64.txt"
    "tb_boids_accel_1024x8_bin|tb_boids_accel|accelerator N_MAX 1024 LANES 8 BINNING 1: C-model scenes up to N 300, binned batches over three-range pass tables|-y rtl -P tb_boids_accel.N_MAX=1024 -P tb_boids_accel.LANES=8 -P tb_boids_accel.BINNING=1 tests/rtl/tb_boids_accel.v|+VEC=$out/accel_vectors_1024.txt +MAXN=300"
    "tb_boids_accel_4096x16|tb_boids_accel|accelerator N_MAX 4096 LANES 16: C-model scenes up to N 300, wrong use|-y rtl -P tb_boids_accel.N_MAX=4096 -P tb_boids_accel.LANES=16 tests/rtl/tb_boids_accel.v|+VEC=$out/accel_vectors_1024.txt +MAXN=300"
    "tb_accel_sorter_1024x8|tb_accel_sorter|sorter N_MAX 1024 LANES 8 CELLS 1024, a result ring of 256: scenes up to N 1024 counted and placed in accel_bins.c's order, the pass table it writes, sorted batches (plain and steered) equal to brute force with each entry's ID, wrong use|-y rtl -P tb_accel_sorter.N_MAX=1024 -P tb_accel_sorter.LANES=8 -P tb_accel_sorter.CELLS=1024 -P tb_accel_sorter.RESULT_SLOTS=256 tests/rtl/tb_accel_sorter.v|+VEC=$out/sort_vectors_1024_8_1024.txt"
    "tb_accel_sorter_64x3|tb_accel_sorter|sorter N_MAX 64 LANES 3 CELLS 64: uniform, clustered, one-cell, cell-border, corner, one-row, one-column, coarse-grid scenes, N = 1 and N_MAX, sorted as accel_bins.c sorts, its pass table, sums equal to brute force, wrong use|-y rtl -P tb_accel_sorter.N_MAX=64 -P tb_accel_sorter.LANES=3 -P tb_accel_sorter.CELLS=64 tests/rtl/tb_accel_sorter.v|+VEC=$out/sort_vectors_64_3_64.txt"
    "tb_accel_sorter_100x5|tb_accel_sorter|sorter N_MAX 100 LANES 5 CELLS 37 (none a power of two): the same scenes and checks|-y rtl -P tb_accel_sorter.N_MAX=100 -P tb_accel_sorter.LANES=5 -P tb_accel_sorter.CELLS=37 tests/rtl/tb_accel_sorter.v|+VEC=$out/sort_vectors_100_5_37.txt"
    "tb_accel_result_ring_64x3|tb_accel_result_ring|result ring N_MAX 64 LANES 3 SLOTS 8: batches (steered or not) read while they run equal a full result memory's, no entry overwritten before it is freed, holds, query runs|-y rtl -P tb_accel_result_ring.N_MAX=64 -P tb_accel_result_ring.LANES=3 -P tb_accel_result_ring.SLOTS=8 tests/rtl/tb_accel_result_ring.v|+SEED=3"
    "tb_accel_result_ring_64x8_bin|tb_accel_result_ring|result ring N_MAX 64 LANES 8 SLOTS 16 BINNING 1: plain, binned and steered batches on the ring equal a full result memory's|-y rtl -P tb_accel_result_ring.N_MAX=64 -P tb_accel_result_ring.LANES=8 -P tb_accel_result_ring.SLOTS=16 -P tb_accel_result_ring.BINNING=1 tests/rtl/tb_accel_result_ring.v|+SEED=5"
    "tb_accel_result_ring_64x1_bin|tb_accel_result_ring|result ring N_MAX 64 LANES 1 SLOTS 4 BINNING 1 STEER 0: the smallest ring, one lane|-y rtl -P tb_accel_result_ring.N_MAX=64 -P tb_accel_result_ring.LANES=1 -P tb_accel_result_ring.SLOTS=4 -P tb_accel_result_ring.BINNING=1 -P tb_accel_result_ring.STEER=0 tests/rtl/tb_accel_result_ring.v|+SEED=7"
    "tb_accel_result_ring_100x5|tb_accel_result_ring|result ring N_MAX 100 LANES 5 SLOTS 16 (N_MAX and LANES not powers of two), steered|-y rtl -P tb_accel_result_ring.N_MAX=100 -P tb_accel_result_ring.LANES=5 -P tb_accel_result_ring.SLOTS=16 tests/rtl/tb_accel_result_ring.v|+SEED=11"
)

# The display again on the iCE40 SPRAM frame buffer (rtl/ice40/), and the boot loader
# and the RAM on the iCE40 SPRAM RAM, on yosys' model of SB_SPRAM256KA, when yosys'
# cell library is installed. The loader's run is long: it goes first.
ice40_cells=$( (yosys-config --datdir 2>/dev/null || echo /usr/share/yosys) | head -1)/ice40/cells_sim.v
if [ -f "$ice40_cells" ]; then
    configs=("tb_soc_flash_loader_spram|tb_soc_flash_loader|boot loader: 64 KiB into the iCE40 SPRAM RAM (rtl/ice40/soc_ram.v) on yosys' SB_SPRAM256KA model|-DNO_ICE40_DEFAULT_ASSIGNMENTS -y rtl/ice40 -y rtl tests/rtl/tb_soc_flash_loader.v tests/rtl/spi_flash_model.v $ice40_cells|" "${configs[@]}")
    configs+=("tb_soc_ram_spram|tb_soc_ram|iCE40 SPRAM RAM, 32K words (four blocks) on yosys' model: byte-enable writes and reads against a model, ack timing, the instruction port stalled by data requests|-DNO_ICE40_DEFAULT_ASSIGNMENTS -y rtl/ice40 -y rtl -P tb_soc_ram.SHARED_PORT=1 tests/rtl/tb_soc_ram.v $ice40_cells|")
    for scale in 2 4; do
        configs+=("tb_boids_display_spram_scale$scale|tb_boids_display|display in boids_system, SCALE $scale, the iCE40 SPRAM frame buffer on yosys' SB_SPRAM256KA model|-DNO_ICE40_DEFAULT_ASSIGNMENTS -y rtl/ice40 -y rtl -P tb_boids_display.SCALE=$scale tests/rtl/tb_boids_display.v $ice40_cells|")
    done
fi

# run NAME IVERILOG_ARGS PLUSARGS: compile and simulate; log and status into $out.
run() {
    local name=$1 args=$2 plus=$3 trace=()
    [ "$waves" = 1 ] && trace=(-fst +WAVES "+DUMPFILE=$out/$name.fst")
    # shellcheck disable=SC2086 # the argument lists split on spaces by design
    {
        iverilog -g2012 -Wall -I rtl -I tests/rtl -o "$out/$name.vvp" $args &&
            vvp -N "$out/$name.vvp" ${trace[@]+"${trace[@]}"} $plus
    } >"$out/$name.log" 2>&1
    echo $? >"$out/$name.status"
}

jobs_max=$(nproc 2>/dev/null || echo 2)
[ "$jobs_max" -gt 4 ] && jobs_max=4
selected=()
for c in "${configs[@]}"; do
    IFS='|' read -r name tb what args plus <<<"$c"
    grep -qE -- "$filter" <<<"$name" || continue
    selected+=("$c")
    rm -f "$out/$name.status"
    while [ "$(jobs -rp | wc -l)" -ge "$jobs_max" ]; do wait -n; done
    run "$name" "$args" "$plus" &
done
wait

for c in "${selected[@]}"; do
    IFS='|' read -r name tb what args plus <<<"$c"
    log=$(cat "$out/$name.log" 2>/dev/null)
    status=$(cat "$out/$name.status" 2>/dev/null || echo missing)
    # Passing means: exit 0, a final PASS line from the testbench, no FAIL line, and
    # no ERROR line: an assertion of the RTL ($error) that Icarus reports and runs on.
    if [ "$status" = 0 ] && grep -qE "^PASS $tb[: ]" <<<"$log" && ! grep -q "FAIL" <<<"$log" &&
        ! grep -q "^ERROR" <<<"$log"; then
        ok "$name: $what"
    else
        not_ok "$name: $what" "exit status $status, log $out/$name.log"$'\n'"$log"
    fi
    if [ "$waves" = 1 ]; then echo "# $name: trace in $out/$name.fst"; fi
done

echo "1..$n"
