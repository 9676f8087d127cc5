/* A small RV32IM + Zicsr disassembler for messages ("addi a0, a1, -4"); numeric CSR
 * addresses, no pseudo-instructions. */
#ifndef RV32_DISASM_H
#define RV32_DISASM_H

#include <stddef.h>
#include <stdint.h>

/* Writes the instruction at pc into buf (at most size bytes, terminated); an
 * encoding it does not know reads "unknown 0x...". Returns buf. */
char *rv32_disasm(uint32_t insn, uint32_t pc, char *buf, size_t size);

#endif
