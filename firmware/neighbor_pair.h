/* The pair check at the heart of every software neighbor engine: one boid
 * against another, credited to the sums of one or both. The RTL pair unit
 * implements exactly this; docs/fixed-point.md bounds every value in it.
 */
#ifndef NEIGHBOR_PAIR_H
#define NEIGHBOR_PAIR_H

#include "neighbors.h"

enum pair_ring { PAIR_NONE, PAIR_SEPARATION, PAIR_COHESION };

/* Which ring the other boid is in, for offset (dx, dy) = self - other. The box
 * test comes first, as in the pseudocode; it also bounds |dx|, |dy| below 2^24
 * so the exact squares fit comfortably in int64. */
static inline enum pair_ring neighbor_pair_ring(int64_t dx, int64_t dy, const neighbor_query_t *q,
                                                int64_t *d2)
{
    if (dx >= q->visualrange || dx <= -q->visualrange || dy >= q->visualrange ||
        dy <= -q->visualrange)
        return PAIR_NONE;
    *d2 = dx * dx + dy * dy;
    if (*d2 < q->protected2)
        return PAIR_SEPARATION;
    return *d2 < q->visual2 ? PAIR_COHESION : PAIR_NONE;
}

/* Credits the other boid to self's sums; (dx, dy) = self - other. */
static inline void neighbor_pair_credit(neighbor_sums_t *s, const boid_t *other, int64_t dx,
                                        int64_t dy, int64_t d2, enum pair_ring ring,
                                        const neighbor_query_t *q)
{
    if (ring == PAIR_SEPARATION) {
        s->sep_x += dx;
        s->sep_y += dy;
        if (!q->weighted)
            return;
        s->close_count++;
        s->close_vx += other->vx;
        s->close_vy += other->vy;
        if (d2 > 0) { /* a coincident boid gives no direction */
            int64_t d = fx_isqrt64((uint64_t)d2); /* Q16 px, >= 1 */
            s->unit_x += fx_div_round(dx * Q16_ONE, d);
            s->unit_y += fx_div_round(dy * Q16_ONE, d);
        }
    } else if (ring == PAIR_COHESION) {
        s->coh_x -= dx;
        s->coh_y -= dy;
        s->ali_x += other->vx;
        s->ali_y += other->vy;
        s->count++;
    }
}

/* One boid's view of another. */
static inline void neighbor_pair_add(neighbor_sums_t *s, const boid_t *self, const boid_t *other,
                                     const neighbor_query_t *q)
{
    int64_t dx = (int64_t)self->x - other->x;
    int64_t dy = (int64_t)self->y - other->y;
    int64_t d2 = 0;
    enum pair_ring ring = neighbor_pair_ring(dx, dy, q, &d2);

    if (ring != PAIR_NONE)
        neighbor_pair_credit(s, other, dx, dy, d2, ring, q);
}

/* Both boids' view of each other from one test: box and distance are symmetric. */
static inline void neighbor_pair_add_both(neighbor_sums_t *sa, neighbor_sums_t *sb, const boid_t *a,
                                          const boid_t *b, const neighbor_query_t *q)
{
    int64_t dx = (int64_t)a->x - b->x;
    int64_t dy = (int64_t)a->y - b->y;
    int64_t d2 = 0;
    enum pair_ring ring = neighbor_pair_ring(dx, dy, q, &d2);

    if (ring != PAIR_NONE) {
        neighbor_pair_credit(sa, b, dx, dy, d2, ring, q);
        neighbor_pair_credit(sb, a, -dx, -dy, d2, ring, q);
    }
}

#endif
