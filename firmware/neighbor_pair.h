/* The pair check at the heart of every software neighbor engine: one boid
 * against another, credited to the sums of one or both. The RTL pair unit
 * implements exactly this; docs/fixed-point.md bounds every value in it.
 *
 * Written without branches for the Cornell sums: about half the candidates a
 * grid offers fail the box test at random, and a mispredicted branch costs
 * more than the arithmetic it skips. Ring membership becomes 0/1 factors.
 */
#ifndef NEIGHBOR_PAIR_H
#define NEIGHBOR_PAIR_H

#include "neighbors.h"

typedef struct {
    int64_t sep; /* 1 if in the separation ring, else 0 */
    int64_t coh; /* 1 if in the cohesion ring, else 0 */
    int64_t d2;  /* exact squared distance, Q32; meaningful only in a ring */
} pair_ring_t;

/* Rings of the other boid for offset (dx, dy) = self - other. The box test
 * |dx| < visualrange is one unsigned compare: dx + vr - 1 in [0, 2 vr - 1).
 * Outside the box the unsigned squares may wrap; the box factor masks them. */
static inline pair_ring_t neighbor_pair_ring(int64_t dx, int64_t dy, const neighbor_query_t *q)
{
    uint64_t span = 2 * (uint64_t)q->visualrange - 1;
    int64_t in_box = ((uint64_t)(dx + q->visualrange - 1) < span) &
                     ((uint64_t)(dy + q->visualrange - 1) < span);
    uint64_t d2 = (uint64_t)dx * (uint64_t)dx + (uint64_t)dy * (uint64_t)dy;
    pair_ring_t r;

    r.sep = in_box & (d2 < (uint64_t)q->protected2);
    r.coh = in_box & !r.sep & (d2 < (uint64_t)q->visual2);
    r.d2 = (int64_t)(d2 & (uint64_t)-in_box);
    return r;
}

/* Weighted rule set only: the separation ring's count, velocity sum, and unit
 * vectors away from the other boid (a coincident boid gives no direction). */
static inline void neighbor_pair_credit_close(neighbor_sums_t *s, const boid_t *other, int64_t dx,
                                              int64_t dy, int64_t d2)
{
    s->close_count++;
    s->close_vx += other->vx;
    s->close_vy += other->vy;
    if (d2 > 0) {
        int64_t d = fx_isqrt64((uint64_t)d2); /* Q16 px, >= 1 */
        s->unit_x += fx_div_round(dx * Q16_ONE, d);
        s->unit_y += fx_div_round(dy * Q16_ONE, d);
    }
}

/* Credits the other boid to self's sums; (dx, dy) = self - other. */
static inline void neighbor_pair_credit(neighbor_sums_t *s, const boid_t *other, int64_t dx,
                                        int64_t dy, pair_ring_t r, const neighbor_query_t *q)
{
    s->sep_x += dx * r.sep;
    s->sep_y += dy * r.sep;
    s->coh_x -= dx * r.coh;
    s->coh_y -= dy * r.coh;
    s->ali_x += other->vx * r.coh;
    s->ali_y += other->vy * r.coh;
    s->count += (uint32_t)r.coh;
    if (q->weighted && r.sep)
        neighbor_pair_credit_close(s, other, dx, dy, r.d2);
}

/* One boid's view of another. */
static inline void neighbor_pair_add(neighbor_sums_t *s, const boid_t *self, const boid_t *other,
                                     const neighbor_query_t *q)
{
    int64_t dx = (int64_t)self->x - other->x;
    int64_t dy = (int64_t)self->y - other->y;

    neighbor_pair_credit(s, other, dx, dy, neighbor_pair_ring(dx, dy, q), q);
}

/* One boid against others[first..end), skipping index `skip`, in two passes
 * over chunks: a branchless filter packs the indices of boids in either ring,
 * then only those are credited. The filter keeps few values live, so the
 * seven sums stay in registers instead of spilling on every candidate, and
 * the crediting pass branches on the rare separation ring, not at random.
 * Identical to calling neighbor_pair_add for each: rings are tested the same
 * way, and integer sums do not depend on order. */
#define NEIGHBOR_CHUNK 256

static inline void neighbor_span_add(neighbor_sums_t *sums, const boid_t *me, const boid_t *others,
                                     uint32_t first, uint32_t end, uint32_t skip,
                                     const neighbor_query_t *q)
{
    const int64_t reach = (int64_t)q->visualrange - 1;
    const uint64_t span = 2 * (uint64_t)q->visualrange - 1;
    const uint64_t ring2 = (uint64_t)(q->visual2 > q->protected2 ? q->visual2 : q->protected2);
    const int64_t mx = me->x, my = me->y;
    uint32_t hits[NEIGHBOR_CHUNK];

    while (first < end) {
        uint32_t stop = end - first > NEIGHBOR_CHUNK ? first + NEIGHBOR_CHUNK : end;
        uint32_t n = 0, s, k;
        for (s = first; s < stop; s++) {
            int64_t dx = mx - others[s].x, dy = my - others[s].y;
            uint64_t d2 = (uint64_t)dx * (uint64_t)dx + (uint64_t)dy * (uint64_t)dy;
            hits[n] = s;
            n += ((uint64_t)(dx + reach) < span) & ((uint64_t)(dy + reach) < span) & (d2 < ring2) &
                 (s != skip);
        }
        for (k = 0; k < n; k++)
            neighbor_pair_add(sums, me, &others[hits[k]], q);
        first = stop;
    }
}

/* Both boids' view of each other from one test: box and distance are symmetric. */
static inline void neighbor_pair_add_both(neighbor_sums_t *sa, neighbor_sums_t *sb, const boid_t *a,
                                          const boid_t *b, const neighbor_query_t *q)
{
    int64_t dx = (int64_t)a->x - b->x;
    int64_t dy = (int64_t)a->y - b->y;
    pair_ring_t r = neighbor_pair_ring(dx, dy, q);

    neighbor_pair_credit(sa, b, dx, dy, r, q);
    neighbor_pair_credit(sb, a, -dx, -dy, r, q);
}

#endif
