/* PNG files of 0x00RRGGBB pictures: the headless monitor's snapshots, and
 * reading them back in tests. */
#ifndef PNG_IO_H
#define PNG_IO_H

#include <stddef.h>
#include <stdint.h>

/* Writes an 8-bit RGB PNG. Atomic: a temporary file beside path is renamed
 * over it only when complete, so a failure leaves no half-written file.
 * Returns -1 with a message naming the file in err. */
int png_write_rgb(const char *path, const uint32_t *rgb, int width, int height, char *err,
                  size_t errlen);

/* Reads an 8-bit RGB or RGBA PNG (alpha dropped) into a new array of
 * width * height 0x00RRGGBB pixels, which the caller frees. Anything else is
 * refused with a message saying what the file holds. */
int png_read_rgb(const char *path, uint32_t **rgb, int *width, int *height, char *err,
                 size_t errlen);

#endif
