/* Fixed-point routines too long to inline: the exact integer square root. */
#include "fixed.h"

/* Largest power of four not above a (a > 0). */
static uint64_t top_power_of_four(uint64_t a)
{
#if defined(__GNUC__)
    return (uint64_t)1 << ((63 - __builtin_clzll(a)) & ~1);
#else
    uint64_t bit = (uint64_t)1 << 62;
    while (bit > a)
        bit >>= 2;
    return bit;
#endif
}

/* Digit-by-digit square root, two bits a step: no multiply, no divide, the
 * same result on every CPU, and a shape that maps to a small RTL state
 * machine. Each step's decision is a mask, not a branch: the bits of a root
 * are random, so a branch would mispredict half the time. */
uint32_t fx_isqrt64(uint64_t a)
{
    uint64_t remainder = a, root = 0, bit;

    if (a == 0)
        return 0;
    for (bit = top_power_of_four(a); bit != 0; bit >>= 2) {
        uint64_t trial = root + bit;
        uint64_t take = (uint64_t)0 - (uint64_t)(remainder >= trial);
        remainder -= trial & take;
        root = (root >> 1) + (bit & take);
    }
    return (uint32_t)root;
}
