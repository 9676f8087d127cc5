/* Interrupts: taken only with mstatus.MIE and the mie bit, mcause, mepc, priority */
/* The test device's register drives the lines; the handler drops them all. The
 * program also checks that an interrupt is precise (no instruction skipped or
 * repeated) and never taken after a csrci that cleared MIE has completed. */
#include "test_macros.h"

.macro RAISE value
    li t5, IRQ_ADDR
    li t6, \value
    sw t6, 0(t5)
.endm

    .text
    .globl test_main
test_main:
    ALLOW_TRAPS 1
    /* a line raised with MIE = 0: pending in mip, not taken */
    li a1, 0x10000
    csrw mie, a1
    RAISE 1
    nop
    nop
    nop
    csrr a1, mip
    CHECK_EQ a1, 0x10000, 1
    TRAP_FIELD a2, TI_COUNT
    CHECK_EQ a2, 0, 2
    /* MIE = 1 but the line's mie bit clear: not taken either */
    csrw mie, zero
    csrsi mstatus, 8
    nop
    nop
    csrr a1, mip
    CHECK_EQ a1, 0x10000, 3
    TRAP_FIELD a2, TI_COUNT
    CHECK_EQ a2, 0, 4
    /* enabling the line's mie bit takes it within a few instructions: precise */
    li a3, 0
    li a1, 0x10000
e1: csrs mie, a1
    addi a3, a3, 1
    addi a3, a3, 1
    addi a3, a3, 1
    addi a3, a3, 1
e2: addi a3, a3, 1
    addi a3, a3, 1
    CHECK_EQ a3, 6, 5           /* each instruction exactly once */
    TRAP_FIELD a2, TI_COUNT
    CHECK_EQ a2, 1, 6
    TRAP_FIELD a2, TI_CAUSE
    CHECK_EQ a2, 0x80000010, 7
    TRAP_FIELD a2, TI_EPC
    CHECK_BETWEEN a2, e1 + 4, e2, 8
    TRAP_FIELD a2, TI_MSTATUS
    CHECK_EQ a2, 0x1880, 9      /* MIE 0, MPIE 1 in the handler */
    TRAP_FIELD a2, TI_TVAL
    CHECK_EQ a2, 0, 10
    csrr a2, mstatus
    CHECK_EQ a2, 0x1888, 11     /* mret: MIE back on */
    csrr a2, mip
    CHECK_EQ a2, 0, 12          /* the handler dropped the line */
    /* raised while enabled: taken after the store, precisely */
    li a3, 0
s1: RAISE 1
    addi a3, a3, 1
    addi a3, a3, 1
    addi a3, a3, 1
    addi a3, a3, 1
s2: addi a3, a3, 1
    CHECK_EQ a3, 5, 13
    TRAP_FIELD a2, TI_COUNT
    CHECK_EQ a2, 2, 14
    TRAP_FIELD a2, TI_EPC
    CHECK_BETWEEN a2, s1 + 12, s2, 15
    /* line 1 alone: mcause 16 + 1 */
    li a1, 0x30000
    csrw mie, a1
    RAISE 2
    nop
    nop
    nop
    nop
    TRAP_FIELD a2, TI_CAUSE
    CHECK_EQ a2, 0x80000011, 16
    TRAP_FIELD a2, TI_COUNT
    CHECK_EQ a2, 3, 17
    /* both lines pending when MIE is set: line 0 first (lowest number wins) */
    csrci mstatus, 8
    RAISE 3
    nop
    nop
    csrr a1, mip
    CHECK_EQ a1, 0x30000, 18
    csrsi mstatus, 8
    nop
    nop
    nop
    TRAP_FIELD a2, TI_CAUSE
    CHECK_EQ a2, 0x80000010, 19
    TRAP_FIELD a2, TI_MIP
    CHECK_EQ a2, 0x30000, 20
    TRAP_FIELD a2, TI_COUNT
    CHECK_EQ a2, 4, 21          /* the handler dropped both lines */
    /* both pending, line 0 not enabled: line 1 */
    csrci mstatus, 8
    li a1, 0x20000
    csrw mie, a1
    RAISE 3
    nop
    nop
    csrsi mstatus, 8
    nop
    nop
    nop
    TRAP_FIELD a2, TI_CAUSE
    CHECK_EQ a2, 0x80000011, 22
    TRAP_FIELD a2, TI_COUNT
    CHECK_EQ a2, 5, 23
    /* a csrci that clears MIE is never followed by an interrupt: a delayed line
       arrives at every cycle around the csrci in turn; when it is taken, it is
       taken before the csrci (mepc at or before it) */
    li a1, 0x10000
    csrw mie, a1
    li s1, 1                    /* delay */
    li s2, 24
    li s3, 5                    /* traps so far */
1:  csrsi mstatus, 8
    li t5, DELAY_ADDR
    li t6, 0x01000000
    or t6, t6, s1
    sw t6, 0(t5)
    nop
    nop
    nop
c1: csrci mstatus, 8
    nop
    nop
    nop
    nop
    nop
    nop
    nop
    nop
    nop
    nop
    TRAP_FIELD a2, TI_COUNT
    beq a2, s3, 2f              /* not taken: it must still be pending */
    mv s3, a2
    TRAP_FIELD a2, TI_EPC
    CHECK_BETWEEN a2, 1b, c1, 24
    j 3f
2:  csrr a2, mip
    CHECK_EQ a2, 0x10000, 25
    RAISE 0
3:  addi s1, s1, 1
    bne s1, s2, 1b
    csrr a2, mstatus
    andi a2, a2, 8
    CHECK_EQ a2, 0, 26          /* MIE off */
    /* the sweep saw both outcomes: some taken before the csrci, some not taken */
    addi s3, s3, -5
    beqz s3, sweep_fail
    li a2, 23
    bgeu s3, a2, sweep_fail
    j test_pass

sweep_fail:
    li a0, 27
    j test_fail
