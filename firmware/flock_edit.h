/* The app's edits of a running flock (app.h's keys), in place on its arrays:
 * resize, scout groups, the mouse's predator. One set for every platform, so
 * the same keys give the same flock on the host and on the SoC. */
#ifndef FLOCK_EDIT_H
#define FLOCK_EDIT_H

#include <stdint.h>
#include "flock.h"

/* A quarter more members (grow), or a fifth fewer (the last ones go); never
 * more than capacity or fewer than one; predators stay. New boids are
 * scattered over the world by a generator started from seed alone, at
 * speeds up to maxspeed/2 on each axis (the speed rule sets them right at
 * the next step). The arrays hold capacity members. */
void flock_edit_resize(flock_t *f, uint32_t capacity, const flock_params_t *p, uint32_t seed,
                       int grow);
/* The first n boids anew, as resize scatters new ones, from seed alone;
 * their roles and biases stay. n boids, n <= the arrays' capacity. */
void flock_edit_scatter(flock_t *f, uint32_t n, const flock_params_t *p, uint32_t seed);
/* Scouts off: all fly as boids. On: the starting flock's scouts, or else (or
 * with no roles kept in start: role NULL) a tenth of the flock in each group
 * with bias biasval. 1 if scouts are on. */
int flock_edit_toggle_scouts(flock_t *f, const flock_t *start, gain_t biasval);
/* A predator at rest in the middle of the world, if there is none. */
void flock_edit_add_predator(flock_t *f, const flock_params_t *p);
/* The first predator jumps to (x, y), its move becoming its velocity. */
void flock_edit_predator_to(flock_t *f, q16_t x, q16_t y);

#endif
