/* A standalone C99 driver for the neighbor accelerator (rtl/boids_accel.v),
 * for a design of your own: it needs only <stdint.h> and the generated
 * accel_regs.h, none of the flock firmware. docs/accelerator-ip.md shows it in use.
 *
 * Bus access: either a base pointer (volatile 32-bit loads and stores at
 * base + offset, for a CPU that sees the block in its address map), or a pair
 * of callbacks (a host talking to a simulator, a debugger, a bridge). Every
 * function returns BOIDS_ACCEL_OK or a negative BOIDS_ACCEL_E_* code; none
 * prints, allocates or waits without a bound. */
#ifndef BOIDS_ACCEL_DRIVER_H
#define BOIDS_ACCEL_DRIVER_H

#include <stdint.h>

/* One boid as the boid memory holds it: Q16.16 px and px/frame. */
typedef struct {
    int32_t x, y, vx, vy;
} boids_accel_boid_t;

/* One result entry: the sums of docs/register-map.md ("Result memory"). */
typedef struct {
    int32_t sep_x, sep_y; /* separation sums, Q7 px */
    int32_t coh_x, coh_y; /* cohesion sums, Q7 px */
    int32_t ali_x, ali_y; /* alignment sums, Q9 px/frame */
    uint32_t count;       /* boids in the cohesion ring */
} boids_accel_sums_t;

/* A binned batch's pass: boid memory entries first[r] to end[r] - 1. */
#define BOIDS_ACCEL_PASS_RANGES 3u
typedef struct {
    uint32_t first[BOIDS_ACCEL_PASS_RANGES], end[BOIDS_ACCEL_PASS_RANGES];
} boids_accel_pass_t;

/* The sorter's grid (BIN_CELLS builds): cols x rows cells of cell_px whole
 * px, row-major from (0, 0); a boid beyond it counts in the nearest edge cell.
 * Cells at least the visual range wide, so that a boid's neighbours are all in
 * its own and the eight cells around it. */
typedef struct {
    uint32_t cell_px, cols, rows;
} boids_accel_grid_t;

typedef uint32_t (*boids_accel_read_fn)(void *io, uint32_t offset);
typedef void (*boids_accel_write_fn)(void *io, uint32_t offset, uint32_t value);

typedef struct {
    /* bus access: read and write if set, else base */
    volatile uint32_t *base;
    boids_accel_read_fn read;
    boids_accel_write_fn write;
    void *io;
    /* the build, read by init */
    uint32_t n_max, lanes, bin_passes;
    uint32_t bin_cells;    /* the sorter's most cells (BIN_CELLS); 0: no sorter */
    uint32_t result_slots; /* result entries kept: n_max, or fewer in a ring */
    /* the run started last, for the checks of poll and read */
    uint32_t count;
    int running;
    uint32_t last_cycles; /* CYCLES of the last finished run */
} boids_accel_t;

enum {
    BOIDS_ACCEL_OK = 0,
    BOIDS_ACCEL_E_NO_DEVICE = -1,   /* ID does not read 'BOID' */
    BOIDS_ACCEL_E_RANGE = -2,       /* an index, count or range outside the build's */
    BOIDS_ACCEL_E_PARAM = -3,       /* the block refused a START (STATUS.ERR_PARAM) */
    BOIDS_ACCEL_E_BUSY = -4,        /* a run is going on, or STATUS.ERR_BUSY */
    BOIDS_ACCEL_E_BUS = -5,         /* STATUS.ERR_BUS: an access missed the map */
    BOIDS_ACCEL_E_TIMEOUT = -6,     /* the run did not finish within the polls given */
    BOIDS_ACCEL_E_UNSUPPORTED = -7, /* binning or sorting on a build without it */
    BOIDS_ACCEL_E_IDLE = -8         /* poll or wait with no run started */
};

/* What a run computes: one boid's sums, every boid's, or every boid's with
 * each pass streaming only its pass table ranges (BINNING = 1 builds); or
 * that binned batch over the boids boids_accel_sort placed, with the pass
 * table the block writes itself (SORTER = 1 builds; CTRL.SORT). */
typedef enum {
    BOIDS_ACCEL_QUERY,
    BOIDS_ACCEL_BATCH,
    BOIDS_ACCEL_BINNED,
    BOIDS_ACCEL_SORTED
} boids_accel_run_t;

/* Binds the device to a base pointer, or to read and write callbacks (io is
 * passed back to them), checks ID, reads NMAX, LANES and BIN_PASSES, and
 * clears STATUS. */
int boids_accel_init_mmio(boids_accel_t *dev, volatile void *base);
int boids_accel_init_io(boids_accel_t *dev, boids_accel_read_fn read, boids_accel_write_fn write,
                        void *io);

/* The visual and protected ranges in Q16.16 px (visual at most 255 px,
 * protected at most visual): VISUAL, and both squares in Q32.32. */
int boids_accel_set_ranges(boids_accel_t *dev, int32_t visual, int32_t protected_range);

/* Writes boids[0..n) into boid memory entries first to first + n - 1. */
int boids_accel_load(boids_accel_t *dev, uint32_t first, const boids_accel_boid_t *boids,
                     uint32_t n);

/* Writes pass p's ranges into the pass table (binned builds only). */
int boids_accel_set_pass(boids_accel_t *dev, uint32_t p, const boids_accel_pass_t *pass);

/* A grid for a world_w x world_h px world (the corner at 0, 0) on this
 * device: cells of the visual range (VISUAL, set_ranges first) rounded up to
 * whole px, grown by a quarter until BIN_CELLS hold them (as
 * firmware/accel_bins.c's accel_bins_shape does). */
int boids_accel_grid(const boids_accel_t *dev, uint32_t world_w, uint32_t world_h,
                     boids_accel_grid_t *grid);
/* The sorter (SORTER = 1 builds) files boids[0..n), in id order, by the cell
 * of grid: the boid memory then holds them sorted by cell, ids ascending
 * within a cell, for BOIDS_ACCEL_SORTED runs of count n. A cell narrower than
 * VISUAL, a grid of no cells or more than BIN_CELLS, or a cell of 2^15 px or
 * more is BOIDS_ACCEL_E_RANGE. */
int boids_accel_sort(boids_accel_t *dev, const boids_accel_boid_t *boids, uint32_t n,
                     const boids_accel_grid_t *grid);

/* Starts a run over boid memory entries 0 to count - 1; query is the boid of
 * a query run (ignored otherwise); irq 1 raises irq_o when it is done. The
 * block's STATUS is read once after START, so a refusal returns its code. */
int boids_accel_start(boids_accel_t *dev, boids_accel_run_t run, uint32_t count, uint32_t query,
                      int irq);

/* Once: 1 while the run goes on, BOIDS_ACCEL_OK when it has finished (DONE
 * is then cleared, which also drops irq_o: call it from the interrupt
 * handler), or an error code: an error flag came up (it is cleared; a run
 * still going on can be polled again), or BOIDS_ACCEL_E_IDLE (no run, or the
 * block was reset under it). */
int boids_accel_poll(boids_accel_t *dev);
/* Polls up to max_polls times; BOIDS_ACCEL_E_TIMEOUT if the run goes on. */
int boids_accel_wait(boids_accel_t *dev, uint32_t max_polls);
/* A poll budget for a run of count boids: ten times its cycles, with room. */
uint32_t boids_accel_polls_for(const boids_accel_t *dev, boids_accel_run_t run, uint32_t count);

/* Result entries of the running (or last) run that are final: a batch
 * finishes them in entry order, so 0 to ready - 1 may be read while it runs. */
uint32_t boids_accel_results_ready(const boids_accel_t *dev);
/* The sums in result entry i. */
int boids_accel_read_sums(const boids_accel_t *dev, uint32_t i, boids_accel_sums_t *out);
/* The boid whose sums result entry i holds: i itself, or after a
 * BOIDS_ACCEL_SORTED run the boid the sorter placed in slot i. */
int boids_accel_read_id(const boids_accel_t *dev, uint32_t i, uint32_t *id);
/* Says that the running batch's entries 0 to done - 1 have been read. A build
 * whose results are a ring (result_slots below n_max) writes entry i only
 * once i < done + result_slots: a batch of more boids than the ring holds
 * until its reader frees entries, so read them as they are ready and call
 * this as you go (every result_slots / 2 entries keeps the batch going). */
int boids_accel_free_results(boids_accel_t *dev, uint32_t done);

/* A brute-force batch from start to end: load boids[0..n) into entries 0 to
 * n - 1, run, wait, read the n results into out (on a ring of fewer entries
 * than n, each as it is ready, freeing them). Set the ranges first. */
int boids_accel_batch(boids_accel_t *dev, const boids_accel_boid_t *boids, uint32_t n,
                      boids_accel_sums_t *out);

/* A sorted batch from start to end: sort boids[0..n) by grid, run, wait,
 * and read each result into out[its boid's id] (on a ring, as they are
 * ready). Set the ranges first. */
int boids_accel_sorted_batch(boids_accel_t *dev, const boids_accel_boid_t *boids, uint32_t n,
                             const boids_accel_grid_t *grid, boids_accel_sums_t *out);

/* A short English description of a return code. */
const char *boids_accel_strerror(int code);

#endif
