/* The Cornell rule set (reference pseudocode), one boid, in 32-bit fixed
 * point: 1 separation, alignment, cohesion; 2 edges; 3 predators; 4 scout
 * bias; 5 speed limits; 6 position. */
#include "flock.h"
#include "neighbor_steer.h"
#include "steering.h"

/* A boid's rules inline in each of the loops below: GCC inlines a function
 * this large at one call site only, and on the soft CPU a call a boid, with
 * its spills, costs as much as a step. */
#if defined(__GNUC__)
#define INLINE_ALWAYS inline __attribute__((always_inline))
#else
#define INLINE_ALWAYS inline
#endif

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

/* Steps 3 to 6 of one boid, v its velocity after steps 1 and 2; exact (the
 * speed estimate is), min2 and max2 (fx_sq18 of minspeed and maxspeed) are
 * worked out once a frame. */
static INLINE_ALWAYS void cornell_rest(boid_t *b, uint8_t role, gain_t *biasval, vec32_t v,
                                       const boid_t *predators, uint32_t n_predators,
                                       const flock_params_t *p, int exact, uint32_t min2,
                                       uint32_t max2)
{
    steer_from_predators(&v, b, predators, n_predators, p);
    steer_bias(&v, role, biasval, p);
    b->vx = v.x;
    b->vy = v.y;
    speed_decide(b, p, exact, min2, max2);
    move_boid(b);
}

/* The same, with the engine's step 5 for v (NEIGHBOR_STREAM_LIMITED): the
 * words at limited, which hold for v if steps 3 and 4 leave it alone and the
 * engine decided. */
static INLINE_ALWAYS void cornell_rest_limited(boid_t *b, uint8_t role, gain_t *biasval, vec32_t v,
                                               uint32_t limited, const boid_t *predators,
                                               uint32_t n_predators, const flock_params_t *p,
                                               int exact, uint32_t min2, uint32_t max2)
{
    const vec32_t engine_v = v;

    steer_from_predators(&v, b, predators, n_predators, p);
    steer_bias(&v, role, biasval, p);
    if (v.x == engine_v.x && v.y == engine_v.y) {
        uint32_t lx = hal_read32(limited);
        if (lx != NEIGHBOR_LIMIT_UNDECIDED) {
            b->vx = fx_i32(lx);
            b->vy = fx_i32(hal_read32(limited + 4));
            move_boid(b);
            return;
        }
    }
    b->vx = v.x;
    b->vy = v.y;
    speed_decide(b, p, exact, min2, max2);
    move_boid(b);
}

/* One boid, its neighbours' steering t already worked out (by
 * neighbor_steer, or by the accelerator). */
static INLINE_ALWAYS void cornell_one(boid_t *b, uint8_t role, gain_t *biasval,
                                      const neighbor_steer_t *t, const boid_t *predators,
                                      uint32_t n_predators, const flock_params_t *p, int exact,
                                      uint32_t min2, uint32_t max2)
{
    vec32_t v = {b->vx, b->vy};

    neighbor_steer_apply(&v.x, &v.y, b->vx, b->vy, t, p->matchingfactor); /* step 1 */
    steer_edges(&v, b, p->turnfactor, p);
    cornell_rest(b, role, biasval, v, predators, n_predators, p, exact, min2, max2);
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
                                       const neighbor_steer_t *t, const flock_params_t *p)
{
    cornell_one(&c->boid[id], c->role[id], &c->biasval[id], t, c->predator, c->n_predators, p,
                c->exact, c->min2, c->max2);
}

void flock_rules_cornell_all(flock_t *f, const neighbor_sums_t *sums, const uint32_t *order,
                             const flock_params_t *p)
{
    const cornell_frame_t c = cornell_frame(f, p);
    uint32_t k;

    for (k = 0; k < c.n; k++) {
        const neighbor_steer_t t = neighbor_steer(&sums[k], p->centeringfactor, p->avoidfactor);
        cornell_boid(&c, order != NULL ? order[k] : k, &t, p);
    }
}

/* The stream in the engine's order of entries (the binned batch's slots):
 * each boid through cornell_entry, so that the id-order loop below keeps its
 * registers. Each boid's rules read only its own state and sums, so any
 * order of entries gives the same frame. st has started (entry 0 is ready).
 * An id the device wrote (st->id_at) is checked before it indexes the flock:
 * a faulty device is an error, not a stray write. */
static __attribute__((noinline)) void cornell_entry(const cornell_frame_t *c, uint32_t id,
                                                    const neighbor_steer_t *t,
                                                    const flock_params_t *p)
{
    cornell_boid(c, id, t, p);
}

static int cornell_stream_in_order(const cornell_frame_t *c, neighbor_engine_t *nb,
                                   const flock_params_t *p, neighbor_stream_t *st)
{
    uint32_t k;
    int rc;

    for (k = 0; k < c->n; k++) {
        neighbor_steer_t t;
        uint32_t id;
        if (k >= st->ready && (rc = nb->sums_stream(nb->ctx, k, st)) != NEIGHBORS_OK)
            return rc;
        id = neighbor_stream_id(st, k);
        if (id >= c->n)
            return NEIGHBORS_E_DEVICE;
        t = neighbor_stream_steer(st->base + k * st->stride, st->steered, p->centeringfactor,
                                  p->avoidfactor);
        cornell_entry(c, id, &t, p);
    }
    return NEIGHBORS_OK;
}

/* The stream of an engine that has done steps 1 and 2 as well
 * (NEIGHBOR_STREAM_VELOCITY): each entry's first two words are the boid's
 * velocity after them, so each boid takes only the rest; with step 5 too
 * (NEIGHBOR_STREAM_LIMITED), words 2 and 3 its speed limit; with step 3 too
 * (st->fled), the predators are the engine's, and step 4 alone stands
 * between the words and the limit. st has started.
 * A sorted batch's id (st->id_at) is one more load an entry, checked as in
 * cornell_stream_in_order. */
static int cornell_stream_velocity(const cornell_frame_t *c, neighbor_engine_t *nb,
                                   const flock_params_t *p, neighbor_stream_t *st)
{
    const uint32_t *order = st->order, stride = st->stride, id_at = st->id_at;
    const int limited = st->steered == NEIGHBOR_STREAM_LIMITED;
    const uint32_t n_predators = st->fled ? 0 : c->n_predators; /* step 3: done, or here */
    uint32_t k, ready = st->ready, at = st->base;
    int rc;

    for (k = 0; k < c->n; k++, at += stride) {
        uint32_t id;
        vec32_t v;
        if (k >= ready) {
            if ((rc = nb->sums_stream(nb->ctx, k, st)) != NEIGHBORS_OK)
                return rc;
            ready = st->ready;
        }
        if (id_at != 0) { /* once the entry is final */
            id = hal_read32(at + id_at);
            if (id >= c->n)
                return NEIGHBORS_E_DEVICE;
        } else
            id = order != NULL ? order[k] : k;
        v.x = fx_i32(hal_read32(at));
        v.y = fx_i32(hal_read32(at + 4));
        if (limited)
            cornell_rest_limited(&c->boid[id], c->role[id], &c->biasval[id], v, at + 8, c->predator,
                                 n_predators, p, c->exact, c->min2, c->max2);
        else
            cornell_rest(&c->boid[id], c->role[id], &c->biasval[id], v, c->predator, n_predators,
                         p, c->exact, c->min2, c->max2);
    }
    return NEIGHBORS_OK;
}

/* Each boid as soon as the engine has its sums, read where the engine keeps
 * them; the engine is asked again only when the boids it said were ready are
 * done. */
int flock_rules_cornell_stream(flock_t *f, neighbor_engine_t *nb, const flock_params_t *p)
{
    const cornell_frame_t c = cornell_frame(f, p);
    neighbor_stream_t st = {0, 0, 0, NULL, 0, 0, 0};
    uint32_t k, ready = 0, at = 0, stride = 0; /* st's, in registers */
    int steered = 0, rc;

    for (k = 0; k < c.n; k++, at += stride) {
        neighbor_steer_t t;
        if (k >= ready) {
            if ((rc = nb->sums_stream(nb->ctx, k, &st)) != NEIGHBORS_OK)
                return rc;
            if (st.steered >= NEIGHBOR_STREAM_VELOCITY) /* the first call says so */
                return cornell_stream_velocity(&c, nb, p, &st);
            if (st.order != NULL || st.id_at != 0) /* the first call says: not by id */
                return cornell_stream_in_order(&c, nb, p, &st);
            ready = st.ready;
            stride = st.stride;
            steered = st.steered;
            at = st.base + k * stride;
        }
        t = neighbor_stream_steer(at, steered, p->centeringfactor, p->avoidfactor);
        cornell_boid(&c, k, &t, p);
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
