/* Misaligned jump targets (no C: 4-byte alignment): the jump traps, mcause 0, no link */
/* rv32mi ma_fetch; mepc = the jump, mtval = the target; jalr drops bit 0 only; a branch
 * not taken never traps; every branch kind, and the target register just made */
#include "isa_macros.h"

    .text
    .globl test_main
test_main:
    ALLOW_TRAPS 1
    /* jalr to +2: traps, t1 (the link register) not written */
    li t1, 0
    la t0, 1f
m1: jalr t1, 2(t0)
1:  CHECK_TRAP 10, 0, m1, 1b + 2, 1
    CHECK_EQ t1, 0, 14
    /* jalr to +1: bit 0 cleared, no trap */
    la t0, 2f
    jalr t1, 1(t0)
l2: FAIL 20
2:  CHECK_ADDR t1, l2, 21
    /* jalr to +3: bit 0 cleared, +2 remains: traps with mtval = +2 */
    li t1, 0
    la t0, 3f
m3: jalr t1, 3(t0)
3:  CHECK_TRAP 30, 0, m3, 3b + 2, 2
    CHECK_EQ t1, 0, 34
    /* jal to +2 */
    li t1, 0
m4: jal t1, 4f + 2
4:  CHECK_TRAP 40, 0, m4, 4b + 2, 3
    CHECK_EQ t1, 0, 44
    /* every branch kind, taken, to +2; and not taken: no trap */
    li a1, 1
    li a2, 2
m5: beq a1, a1, 5f + 2
5:  CHECK_TRAP 50, 0, m5, 5b + 2, 4
m6: bne a1, a2, 6f + 2
6:  CHECK_TRAP 60, 0, m6, 6b + 2, 5
m7: blt a1, a2, 7f + 2
7:  CHECK_TRAP 70, 0, m7, 7b + 2, 6
m8: bge a2, a1, 8f + 2
8:  CHECK_TRAP 80, 0, m8, 8b + 2, 7
m9: bltu a1, a2, 9f + 2
9:  CHECK_TRAP 90, 0, m9, 9b + 2, 8
m10: bgeu a2, a1, 10f + 2
10: CHECK_TRAP 100, 0, m10, 10b + 2, 9
    beq a1, a2, 11f + 2
    bne a1, a1, 11f + 2
    blt a2, a1, 11f + 2
    bge a1, a2, 11f + 2
    bltu a2, a1, 11f + 2
    bgeu a1, a2, 11f + 2
11: TRAP_FIELD a3, TI_COUNT
    CHECK_EQ a3, 9, 110
    /* a backward branch to a misaligned target */
    j 13f
12: nop
13:
m13: beq zero, zero, 12b + 2
    CHECK_TRAP 120, 0, m13, 12b + 2, 10
    /* the target register made just before the jalr (distance 0 and 1) */
    la t2, 14f + 2
    li t1, 0
    addi t0, t2, 0
m14: jalr t1, 0(t0)
14: CHECK_TRAP 130, 0, m14, 14b + 2, 11
    CHECK_EQ t1, 0, 134
    addi t0, t2, 4
    nop
m15: jalr t1, 0(t0)
    CHECK_TRAP 140, 0, m15, 14b + 6, 12
    /* misa.C cannot be set (IALIGN stays 32) */
    csrsi misa, 4
    csrr a3, misa
    andi a3, a3, 4
    CHECK_EQ a3, 0, 150
    j test_pass
