/* Lockstep checking of the CPU's retire trace against the reference ISS: the RTL's
 * trace port gives one record a retired instruction or a taken trap (rv32_record);
 * the checker steps the ISS once a record and compares them field by field.
 * Interrupts are asynchronous: the ISS takes one when the RTL reports it (and checks
 * that one could be taken then). Values the ISS cannot know (mcycle and mip reads,
 * loads the bus marks RV32_BUS_UNKNOWN) are taken from the RTL's record. */
#ifndef LOCKSTEP_H
#define LOCKSTEP_H

#include <stdbool.h>
#include <stdint.h>

#include "rv32_iss.h"

typedef struct lockstep {
    rv32_hart hart;                     /* the reference, one record behind the RTL */
    uint64_t records;                   /* records checked so far */
    bool failed;                        /* a mismatch was found: no further checks */
    char message[768];                  /* what the first mismatch was */
} lockstep;

/* The ISS on bus (the same memory image and map as the RTL's), reset at reset_pc. */
void lockstep_init(lockstep *ls, const rv32_bus *bus, uint32_t reset_pc, unsigned irq_count);

/* Checks the RTL's next record: 0 if the ISS agrees, -1 if not (or an earlier record
 * did not); then ls->message says which record, where, and what differed. */
int lockstep_check(lockstep *ls, const rv32_record *rtl);

#endif
