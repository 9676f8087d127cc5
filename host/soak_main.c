/* build/soak: runs a flock for many frames and checks that every boid that
 * leaves the world comes back (docs/reliability.md): none stays outside the
 * world's edges longer than SOAK_STAY_FRAMES in a row, none goes farther
 * than SOAK_FAR_PX beyond them. A boid that escapes, as they did before the
 * edge-braking rule (docs/rules.md), fails both: it flies on to the position
 * guard at 16384 px and stays there. Dense flocks do overshoot the margins,
 * pressed out by their own separation, and come back: the run reports how
 * far, how long, and how often a boid was beyond one margin. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "accel_device.h"
#include "flock_sim.h"
#include "flock_start.h"
#include "stdout_check.h"

#define SOAK_STAY_FRAMES 1200 /* 20 s at 60 frames/s */
#define SOAK_FAR_PX 2048.0 /* a quarter of the widest world; the guard is at 16384 */

/* What one group (the flock or the predators) did beyond the world. */
typedef struct {
    double farthest;              /* px beyond an edge, over the run */
    unsigned long farthest_frame; /* when */
    double at_end;                /* px, in the last frame (negative: inside) */
    unsigned long longest_stay;   /* frames in a row outside, the most of any boid */
    unsigned long frames_beyond_margin; /* frames with one farther than one margin */
    unsigned long *stay;          /* [n]: frames in a row outside so far */
} excursions_t;

static int fail(const char *msg)
{
    fprintf(stderr, "soak: %s\n", msg);
    return 2;
}

static double beyond_edges(double x, double y, const param_set_t *p)
{
    double d = -x;

    if (x - p->world_w > d)
        d = x - p->world_w;
    if (-y > d)
        d = -y;
    if (y - p->world_h > d)
        d = y - p->world_h;
    return d;
}

/* Boid i of the flock (which = 0) or the predators (1), in px. */
static size_t group_size(const flock_sim_t *s, int which)
{
    if (s->model == MODEL_FLOAT)
        return which ? s->flt.n_predators : s->flt.n;
    return which ? s->fixed.n_predators : s->fixed.n;
}

static void position(const flock_sim_t *s, int which, size_t i, double *x, double *y)
{
    if (s->model == MODEL_FLOAT) {
        const fboid_t *b = which ? &s->flt.predator[i] : &s->flt.boid[i];
        *x = b->x;
        *y = b->y;
    } else {
        const boid_t *b = which ? &s->fixed.predator[i] : &s->fixed.boid[i];
        *x = b->x / 65536.0;
        *y = b->y / 65536.0;
    }
}

static void follow(excursions_t *e, const flock_sim_t *s, int which, const param_set_t *p,
                   unsigned long frame)
{
    size_t i, n = group_size(s, which);

    e->at_end = -1e300;
    for (i = 0; i < n; i++) {
        double x, y, d;
        position(s, which, i, &x, &y);
        d = beyond_edges(x, y, p);
        if (d > e->at_end)
            e->at_end = d;
        if (d > e->farthest) {
            e->farthest = d;
            e->farthest_frame = frame;
        }
        e->stay[i] = d > 0 ? e->stay[i] + 1 : 0;
        if (e->stay[i] > e->longest_stay)
            e->longest_stay = e->stay[i];
    }
    e->frames_beyond_margin += e->at_end > p->margin;
}

/* Prints what the group did; returns 1 if every member came back. */
static int report(const char *what, const excursions_t *e, unsigned long frames)
{
    int ok = e->farthest <= SOAK_FAR_PX && e->longest_stay <= SOAK_STAY_FRAMES;

    printf("%-9s farthest beyond the world %8.2f px (frame %lu), at the end %8.2f px; "
           "longest outside %lu frames; beyond one margin in %lu of %lu frames: %s\n",
           what, e->farthest, e->farthest_frame, e->at_end, e->longest_stay,
           e->frames_beyond_margin, frames, ok ? "ok" : "ESCAPED");
    return ok;
}

static void print_help(void)
{
    printf("Usage: soak [options]\n"
           "Runs a flock headless and checks that every boid and predator that leaves the\n"
           "world comes back: none stays outside its edges for more than %d frames in a\n"
           "row, none goes farther than %.0f px beyond them. Exit 0 if so, 1 if not, 2 on\n"
           "bad input.\n"
           "\n",
           SOAK_STAY_FRAMES, SOAK_FAR_PX);
    options_print_flock_help(stdout, BOIDS_MAX, PREDATORS_MAX);
    printf("\n"
           "Run:\n"
           "  --frames K         frames to run (default 600)\n"
           "  --every K          progress on stderr every K frames (default 1: none)\n"
           "  --model M          fixed (default) | float\n"
           "  --neighbors E      grid (default) | brute | accel\n"
           "  --help             this text\n");
}

static int run(const options_t *o, flock_sim_t *sim, excursions_t e[2], char *err, size_t errlen)
{
    unsigned long frame;
    int which;

    for (frame = 1; frame <= o->frames; frame++) {
        if (flock_sim_step(sim, err, errlen) != 0)
            return -1;
        for (which = 0; which < 2; which++)
            follow(&e[which], sim, which, &o->params, frame);
        if (o->every > 1 && frame % o->every == 0)
            fprintf(stderr, "soak: frame %lu of %lu: farthest %.2f px, longest outside %lu\n",
                    frame, o->frames, e[0].farthest, e[0].longest_stay);
    }
    return 0;
}

int main(int argc, char **argv)
{
    options_t o;
    char err[512];
    state_table_t start = {0, NULL};
    flock_sim_t sim;
    excursions_t e[2];
    int rc = options_parse(argc, argv, &o, err, sizeof err), ok;

    stdout_check_at_exit("soak");
    if (rc == OPTIONS_HELP) {
        print_help();
        return 0;
    }
    if (rc == OPTIONS_ERROR)
        return fail(err);
    if (flock_start_table(&o, &start, err, sizeof err) != 0)
        return fail(err);
    rc = flock_sim_open(&sim, o.model, o.neighbors, &o.params, &start, accel_device(), err, sizeof err);
    memset(e, 0, sizeof e);
    e[0].farthest = e[1].farthest = -1e300;
    e[0].stay = calloc(start.n, sizeof *e[0].stay);
    e[1].stay = calloc(start.n, sizeof *e[1].stay);
    state_table_free(&start);
    if (rc != 0 || e[0].stay == NULL || e[1].stay == NULL) {
        free(e[0].stay);
        free(e[1].stay);
        return fail(rc != 0 ? err : "out of memory");
    }
    printf("# %zu boids, %zu predators; model %s, rules %s, update %s, edges %s, %lu frames\n",
           group_size(&sim, 0), group_size(&sim, 1), OPTION_MODELS[o.model],
           OPTION_RULES[o.params.rules], OPTION_ORDERS[o.params.order],
           OPTION_EDGES[o.params.edges], o.frames);
    rc = run(&o, &sim, e, err, sizeof err);
    if (rc == 0) {
        ok = report("flock", &e[0], o.frames);
        if (group_size(&sim, 1) > 0)
            ok &= report("predators", &e[1], o.frames);
    }
    flock_sim_close(&sim);
    free(e[0].stay);
    free(e[1].stay);
    if (rc != 0)
        return fail(err);
    return ok ? 0 : 1;
}
