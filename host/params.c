/* The parameter table: every tunable by its reference name, with default,
 * limits, unit and meaning, and the text parsing that fills param_set_t. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "../firmware/boid.h"
#include "params.h"

#define PI 3.14159265358979323846

typedef struct {
    const char *name;
    size_t offset; /* of the double in param_set_t */
    double deflt, min, max;
    const char *unit, *meaning;
} param_info_t;

#define P(field, d, lo, hi, unit, meaning) {#field, offsetof(param_set_t, field), d, lo, hi, unit, meaning}

static const param_info_t PARAMS[] = {
    P(turnfactor, 0.2, 0, 64, "px/frame^2", "turn rate outside the margins"),
    P(visualrange, 40, 0, VISUALRANGE_MAX_PX, "px", "neighbors closer than this align and cohere"),
    P(protectedrange, 8, 0, VISUALRANGE_MAX_PX, "px", "neighbors closer than this repel"),
    P(centeringfactor, 0.0005, 0, 1, "", "cohesion gain"),
    P(avoidfactor, 0.05, 0, 1, "", "separation gain"),
    P(matchingfactor, 0.05, 0, 1, "", "alignment gain"),
    P(maxspeed, 6, 0, SPEED_MAX_PX, "px/frame", "speed limit above"),
    P(minspeed, 3, 0, SPEED_MAX_PX, "px/frame", "speed limit below"),
    P(predatorturnfactor, 0.5, 0, 64, "px/frame^2", "turn rate away from predators"),
    P(predatorrange, 100, 0, WORLD_MAX_PX, "px", "predators closer than this scare"),
    P(margin, 100, 0, WORLD_MAX_PX, "px", "edge zone where boids turn back"),
    P(maxbias, 0.01, 0, 1, "", "largest dynamic biasval"),
    P(bias_increment, 0.00004, 0, 1, "", "dynamic biasval step per frame"),
    P(biasval, 0.001, 0, 1, "", "scouts' starting bias (--bias1/--bias2 per group)"),
    P(cohesionweight, 0.05, 0, 64, "px/frame", "weighted rules: cohesion weight"),
    P(alignmentweight, 0.05, 0, 64, "px/frame", "weighted rules: alignment weight"),
    P(separationweight, 0.1, 0, 64, "px/frame", "weighted rules: separation weight"),
    P(speed, 4, 0, SPEED_MAX_PX, "px/frame", "weighted rules: constant speed"),
    P(maxturn, 180, 0, 180, "degrees", "weighted rules: largest turn per frame (180: none)"),
};
#define PARAM_COUNT (sizeof PARAMS / sizeof PARAMS[0])

static double *field(param_set_t *ps, const param_info_t *info)
{
    return (double *)(void *)((char *)ps + info->offset);
}

void params_defaults(param_set_t *ps)
{
    size_t i;

    memset(ps, 0, sizeof *ps);
    for (i = 0; i < PARAM_COUNT; i++)
        *field(ps, &PARAMS[i]) = PARAMS[i].deflt;
    ps->world_w = 640;
    ps->world_h = 480;
    ps->rules = RULES_CORNELL;
    ps->order = ORDER_SEQUENTIAL;
    ps->speed_estimate = SPEED_EXACT;
}

int parse_double(const char *text, const char *what, double *out, char *err, size_t errlen)
{
    char *end;
    double v;

    errno = 0;
    v = strtod(text, &end);
    if (end == text || *end != '\0' || errno == ERANGE || !isfinite(v)) {
        snprintf(err, errlen, "%s: \"%s\" is not a number", what, text);
        return -1;
    }
    *out = v;
    return 0;
}

int parse_uint(const char *text, const char *what, unsigned long max, unsigned long *out, char *err,
               size_t errlen)
{
    char *end;
    unsigned long v;

    errno = 0;
    v = strtoul(text, &end, 10);
    if (end == text || *end != '\0' || text[0] == '-' || text[0] == '+' || errno == ERANGE) {
        snprintf(err, errlen, "%s: \"%s\" is not a whole number", what, text);
        return -1;
    }
    if (v > max) {
        snprintf(err, errlen, "%s: %lu is above the limit of %lu", what, v, max);
        return -1;
    }
    *out = v;
    return 0;
}

static const param_info_t *find_param(const char *name)
{
    size_t i;

    for (i = 0; i < PARAM_COUNT; i++)
        if (strcmp(PARAMS[i].name, name) == 0)
            return &PARAMS[i];
    return NULL;
}

int params_set(param_set_t *ps, const char *name, const char *value, char *err, size_t errlen)
{
    const param_info_t *info = find_param(name);
    double v;

    if (info == NULL) {
        snprintf(err, errlen, "unknown parameter \"%s\" (boids --help lists them)", name);
        return -1;
    }
    if (parse_double(value, name, &v, err, errlen) != 0)
        return -1;
    if (v < info->min || v > info->max) {
        snprintf(err, errlen, "%s = %g is out of range [%g, %g]", name, v, info->min, info->max);
        return -1;
    }
    *field(ps, info) = v;
    return 0;
}

/* Copies text without surrounding blanks into buf; false if it does not fit. */
static int trimmed(const char *begin, const char *end, char *buf, size_t buflen)
{
    while (begin < end && (*begin == ' ' || *begin == '\t'))
        begin++;
    while (end > begin && (end[-1] == ' ' || end[-1] == '\t' || end[-1] == '\r' || end[-1] == '\n'))
        end--;
    if ((size_t)(end - begin) >= buflen)
        return 0;
    memcpy(buf, begin, (size_t)(end - begin));
    buf[end - begin] = '\0';
    return 1;
}

int params_set_assignment(param_set_t *ps, const char *assignment, char *err, size_t errlen)
{
    const char *eq = strchr(assignment, '=');
    char name[64], value[128];

    if (eq == NULL || !trimmed(assignment, eq, name, sizeof name) ||
        !trimmed(eq + 1, eq + strlen(eq), value, sizeof value) || name[0] == '\0') {
        snprintf(err, errlen, "expected name=value, got \"%s\"", assignment);
        return -1;
    }
    return params_set(ps, name, value, err, errlen);
}

int params_load_config(param_set_t *ps, const char *path, char *err, size_t errlen)
{
    FILE *f = fopen(path, "r");
    char line[512], msg[256];
    unsigned lineno = 0;

    if (f == NULL) {
        snprintf(err, errlen, "%s: cannot open: %s", path, strerror(errno));
        return -1;
    }
    while (fgets(line, sizeof line, f) != NULL) {
        char *hash = strchr(line, '#');
        char body[512];
        lineno++;
        if (strchr(line, '\n') == NULL && !feof(f)) {
            snprintf(err, errlen, "%s:%u: line too long", path, lineno);
            fclose(f);
            return -1;
        }
        if (hash != NULL)
            *hash = '\0';
        if (!trimmed(line, line + strlen(line), body, sizeof body) || body[0] == '\0')
            continue;
        if (params_set_assignment(ps, body, msg, sizeof msg) != 0) {
            snprintf(err, errlen, "%s:%u: %s", path, lineno, msg);
            fclose(f);
            return -1;
        }
    }
    fclose(f);
    return 0;
}

int params_validate(const param_set_t *ps, char *err, size_t errlen)
{
    if (ps->protectedrange > ps->visualrange) {
        snprintf(err, errlen, "protectedrange (%g) is above visualrange (%g)", ps->protectedrange,
                 ps->visualrange);
        return -1;
    }
    if (ps->minspeed > ps->maxspeed) {
        snprintf(err, errlen, "minspeed (%g) is above maxspeed (%g)", ps->minspeed, ps->maxspeed);
        return -1;
    }
    if (ps->world_w < WORLD_MIN_PX || ps->world_w > WORLD_MAX_PX || ps->world_h < WORLD_MIN_PX ||
        ps->world_h > WORLD_MAX_PX) {
        snprintf(err, errlen, "world %gx%g is out of range (%d to %d px a side)", ps->world_w,
                 ps->world_h, WORLD_MIN_PX, WORLD_MAX_PX);
        return -1;
    }
    return 0;
}

static q16_t to_q16(double v) { return (q16_t)lround(v * Q16_ONE); }
static gain_t to_gain(double v) { return (gain_t)lround(v * GAIN_ONE); }

void params_to_fixed(const param_set_t *ps, flock_params_t *out)
{
    double turn = ps->maxturn * PI / 180.0;

    memset(out, 0, sizeof *out);
    out->world_w = to_q16(ps->world_w);
    out->world_h = to_q16(ps->world_h);
    out->margin = to_q16(ps->margin);
    out->visualrange = to_q16(ps->visualrange);
    out->protectedrange = to_q16(ps->protectedrange);
    out->predatorrange = to_q16(ps->predatorrange);
    out->centeringfactor = to_gain(ps->centeringfactor);
    out->avoidfactor = to_gain(ps->avoidfactor);
    out->matchingfactor = to_gain(ps->matchingfactor);
    out->turnfactor = to_q16(ps->turnfactor);
    out->predatorturnfactor = to_q16(ps->predatorturnfactor);
    out->minspeed = to_q16(ps->minspeed);
    out->maxspeed = to_q16(ps->maxspeed);
    out->maxbias = to_gain(ps->maxbias);
    out->bias_increment = to_gain(ps->bias_increment);
    out->dynamic_bias = (uint8_t)(ps->dynamic_bias != 0);
    out->cohesionweight = to_q16(ps->cohesionweight);
    out->alignmentweight = to_q16(ps->alignmentweight);
    out->separationweight = to_q16(ps->separationweight);
    out->speed = to_q16(ps->speed);
    out->turn_limited = (uint8_t)(ps->maxturn < 180.0);
    out->maxturn_cos = to_q16(cos(turn));
    out->maxturn_sin = to_q16(sin(turn));
    out->rules = (uint8_t)ps->rules;
    out->order = (uint8_t)ps->order;
    out->speed_estimate = (uint8_t)ps->speed_estimate;
}

void params_print_help(FILE *out)
{
    size_t i;

    fprintf(out, "Parameters (--set name=value, or name = value lines in --config FILE):\n");
    for (i = 0; i < PARAM_COUNT; i++)
        fprintf(out, "  %-19s %-9g [%g, %g] %-10s %s\n", PARAMS[i].name, PARAMS[i].deflt,
                PARAMS[i].min, PARAMS[i].max, PARAMS[i].unit, PARAMS[i].meaning);
}
