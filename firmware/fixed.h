/* Fixed-point formats shared by the flock firmware and, later, the RTL.
 *
 *   q16_t   Q15.16 in int32_t: positions (px), velocities (px/frame), lengths.
 *   gain_t  Q7.24  in int32_t: dimensionless factors in [0, 1] (centering, bias...).
 *
 * docs/fixed-point.md gives the range analysis behind every width used here.
 * Everything is portable C99: shifts of negative numbers and rounding are spelled
 * out instead of left to the compiler, so the soft CPU computes the same bits.
 */
#ifndef FIXED_H
#define FIXED_H

#include <stdint.h>

typedef int32_t q16_t;
typedef int32_t gain_t;

#define Q16_FRAC 16
#define GAIN_FRAC 24
#define Q16_ONE ((q16_t)1 << Q16_FRAC)
#define GAIN_ONE ((gain_t)1 << GAIN_FRAC)

/* Whole pixels to Q16 (compile-time constants and tests). */
#define Q16_PX(px) ((q16_t)((px) * (int32_t)Q16_ONE))

/* floor(a / 2^s) for any sign: C99 leaves >> of a negative value to the compiler. */
static inline int64_t fx_floor_shift(int64_t a, unsigned s)
{
    return a >= 0 ? a >> s : -((-(a + 1)) >> s) - 1;
}

/* floor(a / b) for b > 0. */
static inline int64_t fx_floor_div(int64_t a, int64_t b)
{
    int64_t q = a / b;
    return (a % b != 0 && a < 0) ? q - 1 : q;
}

/* a / b rounded to nearest, halves up: floor((2a + b) / 2b), b > 0.
 * Halves-up (not away from zero) keeps mean(other.x) - self.x equal to
 * mean(other.x - self.x) bit for bit, which lets us sum offsets. */
static inline int64_t fx_div_round(int64_t a, int64_t b)
{
    int64_t num = 2 * a + b, den = 2 * b;

    /* Same quotient through a 32-bit division when it fits: several times
     * cheaper than a 64-bit one, and the flock's means nearly always fit. */
    if (num >= INT32_MIN && num <= INT32_MAX && den <= INT32_MAX) {
        int32_t q = (int32_t)num / (int32_t)den;
        return ((int32_t)num % (int32_t)den != 0 && num < 0) ? q - 1 : q;
    }
    return fx_floor_div(num, den);
}

static inline int32_t fx_sat32(int64_t a)
{
    return a > INT32_MAX ? INT32_MAX : a < INT32_MIN ? INT32_MIN : (int32_t)a;
}

/* a * g with g a gain, rounded to nearest (halves up). |a| < 2^31 and
 * |g| <= 2^30 keep the product inside int64. */
static inline int64_t fx_mul_gain(int32_t a, gain_t g)
{
    return fx_floor_shift((int64_t)a * g + ((int64_t)1 << (GAIN_FRAC - 1)), GAIN_FRAC);
}

/* a * b for two Q16 values, rounded to nearest (halves up). */
static inline int64_t fx_mul_q16(int32_t a, int32_t b)
{
    return fx_floor_shift((int64_t)a * b + ((int64_t)1 << (Q16_FRAC - 1)), Q16_FRAC);
}

static inline int64_t fx_abs64(int64_t a) { return a < 0 ? -a : a; }

/* floor(sqrt(a)), exact for every 64-bit input. */
uint32_t fx_isqrt64(uint64_t a);

#endif
