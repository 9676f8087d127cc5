/* Misaligned loads and stores trap (mcause 4, 6), mtval = the address, no effect */
/* rv32mi ma_addr, lh/lw/sh/sw-misaligned: every misaligned offset of lh, lhu, lw, sh,
 * sw; rd and memory untouched; the base misaligned but the sum not, and the reverse */
#include "isa_macros.h"

/* a load at base s0 + off traps: checks n .. n+4 */
.macro MA_LD n, op, off, count
    li a2, 0x77
.Lm\@:
    \op a2, \off(s0)
    CHECK_TRAP \n, 4, .Lm\@, data + \off, \count
    CHECK_EQ a2, 0x77, (\n + 4)
.endm

/* a store at base s0 + off traps and writes nothing: checks n .. n+5 */
.macro MA_ST n, op, off, count
.Lm\@:
    \op a3, \off(s0)
    CHECK_TRAP \n, 6, .Lm\@, data + \off, \count
    lw a4, 0(s0)
    CHECK_EQ a4, 0x44332211, (\n + 4)
    lw a4, 4(s0)
    CHECK_EQ a4, 0x88776655, (\n + 5)
.endm

    .text
    .globl test_main
test_main:
    ALLOW_TRAPS 1
    la s0, data
    li a3, 0xaabbccdd
    MA_LD 10, lh, 1, 1
    MA_LD 20, lh, 3, 2
    MA_LD 30, lh, 5, 3
    MA_LD 40, lhu, 1, 4
    MA_LD 50, lhu, 3, 5
    MA_LD 60, lw, 1, 6
    MA_LD 70, lw, 2, 7
    MA_LD 80, lw, 3, 8
    MA_LD 90, lw, 5, 9
    MA_ST 100, sh, 1, 10
    MA_ST 110, sh, 3, 11
    MA_ST 120, sh, 5, 12
    MA_ST 130, sw, 1, 13
    MA_ST 140, sw, 2, 14
    MA_ST 150, sw, 3, 15
    MA_ST 160, sw, 6, 16
    /* bytes never trap; aligned halves and words at every lane do not either */
    lb a2, 1(s0)
    lbu a2, 3(s0)
    lh a2, 2(s0)
    lhu a2, 6(s0)
    lw a2, 4(s0)
    TRAP_FIELD a2, TI_COUNT
    CHECK_EQ a2, 16, 170
    /* the base misaligned, the sum aligned: no trap; and the reverse: a trap */
    addi s1, s0, 3
    lw a2, -3(s1)
    CHECK_EQ a2, 0x44332211, 171
    lh a2, 3(s1)
    CHECK_EQ a2, 0xffff8877, 172
    li a2, 0x77
m1: lw a2, 0(s1)
    CHECK_TRAP 180, 4, m1, data + 3, 17
    /* the address made just before the access (distance 0) */
    addi s1, s0, 2
m2: lw a2, 0(s1)
    CHECK_TRAP 190, 4, m2, data + 2, 18
    addi s1, s0, 1
m3: sh a3, 0(s1)
    CHECK_TRAP 200, 6, m3, data + 1, 19
    /* misaligned comes before the access fault (an address no device answers) */
    li s1, BAD_ADDR
m4: lw a2, 2(s1)
    CHECK_TRAP 210, 4, m4, BAD_ADDR + 2, 20
m5: sh a3, 1(s1)
    CHECK_TRAP 220, 6, m5, BAD_ADDR + 1, 21
    j test_pass

    .data
    .align 2
data:
    .word 0x44332211, 0x88776655, 0
