/* slli: every shift amount 0..31, bypasses, x0 */
/* rd apart and rd = rs1; expected values from a model of the spec */
#include "isa_macros.h"

    .text
    .globl test_main
test_main:
    RI 1, slli, 0x80000000, 0, 0x80000000
    RI 2, slli, 0x80000000, 1, 0x00000000
    RI 3, slli, 0x80000000, 7, 0x00000000
    RI 4, slli, 0x80000000, 14, 0x00000000
    RI 5, slli, 0x80000000, 20, 0x00000000
    RI 6, slli, 0x80000000, 31, 0x00000000
    RI 7, slli, 0x00000001, 0, 0x00000001
    RI 8, slli, 0x00000001, 1, 0x00000002
    RI 9, slli, 0x00000001, 7, 0x00000080
    RI 10, slli, 0x00000001, 14, 0x00004000
    RI 11, slli, 0x00000001, 20, 0x00100000
    RI 12, slli, 0x00000001, 31, 0x80000000
    RI 13, slli, 0xffffffff, 0, 0xffffffff
    RI 14, slli, 0xffffffff, 1, 0xfffffffe
    RI 15, slli, 0xffffffff, 7, 0xffffff80
    RI 16, slli, 0xffffffff, 14, 0xffffc000
    RI 17, slli, 0xffffffff, 20, 0xfff00000
    RI 18, slli, 0xffffffff, 31, 0x80000000
    RI 19, slli, 0x21212121, 0, 0x21212121
    RI 20, slli, 0x21212121, 1, 0x42424242
    RI 21, slli, 0x21212121, 7, 0x90909080
    RI 22, slli, 0x21212121, 14, 0x48484000
    RI 23, slli, 0x21212121, 20, 0x12100000
    RI 24, slli, 0x21212121, 31, 0x80000000
    RI 25, slli, 0x81818181, 0, 0x81818181
    RI 26, slli, 0x81818181, 1, 0x03030302
    RI 27, slli, 0x81818181, 7, 0xc0c0c080
    RI 28, slli, 0x81818181, 14, 0x60604000
    RI 29, slli, 0x81818181, 20, 0x18100000
    RI 30, slli, 0x81818181, 31, 0x80000000
    RI 31, slli, 0x7fffffff, 0, 0x7fffffff
    RI 32, slli, 0x7fffffff, 1, 0xfffffffe
    RI 33, slli, 0x7fffffff, 7, 0xffffff80
    RI 34, slli, 0x7fffffff, 14, 0xffffc000
    RI 35, slli, 0x7fffffff, 20, 0xfff00000
    RI 36, slli, 0x7fffffff, 31, 0x80000000
    RI 37, slli, 0x81818181, 2, 0x06060604
    RI 38, slli, 0x81818181, 3, 0x0c0c0c08
    RI 39, slli, 0x81818181, 4, 0x18181810
    RI 40, slli, 0x81818181, 5, 0x30303020
    RI 41, slli, 0x81818181, 6, 0x60606040
    RI 42, slli, 0x81818181, 8, 0x81818100
    RI 43, slli, 0x81818181, 9, 0x03030200
    RI 44, slli, 0x81818181, 10, 0x06060400
    RI 45, slli, 0x81818181, 11, 0x0c0c0800
    RI 46, slli, 0x81818181, 12, 0x18181000
    RI 47, slli, 0x81818181, 13, 0x30302000
    RI 48, slli, 0x81818181, 15, 0xc0c08000
    RI 49, slli, 0x81818181, 16, 0x81810000
    RI 50, slli, 0x81818181, 17, 0x03020000
    RI 51, slli, 0x81818181, 18, 0x06040000
    RI 52, slli, 0x81818181, 19, 0x0c080000
    RI 53, slli, 0x81818181, 21, 0x30200000
    RI 54, slli, 0x81818181, 22, 0x60400000
    RI 55, slli, 0x81818181, 23, 0xc0800000
    RI 56, slli, 0x81818181, 24, 0x81000000
    RI 57, slli, 0x81818181, 25, 0x02000000
    RI 58, slli, 0x81818181, 26, 0x04000000
    RI 59, slli, 0x81818181, 27, 0x08000000
    RI 60, slli, 0x81818181, 28, 0x10000000
    RI 61, slli, 0x81818181, 29, 0x20000000
    RI 62, slli, 0x81818181, 30, 0x40000000
    /* bypasses: the result and rs1 at distances 0, 1, 2 */
    RI_BYPASS 100, slli, 0x81818181, 7, 0xc0c0c080
    RI_ZERO 200, slli, 0x12345678, 5, 0x00000000
    j test_pass
