/* The mailbox: a block at the top of the SoC's RAM through which a host (the
 * simulator, over the SoC's host port) hands the firmware its flock and
 * parameters, changes them while it runs, and reads results back. Only
 * fixed-width fields, so the layout is the same on the 64-bit host and the
 * 32-bit CPU; both check sizeof. A board with no host boots without it. */
#ifndef SOC_MAILBOX_H
#define SOC_MAILBOX_H

#include <stdint.h>
#include "../app.h"
#include "../boid.h"
#include "../flock_params.h"

#ifndef SOC_BINS
#define SOC_BINS 0 /* 1: the app bins the synchronous batch (soc_main.c) */
#endif
#ifndef SOC_BOIDS_MAX
#define SOC_BOIDS_MAX 2048u /* the accelerator's N_MAX in the simulated SoC */
#endif
#define SOC_PREDATORS_MAX 16u
#define SOC_MAILBOX_MAGIC 0x424f4944u /* "BOID", written last by the host */
#define SOC_MAILBOX_ALIGN 64u
#ifndef SOC_START_COPY
#define SOC_START_COPY 1 /* 0: no copy of the starting flock; r scatters one anew */
#endif
#ifndef SOC_STACK_BYTES
#define SOC_STACK_BYTES 16384u /* the firmware's stack, just below the mailbox */
#endif

enum soc_state { SOC_BOOTING = 0, SOC_RUNNING = 1, SOC_HALTED = 2, SOC_FAILED = 3 };

/* One flock in plain arrays; the start copy and the live one. */
typedef struct {
    uint32_t n, n_predators;
    boid_t boid[SOC_BOIDS_MAX];
    boid_t predator[SOC_PREDATORS_MAX];
    gain_t biasval[SOC_BOIDS_MAX];
    uint8_t role[SOC_BOIDS_MAX];
} soc_flock_t;

typedef struct {
    /* host, before the CPU starts */
    uint32_t magic;     /* SOC_MAILBOX_MAGIC */
    uint32_t layout;    /* sizeof(soc_mailbox_t) as the host sees it */
    uint32_t steps;     /* flock steps, then EXIT; 0 runs until reset */
    uint32_t neighbors; /* enum app_engine */
    uint32_t paused;    /* start paused */
    uint32_t overlay;   /* start with the overlay on */
    gain_t biasval;     /* a new scout's bias (the g key) */
    uint32_t seed;      /* for boids the + key adds */
    /* host, at any time: the firmware rereads params when params_seq changes
     * (app_set_params), and the mouse when mouse_seq changes (app_mouse) */
    uint32_t params_seq;
    flock_params_t params;
    uint32_t mouse_seq;
    app_mouse_t mouse;
    /* firmware */
    uint32_t state;      /* enum soc_state */
    uint32_t error;      /* when SOC_FAILED: a boot check's code (20 to 24) or an APP_E_ status */
    uint32_t steps_done; /* flock steps since boot (or the last r) */
    uint32_t loops;      /* turns that took their input, one a frame at best (the host paces --keys by it) */
    uint32_t frame;      /* the display's FRAME_COUNT at the last turn */
    uint32_t stepping_loops;                      /* turns that stepped, since boot */
    uint32_t cycles_step_lo, cycles_step_hi;      /* clock cycles in those turns: */
    uint32_t cycles_draw_lo, cycles_draw_hi;      /*   flock step, sprites, and the */
    uint32_t cycles_wait_lo, cycles_wait_hi;      /*   wait for the next frame */
    uint32_t instret_lo, instret_hi;              /* instructions retired in steps */
    uint32_t first_wake_lo, first_wake_hi;        /* mcycle when the first and the last */
    uint32_t last_wake_lo, last_wake_hi;          /*   timed turn woke: the frame rate */
    uint32_t sum_waits_lo, sum_waits_hi;          /* times the rules waited for sums (accelerator) */
    uint32_t turn_max_lo, turn_max_hi;            /* the slowest timed turn's step and sprites */
#if SOC_START_COPY
    soc_flock_t start; /* host: the starting flock, which r goes back to */
#endif
    soc_flock_t live; /* firmware: the flock as it is now (without start, the host loads it here) */
} soc_mailbox_t;

/* Where the mailbox sits in a RAM of ram_bytes at address 0: its top. */
#define SOC_MAILBOX_ADDR(ram_bytes) \
    (((uint32_t)(ram_bytes) - (uint32_t)sizeof(soc_mailbox_t)) & ~(SOC_MAILBOX_ALIGN - 1u))

#endif
