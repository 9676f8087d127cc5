/* Reset: the stack below the mailbox, the trap vector, .bss cleared, the two
 * interrupt lines enabled for wfi (mstatus.MIE stays 0: interrupts wake the
 * CPU but are not taken), then main; its return value goes to EXIT. */
#include "soc_map.h"

    .section .text.start, "ax"
    .globl _start
_start:
    .option push
    .option norelax
    la gp, __global_pointer$
    .option pop
    la t0, soc_stack_top
    lw sp, 0(t0)
    la t0, soc_trap_entry
    csrw mtvec, t0
    la t0, __bss_start
    la t1, __bss_end
1:  bgeu t0, t1, 2f
    sw zero, 0(t0)
    addi t0, t0, 4
    j 1b
2:  li t0, (1 << SOC_IRQ_DISPLAY_BIT) | (1 << SOC_IRQ_ACCEL_BIT)
    csrw mie, t0
    call main
    li t0, SOC_CTRL_EXIT
    sw a0, 0(t0)
3:  wfi
    j 3b

/* Any trap is an exception here (interrupts are never taken): report it. */
    .balign 4
soc_trap_entry:
    csrr a0, mcause
    csrr a1, mepc
    csrr a2, mtval
    la t0, soc_stack_top
    lw sp, 0(t0)
    call soc_trap
4:  j 4b
