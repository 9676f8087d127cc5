/* Random starting scenes (see scene.h). */
#include <math.h>
#include <stdlib.h>
#include "../firmware/fixed.h"
#include "scene.h"

#define PI 3.14159265358979323846

uint64_t rng_next(uint64_t *state)
{
    uint64_t z = (*state += 0x9e3779b97f4a7c15ull);

    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

double rng_unit(uint64_t *state) { return (double)(rng_next(state) >> 11) * 0x1.0p-53; }

/* Rounds to the Q16 grid so the value is exact in both models. */
static double on_q16_grid(double v) { return (double)lround(v * Q16_ONE) / Q16_ONE; }

static state_row_t random_row(const scene_spec_t *s, uint64_t *rng, int role, double biasval)
{
    double heading = 2 * PI * rng_unit(rng);
    double speed = s->minspeed + (s->maxspeed - s->minspeed) * rng_unit(rng);
    state_row_t r;

    r.role = role;
    r.x = on_q16_grid(s->world_w * rng_unit(rng));
    r.y = on_q16_grid(s->world_h * rng_unit(rng));
    r.vx = on_q16_grid(speed * cos(heading));
    r.vy = on_q16_grid(speed * sin(heading));
    r.biasval = (double)lround(biasval * GAIN_ONE) / GAIN_ONE;
    return r;
}

int scene_random(const scene_spec_t *s, state_table_t *t)
{
    uint64_t rng = s->seed;
    uint32_t i;

    t->n = (size_t)s->boids + s->predators;
    t->row = calloc(t->n ? t->n : 1, sizeof *t->row);
    if (t->row == NULL) {
        t->n = 0;
        return -1;
    }
    for (i = 0; i < s->boids; i++) {
        int role = i < s->scouts1 ? STATE_SCOUT1
                   : i < s->scouts1 + s->scouts2 ? STATE_SCOUT2
                                                 : STATE_BOID;
        double bias = role == STATE_SCOUT1 ? s->bias1 : role == STATE_SCOUT2 ? s->bias2 : 0;
        t->row[i] = random_row(s, &rng, role, bias);
    }
    for (i = 0; i < s->predators; i++)
        t->row[s->boids + i] = random_row(s, &rng, STATE_PREDATOR, 0);
    return 0;
}
