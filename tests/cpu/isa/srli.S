/* srli: every shift amount 0..31, zero fill, bypasses, x0 */
/* rd apart and rd = rs1; expected values from a model of the spec */
#include "isa_macros.h"

    .text
    .globl test_main
test_main:
    RI 1, srli, 0x80000000, 0, 0x80000000
    RI 2, srli, 0x80000000, 1, 0x40000000
    RI 3, srli, 0x80000000, 7, 0x01000000
    RI 4, srli, 0x80000000, 14, 0x00020000
    RI 5, srli, 0x80000000, 20, 0x00000800
    RI 6, srli, 0x80000000, 31, 0x00000001
    RI 7, srli, 0x00000001, 0, 0x00000001
    RI 8, srli, 0x00000001, 1, 0x00000000
    RI 9, srli, 0x00000001, 7, 0x00000000
    RI 10, srli, 0x00000001, 14, 0x00000000
    RI 11, srli, 0x00000001, 20, 0x00000000
    RI 12, srli, 0x00000001, 31, 0x00000000
    RI 13, srli, 0xffffffff, 0, 0xffffffff
    RI 14, srli, 0xffffffff, 1, 0x7fffffff
    RI 15, srli, 0xffffffff, 7, 0x01ffffff
    RI 16, srli, 0xffffffff, 14, 0x0003ffff
    RI 17, srli, 0xffffffff, 20, 0x00000fff
    RI 18, srli, 0xffffffff, 31, 0x00000001
    RI 19, srli, 0x21212121, 0, 0x21212121
    RI 20, srli, 0x21212121, 1, 0x10909090
    RI 21, srli, 0x21212121, 7, 0x00424242
    RI 22, srli, 0x21212121, 14, 0x00008484
    RI 23, srli, 0x21212121, 20, 0x00000212
    RI 24, srli, 0x21212121, 31, 0x00000000
    RI 25, srli, 0x81818181, 0, 0x81818181
    RI 26, srli, 0x81818181, 1, 0x40c0c0c0
    RI 27, srli, 0x81818181, 7, 0x01030303
    RI 28, srli, 0x81818181, 14, 0x00020606
    RI 29, srli, 0x81818181, 20, 0x00000818
    RI 30, srli, 0x81818181, 31, 0x00000001
    RI 31, srli, 0x7fffffff, 0, 0x7fffffff
    RI 32, srli, 0x7fffffff, 1, 0x3fffffff
    RI 33, srli, 0x7fffffff, 7, 0x00ffffff
    RI 34, srli, 0x7fffffff, 14, 0x0001ffff
    RI 35, srli, 0x7fffffff, 20, 0x000007ff
    RI 36, srli, 0x7fffffff, 31, 0x00000000
    RI 37, srli, 0x81818181, 2, 0x20606060
    RI 38, srli, 0x81818181, 3, 0x10303030
    RI 39, srli, 0x81818181, 4, 0x08181818
    RI 40, srli, 0x81818181, 5, 0x040c0c0c
    RI 41, srli, 0x81818181, 6, 0x02060606
    RI 42, srli, 0x81818181, 8, 0x00818181
    RI 43, srli, 0x81818181, 9, 0x0040c0c0
    RI 44, srli, 0x81818181, 10, 0x00206060
    RI 45, srli, 0x81818181, 11, 0x00103030
    RI 46, srli, 0x81818181, 12, 0x00081818
    RI 47, srli, 0x81818181, 13, 0x00040c0c
    RI 48, srli, 0x81818181, 15, 0x00010303
    RI 49, srli, 0x81818181, 16, 0x00008181
    RI 50, srli, 0x81818181, 17, 0x000040c0
    RI 51, srli, 0x81818181, 18, 0x00002060
    RI 52, srli, 0x81818181, 19, 0x00001030
    RI 53, srli, 0x81818181, 21, 0x0000040c
    RI 54, srli, 0x81818181, 22, 0x00000206
    RI 55, srli, 0x81818181, 23, 0x00000103
    RI 56, srli, 0x81818181, 24, 0x00000081
    RI 57, srli, 0x81818181, 25, 0x00000040
    RI 58, srli, 0x81818181, 26, 0x00000020
    RI 59, srli, 0x81818181, 27, 0x00000010
    RI 60, srli, 0x81818181, 28, 0x00000008
    RI 61, srli, 0x81818181, 29, 0x00000004
    RI 62, srli, 0x81818181, 30, 0x00000002
    /* bypasses: the result and rs1 at distances 0, 1, 2 */
    RI_BYPASS 100, srli, 0x81818181, 7, 0x01030303
    RI_ZERO 200, srli, 0x12345678, 5, 0x00000000
    j test_pass
