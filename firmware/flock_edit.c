/* The app's edits of a running flock (flock_edit.h). */
#include "flock_edit.h"
#include "steering.h"

/* xorshift32: enough to scatter new boids. */
static uint32_t next_random(uint32_t *s)
{
    uint32_t x = *s;
    x ^= x << 13;
    x ^= x >> 17;
    x ^= x << 5;
    return *s = x;
}

/* Nearby seeds (a seed plus a turn count) would start xorshift on nearby,
 * mostly-zero words: spread them by the golden ratio and draw a few first. */
static uint32_t random_start(uint32_t seed)
{
    uint32_t s = seed * 0x9e3779b9u + 0x6a09e667u;
    int i;

    if (s == 0)
        s = 0x6a09e667u; /* xorshift stays at 0 */
    for (i = 0; i < 4; i++)
        next_random(&s);
    return s;
}

static q16_t random_below(uint32_t *s, q16_t limit)
{
    return limit > 0 ? (q16_t)(next_random(s) % (uint32_t)limit) : 0;
}

/* Anywhere in the world, at up to maxspeed/2 on each axis. */
static void scatter(boid_t *b, uint32_t *random, const flock_params_t *p)
{
    b->x = random_below(random, p->world_w);
    b->y = random_below(random, p->world_h);
    b->vx = random_below(random, p->maxspeed) - p->maxspeed / 2;
    b->vy = random_below(random, p->maxspeed) - p->maxspeed / 2;
}

void flock_edit_scatter(flock_t *f, uint32_t n, const flock_params_t *p, uint32_t seed)
{
    uint32_t random = random_start(seed);

    for (f->n = 0; f->n < n; f->n++)
        scatter(&f->boid[f->n], &random, p);
}

void flock_edit_resize(flock_t *f, uint32_t capacity, const flock_params_t *p, uint32_t seed,
                       int grow)
{
    uint32_t want = grow ? f->n + (f->n + 3) / 4 : f->n - f->n / 5;
    uint32_t random = random_start(seed);

    if (want > capacity)
        want = capacity;
    if (want < 1)
        want = 1;
    for (; f->n < want; f->n++) {
        scatter(&f->boid[f->n], &random, p);
        f->role[f->n] = ROLE_BOID;
        f->biasval[f->n] = 0;
    }
    f->n = want;
}

int flock_edit_toggle_scouts(flock_t *f, const flock_t *start, gain_t biasval)
{
    uint32_t i, scouts = 0, start_scouts = 0, tenth = (f->n + 9) / 10;

    for (i = 0; i < f->n; i++)
        scouts += f->role[i] != ROLE_BOID;
    for (i = 0; start->role != NULL && i < start->n; i++)
        start_scouts += start->role[i] != ROLE_BOID;
    for (i = 0; i < f->n; i++) {
        if (scouts > 0) {
            f->role[i] = ROLE_BOID;
        } else if (start_scouts > 0) {
            if (i < start->n) {
                f->role[i] = start->role[i];
                f->biasval[i] = start->biasval[i];
            }
        } else if (i < 2 * tenth) {
            f->role[i] = i < tenth ? ROLE_SCOUT1 : ROLE_SCOUT2;
            f->biasval[i] = biasval;
        }
    }
    return scouts == 0;
}

void flock_edit_add_predator(flock_t *f, const flock_params_t *p)
{
    boid_t *pr = &f->predator[0];

    if (f->n_predators > 0)
        return;
    pr->x = p->world_w / 2;
    pr->y = p->world_h / 2;
    pr->vx = 0;
    pr->vy = 0;
    f->n_predators = 1;
}

void flock_edit_predator_to(flock_t *f, q16_t x, q16_t y)
{
    if (f->n_predators > 0)
        jump_boid(&f->predator[0], x, y);
}
