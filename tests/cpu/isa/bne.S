/* bne: taken and not, forward and backward, bypasses of both operands, shadow, x0 */
/* a taken branch skips a FAIL; a branch not taken must fall through */
#include "isa_macros.h"

    .text
    .globl test_main
test_main:
    BR_NOT 1, bne, 0x00000000, 0x00000000
    BR_NOT 2, bne, 0x00000001, 0x00000001
    BR_NOT 3, bne, 0xffffffff, 0xffffffff
    BR_TAKEN 4, bne, 0x00000000, 0x00000001
    BR_TAKEN 5, bne, 0x00000001, 0x00000000
    BR_TAKEN 6, bne, 0xffffffff, 0x00000001
    BR_TAKEN 7, bne, 0x00000001, 0xffffffff
    BR_TAKEN 8, bne, 0xfffffffe, 0xffffffff
    BR_TAKEN 9, bne, 0xffffffff, 0xfffffffe
    BR_TAKEN 10, bne, 0x80000000, 0x7fffffff
    BR_TAKEN 11, bne, 0x7fffffff, 0x80000000
    BR_TAKEN 12, bne, 0x80000000, 0x00000000
    BR_TAKEN 13, bne, 0x00000000, 0x80000000
    BR_NOT 14, bne, 0x80000000, 0x80000000
    BR_TAKEN 15, bne, 0x00010000, 0x00000001
    BR_TAKEN 16, bne, 0x00000001, 0x00010000
    /* bypasses: both operands at distances 0, 1, 2, taken and not taken */
    BR_BYPASS 100, bne, 0x00000001, 0x00010000, 0x80000000, 0x80000000
    /* what follows a taken branch does not run */
    BR_SHADOW 200, bne, 0x00000001, 0x00010000
    /* x0 as either operand, and both */
    BR_ZERO 210, bne, 1, 0x00000001, 1
    BR_ZERO 211, bne, 1, 0xffffffff, 1
    BR_ZERO 212, bne, 2, 0x00000001, 1
    BR_ZERO 213, bne, 2, 0xffffffff, 1
    BR_ZERO 214, bne, 3, 0x00000000, 0
    j test_pass
