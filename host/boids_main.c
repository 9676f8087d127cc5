/* build/boids: runs a flock headless and prints per-frame metrics. */
#include <stdio.h>
#include <string.h>
#include <time.h>
#include "accel_device.h"
#include "flock_sim.h"
#include "flock_start.h"
#include "flock_state.h"
#include "atomic_file.h"
#include "stdout_check.h"

static int fail(const char *msg)
{
    fprintf(stderr, "boids: %s\n", msg);
    return 1;
}

static void print_metrics(unsigned long frame, const flock_metrics_t *m)
{
    printf("%lu\t%.4f\t%.3f\t%.3f\t%.2f\t%.2f\n", frame, m->polarization, m->mean_nn,
           m->mean_speed, m->cx, m->cy);
}

static double seconds_now(void) { return (double)clock() / CLOCKS_PER_SEC; }

static int run(const options_t *o, flock_sim_t *sim, char *err, size_t errlen)
{
    flock_metrics_t m;
    unsigned long frame;
    double start = seconds_now();

    size_t n = o->model == MODEL_FLOAT ? sim->flt.n : (size_t)sim->fixed.n;
    size_t np = o->model == MODEL_FLOAT ? sim->flt.n_predators : (size_t)sim->fixed.n_predators;
    printf("# %zu boids, %zu predator%s; model %s, update %s, rules %s, edges %s, neighbors %s\n",
           n, np, np == 1 ? "" : "s", OPTION_MODELS[o->model], OPTION_ORDERS[o->params.order],
           OPTION_RULES[o->params.rules], OPTION_EDGES[o->params.edges],
           o->model == MODEL_FLOAT ? "brute" : OPTION_NEIGHBORS[o->neighbors]);
    printf("# frame\tpolarization\tmean_nn_px\tmean_speed\tcentre_x\tcentre_y\n");
    for (frame = 1; frame <= o->frames; frame++) {
        if (flock_sim_step(sim, err, errlen) != 0)
            return -1;
        if (frame % o->every == 0 || frame == o->frames) {
            if (flock_sim_metrics(sim, &m) != 0) {
                snprintf(err, errlen, "out of memory computing metrics");
                return -1;
            }
            print_metrics(frame, &m);
        }
    }
    if (o->frames > 0)
        fprintf(stderr, "boids: %lu frames in %.2f s of CPU time\n", o->frames,
                seconds_now() - start);
    return 0;
}

static int save(const options_t *o, const flock_sim_t *sim, char *err, size_t errlen)
{
    state_table_t t = {0, NULL};
    int rc;

    if (flock_sim_table(sim, &t) != 0) {
        snprintf(err, errlen, "out of memory saving the state");
        return -1;
    }
    rc = state_csv_write(o->save_path, &t, err, errlen);
    state_table_free(&t);
    return rc;
}

int main(int argc, char **argv)
{
    options_t o;
    char err[512];
    state_table_t start = {0, NULL};
    flock_sim_t sim;
    int rc;

    stdout_check_at_exit("boids");
    rc = options_parse(argc, argv, &o, err, sizeof err);
    if (rc == OPTIONS_HELP) {
        options_print_help(stdout, "boids");
        return 0;
    }
    if (rc == OPTIONS_ERROR)
        return fail(err);
    /* A --save that cannot succeed is found now, not after the run. */
    if (o.save_path != NULL && atomic_file_check(o.save_path, err, sizeof err) != 0)
        return fail(err);
    if (flock_start_table(&o, &start, err, sizeof err) != 0)
        return fail(err);
    rc = flock_sim_open(&sim, o.model, o.neighbors, &o.params, &start, accel_device(), err, sizeof err);
    state_table_free(&start);
    if (rc != 0)
        return fail(err);
    rc = run(&o, &sim, err, sizeof err);
    if (rc == 0 && o.save_path != NULL)
        rc = save(&o, &sim, err, sizeof err);
    flock_sim_close(&sim);
    return rc == 0 ? 0 : fail(err);
}
