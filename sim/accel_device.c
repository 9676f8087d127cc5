/* The Verilated accelerator as a flock_sim device (accel_device.h). */
#include <stdio.h>
#include "accel_device.h"
#include "accel_sim.h"
#include "../firmware/neighbors_accel.h"

typedef struct {
    neighbors_accel_t accel;
    int opened; /* this device opened the co-simulation (else it borrows it) */
} accel_device_state_t;

static int accel_device_open(flock_device_t *d, uint32_t n, neighbor_engine_t *engine, char *err,
                             size_t errlen)
{
    accel_device_state_t *a = d->ctx;

    if (!accel_sim_is_open()) {
        if (accel_sim_open() != 0) {
            snprintf(err, errlen, "--neighbors accel: the co-simulation does not open");
            return -1;
        }
        a->opened = 1;
    }
    if (neighbors_accel_init(&a->accel) != NEIGHBORS_OK) {
        snprintf(err, errlen, "--neighbors accel: the accelerator does not answer");
        d->close(d);
        return -1;
    }
    if (n > a->accel.n_max) {
        snprintf(err, errlen, "--neighbors accel: %u boids, but this build's accelerator (%s) "
                              "holds at most %u", n, accel_sim_variant(), a->accel.n_max);
        d->close(d);
        return -1;
    }
    *engine = neighbors_accel_engine(&a->accel);
    return 0;
}

static void accel_device_close(flock_device_t *d)
{
    accel_device_state_t *a = d->ctx;

    if (a->opened)
        accel_sim_close();
    a->opened = 0;
}

flock_device_t *accel_device(void)
{
    static accel_device_state_t state;
    static flock_device_t device = {accel_device_open, accel_device_close, &state};

    return &device;
}
