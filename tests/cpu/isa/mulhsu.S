/* mulhsu: high product, signed x unsigned, at the sign corners, bypasses, x0 */
/* rd apart, rd = rs1, rd = rs2, rs1 = rs2; expected values from a model of the spec */
#include "isa_macros.h"

    .text
    .globl test_main
test_main:
    RR 1, mulhsu, 0x00000000, 0x00000000, 0x00000000
    RR 2, mulhsu, 0x00000001, 0x00000001, 0x00000000
    RR 3, mulhsu, 0x00000003, 0x00000007, 0x00000000
    RR 4, mulhsu, 0x00000000, 0xffff8000, 0x00000000
    RR 5, mulhsu, 0x80000000, 0x00000000, 0x00000000
    RR 6, mulhsu, 0x80000000, 0xffff8000, 0x80004000
    RR 7, mulhsu, 0xaaaaaaab, 0x0002fe7d, 0xffff0081
    RR 8, mulhsu, 0x0002fe7d, 0xaaaaaaab, 0x0001fefe
    RR 9, mulhsu, 0xff000000, 0xff000000, 0xff010000
    RR 10, mulhsu, 0xffffffff, 0xffffffff, 0xffffffff
    RR 11, mulhsu, 0xffffffff, 0x00000001, 0xffffffff
    RR 12, mulhsu, 0x00000001, 0xffffffff, 0x00000000
    RR 13, mulhsu, 0x80000000, 0x80000000, 0xc0000000
    RR 14, mulhsu, 0x7fffffff, 0x7fffffff, 0x3fffffff
    RR 15, mulhsu, 0x80000000, 0xffffffff, 0x80000000
    RR 16, mulhsu, 0x7fffffff, 0x80000000, 0x3fffffff
    RR 17, mulhsu, 0x12345678, 0x9abcdef0, 0x0b00ea4e
    RR 18, mulhsu, 0xfffffffe, 0x00000003, 0xffffffff
    RR_SAME 19, mulhsu, 0x00000007, 0x00000000
    RR_SAME 20, mulhsu, 0x80000000, 0xc0000000
    RR_SAME 21, mulhsu, 0xffffffff, 0xffffffff
    /* bypasses: the result and both operands at distances 0, 1, 2 */
    RR_BYPASS 100, mulhsu, 0x00001234, 0xfff0abcd, 0x00001232
    RR_ZERO 200, mulhsu, 0x12345678, 0x9abcdef0, 0x00000000, 0x00000000, 0x00000000
    j test_pass
