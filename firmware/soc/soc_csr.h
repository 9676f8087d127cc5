/* The CPU's counters, read as 64-bit values from their two 32-bit halves. */
#ifndef SOC_CSR_H
#define SOC_CSR_H

#include <stdint.h>

#define SOC_READ_COUNTER64(lo, hi)                                                   \
    static inline uint64_t soc_read_##lo(void)                                      \
    {                                                                                \
        uint32_t h, l, h2;                                                           \
        do {                                                                         \
            __asm__ volatile("csrr %0, " #hi "\n csrr %1, " #lo "\n csrr %2, " #hi  \
                             : "=r"(h), "=r"(l), "=r"(h2));                          \
        } while (h != h2); /* the low half wrapped between the reads */              \
        return (uint64_t)h << 32 | l;                                                \
    }

SOC_READ_COUNTER64(mcycle, mcycleh)
SOC_READ_COUNTER64(minstret, minstreth)

#endif
