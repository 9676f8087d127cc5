/* M extension divides: div divu rem remu, by zero, INT_MIN / -1, signs */
/* Expected values from a Python model of the spec: quotients round toward zero,
 * x / 0 = all ones, x % 0 = x, INT_MIN / -1 = INT_MIN, INT_MIN % -1 = 0. */
#include "test_macros.h"

    .text
    .globl test_main
test_main:
    TEST_RR 1, div, 0x00000014, 0x00000006, 0x00000003
    TEST_RR 2, divu, 0x00000014, 0x00000006, 0x00000003
    TEST_RR 3, rem, 0x00000014, 0x00000006, 0x00000002
    TEST_RR 4, remu, 0x00000014, 0x00000006, 0x00000002
    TEST_RR 5, div, 0xffffffec, 0x00000006, 0xfffffffd
    TEST_RR 6, divu, 0xffffffec, 0x00000006, 0x2aaaaaa7
    TEST_RR 7, rem, 0xffffffec, 0x00000006, 0xfffffffe
    TEST_RR 8, remu, 0xffffffec, 0x00000006, 0x00000002
    TEST_RR 9, div, 0x00000014, 0xfffffffa, 0xfffffffd
    TEST_RR 10, divu, 0x00000014, 0xfffffffa, 0x00000000
    TEST_RR 11, rem, 0x00000014, 0xfffffffa, 0x00000002
    TEST_RR 12, remu, 0x00000014, 0xfffffffa, 0x00000014
    TEST_RR 13, div, 0xffffffec, 0xfffffffa, 0x00000003
    TEST_RR 14, divu, 0xffffffec, 0xfffffffa, 0x00000000
    TEST_RR 15, rem, 0xffffffec, 0xfffffffa, 0xfffffffe
    TEST_RR 16, remu, 0xffffffec, 0xfffffffa, 0xffffffec
    TEST_RR 17, div, 0x80000000, 0xffffffff, 0x80000000
    TEST_RR 18, divu, 0x80000000, 0xffffffff, 0x00000000
    TEST_RR 19, rem, 0x80000000, 0xffffffff, 0x00000000
    TEST_RR 20, remu, 0x80000000, 0xffffffff, 0x80000000
    TEST_RR 21, div, 0x80000000, 0x00000001, 0x80000000
    TEST_RR 22, divu, 0x80000000, 0x00000001, 0x80000000
    TEST_RR 23, rem, 0x80000000, 0x00000001, 0x00000000
    TEST_RR 24, remu, 0x80000000, 0x00000001, 0x00000000
    TEST_RR 25, div, 0x80000000, 0x80000000, 0x00000001
    TEST_RR 26, divu, 0x80000000, 0x80000000, 0x00000001
    TEST_RR 27, rem, 0x80000000, 0x80000000, 0x00000000
    TEST_RR 28, remu, 0x80000000, 0x80000000, 0x00000000
    TEST_RR 29, div, 0x00000005, 0x00000000, 0xffffffff
    TEST_RR 30, divu, 0x00000005, 0x00000000, 0xffffffff
    TEST_RR 31, rem, 0x00000005, 0x00000000, 0x00000005
    TEST_RR 32, remu, 0x00000005, 0x00000000, 0x00000005
    TEST_RR 33, div, 0xfffffffb, 0x00000000, 0xffffffff
    TEST_RR 34, divu, 0xfffffffb, 0x00000000, 0xffffffff
    TEST_RR 35, rem, 0xfffffffb, 0x00000000, 0xfffffffb
    TEST_RR 36, remu, 0xfffffffb, 0x00000000, 0xfffffffb
    TEST_RR 37, div, 0x00000000, 0x00000000, 0xffffffff
    TEST_RR 38, divu, 0x00000000, 0x00000000, 0xffffffff
    TEST_RR 39, rem, 0x00000000, 0x00000000, 0x00000000
    TEST_RR 40, remu, 0x00000000, 0x00000000, 0x00000000
    TEST_RR 41, div, 0x80000000, 0x00000000, 0xffffffff
    TEST_RR 42, divu, 0x80000000, 0x00000000, 0xffffffff
    TEST_RR 43, rem, 0x80000000, 0x00000000, 0x80000000
    TEST_RR 44, remu, 0x80000000, 0x00000000, 0x80000000
    TEST_RR 45, div, 0x00000000, 0x00000005, 0x00000000
    TEST_RR 46, divu, 0x00000000, 0x00000005, 0x00000000
    TEST_RR 47, rem, 0x00000000, 0x00000005, 0x00000000
    TEST_RR 48, remu, 0x00000000, 0x00000005, 0x00000000
    TEST_RR 49, div, 0x00000007, 0x00000007, 0x00000001
    TEST_RR 50, divu, 0x00000007, 0x00000007, 0x00000001
    TEST_RR 51, rem, 0x00000007, 0x00000007, 0x00000000
    TEST_RR 52, remu, 0x00000007, 0x00000007, 0x00000000
    TEST_RR 53, div, 0xffffffff, 0x00000001, 0xffffffff
    TEST_RR 54, divu, 0xffffffff, 0x00000001, 0xffffffff
    TEST_RR 55, rem, 0xffffffff, 0x00000001, 0x00000000
    TEST_RR 56, remu, 0xffffffff, 0x00000001, 0x00000000
    TEST_RR 57, div, 0xffffffff, 0xffffffff, 0x00000001
    TEST_RR 58, divu, 0xffffffff, 0xffffffff, 0x00000001
    TEST_RR 59, rem, 0xffffffff, 0xffffffff, 0x00000000
    TEST_RR 60, remu, 0xffffffff, 0xffffffff, 0x00000000
    TEST_RR 61, div, 0x12345678, 0x00001234, 0x00010004
    TEST_RR 62, divu, 0x12345678, 0x00001234, 0x00010004
    TEST_RR 63, rem, 0x12345678, 0x00001234, 0x00000da8
    TEST_RR 64, remu, 0x12345678, 0x00001234, 0x00000da8
    TEST_RR 65, div, 0x00000001, 0x80000000, 0x00000000
    TEST_RR 66, divu, 0x00000001, 0x80000000, 0x00000000
    TEST_RR 67, rem, 0x00000001, 0x80000000, 0x00000001
    TEST_RR 68, remu, 0x00000001, 0x80000000, 0x00000001
    TEST_RR 69, div, 0x7fffffff, 0x80000000, 0x00000000
    TEST_RR 70, divu, 0x7fffffff, 0x80000000, 0x00000000
    TEST_RR 71, rem, 0x7fffffff, 0x80000000, 0x7fffffff
    TEST_RR 72, remu, 0x7fffffff, 0x80000000, 0x7fffffff
    TEST_RR 73, div, 0xfffffff9, 0x00000002, 0xfffffffd
    TEST_RR 74, divu, 0xfffffff9, 0x00000002, 0x7ffffffc
    TEST_RR 75, rem, 0xfffffff9, 0x00000002, 0xffffffff
    TEST_RR 76, remu, 0xfffffff9, 0x00000002, 0x00000001
    /* back to back, the quotient used at once */
    li a1, 1000
    li a2, 7
    div a3, a1, a2
    rem a4, a1, a2
    mul a5, a3, a2
    add a5, a5, a4
    CHECK_EQ a3, 142, 100
    CHECK_EQ a5, 1000, 101
    /* a pair on the same operands and signedness: the second takes the first's
       other half (cpu_div keeps both); another signedness, or new operands, divide */
    li a1, -1000
    li a2, 7
    rem a4, a1, a2
    div a3, a1, a2
    CHECK_EQ a4, 0xfffffffa, 102
    CHECK_EQ a3, 0xffffff72, 103
    remu a4, a1, a2
    divu a3, a1, a2
    CHECK_EQ a4, 0x00000005, 104
    CHECK_EQ a3, 0x24924895, 105
    li a2, 0
    div a3, a1, a2
    rem a4, a1, a2
    CHECK_EQ a3, 0xffffffff, 106
    CHECK_EQ a4, 0xfffffc18, 107
    li a1, 0x80000000
    li a2, -1
    rem a4, a1, a2
    div a3, a1, a2
    CHECK_EQ a4, 0x00000000, 108
    CHECK_EQ a3, 0x80000000, 109
    li a1, 100
    li a2, 7
    rem a1, a1, a2
    div a3, a1, a2
    CHECK_EQ a1, 0x00000002, 110
    CHECK_EQ a3, 0x00000000, 111
    j test_pass
