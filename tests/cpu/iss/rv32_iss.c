/* The reference ISS of the soft CPU: decode, execute, CSRs and traps as docs/cpu.md
 * documents them (see rv32_iss.h). */
#include "rv32_iss.h"

#include <string.h>

enum {
    C_FETCH_MISALIGNED = 0, C_FETCH_FAULT = 1, C_ILLEGAL = 2, C_BREAKPOINT = 3,
    C_LOAD_MISALIGNED = 4, C_LOAD_FAULT = 5, C_STORE_MISALIGNED = 6, C_STORE_FAULT = 7,
    C_ECALL_M = 11
};

#define MISA 0x40001100u                /* MXL 1, I, M */
#define MSTATUS_MPP 0x1800u

void rv32_init(rv32_hart *h, const rv32_bus *bus, uint32_t reset_pc, unsigned irq_count)
{
    memset(h, 0, sizeof *h);
    h->bus = *bus;
    h->pc = reset_pc;
    h->irq_count = irq_count < 1 ? 1 : irq_count > RV32_IRQ_MAX ? RV32_IRQ_MAX : irq_count;
}

static uint32_t irq_mask(const rv32_hart *h)
{
    return (uint32_t)((1u << h->irq_count) - 1u) << 16;
}

void rv32_set_irq_lines(rv32_hart *h, uint32_t lines)
{
    h->mip = (lines << 16) & irq_mask(h);
}

void rv32_add_cycles(rv32_hart *h, uint64_t cycles)
{
    h->mcycle += cycles;
}

bool rv32_interrupt_enabled(const rv32_hart *h, unsigned cause)
{
    return h->mie_bit && cause >= 16 && cause < 32 && (h->mie >> cause & 1u);
}

int rv32_pending_interrupt(const rv32_hart *h)
{
    uint32_t active = h->mip & h->mie;
    if (!h->mie_bit || active == 0)
        return -1;
    for (unsigned bit = 16; bit < 32; bit++)
        if (active >> bit & 1u)
            return (int)bit;
    return -1;
}

static uint32_t mstatus_value(const rv32_hart *h)
{
    return MSTATUS_MPP | (uint32_t)h->mpie_bit << 7 | (uint32_t)h->mie_bit << 3;
}

static void enter_trap(rv32_hart *h, uint32_t cause, uint32_t tval, uint32_t epc)
{
    h->mepc = epc & ~3u;
    h->mcause = cause;
    h->mtval = tval;
    h->mpie_bit = h->mie_bit;
    h->mie_bit = false;
    h->pc = h->mtvec;
}

void rv32_interrupt(rv32_hart *h, unsigned cause, rv32_record *rec)
{
    memset(rec, 0, sizeof *rec);
    rec->pc = h->pc;
    rec->trap = true;
    rec->irq = true;
    rec->cause = (uint8_t)(cause & 31u);
    enter_trap(h, 0x80000000u | cause, 0, h->pc);
    h->mcycle++;
    h->irq_window = false;
}

/* ---- CSRs ----------------------------------------------------------------------- */

enum csr_kind { CSR_NONE, CSR_RW, CSR_RO };

/* The CSR at addr: its kind, and whether a read of it is unknowable to a model. */
static enum csr_kind csr_lookup(uint32_t addr, bool *volatile_read)
{
    *volatile_read = false;
    switch (addr) {
    case 0x300: case 0x301: case 0x304: case 0x305: case 0x340: case 0x341: case 0x342:
    case 0x343: case 0xb02: case 0xb82:
        return CSR_RW;
    case 0x344:
        *volatile_read = true;          /* mip: the lines' levels */
        return CSR_RW;
    case 0xb00: case 0xb80:
        *volatile_read = true;          /* mcycle(h): the clock */
        return CSR_RW;
    case 0xc00: case 0xc80:
        *volatile_read = true;
        return CSR_RO;
    case 0xc02: case 0xc82: case 0xf11: case 0xf12: case 0xf13: case 0xf14:
        return CSR_RO;
    default:
        return CSR_NONE;
    }
}

static uint32_t csr_read(const rv32_hart *h, uint32_t addr)
{
    switch (addr) {
    case 0x300: return mstatus_value(h);
    case 0x301: return MISA;
    case 0x304: return h->mie;
    case 0x305: return h->mtvec;
    case 0x340: return h->mscratch;
    case 0x341: return h->mepc;
    case 0x342: return h->mcause;
    case 0x343: return h->mtval;
    case 0x344: return h->mip;
    case 0xb00: case 0xc00: return (uint32_t)h->mcycle;
    case 0xb80: case 0xc80: return (uint32_t)(h->mcycle >> 32);
    case 0xb02: case 0xc02: return (uint32_t)h->minstret;
    case 0xb82: case 0xc82: return (uint32_t)(h->minstret >> 32);
    default: return 0;                  /* the ids */
    }
}

/* Writes a CSR; returns which counters the write set (1 mcycle, 2 minstret). */
static unsigned csr_write(rv32_hart *h, uint32_t addr, uint32_t v)
{
    switch (addr) {
    case 0x300: h->mie_bit = v >> 3 & 1u; h->mpie_bit = v >> 7 & 1u; break;
    case 0x304: h->mie = v & irq_mask(h); break;
    case 0x305: h->mtvec = v & ~3u; break;
    case 0x340: h->mscratch = v; break;
    case 0x341: h->mepc = v & ~3u; break;
    case 0x342: h->mcause = v & 0x8000001fu; break;   /* the interrupt bit, a 5-bit code */
    case 0x343: h->mtval = v; break;
    case 0xb00: h->mcycle = (h->mcycle & ~0xffffffffull) | v; return 1;
    case 0xb80: h->mcycle = (h->mcycle & 0xffffffffull) | (uint64_t)v << 32; return 1;
    case 0xb02: h->minstret = (h->minstret & ~0xffffffffull) | v; return 2;
    case 0xb82: h->minstret = (h->minstret & 0xffffffffull) | (uint64_t)v << 32; return 2;
    default: break;                     /* misa, mip: read-only fields */
    }
    return 0;
}

/* ---- M extension -------------------------------------------------------------- */

static uint32_t muldiv(unsigned f3, uint32_t a, uint32_t b)
{
    int64_t sa = (int32_t)a, sb = (int32_t)b;
    switch (f3) {
    case 0: return a * b;
    case 1: return (uint32_t)((uint64_t)(sa * sb) >> 32);
    case 2: return (uint32_t)((uint64_t)(sa * (int64_t)(uint64_t)b) >> 32);
    case 3: return (uint32_t)(((uint64_t)a * b) >> 32);
    case 4:
        if (b == 0) return 0xffffffffu;
        if (a == 0x80000000u && b == 0xffffffffu) return a;
        return (uint32_t)(int32_t)(sa / sb);
    case 5: return b == 0 ? 0xffffffffu : a / b;
    case 6:
        if (b == 0) return a;
        if (a == 0x80000000u && b == 0xffffffffu) return 0;
        return (uint32_t)(int32_t)(sa % sb);
    default: return b == 0 ? a : a % b;
    }
}

static uint32_t alu(unsigned f3, bool alt, uint32_t a, uint32_t b)
{
    switch (f3) {
    case 0: return alt ? a - b : a + b;
    case 1: return a << (b & 31u);
    case 2: return (int32_t)a < (int32_t)b;
    case 3: return a < b;
    case 4: return a ^ b;
    case 5:
        if (alt)
            return (a >> (b & 31u)) | ((a & 0x80000000u) ? ~(0xffffffffu >> (b & 31u)) : 0u);
        return a >> (b & 31u);
    case 6: return a | b;
    default: return a & b;
    }
}

static bool branch_taken(unsigned f3, uint32_t a, uint32_t b)
{
    switch (f3) {
    case 0: return a == b;
    case 1: return a != b;
    case 4: return (int32_t)a < (int32_t)b;
    case 5: return (int32_t)a >= (int32_t)b;
    case 6: return a < b;
    default: return a >= b;
    }
}

/* ---- decode: legality as the RTL decodes it (docs/cpu.md) --------------------- */

static bool base_legal(uint32_t insn)
{
    unsigned op = insn & 0x7fu, f3 = insn >> 12 & 7u, f7 = insn >> 25;
    switch (op) {
    case 0x37: case 0x17: case 0x6f: return true;
    case 0x67: return f3 == 0;
    case 0x63: return f3 != 2 && f3 != 3;
    case 0x03: return f3 != 3 && f3 != 6 && f3 != 7;
    case 0x23: return f3 <= 2;
    case 0x13:
        if (f3 == 1) return f7 == 0;
        if (f3 == 5) return f7 == 0 || f7 == 0x20;
        return true;
    case 0x33: return f7 == 0 || f7 == 1 || (f7 == 0x20 && (f3 == 0 || f3 == 5));
    case 0x0f: return f3 <= 1;
    case 0x73:
        return (f3 != 0 && f3 != 4) || insn == 0x00000073u || insn == 0x00100073u
               || insn == 0x30200073u || insn == 0x10500073u;
    default: return false;
    }
}

static uint32_t imm_i(uint32_t insn) { return (uint32_t)((int32_t)insn >> 20); }
static uint32_t imm_s(uint32_t insn)
{
    return (uint32_t)((int32_t)(insn & 0xfe000000u) >> 20) | (insn >> 7 & 0x1fu);
}
static uint32_t imm_b(uint32_t insn)
{
    return (uint32_t)((int32_t)(insn & 0x80000000u) >> 19) | (insn << 4 & 0x800u)
           | (insn >> 20 & 0x7e0u) | (insn >> 7 & 0x1eu);
}
static uint32_t imm_j(uint32_t insn)
{
    return (uint32_t)((int32_t)(insn & 0x80000000u) >> 11) | (insn & 0xff000u)
           | (insn >> 9 & 0x800u) | (insn >> 20 & 0x7feu);
}

/* ---- one step -------------------------------------------------------------------- */

struct exec {
    rv32_hart *h;
    rv32_record *rec;
    rv32_step_info *info;
    uint32_t next_pc;
    bool irq_ok;                        /* an interrupt may follow this instruction */
    unsigned counter_written;           /* 1 mcycle, 2 minstret */
};

static void exception(struct exec *e, unsigned cause, uint32_t tval)
{
    e->rec->trap = true;
    e->rec->cause = (uint8_t)cause;
    e->rec->rd_we = false;
    e->info->rd_unknown = false;
    enter_trap(e->h, cause, tval, e->rec->pc);
    e->next_pc = e->h->pc;
    e->irq_ok = false;
}

static void write_rd(struct exec *e, unsigned rd, uint32_t v)
{
    if (rd == 0)
        return;
    e->rec->rd_we = true;
    e->rec->rd = (uint8_t)rd;
    e->rec->rd_data = v;
}

/* A jump or taken branch to target: traps if it is not 4-byte aligned (no C). */
static bool jump(struct exec *e, uint32_t target)
{
    if (target & 2u) {
        exception(e, C_FETCH_MISALIGNED, target);
        return false;
    }
    e->next_pc = target;
    return true;
}

static void load(struct exec *e, uint32_t insn, unsigned rd, uint32_t addr)
{
    unsigned f3 = insn >> 12 & 7u, size = 1u << (f3 & 3u);
    uint32_t v = 0;
    e->info->mem = true;
    e->info->mem_addr = addr;
    if (addr & (size - 1u)) {
        exception(e, C_LOAD_MISALIGNED, addr);
        return;
    }
    int r = e->h->bus.read(e->h->bus.ctx, addr, size, &v);
    if (r == RV32_BUS_FAULT) {
        exception(e, C_LOAD_FAULT, addr);
        return;
    }
    if (f3 == 0) v = (uint32_t)(int32_t)(int8_t)v;
    if (f3 == 1) v = (uint32_t)(int32_t)(int16_t)v;
    write_rd(e, rd, v);
    e->info->rd_unknown = r == RV32_BUS_UNKNOWN && rd != 0;
}

static void store(struct exec *e, uint32_t insn, uint32_t addr, uint32_t v)
{
    unsigned size = 1u << (insn >> 12 & 3u);
    e->info->mem = true;
    e->info->mem_write = true;
    e->info->mem_addr = addr;
    if (addr & (size - 1u)) {
        exception(e, C_STORE_MISALIGNED, addr);
        return;
    }
    if (size < 4)
        v &= (1u << (8 * size)) - 1u;
    if (e->h->bus.write(e->h->bus.ctx, addr, size, v) == RV32_BUS_FAULT)
        exception(e, C_STORE_FAULT, addr);
}

static void csr_op(struct exec *e, uint32_t insn, unsigned rd, uint32_t rs1v)
{
    rv32_hart *h = e->h;
    unsigned f3 = insn >> 12 & 7u, src_field = insn >> 15 & 0x1fu;
    uint32_t addr = insn >> 20;
    bool writes = (f3 & 3u) == 1 || src_field != 0, volatile_read;
    enum csr_kind kind = csr_lookup(addr, &volatile_read);
    if (kind == CSR_NONE || (writes && kind == CSR_RO)) {
        exception(e, C_ILLEGAL, insn);
        return;
    }
    uint32_t src = f3 & 4u ? src_field : rs1v;
    uint32_t old = csr_read(h, addr);
    if (writes) {
        uint32_t v = (f3 & 3u) == 1 ? src : (f3 & 3u) == 2 ? old | src : old & ~src;
        e->counter_written = csr_write(h, addr, v);
    }
    write_rd(e, rd, old);
    e->info->rd_unknown = volatile_read && rd != 0;
    e->irq_ok = false;
}

static void execute(struct exec *e, uint32_t insn)
{
    rv32_hart *h = e->h;
    unsigned op = insn & 0x7fu, rd = insn >> 7 & 0x1fu, f3 = insn >> 12 & 7u;
    uint32_t pc = e->rec->pc, a = h->x[insn >> 15 & 0x1fu], b = h->x[insn >> 20 & 0x1fu];
    if (!base_legal(insn)) {
        exception(e, C_ILLEGAL, insn);
        return;
    }
    switch (op) {
    case 0x37: write_rd(e, rd, insn & 0xfffff000u); break;
    case 0x17: write_rd(e, rd, pc + (insn & 0xfffff000u)); break;
    case 0x6f:
        if (jump(e, pc + imm_j(insn)))
            write_rd(e, rd, pc + 4);
        break;
    case 0x67:
        if (jump(e, (a + imm_i(insn)) & ~1u))
            write_rd(e, rd, pc + 4);
        break;
    case 0x63:
        if (branch_taken(f3, a, b))
            jump(e, pc + imm_b(insn));
        break;
    case 0x03: load(e, insn, rd, a + imm_i(insn)); break;
    case 0x23: store(e, insn, a + imm_s(insn), b); break;
    case 0x13: write_rd(e, rd, alu(f3, f3 == 5 && (insn >> 30 & 1u), a, imm_i(insn))); break;
    case 0x33:
        write_rd(e, rd, insn >> 25 == 1 ? muldiv(f3, a, b) : alu(f3, insn >> 30 & 1u, a, b));
        break;
    case 0x0f: break;                   /* fence, fence.i: memory is coherent here */
    default:                            /* SYSTEM */
        if (f3 != 0) {
            csr_op(e, insn, rd, a);
        } else if (insn == 0x00000073u) {
            exception(e, C_ECALL_M, 0);
        } else if (insn == 0x00100073u) {
            exception(e, C_BREAKPOINT, 0);
        } else if (insn == 0x30200073u) {
            e->next_pc = h->mepc;
            h->mie_bit = h->mpie_bit;
            h->mpie_bit = true;
            e->irq_ok = false;
        } else {
            e->info->wfi = true;        /* wfi: a no-op here; iss_run sleeps for it */
        }
        break;
    }
}

void rv32_step(rv32_hart *h, rv32_record *rec, rv32_step_info *info)
{
    rv32_step_info scratch;
    if (!info)
        info = &scratch;
    memset(info, 0, sizeof *info);
    int cause = h->irq_external || !h->irq_window ? -1 : rv32_pending_interrupt(h);
    if (cause >= 0) {
        rv32_interrupt(h, (unsigned)cause, rec);
        return;
    }
    memset(rec, 0, sizeof *rec);
    rec->pc = h->pc;
    struct exec e = {h, rec, info, h->pc + 4, true, 0};
    uint32_t insn = 0;
    if (h->bus.read(h->bus.ctx, h->pc, 4, &insn) == RV32_BUS_FAULT) {
        exception(&e, C_FETCH_FAULT, h->pc);
    } else {
        rec->insn = insn;
        execute(&e, insn);
    }
    if (!rec->trap) {
        if (rec->rd_we)
            h->x[rec->rd] = rec->rd_data;
        h->pc = e.next_pc;
        if (!(e.counter_written & 2u))
            h->minstret++;
    }
    if (!(e.counter_written & 1u))
        h->mcycle++;
    h->irq_window = e.irq_ok;
}
