/* add: sums with carries out of bit 31, signed overflow both ways, all bypass distances, x0 */
/* rd apart, rd = rs1, rd = rs2, rs1 = rs2; expected values from a model of the spec */
#include "isa_macros.h"

    .text
    .globl test_main
test_main:
    RR 1, add, 0x00000000, 0x00000000, 0x00000000
    RR 2, add, 0x00000001, 0x00000001, 0x00000002
    RR 3, add, 0x00000003, 0x00000007, 0x0000000a
    RR 4, add, 0x00000000, 0xffff8000, 0xffff8000
    RR 5, add, 0x80000000, 0x00000000, 0x80000000
    RR 6, add, 0x80000000, 0xffff8000, 0x7fff8000
    RR 7, add, 0x00000000, 0x00007fff, 0x00007fff
    RR 8, add, 0x7fffffff, 0x00000000, 0x7fffffff
    RR 9, add, 0x7fffffff, 0x00007fff, 0x80007ffe
    RR 10, add, 0x80000000, 0x00007fff, 0x80007fff
    RR 11, add, 0x7fffffff, 0xffff8000, 0x7fff7fff
    RR 12, add, 0x00000000, 0xffffffff, 0xffffffff
    RR 13, add, 0xffffffff, 0x00000001, 0x00000000
    RR 14, add, 0xffffffff, 0xffffffff, 0xfffffffe
    RR 15, add, 0x00000001, 0x7fffffff, 0x80000000
    RR 16, add, 0x80000000, 0x80000000, 0x00000000
    RR 17, add, 0x12345678, 0x9abcdef0, 0xacf13568
    RR_SAME 18, add, 0x00000007, 0x0000000e
    RR_SAME 19, add, 0x80000000, 0x00000000
    RR_SAME 20, add, 0xffffffff, 0xfffffffe
    /* bypasses: the result and both operands at distances 0, 1, 2 */
    RR_BYPASS 100, add, 0x12345678, 0x9abcdef0, 0xacf13568
    RR_ZERO 200, add, 0x12345678, 0x9abcdef0, 0x9abcdef0, 0x12345678, 0x00000000
    j test_pass
