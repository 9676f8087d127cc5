/* Fixed-point formats and the 32-bit arithmetic of the flock firmware.
 *
 *   q16_t   Q15.16 in int32_t: positions (px), velocities (px/frame), lengths.
 *   gain_t  Q7.24  in int32_t: dimensionless factors in [0, 1] (centering, bias...).
 *
 * docs/fixed-point.md gives the range analysis behind every width used here.
 * Everything is portable C99 on 32-bit integers: shifts of negative numbers and
 * rounding are spelled out instead of left to the compiler, so the host and the
 * soft CPU compute the same bits. The only 64-bit values are inside the three
 * high-product primitives (fx_mulh, fx_mulhsu, fx_mulhu), which a compiler for
 * RV32IM turns into one mulh, mulhsu or mulhu instruction each.
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

/* floor(a / 2^s), 0 <= s < 32: an arithmetic shift (C99 leaves >> of a
 * negative value to the compiler; this form compiles to one shift). */
static inline int32_t fx_sra(int32_t a, unsigned s) { return a >= 0 ? a >> s : ~(~a >> s); }

/* a / 2^s rounded to nearest, halves up, 1 <= s < 32; a + 2^(s-1) must fit.
 * Halves up (not away from zero) commutes with adding an integer. */
static inline int32_t fx_round_shift(int32_t a, unsigned s)
{
    return fx_sra(a + (int32_t)(1u << (s - 1)), s);
}

/* The word with the bits of u, as a signed value (compiles to nothing). */
static inline int32_t fx_i32(uint32_t u)
{
    return u <= (uint32_t)INT32_MAX ? (int32_t)u : -(int32_t)~u - 1;
}

/* |a| as an unsigned word: exact for every int32, INT32_MIN included. */
static inline uint32_t fx_uabs(int32_t a) { return a < 0 ? 0u - (uint32_t)a : (uint32_t)a; }

/* The high words of 32x32-bit products, floor(a * b / 2^32). */
static inline int32_t fx_mulh(int32_t a, int32_t b)
{
    int64_t p = (int64_t)a * b;
    return (int32_t)(p >= 0 ? p >> 32 : ~(~p >> 32));
}

static inline int32_t fx_mulhsu(int32_t a, uint32_t b)
{
    int64_t p = (int64_t)a * (int64_t)b;
    return (int32_t)(p >= 0 ? p >> 32 : ~(~p >> 32));
}

static inline uint32_t fx_mulhu(uint32_t a, uint32_t b)
{
    return (uint32_t)(((uint64_t)a * b) >> 32);
}

/* a * g rounded to nearest (halves up), for a gain 0 <= g <= GAIN_ONE and
 * |a| < 2^29: one mulhsu at one bit more than Q16, then the rounding shift. */
static inline int32_t fx_mul_gain(int32_t a, gain_t g)
{
    return fx_round_shift(fx_mulhsu(a * 4, (uint32_t)g << 7), 1);
}

/* v clamped to [-limit, limit], limit >= 0. */
static inline int32_t fx_clamp(int32_t v, int32_t limit)
{
    return v > limit ? limit : v < -limit ? -limit : v;
}

/* a^2 / 2^14 rounded down, for a <= 2^22: a Q16 magnitude's square in Q18,
 * one mulhu. Squared speeds compare in this format (docs/fixed-point.md). */
static inline uint32_t fx_sq18(uint32_t a) { return fx_mulhu(a << 9, a << 9); }

/* 2^45 / sqrt(n) within 2^-24 of itself, for n in [2^28, 2^31): a table for
 * the first 8 bits, then two Newton steps of multiplies only. */
uint32_t fx_rsqrt_norm(uint32_t n);

/* Scales the nonzero vector (x, y), |x|, |y| < 2^31, to length len
 * (0 <= len < 2^23) keeping its direction; returns 0 and leaves (0, 0) alone.
 * Each component ends within 2 steps of the exact value: no division, no
 * square root, about 60 instructions on RV32IM. */
int fx_scale_to(int32_t *x, int32_t *y, int32_t len);

/* Shifts (x, y) by a common power of two so that the larger magnitude lies in
 * [2^21, 2^22) (left shifts are exact, right shifts floor); returns the shift
 * (positive: left). (x, y) must not be (0, 0). */
int fx_normalize(int32_t *x, int32_t *y);

/* sqrt(a * b) for 0 <= a, b < 2^23 (two Q16 values: the result is Q16),
 * within a step: the leg of a right triangle is sqrt((c - l)(c + l)). */
int32_t fx_sqrt_product(int32_t a, int32_t b);

#endif
