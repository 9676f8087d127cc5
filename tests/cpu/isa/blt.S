/* blt: signed order at the sign corners, both directions, bypasses, shadow, x0 */
/* a taken branch skips a FAIL; a branch not taken must fall through */
#include "isa_macros.h"

    .text
    .globl test_main
test_main:
    BR_NOT 1, blt, 0x00000000, 0x00000000
    BR_NOT 2, blt, 0x00000001, 0x00000001
    BR_NOT 3, blt, 0xffffffff, 0xffffffff
    BR_TAKEN 4, blt, 0x00000000, 0x00000001
    BR_NOT 5, blt, 0x00000001, 0x00000000
    BR_TAKEN 6, blt, 0xffffffff, 0x00000001
    BR_NOT 7, blt, 0x00000001, 0xffffffff
    BR_TAKEN 8, blt, 0xfffffffe, 0xffffffff
    BR_NOT 9, blt, 0xffffffff, 0xfffffffe
    BR_TAKEN 10, blt, 0x80000000, 0x7fffffff
    BR_NOT 11, blt, 0x7fffffff, 0x80000000
    BR_TAKEN 12, blt, 0x80000000, 0x00000000
    BR_NOT 13, blt, 0x00000000, 0x80000000
    BR_NOT 14, blt, 0x80000000, 0x80000000
    BR_NOT 15, blt, 0x00010000, 0x00000001
    BR_TAKEN 16, blt, 0x00000001, 0x00010000
    /* bypasses: both operands at distances 0, 1, 2, taken and not taken */
    BR_BYPASS 100, blt, 0x00000001, 0x00010000, 0x00010000, 0x00000001
    /* what follows a taken branch does not run */
    BR_SHADOW 200, blt, 0x00000001, 0x00010000
    /* x0 as either operand, and both */
    BR_ZERO 210, blt, 1, 0x00000001, 1
    BR_ZERO 211, blt, 1, 0xffffffff, 0
    BR_ZERO 212, blt, 2, 0x00000001, 0
    BR_ZERO 213, blt, 2, 0xffffffff, 1
    BR_ZERO 214, blt, 3, 0x00000000, 0
    j test_pass
