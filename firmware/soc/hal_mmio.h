/* The HAL on the SoC's CPU (see ../hal.h): the blocks' registers are memory
 * at SOC_SYSTEM_BASE, so each access is one load or store, inlined where it
 * is used; waiting for an interrupt is wfi. */
#ifndef HAL_MMIO_H
#define HAL_MMIO_H

#include <stdint.h>
#include "soc_map.h"

static inline uint32_t hal_read32(uint32_t offset)
{
    return *(volatile uint32_t *)(uintptr_t)(SOC_SYSTEM_BASE + offset);
}

/* n consecutive words from offset: one load each, at offsets from one base
 * (unrolled, so that a constant n leaves no loop and no array in memory). */
static inline void hal_read_words(uint32_t offset, uint32_t *out, uint32_t n)
{
    const volatile uint32_t *word =
        (const volatile uint32_t *)(uintptr_t)(SOC_SYSTEM_BASE + offset);
    uint32_t i;

#pragma GCC unroll 16
    for (i = 0; i < n; i++)
        out[i] = word[i];
}

static inline void hal_write32(uint32_t offset, uint32_t value)
{
    *(volatile uint32_t *)(uintptr_t)(SOC_SYSTEM_BASE + offset) = value;
}

/* mie enables the display and accelerator lines (start.S); mstatus.MIE is 0,
 * so wfi returns when one is pending without taking a trap. */
static inline void hal_wait_interrupt(void) { __asm__ volatile("wfi"); }

#endif
