/* sltu: unsigned order at every corner, all bypass distances, x0 */
/* rd apart, rd = rs1, rd = rs2, rs1 = rs2; expected values from a model of the spec */
#include "isa_macros.h"

    .text
    .globl test_main
test_main:
    RR 1, sltu, 0x00000000, 0x00000000, 0x00000000
    RR 2, sltu, 0x00000001, 0x00000001, 0x00000000
    RR 3, sltu, 0x00000003, 0x00000007, 0x00000001
    RR 4, sltu, 0x00000007, 0x00000003, 0x00000000
    RR 5, sltu, 0x00000000, 0xffff8000, 0x00000001
    RR 6, sltu, 0x80000000, 0x00000000, 0x00000000
    RR 7, sltu, 0x80000000, 0xffff8000, 0x00000001
    RR 8, sltu, 0x00000000, 0x00007fff, 0x00000001
    RR 9, sltu, 0x7fffffff, 0x00000000, 0x00000000
    RR 10, sltu, 0x7fffffff, 0x00007fff, 0x00000000
    RR 11, sltu, 0x80000000, 0x00007fff, 0x00000000
    RR 12, sltu, 0x7fffffff, 0xffff8000, 0x00000001
    RR 13, sltu, 0x00000000, 0xffffffff, 0x00000001
    RR 14, sltu, 0xffffffff, 0x00000001, 0x00000000
    RR 15, sltu, 0xffffffff, 0xffffffff, 0x00000000
    RR 16, sltu, 0x80000000, 0x7fffffff, 0x00000000
    RR 17, sltu, 0x7fffffff, 0x80000000, 0x00000001
    RR_SAME 18, sltu, 0x00000007, 0x00000000
    RR_SAME 19, sltu, 0x80000000, 0x00000000
    RR_SAME 20, sltu, 0xffffffff, 0x00000000
    /* bypasses: the result and both operands at distances 0, 1, 2 */
    RR_BYPASS 100, sltu, 0xffffffff, 0x00000001, 0x00000000
    RR_ZERO 200, sltu, 0x12345678, 0x9abcdef0, 0x00000001, 0x00000000, 0x00000000
    j test_pass
