/* Neighbor engine on the RTL accelerator, through the HAL: the third
 * implementation of neighbors.h, with the same sums bit for bit. Cornell
 * sums only: the weighted rule set's extra sums stay in software. */
#ifndef NEIGHBORS_ACCEL_H
#define NEIGHBORS_ACCEL_H

#include "accel_bins.h"
#include "neighbors.h"

typedef struct {
    const boid_t *boids;
    uint32_t n, n_max, lanes;
    uint32_t slots;       /* result entries the device keeps: n_max, or fewer in a ring */
    uint32_t max_polls;   /* status reads before a run counts as hung */
    uint32_t polls_left;  /* of the run in progress */
    uint32_t streaming;   /* the batch of sums_stream has started since begin */
    uint32_t last_cycles; /* CYCLES of the last run */
    uint64_t total_cycles;
    uint64_t waits;       /* sums_stream calls that found boid k's sums not yet final */
    accel_bins_t *bins;   /* not NULL: binned batches, boids in slot order */
    uint32_t bin_cells;   /* BIN_CELLS: the sorter's most cells; 0, no sorter */
    uint32_t can_sort;    /* the device has the sorter (and binning, which it feeds) */
    uint32_t sorting;     /* the device sorts each frame's batch (before bins) */
    uint32_t can_steer;   /* the device has CTRL.STEER */
    uint32_t can_velocity; /* ... and CTRL.VELOCITY */
    uint32_t can_limit;   /* ... and CTRL.LIMIT */
    uint32_t can_limit_pseudocode; /* ... and CTRL.EDGES_PSEUDOCODE */
    uint32_t steer;       /* what sums_stream's batches make of their entries:
                             NEIGHBOR_STREAM_SUMS, _STEERING, _VELOCITY or _LIMITED */
    uint32_t run_steer;   /* what this frame's batch makes of them: steer, but
                             _VELOCITY for _LIMITED where the query's speed
                             limit is not the exact one */
    uint32_t predators_max; /* PREDATORS_MAX: the device's predator table (CTRL.PREDATORS) */
    uint32_t flee;        /* a batch with velocity takes step 3 on the device where it can */
    uint32_t run_flee;    /* this frame's batch does: the query's predators fit the table */
    uint32_t run_edges_pseudocode; /* its step 5 is the pseudocode's at the edges */
} neighbors_accel_t;

/* Checks the ID register and reads the build parameters. Returns 0, or
 * NEIGHBORS_E_DEVICE if no accelerator answers. */
int neighbors_accel_init(neighbors_accel_t *a);
/* Binned batches from the next begin on: each frame the engine sorts the
 * flock by cell into bins (accel_bins_init'ed for this device's LANES; a
 * flock larger than its n_max is NEIGHBORS_E_CAPACITY), writes the boids in
 * slot order and each pass's ranges, and the batch streams only the
 * candidates; sums_all and sums_stream return them in slot order (with the
 * order), query runs go to a boid's slot. NULL: plain batches again.
 * Returns NEIGHBORS_E_UNSUPPORTED (and changes nothing) if the device was
 * built without binning or bins has other LANES. */
int neighbors_accel_use_bins(neighbors_accel_t *a, accel_bins_t *bins);
/* Sorted batches from the next begin on (on != 0), before bins: each frame
 * the device's sorter files the boids by cell as accel_bins_sort would with
 * BIN_CELLS cells (begin writes each boid's cell position, then the boids;
 * the device keeps them in slot order), writes the pass table itself, and
 * runs the binned batch. Entries are in slot order with their boid's id in
 * the entry (ACCEL_RESULT_ID): sums_all puts each at out[id] (order NULL),
 * sums_stream says so with neighbor_stream_t.id_at. The device alone knows
 * a boid's slot, so sums_one and moved return NEIGHBORS_E_UNSUPPORTED: for
 * the synchronous order only. on = 0: bins or plain batches again.
 * Returns NEIGHBORS_E_UNSUPPORTED (and changes nothing) if the device has no
 * sorter. */
int neighbors_accel_use_sorter(neighbors_accel_t *a, int on);
/* What sums_stream's batches have the device make of each entry
 * (neighbor_stream_t.steered): NEIGHBOR_STREAM_SUMS, _STEERING (its neighbour
 * steering, with the query's gains), _VELOCITY (the boid's velocity after
 * the rules' steps 1 and 2 as well) or _LIMITED (and after step 5's common
 * case; a frame whose query has not the exact speed estimate gets _VELOCITY). From init the most the device can;
 * NEIGHBORS_E_UNSUPPORTED, and no change, for more than it can. sums_one and
 * sums_all always give sums. */
int neighbors_accel_use_steer(neighbors_accel_t *a, int what);
/* Whether a batch with velocity (_VELOCITY or _LIMITED) also takes the rules'
 * step 3 on the device (on != 0; from init where the device can): begin
 * writes the query's predators into its table, where they fit, and the
 * stream says so (neighbor_stream_t.fled). NEIGHBORS_E_UNSUPPORTED, and no
 * change, on a device without the table. */
int neighbors_accel_use_predators(neighbors_accel_t *a, int on);
/* 1 if the next begin gives the device the flock in id order, boid k the
 * k-th (plain batches and query runs: entry k; the device's sort: the k-th
 * APPEND), 0 if in slot order (bins): a display that makes its sprites from
 * the device's boids (display_tap_open) may use it only then. */
static inline int neighbors_accel_in_id_order(const neighbors_accel_t *a)
{
    return a->sorting || a->bins == NULL;
}
neighbor_engine_t neighbors_accel_engine(neighbors_accel_t *a);

#endif
