/* What the accelerator's step 5 (CTRL.LIMIT) writes for a boid at (b->x,
 * b->y) whose velocity after steps 1 and 2 is v: limit_speed_slow's velocity
 * (firmware/steering.c, the exact estimate of p) where the device decides,
 * NEIGHBOR_LIMIT_UNDECIDED and 0 where it leaves the boid to the CPU (a
 * component of 64 px or more).
 * Shared by tests/rtl/gen_steer_vectors.c and tests/cosim_accel.c. */
#ifndef LIMIT_REFERENCE_H
#define LIMIT_REFERENCE_H

#include "neighbors.h"
#include "steering.h"

/* How the device comes to its words: it leaves the boid to the CPU, decides
 * at once (v kept, or a boid at rest), scales v, or brakes it at an edge
 * (keep_edge_brake: the other component makes up minspeed; never with the
 * pseudocode's edges). */
enum { LIMIT_TO_CPU = 0, LIMIT_AT_ONCE = 1, LIMIT_SCALED = 2, LIMIT_BRAKED = 3, LIMIT_OUTCOMES = 4 };

static inline int limit_reference(const boid_t *b, vec32_t v, const flock_params_t *p,
                                  vec32_t *out)
{
    uint32_t ax = fx_uabs(v.x), ay = fx_uabs(v.y);
    boid_t moved = {b->x, b->y, v.x, v.y};
    edge_turn_t t = edge_turn(b, p);
    int below = fx_sq18(ax) + fx_sq18(ay) < fx_sq18((uint32_t)p->minspeed);

    int32_t bx = v.x, by = v.y;

    if ((ax | ay) >= 1u << 22) {
        out->x = fx_i32(NEIGHBOR_LIMIT_UNDECIDED);
        out->y = 0;
        return LIMIT_TO_CPU;
    }
    limit_speed_slow(&moved, NULL, p);
    out->x = moved.vx;
    out->y = moved.vy;
    if ((ax | ay) == 0 || (!below && fx_sq18(ax) + fx_sq18(ay) <= fx_sq18((uint32_t)p->maxspeed)))
        return LIMIT_AT_ONCE;
    return below && p->edges == EDGES_BRAKE && (t.x | t.y) != 0 && keep_edge_brake(&bx, &by, p->minspeed, t, b->x, b->y, p)
               ? LIMIT_BRAKED
               : LIMIT_SCALED;
}

#endif
