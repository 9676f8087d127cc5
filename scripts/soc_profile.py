#!/usr/bin/env python3
"""Where the SoC's CPU spends its cycles: a profile written by `build/soc
--profile FILE` (one line a program counter: address, cycles, instructions
retired there) folded by function of the firmware's ELF, with the instruction
mix. Usage: soc_profile.py PROFILE ELF [--top N] [--boids N]"""
import argparse
import bisect
import collections
import subprocess
import sys

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


def symbols(elf):
    out = subprocess.run([NM, "-n", "--defined-only", elf], capture_output=True, text=True,
                         check=True).stdout
    starts, names = [], []
    for line in out.splitlines():
        parts = line.split()
        if len(parts) == 3 and parts[1] in "tTwW":
            starts.append(int(parts[0], 16))
            names.append(parts[2])
    return starts, names


def mnemonics(elf):
    out = subprocess.run([OBJDUMP, "-d", "--no-show-raw-insn", "-M", "no-aliases", elf],
                         capture_output=True, text=True, check=True).stdout
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
    rows = []
    with open(path) as f:
        for n, line in enumerate(f, 1):
            if line.startswith("#"):
                continue
            parts = line.split()
            if len(parts) not in (2, 3):
                sys.exit(f"soc_profile: {path}:{n}: expected 'address cycles [retired]'")
            try:
                vals = [int(parts[0], 16)] + [int(p) for p in parts[1:]]
            except ValueError:
                sys.exit(f"soc_profile: {path}:{n}: not a number")
            rows.append(vals + [None] * (3 - len(vals)))
    return rows


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("profile")
    ap.add_argument("elf")
    ap.add_argument("--top", type=int, default=25, help="functions listed (default 25)")
    ap.add_argument("--boids", type=int, default=0,
                    help="also give cycles a boid a step: flock size")
    ap.add_argument("--steps", type=int, default=0, help="steps in the profiled run")
    args = ap.parse_args()
    rows = read_profile(args.profile)
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
    per = args.boids * args.steps
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


if __name__ == "__main__":
    main()
