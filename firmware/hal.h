/* The firmware's only way to the hardware: 32-bit reads and writes of the
 * accelerator's registers and memories, by byte offset from its base. The
 * Verilator co-simulation (sim/accel_hal.cpp) provides these now; memory-
 * mapped I/O provides them on a soft CPU. */
#ifndef HAL_H
#define HAL_H

#include <stdint.h>

uint32_t hal_read32(uint32_t offset);
void hal_write32(uint32_t offset, uint32_t value);

#endif
