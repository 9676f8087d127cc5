/* The host's side of flock state: memory for the firmware's flock_t and the
 * float model's fflock_t, conversion from and to state tables (the CSV
 * form), with the range checks a loaded file must pass. */
#ifndef FLOCK_STATE_H
#define FLOCK_STATE_H

#include <stddef.h>
#include "../firmware/flock.h"
#include "float_model.h"
#include "state_csv.h"

int flock_alloc(flock_t *f, uint32_t n, uint32_t n_predators);
void flock_free(flock_t *f);
int fflock_alloc(fflock_t *f, size_t n, size_t n_predators);
void fflock_free(fflock_t *f);

/* Checks every row against the limits in firmware/boid.h; -1 with a message
 * naming the row and the value otherwise. */
int state_table_check(const state_table_t *t, char *err, size_t errlen);

/* Rows in id order; flock boids keep their relative order, as do predators.
 * Values round to the nearest fixed-point step. Tables must pass the check. */
int flock_from_table(const state_table_t *t, flock_t *f);
int fflock_from_table(const state_table_t *t, fflock_t *f);
/* Flock boids first (ids 0..n-1), then predators. */
int flock_to_table(const flock_t *f, state_table_t *t);
int fflock_to_table(const fflock_t *f, state_table_t *t);

double q16_to_double(q16_t v);
double gain_to_double(gain_t v);

#endif
