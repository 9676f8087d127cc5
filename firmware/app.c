/* The app's loop, keys and console (app.h). */
#include "accel_regs.h"
#include "app.h"
#include "display_regs.h"
#include "flock_edit.h"

static void say(const app_t *a, const char *text)
{
    console_puts(&a->console, a->name);
    console_puts(&a->console, ": ");
    console_puts(&a->console, text);
}

static void say_on_off(const app_t *a, const char *what, int on)
{
    say(a, what);
    console_puts(&a->console, on ? "on\n" : "off\n");
}

static uint64_t clock_cycles(const app_t *a)
{
    return a->clock.cycles ? a->clock.cycles(a->clock.ctx) : 0;
}

static uint64_t clock_instret(const app_t *a)
{
    return a->clock.instret ? a->clock.instret(a->clock.ctx) : 0;
}

/* The live flock from the starting one. Without a copy of the start
 * (start.boid NULL) the platform loaded the flock into the live arrays, and a
 * restart after that scatters the starting number of boids anew (roles and
 * predators as they are). */
static void restart(app_t *a, int boot)
{
    uint32_t i;

    if (a->start.boid == NULL) {
        if (!boot)
            flock_edit_scatter(&a->flock, a->start.n, &a->params, a->seed + a->loops);
    } else {
        for (i = 0; i < a->start.n; i++) {
            a->flock.boid[i] = a->start.boid[i];
            a->flock.role[i] = a->start.role[i];
            a->flock.biasval[i] = a->start.biasval[i];
        }
        for (i = 0; i < a->start.n_predators; i++)
            a->flock.predator[i] = a->start.predator[i];
    }
    a->flock.n = a->start.n;
    a->flock.n_predators = a->start.n_predators;
    a->steps_done = 0;
    a->roles_changed = 1;
}

int app_engine_built(int engine)
{
    if (engine == APP_ENGINE_BRUTE && !FEATURE_BRUTE)
        engine = APP_ENGINE_GRID;
    else if (engine == APP_ENGINE_GRID && !FEATURE_GRID)
        engine = APP_ENGINE_BRUTE;
    if ((engine == APP_ENGINE_ACCEL && !FEATURE_ACCEL) ||
        (engine == APP_ENGINE_BRUTE && !FEATURE_BRUTE) ||
        (engine == APP_ENGINE_GRID && !FEATURE_GRID))
        return -1;
    return engine;
}

int app_needs_sums(const app_config_t *c)
{
    return app_engine_built(c->engine) != APP_ENGINE_ACCEL;
}

size_t app_grid_bytes(app_config_t *c, size_t room)
{
#if FEATURE_GRID
    neighbor_query_t q = neighbor_query_make(&c->params);
    uint32_t fits;

    if (app_engine_built(c->engine) != APP_ENGINE_GRID)
        return 0;
    c->grid_cells = neighbors_grid_small_cells(c->capacity, &q);
    /* short of room, as many cells as fit (fewer and larger), at least one */
    fits = neighbors_grid_small_cells_in(c->capacity, room);
    if (c->grid_cells > fits)
        c->grid_cells = fits > 0 ? fits : 1;
    return neighbors_grid_small_bytes(c->capacity, c->grid_cells);
#else /* built without it (feature_switches.h) */
    (void)c;
    (void)room;
    return 0;
#endif
}

#if FEATURE_ACCEL
/* The accelerator answers and sorts for itself (neighbors_accel_init's test). */
static int accel_has_sorter(void)
{
    return hal_read32(ACCEL_ID) == ACCEL_ID_VALUE && hal_read32(ACCEL_BIN_CELLS) != 0 &&
           hal_read32(ACCEL_BIN_PASSES) != 0;
}
#endif

size_t app_bins_bytes(const app_config_t *c)
{
#if FEATURE_ACCEL
    if (app_engine_built(c->engine) == APP_ENGINE_ACCEL && !accel_has_sorter())
        return accel_bins_bytes(c->capacity);
#endif
    (void)c;
    return 0;
}

static int open_engine(app_t *a, const app_config_t *c)
{
    switch (app_engine_built(c->engine)) {
#if FEATURE_ACCEL
    case APP_ENGINE_ACCEL:
        if (neighbors_accel_init(&a->accel) != NEIGHBORS_OK)
            return APP_E_ACCEL;
        if (a->accel.n_max < a->capacity)
            a->capacity = a->accel.n_max;
        /* the device's sorter if it has one (no sort on the CPU, no arrays),
         * else binning if the device has it and the caller gave the arrays */
        a->sorting = neighbors_accel_use_sorter(&a->accel, 1) == NEIGHBORS_OK;
        a->sort_cpu_cycles = c->sort_cpu_cycles;
        if (!a->sorting && c->bins_mem != NULL) {
            accel_bins_init(&a->bins, a->capacity, a->accel.lanes, c->bins_mem);
            a->binning = neighbors_accel_use_bins(&a->accel, &a->bins) == NEIGHBORS_OK;
        }
        if (c->cpu_steers)
            neighbors_accel_use_steer(&a->accel, NEIGHBOR_STREAM_SUMS);
        a->engine = neighbors_accel_engine(&a->accel);
        return APP_OK;
#endif
#if FEATURE_GRID
    case APP_ENGINE_GRID:
        if (c->grid_mem == NULL)
            return APP_E_MEMORY;
        neighbors_grid_small_init(&a->grid, c->capacity, c->grid_cells, c->grid_mem);
        a->engine = neighbors_grid_small_engine(&a->grid);
        return APP_OK;
#endif
#if FEATURE_BRUTE
    case APP_ENGINE_BRUTE:
        a->engine = neighbors_brute_engine(&a->brute);
        return APP_OK;
#endif
    default:
        return APP_E_BUILD;
    }
}

int app_open(app_t *a, const app_config_t *c)
{
    app_t zero = {0};
    int rc;

    *a = zero;
    a->start = c->start;
    a->flock.boid = c->boid;
    a->flock.role = c->role;
    a->flock.biasval = c->biasval;
    a->flock.predator = c->predator;
    a->capacity = c->capacity;
    a->predators_max = c->predators_max;
    a->params = c->params;
    a->sums = c->sums;
    a->scout_bias = c->scout_bias;
    a->seed = c->seed;
    a->paused = c->paused != 0;
    a->overlay = c->overlay != 0;
    a->console = c->console;
    a->name = c->name;
    a->clock = c->clock;
    a->input = c->input;
    a->input_ctx = c->input_ctx;
    if (a->sums == NULL && app_needs_sums(c))
        return APP_E_MEMORY;
    if (!FEATURE_WEIGHTED && a->params.rules == RULES_WEIGHTED)
        return APP_E_BUILD;
    if ((rc = open_engine(a, c)) != APP_OK)
        return rc;
    if (display_init(&a->display, SYSTEM_DISPLAY_BASE) != DISPLAY_OK)
        return APP_E_DISPLAY;
#if FEATURE_ACCEL
    a->tap = a->display.flock_tap && !c->cpu_draws && app_engine_built(c->engine) == APP_ENGINE_ACCEL;
#endif
    if (a->start.n > a->capacity || a->start.n_predators > a->predators_max ||
        a->start.n + a->start.n_predators > a->display.sprites_max)
        return APP_E_CAPACITY;
    restart(a, 1);
    display_set_world(&a->display, a->params.world_w, a->params.world_h);
    return APP_OK;
}

/* + and -: within the arrays, and with the predators within the sprites. */
static void resize(app_t *a, int grow)
{
    uint32_t room = a->display.sprites_max - a->flock.n_predators;

    flock_edit_resize(&a->flock, room < a->capacity ? room : a->capacity, &a->params,
                      a->seed + a->loops, grow);
    say(a, "");
    console_putu(&a->console, a->flock.n);
    console_puts(&a->console, " boids\n");
}

static void toggle_follow_mouse(app_t *a)
{
    if (!a->follow_mouse && a->flock.n_predators == 0) {
        if (a->predators_max == 0 || a->flock.n + 1 > a->display.sprites_max) {
            say(a, "no room for a predator\n");
            return;
        }
        flock_edit_add_predator(&a->flock, &a->params);
    }
    a->follow_mouse = !a->follow_mouse;
    say_on_off(a, "predator follows the mouse: ", a->follow_mouse);
}

int app_key(app_t *a, int key)
{
    a->roles_changed = 1; /* a key may add boids, make scouts, restart: the display's table too */
    switch (key) {
    case 'h': case '?':
        say(a, "keys:\n");
        console_puts(&a->console, APP_KEYS_HELP);
        return 1;
    case ' ': a->paused = !a->paused; return 1;
    case 'n': a->paused = 1; a->step = 1; return 1;
    case 'r': restart(a, 0); return 1;
    case '+': case '=': resize(a, 1); return 1;
    case '-': resize(a, 0); return 1;
    case 'g':
        say_on_off(a, "scout groups ",
                   flock_edit_toggle_scouts(&a->flock, &a->start, a->scout_bias));
        return 1;
    case 'b':
        a->params.dynamic_bias = !a->params.dynamic_bias;
        say_on_off(a, "dynamic bias ", a->params.dynamic_bias);
        return 1;
    case 'm': toggle_follow_mouse(a); return 1;
#if FEATURE_OVERLAY
    case 'o':
        a->overlay = !a->overlay;
        say_on_off(a, "overlay ", a->overlay);
        return 1;
#endif
    default: return 0;
    }
}

void app_set_params(app_t *a, const flock_params_t *p)
{
    uint8_t dynamic_bias = a->params.dynamic_bias;

    a->params = *p;
    a->params.dynamic_bias = dynamic_bias;
    display_set_world(&a->display, a->params.world_w, a->params.world_h);
}

void app_mouse(app_t *a, const app_mouse_t *m)
{
    a->mouse = *m;
}

int app_mouse_in_world(const app_t *a, q16_t *x, q16_t *y)
{
    const app_mouse_t *m = &a->mouse;
    int32_t at[2] = {m->x, m->y};
    uint32_t picture[2] = {m->picture_w, m->picture_h};
    uint32_t buffer[2] = {a->display.width, a->display.height};
    q16_t world[2];
    int i;

    if (!m->inside)
        return 0;
    for (i = 0; i < 2; i++) {
        uint32_t px;
        if (picture[i] == 0 || picture[i] > 8192 || buffer[i] > 8192)
            return 0;
        px = at[i] < 0 ? 0 : (uint32_t)at[i] >= picture[i] ? picture[i] - 1 : (uint32_t)at[i];
        px = (px * buffer[i] / picture[i]) << a->display.shift;
        world[i] = (q16_t)((px < POSITION_MAX_PX ? px : POSITION_MAX_PX - 1) << 16);
    }
    *x = world[0];
    *y = world[1];
    return 1;
}

/* The binned batch, sorted by the device or by the firmware, serves the
 * synchronous order; the sequential order's query runs keep the boids in id
 * order (binning would sort them for nothing; the device's sorted memory has
 * no slot of a boid to query). The device sorts only a flock whose
 * brute-force batch, N^2 / LANES cycles, would outlast the CPU's pass over
 * it (app_config_t.sort_cpu_cycles a boid): below that the batch runs
 * behind the rules for free, and sorting would cost the CPU its writes. */
static void choose_batch(app_t *a)
{
#if FEATURE_ACCEL
    const int synchronous = a->params.order == ORDER_SYNCHRONOUS;

    if (a->sorting)
        neighbors_accel_use_sorter(&a->accel,
                                   synchronous && a->flock.n > a->sort_cpu_cycles * a->accel.lanes);
    else if (a->binning)
        neighbors_accel_use_bins(&a->accel, synchronous ? &a->bins : NULL);
#else
    (void)a;
#endif
}

static void follow_mouse(app_t *a)
{
    q16_t x, y;

    if (a->follow_mouse && app_mouse_in_world(a, &x, &y))
        flock_edit_predator_to(&a->flock, x, y);
}

/* A flock step. Where the display takes its sprites from the accelerator's
 * boids (a->tap: the engine gives them in id order), the picture is drawn
 * from what begin gave it, the flock as the step starts, while the rules
 * run: the CPU writes no sprite, and *tapped says so. */
static int step(app_t *a, int *tapped)
{
    int rc;

#if FEATURE_ACCEL
    *tapped = a->tap && neighbors_accel_in_id_order(&a->accel);
#else
    *tapped = 0;
#endif
    if (*tapped) {
        if (display_tap_open(&a->display, &a->flock, a->roles_changed) != DISPLAY_OK)
            return APP_E_DRAW;
        a->roles_changed = 0;
    }
    if ((rc = flock_step_begin(&a->flock, &a->params, &a->engine)) == 0) {
        if (*tapped && display_tap_draw(&a->display, &a->flock) != DISPLAY_OK)
            return APP_E_DRAW;
        rc = flock_step_rules(&a->flock, &a->params, &a->engine, a->sums);
    }
    if (rc != 0) {
        a->engine_error = rc;
        return APP_E_STEP;
    }
    return APP_OK;
}

static void compose_overlay(app_t *a);

int app_turn(app_t *a)
{
    uint64_t c0 = clock_cycles(a), woke, c1, c2, c3, i0, i1;
    int stepping, rc, tapped = 0;

    if (display_wait_frame(&a->display) != DISPLAY_OK)
        return APP_E_FRAME;
    woke = clock_cycles(a);
    a->loops++;
    if (a->input != NULL && (rc = a->input(a->input_ctx, a)) != 0)
        return rc < 0 ? APP_E_INPUT : APP_QUIT;
    stepping = !a->paused || a->step;
    c1 = clock_cycles(a);
    i0 = clock_instret(a);
    compose_overlay(a); /* before the step: the tap draws during it */
    if (stepping) {
        choose_batch(a);
        if ((rc = step(a, &tapped)) != APP_OK)
            return rc;
        a->step = 0;
        a->steps_done++;
    }
    follow_mouse(a);
    c2 = clock_cycles(a);
    if (!tapped && display_draw(&a->display, &a->flock) != DISPLAY_OK)
        return APP_E_DRAW;
    c3 = clock_cycles(a);
    i1 = clock_instret(a);
    if (stepping && a->loops > 1) { /* the first turn's wait is from boot */
        if (a->stepping_loops++ == 0) {
            a->first_wake = woke;
#if FEATURE_OVERLAY
            a->first_frame = a->display.frame;
#endif
        }
        a->last_wake = woke;
#if FEATURE_OVERLAY
        a->last_frame = a->display.frame;
#endif
        a->cycles_wait += c1 - c0;
        a->cycles_step += c2 - c1;
        a->cycles_draw += c3 - c2;
        if (c3 - c1 > a->cycles_turn_max)
            a->cycles_turn_max = c3 - c1;
        a->instret += i1 - i0;
    }
    if (a->loops % APP_STATUS_EVERY == 0)
        app_print_status(a, "");
    return APP_OK;
}

/* floor(n / d), 0 if d is 0, saturated to a word: shifts and subtractions,
 * so that a 32-bit CPU needs no 64-bit division routine for a status line. */
static uint32_t quotient(uint64_t n, uint64_t d)
{
    uint64_t q = 0, bit = 1;

    if (d == 0)
        return 0;
    while (d <= n >> 1) {
        d <<= 1;
        bit <<= 1;
    }
    for (; bit != 0; d >>= 1, bit >>= 1)
        if (n >= d) {
            n -= d;
            q |= bit;
        }
    return q > UINT32_MAX ? UINT32_MAX : (uint32_t)q;
}

/* Timed turns a second of the platform's time, times scale; 0 before two
 * (the first and last wake are then one). */
static uint32_t turns_per_second(const app_t *a, uint32_t scale)
{
    return quotient((uint64_t)(a->stepping_loops - 1) * scale * a->clock.hz, a->last_wake - a->first_wake);
}

void app_figures(const app_t *a, uint32_t *fps_x10, uint32_t *slowest_pct)
{
    uint64_t span = a->last_wake - a->first_wake;
    uint32_t frames = a->last_frame - a->first_frame;

    *fps_x10 = turns_per_second(a, 10u);
    /* the slowest turn against a frame's cycles, span / frames */
    *slowest_pct = frames != 0 ? quotient(a->cycles_turn_max * 100u * frames, span) : 0;
}

/* The figures as glyph sprites in the top left corner, or none. */
static void compose_overlay(app_t *a)
{
#if FEATURE_OVERLAY
    char text[OVERLAY_TEXT_MAX];
    uint32_t fps_x10, slowest_pct;

    if (!a->overlay) {
        display_set_overlay(&a->display, NULL, 0);
        return;
    }
    app_figures(a, &fps_x10, &slowest_pct);
    overlay_figures(text, a->flock.n, fps_x10, slowest_pct);
    display_set_overlay(&a->display, a->overlay_words,
                        overlay_text(a->overlay_words, OVERLAY_WORDS_MAX, text, 2, 2, OVERLAY_ROLE));
#else /* built without it (feature_switches.h): the figures are on the console's status line */
    (void)a;
#endif
}

void app_print_status(const app_t *a, const char *what)
{
    const console_t *c = &a->console;
    uint32_t timed = a->stepping_loops ? a->stepping_loops : 1;

    say(a, what);
    console_putu(c, a->steps_done);
    console_puts(c, " steps, ");
    console_put_fixed(c, turns_per_second(a, 100u));
    console_puts(c, " frames/s; a step ");
    console_putu(c, quotient(a->cycles_step, timed));
    console_puts(c, " cycles, sprites ");
    console_putu(c, quotient(a->cycles_draw, timed));
    if (a->clock.instret != NULL) {
        console_puts(c, ", CPI ");
        console_put_fixed(c, quotient((a->cycles_step + a->cycles_draw) * 100u, a->instret));
    }
    console_puts(c, "\n");
}

void app_print_flock(const app_t *a)
{
    say(a, "");
    console_putu(&a->console, a->flock.n);
    console_puts(&a->console, " boids, ");
    console_putu(&a->console, a->flock.n_predators);
    console_puts(&a->console, " predators; h lists the keys\n");
}

const char *app_error(int status)
{
    switch (status) {
    case APP_OK: return "no error";
    case APP_QUIT: return "stopped by its input";
    case APP_E_ACCEL: return "the accelerator does not answer";
    case APP_E_DISPLAY: return "the display does not answer";
    case APP_E_MEMORY: return "no memory for the neighbor sums or the grid";
    case APP_E_CAPACITY: return "the flock is larger than the accelerator or the display holds";
    case APP_E_FRAME: return "the display gives no frames";
    case APP_E_STEP: return "the neighbor engine failed";
    case APP_E_DRAW: return "the display refused the flock";
    case APP_E_INPUT: return "the input failed";
    case APP_E_BUILD: return "this firmware was built without that neighbor engine or rule set";
    default: return "unknown error";
    }
}
