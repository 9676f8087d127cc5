/* Macros of the conformance programs (tests/cpu/isa/*.S), on top of test_macros.h.
 * Each takes its check number first; a bypass macro runs its body twice (t4
 * counts), as a pipelined core sees it first cold, then with everything warm.
 * Producers of bypassed operands are one instruction each (addi from s6/s7, which
 * the macro loads first), so "d" is the exact distance: 0 = the next instruction.
 * Registers: a1-a3, s2-s7 and t3/t4 are the macros'; t5, t6, a0 test_macros.h's. */
#ifndef ISA_MACROS_H
#define ISA_MACROS_H

#include "test_macros.h"

#ifdef __ASSEMBLER__

.macro NOPS count
    .rept \count
    nop
    .endr
.endm

/* fail with check number n */
.macro FAIL n
    li a0, \n
    j test_fail
.endm

.macro TWICE_END label
    addi t4, t4, -1
    bnez t4, \label
.endm

/* s2 = s6 and s3 = s7, one instruction each: s2 first (first = 1) or s3 first (2),
 * d1 instructions between them, d2 after the second */
.macro MAKE_OPS first, d1, d2
    .if \first == 1
    addi s2, s6, 0
    NOPS \d1
    addi s3, s7, 0
    .else
    addi s3, s7, 0
    NOPS \d1
    addi s2, s6, 0
    .endif
    NOPS \d2
.endm

/* ---- register-register operations ------------------------------------------ */

/* rd apart, rd = rs1, rd = rs2, and rs1 = rs2 = rd when a == b */
.macro RR n, op, a, b, result
    li a1, \a
    li a2, \b
    \op a3, a1, a2
    CHECK_EQ a3, \result, \n
    \op a1, a1, a2
    CHECK_EQ a1, \result, \n
    li a1, \a
    \op a2, a1, a2
    CHECK_EQ a2, \result, \n
.endm

/* rs1 = rs2 = rd */
.macro RR_SAME n, op, a, result
    li a1, \a
    \op a1, a1, a1
    CHECK_EQ a1, \result, \n
.endm

/* the result read d instructions later, as rs1 and as rs2 */
.macro RR_DEST n, d, op, a, b, result
    li s6, \a
    li s7, \b
    li t4, 2
.Lloop\@:
    \op s4, s6, s7
    NOPS \d
    addi s5, s4, 0
    CHECK_EQ s5, \result, \n
    \op s4, s6, s7
    NOPS \d
    or s5, zero, s4
    CHECK_EQ s5, \result, \n
    TWICE_END .Lloop\@
.endm

/* two operands made d1 and d2 instructions apart, then the operation: rs1 first
 * (first = 1: rs1, d1, rs2, d2, op) or rs2 first (first = 2) */
.macro RR_SRC n, first, d1, d2, op, a, b, result
    li s6, \a
    li s7, \b
    li t4, 2
.Lloop\@:
    MAKE_OPS \first, \d1, \d2
    \op s4, s2, s3
    CHECK_EQ s4, \result, \n
    TWICE_END .Lloop\@
.endm

/* all bypass distances of a register-register operation: checks n .. n+14 */
.macro RR_BYPASS n, op, a, b, result
    RR_DEST (\n), 0, \op, \a, \b, \result
    RR_DEST (\n + 1), 1, \op, \a, \b, \result
    RR_DEST (\n + 2), 2, \op, \a, \b, \result
    RR_SRC (\n + 3), 1, 0, 0, \op, \a, \b, \result
    RR_SRC (\n + 4), 1, 0, 1, \op, \a, \b, \result
    RR_SRC (\n + 5), 1, 0, 2, \op, \a, \b, \result
    RR_SRC (\n + 6), 1, 1, 0, \op, \a, \b, \result
    RR_SRC (\n + 7), 1, 1, 1, \op, \a, \b, \result
    RR_SRC (\n + 8), 1, 2, 0, \op, \a, \b, \result
    RR_SRC (\n + 9), 2, 0, 0, \op, \a, \b, \result
    RR_SRC (\n + 10), 2, 0, 1, \op, \a, \b, \result
    RR_SRC (\n + 11), 2, 0, 2, \op, \a, \b, \result
    RR_SRC (\n + 12), 2, 1, 0, \op, \a, \b, \result
    RR_SRC (\n + 13), 2, 1, 1, \op, \a, \b, \result
    RR_SRC (\n + 14), 2, 2, 0, \op, \a, \b, \result
.endm

/* x0 as rs1, rs2, both, and as rd (a write to x0 read back at once): n .. n+3 */
.macro RR_ZERO n, op, a, b, r_zero_a, r_a_zero, r_zero_zero
    li a2, \b
    \op a3, zero, a2
    CHECK_EQ a3, \r_zero_a, \n
    li a1, \a
    \op a3, a1, zero
    CHECK_EQ a3, \r_a_zero, (\n + 1)
    \op a3, zero, zero
    CHECK_EQ a3, \r_zero_zero, (\n + 2)
    \op zero, a1, a2
    add a3, zero, zero
    or a3, a3, zero
    CHECK_EQ a3, 0, (\n + 3)
    CHECK_EQ zero, 0, (\n + 3)
.endm

/* ---- register-immediate operations -------------------------------------------- */

.macro RI n, op, a, imm, result
    li a1, \a
    \op a3, a1, \imm
    CHECK_EQ a3, \result, \n
    \op a1, a1, \imm
    CHECK_EQ a1, \result, \n
.endm

.macro RI_DEST n, d, op, a, imm, result
    li s6, \a
    li t4, 2
.Lloop\@:
    \op s4, s6, \imm
    NOPS \d
    addi s5, s4, 0
    CHECK_EQ s5, \result, \n
    \op s4, s6, \imm
    NOPS \d
    or s5, zero, s4
    CHECK_EQ s5, \result, \n
    TWICE_END .Lloop\@
.endm

.macro RI_SRC1 n, d, op, a, imm, result
    li s6, \a
    li t4, 2
.Lloop\@:
    addi s2, s6, 0
    NOPS \d
    \op s4, s2, \imm
    CHECK_EQ s4, \result, \n
    TWICE_END .Lloop\@
.endm

/* bypass distances 0, 1, 2 of the result and of rs1: checks n .. n+5 */
.macro RI_BYPASS n, op, a, imm, result
    RI_DEST (\n), 0, \op, \a, \imm, \result
    RI_DEST (\n + 1), 1, \op, \a, \imm, \result
    RI_DEST (\n + 2), 2, \op, \a, \imm, \result
    RI_SRC1 (\n + 3), 0, \op, \a, \imm, \result
    RI_SRC1 (\n + 4), 1, \op, \a, \imm, \result
    RI_SRC1 (\n + 5), 2, \op, \a, \imm, \result
.endm

/* x0 as rs1 (r_zero = op(0, imm)), and as rd: checks n, n+1 */
.macro RI_ZERO n, op, a, imm, r_zero
    \op a3, zero, \imm
    CHECK_EQ a3, \r_zero, \n
    li a1, \a
    \op zero, a1, \imm
    add a3, zero, zero
    CHECK_EQ a3, 0, (\n + 1)
    CHECK_EQ zero, 0, (\n + 1)
.endm

/* ---- loads ------------------------------------------------------------------- */

/* base + offset, rd apart and rd = base */
.macro LD n, op, offset, base, result
    la a1, \base
    \op a3, \offset(a1)
    CHECK_EQ a3, \result, \n
    \op a1, \offset(a1)
    CHECK_EQ a1, \result, \n
.endm

/* the loaded value read d instructions later, as rs1 and as rs2 */
.macro LD_DEST n, d, op, offset, base, result
    la s6, \base
    li t4, 2
.Lloop\@:
    \op s4, \offset(s6)
    NOPS \d
    addi s5, s4, 0
    CHECK_EQ s5, \result, \n
    \op s4, \offset(s6)
    NOPS \d
    or s5, zero, s4
    CHECK_EQ s5, \result, \n
    TWICE_END .Lloop\@
.endm

/* the base register made d instructions before */
.macro LD_SRC1 n, d, op, offset, base, result
    la s6, \base
    li t4, 2
.Lloop\@:
    addi s2, s6, 0
    NOPS \d
    \op s4, \offset(s2)
    CHECK_EQ s4, \result, \n
    TWICE_END .Lloop\@
.endm

/* a later write to the same rd wins (write after write) */
.macro LD_WAW n, d, op, offset, base
    la s6, \base
    \op s4, \offset(s6)
    NOPS \d
    li s4, 2
    CHECK_EQ s4, 2, \n
.endm

/* all load bypass distances: checks n .. n+7 */
.macro LD_BYPASS n, op, offset, base, result
    LD_DEST (\n), 0, \op, \offset, \base, \result
    LD_DEST (\n + 1), 1, \op, \offset, \base, \result
    LD_DEST (\n + 2), 2, \op, \offset, \base, \result
    LD_SRC1 (\n + 3), 0, \op, \offset, \base, \result
    LD_SRC1 (\n + 4), 1, \op, \offset, \base, \result
    LD_SRC1 (\n + 5), 2, \op, \offset, \base, \result
    LD_WAW (\n + 6), 0, \op, \offset, \base
    LD_WAW (\n + 7), 1, \op, \offset, \base
.endm

/* the base plus adj (an unaligned base), loaded at offset off: the result */
.macro LD_ADJ n, op, adj, off, base, result
    la a1, \base
    li a2, \adj
    add a1, a1, a2
    \op a3, \off(a1)
    CHECK_EQ a3, \result, \n
.endm

/* x0 as the base (the image's first bytes, start.S), then as rd: checks n, n+1 */
.macro LD_ZERO n, op, off, base
    la a1, _start
    \op a2, \off(a1)
    \op a3, \off(zero)
    CHECK_REG a2, a3, \n
    la a1, \base
    \op zero, 0(a1)
    add a3, zero, zero
    CHECK_EQ a3, 0, (\n + 1)
    CHECK_EQ zero, 0, (\n + 1)
.endm

/* ---- stores -------------------------------------------------------------------- */

/* store value at base + offset, load it back with ld: result */
.macro ST n, ld, st, value, offset, base, result
    la a1, \base
    li a2, \value
    \st a2, \offset(a1)
    \ld a3, \offset(a1)
    CHECK_EQ a3, \result, \n
.endm

/* the data and the base made d1 and d2 apart before the store: data first (first = 1)
 * or base first (first = 2); the stored value read back */
.macro ST_SRC n, first, d1, d2, ld, st, value, offset, base, result
    la s6, \base
    li s7, \value
    li t4, 2
.Lloop\@:
    sw zero, (\offset & ~3)(s6)
    MAKE_OPS (3 - \first), \d1, \d2
    \st s3, \offset(s2)
    \ld s4, \offset(s6)
    CHECK_EQ s4, \result, \n
    TWICE_END .Lloop\@
.endm

/* a load of the stored address d instructions after the store */
.macro ST_LD n, d, ld, st, value, offset, base, result
    li s6, \value
    la s7, \base
    li t4, 2
.Lloop\@:
    sw zero, (\offset & ~3)(s7)
    \st s6, \offset(s7)
    NOPS \d
    \ld s4, \offset(s7)
    CHECK_EQ s4, \result, \n
    TWICE_END .Lloop\@
.endm

/* all store bypass distances: checks n .. n+14 */
.macro ST_BYPASS n, ld, st, value, offset, base, result
    ST_SRC (\n), 1, 0, 0, \ld, \st, \value, \offset, \base, \result
    ST_SRC (\n + 1), 1, 0, 1, \ld, \st, \value, \offset, \base, \result
    ST_SRC (\n + 2), 1, 0, 2, \ld, \st, \value, \offset, \base, \result
    ST_SRC (\n + 3), 1, 1, 0, \ld, \st, \value, \offset, \base, \result
    ST_SRC (\n + 4), 1, 1, 1, \ld, \st, \value, \offset, \base, \result
    ST_SRC (\n + 5), 1, 2, 0, \ld, \st, \value, \offset, \base, \result
    ST_SRC (\n + 6), 2, 0, 0, \ld, \st, \value, \offset, \base, \result
    ST_SRC (\n + 7), 2, 0, 1, \ld, \st, \value, \offset, \base, \result
    ST_SRC (\n + 8), 2, 0, 2, \ld, \st, \value, \offset, \base, \result
    ST_SRC (\n + 9), 2, 1, 0, \ld, \st, \value, \offset, \base, \result
    ST_SRC (\n + 10), 2, 1, 1, \ld, \st, \value, \offset, \base, \result
    ST_SRC (\n + 11), 2, 2, 0, \ld, \st, \value, \offset, \base, \result
    ST_LD (\n + 12), 0, \ld, \st, \value, \offset, \base, \result
    ST_LD (\n + 13), 1, \ld, \st, \value, \offset, \base, \result
    ST_LD (\n + 14), 2, \ld, \st, \value, \offset, \base, \result
.endm

/* a store of value into a word filled with 0x5a bytes: the whole word read back */
.macro ST_KEEP n, st, value, off, base, word
    la a1, \base
    li a2, 0x5a5a5a5a
    sw a2, 0(a1)
    li a2, \value
    \st a2, \off(a1)
    lw a3, 0(a1)
    CHECK_EQ a3, \word, \n
.endm

/* x0 as the data, into a word of ones: the whole word read back */
.macro ST_ZERO n, st, base, word
    la a1, \base
    li a2, -1
    sw a2, 0(a1)
    \st zero, 0(a1)
    lw a3, 0(a1)
    CHECK_EQ a3, \word, \n
.endm

/* a store through base + adj at offset off, read back with ld at base + at */
.macro ST_ADJ n, ld, st, adj, off, at, base, value, result
    la a1, \base
    li a2, \adj
    add a1, a1, a2
    li a2, \value
    \st a2, \off(a1)
    la a1, \base
    \ld a3, \at(a1)
    CHECK_EQ a3, \result, \n
.endm

/* ---- branches ---------------------------------------------------------------- */

/* taken forward, then taken backward */
.macro BR_TAKEN n, op, a, b
    li a1, \a
    li a2, \b
    \op a1, a2, .Lfwd\@
    FAIL \n
.Lback\@:
    j .Ldone\@
.Lfwd\@:
    \op a1, a2, .Lback\@
    FAIL \n
.Ldone\@:
.endm

/* not taken forward, then not taken backward */
.macro BR_NOT n, op, a, b
    li a1, \a
    li a2, \b
    \op a1, a2, .Lbad\@
    j .Lback\@
.Lbad\@:
    FAIL \n
.Lback\@:
    \op a1, a2, .Lbad\@
.endm

/* operands made d1 and d2 apart before a branch, rs1 first (first = 1) or rs2 first
 * (first = 2); taken (to skip a FAIL) or not (falls through to a jump over it) */
.macro BR_SRC n, first, d1, d2, op, a, b, taken
    li s6, \a
    li s7, \b
    li t4, 2
.Lloop\@:
    MAKE_OPS \first, \d1, \d2
    \op s2, s3, .Lt\@
    .if \taken
    FAIL \n
    .else
    j .Lnext\@
    .endif
.Lt\@:
    .if !\taken
    FAIL \n
    .endif
.Lnext\@:
    TWICE_END .Lloop\@
.endm

/* every bypass distance, taken (a, b) and not taken (c, d): checks n .. n+23 */
.macro BR_BYPASS n, op, a, b, c, d
    BR_SRC (\n), 1, 0, 0, \op, \a, \b, 1
    BR_SRC (\n + 1), 1, 0, 1, \op, \a, \b, 1
    BR_SRC (\n + 2), 1, 0, 2, \op, \a, \b, 1
    BR_SRC (\n + 3), 1, 1, 0, \op, \a, \b, 1
    BR_SRC (\n + 4), 1, 1, 1, \op, \a, \b, 1
    BR_SRC (\n + 5), 1, 2, 0, \op, \a, \b, 1
    BR_SRC (\n + 6), 2, 0, 0, \op, \a, \b, 1
    BR_SRC (\n + 7), 2, 0, 1, \op, \a, \b, 1
    BR_SRC (\n + 8), 2, 0, 2, \op, \a, \b, 1
    BR_SRC (\n + 9), 2, 1, 0, \op, \a, \b, 1
    BR_SRC (\n + 10), 2, 1, 1, \op, \a, \b, 1
    BR_SRC (\n + 11), 2, 2, 0, \op, \a, \b, 1
    BR_SRC (\n + 12), 1, 0, 0, \op, \c, \d, 0
    BR_SRC (\n + 13), 1, 0, 1, \op, \c, \d, 0
    BR_SRC (\n + 14), 1, 0, 2, \op, \c, \d, 0
    BR_SRC (\n + 15), 1, 1, 0, \op, \c, \d, 0
    BR_SRC (\n + 16), 1, 1, 1, \op, \c, \d, 0
    BR_SRC (\n + 17), 1, 2, 0, \op, \c, \d, 0
    BR_SRC (\n + 18), 2, 0, 0, \op, \c, \d, 0
    BR_SRC (\n + 19), 2, 0, 1, \op, \c, \d, 0
    BR_SRC (\n + 20), 2, 0, 2, \op, \c, \d, 0
    BR_SRC (\n + 21), 2, 1, 0, \op, \c, \d, 0
    BR_SRC (\n + 22), 2, 1, 1, \op, \c, \d, 0
    BR_SRC (\n + 23), 2, 2, 0, \op, \c, \d, 0
.endm

/* x0 as rs1 (where = 1), as rs2 (where = 2, a in rs1) or both (where = 3): taken or not */
.macro BR_ZERO n, op, where, a, taken
    li a1, \a
    .if \where == 1
    \op zero, a1, .Lt\@
    .elseif \where == 2
    \op a1, zero, .Lt\@
    .else
    \op zero, zero, .Lt\@
    .endif
    .if \taken
    FAIL \n
    .else
    j .Lnext\@
    .endif
.Lt\@:
    .if !\taken
    FAIL \n
    .endif
.Lnext\@:
.endm

/* the instructions after a taken branch do not run; those at its target do */
.macro BR_SHADOW n, op, a, b
    li a1, \a
    li a2, \b
    li a3, 1
    \op a1, a2, .Lt\@
    addi a3, a3, 1
    addi a3, a3, 1
    addi a3, a3, 1
    addi a3, a3, 1
.Lt\@:
    addi a3, a3, 1
    addi a3, a3, 1
    CHECK_EQ a3, 3, \n
.endm

#endif /* __ASSEMBLER__ */
#endif /* ISA_MACROS_H */
