/* bltu: unsigned order at the corners, both directions, bypasses, shadow, x0 */
/* a taken branch skips a FAIL; a branch not taken must fall through */
#include "isa_macros.h"

    .text
    .globl test_main
test_main:
    BR_NOT 1, bltu, 0x00000000, 0x00000000
    BR_NOT 2, bltu, 0x00000001, 0x00000001
    BR_NOT 3, bltu, 0xffffffff, 0xffffffff
    BR_TAKEN 4, bltu, 0x00000000, 0x00000001
    BR_NOT 5, bltu, 0x00000001, 0x00000000
    BR_NOT 6, bltu, 0xffffffff, 0x00000001
    BR_TAKEN 7, bltu, 0x00000001, 0xffffffff
    BR_TAKEN 8, bltu, 0xfffffffe, 0xffffffff
    BR_NOT 9, bltu, 0xffffffff, 0xfffffffe
    BR_NOT 10, bltu, 0x80000000, 0x7fffffff
    BR_TAKEN 11, bltu, 0x7fffffff, 0x80000000
    BR_NOT 12, bltu, 0x80000000, 0x00000000
    BR_TAKEN 13, bltu, 0x00000000, 0x80000000
    BR_NOT 14, bltu, 0x80000000, 0x80000000
    BR_NOT 15, bltu, 0x00010000, 0x00000001
    BR_TAKEN 16, bltu, 0x00000001, 0x00010000
    /* bypasses: both operands at distances 0, 1, 2, taken and not taken */
    BR_BYPASS 100, bltu, 0x00000001, 0x00010000, 0x00010000, 0x00000001
    /* what follows a taken branch does not run */
    BR_SHADOW 200, bltu, 0x00000001, 0x00010000
    /* x0 as either operand, and both */
    BR_ZERO 210, bltu, 1, 0x00000001, 1
    BR_ZERO 211, bltu, 1, 0xffffffff, 1
    BR_ZERO 212, bltu, 2, 0x00000001, 0
    BR_ZERO 213, bltu, 2, 0xffffffff, 0
    BR_ZERO 214, bltu, 3, 0x00000000, 0
    j test_pass
