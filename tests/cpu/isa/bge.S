/* bge: signed order (equal is taken), both directions, bypasses, shadow, x0 */
/* a taken branch skips a FAIL; a branch not taken must fall through */
#include "isa_macros.h"

    .text
    .globl test_main
test_main:
    BR_TAKEN 1, bge, 0x00000000, 0x00000000
    BR_TAKEN 2, bge, 0x00000001, 0x00000001
    BR_TAKEN 3, bge, 0xffffffff, 0xffffffff
    BR_NOT 4, bge, 0x00000000, 0x00000001
    BR_TAKEN 5, bge, 0x00000001, 0x00000000
    BR_NOT 6, bge, 0xffffffff, 0x00000001
    BR_TAKEN 7, bge, 0x00000001, 0xffffffff
    BR_NOT 8, bge, 0xfffffffe, 0xffffffff
    BR_TAKEN 9, bge, 0xffffffff, 0xfffffffe
    BR_NOT 10, bge, 0x80000000, 0x7fffffff
    BR_TAKEN 11, bge, 0x7fffffff, 0x80000000
    BR_NOT 12, bge, 0x80000000, 0x00000000
    BR_TAKEN 13, bge, 0x00000000, 0x80000000
    BR_TAKEN 14, bge, 0x80000000, 0x80000000
    BR_TAKEN 15, bge, 0x00010000, 0x00000001
    BR_NOT 16, bge, 0x00000001, 0x00010000
    /* bypasses: both operands at distances 0, 1, 2, taken and not taken */
    BR_BYPASS 100, bge, 0x00010000, 0x00000001, 0x00000001, 0x00010000
    /* what follows a taken branch does not run */
    BR_SHADOW 200, bge, 0x00010000, 0x00000001
    /* x0 as either operand, and both */
    BR_ZERO 210, bge, 1, 0x00000001, 0
    BR_ZERO 211, bge, 1, 0xffffffff, 1
    BR_ZERO 212, bge, 2, 0x00000001, 1
    BR_ZERO 213, bge, 2, 0xffffffff, 0
    BR_ZERO 214, bge, 3, 0x00000000, 1
    j test_pass
