/* x0 stays zero: writes from the ALU, lui, auipc, loads, jal, jalr, CSRs, mul, div */
#include "test_macros.h"

    .text
    .globl test_main
test_main:
    li a1, 0x1234
    li a2, 0x5678
    la s0, word
    addi x0, x0, 5
    CHECK_EQ x0, 0, 1
    add x0, a1, a2
    CHECK_EQ x0, 0, 2
    lui x0, 0x12345
    CHECK_EQ x0, 0, 3
    auipc x0, 0x12345
    CHECK_EQ x0, 0, 4
    lw x0, 0(s0)
    CHECK_EQ x0, 0, 5
    lbu x0, 0(s0)
    CHECK_EQ x0, 0, 6
    jal x0, 1f
1:  CHECK_EQ x0, 0, 7
    la a3, 2f
    jalr x0, 0(a3)
2:  CHECK_EQ x0, 0, 8
    li a3, 0x55
    csrw mscratch, a3
    csrrw x0, mscratch, a3
    CHECK_EQ x0, 0, 9
    csrrs x0, mscratch, zero
    CHECK_EQ x0, 0, 10
    mul x0, a1, a2
    CHECK_EQ x0, 0, 11
    mulhu x0, a1, a2
    CHECK_EQ x0, 0, 12
    div x0, a2, a1
    CHECK_EQ x0, 0, 13
    remu x0, a2, a1
    CHECK_EQ x0, 0, 14
    /* x0 as a source reads 0, in both operand positions */
    add a4, x0, x0
    CHECK_EQ a4, 0, 15
    sub a4, a1, x0
    CHECK_EQ a4, 0x1234, 16
    or a4, x0, a2
    CHECK_EQ a4, 0x5678, 17
    sw x0, 0(s0)
    lw a4, 0(s0)
    CHECK_EQ a4, 0, 18
    j test_pass

    .data
    .align 2
word:
    .word 0xdeadbeef
