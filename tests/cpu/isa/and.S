/* and: bit patterns, all bypass distances, x0 */
/* rd apart, rd = rs1, rd = rs2, rs1 = rs2; expected values from a model of the spec */
#include "isa_macros.h"

    .text
    .globl test_main
test_main:
    RR 1, and, 0xff00ff00, 0x0f0f0f0f, 0x0f000f00
    RR 2, and, 0x0ff00ff0, 0xf0f0f0f0, 0x00f000f0
    RR 3, and, 0x00ff00ff, 0x0f0f0f0f, 0x000f000f
    RR 4, and, 0xf00ff00f, 0xf0f0f0f0, 0xf000f000
    RR 5, and, 0x00000000, 0xffffffff, 0x00000000
    RR 6, and, 0xffffffff, 0xffffffff, 0xffffffff
    RR 7, and, 0x12345678, 0x00000000, 0x00000000
    RR 8, and, 0xaaaaaaaa, 0x55555555, 0x00000000
    RR_SAME 9, and, 0x00000007, 0x00000007
    RR_SAME 10, and, 0x80000000, 0x80000000
    RR_SAME 11, and, 0xffffffff, 0xffffffff
    /* bypasses: the result and both operands at distances 0, 1, 2 */
    RR_BYPASS 100, and, 0x12345678, 0x9abcdef0, 0x12345670
    RR_ZERO 200, and, 0x12345678, 0x9abcdef0, 0x00000000, 0x00000000, 0x00000000
    j test_pass
