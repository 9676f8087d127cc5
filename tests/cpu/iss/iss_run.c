/* Runs one CPU test program on the reference ISS with the test device of
 * cpu_test_top (RAM at 0, console, result, irq lines): prints the console, then PASS
 * or FAIL with the failing check's number, like cpu_sim. Exit status 0 on pass, 1 on
 * a failed check or no result, 2 on bad usage or an unreadable image.
 *   iss_run PROGRAM.hex|PROGRAM.bin [--max-steps N] [--ram-bytes N] [--trace]
 * --trace prints every record (pc, instruction, trap, register write) on stderr. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rv32_disasm.h"
#include "rv32_iss.h"
#include "test_device.h"

/* The RTL's cycles for what a step did (docs/cpu.md's CPI table, soc_ram's bus), so
 * that mcycle and the delayed irq line see about the time they see on the RTL. */
static unsigned step_cycles(const rv32_record *rec, const rv32_step_info *info)
{
    if (rec->trap)
        return 3;
    if (info->mem)
        return 5;
    if ((rec->insn & 0xfe00007fu) == 0x02000033u)
        return rec->insn & 0x4000u ? 36 : 4;
    return 3;
}

static void to_stdout(void *ctx, int byte)
{
    (void)ctx;
    putchar(byte);
}

static int usage(void)
{
    fprintf(stderr, "usage: iss_run PROGRAM.hex|PROGRAM.bin [--max-steps N] [--ram-bytes N] [--trace]\n");
    return 2;
}

int main(int argc, char **argv)
{
    const char *image = NULL;
    unsigned long long max_steps = 1000000;
    unsigned long ram_bytes = 16384;
    int trace = 0;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--max-steps") && i + 1 < argc)
            max_steps = strtoull(argv[++i], NULL, 0);
        else if (!strcmp(argv[i], "--ram-bytes") && i + 1 < argc)
            ram_bytes = strtoul(argv[++i], NULL, 0);
        else if (!strcmp(argv[i], "--trace"))
            trace = 1;
        else if (argv[i][0] != '-' && !image)
            image = argv[i];
        else
            return usage();
    }
    if (!image)
        return usage();
    test_device dev;
    if (test_device_init(&dev, (uint32_t)ram_bytes, true) != 0) {
        fprintf(stderr, "iss_run: bad RAM size %lu\n", ram_bytes);
        return 2;
    }
    if (test_device_load(&dev, image) != 0) {
        fprintf(stderr, "iss_run: cannot load %s (unreadable, malformed or larger than %lu bytes)\n",
                image, ram_bytes);
        test_device_free(&dev);
        return 2;
    }
    dev.console = to_stdout;
    rv32_bus bus = test_device_bus(&dev);
    rv32_hart hart;
    rv32_init(&hart, &bus, 0, 2);
    unsigned long long steps = 0, traps = 0, slept = 0;
    int asleep = 0;                     /* in wfi with nothing that could wake it */
    while (!dev.done && !asleep && steps < max_steps) {
        rv32_record rec;
        rv32_step_info info;
        rv32_set_irq_lines(&hart, dev.irq_lines);
        rv32_step(&hart, &rec, &info);
        steps++;
        traps += rec.trap;
        unsigned cycles = step_cycles(&rec, &info);
        rv32_add_cycles(&hart, cycles - 1);
        test_device_tick(&dev, cycles);
        /* wfi sleeps until an enabled line is pending, as the core does */
        while (info.wfi && (dev.irq_lines << 16 & hart.mie) == 0 && dev.delay && slept < max_steps) {
            test_device_tick(&dev, 1);
            rv32_add_cycles(&hart, 1);
            slept++;
        }
        asleep = info.wfi && (dev.irq_lines << 16 & hart.mie) == 0;
        if (trace) {
            char text[64];
            fprintf(stderr, "%8llu pc %08x %08x %-28s", steps, rec.pc, rec.insn,
                    rec.irq ? "(interrupt)" : rv32_disasm(rec.insn, rec.pc, text, sizeof text));
            if (rec.trap)
                fprintf(stderr, " trap %s%u", rec.irq ? "irq " : "", rec.cause);
            if (rec.rd_we)
                fprintf(stderr, " x%u = %08x", rec.rd, rec.rd_data);
            fputc('\n', stderr);
        }
    }
    fflush(stdout);
    int status = 0;
    if (asleep) {
        printf("FAIL iss_run: no result: asleep in wfi with no enabled line to wake it, after %llu steps\n",
               steps);
        status = 1;
    } else if (!dev.done) {
        printf("FAIL iss_run: no result after %llu steps\n", steps);
        status = 1;
    } else if (dev.result != 0) {
        printf("FAIL iss_run: check %u (0x%08x) failed after %llu steps\n", dev.result, dev.result, steps);
        status = 1;
    } else {
        printf("PASS iss_run: %llu steps (%llu traps), mcycle %llu, minstret %llu\n", steps, traps,
               (unsigned long long)hart.mcycle, (unsigned long long)hart.minstret);
    }
    test_device_free(&dev);
    return status;
}
