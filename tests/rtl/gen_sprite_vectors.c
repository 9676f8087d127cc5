/* Test vectors for the display's boid window (tb_display_boid_window.v): boids,
 * zooms and roles, each with the sprite word firmware/display.c packs from them,
 * which the window must write bit for bit.
 * Usage: gen_sprite_vectors COUNT FILE
 * FILE: a first line with the count, then one vector a line, in hex:
 *   shift role x y vx vy sprite */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "display.h"

/* xorshift32: the same vectors on every machine */
static uint32_t next_random(uint32_t *s)
{
    *s ^= *s << 13;
    *s ^= *s >> 17;
    *s ^= *s << 5;
    return *s;
}

/* A component: uniform words, small ones, or one near an edge the packing
 * has (the clamp at +-2048 px after the shift, the 2^23 magnitude, zero). */
static int32_t component(uint32_t *s)
{
    static const uint32_t edges[] = {0u,          1u,          0xffffffffu, 0x80000000u, 0x7fffffffu,
                                     0x007fffffu, 0x00800000u, 0xff800000u, 0xff800001u, 0x07ff0000u,
                                     0x07ffffffu, 0x08000000u, 0xf8000000u, 0xf7ffffffu, 0x00010000u};
    uint32_t r = next_random(s);

    switch (r % 4) {
    case 0: return (int32_t)next_random(s);
    case 1: return (int32_t)(next_random(s) >> (8 + r / 4 % 20)) * ((r & 64) ? -1 : 1);
    case 2: return (int32_t)(edges[next_random(s) % (sizeof edges / sizeof edges[0])] +
                             (next_random(s) % 3) - 1);
    default: return (int32_t)(next_random(s) % (2048u << 16)) - (int32_t)(1024u << 16);
    }
}

/* A position whose pixel, after the shift, is at the clamp's edges (-2049 to
 * -2047, 2046 to 2048) or at 0, with random sub-pixel bits. */
static int32_t clamp_edge(uint32_t *s, uint32_t shift)
{
    static const int32_t px[] = {-2049, -2048, -2047, -1, 0, 1, 2046, 2047, 2048};
    int64_t p = (int64_t)px[next_random(s) % (sizeof px / sizeof px[0])] * ((int64_t)1 << shift);

    p += (int64_t)(next_random(s) % (1u << shift)); /* still the same pixel after the shift */
    return (int32_t)(p * 65536 + (int64_t)(next_random(s) & 0xffff));
}

/* A velocity next to a sector edge: |minor| / |major| just at 106/256, either
 * side, any signs, either axis major, below or above 2^23. */
static void sector_edge(uint32_t *s, int32_t *vx, int32_t *vy)
{
    uint32_t major = next_random(s) >> (1 + next_random(s) % 20);
    int64_t minor = (int64_t)major * 106 / 256 + (int64_t)(next_random(s) % 3) - 1;

    if (minor < 0)
        minor = 0;
    *vx = (int32_t)major;
    *vy = (int32_t)minor;
    if (next_random(s) & 1) {
        *vx = (int32_t)minor;
        *vy = (int32_t)major;
    }
    if (next_random(s) & 1)
        *vx = -*vx;
    if (next_random(s) & 1)
        *vy = -*vy;
}

int main(int argc, char **argv)
{
    uint32_t seed = 0x2545f491u, n, k;
    char *end;
    FILE *f;

    if (argc != 3 || strcmp(argv[1], "--help") == 0) {
        fprintf(argc == 2 && strcmp(argv[1], "--help") == 0 ? stdout : stderr,
                "usage: %s COUNT FILE\n"
                "Writes COUNT boids, zooms and roles with the sprite word firmware/display.c\n"
                "packs from each, for tests/rtl/tb_display_boid_window.v.\n",
                argv[0]);
        return argc == 2 && strcmp(argv[1], "--help") == 0 ? 0 : 2;
    }
    errno = 0;
    n = (uint32_t)strtoul(argv[1], &end, 10);
    if (errno != 0 || *end != '\0' || n == 0 || n > 1000000) {
        fprintf(stderr, "gen_sprite_vectors: COUNT '%s' must be 1 to 1000000\n", argv[1]);
        return 2;
    }
    if ((f = fopen(argv[2], "w")) == NULL) {
        fprintf(stderr, "gen_sprite_vectors: %s: %s\n", argv[2], strerror(errno));
        return 1;
    }
    fprintf(f, "%u\n", n);
    for (k = 0; k < n; k++) {
        boid_t b;
        uint32_t shift = k < 16 ? k : next_random(&seed) % 16;
        uint32_t role = next_random(&seed) % 4;
        b.x = k % 3 == 1 ? clamp_edge(&seed, shift) : component(&seed);
        b.y = k % 5 == 2 ? clamp_edge(&seed, shift) : component(&seed);
        b.vx = component(&seed);
        b.vy = component(&seed);
        if (k % 2 == 1)
            sector_edge(&seed, &b.vx, &b.vy);
        if (k % 50 == 4) /* a boid at rest */
            b.vx = b.vy = 0;
        fprintf(f, "%x %x %08x %08x %08x %08x %08x\n", shift, role, (uint32_t)b.x, (uint32_t)b.y,
                (uint32_t)b.vx, (uint32_t)b.vy, display_sprite(&b, role, shift));
    }
    if (fclose(f) != 0) {
        fprintf(stderr, "gen_sprite_vectors: %s: %s\n", argv[2], strerror(errno));
        return 1;
    }
    return 0;
}
