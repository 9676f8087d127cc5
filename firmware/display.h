/* The display pipeline's driver: paces the flock loop on the frame interrupt
 * and hands the flock to the renderer as one sprite word a member (see
 * docs/display.md and the DISPLAY_* registers in docs/register-map.md).
 * Portable C99 on the HAL only, like the rest of the firmware. */
#ifndef DISPLAY_H
#define DISPLAY_H

#include <stdint.h>
#include "flock.h"

enum display_status {
    DISPLAY_OK = 0,
    DISPLAY_E_DEVICE = -1,   /* no display block answers at this address */
    DISPLAY_E_CAPACITY = -2, /* more members than the sprite memory holds */
    DISPLAY_E_TIMEOUT = -3,  /* no frame began, or the renderer never finished */
    DISPLAY_E_REFUSED = -4   /* the block refused an access: an error flag was set */
};

/* Sprite roles: the flock's enum boid_role, and predators after them. */
#define DISPLAY_ROLE_PREDATOR 3u

typedef struct {
    uint32_t base;        /* bus address of the block */
    uint32_t width;       /* framebuffer, px */
    uint32_t height;
    uint32_t sprites_max;
    uint32_t shift;       /* world px >> shift = framebuffer px */
    uint32_t frame;       /* FRAME_COUNT when the last frame began */
    uint32_t boid_window; /* CAPS.BOID_WINDOW: the block packs the sprite words */
    uint32_t flock_tap;   /* CAPS.FLOCK_TAP: it can take them from the accelerator's boids */
    const uint32_t *overlay; /* sprite words drawn after the flock's (the overlay's glyphs) */
    uint32_t overlay_n;
} display_t;

/* Checks the block's ID, reads its size and what it has, enables the frame
 * interrupt. */
int display_init(display_t *d, uint32_t base);
/* Sprite words every drawing adds after the flock's, on top of it (n 0: none),
 * as many as the sprite memory holds beyond the flock. The words stay the
 * caller's; they are read at each drawing's start. */
void display_set_overlay(display_t *d, const uint32_t *words, uint32_t n);
/* Picks the smallest power-of-two zoom-out that fits the world on screen. */
void display_set_world(display_t *d, q16_t world_w, q16_t world_h);
/* Waits for the next frame to begin (the vblank interrupt) and acknowledges
 * it; d->frame is then its number. */
int display_wait_frame(display_t *d);
/* Waits for the renderer, writes one sprite a member and predator, and starts
 * a drawing; the picture changes at the next vertical blanking after it. With
 * the boid window each member is written as its four words and the block packs
 * its sprite word (about 45 cycles a boid less on the SoC's CPU). */
int display_draw(display_t *d, const flock_t *f);
/* The same drawing with no sprite write a member (CAPS.FLOCK_TAP): tap_open
 * waits for the renderer, sets the zoom, writes each member's role into the
 * roles table if roles_changed (16 a word; the table keeps them otherwise),
 * and sets CTRL.TAP; the caller then gives the accelerator f's members in id
 * order (each boid memory entry or APPEND, boid k the k-th), which make the
 * sprites. tap_draw then clears CTRL.TAP, writes the predators through the
 * boid window and starts the drawing: the picture of f as it was given. An
 * error flag (a word dropped while drawing, a member past the sprites) is
 * DISPLAY_E_REFUSED, and leaves TAP clear. */
int display_tap_open(display_t *d, const flock_t *f, int roles_changed);
int display_tap_draw(display_t *d, const flock_t *f);

/* The pieces, exposed for tests: the 8-way heading of a velocity (0 = +x,
 * then 45 degree steps towards +y) and one packed sprite word. */
uint32_t display_heading(q16_t vx, q16_t vy);
uint32_t display_sprite(const boid_t *b, uint32_t role, uint32_t shift);

#endif
