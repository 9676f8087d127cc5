/* divu: unsigned quotient, by zero (all ones), bypasses, x0 */
/* rd apart, rd = rs1, rd = rs2, rs1 = rs2; expected values from a model of the spec */
#include "isa_macros.h"

    .text
    .globl test_main
test_main:
    RR 1, divu, 0x00000014, 0x00000006, 0x00000003
    RR 2, divu, 0xffffffec, 0x00000006, 0x2aaaaaa7
    RR 3, divu, 0x00000014, 0xfffffffa, 0x00000000
    RR 4, divu, 0xffffffec, 0xfffffffa, 0x00000000
    RR 5, divu, 0x80000000, 0x00000001, 0x80000000
    RR 6, divu, 0x80000000, 0xffffffff, 0x00000000
    RR 7, divu, 0x80000000, 0x00000000, 0xffffffff
    RR 8, divu, 0x00000001, 0x00000000, 0xffffffff
    RR 9, divu, 0x00000000, 0x00000000, 0xffffffff
    RR 10, divu, 0xffffffff, 0x00000000, 0xffffffff
    RR 11, divu, 0x7fffffff, 0xffffffff, 0x00000000
    RR 12, divu, 0x7fffffff, 0x00000002, 0x3fffffff
    RR 13, divu, 0xffffffff, 0xffffffff, 0x00000001
    RR 14, divu, 0xffffffff, 0x00000002, 0x7fffffff
    RR 15, divu, 0x80000001, 0x7fffffff, 0x00000001
    RR 16, divu, 0x00000005, 0x80000000, 0x00000000
    RR 17, divu, 0x12345678, 0x0000abcd, 0x00001b20
    RR 18, divu, 0xfedcba98, 0x00000007, 0x2468acf1
    RR_SAME 19, divu, 0x00000007, 0x00000001
    RR_SAME 20, divu, 0x80000000, 0x00000001
    RR_SAME 21, divu, 0x00000000, 0xffffffff
    /* bypasses: the result and both operands at distances 0, 1, 2 */
    RR_BYPASS 100, divu, 0xffffffec, 0x00000006, 0x2aaaaaa7
    RR_ZERO 200, divu, 0x12345678, 0x0000000b, 0x00000000, 0xffffffff, 0xffffffff
    j test_pass
