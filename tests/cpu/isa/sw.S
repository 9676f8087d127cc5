/* sw: words at positive and negative offsets, the base unaligned, bypasses, x0 */
/* each store read back by a load; expected values from a model of the spec */
#include "isa_macros.h"

    .text
    .globl test_main
test_main:
    ST 1, lw, sw, 0xaaaaaa00, 0, tdat, 0xaaaaaa00
    ST 2, lw, sw, 0x000000a0, 4, tdat, 0x000000a0
    ST 3, lw, sw, 0xa00aa00a, 8, tdat, 0xa00aa00a
    ST 4, lw, sw, 0x0aa00aa0, 12, tdat, 0x0aa00aa0
    ST 5, lw, sw, 0x12345678, -16, tdat_end, 0x12345678
    ST 6, lw, sw, 0x8765cdef, -12, tdat_end, 0x8765cdef
    ST 7, lw, sw, 0xffffffff, -8, tdat_end, 0xffffffff
    ST 8, lw, sw, 0x7fff807f, -4, tdat_end, 0x7fff807f
    /* the rest of the word is kept, little-endian lanes */
    ST_KEEP 50, sw, 0xc3a59687, 0, tdat, 0xc3a59687
    /* x0 as the data: zeros */
    ST_ZERO 60, sw, tdat, 0x00000000
    /* the base not aligned, the sum aligned; the largest offsets */
    ST_ADJ 61, lw, sw, -3, 7, 4, tdat, 0x13579bdf, 0x13579bdf
    ST_ADJ 62, lw, sw, -2047, 2047, 0, tdat, 0x13579bdf, 0x13579bdf
    ST_ADJ 63, lw, sw, 2048, -2048, 0, tdat, 0x13579bdf, 0x13579bdf
    /* bypasses: the data and the base at distances 0, 1, 2; a load right after */
    ST_BYPASS 100, lw, sw, 0xa1b2c3d4, 4, tdat, 0xa1b2c3d4
    ST_BYPASS 120, lw, sw, 0x9e8f7a6b, -12, tdat_end, 0x9e8f7a6b
    j test_pass

    .data
    .align 2
tdat:
    .word 0, 0, 0, 0
tdat_end:
    .word 0
