/* Numbers on a console (console.h), built in a small buffer each. */
#include "console.h"

void console_puts(const console_t *c, const char *text)
{
    c->write(c->ctx, text);
}

void console_putu(const console_t *c, uint32_t v)
{
    char text[11];
    int at = (int)sizeof text - 1;

    text[at] = '\0';
    do {
        text[--at] = (char)('0' + v % 10);
        v /= 10;
    } while (v);
    c->write(c->ctx, &text[at]);
}

void console_put_fixed(const console_t *c, uint32_t hundredths)
{
    char frac[4] = {'.', (char)('0' + hundredths / 10 % 10), (char)('0' + hundredths % 10), '\0'};

    console_putu(c, hundredths / 100);
    c->write(c->ctx, frac);
}

void console_puthex(const console_t *c, uint32_t v)
{
    char text[11] = "0x";
    int i;

    for (i = 0; i < 8; i++)
        text[2 + i] = "0123456789abcdef"[(v >> (28 - 4 * i)) & 0xf];
    text[10] = '\0';
    c->write(c->ctx, text);
}
