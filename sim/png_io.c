/* PNG writing (atomic: atomic_file.h) and reading, with libpng.
 * libpng reports errors by longjmp: each use keeps its setjmp to one function
 * and frees only what that function allocated. */
#define _POSIX_C_SOURCE 200809L

#include "png_io.h"
#include "atomic_file.h"
#include "error_text.h"

#include <errno.h>
#include <png.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Largest side accepted; keeps width * height * 4 far from overflow. */
#define PNG_IO_MAX_SIDE 16384

/* Where libpng's own message goes before it jumps back. */
typedef struct {
    char text[200];
} png_failure_t;

static void on_png_error(png_structp png, png_const_charp message)
{
    png_failure_t *failure = png_get_error_ptr(png);

    snprintf(failure->text, sizeof failure->text, "%s", message);
    png_longjmp(png, 1);
}

static void on_png_warning(png_structp png, png_const_charp message)
{
    (void)png;
    (void)message; /* warnings do not change the picture */
}

static int write_png_stream(FILE *f, const uint32_t *rgb, int width, int height,
                            png_failure_t *failure)
{
    png_structp png;
    png_infop info;
    unsigned char *row;
    int x, y;

    row = malloc((size_t)width * 3);
    png = png_create_write_struct(PNG_LIBPNG_VER_STRING, failure, on_png_error, on_png_warning);
    info = png ? png_create_info_struct(png) : NULL;
    if (row == NULL || info == NULL) {
        snprintf(failure->text, sizeof failure->text, "out of memory");
        png_destroy_write_struct(&png, &info);
        free(row);
        return -1;
    }
    if (setjmp(png_jmpbuf(png))) {
        png_destroy_write_struct(&png, &info);
        free(row);
        return -1;
    }
    png_init_io(png, f);
    png_set_IHDR(png, info, (png_uint_32)width, (png_uint_32)height, 8, PNG_COLOR_TYPE_RGB,
                 PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    png_write_info(png, info);
    for (y = 0; y < height; y++) {
        const uint32_t *src = rgb + (size_t)y * (size_t)width;
        for (x = 0; x < width; x++) {
            row[3 * x + 0] = (unsigned char)(src[x] >> 16);
            row[3 * x + 1] = (unsigned char)(src[x] >> 8);
            row[3 * x + 2] = (unsigned char)src[x];
        }
        png_write_row(png, row);
    }
    png_write_end(png, NULL);
    png_destroy_write_struct(&png, &info);
    free(row);
    return 0;
}

int png_write_rgb(const char *path, const uint32_t *rgb, int width, int height, char *err,
                  size_t errlen)
{
    png_failure_t failure = {""};
    atomic_file_t out;

    if (path == NULL || rgb == NULL) {
        set_error(err, errlen, "png: no %s given", path == NULL ? "file name" : "picture");
        return -1;
    }
    if (width <= 0 || height <= 0 || width > PNG_IO_MAX_SIDE || height > PNG_IO_MAX_SIDE) {
        set_error(err, errlen, "%s: cannot write a %dx%d picture (1 to %d pixels a side)", path,
                  width, height, PNG_IO_MAX_SIDE);
        return -1;
    }
    if (atomic_file_open(&out, path, err, errlen) != 0)
        return -1;
    if (write_png_stream(out.f, rgb, width, height, &failure) != 0) {
        set_error(err, errlen, "%s: cannot write: %s", path, failure.text);
        atomic_file_abort(&out);
        return -1;
    }
    return atomic_file_commit(&out, err, errlen);
}

static const char *colour_type_words(int type)
{
    switch (type) {
    case PNG_COLOR_TYPE_GRAY:
        return "grey";
    case PNG_COLOR_TYPE_GRAY_ALPHA:
        return "grey with alpha";
    case PNG_COLOR_TYPE_PALETTE:
        return "palette";
    case PNG_COLOR_TYPE_RGB:
        return "RGB";
    case PNG_COLOR_TYPE_RGB_ALPHA:
        return "RGBA";
    default:
        return "unknown colour type";
    }
}

/* Reads the image after the signature. The buffers are volatile because a
 * longjmp may land after they were set. */
static int read_png_stream(FILE *f, const char *path, uint32_t **out, int *out_w, int *out_h,
                           char *err, size_t errlen)
{
    png_failure_t failure = {""};
    png_structp png;
    png_infop info;
    unsigned char *volatile pixels = NULL;
    png_bytep *volatile rows = NULL;
    uint32_t *volatile rgb = NULL;
    png_uint_32 w, h, x, y;
    int depth, type, channels;

    png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &failure, on_png_error, on_png_warning);
    info = png ? png_create_info_struct(png) : NULL;
    if (info == NULL) {
        png_destroy_read_struct(&png, &info, NULL);
        set_error(err, errlen, "%s: cannot read: out of memory", path);
        return -1;
    }
    if (setjmp(png_jmpbuf(png))) {
        png_destroy_read_struct(&png, &info, NULL);
        free(pixels);
        free(rows);
        free(rgb);
        set_error(err, errlen, "%s: not a readable PNG: %s", path, failure.text);
        return -1;
    }
    png_init_io(png, f);
    png_set_sig_bytes(png, 8);
    png_read_info(png, info);
    w = png_get_image_width(png, info);
    h = png_get_image_height(png, info);
    depth = png_get_bit_depth(png, info);
    type = png_get_color_type(png, info);
    if (depth != 8 || (type != PNG_COLOR_TYPE_RGB && type != PNG_COLOR_TYPE_RGB_ALPHA)) {
        png_destroy_read_struct(&png, &info, NULL);
        set_error(err, errlen, "%s: a %d-bit %s image; only 8-bit RGB or RGBA can be read", path,
                  depth, colour_type_words(type));
        return -1;
    }
    if (w > PNG_IO_MAX_SIDE || h > PNG_IO_MAX_SIDE) {
        png_destroy_read_struct(&png, &info, NULL);
        set_error(err, errlen, "%s: %lux%lu pixels is larger than %d a side", path,
                  (unsigned long)w, (unsigned long)h, PNG_IO_MAX_SIDE);
        return -1;
    }
    channels = type == PNG_COLOR_TYPE_RGB ? 3 : 4;
    png_set_interlace_handling(png);
    png_read_update_info(png, info);
    pixels = malloc((size_t)w * h * (size_t)channels);
    rows = malloc(h * sizeof *rows);
    rgb = malloc((size_t)w * h * sizeof *rgb);
    if (pixels == NULL || rows == NULL || rgb == NULL)
        png_error(png, "out of memory");
    for (y = 0; y < h; y++)
        rows[y] = pixels + (size_t)y * w * (size_t)channels;
    png_read_image(png, rows);
    png_read_end(png, NULL);
    for (y = 0; y < h; y++)
        for (x = 0; x < w; x++) {
            const unsigned char *p = rows[y] + (size_t)x * (size_t)channels;
            rgb[(size_t)y * w + x] = (uint32_t)p[0] << 16 | (uint32_t)p[1] << 8 | p[2];
        }
    png_destroy_read_struct(&png, &info, NULL);
    free(pixels);
    free(rows);
    *out = rgb;
    *out_w = (int)w;
    *out_h = (int)h;
    return 0;
}

int png_read_rgb(const char *path, uint32_t **rgb, int *width, int *height, char *err,
                 size_t errlen)
{
    unsigned char signature[8];
    FILE *f;
    int result;

    if (path == NULL || rgb == NULL || width == NULL || height == NULL) {
        set_error(err, errlen, "png: nowhere to read from or to");
        return -1;
    }
    *rgb = NULL;
    *width = *height = 0;
    f = fopen(path, "rb");
    if (f == NULL) {
        set_error(err, errlen, "%s: cannot read: %s", path, strerror(errno));
        return -1;
    }
    if (fread(signature, 1, sizeof signature, f) != sizeof signature ||
        png_sig_cmp(signature, 0, sizeof signature) != 0) {
        set_error(err, errlen, "%s: not a PNG file", path);
        fclose(f);
        return -1;
    }
    result = read_png_stream(f, path, rgb, width, height, err, errlen);
    fclose(f);
    return result;
}
