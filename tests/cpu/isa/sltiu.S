/* sltiu: unsigned compare with the sign-extended immediate (seqz), bypasses, x0 */
/* rd apart and rd = rs1; expected values from a model of the spec */
#include "isa_macros.h"

    .text
    .globl test_main
test_main:
    RI 1, sltiu, 0x00000000, 0, 0x00000000
    RI 2, sltiu, 0x00000001, 1, 0x00000000
    RI 3, sltiu, 0x00000003, 7, 0x00000001
    RI 4, sltiu, 0x00000007, 3, 0x00000000
    RI 5, sltiu, 0x00000000, -2048, 0x00000001
    RI 6, sltiu, 0x80000000, 0, 0x00000000
    RI 7, sltiu, 0x80000000, -2048, 0x00000001
    RI 8, sltiu, 0x00000000, 2047, 0x00000001
    RI 9, sltiu, 0x7fffffff, 0, 0x00000000
    RI 10, sltiu, 0x7fffffff, 2047, 0x00000000
    RI 11, sltiu, 0x80000000, 2047, 0x00000000
    RI 12, sltiu, 0x7fffffff, -2048, 0x00000001
    RI 13, sltiu, 0x00000000, -1, 0x00000001
    RI 14, sltiu, 0xffffffff, 1, 0x00000000
    RI 15, sltiu, 0xffffffff, -1, 0x00000000
    RI 16, sltiu, 0xfffff800, -2048, 0x00000000
    RI 17, sltiu, 0x000007ff, 2047, 0x00000000
    RI 18, sltiu, 0xfffff7ff, -2048, 0x00000001
    /* bypasses: the result and rs1 at distances 0, 1, 2 */
    RI_BYPASS 100, sltiu, 0xffffffff, 1, 0x00000000
    RI_ZERO 200, sltiu, 0x12345678, 2047, 0x00000001
    /* seqz is sltiu rd, rs, 1 */
    li a1, 0
    seqz a3, a1
    CHECK_EQ a3, 1, 210
    li a1, 0x80000000
    seqz a3, a1
    CHECK_EQ a3, 0, 211
    j test_pass
