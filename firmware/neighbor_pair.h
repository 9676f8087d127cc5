/* The pair check at the heart of every software neighbor engine, and the
 * loops that apply it to runs of candidates. The RTL pair unit implements
 * the same test; docs/fixed-point.md bounds every value in it.
 *
 * A pair counts only if |dx| and |dy| are both below the visual range (the
 * pseudocode's box test), then by its exact squared distance d2:
 *   d2 <  protected^2                 separation ring
 *   protected^2 <= d2 < visual^2      cohesion and alignment ring
 * The engines require protectedrange <= visualrange (host/params.c checks).
 *
 * Speed: a candidate run is first filtered without branches into a list of
 * hits (about half the candidates a grid offers fail the box test, at random,
 * so branching there mispredicts), and only hits are credited, with one
 * branch on the rare separation ring. Integer sums do not depend on order, so
 * every engine gets the same bits however it visits the pairs.
 */
#ifndef NEIGHBOR_PAIR_H
#define NEIGHBOR_PAIR_H

#include <stddef.h>
#include "neighbors.h"

#define NEIGHBOR_CHUNK 256

/* Packs into hits the indices s in [first, stop) whose boid lies in either
 * ring of *me; returns how many. The box test is implied here: with
 * protected <= visual, |dx| >= visual already gives d2 >= visual^2, and
 * positions within +-POSITION_MAX keep d2 exact in int64. */
static inline uint32_t neighbor_filter(const boid_t *me, const boid_t *others, uint32_t first,
                                       uint32_t stop, const neighbor_query_t *q, uint32_t *hits)
{
    const int32_t mx = me->x, my = me->y;
    const int64_t visual2 = q->visual2;
    uint32_t n = 0, s;

    for (s = first; s < stop; s++) {
        /* 32-bit offsets are exact: positions stay within +-POSITION_MAX */
        int64_t dx = mx - others[s].x, dy = my - others[s].y;
        hits[n] = s;
        n += dx * dx + dy * dy < visual2;
    }
    return n;
}

/* The other boid of a pair as its credit needs it: its velocity terms
 * (neighbor_velocity_term), worked out once a boid where a loop can. */
typedef struct {
    int32_t tvx, tvy;
} neighbor_other_t;

static inline neighbor_other_t neighbor_other_of(const boid_t *b)
{
    neighbor_other_t o = {neighbor_velocity_term(b->vx), neighbor_velocity_term(b->vy)};
    return o;
}

#if FEATURE_WEIGHTED
/* Weighted rule set only: the separation ring's count, velocity sum, and unit
 * vectors away from the other boid (a coincident boid gives no direction). */
static inline void neighbor_credit_close(neighbor_sums_t *s, neighbor_other_t other, int32_t dx,
                                         int32_t dy)
{
    int32_t ux = dx, uy = dy;

    s->close_count++;
    s->close_vx += other.tvx;
    s->close_vy += other.tvy;
    if (fx_scale_to(&ux, &uy, NEIGHBOR_UNIT_ONE)) {
        s->unit_x += ux;
        s->unit_y += uy;
    }
}
#endif

/* Credits a boid found in a ring, the separation ring if separation; (dx, dy)
 * = self - other, so |dx|, |dy| < 2^24, and (tx, ty) their offset terms. */
static inline void neighbor_credit_terms(neighbor_sums_t *s, neighbor_other_t other, int32_t tx,
                                         int32_t ty, int32_t dx, int32_t dy, int separation,
                                         const neighbor_query_t *q)
{
    if (separation) {
        s->sep_x += tx;
        s->sep_y += ty;
#if FEATURE_WEIGHTED
        if (q->weighted)
            neighbor_credit_close(s, other, dx, dy);
#else
        (void)q, (void)dx, (void)dy;
#endif
    } else {
        s->coh_x -= tx;
        s->coh_y -= ty;
        s->ali_x += other.tvx;
        s->ali_y += other.tvy;
        s->count++;
    }
}

/* The same, the terms from the offset. */
static inline void neighbor_credit(neighbor_sums_t *s, neighbor_other_t other, int32_t dx,
                                   int32_t dy, int separation, const neighbor_query_t *q)
{
    neighbor_credit_terms(s, other, neighbor_offset_term(dx), neighbor_offset_term(dy), dx, dy,
                          separation, q);
}

/* The same, the ring from d2 = dx^2 + dy^2. */
static inline void neighbor_hit_credit(neighbor_sums_t *s, neighbor_other_t other, int32_t dx,
                                       int32_t dy, int64_t d2, const neighbor_query_t *q)
{
    neighbor_credit(s, other, dx, dy, d2 < q->protected2, q);
}

/* Hits gathered from one or more runs of candidates, then credited in one
 * loop: a query's runs are short, and each loop exit is a mispredicted branch. */
typedef struct {
    uint32_t n;
    uint32_t index[2 * NEIGHBOR_CHUNK];
} neighbor_hits_t;

/* Credits the hits to *mine and, if theirs is not NULL, the mirror image to
 * theirs[index]: each unordered pair met once, credited to both, each side's
 * terms rounded from its own offset. */
static inline void neighbor_hits_credit(neighbor_hits_t *h, neighbor_sums_t *mine,
                                        neighbor_sums_t *theirs, const boid_t *me,
                                        const boid_t *others, const neighbor_query_t *q)
{
    const neighbor_other_t me_as_other = neighbor_other_of(me);
    uint32_t k;

    for (k = 0; k < h->n; k++) {
        const boid_t *o = &others[h->index[k]];
        int32_t dx = me->x - o->x, dy = me->y - o->y; /* exact: positions within +-2^30 */
        int64_t d2 = (int64_t)dx * dx + (int64_t)dy * dy;
        neighbor_hit_credit(mine, neighbor_other_of(o), dx, dy, d2, q);
        if (theirs != NULL)
            neighbor_hit_credit(&theirs[h->index[k]], me_as_other, -dx, -dy, d2, q);
    }
    h->n = 0;
}

/* Filters others[first..end) into the hits, crediting whenever the list
 * might overflow; finish with neighbor_hits_credit. */
static inline void neighbor_hits_run(neighbor_hits_t *h, neighbor_sums_t *mine,
                                     neighbor_sums_t *theirs, const boid_t *me,
                                     const boid_t *others, uint32_t first, uint32_t end,
                                     const neighbor_query_t *q)
{
    while (first < end) {
        uint32_t stop = end - first > NEIGHBOR_CHUNK ? first + NEIGHBOR_CHUNK : end;
        if (h->n > NEIGHBOR_CHUNK)
            neighbor_hits_credit(h, mine, theirs, me, others, q);
        h->n += neighbor_filter(me, others, first, stop, q, h->index + h->n);
        first = stop;
    }
}

/* The same, leaving out index skip (the querying boid itself) by splitting
 * the run around it rather than testing every candidate. */
static inline void neighbor_hits_collect(neighbor_hits_t *h, neighbor_sums_t *mine,
                                         neighbor_sums_t *theirs, const boid_t *me,
                                         const boid_t *others, uint32_t first, uint32_t end,
                                         uint32_t skip, const neighbor_query_t *q)
{
    if (skip >= first && skip < end) {
        neighbor_hits_run(h, mine, theirs, me, others, first, skip, q);
        first = skip + 1;
    }
    neighbor_hits_run(h, mine, theirs, me, others, first, end, q);
}

/* dst += src, field by field. */
static inline void neighbor_sums_add(neighbor_sums_t *dst, const neighbor_sums_t *src)
{
    dst->sep_x += src->sep_x;
    dst->sep_y += src->sep_y;
    dst->coh_x += src->coh_x;
    dst->coh_y += src->coh_y;
    dst->ali_x += src->ali_x;
    dst->ali_y += src->ali_y;
    dst->count += src->count;
#if FEATURE_WEIGHTED
    dst->close_count += src->close_count;
    dst->close_vx += src->close_vx;
    dst->close_vy += src->close_vy;
    dst->unit_x += src->unit_x;
    dst->unit_y += src->unit_y;
#endif
}

#endif
