/* The test device of cpu_test_top for the ISS (test_device.h). */
#include "test_device.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int test_device_init(test_device *d, uint32_t ram_bytes, bool model_registers)
{
    memset(d, 0, sizeof *d);
    if (ram_bytes == 0 || ram_bytes % 4 != 0 || ram_bytes > (1u << 30))
        return -1;
    d->ram = calloc(ram_bytes, 1);
    if (!d->ram)
        return -1;
    d->ram_bytes = ram_bytes;
    d->model_registers = model_registers;
    return 0;
}

void test_device_free(test_device *d)
{
    free(d->ram);
    d->ram = NULL;
}

static int load_hex(test_device *d, FILE *f)
{
    char line[128];
    uint32_t addr = 0;
    while (fgets(line, sizeof line, f)) {
        char *p = line, *end;
        while (*p == ' ' || *p == '\t')
            p++;
        if (*p == '\n' || *p == '\0' || (p[0] == '/' && p[1] == '/'))
            continue;
        unsigned long word = strtoul(p, &end, 16);
        if (end == p || word > 0xfffffffful)
            return -1;
        if (addr + 4 > d->ram_bytes)
            return word == 0 ? 0 : -1;  /* padding past the RAM is allowed if zero */
        for (unsigned i = 0; i < 4; i++)
            d->ram[addr + i] = (uint8_t)(word >> (8 * i));
        addr += 4;
    }
    return ferror(f) ? -1 : 0;
}

int test_device_load(test_device *d, const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return -1;
    size_t len = strlen(path);
    int rc;
    if (len >= 4 && strcmp(path + len - 4, ".hex") == 0) {
        rc = load_hex(d, f);
    } else {
        size_t n = fread(d->ram, 1, d->ram_bytes, f);
        rc = ferror(f) || (n == d->ram_bytes && fgetc(f) != EOF) ? -1 : 0;
    }
    fclose(f);
    return rc;
}

void test_device_tick(test_device *d, uint64_t cycles)
{
    while (cycles-- && d->delay) {
        if (--d->delay == 0)
            d->irq_lines |= d->delay_mask & 3u;
    }
}

static int dev_read(void *ctx, uint32_t addr, unsigned size, uint32_t *value)
{
    test_device *d = ctx;
    *value = 0;
    if (addr < d->ram_bytes) {
        for (unsigned i = 0; i < size; i++)
            *value |= (uint32_t)d->ram[addr + i] << (8 * i);
        return RV32_BUS_OK;
    }
    /* the device answers whole words at these addresses; narrower reads see 0 lanes */
    uint32_t word = addr & ~3u, v;
    if (word == TEST_RESULT_ADDR)
        v = 0;
    else if (word == TEST_IRQ_ADDR)
        v = d->irq_lines;
    else if (word == TEST_DELAY_ADDR)
        v = d->delay;
    else
        return RV32_BUS_FAULT;
    if (!d->model_registers)
        return RV32_BUS_UNKNOWN;
    *value = (v >> (8 * (addr & 3u))) & (size == 4 ? 0xffffffffu : (1u << (8 * size)) - 1u);
    return RV32_BUS_OK;
}

static int dev_write(void *ctx, uint32_t addr, unsigned size, uint32_t value)
{
    test_device *d = ctx;
    if (addr < d->ram_bytes) {
        for (unsigned i = 0; i < size; i++)
            d->ram[addr + i] = (uint8_t)(value >> (8 * i));
        return RV32_BUS_OK;
    }
    /* the device takes the bus word, where the core repeats a narrow store's lanes */
    uint32_t word = addr & ~3u;
    uint32_t v = size == 1 ? value * 0x01010101u : size == 2 ? value * 0x00010001u : value;
    if (word == TEST_CONSOLE_ADDR) {
        if (d->console)
            d->console(d->console_ctx, (int)(v & 0xffu));
    } else if (word == TEST_RESULT_ADDR) {
        d->done = true;
        d->result = v;
    } else if (word == TEST_IRQ_ADDR) {
        d->irq_lines = v & 3u;
    } else if (word == TEST_DELAY_ADDR) {
        d->delay = v & 0xffffffu;
        d->delay_mask = v >> 24;
    } else {
        return RV32_BUS_FAULT;
    }
    return RV32_BUS_OK;
}

rv32_bus test_device_bus(test_device *d)
{
    rv32_bus bus = {d, dev_read, dev_write};
    return bus;
}
