#!/usr/bin/env python3
"""Where the SoC's CPU spends its cycles: a profile written by `build/soc
--profile FILE` (one line a program counter: address, cycles, instructions
retired there) folded by function of the firmware's ELF, with the instruction
mix, as Markdown tables; --plot draws the functions' share as a bar chart
(PNG, with gnuplot).

  build/soc --headless --boids 1024 --steps 20 --profile run.prof
  scripts/soc_profile.py run.prof build/firmware/boids.elf [--plot run.png]

The flock size and the steps for "cycles a boid-step" come from the profile's
header line; --boids and --steps override them."""
import argparse
import bisect
import collections
import os
import re
import shutil
import subprocess
import sys
import tempfile

NM = "riscv64-unknown-elf-nm"
OBJDUMP = "riscv64-unknown-elf-objdump"

# Instruction classes of the mix, by mnemonic (pseudo-instructions included).
CLASSES = [
    ("load", {"lb", "lh", "lw", "lbu", "lhu"}),
    ("store", {"sb", "sh", "sw"}),
    ("branch", {"beq", "bne", "blt", "bge", "bltu", "bgeu", "beqz", "bnez", "blez", "bgez",
                "bltz", "bgtz", "bgt", "ble", "bgtu", "bleu"}),
    ("jump", {"jal", "jalr", "j", "jr", "ret", "call", "tail"}),
    ("mul", {"mul", "mulh", "mulhsu", "mulhu"}),
    ("div", {"div", "divu", "rem", "remu"}),
    ("csr", {"csrr", "csrw", "csrs", "csrc", "csrrw", "csrrs", "csrrc", "csrwi", "csrsi",
             "csrci", "rdcycle", "rdcycleh", "rdinstret", "rdinstreth", "wfi", "mret"}),
]


def class_of(mnemonic):
    for name, members in CLASSES:
        if mnemonic in members:
            return name
    return "alu"


def tool_output(args):
    """A binutils tool's standard output, or exit with its complaint."""
    try:
        done = subprocess.run(args, capture_output=True, text=True)
    except FileNotFoundError:
        sys.exit(f"soc_profile: {args[0]} is missing (install gcc-riscv64-unknown-elf: "
                 "bash scripts/setup.sh)")
    if done.returncode != 0:
        sys.exit(f"soc_profile: {args[0]} failed on {args[-1]}: {done.stderr.strip()}")
    return done.stdout


def symbols(elf):
    out = tool_output([NM, "-n", "--defined-only", elf])
    starts, names = [], []
    for line in out.splitlines():
        parts = line.split()
        if len(parts) == 3 and parts[1] in "tTwW":
            starts.append(int(parts[0], 16))
            names.append(parts[2])
    return starts, names


def mnemonics(elf):
    out = tool_output([OBJDUMP, "-d", "--no-show-raw-insn", "-M", "no-aliases", elf])
    table = {}
    for line in out.splitlines():
        parts = line.split(":", 1)
        if len(parts) != 2:
            continue
        try:
            addr = int(parts[0].strip(), 16)
        except ValueError:
            continue
        fields = parts[1].split()
        if fields:
            table[addr] = fields[0]
    return table


def read_profile(path):
    """The rows (address, cycles, retired or None) and the header's boids and steps."""
    rows, boids, steps = [], 0, 0
    try:
        f = open(path)
    except OSError as e:
        sys.exit(f"soc_profile: cannot read {path}: {e.strerror}")
    with f:
        for n, line in enumerate(f, 1):
            if line.startswith("#"):
                m = re.search(r"(\d+) boids, (\d+) steps", line)
                if m:
                    boids, steps = int(m.group(1)), int(m.group(2))
                continue
            parts = line.split()
            if len(parts) not in (2, 3):
                sys.exit(f"soc_profile: {path}:{n}: expected 'address cycles [retired]'")
            try:
                vals = [int(parts[0], 16)] + [int(p) for p in parts[1:]]
            except ValueError:
                sys.exit(f"soc_profile: {path}:{n}: not a number")
            rows.append(vals + [None] * (3 - len(vals)))
    if not rows or sum(r[1] for r in rows) == 0:
        sys.exit(f"soc_profile: {path} has no cycles in it")
    return rows, boids, steps


def plot(path, shares, title):
    """A horizontal bar chart of (name, percent) with gnuplot, written atomically."""
    if not shutil.which("gnuplot"):
        sys.exit("soc_profile: --plot needs gnuplot (bash scripts/setup.sh plots)")
    folder = os.path.dirname(os.path.abspath(path))
    with tempfile.TemporaryDirectory() as tmp:
        data = os.path.join(tmp, "shares.dat")
        with open(data, "w") as f:
            for i, (name, pct) in enumerate(reversed(shares)):
                f.write(f'{i} {pct:.2f} "{name}"\n')
        fd, part = tempfile.mkstemp(dir=folder, prefix=".soc_profile.", suffix=".png")
        os.close(fd)
        script = f"""
set terminal pngcairo noenhanced size 900,{120 + 24 * len(shares)} font 'sans,10'
set output '{part}'
set title '{title}'
set style fill solid 0.8 border -1
set xlabel 'share of the CPU clock cycles (%)'
set xrange [0:{max(pct for _, pct in shares) * 1.12 if shares else 1:.2f}]  # room for the largest bar's label
set yrange [-0.7:{len(shares) - 0.3}]
set ytics nomirror
set grid xtics
unset key
plot '{data}' using ($2 * 0.5):1:($2 * 0.5):(0.35):ytic(3) with boxxyerror lc rgb '#4878a8', \\
     '' using 2:1:(sprintf(' %.1f%%', $2)) with labels left
"""
        done = subprocess.run(["gnuplot"], input=script, capture_output=True, text=True)
        if done.returncode != 0 or os.path.getsize(part) == 0:
            os.unlink(part)
            sys.exit(f"soc_profile: gnuplot failed: {done.stderr.strip()}")
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(part, 0o666 & ~umask)
        try:
            os.replace(part, path)
        except OSError as e:
            os.unlink(part)
            sys.exit(f"soc_profile: cannot write {path}: {e.strerror}")


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("profile", help="the file build/soc --profile wrote")
    ap.add_argument("elf", help="the firmware's ELF (build/firmware/boids.elf)")
    ap.add_argument("--top", type=int, default=25, help="functions listed (default 25)")
    ap.add_argument("--boids", type=int, default=None,
                    help="flock size, for cycles a boid-step (default: the profile's)")
    ap.add_argument("--steps", type=int, default=None,
                    help="steps in the profiled run (default: the profile's)")
    ap.add_argument("--plot", metavar="FILE.png",
                    help="also draw the top functions' shares as a bar chart")
    args = ap.parse_args()
    if args.top < 1:
        ap.error("--top must be at least 1")
    for name in ("boids", "steps"):
        if getattr(args, name) is not None and getattr(args, name) < 0:
            ap.error(f"--{name} must not be negative")
    rows, boids, steps = read_profile(args.profile)
    if args.boids is not None:
        boids = args.boids
    if args.steps is not None:
        steps = args.steps
    starts, names = symbols(args.elf)
    ops = mnemonics(args.elf)
    by_fn = collections.Counter()
    ret_fn = collections.Counter()
    by_class = collections.Counter()
    ret_class = collections.Counter()
    total = sum(r[1] for r in rows)
    for addr, cycles, retired in rows:
        i = bisect.bisect_right(starts, addr) - 1
        fn = names[i] if i >= 0 else "?"
        by_fn[fn] += cycles
        cls = class_of(ops.get(addr, "?"))
        by_class[cls] += cycles
        if retired is not None:
            ret_fn[fn] += retired
            ret_class[cls] += retired
    per = boids * steps
    head = "| function | cycles | share |" + (" cycles a boid-step |" if per else "")
    head += " instructions | CPI |" if ret_fn else ""
    print(head)
    print("|" + "---|" * (head.count("|") - 1))
    for fn, cycles in by_fn.most_common(args.top):
        line = f"| {fn} | {cycles:,} | {100.0 * cycles / total:.1f}% |"
        if per:
            line += f" {cycles / per:.1f} |"
        if ret_fn:
            r = ret_fn[fn]
            line += f" {r:,} | {cycles / r:.2f} |" if r else " 0 | - |"
        print(line)
    print(f"\ntotal {total:,} cycles" + (f", {total / per:.1f} a boid-step" if per else ""))
    print("\n| class | cycles | share |" + (" instructions | share | CPI |" if ret_class else ""))
    print("|---|---|---|" + ("---|---|---|" if ret_class else ""))
    rtotal = sum(ret_class.values())
    for cls, cycles in by_class.most_common():
        line = f"| {cls} | {cycles:,} | {100.0 * cycles / total:.1f}% |"
        if ret_class:
            r = ret_class[cls]
            line += (f" {r:,} | {100.0 * r / rtotal:.1f}% | {cycles / r:.2f} |" if r
                     else " 0 | 0% | - |")
        print(line)
    if args.plot:
        shares = [(fn, 100.0 * c / total) for fn, c in by_fn.most_common(args.top)]
        title = f"{os.path.basename(args.profile)}: {total:,} cycles"
        if per:
            title += f", {total / per:.0f} a boid-step ({boids} boids, {steps} steps)"
        plot(args.plot, shares, title)


if __name__ == "__main__":
    main()
