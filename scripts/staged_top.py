#!/usr/bin/env python3
"""Write a simulation top: a module with another's parameters and ports, which
instantiates it with a register on each named input (a bus port's pins).

Why: Verilator evaluates whatever depends combinationally on a top-level input
at every eval(), twice a clock. A bus port decoded combinationally inside the
model (boids_system's, the SoC's host port through its arbiter) is then
evaluated at both edges; behind flops it depends on registers only and runs
once a clock. The module itself is not touched: a board builds it as it is.
The host sees its requests reach the slave a cycle later (sim/wishbone_master.h
and sim/soc_sim.cpp say what that does to an access's clocks).

Usage: staged_top.py FILE MODULE TOP CLOCK INPUT...
  FILE     the Verilog file that defines MODULE
  TOP      the name of the top to write (on stdout)
  CLOCK    the input the registers are clocked by (rising edge)
  INPUT    the inputs to take through a register; every other port is wired
           straight through, every parameter passed down
Exit 1 when FILE or MODULE cannot be read or a named port is not an input.
"""
import re
import sys

from module_ports import group_end, header

PARAM = re.compile(r"\bparameter\b(?:\s+(?:integer|real|string|signed|\[[^\]]*\]))*\s+(\w+)\s*=")
PORT = re.compile(r"\b(input|output|inout)\s+(?:wire\s+|reg\s+)?(?:signed\s+)?(\[[^\]]*\])?\s*(\w+)")


def interface(text, name):
    """(the header's text, parameter names, [(direction, range, name)])."""
    head = header(text, name)
    params, ports = [], []
    body = head
    if re.match(r"module\s+\w+\s*#", head):
        start = head.index("(", head.index("#"))
        i = group_end(head, start)
        params = PARAM.findall(head[start:i])
        body = head[i:]
    for direction, width, port in PORT.findall(body):
        ports.append((direction, width or "", port))
    return head, params, ports


def staged_top(path, text, name, top, clock, staged):
    head, params, ports = interface(text, name)
    by_name = {p[2]: p for p in ports}
    for p in [clock] + staged:
        if p not in by_name or by_name[p][0] != "input":
            raise ValueError(f"module {name} has no input {p}")
    out = [f"// {top}: {name} ({path}), a register on each of:",
           f"// {', '.join(staged)}; written by scripts/staged_top.py (it says why)",
           "`timescale 1ns / 1ps",
           "`default_nettype none"]
    # the includes before the module: its header may use their macros (a
    # parameter's default); those inside its body are its own
    before = text[:re.search(r"\bmodule\s+" + re.escape(name) + r"\b", text).start()]
    out += [line.strip() for line in before.splitlines() if re.match(r"\s*`include\b", line)]
    out += [
           "\n".join(line.rstrip() for line in
                     re.sub(r"\bmodule\s+" + re.escape(name) + r"\b", "module " + top, head,
                            count=1).splitlines() if line.strip())]
    for p in staged:
        width = by_name[p][1]
        out.append(f"    reg {width + ' ' if width else ''}{p}_q;")
    out.append(f"    always @(posedge {clock}) begin")
    out += [f"        {p}_q <= {p};" for p in staged]
    out.append("    end")
    inst = f"    {name}"
    if params:
        inst += " #(\n" + ",\n".join(f"        .{p}({p})" for p in params) + "\n    )"
    conns = [f"        .{p}({p + '_q' if p in staged else p})" for _, _, p in ports]
    out.append(inst + f" u_{name} (\n" + ",\n".join(conns) + "\n    );")
    out += ["endmodule", "`default_nettype wire"]
    return "\n".join(out) + "\n"


def main(argv):
    if len(argv) == 2 and argv[1] in ("-h", "--help"):
        print(__doc__.strip())
        return 0
    if len(argv) < 6:
        print("usage: staged_top.py FILE MODULE TOP CLOCK INPUT...", file=sys.stderr)
        return 2
    path, name, top, clock, staged = argv[1], argv[2], argv[3], argv[4], argv[5:]
    try:
        with open(path, encoding="utf-8") as f:
            text = f.read()
        sys.stdout.write(staged_top(path, text, name, top, clock, staged))
    except (OSError, ValueError) as e:
        print(f"staged_top: {path}: {e}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
