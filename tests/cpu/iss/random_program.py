#!/usr/bin/env python3
"""Writes a seeded random RV32IM test program for lockstep checking (tests/cpu's
conventions: start.S, test_macros.h, the result register at the end).

The stream keeps a few registers busy so that most instructions read what the last
one or two wrote; it mixes ALU operations, lui/auipc, loads and stores into its own
data area (every width, some misaligned), forward branches, short counted loops,
jal/jalr, mul/div, CSR reads and writes of mscratch, and traps (ecall, ebreak,
illegal instructions, misaligned and faulting accesses, misaligned jumps) that the
start.S handler skips. It ends by writing 0 to the result register: it checks
nothing itself; lockstep with the ISS checks every record.

With --signature it reads no clock (mcycle, cycle) and ends by printing its registers
and a sum of its data area on the console, one hex word a line, so that any two
simulators can be compared by their output alone (tests/test_cpu_random.sh).

  random_program.py SEED [--length N] [--signature] [-o OUT.S]
"""
import argparse
import random
import sys

HOT = ["a1", "a2", "a3", "a4", "a5", "s2"]        # most operands come from these
COLD = ["ra", "gp", "tp", "s0", "s1", "a0", "a6", "a7", "s3", "s4", "s5", "s6", "s7",
        "s8", "s9", "t0", "t1", "t2", "t3", "t4", "t5"]
LOOP = "s10"                                     # loop counter, written by loops only
BAD = "t6"                                       # an address nothing answers (BAD_ADDR)
BASE = "s11"                                     # the data area, never written
DATA_BYTES = 1024
ALU_RR = ["add", "sub", "sll", "slt", "sltu", "xor", "srl", "sra", "or", "and"]
ALU_RI = ["addi", "slti", "sltiu", "xori", "ori", "andi"]
SHIFT_I = ["slli", "srli", "srai"]
MULDIV = ["mul", "mulh", "mulhsu", "mulhu", "div", "divu", "rem", "remu"]
LOADS = [("lb", 1), ("lbu", 1), ("lh", 2), ("lhu", 2), ("lw", 4)]
STORES = [("sb", 1), ("sh", 2), ("sw", 4)]
BRANCHES = ["beq", "bne", "blt", "bge", "bltu", "bgeu"]
CSRS_READ = ["mscratch", "mcycle", "minstret", "mcycleh", "minstreth", "misa", "mstatus",
             "mtvec", "cycle", "instret", "mhartid"]


CLOCKS = {"mcycle", "mcycleh", "cycle"}
SIGNATURE_CODE = """    /* the signature: every register, then the sum of the data area */
""" + "".join(f"    sw {reg}, {DATA_BYTES + 4 * i}({BASE})\n" for i, reg in enumerate(HOT + COLD + [BAD])) + f"""\
    li {LOOP}, 0
    li a0, 0
.Lsum:
    add a1, {BASE}, {LOOP}
    lw a1, 0(a1)
    add a0, a0, a1
    addi {LOOP}, {LOOP}, 4
    li a1, {DATA_BYTES}
    bne {LOOP}, a1, .Lsum
    sw a0, {DATA_BYTES + 4 * len(HOT + COLD + [BAD])}({BASE})
    li {LOOP}, 0
.Lprint:
    add a1, {BASE}, {LOOP}
    lw a0, {DATA_BYTES}(a1)
    call print_word
    addi {LOOP}, {LOOP}, 4
    li a1, {4 * (len(HOT + COLD + [BAD]) + 1)}
    bne {LOOP}, a1, .Lprint
    j test_pass

print_word:                         /* a0 as 8 hex digits and a newline */
    li t1, CONSOLE_ADDR
    li t2, 8
1:  srli t3, a0, 28
    li t4, 10
    blt t3, t4, 2f
    addi t3, t3, 'a' - 10 - '0'
2:  addi t3, t3, '0'
    sw t3, 0(t1)
    slli a0, a0, 4
    addi t2, t2, -1
    bnez t2, 1b
    li t3, 10
    sw t3, 0(t1)
    ret
"""


class Gen:
    def __init__(self, seed, clocks=True):
        self.r = random.Random(seed)
        self.csrs = [c for c in CSRS_READ if clocks or c not in CLOCKS]
        self.lines = []
        self.label = 0

    def reg(self, write=False):
        r = self.r
        if not write and r.random() < 0.04:
            return "zero"
        if write and r.random() < 0.02:
            return "zero"
        return r.choice(HOT) if r.random() < 0.8 else r.choice(COLD)

    def new_label(self):
        self.label += 1
        return f".Lr{self.label}"

    def emit(self, text):
        self.lines.append("    " + text)

    def imm12(self):
        r = self.r
        return r.choice([0, 1, -1, 2047, -2048, r.randint(-2048, 2047), r.randint(-16, 16)])

    def alu(self):
        r = self.r
        k = r.random()
        if k < 0.45:
            self.emit(f"{r.choice(ALU_RR)} {self.reg(True)}, {self.reg()}, {self.reg()}")
        elif k < 0.8:
            self.emit(f"{r.choice(ALU_RI)} {self.reg(True)}, {self.reg()}, {self.imm12()}")
        elif k < 0.92:
            self.emit(f"{r.choice(SHIFT_I)} {self.reg(True)}, {self.reg()}, {r.randint(0, 31)}")
        else:
            self.emit(f"{r.choice(['lui', 'auipc'])} {self.reg(True)}, 0x{r.randint(0, 0xfffff):x}")

    def mem(self):
        r = self.r
        if r.random() < 0.5:
            op, size = r.choice(LOADS)
            dst = self.reg(True)
        else:
            op, size = r.choice(STORES)
            dst = self.reg()
        off = r.randrange(0, DATA_BYTES - 4, size)
        if r.random() < 0.06 and size > 1:
            off += r.randint(1, size - 1)        # misaligned: a trap
        self.emit(f"{op} {dst}, {off}({BASE})")

    def branch(self):
        r = self.r
        skip = self.new_label()
        self.emit(f"{r.choice(BRANCHES)} {self.reg()}, {self.reg()}, {skip}")
        for _ in range(r.randint(0, 3)):
            self.alu()
        self.lines.append(f"{skip}:")

    def loop(self):
        r = self.r
        top = self.new_label()
        self.emit(f"li {LOOP}, {r.randint(1, 5)}")
        self.lines.append(f"{top}:")
        for _ in range(r.randint(1, 5)):
            if r.random() < 0.7:
                self.alu()
            else:
                self.mem()
        self.emit(f"addi {LOOP}, {LOOP}, -1")
        self.emit(f"bnez {LOOP}, {top}")

    def jump(self):
        r = self.r
        target = self.new_label()
        if r.random() < 0.5:
            self.emit(f"jal {self.reg(True)}, {target}")
        else:
            via = self.reg(True)
            if via == "zero":
                via = "a1"
            self.emit(f"la {via}, {target}")
            self.emit(f"jalr {self.reg(True)}, 0({via})")
        for _ in range(r.randint(0, 2)):
            self.alu()
        self.lines.append(f"{target}:")

    def muldiv(self):
        self.emit(f"{self.r.choice(MULDIV)} {self.reg(True)}, {self.reg()}, {self.reg()}")

    def csr(self):
        r = self.r
        if r.random() < 0.3:
            self.emit(f"csrw mscratch, {self.reg()}")
        else:
            self.emit(f"csrr {self.reg(True)}, {r.choice(self.csrs)}")

    def trap(self):
        r = self.r
        k = r.randrange(6)
        if k == 0:
            self.emit("ecall")
        elif k == 1:
            self.emit("ebreak")
        elif k == 2:
            self.emit(f".word 0x{r.choice([0, 0xffffffff, 0x0000700f, 0x0005b583]):08x}")
        elif k == 3:
            self.emit(f"lw {self.reg(True)}, {r.choice([1, 2, 3])}({BASE})")
        elif k == 4:
            if r.random() < 0.5:                         # an address nothing answers
                self.emit(f"lw {self.reg(True)}, {4 * r.randint(0, 8)}({BAD})")
            else:
                self.emit(f"sb {self.reg()}, {r.randint(0, 31)}({BAD})")
        else:
            self.emit("jal zero, .+6")                   # a misaligned target

    def program(self, length):
        r = self.r
        kinds = [(self.alu, 45), (self.mem, 18), (self.branch, 8), (self.loop, 3), (self.jump, 4),
                 (self.muldiv, 8), (self.csr, 6), (self.trap, 3)]
        total = sum(w for _, w in kinds)
        while len(self.lines) < length:
            pick = r.randrange(total)
            for fn, w in kinds:
                if pick < w:
                    fn()
                    break
                pick -= w
        return self.lines


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("seed", type=int)
    ap.add_argument("--length", type=int, default=1500, help="instructions, about (1500)")
    ap.add_argument("--signature", action="store_true",
                    help="no clock reads; print the registers and a data sum at the end")
    ap.add_argument("-o", "--output", help="the .S file (default: standard output)")
    args = ap.parse_args(argv[1:])
    if args.length < 1 or args.length > 3000:
        ap.error("--length must be 1..3000 (the program must fit the test RAM of 16 KiB)")
    g = Gen(args.seed, clocks=not args.signature)
    body = g.program(args.length)
    r = random.Random(args.seed ^ 0x5eed)
    init = [f"    li {reg}, 0x{r.getrandbits(32):08x}" for reg in HOT + COLD]
    data = [f"    .word 0x{r.getrandbits(32):08x}" for _ in range(DATA_BYTES // 4)]
    out = [f"/* random RV32IM program, seed {args.seed}, about {args.length} instructions */",
           "/* written by tests/cpu/iss/random_program.py: checked in lockstep or by its signature */",
           '#include "test_macros.h"', "", "    .text", "    .globl test_main", "test_main:",
           "    ALLOW_TRAPS 1", f"    la {BASE}, rdata", f"    li {BAD}, BAD_ADDR"] + init + body + [
           SIGNATURE_CODE if args.signature else "    j test_pass", "", "    .data", "    .align 2",
           "rdata:"] + data + [f"    .space {4 * (len(HOT + COLD + [BAD]) + 1)}", ""]
    text = "\n".join(out)
    if args.output:
        with open(args.output, "w") as f:
            f.write(text)
    else:
        sys.stdout.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
