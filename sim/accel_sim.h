/* The Verilated accelerator behind a small C interface: reset, clock ticks
 * and Wishbone reads and writes, so testbenches and the firmware stay C.
 * One simulation is open at a time; the HAL (firmware/hal.h) talks to it.
 * Two shims implement this: accel_sim.cpp (the accelerator alone) and
 * system_sim.cpp (the whole system, whose bus has the accelerator at 0). */
#ifndef ACCEL_SIM_H
#define ACCEL_SIM_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Opens the simulation and resets it; 0, or -1 if one is already open. */
int accel_sim_open(void);
int accel_sim_is_open(void);
void accel_sim_close(void);
/* Holds reset for two cycles, as a board's reset button would. */
void accel_sim_reset(void);
void accel_sim_tick(uint64_t cycles);
/* One Wishbone classic access; -1 if no ack came within 16 cycles. */
int accel_sim_write(uint32_t addr, uint32_t data);
int accel_sim_read(uint32_t addr, uint32_t *data);
/* Simulated clock cycles since open, and the interrupt line. */
uint64_t accel_sim_cycles(void);
int accel_sim_irq(void);
/* The build parameters of the model linked in, e.g. "N_MAX=1024 LANES=8". */
const char *accel_sim_variant(void);

#ifdef __cplusplus
}
#endif

#endif
