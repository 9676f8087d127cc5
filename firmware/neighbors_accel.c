/* Neighbor engine on the RTL accelerator (see neighbors_accel.h and
 * docs/register-map.md). The sequential order writes each updated boid
 * back before the next query; the synchronous order runs one batch. */
#include "accel_regs.h"
#include "hal.h"
#include "neighbors_accel.h"

#define STATUS_ERRORS (ACCEL_STATUS_ERR_PARAM | ACCEL_STATUS_ERR_BUSY | ACCEL_STATUS_ERR_BUS)

int neighbors_accel_init(neighbors_accel_t *a)
{
    neighbors_accel_t empty = {0, 0, 0, 0, 0, 0, 0};

    *a = empty;
    if (hal_read32(ACCEL_ID) != ACCEL_ID_VALUE)
        return NEIGHBORS_E_DEVICE;
    a->n_max = hal_read32(ACCEL_NMAX);
    a->lanes = hal_read32(ACCEL_LANES);
    hal_write32(ACCEL_STATUS, ACCEL_STATUS_DONE | STATUS_ERRORS); /* start clean */
    return NEIGHBORS_OK;
}

static void write_boid(uint32_t i, const boid_t *b)
{
    uint32_t base = ACCEL_BOIDS_BASE + i * ACCEL_BOID_STRIDE;

    hal_write32(base + 0, (uint32_t)b->x);
    hal_write32(base + 4, (uint32_t)b->y);
    hal_write32(base + 8, (uint32_t)b->vx);
    hal_write32(base + 12, (uint32_t)b->vy);
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
    /* A batch needs about N^2/LANES cycles; allow ten times that in polls. */
    a->max_polls = 10 * (n / (a->lanes ? a->lanes : 1) + 1) * (n + 16) + 1000;
    hal_write32(ACCEL_COUNT, n);
    hal_write32(ACCEL_VISUAL, (uint32_t)q->visualrange);
    hal_write32(ACCEL_VISUAL2_LO, (uint32_t)q->visual2);
    hal_write32(ACCEL_VISUAL2_HI, (uint32_t)((uint64_t)q->visual2 >> 32));
    hal_write32(ACCEL_PROTECTED2_LO, (uint32_t)q->protected2);
    hal_write32(ACCEL_PROTECTED2_HI, (uint32_t)((uint64_t)q->protected2 >> 32));
    for (i = 0; i < n; i++)
        write_boid(i, &boids[i]);
    return NEIGHBORS_OK;
}

/* Starts a run and waits for DONE; any error flag or a run that never ends
 * is a device error, never a hang. */
static int run(neighbors_accel_t *a, uint32_t ctrl)
{
    uint32_t polls, status;

    hal_write32(ACCEL_CTRL, ctrl | ACCEL_CTRL_START);
    for (polls = 0; polls < a->max_polls; polls++) {
        status = hal_read32(ACCEL_STATUS);
        if (status & STATUS_ERRORS) {
            hal_write32(ACCEL_STATUS, status & STATUS_ERRORS);
            return NEIGHBORS_E_DEVICE;
        }
        if (status & ACCEL_STATUS_DONE) {
            hal_write32(ACCEL_STATUS, ACCEL_STATUS_DONE);
            a->last_cycles = hal_read32(ACCEL_CYCLES);
            a->total_cycles += a->last_cycles;
            return NEIGHBORS_OK;
        }
    }
    return NEIGHBORS_E_DEVICE;
}

/* One load a sum: the result words are the sums, sign-extended to 32 bits.
 * The weighted rule set's sums are left alone (the accelerator computes the
 * Cornell sums only, and neighbors.h fills those for weighted queries). */
static inline void read_result(uint32_t entry, neighbor_sums_t *s)
{
    uint32_t base = ACCEL_RESULTS_BASE + entry * ACCEL_RESULT_STRIDE;

    s->sep_x = fx_i32(hal_read32(base + ACCEL_RESULT_SEP_X));
    s->sep_y = fx_i32(hal_read32(base + ACCEL_RESULT_SEP_Y));
    s->coh_x = fx_i32(hal_read32(base + ACCEL_RESULT_COH_X));
    s->coh_y = fx_i32(hal_read32(base + ACCEL_RESULT_COH_Y));
    s->ali_x = fx_i32(hal_read32(base + ACCEL_RESULT_ALI_X));
    s->ali_y = fx_i32(hal_read32(base + ACCEL_RESULT_ALI_Y));
    s->count = hal_read32(base + ACCEL_RESULT_COUNT);
}

static int accel_sums_one(void *ctx, uint32_t i, neighbor_sums_t *out)
{
    neighbors_accel_t *a = ctx;
    int rc;

    hal_write32(ACCEL_QUERY, i);
    rc = run(a, 0);
    if (rc == NEIGHBORS_OK)
        read_result(i, out);
    return rc;
}

static int accel_moved(void *ctx, uint32_t i)
{
    neighbors_accel_t *a = ctx;

    write_boid(i, &a->boids[i]);
    return NEIGHBORS_OK;
}

static int accel_sums_all(void *ctx, neighbor_sums_t *out, const uint32_t **order)
{
    neighbors_accel_t *a = ctx;
    uint32_t i;
    int rc = run(a, ACCEL_CTRL_BATCH);

    if (rc != NEIGHBORS_OK)
        return rc;
    for (i = 0; i < a->n; i++)
        read_result(i, &out[i]);
    *order = 0; /* by id */
    return NEIGHBORS_OK;
}

neighbor_engine_t neighbors_accel_engine(neighbors_accel_t *a)
{
    neighbor_engine_t e = {"accel", a, accel_begin, accel_sums_one, accel_moved, accel_sums_all};

    return e;
}
