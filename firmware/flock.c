/* The frame loop: neighbor sums, then the rules for each boid, in one of the
 * two update orders, then the predators.
 *
 *  sequential   boids update in place in id order; each query sees the new
 *               state of the boids before it (the reference pseudocode).
 *  synchronous  every query sees the state at the start of the frame (what a
 *               parallel accelerator computes in one batch).
 * In both orders predators move last, so boids see where they were. */
#include "flock.h"

typedef void (*flock_rules_fn)(boid_t *b, uint8_t role, gain_t *biasval, const neighbor_sums_t *s,
                               const boid_t *predators, uint32_t n_predators,
                               const flock_params_t *p);

enum { FLOCK_E_NO_SUMS = -100 };

static int step_sequential(flock_t *f, const flock_params_t *p, neighbor_engine_t *nb,
                           flock_rules_fn rules)
{
    uint32_t i;
    int rc;

    for (i = 0; i < f->n; i++) {
        neighbor_sums_t s;
        rc = nb->sums_one(nb->ctx, i, &s);
        if (rc != NEIGHBORS_OK)
            return rc;
        rules(&f->boid[i], f->role[i], &f->biasval[i], &s, f->predator, f->n_predators, p);
        rc = nb->moved(nb->ctx, i);
        if (rc != NEIGHBORS_OK)
            return rc;
    }
    return NEIGHBORS_OK;
}

static int step_synchronous(flock_t *f, const flock_params_t *p, neighbor_engine_t *nb,
                            flock_rules_fn rules, neighbor_sums_t *sums)
{
    const uint32_t *order = NULL;
    uint32_t i;
    int rc;

    /* An engine that finishes the sums one boid after another (the
     * accelerator's passes) lets the rules start on the first while it
     * computes the rest, with no copy. */
#if FEATURE_ACCEL /* the only engine with sums_stream: without it, 1.5 KiB less */
    if (rules == flock_rules_cornell && nb->sums_stream != NULL)
        return flock_rules_cornell_stream(f, nb, p);
#endif
    if (sums == NULL)
        return FLOCK_E_NO_SUMS;
    rc = nb->sums_all(nb->ctx, sums, &order);
    if (rc != NEIGHBORS_OK)
        return rc;
    /* Each boid's rules read only its own state and sums, so any order of
     * boids gives the same frame: take the engine's, which saves a copy. */
    if (rules == flock_rules_cornell) {
        flock_rules_cornell_all(f, sums, order, p);
        return NEIGHBORS_OK;
    }
    for (i = 0; i < f->n; i++) {
        uint32_t id = order ? order[i] : i;
        rules(&f->boid[id], f->role[id], &f->biasval[id], &sums[i], f->predator, f->n_predators,
              p);
    }
    return NEIGHBORS_OK;
}

int flock_step_begin(flock_t *f, const flock_params_t *p, neighbor_engine_t *nb)
{
    neighbor_query_t q = neighbor_query_make(p);

#if !FEATURE_WEIGHTED /* built without it (feature_switches.h) */
    if (p->rules == RULES_WEIGHTED)
        return NEIGHBORS_E_UNSUPPORTED;
#endif
    q.predators = f->predator;
    q.n_predators = f->n_predators;
    return nb->begin(nb->ctx, f->boid, f->n, &q);
}

int flock_step_rules(flock_t *f, const flock_params_t *p, neighbor_engine_t *nb,
                     neighbor_sums_t *sums)
{
#if FEATURE_WEIGHTED
    flock_rules_fn rules = p->rules == RULES_WEIGHTED ? flock_rules_weighted : flock_rules_cornell;
#else
    flock_rules_fn rules = flock_rules_cornell;
#endif
    uint32_t k;
    int rc = p->order == ORDER_SYNCHRONOUS ? step_synchronous(f, p, nb, rules, sums)
                                           : step_sequential(f, p, nb, rules);

    if (rc != NEIGHBORS_OK)
        return rc;
    for (k = 0; k < f->n_predators; k++)
        flock_move_predator(&f->predator[k], p);
    return NEIGHBORS_OK;
}

int flock_step(flock_t *f, const flock_params_t *p, neighbor_engine_t *nb, neighbor_sums_t *sums)
{
    int rc = flock_step_begin(f, p, nb);

    return rc != NEIGHBORS_OK ? rc : flock_step_rules(f, p, nb, sums);
}
