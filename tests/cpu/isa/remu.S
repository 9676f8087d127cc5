/* remu: unsigned remainder, by zero (the dividend), bypasses, x0 */
/* rd apart, rd = rs1, rd = rs2, rs1 = rs2; expected values from a model of the spec */
#include "isa_macros.h"

    .text
    .globl test_main
test_main:
    RR 1, remu, 0x00000014, 0x00000006, 0x00000002
    RR 2, remu, 0xffffffec, 0x00000006, 0x00000002
    RR 3, remu, 0x00000014, 0xfffffffa, 0x00000014
    RR 4, remu, 0xffffffec, 0xfffffffa, 0xffffffec
    RR 5, remu, 0x80000000, 0x00000001, 0x00000000
    RR 6, remu, 0x80000000, 0xffffffff, 0x80000000
    RR 7, remu, 0x80000000, 0x00000000, 0x80000000
    RR 8, remu, 0x00000001, 0x00000000, 0x00000001
    RR 9, remu, 0x00000000, 0x00000000, 0x00000000
    RR 10, remu, 0xffffffff, 0x00000000, 0xffffffff
    RR 11, remu, 0x7fffffff, 0xffffffff, 0x7fffffff
    RR 12, remu, 0x7fffffff, 0x00000002, 0x00000001
    RR 13, remu, 0xffffffff, 0xffffffff, 0x00000000
    RR 14, remu, 0xffffffff, 0x00000002, 0x00000001
    RR 15, remu, 0x80000001, 0x7fffffff, 0x00000002
    RR 16, remu, 0x00000005, 0x80000000, 0x00000005
    RR 17, remu, 0x12345678, 0x0000abcd, 0x00003dd8
    RR 18, remu, 0xfedcba98, 0x00000007, 0x00000001
    RR_SAME 19, remu, 0x00000007, 0x00000000
    RR_SAME 20, remu, 0x80000000, 0x00000000
    RR_SAME 21, remu, 0x00000000, 0x00000000
    /* bypasses: the result and both operands at distances 0, 1, 2 */
    RR_BYPASS 100, remu, 0xffffffec, 0x00000006, 0x00000002
    RR_ZERO 200, remu, 0x12345678, 0x0000000b, 0x00000000, 0x12345678, 0x00000000
    j test_pass
