/* The Verilated accelerator as a flock_sim device: what a host program passes
 * to flock_sim_open for --neighbors accel. One per process, as on a board. */
#ifndef ACCEL_DEVICE_H
#define ACCEL_DEVICE_H

#include "../host/flock_sim.h"

/* The one device; its open() opens the co-simulation unless the caller
 * already holds it open (then it borrows it, and close() leaves it open). */
flock_device_t *accel_device(void);

#endif
