/* The VGA decoder: a cheap per-sample loop that stores active pixels, and the
 * sync-edge handling that measures timing, locks, checks and reports. */
#include "vga_decoder.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "video_modes.h"

/* The modes of scripts/video_modes.py's table, the RTL's MODE numbers in order. */
#define VGA_MODE_ROW(number, name, hz, ha, hf, hs, hb, va, vf, vs, vb, hs_high, vs_high)       \
    {name, (hz) / 1e6, ha, hf, hs, hb, va, vf, vs, vb, hs_high, vs_high},
const vga_mode_t VGA_MODES[] = {VIDEO_MODES(VGA_MODE_ROW)};
#undef VGA_MODE_ROW
const int VGA_MODE_COUNT = (int)(sizeof VGA_MODES / sizeof VGA_MODES[0]);

/* Reporting limits: enough to diagnose, never a flood. */
enum {
    MESSAGES_PER_FRAME = 3,
    QUIET_AFTER_BAD_FRAMES = 3, /* then one summary ... */
    QUIET_SUMMARY_FRAMES = 60,  /* ... every this many bad frames */
    POLARITY_VOTES = 3          /* transitions in a row before believing a polarity change */
};

int vga_mode_h_total(const vga_mode_t *m)
{
    return m->h_active + m->h_front + m->h_sync + m->h_back;
}

int vga_mode_v_total(const vga_mode_t *m)
{
    return m->v_active + m->v_front + m->v_sync + m->v_back;
}

uint32_t vga_mode_frame_clocks(const vga_mode_t *m)
{
    return (uint32_t)vga_mode_h_total(m) * (uint32_t)vga_mode_v_total(m);
}

const vga_mode_t *vga_mode_by_name(const char *name)
{
    int i;

    for (i = 0; name != NULL && i < VGA_MODE_COUNT; i++)
        if (strcmp(VGA_MODES[i].name, name) == 0)
            return &VGA_MODES[i];
    return NULL;
}

static const char *polarity_word(int active_level)
{
    return active_level ? "high" : "low";
}

/* ---- Messages ---------------------------------------------------------- */

static void say(vga_decoder_t *d, const char *text)
{
    if (d->on_error != NULL)
        d->on_error(d->ctx, text);
}

/* A problem inside a frame: spoils it, and is shown unless this frame has
 * said enough already or the signal has been bad for a while. */
static void problem(vga_decoder_t *d, const char *fmt, ...)
{
    va_list ap;

    d->problems++;
    d->frame_bad = 1;
    va_start(ap, fmt);
    vsnprintf(d->message, sizeof d->message, fmt, ap);
    va_end(ap);
    if (d->quiet || d->frame_messages >= MESSAGES_PER_FRAME) {
        d->frame_suppressed++;
        return;
    }
    d->frame_messages++;
    say(d, d->message);
}

/* A problem with the signal as a whole (lost, unknown): always shown; the
 * callers make sure it is said once per occurrence. */
static void notice(vga_decoder_t *d, const char *fmt, ...)
{
    va_list ap;

    d->problems++;
    va_start(ap, fmt);
    vsnprintf(d->message, sizeof d->message, fmt, ap);
    va_end(ap);
    say(d, d->message);
}

/* "frame F, line N" for the line that ends at the current hsync edge; line 0
 * began before this frame's vsync edge, so it is the last of the one before. */
static void where_line_ends(const vga_decoder_t *d, char *out, size_t len)
{
    if (d->frame_lines == 0 && d->frame_number > 0)
        snprintf(out, len, "frame %llu, line %llu", (unsigned long long)(d->frame_number - 1),
                 (unsigned long long)d->prev_frame_lines);
    else
        snprintf(out, len, "frame %llu, line %llu", (unsigned long long)d->frame_number,
                 (unsigned long long)d->frame_lines);
}

/* ---- Mode matching ----------------------------------------------------- */

static const vga_mode_t *match_mode(uint64_t line_len, uint64_t pulse, int hs_level, int vs_level,
                                    int64_t frame_lines, int64_t vsync_lines)
{
    int i;

    for (i = 0; i < VGA_MODE_COUNT; i++) {
        const vga_mode_t *m = &VGA_MODES[i];
        if (line_len != (uint64_t)vga_mode_h_total(m) || pulse != (uint64_t)m->h_sync)
            continue;
        if ((hs_level >= 0 && hs_level != m->hsync_active_high) ||
            (vs_level >= 0 && vs_level != m->vsync_active_high))
            continue;
        if ((frame_lines >= 0 && frame_lines != vga_mode_v_total(m)) ||
            (vsync_lines >= 0 && vsync_lines != m->v_sync))
            continue;
        return m;
    }
    return NULL;
}

/* ---- Lock, loss and frames -------------------------------------------- */

static void stop_capture(vga_decoder_t *d)
{
    d->capture_width = 0;
}

/* The frame in progress can no longer be trusted: drop it and the lock. */
static void abandon_frame(vga_decoder_t *d)
{
    d->in_frame = 0;
    d->expect = NULL;
    d->locked = NULL;
    d->short_pending = 0;
    stop_capture(d);
}

static void deliver(vga_decoder_t *d, const vga_mode_t *m)
{
    vga_picture_t p;

    d->frames_decoded++;
    if (d->on_frame == NULL)
        return;
    p.rgb = d->pixels;
    p.width = m->h_active;
    p.height = m->v_active;
    p.mode = m;
    p.frame = d->frame_number;
    d->on_frame(d->ctx, &p);
}

/* Rate limits across frames: after a few bad frames in a row, a summary now
 * and then instead of every message. */
static void count_bad_frame(vga_decoder_t *d)
{
    char text[sizeof d->message + 128];

    d->bad_streak++;
    if (d->quiet) {
        d->quiet_problems += d->frame_suppressed;
        if (++d->quiet_frames == QUIET_SUMMARY_FRAMES) {
            snprintf(text, sizeof text,
                     "frames %llu to %llu: no picture, %lu timing problems (the latest: %s)",
                     (unsigned long long)d->quiet_first_frame,
                     (unsigned long long)d->frame_number, d->quiet_problems, d->message);
            say(d, text);
            d->quiet_frames = 0;
            d->quiet_problems = 0;
            d->quiet_first_frame = d->frame_number + 1;
        }
        return;
    }
    if (d->frame_suppressed > 0) {
        snprintf(text, sizeof text, "frame %llu: %lu more problems not shown",
                 (unsigned long long)d->frame_number, d->frame_suppressed);
        say(d, text);
    }
    if (d->bad_streak >= QUIET_AFTER_BAD_FRAMES) {
        snprintf(text, sizeof text,
                 "frames keep failing: from now on one summary every %d bad frames, until a "
                 "good one",
                 QUIET_SUMMARY_FRAMES);
        say(d, text);
        d->quiet = 1;
        d->quiet_frames = 0;
        d->quiet_problems = 0;
        d->quiet_first_frame = d->frame_number + 1;
    }
}

/* A frame with no mode to hold it to: say what the timing is, once per
 * change, unless it is a table mode still being acquired. */
static void describe_unknown_frame(vga_decoder_t *d)
{
    char text[sizeof d->last_unknown];
    const vga_mode_t *similar;
    int hs = d->hsync.active_level, vs = d->vsync.active_level;

    if (d->frame_lines == 0 || d->vsync_lines < 0 || d->max_line == 0 || d->max_pulse == 0)
        return;
    if (d->min_line != d->max_line || d->min_pulse != d->max_pulse) {
        problem(d, "frame %llu: unstable timing, lines of %llu to %llu clocks, hsync %llu to %llu "
                   "clocks wide",
                (unsigned long long)d->frame_number, (unsigned long long)d->min_line,
                (unsigned long long)d->max_line, (unsigned long long)d->min_pulse,
                (unsigned long long)d->max_pulse);
        count_bad_frame(d);
        return;
    }
    if (match_mode(d->max_line, d->max_pulse, hs, vs, (int64_t)d->frame_lines, d->vsync_lines))
        return; /* acquiring: the next frame is held to it */
    similar = match_mode(d->max_line, d->max_pulse, -1, -1, (int64_t)d->frame_lines,
                         d->vsync_lines);
    snprintf(text, sizeof text,
             "unknown timing: %llu clocks per line, %llu lines per frame, hsync %llu clocks "
             "active %s, vsync %lld lines active %s%s%s%s",
             (unsigned long long)d->max_line, (unsigned long long)d->frame_lines,
             (unsigned long long)d->max_pulse, polarity_word(hs), (long long)d->vsync_lines,
             polarity_word(vs), similar ? " (" : "", similar ? similar->name : "",
             similar ? " has these numbers with other sync polarities)" : "");
    if (strcmp(text, d->last_unknown) != 0) {
        strcpy(d->last_unknown, text);
        notice(d, "%s", text);
    } else {
        d->problems++;
    }
}

static void report_short_line(vga_decoder_t *d)
{
    const vga_mode_t *m = d->expect;

    d->short_pending = 0;
    if (m == NULL)
        return;
    problem(d, "%s: %llu pixel clocks between hsync pulses, expected %d for %s", d->short_where,
            (unsigned long long)d->short_len, vga_mode_h_total(m), m->name);
}

/* At a vsync leading edge: judge the frame that ends here. */
static void end_frame(vga_decoder_t *d)
{
    const vga_mode_t *m = d->expect;

    if (!d->in_frame)
        return;
    if (m == NULL) {
        describe_unknown_frame(d);
        return;
    }
    if (d->frame_lines != (uint64_t)vga_mode_v_total(m)) {
        uint64_t total = (uint64_t)vga_mode_v_total(m);
        int missing_vsync = d->frame_lines > total && d->frame_lines % total == 0;
        problem(d, "%sframe %llu has %llu lines, expected %llu for %s",
                missing_vsync ? "missing vsync pulse: " : "", (unsigned long long)d->frame_number,
                (unsigned long long)d->frame_lines, (unsigned long long)total, m->name);
    }
    if (!d->frame_bad && d->rows_captured == (uint64_t)m->v_active &&
        d->vsync_lines == m->v_sync) {
        d->locked = m;
        d->bad_streak = 0;
        d->quiet = 0;
        d->last_unknown[0] = '\0'; /* a new unknown timing later is news again */
        deliver(d, m);
        return;
    }
    d->locked = NULL;
    count_bad_frame(d);
}

/* At a vsync leading edge (maybe one recognised late, at time t, with lines
 * hsync edges already counted since). */
static void begin_frame(vga_decoder_t *d, uint64_t t, uint64_t lines)
{
    int hs = d->hsync.active_level, vs = d->vsync.active_level;

    d->frame_number = d->vsync_edges++;
    d->prev_frame_lines = d->frame_lines;
    d->frame_lines = lines;
    d->in_frame = hs >= 0 && d->hsync_known_at <= t;
    d->vsync_lines = -1;
    d->rows_captured = 0;
    d->min_line = d->min_pulse = UINT64_MAX;
    d->max_line = d->max_pulse = 0;
    d->frame_bad = 0;
    d->frame_messages = 0;
    d->frame_suppressed = 0;
    d->expect = d->locked;
    if (d->expect == NULL && d->have_line_len && d->have_pulse_width)
        d->expect = match_mode(d->last_line_len, d->last_pulse_width, hs, vs, -1, -1);
    stop_capture(d);
}

static void hsync_lost(vga_decoder_t *d, uint64_t t)
{
    d->deadline = UINT64_MAX; /* re-armed by the next hsync transition */
    if (d->hsync_lost)
        return;
    d->hsync_lost = 1;
    d->have_line = 0;
    abandon_frame(d);
    if (t - d->vsync.changed_at >= d->hsync_lost_clocks)
        notice(d, "no signal: hsync and vsync have not changed for %llu pixel clocks (signal lost)",
               (unsigned long long)d->hsync_lost_clocks);
    else
        notice(d, "no hsync pulse within %llu pixel clocks (signal lost)",
               (unsigned long long)d->hsync_lost_clocks);
}

static void vsync_lost(vga_decoder_t *d)
{
    if (d->vsync_lost)
        return;
    d->vsync_lost = 1;
    abandon_frame(d);
    notice(d, "no vsync pulse within %llu lines (signal lost)",
           (unsigned long long)d->vsync_lost_lines);
}

/* ---- Sync pins ---------------------------------------------------------- */

/* Records a transition at t; returns the level the runs say is the pulse
 * (the shorter run), or -1 while they cannot tell. A run that began before
 * the first sample is only a lower bound on its length. */
static int pin_transition(vga_sync_pin_t *p, int level, uint64_t t)
{
    uint64_t ended = t - p->changed_at;
    int old = p->level, verdict = -1;

    if (p->run_whole && p->prev_whole)
        verdict = ended < p->prev_run ? old : ended > p->prev_run ? level : -1;
    else if (p->run_whole)
        verdict = ended < p->prev_run ? old : -1;
    else if (p->prev_whole)
        verdict = ended > p->prev_run ? level : -1;
    p->prev_run = ended;
    p->prev_whole = p->run_whole;
    p->run_whole = 1;
    p->changed_at = t;
    p->level = level;
    return verdict;
}

enum learned { LEARNED_NOTHING, LEARNED_NOW, LEARNED_AFTER_PULSE };

/* Adopts a polarity verdict. LEARNED_AFTER_PULSE: the run that just ended was
 * the pulse, so its start was a leading edge passed unrecognised. */
static enum learned learn_polarity(vga_decoder_t *d, vga_sync_pin_t *p, int verdict,
                                   const char *pin)
{
    if (verdict < 0)
        return LEARNED_NOTHING;
    if (p->active_level < 0) {
        p->active_level = verdict;
        p->contrary = 0;
        return verdict != p->level ? LEARNED_AFTER_PULSE : LEARNED_NOW;
    }
    if (verdict == p->active_level) {
        p->contrary = 0;
        return LEARNED_NOTHING;
    }
    if (++p->contrary < POLARITY_VOTES)
        return LEARNED_NOTHING;
    p->active_level = verdict;
    p->contrary = 0;
    if (d->in_frame)
        problem(d, "frame %llu: %s polarity changed, pulses are now active %s",
                (unsigned long long)d->frame_number, pin, polarity_word(verdict));
    abandon_frame(d);
    return LEARNED_NOW;
}

/* The line that ends at t: its length against the mode. */
static void check_line(vga_decoder_t *d, uint64_t len)
{
    const vga_mode_t *m = d->expect;
    uint64_t total;
    char where[64];

    if (d->short_pending) {
        if (m != NULL && d->short_len + len == (uint64_t)vga_mode_h_total(m)) {
            d->short_pending = 0;
            problem(d, "%s: extra hsync pulse %llu clocks after the line's own (lines of %llu and "
                       "%llu clocks, expected %d for %s)",
                    d->short_where, (unsigned long long)d->short_len,
                    (unsigned long long)d->short_len, (unsigned long long)len,
                    vga_mode_h_total(m), m->name);
            return;
        }
        report_short_line(d);
    }
    if (m == NULL)
        return;
    total = (uint64_t)vga_mode_h_total(m);
    if (len == total)
        return;
    where_line_ends(d, where, sizeof where);
    if (len < total) {
        /* Said at the next edge, when it is clear whether a pulse was extra. */
        d->short_pending = 1;
        d->short_len = len;
        strcpy(d->short_where, where);
        d->frame_bad = 1;
    } else if (len >= total + total / 2) {
        problem(d, "%s: missing hsync pulse: line %llu clocks long, expected %llu for %s", where,
                (unsigned long long)len, (unsigned long long)total, m->name);
    } else {
        problem(d, "%s: %llu pixel clocks between hsync pulses, expected %llu for %s", where,
                (unsigned long long)len, (unsigned long long)total, m->name);
    }
}

static void hsync_leading(vga_decoder_t *d, uint64_t t)
{
    const vga_mode_t *m = d->expect;

    if (d->have_line) {
        uint64_t len = t - d->line_start;
        d->last_line_len = len;
        d->have_line_len = 1;
        if (d->in_frame) {
            d->min_line = len < d->min_line ? len : d->min_line;
            d->max_line = len > d->max_line ? len : d->max_line;
            check_line(d, len);
        }
    }
    d->have_line = 1;
    d->line_start = t;
    d->lines_since_vsync_change++;
    if (++d->lines_since_vsync_lead > d->vsync_lost_lines)
        vsync_lost(d);
    stop_capture(d);
    if (!d->in_frame)
        return;
    d->frame_lines++;
    if (m != NULL) {
        int64_t row = (int64_t)d->frame_lines - (m->v_sync + m->v_back);
        if (row >= 0 && row < m->v_active) {
            d->capture_at = t + (uint64_t)(m->h_sync + m->h_back);
            d->capture_width = (uint64_t)m->h_active;
            d->capture_row = d->pixels + (size_t)row * (size_t)m->h_active;
            d->rows_captured++;
        }
    }
}

static void hsync_trailing(vga_decoder_t *d, uint64_t t)
{
    const vga_mode_t *m = d->expect;
    uint64_t width;

    if (!d->have_line)
        return;
    width = t - d->line_start;
    d->last_pulse_width = width;
    d->have_pulse_width = 1;
    if (!d->in_frame)
        return;
    d->min_pulse = width < d->min_pulse ? width : d->min_pulse;
    d->max_pulse = width > d->max_pulse ? width : d->max_pulse;
    if (m != NULL && width != (uint64_t)m->h_sync)
        problem(d, "frame %llu, line %llu: hsync pulse %llu clocks wide, expected %d for %s",
                (unsigned long long)d->frame_number, (unsigned long long)d->frame_lines,
                (unsigned long long)width, m->h_sync, m->name);
}

static void hsync_changed(vga_decoder_t *d, int level, uint64_t t)
{
    vga_sync_pin_t *p = &d->hsync;
    uint64_t began = p->changed_at;
    int verdict = pin_transition(p, level, t);

    d->deadline = t + d->hsync_lost_clocks;
    d->hsync_lost = 0;
    switch (learn_polarity(d, p, verdict, "hsync")) {
    case LEARNED_AFTER_PULSE:
        d->hsync_known_at = began;
        hsync_leading(d, began);
        break;
    case LEARNED_NOW:
        d->hsync_known_at = t;
        break;
    case LEARNED_NOTHING:
        break;
    }
    if (p->active_level < 0)
        return;
    if (level == p->active_level)
        hsync_leading(d, t);
    else
        hsync_trailing(d, t);
}

static void vsync_leading(vga_decoder_t *d, uint64_t t, uint64_t lines)
{
    end_frame(d);
    begin_frame(d, t, lines);
}

static void vsync_trailing(vga_decoder_t *d)
{
    const vga_mode_t *m = d->expect;

    if (!d->in_frame)
        return;
    d->vsync_lines = (int64_t)d->frame_lines;
    if (m != NULL && d->vsync_lines != m->v_sync)
        problem(d, "frame %llu: vsync pulse %lld lines wide, expected %d for %s",
                (unsigned long long)d->frame_number, (long long)d->vsync_lines, m->v_sync,
                m->name);
}

static void vsync_changed(vga_decoder_t *d, int level, uint64_t t)
{
    vga_sync_pin_t *p = &d->vsync;
    uint64_t began = p->changed_at, lines_before = d->lines_since_vsync_change;
    int verdict = pin_transition(p, level, t);

    d->lines_since_vsync_change = 0;
    d->lines_since_vsync_lead = 0;
    d->vsync_lost = 0;
    if (learn_polarity(d, p, verdict, "vsync") == LEARNED_AFTER_PULSE)
        vsync_leading(d, began, lines_before);
    if (p->active_level < 0)
        return;
    if (level == p->active_level)
        vsync_leading(d, t, 0);
    else
        vsync_trailing(d);
}

/* Everything that is not "store a pixel": sync edges and the loss deadline.
 * Vsync first, so an hsync edge on the same clock counts in the new frame. */
static void handle_event(vga_decoder_t *d, unsigned s, uint64_t t)
{
    int hs = (int)(s >> VGA_HSYNC_BIT) & 1, vs = (int)(s >> VGA_VSYNC_BIT) & 1;

    if (!d->started) {
        d->started = 1;
        d->hsync.level = hs;
        d->hsync.changed_at = t;
        d->vsync.level = vs;
        d->vsync.changed_at = t;
        d->deadline = t + d->hsync_lost_clocks;
    }
    if (vs != d->vsync.level)
        vsync_changed(d, vs, t);
    if (hs != d->hsync.level)
        hsync_changed(d, hs, t);
    d->sync_bits = s & VGA_SYNC_MASK;
    if (t >= d->deadline)
        hsync_lost(d, t);
}

/* ---- The public functions ---------------------------------------------- */

int vga_decoder_init(vga_decoder_t *d, vga_frame_fn on_frame, vga_error_fn on_error, void *ctx,
                     char *err, size_t errlen)
{
    size_t most = 0;
    uint64_t longest_line = 0, longest_frame = 0;
    unsigned v;
    int i;

    if (d == NULL) {
        if (err != NULL && errlen > 0)
            snprintf(err, errlen, "vga decoder: no decoder given");
        return -1;
    }
    memset(d, 0, sizeof *d);
    for (i = 0; i < VGA_MODE_COUNT; i++) {
        const vga_mode_t *m = &VGA_MODES[i];
        size_t area = (size_t)m->h_active * (size_t)m->v_active;
        most = area > most ? area : most;
        if ((uint64_t)vga_mode_h_total(m) > longest_line)
            longest_line = (uint64_t)vga_mode_h_total(m);
        if ((uint64_t)vga_mode_v_total(m) > longest_frame)
            longest_frame = (uint64_t)vga_mode_v_total(m);
    }
    d->pixels = malloc(most * sizeof *d->pixels);
    if (d->pixels == NULL) {
        if (err != NULL && errlen > 0)
            snprintf(err, errlen, "vga decoder: out of memory for a picture of %zu pixels", most);
        return -1;
    }
    for (v = 0; v < 4096; v++)
        d->expand[v] = ((v >> 8) & 15u) * 17u << 16 | ((v >> 4) & 15u) * 17u << 8 |
                       (v & 15u) * 17u;
    d->on_frame = on_frame;
    d->on_error = on_error;
    d->ctx = ctx;
    d->sync_bits = ~0u; /* no sample matches: the first one is an event */
    d->deadline = UINT64_MAX;
    d->capture_row = d->pixels;
    d->hsync.active_level = d->vsync.active_level = -1;
    /* Generous for every table mode: 4 of its longest lines, 2 of its longest frames. */
    d->hsync_lost_clocks = 4 * longest_line;
    d->vsync_lost_lines = 2 * longest_frame;
    d->vsync_lines = -1;
    return 0;
}

void vga_decoder_feed(vga_decoder_t *d, const uint16_t *samples, size_t n)
{
    const uint32_t *expand = d->expand;
    uint64_t now = d->now, deadline = d->deadline;
    uint64_t capture_at = d->capture_at, capture_width = d->capture_width;
    uint32_t *row = d->capture_row;
    unsigned sync = d->sync_bits;
    size_t i;

    /* Locals, so that pixel stores cannot make the compiler reload d. */
    for (i = 0; i < n; i++, now++) {
        unsigned s = samples[i];
        uint64_t offset;

        if ((s & VGA_SYNC_MASK) != sync || now == deadline) {
            handle_event(d, s, now);
            sync = d->sync_bits;
            deadline = d->deadline;
            capture_at = d->capture_at;
            capture_width = d->capture_width;
            row = d->capture_row;
        }
        offset = now - capture_at; /* wraps to huge before the row starts */
        if (offset < capture_width)
            row[offset] = expand[s & 0xfffu];
    }
    d->now = now;
}

void vga_decoder_free(vga_decoder_t *d)
{
    if (d == NULL)
        return;
    free(d->pixels);
    d->pixels = NULL;
    d->capture_row = NULL;
    d->capture_width = 0;
}

const vga_mode_t *vga_decoder_mode(const vga_decoder_t *d)
{
    return d->locked;
}

uint64_t vga_decoder_frames(const vga_decoder_t *d)
{
    return d->frames_decoded;
}

uint64_t vga_decoder_errors(const vga_decoder_t *d)
{
    return d->problems;
}
