/* beq: taken and not, forward and backward, bypasses of both operands, shadow, x0 */
/* a taken branch skips a FAIL; a branch not taken must fall through */
#include "isa_macros.h"

    .text
    .globl test_main
test_main:
    BR_TAKEN 1, beq, 0x00000000, 0x00000000
    BR_TAKEN 2, beq, 0x00000001, 0x00000001
    BR_TAKEN 3, beq, 0xffffffff, 0xffffffff
    BR_NOT 4, beq, 0x00000000, 0x00000001
    BR_NOT 5, beq, 0x00000001, 0x00000000
    BR_NOT 6, beq, 0xffffffff, 0x00000001
    BR_NOT 7, beq, 0x00000001, 0xffffffff
    BR_NOT 8, beq, 0xfffffffe, 0xffffffff
    BR_NOT 9, beq, 0xffffffff, 0xfffffffe
    BR_NOT 10, beq, 0x80000000, 0x7fffffff
    BR_NOT 11, beq, 0x7fffffff, 0x80000000
    BR_NOT 12, beq, 0x80000000, 0x00000000
    BR_NOT 13, beq, 0x00000000, 0x80000000
    BR_TAKEN 14, beq, 0x80000000, 0x80000000
    BR_NOT 15, beq, 0x00010000, 0x00000001
    BR_NOT 16, beq, 0x00000001, 0x00010000
    /* bypasses: both operands at distances 0, 1, 2, taken and not taken */
    BR_BYPASS 100, beq, 0x80000000, 0x80000000, 0x00000001, 0x00010000
    /* what follows a taken branch does not run */
    BR_SHADOW 200, beq, 0x80000000, 0x80000000
    /* x0 as either operand, and both */
    BR_ZERO 210, beq, 1, 0x00000001, 0
    BR_ZERO 211, beq, 1, 0xffffffff, 0
    BR_ZERO 212, beq, 2, 0x00000001, 0
    BR_ZERO 213, beq, 2, 0xffffffff, 0
    BR_ZERO 214, beq, 3, 0x00000000, 1
    j test_pass
