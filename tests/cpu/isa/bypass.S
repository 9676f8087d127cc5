/* Forwarding across instruction kinds: the newest writer wins, x0 is never forwarded */
/* What a pipelined core must get right between producers (ALU, load, mul, div, CSR,
 * jal link) and consumers (ALU, address, store data, branch, jalr, CSR source). */
#include "isa_macros.h"

    .text
    .globl test_main
test_main:
    la s0, buf
    /* the newest of two writers in flight wins (distances 0 and 1) */
    li a1, 1
    li a1, 2
    add a2, a1, zero
    CHECK_EQ a2, 2, 1
    li a1, 1
    li a1, 2
    nop
    add a2, zero, a1
    CHECK_EQ a2, 2, 2
    lw a1, 0(s0)                /* a load older than an ALU write */
    li a1, 5
    add a2, a1, a1
    CHECK_EQ a2, 10, 3
    li a1, 5                    /* an ALU write older than a load */
    lw a1, 0(s0)
    add a2, a1, zero
    CHECK_EQ a2, 0x11, 4
    li a3, 3
    li a4, 7
    mul a1, a3, a4              /* a multiply, then an ALU write */
    li a1, 9
    add a2, a1, zero
    CHECK_EQ a2, 9, 5
    div a1, a4, a3              /* a divide older than an ALU write */
    li a1, 4
    add a2, a1, zero
    CHECK_EQ a2, 4, 6
    li a1, 4                    /* an ALU write older than a divide */
    div a1, a4, a3
    add a2, a1, zero
    CHECK_EQ a2, 2, 7
    /* writes to x0 are never forwarded, from any producer */
    li a1, 0x55
    addi zero, a1, 1
    add a2, zero, a1
    CHECK_EQ a2, 0x55, 10
    lw zero, 0(s0)
    add a2, zero, zero
    CHECK_EQ a2, 0, 11
    mul zero, a1, a1
    add a2, zero, zero
    CHECK_EQ a2, 0, 12
    divu zero, a1, a1
    add a2, zero, zero
    CHECK_EQ a2, 0, 13
    csrr zero, mscratch
    add a2, zero, zero
    CHECK_EQ a2, 0, 14
    jal zero, 1f
1:  add a2, zero, zero
    CHECK_EQ a2, 0, 15
    /* a load's value as the next load's address, a store's address, a store's data */
    la a1, ptr
    lw a2, 0(a1)
    lw a3, 0(a2)
    CHECK_EQ a3, 0x11, 20
    lw a2, 0(a1)
    sw a1, 4(a2)
    lw a3, 4(s0)
    CHECK_REG a3, a1, 21
    lw a2, 0(s0)
    sw a2, 8(s0)
    lw a3, 8(s0)
    CHECK_EQ a3, 0x11, 22
    lw a2, 0(s0)
    sb a2, 13(s0)
    lbu a3, 13(s0)
    CHECK_EQ a3, 0x11, 23
    /* a load's value as a branch operand (taken and not), and as a jalr target */
    lw a2, 0(s0)
    li a3, 0x11
    beq a2, a3, 2f
    FAIL 30
2:  lw a2, 0(s0)
    bne a2, a3, 3f
    j 4f
3:  FAIL 31
4:  lw a2, 16(s0)               /* the address of after_jalr */
    jalr a4, 0(a2)
    FAIL 32
after_jalr:
    /* a multiply or divide result as a branch operand, an address, store data */
    li a1, 6
    li a2, 7
    mul a3, a1, a2
    li a4, 42
    bne a3, a4, 6f
    j 7f
6:  FAIL 40
7:  li a1, 4
    mul a3, a1, a1              /* 16: an offset into buf */
    add a3, a3, s0
    lw a4, -12(a3)              /* buf + 4 */
    lw a5, 4(s0)
    CHECK_REG a4, a5, 41
    li a1, 84
    li a2, 2
    divu a3, a1, a2
    sw a3, 8(s0)
    lw a4, 8(s0)
    CHECK_EQ a4, 42, 42
    /* a CSR read used at once; a register made just before a CSR write */
    li a1, 0x1234
    csrw mscratch, a1
    csrr a2, mscratch
    addi a3, a2, 1
    CHECK_EQ a3, 0x1235, 50
    addi a1, a1, 1
    csrrw a2, mscratch, a1      /* old 0x1234 out, new 0x1235 in */
    csrr a3, mscratch
    CHECK_EQ a2, 0x1234, 51
    CHECK_EQ a3, 0x1235, 52
    lw a1, 0(s0)
    csrw mscratch, a1           /* a load's value as a CSR source */
    csrr a3, mscratch
    CHECK_EQ a3, 0x11, 53
    /* jal's link as an ALU operand and a store's data, at once */
    jal a1, 8f
9:  j 10f
8:  sw a1, 8(s0)
    lw a2, 8(s0)
    la a3, 9b
    CHECK_REG a2, a3, 60
    jr a1
10: j test_pass

    .data
    .align 2
buf:
    .word 0x11, 0, 0, 0, after_jalr
ptr:
    .word buf
