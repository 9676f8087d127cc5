/* mulh: high product, signed x signed, at the sign corners, bypasses, x0 */
/* rd apart, rd = rs1, rd = rs2, rs1 = rs2; expected values from a model of the spec */
#include "isa_macros.h"

    .text
    .globl test_main
test_main:
    RR 1, mulh, 0x00000000, 0x00000000, 0x00000000
    RR 2, mulh, 0x00000001, 0x00000001, 0x00000000
    RR 3, mulh, 0x00000003, 0x00000007, 0x00000000
    RR 4, mulh, 0x00000000, 0xffff8000, 0x00000000
    RR 5, mulh, 0x80000000, 0x00000000, 0x00000000
    RR 6, mulh, 0x80000000, 0xffff8000, 0x00004000
    RR 7, mulh, 0xaaaaaaab, 0x0002fe7d, 0xffff0081
    RR 8, mulh, 0x0002fe7d, 0xaaaaaaab, 0xffff0081
    RR 9, mulh, 0xff000000, 0xff000000, 0x00010000
    RR 10, mulh, 0xffffffff, 0xffffffff, 0x00000000
    RR 11, mulh, 0xffffffff, 0x00000001, 0xffffffff
    RR 12, mulh, 0x00000001, 0xffffffff, 0xffffffff
    RR 13, mulh, 0x80000000, 0x80000000, 0x40000000
    RR 14, mulh, 0x7fffffff, 0x7fffffff, 0x3fffffff
    RR 15, mulh, 0x80000000, 0xffffffff, 0x00000000
    RR 16, mulh, 0x7fffffff, 0x80000000, 0xc0000000
    RR 17, mulh, 0x12345678, 0x9abcdef0, 0xf8cc93d6
    RR 18, mulh, 0xfffffffe, 0x00000003, 0xffffffff
    RR_SAME 19, mulh, 0x00000007, 0x00000000
    RR_SAME 20, mulh, 0x80000000, 0x40000000
    RR_SAME 21, mulh, 0xffffffff, 0x00000000
    /* bypasses: the result and both operands at distances 0, 1, 2 */
    RR_BYPASS 100, mulh, 0x00001234, 0xfff0abcd, 0xfffffffe
    RR_ZERO 200, mulh, 0x12345678, 0x9abcdef0, 0x00000000, 0x00000000, 0x00000000
    j test_pass
