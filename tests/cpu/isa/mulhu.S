/* mulhu: high product, unsigned x unsigned, at the corners, bypasses, x0 */
/* rd apart, rd = rs1, rd = rs2, rs1 = rs2; expected values from a model of the spec */
#include "isa_macros.h"

    .text
    .globl test_main
test_main:
    RR 1, mulhu, 0x00000000, 0x00000000, 0x00000000
    RR 2, mulhu, 0x00000001, 0x00000001, 0x00000000
    RR 3, mulhu, 0x00000003, 0x00000007, 0x00000000
    RR 4, mulhu, 0x00000000, 0xffff8000, 0x00000000
    RR 5, mulhu, 0x80000000, 0x00000000, 0x00000000
    RR 6, mulhu, 0x80000000, 0xffff8000, 0x7fffc000
    RR 7, mulhu, 0xaaaaaaab, 0x0002fe7d, 0x0001fefe
    RR 8, mulhu, 0x0002fe7d, 0xaaaaaaab, 0x0001fefe
    RR 9, mulhu, 0xff000000, 0xff000000, 0xfe010000
    RR 10, mulhu, 0xffffffff, 0xffffffff, 0xfffffffe
    RR 11, mulhu, 0xffffffff, 0x00000001, 0x00000000
    RR 12, mulhu, 0x00000001, 0xffffffff, 0x00000000
    RR 13, mulhu, 0x80000000, 0x80000000, 0x40000000
    RR 14, mulhu, 0x7fffffff, 0x7fffffff, 0x3fffffff
    RR 15, mulhu, 0x80000000, 0xffffffff, 0x7fffffff
    RR 16, mulhu, 0x7fffffff, 0x80000000, 0x3fffffff
    RR 17, mulhu, 0x12345678, 0x9abcdef0, 0x0b00ea4e
    RR 18, mulhu, 0xfffffffe, 0x00000003, 0x00000002
    RR_SAME 19, mulhu, 0x00000007, 0x00000000
    RR_SAME 20, mulhu, 0x80000000, 0x40000000
    RR_SAME 21, mulhu, 0xffffffff, 0xfffffffe
    /* bypasses: the result and both operands at distances 0, 1, 2 */
    RR_BYPASS 100, mulhu, 0x00001234, 0xfff0abcd, 0x00001232
    RR_ZERO 200, mulhu, 0x12345678, 0x9abcdef0, 0x00000000, 0x00000000, 0x00000000
    j test_pass
