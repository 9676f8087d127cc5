/* Brute-force neighbor engine. sums_all visits each unordered pair once and
 * credits both boids: the box and distance tests are symmetric, so this halves
 * the work and still gives the same integer sums as one query per boid. */
#include "neighbor_pair.h"
#include "neighbors_brute.h"

static int brute_begin(void *ctx, const boid_t *boids, uint32_t n, const neighbor_query_t *q)
{
    neighbors_brute_t *b = ctx;

    b->boids = boids;
    b->n = n;
    b->q = *q;
    return NEIGHBORS_OK;
}

static int brute_sums_one(void *ctx, uint32_t i, neighbor_sums_t *out)
{
    neighbors_brute_t *b = ctx;
    const neighbor_query_t q = b->q; /* locals: see grid_query */
    const boid_t self = b->boids[i];
    neighbor_sums_t sums;
    neighbor_hits_t hits;

    sums = NEIGHBOR_SUMS_ZERO;
    hits.n = 0;
    neighbor_hits_collect(&hits, &sums, NULL, &self, b->boids, 0, b->n, i, &q);
    neighbor_hits_credit(&hits, &sums, NULL, &self, b->boids, &q);
    *out = sums;
    b->pair_checks += b->n - 1;
    return NEIGHBORS_OK;
}

static int brute_moved(void *ctx, uint32_t i)
{
    (void)ctx; /* reads the live array: nothing to refresh */
    (void)i;
    return NEIGHBORS_OK;
}

/* Each unordered pair once, credited to both boids. */
static int brute_sums_all(void *ctx, neighbor_sums_t *out, const uint32_t **order)
{
    neighbors_brute_t *b = ctx;
    const neighbor_query_t q = b->q;
    uint32_t i;

    for (i = 0; i < b->n; i++)
        out[i] = NEIGHBOR_SUMS_ZERO;
    for (i = 0; i < b->n; i++) {
        neighbor_sums_t mine;
        neighbor_hits_t hits;
        mine = NEIGHBOR_SUMS_ZERO;
        hits.n = 0;
        neighbor_hits_collect(&hits, &mine, out, &b->boids[i], b->boids, i + 1, b->n, i, &q);
        neighbor_hits_credit(&hits, &mine, out, &b->boids[i], b->boids, &q);
        neighbor_sums_add(&out[i], &mine);
    }
    b->pair_checks += (uint64_t)b->n * (b->n - (b->n > 0)) / 2;
    *order = NULL; /* by id */
    return NEIGHBORS_OK;
}

neighbor_engine_t neighbors_brute_engine(neighbors_brute_t *ctx)
{
    neighbor_engine_t e = {"brute", ctx, brute_begin, brute_sums_one, brute_moved, brute_sums_all,
                           NULL};
    neighbors_brute_t empty = {NULL, 0, {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, NULL, 0}, 0};

    *ctx = empty;
    return e;
}
