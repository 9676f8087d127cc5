/* The standalone accelerator driver (boids_accel_driver.h): registers and
 * memories as docs/register-map.md has them, through the bound accessors. */
#include "boids_accel_driver.h"

#include "accel_regs.h"

#define STATUS_ERRORS (ACCEL_STATUS_ERR_PARAM | ACCEL_STATUS_ERR_BUSY | ACCEL_STATUS_ERR_BUS)
#define VISUAL_MAX ((int32_t)255 << 16) /* 255 px in Q16.16, the block's limit */
/* SORT's commands, and the phases they lead to (docs/register-map.md, "The sorter") */
#define SORT_COUNT 1u
#define SORT_PLACE 2u
#define PHASE_COUNTING 2u
#define PHASE_PLACING 4u
#define CELL_PX_MAX 0x7fffu /* a cell's px: CELL_RECIP's column is exact below 2^15 px */

static uint32_t rd(const boids_accel_t *dev, uint32_t offset)
{
    return dev->read ? dev->read(dev->io, offset) : dev->base[offset / 4u];
}

static void wr(const boids_accel_t *dev, uint32_t offset, uint32_t value)
{
    if (dev->write)
        dev->write(dev->io, offset, value);
    else
        dev->base[offset / 4u] = value;
}

static int identify(boids_accel_t *dev)
{
    if (rd(dev, ACCEL_ID) != ACCEL_ID_VALUE)
        return BOIDS_ACCEL_E_NO_DEVICE;
    dev->n_max = rd(dev, ACCEL_NMAX);
    dev->lanes = rd(dev, ACCEL_LANES);
    dev->bin_passes = rd(dev, ACCEL_BIN_PASSES);
    dev->bin_cells = rd(dev, ACCEL_BIN_CELLS);
    dev->result_slots = rd(dev, ACCEL_RESULT_SLOTS);
    if (dev->result_slots == 0 || dev->result_slots > dev->n_max) /* a block older than the ring */
        dev->result_slots = dev->n_max;
    wr(dev, ACCEL_STATUS, ACCEL_STATUS_DONE | STATUS_ERRORS);
    return BOIDS_ACCEL_OK;
}

/* Field by field: a struct copy may become a call to memset, which a
 * freestanding build of this file alone does not have. */
static void unbind(boids_accel_t *dev)
{
    dev->base = 0;
    dev->read = 0;
    dev->write = 0;
    dev->io = 0;
    dev->n_max = dev->lanes = dev->bin_passes = dev->bin_cells = dev->result_slots = 0;
    dev->count = 0;
    dev->running = 0;
    dev->last_cycles = 0;
}

int boids_accel_init_mmio(boids_accel_t *dev, volatile void *base)
{
    unbind(dev);
    if (base == 0)
        return BOIDS_ACCEL_E_NO_DEVICE;
    dev->base = (volatile uint32_t *)base;
    return identify(dev);
}

int boids_accel_init_io(boids_accel_t *dev, boids_accel_read_fn read, boids_accel_write_fn write,
                        void *io)
{
    unbind(dev);
    if (read == 0 || write == 0)
        return BOIDS_ACCEL_E_NO_DEVICE;
    dev->read = read;
    dev->write = write;
    dev->io = io;
    return identify(dev);
}

int boids_accel_set_ranges(boids_accel_t *dev, int32_t visual, int32_t protected_range)
{
    uint64_t visual2, protected2;

    if (dev->running)
        return BOIDS_ACCEL_E_BUSY;
    if (visual < 0 || visual > VISUAL_MAX || protected_range < 0 || protected_range > visual)
        return BOIDS_ACCEL_E_RANGE;
    visual2 = (uint64_t)visual * (uint64_t)visual;
    protected2 = (uint64_t)protected_range * (uint64_t)protected_range;
    wr(dev, ACCEL_VISUAL, (uint32_t)visual);
    wr(dev, ACCEL_VISUAL2_LO, (uint32_t)visual2);
    wr(dev, ACCEL_VISUAL2_HI, (uint32_t)(visual2 >> 32));
    wr(dev, ACCEL_PROTECTED2_LO, (uint32_t)protected2);
    wr(dev, ACCEL_PROTECTED2_HI, (uint32_t)(protected2 >> 32));
    return BOIDS_ACCEL_OK;
}

int boids_accel_load(boids_accel_t *dev, uint32_t first, const boids_accel_boid_t *boids,
                     uint32_t n)
{
    uint32_t i;

    if (dev->running)
        return BOIDS_ACCEL_E_BUSY;
    if (first > dev->n_max || n > dev->n_max - first)
        return BOIDS_ACCEL_E_RANGE;
    for (i = 0; i < n; i++) {
        uint32_t at = ACCEL_BOIDS_BASE + (first + i) * ACCEL_BOID_STRIDE;
        wr(dev, at + 0, (uint32_t)boids[i].x);
        wr(dev, at + 4, (uint32_t)boids[i].y);
        wr(dev, at + 8, (uint32_t)boids[i].vx);
        wr(dev, at + 12, (uint32_t)boids[i].vy);
    }
    return BOIDS_ACCEL_OK;
}

int boids_accel_set_pass(boids_accel_t *dev, uint32_t p, const boids_accel_pass_t *pass)
{
    uint32_t r;

    if (dev->bin_passes == 0)
        return BOIDS_ACCEL_E_UNSUPPORTED;
    if (dev->running)
        return BOIDS_ACCEL_E_BUSY;
    if (p >= dev->bin_passes)
        return BOIDS_ACCEL_E_RANGE;
    for (r = 0; r < BOIDS_ACCEL_PASS_RANGES; r++)
        if (pass->first[r] > pass->end[r] || pass->end[r] > dev->n_max)
            return BOIDS_ACCEL_E_RANGE;
    for (r = 0; r < BOIDS_ACCEL_PASS_RANGES; r++)
        wr(dev, ACCEL_PASSES_BASE + p * ACCEL_PASS_STRIDE + 4u * r,
           pass->first[r] << ACCEL_RANGE_FIRST_SHIFT | pass->end[r] << ACCEL_RANGE_END_SHIFT);
    return BOIDS_ACCEL_OK;
}

/* The code of the first error flag set in status (0 if none), after
 * clearing every flag that is set. */
static int take_errors(const boids_accel_t *dev, uint32_t status)
{
    if ((status & STATUS_ERRORS) == 0)
        return BOIDS_ACCEL_OK;
    wr(dev, ACCEL_STATUS, status & STATUS_ERRORS);
    if (status & ACCEL_STATUS_ERR_PARAM)
        return BOIDS_ACCEL_E_PARAM;
    if (status & ACCEL_STATUS_ERR_BUSY)
        return BOIDS_ACCEL_E_BUSY;
    return BOIDS_ACCEL_E_BUS;
}

int boids_accel_grid(const boids_accel_t *dev, uint32_t world_w, uint32_t world_h,
                     boids_accel_grid_t *grid)
{
    uint32_t cell_px = (rd(dev, ACCEL_VISUAL) + 0xffffu) >> 16;

    if (dev->bin_cells == 0)
        return BOIDS_ACCEL_E_UNSUPPORTED;
    if (world_w == 0 || world_h == 0 || world_w > CELL_PX_MAX || world_h > CELL_PX_MAX)
        return BOIDS_ACCEL_E_RANGE;
    if (cell_px < 1)
        cell_px = 1;
    for (;;) {
        grid->cell_px = cell_px;
        grid->cols = (world_w + cell_px - 1) / cell_px;
        grid->rows = (world_h + cell_px - 1) / cell_px;
        if (grid->cols * grid->rows <= dev->bin_cells) /* both below 2^15 */
            return BOIDS_ACCEL_OK;
        cell_px += cell_px / 4 + 1;
        if (cell_px > CELL_PX_MAX) /* one cell: the world is no wider */
            cell_px = CELL_PX_MAX;
    }
}

/* Gives the sorter a command, and polls SORT until it reaches phase want:
 * clearing or scanning the counts takes about a cycle a cell, and a poll at
 * least a cycle, so a phase not there within ten polls a cell never comes. */
static int sort_command(const boids_accel_t *dev, uint32_t command, uint32_t want, uint32_t cells)
{
    uint32_t polls = 10u * cells + 1000u;
    int rc;

    wr(dev, ACCEL_SORT, command);
    if ((rc = take_errors(dev, rd(dev, ACCEL_STATUS))) != BOIDS_ACCEL_OK)
        return rc;
    while ((rd(dev, ACCEL_SORT) & ACCEL_SORT_PHASE) != want)
        if (polls-- == 0)
            return BOIDS_ACCEL_E_TIMEOUT;
    return BOIDS_ACCEL_OK;
}

int boids_accel_sort(boids_accel_t *dev, const boids_accel_boid_t *boids, uint32_t n,
                     const boids_accel_grid_t *grid)
{
    uint32_t i, cells = grid->cols * grid->rows;
    int rc;

    if (dev->bin_cells == 0)
        return BOIDS_ACCEL_E_UNSUPPORTED;
    if (dev->running)
        return BOIDS_ACCEL_E_BUSY;
    if (n > dev->n_max || grid->cols == 0 || grid->rows == 0 || grid->cols > dev->bin_cells ||
        grid->rows > dev->bin_cells || cells > dev->bin_cells || grid->cell_px > CELL_PX_MAX ||
        grid->cell_px << 16 < rd(dev, ACCEL_VISUAL))
        return BOIDS_ACCEL_E_RANGE;
    wr(dev, ACCEL_GRID, grid->cols | grid->rows << 16);
    wr(dev, ACCEL_CELL_RECIP, 0x7fffffffu / grid->cell_px + 1u); /* ceil(2^31 / cell_px) */
    if ((rc = sort_command(dev, SORT_COUNT, PHASE_COUNTING, cells)) != BOIDS_ACCEL_OK)
        return rc;
    for (i = 0; i < n; i++) /* each boid's whole px, x low, y high */
        wr(dev, ACCEL_CELL_POS, ((uint32_t)boids[i].x >> 16) | ((uint32_t)boids[i].y & 0xffff0000u));
    if ((rc = sort_command(dev, SORT_PLACE, PHASE_PLACING, cells)) != BOIDS_ACCEL_OK)
        return rc;
    for (i = 0; i < n; i++) {
        wr(dev, ACCEL_APPEND, (uint32_t)boids[i].x);
        wr(dev, ACCEL_APPEND, (uint32_t)boids[i].y);
        wr(dev, ACCEL_APPEND, (uint32_t)boids[i].vx);
        wr(dev, ACCEL_APPEND, (uint32_t)boids[i].vy);
    }
    return take_errors(dev, rd(dev, ACCEL_STATUS));
}

int boids_accel_start(boids_accel_t *dev, boids_accel_run_t run, uint32_t count, uint32_t query,
                      int irq)
{
    uint32_t ctrl = ACCEL_CTRL_START | (irq ? ACCEL_CTRL_IRQ_EN : 0);
    int rc;

    if (dev->running)
        return BOIDS_ACCEL_E_BUSY;
    if ((run == BOIDS_ACCEL_BINNED && dev->bin_passes == 0) ||
        (run == BOIDS_ACCEL_SORTED && dev->bin_cells == 0))
        return BOIDS_ACCEL_E_UNSUPPORTED;
    if (count > dev->n_max || (run == BOIDS_ACCEL_QUERY && query >= count))
        return BOIDS_ACCEL_E_RANGE;
    if (run != BOIDS_ACCEL_QUERY)
        ctrl |= ACCEL_CTRL_BATCH;
    if (run == BOIDS_ACCEL_BINNED || run == BOIDS_ACCEL_SORTED)
        ctrl |= ACCEL_CTRL_BINNED;
    if (run == BOIDS_ACCEL_SORTED)
        ctrl |= ACCEL_CTRL_SORT;
    wr(dev, ACCEL_COUNT, count);
    wr(dev, ACCEL_QUERY, run == BOIDS_ACCEL_QUERY ? query : 0);
    wr(dev, ACCEL_STATUS, ACCEL_STATUS_DONE | STATUS_ERRORS);
    wr(dev, ACCEL_CTRL, ctrl);
    rc = take_errors(dev, rd(dev, ACCEL_STATUS));
    if (rc != BOIDS_ACCEL_OK)
        return rc;
    dev->count = count;
    dev->running = 1;
    return BOIDS_ACCEL_OK;
}

int boids_accel_poll(boids_accel_t *dev)
{
    uint32_t status;
    int rc;

    if (!dev->running)
        return BOIDS_ACCEL_E_IDLE;
    status = rd(dev, ACCEL_STATUS);
    rc = take_errors(dev, status);
    if (status & ACCEL_STATUS_DONE) {
        wr(dev, ACCEL_STATUS, ACCEL_STATUS_DONE);
        dev->last_cycles = rd(dev, ACCEL_CYCLES);
        dev->running = 0;
        return rc;
    }
    if ((status & ACCEL_STATUS_BUSY) == 0) { /* neither: the block was reset */
        dev->running = 0;
        return rc != BOIDS_ACCEL_OK ? rc : BOIDS_ACCEL_E_IDLE;
    }
    return rc != BOIDS_ACCEL_OK ? rc : 1;
}

int boids_accel_wait(boids_accel_t *dev, uint32_t max_polls)
{
    uint32_t i;

    for (i = 0; i < max_polls; i++) {
        int rc = boids_accel_poll(dev);
        if (rc <= 0)
            return rc;
    }
    return BOIDS_ACCEL_E_TIMEOUT;
}

uint32_t boids_accel_polls_for(const boids_accel_t *dev, boids_accel_run_t run, uint32_t count)
{
    uint32_t lanes = dev->lanes ? dev->lanes : 1u;
    /* 32-bit division: a soft CPU without 64-bit divide needs no library call */
    uint32_t passes = run == BOIDS_ACCEL_QUERY ? 1u : count / lanes + (count % lanes != 0);
    /* docs/accelerator.md: about passes (count + 1) + lanes + 8 cycles; a
     * binned batch takes fewer. A poll takes at least one cycle. */
    uint64_t polls = 10u * ((uint64_t)passes * ((uint64_t)count + 1u) + lanes + 16u) + 1000u;

    return polls > UINT32_MAX ? UINT32_MAX : (uint32_t)polls;
}

uint32_t boids_accel_results_ready(const boids_accel_t *dev)
{
    return rd(dev, ACCEL_RESULTS_READY);
}

int boids_accel_read_sums(const boids_accel_t *dev, uint32_t i, boids_accel_sums_t *out)
{
    uint32_t at = ACCEL_RESULTS_BASE + i * ACCEL_RESULT_STRIDE;

    if (i >= dev->n_max)
        return BOIDS_ACCEL_E_RANGE;
    out->sep_x = (int32_t)rd(dev, at + ACCEL_RESULT_SEP_X);
    out->sep_y = (int32_t)rd(dev, at + ACCEL_RESULT_SEP_Y);
    out->coh_x = (int32_t)rd(dev, at + ACCEL_RESULT_COH_X);
    out->coh_y = (int32_t)rd(dev, at + ACCEL_RESULT_COH_Y);
    out->ali_x = (int32_t)rd(dev, at + ACCEL_RESULT_ALI_X);
    out->ali_y = (int32_t)rd(dev, at + ACCEL_RESULT_ALI_Y);
    out->count = rd(dev, at + ACCEL_RESULT_COUNT);
    return BOIDS_ACCEL_OK;
}

int boids_accel_read_id(const boids_accel_t *dev, uint32_t i, uint32_t *id)
{
    if (i >= dev->n_max)
        return BOIDS_ACCEL_E_RANGE;
    *id = rd(dev, ACCEL_RESULTS_BASE + i * ACCEL_RESULT_STRIDE + ACCEL_RESULT_ID);
    return *id < dev->n_max ? BOIDS_ACCEL_OK : BOIDS_ACCEL_E_RANGE;
}

int boids_accel_free_results(boids_accel_t *dev, uint32_t done)
{
    if (!dev->running)
        return BOIDS_ACCEL_E_IDLE;
    if (done > dev->count)
        return BOIDS_ACCEL_E_RANGE;
    wr(dev, ACCEL_RESULTS_FREED, done);
    return BOIDS_ACCEL_OK;
}

/* Result entry i into out[i], or with by_id into out[its boid's id] (an id
 * at or past n is the device's fault: BOIDS_ACCEL_E_RANGE). */
static int read_entry(const boids_accel_t *dev, uint32_t i, uint32_t n, int by_id,
                      boids_accel_sums_t *out)
{
    uint32_t id = i;
    int rc = by_id ? boids_accel_read_id(dev, i, &id) : BOIDS_ACCEL_OK;

    if (rc == BOIDS_ACCEL_OK && id >= n)
        rc = BOIDS_ACCEL_E_RANGE;
    return rc == BOIDS_ACCEL_OK ? boids_accel_read_sums(dev, i, &out[id]) : rc;
}

/* The batch's n results on a ring: entry i once RESULTS_READY passes it,
 * the entries before it freed first; then the end of the run. */
static int read_through_ring(boids_accel_t *dev, uint32_t n, int by_id, boids_accel_sums_t *out)
{
    uint32_t i, ready = 0, polls = boids_accel_polls_for(dev, BOIDS_ACCEL_BATCH, n);
    int rc = BOIDS_ACCEL_OK;

    for (i = 0; rc == BOIDS_ACCEL_OK && i < n; i++) {
        if (i >= ready) {
            if (i > 0)
                wr(dev, ACCEL_RESULTS_FREED, i);
            while ((ready = boids_accel_results_ready(dev)) <= i) {
                if (polls-- == 0)
                    return BOIDS_ACCEL_E_TIMEOUT;
            }
            if (ready - i > dev->result_slots / 2) /* back in time to free more */
                ready = i + dev->result_slots / 2;
        }
        rc = read_entry(dev, i, n, by_id, out);
    }
    if (rc == BOIDS_ACCEL_OK)
        rc = boids_accel_wait(dev, polls);
    return rc;
}

/* A started batch of n to its end, its results into out (by_id: read_entry). */
static int finish_batch(boids_accel_t *dev, uint32_t n, int by_id, boids_accel_sums_t *out)
{
    uint32_t i;
    int rc;

    if (n > dev->result_slots)
        return read_through_ring(dev, n, by_id, out);
    rc = boids_accel_wait(dev, boids_accel_polls_for(dev, BOIDS_ACCEL_BATCH, n));
    for (i = 0; rc == BOIDS_ACCEL_OK && i < n; i++)
        rc = read_entry(dev, i, n, by_id, out);
    return rc;
}

int boids_accel_batch(boids_accel_t *dev, const boids_accel_boid_t *boids, uint32_t n,
                      boids_accel_sums_t *out)
{
    int rc = boids_accel_load(dev, 0, boids, n);

    if (rc == BOIDS_ACCEL_OK)
        rc = boids_accel_start(dev, BOIDS_ACCEL_BATCH, n, 0, 0);
    return rc == BOIDS_ACCEL_OK ? finish_batch(dev, n, 0, out) : rc;
}

int boids_accel_sorted_batch(boids_accel_t *dev, const boids_accel_boid_t *boids, uint32_t n,
                             const boids_accel_grid_t *grid, boids_accel_sums_t *out)
{
    int rc = boids_accel_sort(dev, boids, n, grid);

    if (rc == BOIDS_ACCEL_OK)
        rc = boids_accel_start(dev, BOIDS_ACCEL_SORTED, n, 0, 0);
    return rc == BOIDS_ACCEL_OK ? finish_batch(dev, n, 1, out) : rc;
}

const char *boids_accel_strerror(int code)
{
    switch (code) {
    case BOIDS_ACCEL_OK: return "ok";
    case BOIDS_ACCEL_E_NO_DEVICE: return "no accelerator: ID does not read BOID";
    case BOIDS_ACCEL_E_RANGE: return "an index, count or range beyond the accelerator's build";
    case BOIDS_ACCEL_E_PARAM: return "the accelerator refused the run's parameters";
    case BOIDS_ACCEL_E_BUSY: return "the accelerator is busy with a run";
    case BOIDS_ACCEL_E_BUS: return "an access missed the accelerator's map";
    case BOIDS_ACCEL_E_TIMEOUT: return "the run did not finish in time";
    case BOIDS_ACCEL_E_UNSUPPORTED: return "this accelerator was built without binning or the sorter";
    case BOIDS_ACCEL_E_IDLE: return "no run is going on";
    default: return "unknown error";
    }
}
