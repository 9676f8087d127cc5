/* The SoC's address map (rtl/soc_decoder.v, docs/soc.md), for the firmware
 * on the CPU and for the simulator that loads it. */
#ifndef SOC_MAP_H
#define SOC_MAP_H

#define SOC_RAM_BASE 0x00000000u
#define SOC_SYSTEM_BASE 0x10000000u /* boids_system: accelerator, display at +SYSTEM_DISPLAY_BASE */
#define SOC_UART_BASE 0x20000000u
#define SOC_CTRL_BASE 0x30000000u

/* UART registers (rtl/soc_uart.v) */
#define SOC_UART_DATA (SOC_UART_BASE + 0x0u)
#define SOC_UART_STATUS (SOC_UART_BASE + 0x4u)
#define SOC_UART_DIVISOR (SOC_UART_BASE + 0x8u)
#define SOC_UART_TX_READY 0x1u
#define SOC_UART_RX_VALID 0x2u
#define SOC_UART_RX_OVERRUN 0x4u

/* SoC control registers (rtl/soc_ctrl.v) */
#define SOC_CTRL_ID (SOC_CTRL_BASE + 0x0u)
#define SOC_CTRL_EXIT (SOC_CTRL_BASE + 0x4u)
#define SOC_CTRL_CLOCK_HZ (SOC_CTRL_BASE + 0x8u)
#define SOC_CTRL_RAM_BYTES (SOC_CTRL_BASE + 0xCu)
#define SOC_ID_VALUE 0x534f4331u /* "SOC1" */

/* Interrupt lines: machine-mode local interrupts, bits of mie and mip. */
#define SOC_IRQ_DISPLAY_BIT 16u
#define SOC_IRQ_ACCEL_BIT 17u

/* EXIT codes of the firmware */
#define SOC_EXIT_OK 0u
#define SOC_EXIT_FAILED 1u      /* a check at boot or a device error; the UART says which */
#define SOC_EXIT_TRAP 0xdead0000u /* | mcause: an exception nobody expected */

#endif
