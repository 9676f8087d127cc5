/* addi: the 12-bit immediate sign-extended, carries, overflow, bypasses, x0 */
/* rd apart and rd = rs1; expected values from a model of the spec */
#include "isa_macros.h"

    .text
    .globl test_main
test_main:
    RI 1, addi, 0x00000000, 0, 0x00000000
    RI 2, addi, 0x00000001, 1, 0x00000002
    RI 3, addi, 0x00000003, 7, 0x0000000a
    RI 4, addi, 0x00000000, -2048, 0xfffff800
    RI 5, addi, 0x80000000, 0, 0x80000000
    RI 6, addi, 0x80000000, -2048, 0x7ffff800
    RI 7, addi, 0x00000000, 2047, 0x000007ff
    RI 8, addi, 0x7fffffff, 0, 0x7fffffff
    RI 9, addi, 0x7fffffff, 2047, 0x800007fe
    RI 10, addi, 0x80000000, 2047, 0x800007ff
    RI 11, addi, 0x7fffffff, -2048, 0x7ffff7ff
    RI 12, addi, 0x00000000, -1, 0xffffffff
    RI 13, addi, 0xffffffff, 1, 0x00000000
    RI 14, addi, 0xffffffff, -1, 0xfffffffe
    RI 15, addi, 0x7fffffff, 1, 0x80000000
    RI 16, addi, 0x12345678, 1365, 0x12345bcd
    RI 17, addi, 0x12345678, -1366, 0x12345122
    /* bypasses: the result and rs1 at distances 0, 1, 2 */
    RI_BYPASS 100, addi, 0x12345678, -291, 0x12345555
    RI_ZERO 200, addi, 0x12345678, 2047, 0x000007ff
    /* nop is addi x0, x0, 0; mv and the pseudo-instructions built on addi */
    li a1, 0x1234
    nop
    mv a3, a1
    CHECK_EQ a3, 0x1234, 210
    j test_pass
