#!/usr/bin/env bash
# A board's area and timing from its place-and-route log (nextpnr-ice40,
# nextpnr-ecp5), or its yosys estimates (xc7): what is used of the device and
# the Fmax of every clock against its target. Exits 1 unless it fits and every
# clock meets its target.
# Usage: board_report.sh FAMILY BOARD DIR TARGET_MHZ   (DIR holds the logs)
set -uo pipefail
[ $# -eq 4 ] || { echo "usage: board_report.sh FAMILY BOARD DIR TARGET_MHZ" >&2; exit 2; }
family=$1 board=$2 dir=$3 target=$4
plog=$dir/nextpnr.log

# "NAME: used/total" from nextpnr's utilisation table, as "used of total (p%)".
used() {
    grep -E "^Info:[[:space:]]+$1:" "$plog" | tail -1 |
        sed -E 's/.*: +([0-9]+)\/ *([0-9]+).*/\1 \2/' | awk '{printf "%d of %d (%d%%)", $1, $2, 100 * $1 / $2}'
}

# Every clock's last "Max frequency" line (after routing), PASS or FAIL.
clocks() {
    grep -E "Max frequency for clock" "$plog" |
        sed -E "s/.*clock +'([^']+)': ([0-9.]+) MHz \((PASS|FAIL) at ([0-9.]+) MHz\).*/\1 \2 \3 \4/" |
        awk '$1 !~ /^\$PACKER/ {last[$1] = $0} END {for (c in last) print last[c]}' | sort
}

case "$family" in
ice40|ecp5)
    [ -f "$plog" ] || { echo "$board: no place-and-route log at $plog"; exit 1; }
    if [ "$family" = ice40 ]; then
        area="LCs $(used ICESTORM_LC), DSPs $(used ICESTORM_DSP), block RAMs $(used ICESTORM_RAM), SPRAMs $(used ICESTORM_SPRAM)"
        bitstream=$dir/$board.bin
    else
        area="LUT4s $(used TRELLIS_COMB), flip-flops $(used TRELLIS_FF), block RAMs $(used DP16KD), multipliers $(used MULT18X18D)"
        bitstream=$dir/$board.bit
    fi
    echo "$board ($family): $area"
    table=$(clocks)
    if [ -z "$table" ]; then
        echo "  did not place and route: $(grep -m1 '^ERROR' "$plog" || echo 'no timing report in the log')"
        exit 1
    fi
    fail=0
    while read -r name fmax verdict goal; do
        [ "$verdict" = PASS ] && word=meets || { word=MISSES; fail=1; }
        printf "  clock %-28s Fmax %7.2f MHz, %s its %s MHz\n" "$name" "$fmax" "$word" "$goal"
    done <<<"$table"
    if [ -f "$bitstream" ]; then echo "  bitstream: $bitstream"; else echo "  no bitstream"; fail=1; fi
    [ -f "$dir/pnr-tool.txt" ] && echo "  placed and routed by $(cat "$dir/pnr-tool.txt")"
    echo "  (CLOCK_HZ target $target MHz; logs: $dir/yosys.log, $plog)"
    exit $fail
    ;;
xc7)
    stat=$dir/utilization.txt
    [ -f "$stat" ] || { echo "$board: no yosys statistics at $stat"; exit 1; }
    # XC7A35T: 20,800 LUTs, 41,600 flip-flops, 50 RAMB36 (100 RAMB18), 90 DSP48E1.
    awk -v board="$board" '
        /Number of cells/ { section++ }
        $1 ~ /^LUT[1-6]$/ { lut[section] += $2 }
        $1 ~ /^FD[CPRS]E$/ { ff[section] += $2 }
        $1 == "RAMB36E1" { b36[section] += $2 }
        $1 == "RAMB18E1" { b18[section] += $2 }
        $1 == "DSP48E1" { dsp[section] += $2 }
        END {
            s = section    # the last table is the whole design
            bram = b36[s] + b18[s] / 2
            printf "%s (xc7, yosys estimates for the XC7A35T): LUTs %d of 20800 (%d%%), flip-flops %d of 41600, block RAM %.1f of 50 RAMB36, DSPs %d of 90\n",
                board, lut[s], 100 * lut[s] / 20800, ff[s], bram, dsp[s]
            print "  timing: not analysed here (vendor place and route)"
            exit (lut[s] > 20800 || ff[s] > 41600 || bram > 50 || dsp[s] > 90) ? 1 : 0
        }' "$stat"
    ;;
*)
    echo "board_report: unknown family $family" >&2; exit 2 ;;
esac
