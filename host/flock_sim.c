/* One running flock in either model (see flock_sim.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "flock_sim.h"
#include "flock_state.h"

static int open_device(flock_sim_t *s, flock_device_t *device, uint32_t n, char *err,
                       size_t errlen)
{
    if (device == NULL) {
        snprintf(err, errlen, "--neighbors accel: this program has no accelerator");
        return -1;
    }
    if (device->open(device, n, &s->engine, err, errlen) != 0)
        return -1;
    s->device = device;
    return 0;
}

static int open_engine(flock_sim_t *s, int neighbors, uint32_t n)
{
    if (neighbors == NEIGHBORS_BRUTE) {
        s->engine = neighbors_brute_engine(&s->brute);
        return 0;
    }
    s->grid_mem = malloc(neighbors_grid_bytes(n));
    if (s->grid_mem == NULL)
        return -1;
    neighbors_grid_init(&s->grid, n, s->grid_mem);
    s->engine = neighbors_grid_engine(&s->grid);
    return 0;
}

int flock_sim_open(flock_sim_t *s, int model, int neighbors, const param_set_t *ps,
                   const state_table_t *start, flock_device_t *device, char *err, size_t errlen)
{
    int rc;

    memset(s, 0, sizeof *s);
    s->model = model;
    s->ps = *ps;
    params_to_fixed(ps, &s->fp);
    if (model == MODEL_FLOAT) {
        rc = fflock_from_table(start, &s->flt);
    } else {
        rc = flock_from_table(start, &s->fixed);
        if (rc == 0 && neighbors == NEIGHBORS_ACCEL) {
            if (open_device(s, device, s->fixed.n, err, errlen) != 0) {
                flock_sim_close(s);
                return -1;
            }
        } else if (rc == 0) {
            rc = open_engine(s, neighbors, s->fixed.n);
        }
        if (rc == 0 && (s->sums = calloc(s->fixed.n, sizeof *s->sums)) == NULL)
            rc = -1;
    }
    if (rc == 0 && (s->scratch = malloc(4 * start->n * sizeof(double))) == NULL)
        rc = -1;
    if (rc != 0) {
        snprintf(err, errlen, "out of memory for %zu boids", start->n);
        flock_sim_close(s);
        return -1;
    }
    return 0;
}

int flock_sim_step(flock_sim_t *s, char *err, size_t errlen)
{
    int rc;

    if (s->model == MODEL_FLOAT) {
        float_step(&s->flt, &s->ps);
        return 0;
    }
    rc = flock_step(&s->fixed, &s->fp, &s->engine, s->sums);
    if (rc != 0) {
        snprintf(err, errlen, "neighbor engine %s failed with code %d", s->engine.name, rc);
        return -1;
    }
    return 0;
}

int flock_sim_metrics(flock_sim_t *s, flock_metrics_t *m)
{
    size_t i, n = s->model == MODEL_FLOAT ? s->flt.n : s->fixed.n;
    double *x = s->scratch, *y = x + n, *vx = y + n, *vy = vx + n;

    for (i = 0; i < n; i++) {
        if (s->model == MODEL_FLOAT) {
            const fboid_t *b = &s->flt.boid[i];
            x[i] = b->x, y[i] = b->y, vx[i] = b->vx, vy[i] = b->vy;
        } else {
            const boid_t *b = &s->fixed.boid[i];
            x[i] = q16_to_double(b->x), y[i] = q16_to_double(b->y);
            vx[i] = q16_to_double(b->vx), vy[i] = q16_to_double(b->vy);
        }
    }
    return metrics_compute(x, y, vx, vy, n, m);
}

int flock_sim_table(const flock_sim_t *s, state_table_t *t)
{
    return s->model == MODEL_FLOAT ? fflock_to_table(&s->flt, t) : flock_to_table(&s->fixed, t);
}

uint64_t flock_sim_pair_checks(const flock_sim_t *s)
{
    if (s->device != NULL)
        return 0; /* the hardware's own count is CYCLES */
    return s->grid_mem ? s->grid.pair_checks : s->brute.pair_checks;
}

void flock_sim_close(flock_sim_t *s)
{
    if (s->device != NULL)
        s->device->close(s->device);
    flock_free(&s->fixed);
    fflock_free(&s->flt);
    free(s->grid_mem);
    free(s->sums);
    free(s->scratch);
    memset(s, 0, sizeof *s);
}
