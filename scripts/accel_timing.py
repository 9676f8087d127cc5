#!/usr/bin/env python3
"""Draws the timing diagram of one batch, docs/accel_batch_timing.png, from a VCD
of tests/rtl/tb_accel_wb_example.v: the example master (rtl/examples/) loads a
scene, starts a batch, waits for the interrupt and reads the results. Above: the
whole program; below: the batch itself, cycle by cycle.

Usage: accel_timing.py VCD PNG   (make accel-timing makes the VCD and runs this)
Register names come from firmware/accel_regs.h, the master's states from its
Verilog, so the picture follows the RTL.
"""
import os
import re
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
TB = "tb_accel_wb_example"
SIGNALS = {  # name in the picture: hierarchical name in the VCD
    "clk": TB + ".clk", "rst": TB + ".rst",
    "cyc": TB + ".dut.cyc", "stb": TB + ".dut.stb", "we": TB + ".dut.we", "ack": TB + ".dut.ack",
    "adr": TB + ".dut.adr", "irq": TB + ".dut.irq", "done": TB + ".dut.done_o",
    "busy": TB + ".dut.u_accel.busy", "ready": TB + ".dut.u_accel.reg_ready",
    "res_we": TB + ".dut.u_accel.res_we", "raddr": TB + ".dut.u_accel.core_raddr",
    "state": TB + ".dut.u_master.state", "rom_idx": TB + ".dut.u_master.rom_idx",
    "res_valid": TB + ".dut.res_valid_o",
}


def read_vcd(path, wanted):
    """{name: [(time, int or None)]} for the wanted hierarchical names."""
    scope, ids, changes, t = [], {}, {}, 0
    with open(path) as f:
        for line in f:
            w = line.split()
            if not w:
                continue
            if w[0] == "$scope":
                scope.append(w[2])
            elif w[0] == "$upscope":
                scope.pop()
            elif w[0] == "$var":
                full = ".".join(scope + [w[4]])
                if full in wanted:
                    ids.setdefault(w[3], []).append(full)
            elif w[0][0] == "#":
                t = int(w[0][1:])
            elif w[0][0] in "01xz" and w[0][1:] in ids:
                for name in ids[w[0][1:]]:
                    changes.setdefault(name, []).append((t, None if w[0][0] in "xz" else int(w[0][0])))
            elif w[0][0] == "b" and len(w) > 1 and w[1] in ids:
                bits = w[0][1:]
                v = None if re.search("[xz]", bits) else int(bits, 2)
                for name in ids[w[1]]:
                    changes.setdefault(name, []).append((t, v))
    missing = set(wanted) - set(changes)
    if missing:
        sys.exit("accel_timing: not in the VCD: " + ", ".join(sorted(missing)))
    return changes


def value_at(chg, t):
    """The value of a change list at time t (after every change at or before t)."""
    lo, hi = 0, len(chg)
    while lo < hi:
        mid = (lo + hi) // 2
        if chg[mid][0] <= t:
            lo = mid + 1
        else:
            hi = mid
    return chg[lo - 1][1] if lo else None


def register_names():
    names = {}
    with open(os.path.join(ROOT, "firmware", "accel_regs.h")) as f:
        for m in re.finditer(r"#define ACCEL_(\w+) 0x([0-9a-f]+)u /\* R", f.read()):
            names[int(m.group(2), 16)] = m.group(1)
    return names


def master_states():
    with open(os.path.join(ROOT, "rtl", "examples", "accel_example_master.v")) as f:
        return {int(v): n for n, v in re.findall(r"S_(\w+) = 4'd(\d+)", f.read())}


def address_label(adr, regs):
    off = adr & 0xFFFFF
    if off in regs:
        return regs[off]
    if 0x10000 <= off < 0x50000:
        return f"boid {(off - 0x10000) // 16}.{'x y vx vy'.split()[(off // 4) % 4]}"
    if 0x50000 <= off < 0xD0000:
        return f"res {(off - 0x50000) // 32}.{(off // 4) % 8}"
    return f"{off:05x}"


def draw_bit(ax, y, xs, vals, color="k"):
    px, py = [], []
    for x, v in zip(xs, vals):
        level = y + (0.7 if v else 0.0)
        px += [x, x + 1]
        py += [level, level]
    ax.plot(px, py, color=color, lw=1.2, drawstyle="steps-post")


def draw_bus(ax, y, xs, vals, label_of, min_width, fontsize=7, color="#2060a0"):
    """Runs of equal values as boxes, labelled where they are wide enough."""
    i = 0
    while i < len(xs):
        j = i
        while j + 1 < len(xs) and vals[j + 1] == vals[i]:
            j += 1
        x0, x1, v = xs[i], xs[j] + 1, vals[i]
        if v is None:
            ax.fill_between([x0, x1], y, y + 0.7, color="#dddddd", lw=0)
        else:
            ax.plot([x0, x1], [y, y], color=color, lw=1)
            ax.plot([x0, x1], [y + 0.7, y + 0.7], color=color, lw=1)
            ax.plot([x0, x0], [y, y + 0.7], color=color, lw=0.8)
            text = label_of(v)
            if text and x1 - x0 >= min_width * max(1, len(text)):
                ax.text((x0 + x1) / 2, y + 0.35, text, ha="center", va="center", fontsize=fontsize)
        i = j + 1


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__.strip().split("\n\n")[1])
    vcd, png = sys.argv[1:]
    chg = read_vcd(vcd, set(SIGNALS.values()))
    ch = {k: chg[v] for k, v in SIGNALS.items()}
    regs, states = register_names(), master_states()

    # Sample every signal 1 ns after each rising clock edge: the registers' new values.
    edges = [t for (t, v), (_, p) in zip(ch["clk"][1:], ch["clk"]) if v == 1 and p == 0]
    start = max(t for (t, v), (_, p) in zip(ch["rst"][1:], ch["rst"]) if v == 0 and p == 1)
    edges = [t for t in edges if t >= start - 20000]
    s = {k: [value_at(c, t + 1000) for t in edges] for k, c in ch.items()}
    end = min(next(i for i, v in enumerate(s["done"]) if v == 1) + 3, len(edges))
    n_cycles = end
    xs = list(range(n_cycles))
    for k in s:
        s[k] = s[k][:n_cycles]
    st = [states.get(v, "?") for v in s["state"]]

    fig, (top, bot) = plt.subplots(2, 1, figsize=(14, 9.5), gridspec_kw={"height_ratios": [1, 1.35]})

    # ---- the whole program, phases shaded ---------------------------------------------
    def phase(i):
        if st[i] in ("FETCH", "WRITE"):
            return "ranges, COUNT" if s["rom_idx"][i] is not None and s["rom_idx"][i] < 6 else "boids: 4 words each"
        return {"START": "START", "WAIT": "batch: BUSY, then irq", "STATUS": "STATUS, clear DONE, CYCLES",
                "CLEAR": "STATUS, clear DONE, CYCLES", "CYCLES": "STATUS, clear DONE, CYCLES",
                "RESULT": "results: 7 words each", "DONE": "done"}.get(st[i], "")

    colors = ["#fde9c9", "#e3f0d8", "#f6d6d6", "#d8e6f6", "#eee0f5", "#e8e8e8", "#f0f0f0"]
    spans, i = [], 0
    while i < n_cycles:
        j = i
        while j + 1 < n_cycles and phase(j + 1) == phase(i):
            j += 1
        spans.append((i, j + 1, phase(i)))
        i = j + 1
    names = []
    for c, (a, b, p) in enumerate(x for x in spans if x[2]):
        top.axvspan(a, b, color=colors[[q for _, _, q in spans if q].index(p) % len(colors)], lw=0)
        if b - a > 12:
            top.text((a + b) / 2, 7.95, p, ha="center", va="bottom", fontsize=8)
    rows = [("stb (cyc)", "stb"), ("we", "we"), ("ack", "ack"), ("BUSY", "busy"), ("irq_o", "irq"),
            ("res_valid", "res_valid")]
    for r, (label, key) in enumerate(rows):
        y = 6.6 - r * 1.1
        draw_bit(top, y, xs, s[key])
        names.append((y + 0.35, label))
    y = 6.6 - len(rows) * 1.1
    draw_bus(top, y, xs, s["ready"], lambda v: str(v), 3)
    names.append((y + 0.35, "RESULTS_READY"))
    top.set_yticks([a for a, _ in names])
    top.set_yticklabels([b for _, b in names], fontsize=9)
    top.set_ylim(y - 0.3, 8.6)
    top.set_xlim(0, n_cycles)
    top.set_xlabel("clock cycles after reset", fontsize=9)
    n = max(v for v in s["ready"] if v is not None)
    top.set_title(f"The example master (rtl/examples/accel_wb_example.v) runs a batch of {n} boids "
                  "on boids_accel (N_MAX 64, LANES 2): the whole program", fontsize=10)
    for sp in ("top", "right", "left"):
        top.spines[sp].set_visible(False)

    # ---- the batch: from the START write to the clear of DONE ---------------------------
    a = next(i for i in xs if st[i] == "START") - 2
    b = next(i for i in xs if st[i] == "CYCLES") + 3
    zx = list(range(a, b))
    z = {k: v[a:b] for k, v in s.items()}
    names = []
    y = 11.0
    clk_x, clk_y = [], []
    for x in zx:
        clk_x += [x, x + 0.5, x + 0.5, x + 1]
        clk_y += [y + 0.7, y + 0.7, y, y]
    bot.plot(clk_x, clk_y, color="#888888", lw=0.9)
    names.append((y + 0.35, "clk"))
    zrows = [("stb (cyc)", "stb", "k"), ("we", "we", "k"), None, ("ack", "ack", "k"), ("BUSY", "busy", "#b03030"),
             None, ("res_we (entry written)", "res_we", "#b03030"), None, ("irq_o", "irq", "#b03030")]
    y -= 1.1
    for row in zrows:
        if row is None:
            y -= 1.1
            continue
        label, key, color = row
        draw_bit(bot, y, zx, z[key], color)
        names.append((y + 0.35, label))
        y -= 1.1
    # the buses, on the rows left free above
    ya = 11.0 - 3 * 1.1
    adr_shown = [v if z["stb"][k] else None for k, v in enumerate(z["adr"])]
    draw_bus(bot, ya, zx, adr_shown, lambda v: address_label(v, regs), 0.22, fontsize=7)
    names.append((ya + 0.35, "adr (while stb)"))
    yr = 11.0 - 6 * 1.1
    raddr = [v if z["busy"][k] else None for k, v in enumerate(z["raddr"])]
    draw_bus(bot, yr, zx, raddr, lambda v: str(v), 0.5, fontsize=7)
    names.append((yr + 0.35, "boid streamed (read address)"))
    yq = 11.0 - 8 * 1.1
    draw_bus(bot, yq, zx, z["ready"], lambda v: str(v), 0.5, fontsize=7)
    names.append((yq + 0.35, "RESULTS_READY"))
    bot.set_yticks([p for p, _ in names])
    bot.set_yticklabels([q for _, q in names], fontsize=9)
    bot.set_xlim(a, b)
    bot.set_ylim(y + 0.5, 12.0)
    bot.set_xlabel("clock cycles after reset", fontsize=9)
    busy_from = next(i for i in zx if s["busy"][i])
    busy_to = max(i for i in zx if s["busy"][i]) + 1
    bot.set_title(f"The batch: {busy_to - busy_from} cycles of BUSY from the START write. The first pass loads "
                  "its LANES queries, then every pass streams boids 0 to N-1 past its queries and catches the "
                  "next pass's;\nafter each pass its LANES result entries are written, one a cycle "
                  "(RESULTS_READY counts them). DONE raises irq_o; the master reads STATUS and clears DONE.",
                  fontsize=9)
    for sp in ("top", "right", "left"):
        bot.spines[sp].set_visible(False)
    bot.grid(axis="x", color="#eeeeee", lw=0.5)
    top.axvspan(a, b, fill=False, edgecolor="#555555", lw=1, ls="--")

    fig.tight_layout()
    fig.savefig(png, dpi=100)
    print(f"accel_timing: {png}: {n_cycles} cycles, the batch {busy_to - busy_from}")


if __name__ == "__main__":
    main()
