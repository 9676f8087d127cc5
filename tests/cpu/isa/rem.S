/* rem: signed remainder (sign of the dividend), by zero, INT_MIN % -1, bypasses, x0 */
/* rd apart, rd = rs1, rd = rs2, rs1 = rs2; expected values from a model of the spec */
#include "isa_macros.h"

    .text
    .globl test_main
test_main:
    RR 1, rem, 0x00000014, 0x00000006, 0x00000002
    RR 2, rem, 0xffffffec, 0x00000006, 0xfffffffe
    RR 3, rem, 0x00000014, 0xfffffffa, 0x00000002
    RR 4, rem, 0xffffffec, 0xfffffffa, 0xfffffffe
    RR 5, rem, 0x80000000, 0x00000001, 0x00000000
    RR 6, rem, 0x80000000, 0xffffffff, 0x00000000
    RR 7, rem, 0x80000000, 0x00000000, 0x80000000
    RR 8, rem, 0x00000001, 0x00000000, 0x00000001
    RR 9, rem, 0x00000000, 0x00000000, 0x00000000
    RR 10, rem, 0xffffffff, 0x00000000, 0xffffffff
    RR 11, rem, 0x7fffffff, 0xffffffff, 0x00000000
    RR 12, rem, 0x7fffffff, 0x00000002, 0x00000001
    RR 13, rem, 0xffffffff, 0xffffffff, 0x00000000
    RR 14, rem, 0xffffffff, 0x00000002, 0xffffffff
    RR 15, rem, 0x80000001, 0x7fffffff, 0x00000000
    RR 16, rem, 0x00000005, 0x80000000, 0x00000005
    RR 17, rem, 0x12345678, 0x0000abcd, 0x00003dd8
    RR 18, rem, 0xfedcba98, 0x00000007, 0xfffffffd
    RR_SAME 19, rem, 0x00000007, 0x00000000
    RR_SAME 20, rem, 0x80000000, 0x00000000
    RR_SAME 21, rem, 0x00000000, 0x00000000
    /* bypasses: the result and both operands at distances 0, 1, 2 */
    RR_BYPASS 100, rem, 0xffffffec, 0x00000006, 0xfffffffe
    RR_ZERO 200, rem, 0x12345678, 0x0000000b, 0x00000000, 0x12345678, 0x00000000
    j test_pass
