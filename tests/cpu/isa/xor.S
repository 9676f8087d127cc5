/* xor: bit patterns, all bypass distances, x0 */
/* rd apart, rd = rs1, rd = rs2, rs1 = rs2; expected values from a model of the spec */
#include "isa_macros.h"

    .text
    .globl test_main
test_main:
    RR 1, xor, 0xff00ff00, 0x0f0f0f0f, 0xf00ff00f
    RR 2, xor, 0x0ff00ff0, 0xf0f0f0f0, 0xff00ff00
    RR 3, xor, 0x00ff00ff, 0x0f0f0f0f, 0x0ff00ff0
    RR 4, xor, 0xf00ff00f, 0xf0f0f0f0, 0x00ff00ff
    RR 5, xor, 0x00000000, 0xffffffff, 0xffffffff
    RR 6, xor, 0xffffffff, 0xffffffff, 0x00000000
    RR 7, xor, 0x12345678, 0x00000000, 0x12345678
    RR 8, xor, 0xaaaaaaaa, 0x55555555, 0xffffffff
    RR_SAME 9, xor, 0x00000007, 0x00000000
    RR_SAME 10, xor, 0x80000000, 0x00000000
    RR_SAME 11, xor, 0xffffffff, 0x00000000
    /* bypasses: the result and both operands at distances 0, 1, 2 */
    RR_BYPASS 100, xor, 0x12345678, 0x9abcdef0, 0x88888888
    RR_ZERO 200, xor, 0x12345678, 0x9abcdef0, 0x9abcdef0, 0x12345678, 0x00000000
    j test_pass
