/* The parameter table: every tunable by its reference name, with default,
 * limits, unit and meaning, and the text parsing that fills param_set_t. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "../firmware/boid.h"
#include "number_parse.h"
#include "params.h"
#include "quote.h"

#define PI 3.14159265358979323846
#define CONFIG_LINE_MAX 511 /* characters a config line may hold, without its newline */

/* The fixed-point step a parameter takes in the fixed model (params_to_fixed). */
enum param_fixed { FIXED_Q16, FIXED_GAIN, FIXED_ANGLE /* cos and sin of it: no one step */ };

typedef struct {
    const char *name;
    size_t offset; /* of the double in param_set_t */
    double deflt, min, max;
    const char *unit, *meaning;
    enum param_fixed fixed;
} param_info_t;

#define P(field, d, lo, hi, unit, meaning, fixed) \
    {#field, offsetof(param_set_t, field), d, lo, hi, unit, meaning, fixed}

static const param_info_t PARAMS[] = {
    P(turnfactor, 0.2, 0, 64, "px/frame^2", "turn rate outside the margins", FIXED_Q16),
    P(visualrange, 40, 0, VISUALRANGE_MAX_PX, "px", "neighbors closer than this align and cohere", FIXED_Q16),
    P(protectedrange, 8, 0, VISUALRANGE_MAX_PX, "px", "neighbors closer than this repel", FIXED_Q16),
    P(centeringfactor, 0.0005, 0, 1, "", "cohesion gain", FIXED_GAIN),
    P(avoidfactor, 0.05, 0, 1, "", "separation gain", FIXED_GAIN),
    P(matchingfactor, 0.05, 0, 1, "", "alignment gain", FIXED_GAIN),
    P(maxspeed, 6, 0, SPEED_MAX_PX, "px/frame", "speed limit above", FIXED_Q16),
    P(minspeed, 3, 0, SPEED_MAX_PX, "px/frame", "speed limit below", FIXED_Q16),
    P(predatorturnfactor, 0.5, 0, 64, "px/frame^2", "turn rate away from predators", FIXED_Q16),
    P(predatorrange, 100, 0, WORLD_MAX_PX, "px", "predators closer than this scare", FIXED_Q16),
    P(margin, 100, 0, WORLD_MAX_PX, "px", "edge zone where boids turn back", FIXED_Q16),
    P(maxbias, 0.01, 0, 1, "", "largest dynamic biasval", FIXED_GAIN),
    P(bias_increment, 0.00004, 0, 1, "", "dynamic biasval step per frame", FIXED_GAIN),
    P(biasval, 0.001, 0, 1, "", "scouts' starting bias (--bias1/--bias2 per group)", FIXED_GAIN),
    P(cohesionweight, 0.05, 0, 64, "px/frame", "weighted rules: cohesion weight", FIXED_Q16),
    P(alignmentweight, 0.05, 0, 64, "px/frame", "weighted rules: alignment weight", FIXED_Q16),
    P(separationweight, 0.1, 0, 64, "px/frame", "weighted rules: separation weight", FIXED_Q16),
    P(speed, 4, 0, SPEED_MAX_PX, "px/frame", "weighted rules: constant speed", FIXED_Q16),
    P(maxturn, 180, 0, 180, "degrees", "weighted rules: largest turn per frame (180: none)", FIXED_ANGLE),
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
    ps->edges = EDGES_BRAKE;
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
    char quoted[QUOTE_SIZE];
    double v;

    if (info == NULL) {
        snprintf(err, errlen, "unknown parameter \"%s\" (boids --help lists them)",
                 quote(quoted, name));
        return -1;
    }
    if (number_parse_real(name, value, info->min, info->max, &v, err, errlen) != NUMBER_OK)
        return -1;
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
    char name[64], quoted[QUOTE_SIZE];
    char *value;
    size_t value_size;
    int rc;

    if (eq == NULL || eq == assignment || !trimmed(assignment, eq, name, sizeof name) ||
        name[0] == '\0') {
        if (eq != NULL && eq - assignment >= (ptrdiff_t)sizeof name)
            snprintf(err, errlen, "unknown parameter in \"%s\" (try --help)", quote(quoted, assignment));
        else
            snprintf(err, errlen, "expected name=value, got \"%s\"", quote(quoted, assignment));
        return -1;
    }
    /* a value as long as it is typed: the number parser decides what it means */
    value_size = strlen(eq + 1) + 1;
    value = malloc(value_size);
    if (value == NULL) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    trimmed(eq + 1, eq + strlen(eq), value, value_size);
    rc = params_set(ps, name, value, err, errlen);
    free(value);
    return rc;
}

/* The next line without its newline into buf[CONFIG_LINE_MAX + 1]: 1, 0 at the
 * end, or -1 with a message (too long, a NUL byte, a read error). Never
 * reads more than a line's worth before it decides: no line can exhaust
 * memory. */
static int read_config_line(FILE *f, char *buf, const char *name, unsigned lineno, char *err,
                            size_t errlen)
{
    size_t len = 0;
    int c;

    while ((c = getc(f)) != EOF && c != '\n') {
        if (c == '\0') {
            snprintf(err, errlen, "%s:%u: line contains a NUL byte (not a text file?)", name,
                     lineno);
            return -1;
        }
        if (len == CONFIG_LINE_MAX) {
            snprintf(err, errlen, "%s:%u: line is longer than %d characters", name, lineno,
                     CONFIG_LINE_MAX);
            return -1;
        }
        buf[len++] = (char)c;
    }
    buf[len] = '\0';
    if (ferror(f)) { /* a directory, an I/O error: never a silent empty config */
        snprintf(err, errlen, "%s: cannot read: %s", name, strerror(errno));
        return -1;
    }
    return c != EOF || len > 0;
}

int params_read_config(param_set_t *ps, FILE *f, const char *name, char *err, size_t errlen)
{
    char line[CONFIG_LINE_MAX + 1], body[CONFIG_LINE_MAX + 1] = "", msg[256];
    unsigned lineno = 1;
    int rc;

    for (; (rc = read_config_line(f, line, name, lineno, err, errlen)) == 1; lineno++) {
        /* a UTF-8 byte order mark before the first line, as some editors write */
        char *text = lineno == 1 && strncmp(line, "\xef\xbb\xbf", 3) == 0 ? line + 3 : line;
        char *hash = strchr(text, '#');
        if (hash != NULL)
            *hash = '\0';
        trimmed(text, text + strlen(text), body, sizeof body);
        if (body[0] != '\0' && params_set_assignment(ps, body, msg, sizeof msg) != 0) {
            snprintf(err, errlen, "%s:%u: %s", name, lineno, msg);
            return -1;
        }
    }
    return rc;
}

int params_load_config(param_set_t *ps, const char *path, char *err, size_t errlen)
{
    FILE *f = fopen(path, "r");
    int rc;

    if (f == NULL) {
        snprintf(err, errlen, "%s: cannot open: %s", path, strerror(errno));
        return -1;
    }
    rc = params_read_config(ps, f, path, err, errlen);
    fclose(f);
    return rc;
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
    out->edges = (uint8_t)ps->edges;
}

/* How far the fixed model may move a value from what was typed, relatively. */
#define FIXED_TOLERANCE 0.01

int params_check_fixed(const param_set_t *ps, char *err, size_t errlen)
{
    size_t i;

    for (i = 0; i < PARAM_COUNT; i++) {
        const param_info_t *info = &PARAMS[i];
        double v = *field((param_set_t *)ps, info), step, kept;

        if (info->fixed == FIXED_ANGLE || v == 0)
            continue;
        step = info->fixed == FIXED_Q16 ? 1.0 / Q16_ONE : 1.0 / GAIN_ONE;
        kept = (double)lround(v / step) * step;
        if (kept == 0 || fabs(kept - v) > FIXED_TOLERANCE * v) {
            snprintf(err, errlen,
                     "%s: %.10g becomes %.10g in the fixed model (steps of %.10g): give a value "
                     "nearer a step (%.10g or more), or --model float",
                     info->name, v, kept, step, ceil(0.5 / FIXED_TOLERANCE) * step);
            return -1;
        }
    }
    return 0;
}

void params_print_help(FILE *out)
{
    size_t i;

    fprintf(out, "Parameters (--set name=value, or name = value lines in --config FILE):\n");
    for (i = 0; i < PARAM_COUNT; i++)
        fprintf(out, "  %-19s %-9g [%g, %g] %-10s %s\n", PARAMS[i].name, PARAMS[i].deflt,
                PARAMS[i].min, PARAMS[i].max, PARAMS[i].unit, PARAMS[i].meaning);
}
