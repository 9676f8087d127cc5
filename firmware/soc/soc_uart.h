/* The console: polled 8N1 output and input on the SoC's UART, and the few
 * number formats the firmware prints (no printf: it would double the image). */
#ifndef SOC_UART_H
#define SOC_UART_H

#include <stdint.h>

void uart_putc(char c);
void uart_puts(const char *s);
void uart_putu(uint32_t v);
void uart_put_fixed(uint32_t hundredths); /* 1234 prints 12.34 */
void uart_puthex(uint32_t v);
/* A received byte, or -1 if none is waiting. */
int uart_getc(void);

#endif
