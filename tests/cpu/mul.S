/* M extension multiplies: mul mulh mulhsu mulhu, sign corners, INT_MIN * INT_MIN */
/* Expected values from a Python model of the spec (exact integer products). */
#include "test_macros.h"

    .text
    .globl test_main
test_main:
    TEST_RR 1, mul, 0x00000000, 0x00000000, 0x00000000
    TEST_RR 2, mulh, 0x00000000, 0x00000000, 0x00000000
    TEST_RR 3, mulhsu, 0x00000000, 0x00000000, 0x00000000
    TEST_RR 4, mulhu, 0x00000000, 0x00000000, 0x00000000
    TEST_RR 5, mul, 0x00000001, 0x00000001, 0x00000001
    TEST_RR 6, mulh, 0x00000001, 0x00000001, 0x00000000
    TEST_RR 7, mulhsu, 0x00000001, 0x00000001, 0x00000000
    TEST_RR 8, mulhu, 0x00000001, 0x00000001, 0x00000000
    TEST_RR 9, mul, 0x00000003, 0x00000007, 0x00000015
    TEST_RR 10, mulh, 0x00000003, 0x00000007, 0x00000000
    TEST_RR 11, mulhsu, 0x00000003, 0x00000007, 0x00000000
    TEST_RR 12, mulhu, 0x00000003, 0x00000007, 0x00000000
    TEST_RR 13, mul, 0xffffffff, 0xffffffff, 0x00000001
    TEST_RR 14, mulh, 0xffffffff, 0xffffffff, 0x00000000
    TEST_RR 15, mulhsu, 0xffffffff, 0xffffffff, 0xffffffff
    TEST_RR 16, mulhu, 0xffffffff, 0xffffffff, 0xfffffffe
    TEST_RR 17, mul, 0xffffffff, 0x00000001, 0xffffffff
    TEST_RR 18, mulh, 0xffffffff, 0x00000001, 0xffffffff
    TEST_RR 19, mulhsu, 0xffffffff, 0x00000001, 0xffffffff
    TEST_RR 20, mulhu, 0xffffffff, 0x00000001, 0x00000000
    TEST_RR 21, mul, 0x80000000, 0x80000000, 0x00000000
    TEST_RR 22, mulh, 0x80000000, 0x80000000, 0x40000000
    TEST_RR 23, mulhsu, 0x80000000, 0x80000000, 0xc0000000
    TEST_RR 24, mulhu, 0x80000000, 0x80000000, 0x40000000
    TEST_RR 25, mul, 0x80000000, 0xffffffff, 0x80000000
    TEST_RR 26, mulh, 0x80000000, 0xffffffff, 0x00000000
    TEST_RR 27, mulhsu, 0x80000000, 0xffffffff, 0x80000000
    TEST_RR 28, mulhu, 0x80000000, 0xffffffff, 0x7fffffff
    TEST_RR 29, mul, 0x7fffffff, 0x7fffffff, 0x00000001
    TEST_RR 30, mulh, 0x7fffffff, 0x7fffffff, 0x3fffffff
    TEST_RR 31, mulhsu, 0x7fffffff, 0x7fffffff, 0x3fffffff
    TEST_RR 32, mulhu, 0x7fffffff, 0x7fffffff, 0x3fffffff
    TEST_RR 33, mul, 0x12345678, 0x9abcdef0, 0x242d2080
    TEST_RR 34, mulh, 0x12345678, 0x9abcdef0, 0xf8cc93d6
    TEST_RR 35, mulhsu, 0x12345678, 0x9abcdef0, 0x0b00ea4e
    TEST_RR 36, mulhu, 0x12345678, 0x9abcdef0, 0x0b00ea4e
    TEST_RR 37, mul, 0xfffffffe, 0x00000005, 0xfffffff6
    TEST_RR 38, mulh, 0xfffffffe, 0x00000005, 0xffffffff
    TEST_RR 39, mulhsu, 0xfffffffe, 0x00000005, 0xffffffff
    TEST_RR 40, mulhu, 0xfffffffe, 0x00000005, 0x00000004
    TEST_RR 41, mul, 0x00000005, 0xfffffffe, 0xfffffff6
    TEST_RR 42, mulh, 0x00000005, 0xfffffffe, 0xffffffff
    TEST_RR 43, mulhsu, 0x00000005, 0xfffffffe, 0x00000004
    TEST_RR 44, mulhu, 0x00000005, 0xfffffffe, 0x00000004
    TEST_RR 45, mul, 0x80000000, 0x00000001, 0x80000000
    TEST_RR 46, mulh, 0x80000000, 0x00000001, 0xffffffff
    TEST_RR 47, mulhsu, 0x80000000, 0x00000001, 0xffffffff
    TEST_RR 48, mulhu, 0x80000000, 0x00000001, 0x00000000
    TEST_RR 49, mul, 0xaaaaaaab, 0x0002fe7d, 0x0000ff7f
    TEST_RR 50, mulh, 0xaaaaaaab, 0x0002fe7d, 0xffff0081
    TEST_RR 51, mulhsu, 0xaaaaaaab, 0x0002fe7d, 0xffff0081
    TEST_RR 52, mulhu, 0xaaaaaaab, 0x0002fe7d, 0x0001fefe
    TEST_RR 53, mul, 0xffff8000, 0xffff8000, 0x40000000
    TEST_RR 54, mulh, 0xffff8000, 0xffff8000, 0x00000000
    TEST_RR 55, mulhsu, 0xffff8000, 0xffff8000, 0xffff8000
    TEST_RR 56, mulhu, 0xffff8000, 0xffff8000, 0xffff0000
    /* back to back, the product used at once, rd = rs1 = rs2 */
    li a1, -3
    mul a2, a1, a1
    mul a2, a2, a1
    CHECK_EQ a2, -27, 100
    mulh a3, a1, a1
    CHECK_EQ a3, 0, 101
    mulhu a3, a1, a1
    CHECK_EQ a3, 0xfffffffa, 102
    /* a 64-bit product from mulhu + mul, as the firmware does */
    li a1, 0xdeadbeef
    li a2, 0x01234567
    mul a3, a1, a2
    mulhu a4, a1, a2
    CHECK_EQ a3, 0x760b3d29, 103
    CHECK_EQ a4, 0x00fd5bde, 104
    j test_pass
