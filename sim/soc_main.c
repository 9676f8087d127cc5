/* build/soc: the standalone SoC in simulation. The RV32IM CPU runs the
 * firmware image (make firmware) from the SoC's RAM; this program loads it
 * and the starting flock through the SoC's host port, then only watches: the
 * VGA pins in the monitor's window, the UART in the terminal. The app's keys
 * (firmware/app.h) reach the firmware as console bytes, the parameters the
 * monitor tunes and the mouse through the mailbox. */
#include <errno.h>
#include <getopt.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "atomic_file.h"
#include "flock_start.h"
#include "flock_state.h"
#include "monitor_app.h"
#include "number_parse.h"
#include "soc/soc_mailbox.h"
#include "soc/soc_map.h"
#include "soc_sim.h"
#include "stdout_check.h"

#define CHUNK_PER_FRAME 50u /* looks at the window a frame: every 2% of it */
#define BOOT_FRAMES 30u     /* the firmware must be running by then: half a second */

typedef struct {
    options_t o;
    monitor_flags_t f;
    const char *firmware_path;
    const char *image_path; /* --write-image: the loaded RAM goes here, nothing runs */
    const char *profile_path; /* --profile: the CPU's cycles by address go here */
    unsigned long steps; /* --steps: the firmware stops after this many */
    int steps_set;
    flock_params_t fp;
    monitor_t monitor;
    video_window_t *window;
    uint32_t ram_bytes, mailbox, clock_hz;
    uint32_t frame_clocks; /* pixel clocks a frame of the model's video mode */
    uint64_t cycle0;      /* when the CPU left reset */
    uint64_t pixel0;      /* the same in pixel clocks */
    unsigned long frames; /* frames of video since then */
    int quit, tunable, trace_started, exited;
    monitor_mouse_t mouse;
    app_mouse_t mouse_sent; /* the mouse as the mailbox has it */
    size_t keys_sent;       /* of --keys */
    uint32_t params_seq, mouse_seq, exit_code;
    char line[256];
    size_t line_len;
    char err[600];
} soc_t;

static void print_help(FILE *out)
{
    fprintf(out,
            "Usage: soc [options]\n"
            "The standalone system-on-chip in simulation: the RV32IM CPU runs the firmware\n"
            "image from RAM and drives the neighbor accelerator, the VGA display and a UART\n"
            "(RTL in Verilator). The starting flock and parameters go in through the SoC's\n"
            "host port; the window shows the picture rebuilt from the VGA pins, and the\n"
            "UART console prints here. Simulated time includes the firmware's own work, so\n"
            "the frame rate reported is the board's.\n"
            "\n");
    monitor_print_flags_help(out, "sim/boids_soc.gtkw");
    fprintf(out,
            "\n"
            "SoC:\n"
            "  --firmware FILE    the RAM image (default: firmware/boids.bin beside this\n"
            "                     program, from make firmware)\n"
            "  --steps K          the firmware stops after K flock steps and the run ends\n"
            "                     (--save then holds the state after exactly K steps)\n"
            "  --write-image FILE load the RAM as for a run (firmware, starting flock and\n"
            "                     parameters in the mailbox), write all of it to FILE as raw\n"
            "                     bytes, and stop: a board's RAM image (make synth BOARD=...)\n"
            "  --profile FILE     write the CPU's profile at the end: clock cycles and\n"
            "                     instructions retired at each address, a line each;\n"
            "                     scripts/soc_profile.py FILE build/firmware/boids.elf folds\n"
            "                     it by function, with the instruction mix\n"
            "\n"
            "At the end the board's lines give its frame rate, each phase's clock cycles\n"
            "a turn, and the slowest turn against a frame (the flock's margin).\n"
            "\n"
            "This build simulates %s.\n"
            "\n",
            soc_sim_variant());
    options_print_flock_help(out, SOC_BOIDS_MAX, SOC_PREDATORS_MAX);
    fputc('\n', out);
    monitor_print_keys_help(out);
    fprintf(out, "(The first list's keys reach the firmware over its UART: on a board they work\n"
                 "typed into any serial terminal.)\n\n");
    params_print_help(out);
}

static int fail(const char *msg)
{
    fprintf(stderr, "soc: %s\n", msg);
    return 1;
}

enum soc_flag { SOC_FIRMWARE = 1, SOC_STEPS, SOC_WRITE_IMAGE, SOC_PROFILE };

static const struct option SOC_FLAGS[] = {
    {"firmware", required_argument, NULL, SOC_FIRMWARE},
    {"steps", required_argument, NULL, SOC_STEPS},
    {"write-image", required_argument, NULL, SOC_WRITE_IMAGE},
    {"profile", required_argument, NULL, SOC_PROFILE},
    {NULL, 0, NULL, 0}};

/* --firmware, --steps, --write-image and --profile. */
static int apply_soc_flag(void *ctx, int id, const char *flag, const char *value, char *err,
                          size_t errlen)
{
    soc_t *s = ctx;

    if (id == SOC_FIRMWARE) {
        s->firmware_path = value;
    } else if (id == SOC_WRITE_IMAGE) {
        s->image_path = value;
    } else if (id == SOC_PROFILE) {
        s->profile_path = value;
    } else {
        if (number_parse_whole(flag, value, 1, OPTIONS_FRAMES_MAX, &s->steps, err, errlen) !=
            NUMBER_OK)
            return -1;
        s->steps_set = 1;
    }
    return 0;
}

/* The whole file, or NULL with a message. */
static unsigned char *read_image(const char *path, size_t *bytes, char *err, size_t errlen)
{
    FILE *f = fopen(path, "rb");
    unsigned char *data = NULL;
    long size;

    if (f == NULL) {
        snprintf(err, errlen, "--firmware %s: cannot open it (build it with make firmware)", path);
        return NULL;
    }
    if (fseek(f, 0, SEEK_END) == 0 && (size = ftell(f)) > 0 && fseek(f, 0, SEEK_SET) == 0 &&
        (data = calloc(1, (size_t)size + 4)) != NULL && fread(data, 1, (size_t)size, f) == (size_t)size) {
        *bytes = ((size_t)size + 3) & ~(size_t)3;
        fclose(f);
        return data;
    }
    snprintf(err, errlen, "--firmware %s: cannot read it, or it is empty", path);
    free(data);
    fclose(f);
    return NULL;
}

/* UART bytes, printed a line at a time. */
static void uart_line(void *ctx, int byte)
{
    soc_t *s = ctx;

    if (byte == '\r')
        return;
    if (byte == '\n' || s->line_len + 1 == sizeof s->line) {
        printf("%.*s\n", (int)s->line_len, s->line);
        fflush(stdout);
        s->line_len = 0;
        if (byte == '\n')
            return;
    }
    s->line[s->line_len++] = (char)byte;
}

static int mailbox_write(soc_t *s, size_t offset, const void *data, size_t bytes)
{
    if (soc_sim_write_block(s->mailbox + (uint32_t)offset, data, bytes) != 0) {
        snprintf(s->err, sizeof s->err, "the SoC's host port refused a write to the mailbox");
        return -1;
    }
    return 0;
}

static int mailbox_word(soc_t *s, size_t offset, uint32_t *value)
{
    if (soc_sim_read(s->mailbox + (uint32_t)offset, value) != 0) {
        snprintf(s->err, sizeof s->err, "the SoC's host port refused a read of the mailbox");
        return -1;
    }
    return 0;
}

/* Where the host loads the starting flock: start, or live in a firmware
 * without a copy of the start (SOC_START_COPY 0). */
static soc_flock_t *start_flock(soc_mailbox_t *mb)
{
#if SOC_START_COPY
    return &mb->start;
#else
    return &mb->live;
#endif
}

/* What the host writes before the CPU starts: the mailbox up to the live
 * flock, or through it when the flock is loaded there. */
#define MAILBOX_LOADED (SOC_START_COPY ? offsetof(soc_mailbox_t, live) : sizeof(soc_mailbox_t))

/* The mailbox as the firmware finds it at boot: the flock in start_flock. */
static int fill_mailbox(soc_t *s, soc_mailbox_t *mb, const flock_t *f)
{
    soc_flock_t *start = start_flock(mb);
    uint32_t i;

    if (f->n > SOC_BOIDS_MAX || f->n_predators > SOC_PREDATORS_MAX) {
        snprintf(s->err, sizeof s->err, "%u boids and %u predators, but the SoC's firmware holds "
                 "at most %u and %u", f->n, f->n_predators, SOC_BOIDS_MAX, SOC_PREDATORS_MAX);
        return -1;
    }
    memset(mb, 0, sizeof *mb);
    mb->magic = SOC_MAILBOX_MAGIC;
    mb->layout = sizeof *mb;
    mb->steps = s->steps_set ? (uint32_t)s->steps : 0;
    mb->neighbors = (uint32_t)monitor_app_engine(s->o.neighbors);
    mb->paused = s->f.paused;
    mb->overlay = (uint32_t)s->f.overlay;
    mb->biasval = (gain_t)(s->o.params.biasval * GAIN_ONE);
    mb->seed = (uint32_t)s->o.seed;
    mb->params = s->fp;
    start->n = f->n;
    start->n_predators = f->n_predators;
    for (i = 0; i < f->n; i++) {
        start->boid[i] = f->boid[i];
        start->role[i] = f->role[i];
        start->biasval[i] = f->biasval[i];
    }
    for (i = 0; i < f->n_predators; i++)
        start->predator[i] = f->predator[i];
    return 0;
}

/* Loads the image and the mailbox with the CPU held, then lets it run. */
static int boot(soc_t *s, const unsigned char *image, size_t image_bytes, soc_mailbox_t *mb)
{
    uint32_t id = 0, magic;

    if (soc_sim_read(SOC_CTRL_ID, &id) != 0 || id != SOC_ID_VALUE ||
        soc_sim_read(SOC_CTRL_RAM_BYTES, &s->ram_bytes) != 0 ||
        soc_sim_read(SOC_CTRL_CLOCK_HZ, &s->clock_hz) != 0) {
        snprintf(s->err, sizeof s->err, "the SoC does not answer on its host port (ID %08x)", id);
        return -1;
    }
    s->mailbox = SOC_MAILBOX_ADDR(s->ram_bytes);
    if (image_bytes + SOC_STACK_BYTES > s->mailbox) {
        snprintf(s->err, sizeof s->err, "--firmware %s: %zu bytes, but the RAM below the mailbox "
                 "and stack holds %u", s->firmware_path, image_bytes, s->mailbox - SOC_STACK_BYTES);
        return -1;
    }
    magic = mb->magic;
    mb->magic = 0; /* written last, so a half-loaded mailbox never looks valid */
    if (soc_sim_write_block(SOC_RAM_BASE, image, image_bytes) != 0 ||
        mailbox_write(s, 0, mb, MAILBOX_LOADED) != 0 ||
        mailbox_write(s, offsetof(soc_mailbox_t, magic), &magic, 4) != 0) {
        snprintf(s->err, sizeof s->err, "loading the RAM through the host port failed");
        return -1;
    }
    return 0;
}

/* The whole RAM as loaded, read back through the host port (the CPU still
 * held), into FILE atomically (atomic_file.h): never a half-written image. */
static int write_image(soc_t *s)
{
    unsigned char *ram = malloc(s->ram_bytes);
    atomic_file_t out;
    int rc;

    if (ram == NULL || soc_sim_read_block(SOC_RAM_BASE, ram, s->ram_bytes) != 0) {
        snprintf(s->err, sizeof s->err, "--write-image: reading the RAM back through the host port failed");
        free(ram);
        return -1;
    }
    rc = atomic_file_open(&out, s->image_path, s->err, sizeof s->err);
    if (rc == 0 && fwrite(ram, 1, s->ram_bytes, out.f) != s->ram_bytes) {
        snprintf(s->err, sizeof s->err, "%s: cannot write: %s", s->image_path, strerror(errno));
        atomic_file_abort(&out);
        rc = -1;
    } else if (rc == 0) {
        rc = atomic_file_commit(&out, s->err, sizeof s->err);
    }
    free(ram);
    return rc;
}

static void send_params(soc_t *s)
{
    s->params_seq++;
    if (mailbox_write(s, offsetof(soc_mailbox_t, params), &s->fp, sizeof s->fp) != 0 ||
        mailbox_write(s, offsetof(soc_mailbox_t, params_seq), &s->params_seq, 4) != 0)
        fprintf(stderr, "soc: %s\n", s->err);
}

/* The mouse over the picture, when it changed: the app decides what to do
 * with it (its m key). */
static void send_mouse(soc_t *s)
{
    app_mouse_t m = monitor_app_mouse(&s->mouse, &s->monitor);

    if (memcmp(&m, &s->mouse_sent, sizeof m) == 0)
        return;
    s->mouse_sent = m;
    s->mouse_seq++;
    if (mailbox_write(s, offsetof(soc_mailbox_t, mouse), &m, sizeof m) != 0 ||
        mailbox_write(s, offsetof(soc_mailbox_t, mouse_seq), &s->mouse_seq, 4) != 0)
        fprintf(stderr, "soc: %s\n", s->err);
}

/* A key, from the window or --keys: the app's go over the UART (as a
 * terminal's would on a board), then the monitor's own. */
static void on_key(soc_t *s, int key)
{
    if (app_owns_key(key))
        soc_sim_uart_send((uint8_t)key);
    switch (monitor_key(key, &s->o.params, &s->tunable, &s->monitor, s->frames, "soc")) {
    case MONITOR_KEY_TUNED:
        params_to_fixed(&s->o.params, &s->fp);
        send_params(s);
        break;
    case MONITOR_KEY_QUIT: s->quit = 1; break;
    default: break;
    }
}

static int key_of_window(void *ctx, int key)
{
    on_key(ctx, key);
    return 0;
}

static void poll_window(soc_t *s)
{
    if (monitor_poll_window(s->window, &s->mouse, key_of_window, s) == 1)
        s->quit = 1;
}

/* The display's refresh rate: the pixel clock is clk's own (exactly CLOCK_HZ)
 * unless the model has two. */
static double refresh_hz(const soc_t *s)
{
    double pixel_hz = soc_sim_pixel_cycles() == soc_sim_cycles() ? (double)s->clock_hz
                                                                  : system_sim_pixel_mhz() * 1e6;
    return pixel_hz / s->frame_clocks;
}

static void show_title(soc_t *s, const monitor_rate_t *r)
{
    char title[200];
    uint32_t steps = 0;

    mailbox_word(s, offsetof(soc_mailbox_t, steps_done), &steps);
    snprintf(title, sizeof title,
             "boids soc: RV32IM | board %.1f fps (%u steps in %lu frames) | simulated %.1f fps "
             "(%.0f%% of real time) | window %.1f fps%s",
             s->frames ? refresh_hz(s) * steps / s->frames : 0.0, steps, s->frames, r->sim_fps,
             r->sim_fps / refresh_hz(s) * 100, r->window_fps, system_sim_tracing() ? " | tracing" : "");
    video_window_show(s->window, NULL, 0, 0, title);
}

/* Once a frame of video: keys, the window, the trace window, progress. */
static int each_frame(soc_t *s, monitor_rate_t *rate, unsigned long *shown, double *last_progress,
                      unsigned long limit)
{
    if (monitor_trace_window(&s->f, s->frames, &s->trace_started, "soc", s->err, sizeof s->err) != 0)
        return -1;
    send_mouse(s);
    if (s->window != NULL) {
        if (monitor_take_fresh(&s->monitor)) {
            video_window_show(s->window, s->monitor.picture, s->monitor.width, s->monitor.height,
                              NULL);
            (*shown)++;
        }
        if (monitor_rate_tick(rate, s->frames, *shown))
            show_title(s, rate);
        poll_window(s);
    } else if (monitor_now() - *last_progress >= 2.0) {
        *last_progress = monitor_now();
        monitor_rate_tick(rate, s->frames, *shown);
        if (s->steps_set)
            fprintf(stderr, "soc: frame %lu, until the firmware's step %lu, %.1f frames/s "
                            "simulated\n", s->frames, s->steps, rate->sim_fps);
        else if (s->f.frames_set)
            fprintf(stderr, "soc: frame %lu of %lu, %.1f frames/s simulated\n", s->frames, limit,
                    rate->sim_fps);
        else
            fprintf(stderr, "soc: frame %lu, %.1f frames/s simulated\n", s->frames, rate->sim_fps);
    }
    return 0;
}

/* A firmware that never reaches its loop (a broken image, a trap before the
 * console works) would leave the window black forever: say so instead. */
static int check_booted(soc_t *s)
{
    uint32_t state = SOC_BOOTING;

    if (mailbox_word(s, offsetof(soc_mailbox_t, state), &state) != 0)
        return -1;
    if (state == SOC_RUNNING || state == SOC_HALTED)
        return 0;
    snprintf(s->err, sizeof s->err, "the firmware is not running after %u frames (mailbox state "
             "%u%s); is %s a firmware image for this SoC?", BOOT_FRAMES, state,
             state == SOC_FAILED ? ": failed, see its console above" : "", s->firmware_path);
    return -1;
}

/* Until the firmware's first drawing: when it was made, so that the monitor
 * keeps the pictures from the one that shows it (monitor_first_drawing). */
/* The console's last line, even without its newline. */
static int finish_console(soc_t *s)
{
    if (s->line_len > 0)
        uart_line(s, '\n');
    return 0;
}

/* --keys, one a turn of the firmware's loop as build/sim presses them: key k
 * goes out once turn k has taken its input (the mailbox's loops is k), so
 * that turn k + 1 reads it (a byte takes 10 bit times, far less than the
 * frame until that turn begins). Key 0 goes at once and waits in the UART
 * while the firmware boots: its banner alone takes longer. */
static int send_keys(soc_t *s)
{
    uint32_t loops = 0;

    if (s->f.keys == NULL || s->keys_sent == strlen(s->f.keys))
        return 0;
    if (mailbox_word(s, offsetof(soc_mailbox_t, loops), &loops) != 0)
        return -1;
    if (loops >= s->keys_sent)
        on_key(s, (unsigned char)s->f.keys[s->keys_sent++]);
    return 0;
}

static int watch_first_drawing(soc_t *s)
{
    uint32_t loops = 0, frame = 0;

    if (s->monitor.first_frame != UINT64_MAX)
        return 0;
    if (mailbox_word(s, offsetof(soc_mailbox_t, loops), &loops) != 0 ||
        (loops > 0 && mailbox_word(s, offsetof(soc_mailbox_t, frame), &frame) != 0))
        return -1;
    if (loops > 0) /* a turn a frame at most: the first was this early or earlier */
        monitor_first_drawing(&s->monitor, frame - (loops - 1));
    return 0;
}

static int run(soc_t *s)
{
    monitor_rate_t rate = {monitor_now(), 0, 0, 0, 0};
    unsigned long shown = 0, limit = s->o.frames;
    double last_progress = monitor_now();

    while (!s->quit) {
        unsigned long frames;

        soc_sim_tick(s->frame_clocks / CHUNK_PER_FRAME);
        system_sim_flush_video();
        if (s->monitor.failed) {
            snprintf(s->err, sizeof s->err, "%s", s->monitor.error);
            return -1;
        }
        if (watch_first_drawing(s) != 0 || send_keys(s) != 0)
            return -1;
        /* --frames K: K pictures of the flock (a broken firmware draws none) */
        if (s->f.frames_set && (s->monitor.kept >= limit || s->frames >= limit + BOOT_FRAMES))
            return finish_console(s);
        if (soc_sim_exited(&s->exit_code)) {
            s->exited = 1;
            break;
        }
        frames = (unsigned long)((soc_sim_pixel_cycles() - s->pixel0) / s->frame_clocks);
        if (frames == s->frames)
            continue;
        s->frames = frames;
        if (s->frames == BOOT_FRAMES && check_booted(s) != 0)
            return -1;
        if (each_frame(s, &rate, &shown, &last_progress, limit) != 0)
            return -1;
    }
    /* Let the last frame's picture finish: up to the next vsync pulse. */
    {
        uint64_t pictures = s->monitor.pictures, start = soc_sim_pixel_cycles();
        while (s->monitor.pictures == pictures &&
               soc_sim_pixel_cycles() - start < 2 * (uint64_t)s->frame_clocks) {
            soc_sim_tick(1000);
            system_sim_flush_video();
        }
    }
    if (s->monitor.failed) {
        snprintf(s->err, sizeof s->err, "%s", s->monitor.error);
        return -1;
    }
    return finish_console(s);
}

static uint64_t mailbox_u64(const uint32_t *lo_hi) { return (uint64_t)lo_hi[1] << 32 | lo_hi[0]; }

/* What the board did: its frame rate in its own time, and the cost per phase. */
static void report(soc_t *s, const soc_mailbox_t *mb, double seconds)
{
    uint64_t cycles = soc_sim_cycles() - s->cycle0;
    double clock = s->clock_hz;
    uint32_t loops = mb->stepping_loops ? mb->stepping_loops : 1;
    uint64_t step = mailbox_u64(&mb->cycles_step_lo), draw = mailbox_u64(&mb->cycles_draw_lo);
    uint64_t wait = mailbox_u64(&mb->cycles_wait_lo), instret = mailbox_u64(&mb->instret_lo);
    uint64_t span = mailbox_u64(&mb->last_wake_lo) - mailbox_u64(&mb->first_wake_lo);
    uint64_t sum_waits = mailbox_u64(&mb->sum_waits_lo), turn_max = mailbox_u64(&mb->turn_max_lo);
    double fps = span ? (mb->stepping_loops - 1) * clock / (double)span : 0.0;

    fprintf(stderr, "soc: %.2f s simulated (%llu cycles) in %.1f s: %.1f frames/s simulated, "
                    "%.2f M cycles/s; %llu pictures decoded (%s), %llu sync problems\n",
            cycles / clock, (unsigned long long)cycles, seconds, s->frames / seconds,
            cycles / seconds / 1e6, (unsigned long long)s->monitor.pictures,
            monitor_mode_name(&s->monitor),
            (unsigned long long)vga_decoder_errors(&s->monitor.decoder));
    if (mb->stepping_loops == 0) {
        fprintf(stderr, "soc: no flock step was timed\n");
        return;
    }
    fprintf(stderr, "soc: board: %u steps of %u boids, %.2f frames/s (display refresh %.2f Hz; "
                    "per turn of the loop: flock step %llu cycles, sprites %llu, wait %llu); "
                    "CPI %.2f; asleep %.0f%%",
            mb->steps_done, mb->live.n, fps, refresh_hz(s),
            (unsigned long long)(step / loops), (unsigned long long)(draw / loops),
            (unsigned long long)(wait / loops), instret ? (double)(step + draw) / instret : 0.0,
            100.0 * soc_sim_sleep_cycles() / (cycles ? cycles : 1));
    if (sum_waits != 0) /* the synchronous order on the accelerator */
        fprintf(stderr, "; the rules waited for sums %llu times", (unsigned long long)sum_waits);
    fprintf(stderr, "\n");
    /* what the slowest turn left of its frame: the margin of a flock that keeps every frame */
    fprintf(stderr, "soc: the slowest turn: flock step and sprites %llu cycles, %.1f%% of a frame\n",
            (unsigned long long)turn_max, 100.0 * (double)turn_max * refresh_hz(s) / clock);
}

/* The live flock (and counters) back from RAM, with the CPU held. */
static int read_back(soc_t *s, soc_mailbox_t *mb)
{
    soc_sim_hold_cpu(1);
    if (soc_sim_read_block(s->mailbox, mb, sizeof *mb) != 0) {
        snprintf(s->err, sizeof s->err, "reading the mailbox back failed");
        return -1;
    }
    if (mb->live.n > SOC_BOIDS_MAX || mb->live.n_predators > SOC_PREDATORS_MAX) {
        snprintf(s->err, sizeof s->err, "the firmware left a flock of %u boids and %u predators "
                 "in the mailbox: out of range", mb->live.n, mb->live.n_predators);
        return -1;
    }
    return 0;
}

static int save_flock(soc_t *s, const soc_mailbox_t *mb)
{
    flock_t f;
    state_table_t t = {0, NULL};
    int rc;

    f.n = mb->live.n;
    f.boid = (boid_t *)mb->live.boid;
    f.role = (uint8_t *)mb->live.role;
    f.biasval = (gain_t *)mb->live.biasval;
    f.n_predators = mb->live.n_predators;
    f.predator = (boid_t *)mb->live.predator;
    rc = flock_to_table(&f, &t) != 0 ? -1 : state_csv_write(s->o.save_path, &t, s->err, sizeof s->err);
    if (rc != 0 && s->err[0] == '\0')
        snprintf(s->err, sizeof s->err, "out of memory");
    state_table_free(&t);
    return rc;
}

/* --profile: the retire trace's counts by address, a header line first. */
static int write_profile(soc_t *s, const soc_mailbox_t *mb)
{
    atomic_file_t a;
    size_t i, n;
    soc_profile_entry_t *e = soc_sim_profile(&n);

    if (e == NULL) {
        snprintf(s->err, sizeof s->err, "--profile %s: out of memory", s->profile_path);
        return -1;
    }
    if (atomic_file_open(&a, s->profile_path, s->err, sizeof s->err) != 0) {
        free(e);
        return -1;
    }
    fprintf(a.f, "# boids soc profile: %s; %u boids, %u steps; address cycles retired\n",
            soc_sim_variant(), mb->live.n, mb->steps_done);
    for (i = 0; i < n; i++)
        fprintf(a.f, "%08x %llu %llu\n", e[i].pc, (unsigned long long)e[i].cycles,
                (unsigned long long)e[i].retired);
    free(e);
    return atomic_file_commit(&a, s->err, sizeof s->err);
}

/* firmware/boids.bin beside the program; it lives as long as the run (its
 * name is in messages up to the end). */
static const char *default_firmware(const char *argv0)
{
    static char path[4096];
    const char *slash = strrchr(argv0, '/');
    int dir = slash ? (int)(slash - argv0) + 1 : 0;

    snprintf(path, sizeof path, "%.*sfirmware/boids.bin", dir, argv0);
    return path;
}

int main(int argc, char **argv)
{
    static soc_t s;
    static soc_mailbox_t mb;
    const options_extra_t soc_flags = {SOC_FLAGS, apply_soc_flag, NULL, &s, NULL};
    state_table_t start = {0, NULL};
    flock_t flock;
    unsigned char *image;
    const char *default_path = default_firmware(argv[0]);
    size_t image_bytes = 0;
    double t0;
    int rc, trace_failed;

    stdout_check_at_exit("soc");
    s.firmware_path = default_path;
    rc = monitor_parse_args(argc, argv, &soc_flags, &s.f, &s.o, s.err, sizeof s.err);
    if (rc == OPTIONS_HELP) {
        print_help(stdout);
        return 0;
    }
    if (rc == OPTIONS_ERROR)
        return fail(s.err);
    params_to_fixed(&s.o.params, &s.fp);
    if (flock_start_table(&s.o, &start, s.err, sizeof s.err) != 0)
        return fail(s.err);
    if (flock_from_table(&start, &flock) != 0)
        return fail("out of memory");
    rc = fill_mailbox(&s, &mb, &flock);
    flock_free(&flock);
    state_table_free(&start);
    if (rc != 0)
        return fail(s.err);
    if ((image = read_image(s.firmware_path, &image_bytes, s.err, sizeof s.err)) == NULL)
        return fail(s.err);
    if (s.f.png_dir != NULL && monitor_prepare_png_dir(s.f.png_dir, s.err, sizeof s.err) != 0)
        return fail(s.err);
    if (s.steps_set && !s.f.frames_set) {
        s.f.frames_set = 1; /* a guard: ten frames a step is far slower than any flock here */
        s.o.frames = 10 * s.steps + 600;
    }
    if (s.image_path == NULL &&
        (monitor_open_window(&s.f, "soc", &s.o.frames, &s.window, s.err, sizeof s.err) != 0 ||
         monitor_check_outputs(&s.f, s.o.frames, s.o.save_path, s.err, sizeof s.err) != 0 ||
         (s.profile_path != NULL && atomic_file_check(s.profile_path, s.err, sizeof s.err) != 0)))
        return fail(s.err);

    if (soc_sim_open() != 0)
        return fail("the simulation does not open");
    {
        const vga_mode_t *mode = monitor_video_mode(s.err, sizeof s.err);
        if (mode == NULL)
            return fail(s.err);
        s.frame_clocks = vga_mode_frame_clocks(mode);
    }
    if (monitor_open(&s.monitor, s.f.png_dir, s.err, sizeof s.err) != 0)
        return fail(s.err);
    system_sim_set_video_sink(monitor_sink, &s.monitor);
    soc_sim_set_uart_sink(uart_line, &s);
    rc = boot(&s, image, image_bytes, &mb);
    free(image);
    if (rc == 0 && s.image_path != NULL) {
        rc = write_image(&s);
        if (rc == 0)
            fprintf(stderr, "soc: %s: the RAM image (%u bytes: firmware %zu bytes, %u boids, "
                    "%u predators in the mailbox) for %s\n", s.image_path, s.ram_bytes,
                    image_bytes, start_flock(&mb)->n, start_flock(&mb)->n_predators,
                    soc_sim_variant());
        soc_sim_close();
        monitor_close(&s.monitor);
        return rc == 0 ? 0 : fail(s.err);
    }
    if (rc != 0)
        return fail(s.err);
    if (s.profile_path != NULL)
        soc_sim_profile_start();
    soc_sim_hold_cpu(0);
    s.cycle0 = soc_sim_cycles();
    s.pixel0 = soc_sim_pixel_cycles();
    fprintf(stderr, "soc: %s; firmware %s (%zu bytes); %u boids, %u predators; %s\n",
            soc_sim_variant(), s.firmware_path == default_path ? "default" : s.firmware_path,
            image_bytes, start_flock(&mb)->n, start_flock(&mb)->n_predators,
            s.f.headless ? "headless" : "window open (h lists the keys)");

    t0 = monitor_now();
    rc = run(&s);
    trace_failed = monitor_trace_end(&s.f, rc == 0, s.trace_started, s.frames, "soc") != 0;
    if (rc == 0)
        rc = read_back(&s, &mb);
    if (rc == 0) {
        report(&s, &mb, monitor_now() - t0);
        if (s.exited && s.exit_code != SOC_EXIT_OK) {
            snprintf(s.err, sizeof s.err, "the firmware stopped with EXIT code 0x%08x (its "
                     "console says why, above)", s.exit_code);
            rc = -1;
        } else if (s.steps_set && mb.steps_done != s.steps) {
            snprintf(s.err, sizeof s.err, "--steps %lu: the firmware made %u steps in %lu frames",
                     s.steps, mb.steps_done, s.frames);
            rc = -1;
        }
    }
    if (rc == 0 && s.o.save_path != NULL)
        rc = save_flock(&s, &mb);
    if (rc == 0 && s.profile_path != NULL)
        rc = write_profile(&s, &mb);
    if (s.window != NULL)
        video_window_close(s.window);
    soc_sim_close();
    monitor_close(&s.monitor);
    if (rc != 0)
        return fail(s.err);
    return trace_failed ? 1 : 0;
}
