/* Machine CSRs: misa says RV32IM, the ids read 0, MPP reads M, writes that are ignored */
/* rv32mi mcsr; misa, mvendorid, marchid, mimpid, mhartid, mstatus.MPP, mtvec, mepc */
#include "isa_macros.h"

    .text
    .globl test_main
test_main:
    csrr a1, misa
    srli a2, a1, 30
    CHECK_EQ a2, 1, 1               /* MXL = 1: 32 bits */
    li a3, 0x03ffffff
    and a2, a1, a3
    CHECK_EQ a2, (1 << 8) | (1 << 12), 2   /* I and M; no C, S, U */
    csrr a1, mhartid
    CHECK_EQ a1, 0, 3
    csrr a1, mimpid
    csrr a1, marchid
    csrr a1, mvendorid
    CHECK_EQ a1, 0, 4
    /* writes of zero bits through csrs do not trap and change nothing */
    csrr s1, mtvec
    li t0, 0
    csrs mtvec, t0
    csrs mepc, t0
    csrr a1, mtvec
    CHECK_REG a1, s1, 5
    /* misa: writes ignored (C cannot be turned on) */
    csrsi misa, 4
    csrr a1, misa
    andi a1, a1, 4
    CHECK_EQ a1, 0, 6
    csrw misa, zero
    csrr a1, misa
    CHECK_EQ a1, 0x40001100, 7
    /* mstatus.MPP reads 11 whatever is written: M mode only */
    li a1, 0x1800
    csrc mstatus, a1
    csrr a2, mstatus
    and a2, a2, a1
    CHECK_EQ a2, 0x1800, 8
    li a1, 0x0800
    csrs mstatus, a1
    csrr a2, mstatus
    CHECK_EQ a2, 0x1800, 9
    /* the fields that do not exist read 0 (SIE, SPIE, SPP, FS, XS, MPRV, SUM, MXR, TVM, TW, TSR, SD) */
    li a1, -1
    csrw mstatus, a1
    csrr a2, mstatus
    csrw mstatus, zero
    CHECK_EQ a2, 0x1888, 10
    /* mtvec keeps a direct-mode base (bits 1:0 read 0, so no vectored mode) */
    li a1, 0x00001001
    csrw mtvec, a1
    csrr a2, mtvec
    csrw mtvec, s1
    CHECK_EQ a2, 0x00001000, 11
    /* mepc: bit 1 reads 0 too (no C extension: IALIGN = 32) */
    li a1, 0x12345676
    csrw mepc, a1
    csrr a2, mepc
    CHECK_EQ a2, 0x12345674, 12
    /* mcause holds its interrupt bit and its 5-bit code (the code is WLRL: every
       cause this core has fits, and other bits read 0); mtval holds any value */
    li a1, 0x80000011
    csrw mcause, a1
    csrr a2, mcause
    CHECK_EQ a2, 0x80000011, 13
    li a1, 0x7fffffeb
    csrw mcause, a1
    csrr a2, mcause
    CHECK_EQ a2, 0x0000000b, 15
    li a1, 0x80000003
    csrw mtval, a1
    csrr a2, mtval
    CHECK_EQ a2, 0x80000003, 14
    j test_pass
