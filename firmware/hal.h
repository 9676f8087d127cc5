/* The firmware's only way to the hardware: 32-bit reads and writes of the
 * blocks' registers and memories by bus address (the accelerator at 0, the
 * display at SYSTEM_DISPLAY_BASE), and a wait for an interrupt. The Verilator
 * co-simulations (sim/accel_sim.cpp, sim/system_sim.cpp) provide these on the
 * host; memory-mapped I/O and wfi provide them on a soft CPU. */
#ifndef HAL_H
#define HAL_H

#include <stdint.h>

uint32_t hal_read32(uint32_t offset);
void hal_write32(uint32_t offset, uint32_t value);
/* Returns once an enabled interrupt is pending (or after a while: callers
 * check their status registers and bound their waits). */
void hal_wait_interrupt(void);

#endif
