/* Start code of the CPU test programs: stack, trap handler, pass and fail.
 * The handler records mcause, mepc, mtval, mip and mstatus in trap_info and counts the
 * trap; unless traps are allowed (ALLOW_TRAPS 1) it fails the test with
 * UNEXPECTED_TRAP + mcause. Exceptions return past the trapping instruction (or to
 * TI_RESUME when set); interrupts return to mepc after dropping every irq line. */
#include "test_macros.h"

    .section .text.start
    .globl _start
_start:
    la sp, __stack_top
    la t0, trap_entry
    csrw mtvec, t0
    j test_main

    .align 2
    .globl trap_entry
trap_entry:
    addi sp, sp, -16
    sw t0, 0(sp)
    sw t1, 4(sp)
    la t0, trap_info
    csrr t1, mcause
    sw t1, TI_CAUSE(t0)
    csrr t1, mepc
    sw t1, TI_EPC(t0)
    csrr t1, mtval
    sw t1, TI_TVAL(t0)
    csrr t1, mip
    sw t1, TI_MIP(t0)
    csrr t1, mstatus
    sw t1, TI_MSTATUS(t0)
    lw t1, TI_COUNT(t0)
    addi t1, t1, 1
    sw t1, TI_COUNT(t0)
    lw t1, TI_ALLOW(t0)
    beqz t1, unexpected
    csrr t1, mcause
    bltz t1, 2f
    lw t1, TI_RESUME(t0)
    beqz t1, 1f
    sw zero, TI_RESUME(t0)
    csrw mepc, t1
    j 3f
1:  csrr t1, mepc
    addi t1, t1, 4
    csrw mepc, t1
    j 3f
2:  li t1, IRQ_ADDR
    sw zero, 0(t1)
3:  lw t0, 0(sp)
    lw t1, 4(sp)
    addi sp, sp, 16
    mret

unexpected:
    csrr a0, mcause
    slli a0, a0, 1              /* drop the interrupt bit: 0xE000 + code */
    srli a0, a0, 1
    li t1, UNEXPECTED_TRAP
    add a0, a0, t1
    /* fall through */

    .globl test_fail
test_fail:                      /* a0: the failing check's number */
    li t0, RESULT_ADDR
    sw a0, 0(t0)
1:  j 1b

    .globl test_pass
test_pass:
    li t0, RESULT_ADDR
    sw zero, 0(t0)
1:  j 1b

    .data
    .align 2
    .globl trap_info
trap_info:
    .word 0, 0, 0, 0, 0, 0, 0, 0
