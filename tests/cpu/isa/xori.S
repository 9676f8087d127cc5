/* xori: the sign-extended immediate (not with -1), bypasses, x0 */
/* rd apart and rd = rs1; expected values from a model of the spec */
#include "isa_macros.h"

    .text
    .globl test_main
test_main:
    RI 1, xori, 0xff00ff00, -241, 0x00ff000f
    RI 2, xori, 0x0ff00ff0, 240, 0x0ff00f00
    RI 3, xori, 0x00ff00ff, 1807, 0x00ff07f0
    RI 4, xori, 0xf00ff00f, 240, 0xf00ff0ff
    RI 5, xori, 0xff00ff00, -241, 0x00ff000f
    RI 6, xori, 0x12345678, -1, 0xedcba987
    RI 7, xori, 0x12345678, 0, 0x12345678
    RI 8, xori, 0xaaaaaaaa, 1365, 0xaaaaafff
    RI 9, xori, 0x55555555, -2048, 0xaaaaad55
    /* bypasses: the result and rs1 at distances 0, 1, 2 */
    RI_BYPASS 100, xori, 0x12345678, -291, 0xedcba8a5
    RI_ZERO 200, xori, 0x12345678, 2047, 0x000007ff
    /* not is xori rd, rs, -1 */
    li a1, 0x0f0f1234
    not a3, a1
    CHECK_EQ a3, 0xf0f0edcb, 210
    j test_pass
