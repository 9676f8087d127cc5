/* The monitor programs' shared parts (monitor_app.h). */
#define _POSIX_C_SOURCE 200809L /* clock_gettime, whether or not SDL's flags say _REENTRANT */
#include "monitor_app.h"
#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include "atomic_file.h"
#include "number_parse.h"
#include "options.h"
#include "system_sim.h"

const char MONITOR_KEYS_HELP[] =
    "  [ / ]         choose the parameter the arrows change\n"
    "  up / down     that parameter up / down by a quarter (also , and .)\n"
    "  p             screenshot: screenshot_FRAME.png (the VGA picture only)\n"
    "  t             waveform trace start / stop: trace_FRAME.fst\n"
    "  q or Esc      quit\n";

static const char *const TUNABLE[MONITOR_TUNABLES] = {
    "visualrange", "protectedrange", "centeringfactor", "avoidfactor",
    "matchingfactor", "turnfactor", "minspeed", "maxspeed"};

void monitor_print_keys_help(FILE *out)
{
    fprintf(out, "Keys (in the window, one a turn of the loop with --keys):\n%s%s", APP_KEYS_HELP,
            MONITOR_KEYS_HELP);
}

void monitor_print_flags_help(FILE *out, const char *gtkw)
{
    fprintf(out,
            "Monitor:\n"
            "  --frames K         stop after K frames of video (default: until quit; %d\n"
            "                     when headless)\n"
            "  --headless         no window\n"
            "  --paused           start paused: the starting flock is drawn, not moved\n"
            "  --overlay          start with the overlay on: the firmware's own boids,\n"
            "                     frames/s and slowest turn on screen (the o key)\n"
            "  --png DIR          one PNG per displayed frame, DIR/frame_NNNNNN.png (the VGA\n"
            "                     picture only); DIR is made if missing\n"
            "  --fallback-png DIR as --png, but only if no display is available (make run)\n"
            "  --trace FILE       FST waveform of the run (GTKWave save file: %s)\n"
            "  --trace-from F     start the trace at frame F (default 0)\n"
            "  --trace-frames K   trace K frames (default: to the end)\n"
            "  --zoom Z           window zoom 1..%d (default 1)\n"
            "  --keys KEYS        press these keys, one a turn of the app's loop from the\n"
            "                     first (a turn is a frame while a step fits in one; demos,\n"
            "                     tests; the keys below, with , and . for down and up)\n"
            "  --neighbors E      accel (default: the RTL) | grid | brute (firmware sums)\n"
            "  --help             this text\n",
            MONITOR_HEADLESS_FRAMES, gtkw, MONITOR_ZOOM_MAX);
}

enum monitor_flag {
    MON_FRAMES = 1, MON_HEADLESS, MON_PAUSED, MON_OVERLAY, MON_PNG, MON_FALLBACK_PNG, MON_TRACE, MON_TRACE_FROM,
    MON_TRACE_FRAMES, MON_ZOOM, MON_KEYS, MON_FLAG_OF_BOIDS
};

/* --frames is the flock's (options_t); the monitor only notes it was given. */
static const struct option MONITOR_FLAGS[] = {
    {"headless", no_argument, NULL, MON_HEADLESS},
    {"paused", no_argument, NULL, MON_PAUSED},
    {"overlay", no_argument, NULL, MON_OVERLAY},
    {"png", required_argument, NULL, MON_PNG},
    {"fallback-png", required_argument, NULL, MON_FALLBACK_PNG},
    {"trace", required_argument, NULL, MON_TRACE},
    {"trace-from", required_argument, NULL, MON_TRACE_FROM},
    {"trace-frames", required_argument, NULL, MON_TRACE_FRAMES},
    {"zoom", required_argument, NULL, MON_ZOOM},
    {"keys", required_argument, NULL, MON_KEYS},
    {"model", required_argument, NULL, MON_FLAG_OF_BOIDS},
    {"every", required_argument, NULL, MON_FLAG_OF_BOIDS},
    {NULL, 0, NULL, 0}};

static int apply_monitor_flag(void *ctx, int id, const char *flag, const char *value, char *err,
                              size_t errlen)
{
    monitor_flags_t *f = ctx;
    unsigned long v;

    switch (id) {
    case MON_HEADLESS: f->headless = 1; return 0;
    case MON_PAUSED: f->paused = 1; return 0;
    case MON_OVERLAY: f->overlay = 1; return 0;
    case MON_PNG: f->png_dir = value; return 0;
    case MON_FALLBACK_PNG: f->fallback_png_dir = value; return 0;
    case MON_TRACE: f->trace_path = value; return 0;
    case MON_KEYS: f->keys = value; return 0;
    case MON_TRACE_FROM:
        return number_parse_whole(flag, value, 0, OPTIONS_FRAMES_MAX, &f->trace_from, err,
                                  errlen) == NUMBER_OK ? 0 : -1;
    case MON_TRACE_FRAMES:
        f->trace_frames_set = 1;
        return number_parse_whole(flag, value, 1, OPTIONS_FRAMES_MAX, &f->trace_frames, err,
                                  errlen) == NUMBER_OK ? 0 : -1;
    case MON_ZOOM:
        if (number_parse_whole(flag, value, 1, MONITOR_ZOOM_MAX, &v, err, errlen) != NUMBER_OK)
            return -1;
        f->zoom = (int)v;
        return 0;
    default:
        snprintf(err, errlen, "%s is a flag of build/boids: the monitor runs the firmware "
                              "model and shows every frame", flag);
        return -1;
    }
}

/* After the flags: the accelerator by default, and what the monitor needs to
 * know of the flock's flags. */
static int finish_monitor_flags(void *ctx, options_t *o, char *err, size_t errlen)
{
    monitor_flags_t *f = ctx;

    f->frames_set = o->frames_set;
    if (!o->neighbors_set)
        o->neighbors = NEIGHBORS_ACCEL;
    if ((f->trace_from || f->trace_frames_set) && f->trace_path == NULL) {
        snprintf(err, errlen, "--trace-from and --trace-frames need --trace FILE");
        return -1;
    }
    return 0;
}

int monitor_parse_args(int argc, char **argv, const options_extra_t *more, monitor_flags_t *f,
                       options_t *o, char *err, size_t errlen)
{
    options_extra_t monitor = {MONITOR_FLAGS, apply_monitor_flag, finish_monitor_flags, f, NULL};
    options_extra_t first;

    memset(f, 0, sizeof *f);
    f->zoom = 1;
    if (more == NULL)
        return options_parse_with(argc, argv, o, &monitor, err, errlen);
    first = *more; /* the program's own flags, then the monitor's */
    first.next = &monitor;
    return options_parse_with(argc, argv, o, &first, err, errlen);
}

int monitor_prepare_png_dir(const char *dir, char *err, size_t errlen)
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

const vga_mode_t *monitor_video_mode(char *err, size_t errlen)
{
    const char *name = system_sim_video_mode_name();
    const vga_mode_t *m = vga_mode_by_name(name);

    if (m == NULL)
        snprintf(err, errlen, "the model's video mode %s is not in the VGA decoder's table", name);
    return m;
}

int monitor_open_window(monitor_flags_t *f, const char *prog, unsigned long *frames,
                        video_window_t **window, char *err, size_t errlen)
{
    const vga_mode_t *mode = monitor_video_mode(err, errlen);

    *window = NULL;
    if (mode == NULL)
        return -1;
    if (!f->headless) {
        char msg[300], title[64];
        snprintf(title, sizeof title, "boids %s", prog);
        *window = video_window_open(title, mode->h_active, mode->v_active, f->zoom, msg, sizeof msg);
        if (*window == NULL) {
            fprintf(stderr, "%s: %s: running headless\n", prog, msg);
            f->headless = 1;
            if (f->png_dir == NULL && f->fallback_png_dir != NULL) {
                f->png_dir = f->fallback_png_dir;
                if (monitor_prepare_png_dir(f->png_dir, err, errlen) != 0)
                    return -1;
                fprintf(stderr, "%s: writing a PNG per frame into %s/\n", prog, f->png_dir);
            }
        }
    }
    if (f->headless && !f->frames_set) {
        f->frames_set = 1;
        *frames = MONITOR_HEADLESS_FRAMES;
    }
    if (f->headless && f->png_dir == NULL)
        fprintf(stderr, "%s: headless without --png: nothing will be shown or written\n", prog);
    return 0;
}

const char *monitor_tunable(int i)
{
    return TUNABLE[((i % MONITOR_TUNABLES) + MONITOR_TUNABLES) % MONITOR_TUNABLES];
}

static double *tunable_value(param_set_t *ps, const char *name)
{
    if (!strcmp(name, "visualrange")) return &ps->visualrange;
    if (!strcmp(name, "protectedrange")) return &ps->protectedrange;
    if (!strcmp(name, "centeringfactor")) return &ps->centeringfactor;
    if (!strcmp(name, "avoidfactor")) return &ps->avoidfactor;
    if (!strcmp(name, "matchingfactor")) return &ps->matchingfactor;
    if (!strcmp(name, "turnfactor")) return &ps->turnfactor;
    if (!strcmp(name, "minspeed")) return &ps->minspeed;
    return &ps->maxspeed;
}

int monitor_tune(param_set_t *ps, int i, double factor, const char *prog)
{
    const char *name = monitor_tunable(i);
    param_set_t changed = *ps;
    double *value = tunable_value(&changed, name);
    char text[64], msg[300];

    snprintf(text, sizeof text, "%.6g", *value * factor);
    if (params_set(&changed, name, text, msg, sizeof msg) != 0 ||
        params_validate(&changed, msg, sizeof msg) != 0) {
        printf("%s: %s stays %.6g: %s\n", prog, name, *tunable_value(ps, name), msg);
        return 0;
    }
    *ps = changed;
    printf("%s: %s = %s\n", prog, name, text);
    return 1;
}

int monitor_trace_window(const monitor_flags_t *f, unsigned long frames, int *started,
                         const char *prog, char *err, size_t errlen)
{
    if (f->trace_path == NULL)
        return 0;
    if (frames >= f->trace_from && !*started) {
        *started = 1;
        if (system_sim_trace_start(f->trace_path, err, errlen) != 0)
            return -1;
        fprintf(stderr, "%s: tracing into %s\n", prog, f->trace_path);
    }
    if (f->trace_frames_set && frames >= f->trace_from + f->trace_frames && system_sim_tracing()) {
        if (system_sim_trace_finish(err, errlen) != 0)
            return -1;
        fprintf(stderr, "%s: trace %s done (%lu frames)\n", prog, f->trace_path, f->trace_frames);
    }
    return 0;
}

int monitor_check_outputs(const monitor_flags_t *f, unsigned long frames, const char *save_path,
                          char *err, size_t errlen)
{
    if (f->trace_path != NULL && f->frames_set && f->trace_from >= frames) {
        snprintf(err, errlen, "--trace-from %lu: the run ends at frame %lu, before the trace "
                              "would begin", f->trace_from, frames);
        return -1;
    }
    if (f->trace_path != NULL && atomic_file_check(f->trace_path, err, errlen) != 0)
        return -1;
    if (save_path != NULL && atomic_file_check(save_path, err, errlen) != 0)
        return -1;
    return 0;
}

int monitor_trace_end(const monitor_flags_t *f, int run_ok, int started, unsigned long frames,
                      const char *prog)
{
    char err[PATH_MAX + 256];

    if (!run_ok) {
        system_sim_trace_discard();
        return 0;
    }
    if (system_sim_trace_finish(err, sizeof err) != 0) {
        fprintf(stderr, "%s: %s\n", prog, err);
        return -1;
    }
    if (f->trace_path != NULL && !started) {
        fprintf(stderr, "%s: --trace-from %lu: the run ended at frame %lu, before the trace "
                        "began; no trace written\n", prog, f->trace_from, frames);
        return -1;
    }
    return 0;
}

static void key_trace(unsigned long frames, const char *prog)
{
    char path[64], msg[300];

    if (system_sim_tracing()) {
        if (system_sim_trace_finish(msg, sizeof msg) != 0)
            printf("%s: %s\n", prog, msg);
        else
            printf("%s: trace stopped\n", prog);
        return;
    }
    snprintf(path, sizeof path, "trace_%06lu.fst", frames);
    if (system_sim_trace_start(path, msg, sizeof msg) != 0)
        printf("%s: %s\n", prog, msg);
    else
        printf("%s: tracing into %s (t again to stop)\n", prog, path);
}

static void key_screenshot(const monitor_t *m, unsigned long frames, const char *prog)
{
    char path[64], msg[300];

    snprintf(path, sizeof path, "screenshot_%06lu.png", frames);
    if (monitor_screenshot(m, path, msg, sizeof msg) != 0)
        printf("%s: screenshot: %s\n", prog, msg);
    else
        printf("%s: screenshot %s\n", prog, path);
}

int monitor_key(int key, param_set_t *ps, int *tunable, const monitor_t *m, unsigned long frames,
                const char *prog)
{
    switch (key) {
    case 'h': case '?':
        printf("%s: the monitor's keys:\n%s", prog, MONITOR_KEYS_HELP);
        return MONITOR_KEY_DONE;
    case '[': case ']':
        *tunable = (*tunable + (key == ']' ? 1 : MONITOR_TUNABLES - 1)) % MONITOR_TUNABLES;
        printf("%s: arrows change %s\n", prog, monitor_tunable(*tunable));
        return MONITOR_KEY_DONE;
    case VIDEO_KEY_UP: case '.': case VIDEO_KEY_DOWN: case ',':
        return monitor_tune(ps, *tunable, key == VIDEO_KEY_UP || key == '.' ? 1.25 : 0.8, prog)
                   ? MONITOR_KEY_TUNED : MONITOR_KEY_DONE;
    case 'p': key_screenshot(m, frames, prog); return MONITOR_KEY_DONE;
    case 't': key_trace(frames, prog); return MONITOR_KEY_DONE;
    case 'q': case VIDEO_KEY_ESCAPE: return MONITOR_KEY_QUIT;
    default: return MONITOR_KEY_NONE;
    }
}

int monitor_app_engine(int neighbors)
{
    return neighbors == NEIGHBORS_BRUTE  ? APP_ENGINE_BRUTE
           : neighbors == NEIGHBORS_GRID ? APP_ENGINE_GRID
                                         : APP_ENGINE_ACCEL;
}

app_mouse_t monitor_app_mouse(const monitor_mouse_t *mouse, const monitor_t *m)
{
    app_mouse_t a = {mouse->x, mouse->y, (uint32_t)m->width, (uint32_t)m->height,
                     (uint32_t)(mouse->inside != 0)};
    return a;
}

int monitor_poll_window(video_window_t *w, monitor_mouse_t *mouse,
                        int (*on_key)(void *ctx, int key), void *ctx)
{
    video_input_t in;
    int closed = 0;

    while (video_window_poll(w, &in)) {
        if (in.kind == VIDEO_INPUT_QUIT) {
            closed = 1;
        } else if (in.kind == VIDEO_INPUT_MOUSE) {
            mouse->x = in.x;
            mouse->y = in.y;
            mouse->inside = in.inside;
        } else if (in.kind == VIDEO_INPUT_KEY && on_key(ctx, in.key) != 0) {
            return -1;
        }
    }
    return closed;
}

double monitor_now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

int monitor_rate_tick(monitor_rate_t *r, unsigned long frames, unsigned long shown)
{
    double t = monitor_now(), dt = t - r->since;

    if (dt < 1.0)
        return 0;
    r->sim_fps = (double)(frames - r->frames) / dt;
    r->window_fps = (double)(shown - r->shown) / dt;
    r->since = t;
    r->frames = frames;
    r->shown = shown;
    return 1;
}
