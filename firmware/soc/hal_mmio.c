/* The HAL on the SoC's CPU: the blocks' registers are memory at
 * SOC_SYSTEM_BASE, and waiting for an interrupt is wfi. */
#include "../hal.h"
#include "soc_map.h"

uint32_t hal_read32(uint32_t offset)
{
    return *(volatile uint32_t *)(SOC_SYSTEM_BASE + offset);
}

void hal_write32(uint32_t offset, uint32_t value)
{
    *(volatile uint32_t *)(SOC_SYSTEM_BASE + offset) = value;
}

/* mie enables the display and accelerator lines (start.S); mstatus.MIE is 0,
 * so wfi returns when one is pending without taking a trap. */
void hal_wait_interrupt(void)
{
    __asm__ volatile("wfi");
}
