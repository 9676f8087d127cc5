/* Shared by the CPU test programs (tests/cpu/*.S, preprocessed by gcc) and their
 * start code (start.S). A program defines test_main, ends with `j test_pass`, and
 * on a failed check stores its number (never 0) in the harness's result register.
 * t5 and t6 belong to these macros: never check a value held in them. */
#ifndef TEST_MACROS_H
#define TEST_MACROS_H

/* the test device of tests/cpu/cpu_test_top.v */
#define CONSOLE_ADDR 0x20000000
#define RESULT_ADDR  0x30000004
#define IRQ_ADDR     0x30000008
#define DELAY_ADDR   0x3000000C
#define BAD_ADDR     0x40000000     /* answers wb_err */

/* trap_info (start.S): what the trap handler saw last, and how it behaves */
#define TI_CAUSE  0                 /* mcause */
#define TI_EPC    4                 /* mepc on entry */
#define TI_TVAL   8                 /* mtval */
#define TI_COUNT  12                /* traps taken so far */
#define TI_ALLOW  16                /* nonzero: traps expected; else one fails the test */
#define TI_RESUME 20                /* nonzero: return there (once) instead of past mepc */
#define TI_MIP    24                /* mip on entry */
#define TI_MSTATUS 28               /* mstatus on entry */

/* results of an unexpected trap: 0xE000 + mcause (0xE000 | 16 + i for interrupts) */
#define UNEXPECTED_TRAP 0xE000

#ifdef __ASSEMBLER__

/* fail with check number n if reg != value */
.macro CHECK_EQ reg, value, n
    li t6, \value
    beq \reg, t6, .Lok\@
    li a0, \n
    j test_fail
.Lok\@:
.endm

/* fail with check number n if reg != the address of label (or a constant) */
.macro CHECK_ADDR reg, label, n
    la t6, \label
    beq \reg, t6, .Lok\@
    li a0, \n
    j test_fail
.Lok\@:
.endm

/* fail with check number n if reg1 != reg2 */
.macro CHECK_REG reg1, reg2, n
    beq \reg1, \reg2, .Lok\@
    li a0, \n
    j test_fail
.Lok\@:
.endm

/* load a field of trap_info into reg */
.macro TRAP_FIELD reg, field
    la \reg, trap_info
    lw \reg, \field(\reg)
.endm

/* traps from here on are expected (1) or fail the test (0) */
.macro ALLOW_TRAPS on
    la t5, trap_info
    li t6, \on
    sw t6, TI_ALLOW(t5)
.endm

/* the last trap had mcause `cause`, mepc at label `epc`, mtval `tval` (a label
   expression or a constant), and count
   traps were taken so far: checks n, n+1, n+2, n+3 */
.macro CHECK_TRAP n, cause, epc, tval, count
    TRAP_FIELD t5, TI_CAUSE
    CHECK_EQ t5, \cause, \n
    TRAP_FIELD t5, TI_EPC
    CHECK_ADDR t5, \epc, (\n + 1)
    TRAP_FIELD t5, TI_TVAL
    CHECK_ADDR t5, \tval, (\n + 2)
    TRAP_FIELD t5, TI_COUNT
    CHECK_EQ t5, \count, (\n + 3)
.endm

/* the last trap was an illegal instruction at label epc, with mtval = that
   instruction, and count traps were taken so far: checks n .. n+3 */
.macro CHECK_ILLEGAL n, epc, count
    la t5, \epc
    lw t5, 0(t5)
    TRAP_FIELD t6, TI_TVAL
    beq t5, t6, .Lok\@
    li a0, (\n + 2)
    j test_fail
.Lok\@:
    TRAP_FIELD t5, TI_CAUSE
    CHECK_EQ t5, 2, \n
    TRAP_FIELD t5, TI_EPC
    CHECK_ADDR t5, \epc, (\n + 1)
    TRAP_FIELD t5, TI_COUNT
    CHECK_EQ t5, \count, (\n + 3)
.endm

/* fail with check number n unless lo <= reg <= hi (unsigned; lo, hi labels) */
.macro CHECK_BETWEEN reg, lo, hi, n
    la t6, \lo
    bltu \reg, t6, .Lbad\@
    la t6, \hi
    bgeu t6, \reg, .Lok\@
.Lbad\@:
    li a0, \n
    j test_fail
.Lok\@:
.endm

/* register-register and register-immediate operations: rd separate, then rd = rs1 */
.macro TEST_RR n, op, a, b, result
    li a1, \a
    li a2, \b
    \op a3, a1, a2
    CHECK_EQ a3, \result, \n
    \op a1, a1, a2
    CHECK_EQ a1, \result, \n
.endm

.macro TEST_RI n, op, a, imm, result
    li a1, \a
    \op a3, a1, \imm
    CHECK_EQ a3, \result, \n
    \op a1, a1, \imm
    CHECK_EQ a1, \result, \n
.endm

#endif /* __ASSEMBLER__ */
#endif /* TEST_MACROS_H */
