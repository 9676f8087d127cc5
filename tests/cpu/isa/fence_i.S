/* fence.i: self-modifying code runs the new instructions, even right after fence.i */
/* rv32ui fence_i; code written by stores (in .data and inline), then fence.i, then run */
#include "isa_macros.h"

    .text
    .globl test_main
test_main:
    /* copy two instructions into a RAM buffer, fence.i, call them */
    la a1, code
    lw a2, insn_add7
    sw a2, 0(a1)
    lw a2, insn_ret
    sw a2, 4(a1)
    fence.i
    li a3, 100
    jalr ra, 0(a1)
    CHECK_EQ a3, 107, 1
    /* overwrite the first one and call again: the new one runs */
    lw a2, insn_add9
    sw a2, 0(a1)
    fence.i
    jalr ra, 0(a1)
    CHECK_EQ a3, 116, 2
    /* the instruction right after fence.i is the one rewritten */
    li a3, 0
    la a1, 1f
    lw a2, insn_add7
    sw a2, 0(a1)
    fence.i
1:  addi a3, a3, 1
    CHECK_EQ a3, 7, 3
    /* rewritten two instructions ahead of the fence.i, the store just before it */
    li a3, 0
    la a1, 2f
    lw a2, insn_add9
    sw a2, 0(a1)
    fence.i
    nop
2:  addi a3, a3, 1
    CHECK_EQ a3, 9, 4
    /* a halfword store changes the immediate only (addi a3, a3, 7 -> 0x123) */
    li a3, 0
    la a1, 3f
    lw a2, insn_add7
    sw a2, 0(a1)
    li a2, 0x1236
    sh a2, 2(a1)                /* bits 31:16: imm[11:0] = 0x123, rs1[4:1] of a3 (x13) */
    fence.i
3:  addi a3, a3, 1
    CHECK_EQ a3, 0x123, 5
    /* a loop rewritten between its turns: each turn runs the new code */
    li a3, 0
    li a4, 3
    li a5, 1 << 20              /* imm + 1 */
    la a1, 4f
    lw a2, insn_add7
5:  sw a2, 0(a1)
    fence.i
4:  addi a3, a3, 1
    add a2, a2, a5              /* next turn: addi a3, a3, 8, then 9 */
    addi a4, a4, -1
    bnez a4, 5b
    CHECK_EQ a3, 7 + 8 + 9, 6
    j test_pass

    .data
    .align 2
insn_add7:
    addi a3, a3, 7
insn_add9:
    addi a3, a3, 9
insn_ret:
    ret
code:
    .word 0, 0
