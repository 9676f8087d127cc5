/* The one number parser (number_parse.h). */
#define _POSIX_C_SOURCE 200809L
#include "number_parse.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "quote.h"

static size_t count_digits(const char *s)
{
    size_t n = 0;

    while (s[n] >= '0' && s[n] <= '9')
        n++;
    return n;
}

/* Whether all of text is a decimal of number_parse.h's syntax; *whole is set
 * when it has neither a fraction nor an exponent. */
static int is_decimal(const char *text, int *whole)
{
    const char *p = text;
    size_t before, after = 0, exponent;

    *whole = 1;
    if (*p == '+' || *p == '-')
        p++;
    before = count_digits(p);
    p += before;
    if (*p == '.') {
        *whole = 0;
        after = count_digits(++p);
        p += after;
    }
    if (before + after == 0)
        return 0;
    if (*p == 'e' || *p == 'E') {
        *whole = 0;
        p++;
        if (*p == '+' || *p == '-')
            p++;
        exponent = count_digits(p);
        if (exponent == 0)
            return 0;
        p += exponent;
    }
    return *p == '\0';
}

static enum number_status not_a_number(const char *what, const char *text, const char *kind,
                                       char *err, size_t errlen)
{
    char quoted[QUOTE_SIZE];

    snprintf(err, errlen, "%s: \"%s\" is not %s", what, quote(quoted, text), kind);
    return NUMBER_NOT_A_NUMBER;
}

/* The bounds are text already: "[0, 255]", or "" for none. */
static enum number_status out_of_range(const char *what, const char *text, const char *bounds,
                                       char *err, size_t errlen)
{
    char quoted[QUOTE_SIZE];

    snprintf(err, errlen, "%s: %s is out of range%s", what, quote(quoted, text), bounds);
    return NUMBER_OUT_OF_RANGE;
}

enum number_status number_parse_real(const char *what, const char *text, double min, double max,
                                     double *out, char *err, size_t errlen)
{
    char bounds[80] = "";
    double v;
    int whole;

    if (!is_decimal(text, &whole))
        return not_a_number(what, text, "a number", err, errlen);
    v = strtod(text, NULL); /* underflow gives the nearest double: 0 or subnormal */
    if (isinf(v) || v < min || v > max) {
        if (!isinf(min) || !isinf(max))
            snprintf(bounds, sizeof bounds, " [%.15g, %.15g]", min, max);
        return out_of_range(what, text, bounds, err, errlen);
    }
    *out = v;
    return NUMBER_OK;
}

const char *number_format_exact(char *buf, size_t len, double v)
{
    int digits;

    for (digits = 6; digits < 17; digits++) {
        snprintf(buf, len, "%.*g", digits, v);
        if (strtod(buf, NULL) == v)
            return buf;
    }
    snprintf(buf, len, "%.17g", v);
    return buf;
}

enum number_status number_parse_whole(const char *what, const char *text, unsigned long min,
                                      unsigned long max, unsigned long *out, char *err,
                                      size_t errlen)
{
    const char *digits = text + (text[0] == '+' || text[0] == '-');
    unsigned long v;
    int whole, negative = text[0] == '-';

    if (!is_decimal(text, &whole) || !whole)
        return not_a_number(what, text, "a whole number", err, errlen);
    errno = 0;
    v = strtoul(digits, NULL, 10);
    if (errno == ERANGE || (negative && v != 0) || v < min || v > max) {
        char bounds[80];

        snprintf(bounds, sizeof bounds, " [%lu, %lu]", min, max);
        return out_of_range(what, text, bounds, err, errlen);
    }
    *out = v;
    return NUMBER_OK;
}
