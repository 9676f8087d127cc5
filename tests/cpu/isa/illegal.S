/* Illegal instructions trap: mcause 2, mepc, mtval = the instruction, rd not written */
/* rv32mi illegal and shamt; every opcode's reserved forms, unknown CSRs, read-only writes */
#include "isa_macros.h"

/* the word w (or an instruction) at a label traps as illegal, a1 kept: checks n .. n+4 */
.macro ILL n, count, w
    li a1, 0x4321
.Li\@:
    .word \w
    CHECK_ILLEGAL \n, .Li\@, \count
    CHECK_EQ a1, 0x4321, (\n + 4)
.endm

.macro ILL_INSN n, count, insn:vararg
    li a1, 0x4321
.Li\@:
    \insn
    CHECK_ILLEGAL \n, .Li\@, \count
    CHECK_EQ a1, 0x4321, (\n + 4)
.endm

    .text
    .globl test_main
test_main:
    ALLOW_TRAPS 1
    ILL 10, 1, 0x00000000    /* all zeros (the defined illegal instruction) */
    ILL 20, 2, 0xffffffff    /* all ones */
    ILL 30, 3, 0x00000001    /* a 16-bit c.nop and a zero half: no C extension */
    ILL 40, 4, 0x00004501    /* c.li a0, 0 and a zero half: no C */
    ILL 50, 5, 0x0005858b    /* custom-0 */
    ILL 60, 6, 0x000585ab    /* custom-1 */
    ILL 70, 7, 0x000585db    /* custom-2 */
    ILL 80, 8, 0x000585fb    /* custom-3 */
    ILL 90, 9, 0x0005a587    /* flw: no F */
    ILL 100, 10, 0x0005a027    /* fsw: no F */
    ILL 110, 11, 0x0005a5af    /* amoadd.w: no A */
    ILL 120, 12, 0x000585d3    /* fadd.s: no F */
    ILL 130, 13, 0x000585c3    /* fmadd.s: no F */
    ILL 140, 14, 0x000585d7    /* OP-V: no V */
    ILL 150, 15, 0x0005859b    /* addiw: RV64 only */
    ILL 160, 16, 0x000585bb    /* addw: RV64 only */
    ILL 170, 17, 0x0005b583    /* ld: RV64 only */
    ILL 180, 18, 0x0005e583    /* lwu: RV64 only */
    ILL 190, 19, 0x0005f583    /* load funct3 111 */
    ILL 200, 20, 0x00b5b023    /* sd: RV64 only */
    ILL 210, 21, 0x00b5c023    /* store funct3 100 */
    ILL 220, 22, 0x00b5a063    /* branch funct3 010 */
    ILL 230, 23, 0x00b5b063    /* branch funct3 011 */
    ILL 240, 24, 0x000595e7    /* jalr funct3 001 */
    ILL 250, 25, 0x400595b3    /* sll with funct7 0100000 */
    ILL 260, 26, 0x4005a5b3    /* slt with funct7 0100000 */
    ILL 270, 27, 0x4005c5b3    /* xor with funct7 0100000 */
    ILL 280, 28, 0x040585b3    /* OP funct7 0000010 */
    ILL 290, 29, 0x800585b3    /* OP funct7 1000000 */
    ILL 300, 30, 0x420585b3    /* OP funct7 0100001 */
    ILL 310, 31, 0x40159593    /* slli with funct7 0100000 */
    ILL 320, 32, 0x2015d593    /* srli with funct7 0010000 */
    ILL 330, 33, 0x0215d593    /* srli with funct7 0000001 */
    ILL 340, 34, 0x0005a00f    /* MISC-MEM funct3 010 (cbo.*: no Zicbom) */
    ILL 350, 35, 0x0000700f    /* MISC-MEM funct3 111 */
    ILL 360, 36, 0x0005c5f3    /* SYSTEM funct3 100 */
    ILL 370, 37, 0x10200073    /* sret: no S mode */
    ILL 380, 38, 0x00200073    /* uret: no N extension */
    ILL 390, 39, 0x12000073    /* sfence.vma: no S mode */
    ILL 400, 40, 0x7b200073    /* dret: not in debug mode */
    ILL 410, 41, 0x000005f3    /* ecall with rd = a1 (reserved) */
    ILL 420, 42, 0x00158073    /* ebreak with rs1 = a1 (reserved) */
    ILL 430, 43, 0x302005f3    /* mret with rd = a1 (reserved) */
    ILL 440, 44, 0x0000003f    /* a 48-bit encoding (bits 5:0 = 111111) */
    ILL 450, 45, 0x0000007f    /* a 64-bit encoding (bits 6:0 = 1111111) */
    /* CSRs that do not exist here (no S or U mode, no F, no PMP, no triggers) */
    ILL_INSN 500, 46, csrr a1, 0x100        /* sstatus */
    ILL_INSN 510, 47, csrr a1, 0x180        /* satp */
    ILL_INSN 520, 48, csrr a1, 0x302        /* medeleg: M mode only, no delegation */
    ILL_INSN 530, 49, csrr a1, 0x303        /* mideleg */
    ILL_INSN 540, 50, csrr a1, 0x306        /* mcounteren: no U mode */
    ILL_INSN 550, 51, csrr a1, 0x001        /* fflags: no F */
    ILL_INSN 560, 52, csrr a1, 0x7c0        /* a custom machine CSR */
    ILL_INSN 570, 53, csrw 0x5c0, a1        /* a custom supervisor CSR */
    ILL_INSN 580, 54, csrr a1, 0x7a0        /* tselect: no trigger module */
    ILL_INSN 590, 55, csrr a1, 0xc01        /* time: not implemented (docs/cpu.md) */
    /* writes to read-only CSRs; the same reads with a zero source are legal */
    ILL_INSN 600, 56, csrw cycle, a1
    ILL_INSN 610, 57, csrrw zero, mhartid, zero   /* csrrw writes, even from x0 */
    ILL_INSN 620, 58, csrrs a1, mvendorid, a1
    ILL_INSN 630, 59, csrrc a1, marchid, a1
    ILL_INSN 640, 60, csrrsi a1, instret, 1
    ILL_INSN 650, 61, csrrci a1, mimpid, 1
    ILL_INSN 660, 62, csrrwi a1, instreth, 0      /* csrrwi writes, even 0 */
    csrrs a1, mhartid, zero
    csrrc a1, cycleh, zero
    csrrsi a1, instret, 0
    TRAP_FIELD a2, TI_COUNT
    CHECK_EQ a2, 62, 700
    /* a trap on the instruction right after another trap's return */
    li a1, 0x4321
e1: .word 0
e2: .word 0xffffffff
    CHECK_ILLEGAL 710, e2, 64
    /* a store-shaped illegal instruction writes no memory */
    la a2, word
    li a3, 0x600d
    sw a3, 0(a2)
e3: .word 0x00b64023             /* store funct3 100: sb-like a1 to 0(a2) */
    lw a3, 0(a2)
    CHECK_EQ a3, 0x600d, 720
    CHECK_ILLEGAL 730, e3, 65
    j test_pass

    .data
    .align 2
word:
    .word 0
