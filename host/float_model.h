/* Double-precision reference model of the flock rules, written apart from the
 * fixed-point firmware so that each checks the other (docs/rules.md).
 */
#ifndef FLOAT_MODEL_H
#define FLOAT_MODEL_H

#include <stddef.h>
#include "params.h"

typedef struct {
    double x, y, vx, vy; /* px, px/frame */
    double biasval;
    int role; /* enum boid_role (firmware/boid.h); unused for predators */
} fboid_t;

typedef struct {
    size_t n;
    fboid_t *boid;
    size_t n_predators;
    fboid_t *predator;
} fflock_t;

/* One frame of the rules in p->rules and p->order. */
void float_step(fflock_t *f, const param_set_t *p);

#endif
