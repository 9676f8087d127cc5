/* What the accelerator's step 5 (CTRL.LIMIT) writes for a boid at (b->x,
 * b->y) whose velocity after steps 1 and 2 is v: limit_speed_slow's velocity
 * (firmware/steering.c, the exact estimate of p) where the device decides,
 * NEIGHBOR_LIMIT_UNDECIDED and 0 where it leaves the boid to the CPU (a
 * component of 64 px or more; slower than minspeed where an edge turns it).
 * Shared by tests/rtl/gen_steer_vectors.c and tests/cosim_accel.c. */
#ifndef LIMIT_REFERENCE_H
#define LIMIT_REFERENCE_H

#include "neighbors.h"
#include "steering.h"

/* How the device comes to its words: it leaves the boid to the CPU, decides
 * at once (v kept, or a boid at rest), or scales v (27 cycles more in all). */
enum { LIMIT_TO_CPU = 0, LIMIT_AT_ONCE = 1, LIMIT_SCALED = 2 };

static inline int limit_reference(const boid_t *b, vec32_t v, const flock_params_t *p,
                                  vec32_t *out)
{
    uint32_t ax = fx_uabs(v.x), ay = fx_uabs(v.y);
    boid_t moved = {b->x, b->y, v.x, v.y};
    edge_turn_t t = edge_turn(b, p);
    int below = fx_sq18(ax) + fx_sq18(ay) < fx_sq18((uint32_t)p->minspeed);

    if ((ax | ay) >= 1u << 22 || ((ax | ay) != 0 && below && (t.x | t.y) != 0)) {
        out->x = fx_i32(NEIGHBOR_LIMIT_UNDECIDED);
        out->y = 0;
        return LIMIT_TO_CPU;
    }
    limit_speed_slow(&moved, NULL, p);
    out->x = moved.vx;
    out->y = moved.vy;
    return (ax | ay) == 0 || (!below && fx_sq18(ax) + fx_sq18(ay) <= fx_sq18((uint32_t)p->maxspeed))
               ? LIMIT_AT_ONCE
               : LIMIT_SCALED;
}

#endif
