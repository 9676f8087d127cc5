/* The console's wire: polled 8N1 output and input on the SoC's UART (the
 * numbers it prints are ../console.h's). */
#ifndef SOC_UART_H
#define SOC_UART_H

#include <stdint.h>

void uart_putc(char c);
void uart_puts(const char *s);
/* A received byte, or -1 if none is waiting. */
int uart_getc(void);

#endif
