/* ori: the sign-extended immediate, bypasses, x0 */
/* rd apart and rd = rs1; expected values from a model of the spec */
#include "isa_macros.h"

    .text
    .globl test_main
test_main:
    RI 1, ori, 0xff00ff00, -241, 0xffffff0f
    RI 2, ori, 0x0ff00ff0, 240, 0x0ff00ff0
    RI 3, ori, 0x00ff00ff, 1807, 0x00ff07ff
    RI 4, ori, 0xf00ff00f, 240, 0xf00ff0ff
    RI 5, ori, 0xff00ff00, -241, 0xffffff0f
    RI 6, ori, 0x12345678, -1, 0xffffffff
    RI 7, ori, 0x12345678, 0, 0x12345678
    RI 8, ori, 0xaaaaaaaa, 1365, 0xaaaaafff
    RI 9, ori, 0x55555555, -2048, 0xfffffd55
    /* bypasses: the result and rs1 at distances 0, 1, 2 */
    RI_BYPASS 100, ori, 0x12345678, -291, 0xfffffefd
    RI_ZERO 200, ori, 0x12345678, 2047, 0x000007ff
    j test_pass
