/* wfi: sleeps until (mip & mie) != 0, with MIE off (goes on) and on (interrupt) */
/* The test device's delayed line wakes it; mcycle shows it slept. */
#include "test_macros.h"

.macro RAISE_AFTER mask, cycles
    li t5, DELAY_ADDR
    li t6, (\mask << 24) | \cycles
    sw t6, 0(t5)
.endm

    .text
    .globl test_main
test_main:
    ALLOW_TRAPS 1
    /* MIE = 0: wfi waits for the enabled line, then goes on without a trap */
    li a1, 0x10000
    csrw mie, a1
    RAISE_AFTER 1, 300
    csrr s0, mcycle
    wfi
    csrr s1, mcycle
    sub a2, s1, s0
    li a3, 290
    bltu a2, a3, short_sleep
    csrr a2, mip
    CHECK_EQ a2, 0x10000, 1
    TRAP_FIELD a2, TI_COUNT
    CHECK_EQ a2, 0, 2
    /* a line already pending and enabled: wfi goes on at once */
    csrr s0, mcycle
    wfi
    csrr s1, mcycle
    sub a2, s1, s0
    li a3, 20
    bgeu a2, a3, long_sleep
    li t5, IRQ_ADDR
    sw zero, 0(t5)
    /* a pending line whose mie bit is clear does not wake it; the enabled one does */
    li t5, IRQ_ADDR
    li t6, 2
    sw t6, 0(t5)
    RAISE_AFTER 1, 200
    csrr s0, mcycle
    wfi
    csrr s1, mcycle
    sub a2, s1, s0
    li a3, 190
    bltu a2, a3, short_sleep
    li t5, IRQ_ADDR
    sw zero, 0(t5)
    /* a divide just before wfi: the fetch has filled its buffer while the
       divide ran, so wfi arrives with the divide still behind it in the pipe
       and both ports idle (the simulation clock gate, cpu_rv32im.v, must let
       the divide retire before it stops the core: tests/test_cpu.sh compares
       the retire trace with and without the gate) */
    RAISE_AFTER 1, 200
    li a4, 1000
    li a5, 7
    div a6, a4, a5
    wfi
    CHECK_EQ a6, 142, 6
    li t5, IRQ_ADDR
    sw zero, 0(t5)
    /* MIE = 1: the interrupt is taken, mepc = the instruction after wfi */
    csrsi mstatus, 8
    RAISE_AFTER 1, 150
w1: wfi
w2: nop
    TRAP_FIELD a2, TI_COUNT
    CHECK_EQ a2, 1, 3
    TRAP_FIELD a2, TI_CAUSE
    CHECK_EQ a2, 0x80000010, 4
    TRAP_FIELD a2, TI_EPC
    CHECK_ADDR a2, w2, 5
    j test_pass

short_sleep:
    li a0, 100
    j test_fail
long_sleep:
    li a0, 101
    j test_fail
