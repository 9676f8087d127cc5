/* Access faults: a jalr to a dead address commits (link written), its fetch faults */
/* rv32mi access; mcause 1/5/7, mepc and mtval = the address; a faulting load writes
 * nothing, a faulting store changes nothing; a fault in a taken branch's shadow never
 * happens */
#include "isa_macros.h"

    .text
    .globl test_main
test_main:
    ALLOW_TRAPS 1
    /* the jalr retires (t2 = its link), the fetch at the target faults */
    li t0, BAD_ADDR + 0x100
    la s1, 1f
    la a2, trap_info
    sw s1, TI_RESUME(a2)
    li t2, 0
j1: jalr t2, 0(t0)
l1: FAIL 9
1:  CHECK_TRAP 10, 1, BAD_ADDR + 0x100, BAD_ADDR + 0x100, 1
    CHECK_ADDR t2, l1, 14
    /* jal into nothing: the same (the target is pc-relative, so go through a jalr) */
    la s1, 2f
    sw s1, TI_RESUME(a2)
    li t0, BAD_ADDR
    jalr zero, 8(t0)
2:  CHECK_TRAP 20, 1, BAD_ADDR + 8, BAD_ADDR + 8, 2
    /* a load from a dead address: rd keeps its value */
    li t0, BAD_ADDR
    li t2, 0x5555
l3: lb t2, 0(t0)
    CHECK_TRAP 30, 5, l3, BAD_ADDR, 3
    CHECK_EQ t2, 0x5555, 34
l4: lw t2, 12(t0)
    CHECK_TRAP 40, 5, l4, BAD_ADDR + 12, 4
    CHECK_EQ t2, 0x5555, 44
    /* a store to a dead address */
l5: sw t2, -4(t0)
    CHECK_TRAP 50, 7, l5, BAD_ADDR - 4, 5
l6: sb t2, 1(t0)
    CHECK_TRAP 60, 7, l6, BAD_ADDR + 1, 6
    /* a faulting load or store in the shadow of a taken branch or a jump never runs */
    beq zero, zero, 3f
    lw t2, 0(t0)
    sw t2, 0(t0)
3:  jal zero, 4f
    lw t2, 0(t0)
4:  TRAP_FIELD a3, TI_COUNT
    CHECK_EQ a3, 6, 70
    CHECK_EQ t2, 0x5555, 71
    j test_pass
