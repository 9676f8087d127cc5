#!/usr/bin/env python3
"""Generates what each board's one description (constraints/boards.mk) implies.

From `make describe-board-B` (the description with its defaults filled in):
  rtl/boards/B_board.vh   the board top's parameter defaults, so a top read
                          alone (Vivado, FuseSoC, a user's own flow) builds
                          the board's configuration
  boids_soc.core          its board targets: parameters, device, seed, placer
and, on request (--vivado DIR IMAGE), DIR/create_project.tcl: a Vivado batch
script that builds the Basys 3's bitstream with the RAM image IMAGE.

Usage: boards.py [--check] ROOT
       boards.py --vivado OUT.tcl --image RAM.hex ROOT
"""
import argparse
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from generated_files import write_or_check  # noqa: E402

# The top's parameters a description sets, in the order the headers list them.
TOP_PARAMETERS = ["RAM_BYTES", "RAM_SHARED_PORT", "FETCH_REG", "CPU_DIV_PAIR", "N_MAX", "LANES",
                  "BINNING", "SORTER", "LIMIT", "RESULT_SLOTS", "SPRITES_MAX", "SCALE", "MODE",
                  "BOID_WINDOW", "CLOCK_HZ"]
CORE_BEGIN = "  # ---- the boards: generated from constraints/boards.mk by scripts/boards.py (make regmap); do not edit"
CORE_END = "  # ---- end of the generated boards"
FUSESOC_FLOW = {"ice40": "icestorm", "ecp5": "trellis", "xc7": "vivado"}


def make_lines(root, *targets):
    out = subprocess.run(["make", "-s", "--no-print-directory", "-C", root, *targets],
                         check=True, capture_output=True, text=True).stdout
    return out.splitlines()


def boards(root):
    return make_lines(root, "print-BOARDS")[0].split()


def describe(root, board):
    d = {}
    for line in make_lines(root, f"describe-board-{board}"):
        name, _, value = line.partition("=")
        d[name] = value
    return d


def header(board, d):
    macro = board.upper()
    lines = [f"// {board}: the board's configuration, generated from constraints/boards.mk by",
             "// scripts/boards.py (make regmap): do not edit. The top's parameter defaults:",
             "// make synth and FuseSoC pass the same values, and a flow that passes none",
             "// (the Vivado script, a user's own) builds exactly this configuration.",
             f"`ifndef {macro}_BOARD_VH", f"`define {macro}_BOARD_VH"]
    lines += [f"`define {macro}_{p} {d[p]}" for p in TOP_PARAMETERS]
    lines += ["`endif", ""]
    return "\n".join(lines)


def core_target(board, d):
    params = ", ".join(f"{p}={d[p]}" for p in TOP_PARAMETERS)
    family = d["FAMILY"]
    lines = [f"  {board}:",
             f"    description: \"{board} bitstream ({FUSESOC_FLOW[family]}), constraints/boards.mk's configuration\"",
             f"    filesets: [rtl, {'ram_ice40' if family == 'ice40' else 'ram_generic'}, {board}, {board}_pins]"]
    if family == "ice40":
        lines.append("    flags: {ice40: true}")
    lines.append(f"    toplevel: {board}_top")
    lines.append(f"    parameters: [{params}{'' if family == 'ice40' else ', INIT_FILE'}]")
    lines.append(f"    flow: {FUSESOC_FLOW[family]}")
    lines.append("    flow_options:")
    device = d["DEVICE"].split()
    pnr = ["--seed", d["PNR_SEED"]] if d["PNR_SEED"] else []
    pnr += ["--placer", d["PNR_PLACER"]] if d.get("PNR_PLACER") else []
    pnr += ["--placer-heap-critexp", d["PNR_CRITEXP"]] if d.get("PNR_CRITEXP") else []
    mhz = f"{int(d['CLOCK_HZ']) / 1e6:.3f}"
    if family == "ice40":
        lines.append("      yosys_synth_options: [-dsp]")
        lines.append(f"      nextpnr_options: [{', '.join(device + pnr + ['--freq', f'{chr(34)}{mhz}{chr(34)}'])}]")
    elif family == "ecp5":
        lines.append(f"      nextpnr_options: [{', '.join(device + pnr)}]")
    else:
        lines.append(f"      part: {d['DEVICE']}")
    return "\n".join(lines)


def core_text(root, descriptions):
    path = os.path.join(root, "boids_soc.core")
    with open(path) as f:
        text = f.read()
    try:
        head, rest = text.split(CORE_BEGIN + "\n", 1)
        _, tail = rest.split(CORE_END + "\n", 1)
    except ValueError:
        sys.exit(f"boards.py: {path}: the markers of the generated boards are missing")
    body = "\n\n".join(core_target(b, d) for b, d in descriptions.items())
    return head + CORE_BEGIN + "\n" + body + "\n" + CORE_END + "\n" + tail


def generated(root):
    descriptions = {b: describe(root, b) for b in boards(root)}
    files = {f"rtl/boards/{b}_board.vh": header(b, d) for b, d in descriptions.items()}
    files["boids_soc.core"] = core_text(root, descriptions)
    return files


def vivado_script(root, board, image, out):
    """A Vivado batch script: a project in memory, the board's sources, pins and
    parameters (the top's defaults are the description's already; INIT_FILE is
    the one thing a build adds), then synthesis, implementation, the bitstream."""
    d = describe(root, board)
    files = d["RTL"].split()
    out = os.path.abspath(out)
    q = lambda p: "{" + os.path.abspath(os.path.join(root, p)) + "}"  # noqa: E731
    lines = [f"# {board}: generated from constraints/boards.mk by scripts/boards.py; do not edit.",
             f"# vivado -mode batch -source {os.path.join(out, 'create_project.tcl')}",
             f"# The configuration: {', '.join(f'{p} {d[p]}' for p in TOP_PARAMETERS)}.",
             f"create_project -in_memory -part {d['DEVICE']}",
             f"set_property include_dirs [list {q('rtl')} {q('rtl/boards')}] [current_fileset]",
             "read_verilog [list " + " ".join(q(f) for f in files) + "]",
             f"read_xdc {q(d['PINS'])}",
             f"synth_design -top {board}_top -part {d['DEVICE']} -generic INIT_FILE={{{os.path.abspath(image)}}}",
             "opt_design", "place_design", "route_design",
             f"report_timing_summary -file {{{out}/vivado_timing.txt}}",
             f"report_utilization -file {{{out}/vivado_utilization.txt}}",
             f"write_bitstream -force {{{out}/{board}.bit}}", ""]
    return "\n".join(lines)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--check", action="store_true", help="compare, do not write")
    ap.add_argument("--vivado", metavar="OUT.tcl", help="write the Basys 3's Vivado script")
    ap.add_argument("--image", metavar="RAM.hex", help="the RAM image the Vivado script builds in")
    ap.add_argument("--board", default="basys3", help="the board of --vivado (default basys3)")
    ap.add_argument("root", help="repository root")
    a = ap.parse_args()
    if a.vivado:
        if not a.image:
            ap.error("--vivado needs --image")
        out = os.path.dirname(os.path.abspath(a.vivado))
        os.makedirs(out, exist_ok=True)
        return write_or_check(out, {os.path.basename(a.vivado): vivado_script(a.root, a.board, a.image, out)},
                              False, "boards.py")
    return write_or_check(a.root, generated(a.root), a.check, "boards.py")


if __name__ == "__main__":
    sys.exit(main())
