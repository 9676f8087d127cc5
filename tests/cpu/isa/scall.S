/* ecall from M mode: mcause 11, mepc = the ecall, mtval 0, MPP = M, nothing after it run */
/* rv32mi scall; registers untouched, mstatus stacked, what follows the ecall not run */
#include "isa_macros.h"

    .text
    .globl test_main
test_main:
    ALLOW_TRAPS 1
    li a1, 0x1234
    li a7, 93
e1: ecall
    CHECK_TRAP 10, 11, e1, 0, 1
    CHECK_EQ a1, 0x1234, 14
    CHECK_EQ a7, 93, 15
    TRAP_FIELD a2, TI_MSTATUS
    li a3, 0x1800
    and a2, a2, a3
    CHECK_EQ a2, 0x1800, 16         /* MPP: the trap came from M mode */
    /* the instruction after an ecall does not run before the handler returns */
    la a2, 1f
    la a3, trap_info
    sw a2, TI_RESUME(a3)
    li a4, 0
e2: ecall
    addi a4, a4, 1
1:  CHECK_EQ a4, 0, 20
    CHECK_TRAP 21, 11, e2, 0, 2
    /* back to back */
e3: ecall
e4: ecall
    CHECK_TRAP 30, 11, e4, 0, 4
    j test_pass
