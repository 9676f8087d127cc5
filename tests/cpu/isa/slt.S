/* slt: signed order at every sign corner, all bypass distances, x0 */
/* rd apart, rd = rs1, rd = rs2, rs1 = rs2; expected values from a model of the spec */
#include "isa_macros.h"

    .text
    .globl test_main
test_main:
    RR 1, slt, 0x00000000, 0x00000000, 0x00000000
    RR 2, slt, 0x00000001, 0x00000001, 0x00000000
    RR 3, slt, 0x00000003, 0x00000007, 0x00000001
    RR 4, slt, 0x00000007, 0x00000003, 0x00000000
    RR 5, slt, 0x00000000, 0xffff8000, 0x00000000
    RR 6, slt, 0x80000000, 0x00000000, 0x00000001
    RR 7, slt, 0x80000000, 0xffff8000, 0x00000001
    RR 8, slt, 0x00000000, 0x00007fff, 0x00000001
    RR 9, slt, 0x7fffffff, 0x00000000, 0x00000000
    RR 10, slt, 0x7fffffff, 0x00007fff, 0x00000000
    RR 11, slt, 0x80000000, 0x00007fff, 0x00000001
    RR 12, slt, 0x7fffffff, 0xffff8000, 0x00000000
    RR 13, slt, 0x00000000, 0xffffffff, 0x00000000
    RR 14, slt, 0xffffffff, 0x00000001, 0x00000001
    RR 15, slt, 0xffffffff, 0xffffffff, 0x00000000
    RR 16, slt, 0x80000000, 0x7fffffff, 0x00000001
    RR 17, slt, 0x7fffffff, 0x80000000, 0x00000000
    RR_SAME 18, slt, 0x00000007, 0x00000000
    RR_SAME 19, slt, 0x80000000, 0x00000000
    RR_SAME 20, slt, 0xffffffff, 0x00000000
    /* bypasses: the result and both operands at distances 0, 1, 2 */
    RR_BYPASS 100, slt, 0xffffffff, 0x00000001, 0x00000001
    RR_ZERO 200, slt, 0x12345678, 0x9abcdef0, 0x00000000, 0x00000000, 0x00000000
    j test_pass
