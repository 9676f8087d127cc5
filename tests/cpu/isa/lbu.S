/* lbu: every byte lane, zero extension, positive and negative offsets, bypasses, x0 */
/* rd apart and rd = base; expected values from a model of the spec */
#include "isa_macros.h"

    .text
    .globl test_main
test_main:
    LD 1, lbu, 0, tdat, 0x000000ff
    LD 2, lbu, 1, tdat, 0x00000000
    LD 3, lbu, 2, tdat, 0x000000f0
    LD 4, lbu, 3, tdat, 0x0000000f
    LD 5, lbu, 4, tdat, 0x0000007f
    LD 6, lbu, 5, tdat, 0x00000080
    LD 7, lbu, 6, tdat, 0x00000001
    LD 8, lbu, 7, tdat, 0x000000fe
    LD 9, lbu, 8, tdat, 0x00000034
    LD 10, lbu, 9, tdat, 0x00000012
    LD 11, lbu, 10, tdat, 0x00000078
    LD 12, lbu, 11, tdat, 0x00000056
    LD 13, lbu, 12, tdat, 0x000000ef
    LD 14, lbu, 13, tdat, 0x000000be
    LD 15, lbu, 14, tdat, 0x000000ad
    LD 16, lbu, 15, tdat, 0x000000de
    LD 17, lbu, -16, tdat_end, 0x000000ff
    LD 18, lbu, -15, tdat_end, 0x00000000
    LD 19, lbu, -14, tdat_end, 0x000000f0
    LD 20, lbu, -13, tdat_end, 0x0000000f
    LD 21, lbu, -12, tdat_end, 0x0000007f
    LD 22, lbu, -11, tdat_end, 0x00000080
    LD 23, lbu, -10, tdat_end, 0x00000001
    LD 24, lbu, -9, tdat_end, 0x000000fe
    LD 25, lbu, -8, tdat_end, 0x00000034
    LD 26, lbu, -7, tdat_end, 0x00000012
    LD 27, lbu, -6, tdat_end, 0x00000078
    LD 28, lbu, -5, tdat_end, 0x00000056
    LD 29, lbu, -4, tdat_end, 0x000000ef
    LD 30, lbu, -3, tdat_end, 0x000000be
    LD 31, lbu, -2, tdat_end, 0x000000ad
    LD 32, lbu, -1, tdat_end, 0x000000de
    /* the base not aligned, the sum aligned; the largest offsets */
    LD_ADJ 50, lbu, -3, 4, tdat, 0x00000000
    LD_ADJ 51, lbu, 1, -1, tdat, 0x000000ff
    LD_ADJ 52, lbu, -2047, 2047, tdat, 0x000000ff
    LD_ADJ 53, lbu, 2048, -2048, tdat, 0x000000ff
    LD_ADJ 54, lbu, 5, -1, tdat, 0x0000007f
    /* x0 as the base (the first bytes of the image), and as rd */
    LD_ZERO 60, lbu, 3, tdat
    /* bypasses: the loaded value and the base at distances 0, 1, 2; a later write wins */
    LD_BYPASS 100, lbu, 5, tdat, 0x00000080
    LD_BYPASS 110, lbu, -11, tdat_end, 0x00000080
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
