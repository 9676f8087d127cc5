/* The HAL (firmware/hal.h) of a host program without hardware: the tests, the
 * benchmark, the experiments. Of the code such a program runs, only the rules'
 * reads of streamed sums go through the HAL, and only the accelerator's engine
 * streams; so these are never reached. If one is, the program stops with a
 * message instead of reading made-up values. Programs with the accelerator
 * link sim/accel_sim.cpp's HAL instead. */
#include <stdio.h>
#include <stdlib.h>
#include "hal.h"

static void no_hardware(const char *what, uint32_t offset)
{
    fprintf(stderr, "internal error: %s(0x%x) in a program without hardware\n", what,
            (unsigned)offset);
    abort();
}

uint32_t hal_read32(uint32_t offset)
{
    no_hardware("hal_read32", offset);
    return 0;
}

void hal_write32(uint32_t offset, uint32_t value)
{
    (void)value;
    no_hardware("hal_write32", offset);
}

void hal_wait_interrupt(void) { no_hardware("hal_wait_interrupt", 0); }
