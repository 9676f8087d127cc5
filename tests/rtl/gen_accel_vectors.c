/* Test vectors for tests/rtl/tb_boids_accel.v: scenes of boids and the neighbor
 * sums the C golden model (the brute-force engine) gives for every boid.
 *
 * Usage: gen_accel_vectors N_MAX OUT.txt
 * Writes scenes of at most N_MAX boids: random flocks (host/scene.h), tiny flocks
 * around typical lane counts, and adversarial ones (coincident boids, everyone in
 * everyone's protected range, world edges and the position guard's corners, pairs
 * exactly on the range boundaries, extreme velocities, N = 1, N = N_MAX).
 *
 * File format (whitespace separated, read with $fscanf):
 *   <scenes>
 *   then per scene:
 *   scene <name> <N> <VISUAL hex> <VISUAL2 hex> <PROTECTED2 hex> <queries>
 *   <query boid> ... (decimal, <queries> of them: the query runs to do)
 *   N lines: x y vx vy (hex, Q16.16 as 32-bit words)
 *   N lines: the 7 result words of boid i as the bus reads them (hex)
 */
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "flock_state.h"
#include "neighbors_brute.h"
#include "params.h"
#include "scene.h"

#define SCENES_MAX 64
#define QUERIES_MAX 4

typedef struct {
    char name[48];
    uint32_t n;
    boid_t *b;
    double visual_px, protected_px;
    uint32_t nq;
    uint32_t query[QUERIES_MAX];
} scene_t;

static scene_t scenes[SCENES_MAX];
static uint32_t n_scenes;
static uint64_t rng = 0x5eed2024u;

static scene_t *scene_new(const char *name, uint32_t n, double visual_px, double protected_px)
{
    scene_t *s = &scenes[n_scenes++];

    if (n_scenes > SCENES_MAX || n == 0) {
        fprintf(stderr, "gen_accel_vectors: scene table full or empty scene\n");
        exit(1);
    }
    snprintf(s->name, sizeof s->name, "%s", name);
    s->n = n;
    s->b = calloc(n, sizeof *s->b);
    if (s->b == NULL) {
        fprintf(stderr, "gen_accel_vectors: out of memory\n");
        exit(1);
    }
    s->visual_px = visual_px;
    s->protected_px = protected_px;
    s->nq = 0;
    return s;
}

static q16_t px(double v) { return (q16_t)lround(v * Q16_ONE); }

static q16_t rnd_q16(double lo, double hi) { return px(lo + (hi - lo) * rng_unit(&rng)); }

/* A random flock from host/scene.h over a w x h px world. */
static void scene_flock(const char *name, uint32_t n, double w, double h, double visual_px,
                        double protected_px, uint64_t seed)
{
    scene_spec_t spec = {n, 0, 0, 0, 0.0, 0.0, w, h, 3, 6, seed};
    state_table_t t = {0, NULL};
    flock_t f;
    scene_t *s = scene_new(name, n, visual_px, protected_px);

    if (scene_random(&spec, &t) != 0 || flock_alloc(&f, n, 0) != 0 || flock_from_table(&t, &f) != 0) {
        fprintf(stderr, "gen_accel_vectors: scene %s failed\n", name);
        exit(1);
    }
    memcpy(s->b, f.boid, n * sizeof *s->b);
    flock_free(&f);
    state_table_free(&t);
}

/* Sums from the golden model, as the 7 bus words of each boid. */
static void write_scene(FILE *out, const scene_t *s)
{
    param_set_t ps;
    flock_params_t fp;
    neighbor_query_t q;
    neighbors_brute_t ctx;
    neighbor_engine_t e = neighbors_brute_engine(&ctx);
    neighbor_sums_t *all = calloc(s->n, sizeof *all);
    const uint32_t *order;
    uint32_t i, k;

    params_defaults(&ps);
    ps.visualrange = s->visual_px;
    ps.protectedrange = s->protected_px;
    params_to_fixed(&ps, &fp);
    q = neighbor_query_make(&fp);
    if (all == NULL || e.begin(e.ctx, s->b, s->n, &q) != 0 || e.sums_all(e.ctx, all, &order) != 0) {
        fprintf(stderr, "gen_accel_vectors: model failed on %s\n", s->name);
        exit(1);
    }
    fprintf(out, "scene %s %" PRIu32 " %08" PRIx32 " %016" PRIx64 " %016" PRIx64 " %" PRIu32 "\n",
            s->name, s->n, (uint32_t)q.visualrange, (uint64_t)q.visual2, (uint64_t)q.protected2,
            s->nq);
    for (k = 0; k < s->nq; k++)
        fprintf(out, "%" PRIu32 "%s", s->query[k], k + 1 < s->nq ? " " : "\n");
    for (i = 0; i < s->n; i++)
        fprintf(out, "%08" PRIx32 " %08" PRIx32 " %08" PRIx32 " %08" PRIx32 "\n", (uint32_t)s->b[i].x,
                (uint32_t)s->b[i].y, (uint32_t)s->b[i].vx, (uint32_t)s->b[i].vy);
    {
        uint64_t cnt = 0, sep_any = 0;
        for (i = 0; i < s->n; i++) {
            cnt += all[i].count;
            sep_any += all[i].sep_x != 0 || all[i].sep_y != 0;
        }
        printf("%-24s N %5" PRIu32 ": %6" PRIu64 " cohesion credits, %5" PRIu64
               " boids with a separation sum\n", s->name, s->n, cnt, sep_any);
    }
    for (i = 0; i < s->n; i++) {
        neighbor_sums_t one;
        /* the per-query path must agree with the batch path of the same model */
        if (e.sums_one(e.ctx, i, &one) != 0 || one.sep_x != all[i].sep_x || one.sep_y != all[i].sep_y
            || one.coh_x != all[i].coh_x || one.coh_y != all[i].coh_y || one.ali_x != all[i].ali_x
            || one.ali_y != all[i].ali_y || one.count != all[i].count) {
            fprintf(stderr, "gen_accel_vectors: sums_one and sums_all disagree on %s\n", s->name);
            exit(1);
        }
        fprintf(out, "%08" PRIx32 " %08" PRIx32 " %08" PRIx32 " %08" PRIx32 " %08" PRIx32 " %08" PRIx32
                     " %08" PRIx32 "\n", (uint32_t)one.sep_x, (uint32_t)one.sep_y, (uint32_t)one.coh_x,
                (uint32_t)one.coh_y, (uint32_t)one.ali_x, (uint32_t)one.ali_y, one.count);
    }
    free(all);
}

static void add_queries(scene_t *s)
{
    uint32_t cand[QUERIES_MAX], k, m;

    if (s->nq > 0) /* chosen with the scene */
        return;
    /* boid 0 last: the first query run after the batch run must not be boid 0 */
    cand[0] = s->n / 2;
    cand[1] = (uint32_t)(rng_next(&rng) % s->n);
    cand[2] = s->n - 1;
    cand[3] = 0;
    for (k = 0; k < QUERIES_MAX; k++) {
        for (m = 0; m < s->nq && s->query[m] != cand[k]; m++)
            ;
        if (m == s->nq)
            s->query[s->nq++] = cand[k];
    }
}

static uint32_t min_u32(uint32_t a, uint32_t b) { return a < b ? a : b; }

int main(int argc, char **argv)
{
    static const uint32_t tiny[] = {2, 3, 4, 5, 7, 8, 9, 15, 16, 17, 33};
    uint32_t nmax, i, k;
    FILE *out;
    scene_t *s;

    if (argc != 3 || sscanf(argv[1], "%" SCNu32, &nmax) != 1 || nmax < 2) {
        fprintf(stderr, "usage: gen_accel_vectors N_MAX OUT.txt\n");
        return 2;
    }

    /* Random flocks: small and dense, the default world, and N = N_MAX with
     * about ten neighbors each. */
    scene_flock("random-small", min_u32(nmax, 16), 100, 100, 40, 8, 1);
    scene_flock("random-dense", min_u32(nmax, 150), 200, 150, 40, 8, 2);
    scene_flock("random-default-world", min_u32(nmax, 300), 640, 480, 40, 8, 3);
    scene_flock("random-wide-ranges", min_u32(nmax, 100), 600, 600, 255, 100, 4);
    scene_flock("random-p-equals-v", min_u32(nmax, 100), 300, 300, 60, 60, 5);
    scene_flock("random-zero-ranges", min_u32(nmax, 20), 10, 10, 0, 0, 6);
    scene_flock("random-partial-pass", nmax > 3 ? min_u32(nmax, 256) - 3 : nmax, 360, 360, 40, 8, 7);
    scene_flock("random-n-max", nmax, sqrt(nmax * 500.0), sqrt(nmax * 500.0), 40, 8, 8);
    for (k = 0; k < sizeof tiny / sizeof tiny[0] && tiny[k] <= nmax; k++) {
        char name[48];
        snprintf(name, sizeof name, "tiny-%u", (unsigned)tiny[k]);
        scene_flock(name, tiny[k], 60, 60, 40, 8, 100 + k);
    }

    /* N = 1: no pairs at all. */
    s = scene_new("single", 1, 40, 8);
    s->b[0].x = px(10);
    s->b[0].y = px(20);
    s->b[0].vx = px(1.5);

    /* Coincident boids: all in the separation ring (sums 0), then with protected
     * range 0 all in the cohesion ring. */
    s = scene_new("coincident", min_u32(nmax, 40), 40, 8);
    for (i = 0; i < s->n; i++)
        s->b[i] = (boid_t){px(320), px(240), rnd_q16(-6, 6), rnd_q16(-6, 6)};
    s = scene_new("coincident-p0", min_u32(nmax, 40), 40, 0);
    for (i = 0; i < s->n; i++)
        s->b[i] = (boid_t){px(-100.25), px(77), rnd_q16(-6, 6), rnd_q16(-6, 6)};

    /* Everyone inside everyone's protected range. */
    s = scene_new("all-protected", min_u32(nmax, 60), 30, 20);
    for (i = 0; i < s->n; i++)
        s->b[i] = (boid_t){rnd_q16(50, 57), rnd_q16(50, 57), rnd_q16(-6, 6), rnd_q16(-6, 6)};

    /* The world's edges and corners, and the position guard's corners
     * (+-POSITION_MAX: offsets up to 2^31 - 2). */
    s = scene_new("edges-and-corners", min_u32(nmax, 48), 40, 8);
    for (i = 0; i < s->n; i++) {
        static const double cx[] = {0, 640, 0, 640, 320, 0, 640, 320};
        static const double cy[] = {0, 0, 480, 480, 0, 240, 240, 480};
        int c = (int)(i % 12);
        if (c < 8)
            s->b[i] = (boid_t){px(cx[c] + (i % 5) - 2), px(cy[c] + (i % 3) - 1), rnd_q16(-6, 6),
                               rnd_q16(-6, 6)};
        else {
            q16_t ex = (c & 1) ? POSITION_MAX : -POSITION_MAX;
            q16_t ey = (c & 2) ? POSITION_MAX : -POSITION_MAX;
            q16_t off = px((i / 12) * 13.0); /* 13 px apart: neighbors */
            s->b[i] = (boid_t){ex > 0 ? ex - off : ex + off, ey > 0 ? ey - off / 2 : ey + off / 2,
                               rnd_q16(-64, 64), rnd_q16(-64, 64)};
        }
    }

    /* Pairs exactly on the range boundaries (V = 50 px, P = 10 px): around
     * centres far apart, satellites at the box edge, one step inside it, on the
     * visual circle through 3-4-5 triangles (inside the box), on the protected
     * circle, and one step inside each. */
    s = scene_new("range-boundaries", min_u32(nmax, 60), 50, 10);
    {
        static const double off[][2] = {{0, 0},   {50, 0},  {-50, 0}, {0, 50},  {30, 40}, {-40, 30},
                                        {6, 8},   {-8, -6}, {10, 0},  {0, -10}, {49, 49}, {36, 36}};
        const uint32_t per = (uint32_t)(sizeof off / sizeof off[0]);
        for (i = 0; i < s->n; i++) {
            uint32_t c = i / per, m = i % per;
            q16_t bx = px(100 + 400.0 * c), by = px(300);
            int step = (c % 2) ? -1 : (c % 3 == 0 ? 1 : 0); /* one Q16 step in or out */
            s->b[i] = (boid_t){bx + px(off[m][0]) + (off[m][0] != 0 ? step : 0), by + px(off[m][1]),
                               rnd_q16(-6, 6), rnd_q16(-6, 6)};
        }
        /* Queries: the centres, first the one with satellites exactly on the box
         * edge (the testbench's box-only runs use the first query). */
        if (s->n > 36) {
            s->nq = 4;
            s->query[0] = 24;
            s->query[1] = 12;
            s->query[2] = 36;
            s->query[3] = 0;
        }
    }

    /* Extreme velocities (+-64 px/frame, terms of +-2^15) in the cohesion ring:
     * with N = N_MAX the alignment sums need every bit. */
    s = scene_new("extreme-velocities", min_u32(nmax, 64), 40, 0);
    for (i = 0; i < s->n; i++) {
        s->b[i] = (boid_t){px(200) + (q16_t)(i % 4), px(200) - (q16_t)(i % 3), -px(SPEED_MAX_PX),
                           px(SPEED_MAX_PX)};
        if (i % 5 == 4)
            s->b[i].vx = px(SPEED_MAX_PX);
    }

    /* Offsets and velocities on their terms' rounding halves (odd multiples of
     * 2^8 and 2^6): each boid of a pair rounds its own offset, up. */
    s = scene_new("rounding-halves", min_u32(nmax, 40), 40, 8);
    for (i = 0; i < s->n; i++)
        s->b[i] = (boid_t){px(300) + 256 * 77 * (q16_t)i, px(100) - 256 * 31 * (q16_t)i,
                           64 * (q16_t)(2 * i + 1) - 4096, 64 - 128 * (q16_t)i};

    /* The largest ranges, everyone within them. */
    s = scene_new("max-ranges", min_u32(nmax, 50), 255, 255);
    for (i = 0; i < s->n; i++)
        s->b[i] = (boid_t){rnd_q16(0, 170), rnd_q16(0, 170), rnd_q16(-64, 64), rnd_q16(-64, 64)};

    for (i = 0; i < n_scenes; i++)
        add_queries(&scenes[i]);

    out = fopen(argv[2], "w");
    if (out == NULL) {
        perror(argv[2]);
        return 1;
    }
    fprintf(out, "%" PRIu32 "\n", n_scenes);
    for (i = 0; i < n_scenes; i++) {
        write_scene(out, &scenes[i]);
        free(scenes[i].b);
    }
    if (fclose(out) != 0) {
        perror(argv[2]);
        return 1;
    }
    return 0;
}
