/* What the monitor does with the VGA signal: decodes it (vga_decoder.h),
 * keeps the newest picture for the window, writes one PNG per picture when
 * asked, and reports sync trouble on stderr. The model loop feeds it through
 * system_sim_set_video_sink(monitor_sink, monitor). */
#ifndef MONITOR_H
#define MONITOR_H

#include <stddef.h>
#include <stdint.h>
#include "vga_decoder.h"

typedef struct {
    vga_decoder_t decoder;
    uint32_t *picture;  /* the newest picture, width x height */
    int width, height;
    uint64_t frame;     /* its decoder frame number */
    uint64_t pictures;  /* pictures delivered so far */
    int fresh;          /* a picture arrived since monitor_take_fresh */
    uint64_t first_frame;    /* the first picture of the flock (see monitor_first_drawing) */
    uint64_t kept;           /* pictures from first_frame on: the run's frames of video */
    const char *png_dir;     /* NULL: no PNG per picture */
    uint64_t pngs_written;
    int failed;              /* a PNG could not be written: message in error */
    char error[400];
} monitor_t;

int monitor_open(monitor_t *m, const char *png_dir, char *err, size_t errlen);
void monitor_close(monitor_t *m);
/* A system_video_sink. */
void monitor_sink(void *ctx, const uint16_t *samples, size_t n);
/* The first drawing of the flock was made in the display's frame
 * display_frame (its FRAME_COUNT, counted from reset as the decoder counts
 * pictures). A drawing made in frame F is swapped in at the next vertical
 * blanking and shown in picture F; the pictures before the first drawing's
 * show an empty screen and are neither kept nor written. */
void monitor_first_drawing(monitor_t *m, uint64_t display_frame);
/* 1 once the picture that shows a drawing made in display_frame has arrived. */
int monitor_showed(const monitor_t *m, uint64_t display_frame);
/* 1 once per new picture. */
int monitor_take_fresh(monitor_t *m);
/* The mode the decoder found on the pins (its lock), by name, or "no mode". */
const char *monitor_mode_name(const monitor_t *m);
/* The newest picture as a PNG at path; -1 with a message, or if none yet. */
int monitor_screenshot(const monitor_t *m, const char *path, char *err, size_t errlen);

#endif
