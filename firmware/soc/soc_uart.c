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

void uart_putu(uint32_t v)
{
    char digits[10];
    int n = 0;

    do {
        digits[n++] = (char)('0' + v % 10);
        v /= 10;
    } while (v);
    while (n)
        uart_putc(digits[--n]);
}

void uart_put_fixed(uint32_t hundredths)
{
    uart_putu(hundredths / 100);
    uart_putc('.');
    uart_putc((char)('0' + hundredths / 10 % 10));
    uart_putc((char)('0' + hundredths % 10));
}

void uart_puthex(uint32_t v)
{
    int i;

    uart_puts("0x");
    for (i = 28; i >= 0; i -= 4)
        uart_putc("0123456789abcdef"[(v >> i) & 0xf]);
}

int uart_getc(void)
{
    if (!(REG(SOC_UART_STATUS) & SOC_UART_RX_VALID))
        return -1;
    return (int)(REG(SOC_UART_DATA) & 0xff);
}
