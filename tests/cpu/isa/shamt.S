/* Shift-immediate encodings: shamt bit 5 set (an RV64 amount) is illegal in RV32 */
/* rv32mi shamt; slli, srli and srai with shamt[5], and shamt[4] legal next to them */
#include "isa_macros.h"

    .text
    .globl test_main
test_main:
    ALLOW_TRAPS 1
    li a1, 1
    slli a1, a1, 16                 /* shamt[4] set: legal */
    CHECK_EQ a1, 0x10000, 1
    li a1, 0x4321
s1: .word 0x02059593                /* slli a1, a1, 32 */
    CHECK_ILLEGAL 10, s1, 1
    CHECK_EQ a1, 0x4321, 14
s2: .word 0x0205d593                /* srli a1, a1, 32 */
    CHECK_ILLEGAL 20, s2, 2
s3: .word 0x4205d593                /* srai a1, a1, 32 */
    CHECK_ILLEGAL 30, s3, 3
s4: .word 0x03f59593                /* slli a1, a1, 63 */
    CHECK_ILLEGAL 40, s4, 4
s5: .word 0x43f5d593                /* srai a1, a1, 63 */
    CHECK_ILLEGAL 50, s5, 5
    CHECK_EQ a1, 0x4321, 54
    li a1, 0x80000000
    srai a1, a1, 31                 /* the largest legal amounts */
    CHECK_EQ a1, 0xffffffff, 60
    srli a1, a1, 31
    CHECK_EQ a1, 1, 61
    slli a1, a1, 31
    CHECK_EQ a1, 0x80000000, 62
    TRAP_FIELD a2, TI_COUNT
    CHECK_EQ a2, 5, 63
    j test_pass
