/* auipc: pc + the upper immediate, both signs, wrap-around, x0, the result bypassed */
/* rv32ui auipc; each result is compared with the address of its own instruction */
#include "isa_macros.h"

.macro AUIPC_CHECK n, imm
1:  auipc a1, \imm
    la a2, 1b
    sub a3, a1, a2
    CHECK_EQ a3, ((\imm) << 12) & 0xffffffff, \n
.endm

    .text
    .globl test_main
test_main:
    AUIPC_CHECK 1, 0
    AUIPC_CHECK 2, 1
    AUIPC_CHECK 3, 0x7ffff
    AUIPC_CHECK 4, 0x80000
    AUIPC_CHECK 5, 0xfffff
    AUIPC_CHECK 6, 0x12345
    /* a negative immediate wraps below 0 (the program is near address 0) */
2:  auipc a1, 0xfffff
    la a2, 2b
    li a3, 0x1000
    add a1, a1, a3
    CHECK_REG a1, a2, 7
    /* auipc + addi: a pc-relative address far away (the failure path) */
3:  auipc a1, %pcrel_hi(test_fail)
    addi a1, a1, %pcrel_lo(3b)
    li a2, 0
    la a2, test_fail
    CHECK_REG a1, a2, 8
    /* the result read at distance 0 and 1 */
4:  auipc a1, 0
    addi a2, a1, 0
    la a3, 4b
    CHECK_REG a2, a3, 9
5:  auipc a1, 0
    nop
    or a2, zero, a1
    la a3, 5b
    CHECK_REG a2, a3, 10
    /* x0 as rd, read at once */
    auipc zero, 0x12345
    add a2, zero, zero
    CHECK_EQ a2, 0, 11
    CHECK_EQ zero, 0, 11
    j test_pass
