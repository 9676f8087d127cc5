/* The starting flock the flags ask for: the --load file, checked, or a
 * random scene from --boids, --seed and the rest. Shared by the programs
 * that run a flock: build/boids, build/sim and build/soc. */
#ifndef FLOCK_START_H
#define FLOCK_START_H

#include <stddef.h>
#include "options.h"
#include "state_csv.h"

/* 0, or -1 with a message. */
int flock_start_table(const options_t *o, state_table_t *t, char *err, size_t errlen);

#endif
