/* lhu: both halfword lanes, zero extension, positive and negative offsets, bypasses, x0 */
/* rd apart and rd = base; expected values from a model of the spec */
#include "isa_macros.h"

    .text
    .globl test_main
test_main:
    LD 1, lhu, 0, tdat, 0x000000ff
    LD 2, lhu, 2, tdat, 0x00000ff0
    LD 3, lhu, 4, tdat, 0x0000807f
    LD 4, lhu, 6, tdat, 0x0000fe01
    LD 5, lhu, 8, tdat, 0x00001234
    LD 6, lhu, 10, tdat, 0x00005678
    LD 7, lhu, 12, tdat, 0x0000beef
    LD 8, lhu, 14, tdat, 0x0000dead
    LD 9, lhu, -16, tdat_end, 0x000000ff
    LD 10, lhu, -14, tdat_end, 0x00000ff0
    LD 11, lhu, -12, tdat_end, 0x0000807f
    LD 12, lhu, -10, tdat_end, 0x0000fe01
    LD 13, lhu, -8, tdat_end, 0x00001234
    LD 14, lhu, -6, tdat_end, 0x00005678
    LD 15, lhu, -4, tdat_end, 0x0000beef
    LD 16, lhu, -2, tdat_end, 0x0000dead
    /* the base not aligned, the sum aligned; the largest offsets */
    LD_ADJ 50, lhu, -3, 5, tdat, 0x00000ff0
    LD_ADJ 51, lhu, 1, -1, tdat, 0x000000ff
    LD_ADJ 52, lhu, -2047, 2047, tdat, 0x000000ff
    LD_ADJ 53, lhu, 2048, -2048, tdat, 0x000000ff
    LD_ADJ 54, lhu, 5, -1, tdat, 0x0000807f
    /* x0 as the base (the first bytes of the image), and as rd */
    LD_ZERO 60, lhu, 2, tdat
    /* bypasses: the loaded value and the base at distances 0, 1, 2; a later write wins */
    LD_BYPASS 100, lhu, 4, tdat, 0x0000807f
    LD_BYPASS 110, lhu, -12, tdat_end, 0x0000807f
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
