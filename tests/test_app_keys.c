/* The app's keys and edits (firmware/app.h, flock_edit.h) on a flock in
 * memory, without hardware: + and - by their rule and limits, new boids from
 * the seed and the turn alone, g, m, b, n, space and r, the mouse's place in
 * the world, the console's lines, and that app_owns_key names exactly the
 * keys app_key takes. tests/test_app.sh runs the whole loop on both
 * platforms. */
#include <stdio.h>
#include <string.h>
#include "test_support.h"
#include "../firmware/app.h"

#define CAPACITY 64u
#define PREDATORS 4u

typedef struct {
    boid_t boid[CAPACITY], predator[PREDATORS];
    uint8_t role[CAPACITY];
    gain_t biasval[CAPACITY];
    boid_t start_boid[CAPACITY], start_predator[PREDATORS];
    uint8_t start_role[CAPACITY];
    gain_t start_biasval[CAPACITY];
    char console[4096];
    app_t app;
} fixture_t;

static void to_buffer(void *ctx, const char *text)
{
    fixture_t *fx = ctx;
    size_t used = strlen(fx->console);

    snprintf(fx->console + used, sizeof fx->console - used, "%s", text);
}

/* An app as app_open leaves it, on a display of 640x480 with room for
 * sprites sprites: n members (scouts of each group first), predators. */
static app_t *open_fixture(fixture_t *fx, uint32_t n, uint32_t scouts, uint32_t predators,
                           uint32_t sprites)
{
    param_set_t ps;
    uint32_t i;
    app_t *a = &fx->app;

    memset(fx, 0, sizeof *fx);
    params_defaults(&ps);
    for (i = 0; i < n; i++) {
        fx->start_boid[i] = boid_px(10 + 7 * i, 20 + 5 * i, 1, -1);
        fx->start_role[i] = i < scouts ? ROLE_SCOUT1 : i < 2 * scouts ? ROLE_SCOUT2 : ROLE_BOID;
        fx->start_biasval[i] = fx->start_role[i] != ROLE_BOID ? GAIN_ONE / 100 : 0;
    }
    for (i = 0; i < predators; i++)
        fx->start_predator[i] = boid_px(300, 200 + i, 0, 2);
    a->start.n = n;
    a->start.boid = fx->start_boid;
    a->start.role = fx->start_role;
    a->start.biasval = fx->start_biasval;
    a->start.n_predators = predators;
    a->start.predator = fx->start_predator;
    a->flock.boid = fx->boid;
    a->flock.role = fx->role;
    a->flock.biasval = fx->biasval;
    a->flock.predator = fx->predator;
    a->capacity = CAPACITY;
    a->predators_max = PREDATORS;
    params_to_fixed(&ps, &a->params);
    a->display.width = 640;
    a->display.height = 480;
    a->display.sprites_max = sprites;
    a->scout_bias = GAIN_ONE / 50;
    a->seed = 7;
    a->console.write = to_buffer;
    a->console.ctx = fx;
    a->name = "test";
    assert_int_equal(app_key(a, 'r'), 1); /* the live flock from the start */
    fx->console[0] = '\0';
    return a;
}

static uint32_t count_role(const app_t *a, int role)
{
    uint32_t i, n = 0;

    for (i = 0; i < a->flock.n; i++)
        n += a->flock.role[i] == role;
    return n;
}

static void plus_and_minus_resize_by_their_rule_within_the_limits(void **state)
{
    static fixture_t fx;
    app_t *a = open_fixture(&fx, 40, 0, 1, 1000);

    (void)state;
    app_key(a, '+');
    assert_int_equal(a->flock.n, 50); /* a quarter more, rounded up */
    assert_string_equal(fx.console, "test: 50 boids\n");
    app_key(a, '-');
    assert_int_equal(a->flock.n, 40); /* a fifth fewer */
    app_key(a, '=');
    app_key(a, '+');
    assert_int_equal(a->flock.n, 63);
    app_key(a, '+');
    assert_int_equal(a->flock.n, CAPACITY); /* 79 -> the arrays' 64 */
    assert_int_equal(a->flock.n_predators, 1);
    a = open_fixture(&fx, 40, 0, 2, 44);
    app_key(a, '+');
    assert_int_equal(a->flock.n, 42); /* the sprites: 44 less 2 predators */
    a = open_fixture(&fx, 1, 0, 0, 1000);
    app_key(a, '-');
    assert_int_equal(a->flock.n, 1); /* never fewer than one */
}

static void new_boids_come_from_the_seed_and_the_turn_alone(void **state)
{
    static fixture_t one, two;
    app_t *a = open_fixture(&one, 20, 0, 1, 1000), *b = open_fixture(&two, 20, 0, 1, 1000);
    uint32_t i;

    (void)state;
    a->loops = b->loops = 3;
    app_key(a, '+');
    app_key(b, '+');
    assert_memory_equal(one.boid, two.boid, sizeof one.boid);
    assert_memory_equal(one.start_boid, one.boid, 20 * sizeof(boid_t)); /* the old ones stay */
    assert_memory_equal(one.start_predator, one.predator, sizeof(boid_t));
    for (i = 20; i < a->flock.n; i++) {
        const boid_t *n = &a->flock.boid[i];
        assert_true(n->x >= 0 && n->x < a->params.world_w && n->y >= 0 &&
                    n->y < a->params.world_h);
        assert_true(n->vx >= -a->params.maxspeed / 2 && n->vx < a->params.maxspeed / 2);
        assert_true(n->vy >= -a->params.maxspeed / 2 && n->vy < a->params.maxspeed / 2);
        assert_int_equal(a->flock.role[i], ROLE_BOID);
    }
    assert_true(a->flock.boid[20].x != a->flock.boid[21].x); /* scattered */
    b = open_fixture(&two, 20, 0, 1, 1000);
    b->loops = 4; /* another turn */
    app_key(b, '+');
    assert_true(memcmp(&one.boid[20], &two.boid[20], 5 * sizeof(boid_t)) != 0);
    b = open_fixture(&two, 20, 0, 1, 1000);
    b->loops = 3;
    b->seed = 8; /* another seed */
    app_key(b, '+');
    assert_true(memcmp(&one.boid[20], &two.boid[20], 5 * sizeof(boid_t)) != 0);
}

static void g_turns_scout_groups_off_and_back_on(void **state)
{
    static fixture_t fx;
    app_t *a = open_fixture(&fx, 30, 4, 0, 1000);

    (void)state;
    app_key(a, 'g');
    assert_int_equal(count_role(a, ROLE_BOID), 30);
    assert_string_equal(fx.console, "test: scout groups off\n");
    app_key(a, 'g'); /* back to the starting flock's scouts */
    assert_memory_equal(fx.role, fx.start_role, 30);
    assert_memory_equal(fx.biasval, fx.start_biasval, 30 * sizeof(gain_t));
    a = open_fixture(&fx, 30, 0, 0, 1000);
    app_key(a, 'g'); /* none at the start: a tenth in each group */
    assert_int_equal(count_role(a, ROLE_SCOUT1), 3);
    assert_int_equal(count_role(a, ROLE_SCOUT2), 3);
    assert_int_equal(fx.biasval[0], a->scout_bias);
    assert_string_equal(fx.console, "test: scout groups on\n");
}

static void m_adds_the_predator_that_follows_the_mouse(void **state)
{
    static fixture_t fx;
    app_t *a = open_fixture(&fx, 10, 0, 0, 11);
    app_mouse_t over = {320, 100, 640, 480, 1}, corner = {700, -5, 640, 480, 1};
    q16_t x, y;

    (void)state;
    app_key(a, 'm');
    assert_int_equal(a->flock.n_predators, 1);
    assert_int_equal(fx.predator[0].x, a->params.world_w / 2);
    assert_int_equal(fx.predator[0].y, a->params.world_h / 2);
    assert_true(a->follow_mouse);
    app_key(a, 'm');
    app_key(a, 'm'); /* off and on: still one */
    assert_int_equal(a->flock.n_predators, 1);
    assert_false(app_mouse_in_world(a, &x, &y)); /* no mouse yet */
    app_mouse(a, &over);
    assert_true(app_mouse_in_world(a, &x, &y));
    assert_int_equal(x, 320 * Q16_ONE);
    assert_int_equal(y, 100 * Q16_ONE);
    a->display.width = 160; /* SCALE 4, a 1280x960 world zoomed out by 8 */
    a->display.height = 120;
    a->display.shift = 3;
    assert_true(app_mouse_in_world(a, &x, &y));
    assert_int_equal(x, 640 * Q16_ONE);
    assert_int_equal(y, 200 * Q16_ONE);
    app_mouse(a, &corner); /* clamped to the picture */
    assert_true(app_mouse_in_world(a, &x, &y));
    assert_int_equal(x, 1272 * Q16_ONE);
    assert_int_equal(y, 0);
    corner.inside = 0;
    app_mouse(a, &corner);
    assert_false(app_mouse_in_world(a, &x, &y));
    a = open_fixture(&fx, 10, 0, 0, 10); /* the sprites are full */
    app_key(a, 'm');
    assert_int_equal(a->flock.n_predators, 0);
    assert_string_equal(fx.console, "test: no room for a predator\n");
}

static void pause_step_bias_and_reset(void **state)
{
    static fixture_t fx;
    app_t *a = open_fixture(&fx, 10, 0, 0, 1000);
    flock_params_t tuned;

    (void)state;
    app_key(a, ' ');
    assert_true(a->paused);
    app_key(a, ' ');
    assert_false(a->paused);
    app_key(a, 'n');
    assert_true(a->paused && a->step);
    app_key(a, 'b');
    assert_int_equal(a->params.dynamic_bias, 1);
    tuned = a->params;
    tuned.dynamic_bias = 0;
    tuned.visualrange *= 2;
    app_set_params(a, &tuned); /* a monitor's tuning keeps b's choice */
    assert_int_equal(a->params.dynamic_bias, 1);
    assert_int_equal(a->params.visualrange, tuned.visualrange);
    app_key(a, '+');
    fx.boid[0].x += Q16_ONE;
    a->steps_done = 5;
    app_key(a, 'r');
    assert_int_equal(a->flock.n, 10);
    assert_memory_equal(fx.boid, fx.start_boid, 10 * sizeof(boid_t));
    assert_int_equal(a->steps_done, 0);
}

/* A flock loaded in place with no copy of its start (a board whose RAM holds
 * one flock): r scatters the starting number of boids anew, within the
 * world, from the seed and the turn alone, roles and predators as they are;
 * g, with no starting roles, makes a tenth of the flock each group. */
static void r_without_a_copy_scatters_the_start_anew(void **state)
{
    static fixture_t fx;
    app_t *a = open_fixture(&fx, 20, 3, 1, 1000);
    boid_t loaded[20], first[20];
    const boid_t predator = fx.predator[0];
    uint32_t i, moved = 0;

    (void)state;
    a->start.boid = a->start.predator = NULL;
    a->start.role = NULL;
    a->start.biasval = NULL;
    memcpy(loaded, fx.boid, sizeof loaded);
    app_key(a, '-');
    a->steps_done = 5;
    app_key(a, 'r');
    assert_int_equal(a->flock.n, 20);
    assert_int_equal(a->flock.n_predators, 1);
    assert_int_equal(a->steps_done, 0);
    assert_memory_equal(fx.role, fx.start_role, sizeof fx.role);
    assert_memory_equal(&fx.predator[0], &predator, sizeof predator);
    for (i = 0; i < 20; i++) {
        const boid_t *b = &fx.boid[i];
        moved += b->x != loaded[i].x || b->y != loaded[i].y;
        assert_true(b->x >= 0 && b->x < a->params.world_w);
        assert_true(b->y >= 0 && b->y < a->params.world_h);
        assert_true(fx_uabs(b->vx) <= (uint32_t)a->params.maxspeed / 2 + 1);
        assert_true(fx_uabs(b->vy) <= (uint32_t)a->params.maxspeed / 2 + 1);
    }
    assert_int_equal(moved, 20);
    memcpy(first, fx.boid, sizeof first);
    app_key(a, 'r'); /* the same turn: the same scatter */
    assert_memory_equal(fx.boid, first, sizeof first);
    a->loops++; /* the next turn: another */
    app_key(a, 'r');
    assert_memory_not_equal(fx.boid, first, sizeof first);
    assert_int_equal(app_key(a, 'g'), 1); /* the start's six scouts off */
    assert_int_equal(count_role(a, ROLE_BOID), 20);
    app_key(a, 'g'); /* and on: no starting roles, so a tenth each */
    assert_int_equal(count_role(a, ROLE_SCOUT1), 2);
    assert_int_equal(count_role(a, ROLE_SCOUT2), 2);
}

static uint64_t zero_counter(void *ctx)
{
    (void)ctx;
    return 0;
}

static void the_console_says_the_keys_and_the_status(void **state)
{
    static fixture_t fx;
    app_t *a = open_fixture(&fx, 10, 0, 0, 1000);
    char expected[1024];

    (void)state;
    app_key(a, 'h');
    snprintf(expected, sizeof expected, "test: keys:\n%s", APP_KEYS_HELP);
    assert_string_equal(fx.console, expected);
    fx.console[0] = '\0';
    a->clock.hz = 25175000;
    a->steps_done = 11;
    a->stepping_loops = 10;
    a->first_wake = 1000;
    a->last_wake = 1000 + 9 * 420000; /* every frame of 640x480@60 */
    a->cycles_step = 10 * 123456;
    a->cycles_draw = 10 * 2000;
    app_print_status(a, "done: ");
    assert_string_equal(fx.console, "test: done: 11 steps, 59.94 frames/s; a step 123456 cycles, "
                                    "sprites 2000\n");
    fx.console[0] = '\0';
    a->clock.instret = zero_counter; /* a platform that counts instructions: CPI */
    a->instret = (a->cycles_step + a->cycles_draw) * 10 / 37;
    app_print_status(a, "");
    assert_string_equal(fx.console, "test: 11 steps, 59.94 frames/s; a step 123456 cycles, "
                                    "sprites 2000, CPI 3.70\n");
    fx.console[0] = '\0';
    app_print_flock(a);
    assert_string_equal(fx.console, "test: 10 boids, 0 predators; h lists the keys\n");
}

static void app_owns_exactly_the_keys_it_takes(void **state)
{
    static fixture_t fx;
    int key;

    (void)state;
    for (key = 0; key < 256; key++) {
        app_t *a = open_fixture(&fx, 10, 0, 0, 1000);
        assert_int_equal(app_key(a, key), app_owns_key(key));
    }
    assert_true(app_owns_key(' ') && app_owns_key('+') && app_owns_key('m'));
    assert_false(app_owns_key('q') || app_owns_key('p') || app_owns_key('['));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(plus_and_minus_resize_by_their_rule_within_the_limits),
        cmocka_unit_test(new_boids_come_from_the_seed_and_the_turn_alone),
        cmocka_unit_test(g_turns_scout_groups_off_and_back_on),
        cmocka_unit_test(m_adds_the_predator_that_follows_the_mouse),
        cmocka_unit_test(pause_step_bias_and_reset),
        cmocka_unit_test(r_without_a_copy_scatters_the_start_anew),
        cmocka_unit_test(the_console_says_the_keys_and_the_status),
        cmocka_unit_test(app_owns_exactly_the_keys_it_takes),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
