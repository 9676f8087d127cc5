/* Misaligned loads, stores, jumps and branches trap (not split): mcause, mepc, mtval */
/* A misaligned load leaves rd alone, a misaligned store leaves memory alone, a jump
 * or taken branch to a target that is not 4-byte aligned traps on the jump itself
 * with mtval = the target and writes no link register. */
#include "test_macros.h"

    .text
    .globl test_main
test_main:
    ALLOW_TRAPS 1
    la s0, buf
    li a1, 0x11223344
    sw a1, 0(s0)
    sw a1, 4(s0)
    li a2, 0x77
t1: lh a2, 1(s0)
    CHECK_TRAP 10, 4, t1, buf + 1, 1
    CHECK_EQ a2, 0x77, 14
t2: lhu a2, 3(s0)
    CHECK_TRAP 20, 4, t2, buf + 3, 2
t3: lw a2, 2(s0)
    CHECK_TRAP 30, 4, t3, buf + 2, 3
t4: lw a2, 1(s0)
    CHECK_TRAP 40, 4, t4, buf + 1, 4
t5: lw a2, 7(s0)
    CHECK_TRAP 50, 4, t5, buf + 7, 5
    CHECK_EQ a2, 0x77, 54
    li a3, 0xaabbccdd
t6: sh a3, 1(s0)
    CHECK_TRAP 60, 6, t6, buf + 1, 6
t7: sw a3, 2(s0)
    CHECK_TRAP 70, 6, t7, buf + 2, 7
t8: sw a3, 3(s0)
    CHECK_TRAP 80, 6, t8, buf + 3, 8
    lw a2, 0(s0)
    CHECK_EQ a2, 0x11223344, 84
    lw a2, 4(s0)
    CHECK_EQ a2, 0x11223344, 85
    /* aligned halves and bytes do not trap */
    lh a2, 2(s0)
    lb a2, 3(s0)
    sh a3, 2(s0)
    sb a3, 1(s0)
    TRAP_FIELD a2, TI_COUNT
    CHECK_EQ a2, 8, 86
    /* jumps and branches to pc + 2 modulo 4 */
    li a4, 0x99
t9: jal a4, target + 2
    CHECK_TRAP 90, 0, t9, target + 2, 9
    CHECK_EQ a4, 0x99, 94
    la a5, target + 2
t10: jalr a4, 0(a5)
    CHECK_TRAP 100, 0, t10, target + 2, 10
    CHECK_EQ a4, 0x99, 104
t11: jalr a4, 3(a5)             /* (target + 5) & ~1 = target + 4: aligned, no trap */
    j fail_jump
t12: beq zero, zero, target + 2
    CHECK_TRAP 120, 0, t12, target + 2, 11
t13: bne zero, zero, target + 2 /* not taken: no trap */
    TRAP_FIELD a2, TI_COUNT
    CHECK_EQ a2, 11, 130
    j test_pass

fail_jump:
    li a0, 200
    j test_fail

    .align 2
target:
    j fail_jump
    CHECK_ADDR a4, t11 + 4, 110
    j t12

    .data
    .align 2
buf:
    .word 0, 0
