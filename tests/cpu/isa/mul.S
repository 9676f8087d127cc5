/* mul: low product at the sign and size corners, all bypass distances, x0 */
/* rd apart, rd = rs1, rd = rs2, rs1 = rs2; expected values from a model of the spec */
#include "isa_macros.h"

    .text
    .globl test_main
test_main:
    RR 1, mul, 0x00000000, 0x00000000, 0x00000000
    RR 2, mul, 0x00000001, 0x00000001, 0x00000001
    RR 3, mul, 0x00000003, 0x00000007, 0x00000015
    RR 4, mul, 0x00000000, 0xffff8000, 0x00000000
    RR 5, mul, 0x80000000, 0x00000000, 0x00000000
    RR 6, mul, 0x80000000, 0xffff8000, 0x00000000
    RR 7, mul, 0xaaaaaaab, 0x0002fe7d, 0x0000ff7f
    RR 8, mul, 0x0002fe7d, 0xaaaaaaab, 0x0000ff7f
    RR 9, mul, 0xff000000, 0xff000000, 0x00000000
    RR 10, mul, 0xffffffff, 0xffffffff, 0x00000001
    RR 11, mul, 0xffffffff, 0x00000001, 0xffffffff
    RR 12, mul, 0x00000001, 0xffffffff, 0xffffffff
    RR 13, mul, 0x80000000, 0x80000000, 0x00000000
    RR 14, mul, 0x7fffffff, 0x7fffffff, 0x00000001
    RR 15, mul, 0x80000000, 0xffffffff, 0x80000000
    RR 16, mul, 0x7fffffff, 0x80000000, 0x80000000
    RR 17, mul, 0x12345678, 0x9abcdef0, 0x242d2080
    RR 18, mul, 0xfffffffe, 0x00000003, 0xfffffffa
    RR_SAME 19, mul, 0x00000007, 0x00000031
    RR_SAME 20, mul, 0x80000000, 0x00000000
    RR_SAME 21, mul, 0xffffffff, 0x00000001
    /* bypasses: the result and both operands at distances 0, 1, 2 */
    RR_BYPASS 100, mul, 0x00001234, 0xfff0abcd, 0xe8f74fa4
    RR_ZERO 200, mul, 0x12345678, 0x9abcdef0, 0x00000000, 0x00000000, 0x00000000
    j test_pass
