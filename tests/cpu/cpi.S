/* CPI per instruction class and pipeline case, from mcycle and minstret, as a table */
/* Each case runs REPS copies of a short sequence (PER instructions) between two
 * counter reads; the cost of the reads themselves (the same block with no copies) is
 * subtracted. minstret must count exactly REPS * PER + 2 for every block (checks
 * 1..). Output lines: "case  cycles-per-instruction" with two decimals. */
#include "test_macros.h"

#define REPS 32

/* the pipeline cases' sequences */
.macro LW_OTHER
    lw a0, 0(s6)
    addi a3, a1, 1
.endm
.macro LW_USE
    lw a0, 0(s6)
    addi a3, a0, 1
.endm
.macro LW_GAP_USE
    lw a0, 0(s6)
    addi a4, a1, 1
    addi a3, a0, 1
.endm
.macro SW_LW
    sw a1, 4(s6)
    lw a0, 0(s6)
.endm
.macro MUL_USE
    mul a0, a1, a2
    addi a3, a0, 1
.endm
.macro SLLI_USE
    slli a0, a1, 3
    addi a3, a0, 1
.endm
.macro ADD_USE
    add a0, a1, a2
    add a3, a0, a0
.endm
.macro REM_DIV                  /* 7 % a1, a1 = 7 / a1: 3, 2, 3, ...: each pair a new division */
    rem a0, a2, a1
    div a1, a2, a1
.endm

/* BLOCK n, name, per, instructions: measure one case (per instructions a copy: one
   instruction, or a macro above); s5 holds the empty block's cycles */
.macro BLOCK n, name, per, insn:vararg
    .section .rodata
.Lname\@: .asciz "\name"
    .text
    csrr s0, mcycle
    csrr s1, minstret
    .rept REPS
    \insn
    .endr
    csrr s2, mcycle
    csrr s3, minstret
    sub s3, s3, s1
    CHECK_EQ s3, REPS * \per + 2, \n
    sub a1, s2, s0
    sub a1, a1, s5
    li t0, 100
    mul a1, a1, t0
    li t0, REPS * \per
    divu a1, a1, t0
    la a0, .Lname\@
    call print_cpi
.endm

    .text
    .globl test_main
test_main:
    /* the empty block: the two counter reads' own cost */
    csrr s0, mcycle
    csrr s1, minstret
    csrr s2, mcycle
    csrr s3, minstret
    sub s5, s2, s0
    la a0, header
    call puts
    li a1, 3
    li a2, 7
    la s6, data
    BLOCK 1, "add, sub, and, ... (OP)", 1, add a0, a1, a2
    BLOCK 2, "addi, andi, ... (OP-IMM)", 1, addi a0, a1, 5
    BLOCK 3, "sll, sra (shifts)", 1, sra a0, a1, a2
    BLOCK 4, "lui", 1, lui a0, 0x12345
    BLOCK 5, "auipc", 1, auipc a0, 0x12345
    BLOCK 6, "branch not taken", 1, bne zero, zero, .+4
    BLOCK 7, "branch taken (forward)", 1, beq zero, zero, .+4
    BLOCK 8, "jal", 1, jal zero, .+4
    la ra, 1f + 8                   /* the first jalr (after two csrr): each jumps to the next */
1:  BLOCK 9, "jalr", 1, jalr ra, 4(ra)
    BLOCK 10, "lw", 1, lw a0, 0(s6)
    BLOCK 11, "lb, lhu", 1, lb a0, 3(s6)
    BLOCK 12, "sw", 1, sw a1, 4(s6)
    BLOCK 13, "sb, sh", 1, sb a1, 5(s6)
    BLOCK 14, "mul", 1, mul a0, a1, a2
    BLOCK 15, "mulh, mulhsu, mulhu", 1, mulhu a0, a1, a2
    BLOCK 16, "div, divu, rem, remu", 1, div a1, a2, a1   /* 7 / 3, 7 / 2, ...: a new division each */
    BLOCK 17, "csrr, csrw (Zicsr)", 1, csrr a0, mscratch
    BLOCK 18, "fence", 1, fence
    /* pipeline cases: a pair (or three) a copy, the CPI of the whole */
    BLOCK 19, "lw; addi (no use)", 2, LW_OTHER
    BLOCK 20, "lw; use next", 2, LW_USE
    BLOCK 21, "lw; addi; use", 3, LW_GAP_USE
    BLOCK 22, "sw; lw", 2, SW_LW
    BLOCK 23, "mul; use next", 2, MUL_USE
    BLOCK 24, "slli; use next", 2, SLLI_USE
    BLOCK 25, "add; use next (bypass)", 2, ADD_USE
    BLOCK 26, "rem; div, same operands", 2, REM_DIV
    /* a loop: the backward branch is predicted taken, the last time it is not */
    li t1, REPS
    csrr s0, mcycle
    csrr s1, minstret
2:  addi t1, t1, -1
    bnez t1, 2b
    csrr s2, mcycle
    csrr s3, minstret
    sub s3, s3, s1
    CHECK_EQ s3, REPS * 2 + 2, 27
    sub a1, s2, s0
    sub a1, a1, s5
    li t0, 100
    mul a1, a1, t0
    li t0, REPS * 2
    divu a1, a1, t0
    la a0, loop_name
    call print_cpi
    j test_pass

/* print_cpi: a0 the class's name, a1 cycles per instruction times 100 */
print_cpi:
    mv s7, ra
    mv s8, a1
    call puts
    call pad
    li t0, 100
    divu a0, s8, t0
    call put_dec
    li a0, '.'
    call putc
    li t0, 100
    remu s8, s8, t0
    li t0, 10
    divu a0, s8, t0
    call put_dec
    li t0, 10
    remu a0, s8, t0
    call put_dec
    li a0, '\n'
    call putc
    mv ra, s7
    ret

/* puts: the string at a0; leaves a0 at its end and the count in s9 */
puts:
    li t1, CONSOLE_ADDR
    li s9, 0
1:  lbu t0, 0(a0)
    beqz t0, 2f
    sb t0, 0(t1)
    addi a0, a0, 1
    addi s9, s9, 1
    j 1b
2:  ret

/* pad: spaces up to column 28 after puts wrote s9 characters */
pad:
    li t1, CONSOLE_ADDR
    li t2, 28
    li t0, ' '
1:  bge s9, t2, 2f
    sb t0, 0(t1)
    addi s9, s9, 1
    j 1b
2:  ret

putc:
    li t1, CONSOLE_ADDR
    sb a0, 0(t1)
    ret

/* put_dec: a0 in decimal (a0 < 10^9) */
put_dec:
    li t1, CONSOLE_ADDR
    li t2, 1
    li t0, 10
1:  mul t3, t2, t0              /* the largest power of ten <= a0 */
    bgtu t3, a0, 2f
    mv t2, t3
    j 1b
2:  divu t3, a0, t2
    remu a0, a0, t2
    addi t3, t3, '0'
    sb t3, 0(t1)
    divu t2, t2, t0
    bnez t2, 2b
    ret

    .section .rodata
loop_name:
    .asciz "loop: addi; bnez back"
header:
    .asciz "instruction class or case   CPI (mcycle / minstret)\n"

    .data
    .align 2
data:
    .word 0x80402010, 0, 0, 0
