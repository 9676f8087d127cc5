/* or: bit patterns, all bypass distances, x0 */
/* rd apart, rd = rs1, rd = rs2, rs1 = rs2; expected values from a model of the spec */
#include "isa_macros.h"

    .text
    .globl test_main
test_main:
    RR 1, or, 0xff00ff00, 0x0f0f0f0f, 0xff0fff0f
    RR 2, or, 0x0ff00ff0, 0xf0f0f0f0, 0xfff0fff0
    RR 3, or, 0x00ff00ff, 0x0f0f0f0f, 0x0fff0fff
    RR 4, or, 0xf00ff00f, 0xf0f0f0f0, 0xf0fff0ff
    RR 5, or, 0x00000000, 0xffffffff, 0xffffffff
    RR 6, or, 0xffffffff, 0xffffffff, 0xffffffff
    RR 7, or, 0x12345678, 0x00000000, 0x12345678
    RR 8, or, 0xaaaaaaaa, 0x55555555, 0xffffffff
    RR_SAME 9, or, 0x00000007, 0x00000007
    RR_SAME 10, or, 0x80000000, 0x80000000
    RR_SAME 11, or, 0xffffffff, 0xffffffff
    /* bypasses: the result and both operands at distances 0, 1, 2 */
    RR_BYPASS 100, or, 0x12345678, 0x9abcdef0, 0x9abcdef8
    RR_ZERO 200, or, 0x12345678, 0x9abcdef0, 0x9abcdef0, 0x12345678, 0x00000000
    j test_pass
