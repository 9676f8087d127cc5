/* The neighbour steering's table and its rare wide case (neighbor_steer.h). */
#include "neighbor_steer.h"

#define RECIP(n) (0xffffffffu / ((n) + !(n)))
#define RECIP4(n) RECIP(n), RECIP((n) + 1), RECIP((n) + 2), RECIP((n) + 3)
#define RECIP16(n) RECIP4(n), RECIP4((n) + 4), RECIP4((n) + 8), RECIP4((n) + 12)
#define RECIP64(n) RECIP16(n), RECIP16((n) + 16), RECIP16((n) + 32), RECIP16((n) + 48)
const uint32_t NEIGHBOR_RECIPROCAL[256] = {RECIP64(0), RECIP64(64), RECIP64(128), RECIP64(192)};

int32_t neighbor_separation_wide(int32_t s, gain_t g)
{
    uint32_t lo = (uint32_t)s * (uint32_t)g + (1u << 14);
    int32_t hi = fx_mulhsu(s, (uint32_t)g) + (lo < (1u << 14));

    if (hi >= 1 << 11)
        return NEIGHBOR_SEPARATION_MAX;
    if (hi < -(1 << 11))
        return -NEIGHBOR_SEPARATION_MAX;
    return hi * (1 << 17) + (int32_t)(lo >> 15);
}
