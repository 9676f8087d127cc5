/* Flock statistics printed per frame and compared between models. */
#ifndef METRICS_H
#define METRICS_H

#include <stddef.h>

typedef struct {
    double polarization; /* |mean of unit velocities|, 0 (disorder) to 1 (aligned) */
    double mean_nn;      /* mean distance to the nearest other boid, px */
    double mean_speed;   /* px/frame */
    double cx, cy;       /* centre of mass, px */
} flock_metrics_t;

/* Positions and velocities as separate arrays of n doubles. mean_nn is 0 for
 * n < 2. Exact nearest neighbours through a uniform grid, O(n) for a flock of
 * even density, so it keeps up with 65536 boids. Returns 0, or -1 if out of memory. */
int metrics_compute(const double *x, const double *y, const double *vx, const double *vy, size_t n,
                    flock_metrics_t *m);

#endif
