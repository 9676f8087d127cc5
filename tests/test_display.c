/* The display driver's pure parts: the heading of a velocity, the packing of
 * a sprite word, and the world-to-framebuffer zoom. */
#include <math.h>
#include "test_support.h"
#include "../firmware/display.h"
#include "../firmware/display_regs.h"
#include "../firmware/display_glyphs.h"
#include "../firmware/overlay.h"

#define Q(px) ((q16_t)((px) * 65536.0))

/* The heading of the angle a (degrees from +x towards +y), at speed 4 px/frame. */
static uint32_t heading_at(double degrees)
{
    double a = degrees * 3.14159265358979323846 / 180;
    return display_heading(Q(4 * cos(a)), Q(4 * sin(a)));
}

static void heading_is_the_nearest_of_eight_directions(void **state)
{
    int h;

    (void)state;
    for (h = 0; h < 8; h++) {
        assert_int_equal(heading_at(45.0 * h), h);
        /* well inside the sector on both sides of its centre */
        assert_int_equal(heading_at(45.0 * h - 21.0), h);
        assert_int_equal(heading_at(45.0 * h + 21.0), h);
    }
    /* just either side of the 22.5 degree edge: 106/256 = tan(22.48 deg) */
    assert_int_equal(heading_at(22.4), 0);
    assert_int_equal(heading_at(22.6), 1);
    assert_int_equal(heading_at(-22.4), 0);
    assert_int_equal(heading_at(-22.6), 7);
    assert_int_equal(heading_at(180 - 22.6), 3);
    assert_int_equal(heading_at(180 + 22.4), 4);
}

static void heading_handles_zero_and_extremes(void **state)
{
    (void)state;
    assert_int_equal(display_heading(0, 0), 0);
    assert_int_equal(display_heading(INT32_MIN, 0), 4);
    assert_int_equal(display_heading(0, INT32_MIN), 6);
    assert_int_equal(display_heading(INT32_MAX, INT32_MAX), 1);
    assert_int_equal(display_heading(INT32_MIN, INT32_MIN), 5);
    assert_int_equal(display_heading(1, 0), 0);
    assert_int_equal(display_heading(0, -1), 6);
}

static int32_t field(uint32_t word, uint32_t shift, uint32_t mask, int is_signed)
{
    uint32_t v = (word >> shift) & mask;

    if (is_signed && (v & ((mask >> 1) + 1)))
        return (int32_t)v - (int32_t)(mask + 1);
    return (int32_t)v;
}

static void sprite_word_packs_floor_coordinates_heading_and_role(void **state)
{
    boid_t b = {Q(100.75), Q(-0.25), Q(0), Q(3)};
    uint32_t w;

    (void)state;
    w = display_sprite(&b, ROLE_SCOUT2, 0);
    assert_int_equal(field(w, DISPLAY_SPRITE_X_SHIFT, DISPLAY_SPRITE_X_MASK, 1), 100);
    assert_int_equal(field(w, DISPLAY_SPRITE_Y_SHIFT, DISPLAY_SPRITE_Y_MASK, 1), -1);
    assert_int_equal(field(w, DISPLAY_SPRITE_HEADING_SHIFT, DISPLAY_SPRITE_HEADING_MASK, 0), 2);
    assert_int_equal(field(w, DISPLAY_SPRITE_ROLE_SHIFT, DISPLAY_SPRITE_ROLE_MASK, 0), 2);
    assert_int_equal(w & 0xc8000000u, 0); /* reserved bits */

    /* a shift of 2 divides by 4, rounding down also below zero */
    b.x = Q(-5);
    b.y = Q(1023.9);
    w = display_sprite(&b, DISPLAY_ROLE_PREDATOR, 2);
    assert_int_equal(field(w, DISPLAY_SPRITE_X_SHIFT, DISPLAY_SPRITE_X_MASK, 1), -2);
    assert_int_equal(field(w, DISPLAY_SPRITE_Y_SHIFT, DISPLAY_SPRITE_Y_MASK, 1), 255);
    assert_int_equal(field(w, DISPLAY_SPRITE_ROLE_SHIFT, DISPLAY_SPRITE_ROLE_MASK, 0), 3);

    /* far outside: clamped, never wrapped onto the screen */
    b.x = Q(16000);
    b.y = Q(-16000);
    w = display_sprite(&b, ROLE_BOID, 0);
    assert_int_equal(field(w, DISPLAY_SPRITE_X_SHIFT, DISPLAY_SPRITE_X_MASK, 1), 2047);
    assert_int_equal(field(w, DISPLAY_SPRITE_Y_SHIFT, DISPLAY_SPRITE_Y_MASK, 1), -2048);
}

static void world_zoom_is_the_smallest_that_fits(void **state)
{
    display_t d = {0, 640, 480, 1280, 0, 0, 0, 0, NULL, 0};

    (void)state;
    display_set_world(&d, Q(640), Q(480));
    assert_int_equal(d.shift, 0);
    display_set_world(&d, Q(641), Q(480));
    assert_int_equal(d.shift, 1);
    display_set_world(&d, Q(8192), Q(480));
    assert_int_equal(d.shift, 4); /* 8192 / 16 = 512 */
    display_set_world(&d, Q(1280), Q(1920));
    assert_int_equal(d.shift, 2); /* 1920 / 4 = 480 */
    d.width = 320;
    d.height = 240;
    display_set_world(&d, Q(640), Q(480));
    assert_int_equal(d.shift, 1);
    d.width = 160; /* SCALE 4, the UP5K's buffer */
    d.height = 120;
    display_set_world(&d, Q(640), Q(480));
    assert_int_equal(d.shift, 2);
    display_set_world(&d, Q(640), Q(484)); /* 484 >> 2 = 121 */
    assert_int_equal(d.shift, 3);
}

/* A glyph word's fields back: code {CODE4, CODE3, HEADING}, centre, role. */
static void glyph_fields(uint32_t w, uint32_t *code, int32_t *x, int32_t *y, uint32_t *role)
{
    assert_true(w >> DISPLAY_SPRITE_GLYPH_SHIFT & DISPLAY_SPRITE_GLYPH_MASK);
    *code = (w >> DISPLAY_SPRITE_HEADING_SHIFT & DISPLAY_SPRITE_HEADING_MASK) |
            (w >> DISPLAY_SPRITE_CODE3_SHIFT & DISPLAY_SPRITE_CODE3_MASK) << 3 |
            (w >> DISPLAY_SPRITE_CODE4_SHIFT & DISPLAY_SPRITE_CODE4_MASK) << 4;
    *x = (int32_t)(w << 20) >> 20;
    *y = (int32_t)(w << 8) >> 20;
    *role = w >> DISPLAY_SPRITE_ROLE_SHIFT & DISPLAY_SPRITE_ROLE_MASK;
}

/* Each character its glyph, a glyph every DISPLAY_GLYPH_ADVANCE columns, a
 * space only advancing, a newline down DISPLAY_GLYPH_LINE rows, a character
 * outside the font skipped, and no more than max words. */
static void overlay_text_makes_glyph_words(void **state)
{
    static const char chars[] = DISPLAY_GLYPH_CHARS;
    uint32_t w[8], code, role, n;
    int32_t x, y;

    (void)state;
    n = overlay_text(w, 8, "9e #\n%", 10, 20, 1);
    assert_int_equal(n, 3);
    glyph_fields(w[0], &code, &x, &y, &role);
    assert_int_equal(chars[code], '9');
    assert_int_equal(x, 13);
    assert_int_equal(y, 23);
    assert_int_equal(role, 1);
    glyph_fields(w[1], &code, &x, &y, &role);
    assert_int_equal(chars[code], 'e'); /* code 22: CODE4 set */
    assert_true(code >= 16);
    assert_int_equal(x, 13 + (int32_t)DISPLAY_GLYPH_ADVANCE);
    glyph_fields(w[2], &code, &x, &y, &role);
    assert_int_equal(chars[code], '%');
    assert_int_equal(x, 13);
    assert_int_equal(y, 23 + (int32_t)DISPLAY_GLYPH_LINE);
    assert_int_equal(overlay_text(w, 2, "12345", 0, 0, 0), 2);
    n = overlay_text(w, 8, "0", -20, -30, 3); /* off screen: the renderer clips it */
    glyph_fields(w[0], &code, &x, &y, &role);
    assert_int_equal(n, 1);
    assert_int_equal(x, -17);
    assert_int_equal(y, -27);
    assert_int_equal(role, 3);
}

static void overlay_figures_read_as_the_report(void **state)
{
    char text[OVERLAY_TEXT_MAX];

    (void)state;
    overlay_figures(text, 4096, 599, 80);
    assert_string_equal(text, "4096 boids 59.9 fps\nslowest 80%");
    overlay_figures(text, 0, 5, 0);
    assert_string_equal(text, "0 boids 0.5 fps\nslowest 0%");
    overlay_figures(text, 4294967295u, 4294967295u, 4294967295u); /* the widest fit OVERLAY_TEXT_MAX */
    assert_string_equal(text, "4294967295 boids 429496729.5 fps\nslowest 4294967295%");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(heading_is_the_nearest_of_eight_directions),
        cmocka_unit_test(heading_handles_zero_and_extremes),
        cmocka_unit_test(sprite_word_packs_floor_coordinates_heading_and_role),
        cmocka_unit_test(world_zoom_is_the_smallest_that_fits),
        cmocka_unit_test(overlay_text_makes_glyph_words),
        cmocka_unit_test(overlay_figures_read_as_the_report),
    };
    return cmocka_run_group_tests_name("display driver", tests, NULL, NULL);
}
