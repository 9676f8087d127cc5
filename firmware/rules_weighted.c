/* The weighted rule set (the weighted-forces and modeling-report references),
 * one boid, in fixed point: cohesion, alignment and separation as unit
 * steering vectors times their weights, then edges, predators and scout bias
 * as in the Cornell set; the boid moves with that velocity and then the
 * velocity is set to constant speed, turning at most maxturn per frame (the
 * reference's update() moves before it normalizes; docs/rules.md). */
#include "flock.h"
#include "steering.h"

/* Unit vector along (x, y) in Q16; zero for the zero vector. Inputs up to
 * 2^62 are first shifted below 2^30 so the squares fit; the direction loses
 * nothing that Q16 can show. */
static void unit_vector(int64_t x, int64_t y, int32_t *ux, int32_t *uy)
{
    int64_t len;

    *ux = *uy = 0;
    if (x == 0 && y == 0)
        return;
    while (fx_abs64(x) >= ((int64_t)1 << 30) || fx_abs64(y) >= ((int64_t)1 << 30)) {
        x = fx_floor_shift(x, 1);
        y = fx_floor_shift(y, 1);
    }
    len = fx_isqrt64((uint64_t)(x * x + y * y));
    if (len == 0)
        return; /* shifted to (-1, 0) or similar rounding dust: no direction */
    *ux = fx_sat32(fx_div_round(x * Q16_ONE, len));
    *uy = fx_sat32(fx_div_round(y * Q16_ONE, len));
}

static void add_weighted(vec64_t *v, int64_t x, int64_t y, q16_t weight)
{
    int32_t ux, uy;

    unit_vector(x, y, &ux, &uy);
    v->x += fx_mul_q16(ux, weight);
    v->y += fx_mul_q16(uy, weight);
}

/* Cohesion and alignment use every boid in visual range (both rings);
 * separation the unit vectors away from boids in the protected range. */
static void steer_weighted(vec64_t *v, const neighbor_sums_t *s, const flock_params_t *p)
{
    add_weighted(v, s->coh_x - s->sep_x, s->coh_y - s->sep_y, p->cohesionweight);
    add_weighted(v, s->ali_x + s->close_vx, s->ali_y + s->close_vy, p->alignmentweight);
    add_weighted(v, s->unit_x, s->unit_y, p->separationweight);
}

/* Rotates unit vector (x, y) by +-maxturn. */
static void rotate_by_maxturn(int32_t *x, int32_t *y, int sign, const flock_params_t *p)
{
    int64_t c = p->maxturn_cos, s = sign * (int64_t)p->maxturn_sin;
    int64_t rx = fx_floor_shift((int64_t)*x * c - (int64_t)*y * s + (Q16_ONE / 2), Q16_FRAC);
    int64_t ry = fx_floor_shift((int64_t)*x * s + (int64_t)*y * c + (Q16_ONE / 2), Q16_FRAC);

    *x = fx_sat32(rx);
    *y = fx_sat32(ry);
}

/* Constant speed along v, keeping an edge's braking where v is too slow
 * (keep_edge_brake); a turn beyond maxturn from the old heading is cut to
 * maxturn, toward the side v lies on. */
static void hold_speed_and_turn(boid_t *b, const boid_t *old, edge_turn_t turn,
                                const flock_params_t *p)
{
    int32_t nx, ny, ox, oy;
    uint64_t s2 = (uint64_t)((int64_t)b->vx * b->vx) + (uint64_t)((int64_t)b->vy * b->vy);

    if (s2 < (uint64_t)((int64_t)p->speed * p->speed))
        (void)keep_edge_brake(&b->vx, &b->vy, p->speed, turn, old->x, old->y, p);
    unit_vector(b->vx, b->vy, &nx, &ny);
    unit_vector(old->vx, old->vy, &ox, &oy);
    if (nx == 0 && ny == 0) {
        nx = ox;
        ny = oy;
        if (nx == 0 && ny == 0)
            nx = Q16_ONE;
    }
    if (p->turn_limited && (ox != 0 || oy != 0)) {
        int64_t dot = (int64_t)ox * nx + (int64_t)oy * ny;   /* Q32 cosine */
        int64_t cross = (int64_t)ox * ny - (int64_t)oy * nx; /* Q32 sine */
        if (dot < (int64_t)p->maxturn_cos * Q16_ONE) {
            nx = ox;
            ny = oy;
            rotate_by_maxturn(&nx, &ny, cross >= 0 ? 1 : -1, p);
        }
    }
    b->vx = clamp_speed(fx_mul_q16(nx, p->speed));
    b->vy = clamp_speed(fx_mul_q16(ny, p->speed));
}

void flock_rules_weighted(boid_t *b, uint8_t role, gain_t *biasval, const neighbor_sums_t *s,
                          const boid_t *predators, uint32_t n_predators, const flock_params_t *p)
{
    boid_t old = *b;
    vec64_t v = {b->vx, b->vy};
    edge_turn_t turn;

    steer_weighted(&v, s, p);
    turn = steer_edges(&v, b, p->turnfactor, p);
    steer_from_predators(&v, b, predators, n_predators, p);
    steer_bias(&v, role, biasval, p);
    b->vx = fx_sat32(v.x);
    b->vy = fx_sat32(v.y);
    move_boid(b);
    hold_speed_and_turn(b, &old, turn, p);
}
