/* srai: every shift amount 0..31, sign fill, bypasses, x0 */
/* rd apart and rd = rs1; expected values from a model of the spec */
#include "isa_macros.h"

    .text
    .globl test_main
test_main:
    RI 1, srai, 0x80000000, 0, 0x80000000
    RI 2, srai, 0x80000000, 1, 0xc0000000
    RI 3, srai, 0x80000000, 7, 0xff000000
    RI 4, srai, 0x80000000, 14, 0xfffe0000
    RI 5, srai, 0x80000000, 20, 0xfffff800
    RI 6, srai, 0x80000000, 31, 0xffffffff
    RI 7, srai, 0x00000001, 0, 0x00000001
    RI 8, srai, 0x00000001, 1, 0x00000000
    RI 9, srai, 0x00000001, 7, 0x00000000
    RI 10, srai, 0x00000001, 14, 0x00000000
    RI 11, srai, 0x00000001, 20, 0x00000000
    RI 12, srai, 0x00000001, 31, 0x00000000
    RI 13, srai, 0xffffffff, 0, 0xffffffff
    RI 14, srai, 0xffffffff, 1, 0xffffffff
    RI 15, srai, 0xffffffff, 7, 0xffffffff
    RI 16, srai, 0xffffffff, 14, 0xffffffff
    RI 17, srai, 0xffffffff, 20, 0xffffffff
    RI 18, srai, 0xffffffff, 31, 0xffffffff
    RI 19, srai, 0x21212121, 0, 0x21212121
    RI 20, srai, 0x21212121, 1, 0x10909090
    RI 21, srai, 0x21212121, 7, 0x00424242
    RI 22, srai, 0x21212121, 14, 0x00008484
    RI 23, srai, 0x21212121, 20, 0x00000212
    RI 24, srai, 0x21212121, 31, 0x00000000
    RI 25, srai, 0x81818181, 0, 0x81818181
    RI 26, srai, 0x81818181, 1, 0xc0c0c0c0
    RI 27, srai, 0x81818181, 7, 0xff030303
    RI 28, srai, 0x81818181, 14, 0xfffe0606
    RI 29, srai, 0x81818181, 20, 0xfffff818
    RI 30, srai, 0x81818181, 31, 0xffffffff
    RI 31, srai, 0x7fffffff, 0, 0x7fffffff
    RI 32, srai, 0x7fffffff, 1, 0x3fffffff
    RI 33, srai, 0x7fffffff, 7, 0x00ffffff
    RI 34, srai, 0x7fffffff, 14, 0x0001ffff
    RI 35, srai, 0x7fffffff, 20, 0x000007ff
    RI 36, srai, 0x7fffffff, 31, 0x00000000
    RI 37, srai, 0x81818181, 2, 0xe0606060
    RI 38, srai, 0x81818181, 3, 0xf0303030
    RI 39, srai, 0x81818181, 4, 0xf8181818
    RI 40, srai, 0x81818181, 5, 0xfc0c0c0c
    RI 41, srai, 0x81818181, 6, 0xfe060606
    RI 42, srai, 0x81818181, 8, 0xff818181
    RI 43, srai, 0x81818181, 9, 0xffc0c0c0
    RI 44, srai, 0x81818181, 10, 0xffe06060
    RI 45, srai, 0x81818181, 11, 0xfff03030
    RI 46, srai, 0x81818181, 12, 0xfff81818
    RI 47, srai, 0x81818181, 13, 0xfffc0c0c
    RI 48, srai, 0x81818181, 15, 0xffff0303
    RI 49, srai, 0x81818181, 16, 0xffff8181
    RI 50, srai, 0x81818181, 17, 0xffffc0c0
    RI 51, srai, 0x81818181, 18, 0xffffe060
    RI 52, srai, 0x81818181, 19, 0xfffff030
    RI 53, srai, 0x81818181, 21, 0xfffffc0c
    RI 54, srai, 0x81818181, 22, 0xfffffe06
    RI 55, srai, 0x81818181, 23, 0xffffff03
    RI 56, srai, 0x81818181, 24, 0xffffff81
    RI 57, srai, 0x81818181, 25, 0xffffffc0
    RI 58, srai, 0x81818181, 26, 0xffffffe0
    RI 59, srai, 0x81818181, 27, 0xfffffff0
    RI 60, srai, 0x81818181, 28, 0xfffffff8
    RI 61, srai, 0x81818181, 29, 0xfffffffc
    RI 62, srai, 0x81818181, 30, 0xfffffffe
    /* bypasses: the result and rs1 at distances 0, 1, 2 */
    RI_BYPASS 100, srai, 0x81818181, 7, 0xff030303
    RI_ZERO 200, srai, 0x12345678, 5, 0x00000000
    j test_pass
