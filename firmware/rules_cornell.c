/* The Cornell rule set (reference pseudocode), one boid, in fixed point:
 * 1 separation, alignment, cohesion; 2 edges; 3 predators; 4 scout bias;
 * 5 speed limits; 6 position. */
#include "flock.h"
#include "steering.h"

/* Step 1. The sums hold offsets (other - self) rather than positions, so
 * mean(other.x) - self.x is mean(offset), bit for bit with halves-up rounding. */
static void steer_by_neighbors(vec64_t *v, const boid_t *b, const neighbor_sums_t *s,
                               const flock_params_t *p)
{
    if (s->count > 0) {
        int32_t to_centre_x = fx_sat32(fx_div_round(s->coh_x, s->count));
        int32_t to_centre_y = fx_sat32(fx_div_round(s->coh_y, s->count));
        int32_t mean_vx = fx_sat32(fx_div_round(s->ali_x, s->count));
        int32_t mean_vy = fx_sat32(fx_div_round(s->ali_y, s->count));
        v->x += fx_mul_gain(to_centre_x, p->centeringfactor) +
                fx_mul_gain(fx_sat32((int64_t)mean_vx - b->vx), p->matchingfactor);
        v->y += fx_mul_gain(to_centre_y, p->centeringfactor) +
                fx_mul_gain(fx_sat32((int64_t)mean_vy - b->vy), p->matchingfactor);
    }
    v->x += fx_mul_gain(fx_sat32(s->sep_x), p->avoidfactor);
    v->y += fx_mul_gain(fx_sat32(s->sep_y), p->avoidfactor);
}

void flock_rules_cornell(boid_t *b, uint8_t role, gain_t *biasval, const neighbor_sums_t *s,
                         const boid_t *predators, uint32_t n_predators, const flock_params_t *p)
{
    vec64_t v = {b->vx, b->vy};
    edge_turn_t turn;

    steer_by_neighbors(&v, b, s, p);
    turn = steer_edges(&v, b, p->turnfactor, p);
    steer_from_predators(&v, b, predators, n_predators, p);
    steer_bias(&v, role, biasval, p);
    b->vx = fx_sat32(v.x);
    b->vy = fx_sat32(v.y);
    limit_speed(b, turn, p);
    move_boid(b);
}

void flock_move_predator(boid_t *pr, const flock_params_t *p)
{
    vec64_t v = {pr->vx, pr->vy};

    (void)steer_edges(&v, pr, p->turnfactor, p);
    pr->vx = clamp_speed(v.x);
    pr->vy = clamp_speed(v.y);
    move_boid(pr);
}
