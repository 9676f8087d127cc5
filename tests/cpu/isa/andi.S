/* andi: the sign-extended immediate as a mask, bypasses, x0 */
/* rd apart and rd = rs1; expected values from a model of the spec */
#include "isa_macros.h"

    .text
    .globl test_main
test_main:
    RI 1, andi, 0xff00ff00, -241, 0xff00ff00
    RI 2, andi, 0x0ff00ff0, 240, 0x000000f0
    RI 3, andi, 0x00ff00ff, 1807, 0x0000000f
    RI 4, andi, 0xf00ff00f, 240, 0x00000000
    RI 5, andi, 0xff00ff00, -241, 0xff00ff00
    RI 6, andi, 0x12345678, -1, 0x12345678
    RI 7, andi, 0x12345678, 0, 0x00000000
    RI 8, andi, 0xaaaaaaaa, 1365, 0x00000000
    RI 9, andi, 0x55555555, -2048, 0x55555000
    /* bypasses: the result and rs1 at distances 0, 1, 2 */
    RI_BYPASS 100, andi, 0x12345678, -291, 0x12345658
    RI_ZERO 200, andi, 0x12345678, 2047, 0x00000000
    j test_pass
