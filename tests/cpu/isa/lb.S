/* lb: every byte lane, sign extension, positive and negative offsets, bypasses, x0 */
/* rd apart and rd = base; expected values from a model of the spec */
#include "isa_macros.h"

    .text
    .globl test_main
test_main:
    LD 1, lb, 0, tdat, 0xffffffff
    LD 2, lb, 1, tdat, 0x00000000
    LD 3, lb, 2, tdat, 0xfffffff0
    LD 4, lb, 3, tdat, 0x0000000f
    LD 5, lb, 4, tdat, 0x0000007f
    LD 6, lb, 5, tdat, 0xffffff80
    LD 7, lb, 6, tdat, 0x00000001
    LD 8, lb, 7, tdat, 0xfffffffe
    LD 9, lb, 8, tdat, 0x00000034
    LD 10, lb, 9, tdat, 0x00000012
    LD 11, lb, 10, tdat, 0x00000078
    LD 12, lb, 11, tdat, 0x00000056
    LD 13, lb, 12, tdat, 0xffffffef
    LD 14, lb, 13, tdat, 0xffffffbe
    LD 15, lb, 14, tdat, 0xffffffad
    LD 16, lb, 15, tdat, 0xffffffde
    LD 17, lb, -16, tdat_end, 0xffffffff
    LD 18, lb, -15, tdat_end, 0x00000000
    LD 19, lb, -14, tdat_end, 0xfffffff0
    LD 20, lb, -13, tdat_end, 0x0000000f
    LD 21, lb, -12, tdat_end, 0x0000007f
    LD 22, lb, -11, tdat_end, 0xffffff80
    LD 23, lb, -10, tdat_end, 0x00000001
    LD 24, lb, -9, tdat_end, 0xfffffffe
    LD 25, lb, -8, tdat_end, 0x00000034
    LD 26, lb, -7, tdat_end, 0x00000012
    LD 27, lb, -6, tdat_end, 0x00000078
    LD 28, lb, -5, tdat_end, 0x00000056
    LD 29, lb, -4, tdat_end, 0xffffffef
    LD 30, lb, -3, tdat_end, 0xffffffbe
    LD 31, lb, -2, tdat_end, 0xffffffad
    LD 32, lb, -1, tdat_end, 0xffffffde
    /* the base not aligned, the sum aligned; the largest offsets */
    LD_ADJ 50, lb, -3, 4, tdat, 0x00000000
    LD_ADJ 51, lb, 1, -1, tdat, 0xffffffff
    LD_ADJ 52, lb, -2047, 2047, tdat, 0xffffffff
    LD_ADJ 53, lb, 2048, -2048, tdat, 0xffffffff
    LD_ADJ 54, lb, 5, -1, tdat, 0x0000007f
    /* x0 as the base (the first bytes of the image), and as rd */
    LD_ZERO 60, lb, 3, tdat
    /* bypasses: the loaded value and the base at distances 0, 1, 2; a later write wins */
    LD_BYPASS 100, lb, 5, tdat, 0xffffff80
    LD_BYPASS 110, lb, -11, tdat_end, 0xffffff80
    j test_pass

    .data
    .align 2
tdat:
    .word 0x0ff000ff
    .word 0xfe01807f
    .word 0x56781234
    .word 0xdeadbeef
tdat_end:
    .word 0
