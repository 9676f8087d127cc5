/* A console: where the app's lines go (the UART on the SoC, standard output
 * on the host), and the few number formats it prints, since the firmware has
 * no printf (picolibc's would double the image). */
#ifndef CONSOLE_H
#define CONSOLE_H

#include <stdint.h>

typedef struct {
    void (*write)(void *ctx, const char *text); /* the text as it is, '\n' for a line's end */
    void *ctx;
} console_t;

void console_puts(const console_t *c, const char *text);
void console_putu(const console_t *c, uint32_t v);
void console_put_fixed(const console_t *c, uint32_t hundredths); /* 1234 prints 12.34 */
void console_puthex(const console_t *c, uint32_t v);             /* 0x0000abcd */

#endif
