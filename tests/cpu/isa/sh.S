/* sh: both halfword lanes, the other half kept, high bits dropped, both offset signs, bypasses, x0 */
/* each store read back by a load; expected values from a model of the spec */
#include "isa_macros.h"

    .text
    .globl test_main
test_main:
    ST 1, lh, sh, 0xaaaaaa00, 0, tdat, 0xffffaa00
    ST 2, lhu, sh, 0x000000a0, 2, tdat, 0x000000a0
    ST 3, lh, sh, 0xa00aa00a, 4, tdat, 0xffffa00a
    ST 4, lhu, sh, 0x0aa00aa0, 6, tdat, 0x00000aa0
    ST 5, lh, sh, 0x12345678, 8, tdat, 0x00005678
    ST 6, lhu, sh, 0x8765cdef, 10, tdat, 0x0000cdef
    ST 7, lh, sh, 0xffffffff, 12, tdat, 0xffffffff
    ST 8, lhu, sh, 0x7fff807f, 14, tdat, 0x0000807f
    ST 9, lh, sh, 0xaaaaaa00, -16, tdat_end, 0xffffaa00
    ST 10, lhu, sh, 0x000000a0, -14, tdat_end, 0x000000a0
    ST 11, lh, sh, 0xa00aa00a, -12, tdat_end, 0xffffa00a
    ST 12, lhu, sh, 0x0aa00aa0, -10, tdat_end, 0x00000aa0
    ST 13, lh, sh, 0x12345678, -8, tdat_end, 0x00005678
    ST 14, lhu, sh, 0x8765cdef, -6, tdat_end, 0x0000cdef
    ST 15, lh, sh, 0xffffffff, -4, tdat_end, 0xffffffff
    ST 16, lhu, sh, 0x7fff807f, -2, tdat_end, 0x0000807f
    /* the rest of the word is kept, little-endian lanes */
    ST_KEEP 50, sh, 0xc3a59687, 0, tdat, 0x5a5a9687
    ST_KEEP 51, sh, 0xc3a59687, 2, tdat, 0x96875a5a
    /* x0 as the data: zeros */
    ST_ZERO 60, sh, tdat, 0xffff0000
    /* the base not aligned, the sum aligned; the largest offsets */
    ST_ADJ 61, lhu, sh, -3, 5, 2, tdat, 0x13579bdf, 0x00009bdf
    ST_ADJ 62, lhu, sh, -2047, 2047, 0, tdat, 0x13579bdf, 0x00009bdf
    ST_ADJ 63, lhu, sh, 2048, -2048, 0, tdat, 0x13579bdf, 0x00009bdf
    /* bypasses: the data and the base at distances 0, 1, 2; a load right after */
    ST_BYPASS 100, lh, sh, 0xa1b2c3d4, 4, tdat, 0xffffc3d4
    ST_BYPASS 120, lhu, sh, 0x9e8f7a6b, -12, tdat_end, 0x00007a6b
    j test_pass

    .data
    .align 2
tdat:
    .word 0, 0, 0, 0
tdat_end:
    .word 0
