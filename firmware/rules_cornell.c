/* The Cornell rule set (reference pseudocode), one boid, in 32-bit fixed
 * point: 1 separation, alignment, cohesion; 2 edges; 3 predators; 4 scout
 * bias; 5 speed limits; 6 position. */
#include "flock.h"
#include "steering.h"

/* A boid's rules inline in each of the loops below: GCC inlines a function
 * this large at one call site only, and on the soft CPU a call a boid, with
 * its spills, costs as much as a step. */
#if defined(__GNUC__)
#define INLINE_ALWAYS inline __attribute__((always_inline))
#else
#define INLINE_ALWAYS inline
#endif

/* The separation push is saturated here, at +-4096 px/frame: it keeps the
 * velocity in progress below 2^29 (docs/fixed-point.md). */
#define SEPARATION_MAX ((int32_t)1 << 28)

/* separation_push for a sum of 4096 px or more: the two words of s g, with
 * the rounding's carry, saturated. */
static int32_t separation_push_wide(int32_t s, gain_t g)
{
    uint32_t lo = (uint32_t)s * (uint32_t)g + (1u << 14);
    int32_t hi = fx_mulhsu(s, (uint32_t)g) + (lo < (1u << 14));

    if (hi >= 1 << 11)
        return SEPARATION_MAX;
    if (hi < -(1 << 11))
        return -SEPARATION_MAX;
    return hi * (1 << 17) + (int32_t)(lo >> 15);
}

/* (2^32 - 1) / n for n < 256, the counts a flock nearly always has: the
 * means' reciprocal without the divider's 33 cycles. */
#define RECIP(n) (0xffffffffu / ((n) + !(n)))
#define RECIP4(n) RECIP(n), RECIP((n) + 1), RECIP((n) + 2), RECIP((n) + 3)
#define RECIP16(n) RECIP4(n), RECIP4((n) + 4), RECIP4((n) + 8), RECIP4((n) + 12)
#define RECIP64(n) RECIP16(n), RECIP16((n) + 16), RECIP16((n) + 32), RECIP16((n) + 48)
static const uint32_t RECIPROCAL[256] = {RECIP64(0), RECIP64(64), RECIP64(128), RECIP64(192)};

/* floor(sum r / 2^shift), 0 < shift < 32, from the two words of the product:
 * a sum's mean when r is the count's reciprocal. The result must fit. */
static inline int32_t mean_of(int32_t sum, uint32_t r, unsigned shift)
{
    uint32_t lo = (uint32_t)sum * r;
    uint32_t hi = (uint32_t)fx_mulhsu(sum, r);

    return fx_i32(hi << (32 - shift) | lo >> shift);
}

/* round(s g / 2^15), saturated: a separation sum (Q7 px) times avoidfactor,
 * in Q16 px/frame. Below 4096 px (nearly always) s 2^9 is a fine operand for
 * fx_mul_gain. */
static inline int32_t separation_push(int32_t s, gain_t g)
{
    if ((uint32_t)s + (1u << 19) < 1u << 20)
        return fx_mul_gain(s * 512, g);
    return separation_push_wide(s, g);
}

/* Step 1. The means come from one reciprocal, r = (2^32 - 1) / count (a
 * table below 256, else one division), and two words of sum * r each: the
 * cohesion sums are Q7 offsets, the alignment sums Q9 velocities, both means
 * Q16 (docs/fixed-point.md). The sums hold offsets (other - self) rather than
 * positions, so the centre's offset is their mean. */
static INLINE_ALWAYS void steer_by_neighbors(vec32_t *v, const boid_t *b,
                                             const neighbor_sums_t *s, const flock_params_t *p)
{
    if (s->count > 0) {
        uint32_t r = s->count < 256 ? RECIPROCAL[s->count] : 0xffffffffu / s->count;
        int32_t to_centre_x = mean_of(s->coh_x, r, 32 - NEIGHBOR_OFFSET_SHIFT);
        int32_t to_centre_y = mean_of(s->coh_y, r, 32 - NEIGHBOR_OFFSET_SHIFT);
        int32_t mean_vx = mean_of(s->ali_x, r, 32 - NEIGHBOR_VELOCITY_SHIFT);
        int32_t mean_vy = mean_of(s->ali_y, r, 32 - NEIGHBOR_VELOCITY_SHIFT);
        v->x += fx_mul_gain(to_centre_x, p->centeringfactor) +
                fx_mul_gain(mean_vx - b->vx, p->matchingfactor);
        v->y += fx_mul_gain(to_centre_y, p->centeringfactor) +
                fx_mul_gain(mean_vy - b->vy, p->matchingfactor);
    }
    v->x += separation_push(s->sep_x, p->avoidfactor);
    v->y += separation_push(s->sep_y, p->avoidfactor);
}

/* Step 5's decision for the common case, a moving boid with components
 * below 2^22 under the exact estimate; the rest goes to limit_speed_slow.
 * The edges' turn is worked out only where it is needed. */
static inline void speed_decide(boid_t *b, const flock_params_t *p, int exact, uint32_t min2,
                                uint32_t max2)
{
    uint32_t ax = fx_uabs(b->vx), ay = fx_uabs(b->vy);

    if (exact && (ax | ay) < 1u << 22 && (ax | ay) != 0) {
        uint32_t s2 = fx_sq18(ax) + fx_sq18(ay);
        if (s2 < min2)
            speed_out_of_range(b, 1, p);
        else if (s2 > max2)
            speed_out_of_range(b, 0, p);
    } else
        limit_speed_slow(b, NULL, p);
}

/* One boid; exact (the speed estimate is), min2 and max2 (fx_sq18 of minspeed
 * and maxspeed) are worked out once a frame. */
static INLINE_ALWAYS void cornell_one(boid_t *b, uint8_t role, gain_t *biasval,
                                      const neighbor_sums_t *s, const boid_t *predators,
                                      uint32_t n_predators, const flock_params_t *p, int exact,
                                      uint32_t min2, uint32_t max2)
{
    vec32_t v = {b->vx, b->vy};

    steer_by_neighbors(&v, b, s, p);
    steer_edges(&v, b, p->turnfactor, p);
    steer_from_predators(&v, b, predators, n_predators, p);
    steer_bias(&v, role, biasval, p);
    b->vx = v.x;
    b->vy = v.y;
    speed_decide(b, p, exact, min2, max2);
    move_boid(b);
}

/* What a frame's loop takes once: the flock's arrays and sizes (as locals: a
 * store to a boid could alias the flock's fields) and the speed decision's
 * constants. */
typedef struct {
    boid_t *boid, *predator;
    const uint8_t *role;
    gain_t *biasval;
    uint32_t n, n_predators;
    int exact;
    uint32_t min2, max2;
} cornell_frame_t;

static inline cornell_frame_t cornell_frame(const flock_t *f, const flock_params_t *p)
{
    cornell_frame_t c = {f->boid, f->predator, f->role, f->biasval, f->n, f->n_predators,
                         p->speed_estimate == SPEED_EXACT, fx_sq18((uint32_t)p->minspeed),
                         fx_sq18((uint32_t)p->maxspeed)};
    return c;
}

static INLINE_ALWAYS void cornell_boid(const cornell_frame_t *c, uint32_t id,
                                       const neighbor_sums_t *s, const flock_params_t *p)
{
    cornell_one(&c->boid[id], c->role[id], &c->biasval[id], s, c->predator, c->n_predators, p,
                c->exact, c->min2, c->max2);
}

void flock_rules_cornell_all(flock_t *f, const neighbor_sums_t *sums, const uint32_t *order,
                             const flock_params_t *p)
{
    const cornell_frame_t c = cornell_frame(f, p);
    uint32_t k;

    for (k = 0; k < c.n; k++)
        cornell_boid(&c, order != NULL ? order[k] : k, &sums[k], p);
}

/* The stream in the engine's order of entries (the binned batch's slots):
 * each boid through flock_rules_cornell, so that the id-order loop below
 * keeps its registers and this costs no second inlined copy of the rules.
 * Each boid's rules read only its own state and sums, so any order of
 * entries gives the same frame. st has started (entry 0 is ready). */
static int cornell_stream_in_order(flock_t *f, neighbor_engine_t *nb, const flock_params_t *p,
                                   neighbor_stream_t *st)
{
    uint32_t k;
    int rc;

    for (k = 0; k < f->n; k++) {
        neighbor_sums_t s;
        uint32_t id;
        if (k >= st->ready && (rc = nb->sums_stream(nb->ctx, k, st)) != NEIGHBORS_OK)
            return rc;
        neighbor_stream_read(st->base + k * st->stride, &s);
        id = st->order[k];
        flock_rules_cornell(&f->boid[id], f->role[id], &f->biasval[id], &s, f->predator,
                            f->n_predators, p);
    }
    return NEIGHBORS_OK;
}

/* Each boid as soon as the engine has its sums, read where the engine keeps
 * them; the engine is asked again only when the boids it said were ready are
 * done. */
int flock_rules_cornell_stream(flock_t *f, neighbor_engine_t *nb, const flock_params_t *p)
{
    const cornell_frame_t c = cornell_frame(f, p);
    neighbor_stream_t st = {0, 0, 0, NULL};
    uint32_t k, ready = 0, at = 0, stride = 0; /* st's, in registers */
    int rc;

    for (k = 0; k < c.n; k++, at += stride) {
        neighbor_sums_t s;
        if (k >= ready) {
            if ((rc = nb->sums_stream(nb->ctx, k, &st)) != NEIGHBORS_OK)
                return rc;
            if (st.order != NULL) /* the first call says: entries are not by id */
                return cornell_stream_in_order(f, nb, p, &st);
            ready = st.ready;
            stride = st.stride;
            at = st.base + k * stride;
        }
        neighbor_stream_read(at, &s);
        cornell_boid(&c, k, &s, p);
    }
    return NEIGHBORS_OK;
}

/* One boid: a flock of one, the predators only read. */
void flock_rules_cornell(boid_t *b, uint8_t role, gain_t *biasval, const neighbor_sums_t *s,
                         const boid_t *predators, uint32_t n_predators, const flock_params_t *p)
{
    flock_t one = {1, b, &role, biasval, n_predators, (boid_t *)(uintptr_t)predators};

    flock_rules_cornell_all(&one, s, NULL, p);
}

void flock_move_predator(boid_t *pr, const flock_params_t *p)
{
    vec32_t v = {pr->vx, pr->vy};

    steer_edges(&v, pr, p->turnfactor, p);
    pr->vx = clamp_speed(v.x);
    pr->vy = clamp_speed(v.y);
    move_boid(pr);
}
