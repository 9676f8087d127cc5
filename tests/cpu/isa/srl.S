/* srl: every shift amount class, zero fill, only rs2[4:0] counts, bypasses, x0 */
/* rd apart, rd = rs1, rd = rs2, rs1 = rs2; expected values from a model of the spec */
#include "isa_macros.h"

    .text
    .globl test_main
test_main:
    RR 1, srl, 0x80000000, 0x00000000, 0x80000000
    RR 2, srl, 0x80000000, 0x00000001, 0x40000000
    RR 3, srl, 0x80000000, 0x00000007, 0x01000000
    RR 4, srl, 0x80000000, 0x0000000e, 0x00020000
    RR 5, srl, 0x80000000, 0x00000014, 0x00000800
    RR 6, srl, 0x80000000, 0x0000001f, 0x00000001
    RR 7, srl, 0x00000001, 0x00000000, 0x00000001
    RR 8, srl, 0x00000001, 0x00000001, 0x00000000
    RR 9, srl, 0x00000001, 0x00000007, 0x00000000
    RR 10, srl, 0x00000001, 0x0000000e, 0x00000000
    RR 11, srl, 0x00000001, 0x00000014, 0x00000000
    RR 12, srl, 0x00000001, 0x0000001f, 0x00000000
    RR 13, srl, 0xffffffff, 0x00000000, 0xffffffff
    RR 14, srl, 0xffffffff, 0x00000001, 0x7fffffff
    RR 15, srl, 0xffffffff, 0x00000007, 0x01ffffff
    RR 16, srl, 0xffffffff, 0x0000000e, 0x0003ffff
    RR 17, srl, 0xffffffff, 0x00000014, 0x00000fff
    RR 18, srl, 0xffffffff, 0x0000001f, 0x00000001
    RR 19, srl, 0x21212121, 0x00000000, 0x21212121
    RR 20, srl, 0x21212121, 0x00000001, 0x10909090
    RR 21, srl, 0x21212121, 0x00000007, 0x00424242
    RR 22, srl, 0x21212121, 0x0000000e, 0x00008484
    RR 23, srl, 0x21212121, 0x00000014, 0x00000212
    RR 24, srl, 0x21212121, 0x0000001f, 0x00000000
    RR 25, srl, 0x21212121, 0xffffffc0, 0x21212121
    RR 26, srl, 0x21212121, 0xffffffc1, 0x10909090
    RR 27, srl, 0x21212121, 0xffffffc7, 0x00424242
    RR 28, srl, 0x81818181, 0xffffffce, 0x00020606
    RR 29, srl, 0x81818181, 0x00000020, 0x81818181
    RR 30, srl, 0x81818181, 0xffffffff, 0x00000001
    RR_SAME 31, srl, 0x00000007, 0x00000000
    RR_SAME 32, srl, 0x80000000, 0x80000000
    RR_SAME 33, srl, 0xffffffff, 0x00000001
    /* bypasses: the result and both operands at distances 0, 1, 2 */
    RR_BYPASS 100, srl, 0x81818181, 0x00000007, 0x01030303
    RR_ZERO 200, srl, 0x12345678, 0x0000000b, 0x00000000, 0x12345678, 0x00000000
    j test_pass
