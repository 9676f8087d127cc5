/* One parser for every number a user types: flags, --set and --config
 * values, state-file fields, list items. One syntax and one wording:
 *   whole numbers:  [+-]digits                 (counts, ids, seeds, sizes)
 *   real numbers:   [+-]digits[.digits][e[+-]digits], or [+-].digits[...]
 * and nothing else: no spaces, no hex, no inf or nan, no empty text. A value
 * too small for a double (1e-400) is its nearest double, 0 or subnormal; one
 * too large (1e999) is out of range. Errors read
 *   WHAT: "TEXT" is not a number         (or "is not a whole number")
 *   WHAT: TEXT is out of range [MIN, MAX]
 * with TEXT as the user typed it (at most QUOTE_MAX characters shown). */
#ifndef NUMBER_PARSE_H
#define NUMBER_PARSE_H

#include <stddef.h>

enum number_status { NUMBER_OK = 0, NUMBER_NOT_A_NUMBER, NUMBER_OUT_OF_RANGE };

/* A real number in [min, max]; min and max may be -HUGE_VAL and HUGE_VAL
 * (then only a value beyond a double's range is out of range, and the
 * message gives no bounds). On error *out is untouched and err holds one line. */
enum number_status number_parse_real(const char *what, const char *text, double min, double max,
                                     double *out, char *err, size_t errlen);
/* A whole number in [min, max]; "10.5" and "1e3" are not whole numbers, and
 * a negative one ("-5") is out of range for min 0. */
enum number_status number_parse_whole(const char *what, const char *text, unsigned long min,
                                      unsigned long max, unsigned long *out, char *err,
                                      size_t errlen);
/* ... and the way back: the shortest decimal (at most 17 significant digits,
 * a double's) that reads back as exactly v, into buf (32 bytes hold any).
 * A state file loads into the same state; a bound and a value just outside
 * it never print the same. Returns buf. */
const char *number_format_exact(char *buf, size_t len, double v);

#endif
