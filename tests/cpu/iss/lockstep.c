/* The lockstep checker (lockstep.h). */
#include "lockstep.h"

#include <stdio.h>
#include <string.h>

#include "rv32_disasm.h"

void lockstep_init(lockstep *ls, const rv32_bus *bus, uint32_t reset_pc, unsigned irq_count)
{
    memset(ls, 0, sizeof *ls);
    rv32_init(&ls->hart, bus, reset_pc, irq_count);
    ls->hart.irq_external = true;
}

/* Appends one "field: expected X, got Y" to the message. */
static void differ(char *msg, size_t size, const char *field, uint32_t want, uint32_t got)
{
    size_t len = strlen(msg);
    if (len < size)
        snprintf(msg + len, size - len, "; %s expected 0x%08x, got 0x%08x", field, want, got);
}

static int report(lockstep *ls, const rv32_record *want, const rv32_record *got, const char *why)
{
    char text[64], diffs[512] = "";
    if (why) {
        snprintf(diffs, sizeof diffs, "; %s", why);
    } else {
        if (want->pc != got->pc) differ(diffs, sizeof diffs, "pc", want->pc, got->pc);
        if (want->insn != got->insn) differ(diffs, sizeof diffs, "insn", want->insn, got->insn);
        if (want->trap != got->trap) differ(diffs, sizeof diffs, "trap", want->trap, got->trap);
        if (want->irq != got->irq) differ(diffs, sizeof diffs, "irq", want->irq, got->irq);
        if (want->trap && want->cause != got->cause)
            differ(diffs, sizeof diffs, "cause", want->cause, got->cause);
        if (want->rd_we != got->rd_we) differ(diffs, sizeof diffs, "rd_we", want->rd_we, got->rd_we);
        if (want->rd_we && want->rd != got->rd) differ(diffs, sizeof diffs, "rd", want->rd, got->rd);
        if (want->rd_we && want->rd_data != got->rd_data)
            differ(diffs, sizeof diffs, "rd_data", want->rd_data, got->rd_data);
    }
    snprintf(ls->message, sizeof ls->message, "record %llu: pc 0x%08x insn 0x%08x (%s)%s",
             (unsigned long long)ls->records, want->pc, want->insn,
             want->irq ? "interrupt" : rv32_disasm(want->insn, want->pc, text, sizeof text), diffs);
    ls->failed = true;
    return -1;
}

static bool same(const rv32_record *a, const rv32_record *b, bool rd_known)
{
    return a->pc == b->pc && a->insn == b->insn && a->trap == b->trap && a->irq == b->irq
           && (!a->trap || a->cause == b->cause) && a->rd_we == b->rd_we
           && (!a->rd_we || (a->rd == b->rd && (!rd_known || a->rd_data == b->rd_data)));
}

int lockstep_check(lockstep *ls, const rv32_record *rtl)
{
    if (ls->failed)
        return -1;
    rv32_record iss;
    rv32_step_info info;
    memset(&info, 0, sizeof info);
    if (rtl->trap && rtl->irq) {
        /* the ISS takes it where the RTL did, if one could be taken there */
        if (rtl->pc != ls->hart.pc || !rv32_interrupt_enabled(&ls->hart, rtl->cause)
            || rtl->cause < 16 || rtl->cause >= 16 + ls->hart.irq_count) {
            char why[160];
            snprintf(why, sizeof why, "an interrupt (cause %u) the ISS cannot take here: "
                     "next pc 0x%08x, mstatus.MIE %d, mie 0x%08x", rtl->cause, ls->hart.pc,
                     ls->hart.mie_bit, ls->hart.mie);
            rv32_record here = {ls->hart.pc, 0, true, true, rtl->cause, false, 0, 0};
            return report(ls, &here, rtl, why);
        }
        rv32_interrupt(&ls->hart, rtl->cause, &iss);
    } else {
        rv32_step(&ls->hart, &iss, &info);
    }
    bool rd_known = !info.rd_unknown;
    if (!same(&iss, rtl, rd_known))
        return report(ls, &iss, rtl, NULL);
    if (iss.rd_we && !rd_known)
        ls->hart.x[iss.rd] = rtl->rd_data;      /* a device's, mcycle's or mip's value */
    ls->records++;
    return 0;
}
