/* Counters: mcycle and minstret with their high halves, carries, writes, the aliases */
/* rv32mi (zicntr, instret_overflow): exact instret counts, a write wins over the count,
 * the carry from a low half into its high half, cycle/instret(h) equal to the m-names */
#include "isa_macros.h"

    .text
    .globl test_main
test_main:
    /* minstret counts every instruction that retires, exactly */
    csrr a1, minstret
    nop
    addi a3, a3, 1
    beq zero, zero, 1f
1:  csrr a2, minstret
    sub a3, a2, a1
    CHECK_EQ a3, 4, 1           /* the first csrr, nop, addi, beq */
    /* loads, stores, mul, div, jal, jalr, a branch not taken count once */
    la s0, word
    csrr a1, minstret
    lw a4, 0(s0)
    sw a4, 0(s0)
    mul a4, a4, a4
    divu a4, a4, a1
    jal a5, 2f
2:  jalr a5, 4(a5)
    bne zero, zero, 3f
3:  csrr a2, minstret
    sub a3, a2, a1
    CHECK_EQ a3, 8, 2
    /* a write to minstret wins: the next instruction reads the value written */
    csrwi minstret, 0
    csrr a1, minstret
    CHECK_EQ a1, 0, 3
    li a2, 1000
    csrw minstret, a2
    csrr a1, minstret
    csrr a3, minstret
    CHECK_EQ a1, 1000, 4
    CHECK_EQ a3, 1001, 5
    /* the carry out of minstret into minstreth */
    csrw minstreth, zero
    li a2, -1
    csrw minstret, a2
    nop                         /* counted: minstret wraps to 0, minstreth 1 */
    csrr a1, minstreth
    csrr a3, minstret
    CHECK_EQ a1, 1, 6
    CHECK_EQ a3, 1, 7           /* the csrr of minstreth counted */
    /* instret_overflow: all ones in both halves, then one instruction: 0 */
    li a2, -1
    csrw minstret, a2
    csrw minstreth, a2          /* a write to the high half wins too */
    nop
    csrr a1, minstret
    CHECK_EQ a1, 0, 8
    csrr a1, minstreth
    CHECK_EQ a1, 0, 9
    /* the aliases read the same counters */
    li a2, 0x55
    csrw minstreth, a2
    csrr a1, instreth
    CHECK_EQ a1, 0x55, 10
    li a2, 5000
    csrw minstret, a2
    csrr a1, instret
    CHECK_EQ a1, 5000, 11
    /* mcycle: written, it counts on from the value written */
    csrwi mcycle, 0
    csrr a1, mcycle
    li a4, 64
    bgeu a1, a4, bad_cycle      /* a few cycles at most, whatever the bus */
    csrr a1, mcycle
    csrr a2, cycle
    sub a3, a2, a1
    beqz a3, bad_cycle          /* it moves every instruction */
    bgeu a3, a4, bad_cycle
    /* the carry out of mcycle into mcycleh */
    li a2, 7
    csrw mcycleh, a2
    li a2, -4
    csrw mcycle, a2             /* six instructions take six cycles at least */
    nop
    nop
    nop
    nop
    nop
    nop
    csrr a1, mcycleh
    CHECK_EQ a1, 8, 20
    csrr a1, cycleh
    CHECK_EQ a1, 8, 21
    csrr a1, mcycle
    li a4, 1000
    bgeu a1, a4, bad_cycle      /* it wrapped and counts from 0 */
    /* mcycleh written: the low half keeps counting */
    li a2, 0x1234
    csrw mcycleh, a2
    csrr a1, cycleh
    CHECK_EQ a1, 0x1234, 22
    /* reading the 64-bit cycle count the documented way (high, low, high again) */
    csrwi mcycleh, 0
1:  csrr a1, cycleh
    csrr a2, cycle
    csrr a3, cycleh
    bne a1, a3, 1b
    CHECK_EQ a1, 0, 23
    j test_pass

bad_cycle:
    FAIL 30

    .data
    .align 2
word:
    .word 3
