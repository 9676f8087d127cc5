/* build/sim: the monitor. The firmware's app loop (firmware/app.h) runs
 * natively on the whole Verilated system (accelerator and display pipeline)
 * through the host's HAL; the picture is rebuilt from the VGA pins alone and
 * shown in a window, or written as PNGs. */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "app.h"
#include "flock_start.h"
#include "flock_state.h"
#include "monitor_app.h"
#include "state_csv.h"
#include "stdout_check.h"
#include "system_sim.h"

static void print_help(FILE *out)
{
    fprintf(out,
            "Usage: sim [options]\n"
            "The whole system in simulation: the firmware's flock loop, the neighbor\n"
            "accelerator and the VGA display pipeline (RTL in Verilator). The window shows\n"
            "the picture rebuilt from hsync, vsync and the colour pins alone, as a monitor\n"
            "would; sync errors are reported in words. Without a display it runs headless.\n"
            "\n");
    monitor_print_flags_help(out, "sim/boids_system.gtkw");
    fprintf(out,
            "Sim:\n"
            "  --device-steering  the accelerator's steering unit works out each boid's\n"
            "                     neighbour steering, the rules' steps 1 and 2 and the\n"
            "                     speed limit, as on the SoC (default: the firmware does,\n"
            "                     natively, in no simulated clocks; the flock is the same,\n"
            "                     bit for bit)\n"
            "\n"
            "This build simulates %s: with --neighbors accel a flock\n"
            "holds at most N_MAX boids.\n"
            "\n",
            accel_sim_variant());
    options_print_flock_help(out, SIM_BOIDS_MAX, PREDATORS_MAX);
    fputc('\n', out);
    monitor_print_keys_help(out);
    fputc('\n', out);
    params_print_help(out);
}

static int fail(const char *msg)
{
    fprintf(stderr, "sim: %s\n", msg);
    return 1;
}

enum sim_flag { SIM_DEVICE_STEERING = 1 };

static const struct option SIM_FLAGS[] = {
    {"device-steering", no_argument, NULL, SIM_DEVICE_STEERING}, {NULL, 0, NULL, 0}};

static int apply_sim_flag(void *ctx, int id, const char *flag, const char *value, char *err,
                          size_t errlen)
{
    int *device_steering = ctx;

    (void)id;
    (void)flag;
    (void)value;
    (void)err;
    (void)errlen;
    *device_steering = 1;
    return 0;
}

/* The monitor around the app: the app (firmware/app.h) runs the loop and
 * the flock's keys on arrays here; the monitor brings keys and the mouse in,
 * tunes parameters, and takes the pictures out. */
typedef struct {
    options_t o;
    monitor_flags_t f;
    param_set_t ps;       /* the parameters as the arrows tune them */
    state_table_t start_table;
    flock_t start;        /* what r goes back to */
    app_t app;
    boid_t *boid, *predator; /* the app's arrays */
    uint8_t *role;
    gain_t *biasval;
    neighbor_sums_t *sums;
    void *grid_mem, *bins_mem;
    monitor_t monitor;
    video_window_t *window;
    int quit, tunable, trace_started;
    int device_steering;  /* --device-steering */
    monitor_mouse_t mouse;
    unsigned long frames; /* frames of video since start (FRAME_COUNT) */
    uint32_t frame0;      /* FRAME_COUNT at the start */
    uint32_t drawn_frame; /* FRAME_COUNT of the last drawing */
    uint32_t frame_clocks; /* pixel clocks a frame of the model's video mode */
    double refresh_hz;     /* its frames a second: real time */
    char err[600];
} sim_t;

/* A key, from the window or --keys: the app's, then the monitor's own. */
static void on_key(sim_t *s, int key)
{
    system_sim_wait_video(); /* a screenshot shows the picture so far */
    app_key(&s->app, key);
    switch (monitor_key(key, &s->ps, &s->tunable, &s->monitor, s->frames, "sim")) {
    case MONITOR_KEY_TUNED: {
        flock_params_t fp;
        params_to_fixed(&s->ps, &fp);
        app_set_params(&s->app, &fp);
        break;
    }
    case MONITOR_KEY_QUIT: s->quit = 1; break;
    default: break;
    }
}

static int key_of_window(void *ctx, int key)
{
    on_key(ctx, key);
    return 0;
}

/* The app's input, once a turn: the turn's key of --keys. */
static int take_input(void *ctx, app_t *a)
{
    sim_t *s = ctx;

    if (s->f.keys != NULL && a->loops <= strlen(s->f.keys))
        on_key(s, (unsigned char)s->f.keys[a->loops - 1]);
    return s->quit;
}

static void poll_window(sim_t *s)
{
    app_mouse_t m;

    if (monitor_poll_window(s->window, &s->mouse, key_of_window, s) == 1)
        s->quit = 1;
    m = monitor_app_mouse(&s->mouse, &s->monitor);
    app_mouse(&s->app, &m);
}

static void show_title(sim_t *s, const monitor_rate_t *r)
{
    char title[200];

    snprintf(title, sizeof title,
             "boids sim: %u boids, %u predators | simulated %.1f fps (%.0f%% of real time) | "
             "window %.1f fps%s%s",
             s->app.flock.n, s->app.flock.n_predators, r->sim_fps, r->sim_fps / s->refresh_hz * 100,
             r->window_fps, s->app.paused ? " | paused" : "", system_sim_tracing() ? " | tracing" : "");
    video_window_show(s->window, NULL, 0, 0, title);
}

static uint64_t system_cycles(void *ctx)
{
    (void)ctx;
    return accel_sim_cycles();
}

static void write_stdout(void *ctx, const char *text)
{
    (void)ctx;
    fputs(text, stdout);
}

static int run(sim_t *s)
{
    monitor_rate_t rate = {monitor_now(), 0, 0, 0, 0};
    unsigned long shown = 0, limit = s->o.frames;
    double last_progress = monitor_now();
    int rc;

    for (;;) {
        if (s->f.frames_set && s->frames >= limit)
            break;
        if (monitor_trace_window(&s->f, s->frames, &s->trace_started, "sim", s->err,
                                 sizeof s->err) != 0)
            return -1;
        rc = app_turn(&s->app);
        s->frames = s->app.display.frame - s->frame0;
        if (rc == APP_QUIT)
            break;
        if (rc != APP_OK) {
            snprintf(s->err, sizeof s->err, "%s", app_error(rc));
            if (rc == APP_E_STEP)
                snprintf(s->err, sizeof s->err, "neighbor engine %s failed with code %d",
                         s->app.engine.name, s->app.engine_error);
            return -1;
        }
        if (s->monitor.first_frame == UINT64_MAX) {
            system_sim_wait_video(); /* the sink reads it */
            monitor_first_drawing(&s->monitor, s->app.display.frame);
        }
        s->drawn_frame = s->app.display.frame;
        system_sim_flush_video();
        if (s->monitor.failed) {
            snprintf(s->err, sizeof s->err, "%s", s->monitor.error);
            return -1;
        }
        if (s->window != NULL) {
            if (monitor_take_fresh(&s->monitor)) {
                video_window_show(s->window, s->monitor.picture, s->monitor.width,
                                  s->monitor.height, NULL);
                shown++;
            }
            if (monitor_rate_tick(&rate, s->frames, shown))
                show_title(s, &rate);
            poll_window(s);
            if (s->quit)
                break;
        } else if (monitor_now() - last_progress >= 2.0) {
            last_progress = monitor_now();
            monitor_rate_tick(&rate, s->frames, shown);
            fprintf(stderr, "sim: frame %lu of %lu, %.1f frames/s simulated\n", s->frames, limit,
                    rate.sim_fps);
        }
    }
    /* Until the last drawing is on screen: a picture for every frame run. */
    {
        uint64_t waited = 0;
        while (!monitor_showed(&s->monitor, s->drawn_frame) && waited < 3 * (uint64_t)s->frame_clocks) {
            accel_sim_tick(1000);
            system_sim_flush_video();
            waited += 1000;
        }
    }
    if (s->monitor.failed) {
        snprintf(s->err, sizeof s->err, "%s", s->monitor.error);
        return -1;
    }
    return 0;
}

/* The app's arrays for capacity members, and its configuration. */
static int open_app(sim_t *s)
{
    app_config_t c;
    uint32_t capacity = SIM_BOIDS_MAX;
    size_t grid_bytes, bins_bytes;
    int rc;

    memset(&c, 0, sizeof c);
    s->boid = calloc(capacity, sizeof *s->boid);
    s->role = calloc(capacity, sizeof *s->role);
    s->biasval = calloc(capacity, sizeof *s->biasval);
    s->predator = calloc(PREDATORS_MAX, sizeof *s->predator);
    s->sums = calloc(capacity, sizeof *s->sums);
    c.engine = monitor_app_engine(s->o.neighbors);
    params_to_fixed(&s->ps, &c.params);
    c.capacity = capacity;
    grid_bytes = app_grid_bytes(&c, SIZE_MAX);
    if (grid_bytes > 0)
        s->grid_mem = malloc(grid_bytes);
    bins_bytes = app_bins_bytes(&c);
    if (bins_bytes > 0)
        s->bins_mem = malloc(bins_bytes);
    if (s->boid == NULL || s->role == NULL || s->biasval == NULL || s->predator == NULL ||
        s->sums == NULL || (grid_bytes > 0 && s->grid_mem == NULL) ||
        (bins_bytes > 0 && s->bins_mem == NULL)) {
        snprintf(s->err, sizeof s->err, "out of memory for %u boids", capacity);
        return -1;
    }
    c.start = s->start;
    c.predators_max = PREDATORS_MAX;
    c.boid = s->boid;
    c.role = s->role;
    c.biasval = s->biasval;
    c.predator = s->predator;
    c.sums = s->sums;
    c.grid_mem = s->grid_mem;
    c.bins_mem = s->bins_mem;
    c.sort_cpu_cycles = 0; /* the firmware runs natively, in no simulated cycles: the
                              accelerator sorts every synchronous flock */
    c.cpu_steers = !s->device_steering; /* likewise: the device would only take clocks */
    c.cpu_draws = 1;                    /* and the sprites each step's result, as they cost nothing */
    c.scout_bias = (gain_t)(s->ps.biasval * GAIN_ONE);
    c.seed = (uint32_t)s->o.seed;
    c.paused = s->f.paused;
    c.overlay = s->f.overlay;
    c.console.write = write_stdout;
    c.name = "sim";
    c.clock.cycles = system_cycles;
    c.clock.hz = (uint32_t)(system_sim_pixel_mhz() * 1e6 + 0.5);
    c.input = take_input;
    c.input_ctx = s;
    rc = app_open(&s->app, &c);
    if (rc == APP_E_CAPACITY)
        snprintf(s->err, sizeof s->err, "%u boids and %u predators, but this build holds at most "
                 "%u boids (%s) and %u predators, and the display draws at most %u",
                 s->start.n, s->start.n_predators, s->app.capacity, accel_sim_variant(),
                 PREDATORS_MAX, s->app.display.sprites_max);
    else if (rc != APP_OK)
        snprintf(s->err, sizeof s->err, "%s", app_error(rc));
    return rc == APP_OK ? 0 : -1;
}

static void close_app(sim_t *s)
{
    free(s->boid);
    free(s->role);
    free(s->biasval);
    free(s->predator);
    free(s->sums);
    free(s->grid_mem);
    free(s->bins_mem);
    flock_free(&s->start);
    state_table_free(&s->start_table);
}

int main(int argc, char **argv)
{
    static sim_t s;
    const app_t *a = &s.app;
    const options_extra_t sim_flags = {SIM_FLAGS, apply_sim_flag, NULL, &s.device_steering, NULL};
    double t0;
    int rc, trace_failed;

    stdout_check_at_exit("sim");
    rc = monitor_parse_args(argc, argv, &sim_flags, &s.f, &s.o, s.err, sizeof s.err);
    if (rc == OPTIONS_HELP) {
        print_help(stdout);
        return 0;
    }
    if (rc == OPTIONS_ERROR)
        return fail(s.err);
    if (s.f.png_dir != NULL && monitor_prepare_png_dir(s.f.png_dir, s.err, sizeof s.err) != 0)
        return fail(s.err);
    if (monitor_open_window(&s.f, "sim", &s.o.frames, &s.window, s.err, sizeof s.err) != 0 ||
        monitor_check_outputs(&s.f, s.o.frames, s.o.save_path, s.err, sizeof s.err) != 0)
        return fail(s.err);

    if (accel_sim_open() != 0)
        return fail("the simulation does not open");
    {
        const vga_mode_t *mode = monitor_video_mode(s.err, sizeof s.err);
        if (mode == NULL)
            return fail(s.err);
        s.frame_clocks = vga_mode_frame_clocks(mode);
        s.refresh_hz = system_sim_pixel_mhz() * 1e6 / s.frame_clocks;
    }
    if (monitor_open(&s.monitor, s.f.png_dir, s.err, sizeof s.err) != 0)
        return fail(s.err);
    system_sim_set_video_sink(monitor_sink, &s.monitor);
    s.ps = s.o.params;
    if (flock_start_table(&s.o, &s.start_table, s.err, sizeof s.err) != 0)
        return fail(s.err);
    if (flock_from_table(&s.start_table, &s.start) != 0)
        return fail("out of memory");
    if (open_app(&s) != 0)
        return fail(s.err);
    s.frame0 = a->display.frame;

    fprintf(stderr, "sim: %u boids, %u predators on %s; %s%s%s\n", a->flock.n,
            a->flock.n_predators, accel_sim_variant(),
            s.f.headless ? "headless" : "window open (h lists the keys)",
            s.f.paused ? ", paused" : "", s.device_steering ? ", the device steers" : "");

    t0 = monitor_now();
    rc = run(&s);
    trace_failed = monitor_trace_end(&s.f, rc == 0, s.trace_started, s.frames, "sim") != 0;
    if (rc == 0) {
        double dt = monitor_now() - t0;
        fprintf(stderr,
                "sim: %lu frames in %.1f s: %.1f frames/s simulated (%.0f%% of real time, "
                "%.2f frames/s); %llu pictures decoded (%s), %llu sync problems",
                s.frames, dt, s.frames / dt, s.frames / dt / s.refresh_hz * 100, s.refresh_hz,
                (unsigned long long)s.monitor.pictures, monitor_mode_name(&s.monitor),
                (unsigned long long)vga_decoder_errors(&s.monitor.decoder));
        if (s.f.png_dir != NULL)
            fprintf(stderr, "; %llu PNGs in %s/", (unsigned long long)s.monitor.pngs_written,
                    s.f.png_dir);
        fputc('\n', stderr);
        if (a->stepping_loops > 0)
            fprintf(stderr, "sim: clock cycles a turn of the flock loop: flock step %llu (writes, "
                            "accelerator, reads), sprites %llu, idle until vblank %llu\n",
                    (unsigned long long)(a->cycles_step / a->stepping_loops),
                    (unsigned long long)(a->cycles_draw / a->stepping_loops),
                    (unsigned long long)(a->cycles_wait / a->stepping_loops));
        if (a->stepping_loops > 0)
            fprintf(stderr, "sim: the slowest turn: flock step and sprites %llu cycles\n",
                    (unsigned long long)a->cycles_turn_max);
        if (s.o.save_path != NULL) {
            state_table_t t = {0, NULL};
            if (flock_to_table(&a->flock, &t) != 0) {
                snprintf(s.err, sizeof s.err, "out of memory");
                rc = -1;
            } else if (state_csv_write(s.o.save_path, &t, s.err, sizeof s.err) != 0) {
                rc = -1;
            }
            state_table_free(&t);
        }
    }
    if (s.window != NULL)
        video_window_close(s.window);
    close_app(&s);
    accel_sim_close();
    monitor_close(&s.monitor);
    if (rc != 0)
        return fail(s.err);
    return trace_failed ? 1 : 0;
}
