/* lui: the upper 20 bits with the low 12 zero, both signs, x0, the result bypassed */
/* rv32ui lui; the result read by the next instructions and combined with addi */
#include "isa_macros.h"

    .text
    .globl test_main
test_main:
    lui a1, 0
    CHECK_EQ a1, 0x00000000, 1
    lui a1, 0xfffff
    CHECK_EQ a1, 0xfffff000, 2
    lui a1, 0x7ffff
    CHECK_EQ a1, 0x7ffff000, 3
    lui a1, 0x80000
    CHECK_EQ a1, 0x80000000, 4
    lui a1, 0x12345
    CHECK_EQ a1, 0x12345000, 5
    /* the low bits are cleared, not kept */
    li a1, -1
    lui a1, 0x00001
    CHECK_EQ a1, 0x00001000, 6
    /* lui + addi with a negative low part (what li and la build) */
    lui a1, 0x12346
    addi a1, a1, -0x800
    CHECK_EQ a1, 0x12345800, 7
    lui a1, 0x80000
    addi a1, a1, -1
    CHECK_EQ a1, 0x7fffffff, 8
    /* the result read at distances 0, 1, 2 */
    lui a1, 0xabcde
    srai a2, a1, 12
    CHECK_EQ a2, 0xfffabcde, 9
    lui a1, 0xabcde
    nop
    srli a2, a1, 12
    CHECK_EQ a2, 0x000abcde, 10
    lui a1, 0xabcde
    nop
    nop
    or a2, zero, a1
    CHECK_EQ a2, 0xabcde000, 11
    /* x0 as rd, read at once */
    lui zero, 0x80000
    add a2, zero, zero
    CHECK_EQ a2, 0, 12
    CHECK_EQ zero, 0, 12
    j test_pass
