/* The app: the flock loop every platform runs, and its keys. One turn waits
 * for the frame, takes the platform's input (keys, the mouse, parameters),
 * steps the flock unless paused, draws it, and counts the clock cycles of
 * each phase. The SoC's firmware runs it on its CPU (firmware/soc/soc_main.c)
 * and build/sim natively against the Verilated system (sim/sim_main.c); the
 * monitors only carry input in and pictures out. Memory is the caller's,
 * lines go out through a console (console.h), time comes from the platform's
 * clock: no malloc, no stdio, as the rest of the firmware. */
#ifndef APP_H
#define APP_H

#include <stdint.h>
#include "console.h"
#include "display.h"
#include "overlay.h"
#include "flock.h"
#include "neighbors_accel.h"
#include "neighbors_brute.h"
#include "neighbors_grid_small.h"

#define APP_STATUS_EVERY 600u /* turns between status lines: 10 s at every frame */

enum app_engine { APP_ENGINE_ACCEL = 0, APP_ENGINE_BRUTE = 1, APP_ENGINE_GRID = 2 };

enum app_status {
    APP_OK = 0,
    APP_QUIT = 1,        /* the input asked to stop: the turn neither stepped nor drew */
    APP_E_ACCEL = -1,    /* the accelerator does not answer */
    APP_E_DISPLAY = -2,  /* the display does not answer */
    APP_E_MEMORY = -3,   /* no memory for the neighbor sums or the grid */
    APP_E_CAPACITY = -4, /* the starting flock is larger than the arrays, the accelerator or the sprites hold */
    APP_E_FRAME = -5,    /* the display gives no frames */
    APP_E_STEP = -6,     /* the neighbor engine failed (its code in app_t.engine_error) */
    APP_E_DRAW = -7,     /* the display refused the flock */
    APP_E_INPUT = -8,    /* the platform's input failed */
    APP_E_BUILD = -9     /* the firmware was built without the engine or rule set asked for */
};

/* The platform's clock: cycles since any start, and instructions retired
 * (NULL where there is no such counter); hz converts cycles to seconds. */
typedef struct {
    uint64_t (*cycles)(void *ctx);
    uint64_t (*instret)(void *ctx);
    uint32_t hz;
    void *ctx;
} app_clock_t;

/* The mouse over the picture, as a monitor sees it. Fixed-width fields: the
 * SoC's mailbox carries it. */
typedef struct {
    int32_t x, y;                   /* px on the picture */
    uint32_t picture_w, picture_h;  /* the picture's size (the video mode's) */
    uint32_t inside;                /* 0: the mouse is elsewhere */
} app_mouse_t;

typedef struct app app_t;

typedef struct {
    int engine;                /* enum app_engine */
    flock_params_t params;
    flock_t start;             /* the starting flock, which r goes back to; it is read, never written.
                                * With its arrays NULL (no room for a copy), the flock is
                                * loaded into boid..predator below, and r scatters start.n
                                * boids anew */
    /* the live flock's arrays: capacity members, predators_max predators */
    uint32_t capacity, predators_max;
    boid_t *boid;
    uint8_t *role;
    gain_t *biasval;
    boid_t *predator;
    neighbor_sums_t *sums;     /* [capacity], for the synchronous order (app_needs_sums) */
    /* for the grid (app_engine_built says when): neighbors_grid_small_bytes(capacity,
     * grid_cells), grid_cells from neighbors_grid_small_cells */
    void *grid_mem;
    uint32_t grid_cells;
    /* for the accelerator's binned batch: app_bins_bytes(c); NULL, plain batches
     * unless the accelerator sorts for itself */
    void *bins_mem;
    /* Where the accelerator sorts for itself: the CPU's cycles a boid of the
     * rules' pass, so that the device sorts only flocks whose brute-force batch
     * (N^2 / LANES cycles) would outlast it: N above this times LANES. 0 (a CPU
     * that costs no simulated cycles): every synchronous flock. */
    uint32_t sort_cpu_cycles;
    /* 1: the CPU works out each boid's neighbour steering and the rules' steps
     * 1 and 2 itself, from the device's sums, even where the device could
     * (CTRL.STEER, CTRL.VELOCITY): a CPU that costs no simulated cycles
     * (build/sim) would only wait for the device's steering unit. 0: the most
     * the device can. The frame is the same, bit for bit, either way. */
    int cpu_steers;
    /* 1: the CPU writes the sprites after each step (display_draw), even where
     * the display could take them from the boids the step gives the
     * accelerator (the tap: no sprite writes, the picture of the step's
     * start): a CPU that costs no simulated cycles (build/sim) gains nothing
     * from it, and shows each step's result. 0: the tap where there is one. */
    int cpu_draws;
    gain_t scout_bias;         /* a new scout's bias (g) */
    uint32_t seed;             /* with the turn, where + puts new boids */
    int paused;                /* start paused */
    int overlay;               /* start with the overlay on (the o key turns it on and off) */
    console_t console;
    const char *name;          /* each console line starts "name: " */
    app_clock_t clock;
    /* Called once a turn after the frame began: hands the app its keys
     * (app_key), the mouse, new parameters. 0 to go on, 1 to stop the turn
     * (APP_QUIT), -1 on failure (APP_E_INPUT). NULL: no input. */
    int (*input)(void *ctx, app_t *app);
    void *input_ctx;
} app_config_t;

struct app {
    flock_t flock, start;
    uint32_t capacity, predators_max; /* capacity: after the accelerator's N_MAX */
    flock_params_t params;
    neighbor_engine_t engine;
    neighbors_accel_t accel;
    accel_bins_t bins;
    int binning;              /* the firmware bins the synchronous order's batch (bins) */
    int sorting;              /* the accelerator has a sorter (then no bins) */
    uint32_t sort_cpu_cycles; /* it sorts flocks above this times LANES (app_config_t) */
    neighbors_brute_t brute;
    neighbors_grid_small_t grid;
    neighbor_sums_t *sums;
    display_t display;
    int tap;                  /* the display takes its sprites from the accelerator's boids */
    int roles_changed;        /* the flock's roles may differ from the display's table */
    gain_t scout_bias;
    uint32_t seed;
    console_t console;
    const char *name;
    app_clock_t clock;
    int (*input)(void *ctx, app_t *app);
    void *input_ctx;
    int paused, step, follow_mouse;
    app_mouse_t mouse;
    int engine_error;         /* the engine's code behind APP_E_STEP */
    /* counters */
    uint32_t loops;           /* turns of the loop */
    uint32_t steps_done;      /* flock steps since the start or the last r */
    uint32_t stepping_loops;  /* turns after the first that stepped: the timed ones */
    uint64_t cycles_wait, cycles_step, cycles_draw; /* in those turns, per phase */
    uint64_t cycles_turn_max; /* the slowest of them, its step and sprites: the frame's margin */
    uint64_t instret;         /* instructions retired in their step and draw */
    uint64_t first_wake, last_wake; /* clock when the first and last timed turns woke */
    uint32_t first_frame, last_frame; /* the display's frame numbers then (the overlay's) */
    int overlay;              /* the figures on screen (overlay.h) */
#if FEATURE_OVERLAY
    uint32_t overlay_words[OVERLAY_WORDS_MAX];
#endif
};

/* The keys' help, a line a key ("  space         pause / resume"). */
extern const char APP_KEYS_HELP[];

/* The engine a build runs when asked for engine: the same, or, for brute
 * force or the grid when the build left it out (feature_switches.h), the other one,
 * which gives the same sums; -1 if it has neither. */
int app_engine_built(int engine);
/* Whether c's engine needs c->sums (the synchronous order): all but the
 * accelerator, whose sums the rules read where it keeps them (sums_stream). */
int app_needs_sums(const app_config_t *c);
/* The grid's memory for c's engine, capacity and parameters: sets
 * c->grid_cells, and returns the bytes c->grid_mem needs (0: no grid). With
 * more than room bytes, as many cells as fit (larger ones), at least one. */
size_t app_grid_bytes(app_config_t *c, size_t room);
/* The memory the accelerator's binned batch needs for c's engine and
 * capacity (0: not the accelerator, or one that sorts for itself: it reads
 * the accelerator's registers, so the platform's HAL must be up). Without it
 * (bins_mem NULL), or on an accelerator built without binning, the app runs
 * plain batches; an accelerator with the sorter bins without it. */
size_t app_bins_bytes(const app_config_t *c);
/* Opens the neighbor engine and the display, checks that the starting flock
 * fits, and copies it into the live arrays. APP_OK or an APP_E_ code. */
int app_open(app_t *a, const app_config_t *c);
/* One turn of the loop. APP_OK, APP_QUIT, or an APP_E_ code. */
int app_turn(app_t *a);
/* A key: 1 if it is one of the app's (and done), 0 if not. */
int app_key(app_t *a, int key);
/* Whether a key is one of the app's: a monitor sends those to the app. */
int app_owns_key(int key);
/* New parameters from the platform (a monitor's tuning). Dynamic bias stays
 * as the b key left it. */
void app_set_params(app_t *a, const flock_params_t *p);
/* Where the mouse is: while the m key's predator follows it, the predator
 * jumps there every turn, after the step. */
void app_mouse(app_t *a, const app_mouse_t *m);
/* The mouse's place in the world (Q16 px): picture px to framebuffer px
 * (the display's SCALE), then to world px (its zoom-out). 0 if the mouse is
 * not over the picture. */
int app_mouse_in_world(const app_t *a, q16_t *x, q16_t *y);
/* The overlay's figures so far, as the status line and the simulators'
 * report have them: frames a second x10 over the timed turns, and the slowest
 * turn's share of a frame in percent (the frame's cycles measured between the
 * first and the last timed turn, by the display's frame count); 0 before two
 * timed turns. */
void app_figures(const app_t *a, uint32_t *fps_x10, uint32_t *slowest_pct);
/* "name: <what>S steps, F frames/s; a step C cycles, sprites C[, CPI c]" */
void app_print_status(const app_t *a, const char *what);
/* "name: N boids, P predators; h lists the keys" */
void app_print_flock(const app_t *a);
/* What an APP_ status means, in words. */
const char *app_error(int status);

#endif
