/* Flock parameters as the user writes them: decimals, by the reference
 * documents' names. One table (params.c) holds each parameter's name, default,
 * limits and help; it feeds --set, --config, --help and the conversion to the
 * firmware's fixed-point struct. The float reference model reads this struct.
 */
#ifndef PARAMS_H
#define PARAMS_H

#include <stddef.h>
#include <stdio.h>
#include "../firmware/flock_params.h"

typedef struct {
    double world_w, world_h, margin;
    double turnfactor, visualrange, protectedrange;
    double centeringfactor, avoidfactor, matchingfactor;
    double maxspeed, minspeed;
    double predatorturnfactor, predatorrange;
    double maxbias, bias_increment, biasval;
    double cohesionweight, alignmentweight, separationweight, speed, maxturn;
    int dynamic_bias;
    int rules, order, speed_estimate, edges; /* enum flock_rules, flock_order, flock_speed,
                                              * flock_edges */
} param_set_t;

void params_defaults(param_set_t *ps);

/* Sets one parameter by name from text. Returns 0, or -1 with a message in err. */
int params_set(param_set_t *ps, const char *name, const char *value, char *err, size_t errlen);
/* "name=value" form of params_set, as --set takes it. */
int params_set_assignment(param_set_t *ps, const char *assignment, char *err, size_t errlen);
/* A config file: one "name = value" a line, '#' starts a comment. */
int params_load_config(param_set_t *ps, const char *path, char *err, size_t errlen);
/* The same from an open stream; name stands for it in messages. */
int params_read_config(param_set_t *ps, FILE *f, const char *name, char *err, size_t errlen);
/* Checks relations between parameters (protectedrange <= visualrange, ...). */
int params_validate(const param_set_t *ps, char *err, size_t errlen);

void params_to_fixed(const param_set_t *ps, flock_params_t *out);
/* In the fixed model a value becomes a whole number of steps (Q16.16 for
 * lengths, speeds and turn rates, Q7.24 for gains): -1 with a message when a
 * value the user gave becomes 0 or moves by more than 1% (the value it
 * becomes, and the smallest that moves less), else 0. */
int params_check_fixed(const param_set_t *ps, char *err, size_t errlen);
/* Prints the table of parameters with defaults and limits (for --help). */
void params_print_help(FILE *out);

#endif
