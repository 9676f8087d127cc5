/* The Verilated SoC (rtl/boids_soc.v: the RV32IM CPU, RAM, UART, and the
 * accelerator and display) behind a small C interface: the host port to load
 * and inspect RAM, the CPU's reset, the UART as bytes, and EXIT. The video
 * sink and traces are system_sim.h's, which this shim also implements. */
#ifndef SOC_SIM_H
#define SOC_SIM_H

#include <stddef.h>
#include <stdint.h>
#include "system_sim.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Opens the model and resets it with the CPU held; 0, or -1 if one is open. */
int soc_sim_open(void);
void soc_sim_close(void);
/* 1 keeps the CPU in reset (the bus is the host port's); 0 lets it run. */
void soc_sim_hold_cpu(int hold);
/* Host-port accesses, 32-bit; -1 on a bus error or no answer. */
int soc_sim_write(uint32_t addr, uint32_t value);
int soc_sim_read(uint32_t addr, uint32_t *value);
/* Whole blocks; bytes a multiple of 4, addr aligned. */
int soc_sim_write_block(uint32_t addr, const void *data, size_t bytes);
int soc_sim_read_block(uint32_t addr, void *data, size_t bytes);
/* Cycles of clk, the system clock (CPU, RAM, accelerator). */
void soc_sim_tick(uint64_t cycles);
uint64_t soc_sim_cycles(void);
/* Cycles of the display's pixel clock: the same as soc_sim_cycles unless the
 * model has a pixel clock of its own (PIXEL_CLOCK_SEPARATE; its frequency is
 * system_sim_pixel_mhz's). */
uint64_t soc_sim_pixel_cycles(void);
/* Cycles the CPU spent asleep in wfi. */
uint64_t soc_sim_sleep_cycles(void);
/* 1 once the firmware wrote EXIT, with the code. */
int soc_sim_exited(uint32_t *code);
/* Bytes the UART sends arrive here, decoded from its tx pin. */
typedef void (*soc_uart_sink)(void *ctx, int byte);
void soc_sim_set_uart_sink(soc_uart_sink sink, void *ctx);
/* Queues a byte for the UART's rx pin. */
void soc_sim_uart_send(uint8_t byte);
/* The CPU's profile, from the retire trace (boids_soc's trace_* pins): from
 * soc_sim_profile_start on, every clock cycle is charged to the instruction
 * that retires or traps next, by its address (stalls and wfi sleep included). */
typedef struct {
    uint32_t pc;
    uint64_t cycles, retired; /* retired: instructions completed there (traps not) */
} soc_profile_entry_t;
void soc_sim_profile_start(void);
/* The profile so far in a new array (the caller frees it), by address; *n
 * entries. NULL if out of memory, or if no profile was started (*n = 0). */
soc_profile_entry_t *soc_sim_profile(size_t *n);
/* The build parameters of the model linked in. */
const char *soc_sim_variant(void);

#ifdef __cplusplus
}
#endif

#endif
