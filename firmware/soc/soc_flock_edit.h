/* What the console keys do to the running flock on the SoC, as the monitor's
 * keys do on the host (sim/sim_main.c): resize, scout groups, the mouse's
 * predator. They edit the mailbox's plain arrays in place. */
#ifndef SOC_FLOCK_EDIT_H
#define SOC_FLOCK_EDIT_H

#include <stdint.h>
#include "soc_mailbox.h"

/* A quarter more boids (grow), placed at random from seed, or a fifth fewer;
 * never more than capacity or fewer than one. Predators stay. */
void flock_edit_resize(soc_flock_t *f, uint32_t capacity, const flock_params_t *p, uint32_t seed,
                       int grow);
/* Scouts off: all fly as boids. On: the starting flock's scouts, or else a
 * tenth of the flock in each group with bias biasval. */
void flock_edit_toggle_scouts(soc_flock_t *f, const soc_flock_t *start, gain_t biasval);
/* A predator in the middle of the world, if there is none. */
void flock_edit_add_predator(soc_flock_t *f, const flock_params_t *p);
/* The first predator jumps to (x, y), its move becoming its velocity. */
void flock_edit_predator_to(soc_flock_t *f, q16_t x, q16_t y);

#endif
