/* Zicsr: csrrw/s/c and immediate forms, every CSR, counters, illegal CSR accesses */
/* minstret counts exactly; a write to a counter wins over that cycle's count. */
#include "test_macros.h"

    .text
    .globl test_main
test_main:
    /* read/write/set/clear on mscratch, old value to rd */
    li a1, 0x12345678
    csrw mscratch, a1
    csrr a2, mscratch
    CHECK_EQ a2, 0x12345678, 1
    li a1, 0xf0f0f0f0
    csrrw a2, mscratch, a1
    CHECK_EQ a2, 0x12345678, 2
    li a1, 0x0000000f
    csrrs a2, mscratch, a1
    CHECK_EQ a2, 0xf0f0f0f0, 3
    csrr a2, mscratch
    CHECK_EQ a2, 0xf0f0f0ff, 4
    li a1, 0xf00000f0
    csrrc a2, mscratch, a1
    CHECK_EQ a2, 0xf0f0f0ff, 5
    csrr a2, mscratch
    CHECK_EQ a2, 0x00f0f00f, 6
    csrrwi a2, mscratch, 0x1f
    CHECK_EQ a2, 0x00f0f00f, 7
    csrrsi a2, mscratch, 0x10 + 0x0
    csrrsi a2, mscratch, 0x0   /* no write */
    CHECK_EQ a2, 0x1f, 8
    csrrci a2, mscratch, 0x3
    csrr a2, mscratch
    CHECK_EQ a2, 0x1c, 9
    csrrs a2, mscratch, zero    /* no write */
    CHECK_EQ a2, 0x1c, 10
    /* rd = rs1: the old value to rd, the new from the old rs1 */
    li a1, 0x77
    csrrw a1, mscratch, a1
    CHECK_EQ a1, 0x1c, 11
    csrr a1, mscratch
    CHECK_EQ a1, 0x77, 12
    /* the fixed values */
    csrr a1, misa
    CHECK_EQ a1, 0x40001100, 20
    li a2, -1
    csrw misa, a2               /* ignored, not illegal */
    csrr a1, misa
    CHECK_EQ a1, 0x40001100, 21
    csrr a1, mhartid
    CHECK_EQ a1, 0, 22
    csrr a1, mvendorid
    CHECK_EQ a1, 0, 23
    csrr a1, marchid
    CHECK_EQ a1, 0, 24
    csrr a1, mimpid
    CHECK_EQ a1, 0, 25
    /* mstatus: MIE, MPIE writable, MPP reads 11, the rest 0 */
    csrr a1, mstatus
    CHECK_EQ a1, 0x1800, 30
    li a2, -1
    csrw mstatus, a2            /* MIE set: mie is 0, nothing can interrupt */
    csrr a1, mstatus
    CHECK_EQ a1, 0x1888, 31
    csrw mstatus, zero
    csrr a1, mstatus
    CHECK_EQ a1, 0x1800, 32
    /* mtvec: direct mode, the low two bits read 0 */
    csrr s1, mtvec
    li a2, 0x12345677
    csrw mtvec, a2
    csrr a1, mtvec
    CHECK_EQ a1, 0x12345674, 33
    csrw mtvec, s1
    /* mepc: bits 1:0 read 0; mcause, mtval: whole words */
    li a2, 0x1003
    csrw mepc, a2
    csrr a1, mepc
    CHECK_EQ a1, 0x1000, 34
    li a2, 0x8000001f
    csrw mcause, a2
    csrr a1, mcause
    CHECK_EQ a1, 0x8000001f, 35
    li a2, 0xdeadbeef
    csrw mtval, a2
    csrr a1, mtval
    CHECK_EQ a1, 0xdeadbeef, 36
    /* mie: bits 16..17 (two irq lines here); mip reads the lines (none), ignores writes */
    li a2, -1
    csrw mie, a2
    csrr a1, mie
    CHECK_EQ a1, 0x00030000, 37
    csrw mie, zero
    csrr a1, mip
    CHECK_EQ a1, 0, 38
    csrw mip, a2
    csrr a1, mip
    CHECK_EQ a1, 0, 39
    /* mcycle counts every clock; cycle is its alias */
    csrr a1, mcycle
    csrr a2, mcycle
    sub a3, a2, a1
    beqz a3, bad_cycle
    li a4, 10
    bgeu a3, a4, bad_cycle
    csrr a1, mcycle
    nop
    nop
    nop
    nop
    csrr a2, cycle
    sub a3, a2, a1
    li a4, 4
    bltu a3, a4, bad_cycle      /* at least one cycle an instruction */
    csrw mcycle, zero
    csrr a1, mcycle
    li a4, 10
    bgeu a1, a4, bad_cycle
    li a2, 5
    csrw mcycleh, a2
    csrr a1, mcycleh
    CHECK_EQ a1, 5, 40
    csrr a1, cycleh
    CHECK_EQ a1, 5, 41
    /* minstret: exact counts */
    csrr a1, minstret
    addi a3, a3, 1
    addi a3, a3, 1
    add a3, a3, a3
    nop
    nop
    csrr a2, minstret
    sub a3, a2, a1
    CHECK_EQ a3, 6, 50          /* five instructions and the first csrr */
    csrr a1, instret
    csrr a2, minstret
    sub a3, a2, a1
    CHECK_EQ a3, 1, 51
    li a2, 100
    csrw minstret, a2           /* not counted itself: the write wins */
    csrr a1, minstret
    csrr a3, minstret
    CHECK_EQ a1, 100, 52
    CHECK_EQ a3, 101, 53
    li a2, 7
    csrw minstreth, a2
    csrr a1, minstreth
    CHECK_EQ a1, 7, 54
    csrr a1, instreth
    CHECK_EQ a1, 7, 55
    li a2, -1
    csrw minstret, a2           /* the carry into minstreth */
    nop
    csrr a1, minstreth
    CHECK_EQ a1, 8, 56
    /* taken branches, loads, stores and mul/div count once each */
    la s0, scratch
    csrr a1, minstret
    beq zero, zero, 1f
1:  lw a4, 0(s0)
    sw a4, 0(s0)
    mul a4, a4, a4
    div a4, a4, a2
    csrr a2, minstret
    sub a3, a2, a1
    CHECK_EQ a3, 6, 57
    /* read-only counters may be read with set/clear and a zero source */
    csrrs a1, cycle, zero
    csrrsi a1, instret, 0
    csrrc a1, cycleh, zero
    /* illegal: unknown CSRs, writes to read-only CSRs; rd keeps its value */
    ALLOW_TRAPS 1
    li a1, 0x1234
i1: csrr a1, 0x7c0
    CHECK_ILLEGAL 60, i1, 1
    CHECK_EQ a1, 0x1234, 64
i2: csrw cycle, a2
    CHECK_ILLEGAL 70, i2, 2
i3: csrrw x0, mhartid, x0       /* csrrw always writes */
    CHECK_ILLEGAL 80, i3, 3
i4: csrrsi a1, instret, 1
    CHECK_ILLEGAL 90, i4, 4
    CHECK_EQ a1, 0x1234, 94
i5: csrrc a1, mvendorid, a2
    CHECK_ILLEGAL 100, i5, 5
i6: csrr a1, 0x306              /* mcounteren: not implemented (no U mode) */
    CHECK_ILLEGAL 110, i6, 6
i7: csrr a1, 0x180              /* satp: no S mode */
    CHECK_ILLEGAL 120, i7, 7
i8: csrr a1, 0x3a0              /* pmpcfg0: no PMP */
    CHECK_ILLEGAL 130, i8, 8
i9: csrw 0xb03, a2              /* mhpmcounter3: not implemented */
    CHECK_ILLEGAL 140, i9, 9
    j test_pass

bad_cycle:
    li a0, 200
    j test_fail

    .data
    .align 2
scratch:
    .word 12345
