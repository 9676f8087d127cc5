/* sub: differences with borrows, signed overflow both ways, all bypass distances, x0 */
/* rd apart, rd = rs1, rd = rs2, rs1 = rs2; expected values from a model of the spec */
#include "isa_macros.h"

    .text
    .globl test_main
test_main:
    RR 1, sub, 0x00000000, 0x00000000, 0x00000000
    RR 2, sub, 0x00000001, 0x00000001, 0x00000000
    RR 3, sub, 0x00000003, 0x00000007, 0xfffffffc
    RR 4, sub, 0x00000000, 0xffff8000, 0x00008000
    RR 5, sub, 0x80000000, 0x00000000, 0x80000000
    RR 6, sub, 0x80000000, 0xffff8000, 0x80008000
    RR 7, sub, 0x00000000, 0x00007fff, 0xffff8001
    RR 8, sub, 0x7fffffff, 0x00000000, 0x7fffffff
    RR 9, sub, 0x7fffffff, 0x00007fff, 0x7fff8000
    RR 10, sub, 0x80000000, 0x00007fff, 0x7fff8001
    RR 11, sub, 0x7fffffff, 0xffff8000, 0x80007fff
    RR 12, sub, 0x00000000, 0xffffffff, 0x00000001
    RR 13, sub, 0xffffffff, 0x00000001, 0xfffffffe
    RR 14, sub, 0xffffffff, 0xffffffff, 0x00000000
    RR 15, sub, 0x00000001, 0x7fffffff, 0x80000002
    RR 16, sub, 0x80000000, 0x80000000, 0x00000000
    RR 17, sub, 0x12345678, 0x9abcdef0, 0x77777788
    RR_SAME 18, sub, 0x00000007, 0x00000000
    RR_SAME 19, sub, 0x80000000, 0x00000000
    RR_SAME 20, sub, 0xffffffff, 0x00000000
    /* bypasses: the result and both operands at distances 0, 1, 2 */
    RR_BYPASS 100, sub, 0x12345678, 0x9abcdef0, 0x77777788
    RR_ZERO 200, sub, 0x12345678, 0x9abcdef0, 0x65432110, 0x12345678, 0x00000000
    j test_pass
