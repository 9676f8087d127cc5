/* build/sim: the monitor. The firmware's flock loop runs on the whole
 * Verilated system (accelerator and display pipeline); the picture is rebuilt
 * from the VGA pins alone and shown in a window, or written as PNGs. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "display.h"
#include "display_regs.h"
#include "flock_sim.h"
#include "flock_start.h"
#include "monitor_app.h"
#include "scene.h"
#include "steering.h"
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
            "\n"
            "This build simulates %s: with --neighbors accel a flock\n"
            "holds at most N_MAX boids.\n"
            "\n",
            accel_sim_variant());
    options_print_flock_help(out, SIM_BOIDS_MAX, PREDATORS_MAX);
    fprintf(out, "\n%s\n", MONITOR_KEYS_HELP);
    params_print_help(out);
}

static int fail(const char *msg)
{
    fprintf(stderr, "sim: %s\n", msg);
    return 1;
}

/* Everything the loop and the keys act on. */
typedef struct {
    options_t o;
    monitor_flags_t f;
    flock_sim_t fs;
    state_table_t start;  /* what r goes back to */
    display_t display;
    monitor_t monitor;
    video_window_t *window;
    int paused, step, quit, follow_mouse, tunable;
    monitor_mouse_t mouse;
    unsigned long frames; /* frames of video since start (FRAME_COUNT) */
    unsigned long loops;  /* turns of the firmware's loop: one a frame, or fewer when a step is long */
    uint32_t frame0;      /* FRAME_COUNT at the start */
    int trace_started;    /* --trace has begun (it runs once) */
    uint32_t drawn_frame; /* FRAME_COUNT of the last drawing */
    /* simulated clock cycles spent per phase, over the frames that stepped */
    uint64_t cycles_wait, cycles_step, cycles_draw, frames_stepped;
    char err[600];
} sim_t;

/* Reopens the flock from a table, keeping parameters; the hardware stays open. */
static int reopen_flock(sim_t *s, const state_table_t *t)
{
    param_set_t ps = s->fs.ps;

    flock_sim_close(&s->fs);
    if (flock_sim_open(&s->fs, MODEL_FIXED, s->o.neighbors, &ps, t, s->err, sizeof s->err) != 0)
        return -1;
    display_set_world(&s->display, s->fs.fp.world_w, s->fs.fp.world_h);
    return 0;
}

/* Rebuilds the flock from its current state after edit() changed the table. */
static int edit_flock(sim_t *s, int (*edit)(sim_t *, state_table_t *))
{
    state_table_t t = {0, NULL};
    int rc;

    if (flock_sim_table(&s->fs, &t) != 0) {
        snprintf(s->err, sizeof s->err, "out of memory");
        return -1;
    }
    rc = edit(s, &t);
    if (rc == 0)
        rc = reopen_flock(s, &t);
    state_table_free(&t);
    return rc;
}

static size_t count_role(const state_table_t *t, int role)
{
    size_t i, n = 0;
    for (i = 0; i < t->n; i++)
        n += t->row[i].role == role;
    return n;
}

/* Resizes the flock by a quarter: new boids come from a random scene, the
 * last ones go first; predators stay. */
static int resize_flock(sim_t *s, state_table_t *t, int grow)
{
    size_t members = t->n - count_role(t, STATE_PREDATOR);
    size_t limit = s->fs.accel.n_max ? s->fs.accel.n_max : BOIDS_MAX;
    size_t want = grow ? members + (members + 3) / 4 : members - members / 5;
    size_t i, kept = 0, members_kept = 0;
    state_table_t extra = {0, NULL};
    state_row_t *rows;

    if (want > limit)
        want = limit;
    if (want > s->display.sprites_max - (t->n - members))
        want = s->display.sprites_max - (t->n - members);
    if (want < 1)
        want = 1;
    if (want == members)
        return 0;
    rows = malloc((want + t->n) * sizeof *rows);
    if (rows == NULL)
        return -1;
    if (want > members) {
        scene_spec_t spec = {(uint32_t)(want - members), 0, 0, 0, 0, 0, s->fs.ps.world_w,
                             s->fs.ps.world_h, s->fs.ps.minspeed, s->fs.ps.maxspeed,
                             (uint64_t)s->frames + 7};
        if (scene_random(&spec, &extra) != 0) {
            free(rows);
            return -1;
        }
    }
    /* members up to want and every predator, in id order, then the new ones */
    for (i = 0; i < t->n; i++) {
        if (t->row[i].role != STATE_PREDATOR) {
            if (members_kept == want)
                continue;
            members_kept++;
        }
        rows[kept++] = t->row[i];
    }
    for (i = 0; i < extra.n; i++)
        rows[kept++] = extra.row[i];
    state_table_free(&extra);
    free(t->row);
    t->row = rows;
    t->n = kept;
    return 0;
}

static int grow_flock(sim_t *s, state_table_t *t) { return resize_flock(s, t, 1); }
static int shrink_flock(sim_t *s, state_table_t *t) { return resize_flock(s, t, 0); }

/* Scout groups off: every scout flies as a boid. On: the starting flock's
 * scouts, or else a tenth of the flock in each group. */
static int toggle_scouts(sim_t *s, state_table_t *t)
{
    size_t i, scouts = count_role(t, STATE_SCOUT1) + count_role(t, STATE_SCOUT2);
    size_t members = 0, start_scouts = count_role(&s->start, STATE_SCOUT1) +
                                       count_role(&s->start, STATE_SCOUT2);

    for (i = 0; i < t->n; i++) {
        state_row_t *r = &t->row[i];
        if (r->role == STATE_PREDATOR)
            continue;
        if (scouts > 0) {
            r->role = STATE_BOID;
        } else if (start_scouts > 0) {
            if (i < s->start.n && s->start.row[i].role != STATE_PREDATOR) {
                r->role = s->start.row[i].role;
                r->biasval = s->start.row[i].biasval;
            }
        } else {
            size_t tenth = (t->n + 9) / 10;
            r->role = members < tenth ? STATE_SCOUT1 : members < 2 * tenth ? STATE_SCOUT2 : r->role;
            r->biasval = s->fs.ps.biasval;
        }
        members++;
    }
    printf("sim: scout groups %s\n", scouts > 0 ? "off" : "on");
    return 0;
}

/* The mouse's predator: the first predator, or one added at the mouse. */
static int add_predator(sim_t *s, state_table_t *t)
{
    state_row_t *rows;

    if (count_role(t, STATE_PREDATOR) > 0)
        return 0;
    rows = realloc(t->row, (t->n + 1) * sizeof *rows);
    if (rows == NULL)
        return -1;
    t->row = rows;
    memset(&rows[t->n], 0, sizeof rows[t->n]);
    rows[t->n].role = STATE_PREDATOR;
    rows[t->n].x = s->fs.ps.world_w / 2;
    rows[t->n].y = s->fs.ps.world_h / 2;
    t->n++;
    return 0;
}

/* Puts the first predator where the mouse is, with the move as its velocity. */
static void predator_to_mouse(sim_t *s)
{
    if (!s->follow_mouse || !s->mouse.inside || s->fs.fixed.n_predators == 0)
        return;
    jump_boid(&s->fs.fixed.predator[0], (q16_t)((int32_t)(s->mouse.x << s->display.shift) * 65536),
              (q16_t)((int32_t)(s->mouse.y << s->display.shift) * 65536));
}

static void tune(sim_t *s, double factor)
{
    if (monitor_tune(&s->fs.ps, s->tunable, factor, "sim"))
        params_to_fixed(&s->fs.ps, &s->fs.fp);
}

/* One key; -1 when an edit of the flock failed (message in s->err). */
static int on_key(sim_t *s, int key)
{
    switch (key) {
    case 'h': case '?': fputs(MONITOR_KEYS_HELP, stdout); return 0;
    case ' ': s->paused = !s->paused; return 0;
    case 'n': s->paused = 1; s->step = 1; return 0;
    case 'r': return reopen_flock(s, &s->start);
    case '+': case '=': return edit_flock(s, grow_flock);
    case '-': return edit_flock(s, shrink_flock);
    case 'g': return edit_flock(s, toggle_scouts);
    case 'm':
        s->follow_mouse = !s->follow_mouse;
        printf("sim: predator follows the mouse: %s\n", s->follow_mouse ? "on" : "off");
        return s->follow_mouse ? edit_flock(s, add_predator) : 0;
    case 'b':
        s->fs.ps.dynamic_bias = !s->fs.ps.dynamic_bias;
        params_to_fixed(&s->fs.ps, &s->fs.fp);
        printf("sim: dynamic bias %s\n", s->fs.ps.dynamic_bias ? "on" : "off");
        return 0;
    case '[': case ']':
        s->tunable = (s->tunable + (key == ']' ? 1 : MONITOR_TUNABLES - 1)) % MONITOR_TUNABLES;
        printf("sim: arrows change %s\n", monitor_tunable(s->tunable));
        return 0;
    case VIDEO_KEY_UP: case '.': tune(s, 1.25); return 0;
    case VIDEO_KEY_DOWN: case ',': tune(s, 0.8); return 0;
    case 'p': monitor_key_screenshot(&s->monitor, s->frames, "sim"); return 0;
    case 't': monitor_key_trace(s->frames, "sim"); return 0;
    case 'q': case VIDEO_KEY_ESCAPE: s->quit = 1; return 0;
    default: return 0;
    }
}

static int key_of_window(void *ctx, int key) { return on_key(ctx, key); }

static int poll_window(sim_t *s)
{
    int rc = monitor_poll_window(s->window, &s->mouse, key_of_window, s);

    if (rc == 1)
        s->quit = 1;
    return rc < 0 ? -1 : 0;
}

static void show_title(sim_t *s, const monitor_rate_t *r)
{
    char title[200];

    snprintf(title, sizeof title,
             "boids sim: %u boids, %u predators | simulated %.1f fps (%.0f%% of real time) | "
             "window %.1f fps%s%s",
             s->fs.fixed.n, s->fs.fixed.n_predators, r->sim_fps, r->sim_fps / 59.94 * 100,
             r->window_fps, s->paused ? " | paused" : "", system_sim_tracing() ? " | tracing" : "");
    video_window_show(s->window, NULL, 0, 0, title);
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
        uint64_t c0 = accel_sim_cycles(), c1, c2;
        int stepping = !s->paused || s->step;
        if ((rc = display_wait_frame(&s->display)) != DISPLAY_OK) {
            snprintf(s->err, sizeof s->err, "the display gives no frames (error %d)", rc);
            return -1;
        }
        s->frames = s->display.frame - s->frame0;
        s->loops++;
        if (s->f.keys != NULL && s->loops <= strlen(s->f.keys) &&
            on_key(s, (unsigned char)s->f.keys[s->loops - 1]) != 0)
            return -1;
        if (s->quit)
            break;
        stepping = !s->paused || s->step;
        c1 = accel_sim_cycles();
        if (stepping) {
            if (flock_sim_step(&s->fs, s->err, sizeof s->err) != 0)
                return -1;
            s->step = 0;
        }
        predator_to_mouse(s);
        c2 = accel_sim_cycles();
        if ((rc = display_draw(&s->display, &s->fs.fixed)) != DISPLAY_OK) {
            snprintf(s->err, sizeof s->err, "the display refused the flock (error %d)", rc);
            return -1;
        }
        monitor_first_drawing(&s->monitor, s->display.frame);
        s->drawn_frame = s->display.frame;
        if (stepping && s->loops > 1) {
            s->cycles_wait += c1 - c0;
            s->cycles_step += c2 - c1;
            s->cycles_draw += accel_sim_cycles() - c2;
            s->frames_stepped++;
        }
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
            if (poll_window(s) != 0)
                return -1;
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
        while (!monitor_showed(&s->monitor, s->drawn_frame) && waited < 3 * 420000) {
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

int main(int argc, char **argv)
{
    static sim_t s;
    double t0;
    int rc;

    stdout_check_at_exit("sim");
    rc = monitor_parse_args(argc, argv, NULL, &s.f, &s.o, s.err, sizeof s.err);
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
    if (monitor_open(&s.monitor, s.f.png_dir, s.err, sizeof s.err) != 0)
        return fail(s.err);
    system_sim_set_video_sink(monitor_sink, &s.monitor);
    if ((rc = display_init(&s.display, SYSTEM_DISPLAY_BASE)) != DISPLAY_OK)
        return fail("the display block does not answer");
    if (flock_start_table(&s.o, &s.start, s.err, sizeof s.err) != 0 ||
        flock_sim_open(&s.fs, MODEL_FIXED, s.o.neighbors, &s.o.params, &s.start, s.err,
                       sizeof s.err) != 0)
        return fail(s.err);
    if (s.fs.fixed.n + s.fs.fixed.n_predators > s.display.sprites_max) {
        snprintf(s.err, sizeof s.err, "%u boids and predators, but the display draws at most %u",
                 s.fs.fixed.n + s.fs.fixed.n_predators, s.display.sprites_max);
        return fail(s.err);
    }
    display_set_world(&s.display, s.fs.fp.world_w, s.fs.fp.world_h);
    s.frame0 = s.display.frame;

    s.paused = s.f.paused;
    fprintf(stderr, "sim: %u boids, %u predators on %s; %s%s\n", s.fs.fixed.n,
            s.fs.fixed.n_predators, accel_sim_variant(),
            s.f.headless ? "headless" : "window open (h lists the keys)",
            s.f.paused ? ", paused" : "");

    t0 = monitor_now();
    rc = run(&s);
    if (monitor_trace_end(&s.f, rc == 0, s.trace_started, s.frames, s.err, sizeof s.err) != 0)
        rc = -1;
    if (rc == 0) {
        double dt = monitor_now() - t0;
        fprintf(stderr,
                "sim: %lu frames in %.1f s: %.1f frames/s simulated (%.0f%% of real time); "
                "%llu pictures decoded, %llu sync problems",
                s.frames, dt, s.frames / dt, s.frames / dt / 59.94 * 100,
                (unsigned long long)s.monitor.pictures,
                (unsigned long long)vga_decoder_errors(&s.monitor.decoder));
        if (s.f.png_dir != NULL)
            fprintf(stderr, "; %llu PNGs in %s/", (unsigned long long)s.monitor.pngs_written,
                    s.f.png_dir);
        fputc('\n', stderr);
        if (s.frames_stepped > 0)
            fprintf(stderr, "sim: clock cycles a turn of the flock loop: flock step %llu (writes, "
                            "accelerator, reads), sprites %llu, idle until vblank %llu\n",
                    (unsigned long long)(s.cycles_step / s.frames_stepped),
                    (unsigned long long)(s.cycles_draw / s.frames_stepped),
                    (unsigned long long)(s.cycles_wait / s.frames_stepped));
        if (s.o.save_path != NULL) {
            state_table_t t = {0, NULL};
            if (flock_sim_table(&s.fs, &t) != 0 ||
                state_csv_write(s.o.save_path, &t, s.err, sizeof s.err) != 0)
                rc = -1;
            state_table_free(&t);
        }
    }
    if (s.window != NULL)
        video_window_close(s.window);
    flock_sim_close(&s.fs);
    state_table_free(&s.start);
    accel_sim_close();
    monitor_close(&s.monitor);
    return rc == 0 ? 0 : fail(s.err);
}
