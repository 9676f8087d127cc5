/* CPI per instruction class, measured with mcycle and minstret, printed as a table */
/* Each class runs REPS copies of one instruction between two counter reads; the cost
 * of the reads themselves (the same block with no copies) is subtracted. minstret
 * must count exactly REPS + 2 for every block (checks 1..). Output lines:
 * "class  cycles-per-instruction" with two decimals. */
#include "test_macros.h"

#define REPS 32

/* BLOCK n, name, instruction: measure one class; s5 holds the empty block's cycles */
.macro BLOCK n, name, insn:vararg
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
    CHECK_EQ s3, REPS + 2, \n
    sub a1, s2, s0
    sub a1, a1, s5
    li t0, 100
    mul a1, a1, t0
    li t0, REPS
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
    BLOCK 1, "add, sub, and, ... (OP)", add a0, a1, a2
    BLOCK 2, "addi, andi, ... (OP-IMM)", addi a0, a1, 5
    BLOCK 3, "sll, sra (shifts)", sra a0, a1, a2
    BLOCK 4, "lui", lui a0, 0x12345
    BLOCK 5, "auipc", auipc a0, 0x12345
    BLOCK 6, "branch not taken", bne zero, zero, .+4
    BLOCK 7, "branch taken", beq zero, zero, .+4
    BLOCK 8, "jal", jal zero, .+4
    la ra, 1f + 8                   /* the first jalr (after two csrr): each jumps to the next */
1:  BLOCK 9, "jalr", jalr ra, 4(ra)
    BLOCK 10, "lw", lw a0, 0(s6)
    BLOCK 11, "lb, lhu", lb a0, 3(s6)
    BLOCK 12, "sw", sw a1, 4(s6)
    BLOCK 13, "sb, sh", sb a1, 5(s6)
    BLOCK 14, "mul", mul a0, a1, a2
    BLOCK 15, "mulh, mulhsu, mulhu", mulhu a0, a1, a2
    BLOCK 16, "div, divu, rem, remu", div a1, a2, a1   /* 7 / 3, 7 / 2, ...: a new division each */
    BLOCK 17, "csrr, csrw (Zicsr)", csrr a0, mscratch
    BLOCK 18, "fence", fence
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
header:
    .asciz "instruction class           CPI (mcycle / minstret)\n"

    .data
    .align 2
data:
    .word 0x80402010, 0, 0, 0
