/* jal and jalr: link register, targets, jalr clears bit 0, rd = x0, rd = rs1 */
#include "test_macros.h"

    .text
    .globl test_main
test_main:
    jal a1, 1f
l1: j fail_1
1:  CHECK_ADDR a1, l1, 1
    /* jal backward */
    j 3f
2:  CHECK_ADDR ra, l2, 2
    j 4f
3:  jal ra, 2b
l2: j fail_1
4:  /* jalr with an offset */
    la a2, 5f - 8
    jalr a1, 8(a2)
l3: j fail_1
5:  CHECK_ADDR a1, l3, 3
    /* jalr clears bit 0 of the target */
    la a2, 6f
    addi a2, a2, 1
    jalr a1, 0(a2)
l4: j fail_1
6:  CHECK_ADDR a1, l4, 4
    la a2, 7f + 2
    jalr a1, -1(a2)             /* (7f + 1) & ~1 = 7f */
l6: j fail_1
7:  CHECK_ADDR a1, l6, 5
    /* jal/jalr with rd = x0 do not link */
    jal zero, 8f
    j fail_1
8:  CHECK_EQ zero, 0, 6
    la a2, 9f
    jalr zero, 0(a2)
    j fail_1
9:  CHECK_EQ zero, 0, 7
    /* jalr with rd = rs1: the target comes from the old value */
    la a1, 10f
    jalr a1, 0(a1)
l5: j fail_1
10: CHECK_ADDR a1, l5, 8
    /* a call and return */
    li a1, 0
    call func
    CHECK_EQ a1, 42, 9
    j test_pass

func:
    li a1, 42
    ret

fail_1:
    li a0, 100
    j test_fail
