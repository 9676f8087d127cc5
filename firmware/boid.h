/* One boid's state and the limits every part of the system is sized for.
 * Positions in pixels, velocities in pixels per frame, both Q15.16 (fixed.h).
 * docs/fixed-point.md derives the accumulator widths from these limits.
 */
#ifndef BOID_H
#define BOID_H

#include <stdint.h>
#include "fixed.h"

typedef struct {
    q16_t x, y;   /* position, px */
    q16_t vx, vy; /* velocity, px/frame */
} boid_t;

/* Roles of flock members; predators live in an array of their own. */
enum boid_role { ROLE_BOID = 0, ROLE_SCOUT1 = 1, ROLE_SCOUT2 = 2 };

#ifndef BOIDS_MAX
#define BOIDS_MAX 65536u /* largest flock a build allows */
#endif
#define PREDATORS_MAX 256u
#define WORLD_MAX_PX 8192 /* world width and height */
/* Positions saturate at +-POSITION_MAX_PX (a guard, docs/fixed-point.md), so
 * any two differ by less than 2^31 in Q16 and dx^2 + dy^2 fits in int64. */
#define POSITION_MAX_PX 16384
#define POSITION_MAX ((q16_t)(POSITION_MAX_PX * 65536 - 1))
#define POSITION_GUARD_PX (POSITION_MAX / 65536.0) /* the guard in px, 16383.99998 */
#define WORLD_MIN_PX 16
#define VISUALRANGE_MAX_PX 255 /* keeps |dx| < 2^24 in Q16 for the range test */
#define SPEED_MAX_PX 64        /* maxspeed, and any speed a state file may hold */

#endif
