/* What the libFuzzer harnesses share: the input as a stream, and a check
 * that stops the run (a crash libFuzzer reports) when a reader breaks its
 * own promises. The harnesses read memory only and write no files. */
#ifndef FUZZ_SUPPORT_H
#define FUZZ_SUPPORT_H

#define _POSIX_C_SOURCE 200809L
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* The input as a read-only stream, or NULL when empty (fmemopen wants a size). */
static inline FILE *fuzz_stream(const uint8_t *data, size_t size)
{
    return size > 0 ? fmemopen((void *)data, size, "r") : NULL;
}

#define FUZZ_CHECK(cond)                                                                            \
    do {                                                                                            \
        if (!(cond)) {                                                                              \
            fprintf(stderr, "fuzz: %s:%d: broken promise: %s\n", __FILE__, __LINE__, #cond);       \
            abort();                                                                                \
        }                                                                                           \
    } while (0)

/* An error message is one line, not empty, and fits its buffer. */
static inline int one_line(const char *err, size_t errlen)
{
    size_t len = strnlen(err, errlen);
    return len > 0 && len < errlen && strchr(err, '\n') == NULL;
}

#endif
