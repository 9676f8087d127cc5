/* Fixed-point routines too long to inline: lengths and directions of vectors
 * without a square root or a division (see fixed.h). */
#include "fixed.h"

/* round(2^18.5 / sqrt(i + 32.5)): 2^45 / sqrt(n) / 2^15 at the middle of
 * the i-th bin of n >> 23 over [2^28, 2^31). tests/test_fixed.c checks it. */
static const uint16_t RSQRT_SEED[224] = {
    65030, 64052, 63117, 62222, 61363, 60540, 59748, 58987, 58254, 57548, 56867, 56210,
    55574, 54960, 54366, 53791, 53233, 52693, 52169, 51660, 51165, 50685, 50218, 49763,
    49321, 48890, 48470, 48061, 47663, 47273, 46894, 46523, 46161, 45807, 45462, 45124,
    44793, 44470, 44153, 43843, 43540, 43243, 42951, 42666, 42386, 42112, 41843, 41579,
    41320, 41065, 40816, 40571, 40330, 40093, 39861, 39632, 39408, 39187, 38970, 38756,
    38546, 38340, 38136, 37936, 37739, 37545, 37354, 37166, 36980, 36798, 36618, 36441,
    36266, 36093, 35924, 35756, 35591, 35428, 35267, 35109, 34953, 34798, 34646, 34496,
    34347, 34201, 34056, 33913, 33772, 33633, 33496, 33360, 33225, 33093, 32962, 32832,
    32704, 32578, 32453, 32329, 32207, 32086, 31966, 31848, 31731, 31616, 31501, 31388,
    31276, 31166, 31056, 30948, 30840, 30734, 30629, 30525, 30422, 30320, 30219, 30120,
    30021, 29923, 29826, 29730, 29635, 29540, 29447, 29354, 29263, 29172, 29082, 28993,
    28905, 28817, 28731, 28645, 28560, 28475, 28392, 28309, 28227, 28145, 28064, 27984,
    27905, 27826, 27748, 27671, 27594, 27518, 27442, 27368, 27293, 27220, 27147, 27074,
    27002, 26931, 26860, 26790, 26720, 26651, 26582, 26514, 26447, 26380, 26313, 26247,
    26182, 26117, 26052, 25988, 25924, 25861, 25799, 25736, 25674, 25613, 25552, 25492,
    25432, 25372, 25313, 25254, 25196, 25138, 25080, 25023, 24966, 24910, 24854, 24798,
    24743, 24688, 24633, 24579, 24525, 24472, 24419, 24366, 24313, 24261, 24209, 24158,
    24107, 24056, 24005, 23955, 23905, 23856, 23807, 23758, 23709, 23661, 23613, 23565,
    23518, 23470, 23423, 23377, 23331, 23284, 23239, 23193,
};

/* Newton's step for y = 1/sqrt(x) is y += y (1 - x y^2) / 2. Here x y^2 is
 * n Y^2 / 2^90, taken as g / 2^26; the seed is within 0.8%, one step leaves
 * 2^-13, two 2^-26. */
uint32_t fx_rsqrt_norm(uint32_t n)
{
    uint32_t y = (uint32_t)RSQRT_SEED[(n >> 23) - 32] << 15;
    int k;

    for (k = 0; k < 2; k++) {
        int32_t c = (int32_t)(1 << 26) - (int32_t)fx_mulhu(fx_mulhu(y, y), n);
        y += (uint32_t)fx_mulhsu(c * 32, y);
    }
    return y;
}

/* x shifted right by s, rounded toward zero: the same magnitude for -x. */
static int32_t shift_toward_zero(int32_t x, unsigned s)
{
    return x < 0 ? -(int32_t)(fx_uabs(x) >> s) : (int32_t)((uint32_t)x >> s);
}

static inline int normalize(int32_t *x, int32_t *y)
{
    uint32_t m = fx_uabs(*x) | fx_uabs(*y); /* the larger one's top bit */
    unsigned s = 0;

    if (m >= 1u << 22) { /* towards zero, so no magnitude reaches 2^22 */
        if (m >= 1u << 29) {
            m >>= 8;
            s += 8;
        }
        if (m >= 1u << 25) {
            m >>= 4;
            s += 4;
        }
        if (m >= 1u << 23) {
            m >>= 2;
            s += 2;
        }
        if (m >= 1u << 22)
            s += 1;
        *x = shift_toward_zero(*x, s);
        *y = shift_toward_zero(*y, s);
        return -(int)s;
    }
    if (m < 1u << 6) {
        m <<= 16;
        s += 16;
    }
    if (m < 1u << 14) {
        m <<= 8;
        s += 8;
    }
    if (m < 1u << 18) {
        m <<= 4;
        s += 4;
    }
    if (m < 1u << 20) {
        m <<= 2;
        s += 2;
    }
    if (m < 1u << 21)
        s += 1;
    *x *= (int32_t)1 << s;
    *y *= (int32_t)1 << s;
    return (int)s;
}

int fx_normalize(int32_t *x, int32_t *y) { return normalize(x, y); }

/* u^2 / 2^14 for |u| < 2^22, by sign: fx_sq18 without the magnitude. */
static uint32_t square18(int32_t u) { return (uint32_t)fx_mulh(u * 512, u * 512); }

/* With u = (x, y) normalized, n = |u|^2 / 2^14 lies in [2^28, 2^31), and
 * Y = 2^45 / sqrt(n) = 2^52 / |u|: each component becomes u len Y / 2^52,
 * taken as (len Y / 2^24) (32 u) / 2^32 at one more bit, then rounded. */
int fx_scale_to(int32_t *x, int32_t *y, int32_t len)
{
    int32_t ux = *x, uy = *y;
    uint32_t a;

    if (ux == 0 && uy == 0)
        return 0;
    (void)normalize(&ux, &uy);
    a = fx_mulhu((uint32_t)len << 8, fx_rsqrt_norm(square18(ux) + square18(uy)));
    *x = fx_round_shift(fx_mulh(ux * 32, (int32_t)a), 1);
    *y = fx_round_shift(fx_mulh(uy * 32, (int32_t)a), 1);
    return 1;
}

/* v shifted left by whole pairs of bits into [2^21, 2^23), v > 0; returns
 * the pairs. */
static unsigned normalize_by_fours(uint32_t *v)
{
    unsigned k = 0;

    while (*v < 1u << 21) {
        *v <<= 2;
        k++;
    }
    return k;
}

/* With a' = a 4^ka and b' = b 4^kb in [2^21, 2^23), w = a' b' / 2^14 (over
 * 4 if it reaches 2^31) lies in [2^28, 2^31), and sqrt(a b) is
 * sqrt(w) 2^(7 + c - ka - kb), where sqrt(w) = w Y / 2^45. */
int32_t fx_sqrt_product(int32_t a, int32_t b)
{
    uint32_t ua = (uint32_t)a, ub = (uint32_t)b, w, root;
    unsigned shift;

    if (a <= 0 || b <= 0)
        return 0;
    shift = 6 + normalize_by_fours(&ua) + normalize_by_fours(&ub);
    w = fx_mulhu(ua << 9, ub << 9);
    if (w >= 1u << 31) {
        w >>= 2;
        shift--;
    }
    root = fx_mulhu(w, fx_rsqrt_norm(w)); /* sqrt(w) 2^13 */
    return shift >= 32 ? 0 : (int32_t)((root + (1u << (shift - 1))) >> shift);
}
