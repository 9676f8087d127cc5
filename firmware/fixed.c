/* Fixed-point routines too long to inline: the exact integer square root. */
#include "fixed.h"

/* Digit-by-digit square root, two bits a step: no multiply, no divide, the
 * same result on every CPU, and a shape that maps to a small RTL state machine. */
uint32_t fx_isqrt64(uint64_t a)
{
    uint64_t remainder = a;
    uint64_t root = 0;
    uint64_t bit = (uint64_t)1 << 62;

    while (bit > remainder)
        bit >>= 2;
    while (bit != 0) {
        if (remainder >= root + bit) {
            remainder -= root + bit;
            root = (root >> 1) + bit;
        } else {
            root >>= 1;
        }
        bit >>= 2;
    }
    return (uint32_t)root;
}
