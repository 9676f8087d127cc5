#!/usr/bin/python3
"""The plots of docs/performance.md, from the figures in docs/performance-data.csv.

  /usr/bin/python3 scripts/plot_performance.py            # writes the two PNGs into docs/
  /usr/bin/python3 scripts/plot_performance.py --data F --outdir D

writes D/frames_per_second.png (frames/s against boids: the host's engines,
build/sim, build/soc and each board's simulator) and D/cycles_per_boid.png (the
SoC's CPU cycles a boid-step by part of the firmware's loop). matplotlib is
needed (`bash scripts/setup.sh plots` installs Debian's python3-matplotlib,
for /usr/bin/python3).

Each row of the CSV names the command its figure comes from. The rows of the
cycles plot are made from a profile with

  build/soc --headless --seed 1 --boids N --steps 20 ... --profile run.prof
  scripts/soc_profile.py run.prof build/firmware/boids.elf > run.md
  scripts/plot_performance.py --group LABEL N FRAME_CYCLES run.md 'COMMAND'

which prints the CSV rows (the functions folded into the parts below)."""
import argparse
import csv
import os
import re
import sys

# The parts of a turn of the firmware's loop, and the functions in each
# (scripts/soc_profile.py's rows). Anything else is "other".
PARTS = [
    ("neighbour sums on the CPU", ("grid_small_", "neighbors_", "brute_")),
    ("the rules", ("flock_rules_",)),
    ("boids into the accelerator, results out", ("accel_begin", "accel_sums_", "hal_read_words", "sort_command")),
    ("waiting for the accelerator", ("wait_ready",)),
    ("speed limit and edges on the CPU", ("scale_out_of_range", "fx_scale_to", "keep_edge_brake",
                                          "fx_sqrt_product", "speed_out_of_range")),
    ("predators on the CPU", ("predators_push", "flock_move_predator")),
    ("sprites and overlay", ("display_draw", "display_tap_", "overlay_", "put_number", "put_string",
                             "shape_px", "start_drawing")),
    ("console and boot", ("uart_", "_start", "restart", "memcpy", "console_", "publish")),
    ("asleep until the next frame", ("display_wait_frame",)),
]
COLOURS = ["#8c564b", "#1f77b4", "#ff7f0e", "#d62728", "#9467bd", "#e377c2", "#2ca02c",
           "#7f7f7f", "#dddddd", "#bcbd22"]


def group_profile(label, boids, frame_cycles, report, command):
    """Fold soc_profile.py's Markdown table into PARTS; print CSV rows."""
    sums = {name: 0.0 for name, _ in PARTS}
    sums["other"] = 0.0
    total = None
    with open(report) as f:
        for line in f:
            m = re.match(r"\| ([^|]+) \| [\d,]+ \| [\d.]+% \| ([\d.]+) \|", line)
            if m:
                func, per = m.group(1).strip(), float(m.group(2))
                for name, prefixes in PARTS:
                    if func.startswith(prefixes):
                        sums[name] += per
                        break
                else:
                    sums["other"] += per
            m = re.match(r"total [\d,]+ cycles, ([\d.]+) a boid-step", line)
            if m:
                total = float(m.group(1))
    if total is None:
        sys.exit(f"plot_performance: {report}: no 'total' line of scripts/soc_profile.py")
    # The table lists only the larger functions; the rest of the total is "other".
    sums["other"] += total - sum(sums.values())
    w = csv.writer(sys.stdout, lineterminator="\n")
    for name in [p for p, _ in PARTS] + ["other"]:
        w.writerow(["cycles", label, boids, name, f"{sums[name]:.1f}", "cycles a boid-step", "", command])
    w.writerow(["cycles", label, boids, "frame budget", f"{frame_cycles / boids:.1f}", "cycles a boid-step",
                "", command])


def read(path):
    with open(path, newline="") as f:
        return [r for r in csv.DictReader(f) if not r["plot"].startswith("#")]


def plot_frames(rows, out, plt):
    from matplotlib.ticker import FuncFormatter
    boids_ticks = FuncFormatter(lambda x, _: f"{x:,.0f}")
    fig, (ax1, ax2) = plt.subplots(1, 2, figsize=(13, 5.2), gridspec_kw={"width_ratios": [1.25, 1]})
    host = [r for r in rows if r["plot"] == "frames" and r["series"].startswith("build/bench")]
    styles = {"grid synchronous": ("C0", "o", "-"), "grid sequential": ("C0", "o", "--"),
              "brute synchronous": ("C3", "s", "-"), "brute sequential": ("C3", "s", "--")}
    for key, (c, m, ls) in styles.items():
        pts = sorted((int(r["boids"]), float(r["value"])) for r in host if r["series"].endswith(key))
        ax1.plot([p[0] for p in pts], [p[1] for p in pts], color=c, marker=m, linestyle=ls,
                 label=f"build/bench, {key} (host C, one core)")
    sim = sorted((int(r["boids"]), float(r["value"])) for r in rows if r["series"] == "build/sim")
    ax1.plot([p[0] for p in sim], [p[1] for p in sim], color="C2", marker="D", linestyle="none",
             markersize=8, label="build/sim (RTL in Verilator; wall clock)")
    ax1.axhline(60, color="k", linestyle=":", linewidth=1.2)
    ax1.text(300, 66, "60 frames/s", fontsize=9)
    ax1.set_xscale("log", base=2)
    ax1.set_yscale("log")
    ax1.xaxis.set_major_formatter(boids_ticks)
    ax1.set_xlabel("boids")
    ax1.set_ylabel("steps (frames) per second of host time")
    ax1.set_title("On the host: the C engines and build/sim")
    ax1.grid(True, which="both", alpha=0.3)
    ax1.legend(fontsize=8, loc="lower left")

    boards = [("build/soc", "C1", "o"), ("iCEBreaker simulator", "C4", "s"),
              ("ULX3S simulator", "C0", "^"), ("Basys 3 simulator", "C2", "v")]
    offsets = {"build/soc": (-40, -16), "Basys 3 simulator": (0, 9), "ULX3S simulator": (0, 9)}
    for name, c, m in boards:
        pts = sorted((int(r["boids"]), float(r["value"]), r["note"]) for r in rows
                     if r["plot"] == "frames" and r["series"] == name)
        ax2.plot([p[0] for p in pts], [p[1] for p in pts], color=c, marker=m, linestyle="-",
                 markersize=8, label=name)
        for n, v, note in pts:
            if note:
                ax2.annotate(note, (n, v), textcoords="offset points", xytext=offsets.get(name, (0, -16 if v > 59.8 else 8)),
                             ha="center", fontsize=7, color=c)
    ax2.axhline(60, color="k", linestyle=":", linewidth=1.2)
    ax2.set_xscale("log", base=2)
    ax2.xaxis.set_major_formatter(boids_ticks)
    ax2.set_ylim(59.3, 60.15)
    ax2.set_xlim(40, 8192)
    ax2.text(48, 60.03, "60 frames/s; each display refreshes at 59.52 to 59.94 Hz, which is every frame",
             fontsize=7.5)
    ax2.set_xlabel("boids")
    ax2.set_ylabel("frames per second of simulated (board) time")
    ax2.set_title("The SoC on each board's simulator, firmware counted")
    ax2.grid(True, which="both", alpha=0.3)
    ax2.legend(fontsize=8, loc="lower left")
    fig.suptitle("Frames per second against boids (docs/performance-data.csv)", fontsize=12)
    fig.tight_layout()
    fig.savefig(out, dpi=100)


def plot_cycles(rows, out, plt):
    rows = [r for r in rows if r["plot"] == "cycles"]
    labels = []
    for r in rows:
        if r["series"] not in labels:
            labels.append(r["series"])
    parts = [p for p, _ in PARTS if p != "asleep until the next frame"] + ["other"]
    fig, axes = plt.subplots(len(labels), 1, figsize=(12, 1.9 * len(labels) + 1.4))
    if len(labels) == 1:
        axes = [axes]
    used = {}
    for ax, label in zip(axes, labels):
        mine = {r["part"]: float(r["value"]) for r in rows if r["series"] == label}
        left = 0.0
        for part, colour in zip(parts, COLOURS):
            v = mine.get(part, 0.0)
            if v <= 0:
                continue
            ax.barh([0], [v], left=left, color=colour, edgecolor="white")
            used[part] = colour
            if v >= 0.06 * mine["frame budget"]:
                ax.text(left + v / 2, 0, f"{v:.0f}", ha="center", va="center", fontsize=8)
            left += v
        budget = mine["frame budget"]
        ax.axvline(budget, color="k", linestyle="--", linewidth=1.2)
        ax.text(budget, 0.48, f" one frame: {budget:.0f} a boid", fontsize=8, va="bottom")
        ax.set_xlim(0, budget * 1.25)
        ax.set_ylim(-0.6, 0.75)
        ax.set_yticks([])
        ax.set_title(label, fontsize=10, loc="left")
        ax.set_xlabel("CPU cycles a boid-step (20 steps, boot included)")
    from matplotlib.patches import Patch
    handles = [Patch(color=c, label=p) for p, c in zip(parts, COLOURS) if p in used]
    fig.legend(handles=handles, loc="lower center", ncol=4, fontsize=8, frameon=False)
    fig.suptitle("Where the SoC's CPU cycles go, a boid a step (the rest of the frame it sleeps)",
                 fontsize=12)
    fig.tight_layout(rect=(0, 0.1, 1, 1))
    fig.savefig(out, dpi=100)


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    docs = os.path.join(os.path.dirname(here), "docs")
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--data", default=os.path.join(docs, "performance-data.csv"))
    p.add_argument("--outdir", default=docs)
    p.add_argument("--group", nargs=5, metavar=("LABEL", "BOIDS", "FRAME_CYCLES", "REPORT", "COMMAND"),
                   help="print the cycles plot's CSV rows for one soc_profile.py report")
    a = p.parse_args()
    if a.group:
        label, boids, frame, report, command = a.group
        group_profile(label, int(boids), float(frame), report, command)
        return
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    rows = read(a.data)
    plot_frames(rows, os.path.join(a.outdir, "frames_per_second.png"), plt)
    plot_cycles(rows, os.path.join(a.outdir, "cycles_per_boid.png"), plt)


if __name__ == "__main__":
    main()
