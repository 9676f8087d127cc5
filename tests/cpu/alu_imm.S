/* RV32I register-immediate operations: addi slti sltiu xori ori andi slli srli srai */
/* Immediates at both ends of their 12-bit range, sign-extended before use. */
#include "test_macros.h"

    .text
    .globl test_main
test_main:
    TEST_RI 1, addi, 0x00000001, 1, 0x00000002
    TEST_RI 2, addi, 0x00000000, -1, 0xffffffff
    TEST_RI 3, addi, 0x00000000, -2048, 0xfffff800
    TEST_RI 4, addi, 0x00000000, 2047, 0x000007ff
    TEST_RI 5, addi, 0x7fffffff, 1, 0x80000000
    TEST_RI 6, addi, 0x80000000, -1, 0x7fffffff
    TEST_RI 7, slti, 0xffffffff, 0, 1
    TEST_RI 8, slti, 0x00000000, -1, 0
    TEST_RI 9, slti, 0x80000000, -2048, 1
    TEST_RI 10, slti, 0x00000005, 5, 0
    TEST_RI 11, sltiu, 0x00000000, -1, 1                /* -1 is 0xffffffff unsigned */
    TEST_RI 12, sltiu, 0xfffffffe, -1, 1
    TEST_RI 13, sltiu, 0xffffffff, -1, 0
    TEST_RI 14, sltiu, 0x00000000, 1, 1                 /* seqz */
    TEST_RI 15, sltiu, 0x00000001, 1, 0
    TEST_RI 16, xori, 0x00ff0f00, -241, 0xff00f00f      /* imm 0xf0f */
    TEST_RI 17, xori, 0x12345678, -1, 0xedcba987        /* not */
    TEST_RI 18, ori, 0x00ff0f00, 0x0f0, 0x00ff0ff0
    TEST_RI 19, ori, 0x00000000, -2048, 0xfffff800
    TEST_RI 20, andi, 0xff00ff00, 0x70f, 0x00000700
    TEST_RI 21, andi, 0x12345678, -1, 0x12345678
    TEST_RI 22, andi, 0x12345678, -2048, 0x12345000
    TEST_RI 23, slli, 0x00000001, 31, 0x80000000
    TEST_RI 24, slli, 0x12345678, 0, 0x12345678
    TEST_RI 25, slli, 0x12345678, 12, 0x45678000
    TEST_RI 26, srli, 0x80000000, 31, 0x00000001
    TEST_RI 27, srli, 0x87654321, 8, 0x00876543
    TEST_RI 28, srli, 0x87654321, 0, 0x87654321
    TEST_RI 29, srai, 0x80000000, 31, 0xffffffff
    TEST_RI 30, srai, 0x87654321, 8, 0xff876543
    TEST_RI 31, srai, 0x47654321, 8, 0x00476543
    TEST_RI 32, srai, 0x87654321, 1, 0xc3b2a190
    j test_pass
