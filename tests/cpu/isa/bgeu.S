/* bgeu: unsigned order (equal is taken), both directions, bypasses, shadow, x0 */
/* a taken branch skips a FAIL; a branch not taken must fall through */
#include "isa_macros.h"

    .text
    .globl test_main
test_main:
    BR_TAKEN 1, bgeu, 0x00000000, 0x00000000
    BR_TAKEN 2, bgeu, 0x00000001, 0x00000001
    BR_TAKEN 3, bgeu, 0xffffffff, 0xffffffff
    BR_NOT 4, bgeu, 0x00000000, 0x00000001
    BR_TAKEN 5, bgeu, 0x00000001, 0x00000000
    BR_TAKEN 6, bgeu, 0xffffffff, 0x00000001
    BR_NOT 7, bgeu, 0x00000001, 0xffffffff
    BR_NOT 8, bgeu, 0xfffffffe, 0xffffffff
    BR_TAKEN 9, bgeu, 0xffffffff, 0xfffffffe
    BR_TAKEN 10, bgeu, 0x80000000, 0x7fffffff
    BR_NOT 11, bgeu, 0x7fffffff, 0x80000000
    BR_TAKEN 12, bgeu, 0x80000000, 0x00000000
    BR_NOT 13, bgeu, 0x00000000, 0x80000000
    BR_TAKEN 14, bgeu, 0x80000000, 0x80000000
    BR_TAKEN 15, bgeu, 0x00010000, 0x00000001
    BR_NOT 16, bgeu, 0x00000001, 0x00010000
    /* bypasses: both operands at distances 0, 1, 2, taken and not taken */
    BR_BYPASS 100, bgeu, 0x00010000, 0x00000001, 0x00000001, 0x00010000
    /* what follows a taken branch does not run */
    BR_SHADOW 200, bgeu, 0x00010000, 0x00000001
    /* x0 as either operand, and both */
    BR_ZERO 210, bgeu, 1, 0x00000001, 0
    BR_ZERO 211, bgeu, 1, 0xffffffff, 0
    BR_ZERO 212, bgeu, 2, 0x00000001, 1
    BR_ZERO 213, bgeu, 2, 0xffffffff, 1
    BR_ZERO 214, bgeu, 3, 0x00000000, 1
    j test_pass
