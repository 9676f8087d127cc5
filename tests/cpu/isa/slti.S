/* slti: signed compare with the sign-extended immediate, bypasses, x0 */
/* rd apart and rd = rs1; expected values from a model of the spec */
#include "isa_macros.h"

    .text
    .globl test_main
test_main:
    RI 1, slti, 0x00000000, 0, 0x00000000
    RI 2, slti, 0x00000001, 1, 0x00000000
    RI 3, slti, 0x00000003, 7, 0x00000001
    RI 4, slti, 0x00000007, 3, 0x00000000
    RI 5, slti, 0x00000000, -2048, 0x00000000
    RI 6, slti, 0x80000000, 0, 0x00000001
    RI 7, slti, 0x80000000, -2048, 0x00000001
    RI 8, slti, 0x00000000, 2047, 0x00000001
    RI 9, slti, 0x7fffffff, 0, 0x00000000
    RI 10, slti, 0x7fffffff, 2047, 0x00000000
    RI 11, slti, 0x80000000, 2047, 0x00000001
    RI 12, slti, 0x7fffffff, -2048, 0x00000000
    RI 13, slti, 0x00000000, -1, 0x00000000
    RI 14, slti, 0xffffffff, 1, 0x00000001
    RI 15, slti, 0xffffffff, -1, 0x00000000
    RI 16, slti, 0xfffff800, -2048, 0x00000000
    RI 17, slti, 0x000007ff, 2047, 0x00000000
    RI 18, slti, 0xfffff7ff, -2048, 0x00000001
    /* bypasses: the result and rs1 at distances 0, 1, 2 */
    RI_BYPASS 100, slti, 0xffffffff, 1, 0x00000001
    RI_ZERO 200, slti, 0x12345678, 2047, 0x00000001
    j test_pass
