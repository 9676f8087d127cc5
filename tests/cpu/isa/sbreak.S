/* ebreak: mcause 3, mepc = the ebreak, mtval 0 (the spec allows 0), nothing after it run */
/* rv32mi sbreak; registers untouched, what follows the ebreak not run */
#include "isa_macros.h"

    .text
    .globl test_main
test_main:
    ALLOW_TRAPS 1
    li a1, 0x1234
e1: ebreak
    CHECK_TRAP 10, 3, e1, 0, 1
    CHECK_EQ a1, 0x1234, 14
    la a2, 1f
    la a3, trap_info
    sw a2, TI_RESUME(a3)
    li a4, 0
e2: ebreak
    addi a4, a4, 1
1:  CHECK_EQ a4, 0, 20
    CHECK_TRAP 21, 3, e2, 0, 2
    /* ebreak right after a taken branch lands, and an ecall right after it */
    beq zero, zero, 2f
    FAIL 30
2:
e3: ebreak
e4: ecall
    CHECK_TRAP 31, 11, e4, 0, 4
    j test_pass
