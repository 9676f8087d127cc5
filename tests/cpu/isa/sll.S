/* sll: every shift amount class, only rs2[4:0] counts, all bypass distances, x0 */
/* rd apart, rd = rs1, rd = rs2, rs1 = rs2; expected values from a model of the spec */
#include "isa_macros.h"

    .text
    .globl test_main
test_main:
    RR 1, sll, 0x80000000, 0x00000000, 0x80000000
    RR 2, sll, 0x80000000, 0x00000001, 0x00000000
    RR 3, sll, 0x80000000, 0x00000007, 0x00000000
    RR 4, sll, 0x80000000, 0x0000000e, 0x00000000
    RR 5, sll, 0x80000000, 0x00000014, 0x00000000
    RR 6, sll, 0x80000000, 0x0000001f, 0x00000000
    RR 7, sll, 0x00000001, 0x00000000, 0x00000001
    RR 8, sll, 0x00000001, 0x00000001, 0x00000002
    RR 9, sll, 0x00000001, 0x00000007, 0x00000080
    RR 10, sll, 0x00000001, 0x0000000e, 0x00004000
    RR 11, sll, 0x00000001, 0x00000014, 0x00100000
    RR 12, sll, 0x00000001, 0x0000001f, 0x80000000
    RR 13, sll, 0xffffffff, 0x00000000, 0xffffffff
    RR 14, sll, 0xffffffff, 0x00000001, 0xfffffffe
    RR 15, sll, 0xffffffff, 0x00000007, 0xffffff80
    RR 16, sll, 0xffffffff, 0x0000000e, 0xffffc000
    RR 17, sll, 0xffffffff, 0x00000014, 0xfff00000
    RR 18, sll, 0xffffffff, 0x0000001f, 0x80000000
    RR 19, sll, 0x21212121, 0x00000000, 0x21212121
    RR 20, sll, 0x21212121, 0x00000001, 0x42424242
    RR 21, sll, 0x21212121, 0x00000007, 0x90909080
    RR 22, sll, 0x21212121, 0x0000000e, 0x48484000
    RR 23, sll, 0x21212121, 0x00000014, 0x12100000
    RR 24, sll, 0x21212121, 0x0000001f, 0x80000000
    RR 25, sll, 0x21212121, 0xffffffc0, 0x21212121
    RR 26, sll, 0x21212121, 0xffffffc1, 0x42424242
    RR 27, sll, 0x21212121, 0xffffffc7, 0x90909080
    RR 28, sll, 0x81818181, 0xffffffce, 0x60604000
    RR 29, sll, 0x81818181, 0x00000020, 0x81818181
    RR 30, sll, 0x81818181, 0xffffffff, 0x80000000
    RR_SAME 31, sll, 0x00000007, 0x00000380
    RR_SAME 32, sll, 0x80000000, 0x80000000
    RR_SAME 33, sll, 0xffffffff, 0x80000000
    /* bypasses: the result and both operands at distances 0, 1, 2 */
    RR_BYPASS 100, sll, 0x81818181, 0x00000007, 0xc0c0c080
    RR_ZERO 200, sll, 0x12345678, 0x0000000b, 0x00000000, 0x12345678, 0x00000000
    j test_pass
