/* The reference rendering of a flock state: sprites by heading and role on a
 * background, in the order and with the clipping the RTL uses. */
#include "render_reference.h"
#include "error_text.h"

#include <math.h>
#include <stdio.h>

#include "display_sprites.h"

/* 12-bit 0xRGB, the palette the RTL holds. */
static const uint16_t PALETTE_RGB12[RENDER_COLOURS] = {0x113, 0xCDE, 0xFA2, 0x4E8, 0xF33};

/* Positions beyond this are certainly off screen; the bound keeps the
 * conversion to an integer defined. */
#define POSITION_LIMIT 1e15

uint32_t render_palette_rgb(int colour)
{
    uint32_t v;

    if (colour < 0 || colour >= RENDER_COLOURS)
        return 0;
    v = PALETTE_RGB12[colour];
    return ((v >> 8) & 15u) * 17u << 16 | ((v >> 4) & 15u) * 17u << 8 | (v & 15u) * 17u;
}

int render_world_shift(double world_w, double world_h, int fb_w, int fb_h)
{
    int64_t w, h;
    int s;

    if (!(world_w >= 0 && world_h >= 0 && world_w < POSITION_LIMIT && world_h < POSITION_LIMIT) ||
        fb_w <= 0 || fb_h <= 0)
        return -1;
    w = (int64_t)floor(world_w);
    h = (int64_t)floor(world_h);
    for (s = 0; s < 63; s++)
        if ((w >> s) <= fb_w && (h >> s) <= fb_h)
            return s;
    return -1;
}

int render_heading(double vx, double vy)
{
    double a = vx < 0 ? -vx : vx, b = vy < 0 ? -vy : vy;

    /* 106/256 is tan(22.5 degrees) to 3 parts in 10^4; exact in doubles for
     * Q15.16 inputs, as the RTL's integer compare is. */
    if (a == 0 && b == 0)
        return 0;
    if (256 * b < 106 * a)
        return vx > 0 ? 0 : 4;
    if (256 * a < 106 * b)
        return vy > 0 ? 2 : 6;
    if (vx > 0)
        return vy > 0 ? 1 : 7;
    return vy > 0 ? 3 : 5;
}

/* floor(v) >> s with the shift arithmetic (rounding towards minus infinity),
 * then clamped to the sprite coordinate range. */
static int screen_coord(double v, int s)
{
    int64_t whole = (int64_t)floor(v), shifted;

    shifted = whole >= 0 ? whole >> s : -((-whole + ((int64_t)1 << s) - 1) >> s);
    if (shifted < RENDER_COORD_MIN)
        return RENDER_COORD_MIN;
    if (shifted > RENDER_COORD_MAX)
        return RENDER_COORD_MAX;
    return (int)shifted;
}

static int role_colour(int role)
{
    switch (role) {
    case STATE_SCOUT1:
        return RENDER_SCOUT1;
    case STATE_SCOUT2:
        return RENDER_SCOUT2;
    case STATE_PREDATOR:
        return RENDER_PREDATOR;
    default:
        return RENDER_BOID;
    }
}

/* One framebuffer pixel as a scale x scale block of the picture. */
static void put_pixel(uint32_t *rgb, int fb_w, int scale, int x, int y, uint32_t colour)
{
    int pitch = fb_w * scale, i, j;

    for (j = 0; j < scale; j++)
        for (i = 0; i < scale; i++)
            rgb[(size_t)(y * scale + j) * (size_t)pitch + (size_t)(x * scale + i)] = colour;
}

static void draw_sprite(uint32_t *rgb, int fb_w, int fb_h, int scale, int sx, int sy,
                        int heading, uint32_t colour)
{
    int r, c;

    for (r = 0; r < SPRITE_SIZE; r++)
        for (c = 0; c < SPRITE_SIZE; c++) {
            int x = sx - 3 + c, y = sy - 3 + r;
            if (!((DISPLAY_SPRITES[heading][r] >> c) & 1u))
                continue;
            if (x >= 0 && x < fb_w && y >= 0 && y < fb_h)
                put_pixel(rgb, fb_w, scale, x, y, colour);
        }
}

static int row_is_drawable(const state_row_t *b)
{
    return b->x > -POSITION_LIMIT && b->x < POSITION_LIMIT && b->y > -POSITION_LIMIT &&
           b->y < POSITION_LIMIT && b->vx == b->vx && b->vy == b->vy;
}

int render_reference(const state_table_t *t, double world_w, double world_h, int fb_w, int fb_h,
                     int scale, uint32_t *rgb, char *err, size_t errlen)
{
    size_t i, n;
    int s, pass;

    if (fb_w <= 0 || fb_h <= 0 || fb_w > 4096 || fb_h > 4096) {
        set_error(err, errlen, "render: framebuffer %dx%d is not drawable (1 to 4096 a side)",
                 fb_w, fb_h);
        return -1;
    }
    if (scale != 1 && scale != 2 && scale != 4) {
        set_error(err, errlen, "render: scale %d, expected 1, 2 or 4", scale);
        return -1;
    }
    s = render_world_shift(world_w, world_h, fb_w, fb_h);
    if (s < 0) {
        set_error(err, errlen, "render: world %gx%g px cannot be shown", world_w, world_h);
        return -1;
    }
    for (i = 0; t != NULL && i < t->n; i++)
        if (!row_is_drawable(&t->row[i])) {
            set_error(err, errlen, "render: boid %zu has no usable position or velocity", i);
            return -1;
        }
    n = (size_t)fb_w * (size_t)scale * (size_t)fb_h * (size_t)scale;
    for (i = 0; i < n; i++)
        rgb[i] = render_palette_rgb(RENDER_BACKGROUND);
    /* Pass 0 draws everyone but predators, pass 1 the predators on top. */
    for (pass = 0; pass < 2; pass++)
        for (i = 0; t != NULL && i < t->n; i++) {
            const state_row_t *b = &t->row[i];
            if ((b->role == STATE_PREDATOR) != pass)
                continue;
            draw_sprite(rgb, fb_w, fb_h, scale, screen_coord(b->x, s), screen_coord(b->y, s),
                        render_heading(b->vx, b->vy), render_palette_rgb(role_colour(b->role)));
        }
    return 0;
}
