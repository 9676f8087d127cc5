/* The flock update loop: one frame of the rules for every boid and predator.
 * Portable C99 on <stdint.h>/<stddef.h> only, so the same source runs on the
 * host and on a soft CPU; state travels in structs, memory is the caller's.
 */
#ifndef FLOCK_H
#define FLOCK_H

#include <stddef.h>
#include <stdint.h>
#include "boid.h"
#include "flock_params.h"
#include "neighbors.h"

typedef struct {
    uint32_t n;       /* flock members, scouts included */
    boid_t *boid;     /* [n] */
    uint8_t *role;    /* [n], enum boid_role */
    gain_t *biasval;  /* [n], used by scouts */
    uint32_t n_predators;
    boid_t *predator; /* [n_predators] */
} flock_t;

/* Advances the flock by one frame. sums is caller memory for n entries, used by
 * the synchronous order (may be NULL for the sequential order).
 * Returns 0, or the neighbor engine's negative error code. */
int flock_step(flock_t *f, const flock_params_t *p, neighbor_engine_t *nb, neighbor_sums_t *sums);
/* flock_step in its two halves, for a caller with work between them (the
 * display takes its sprites from what begin gave the accelerator):
 * flock_step_begin hands the frame's state to the engine (nb->begin), and
 * flock_step_rules takes the rules of every boid, then moves the predators.
 * Nothing may change f or p between them. */
int flock_step_begin(flock_t *f, const flock_params_t *p, neighbor_engine_t *nb);
int flock_step_rules(flock_t *f, const flock_params_t *p, neighbor_engine_t *nb,
                     neighbor_sums_t *sums);

/* The per-boid rule steps, exposed for unit tests. boid and biasval are
 * updated in place; sums are that boid's neighbor sums. */
void flock_rules_cornell(boid_t *b, uint8_t role, gain_t *biasval, const neighbor_sums_t *s,
                         const boid_t *predators, uint32_t n_predators, const flock_params_t *p);
void flock_rules_weighted(boid_t *b, uint8_t role, gain_t *biasval, const neighbor_sums_t *s,
                          const boid_t *predators, uint32_t n_predators, const flock_params_t *p);
/* The Cornell rules for every boid of the synchronous order at once: sums[k]
 * belongs to boid order[k], or to boid k if order is NULL (as sums_all gives
 * them). One loop, so the per-boid work needs no call. */
void flock_rules_cornell_all(flock_t *f, const neighbor_sums_t *sums, const uint32_t *order,
                             const flock_params_t *p);
/* The same from an engine's sums_stream, each boid as soon as its sums are
 * final, in id order. Returns 0 or the engine's error code. */
int flock_rules_cornell_stream(flock_t *f, neighbor_engine_t *nb, const flock_params_t *p);
void flock_move_predator(boid_t *pr, const flock_params_t *p);

#endif
