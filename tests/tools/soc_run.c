/* Runs one CPU test program (a raw image, tests/cpu's conventions) in the whole SoC
 * (build/vl/soc, rtl/boids_soc.v): the image written at 0 through the host port,
 * the CPU released, the UART printed; soc_ctrl's EXIT (0x3000_0004, where the test
 * harness has its result register) ends it. Prints PASS or FAIL like cpu_sim; exit
 * status 0 on pass, 1 on a failed check or no result, 2 on bad usage.
 *   soc_run PROGRAM.bin [--max-cycles N] */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "soc_sim.h"

#define IMAGE_MAX (512u * 1024u)

/* The UART's bytes to stdout; the last one is kept, so that the verdict starts a line
 * (the UART drops bytes written faster than it sends: a newline may be among them). */
static void to_stdout(void *ctx, int byte)
{
    *(int *)ctx = byte;
    putchar(byte);
}

static int usage(void)
{
    fprintf(stderr, "usage: soc_run PROGRAM.bin [--max-cycles N]\n");
    return 2;
}

/* Reads the image, padded with zeros to a whole word; its size, or 0 on failure. */
static size_t read_image(const char *path, unsigned char *buf, size_t max)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return 0;
    size_t n = fread(buf, 1, max, f);
    int bad = ferror(f) || (n == max && fgetc(f) != EOF);
    fclose(f);
    if (bad || n == 0)
        return 0;
    while (n % 4)
        buf[n++] = 0;
    return n;
}

int main(int argc, char **argv)
{
    const char *path = NULL;
    unsigned long long max_cycles = 2000000;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--max-cycles") && i + 1 < argc)
            max_cycles = strtoull(argv[++i], NULL, 0);
        else if (argv[i][0] != '-' && !path)
            path = argv[i];
        else
            return usage();
    }
    if (!path)
        return usage();
    static unsigned char image[IMAGE_MAX + 4];
    size_t bytes = read_image(path, image, IMAGE_MAX);
    if (bytes == 0) {
        fprintf(stderr, "soc_run: cannot read %s (or it is empty or over %u bytes)\n", path, IMAGE_MAX);
        return 2;
    }
    if (soc_sim_open() != 0 || soc_sim_write_block(0, image, bytes) != 0) {
        fprintf(stderr, "soc_run: cannot load %s into the SoC's RAM\n", path);
        soc_sim_close();
        return 2;
    }
    int last_byte = '\n';
    soc_sim_set_uart_sink(to_stdout, &last_byte);
    soc_sim_hold_cpu(0);
    const uint64_t start = soc_sim_cycles();
    uint32_t code = 0;
    int exited = 0;
    while (!(exited = soc_sim_exited(&code)) && soc_sim_cycles() - start < max_cycles)
        soc_sim_tick(100);
    /* the UART still sends what was written before EXIT: two characters' time */
    soc_sim_tick(2 * 10 * 256);
    fflush(stdout);
    const unsigned long long cycles = soc_sim_cycles() - start;
    soc_sim_close();
    if (last_byte != '\n')
        putchar('\n');
    if (!exited) {
        printf("FAIL soc_run: no result after %llu cycles\n", cycles);
        return 1;
    }
    if (code != 0) {
        printf("FAIL soc_run: check %u (0x%08x) failed after about %llu cycles\n", code, code, cycles);
        return 1;
    }
    printf("PASS soc_run: about %llu cycles\n", cycles);
    return 0;
}
