/* Rule steps shared by both rule sets (see steering.h). */
#include "steering.h"

edge_turn_t steer_edges(vec64_t *v, const boid_t *b, q16_t turn, const flock_params_t *p)
{
    edge_turn_t t = {0, 0};

    if (b->y < p->margin)
        t.y++;
    if (b->x > p->world_w - p->margin)
        t.x--;
    if (b->x < p->margin)
        t.x++;
    if (b->y > p->world_h - p->margin)
        t.y--;
    v->x += t.x * (int64_t)turn;
    v->y += t.y * (int64_t)turn;
    if (turn == 0)
        t.x = t.y = 0;
    return t;
}

void steer_from_predators(vec64_t *v, const boid_t *b, const boid_t *predators,
                          uint32_t n_predators, const flock_params_t *p)
{
    int64_t range = p->predatorrange, range2 = range * range; /* < 2^60 */
    int64_t sum_dx = 0, sum_dy = 0;
    uint32_t k, seen = 0;

    for (k = 0; k < n_predators; k++) {
        int64_t dx = (int64_t)b->x - predators[k].x;
        int64_t dy = (int64_t)b->y - predators[k].y;
        if (fx_abs64(dx) < range && fx_abs64(dy) < range && dx * dx + dy * dy < range2) {
            sum_dx += dx;
            sum_dy += dy;
            seen++;
        }
    }
    if (seen == 0)
        return;
    if (sum_dy > 0)
        v->y += p->predatorturnfactor;
    if (sum_dy < 0)
        v->y -= p->predatorturnfactor;
    if (sum_dx > 0)
        v->x += p->predatorturnfactor;
    if (sum_dx < 0)
        v->x -= p->predatorturnfactor;
}

void steer_bias(vec64_t *v, uint8_t role, gain_t *biasval, const flock_params_t *p)
{
    int heading; /* +1 right (scout 1), -1 left (scout 2) */
    int32_t vx;
    gain_t b = *biasval;

    if (role == ROLE_SCOUT1)
        heading = 1;
    else if (role == ROLE_SCOUT2)
        heading = -1;
    else
        return;
    vx = fx_sat32(v->x);
    if (p->dynamic_bias) {
        if (heading * (int64_t)vx > 0)
            b = b + p->bias_increment < p->maxbias ? b + p->bias_increment : p->maxbias;
        else
            b = b - p->bias_increment > p->bias_increment ? b - p->bias_increment
                                                           : p->bias_increment;
        *biasval = b;
    }
    /* (1 - b) vx + b h  ==  vx + b (h - vx): one rounding instead of two. */
    v->x = vx + fx_mul_gain(fx_sat32((int64_t)heading * Q16_ONE - vx), b);
}

uint32_t speed_of(int32_t vx, int32_t vy, uint8_t estimate)
{
    if (estimate == SPEED_AMBM) {
        /* alpha = 15/16, beta = 15/32: shifts only, at most 6.25% off */
        uint64_t ax = (uint64_t)fx_abs64(vx), ay = (uint64_t)fx_abs64(vy);
        uint64_t hi = ax > ay ? ax : ay, lo = ax > ay ? ay : ax;
        return (uint32_t)((hi * 30 + lo * 15) >> 5);
    }
    return fx_isqrt64((uint64_t)((int64_t)vx * vx) + (uint64_t)((int64_t)vy * vy));
}

static void scale_to(boid_t *b, uint32_t speed, q16_t target)
{
    b->vx = fx_sat32(fx_div_round((int64_t)b->vx * target, speed));
    b->vy = fx_sat32(fx_div_round((int64_t)b->vy * target, speed));
}

/* The component that, beside `held`, makes the speed `target`: the floor of
 * sqrt(target^2 - held^2), with the sign of `other`, or toward the middle of
 * [0, world] from pos if `other` is 0. Needs |held| < target. */
static int32_t make_up_speed(int32_t other, int32_t held, q16_t target, q16_t pos, q16_t world)
{
    int32_t m = (int32_t)fx_isqrt64((uint64_t)((int64_t)target * target - (int64_t)held * held));

    if (other == 0)
        return 2 * (int64_t)pos < world ? m : -m;
    return other > 0 ? m : -m;
}

int keep_edge_brake(int32_t *vx, int32_t *vy, q16_t target, edge_turn_t turn, q16_t x, q16_t y,
                    const flock_params_t *p)
{
    int hold_x = turn.x * (int64_t)*vx < 0; /* turned, and still heading out */
    int hold_y = turn.y * (int64_t)*vy < 0;

    if (hold_x && fx_abs64(*vx) < target) { /* at a corner, vy turns in too */
        *vy = make_up_speed(hold_y ? 0 : *vy, *vx, target, y, p->world_h);
        return 1;
    }
    if (hold_y && fx_abs64(*vy) < target) {
        *vx = make_up_speed(*vx, *vy, target, x, p->world_w);
        return 1;
    }
    return 0;
}

/* Compares squared speeds first: floor(sqrt(s2)) < m exactly when s2 < m^2,
 * and > M exactly when s2 >= (M + 1)^2, so the root is taken only when a
 * boid must be scaled. */
static void scale_into_range(boid_t *b, edge_turn_t turn, const flock_params_t *p)
{
    uint64_t s2 = (uint64_t)((int64_t)b->vx * b->vx) + (uint64_t)((int64_t)b->vy * b->vy);
    uint64_t min2 = (uint64_t)((int64_t)p->minspeed * p->minspeed);
    uint64_t over2 = (uint64_t)(((int64_t)p->maxspeed + 1) * ((int64_t)p->maxspeed + 1));
    uint32_t speed;

    if (s2 == 0) {
        if (p->minspeed > 0)
            b->vx = p->minspeed;
        return;
    }
    if (p->speed_estimate == SPEED_EXACT && s2 >= min2 && s2 < over2)
        return;
    speed = speed_of(b->vx, b->vy, p->speed_estimate);
    if (speed == 0)
        speed = 1; /* the estimate of a vector one step from zero */
    if (speed < (uint32_t)p->minspeed) {
        if (!keep_edge_brake(&b->vx, &b->vy, p->minspeed, turn, b->x, b->y, p))
            scale_to(b, speed, p->minspeed);
    } else if (speed > (uint32_t)p->maxspeed)
        scale_to(b, speed, p->maxspeed);
}

void limit_speed(boid_t *b, edge_turn_t turn, const flock_params_t *p)
{
    scale_into_range(b, turn, p);
    /* maxspeed 64 can leave a step over 64 px, and the ambm estimate 68.3 px */
    b->vx = clamp_speed(b->vx);
    b->vy = clamp_speed(b->vy);
}

static q16_t clamp_position(int64_t v)
{
    return v > POSITION_MAX ? POSITION_MAX : v < -POSITION_MAX ? -POSITION_MAX : (q16_t)v;
}

q16_t clamp_speed(int64_t v)
{
    const int64_t max = (int64_t)SPEED_MAX_PX * 65536;
    return (q16_t)(v > max ? max : v < -max ? -max : v);
}

void jump_boid(boid_t *b, q16_t x, q16_t y)
{
    b->vx = clamp_speed((int64_t)x - b->x);
    b->vy = clamp_speed((int64_t)y - b->y);
    b->x = x;
    b->y = y;
}

void move_boid(boid_t *b)
{
    b->x = clamp_position((int64_t)b->x + b->vx);
    b->y = clamp_position((int64_t)b->y + b->vy);
}
