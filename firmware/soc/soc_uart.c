/* Polled console on rtl/soc_uart.v. */
#include "soc_uart.h"
#include "soc_map.h"

#define REG(addr) (*(volatile uint32_t *)(addr))

void uart_putc(char c)
{
    if (c == '\n')
        uart_putc('\r');
    while (!(REG(SOC_UART_STATUS) & SOC_UART_TX_READY))
        ;
    REG(SOC_UART_DATA) = (uint8_t)c;
}

void uart_puts(const char *s)
{
    while (*s)
        uart_putc(*s++);
}

int uart_getc(void)
{
    if (!(REG(SOC_UART_STATUS) & SOC_UART_RX_VALID))
        return -1;
    return (int)(REG(SOC_UART_DATA) & 0xff);
}
