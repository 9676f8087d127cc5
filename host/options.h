/* Command-line options of the flock programs (build/boids, build/sim): every
 * flock flag, its parsing and its checks, in one place. */
#ifndef OPTIONS_H
#define OPTIONS_H

#include <stdint.h>
#include <stdio.h>
#include "params.h"

enum model_kind { MODEL_FIXED, MODEL_FLOAT };
enum neighbor_kind { NEIGHBORS_BRUTE, NEIGHBORS_GRID, NEIGHBORS_ACCEL };

typedef struct {
    param_set_t params;
    uint32_t boids, predators, scouts1, scouts2;
    double bias1, bias2;
    int bias1_set, bias2_set, flock_flags_set; /* which flags the user gave */
    unsigned long frames, every;
    int frames_set;
    uint64_t seed;
    int model, neighbors, neighbors_set;
    const char *load_path, *save_path;
} options_t;

enum { OPTIONS_RUN = 0, OPTIONS_HELP = 1, OPTIONS_ERROR = -1 };

#define OPTIONS_FRAMES_MAX 100000000ul /* --frames, --every and the like */

struct option; /* <getopt.h> */

/* A program's own flags, parsed with the flock's in one pass by getopt_long
 * (so --flag=value, abbreviations and "--" work alike for all). flags ends
 * with a zeroed entry; each entry's val is the id apply gets, with the flag's
 * full name ("--png") and its value (NULL for a flag without one). apply
 * returns 0, OPTIONS_HELP, or -1 with one line in err. finish, if set, runs
 * after the last flag and before the flock checks. A program's flag of the
 * same name hides the flock's. */
typedef struct options_extra {
    const struct option *flags;
    int (*apply)(void *ctx, int id, const char *flag, const char *value, char *err, size_t errlen);
    int (*finish)(void *ctx, options_t *o, char *err, size_t errlen);
    void *ctx;
    const struct options_extra *next;
} options_extra_t;

/* The words of the choice flags, indexed by their enums; NULL-terminated. */
extern const char *const OPTION_MODELS[];    /* --model: enum model_kind */
extern const char *const OPTION_ORDERS[];    /* --update: enum flock_order */
extern const char *const OPTION_RULES[];     /* --rules: enum flock_rules */
extern const char *const OPTION_NEIGHBORS[]; /* --neighbors: enum neighbor_kind */
extern const char *const OPTION_EDGES[];     /* --edges: enum flock_edges */

/* Index of text in a NULL-terminated list of choices (OPTION_ above), or -1
 * with "FLAG: "TEXT" is not one of A|B|..." in err. */
int options_choose(const char *flag, const char *text, const char *const *choices, char *err,
                   size_t errlen);

/* Parses argv in order (a later --set overrides an earlier --config line).
 * Returns OPTIONS_RUN, OPTIONS_HELP, or OPTIONS_ERROR with one line in err. */
int options_parse(int argc, char **argv, options_t *o, char *err, size_t errlen);
/* The same with a program's own flags (a list, or NULL). */
int options_parse_with(int argc, char **argv, options_t *o, const options_extra_t *extra,
                       char *err, size_t errlen);
void options_print_help(FILE *out, const char *program);
/* The flock and parameter flags every flock program shares, with the limits
 * of --boids and --predators the program checks. */
void options_print_flock_help(FILE *out, unsigned long boids_max, unsigned long predators_max);

#endif
