/* Zicsr: csrrw/s/c and their immediate forms, old value to rd, rd = rs1, x0, bypasses */
/* rv32mi csr (on mscratch); reads of read-only counters with a zero source are legal */
#include "isa_macros.h"

    .text
    .globl test_main
test_main:
    csrwi mscratch, 3
    csrr a1, mscratch
    CHECK_EQ a1, 3, 1
    csrrci a2, mscratch, 1
    CHECK_EQ a2, 3, 2
    csrrsi a2, mscratch, 4
    CHECK_EQ a2, 2, 3
    csrrwi a2, mscratch, 2
    CHECK_EQ a2, 6, 4
    li a1, 0xbad1dea
    csrrw a2, mscratch, a1
    CHECK_EQ a2, 2, 5
    li a1, 0x0001dea
    csrrc a2, mscratch, a1
    CHECK_EQ a2, 0xbad1dea, 6
    li a1, 0x000beef
    csrrs a2, mscratch, a1
    CHECK_EQ a2, 0xbad0000, 7
    csrr a2, mscratch
    CHECK_EQ a2, 0xbadbeef, 8
    /* rd = rs1: the CSR gets the old register, the register the old CSR */
    li a1, 0x1234
    csrrw a1, mscratch, a1
    CHECK_EQ a1, 0xbadbeef, 9
    li a1, 0x0f00
    csrrs a1, mscratch, a1
    CHECK_EQ a1, 0x1234, 10
    li a1, 0x0204
    csrrc a1, mscratch, a1
    CHECK_EQ a1, 0x1f34, 11
    csrr a1, mscratch
    CHECK_EQ a1, 0x1d30, 12
    /* the immediate is 5 bits, zero-extended: 31 sets bits 4:0 only */
    li a1, -1
    csrw mscratch, a1
    csrrci zero, mscratch, 31
    csrr a1, mscratch
    CHECK_EQ a1, 0xffffffe0, 13
    csrw mscratch, zero
    csrrsi zero, mscratch, 31
    csrr a1, mscratch
    CHECK_EQ a1, 0x1f, 14
    csrrwi a1, mscratch, 0
    csrrwi a1, mscratch, 0x10
    CHECK_EQ a1, 0, 15
    csrrsi zero, mscratch, 0x0f
    csrr a1, mscratch
    CHECK_EQ a1, 0x1f, 16
    /* a zero source does not write: csrrs/csrrc with x0, csrrsi/csrrci with 0 */
    li a1, 0x5a5a
    csrw mscratch, a1
    csrrs a2, mscratch, zero
    csrrc a2, mscratch, zero
    csrrsi a2, mscratch, 0
    csrrci a2, mscratch, 0
    csrr a2, mscratch
    CHECK_EQ a2, 0x5a5a, 17
    /* but x0 as the source of csrrw writes 0, and csrrw x0 still writes */
    csrrw a2, mscratch, zero
    CHECK_EQ a2, 0x5a5a, 18
    csrr a2, mscratch
    CHECK_EQ a2, 0, 19
    li a1, 0x77
    csrrw zero, mscratch, a1
    csrr a2, mscratch
    CHECK_EQ a2, 0x77, 20
    /* reading the counters these four ways does not trap (zicntr too) */
    ALLOW_TRAPS 1
    csrrc zero, cycle, zero
    csrrs zero, cycle, zero
    csrrci zero, cycle, 0
    csrrsi zero, cycle, 0
    csrrs zero, instret, zero
    csrrci zero, instreth, 0
    TRAP_FIELD a2, TI_COUNT
    CHECK_EQ a2, 0, 21
    ALLOW_TRAPS 0
    /* a write read back at distances 0, 1, 2; the source made just before */
    li a1, 0x111
    csrw mscratch, a1
    csrr a2, mscratch
    CHECK_EQ a2, 0x111, 30
    addi a1, a1, 0x111
    csrw mscratch, a1
    nop
    csrr a2, mscratch
    CHECK_EQ a2, 0x222, 31
    addi a1, a1, 0x111
    csrw mscratch, a1
    nop
    nop
    csrr a2, mscratch
    CHECK_EQ a2, 0x333, 32
    /* the old value used at once, as rs1 and rs2 */
    csrrwi a2, mscratch, 5
    addi a3, a2, 1
    CHECK_EQ a3, 0x334, 33
    csrrwi a2, mscratch, 6
    or a3, zero, a2
    CHECK_EQ a3, 5, 34
    /* back-to-back CSR instructions, each reading the last one's write */
    csrrwi a1, mscratch, 1
    csrrsi a2, mscratch, 2
    csrrci a3, mscratch, 1
    csrr a4, mscratch
    CHECK_EQ a1, 6, 35
    CHECK_EQ a2, 1, 36
    CHECK_EQ a3, 3, 37
    CHECK_EQ a4, 2, 38
    j test_pass
