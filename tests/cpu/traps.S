/* Exceptions: ecall, ebreak, illegal instructions, access faults; mret; mstatus stack */
/* mcause, mepc and mtval of each, mstatus.MIE/MPIE across a trap and mret, and the
 * trapping instruction has no effect (no register written, not counted). */
#include "test_macros.h"

    .text
    .globl test_main
test_main:
    ALLOW_TRAPS 1
    csrsi mstatus, 8            /* MIE on (mie = 0: no interrupt can come) */
t1: ecall
    CHECK_TRAP 10, 11, t1, 0, 1
    TRAP_FIELD a1, TI_MSTATUS
    CHECK_EQ a1, 0x1880, 14     /* in the handler: MIE 0, MPIE 1 */
    csrr a1, mstatus
    CHECK_EQ a1, 0x1888, 15     /* after mret: MIE from MPIE, MPIE 1 */
    csrci mstatus, 8
t2: ebreak
    CHECK_TRAP 20, 3, t2, 0, 2
    TRAP_FIELD a1, TI_MSTATUS
    CHECK_EQ a1, 0x1800, 24     /* MIE was 0: MPIE 0 */
    csrr a1, mstatus
    CHECK_EQ a1, 0x1880, 25
    /* illegal instructions; each leaves a1 alone */
    li a1, 0x4321
i1: .word 0xffffffff
    CHECK_ILLEGAL 30, i1, 3
i2: .word 0x00000000
    CHECK_ILLEGAL 40, i2, 4
i3: .word 0x00000001            /* a compressed c.nop and a zero half: no C extension */
    CHECK_ILLEGAL 50, i3, 5
i4: .word 0x400595b3            /* sll a1, a1, zero with funct7 0100000 */
    CHECK_ILLEGAL 60, i4, 6
i5: .word 0x02059593            /* slli a1, a1, 32 (an RV64 shift amount) */
    CHECK_ILLEGAL 70, i5, 7
i6: .word 0x6005d593            /* srai with funct7 0110000 */
    CHECK_ILLEGAL 80, i6, 8
i7: .word 0x0000b583            /* ld a1, 0(ra): RV64 */
    CHECK_ILLEGAL 90, i7, 9
i8: .word 0x00b03023            /* sd: RV64 */
    CHECK_ILLEGAL 100, i8, 10
i9: .word 0x00002063            /* branch funct3 010 */
    CHECK_ILLEGAL 110, i9, 11
i10: .word 0x000015e7           /* jalr funct3 001 */
    CHECK_ILLEGAL 120, i10, 12
i11: .word 0x000045f3           /* SYSTEM funct3 100 */
    CHECK_ILLEGAL 130, i11, 13
i12: .word 0x10200073           /* sret: no S mode */
    CHECK_ILLEGAL 140, i12, 14
i13: .word 0x00200073           /* uret */
    CHECK_ILLEGAL 150, i13, 15
i14: .word 0x0000600f           /* MISC-MEM funct3 110 */
    CHECK_ILLEGAL 160, i14, 16
i15: .word 0x0000005b           /* a custom opcode */
    CHECK_ILLEGAL 170, i15, 17
i16: .word 0x0400d5b3           /* OP with funct7 0000010 */
    CHECK_ILLEGAL 180, i16, 18
    CHECK_EQ a1, 0x4321, 190
    /* fence and fence.i are no-ops */
    fence
    fence.i
    fence rw, rw
    TRAP_FIELD a2, TI_COUNT
    CHECK_EQ a2, 18, 191
    /* access faults: the address in mtval, rd untouched, memory untouched */
    li s0, BAD_ADDR
f1: lw a1, 8(s0)
    CHECK_TRAP 200, 5, f1, BAD_ADDR + 8, 19
    CHECK_EQ a1, 0x4321, 204
f2: lb a1, 3(s0)
    CHECK_TRAP 210, 5, f2, BAD_ADDR + 3, 20
f3: sw a1, 4(s0)
    CHECK_TRAP 220, 7, f3, BAD_ADDR + 4, 21
f4: sh a1, 2(s0)
    CHECK_TRAP 230, 7, f4, BAD_ADDR + 2, 22
    /* an instruction fetch fault: mepc and mtval = the address; resume at f5 */
    la a2, f5
    la a3, trap_info
    sw a2, TI_RESUME(a3)
f6: jr s0
    j jump_fail
f5: CHECK_TRAP 240, 1, BAD_ADDR, BAD_ADDR, 23
    j test_pass

jump_fail:
    li a0, 250
    j test_fail
