/* What the two monitor programs share: build/sim (the app on the host, the
 * system in Verilator) and build/soc (the app on the simulated SoC's CPU).
 * Their own flags, their own keys (the app's are firmware/app.h's), the
 * parameters the arrows tune, the trace window, the frame-rate meter and the
 * window's opening. */
#ifndef MONITOR_APP_H
#define MONITOR_APP_H

#include <stdio.h>
#include "app.h"
#include "monitor.h"
#include "options.h"
#include "params.h"
#include "video_window.h"

#define MONITOR_HEADLESS_FRAMES 120 /* two seconds of video when no --frames is given */
#define MONITOR_ZOOM_MAX 4

typedef struct {
    int headless, paused, overlay, zoom;
    const char *png_dir, *fallback_png_dir, *trace_path, *keys;
    unsigned long trace_from, trace_frames;
    int frames_set, trace_frames_set;
} monitor_flags_t;

/* The monitor's own keys, after the app's (APP_KEYS_HELP). */
extern const char MONITOR_KEYS_HELP[];
/* Both lists, for --help. */
void monitor_print_keys_help(FILE *out);

/* The program's own flags (more, or NULL), the monitor's (into f) and the
 * flock's (into o), in one pass; the neighbor sums default to the
 * accelerator. Returns OPTIONS_RUN, _HELP or _ERROR. */
int monitor_parse_args(int argc, char **argv, const options_extra_t *more, monitor_flags_t *f,
                       options_t *o, char *err, size_t errlen);
/* The "Monitor:" section of --help; gtkw names the traces' GTKWave save file. */
void monitor_print_flags_help(FILE *out, const char *gtkw);
/* --png DIR: made if missing; it must be a directory we can write into. */
int monitor_prepare_png_dir(const char *dir, char *err, size_t errlen);
/* The video mode of the model linked in (system_sim_video_mode_name), as the
 * VGA decoder's table has it; NULL with a message if the table lacks it. */
const vga_mode_t *monitor_video_mode(char *err, size_t errlen);
/* The window, the model's picture size, or headless when asked or when there
 * is no display (then the --fallback-png directory, and a default frame count
 * into *frames). */
int monitor_open_window(monitor_flags_t *f, const char *title, unsigned long *frames,
                        video_window_t **window, char *err, size_t errlen);

/* The parameters the arrows change, in the order [ and ] step through. */
#define MONITOR_TUNABLES 8
const char *monitor_tunable(int i);
/* Multiplies tunable i by factor if the result is valid; says what happened
 * on stdout, prefixed with prog. 1 if *ps changed. */
int monitor_tune(param_set_t *ps, int i, double factor, const char *prog);

/* What a key did as one of the monitor's own: h and ? list them (the app
 * lists its own), [ and ] choose the parameter the arrows change, up and down
 * (also . and ,) change it in *ps (MONITOR_KEY_TUNED), p takes a screenshot,
 * t starts or stops a trace, q and Esc quit (MONITOR_KEY_QUIT). Messages go
 * to stdout, prefixed with prog. */
enum monitor_key_result { MONITOR_KEY_NONE, MONITOR_KEY_DONE, MONITOR_KEY_TUNED, MONITOR_KEY_QUIT };
int monitor_key(int key, param_set_t *ps, int *tunable, const monitor_t *m, unsigned long frames,
                const char *prog);
/* --neighbors as the app's enum app_engine. */
int monitor_app_engine(int neighbors);

/* Before the run, so that no work is lost to an output that cannot be made:
 * --trace and --save can be written, --trace-from is before the run's end. */
int monitor_check_outputs(const monitor_flags_t *f, unsigned long frames, const char *save_path,
                          char *err, size_t errlen);
/* --trace with --trace-from and --trace-frames, checked once a frame. */
int monitor_trace_window(const monitor_flags_t *f, unsigned long frames, int *started,
                         const char *prog, char *err, size_t errlen);
/* At the run's end: a trace of a run that went well put in place, one of a
 * failed run thrown away (0: the run's own error is the caller's to say). -1,
 * said on stderr as "prog: why", if the trace could not be written whole or
 * never began (--trace-from past the end): a failed trace costs no other
 * output, so the caller goes on to its report and --save, and exits 1. */
int monitor_trace_end(const monitor_flags_t *f, int run_ok, int started, unsigned long frames,
                      const char *prog);

/* The window's mouse, as the last event left it. */
typedef struct {
    int x, y, inside;
} monitor_mouse_t;

/* The mouse as the app takes it (app_mouse), over the monitor's picture. */
app_mouse_t monitor_app_mouse(const monitor_mouse_t *mouse, const monitor_t *m);

/* Takes the window's waiting events: the mouse into *mouse, each key to
 * on_key. 1 when the window was closed, -1 when on_key returned nonzero. */
int monitor_poll_window(video_window_t *w, monitor_mouse_t *mouse,
                        int (*on_key)(void *ctx, int key), void *ctx);

/* Frames per second of simulated video and of the window, over the last second. */
typedef struct {
    double since;
    unsigned long frames, shown;
    double sim_fps, window_fps;
} monitor_rate_t;

double monitor_now(void);
/* 1 when a second has passed and the rates are new. */
int monitor_rate_tick(monitor_rate_t *r, unsigned long frames, unsigned long shown);

#endif
