/* The VGA decoder against a signal generator written here: every table mode
 * decodes pixel for pixel, chunking and vsync convention do not matter, and
 * each kind of bad timing is named and costs exactly the broken frame. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include "../sim/vga_decoder.h"

/* ---- The generator ------------------------------------------------------ */

typedef enum {
    DEFECT_NONE,
    DEFECT_LONG_LINE,     /* one clock more in the back porch */
    DEFECT_SHORT_LINE,    /* one clock less */
    DEFECT_EXTRA_HSYNC,   /* a second pulse at x = 300 */
    DEFECT_MISSING_HSYNC, /* no pulse */
    DEFECT_NARROW_HSYNC,  /* pulse one clock short, line length unchanged */
    DEFECT_EXTRA_LINE,    /* the frame's front porch one line longer */
    DEFECT_MISSING_LINE,  /* one line shorter */
    DEFECT_MISSING_VSYNC  /* the frame has no vsync pulse */
} defect_t;

typedef struct {
    const vga_mode_t *mode;
    int frames;
    int vsync_on_hsync; /* vsync moves with the hsync leading edge, not at x = 0 */
    defect_t defect;
    int defect_frame;
    int defect_row, defect_rows; /* rows defect_row .. + defect_rows - 1 */
} signal_spec_t;

typedef struct {
    uint16_t *s;
    size_t n, cap;
} signal_t;

/* Different in every frame (mod 16), so a picture tells which frame it is. */
static unsigned pattern(int x, int y, int frame)
{
    unsigned r = (unsigned)(x + frame) & 15u;
    unsigned g = (unsigned)(y + 2 * frame) & 15u;
    unsigned b = (unsigned)((x >> 4) + (y >> 4) + frame) & 15u;
    return r << 8 | g << 4 | b;
}

static void push(signal_t *sig, uint16_t sample)
{
    if (sig->n == sig->cap) {
        sig->cap = sig->cap ? 2 * sig->cap : 1 << 20;
        sig->s = realloc(sig->s, sig->cap * sizeof *sig->s);
        assert_non_null(sig->s);
    }
    sig->s[sig->n++] = sample;
}

/* x = 0 is the first active pixel, y = 0 the first active line; hsync starts
 * at x = h_active + h_front, vsync at line v_active + v_front. */
static void generate(const signal_spec_t *sp, signal_t *sig)
{
    const vga_mode_t *m = sp->mode;
    int hs_start = m->h_active + m->h_front, f, y, x;

    for (f = 0; f < sp->frames; f++) {
        int bad_frame = f == sp->defect_frame;
        int v_front = m->v_front + (bad_frame && sp->defect == DEFECT_EXTRA_LINE) -
                      (bad_frame && sp->defect == DEFECT_MISSING_LINE);
        int vs_start = m->v_active + v_front, vs_end = vs_start + m->v_sync;
        int rows = vs_end + m->v_back;

        for (y = 0; y < rows; y++) {
            int here = bad_frame && y >= sp->defect_row && y < sp->defect_row + sp->defect_rows;
            defect_t d = here ? sp->defect : DEFECT_NONE;
            int len = vga_mode_h_total(m) + (d == DEFECT_LONG_LINE) - (d == DEFECT_SHORT_LINE);
            int hs_width = m->h_sync - (d == DEFECT_NARROW_HSYNC);

            for (x = 0; x < len; x++) {
                int hs = x >= hs_start && x < hs_start + hs_width && d != DEFECT_MISSING_HSYNC;
                int vs;
                unsigned rgb = x < m->h_active && y < m->v_active ? pattern(x, y, f) : 0;

                if (d == DEFECT_EXTRA_HSYNC && x >= 300 && x < 300 + m->h_sync)
                    hs = 1;
                if (sp->vsync_on_hsync)
                    vs = (y > vs_start || (y == vs_start && x >= hs_start)) &&
                         (y < vs_end || (y == vs_end && x < hs_start));
                else
                    vs = y >= vs_start && y < vs_end;
                if (bad_frame && sp->defect == DEFECT_MISSING_VSYNC)
                    vs = 0;
                push(sig, VGA_SAMPLE(hs == m->hsync_active_high, vs == m->vsync_active_high,
                                     rgb >> 8, rgb >> 4, rgb));
            }
        }
    }
}

static signal_t make_signal(const signal_spec_t *sp)
{
    signal_t sig = {NULL, 0, 0};

    generate(sp, &sig);
    return sig;
}

static signal_spec_t clean(const vga_mode_t *m, int frames)
{
    signal_spec_t sp = {m, frames, 0, DEFECT_NONE, -1, 0, 0};
    return sp;
}

/* ---- What the decoder says ---------------------------------------------- */

#define MAX_KEPT 64

typedef struct {
    int frames_in_signal;
    int pictures;
    uint64_t frame[MAX_KEPT];   /* the pictures' frame numbers */
    int source[MAX_KEPT];       /* the generator frame each one shows, -1 none */
    uint64_t checksum[MAX_KEPT];
    const vga_mode_t *mode;
    int messages;
    char message[MAX_KEPT][400];
} seen_t;

static int picture_is_frame(const vga_picture_t *p, int f)
{
    int x, y;

    for (y = 0; y < p->height; y++)
        for (x = 0; x < p->width; x++) {
            unsigned v = pattern(x, y, f);
            uint32_t want = ((v >> 8) & 15u) * 0x110000u + ((v >> 4) & 15u) * 0x1100u +
                            (v & 15u) * 0x11u;
            if (p->rgb[(size_t)y * (size_t)p->width + (size_t)x] != want)
                return 0;
        }
    return 1;
}

static void on_frame(void *ctx, const vga_picture_t *p)
{
    seen_t *seen = ctx;
    uint64_t sum = 1469598103934665603u;
    size_t i;
    int f, k = seen->pictures++;

    assert_true(k < MAX_KEPT);
    assert_int_equal(p->width, p->mode->h_active);
    assert_int_equal(p->height, p->mode->v_active);
    seen->frame[k] = p->frame;
    seen->mode = p->mode;
    seen->source[k] = -1;
    for (f = 0; f < seen->frames_in_signal && seen->source[k] < 0; f++)
        if (picture_is_frame(p, f))
            seen->source[k] = f;
    for (i = 0; i < (size_t)p->width * (size_t)p->height; i++)
        sum = (sum ^ p->rgb[i]) * 1099511628211u;
    seen->checksum[k] = sum;
}

static void on_error(void *ctx, const char *message)
{
    seen_t *seen = ctx;

    assert_null(strchr(message, '\n'));
    if (seen->messages < MAX_KEPT)
        snprintf(seen->message[seen->messages], sizeof seen->message[0], "%s", message);
    seen->messages++;
}

/* Feeds the whole signal in pieces of chunk samples (0: all at once). */
static void feed(vga_decoder_t *d, const signal_t *sig, size_t chunk)
{
    size_t at = 0;

    if (chunk == 0)
        chunk = sig->n;
    while (at < sig->n) {
        size_t n = sig->n - at < chunk ? sig->n - at : chunk;
        vga_decoder_feed(d, sig->s + at, n);
        at += n;
    }
}

static void start(vga_decoder_t *d, seen_t *seen, int frames_in_signal)
{
    char err[128];

    memset(seen, 0, sizeof *seen);
    seen->frames_in_signal = frames_in_signal;
    assert_int_equal(vga_decoder_init(d, on_frame, on_error, seen, err, sizeof err), 0);
}

static void decode(const signal_spec_t *sp, size_t chunk, seen_t *seen)
{
    vga_decoder_t d;
    signal_t sig = make_signal(sp);

    start(&d, seen, sp->frames);
    feed(&d, &sig, chunk);
    assert_int_equal(vga_decoder_frames(&d), (uint64_t)seen->pictures);
    vga_decoder_free(&d);
    free(sig.s);
}

static int said(const seen_t *seen, const char *words)
{
    int i;

    for (i = 0; i < seen->messages && i < MAX_KEPT; i++)
        if (strstr(seen->message[i], words) != NULL)
            return 1;
    return 0;
}

static int delivered(const seen_t *seen, uint64_t frame)
{
    int i;

    for (i = 0; i < seen->pictures; i++)
        if (seen->frame[i] == frame)
            return 1;
    return 0;
}

static void print_messages(const seen_t *seen)
{
    int i;

    for (i = 0; i < seen->messages && i < MAX_KEPT; i++)
        print_message("  decoder: %s\n", seen->message[i]);
}

/* ---- Good signals ------------------------------------------------------- */

/* Frame k begins at the vsync pulse in generator frame k, so it shows the
 * active lines of generator frame k + 1. */
static void expect_clean_decode(const seen_t *seen, const vga_mode_t *m, int frames)
{
    int i;

    if (seen->messages > 0)
        print_messages(seen);
    assert_int_equal(seen->messages, 0);
    assert_int_equal(seen->pictures, frames - 1);
    assert_ptr_equal(seen->mode, m);
    for (i = 0; i < seen->pictures; i++) {
        assert_int_equal(seen->frame[i], (uint64_t)i);
        assert_int_equal(seen->source[i], i + 1);
    }
}

static void every_mode_locks_and_decodes_every_pixel(void **state)
{
    int i;

    (void)state;
    for (i = 0; i < VGA_MODE_COUNT; i++) {
        const vga_mode_t *m = &VGA_MODES[i];
        signal_spec_t sp = clean(m, 4);
        signal_t sig = make_signal(&sp);
        vga_decoder_t d;
        seen_t seen;

        start(&d, &seen, sp.frames);
        assert_null(vga_decoder_mode(&d));
        feed(&d, &sig, 0);
        expect_clean_decode(&seen, m, sp.frames);
        assert_ptr_equal(vga_decoder_mode(&d), m);
        assert_string_equal(vga_decoder_mode(&d)->name, m->name);
        assert_int_equal(vga_decoder_errors(&d), 0);
        vga_decoder_free(&d);
        free(sig.s);
    }
}

static void mode_table_has_the_standard_timings(void **state)
{
    const vga_mode_t *vga = vga_mode_by_name("640x480@60");
    const vga_mode_t *svga = vga_mode_by_name("800x600@60");
    const vga_mode_t *hd = vga_mode_by_name("1280x720@60");

    (void)state;
    assert_true(VGA_MODE_COUNT >= 3); /* scripts/video_modes.py may add more */
    assert_non_null(vga);
    assert_non_null(svga);
    assert_non_null(hd);
    assert_null(vga_mode_by_name("1024x768@60"));
    assert_int_equal(vga_mode_h_total(vga), 800);
    assert_int_equal(vga_mode_v_total(vga), 525);
    assert_false(vga->hsync_active_high || vga->vsync_active_high);
    assert_int_equal(vga_mode_h_total(svga), 1056);
    assert_int_equal(vga_mode_v_total(svga), 628);
    assert_true(svga->hsync_active_high && svga->vsync_active_high);
    assert_int_equal(vga_mode_h_total(hd), 1650);
    assert_int_equal(vga_mode_v_total(hd), 750);
    assert_true(hd->hsync_active_high && hd->vsync_active_high);
}

static void chunk_size_does_not_matter(void **state)
{
    static const size_t chunks[] = {1, 7, 1000, 0};
    const vga_mode_t *m = vga_mode_by_name("640x480@60");
    signal_spec_t sp = clean(m, 4);
    signal_t sig = make_signal(&sp);
    seen_t first, seen;
    size_t c;

    (void)state;
    for (c = 0; c < sizeof chunks / sizeof chunks[0]; c++) {
        vga_decoder_t d;

        start(&d, &seen, sp.frames);
        feed(&d, &sig, chunks[c]);
        expect_clean_decode(&seen, m, sp.frames);
        if (c == 0)
            first = seen;
        assert_memory_equal(seen.checksum, first.checksum, sizeof seen.checksum);
        vga_decoder_free(&d);
    }
    free(sig.s);
}

static void both_vsync_conventions_give_the_same_picture(void **state)
{
    int i;

    (void)state;
    for (i = 0; i < VGA_MODE_COUNT; i++) {
        signal_spec_t sp = clean(&VGA_MODES[i], 4);
        seen_t at_x0, on_hsync;

        decode(&sp, 0, &at_x0);
        sp.vsync_on_hsync = 1;
        decode(&sp, 4096, &on_hsync);
        expect_clean_decode(&at_x0, &VGA_MODES[i], sp.frames);
        expect_clean_decode(&on_hsync, &VGA_MODES[i], sp.frames);
        assert_memory_equal(at_x0.frame, on_hsync.frame, sizeof at_x0.frame);
        assert_memory_equal(at_x0.checksum, on_hsync.checksum, sizeof at_x0.checksum);
    }
}

/* ---- Bad timing ---------------------------------------------------------- */

/* A defect in generator frame 2 (6 frames in all) lands in decoder frame 1,
 * which must be lost with the given words said; frames 0, 2, 3, 4 come out. */
static void expect_one_lost_frame(defect_t defect, int row, int rows, const char *words)
{
    const vga_mode_t *m = vga_mode_by_name("640x480@60");
    signal_spec_t sp = {m, 6, 0, defect, 2, row, rows};
    seen_t seen;
    int i;

    decode(&sp, 1000, &seen);
    if (!said(&seen, words)) {
        print_message("expected the decoder to say \"%s\"; it said:\n", words);
        print_messages(&seen);
    }
    assert_true(said(&seen, words));
    assert_false(delivered(&seen, 1));
    assert_true(delivered(&seen, 0));
    assert_true(delivered(&seen, 2));
    assert_true(delivered(&seen, 3));
    assert_true(delivered(&seen, 4));
    assert_int_equal(seen.pictures, 4);
    for (i = 0; i < seen.pictures; i++)
        assert_int_equal(seen.source[i], (int)seen.frame[i] + 1);
}

static void line_too_long_is_named(void **state)
{
    (void)state;
    expect_one_lost_frame(DEFECT_LONG_LINE, 100, 1,
                          "801 pixel clocks between hsync pulses, expected 800 for 640x480@60");
}

static void line_too_short_is_named(void **state)
{
    (void)state;
    expect_one_lost_frame(DEFECT_SHORT_LINE, 100, 1,
                          "799 pixel clocks between hsync pulses, expected 800 for 640x480@60");
}

static void extra_hsync_pulse_is_named(void **state)
{
    (void)state;
    expect_one_lost_frame(DEFECT_EXTRA_HSYNC, 100, 1, "extra hsync pulse");
    expect_one_lost_frame(DEFECT_EXTRA_HSYNC, 100, 1, "has 526 lines, expected 525");
}

static void missing_hsync_pulse_is_named(void **state)
{
    (void)state;
    expect_one_lost_frame(DEFECT_MISSING_HSYNC, 100, 1,
                          "missing hsync pulse: line 1600 clocks long, expected 800");
}

static void wrong_hsync_width_is_named(void **state)
{
    (void)state;
    expect_one_lost_frame(DEFECT_NARROW_HSYNC, 100, 1,
                          "hsync pulse 95 clocks wide, expected 96 for 640x480@60");
}

static void frame_with_a_line_too_many_or_too_few_is_named(void **state)
{
    (void)state;
    /* The front porch of generator frame 2 ends decoder frame 1. */
    expect_one_lost_frame(DEFECT_EXTRA_LINE, 0, 0, "frame 1 has 526 lines, expected 525");
    expect_one_lost_frame(DEFECT_MISSING_LINE, 0, 0, "frame 1 has 524 lines, expected 525");
}

static void missing_vsync_pulse_is_named(void **state)
{
    const vga_mode_t *m = vga_mode_by_name("640x480@60");
    signal_spec_t sp = {m, 6, 0, DEFECT_MISSING_VSYNC, 2, 0, 0};
    seen_t seen;
    int i;

    (void)state;
    decode(&sp, 7, &seen);
    assert_true(said(&seen, "missing vsync pulse: frame 1 has 1050 lines, expected 525"));
    /* Frame 1 runs over two generator frames; frames 2 and 3 follow. */
    assert_false(delivered(&seen, 1));
    assert_true(delivered(&seen, 0) && delivered(&seen, 2) && delivered(&seen, 3));
    assert_int_equal(seen.pictures, 3);
    for (i = 0; i < seen.pictures; i++)
        assert_true(seen.source[i] >= 0);
}

static void unknown_mode_is_described_once(void **state)
{
    /* 1000 clocks a line, 600 lines: no table mode. */
    static const vga_mode_t odd = {"odd", 36.0, 800, 100, 50, 50, 560, 10, 3, 27, 0, 0};
    signal_spec_t sp = clean(&odd, 5);
    seen_t seen;

    (void)state;
    decode(&sp, 1000, &seen);
    assert_int_equal(seen.pictures, 0);
    assert_int_equal(seen.messages, 1);
    assert_true(said(&seen, "unknown timing: 1000 clocks per line, 600 lines per frame, hsync 50 "
                            "clocks active low, vsync 3 lines active low"));
}

static void wrong_polarity_is_unknown_and_says_which_mode_it_resembles(void **state)
{
    vga_mode_t flipped = *vga_mode_by_name("640x480@60");
    signal_spec_t sp;
    seen_t seen;

    (void)state;
    flipped.hsync_active_high = flipped.vsync_active_high = 1;
    sp = clean(&flipped, 4);
    decode(&sp, 0, &seen);
    assert_int_equal(seen.pictures, 0);
    assert_true(said(&seen, "hsync 96 clocks active high"));
    assert_true(said(&seen, "640x480@60 has these numbers with other sync polarities"));
}

static void no_signal_is_reported_once(void **state)
{
    static uint16_t flat[100000];
    vga_decoder_t d;
    seen_t seen;
    size_t i;

    (void)state;
    for (i = 0; i < sizeof flat / sizeof flat[0]; i++)
        flat[i] = VGA_SAMPLE(1, 1, 0, 0, 0);
    start(&d, &seen, 0);
    for (i = 0; i < 30; i++)
        vga_decoder_feed(&d, flat, sizeof flat / sizeof flat[0]);
    assert_int_equal(seen.messages, 1);
    assert_true(said(&seen, "no signal: hsync and vsync have not changed for 6600 pixel clocks "
                            "(signal lost)"));
    assert_int_equal(seen.pictures, 0);
    assert_null(vga_decoder_mode(&d));
    vga_decoder_free(&d);
}

static void lost_vsync_is_reported(void **state)
{
    const vga_mode_t *m = vga_mode_by_name("640x480@60");
    signal_spec_t sp = clean(m, 8);
    signal_t sig;
    vga_decoder_t d;
    seen_t seen;
    size_t i;

    (void)state;
    sig = make_signal(&sp);
    for (i = 0; i < sig.n; i++)
        sig.s[i] |= 1u << VGA_VSYNC_BIT; /* vsync held inactive (active low) */
    start(&d, &seen, sp.frames);
    feed(&d, &sig, 0);
    assert_int_equal(seen.pictures, 0);
    assert_int_equal(seen.messages, 1);
    assert_true(said(&seen, "no vsync pulse within 1500 lines (signal lost)"));
    vga_decoder_free(&d);
    free(sig.s);
}

/* ---- Recovery and rate limits ------------------------------------------- */

static void pictures_return_when_timing_is_good_again(void **state)
{
    static const vga_mode_t odd = {"odd", 36.0, 800, 100, 50, 50, 560, 10, 3, 27, 0, 0};
    static uint16_t flat[20000];
    const vga_mode_t *m = vga_mode_by_name("800x600@60");
    signal_spec_t bad = clean(&odd, 3), good = clean(m, 4);
    signal_t bad_sig = make_signal(&bad), good_sig = make_signal(&good);
    vga_decoder_t d;
    seen_t seen;
    size_t i;

    (void)state;
    for (i = 0; i < sizeof flat / sizeof flat[0]; i++)
        flat[i] = VGA_SAMPLE(0, 0, 0, 0, 0);
    start(&d, &seen, good.frames);
    feed(&d, &bad_sig, 0);
    assert_int_equal(seen.pictures, 0);
    feed(&d, &good_sig, 999);
    assert_ptr_equal(vga_decoder_mode(&d), m);
    assert_true(seen.pictures >= 2);
    assert_int_equal(seen.source[seen.pictures - 1], good.frames - 1);

    /* Then the signal goes, and comes back. */
    vga_decoder_feed(&d, flat, sizeof flat / sizeof flat[0]);
    assert_true(said(&seen, "(signal lost)"));
    assert_null(vga_decoder_mode(&d));
    seen.pictures = 0;
    feed(&d, &good_sig, 1);
    assert_true(seen.pictures >= 2);
    assert_ptr_equal(vga_decoder_mode(&d), m);
    vga_decoder_free(&d);
    free(bad_sig.s);
    free(good_sig.s);
}

static void a_broken_frame_says_a_few_things_then_a_count(void **state)
{
    const vga_mode_t *m = vga_mode_by_name("640x480@60");
    signal_spec_t sp = {m, 6, 0, DEFECT_NARROW_HSYNC, 2, 100, 50};
    seen_t seen;

    (void)state;
    decode(&sp, 0, &seen);
    assert_true(said(&seen, "frame 1, line 136: hsync pulse 95 clocks wide"));
    assert_true(said(&seen, "frame 1: 47 more problems not shown"));
    assert_int_equal(seen.messages, 4);
    assert_int_equal(seen.pictures, 4);
}

static void a_signal_that_stays_broken_cannot_flood(void **state)
{
    const vga_mode_t *m = vga_mode_by_name("640x480@60");
    signal_spec_t sp = {m, 1, 0, DEFECT_LONG_LINE, 0, 100, 1};
    signal_t sig = make_signal(&sp);
    vga_decoder_t d;
    seen_t seen;
    int i;

    (void)state;
    start(&d, &seen, 1);
    for (i = 0; i < 200; i++)
        feed(&d, &sig, 0);
    assert_int_equal(seen.pictures, 0);
    assert_true(vga_decoder_errors(&d) >= 190);
    assert_true(said(&seen, "frames keep failing"));
    assert_true(said(&seen, "no picture, 60 timing problems (the latest: frame"));
    assert_true(seen.messages <= 10);
    vga_decoder_free(&d);
    free(sig.s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(mode_table_has_the_standard_timings),
        cmocka_unit_test(every_mode_locks_and_decodes_every_pixel),
        cmocka_unit_test(chunk_size_does_not_matter),
        cmocka_unit_test(both_vsync_conventions_give_the_same_picture),
        cmocka_unit_test(line_too_long_is_named),
        cmocka_unit_test(line_too_short_is_named),
        cmocka_unit_test(extra_hsync_pulse_is_named),
        cmocka_unit_test(missing_hsync_pulse_is_named),
        cmocka_unit_test(wrong_hsync_width_is_named),
        cmocka_unit_test(frame_with_a_line_too_many_or_too_few_is_named),
        cmocka_unit_test(missing_vsync_pulse_is_named),
        cmocka_unit_test(unknown_mode_is_described_once),
        cmocka_unit_test(wrong_polarity_is_unknown_and_says_which_mode_it_resembles),
        cmocka_unit_test(no_signal_is_reported_once),
        cmocka_unit_test(lost_vsync_is_reported),
        cmocka_unit_test(pictures_return_when_timing_is_good_again),
        cmocka_unit_test(a_broken_frame_says_a_few_things_then_a_count),
        cmocka_unit_test(a_signal_that_stays_broken_cannot_flood),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
