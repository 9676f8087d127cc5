/* The VGA decoder: rebuilds pictures from the pins a VGA cable carries (hsync,
 * vsync, 4-bit red, green, blue), one sample per pixel clock, from sync timing
 * alone, as a monitor would, and says in words what is wrong with bad timing.
 *
 * Measurement. The sync pulse is whichever level is the short one, so the
 * polarity is learned, not assumed. A line is the time between hsync leading
 * (active-going) edges; a frame is the hsync leading edges between vsync
 * leading edges; the vsync width is counted in those edges. The decoder locks
 * onto the mode of VGA_MODES that a whole frame matches exactly, and delivers
 * a picture for every complete frame with no timing error.
 *
 * Where the picture is (the RTL follows this). Active pixel column c of a line
 * is the sample (h_sync + h_back + c) clocks after that line's hsync leading
 * edge. Number the hsync leading edges after a vsync leading edge from 1, the
 * first one at or after the vsync edge (an hsync edge on the same clock as the
 * vsync edge is number 1). Active row k is the line that starts at hsync edge
 * number (v_sync + v_back + k). A generator whose counters have x = 0 at the
 * first active pixel and move vsync at x = 0 (hsync starting at x = h_active +
 * h_front) fits this, and so does one that moves vsync on the hsync leading
 * edge that starts line v_active + v_front.
 *
 * Frame numbers count the vsync leading edges seen since init: the frame that
 * begins at the first one is frame 0. A frame's picture holds the active rows
 * that follow its vsync pulse.
 */
#ifndef VGA_DECODER_H
#define VGA_DECODER_H

#include <stddef.h>
#include <stdint.h>

/* One pixel clock of pin levels (not "active"): bit 13 hsync, bit 12 vsync,
 * bits 11:8 red, 7:4 green, 3:0 blue. */
#define VGA_HSYNC_BIT 13
#define VGA_VSYNC_BIT 12
#define VGA_SYNC_MASK ((1u << VGA_HSYNC_BIT) | (1u << VGA_VSYNC_BIT))
#define VGA_SAMPLE(hs, vs, r, g, b)                                                              \
    ((uint16_t)((((unsigned)(hs) & 1u) << VGA_HSYNC_BIT) |                                       \
                (((unsigned)(vs) & 1u) << VGA_VSYNC_BIT) | (((unsigned)(r) & 15u) << 8) |        \
                (((unsigned)(g) & 15u) << 4) | ((unsigned)(b) & 15u)))

typedef struct {
    const char *name;
    double pixel_mhz;
    int h_active, h_front, h_sync, h_back; /* pixel clocks */
    int v_active, v_front, v_sync, v_back; /* lines */
    int hsync_active_high, vsync_active_high;
} vga_mode_t;

extern const vga_mode_t VGA_MODES[];
extern const int VGA_MODE_COUNT;

int vga_mode_h_total(const vga_mode_t *m);
int vga_mode_v_total(const vga_mode_t *m);
/* Pixel clocks a frame: h_total x v_total. */
uint32_t vga_mode_frame_clocks(const vga_mode_t *m);
/* The table mode of that name, or NULL. */
const vga_mode_t *vga_mode_by_name(const char *name);

/* A decoded frame. rgb holds width * height pixels 0x00RRGGBB (each 4-bit
 * channel times 17), row by row; it is valid only during the callback. */
typedef struct {
    const uint32_t *rgb;
    int width, height;
    const vga_mode_t *mode;
    uint64_t frame; /* see "Frame numbers" above */
} vga_picture_t;

typedef void (*vga_frame_fn)(void *ctx, const vga_picture_t *picture);
/* One sentence, no newline, naming frame and line and measured vs expected. */
typedef void (*vga_error_fn)(void *ctx, const char *message);

/* One sync pin: its level, and the runs that tell which level is the pulse. */
typedef struct {
    int level;
    int active_level;    /* the pulse's level, -1 until known */
    int contrary;        /* transitions in a row suggesting the other polarity */
    uint64_t changed_at; /* clock of the last transition */
    int run_whole;       /* the current run began at a transition we saw */
    uint64_t prev_run;   /* length of the run before the current one */
    int prev_whole;
} vga_sync_pin_t;

/* Members are private: use the functions below. Held by value so a caller
 * can keep one anywhere; it owns one picture buffer from init to free. */
typedef struct {
    vga_frame_fn on_frame;
    vga_error_fn on_error;
    void *ctx;

    /* What the per-sample loop needs. */
    uint64_t now;           /* samples fed so far */
    unsigned sync_bits;     /* last hsync/vsync bits; impossible before the first */
    uint64_t deadline;      /* clock at which hsync counts as lost */
    uint64_t capture_at;    /* clock of the current row's first active pixel */
    uint64_t capture_width; /* 0 when this line holds no active row */
    uint32_t *capture_row;
    uint32_t expand[4096]; /* 12-bit pins to 0x00RRGGBB */
    uint32_t *pixels;      /* the largest mode's picture */

    int started;
    vga_sync_pin_t hsync, vsync;
    uint64_t hsync_lost_clocks, vsync_lost_lines;
    uint64_t hsync_known_at; /* clock from which hsync leading edges are known */
    int hsync_lost, vsync_lost;

    /* The current line. */
    int have_line;
    uint64_t line_start; /* clock of the last hsync leading edge */
    uint64_t last_line_len, last_pulse_width;
    int have_line_len, have_pulse_width;
    uint64_t lines_since_vsync_change, lines_since_vsync_lead;
    int short_pending; /* a short line waits: is it half of an extra pulse? */
    uint64_t short_len;
    char short_where[64];

    /* The current frame. */
    int in_frame;
    uint64_t vsync_edges, frame_number, frame_lines, prev_frame_lines;
    int64_t vsync_lines; /* -1 until the trailing edge */
    const vga_mode_t *expect;
    uint64_t rows_captured;
    uint64_t min_line, max_line, min_pulse, max_pulse;
    int frame_bad, frame_messages;
    unsigned long frame_suppressed;

    /* Lock and reporting. */
    const vga_mode_t *locked;
    uint64_t frames_decoded, problems;
    int bad_streak, quiet;
    uint64_t quiet_frames, quiet_first_frame;
    unsigned long quiet_problems;
    char message[320];
    char last_unknown[320];
} vga_decoder_t;

/* Ready to decode; either callback may be NULL. -1 with a message in err when
 * the picture buffer cannot be had. */
int vga_decoder_init(vga_decoder_t *d, vga_frame_fn on_frame, vga_error_fn on_error, void *ctx,
                     char *err, size_t errlen);
/* Any number of samples, continuing where the last call stopped. Callbacks
 * run from inside this call. */
void vga_decoder_feed(vga_decoder_t *d, const uint16_t *samples, size_t n);
void vga_decoder_free(vga_decoder_t *d);

/* The mode locked onto, or NULL while there is none. */
const vga_mode_t *vga_decoder_mode(const vga_decoder_t *d);
/* Pictures delivered so far. */
uint64_t vga_decoder_frames(const vga_decoder_t *d);
/* Problems found so far, including those not reported because of rate limits. */
uint64_t vga_decoder_errors(const vga_decoder_t *d);

#endif
