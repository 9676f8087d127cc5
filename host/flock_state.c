/* Host memory and conversions for flock state (see flock_state.h). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "flock_state.h"
#include "number_parse.h"


double q16_to_double(q16_t v) { return (double)v / Q16_ONE; }
double gain_to_double(gain_t v) { return (double)v / GAIN_ONE; }

int flock_alloc(flock_t *f, uint32_t n, uint32_t n_predators)
{
    memset(f, 0, sizeof *f);
    f->n = n;
    f->n_predators = n_predators;
    f->boid = calloc(n ? n : 1, sizeof *f->boid);
    f->role = calloc(n ? n : 1, sizeof *f->role);
    f->biasval = calloc(n ? n : 1, sizeof *f->biasval);
    f->predator = calloc(n_predators ? n_predators : 1, sizeof *f->predator);
    if (!f->boid || !f->role || !f->biasval || !f->predator) {
        flock_free(f);
        return -1;
    }
    return 0;
}

void flock_free(flock_t *f)
{
    free(f->boid);
    free(f->role);
    free(f->biasval);
    free(f->predator);
    memset(f, 0, sizeof *f);
}

int fflock_alloc(fflock_t *f, size_t n, size_t n_predators)
{
    memset(f, 0, sizeof *f);
    f->n = n;
    f->n_predators = n_predators;
    f->boid = calloc(n ? n : 1, sizeof *f->boid);
    f->predator = calloc(n_predators ? n_predators : 1, sizeof *f->predator);
    if (!f->boid || !f->predator) {
        fflock_free(f);
        return -1;
    }
    return 0;
}

void fflock_free(fflock_t *f)
{
    free(f->boid);
    free(f->predator);
    memset(f, 0, sizeof *f);
}


static int check_value(double v, double lo, double hi, size_t id, const char *what, char *err,
                       size_t errlen)
{
    char a[32], b[32], c[32];

    if (v >= lo && v <= hi)
        return 0;
    snprintf(err, errlen, "id %zu: %s %s is out of range [%s, %s]", id, what,
             number_format_exact(a, sizeof a, v), number_format_exact(b, sizeof b, lo),
             number_format_exact(c, sizeof c, hi));
    return -1;
}

int state_table_check(const state_table_t *t, char *err, size_t errlen)
{
    size_t i, predators = 0;

    for (i = 0; i < t->n; i++) {
        const state_row_t *r = &t->row[i];
        /* up to the guard the model saturates at, so every saved state loads */
        if (check_value(r->x, -POSITION_MAX_PX, POSITION_GUARD_PX, i, "x", err, errlen) ||
            check_value(r->y, -POSITION_MAX_PX, POSITION_GUARD_PX, i, "y", err, errlen) ||
            check_value(r->vx, -SPEED_MAX_PX, SPEED_MAX_PX, i, "vx", err, errlen) ||
            check_value(r->vy, -SPEED_MAX_PX, SPEED_MAX_PX, i, "vy", err, errlen) ||
            check_value(r->biasval, 0, 1, i, "biasval", err, errlen))
            return -1;
        predators += r->role == STATE_PREDATOR;
    }
    if (t->n - predators == 0) {
        snprintf(err, errlen, "no flock boids (only predators)");
        return -1;
    }
    if (t->n - predators > BOIDS_MAX) {
        snprintf(err, errlen, "%zu boids: this build allows at most %u (BOIDS_MAX)",
                 t->n - predators, BOIDS_MAX);
        return -1;
    }
    if (predators > PREDATORS_MAX) {
        snprintf(err, errlen, "%zu predators: at most %u are allowed", predators, PREDATORS_MAX);
        return -1;
    }
    return 0;
}

static size_t count_predators(const state_table_t *t)
{
    size_t i, n = 0;

    for (i = 0; i < t->n; i++)
        n += t->row[i].role == STATE_PREDATOR;
    return n;
}

static q16_t to_q16(double v) { return (q16_t)lround(v * Q16_ONE); }

static boid_t boid_from_row(const state_row_t *r)
{
    boid_t b = {to_q16(r->x), to_q16(r->y), to_q16(r->vx), to_q16(r->vy)};

    return b;
}

int flock_from_table(const state_table_t *t, flock_t *f)
{
    size_t i, np = count_predators(t);
    uint32_t nb = 0, npd = 0;

    if (flock_alloc(f, (uint32_t)(t->n - np), (uint32_t)np) != 0)
        return -1;
    for (i = 0; i < t->n; i++) {
        const state_row_t *r = &t->row[i];
        if (r->role == STATE_PREDATOR) {
            f->predator[npd++] = boid_from_row(r);
        } else {
            f->boid[nb] = boid_from_row(r);
            f->role[nb] = (uint8_t)r->role; /* STATE_* and ROLE_* agree below predator */
            f->biasval[nb++] = (gain_t)lround(r->biasval * GAIN_ONE);
        }
    }
    return 0;
}

int fflock_from_table(const state_table_t *t, fflock_t *f)
{
    size_t i, np = count_predators(t), nb = 0, npd = 0;

    if (fflock_alloc(f, t->n - np, np) != 0)
        return -1;
    for (i = 0; i < t->n; i++) {
        const state_row_t *r = &t->row[i];
        fboid_t b = {r->x, r->y, r->vx, r->vy, r->biasval, r->role};
        if (r->role == STATE_PREDATOR) {
            b.role = ROLE_BOID;
            b.biasval = 0;
            f->predator[npd++] = b;
        } else {
            f->boid[nb++] = b;
        }
    }
    return 0;
}

static int table_alloc(state_table_t *t, size_t n)
{
    t->n = n;
    t->row = calloc(n ? n : 1, sizeof *t->row);
    return t->row ? 0 : -1;
}

static state_row_t row_from_boid(const boid_t *b, int role, double biasval)
{
    state_row_t r = {role, q16_to_double(b->x), q16_to_double(b->y), q16_to_double(b->vx),
                     q16_to_double(b->vy), biasval};

    return r;
}

int flock_to_table(const flock_t *f, state_table_t *t)
{
    uint32_t i;

    if (table_alloc(t, (size_t)f->n + f->n_predators) != 0)
        return -1;
    for (i = 0; i < f->n; i++)
        t->row[i] = row_from_boid(&f->boid[i], f->role[i], gain_to_double(f->biasval[i]));
    for (i = 0; i < f->n_predators; i++)
        t->row[f->n + i] = row_from_boid(&f->predator[i], STATE_PREDATOR, 0);
    return 0;
}

int fflock_to_table(const fflock_t *f, state_table_t *t)
{
    size_t i;

    if (table_alloc(t, f->n + f->n_predators) != 0)
        return -1;
    for (i = 0; i < f->n; i++) {
        const fboid_t *b = &f->boid[i];
        state_row_t r = {b->role, b->x, b->y, b->vx, b->vy, b->biasval};
        t->row[i] = r;
    }
    for (i = 0; i < f->n_predators; i++) {
        const fboid_t *b = &f->predator[i];
        state_row_t r = {STATE_PREDATOR, b->x, b->y, b->vx, b->vy, 0};
        t->row[f->n + i] = r;
    }
    return 0;
}
