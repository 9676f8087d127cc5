/* The ISS's view of tests/cpu/cpu_test_top.v: RAM at 0 and the test device (console,
 * result, irq lines, delayed irq; anything else an access fault), behind an rv32_bus. */
#ifndef TEST_DEVICE_H
#define TEST_DEVICE_H

#include <stdbool.h>
#include <stdint.h>

#include "rv32_iss.h"

#define TEST_CONSOLE_ADDR 0x20000000u
#define TEST_RESULT_ADDR  0x30000004u
#define TEST_IRQ_ADDR     0x30000008u
#define TEST_DELAY_ADDR   0x3000000Cu

typedef void (*test_console_sink)(void *ctx, int byte);

typedef struct test_device {
    uint8_t *ram;                       /* ram_bytes at address 0 */
    uint32_t ram_bytes;
    bool model_registers;               /* false: reads of the device are RV32_BUS_UNKNOWN */
    bool done;                          /* the program wrote the result register */
    uint32_t result;
    uint32_t irq_lines;                 /* bits 1:0 drive the hart's lines */
    uint32_t delay;                     /* cycles left until delay_mask joins the lines */
    uint32_t delay_mask;
    test_console_sink console;
    void *console_ctx;
} test_device;

/* 0, or -1 when the RAM cannot be had (ram_bytes a multiple of 4, at most 1 GiB). */
int test_device_init(test_device *d, uint32_t ram_bytes, bool model_registers);
void test_device_free(test_device *d);

/* Loads an image at 0: a $readmemh file (one 32-bit word a line) when the name ends
 * in .hex, else raw little-endian bytes. 0, or -1 (unreadable, malformed, too big). */
int test_device_load(test_device *d, const char *path);

rv32_bus test_device_bus(test_device *d);

/* Time passes: the delayed line counts down, one a cycle. */
void test_device_tick(test_device *d, uint64_t cycles);

#endif
