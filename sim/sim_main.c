/* build/sim: the monitor. The firmware's flock loop runs on the whole
 * Verilated system (accelerator and display pipeline); the picture is rebuilt
 * from the VGA pins alone and shown in a window, or written as PNGs. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include "display.h"
#include "display_regs.h"
#include "flock_sim.h"
#include "monitor.h"
#include "scene.h"
#include "system_sim.h"
#include "video_window.h"

#define HEADLESS_FRAMES 120 /* two seconds of video when no --frames is given */

typedef struct {
    int headless, paused, zoom;
    const char *png_dir, *fallback_png_dir, *trace_path, *keys;
    unsigned long trace_from, trace_frames;
    int frames_set, trace_frames_set;
} sim_flags_t;

/* The parameters the arrow keys change, in the order [ and ] step through. */
static const char *const TUNABLE[] = {"visualrange", "protectedrange", "centeringfactor",
                                      "avoidfactor", "matchingfactor", "turnfactor",
                                      "minspeed",    "maxspeed"};
#define TUNABLE_COUNT (sizeof TUNABLE / sizeof TUNABLE[0])

static const char KEYS_HELP[] =
    "Keys (in the window):\n"
    "  h or ?        this list\n"
    "  space         pause / resume\n"
    "  n             one frame forward (pauses)\n"
    "  r             reset to the starting flock\n"
    "  + / -         more / fewer boids (a quarter more or less)\n"
    "  m             a predator that follows the mouse, on / off\n"
    "  g             scout groups on / off\n"
    "  b             dynamic bias on / off\n"
    "  [ / ]         choose the parameter the arrows change\n"
    "  up / down     that parameter up / down by a quarter (also , and .)\n"
    "  p             screenshot: screenshot_FRAME.png (the VGA picture only)\n"
    "  t             waveform trace start / stop: trace_FRAME.fst\n"
    "  q or Esc      quit\n";

static void print_help(FILE *out)
{
    fprintf(out,
            "Usage: sim [options]\n"
            "The whole system in simulation: the firmware's flock loop, the neighbor\n"
            "accelerator and the VGA display pipeline (RTL in Verilator). The window shows\n"
            "the picture rebuilt from hsync, vsync and the colour pins alone, as a monitor\n"
            "would; sync errors are reported in words. Without a display it runs headless.\n"
            "\n"
            "Monitor:\n"
            "  --frames K         stop after K frames of video (default: until quit; %d\n"
            "                     when headless)\n"
            "  --headless         no window\n"
            "  --paused           start paused: the starting flock is drawn, not moved\n"
            "  --png DIR          one PNG per displayed frame, DIR/frame_NNNNNN.png (the VGA\n"
            "                     picture only); DIR is made if missing\n"
            "  --fallback-png DIR as --png, but only if no display is available (make run)\n"
            "  --trace FILE       FST waveform of the run (open with make wave's save file)\n"
            "  --trace-from F     start the trace at frame F (default 0)\n"
            "  --trace-frames K   trace K frames (default: to the end)\n"
            "  --zoom Z           window zoom 1..4 (default 1)\n"
            "  --keys KEYS        press these keys, one a frame from the first (demos, tests;\n"
            "                     the keys below, with , and . for down and up)\n"
            "  --neighbors E      accel (default: the RTL) | grid | brute (firmware sums)\n"
            "  --help             this text\n"
            "\n"
            "This build simulates %s: with --neighbors accel a flock\n"
            "holds at most N_MAX boids.\n"
            "\n",
            HEADLESS_FRAMES, accel_sim_variant());
    options_print_flock_help(out);
    fprintf(out, "\n%s\n", KEYS_HELP);
    params_print_help(out);
}

static int fail(const char *msg)
{
    fprintf(stderr, "sim: %s\n", msg);
    return 1;
}

static int parse_count(const char *flag, const char *value, unsigned long max, unsigned long *out,
                       char *err, size_t errlen)
{
    return parse_uint(value, flag, max, out, err, errlen);
}

/* Takes the monitor's own flags out of argv (into f) and leaves the flock
 * flags for options_parse. Returns OPTIONS_RUN, _HELP or _ERROR. */
static int take_sim_flags(int *argc, char **argv, sim_flags_t *f, char *err, size_t errlen)
{
    int i, kept = 1;
    unsigned long v;

    memset(f, 0, sizeof *f);
    f->zoom = 1;
    for (i = 1; i < *argc; i++) {
        const char *a = argv[i];
        const char *value = i + 1 < *argc ? argv[i + 1] : NULL;
        int takes_value = !strcmp(a, "--png") || !strcmp(a, "--fallback-png") ||
                          !strcmp(a, "--keys") ||
                          !strcmp(a, "--trace") ||
                          !strcmp(a, "--trace-from") || !strcmp(a, "--trace-frames") ||
                          !strcmp(a, "--zoom");

        if (!strcmp(a, "--help") || !strcmp(a, "-h"))
            return OPTIONS_HELP;
        if (!strcmp(a, "--model") || !strcmp(a, "--every")) {
            snprintf(err, errlen, "%s is a flag of build/boids: the monitor runs the firmware "
                                  "model and shows every frame", a);
            return OPTIONS_ERROR;
        }
        if (!strcmp(a, "--frames"))
            f->frames_set = 1;
        if (!strcmp(a, "--headless")) {
            f->headless = 1;
            continue;
        }
        if (!strcmp(a, "--paused")) {
            f->paused = 1;
            continue;
        }
        if (!takes_value) {
            argv[kept++] = argv[i];
            continue;
        }
        if (value == NULL || strncmp(value, "--", 2) == 0) {
            snprintf(err, errlen, "%s needs a value (try --help)", a);
            return OPTIONS_ERROR;
        }
        i++;
        if (!strcmp(a, "--png")) {
            f->png_dir = value;
        } else if (!strcmp(a, "--keys")) {
            f->keys = value;
        } else if (!strcmp(a, "--fallback-png")) {
            f->fallback_png_dir = value;
        } else if (!strcmp(a, "--trace")) {
            f->trace_path = value;
        } else if (!strcmp(a, "--trace-from")) {
            if (parse_count(a, value, 100000000ul, &f->trace_from, err, errlen) != 0)
                return OPTIONS_ERROR;
        } else if (!strcmp(a, "--trace-frames")) {
            if (parse_count(a, value, 100000000ul, &f->trace_frames, err, errlen) != 0)
                return OPTIONS_ERROR;
            if (f->trace_frames == 0) {
                snprintf(err, errlen, "--trace-frames: must be at least 1");
                return OPTIONS_ERROR;
            }
            f->trace_frames_set = 1;
        } else {
            if (parse_count(a, value, 4, &v, err, errlen) != 0)
                return OPTIONS_ERROR;
            if (v < 1) {
                snprintf(err, errlen, "--zoom: must be 1..4");
                return OPTIONS_ERROR;
            }
            f->zoom = (int)v;
        }
    }
    *argc = kept;
    if ((f->trace_from || f->trace_frames_set) && f->trace_path == NULL) {
        snprintf(err, errlen, "--trace-from and --trace-frames need --trace FILE");
        return OPTIONS_ERROR;
    }
    return OPTIONS_RUN;
}

/* --png DIR: made if missing; it must be a directory we can write into. */
static int prepare_png_dir(const char *dir, char *err, size_t errlen)
{
    struct stat st;

    if (mkdir(dir, 0777) != 0 && errno != EEXIST) {
        snprintf(err, errlen, "--png %s: cannot make the directory: %s", dir, strerror(errno));
        return -1;
    }
    if (stat(dir, &st) != 0 || !S_ISDIR(st.st_mode)) {
        snprintf(err, errlen, "--png %s: not a directory", dir);
        return -1;
    }
    return 0;
}

static double now_seconds(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

/* Everything the loop and the keys act on. */
typedef struct {
    options_t o;
    sim_flags_t f;
    flock_sim_t fs;
    state_table_t start;  /* what r goes back to */
    display_t display;
    monitor_t monitor;
    video_window_t *window;
    int paused, step, quit, follow_mouse, tunable;
    int mouse_x, mouse_y, mouse_inside;
    unsigned long frames; /* frames of video since start (FRAME_COUNT) */
    unsigned long loops;  /* turns of the firmware's loop: one a frame, or fewer when a step is long */
    uint32_t frame0;      /* FRAME_COUNT at the start */
    int trace_started;    /* --trace has begun (it runs once) */
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

static q16_t clamp_speed(int64_t v)
{
    const int64_t max = (int64_t)SPEED_MAX_PX * 65536;
    return (q16_t)(v > max ? max : v < -max ? -max : v);
}

/* Puts the first predator where the mouse is, with the move as its velocity. */
static void predator_to_mouse(sim_t *s)
{
    boid_t *p;
    q16_t x, y;

    if (!s->follow_mouse || !s->mouse_inside || s->fs.fixed.n_predators == 0)
        return;
    p = &s->fs.fixed.predator[0];
    x = (q16_t)((int32_t)(s->mouse_x << s->display.shift) * 65536);
    y = (q16_t)((int32_t)(s->mouse_y << s->display.shift) * 65536);
    /* the move as velocity, kept within what a state may hold */
    p->vx = clamp_speed((int64_t)x - p->x);
    p->vy = clamp_speed((int64_t)y - p->y);
    p->x = x;
    p->y = y;
}

static void tune(sim_t *s, double factor)
{
    const char *name = TUNABLE[s->tunable];
    param_set_t ps = s->fs.ps;
    double *value = NULL;
    char text[64], msg[300];

    if (!strcmp(name, "visualrange")) value = &ps.visualrange;
    else if (!strcmp(name, "protectedrange")) value = &ps.protectedrange;
    else if (!strcmp(name, "centeringfactor")) value = &ps.centeringfactor;
    else if (!strcmp(name, "avoidfactor")) value = &ps.avoidfactor;
    else if (!strcmp(name, "matchingfactor")) value = &ps.matchingfactor;
    else if (!strcmp(name, "turnfactor")) value = &ps.turnfactor;
    else if (!strcmp(name, "minspeed")) value = &ps.minspeed;
    else value = &ps.maxspeed;
    snprintf(text, sizeof text, "%.6g", *value * factor);
    if (params_set(&ps, name, text, msg, sizeof msg) != 0 ||
        params_validate(&ps, msg, sizeof msg) != 0) {
        printf("sim: %s stays %.6g: %s\n", name, *value / factor * factor, msg);
        return;
    }
    s->fs.ps = ps;
    params_to_fixed(&s->fs.ps, &s->fs.fp);
    printf("sim: %s = %s\n", name, text);
}

static void toggle_trace(sim_t *s)
{
    char path[64], msg[300];

    if (system_sim_tracing()) {
        system_sim_trace_stop();
        printf("sim: trace stopped\n");
        return;
    }
    snprintf(path, sizeof path, "trace_%06lu.fst", s->frames);
    if (system_sim_trace_start(path, msg, sizeof msg) != 0)
        printf("sim: %s\n", msg);
    else
        printf("sim: tracing into %s (t again to stop)\n", path);
}

static void screenshot(sim_t *s)
{
    char path[64], msg[300];

    snprintf(path, sizeof path, "screenshot_%06lu.png", s->frames);
    if (monitor_screenshot(&s->monitor, path, msg, sizeof msg) != 0)
        printf("sim: screenshot: %s\n", msg);
    else
        printf("sim: screenshot %s\n", path);
}

/* One key; -1 when an edit of the flock failed (message in s->err). */
static int on_key(sim_t *s, int key)
{
    switch (key) {
    case 'h': case '?': fputs(KEYS_HELP, stdout); return 0;
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
        s->tunable = (int)((s->tunable + (key == ']' ? 1 : TUNABLE_COUNT - 1)) % TUNABLE_COUNT);
        printf("sim: arrows change %s\n", TUNABLE[s->tunable]);
        return 0;
    case VIDEO_KEY_UP: case '.': tune(s, 1.25); return 0;
    case VIDEO_KEY_DOWN: case ',': tune(s, 0.8); return 0;
    case 'p': screenshot(s); return 0;
    case 't': toggle_trace(s); return 0;
    case 'q': case VIDEO_KEY_ESCAPE: s->quit = 1; return 0;
    default: return 0;
    }
}

static int poll_window(sim_t *s)
{
    video_input_t in;

    while (video_window_poll(s->window, &in)) {
        if (in.kind == VIDEO_INPUT_QUIT) {
            s->quit = 1;
        } else if (in.kind == VIDEO_INPUT_MOUSE) {
            s->mouse_x = in.x;
            s->mouse_y = in.y;
            s->mouse_inside = in.inside;
        } else if (in.kind == VIDEO_INPUT_KEY && on_key(s, in.key) != 0) {
            return -1;
        }
    }
    return 0;
}

/* Frames per second of simulated video and of the window, over the last second. */
typedef struct {
    double since;
    unsigned long frames, shown;
    double sim_fps, window_fps;
} rate_t;

static int rate_tick(rate_t *r, unsigned long frames, unsigned long shown)
{
    double t = now_seconds(), dt = t - r->since;

    if (dt < 1.0)
        return 0;
    r->sim_fps = (double)(frames - r->frames) / dt;
    r->window_fps = (double)(shown - r->shown) / dt;
    r->since = t;
    r->frames = frames;
    r->shown = shown;
    return 1;
}

static void show_title(sim_t *s, const rate_t *r)
{
    char title[200];

    snprintf(title, sizeof title,
             "boids sim: %u boids, %u predators | simulated %.1f fps (%.0f%% of real time) | "
             "window %.1f fps%s%s",
             s->fs.fixed.n, s->fs.fixed.n_predators, r->sim_fps, r->sim_fps / 59.94 * 100,
             r->window_fps, s->paused ? " | paused" : "", system_sim_tracing() ? " | tracing" : "");
    video_window_show(s->window, NULL, 0, 0, title);
}

/* The trace window of --trace, --trace-from and --trace-frames. */
static int trace_control(sim_t *s)
{
    if (s->f.trace_path == NULL)
        return 0;
    if (s->frames >= s->f.trace_from && !s->trace_started) {
        s->trace_started = 1;
        if (system_sim_trace_start(s->f.trace_path, s->err, sizeof s->err) != 0)
            return -1;
        fprintf(stderr, "sim: tracing into %s\n", s->f.trace_path);
    }
    if (s->f.trace_frames_set && s->frames >= s->f.trace_from + s->f.trace_frames &&
        system_sim_tracing()) {
        system_sim_trace_stop();
        fprintf(stderr, "sim: trace %s done (%lu frames)\n", s->f.trace_path, s->f.trace_frames);
    }
    return 0;
}

/* The window, or headless when asked or when there is no display. */
static int open_window(sim_t *s)
{
    if (!s->f.headless) {
        char msg[300];
        s->window = video_window_open("boids sim", 640, 480, s->f.zoom, msg, sizeof msg);
        if (s->window == NULL) {
            fprintf(stderr, "sim: %s: running headless\n", msg);
            s->f.headless = 1;
            if (s->f.png_dir == NULL && s->f.fallback_png_dir != NULL) {
                s->f.png_dir = s->f.fallback_png_dir;
                if (prepare_png_dir(s->f.png_dir, s->err, sizeof s->err) != 0)
                    return -1;
                fprintf(stderr, "sim: writing a PNG per frame into %s/\n", s->f.png_dir);
            }
        }
    }
    if (s->f.headless && !s->f.frames_set) {
        s->f.frames_set = 1;
        s->o.frames = HEADLESS_FRAMES;
    }
    if (s->f.headless && s->f.png_dir == NULL)
        fprintf(stderr, "sim: headless without --png: nothing will be shown or written\n");
    return 0;
}

static int run(sim_t *s)
{
    rate_t rate = {now_seconds(), 0, 0, 0, 0};
    unsigned long shown = 0, limit = s->o.frames;
    double last_progress = now_seconds();
    int rc;

    for (;;) {
        if (s->f.frames_set && s->frames >= limit)
            break;
        if (trace_control(s) != 0)
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
            if (rate_tick(&rate, s->frames, shown))
                show_title(s, &rate);
            if (poll_window(s) != 0)
                return -1;
            if (s->quit)
                break;
        } else if (now_seconds() - last_progress >= 2.0) {
            last_progress = now_seconds();
            rate_tick(&rate, s->frames, shown);
            fprintf(stderr, "sim: frame %lu of %lu, %.1f frames/s simulated\n", s->frames, limit,
                    rate.sim_fps);
        }
    }
    /* Let the last frame's picture finish: up to the next vsync pulse. */
    {
        uint64_t pictures = s->monitor.pictures, waited = 0;
        while (s->monitor.pictures == pictures && waited < 2 * 420000) {
            accel_sim_tick(1000);
            system_sim_flush_video();
            waited += 1000;
        }
    }
    return 0;
}

int main(int argc, char **argv)
{
    static sim_t s;
    double t0;
    int rc;

    rc = take_sim_flags(&argc, argv, &s.f, s.err, sizeof s.err);
    if (rc == OPTIONS_RUN)
        rc = options_parse(argc, argv, &s.o, s.err, sizeof s.err);
    if (rc == OPTIONS_HELP) {
        print_help(stdout);
        return 0;
    }
    if (rc == OPTIONS_ERROR)
        return fail(s.err);
    if (!s.o.neighbors_set)
        s.o.neighbors = NEIGHBORS_ACCEL;
    if (s.f.png_dir != NULL && prepare_png_dir(s.f.png_dir, s.err, sizeof s.err) != 0)
        return fail(s.err);
    if (open_window(&s) != 0)
        return fail(s.err);

    if (accel_sim_open() != 0)
        return fail("the simulation does not open");
    if (monitor_open(&s.monitor, s.f.png_dir, s.err, sizeof s.err) != 0)
        return fail(s.err);
    system_sim_set_video_sink(monitor_sink, &s.monitor);
    if ((rc = display_init(&s.display, SYSTEM_DISPLAY_BASE)) != DISPLAY_OK)
        return fail("the display block does not answer");
    if (flock_sim_start_table(&s.o, &s.start, s.err, sizeof s.err) != 0 ||
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

    t0 = now_seconds();
    rc = run(&s);
    system_sim_trace_stop();
    if (rc == 0) {
        double dt = now_seconds() - t0;
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
