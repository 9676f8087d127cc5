/* Misaligned data through an M-mode emulation handler: ma_data's accesses all work */
/* rv32ui ma_data needs misaligned loads and stores to work; this core traps them (the
 * spec lets the EEI choose), so here a handler emulates them byte by byte, as an M-mode
 * execution environment would, and the values must come out as the spec defines */
#include "isa_macros.h"

.macro MA_LOAD n, op, off, result
    \op a3, \off(s0)
    CHECK_EQ a3, \result, \n
.endm

.macro MA_STORE n, st, ld, off, value, result
    li a2, \value
    \st a2, \off(s0)
    \ld a3, \off(s0)
    CHECK_EQ a3, \result, \n
.endm

.macro MA_MIXED n, st, ld, st_off, ld_off, value, result
    li a2, \value
    \st a2, \st_off(s0)
    \ld a3, \ld_off(s0)
    CHECK_EQ a3, \result, \n
.endm

    .text
    .globl test_main
test_main:
    la a1, emulate
    csrw mtvec, a1
    la s0, data
    /* misaligned loads: inside a word, across words, across a 32-byte line */
    MA_LOAD 1, lh, 1, 0x00000201
    MA_LOAD 2, lhu, 1, 0x00000201
    MA_LOAD 3, lh, 3, 0x00000403
    MA_LOAD 4, lhu, 3, 0x00000403
    MA_LOAD 5, lw, 1, 0x04030201
    MA_LOAD 6, lw, 2, 0x05040302
    MA_LOAD 7, lw, 3, 0x06050403
    MA_LOAD 8, lh, 31, 0x0000201f
    MA_LOAD 9, lhu, 31, 0x0000201f
    MA_LOAD 10, lw, 29, 0x201f1e1d
    MA_LOAD 11, lw, 30, 0x21201f1e
    MA_LOAD 12, lw, 31, 0x2221201f
    MA_LOAD 13, lh, 63, 0x0000403f
    MA_LOAD 14, lw, 61, 0x403f3e3d
    MA_LOAD 15, lw, 62, 0x41403f3e
    MA_LOAD 16, lw, 63, 0x4241403f
    /* misaligned stores, read back the same way */
    MA_STORE 30, sh, lh, 1, 0x00008180, 0xffff8180
    MA_STORE 31, sh, lhu, 3, 0x00008382, 0x00008382
    MA_STORE 32, sw, lw, 1, 0x87868584, 0x87868584
    MA_STORE 33, sw, lw, 2, 0x8b8a8988, 0x8b8a8988
    MA_STORE 34, sw, lw, 3, 0x8f8e8d8c, 0x8f8e8d8c
    MA_STORE 35, sh, lh, 31, 0x0000d5d4, 0xffffd5d4
    MA_STORE 36, sw, lw, 29, 0xdbdad9d8, 0xdbdad9d8
    MA_STORE 37, sw, lw, 30, 0xdfdedddc, 0xdfdedddc
    MA_STORE 38, sw, lw, 31, 0xe3e2e1e0, 0xe3e2e1e0
    MA_STORE 39, sh, lhu, 63, 0x00003534, 0x00003534
    MA_STORE 40, sw, lw, 61, 0x3b3a3938, 0x3b3a3938
    MA_STORE 41, sw, lw, 63, 0x43424140, 0x43424140
    /* a misaligned store read back by narrower and wider loads, aligned or not */
    MA_MIXED 50, sh, lb, 1, 1, 0x00009998, 0xffffff98
    MA_MIXED 51, sh, lbu, 1, 2, 0x00009b9a, 0x0000009b
    MA_MIXED 52, sw, lbu, 1, 1, 0xa3a2a1a0, 0x000000a0
    MA_MIXED 53, sw, lbu, 2, 3, 0xa7a6a5a4, 0x000000a5
    MA_MIXED 54, sw, lh, 3, 4, 0xabaaa9a8, 0xffffaaa9
    MA_MIXED 55, sw, lhu, 3, 5, 0xafaeadac, 0x0000afae
    MA_MIXED 56, sh, lw, 5, 4, 0x0000b1b0, 0x07b1b0ad
    MA_MIXED 57, sh, lw, 7, 5, 0x0000b3b2, 0xb3b2b1b0
    MA_MIXED 58, sw, lw, 9, 8, 0xb7b6b5b4, 0xb6b5b4b3
    MA_MIXED 59, sb, lw, 11, 9, 0x000000b8, 0xb7b8b5b4
    /* every misaligned access trapped once and was emulated */
    lw a1, emulated
    CHECK_EQ a1, 52, 70
    la a1, trap_entry
    csrw mtvec, a1
    j test_pass

/* The emulation: all registers saved in frame (x0's slot stays 0), the access done a
 * byte at a time at mtval, rd written back in the frame, mepc past the instruction. */
    .align 2
emulate:
    csrw mscratch, t0
    la t0, frame
    .irp r, 1, 2, 3, 4, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31
    sw x\r, (\r * 4)(t0)
    .endr
    csrr t1, mscratch
    sw t1, 20(t0)
    csrr t1, mepc
    lw t1, 0(t1)                /* the instruction */
    csrr t2, mtval              /* the address */
    srli t3, t1, 12
    andi t3, t3, 7              /* funct3 */
    andi t4, t3, 3
    li t5, 1
    sll t5, t5, t4              /* its size in bytes */
    add a0, t2, t5              /* the end of the access */
    csrr a1, mcause
    li a2, 4
    beq a1, a2, 1f
    li a2, 6
    beq a1, a2, 3f
    li a0, 71                   /* any other trap fails the test */
    j test_fail
1:  li t6, 0                    /* a load: the bytes from the last down */
2:  addi a0, a0, -1
    lbu a1, 0(a0)
    slli t6, t6, 8
    or t6, t6, a1
    bne a0, t2, 2b
    li a1, 1
    bne t3, a1, 5f
    slli t6, t6, 16             /* lh: sign-extend */
    srai t6, t6, 16
5:  srli a1, t1, 7
    andi a1, a1, 31             /* rd */
    beqz a1, 6f
    slli a1, a1, 2
    add a1, a1, t0
    sw t6, 0(a1)
    j 6f
3:  srli a1, t1, 20
    andi a1, a1, 31             /* a store: rs2's value from the frame */
    slli a1, a1, 2
    add a1, a1, t0
    lw t6, 0(a1)
4:  sb t6, 0(t2)
    srli t6, t6, 8
    addi t2, t2, 1
    bne t2, a0, 4b
6:  csrr t1, mepc
    addi t1, t1, 4
    csrw mepc, t1
    lw t1, emulated
    addi t1, t1, 1
    sw t1, emulated, t2
    .irp r, 1, 2, 3, 4, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31
    lw x\r, (\r * 4)(t0)
    .endr
    lw t0, 20(t0)
    mret

    .data
    .align 2
emulated:
    .word 0
frame:
    .space 32 * 4
data:
    .word 0x03020100, 0x07060504, 0x0b0a0908, 0x0f0e0d0c, 0x13121110, 0x17161514, 0x1b1a1918, 0x1f1e1d1c, 0x23222120, 0x27262524, 0x2b2a2928, 0x2f2e2d2c, 0x33323130, 0x37363534, 0x3b3a3938, 0x3f3e3d3c, 0x43424140, 0x47464544, 0x4b4a4948, 0x4f4e4d4c
