/* The firmware's only way to the hardware: 32-bit reads and writes of the
 * blocks' registers and memories by bus address (the accelerator at 0, the
 * display at SYSTEM_DISPLAY_BASE), and a wait for an interrupt.
 *
 * Two layers behind the same names: on a soft CPU (built with HAL_MMIO) they
 * are inline memory-mapped accesses, one load or store each
 * (soc/hal_mmio.h); on the host they are functions of the Verilator
 * co-simulations (sim/accel_sim.cpp, sim/system_sim.cpp). */
#ifndef HAL_H
#define HAL_H

#include <stdint.h>

#ifdef HAL_MMIO
#include "soc/hal_mmio.h"
#else
uint32_t hal_read32(uint32_t offset);
void hal_write32(uint32_t offset, uint32_t value);
/* Returns once an enabled interrupt is pending (or after a while: callers
 * check their status registers and bound their waits). */
void hal_wait_interrupt(void);

/* n consecutive words from offset, as n hal_read32 (on a CPU, loads at
 * offsets from one base address). */
static inline void hal_read_words(uint32_t offset, uint32_t *out, uint32_t n)
{
    uint32_t i;

    for (i = 0; i < n; i++)
        out[i] = hal_read32(offset + 4 * i);
}
#endif

#endif
