/* jal: link = pc + 4, forward and backward targets, the shadow not run, rd = x0 */
/* rv32ui jal; the link read at once by the target's first instruction */
#include "isa_macros.h"

    .text
    .globl test_main
test_main:
    /* forward: the link is the address after the jal */
    li a1, 0
    jal a1, 1f
l1: FAIL 1
1:  CHECK_ADDR a1, l1, 2
    /* the link read by the first instruction at the target (distance 0) */
    jal a1, 2f
l2: FAIL 3
2:  addi a2, a1, 0
    CHECK_ADDR a2, l2, 4
    jal a1, 3f
l3: FAIL 5
3:  or a2, zero, a1
    CHECK_ADDR a2, l3, 6
    /* backward */
    j 5f
4:  CHECK_ADDR ra, l4, 7
    j 6f
5:  jal ra, 4b
l4: FAIL 8
6:
    /* the instructions after a jal do not run */
    li a3, 1
    jal a1, 7f
    addi a3, a3, 1
    addi a3, a3, 1
    addi a3, a3, 1
7:  addi a3, a3, 1
    addi a3, a3, 1
    CHECK_EQ a3, 3, 9
    /* rd = x0 (j): no link, x0 read at once */
    jal zero, 8f
    FAIL 10
8:  add a2, zero, zero
    CHECK_EQ a2, 0, 11
    /* a far jump: the largest offsets this program allows */
    jal a1, far
l5: CHECK_EQ a3, 0x77, 12
    j test_pass

    .skip 2000
far:
    li a3, 0x77
    CHECK_ADDR a1, l5, 13
    jr a1
