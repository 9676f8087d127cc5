#!/usr/bin/env bash
# Lints every RTL file on its own, as its own top: verilator --lint-only -Wall and
# iverilog -g2012 -Wall (dependencies found in rtl/ by module name), then the top
# again at the build sizes that matter. Any warning fails. Speaks TAP.
# Usage: tests/test_rtl_lint.sh [build-dir]   (the build dir is not used)
# LINT_VERILATOR=PATH (with VERILATOR_ROOT set for it): the Verilator checks
# alone, with that Verilator (tests/test_verilators.sh lints with the newest).
set -uo pipefail
cd "$(dirname "$0")/.." || exit 1

source tests/tap.sh

verilator=${LINT_VERILATOR:-verilator}
only_verilator=${LINT_VERILATOR:+1}
label=${LINT_VERILATOR:+ (${LINT_LABEL:-$LINT_VERILATOR})}

# check DESCRIPTION COMMAND...: passes if the command exits 0 and prints nothing.
# A verilator command runs the Verilator chosen above.
check() {
    local what=$1 out status
    shift
    if [ "$1" = verilator ]; then
        shift
        # a newer Verilator reports its statistics unless --quiet (5.006 has no such flag)
        set -- "$verilator" ${only_verilator:+--quiet} "$@"
        what="$what$label"
    elif [ -n "$only_verilator" ]; then
        return 0
    fi
    out=$("$@" 2>&1); status=$?
    if [ "$status" -eq 0 ] && [ -z "$out" ]; then
        ok "$what"
    else
        not_ok "$what" "exit $status: $*"$'\n'"$out"
    fi
}

for tool in "$verilator" iverilog; do
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
    [ "$f" = rtl/synth/dvi_synth_top.v ] && continue    # ECP5 primitives: linted below
    check "verilator -Wall $f" verilator --lint-only -Wall -Irtl "${waiver[@]}" --top-module "$top" "$f"
    check "iverilog -g2012 -Wall $f" iverilog -g2012 -Wall -Irtl -y rtl -s "$top" -o /dev/null "$f"
done

# The iCE40 versions (rtl/ice40/, same module names as their generic twins) on
# their own: verilator against a port-only stand-in for the vendor primitive
# (its lint_off lines cover the stand-in alone), iverilog against yosys' model.
spram_stub=$(mktemp --suffix=.v)
trap 'rm -f "$spram_stub"' EXIT
cat >"$spram_stub" <<'EOF'
// verilator lint_off DECLFILENAME
// verilator lint_off UNUSEDSIGNAL
// verilator lint_off UNDRIVEN
module SB_SPRAM256KA (input wire [13:0] ADDRESS, input wire [15:0] DATAIN, input wire [3:0] MASKWREN,
    input wire WREN, input wire CHIPSELECT, input wire CLOCK, input wire STANDBY, input wire SLEEP,
    input wire POWEROFF, output wire [15:0] DATAOUT);
endmodule
// verilator lint_on UNDRIVEN
// verilator lint_on UNUSEDSIGNAL
// verilator lint_on DECLFILENAME
EOF
ice40_cells=$( (yosys-config --datdir 2>/dev/null || echo /usr/share/yosys) | head -1)/ice40/cells_sim.v
for f in rtl/ice40/*.v; do
    top=$(basename "$f" .v)
    for words in 19200 4800 512 76800; do
        check "verilator -Wall $f WORDS=$words" verilator --lint-only -Wall -Irtl "${waiver[@]}" \
            -GWORDS="$words" --top-module "$top" "$f" "$spram_stub"
    done
    if [ -f "$ice40_cells" ]; then
        check "iverilog -g2012 -Wall $f" iverilog -g2012 -Wall -DNO_ICE40_DEFAULT_ASSIGNMENTS -Irtl \
            -s "$top" -o /dev/null "$f" "$ice40_cells"
    fi
done

# The ECP5 files (rtl/ecp5/) and the ECP5 test top on their own, against port-only
# stand-ins for the two vendor primitives they use (tests/rtl/board_stubs/:
# ODDRX1F, EHXPLLL; their lint_off lines cover the stand-ins alone).
for f in rtl/ecp5/*.v rtl/synth/dvi_synth_top.v; do
    top=$(basename "$f" .v)
    check "verilator -Wall $f" verilator --lint-only -Wall -Irtl -y rtl -y rtl/ecp5 -y tests/rtl/board_stubs "${waiver[@]}" \
        --top-module "$top" "$f"
    check "iverilog -g2012 -Wall $f" iverilog -g2012 -Wall -Irtl -y rtl -y rtl/ecp5 -y tests/rtl/board_stubs -s "$top" \
        -o /dev/null "$f"
done

# The board tops (rtl/boards/), with the generic memories and stand-ins for the
# vendor primitives (tests/rtl/board_stubs/).
for f in rtl/boards/*.v; do
    top=$(basename "$f" .v)
    check "verilator -Wall $f" verilator --lint-only -Wall -Irtl -Irtl/boards -y rtl -y rtl/boards -y rtl/ecp5 \
        -y tests/rtl/board_stubs "${waiver[@]}" --top-module "$top" "$f"
    check "iverilog -g2012 -Wall $f" iverilog -g2012 -Wall -Irtl -Irtl/boards -y rtl -y rtl/boards -y rtl/ecp5 \
        -y tests/rtl/board_stubs -s "$top" -o /dev/null "$f"
done

# The examples (rtl/examples/: the accelerator on a master of its own), at their defaults
# and with a binning accelerator of another size.
for f in rtl/examples/*.v; do
    top=$(basename "$f" .v)
    check "verilator -Wall $f" verilator --lint-only -Wall -Irtl -y rtl -y rtl/examples "${waiver[@]}" \
        --top-module "$top" "$f"
    check "iverilog -g2012 -Wall $f" iverilog -g2012 -Wall -Irtl -y rtl -y rtl/examples -s "$top" -o /dev/null "$f"
done
check "verilator -Wall accel_wb_example N_MAX=1024 LANES=8 BINNING=1" \
    verilator --lint-only -Wall -Irtl -y rtl -y rtl/examples "${waiver[@]}" -GN_MAX=1024 -GLANES=8 -GBINNING=1 \
    rtl/examples/accel_wb_example.v

# The display and the system top at the sizes that matter: each mode at SCALE 1, 2 and 4,
# the small sprite memory of the UP5K build.
for size in "640 480 1 1280" "640 480 2 512" "640 480 4 512" "800 600 2 1280" "800 600 4 1280" \
    "1280 720 1 1280" "1280 720 2 2" "1280 720 4 1280"; do
    set -- $size
    check "verilator -Wall boids_display ${1}x$2 SCALE=$3 SPRITES_MAX=$4" \
        verilator --lint-only -Wall -Irtl "${waiver[@]}" -GH_ACTIVE="$1" -GV_ACTIVE="$2" -GSCALE="$3" \
        -GSPRITES_MAX="$4" rtl/boids_display.v
    check "iverilog -g2012 -Wall boids_display ${1}x$2 SCALE=$3 SPRITES_MAX=$4" \
        iverilog -g2012 -Wall -Irtl -y rtl -Pboids_display.H_ACTIVE="$1" -Pboids_display.V_ACTIVE="$2" \
        -Pboids_display.SCALE="$3" -Pboids_display.SPRITES_MAX="$4" -o /dev/null rtl/boids_display.v
done
# The display with its own pixel clock (display_crossing), alone and in the SoC.
for scale in 1 2; do
    check "verilator -Wall boids_display SCALE=$scale PIXEL_CLOCK_SEPARATE=1" \
        verilator --lint-only -Wall -Irtl "${waiver[@]}" -GSCALE="$scale" -GPIXEL_CLOCK_SEPARATE=1 rtl/boids_display.v
    check "iverilog -g2012 -Wall boids_display SCALE=$scale PIXEL_CLOCK_SEPARATE=1" \
        iverilog -g2012 -Wall -Irtl -y rtl -Pboids_display.SCALE="$scale" -Pboids_display.PIXEL_CLOCK_SEPARATE=1 \
        -o /dev/null rtl/boids_display.v
done
# The accelerator with a result ring (RESULT_SLOTS): the ULX3S's, and the smallest.
for size in "2048 8 1 512" "64 3 0 8"; do
    set -- $size
    check "verilator -Wall boids_accel N_MAX=$1 LANES=$2 BINNING=$3 STEER=1 RESULT_SLOTS=$4" \
        verilator --lint-only -Wall -Irtl "${waiver[@]}" -GN_MAX="$1" -GLANES="$2" -GBINNING="$3" -GSTEER=1 \
        -GRESULT_SLOTS="$4" rtl/boids_accel.v
    check "iverilog -g2012 -Wall boids_accel N_MAX=$1 LANES=$2 BINNING=$3 STEER=1 RESULT_SLOTS=$4" \
        iverilog -g2012 -Wall -Irtl -y rtl -Pboids_accel.N_MAX="$1" -Pboids_accel.LANES="$2" \
        -Pboids_accel.BINNING="$3" -Pboids_accel.STEER=1 -Pboids_accel.RESULT_SLOTS="$4" -o /dev/null rtl/boids_accel.v
done
# The steering without its speed limit (LIMIT 0: a board whose timing wants the
# logic out).
check "verilator -Wall boids_accel N_MAX=2048 LANES=8 BINNING=1 STEER=1 LIMIT=0" \
    verilator --lint-only -Wall -Irtl "${waiver[@]}" -GN_MAX=2048 -GLANES=8 -GBINNING=1 -GSTEER=1 -GLIMIT=0 \
    rtl/boids_accel.v
check "iverilog -g2012 -Wall boids_accel N_MAX=2048 LANES=8 BINNING=1 STEER=1 LIMIT=0" \
    iverilog -g2012 -Wall -Irtl -y rtl -Pboids_accel.N_MAX=2048 -Pboids_accel.LANES=8 \
    -Pboids_accel.BINNING=1 -Pboids_accel.STEER=1 -Pboids_accel.LIMIT=0 -o /dev/null rtl/boids_accel.v
# The RAM's fetch register and the CPU's three-word fetch buffer (the ULX3S's build).
check "verilator -Wall boids_soc N_MAX=512 LANES=8 RAM_FETCH_REG=1" \
    verilator --lint-only -Wall -Irtl -y rtl "${waiver[@]}" -GN_MAX=512 -GLANES=8 -GRAM_FETCH_REG=1 rtl/boids_soc.v
check "iverilog -g2012 -Wall boids_soc N_MAX=512 LANES=8 RAM_FETCH_REG=1" \
    iverilog -g2012 -Wall -Irtl -y rtl -Pboids_soc.N_MAX=512 -Pboids_soc.LANES=8 -Pboids_soc.RAM_FETCH_REG=1 \
    -o /dev/null rtl/boids_soc.v
check "verilator -Wall boids_soc N_MAX=512 LANES=8 SCALE=2 PIXEL_CLOCK_SEPARATE=1" \
    verilator --lint-only -Wall -Irtl -y rtl "${waiver[@]}" -GN_MAX=512 -GLANES=8 -GSCALE=2 \
    -GPIXEL_CLOCK_SEPARATE=1 rtl/boids_soc.v
check "verilator -Wall display_framebuffer -DSYNTHESIS READ_CLOCK_SEPARATE=1" \
    verilator --lint-only -Wall -Irtl "${waiver[@]}" -DSYNTHESIS -GREAD_CLOCK_SEPARATE=1 rtl/display_framebuffer.v
for size in "64 1 1" "1024 8 2" "256 1 4" "128 0 4"; do
    set -- $size
    check "verilator -Wall boids_system N_MAX=$1 LANES=$2 SCALE=$3" \
        verilator --lint-only -Wall -Irtl "${waiver[@]}" -GN_MAX="$1" -GLANES="$2" -GSCALE="$3" rtl/boids_system.v
done
# The simulators' tops (scripts/staged_top.py): the accelerator, the system and
# the SoC with a register on each pin of the host's bus port, written by the
# Makefile's own rule into a build directory of their own.
tops=$(mktemp -d)
make -s --no-print-directory BUILD="$tops" "$tops/vl/accel_sim_top.v" "$tops/vl/system_sim_top.v" \
    "$tops/vl/soc_sim_top.v" >/dev/null
check "verilator -Wall accel_sim_top (the co-simulations' top)" \
    verilator --lint-only -Wall -Irtl -y rtl "${waiver[@]}" -GN_MAX=2048 -GLANES=8 -GBINNING=1 -GSTEER=1 \
    "$tops/vl/accel_sim_top.v"
check "verilator -Wall system_sim_top (build/sim's top)" \
    verilator --lint-only -Wall -Irtl -y rtl "${waiver[@]}" -GN_MAX=2048 -GLANES=8 -GBINNING=1 "$tops/vl/system_sim_top.v"
check "verilator -Wall soc_sim_top (build/soc's top)" \
    verilator --lint-only -Wall -Irtl -y rtl "${waiver[@]}" -GN_MAX=512 -GLANES=8 "$tops/vl/soc_sim_top.v"
# a port that is no input of the module is refused, and nothing is written
if [ -z "$only_verilator" ]; then
    out=$(python3 scripts/staged_top.py rtl/boids_soc.v boids_soc soc_sim_top clk uart_tx 2>&1 >"$tops/bad.v"); status=$?
    if [ "$status" -eq 1 ] && grep -q "has no input uart_tx" <<<"$out" && [ ! -s "$tops/bad.v" ]; then
        ok "staged_top.py refuses a port that is no input (uart_tx)"
    else
        not_ok "staged_top.py with an output named" "exit $status: $out"
    fi
fi
rm -rf "$tops"

# The frame buffer as synthesis reads it (four nibble memories).
check "verilator -Wall display_framebuffer -DSYNTHESIS" \
    verilator --lint-only -Wall -Irtl "${waiver[@]}" -DSYNTHESIS rtl/display_framebuffer.v
check "iverilog -g2012 -Wall display_framebuffer -DSYNTHESIS" \
    iverilog -g2012 -Wall -DSYNTHESIS -Irtl -o /dev/null rtl/display_framebuffer.v

# The top at the sizes the project builds: the smallest, an iCE40 UP5K build, the
# simulation defaults, the most lanes, the largest memory with binning (16,384: the
# map's limit) and the longest pass table (12,288 passes with one lane); with the
# steering (STEER 1): below its 33 boids (left out), the smallest it takes, the
# ULX3S's 2,048 grown by a half block (2,304 with binning, the size that did not route) and the map's limit.
for size in "2 1 0 0" "256 1 0 0" "256 2 0 0" "1024 8 0 0" "4096 16 0 0" "16384 3 0 0" "16384 8 1 0" \
    "12288 1 1 0" "16 1 0 1" "33 2 0 1" "2304 8 1 1" "16384 8 1 1"; do
    set -- $size
    check "verilator -Wall boids_accel N_MAX=$1 LANES=$2 BINNING=$3 STEER=$4" \
        verilator --lint-only -Wall -Irtl "${waiver[@]}" -GN_MAX="$1" -GLANES="$2" -GBINNING="$3" \
        -GSTEER="$4" rtl/boids_accel.v
    check "iverilog -g2012 -Wall boids_accel N_MAX=$1 LANES=$2 BINNING=$3 STEER=$4" \
        iverilog -g2012 -Wall -Irtl -y rtl -Pboids_accel.N_MAX="$1" -Pboids_accel.LANES="$2" \
        -Pboids_accel.BINNING="$3" -Pboids_accel.STEER="$4" -o /dev/null rtl/boids_accel.v
done
if [ -n "$only_verilator" ]; then
    echo "1..$n"
    exit 0
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# past the map: 16,385 boids, or a pass table past 1 MiB (16,384 passes), must be
# refused by the parameter checks (initial-block $error: Icarus prints it on a run)
for size in "16385 8 0 must be 2..16384" "16384 1 1 ends past the map"; do
    set -- $size
    what="boids_accel N_MAX=$1 LANES=$2 BINNING=$3 is refused"
    expect=${size#"$1 $2 $3 "}
    out=$(iverilog -g2012 -Irtl -y rtl -Pboids_accel.N_MAX="$1" -Pboids_accel.LANES="$2" \
        -Pboids_accel.BINNING="$3" -o "$tmp/refused.vvp" rtl/boids_accel.v 2>&1 && vvp -N "$tmp/refused.vvp" 2>&1)
    if grep -q "$expect" <<<"$out"; then ok "$what: $expect"; else not_ok "$what" "no \"$expect\" in: $out"; fi
done
# a result ring must be a power of two from 2 LANES below N_MAX (the core checks it)
for ring in "1024 8 24" "1024 8 8" "1024 8 2048"; do
    set -- $ring
    what="boids_accel N_MAX=$1 LANES=$2 RESULT_SLOTS=$3 is refused"
    expect="RESULT_SLOTS = $3, must be N_MAX or a power of two from 2 LANES below it"
    out=$(iverilog -g2012 -Irtl -y rtl -Pboids_accel.N_MAX="$1" -Pboids_accel.LANES="$2" \
        -Pboids_accel.RESULT_SLOTS="$3" -o "$tmp/refused.vvp" rtl/boids_accel.v 2>&1 && vvp -N "$tmp/refused.vvp" 2>&1)
    if grep -q "$expect" <<<"$out"; then ok "$what"; else not_ok "$what" "no \"$expect\" in: $out"; fi
done

echo "1..$n"
