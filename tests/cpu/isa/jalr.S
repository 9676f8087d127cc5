/* jalr: link = pc + 4, target rs1 + imm with bit 0 cleared, rd = rs1, bypasses, x0 */
/* rv32ui jalr; the target register made 0, 1 or 2 instructions before */
#include "isa_macros.h"

/* the target made d instructions before the jalr; its link checked */
.macro JALR_SRC1 n, d
    la s6, .Lt\@
    li t4, 2
.Lloop\@:
    addi s2, s6, 0
    NOPS \d
    jalr s4, 0(s2)
.Llink\@:
    FAIL \n
.Lt\@:
    CHECK_ADDR s4, .Llink\@, \n
    TWICE_END .Lloop\@
.endm

    .text
    .globl test_main
test_main:
    la a2, 1f
    jalr a1, 0(a2)
l1: FAIL 1
1:  CHECK_ADDR a1, l1, 2
    /* positive and negative offsets */
    la a2, 2f - 8
    jalr a1, 8(a2)
    FAIL 3
2:  la a2, 3f + 2000
    jalr a1, -2000(a2)
    FAIL 4
3:
    /* bit 0 of the sum is cleared; bit 1 is not (see ma_fetch) */
    la a2, 4f + 1
    jalr a1, 0(a2)
    FAIL 5
4:  la a2, 5f
    jalr a1, 1(a2)
    FAIL 6
5:  la a2, 6f + 3
    jalr a1, -2(a2)
    FAIL 7
6:
    /* rd = rs1: the target from the old value, then the link */
    la a1, 7f
    jalr a1, 0(a1)
l7: FAIL 8
7:  CHECK_ADDR a1, l7, 9
    /* the link read by the target's first instruction */
    la a2, 8f
    jalr a1, 0(a2)
l8: FAIL 10
8:  addi a3, a1, 0
    CHECK_ADDR a3, l8, 11
    /* the instructions after a jalr do not run */
    li a3, 1
    la a2, 9f
    jalr a1, 0(a2)
    addi a3, a3, 1
    addi a3, a3, 1
    addi a3, a3, 1
9:  addi a3, a3, 1
    addi a3, a3, 1
    CHECK_EQ a3, 3, 12
    /* rd = x0 (jr, ret): no link */
    la a2, 10f
    jalr zero, 0(a2)
    FAIL 13
10: add a3, zero, zero
    CHECK_EQ a3, 0, 14
    /* a call and a return through ra */
    li a3, 0
    call func
    CHECK_EQ a3, 42, 15
    /* bypasses: the target register at distances 0, 1, 2 */
    JALR_SRC1 20, 0
    JALR_SRC1 21, 1
    JALR_SRC1 22, 2
    /* the link of one jalr is the target of the next */
    la a2, 11f
    jalr a1, 0(a2)
12: j 13f
11: jalr a3, 0(a1)
    FAIL 23
13: la a2, 12b
    CHECK_REG a1, a2, 24
    j test_pass

func:
    li a3, 42
    ret
