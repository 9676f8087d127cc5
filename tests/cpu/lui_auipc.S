/* lui and auipc: upper immediates, pc-relative results, sign of the immediate */
#include "test_macros.h"

    .text
    .globl test_main
test_main:
    lui a1, 0x12345
    CHECK_EQ a1, 0x12345000, 1
    lui a1, 0xfffff
    CHECK_EQ a1, 0xfffff000, 2
    lui a1, 0x80000
    CHECK_EQ a1, 0x80000000, 3
    lui a1, 0
    CHECK_EQ a1, 0, 4
here:
    auipc a1, 0
    CHECK_ADDR a1, here, 5
here2:
    auipc a1, 1
    la a2, here2
    li t5, 0x1000
    add a2, a2, t5
    CHECK_REG a1, a2, 6
here3:
    auipc a1, 0xfffff                   /* pc - 4096: wraps below 0 */
    la a2, here3
    li t5, 0x1000
    sub a2, a2, t5
    CHECK_REG a1, a2, 7
    /* lui then addi with a negative low part, as li builds constants */
    lui a1, 0x12346
    addi a1, a1, -0x544
    CHECK_EQ a1, 0x12345abc, 8
    j test_pass
