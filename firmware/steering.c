/* The rule steps only some boids need (see steering.h), in 32-bit integers. */
#include <stddef.h>
#include "steering.h"

/* dx^2 + dy^2 < r^2 exactly, for |dx|, |dy| < r <= 2^29: the squares as two
 * words each (mul, mulhu), added with the carry. */
static int within_radius(uint32_t ax, uint32_t ay, uint32_t r)
{
    uint32_t x_lo = ax * ax, lo = x_lo + ay * ay;
    uint32_t hi = fx_mulhu(ax, ax) + fx_mulhu(ay, ay) + (lo < x_lo);
    uint32_t r_hi = fx_mulhu(r, r);

    return hi < r_hi || (hi == r_hi && lo < r * r);
}

/* The sign (+1, -1, 0) of a sum kept as 2^8 high + low, low >= 0. */
static int sum_sign(int32_t high, int32_t low)
{
    high += fx_sra(low, 8); /* what remains of low is below 2^8 */
    return high > 0 ? 1 : high < 0 ? -1 : (low & 255) != 0;
}

/* The offsets of up to PREDATORS_MAX predators (30 bits each) are summed
 * exactly as 2^8 high + low, so a sum's sign is never rounded away. */
edge_turn_t predators_push(const boid_t *b, const boid_t *predators, uint32_t n_predators,
                           const flock_params_t *p)
{
    const uint32_t range = (uint32_t)p->predatorrange;
    int32_t high_x = 0, high_y = 0, low_x = 0, low_y = 0;
    edge_turn_t push = {0, 0};
    uint32_t k, seen = 0;

    for (k = 0; k < n_predators; k++) {
        int32_t dx = b->x - predators[k].x; /* exact: positions within +-2^30 */
        int32_t dy = b->y - predators[k].y;
        uint32_t ax = fx_uabs(dx), ay = fx_uabs(dy);
        if (ax < range && ay < range && within_radius(ax, ay, range)) {
            high_x += fx_sra(dx, 8);
            high_y += fx_sra(dy, 8);
            low_x += dx & 255;
            low_y += dy & 255;
            seen++;
        }
    }
    if (seen != 0) {
        push.x = (int8_t)sum_sign(high_x, low_x);
        push.y = (int8_t)sum_sign(high_y, low_y);
    }
    return push;
}

uint32_t speed_ambm(int32_t vx, int32_t vy)
{
    uint32_t ax = fx_uabs(vx), ay = fx_uabs(vy);
    uint32_t hi = ax > ay ? ax : ay, lo = ax > ay ? ay : ax;

    return (hi * 30 + lo * 15) >> 5;
}

/* v scaled by target / speed_ambm(v): the normalized vector's estimate (at
 * least 2^20.9) to 14 bits, one division for 2^38 / estimate. */
static void scale_by_ambm(int32_t *vx, int32_t *vy, q16_t target)
{
    int32_t ux = *vx, uy = *vy;
    uint32_t f, a;

    (void)fx_normalize(&ux, &uy);
    f = 0x80000000u / (speed_ambm(ux, uy) >> 7);
    a = fx_mulhu((uint32_t)target << 8, f << 13); /* target f / 2^11 */
    *vx = fx_round_shift(fx_mulh(ux * 64, (int32_t)a), 1);
    *vy = fx_round_shift(fx_mulh(uy * 64, (int32_t)a), 1);
}

/* The component that, beside `held`, makes the speed `target`:
 * sqrt(target^2 - held^2), with the sign of `other`, or toward the middle of
 * [0, world] from pos if `other` is 0. Needs |held| < target. */
static int32_t make_up_speed(int32_t other, int32_t held, q16_t target, q16_t pos, q16_t world)
{
    int32_t h = (int32_t)fx_uabs(held);
    int32_t m = fx_sqrt_product(target - h, target + h);

    if (other == 0)
        return pos < world - pos ? m : -m;
    return other > 0 ? m : -m;
}

/* An edge turned the boid along this axis (turn) and it still heads out. */
static int heads_out(int8_t turn, int32_t v) { return turn > 0 ? v < 0 : turn < 0 && v > 0; }

int keep_edge_brake(int32_t *vx, int32_t *vy, q16_t target, edge_turn_t turn, q16_t x, q16_t y,
                    const flock_params_t *p)
{
    int hold_x = heads_out(turn.x, *vx);
    int hold_y = heads_out(turn.y, *vy);

    if (hold_x && fx_uabs(*vx) < (uint32_t)target) { /* at a corner, vy turns in too */
        *vy = make_up_speed(hold_y ? 0 : *vy, *vx, target, y, p->world_h);
        return 1;
    }
    if (hold_y && fx_uabs(*vy) < (uint32_t)target) {
        *vx = make_up_speed(*vx, *vy, target, x, p->world_w);
        return 1;
    }
    return 0;
}

/* A moving boid out of range: below minspeed (below), else above maxspeed.
 * An edge's braking is kept where it is slow; else v is scaled. */
static void scale_out_of_range(boid_t *b, int below, const edge_turn_t *turn,
                               const flock_params_t *p)
{
    int32_t vx = b->vx, vy = b->vy;
    q16_t target = below ? p->minspeed : p->maxspeed;

    if (below && p->edges == EDGES_BRAKE) {
        edge_turn_t t = turn != NULL ? *turn : edge_turn(b, p);
        if ((t.x | t.y) != 0 && keep_edge_brake(&vx, &vy, target, t, b->x, b->y, p)) {
            b->vx = vx;
            b->vy = vy;
            return;
        }
    }
    if (p->speed_estimate == SPEED_AMBM)
        scale_by_ambm(&vx, &vy, target);
    else
        (void)fx_scale_to(&vx, &vy, target);
    /* maxspeed 64 can leave a step over 64 px, and the ambm estimate 68.3 px */
    b->vx = clamp_speed(vx);
    b->vy = clamp_speed(vy);
}

void speed_out_of_range(boid_t *b, int below, const flock_params_t *p)
{
    scale_out_of_range(b, below, NULL, p);
}

void limit_speed_slow(boid_t *b, const edge_turn_t *turn, const flock_params_t *p)
{
    uint32_t ax = fx_uabs(b->vx), ay = fx_uabs(b->vy);
    int below = 0;

    if ((ax | ay) == 0) {
        if (p->minspeed > 0)
            b->vx = p->minspeed;
        return;
    }
    if ((ax | ay) < 1u << 22) {
        if (p->speed_estimate == SPEED_AMBM) {
            uint32_t est = speed_ambm(b->vx, b->vy);
            below = est < (uint32_t)p->minspeed;
            if (!below && est <= (uint32_t)p->maxspeed)
                return;
        } else {
            uint32_t s2 = fx_sq18(ax) + fx_sq18(ay);
            below = s2 < fx_sq18((uint32_t)p->minspeed);
            if (!below && s2 <= fx_sq18((uint32_t)p->maxspeed))
                return;
        }
    }
    scale_out_of_range(b, below, turn, p);
}

void jump_boid(boid_t *b, q16_t x, q16_t y)
{
    int64_t dx = (int64_t)x - b->x, dy = (int64_t)y - b->y; /* any two Q16 values */

    b->vx = dx > SPEED_CLAMP ? SPEED_CLAMP : dx < -SPEED_CLAMP ? -SPEED_CLAMP : (q16_t)dx;
    b->vy = dy > SPEED_CLAMP ? SPEED_CLAMP : dy < -SPEED_CLAMP ? -SPEED_CLAMP : (q16_t)dy;
    b->x = x;
    b->y = y;
}
