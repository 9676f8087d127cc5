/* Display driver (see display.h). Every wait is bounded, so a broken or
 * missing block is an error code, never a hang. */
#include <stddef.h>
#include "display.h"
#include "display_regs.h"
#include "feature_switches.h"
#include "hal.h"

#define STATUS_ERRORS (DISPLAY_STATUS_ERR_PARAM | DISPLAY_STATUS_ERR_BUSY | DISPLAY_STATUS_ERR_BUS)
/* A drawing takes about a frame at most; a frame is under 2^21 clocks in every
 * mode. Polls and interrupt waits are counted against these. */
#define DRAW_POLLS_MAX 2000000u
#define FRAME_WAITS_MAX 64u
#define SPRITE_COORD_MAX 2047
#define SPRITE_COORD_MIN (-2048)

static uint32_t rd(const display_t *d, uint32_t reg) { return hal_read32(d->base + reg); }
static void wr(const display_t *d, uint32_t reg, uint32_t v) { hal_write32(d->base + reg, v); }

int display_init(display_t *d, uint32_t base)
{
    d->base = base;
    d->shift = 0;
    d->frame = 0;
    d->overlay = NULL;
    d->overlay_n = 0;
    if (rd(d, DISPLAY_ID) != DISPLAY_ID_VALUE)
        return DISPLAY_E_DEVICE;
    d->width = rd(d, DISPLAY_WIDTH);
    d->height = rd(d, DISPLAY_HEIGHT);
    d->sprites_max = rd(d, DISPLAY_SPRITES_MAX);
    d->boid_window = (rd(d, DISPLAY_CAPS) & DISPLAY_CAPS_BOID_WINDOW) != 0;
    d->flock_tap = d->boid_window && (rd(d, DISPLAY_CAPS) & DISPLAY_CAPS_FLOCK_TAP) != 0;
    wr(d, DISPLAY_STATUS, DISPLAY_STATUS_FRAME | STATUS_ERRORS); /* start clean */
    wr(d, DISPLAY_CTRL, DISPLAY_CTRL_IRQ_EN);
    d->frame = rd(d, DISPLAY_FRAME_COUNT);
    return DISPLAY_OK;
}

void display_set_overlay(display_t *d, const uint32_t *words, uint32_t n)
{
    d->overlay = words;
    d->overlay_n = words != NULL ? n : 0;
}

void display_set_world(display_t *d, q16_t world_w, q16_t world_h)
{
    uint32_t w = world_w > 0 ? (uint32_t)world_w >> 16 : 0;
    uint32_t h = world_h > 0 ? (uint32_t)world_h >> 16 : 0;

    d->shift = 0;
    while (d->shift < 16 && ((w >> d->shift) > d->width || (h >> d->shift) > d->height))
        d->shift++;
}

int display_wait_frame(display_t *d)
{
    uint32_t waits;

    for (waits = 0; waits < FRAME_WAITS_MAX; waits++) {
        if (rd(d, DISPLAY_STATUS) & DISPLAY_STATUS_FRAME) {
            wr(d, DISPLAY_STATUS, DISPLAY_STATUS_FRAME);
            d->frame = rd(d, DISPLAY_FRAME_COUNT);
            return DISPLAY_OK;
        }
        hal_wait_interrupt();
    }
    return DISPLAY_E_TIMEOUT;
}

/* Sector edges at 22.5 degrees from each axis: tan 22.5 = 0.41421, taken as
 * 106/256 = 0.41406, compared in 32 bits (a velocity of 128 px/frame or more,
 * beyond any state, first drops 9 bits). In the first quadrant the class c is
 * 0 along x, 1 diagonal, 2 along y; a negative vx mirrors it to 4 - c, then a
 * negative vy to -c mod 8. No branch but the rare shift. */
static inline uint32_t heading_of(q16_t vx, q16_t vy)
{
    uint32_t neg_x = 0u - ((uint32_t)vx >> 31), neg_y = 0u - ((uint32_t)vy >> 31);
    uint32_t a = ((uint32_t)vx ^ neg_x) - neg_x, b = ((uint32_t)vy ^ neg_y) - neg_y, c;

    if ((a | b) >= 1u << 23) {
        a >>= 9;
        b >>= 9;
    }
    c = 1 - (uint32_t)(256 * b < 106 * a) + (uint32_t)(256 * a < 106 * b) - (uint32_t)((a | b) == 0);
    c = (c ^ neg_x) + (neg_x & 5);
    return ((c ^ neg_y) - neg_y) & 7;
}

uint32_t display_heading(q16_t vx, q16_t vy) { return heading_of(vx, vy); }

/* floor(q / 2^16) >> shift as a 12-bit two's complement field, clamped (one
 * unsigned compare tells an on-screen value). */
static inline uint32_t sprite_coord(q16_t q, uint32_t shift)
{
    int32_t v = fx_sra(fx_sra(q, 16), shift);

    if ((uint32_t)v - SPRITE_COORD_MIN > SPRITE_COORD_MAX - SPRITE_COORD_MIN)
        v = v < 0 ? SPRITE_COORD_MIN : SPRITE_COORD_MAX;
    return (uint32_t)v & DISPLAY_SPRITE_X_MASK;
}

static inline uint32_t sprite_word(const boid_t *b, uint32_t role, uint32_t shift)
{
    return sprite_coord(b->x, shift) << DISPLAY_SPRITE_X_SHIFT |
           sprite_coord(b->y, shift) << DISPLAY_SPRITE_Y_SHIFT |
           heading_of(b->vx, b->vy) << DISPLAY_SPRITE_HEADING_SHIFT |
           (role & DISPLAY_SPRITE_ROLE_MASK) << DISPLAY_SPRITE_ROLE_SHIFT;
}

uint32_t display_sprite(const boid_t *b, uint32_t role, uint32_t shift)
{
    return sprite_word(b, role, shift);
}

/* Sprites from entry `at` on, through the boid window: the four words of each
 * boid, and ROLE written only where it changes (the flock's roles come in
 * runs). Returns the entry after the last. */
static inline uint32_t write_boids(const display_t *d, uint32_t at, const boid_t *b, const uint8_t *role,
                                   uint32_t fixed_role, uint32_t n)
{
    uint32_t addr = d->base + DISPLAY_BOID_WINDOW_BASE + at * DISPLAY_BOID_WINDOW_STRIDE;
    uint32_t i, last_role = ~0u;

    for (i = 0; i < n; i++, addr += DISPLAY_BOID_WINDOW_STRIDE) {
        uint32_t r = (role != NULL ? role[i] : fixed_role) & DISPLAY_SPRITE_ROLE_MASK;
        if (r != last_role) {
            wr(d, DISPLAY_ROLE, r);
            last_role = r;
        }
        hal_write32(addr, (uint32_t)b[i].x);
        hal_write32(addr + 4, (uint32_t)b[i].y);
        hal_write32(addr + 8, (uint32_t)b[i].vx);
        hal_write32(addr + 12, (uint32_t)b[i].vy); /* the block packs sprite `at + i` */
    }
    return at + n;
}

/* The same, packed here, one word a sprite. */
static inline uint32_t write_sprites(const display_t *d, uint32_t at, const boid_t *b,
                                     const uint8_t *role, uint32_t fixed_role, uint32_t n)
{
    uint32_t addr = d->base + DISPLAY_SPRITES_BASE + at * DISPLAY_SPRITE_STRIDE;
    const uint32_t shift = d->shift; /* a local: the stores are volatile */
    uint32_t i;

    for (i = 0; i < n; i++, addr += DISPLAY_SPRITE_STRIDE)
        hal_write32(addr, sprite_word(&b[i], role != NULL ? role[i] : fixed_role, shift));
    return at + n;
}

/* Waits, within its polls, for the renderer to finish the last drawing. */
static int wait_renderer(const display_t *d)
{
    uint32_t polls = 0;

    while (rd(d, DISPLAY_STATUS) & DISPLAY_STATUS_DRAWING)
        if (++polls == DRAW_POLLS_MAX)
            return DISPLAY_E_TIMEOUT;
    return DISPLAY_OK;
}

/* The overlay's words after sprite count - 1 (as many as fit), then COUNT
 * and DRAW for them all, then the error flags. */
static int start_drawing(const display_t *d, uint32_t count)
{
#if FEATURE_OVERLAY
    uint32_t i, addr = d->base + DISPLAY_SPRITES_BASE + count * DISPLAY_SPRITE_STRIDE;

    for (i = 0; i < d->overlay_n && count < d->sprites_max; i++, count++, addr += DISPLAY_SPRITE_STRIDE)
        hal_write32(addr, d->overlay[i]);
#endif
    wr(d, DISPLAY_COUNT, count);
    wr(d, DISPLAY_CTRL, DISPLAY_CTRL_DRAW | DISPLAY_CTRL_IRQ_EN);
    if (rd(d, DISPLAY_STATUS) & STATUS_ERRORS) {
        wr(d, DISPLAY_STATUS, STATUS_ERRORS);
        return DISPLAY_E_REFUSED;
    }
    return DISPLAY_OK;
}

/* The roles table: 16 roles a word, sprite 16 w + k's in bits 2 k + 1 to 2 k.
 * Written only when the roles change (a key, a restart), not every frame. */
static void write_roles(const display_t *d, const uint8_t *role, uint32_t n)
{
    uint32_t w, k, i = 0;

    for (w = 0; i < n; w++) {
        uint32_t word = 0;
        for (k = 0; k < DISPLAY_ROLES_PER_WORD && i < n; k++, i++)
            word |= (uint32_t)(role[i] & DISPLAY_SPRITE_ROLE_MASK) << (2 * k);
        wr(d, DISPLAY_ROLES_BASE + 4 * w, word);
    }
}

int display_tap_open(display_t *d, const flock_t *f, int roles_changed)
{
    int rc;

    if (!d->flock_tap)
        return DISPLAY_E_DEVICE;
    if (f->n + f->n_predators > d->sprites_max)
        return DISPLAY_E_CAPACITY;
    if ((rc = wait_renderer(d)) != DISPLAY_OK)
        return rc;
    wr(d, DISPLAY_SHIFT, d->shift);
    if (roles_changed)
        write_roles(d, f->role, f->n);
    wr(d, DISPLAY_CTRL, DISPLAY_CTRL_TAP | DISPLAY_CTRL_IRQ_EN);
    return DISPLAY_OK;
}

int display_tap_draw(display_t *d, const flock_t *f)
{
    wr(d, DISPLAY_CTRL, DISPLAY_CTRL_IRQ_EN);
    if (rd(d, DISPLAY_STATUS) & STATUS_ERRORS) { /* a member's word was dropped */
        wr(d, DISPLAY_STATUS, STATUS_ERRORS);
        return DISPLAY_E_REFUSED;
    }
    (void)write_boids(d, f->n, f->predator, NULL, DISPLAY_ROLE_PREDATOR, f->n_predators);
    return start_drawing(d, f->n + f->n_predators);
}

int display_draw(display_t *d, const flock_t *f)
{
    uint32_t at;
    int rc;

    if (f->n + f->n_predators > d->sprites_max)
        return DISPLAY_E_CAPACITY;
    if ((rc = wait_renderer(d)) != DISPLAY_OK)
        return rc;
    if (d->boid_window) {
        wr(d, DISPLAY_SHIFT, d->shift);
        at = write_boids(d, 0, f->boid, f->role, 0, f->n);
        (void)write_boids(d, at, f->predator, NULL, DISPLAY_ROLE_PREDATOR, f->n_predators);
    } else {
        at = write_sprites(d, 0, f->boid, f->role, 0, f->n);
        (void)write_sprites(d, at, f->predator, NULL, DISPLAY_ROLE_PREDATOR, f->n_predators);
    }
    return start_drawing(d, f->n + f->n_predators);
}
