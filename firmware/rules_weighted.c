/* The weighted rule set (the weighted-forces and modeling-report references),
 * one boid, in fixed point: cohesion, alignment and separation as unit
 * steering vectors times their weights, then edges, predators and scout bias
 * as in the Cornell set; the boid moves with that velocity and then the
 * velocity is set to constant speed, turning at most maxturn per frame (the
 * reference's update() moves before it normalizes; docs/rules.md). In 32-bit
 * integers, directions from fx_scale_to. */
#include "flock.h"
#include "steering.h"

/* Unit vector along (x, y) in Q16; zero for the zero vector. */
static void unit_vector(int32_t x, int32_t y, int32_t *ux, int32_t *uy)
{
    *ux = x;
    *uy = y;
    (void)fx_scale_to(ux, uy, Q16_ONE);
}

/* v += weight along (x, y): the vector scaled to length weight directly. */
static void add_weighted(vec32_t *v, int32_t x, int32_t y, q16_t weight)
{
    if (fx_scale_to(&x, &y, weight)) {
        v->x += x;
        v->y += y;
    }
}

/* (a + b) as a direction: halved if a component could leave 32 bits. */
static void add_directions(int32_t ax, int32_t ay, int32_t bx, int32_t by, int32_t *x,
                           int32_t *y)
{
    if ((fx_uabs(ax) | fx_uabs(ay) | fx_uabs(bx) | fx_uabs(by)) < 1u << 30) {
        *x = ax + bx;
        *y = ay + by;
    } else {
        *x = fx_sra(ax, 1) + fx_sra(bx, 1);
        *y = fx_sra(ay, 1) + fx_sra(by, 1);
    }
}

/* Cohesion and alignment use every boid in visual range (both rings);
 * separation the unit vectors away from boids in the protected range. */
static void steer_weighted(vec32_t *v, const neighbor_sums_t *s, const flock_params_t *p)
{
    int32_t x, y;

    add_directions(s->coh_x, s->coh_y, -s->sep_x, -s->sep_y, &x, &y);
    add_weighted(v, x, y, p->cohesionweight);
    add_directions(s->ali_x, s->ali_y, s->close_vx, s->close_vy, &x, &y);
    add_weighted(v, x, y, p->alignmentweight);
    add_weighted(v, s->unit_x, s->unit_y, p->separationweight);
}

/* a b / 2^4 for two Q16 values of a unit vector (|a|, |b| <= 2^16 + 1): their
 * product in Q28, one mulh. */
static int32_t product_q28(int32_t a, int32_t b) { return fx_mulh(a * 16384, b * 16384); }

/* Rotates unit vector (x, y) by +-maxturn. */
static void rotate_by_maxturn(int32_t *x, int32_t *y, int sign, const flock_params_t *p)
{
    int32_t c = p->maxturn_cos, s = sign * p->maxturn_sin;
    int32_t rx = product_q28(*x, c) - product_q28(*y, s);
    int32_t ry = product_q28(*x, s) + product_q28(*y, c);

    *x = fx_round_shift(rx, 12);
    *y = fx_round_shift(ry, 12);
}

/* Constant speed along v, keeping an edge's braking where v is too slow
 * (keep_edge_brake); a turn beyond maxturn from the old heading is cut to
 * maxturn, toward the side v lies on. */
static void hold_speed_and_turn(boid_t *b, const boid_t *old, edge_turn_t turn,
                                const flock_params_t *p)
{
    int32_t nx, ny, ox, oy;
    uint32_t ax = fx_uabs(b->vx), ay = fx_uabs(b->vy);

    if (p->edges == EDGES_BRAKE && (ax | ay) < 1u << 22 && fx_sq18(ax) + fx_sq18(ay) < fx_sq18((uint32_t)p->speed))
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
        int32_t dot = product_q28(ox, nx) + product_q28(oy, ny);   /* Q28 cosine */
        int32_t cross = product_q28(ox, ny) - product_q28(oy, nx); /* Q28 sine */
        if (dot < p->maxturn_cos * 4096) {
            nx = ox;
            ny = oy;
            rotate_by_maxturn(&nx, &ny, cross >= 0 ? 1 : -1, p);
        }
    }
    (void)fx_scale_to(&nx, &ny, p->speed);
    b->vx = clamp_speed(nx);
    b->vy = clamp_speed(ny);
}

void flock_rules_weighted(boid_t *b, uint8_t role, gain_t *biasval, const neighbor_sums_t *s,
                          const boid_t *predators, uint32_t n_predators, const flock_params_t *p)
{
    boid_t old = *b;
    vec32_t v = {b->vx, b->vy};
    edge_turn_t turn;

    steer_weighted(&v, s, p);
    turn = edge_turn(b, p);
    steer_edges(&v, b, p->turnfactor, p);
    steer_from_predators(&v, b, predators, n_predators, p);
    steer_bias(&v, role, biasval, p);
    b->vx = v.x;
    b->vy = v.y;
    move_boid(b);
    hold_speed_and_turn(b, &old, turn, p);
}
