/* A reference instruction-set simulator of the soft CPU's documented architecture
 * (docs/cpu.md): RV32IM + Zicsr, machine mode only, its CSRs, traps and interrupt
 * lines. One call to rv32_step retires one instruction or takes one trap and says
 * what it did in the same record the RTL's trace port gives, so that a harness can
 * run it alone (iss_run) or beside the RTL (lockstep.h). */
#ifndef RV32_ISS_H
#define RV32_ISS_H

#include <stdbool.h>
#include <stdint.h>

#define RV32_IRQ_MAX 16                 /* platform lines: mip/mie bits 16.. */

/* What a bus access found. */
enum rv32_bus_result {
    RV32_BUS_OK = 0,                    /* done; a read's value is the model's */
    RV32_BUS_UNKNOWN = 1,               /* done, but the value read is not the model's to
                                           know (a device): lockstep takes the RTL's */
    RV32_BUS_FAULT = -1                 /* nothing answers: an access fault */
};

/* The memory and devices the hart sees. Accesses are naturally aligned, of 1, 2 or 4
 * bytes; a read returns the bytes in the low bits, zero-extended; a write gets them so. */
typedef struct rv32_bus {
    void *ctx;
    int (*read)(void *ctx, uint32_t addr, unsigned size, uint32_t *value);
    int (*write)(void *ctx, uint32_t addr, unsigned size, uint32_t value);
} rv32_bus;

/* One retired instruction or one trap: the fields of the RTL's trace port. */
typedef struct rv32_record {
    uint32_t pc;                        /* the instruction (an interrupt: mepc) */
    uint32_t insn;                      /* its encoding; 0 for a fetch fault or an interrupt */
    bool trap;                          /* an exception replaced it, or an interrupt */
    bool irq;                           /* the trap is an interrupt */
    uint8_t cause;                      /* mcause[4:0] of the trap */
    bool rd_we;                         /* it wrote rd (never x0) */
    uint8_t rd;
    uint32_t rd_data;
} rv32_record;

/* What the ISS adds to a record for its callers. */
typedef struct rv32_step_info {
    bool rd_unknown;                    /* rd_data came from a device, mcycle or mip */
    bool wfi;                           /* the instruction was a wfi */
    bool mem;                           /* it made a data access (even a faulting one) */
    bool mem_write;
    uint32_t mem_addr;
} rv32_step_info;

typedef struct rv32_hart {
    uint32_t x[32];
    uint32_t pc;
    bool mie_bit, mpie_bit;             /* mstatus.MIE, mstatus.MPIE; MPP reads 11 */
    uint32_t mie, mip;                  /* bits 16..16+irq_count-1 */
    uint32_t mtvec, mscratch, mepc, mcause, mtval;
    uint64_t mcycle, minstret;
    unsigned irq_count;
    bool irq_window;                    /* the last step allows an interrupt after it */
    bool irq_external;                  /* never take an interrupt on its own (lockstep) */
    rv32_bus bus;
} rv32_hart;

/* Reset: pc = reset_pc, MIE = MPIE = 0, mie = 0, mtvec = 0, counters 0; registers 0. */
void rv32_init(rv32_hart *h, const rv32_bus *bus, uint32_t reset_pc, unsigned irq_count);

/* The platform lines' levels (bit i = line i): mip bits 16.. follow them. */
void rv32_set_irq_lines(rv32_hart *h, uint32_t lines);

/* Retires one instruction or takes one trap (an interrupt when one is pending, enabled,
 * MIE is set, the last instruction allows it and irq_external is off). info may be NULL. */
void rv32_step(rv32_hart *h, rv32_record *rec, rv32_step_info *info);

/* Takes interrupt `cause` (16 + line) now, before the instruction at pc. */
void rv32_interrupt(rv32_hart *h, unsigned cause, rv32_record *rec);

/* Whether an interrupt with that cause could be taken now (MIE and its mie bit). */
bool rv32_interrupt_enabled(const rv32_hart *h, unsigned cause);

/* The interrupt rv32_step would take next (16 + line), or -1. */
int rv32_pending_interrupt(const rv32_hart *h);

/* Adds cycles to mcycle (time the caller knows passed, e.g. asleep in wfi). */
void rv32_add_cycles(rv32_hart *h, uint64_t cycles);

#endif
