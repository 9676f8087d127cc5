/* The neighbour steering of the Cornell rules' step 1, from one boid's sums:
 * what the accelerator works out in hardware (rtl/accel_steer.v) and the C
 * rules work out in software, bit for bit the same.
 *
 * Step 1 adds to a boid's velocity v
 *   centering (mean offset to the others) + matching (mean velocity - v)
 *   + separation push
 * Only the matching term needs the boid's own velocity, so the steering is
 * split there: push = centering term + separation push, and the mean
 * velocity, which the rules combine with v (neighbor_steer_apply). */
#ifndef NEIGHBOR_STEER_H
#define NEIGHBOR_STEER_H

#include <stdint.h>
#include "fixed.h"
#include "neighbors.h"

typedef struct {
    int32_t push_x, push_y;   /* centering term + separation push, Q16 px/frame */
    int32_t mean_vx, mean_vy; /* the neighbours' mean velocity, Q16 px/frame; 0 without any */
    uint32_t count;           /* boids in the cohesion ring */
} neighbor_steer_t;

/* The separation push is saturated at +-4096 px/frame: it keeps the velocity
 * in progress below 2^29 (docs/fixed-point.md). */
#define NEIGHBOR_SEPARATION_MAX ((int32_t)1 << 28)

/* (2^32 - 1) / n for 0 < n < 256, the counts a flock nearly always has: the
 * means' reciprocal without the divider's 33 cycles. */
extern const uint32_t NEIGHBOR_RECIPROCAL[256];

/* separation_push for a sum of 4096 px or more: the two words of s g, with
 * the rounding's carry, saturated. */
int32_t neighbor_separation_wide(int32_t s, gain_t g);

/* round(s g / 2^15), saturated: a separation sum (Q7 px) times avoidfactor,
 * in Q16 px/frame. Below 4096 px (nearly always) s 2^9 is a fine operand for
 * fx_mul_gain. */
static inline int32_t neighbor_separation_push(int32_t s, gain_t g)
{
    if ((uint32_t)s + (1u << 19) < 1u << 20)
        return fx_mul_gain(s * 512, g);
    return neighbor_separation_wide(s, g);
}

/* floor(sum r / 2^shift), 0 < shift < 32, from the two words of the product:
 * a sum's mean when r is the count's reciprocal. The result must fit. */
static inline int32_t neighbor_mean_of(int32_t sum, uint32_t r, unsigned shift)
{
    uint32_t lo = (uint32_t)sum * r;
    uint32_t hi = (uint32_t)fx_mulhsu(sum, r);

    return fx_i32(hi << (32 - shift) | lo >> shift);
}

/* The means come from one reciprocal, r = (2^32 - 1) / count (a table below
 * 256, else one division), and two words of sum * r each: the cohesion sums
 * are Q7 offsets, the alignment sums Q9 velocities, both means Q16
 * (docs/fixed-point.md). The sums hold offsets (other - self) rather than
 * positions, so the centre's offset is their mean. */
static inline neighbor_steer_t neighbor_steer(const neighbor_sums_t *s, gain_t centering,
                                              gain_t avoid)
{
    neighbor_steer_t t = {neighbor_separation_push(s->sep_x, avoid),
                          neighbor_separation_push(s->sep_y, avoid), 0, 0, s->count};

    if (s->count > 0) {
        uint32_t r = s->count < 256 ? NEIGHBOR_RECIPROCAL[s->count] : 0xffffffffu / s->count;
        t.push_x += fx_mul_gain(neighbor_mean_of(s->coh_x, r, 32 - NEIGHBOR_OFFSET_SHIFT), centering);
        t.push_y += fx_mul_gain(neighbor_mean_of(s->coh_y, r, 32 - NEIGHBOR_OFFSET_SHIFT), centering);
        t.mean_vx = neighbor_mean_of(s->ali_x, r, 32 - NEIGHBOR_VELOCITY_SHIFT);
        t.mean_vy = neighbor_mean_of(s->ali_y, r, 32 - NEIGHBOR_VELOCITY_SHIFT);
    }
    return t;
}

/* The steering of a stream's entry at bus address at (neighbor_stream_t):
 * read as the engine left it where it steered (four words and the count),
 * else worked out from the sums there. */
static inline neighbor_steer_t neighbor_stream_steer(uint32_t at, int steered, gain_t centering,
                                                     gain_t avoid)
{
    neighbor_sums_t s;

    if (steered) {
        uint32_t w[4];
        neighbor_steer_t t;
        hal_read_words(at, w, 4);
        t.push_x = fx_i32(w[0]);
        t.push_y = fx_i32(w[1]);
        t.mean_vx = fx_i32(w[2]);
        t.mean_vy = fx_i32(w[3]);
        t.count = hal_read32(at + 24);
        return t;
    }
    neighbor_stream_read(at, &s);
    return neighbor_steer(&s, centering, avoid);
}

/* Step 1 on the velocity in progress v of boid (vx, vy): the push, and the
 * matching term where the boid has neighbours. */
static inline void neighbor_steer_apply(int32_t *v_x, int32_t *v_y, int32_t vx, int32_t vy,
                                        const neighbor_steer_t *t, gain_t matching)
{
    *v_x += t->push_x;
    *v_y += t->push_y;
    if (t->count > 0) {
        *v_x += fx_mul_gain(t->mean_vx - vx, matching);
        *v_y += fx_mul_gain(t->mean_vy - vy, matching);
    }
}

#endif
