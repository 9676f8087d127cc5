/* The one narrow interface through which the flock loop gets neighbor sums.
 * Three engines implement it: brute force, a uniform grid, and the RTL
 * accelerator. All of them must return identical bits for the same state.
 */
#ifndef NEIGHBORS_H
#define NEIGHBORS_H

#include <stddef.h>
#include <stdint.h>
#include "boid.h"
#include "feature_switches.h"
#include "flock_params.h"
#include "hal.h"

/* Sums over every other boid j for one boid i, with d = pos_i - pos_j and
 * d2 = dx^2 + dy^2 in Q32 (exact). A pair counts only if |dx| and |dy| are
 * both below the visual range (the pseudocode's box test), then:
 *   d2 <  protected^2           separation ring
 *   protected^2 <= d2 < visual^2   cohesion and alignment ring
 * Every sum is 32-bit: each pair adds a term rounded to fewer fraction bits
 * (neighbor_offset_term, neighbor_velocity_term), so that BOIDS_MAX - 1 terms
 * fit (docs/fixed-point.md). Each boid's terms come from its own offset: the
 * other boid of a pair gets the terms of -d, not the negated terms of d. */
typedef struct {
    int32_t sep_x, sep_y; /* sum of offset terms of (self - other), separation ring, Q7 px */
    int32_t coh_x, coh_y; /* minus the same sum over the cohesion ring: toward the others */
    int32_t ali_x, ali_y; /* sum of velocity terms of other.v, cohesion ring, Q9 px/frame */
    uint32_t count;       /* boids in the cohesion ring */
#if FEATURE_WEIGHTED /* a build without the weighted rule set has no room for these */
    /* Filled only for the weighted rule set (query.weighted); otherwise an
     * engine may leave them as they were: */
    uint32_t close_count;       /* boids in the separation ring */
    int32_t close_vx, close_vy; /* sum of velocity terms of other.v there, Q9 */
    int32_t unit_x, unit_y;     /* sum of (self - other)/|self - other|, Q14, 0 < d */
#endif
} neighbor_sums_t;

/* The per-pair terms: an offset within the visual range (|d| < 2^24) in Q7,
 * a velocity within +-SPEED_MAX_PX (|v| <= 2^22) in Q9, each rounded to
 * nearest (halves up), so |term| <= 2^15. */
#define NEIGHBOR_OFFSET_SHIFT 9u
#define NEIGHBOR_VELOCITY_SHIFT 7u
#define NEIGHBOR_UNIT_ONE ((int32_t)1 << 14)

static inline int32_t neighbor_offset_term(int32_t d)
{
    return fx_round_shift(d, NEIGHBOR_OFFSET_SHIFT);
}

/* neighbor_offset_term(-d) from d, for the other boid of a pair: floor((2^8 -
 * d) / 2^9) = -floor((d + 2^8 - 1) / 2^9), one add and one shift. */
static inline int32_t neighbor_offset_term_negated(int32_t d)
{
    return -fx_sra(d + (int32_t)(1u << (NEIGHBOR_OFFSET_SHIFT - 1)) - 1, NEIGHBOR_OFFSET_SHIFT);
}

static inline int32_t neighbor_velocity_term(int32_t v)
{
    return fx_round_shift(v, NEIGHBOR_VELOCITY_SHIFT);
}

typedef struct {
    q16_t visualrange;
    int64_t visual2, protected2; /* squared ranges, Q32 */
    int weighted;                /* also fill the weighted-only fields */
    q16_t world_w, world_h;      /* lets a spatial engine size its cells */
    gain_t centering, avoid;     /* lets an engine steer (neighbor_stream_t.steered) */
    gain_t matching;             /* with the world, lets it finish the rules' steps 1 and 2 */
    q16_t turn, margin;
    q16_t minspeed, maxspeed;    /* with speed_exact, lets it take step 5's common case */
    int speed_exact;             /* the speed limit uses the exact estimate (SPEED_EXACT) */
    int edges_pseudocode;        /* ... and undoes an edge's braking (EDGES_PSEUDOCODE) */
    q16_t predatorrange, predatorturn; /* with the predators, lets it take step 3 too */
    const boid_t *predators;     /* where they are this frame (flock_step sets them; */
    uint32_t n_predators;        /*   neighbor_query_make: none) */
} neighbor_query_t;

neighbor_query_t neighbor_query_make(const flock_params_t *p);

/* All-zero sums, for starting a query without <string.h>. */
extern const neighbor_sums_t NEIGHBOR_SUMS_ZERO;

/* Sums that an engine finishes one entry after another, while the rules
 * already use them (the accelerator's batch, LANES entries a pass): entry
 * k's words, sep_x to count in neighbor_sums_t's order, are at bus address
 * base + k stride (+0, +4, ... +24) through the HAL, and entries below ready
 * are final. Entry k belongs to boid order[k], or to boid k if order is NULL
 * (the binned batch's entries are in slot order); but if id_at is not 0, to
 * the boid whose id is the entry's word at +id_at (a batch the device sorted
 * itself, where only it knows each slot's boid). steered says what the
 * engine has made of each entry:
 *   NEIGHBOR_STREAM_SUMS      nothing: the sums
 *   NEIGHBOR_STREAM_STEERING  its neighbour steering (neighbor_steer.h, with
 *                             the query's gains): words +0 to +12 the push and
 *                             the mean velocity, +24 the count, which
 *                             neighbor_stream_steer reads
 *   NEIGHBOR_STREAM_VELOCITY  the same, but words +0 and +4 are the boid's
 *                             velocity after the Cornell rules' steps 1 and 2
 *                             (its own velocity, the push, the alignment, the
 *                             edges: the query's matching, turn, margin and
 *                             world)
 *   NEIGHBOR_STREAM_LIMITED   the same, and words +8 and +12 are that
 *                             velocity after step 5, the speed limit with the
 *                             exact estimate (the query's minspeed and
 *                             maxspeed), for a boid whose steps 3 and 4 leave
 *                             it alone; +8 reads NEIGHBOR_LIMIT_UNDECIDED where
 *                             the engine left step 5 to the rules (a
 *                             component of 2^22, 64 px, or more)
 * and fled, with _VELOCITY or _LIMITED, that the velocity of words +0 and +4
 * (and so +8 and +12) has taken step 3 as well, the query's predators: the
 * rules then take only step 4 before step 5, and +8 and +12 hold for a boid
 * step 4 leaves alone. */
enum {
    NEIGHBOR_STREAM_SUMS = 0,
    NEIGHBOR_STREAM_STEERING = 1,
    NEIGHBOR_STREAM_VELOCITY = 2,
    NEIGHBOR_STREAM_LIMITED = 3
};
#define NEIGHBOR_LIMIT_UNDECIDED 0x80000000u /* no velocity step 5 leaves has it */
typedef struct {
    uint32_t base, stride;
    uint32_t ready;
    const uint32_t *order;
    int steered;
    uint32_t id_at; /* byte offset of the entry's boid id; 0: none (order says) */
    int fled;       /* the velocity words have taken step 3 (above) */
} neighbor_stream_t;

/* The boid of entry k (id_at, then order, then k itself). */
static inline uint32_t neighbor_stream_id(const neighbor_stream_t *s, uint32_t k)
{
    if (s->id_at != 0)
        return hal_read32(s->base + k * s->stride + s->id_at);
    return s->order != NULL ? s->order[k] : k;
}

/* The sums of an entry at bus address at (base + k stride, k below ready)
 * straight from where the engine keeps them: one load a word, no copy. The
 * weighted-only fields are left alone. */
static inline void neighbor_stream_read(uint32_t at, neighbor_sums_t *out)
{
    uint32_t w[7];

    hal_read_words(at, w, 7);
    out->sep_x = fx_i32(w[0]);
    out->sep_y = fx_i32(w[1]);
    out->coh_x = fx_i32(w[2]);
    out->coh_y = fx_i32(w[3]);
    out->ali_x = fx_i32(w[4]);
    out->ali_y = fx_i32(w[5]);
    out->count = w[6];
}

/* A neighbor engine. Every call returns 0 or a negative NEIGHBORS_E* code.
 *  begin     a frame starts over boids[0..n); the engine may keep the pointer.
 *  sums_one  sums for boid i against the state as it is now (sequential order).
 *  moved     boid i was updated in place; later queries must see its new state.
 *  sums_all  sums for every boid against the state of begin (synchronous order),
 *            in the order the engine finds best: out[k] belongs to boid
 *            (*order)[k], or to boid k if the engine sets *order to NULL. The
 *            order array stays valid until the next begin.
 *  sums_stream  optional (NULL: the engine has none): the sums of sums_all,
 *            used as the engine finishes them, entry by entry. The first call
 *            after begin starts them; each call returns once entry k's are
 *            final, with s->ready above k, s->base and s->stride set where
 *            neighbor_stream_read finds them, and s->order saying whose they
 *            are. They stay readable until the next begin. */
typedef struct neighbor_engine {
    const char *name;
    void *ctx;
    int (*begin)(void *ctx, const boid_t *boids, uint32_t n, const neighbor_query_t *q);
    int (*sums_one)(void *ctx, uint32_t i, neighbor_sums_t *out);
    int (*moved)(void *ctx, uint32_t i);
    int (*sums_all)(void *ctx, neighbor_sums_t *out, const uint32_t **order);
    int (*sums_stream)(void *ctx, uint32_t k, neighbor_stream_t *s);
} neighbor_engine_t;

enum { NEIGHBORS_OK = 0, NEIGHBORS_E_CAPACITY = -1, NEIGHBORS_E_UNSUPPORTED = -2, NEIGHBORS_E_DEVICE = -3 };

#endif
