/* Rule steps shared by both rule sets: edges, predators, scout bias, speed
 * limits and the position update, all in 32-bit integers. A velocity in
 * progress stays below 2^29 in each component (+-8192 px/frame), which every
 * step here keeps; docs/fixed-point.md gives the bounds.
 *
 * The steps every boid takes are inline, so that each rule set compiles to
 * one function with the velocity in registers (on the soft CPU a call and its
 * spills cost as much as a step); what only some boids need (scaling a speed,
 * an edge's braking, a predator in range) is in steering.c. */
#ifndef STEERING_H
#define STEERING_H

#include "boid.h"
#include "flock_params.h"

/* A velocity while the rules add up: Q16 px/frame, |x|, |y| < 2^29. */
typedef struct {
    int32_t x, y;
} vec32_t;

/* Which way the edges turned a boid this frame on each axis: +1, -1 or 0. */
typedef struct {
    int8_t x, y;
} edge_turn_t;

#define SPEED_CLAMP ((int32_t)SPEED_MAX_PX * Q16_ONE)

/* A velocity component clamped to +-SPEED_MAX_PX. */
static inline q16_t clamp_speed(int32_t v) { return fx_clamp(v, SPEED_CLAMP); }

/* Which way the edges turn a boid at b's position (none if turnfactor is 0). */
static inline edge_turn_t edge_turn(const boid_t *b, const flock_params_t *p)
{
    edge_turn_t t = {0, 0};

    if (p->turnfactor == 0)
        return t;
    if (b->y < p->margin)
        t.y++;
    if (b->x > p->world_w - p->margin)
        t.x--;
    if (b->x < p->margin)
        t.x++;
    if (b->y > p->world_h - p->margin)
        t.y--;
    return t;
}

/* Step 2: turn by `turn` when outside a margin (the turn edge_turn gives). */
static inline void steer_edges(vec32_t *v, const boid_t *b, q16_t turn, const flock_params_t *p)
{
    if (b->y < p->margin)
        v->y += turn;
    if (b->x > p->world_w - p->margin)
        v->x -= turn;
    if (b->x < p->margin)
        v->x += turn;
    if (b->y > p->world_h - p->margin)
        v->y -= turn;
}

/* Step 3 from the first predator in the box around b on (steering.c): the
 * signs (+1, -1, 0) of the summed offset of the predators in range, as an
 * edge_turn_t. */
edge_turn_t predators_push(const boid_t *b, const boid_t *predators, uint32_t n_predators,
                           const flock_params_t *p);

/* Step 3: turn away from the summed offset of the predators in range. Most
 * boids have none in their box (|dx|, |dy| < predatorrange): that test is
 * here, the rest in predators_push. */
static inline void steer_from_predators(vec32_t *v, const boid_t *b, const boid_t *predators,
                                        uint32_t n_predators, const flock_params_t *p)
{
    const uint32_t range = (uint32_t)p->predatorrange; /* <= 2^29 */
    uint32_t k;

    for (k = 0; k < n_predators; k++)
        if (fx_uabs(b->x - predators[k].x) < range && fx_uabs(b->y - predators[k].y) < range) {
            edge_turn_t push = predators_push(b, predators + k, n_predators - k, p);
            v->x += push.x * p->predatorturnfactor;
            v->y += push.y * p->predatorturnfactor;
            return;
        }
}

/* Step 4: the dynamic biasval update (if enabled), then the weighted average
 * toward +1 (scout 1) or -1 (scout 2) px/frame. Other roles pass unchanged. */
static inline void steer_bias(vec32_t *v, uint8_t role, gain_t *biasval, const flock_params_t *p)
{
    q16_t heading; /* +1 px/frame right (scout 1), -1 left (scout 2) */
    gain_t b = *biasval;

    if (role == ROLE_SCOUT1)
        heading = Q16_ONE;
    else if (role == ROLE_SCOUT2)
        heading = -Q16_ONE;
    else
        return;
    if (p->dynamic_bias) {
        if (heading > 0 ? v->x > 0 : v->x < 0)
            b = b + p->bias_increment < p->maxbias ? b + p->bias_increment : p->maxbias;
        else
            b = b - p->bias_increment > p->bias_increment ? b - p->bias_increment
                                                           : p->bias_increment;
        *biasval = b;
    }
    /* (1 - b) vx + b h  ==  vx + b (h - vx): one rounding instead of two. */
    v->x += fx_mul_gain(heading - v->x, b);
}

/* Step 5: scale into [minspeed, maxspeed]; a boid at rest heads right at
 * minspeed. b's velocity is a velocity in progress (|v| < 2^29). Squared
 * speeds compare in 32 bits (fx_sq18: within 2^-17 px^2, so a decision is
 * off by less than a Q16 step of speed); a component of 64 px/frame or more
 * is above any maxspeed. Only a boid out of range is scaled, without a
 * square root or a division (fx_scale_to). An edge's braking is kept
 * (keep_edge_brake); components end within +-SPEED_MAX_PX, what a state
 * file may hold. turn is the edges' turn this frame, or NULL to work it out
 * from b's position (edge_turn: the boid has not moved yet) where needed. */
void limit_speed_slow(boid_t *b, const edge_turn_t *turn, const flock_params_t *p);
/* limit_speed_slow without the decision, for a loop that made it: a moving
 * boid whose components are below 2^22, under the exact estimate, slower
 * than minspeed (below) or faster than maxspeed. */
void speed_out_of_range(boid_t *b, int below, const flock_params_t *p);

static inline void limit_speed(boid_t *b, edge_turn_t turn, const flock_params_t *p)
{
    limit_speed_slow(b, &turn, p);
}

/* A speed rule that scales v up to `target` would undo an edge's braking and
 * let a boid heading straight out fly on forever (docs/rules.md). So where an
 * edge turned the boid on an axis along which (vx, vy) still heads out, that
 * component is held and the other alone makes up the speed, keeping its sign
 * (toward the world's middle if it is 0, or if an edge brakes it too: at a
 * corner x is held and y turns in).
 * (x, y) is the boid's position before it moves, 0 <= target <= 2^22.
 * Returns 1 if it set v. */
int keep_edge_brake(int32_t *vx, int32_t *vy, q16_t target, edge_turn_t turn, q16_t x, q16_t y,
                    const flock_params_t *p);
/* The alpha-max-plus-beta-min speed estimate (alpha 15/16, beta 15/32), for
 * components below 2^22 in magnitude: within -6.25% and +4.8% of the speed. */
uint32_t speed_ambm(int32_t vx, int32_t vy);

/* Step 6. Positions saturate at +-POSITION_MAX: a guard that a boid reaches
 * only by flying far beyond the world's edge. |v| < 2^29. */
static inline void move_boid(boid_t *b)
{
    b->x = fx_clamp(b->x + b->vx, POSITION_MAX);
    b->y = fx_clamp(b->y + b->vy, POSITION_MAX);
}

/* Not a rule: a boid dragged to (x, y), e.g. the monitor's mouse predator;
 * the move becomes its velocity, kept within SPEED_MAX_PX per axis. */
void jump_boid(boid_t *b, q16_t x, q16_t y);

#endif
