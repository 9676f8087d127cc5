/* Flag parsing and checking for the flock programs (see options.h). */
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "../firmware/boid.h"
#include "number_parse.h"
#include "options.h"
#include "quote.h"

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

int options_choose(const char *flag, const char *text, const char *const *choices, char *err,
                   size_t errlen)
{
    int i;

    for (i = 0; choices[i] != NULL; i++)
        if (strcmp(text, choices[i]) == 0)
            return i;
    {
        char quoted[QUOTE_SIZE];
        int used = snprintf(err, errlen, "%s: \"%s\" is not one of ", flag, quote(quoted, text));
        for (i = 0; choices[i] != NULL && used > 0 && (size_t)used < errlen; i++)
            used += snprintf(err + used, errlen - (size_t)used, "%s%s", i ? "|" : "", choices[i]);
    }
    return -1;
}

/* "WxH", each side a whole number of pixels within the world's limits. */
static int parse_world(const char *text, param_set_t *ps, char *err, size_t errlen)
{
    const char *x = strchr(text, 'x');
    char width[32], quoted[QUOTE_SIZE];
    unsigned long w, h;

    if (x == NULL || (size_t)(x - text) >= sizeof width) {
        snprintf(err, errlen, "--world: \"%s\" is not WIDTHxHEIGHT (e.g. 640x480)",
                 quote(quoted, text));
        return -1;
    }
    memcpy(width, text, (size_t)(x - text));
    width[x - text] = '\0';
    if (number_parse_whole("--world width", width, WORLD_MIN_PX, WORLD_MAX_PX, &w, err, errlen) !=
            NUMBER_OK ||
        number_parse_whole("--world height", x + 1, WORLD_MIN_PX, WORLD_MAX_PX, &h, err, errlen) !=
            NUMBER_OK)
        return -1;
    ps->world_w = (double)w;
    ps->world_h = (double)h;
    return 0;
}

static int parse_count(const char *flag, const char *text, unsigned long min, unsigned long max,
                       uint32_t *out, char *err, size_t errlen)
{
    unsigned long v;

    if (number_parse_whole(flag, text, min, max, &v, err, errlen) != NUMBER_OK)
        return -1;
    *out = (uint32_t)v;
    return 0;
}

/* Parameters under which some boid cannot come back (docs/reliability.md):
 * margins wider than half the world, whose turns cancel between them; or
 * scouts so biased that at the edge they head for the turn cannot bring their
 * vx below 0. There, with vx at 0, a frame adds b - turnfactor * (1 - b)
 * (the edge's turn, then the bias's pull toward 1 px/frame), which must be
 * negative: b < turnfactor / (1 + turnfactor). With dynamic bias b may grow
 * to maxbias. */
static int check_stays_inside(const options_t *o, char *err, size_t errlen)
{
    const param_set_t *ps = &o->params;
    double side = ps->world_w < ps->world_h ? ps->world_w : ps->world_h;
    double bound = ps->turnfactor / (1 + ps->turnfactor);
    unsigned group;

    if (2 * ps->margin > side) {
        snprintf(err, errlen, "margin %g is more than half the world's %s %g: the turns of "
                              "opposite edges cancel between them and boids drift out; give "
                              "--set margin=%g or less",
                 ps->margin, ps->world_w < ps->world_h ? "width" : "height", side, floor(side / 2));
        return -1;
    }
    for (group = 1; group <= 2; group++) {
        double b = group == 1 ? o->bias1 : o->bias2;
        unsigned scouts = group == 1 ? o->scouts1 : o->scouts2;

        if (ps->dynamic_bias && ps->maxbias > b)
            b = ps->maxbias;
        if (scouts > 0 && b >= bound) {
            snprintf(err, errlen, "scout group %u's biasval %g%s never lets them turn back at the "
                                  "edge they head for: turnfactor %g holds a biasval below "
                                  "turnfactor / (1 + turnfactor) = %.4g; lower the bias or raise "
                                  "turnfactor", group, b, ps->dynamic_bias && b == ps->maxbias
                                  ? " (maxbias, which dynamic bias reaches)" : "",
                     ps->turnfactor, bound);
            return -1;
        }
    }
    return 0;
}

/* Checks that need every flag: conflicts and relations. */
static int options_check(options_t *o, char *err, size_t errlen)
{
    if (params_validate(&o->params, err, errlen) != 0)
        return -1;
    if (o->model == MODEL_FIXED && params_check_fixed(&o->params, err, errlen) != 0)
        return -1;
    if (o->load_path && o->flock_flags_set) {
        snprintf(err, errlen, "--load gives the flock: drop --boids, --predators, --scouts1/2, "
                              "--bias1/2 and --seed, or drop --load");
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
    if (o->neighbors == NEIGHBORS_ACCEL && o->params.rules == RULES_WEIGHTED) {
        snprintf(err, errlen, "--neighbors accel%s: the accelerator computes the cornell sums; "
                              "the weighted rule set is software-only (add --neighbors grid)",
                 o->neighbors_set ? "" : " (this program's default)");
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
    return check_stays_inside(o, err, errlen);
}

const char *const OPTION_MODELS[] = {"fixed", "float", NULL};
const char *const OPTION_ORDERS[] = {"sequential", "synchronous", NULL};
const char *const OPTION_RULES[] = {"cornell", "weighted", NULL};
const char *const OPTION_NEIGHBORS[] = {"brute", "grid", "accel", NULL};
static const char *const SQRTS[] = {"exact", "ambm", NULL};
const char *const OPTION_EDGES[] = {"brake", "pseudocode", NULL};

/* Sets *choice to the index of text in choices; returns 0 or -1. */
static int set_choice(int *choice, const char *flag, const char *text,
                      const char *const *choices, char *err, size_t errlen)
{
    int k = options_choose(flag, text, choices, err, errlen);

    if (k < 0)
        return -1;
    *choice = k;
    return 0;
}

enum flock_flag {
    FLAG_BOIDS = 1, FLAG_PREDATORS, FLAG_SCOUTS1, FLAG_SCOUTS2, FLAG_BIAS1, FLAG_BIAS2, FLAG_SEED,
    FLAG_FRAMES, FLAG_EVERY, FLAG_WORLD, FLAG_SET, FLAG_CONFIG, FLAG_LOAD, FLAG_SAVE, FLAG_MODEL,
    FLAG_UPDATE, FLAG_RULES, FLAG_NEIGHBORS, FLAG_SQRT, FLAG_EDGES, FLAG_DYNAMIC_BIAS, FLAG_HELP
};

static const struct option FLOCK_FLAGS[] = {
    {"boids", required_argument, NULL, FLAG_BOIDS},
    {"predators", required_argument, NULL, FLAG_PREDATORS},
    {"scouts1", required_argument, NULL, FLAG_SCOUTS1},
    {"scouts2", required_argument, NULL, FLAG_SCOUTS2},
    {"bias1", required_argument, NULL, FLAG_BIAS1},
    {"bias2", required_argument, NULL, FLAG_BIAS2},
    {"seed", required_argument, NULL, FLAG_SEED},
    {"frames", required_argument, NULL, FLAG_FRAMES},
    {"every", required_argument, NULL, FLAG_EVERY},
    {"world", required_argument, NULL, FLAG_WORLD},
    {"set", required_argument, NULL, FLAG_SET},
    {"config", required_argument, NULL, FLAG_CONFIG},
    {"load", required_argument, NULL, FLAG_LOAD},
    {"save", required_argument, NULL, FLAG_SAVE},
    {"model", required_argument, NULL, FLAG_MODEL},
    {"update", required_argument, NULL, FLAG_UPDATE},
    {"rules", required_argument, NULL, FLAG_RULES},
    {"neighbors", required_argument, NULL, FLAG_NEIGHBORS},
    {"sqrt", required_argument, NULL, FLAG_SQRT},
    {"edges", required_argument, NULL, FLAG_EDGES},
    {"dynamic-bias", no_argument, NULL, FLAG_DYNAMIC_BIAS},
    {"help", no_argument, NULL, FLAG_HELP},
    {NULL, 0, NULL, 0}};

/* One flock flag with its value (NULL for a flag without one); 0 or -1. */
static int apply_flag(options_t *o, int id, const char *flag, const char *value, char *err,
                      size_t errlen)
{
    unsigned long v;

    o->flock_flags_set |= id <= FLAG_SEED; /* the flags --load gives instead */
    switch (id) {
    case FLAG_BOIDS: return parse_count(flag, value, 1, BOIDS_MAX, &o->boids, err, errlen);
    case FLAG_PREDATORS:
        return parse_count(flag, value, 0, PREDATORS_MAX, &o->predators, err, errlen);
    case FLAG_SCOUTS1: return parse_count(flag, value, 0, BOIDS_MAX, &o->scouts1, err, errlen);
    case FLAG_SCOUTS2: return parse_count(flag, value, 0, BOIDS_MAX, &o->scouts2, err, errlen);
    case FLAG_BIAS1:
        o->bias1_set = 1;
        return number_parse_real(flag, value, 0, 1, &o->bias1, err, errlen) == NUMBER_OK ? 0 : -1;
    case FLAG_BIAS2:
        o->bias2_set = 1;
        return number_parse_real(flag, value, 0, 1, &o->bias2, err, errlen) == NUMBER_OK ? 0 : -1;
    case FLAG_SEED:
        if (number_parse_whole(flag, value, 0, 0xfffffffful, &v, err, errlen) != NUMBER_OK)
            return -1;
        o->seed = v;
        return 0;
    case FLAG_FRAMES:
        o->frames_set = 1;
        return number_parse_whole(flag, value, 0, OPTIONS_FRAMES_MAX, &o->frames, err, errlen) ==
                       NUMBER_OK ? 0 : -1;
    case FLAG_EVERY:
        return number_parse_whole(flag, value, 1, OPTIONS_FRAMES_MAX, &o->every, err, errlen) ==
                       NUMBER_OK ? 0 : -1;
    case FLAG_WORLD: return parse_world(value, &o->params, err, errlen);
    case FLAG_SET: return params_set_assignment(&o->params, value, err, errlen);
    case FLAG_CONFIG: return params_load_config(&o->params, value, err, errlen);
    case FLAG_LOAD: o->load_path = value; return 0;
    case FLAG_SAVE: o->save_path = value; return 0;
    case FLAG_MODEL: return set_choice(&o->model, flag, value, OPTION_MODELS, err, errlen);
    case FLAG_UPDATE: return set_choice(&o->params.order, flag, value, OPTION_ORDERS, err, errlen);
    case FLAG_RULES: return set_choice(&o->params.rules, flag, value, OPTION_RULES, err, errlen);
    case FLAG_NEIGHBORS:
        o->neighbors_set = 1;
        return set_choice(&o->neighbors, flag, value, OPTION_NEIGHBORS, err, errlen);
    case FLAG_SQRT:
        return set_choice(&o->params.speed_estimate, flag, value, SQRTS, err, errlen);
    case FLAG_EDGES: return set_choice(&o->params.edges, flag, value, OPTION_EDGES, err, errlen);
    case FLAG_DYNAMIC_BIAS: o->params.dynamic_bias = 1; return 0;
    default: return OPTIONS_HELP;
    }
}

/* Every flag a program takes, as getopt_long wants them: entry i returns
 * MATCHED + i, which says whose flag it is. Distinct values also make
 * getopt_long call an abbreviation of two flags ambiguous. */
#define FLAGS_MAX 64
#define MATCHED 0x100

typedef struct {
    struct option table[FLAGS_MAX + 1];
    const options_extra_t *owner[FLAGS_MAX]; /* NULL: a flock flag */
    int id[FLAGS_MAX];
    size_t n;
} flag_table_t;

static int has_flag(const flag_table_t *t, const char *name)
{
    size_t i;

    for (i = 0; i < t->n; i++)
        if (strcmp(t->table[i].name, name) == 0)
            return 1;
    return 0;
}

/* Adds flags, but none whose name is taken already. */
static void add_flags(flag_table_t *t, const struct option *flags, const options_extra_t *owner)
{
    for (; flags->name != NULL && t->n < FLAGS_MAX; flags++) {
        if (has_flag(t, flags->name))
            continue;
        t->table[t->n] = *flags;
        t->table[t->n].flag = NULL;
        t->table[t->n].val = MATCHED + (int)t->n;
        t->owner[t->n] = owner;
        t->id[t->n] = flags->val;
        t->n++;
    }
    memset(&t->table[t->n], 0, sizeof t->table[t->n]);
}

/* What getopt_long could not match: an unknown or ambiguous name, or a value
 * given to a flag that takes none. arg is the word as typed. */
static void explain_unmatched(const flag_table_t *t, const char *arg, char *err, size_t errlen)
{
    char quoted[QUOTE_SIZE], name[QUOTE_SIZE + 8];
    size_t len, i, matches = 0, used;
    const char *eq;

    if (optopt != 0 && optopt < MATCHED) {
        char letter[3] = {'-', (char)optopt, '\0'};
        snprintf(err, errlen, "unknown option \"%s\" (try --help)", quote(quoted, letter));
        return;
    }
    eq = strchr(arg, '=');
    len = eq != NULL ? (size_t)(eq - arg) : strlen(arg);
    snprintf(name, sizeof name, "%.*s", (int)(len < QUOTE_MAX ? len : QUOTE_MAX), arg);
    quote(quoted, name);
    if (optopt >= MATCHED) {
        snprintf(err, errlen, "%s takes no value (try --help)", quoted);
        return;
    }
    used = (size_t)snprintf(err, errlen, "option \"%s\" is ambiguous:", quoted);
    for (i = 0; i < t->n && len > 2; i++)
        if (strncmp(t->table[i].name, arg + 2, len - 2) == 0 && used < errlen) {
            matches++;
            used += (size_t)snprintf(err + used, errlen - used, " --%s", t->table[i].name);
        }
    if (matches < 2)
        snprintf(err, errlen, "unknown option \"%s\" (try --help)", quoted);
}

static int options_check_all(options_t *o, const options_extra_t *extra, char *err, size_t errlen)
{
    for (; extra != NULL; extra = extra->next)
        if (extra->finish != NULL && extra->finish(extra->ctx, o, err, errlen) != 0)
            return -1;
    return options_check(o, err, errlen);
}

int options_parse_with(int argc, char **argv, options_t *o, const options_extra_t *extra,
                       char *err, size_t errlen)
{
    static flag_table_t t; /* too big for some stacks; getopt_long is not reentrant anyway */
    const options_extra_t *e;
    char quoted[QUOTE_SIZE];
    int c;

    options_defaults(o);
    t.n = 0;
    for (e = extra; e != NULL; e = e->next) /* first: a program's flag hides a flock flag */
        add_flags(&t, e->flags, e);
    add_flags(&t, FLOCK_FLAGS, NULL);
    opterr = 0;
    optind = 0; /* glibc: start over, as a fresh program would */
    while ((c = getopt_long(argc, argv, "-:h", t.table, NULL)) != -1) {
        size_t index = (size_t)(c - MATCHED);
        char flag[64];
        int rc;

        if (c == 'h')
            return OPTIONS_HELP;
        if (c == 1) {
            snprintf(err, errlen, "unexpected argument \"%s\" (try --help)", quote(quoted, optarg));
            return OPTIONS_ERROR;
        }
        if (c == ':') {
            snprintf(err, errlen, "%s needs a value (try --help)",
                     quote(quoted, argv[optind - 1]));
            return OPTIONS_ERROR;
        }
        if (c < MATCHED || index >= t.n) {
            explain_unmatched(&t, argv[optind - 1], err, errlen);
            return OPTIONS_ERROR;
        }
        snprintf(flag, sizeof flag, "--%s", t.table[index].name);
        rc = t.owner[index] == NULL
                 ? apply_flag(o, t.id[index], flag, optarg, err, errlen)
                 : t.owner[index]->apply(t.owner[index]->ctx, t.id[index], flag, optarg, err,
                                         errlen);
        if (rc != 0)
            return rc == OPTIONS_HELP ? OPTIONS_HELP : OPTIONS_ERROR;
    }
    if (optind < argc) { /* after "--" */
        snprintf(err, errlen, "unexpected argument \"%s\" (try --help)", quote(quoted, argv[optind]));
        return OPTIONS_ERROR;
    }
    return options_check_all(o, extra, err, errlen) == 0 ? OPTIONS_RUN : OPTIONS_ERROR;
}

int options_parse(int argc, char **argv, options_t *o, char *err, size_t errlen)
{
    return options_parse_with(argc, argv, o, NULL, err, errlen);
}

void options_print_flock_help(FILE *out, unsigned long boids_max, unsigned long predators_max)
{
    fprintf(out,
            "Flock:\n"
            "  --boids N          flock size, scouts included (default 256, at most %lu)\n"
            "  --predators P      predators (default 0, at most %lu)\n"
            "  --scouts1 N        boids biased right (scout group 1, default 0)\n"
            "  --scouts2 N        boids biased left (scout group 2, default 0)\n"
            "  --bias1 B          scout group 1's starting biasval (default: biasval)\n"
            "  --bias2 B          scout group 2's starting biasval (default: biasval)\n"
            "  --dynamic-bias     scouts adapt biasval each frame (maxbias, bias_increment)\n"
            "  --seed S           random start (default 1)\n"
            "  --world WxH        world size in px (default 640x480, %d to %d a side; margins\n"
            "                     stay margin px from each edge)\n"
            "  --load FILE        start from a state file (CSV: id,role,x,y,vx,vy,biasval)\n"
            "  --update U         sequential (pseudocode, default) | synchronous (parallel)\n"
            "  --rules R          cornell (default) | weighted\n"
            "  --sqrt S           exact (default) | ambm: speed by alpha-max-plus-beta-min\n"
            "  --edges E          brake (default): the speed rule keeps an edge's braking |\n"
            "                     pseudocode: scales it away, as the references do\n"
            "  --set NAME=VALUE   set a parameter (repeatable)\n"
            "  --config FILE      parameters from a file, one NAME = VALUE a line, # comments\n"
            "  --save FILE        write the final state (CSV), atomically\n",
            boids_max, predators_max, WORLD_MIN_PX, WORLD_MAX_PX);
}

void options_print_help(FILE *out, const char *program)
{
    fprintf(out,
            "Usage: %s [options]\n"
            "Runs a boids flock headless and prints its metrics, one line per frame.\n"
            "\n",
            program);
    options_print_flock_help(out, BOIDS_MAX, PREDATORS_MAX);
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
