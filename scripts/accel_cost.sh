#!/usr/bin/env bash
# Area of the accelerator alone (rtl/synth/accel_synth_top.v) after yosys synthesis,
# no place and route: one line a build, for the parameter table of
# docs/accelerator-ip.md. The UP5K's placed figures (make synth-accel) and the
# boards' are in docs/performance.md and docs/boards.md.
# Usage: scripts/accel_cost.sh OUTDIR DEVICE:N_MAX:LANES:BINNING ...
#   DEVICE ice40 (synth_ice40 -dsp), ecp5 (synth_ecp5) or xc7 (synth_xilinx), e.g.
#   ecp5:1024:8:1. Block RAMs count the device's own: iCE40 4 Kb, ECP5 18 Kb, and
#   Xilinx 18 Kb halves (a RAMB36E1 counts 2).
set -euo pipefail
cd "$(dirname "$0")/.."
out=$1
shift
mkdir -p "$out"
src=(rtl/boids_accel.v rtl/accel_*.v rtl/synth/accel_synth_top.v)
printf '%-6s %6s %5s %7s %7s %6s %6s %6s %6s %6s\n' device N_MAX LANES BINNING LUTs carry FFs DSPs BRAMs LUTRAMs
for build in "$@"; do
    IFS=: read -r dev nmax lanes binning <<<"$build"
    log="$out/accel_${dev}_${nmax}_${lanes}_${binning}.log"
    # BINNING is boids_accel's own parameter: the wrapper leaves it at its default
    yosys -q -l "$log" -p "read_verilog -Irtl ${src[*]}; chparam -set BINNING $binning boids_accel; \
        chparam -set N_MAX $nmax -set LANES $lanes accel_synth_top; \
        $(case $dev in ice40) echo synth_ice40 -dsp;; ecp5) echo synth_ecp5;; xc7) echo synth_xilinx -family xc7;; esac) \
        -top accel_synth_top" >/dev/null 2>&1
    # the final statistics: LUTs, carry cells, flip-flops, multipliers, block and LUT RAMs
    awk -v dev="$dev" -v n="$nmax" -v l="$lanes" -v b="$binning" '
        /Number of cells:/ { delete c }
        $1 ~ /^(SB_|TRELLIS_|LUT[1-6]|CCU2C|MULT18X18D|DP16KD|PDPW16KD|FD[RSCP]E|CARRY4|DSP48E1|RAMB|RAM[0-9]+[MSXD])/ \
            && $2 ~ /^[0-9]+$/ { c[$1] = $2 }
        END {
            for (k in c) {
                if (k == "SB_LUT4" || k ~ /^LUT[1-6]$/) lut += c[k]
                else if (k == "SB_CARRY" || k == "CCU2C" || k == "CARRY4") carry += c[k]
                else if (k ~ /^SB_DFF/ || k == "TRELLIS_FF" || k ~ /^FD[RSCP]E$/) ff += c[k]
                else if (k == "SB_MAC16" || k == "MULT18X18D" || k == "DSP48E1") dsp += c[k]
                else if (k == "RAMB36E1") bram += 2 * c[k]
                else if (k ~ /^SB_RAM40/ || k == "DP16KD" || k == "PDPW16KD" || k == "RAMB18E1") bram += c[k]
                else if (k == "TRELLIS_DPR16X4" || k ~ /^RAM[0-9]+[MSXD]/) lutram += c[k]
            }
            printf "%-6s %6s %5s %7s %7d %6d %6d %6d %6d %6d\n", dev, n, l, b, lut, carry, ff, dsp, bram, lutram
        }' "$log"
done
