/* Traps in a pipeline: CSR writes just before ecall/mret, results just before a trap */
/* mtvec written right before a trap, mepc right before mret, a multi-cycle result or a
 * load right before an exception, exceptions in a taken jump's shadow, mret's MIE/MPIE */
#include "isa_macros.h"

    .text
    .globl test_main
test_main:
    ALLOW_TRAPS 1
    /* mtvec written by the instruction right before the trap: the new one is used */
    la a1, handler2
    csrrw s1, mtvec, a1
    ecall
    csrw mtvec, s1
    CHECK_EQ a4, 0x2222, 1
    /* mepc written right before mret: mret goes there */
    la a1, 1f
    csrw mepc, a1
    mret
    FAIL 2
1:
    /* mret right after mstatus written: MIE from that MPIE, MPIE set */
    li a1, 0x80
    csrs mstatus, a1
    la a1, 2f
    csrw mepc, a1
    mret
2:  csrr a2, mstatus
    csrci mstatus, 8
    CHECK_EQ a2, 0x1888, 3
    li a1, 0x80
    csrc mstatus, a1
    la a1, 3f
    csrw mepc, a1
    mret
3:  csrr a2, mstatus
    CHECK_EQ a2, 0x1880, 4
    csrw mstatus, zero
    /* results of the instructions right before an exception are written */
    li a1, 6
    li a2, 7
    mul a3, a1, a2
e1: ecall
    CHECK_EQ a3, 42, 10
    div a3, a2, a1
e2: .word 0
    CHECK_EQ a3, 1, 11
    la s0, word
    lw a3, 0(s0)
e3: ebreak
    CHECK_EQ a3, 0x99, 12
    li a3, 0x44
    sw a3, 0(s0)
e4: ecall
    lw a4, 0(s0)
    CHECK_EQ a4, 0x44, 13
    TRAP_FIELD a5, TI_COUNT
    CHECK_EQ a5, 4, 14
    /* the exceptions in a taken branch's or jump's shadow are not taken */
    beq zero, zero, 4f
    ecall
    .word 0
4:  jal zero, 5f
    ebreak
5:  la a1, 6f
    jalr zero, 0(a1)
    lw a3, 1(s0)
6:  TRAP_FIELD a5, TI_COUNT
    CHECK_EQ a5, 4, 20
    /* an exception right after a taken branch lands: taken, and only once */
    beq zero, zero, 7f
    nop
7:
e5: ecall
    CHECK_TRAP 30, 11, e5, 0, 5
    /* a register read by the first instruction after mret (written in the handler) */
    li a4, 0
    la a1, handler3
    csrrw s1, mtvec, a1
    ecall
    addi a5, a4, 1
    csrw mtvec, s1
    CHECK_EQ a5, 0x3334, 31
    j test_pass

    /* handlers of their own: skip the ecall and leave a mark */
    .align 2
handler2:
    li a4, 0x2222
    csrr t0, mepc
    addi t0, t0, 4
    csrw mepc, t0
    mret
    .align 2
handler3:
    csrr t0, mepc
    addi t0, t0, 4
    csrw mepc, t0
    li a4, 0x3333
    mret

    .data
    .align 2
word:
    .word 0x99
