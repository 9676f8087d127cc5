/* All six branches, taken and not taken, signed and unsigned corners, both directions */
#include "test_macros.h"

/* BR n, op, a, b, taken: branch forward over a failure if it should be taken, else
   fall through to a second check; checks n (wrong outcome) */
.macro BR n, op, a, b, taken
    li a1, \a
    li a2, \b
    \op a1, a2, .Ltk\@
    .if \taken
    li a0, \n
    j test_fail
    .else
    j .Lend\@
    .endif
.Ltk\@:
    .if !\taken
    li a0, \n
    j test_fail
    .endif
.Lend\@:
.endm

    .text
    .globl test_main
test_main:
    BR 1, beq, 5, 5, 1
    BR 2, beq, 5, 6, 0
    BR 3, beq, 0x80000000, 0, 0
    BR 4, bne, 5, 6, 1
    BR 5, bne, 5, 5, 0
    BR 6, blt, -1, 0, 1
    BR 7, blt, 0, -1, 0
    BR 8, blt, 5, 5, 0
    BR 9, blt, 0x80000000, 0x7fffffff, 1
    BR 10, blt, 3, 7, 1
    BR 11, bge, 0, -1, 1
    BR 12, bge, -1, 0, 0
    BR 13, bge, 5, 5, 1
    BR 14, bge, 0x7fffffff, 0x80000000, 1
    BR 15, bltu, 0, -1, 1
    BR 16, bltu, -1, 0, 0
    BR 17, bltu, 5, 5, 0
    BR 18, bltu, 0x7fffffff, 0x80000000, 1
    BR 19, bgeu, -1, 0, 1
    BR 20, bgeu, 0, -1, 0
    BR 21, bgeu, 5, 5, 1
    BR 22, bgeu, 0x80000000, 0x7fffffff, 1
    /* the high halves decide against the low halves, and equal high halves */
    BR 30, bltu, 0x0001ffff, 0x00020000, 1
    BR 31, bltu, 0x00020000, 0x0001ffff, 0
    BR 32, blt, 0xfffe0000, 0xffff0000, 1
    BR 33, bge, 0xffff0000, 0xfffeffff, 1
    BR 34, bltu, 0x12348000, 0x12348001, 1
    BR 35, bgeu, 0x12348001, 0x12348000, 1
    BR 36, blt, 0xffff8000, 0xffff7fff, 0
    BR 37, beq, 0x12345678, 0x12355678, 0
    BR 38, bne, 0x12345678, 0x12345679, 1
    /* backward branches: a loop of 10 */
    li a1, 0
    li a2, 10
1:  addi a1, a1, 1
    bne a1, a2, 1b
    CHECK_EQ a1, 10, 23
    /* backward taken with blt/bgeu, and a not-taken backward branch */
    li a1, -5
2:  addi a1, a1, 1
    blt a1, zero, 2b
    CHECK_EQ a1, 0, 24
    li a1, 3
3:  addi a1, a1, -1
    bgeu a1, zero, 4f           /* always taken: forward out of the loop */
    j 3b
4:  CHECK_EQ a1, 2, 25
    beq zero, a1, 3b            /* not taken backward */
    /* a branch does not write the register its rd field names: an offset of 20
       puts 10100 (s4) there, taken and not taken */
    li s4, 0x66
    beq zero, zero, 5f
    nop
    nop
    nop
    nop
5:  CHECK_EQ s4, 0x66, 26
    bne zero, zero, 6f
    nop
    nop
    nop
    nop
6:  CHECK_EQ s4, 0x66, 27
    j test_pass
