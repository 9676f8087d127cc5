/* Rule steps shared by both rule sets: edges, predators, scout bias, speed
 * limits and the position update. Velocities in progress are int64 Q16 so no
 * sum of terms can overflow; docs/fixed-point.md gives the bounds. */
#ifndef STEERING_H
#define STEERING_H

#include "boid.h"
#include "flock_params.h"

typedef struct {
    int64_t x, y;
} vec64_t;

/* Which way the edges turned a boid this frame on each axis: +1, -1 or 0. */
typedef struct {
    int8_t x, y;
} edge_turn_t;

/* Step 2: turn by `turn` when outside a margin; returns the turn's direction. */
edge_turn_t steer_edges(vec64_t *v, const boid_t *b, q16_t turn, const flock_params_t *p);
/* Step 3: turn away from the summed offset of the predators in range. */
void steer_from_predators(vec64_t *v, const boid_t *b, const boid_t *predators,
                          uint32_t n_predators, const flock_params_t *p);
/* Step 4: the dynamic biasval update (if enabled), then the weighted average
 * toward +1 (scout 1) or -1 (scout 2) px/frame. Other roles pass unchanged. */
void steer_bias(vec64_t *v, uint8_t role, gain_t *biasval, const flock_params_t *p);
/* Step 5: scale into [minspeed, maxspeed]; a boid at rest heads right at minspeed.
 * An edge's braking is kept (keep_edge_brake); components end within
 * +-SPEED_MAX_PX, what a state file may hold. */
void limit_speed(boid_t *b, edge_turn_t turn, const flock_params_t *p);
/* A speed rule that scales v up to `target` would undo an edge's braking and
 * let a boid heading straight out fly on forever (docs/rules.md). So where an
 * edge turned the boid on an axis along which (vx, vy) still heads out, that
 * component is held and the other alone makes up the speed, keeping its sign
 * (toward the world's middle if it is 0, or if an edge brakes it too: at a
 * corner x is held and y turns in).
 * (x, y) is the boid's position before it moves. Returns 1 if it set v. */
int keep_edge_brake(int32_t *vx, int32_t *vy, q16_t target, edge_turn_t turn, q16_t x, q16_t y,
                    const flock_params_t *p);
/* A velocity component clamped to +-SPEED_MAX_PX. */
q16_t clamp_speed(int64_t v);
/* The speed estimate in use: exact isqrt, or alpha-max-plus-beta-min. */
uint32_t speed_of(int32_t vx, int32_t vy, uint8_t estimate);
/* Step 6. Positions saturate at +-POSITION_MAX: a guard that a boid reaches
 * only by flying far beyond the world's edge. */
void move_boid(boid_t *b);
/* Not a rule: a boid dragged to (x, y), e.g. the monitor's mouse predator;
 * the move becomes its velocity, kept within SPEED_MAX_PX per axis. */
void jump_boid(boid_t *b, q16_t x, q16_t y);

#endif
