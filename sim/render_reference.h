/* The picture the RTL display pipeline should show for a flock state, drawn
 * independently in C so the hardware can be checked pixel for pixel.
 *
 * World to framebuffer: W = floor(world_w), H = floor(world_h); the shift s
 * is the smallest s >= 0 with (W >> s) <= fb_w and (H >> s) <= fb_h. A boid's
 * sprite centre is (floor(x) >> s, floor(y) >> s) (arithmetic shift), each
 * clamped to [-2048, 2047]. Its 7x7 sprite (display_sprites.h) for one of 8
 * headings is drawn with its centre pixel (3, 3) there, clipped to the
 * framebuffer. Non-predators first, then predators, each in id order; a later
 * sprite's pixels cover earlier ones. Each framebuffer pixel is shown as a
 * scale x scale block.
 */
#ifndef RENDER_REFERENCE_H
#define RENDER_REFERENCE_H

#include <stddef.h>
#include <stdint.h>
#include "../host/state_csv.h"

/* Colour indices of the display palette. */
enum render_colour {
    RENDER_BACKGROUND = 0,
    RENDER_BOID = 1,
    RENDER_SCOUT1 = 2,
    RENDER_SCOUT2 = 3,
    RENDER_PREDATOR = 4,
    RENDER_COLOURS = 5
};

#define RENDER_COORD_MIN (-2048)
#define RENDER_COORD_MAX 2047

/* 0x00RRGGBB of a colour index (12-bit palette, each channel times 17), or 0
 * for an index outside the palette. */
uint32_t render_palette_rgb(int colour);
/* The world-to-framebuffer shift s defined above; -1 if there is none (a
 * world of negative size or a framebuffer of none). */
int render_world_shift(double world_w, double world_h, int fb_w, int fb_h);
/* Heading 0..7 of a velocity in px/frame: 0 right, 2 down (screen y grows
 * downward), 4 left, 6 up, odd numbers the diagonals between; 0 when still. */
int render_heading(double vx, double vy);

/* Draws the state into rgb, which holds (fb_w * scale) * (fb_h * scale)
 * pixels, row by row. scale is 1, 2 or 4. Returns -1 with a message in err for
 * arguments it cannot draw (sizes, scale, a position that is not a number). */
int render_reference(const state_table_t *t, double world_w, double world_h, int fb_w, int fb_h,
                     int scale, uint32_t *rgb, char *err, size_t errlen);

#endif
