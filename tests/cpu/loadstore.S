/* Loads and stores of every width: sign and zero extension, every byte lane, sel */
#include "test_macros.h"

    .text
    .globl test_main
test_main:
    la s0, buf
    li a1, 0x80c1a27f
    sw a1, 0(s0)
    lw a2, 0(s0)
    CHECK_EQ a2, 0x80c1a27f, 1
    /* lb / lbu on every lane */
    lb a2, 0(s0)
    CHECK_EQ a2, 0x0000007f, 2
    lb a2, 1(s0)
    CHECK_EQ a2, 0xffffffa2, 3
    lb a2, 2(s0)
    CHECK_EQ a2, 0xffffffc1, 4
    lb a2, 3(s0)
    CHECK_EQ a2, 0xffffff80, 5
    lbu a2, 0(s0)
    CHECK_EQ a2, 0x7f, 6
    lbu a2, 1(s0)
    CHECK_EQ a2, 0xa2, 7
    lbu a2, 2(s0)
    CHECK_EQ a2, 0xc1, 8
    lbu a2, 3(s0)
    CHECK_EQ a2, 0x80, 9
    /* lh / lhu on both halves */
    lh a2, 0(s0)
    CHECK_EQ a2, 0xffffa27f, 10
    lh a2, 2(s0)
    CHECK_EQ a2, 0xffff80c1, 11
    lhu a2, 0(s0)
    CHECK_EQ a2, 0xa27f, 12
    lhu a2, 2(s0)
    CHECK_EQ a2, 0x80c1, 13
    li a1, 0x12345678
    sw a1, 4(s0)
    lh a2, 4(s0)
    CHECK_EQ a2, 0x5678, 14
    lh a2, 6(s0)
    CHECK_EQ a2, 0x1234, 15
    lb a2, 7(s0)
    CHECK_EQ a2, 0x12, 16
    /* sb on every lane leaves the other bytes alone */
    li a1, 0x11223344
    sw a1, 8(s0)
    li a1, 0xaa
    sb a1, 0+8(s0)
    lw a2, 8(s0)
    CHECK_EQ a2, 0x112233aa, 17
    li a1, 0xbb
    sb a1, 1+8(s0)
    lw a2, 8(s0)
    CHECK_EQ a2, 0x1122bbaa, 18
    li a1, 0x123456cc           /* only the low byte is stored */
    sb a1, 2+8(s0)
    lw a2, 8(s0)
    CHECK_EQ a2, 0x11ccbbaa, 19
    li a1, 0xdd
    sb a1, 3+8(s0)
    lw a2, 8(s0)
    CHECK_EQ a2, 0xddccbbaa, 20
    /* sh on both halves */
    li a1, 0x11223344
    sw a1, 12(s0)
    li a1, 0xabcd9876           /* only the low half is stored */
    sh a1, 12(s0)
    lw a2, 12(s0)
    CHECK_EQ a2, 0x11229876, 21
    li a1, 0x5a5a
    sh a1, 14(s0)
    lw a2, 12(s0)
    CHECK_EQ a2, 0x5a5a9876, 22
    /* negative and positive offsets */
    addi s1, s0, 16
    li a1, 0xcafef00d
    sw a1, -4(s1)
    lw a2, 12(s0)
    CHECK_EQ a2, 0xcafef00d, 23
    lw a2, -4(s1)
    CHECK_EQ a2, 0xcafef00d, 24
    lbu a2, -1(s1)
    CHECK_EQ a2, 0xca, 25
    li a1, 0x01020304
    sw a1, 2044(s1)             /* a large offset */
    addi s2, s1, 2044
    lw a2, 0(s2)
    CHECK_EQ a2, 0x01020304, 26
    /* a load into its own base register */
    la a1, buf
    lw a1, 0(a1)
    CHECK_EQ a1, 0xddccbbaa - 0xddccbbaa + 0x80c1a27f, 27
    /* back-to-back stores and loads */
    li a1, 1
    li a2, 2
    li a3, 3
    sw a1, 20(s0)
    sw a2, 24(s0)
    sw a3, 28(s0)
    lw a4, 20(s0)
    lw a5, 24(s0)
    lw a6, 28(s0)
    add a4, a4, a5
    add a4, a4, a6
    CHECK_EQ a4, 6, 28
    /* a store does not write the register its rd field names (offset 12: a2) */
    li a2, 0x5555
    sw a1, 12(s0)
    sh a1, 12(s0)
    sb a1, 12(s0)
    CHECK_EQ a2, 0x5555, 29
    j test_pass

    .data
    .align 4
buf:
    .space 2200
