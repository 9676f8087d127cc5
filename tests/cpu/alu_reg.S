/* RV32I register-register operations: add sub sll slt sltu xor srl sra or and
 * with carries, overflow, sign corners and shift amounts from rs2[4:0] only. */
#include "test_macros.h"

    .text
    .globl test_main
test_main:
    TEST_RR 1, add, 0x00000001, 0x00000002, 0x00000003
    TEST_RR 2, add, 0xffffffff, 0x00000001, 0x00000000
    TEST_RR 3, add, 0x7fffffff, 0x00000001, 0x80000000
    TEST_RR 4, add, 0x80000000, 0x80000000, 0x00000000
    TEST_RR 5, sub, 0x00000003, 0x00000005, 0xfffffffe
    TEST_RR 6, sub, 0x80000000, 0x00000001, 0x7fffffff
    TEST_RR 7, sub, 0x00000000, 0x80000000, 0x80000000
    TEST_RR 8, sll, 0x00000001, 0x0000001f, 0x80000000
    TEST_RR 9, sll, 0x12345678, 0x00000004, 0x23456780
    TEST_RR 10, sll, 0x12345678, 0xffffffe4, 0x23456780   /* only rs2[4:0] = 4 */
    TEST_RR 11, sll, 0x12345678, 0x00000000, 0x12345678
    TEST_RR 12, slt, 0xffffffff, 0x00000001, 1
    TEST_RR 13, slt, 0x00000001, 0xffffffff, 0
    TEST_RR 14, slt, 0x80000000, 0x7fffffff, 1
    TEST_RR 15, slt, 0x00000005, 0x00000005, 0
    TEST_RR 16, sltu, 0xffffffff, 0x00000001, 0
    TEST_RR 17, sltu, 0x00000001, 0xffffffff, 1
    TEST_RR 18, sltu, 0x7fffffff, 0x80000000, 1
    TEST_RR 19, sltu, 0x00000000, 0x00000000, 0
    TEST_RR 20, xor, 0xff00ff00, 0x0ff00ff0, 0xf0f0f0f0
    TEST_RR 21, srl, 0x80000000, 0x0000001f, 0x00000001
    TEST_RR 22, srl, 0x87654321, 0x00000004, 0x08765432
    TEST_RR 23, srl, 0x87654321, 0x00000024, 0x08765432   /* 36 & 31 = 4 */
    TEST_RR 24, sra, 0x80000000, 0x0000001f, 0xffffffff
    TEST_RR 25, sra, 0x87654321, 0x00000004, 0xf8765432
    TEST_RR 26, sra, 0x77654321, 0x00000004, 0x07765432
    TEST_RR 27, sra, 0x87654321, 0x00000000, 0x87654321
    TEST_RR 28, or, 0xff00ff00, 0x0ff00ff0, 0xfff0fff0
    TEST_RR 29, and, 0xff00ff00, 0x0ff00ff0, 0x0f000f00
    TEST_RR 30, sll, 0xffffffff, 0x00000010, 0xffff0000
    TEST_RR 31, srl, 0xffffffff, 0x00000001, 0x7fffffff
    /* rd = rs2 and rs1 = rs2 */
    li a1, 7
    li a2, 5
    sub a2, a1, a2
    CHECK_EQ a2, 2, 32
    add a1, a1, a1
    CHECK_EQ a1, 14, 33
    sub a1, a1, a1
    CHECK_EQ a1, 0, 34
    j test_pass
