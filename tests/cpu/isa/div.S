/* div: signed quotient, rounding toward zero, by zero (-1), INT_MIN / -1, bypasses, x0 */
/* rd apart, rd = rs1, rd = rs2, rs1 = rs2; expected values from a model of the spec */
#include "isa_macros.h"

    .text
    .globl test_main
test_main:
    RR 1, div, 0x00000014, 0x00000006, 0x00000003
    RR 2, div, 0xffffffec, 0x00000006, 0xfffffffd
    RR 3, div, 0x00000014, 0xfffffffa, 0xfffffffd
    RR 4, div, 0xffffffec, 0xfffffffa, 0x00000003
    RR 5, div, 0x80000000, 0x00000001, 0x80000000
    RR 6, div, 0x80000000, 0xffffffff, 0x80000000
    RR 7, div, 0x80000000, 0x00000000, 0xffffffff
    RR 8, div, 0x00000001, 0x00000000, 0xffffffff
    RR 9, div, 0x00000000, 0x00000000, 0xffffffff
    RR 10, div, 0xffffffff, 0x00000000, 0xffffffff
    RR 11, div, 0x7fffffff, 0xffffffff, 0x80000001
    RR 12, div, 0x7fffffff, 0x00000002, 0x3fffffff
    RR 13, div, 0xffffffff, 0xffffffff, 0x00000001
    RR 14, div, 0xffffffff, 0x00000002, 0x00000000
    RR 15, div, 0x80000001, 0x7fffffff, 0xffffffff
    RR 16, div, 0x00000005, 0x80000000, 0x00000000
    RR 17, div, 0x12345678, 0x0000abcd, 0x00001b20
    RR 18, div, 0xfedcba98, 0x00000007, 0xffd663cd
    RR_SAME 19, div, 0x00000007, 0x00000001
    RR_SAME 20, div, 0x80000000, 0x00000001
    RR_SAME 21, div, 0x00000000, 0xffffffff
    /* bypasses: the result and both operands at distances 0, 1, 2 */
    RR_BYPASS 100, div, 0xffffffec, 0x00000006, 0xfffffffd
    RR_ZERO 200, div, 0x12345678, 0x0000000b, 0x00000000, 0xffffffff, 0xffffffff
    j test_pass
