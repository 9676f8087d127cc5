/* The monitor's picture handling (see monitor.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "monitor.h"
#include "png_io.h"

static void on_picture(void *ctx, const vga_picture_t *p)
{
    monitor_t *m = ctx;
    size_t bytes = (size_t)p->width * (size_t)p->height * sizeof *m->picture;

    if (p->width != m->width || p->height != m->height) {
        uint32_t *grown = realloc(m->picture, bytes);
        if (grown == NULL) {
            snprintf(m->error, sizeof m->error, "out of memory for a %dx%d picture", p->width,
                     p->height);
            m->failed = 1;
            return;
        }
        m->picture = grown;
        m->width = p->width;
        m->height = p->height;
    }
    memcpy(m->picture, p->rgb, bytes);
    m->frame = p->frame;
    m->pictures++;
    m->fresh = 1;
    if (p->frame < m->first_frame)
        return;
    m->kept++;
    if (m->png_dir != NULL && !m->failed) {
        char path[4200];
        snprintf(path, sizeof path, "%s/frame_%06llu.png", m->png_dir,
                 (unsigned long long)(m->kept - 1));
        if (png_write_rgb(path, m->picture, m->width, m->height, m->error, sizeof m->error) != 0)
            m->failed = 1;
        else
            m->pngs_written++;
    }
}

static void on_sync_error(void *ctx, const char *message)
{
    (void)ctx;
    fprintf(stderr, "sim: VGA signal: %s\n", message);
}

int monitor_open(monitor_t *m, const char *png_dir, char *err, size_t errlen)
{
    memset(m, 0, sizeof *m);
    m->png_dir = png_dir;
    m->first_frame = UINT64_MAX;
    return vga_decoder_init(&m->decoder, on_picture, on_sync_error, m, err, errlen);
}

void monitor_close(monitor_t *m)
{
    vga_decoder_free(&m->decoder);
    free(m->picture);
    memset(m, 0, sizeof *m);
}

void monitor_sink(void *ctx, const uint16_t *samples, size_t n)
{
    monitor_t *m = ctx;
    vga_decoder_feed(&m->decoder, samples, n);
}

void monitor_first_drawing(monitor_t *m, uint64_t display_frame)
{
    if (m->first_frame == UINT64_MAX)
        m->first_frame = display_frame;
}

int monitor_showed(const monitor_t *m, uint64_t display_frame)
{
    return m->pictures > 0 && m->frame >= display_frame;
}

int monitor_take_fresh(monitor_t *m)
{
    int fresh = m->fresh;
    m->fresh = 0;
    return fresh;
}

int monitor_screenshot(const monitor_t *m, const char *path, char *err, size_t errlen)
{
    if (m->picture == NULL) {
        snprintf(err, errlen, "no picture yet: the monitor has not locked onto the signal");
        return -1;
    }
    return png_write_rgb(path, m->picture, m->width, m->height, err, errlen);
}

const char *monitor_mode_name(const monitor_t *m)
{
    const vga_mode_t *mode = vga_decoder_mode(&m->decoder);

    return mode != NULL ? mode->name : "no mode";
}
