/* Neighbor engine on the RTL accelerator (see neighbors_accel.h and
 * docs/register-map.md). The sequential order writes each updated boid
 * back before the next query; the synchronous order runs one batch (plain,
 * binned by the firmware, or sorted and binned by the device's sorter),
 * whose results the rules read as RESULTS_READY says they are
 * final (sums_stream), or all at once after it (sums_all). A device whose
 * results are a ring of fewer entries than the batch (RESULT_SLOTS) is read
 * as the batch runs either way, and told which entries are done
 * (RESULTS_FREED) so that it can go on. */
#include "accel_regs.h"
#include "hal.h"
#include "neighbors_accel.h"

#if ACCEL_LIMIT_UNDECIDED != NEIGHBOR_LIMIT_UNDECIDED
#error "the register map's LIMIT_UNDECIDED is not neighbors.h's"
#endif

#define STATUS_ERRORS (ACCEL_STATUS_ERR_PARAM | ACCEL_STATUS_ERR_BUSY | ACCEL_STATUS_ERR_BUS)

/* The result words are the sums, sign-extended to 32 bits, in the order that
 * neighbor_stream_read reads (the weighted rule set's sums are not among them:
 * the accelerator computes the Cornell sums only). */
typedef char result_words_in_stream_order[(ACCEL_RESULT_SEP_X == 0 && ACCEL_RESULT_SEP_Y == 4 &&
                                           ACCEL_RESULT_COH_X == 8 && ACCEL_RESULT_COH_Y == 12 &&
                                           ACCEL_RESULT_ALI_X == 16 && ACCEL_RESULT_ALI_Y == 20 &&
                                           ACCEL_RESULT_COUNT == 24)
                                              ? 1
                                              : -1];
/* A steered entry's words, in the order neighbor_stream_steer reads them;
 * with velocity, the velocity where neighbors.h says. */
typedef char steer_words_in_stream_order[(ACCEL_STEER_PUSH_X == 0 && ACCEL_STEER_PUSH_Y == 4 &&
                                          ACCEL_STEER_MEAN_VX == 8 && ACCEL_STEER_MEAN_VY == 12 &&
                                          ACCEL_STEER_COUNT == 24 && ACCEL_VELOCITY_VX == 0 &&
                                          ACCEL_VELOCITY_VY == 4)
                                             ? 1
                                             : -1];

/* A sorted batch's id word: inside an entry, and not at 0, which
 * neighbor_stream_t.id_at keeps for "no id". */
typedef char result_id_inside_the_entry[(ACCEL_RESULT_ID != 0 &&
                                         ACCEL_RESULT_ID + 4 <= ACCEL_RESULT_STRIDE)
                                            ? 1
                                            : -1];

/* SORT's commands and the phases they lead to (docs/register-map.md) */
enum { SORT_CMD_COUNT = 1, SORT_CMD_PLACE = 2 };
enum { SORT_PHASE_COUNTING = 2, SORT_PHASE_PLACING = 4 };

static uint32_t result_address(uint32_t i) { return ACCEL_RESULTS_BASE + i * ACCEL_RESULT_STRIDE; }

/* A device error if STATUS has an error flag, which is then cleared. */
static int check_errors(uint32_t status)
{
    if (status & STATUS_ERRORS) {
        hal_write32(ACCEL_STATUS, status & STATUS_ERRORS);
        return NEIGHBORS_E_DEVICE;
    }
    return NEIGHBORS_OK;
}

int neighbors_accel_init(neighbors_accel_t *a)
{
    neighbors_accel_t empty = {0};
    uint32_t ctrl;

    *a = empty;
    if (hal_read32(ACCEL_ID) != ACCEL_ID_VALUE)
        return NEIGHBORS_E_DEVICE;
    a->n_max = hal_read32(ACCEL_NMAX);
    a->lanes = hal_read32(ACCEL_LANES);
    a->slots = hal_read32(ACCEL_RESULT_SLOTS);
    if (a->slots == 0 || a->slots > a->n_max) /* a block older than the ring */
        a->slots = a->n_max;
    /* CTRL.STEER sticks only in a build with steering, CTRL.VELOCITY,
     * CTRL.LIMIT and CTRL.PREDATORS only in one that has them too */
    hal_write32(ACCEL_CTRL, ACCEL_CTRL_STEER | ACCEL_CTRL_VELOCITY | ACCEL_CTRL_LIMIT |
                                ACCEL_CTRL_PREDATORS | ACCEL_CTRL_EDGES_PSEUDOCODE);
    ctrl = hal_read32(ACCEL_CTRL);
    a->can_steer = (ctrl & ACCEL_CTRL_STEER) != 0;
    a->can_velocity = a->can_steer && (ctrl & ACCEL_CTRL_VELOCITY) != 0;
    a->can_limit = a->can_velocity && (ctrl & ACCEL_CTRL_LIMIT) != 0;
    a->can_limit_pseudocode = a->can_limit && (ctrl & ACCEL_CTRL_EDGES_PSEUDOCODE) != 0;
    if (a->can_velocity && (ctrl & ACCEL_CTRL_PREDATORS) != 0)
        a->predators_max = hal_read32(ACCEL_PREDATORS_MAX);
    a->flee = a->predators_max != 0;
    hal_write32(ACCEL_CTRL, 0);
    /* the sorter feeds the binned batch, so a build has it only with binning */
    a->bin_cells = hal_read32(ACCEL_BIN_CELLS);
    a->can_sort = a->bin_cells != 0 && hal_read32(ACCEL_BIN_PASSES) != 0;
    a->steer = a->can_limit      ? NEIGHBOR_STREAM_LIMITED
               : a->can_velocity ? NEIGHBOR_STREAM_VELOCITY
               : a->can_steer    ? NEIGHBOR_STREAM_STEERING
                                 : NEIGHBOR_STREAM_SUMS;
    a->run_steer = a->steer;
    hal_write32(ACCEL_STATUS, ACCEL_STATUS_DONE | STATUS_ERRORS); /* start clean */
    return NEIGHBORS_OK;
}

int neighbors_accel_use_bins(neighbors_accel_t *a, accel_bins_t *bins)
{
    if (bins != NULL && (hal_read32(ACCEL_BIN_PASSES) == 0 || bins->lanes != a->lanes))
        return NEIGHBORS_E_UNSUPPORTED;
    a->bins = bins;
    return NEIGHBORS_OK;
}

int neighbors_accel_use_sorter(neighbors_accel_t *a, int on)
{
    if (on && !a->can_sort)
        return NEIGHBORS_E_UNSUPPORTED;
    a->sorting = on != 0;
    return NEIGHBORS_OK;
}

int neighbors_accel_use_steer(neighbors_accel_t *a, int what)
{
    if (what < NEIGHBOR_STREAM_SUMS || what > NEIGHBOR_STREAM_LIMITED ||
        (what != NEIGHBOR_STREAM_SUMS && !a->can_steer) ||
        (what >= NEIGHBOR_STREAM_VELOCITY && !a->can_velocity) ||
        (what == NEIGHBOR_STREAM_LIMITED && !a->can_limit))
        return NEIGHBORS_E_UNSUPPORTED;
    a->steer = a->run_steer = (uint32_t)what;
    return NEIGHBORS_OK;
}

int neighbors_accel_use_predators(neighbors_accel_t *a, int on)
{
    if (on && a->predators_max == 0)
        return NEIGHBORS_E_UNSUPPORTED;
    a->flee = on != 0;
    return NEIGHBORS_OK;
}

/* Where boid i is in the accelerator's memories: its slot when binned. */
static uint32_t entry_of(const neighbors_accel_t *a, uint32_t i)
{
    return a->bins ? a->bins->id_slot[i] : i;
}

static void write_boid(uint32_t i, const boid_t *b)
{
    uint32_t base = ACCEL_BOIDS_BASE + i * ACCEL_BOID_STRIDE;

    hal_write32(base + 0, (uint32_t)b->x);
    hal_write32(base + 4, (uint32_t)b->y);
    hal_write32(base + 8, (uint32_t)b->vx);
    hal_write32(base + 12, (uint32_t)b->vy);
}

/* The flock in slot order, and each pass's ranges into the pass table. */
static int write_binned(accel_bins_t *b, const boid_t *boids, uint32_t n, const neighbor_query_t *q)
{
    uint32_t s, p, r;
    int rc = accel_bins_sort(b, boids, n, q);

    if (rc != NEIGHBORS_OK)
        return rc;
    for (s = 0; s < n; s++)
        write_boid(s, &boids[b->slot_id[s]]);
    for (p = 0; p < accel_bins_passes(b); p++) {
        accel_pass_ranges_t pr = accel_bins_pass(b, p);
        for (r = 0; r < ACCEL_BINS_RANGES; r++)
            hal_write32(ACCEL_PASSES_BASE + p * ACCEL_PASS_STRIDE + 4 * r,
                        pr.first[r] << ACCEL_RANGE_FIRST_SHIFT | pr.end[r] << ACCEL_RANGE_END_SHIFT);
    }
    return NEIGHBORS_OK;
}

/* Gives the sorter a command and polls SORT until it reaches phase want.
 * Clearing the counts and turning them into slots take a cycle or so a cell,
 * and a poll at least a cycle, so a phase not there within ten polls a cell
 * (and boid) never comes: a device error, never a hang. */
static int sort_command(const neighbors_accel_t *a, uint32_t command, uint32_t want,
                        uint32_t cells)
{
    uint32_t polls = 10 * (cells + a->n + 16) + 1000;

    hal_write32(ACCEL_SORT, command);
    if (check_errors(hal_read32(ACCEL_STATUS)) != NEIGHBORS_OK) /* refused */
        return NEIGHBORS_E_DEVICE;
    while ((hal_read32(ACCEL_SORT) & ACCEL_SORT_PHASE) != want)
        if (polls-- == 0) {
            check_errors(hal_read32(ACCEL_STATUS));
            return NEIGHBORS_E_DEVICE;
        }
    return NEIGHBORS_OK;
}

/* The device sorts the flock (accel_bins_sort's order, with its BIN_CELLS):
 * it counts each boid's cell from its position's whole px, then places the
 * boids, sent in id order, each at the next slot of its cell. */
static int write_sorted(neighbors_accel_t *a, const boid_t *boids, uint32_t n,
                        const neighbor_query_t *q)
{
    uint32_t cols, rows, cell_recip, i;

    accel_bins_shape(a->bin_cells, q, &cols, &rows, &cell_recip);
    hal_write32(ACCEL_GRID, cols | rows << 16);
    hal_write32(ACCEL_CELL_RECIP, cell_recip);
    if (sort_command(a, SORT_CMD_COUNT, SORT_PHASE_COUNTING, cols * rows) != NEIGHBORS_OK)
        return NEIGHBORS_E_DEVICE;
    for (i = 0; i < n; i++)
        hal_write32(ACCEL_CELL_POS, accel_bins_cell_pos(&boids[i]));
    if (sort_command(a, SORT_CMD_PLACE, SORT_PHASE_PLACING, cols * rows) != NEIGHBORS_OK)
        return NEIGHBORS_E_DEVICE;
    for (i = 0; i < n; i++) {
        hal_write32(ACCEL_APPEND, (uint32_t)boids[i].x);
        hal_write32(ACCEL_APPEND, (uint32_t)boids[i].y);
        hal_write32(ACCEL_APPEND, (uint32_t)boids[i].vx);
        hal_write32(ACCEL_APPEND, (uint32_t)boids[i].vy);
    }
    /* a refused CELL_POS or APPEND would fail the batch's start anyway; here
     * the error is begin's, where it happened */
    return check_errors(hal_read32(ACCEL_STATUS));
}

static int accel_begin(void *ctx, const boid_t *boids, uint32_t n, const neighbor_query_t *q)
{
    neighbors_accel_t *a = ctx;
    uint32_t i;

    if (n > a->n_max)
        return NEIGHBORS_E_CAPACITY;
    if (q->weighted)
        return NEIGHBORS_E_UNSUPPORTED;
    a->boids = boids;
    a->n = n;
    a->streaming = 0;
    /* A batch needs about N^2/LANES cycles; allow ten times that in polls. */
    a->max_polls = 10 * (n / (a->lanes ? a->lanes : 1) + 1) * (n + 16) + 1000;
    hal_write32(ACCEL_COUNT, n);
    hal_write32(ACCEL_VISUAL, (uint32_t)q->visualrange);
    hal_write32(ACCEL_VISUAL2_LO, (uint32_t)q->visual2);
    hal_write32(ACCEL_VISUAL2_HI, (uint32_t)((uint64_t)q->visual2 >> 32));
    hal_write32(ACCEL_PROTECTED2_LO, (uint32_t)q->protected2);
    hal_write32(ACCEL_PROTECTED2_HI, (uint32_t)((uint64_t)q->protected2 >> 32));
    if (a->steer != NEIGHBOR_STREAM_SUMS) {
        hal_write32(ACCEL_CENTERING, (uint32_t)q->centering);
        hal_write32(ACCEL_AVOID, (uint32_t)q->avoid);
    }
    /* the device's step 5 is the exact estimate's, with either edge rule
     * where it has CTRL.EDGES_PSEUDOCODE */
    a->run_steer = a->steer == NEIGHBOR_STREAM_LIMITED &&
                           (!q->speed_exact || (q->edges_pseudocode && !a->can_limit_pseudocode))
                       ? NEIGHBOR_STREAM_VELOCITY
                       : a->steer;
    a->run_edges_pseudocode = a->run_steer == NEIGHBOR_STREAM_LIMITED && q->edges_pseudocode;
    if (a->run_steer == NEIGHBOR_STREAM_LIMITED) {
        hal_write32(ACCEL_MINSPEED, (uint32_t)q->minspeed);
        hal_write32(ACCEL_MAXSPEED, (uint32_t)q->maxspeed);
    }
    /* step 3 on the device where its table holds the predators: a few
     * writes a frame, for about 45 CPU cycles a boid near one */
    a->run_flee = a->flee && a->steer >= NEIGHBOR_STREAM_VELOCITY &&
                  q->n_predators <= a->predators_max;
    if (a->run_flee) {
        hal_write32(ACCEL_PRED_COUNT, q->n_predators);
        hal_write32(ACCEL_PRED_RANGE, (uint32_t)q->predatorrange);
        hal_write32(ACCEL_PRED_TURN, (uint32_t)q->predatorturn);
        for (i = 0; i < q->n_predators; i++) {
            hal_write32(ACCEL_PREDATORS_BASE + i * ACCEL_PREDATOR_STRIDE, (uint32_t)q->predators[i].x);
            hal_write32(ACCEL_PREDATORS_BASE + i * ACCEL_PREDATOR_STRIDE + 4,
                        (uint32_t)q->predators[i].y);
        }
    }
    if (a->steer >= NEIGHBOR_STREAM_VELOCITY) {
        hal_write32(ACCEL_MATCHING, (uint32_t)q->matching);
        hal_write32(ACCEL_TURN, (uint32_t)q->turn);
        hal_write32(ACCEL_MARGIN, (uint32_t)q->margin);
        hal_write32(ACCEL_WORLD_W, (uint32_t)q->world_w);
        hal_write32(ACCEL_WORLD_H, (uint32_t)q->world_h);
    }
    if (a->sorting)
        return write_sorted(a, boids, n, q);
    if (a->bins)
        return write_binned(a->bins, boids, n, q);
    for (i = 0; i < n; i++)
        write_boid(i, &boids[i]);
    return NEIGHBORS_OK;
}

/* Polls STATUS until the run is DONE, within the run's polls; an error flag
 * or a run that never ends is a device error, never a hang. */
static inline int wait_done(neighbors_accel_t *a)
{
    for (;;) {
        uint32_t status = hal_read32(ACCEL_STATUS);
        if (check_errors(status) != NEIGHBORS_OK)
            return NEIGHBORS_E_DEVICE;
        if (status & ACCEL_STATUS_DONE) {
            hal_write32(ACCEL_STATUS, ACCEL_STATUS_DONE);
            a->last_cycles = hal_read32(ACCEL_CYCLES);
            a->total_cycles += a->last_cycles;
            return NEIGHBORS_OK;
        }
        if (a->polls_left == 0)
            return NEIGHBORS_E_DEVICE;
        a->polls_left--;
    }
}

static void start(neighbors_accel_t *a, uint32_t ctrl)
{
    a->polls_left = a->max_polls;
    hal_write32(ACCEL_CTRL, ctrl | ACCEL_CTRL_START);
}

static int run(neighbors_accel_t *a, uint32_t ctrl)
{
    start(a, ctrl);
    return wait_done(a);
}

static int accel_sums_one(void *ctx, uint32_t i, neighbor_sums_t *out)
{
    neighbors_accel_t *a = ctx;
    int rc;

    if (a->sorting) /* no slot of boid i known here */
        return NEIGHBORS_E_UNSUPPORTED;
    hal_write32(ACCEL_QUERY, entry_of(a, i));
    rc = run(a, 0);
    if (rc == NEIGHBORS_OK)
        neighbor_stream_read(result_address(entry_of(a, i)), out);
    return rc;
}

static int accel_moved(void *ctx, uint32_t i)
{
    neighbors_accel_t *a = ctx;

    if (a->sorting)
        return NEIGHBORS_E_UNSUPPORTED;
    write_boid(entry_of(a, i), &a->boids[i]);
    return NEIGHBORS_OK;
}

/* Waits until the running batch has finished entry k (the reader is done with
 * the entries below it) and returns how many are final. With a result ring
 * the device is first told so (RESULTS_FREED), and the count returned stops
 * half a ring past k, so that the reader comes back to free entries while
 * the batch still has room to run. */
static int wait_ready(neighbors_accel_t *a, uint32_t k, uint32_t *ready)
{
    uint32_t r;

    if (a->slots < a->n && k > 0)
        hal_write32(ACCEL_RESULTS_FREED, k);
    r = hal_read32(ACCEL_RESULTS_READY);
    if (r <= k) {
        a->waits++;
        do {
            if (a->polls_left == 0)
                return NEIGHBORS_E_DEVICE;
            a->polls_left--;
            r = hal_read32(ACCEL_RESULTS_READY);
        } while (r <= k);
    }
    if (a->slots < a->n && r - k > a->slots / 2)
        r = k + a->slots / 2;
    *ready = r;
    return NEIGHBORS_OK;
}

/* Starts a batch; a refused start is a device error (RESULTS_READY would
 * still count the last batch's entries). */
static int start_batch(neighbors_accel_t *a, uint32_t ctrl)
{
    start(a, ctrl);
    return check_errors(hal_read32(ACCEL_STATUS));
}

/* CTRL of the synchronous order's batch, steps aside. */
static uint32_t batch_ctrl(const neighbors_accel_t *a)
{
    if (a->sorting)
        return ACCEL_CTRL_BATCH | ACCEL_CTRL_BINNED | ACCEL_CTRL_SORT;
    return ACCEL_CTRL_BATCH | (a->bins ? ACCEL_CTRL_BINNED : 0);
}

/* Result entry k into out: at k, or after a sorted batch at the id the
 * device gives it, checked before it indexes out. */
static int read_entry(const neighbors_accel_t *a, uint32_t k, neighbor_sums_t *out)
{
    uint32_t at = result_address(k), i = k;

    if (a->sorting && (i = hal_read32(at + ACCEL_RESULT_ID)) >= a->n)
        return NEIGHBORS_E_DEVICE;
    neighbor_stream_read(at, &out[i]);
    return NEIGHBORS_OK;
}

static int accel_sums_all(void *ctx, neighbor_sums_t *out, const uint32_t **order)
{
    neighbors_accel_t *a = ctx;
    uint32_t i, ready = 0;
    const uint32_t ctrl = batch_ctrl(a);
    int rc;

    /* by slot, or by id (sorted: each entry put at its boid's id) */
    *order = a->bins && !a->sorting ? a->bins->slot_id : NULL;
    if (a->slots >= a->n) { /* all of them after the batch */
        if ((rc = run(a, ctrl)) != NEIGHBORS_OK)
            return rc;
        for (i = 0; i < a->n; i++)
            if ((rc = read_entry(a, i, out)) != NEIGHBORS_OK)
                return rc;
        return NEIGHBORS_OK;
    }
    if (start_batch(a, ctrl) != NEIGHBORS_OK) /* a ring: each as it is final */
        return NEIGHBORS_E_DEVICE;
    for (i = 0; i < a->n; i++) {
        if (i >= ready && (rc = wait_ready(a, i, &ready)) != NEIGHBORS_OK)
            return rc;
        if ((rc = read_entry(a, i, out)) != NEIGHBORS_OK)
            return rc;
    }
    return wait_done(a);
}

/* The batch's results where they are, as they become final (steered where
 * the engine steers): RESULTS_READY is read only when the rules have used
 * every entry it counted. A refused
 * start would leave it at the last batch's count, so STATUS is read once
 * after START; the batch's end is checked as a run's is. */
static int accel_sums_stream(void *ctx, uint32_t k, neighbor_stream_t *s)
{
    neighbors_accel_t *a = ctx;
    uint32_t ready;
    int rc;

    if (!a->streaming) {
        if (start_batch(a, batch_ctrl(a) |
                               (a->run_steer != NEIGHBOR_STREAM_SUMS ? ACCEL_CTRL_STEER : 0) |
                               (a->run_steer >= NEIGHBOR_STREAM_VELOCITY ? ACCEL_CTRL_VELOCITY : 0) |
                               (a->run_steer == NEIGHBOR_STREAM_LIMITED ? ACCEL_CTRL_LIMIT : 0) |
                               (a->run_flee ? ACCEL_CTRL_PREDATORS : 0) |
                               (a->run_edges_pseudocode ? ACCEL_CTRL_EDGES_PSEUDOCODE : 0)) !=
            NEIGHBORS_OK)
            return NEIGHBORS_E_DEVICE;
        a->streaming = 1;
        s->base = ACCEL_RESULTS_BASE;
        s->stride = ACCEL_RESULT_STRIDE;
        s->steered = (int)a->run_steer;
        s->fled = (int)a->run_flee;
        /* by slot with the order, by slot with each entry's id, or by id */
        s->order = a->bins && !a->sorting ? a->bins->slot_id : NULL;
        s->id_at = a->sorting ? ACCEL_RESULT_ID : 0;
    }
    if ((rc = wait_ready(a, k, &ready)) != NEIGHBORS_OK)
        return rc;
    s->ready = ready;
    return ready >= a->n ? wait_done(a) : NEIGHBORS_OK;
}

neighbor_engine_t neighbors_accel_engine(neighbors_accel_t *a)
{
    neighbor_engine_t e = {"accel", a, accel_begin, accel_sums_one, accel_moved, accel_sums_all,
                           accel_sums_stream};

    return e;
}
