/* Random starting scenes, reproducible from a seed. */
#ifndef SCENE_H
#define SCENE_H

#include <stdint.h>
#include "state_csv.h"

typedef struct {
    uint32_t boids, predators, scouts1, scouts2; /* scouts are among the boids */
    double bias1, bias2;                         /* starting biasval per group */
    double world_w, world_h;                     /* px */
    double minspeed, maxspeed;                   /* px/frame */
    uint64_t seed;
} scene_spec_t;

/* Uniform positions over the world, random headings, speeds uniform in
 * [minspeed, maxspeed]. Ids 0..scouts1-1 are scout 1, the next scouts2 are
 * scout 2, then plain boids, then predators. Every value is a multiple of the
 * fixed-point step, so both models start from exactly the same numbers. */
int scene_random(const scene_spec_t *spec, state_table_t *t);

/* splitmix64: small, fast, and the same sequence on every machine. */
uint64_t rng_next(uint64_t *state);
/* Uniform in [0, 1). */
double rng_unit(uint64_t *state);

#endif
