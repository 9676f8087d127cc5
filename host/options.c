/* Flag parsing and checking for the flock programs (see options.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "../firmware/boid.h"
#include "options.h"

static void options_defaults(options_t *o)
{
    memset(o, 0, sizeof *o);
    params_defaults(&o->params);
    o->boids = 256;
    o->frames = 600;
    o->every = 1;
    o->seed = 1;
    o->model = MODEL_FIXED;
    o->neighbors = NEIGHBORS_GRID;
}

/* Index of text in a NULL-terminated list of choices, or -1 with a message. */
static int choose(const char *flag, const char *text, const char *const *choices, char *err,
                  size_t errlen)
{
    int i;

    for (i = 0; choices[i] != NULL; i++)
        if (strcmp(text, choices[i]) == 0)
            return i;
    {
        int used = snprintf(err, errlen, "%s: \"%s\" is not one of ", flag, text);
        for (i = 0; choices[i] != NULL && used > 0 && (size_t)used < errlen; i++)
            used += snprintf(err + used, errlen - (size_t)used, "%s%s", i ? "|" : "", choices[i]);
    }
    return -1;
}

static int parse_world(const char *text, param_set_t *ps, char *err, size_t errlen)
{
    unsigned long w, h;
    char tail;

    if (sscanf(text, "%lux%lu%c", &w, &h, &tail) != 2 || text[0] == '-') {
        snprintf(err, errlen, "--world: \"%s\" is not WIDTHxHEIGHT (e.g. 640x480)", text);
        return -1;
    }
    ps->world_w = (double)w;
    ps->world_h = (double)h;
    return 0;
}

static int parse_count(const char *flag, const char *text, unsigned long max, uint32_t *out,
                       char *err, size_t errlen)
{
    unsigned long v;

    if (parse_uint(text, flag, max, &v, err, errlen) != 0)
        return -1;
    *out = (uint32_t)v;
    return 0;
}

static int parse_bias(const char *flag, const char *text, double *out, char *err, size_t errlen)
{
    if (parse_double(text, flag, out, err, errlen) != 0)
        return -1;
    if (*out < 0 || *out > 1) {
        snprintf(err, errlen, "%s: %g is out of range [0, 1]", flag, *out);
        return -1;
    }
    return 0;
}

/* Checks that need every flag: conflicts and relations. */
static int options_check(options_t *o, char *err, size_t errlen)
{
    if (params_validate(&o->params, err, errlen) != 0)
        return -1;
    if (o->load_path && o->flock_flags_set) {
        snprintf(err, errlen, "--load gives the flock: drop --boids, --predators, --scouts1/2, "
                              "--bias1/2 and --seed, or drop --load");
        return -1;
    }
    if (o->boids == 0) {
        snprintf(err, errlen, "--boids: a flock needs at least 1 boid");
        return -1;
    }
    if ((unsigned long)o->scouts1 + o->scouts2 > o->boids) {
        snprintf(err, errlen, "--scouts1 %u + --scouts2 %u is more than --boids %u", o->scouts1,
                 o->scouts2, o->boids);
        return -1;
    }
    if (o->frames == 0 && o->save_path == NULL) {
        snprintf(err, errlen, "--frames 0 runs nothing: add --save FILE to convert a state");
        return -1;
    }
    if (o->every == 0) {
        snprintf(err, errlen, "--every: must be at least 1");
        return -1;
    }
    if (o->neighbors == NEIGHBORS_ACCEL && o->params.rules == RULES_WEIGHTED) {
        snprintf(err, errlen, "--neighbors accel: the accelerator computes the cornell sums; "
                              "the weighted rule set is software-only");
        return -1;
    }
    if (o->model == MODEL_FLOAT && o->neighbors_set) {
        snprintf(err, errlen, "--neighbors: the float model has only its own brute-force loop");
        return -1;
    }
    if (!o->bias1_set)
        o->bias1 = o->params.biasval;
    if (!o->bias2_set)
        o->bias2 = o->params.biasval;
    return 0;
}

const char *const OPTION_MODELS[] = {"fixed", "float", NULL};
const char *const OPTION_ORDERS[] = {"sequential", "synchronous", NULL};
const char *const OPTION_RULES[] = {"cornell", "weighted", NULL};
const char *const OPTION_NEIGHBORS[] = {"brute", "grid", "accel", NULL};
static const char *const SQRTS[] = {"exact", "ambm", NULL};

/* Sets *choice to the index of text in choices; returns 0 or -1. */
static int set_choice(int *choice, const char *flag, const char *text,
                      const char *const *choices, char *err, size_t errlen)
{
    int k = choose(flag, text, choices, err, errlen);

    if (k < 0)
        return -1;
    *choice = k;
    return 0;
}

/* One flag with its value; returns 0 or -1. */
static int apply_flag(options_t *o, const char *flag, const char *value, char *err, size_t errlen)
{
    unsigned long seed;

    if (strcmp(flag, "--boids") == 0)
        return parse_count(flag, value, BOIDS_MAX, &o->boids, err, errlen);
    if (strcmp(flag, "--predators") == 0)
        return parse_count(flag, value, PREDATORS_MAX, &o->predators, err, errlen);
    if (strcmp(flag, "--scouts1") == 0)
        return parse_count(flag, value, BOIDS_MAX, &o->scouts1, err, errlen);
    if (strcmp(flag, "--scouts2") == 0)
        return parse_count(flag, value, BOIDS_MAX, &o->scouts2, err, errlen);
    if (strcmp(flag, "--bias1") == 0) {
        o->bias1_set = 1;
        return parse_bias(flag, value, &o->bias1, err, errlen);
    }
    if (strcmp(flag, "--bias2") == 0) {
        o->bias2_set = 1;
        return parse_bias(flag, value, &o->bias2, err, errlen);
    }
    if (strcmp(flag, "--seed") == 0) {
        if (parse_uint(value, flag, 0xfffffffful, &seed, err, errlen) != 0)
            return -1;
        o->seed = seed;
        return 0;
    }
    if (strcmp(flag, "--frames") == 0)
        return parse_uint(value, flag, 100000000ul, &o->frames, err, errlen);
    if (strcmp(flag, "--every") == 0)
        return parse_uint(value, flag, 100000000ul, &o->every, err, errlen);
    if (strcmp(flag, "--world") == 0)
        return parse_world(value, &o->params, err, errlen);
    if (strcmp(flag, "--set") == 0)
        return params_set_assignment(&o->params, value, err, errlen);
    if (strcmp(flag, "--config") == 0)
        return params_load_config(&o->params, value, err, errlen);
    if (strcmp(flag, "--load") == 0) {
        o->load_path = value;
        return 0;
    }
    if (strcmp(flag, "--save") == 0) {
        o->save_path = value;
        return 0;
    }
    if (strcmp(flag, "--model") == 0)
        return set_choice(&o->model, flag, value, OPTION_MODELS, err, errlen);
    if (strcmp(flag, "--update") == 0)
        return set_choice(&o->params.order, flag, value, OPTION_ORDERS, err, errlen);
    if (strcmp(flag, "--rules") == 0)
        return set_choice(&o->params.rules, flag, value, OPTION_RULES, err, errlen);
    if (strcmp(flag, "--neighbors") == 0) {
        o->neighbors_set = 1;
        return set_choice(&o->neighbors, flag, value, OPTION_NEIGHBORS, err, errlen);
    }
    if (strcmp(flag, "--sqrt") == 0)
        return set_choice(&o->params.speed_estimate, flag, value, SQRTS, err, errlen);
    snprintf(err, errlen, "unknown option \"%s\" (try --help)", flag);
    return -1;
}

/* Flags that describe the starting flock, which --load gives instead. */
static const char *const FLOCK_FLAGS[] = {"--boids", "--predators", "--scouts1", "--scouts2",
                                          "--bias1", "--bias2",      "--seed",    NULL};

static int in_list(const char *flag, const char *const *list)
{
    int i;

    for (i = 0; list[i] != NULL; i++)
        if (strcmp(flag, list[i]) == 0)
            return 1;
    return 0;
}

/* Flags that take a value; apply_flag handles each. */
static const char *const VALUE_FLAGS[] = {
    "--boids", "--predators", "--scouts1", "--scouts2", "--bias1",  "--bias2",    "--frames",
    "--every", "--seed",      "--world",   "--set",     "--config", "--load",     "--save",
    "--model", "--update",    "--rules",   "--neighbors", "--sqrt", NULL};

int options_parse(int argc, char **argv, options_t *o, char *err, size_t errlen)
{
    int i;

    options_defaults(o);
    for (i = 1; i < argc; i++) {
        const char *arg = argv[i];
        if (strcmp(arg, "--help") == 0 || strcmp(arg, "-h") == 0)
            return OPTIONS_HELP;
        if (strcmp(arg, "--dynamic-bias") == 0) {
            o->params.dynamic_bias = 1;
            continue;
        }
        if (strncmp(arg, "--", 2) != 0) {
            snprintf(err, errlen, "unexpected argument \"%s\" (try --help)", arg);
            return OPTIONS_ERROR;
        }
        if (!in_list(arg, VALUE_FLAGS)) {
            snprintf(err, errlen, "unknown option \"%s\" (try --help)", arg);
            return OPTIONS_ERROR;
        }
        /* no value of ours starts with "--": that is the next flag */
        if (i + 1 >= argc || strncmp(argv[i + 1], "--", 2) == 0) {
            snprintf(err, errlen, "%s needs a value (try --help)", arg);
            return OPTIONS_ERROR;
        }
        if (apply_flag(o, arg, argv[i + 1], err, errlen) != 0)
            return OPTIONS_ERROR;
        o->flock_flags_set |= in_list(arg, FLOCK_FLAGS);
        i++;
    }
    return options_check(o, err, errlen) == 0 ? OPTIONS_RUN : OPTIONS_ERROR;
}

void options_print_flock_help(FILE *out)
{
    fprintf(out,
            "Flock:\n"
            "  --boids N          flock size, scouts included (default 256, at most %u)\n"
            "  --predators P      predators (default 0, at most %u)\n"
            "  --scouts1 N        boids biased right (scout group 1, default 0)\n"
            "  --scouts2 N        boids biased left (scout group 2, default 0)\n"
            "  --bias1 B          scout group 1's starting biasval (default: biasval)\n"
            "  --bias2 B          scout group 2's starting biasval (default: biasval)\n"
            "  --dynamic-bias     scouts adapt biasval each frame (maxbias, bias_increment)\n"
            "  --seed S           random start (default 1)\n"
            "  --world WxH        world size in px (default 640x480; margins stay margin px "
            "from each edge)\n"
            "  --load FILE        start from a state file (CSV: id,role,x,y,vx,vy,biasval)\n"
            "  --update U         sequential (pseudocode, default) | synchronous (parallel)\n"
            "  --rules R          cornell (default) | weighted\n"
            "  --sqrt S           exact (default) | ambm: speed by alpha-max-plus-beta-min\n"
            "  --set NAME=VALUE   set a parameter (repeatable)\n"
            "  --config FILE      parameters from a file, one NAME = VALUE a line, # comments\n"
            "  --save FILE        write the final state (CSV), atomically\n",
            BOIDS_MAX, PREDATORS_MAX);
}

void options_print_help(FILE *out, const char *program)
{
    fprintf(out,
            "Usage: %s [options]\n"
            "Runs a boids flock headless and prints its metrics, one line per frame.\n"
            "\n",
            program);
    options_print_flock_help(out);
    fprintf(out,
            "\n"
            "Run:\n"
            "  --frames K         frames to run (default 600; 0 with --save converts a state)\n"
            "  --every K          print metrics every K frames (default 1)\n"
            "  --model M          fixed (the firmware, default) | float (double reference)\n"
            "  --neighbors E      grid (default) | brute | accel (the RTL in Verilator):\n"
            "                     how the fixed model finds its neighbors\n"
            "  --help             this text\n"
            "\n"
            "Output columns: frame, polarization (0..1), mean nearest-neighbour distance (px),\n"
            "mean speed (px/frame), centre of mass x and y (px).\n"
            "\n");
    params_print_help(out);
}
