/* sb: every byte lane, the other bytes kept, high bits dropped, both offset signs, bypasses, x0 */
/* each store read back by a load; expected values from a model of the spec */
#include "isa_macros.h"

    .text
    .globl test_main
test_main:
    ST 1, lb, sb, 0xaaaaaa00, 0, tdat, 0x00000000
    ST 2, lbu, sb, 0x000000a0, 1, tdat, 0x000000a0
    ST 3, lb, sb, 0xa00aa00a, 2, tdat, 0x0000000a
    ST 4, lbu, sb, 0x0aa00aa0, 3, tdat, 0x000000a0
    ST 5, lb, sb, 0x12345678, 4, tdat, 0x00000078
    ST 6, lbu, sb, 0x8765cdef, 5, tdat, 0x000000ef
    ST 7, lb, sb, 0xffffffff, 6, tdat, 0xffffffff
    ST 8, lbu, sb, 0x7fff807f, 7, tdat, 0x0000007f
    ST 9, lb, sb, 0xaaaaaa00, 8, tdat, 0x00000000
    ST 10, lbu, sb, 0x000000a0, 9, tdat, 0x000000a0
    ST 11, lb, sb, 0xa00aa00a, 10, tdat, 0x0000000a
    ST 12, lbu, sb, 0x0aa00aa0, 11, tdat, 0x000000a0
    ST 13, lb, sb, 0x12345678, 12, tdat, 0x00000078
    ST 14, lbu, sb, 0x8765cdef, 13, tdat, 0x000000ef
    ST 15, lb, sb, 0xffffffff, 14, tdat, 0xffffffff
    ST 16, lbu, sb, 0x7fff807f, 15, tdat, 0x0000007f
    ST 17, lb, sb, 0xaaaaaa00, -16, tdat_end, 0x00000000
    ST 18, lbu, sb, 0x000000a0, -15, tdat_end, 0x000000a0
    ST 19, lb, sb, 0xa00aa00a, -14, tdat_end, 0x0000000a
    ST 20, lbu, sb, 0x0aa00aa0, -13, tdat_end, 0x000000a0
    ST 21, lb, sb, 0x12345678, -12, tdat_end, 0x00000078
    ST 22, lbu, sb, 0x8765cdef, -11, tdat_end, 0x000000ef
    ST 23, lb, sb, 0xffffffff, -10, tdat_end, 0xffffffff
    ST 24, lbu, sb, 0x7fff807f, -9, tdat_end, 0x0000007f
    ST 25, lb, sb, 0xaaaaaa00, -8, tdat_end, 0x00000000
    ST 26, lbu, sb, 0x000000a0, -7, tdat_end, 0x000000a0
    ST 27, lb, sb, 0xa00aa00a, -6, tdat_end, 0x0000000a
    ST 28, lbu, sb, 0x0aa00aa0, -5, tdat_end, 0x000000a0
    ST 29, lb, sb, 0x12345678, -4, tdat_end, 0x00000078
    ST 30, lbu, sb, 0x8765cdef, -3, tdat_end, 0x000000ef
    ST 31, lb, sb, 0xffffffff, -2, tdat_end, 0xffffffff
    ST 32, lbu, sb, 0x7fff807f, -1, tdat_end, 0x0000007f
    /* the rest of the word is kept, little-endian lanes */
    ST_KEEP 50, sb, 0xc3a59687, 0, tdat, 0x5a5a5a87
    ST_KEEP 51, sb, 0xc3a59687, 1, tdat, 0x5a5a875a
    ST_KEEP 52, sb, 0xc3a59687, 2, tdat, 0x5a875a5a
    ST_KEEP 53, sb, 0xc3a59687, 3, tdat, 0x875a5a5a
    /* x0 as the data: zeros */
    ST_ZERO 60, sb, tdat, 0xffffff00
    /* the base not aligned, the sum aligned; the largest offsets */
    ST_ADJ 61, lbu, sb, -3, 4, 1, tdat, 0x13579bdf, 0x000000df
    ST_ADJ 62, lbu, sb, -2047, 2047, 0, tdat, 0x13579bdf, 0x000000df
    ST_ADJ 63, lbu, sb, 2048, -2048, 0, tdat, 0x13579bdf, 0x000000df
    /* bypasses: the data and the base at distances 0, 1, 2; a load right after */
    ST_BYPASS 100, lb, sb, 0xa1b2c3d4, 5, tdat, 0xffffffd4
    ST_BYPASS 120, lbu, sb, 0x9e8f7a6b, -11, tdat_end, 0x0000006b
    j test_pass

    .data
    .align 2
tdat:
    .word 0, 0, 0, 0
tdat_end:
    .word 0
