/* The reference rendering: hand-checked sprites, placement, clipping, draw
 * order, the world-to-framebuffer shift, scales 2 and 4, and the 8 headings. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include "../sim/display_sprites.h"
#include "../sim/render_reference.h"

#define FB_W 64
#define FB_H 48
#define BACKGROUND 0x111133u
#define BOID 0xccddeeu
#define SCOUT1 0xffaa22u
#define SCOUT2 0x44ee88u
#define PREDATOR 0xff3333u

static state_row_t row(int role, double x, double y, double vx, double vy)
{
    state_row_t r = {role, x, y, vx, vy, 0};
    return r;
}

/* Renders n rows into a new picture of (fb_w * scale) x (fb_h * scale). */
static uint32_t *render(state_row_t *rows, size_t n, double world_w, double world_h, int fb_w,
                        int fb_h, int scale)
{
    state_table_t t = {n, rows};
    uint32_t *rgb = malloc((size_t)fb_w * (size_t)fb_h * (size_t)(scale * scale) * sizeof *rgb);
    char err[128];

    assert_non_null(rgb);
    assert_int_equal(render_reference(&t, world_w, world_h, fb_w, fb_h, scale, rgb, err,
                                      sizeof err),
                     0);
    return rgb;
}

static uint32_t *render_fb(state_row_t *rows, size_t n)
{
    return render(rows, n, FB_W, FB_H, FB_W, FB_H, 1);
}

static size_t count_not(const uint32_t *rgb, size_t n, uint32_t colour)
{
    size_t i, k = 0;

    for (i = 0; i < n; i++)
        k += rgb[i] != colour;
    return k;
}

/* The sprite of heading h centred at (sx, sy) in colour, clipped, on the
 * background: the whole picture must be exactly that. */
static void assert_only_sprite(const uint32_t *rgb, int sx, int sy, int h, uint32_t colour)
{
    int x, y;

    for (y = 0; y < FB_H; y++)
        for (x = 0; x < FB_W; x++) {
            int c = x - sx + 3, r = y - sy + 3;
            int set = c >= 0 && c < 7 && r >= 0 && r < 7 && ((DISPLAY_SPRITES[h][r] >> c) & 1);
            assert_int_equal(rgb[y * FB_W + x], set ? colour : BACKGROUND);
        }
}

static void palette_expands_each_channel_times_17(void **state)
{
    (void)state;
    assert_int_equal(render_palette_rgb(RENDER_BACKGROUND), BACKGROUND);
    assert_int_equal(render_palette_rgb(RENDER_BOID), BOID);
    assert_int_equal(render_palette_rgb(RENDER_SCOUT1), SCOUT1);
    assert_int_equal(render_palette_rgb(RENDER_SCOUT2), SCOUT2);
    assert_int_equal(render_palette_rgb(RENDER_PREDATOR), PREDATOR);
}

/* Heading 0 (right), written out by hand from the sprite drawing:
 *   #......   .##....   ..###..   ..#####   ..###..   .##....   #......  */
static void one_boid_draws_its_sprite_at_its_place(void **state)
{
    static const int pixels[][2] = {
        {17, 7},  {18, 8},  {19, 8},  {19, 9},  {20, 9},  {21, 9},
        {19, 10}, {20, 10}, {21, 10}, {22, 10}, {23, 10}, {19, 11},
        {20, 11}, {21, 11}, {18, 12}, {19, 12}, {17, 13},
    };
    state_row_t b = row(STATE_BOID, 20.99, 10.0, 1.5, 0.25);
    uint32_t *rgb = render_fb(&b, 1);
    size_t i;

    (void)state;
    assert_int_equal(count_not(rgb, FB_W * FB_H, BACKGROUND), 17);
    for (i = 0; i < sizeof pixels / sizeof pixels[0]; i++)
        assert_int_equal(rgb[pixels[i][1] * FB_W + pixels[i][0]], BOID);
    free(rgb);
}

static void each_role_has_its_colour(void **state)
{
    static const int roles[] = {STATE_BOID, STATE_SCOUT1, STATE_SCOUT2, STATE_PREDATOR};
    static const uint32_t colours[] = {BOID, SCOUT1, SCOUT2, PREDATOR};
    size_t i;

    (void)state;
    for (i = 0; i < 4; i++) {
        state_row_t b = row(roles[i], 30.5, 20.5, 0, -2);
        uint32_t *rgb = render_fb(&b, 1);
        assert_only_sprite(rgb, 30, 20, 6, colours[i]);
        free(rgb);
    }
}

static void sprites_clip_at_every_edge(void **state)
{
    /* Centres on, just inside and just outside each edge, and the corners. */
    static const double places[][2] = {
        {0, 20},  {1, 20},  {-3, 20},  {-4, 20}, {63, 20}, {62, 20}, {66, 20}, {67, 20},
        {30, 0},  {30, 1},  {30, -3},  {30, -4}, {30, 47}, {30, 46}, {30, 50}, {30, 51},
        {0, 0},   {63, 47}, {-2, 49},  {65, -1},
    };
    size_t i;
    int h;

    (void)state;
    for (i = 0; i < sizeof places / sizeof places[0]; i++)
        for (h = 0; h < 8; h += 3) {
            static const double v[8][2] = {{1, 0}, {1, 1}, {0, 1}, {-1, 1},
                                           {-1, 0}, {-1, -1}, {0, -1}, {1, -1}};
            state_row_t b = row(STATE_BOID, places[i][0], places[i][1], v[h][0], v[h][1]);
            uint32_t *rgb = render_fb(&b, 1);
            assert_only_sprite(rgb, (int)places[i][0], (int)places[i][1], h, BOID);
            free(rgb);
        }
}

static void left_edge_keeps_exactly_the_visible_columns(void **state)
{
    /* Centre at x = 1: sprite columns 0 and 1 fall at x = -2 and -1. Heading 4
     * (left) rows: ......#  ....##.  ..###..  #####..  ..###..  ....##.  ......#
     * so only the middle row loses pixels, 2 of 17. */
    state_row_t b = row(STATE_BOID, 1.0, 10.0, -3, 0);
    uint32_t *rgb = render_fb(&b, 1);

    (void)state;
    assert_int_equal(rgb[10 * FB_W + 0], BOID); /* column 2 of the middle row */
    assert_int_equal(rgb[10 * FB_W + 2], BOID); /* column 4 */
    assert_int_equal(rgb[10 * FB_W + 3], BACKGROUND);
    assert_int_equal(rgb[7 * FB_W + 4], BOID); /* column 6 of the top row */
    assert_int_equal(count_not(rgb, FB_W * FB_H, BACKGROUND), 15);
    free(rgb);
}

static void far_away_boids_clamp_and_draw_nothing(void **state)
{
    state_row_t rows[3] = {row(STATE_BOID, 30000.0, 10, 1, 0), row(STATE_BOID, -30000.0, 10, 1, 0),
                           row(STATE_PREDATOR, 10, 1e9, 1, 0)};
    uint32_t *rgb = render_fb(rows, 3);

    (void)state;
    assert_int_equal(count_not(rgb, FB_W * FB_H, BACKGROUND), 0);
    free(rgb);
}

static void predators_are_drawn_last_others_in_id_order(void **state)
{
    state_row_t rows[3];
    uint32_t *rgb;

    (void)state;
    /* A predator with id 0 still covers a boid with id 1. */
    rows[0] = row(STATE_PREDATOR, 20, 20, 1, 0);
    rows[1] = row(STATE_BOID, 20, 20, 1, 0);
    rgb = render_fb(rows, 2);
    assert_only_sprite(rgb, 20, 20, 0, PREDATOR);
    free(rgb);

    /* Among the others, the later id wins. */
    rows[0] = row(STATE_SCOUT1, 20, 20, 1, 0);
    rows[1] = row(STATE_BOID, 20, 20, 1, 0);
    rgb = render_fb(rows, 2);
    assert_only_sprite(rgb, 20, 20, 0, BOID);
    free(rgb);
    rows[0] = row(STATE_BOID, 20, 20, 1, 0);
    rows[1] = row(STATE_SCOUT2, 20, 20, 1, 0);
    rgb = render_fb(rows, 2);
    assert_only_sprite(rgb, 20, 20, 0, SCOUT2);
    free(rgb);

    /* Overlapping differently: where only the boid is, the boid shows. Boid
     * heading 4 middle row is columns 0..4, predator heading 0 is 2..6. */
    rows[0] = row(STATE_PREDATOR, 20, 20, 1, 0);
    rows[1] = row(STATE_BOID, 20, 20, -1, 0);
    rows[2] = row(STATE_BOID, 40, 40, 1, 0);
    rgb = render_fb(rows, 3);
    assert_int_equal(rgb[20 * FB_W + 17], BOID);
    assert_int_equal(rgb[20 * FB_W + 18], BOID);
    assert_int_equal(rgb[20 * FB_W + 19], PREDATOR);
    assert_int_equal(rgb[20 * FB_W + 23], PREDATOR);
    assert_int_equal(rgb[40 * FB_W + 40], BOID);
    free(rgb);
}

static void world_shift_is_the_smallest_that_fits(void **state)
{
    (void)state;
    assert_int_equal(render_world_shift(640, 480, 640, 480), 0);
    assert_int_equal(render_world_shift(640.99, 480.5, 640, 480), 0);
    assert_int_equal(render_world_shift(641, 480, 640, 480), 1);
    assert_int_equal(render_world_shift(1281.9, 961.9, 640, 480), 1);
    assert_int_equal(render_world_shift(1282, 960, 640, 480), 2);
    assert_int_equal(render_world_shift(1280, 962, 640, 480), 2);
    assert_int_equal(render_world_shift(100, 100, 640, 480), 0);
    assert_int_equal(render_world_shift(5120, 480, 640, 480), 3);
    assert_int_equal(render_world_shift(-1, 480, 640, 480), -1);
}

static void a_bigger_world_is_shifted_down(void **state)
{
    /* World 4x the framebuffer: s = 2. floor(83.9) = 83 >> 2 = 20; floor(41) >> 2 = 10;
     * floor(-5.5) = -6 >> 2 = -2 (rounded down, not towards zero). */
    state_row_t rows[2] = {row(STATE_BOID, 83.9, 41.0, 1, 0), row(STATE_BOID, -5.5, 20, 0, 1)};
    uint32_t *rgb;
    int x, y, drawn = 0;

    (void)state;
    rgb = render(rows, 1, 4 * FB_W, 4 * FB_H + 3, FB_W, FB_H, 1);
    assert_only_sprite(rgb, 20, 10, 0, BOID);
    free(rgb);
    rgb = render(rows + 1, 1, 4 * FB_W, 4 * FB_H, FB_W, FB_H, 1);
    for (y = 0; y < FB_H; y++)
        for (x = 0; x < FB_W; x++)
            drawn += rgb[y * FB_W + x] != BACKGROUND;
    assert_only_sprite(rgb, -2, 5, 2, BOID);
    assert_true(drawn > 0);
    free(rgb);
}

static void scales_two_and_four_show_each_pixel_as_a_block(void **state)
{
    state_row_t rows[3] = {row(STATE_BOID, 10, 10, 1, 1), row(STATE_SCOUT1, 62, 0, -1, 0),
                           row(STATE_PREDATOR, 11, 12, 0, -1)};
    uint32_t *one = render(rows, 3, FB_W, FB_H, FB_W, FB_H, 1);
    int scale, x, y;

    (void)state;
    for (scale = 2; scale <= 4; scale *= 2) {
        uint32_t *big = render(rows, 3, FB_W, FB_H, FB_W, FB_H, scale);
        for (y = 0; y < scale * FB_H; y++)
            for (x = 0; x < scale * FB_W; x++)
                assert_int_equal(big[y * scale * FB_W + x], one[(y / scale) * FB_W + x / scale]);
        free(big);
    }
    assert_true(count_not(one, FB_W * FB_H, BACKGROUND) > 20);
    free(one);
}

static void headings_follow_the_eight_sectors(void **state)
{
    /* t = 106/256 is the sector boundary's slope; e one Q16 step. */
    const double t = 106.0 / 256, e = 1.0 / 65536;
    const struct {
        double vx, vy;
        int heading;
    } cases[] = {
        /* still, and the middle of every sector */
        {0, 0, 0}, {4, 0, 0}, {3, 3, 1}, {0, 4, 2}, {-3, 3, 3},
        {-4, 0, 4}, {-3, -3, 5}, {0, -4, 6}, {3, -3, 7},
        {2, 1, 1}, {2.5, 1, 0}, {0.001, 5, 2}, {-5, 0.5, 4},
        /* both sides of each of the 8 boundaries */
        {1, t - e, 0}, {1, t, 1}, {1, -(t - e), 0}, {1, -t, 7},
        {t - e, 1, 2}, {t, 1, 1}, {-(t - e), 1, 2}, {-t, 1, 3},
        {-1, t - e, 4}, {-1, t, 3}, {-1, -(t - e), 4}, {-1, -t, 5},
        {t - e, -1, 6}, {t, -1, 7}, {-(t - e), -1, 6}, {-t, -1, 5},
    };
    size_t i;

    (void)state;
    for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        if (render_heading(cases[i].vx, cases[i].vy) != cases[i].heading)
            print_message("velocity (%g, %g): heading %d, expected %d\n", cases[i].vx,
                          cases[i].vy, render_heading(cases[i].vx, cases[i].vy),
                          cases[i].heading);
        assert_int_equal(render_heading(cases[i].vx, cases[i].vy), cases[i].heading);
    }
}

static void each_heading_draws_its_sprite(void **state)
{
    static const double v[8][2] = {{4, 0},  {3, 3},   {0, 4},  {-3, 3},
                                   {-4, 0}, {-3, -3}, {0, -4}, {3, -3}};
    int h;

    (void)state;
    for (h = 0; h < 8; h++) {
        state_row_t b = row(STATE_BOID, 32, 24, v[h][0], v[h][1]);
        uint32_t *rgb = render_fb(&b, 1);
        assert_only_sprite(rgb, 32, 24, h, BOID);
        free(rgb);
    }
}

static void bad_arguments_are_refused_with_a_reason(void **state)
{
    state_row_t b = row(STATE_BOID, 10, 10, 1, 0);
    state_table_t t = {1, &b};
    uint32_t rgb[4 * FB_W * FB_H];
    char err[128] = "";

    (void)state;
    assert_int_equal(render_reference(&t, FB_W, FB_H, FB_W, FB_H, 3, rgb, err, sizeof err), -1);
    assert_non_null(strstr(err, "scale 3"));
    assert_int_equal(render_reference(&t, -5, FB_H, FB_W, FB_H, 1, rgb, err, sizeof err), -1);
    assert_non_null(strstr(err, "world"));
    assert_int_equal(render_reference(&t, FB_W, FB_H, 0, FB_H, 1, rgb, err, sizeof err), -1);
    assert_non_null(strstr(err, "framebuffer"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(palette_expands_each_channel_times_17),
        cmocka_unit_test(one_boid_draws_its_sprite_at_its_place),
        cmocka_unit_test(each_role_has_its_colour),
        cmocka_unit_test(sprites_clip_at_every_edge),
        cmocka_unit_test(left_edge_keeps_exactly_the_visible_columns),
        cmocka_unit_test(far_away_boids_clamp_and_draw_nothing),
        cmocka_unit_test(predators_are_drawn_last_others_in_id_order),
        cmocka_unit_test(world_shift_is_the_smallest_that_fits),
        cmocka_unit_test(a_bigger_world_is_shifted_down),
        cmocka_unit_test(scales_two_and_four_show_each_pixel_as_a_block),
        cmocka_unit_test(headings_follow_the_eight_sectors),
        cmocka_unit_test(each_heading_draws_its_sprite),
        cmocka_unit_test(bad_arguments_are_refused_with_a_reason),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
