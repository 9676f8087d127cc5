/* lw: words at positive and negative offsets, the base unaligned, bypasses, x0 */
/* rd apart and rd = base; expected values from a model of the spec */
#include "isa_macros.h"

    .text
    .globl test_main
test_main:
    LD 1, lw, 0, tdat, 0x0ff000ff
    LD 2, lw, 4, tdat, 0xfe01807f
    LD 3, lw, 8, tdat, 0x56781234
    LD 4, lw, 12, tdat, 0xdeadbeef
    LD 5, lw, -16, tdat_end, 0x0ff000ff
    LD 6, lw, -12, tdat_end, 0xfe01807f
    LD 7, lw, -8, tdat_end, 0x56781234
    LD 8, lw, -4, tdat_end, 0xdeadbeef
    /* the base not aligned, the sum aligned; the largest offsets */
    LD_ADJ 50, lw, -3, 7, tdat, 0xfe01807f
    LD_ADJ 51, lw, 1, -1, tdat, 0x0ff000ff
    LD_ADJ 52, lw, -2047, 2047, tdat, 0x0ff000ff
    LD_ADJ 53, lw, 2048, -2048, tdat, 0x0ff000ff
    LD_ADJ 54, lw, 5, -1, tdat, 0xfe01807f
    /* x0 as the base (the first bytes of the image), and as rd */
    LD_ZERO 60, lw, 0, tdat
    /* bypasses: the loaded value and the base at distances 0, 1, 2; a later write wins */
    LD_BYPASS 100, lw, 4, tdat, 0xfe01807f
    LD_BYPASS 110, lw, -12, tdat_end, 0xfe01807f
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
