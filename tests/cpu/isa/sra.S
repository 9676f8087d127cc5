/* sra: every shift amount class, sign fill, only rs2[4:0] counts, bypasses, x0 */
/* rd apart, rd = rs1, rd = rs2, rs1 = rs2; expected values from a model of the spec */
#include "isa_macros.h"

    .text
    .globl test_main
test_main:
    RR 1, sra, 0x80000000, 0x00000000, 0x80000000
    RR 2, sra, 0x80000000, 0x00000001, 0xc0000000
    RR 3, sra, 0x80000000, 0x00000007, 0xff000000
    RR 4, sra, 0x80000000, 0x0000000e, 0xfffe0000
    RR 5, sra, 0x80000000, 0x00000014, 0xfffff800
    RR 6, sra, 0x80000000, 0x0000001f, 0xffffffff
    RR 7, sra, 0x00000001, 0x00000000, 0x00000001
    RR 8, sra, 0x00000001, 0x00000001, 0x00000000
    RR 9, sra, 0x00000001, 0x00000007, 0x00000000
    RR 10, sra, 0x00000001, 0x0000000e, 0x00000000
    RR 11, sra, 0x00000001, 0x00000014, 0x00000000
    RR 12, sra, 0x00000001, 0x0000001f, 0x00000000
    RR 13, sra, 0xffffffff, 0x00000000, 0xffffffff
    RR 14, sra, 0xffffffff, 0x00000001, 0xffffffff
    RR 15, sra, 0xffffffff, 0x00000007, 0xffffffff
    RR 16, sra, 0xffffffff, 0x0000000e, 0xffffffff
    RR 17, sra, 0xffffffff, 0x00000014, 0xffffffff
    RR 18, sra, 0xffffffff, 0x0000001f, 0xffffffff
    RR 19, sra, 0x21212121, 0x00000000, 0x21212121
    RR 20, sra, 0x21212121, 0x00000001, 0x10909090
    RR 21, sra, 0x21212121, 0x00000007, 0x00424242
    RR 22, sra, 0x21212121, 0x0000000e, 0x00008484
    RR 23, sra, 0x21212121, 0x00000014, 0x00000212
    RR 24, sra, 0x21212121, 0x0000001f, 0x00000000
    RR 25, sra, 0x21212121, 0xffffffc0, 0x21212121
    RR 26, sra, 0x21212121, 0xffffffc1, 0x10909090
    RR 27, sra, 0x21212121, 0xffffffc7, 0x00424242
    RR 28, sra, 0x81818181, 0xffffffce, 0xfffe0606
    RR 29, sra, 0x81818181, 0x00000020, 0x81818181
    RR 30, sra, 0x81818181, 0xffffffff, 0xffffffff
    RR_SAME 31, sra, 0x00000007, 0x00000000
    RR_SAME 32, sra, 0x80000000, 0x80000000
    RR_SAME 33, sra, 0xffffffff, 0xffffffff
    /* bypasses: the result and both operands at distances 0, 1, 2 */
    RR_BYPASS 100, sra, 0x81818181, 0x00000007, 0xff030303
    RR_ZERO 200, sra, 0x12345678, 0x0000000b, 0x00000000, 0x12345678, 0x00000000
    j test_pass
