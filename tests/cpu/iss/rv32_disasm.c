/* RV32IM + Zicsr disassembly for the lockstep checker's messages (rv32_disasm.h). */
#include "rv32_disasm.h"

#include <stdio.h>

static const char *const reg_names[32] = {
    "zero", "ra", "sp", "gp", "tp", "t0", "t1", "t2", "s0", "s1", "a0", "a1", "a2",
    "a3", "a4", "a5", "a6", "a7", "s2", "s3", "s4", "s5", "s6", "s7", "s8", "s9",
    "s10", "s11", "t3", "t4", "t5", "t6"};

static int32_t sext(uint32_t v, unsigned bits)
{
    uint32_t m = 1u << (bits - 1);
    return (int32_t)((v ^ m) - m);
}

char *rv32_disasm(uint32_t insn, uint32_t pc, char *buf, size_t size)
{
    unsigned op = insn & 0x7fu, f3 = insn >> 12 & 7u, f7 = insn >> 25;
    const char *rd = reg_names[insn >> 7 & 31u], *rs1 = reg_names[insn >> 15 & 31u];
    const char *rs2 = reg_names[insn >> 20 & 31u];
    int32_t imm_i = sext(insn >> 20, 12);
    int32_t imm_s = sext((insn >> 25) << 5 | (insn >> 7 & 31u), 12);
    int32_t imm_b = sext((insn >> 31) << 12 | (insn >> 7 & 1u) << 11 | (insn >> 25 & 63u) << 5
                         | (insn >> 8 & 15u) << 1, 13);
    int32_t imm_j = sext((insn >> 31) << 20 | (insn >> 12 & 255u) << 12 | (insn >> 20 & 1u) << 11
                         | (insn >> 21 & 1023u) << 1, 21);
    static const char *const loads[8] = {"lb", "lh", "lw", 0, "lbu", "lhu", 0, 0};
    static const char *const stores[8] = {"sb", "sh", "sw", 0, 0, 0, 0, 0};
    static const char *const branches[8] = {"beq", "bne", 0, 0, "blt", "bge", "bltu", "bgeu"};
    static const char *const alu_i[8] = {"addi", "slli", "slti", "sltiu", "xori", "srli", "ori", "andi"};
    static const char *const alu_r[8] = {"add", "sll", "slt", "sltu", "xor", "srl", "or", "and"};
    static const char *const muldiv[8] = {"mul", "mulh", "mulhsu", "mulhu", "div", "divu", "rem", "remu"};
    static const char *const csrs[8] = {0, "csrrw", "csrrs", "csrrc", 0, "csrrwi", "csrrsi", "csrrci"};
    switch (op) {
    case 0x37: snprintf(buf, size, "lui %s, 0x%x", rd, insn >> 12); return buf;
    case 0x17: snprintf(buf, size, "auipc %s, 0x%x", rd, insn >> 12); return buf;
    case 0x6f: snprintf(buf, size, "jal %s, 0x%x", rd, pc + (uint32_t)imm_j); return buf;
    case 0x67:
        if (f3 == 0) { snprintf(buf, size, "jalr %s, %d(%s)", rd, imm_i, rs1); return buf; }
        break;
    case 0x63:
        if (branches[f3]) {
            snprintf(buf, size, "%s %s, %s, 0x%x", branches[f3], rs1, rs2, pc + (uint32_t)imm_b);
            return buf;
        }
        break;
    case 0x03:
        if (loads[f3]) { snprintf(buf, size, "%s %s, %d(%s)", loads[f3], rd, imm_i, rs1); return buf; }
        break;
    case 0x23:
        if (stores[f3]) { snprintf(buf, size, "%s %s, %d(%s)", stores[f3], rs2, imm_s, rs1); return buf; }
        break;
    case 0x13:
        if (f3 == 1 || f3 == 5) {
            snprintf(buf, size, "%s %s, %s, %u", f3 == 5 && (insn >> 30 & 1u) ? "srai" : alu_i[f3],
                     rd, rs1, insn >> 20 & 31u);
        } else {
            snprintf(buf, size, "%s %s, %s, %d", alu_i[f3], rd, rs1, imm_i);
        }
        return buf;
    case 0x33:
        if (f7 == 1) { snprintf(buf, size, "%s %s, %s, %s", muldiv[f3], rd, rs1, rs2); return buf; }
        snprintf(buf, size, "%s %s, %s, %s",
                 f7 == 0x20 ? (f3 == 0 ? "sub" : "sra") : alu_r[f3], rd, rs1, rs2);
        return buf;
    case 0x0f: snprintf(buf, size, f3 == 1 ? "fence.i" : "fence"); return buf;
    case 0x73:
        if (csrs[f3]) {
            if (f3 & 4u)
                snprintf(buf, size, "%s %s, 0x%03x, %u", csrs[f3], rd, insn >> 20, insn >> 15 & 31u);
            else
                snprintf(buf, size, "%s %s, 0x%03x, %s", csrs[f3], rd, insn >> 20, rs1);
            return buf;
        }
        if (insn == 0x00000073u) { snprintf(buf, size, "ecall"); return buf; }
        if (insn == 0x00100073u) { snprintf(buf, size, "ebreak"); return buf; }
        if (insn == 0x30200073u) { snprintf(buf, size, "mret"); return buf; }
        if (insn == 0x10500073u) { snprintf(buf, size, "wfi"); return buf; }
        break;
    default:
        break;
    }
    snprintf(buf, size, "unknown 0x%08x", insn);
    return buf;
}
