/* lh: both halfword lanes, sign extension, positive and negative offsets, bypasses, x0 */
/* rd apart and rd = base; expected values from a model of the spec */
#include "isa_macros.h"

    .text
    .globl test_main
test_main:
    LD 1, lh, 0, tdat, 0x000000ff
    LD 2, lh, 2, tdat, 0x00000ff0
    LD 3, lh, 4, tdat, 0xffff807f
    LD 4, lh, 6, tdat, 0xfffffe01
    LD 5, lh, 8, tdat, 0x00001234
    LD 6, lh, 10, tdat, 0x00005678
    LD 7, lh, 12, tdat, 0xffffbeef
    LD 8, lh, 14, tdat, 0xffffdead
    LD 9, lh, -16, tdat_end, 0x000000ff
    LD 10, lh, -14, tdat_end, 0x00000ff0
    LD 11, lh, -12, tdat_end, 0xffff807f
    LD 12, lh, -10, tdat_end, 0xfffffe01
    LD 13, lh, -8, tdat_end, 0x00001234
    LD 14, lh, -6, tdat_end, 0x00005678
    LD 15, lh, -4, tdat_end, 0xffffbeef
    LD 16, lh, -2, tdat_end, 0xffffdead
    /* the base not aligned, the sum aligned; the largest offsets */
    LD_ADJ 50, lh, -3, 5, tdat, 0x00000ff0
    LD_ADJ 51, lh, 1, -1, tdat, 0x000000ff
    LD_ADJ 52, lh, -2047, 2047, tdat, 0x000000ff
    LD_ADJ 53, lh, 2048, -2048, tdat, 0x000000ff
    LD_ADJ 54, lh, 5, -1, tdat, 0xffff807f
    /* x0 as the base (the first bytes of the image), and as rd */
    LD_ZERO 60, lh, 2, tdat
    /* bypasses: the loaded value and the base at distances 0, 1, 2; a later write wins */
    LD_BYPASS 100, lh, 4, tdat, 0xffff807f
    LD_BYPASS 110, lh, -12, tdat_end, 0xffff807f
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
