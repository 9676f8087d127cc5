/* The whole system (rtl/boids_system.v: accelerator and display on one bus)
 * in Verilator. It implements accel_sim.h, so the firmware and the host code
 * run on it unchanged, and adds what a monitor and a waveform viewer need:
 * the VGA pins of every pixel clock, and an FST trace that can be started
 * and stopped. */
#ifndef SYSTEM_SIM_H
#define SYSTEM_SIM_H

#include <stddef.h>
#include <stdint.h>
#include "accel_sim.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Implemented by system_sim.cpp and by the SoC's soc_sim.cpp. */

/* Receives the VGA pins in chunks, one sample a pixel clock, in the format of
 * vga_decoder.h (bit 13 hsync, 12 vsync, 11:0 RGB). */
typedef void (*system_video_sink)(void *ctx, const uint16_t *samples, size_t n);

void system_sim_set_video_sink(system_video_sink sink, void *ctx);
/* The sink runs on a thread of its own (sim/video_pipe.h), fed in chunks
 * while the model runs on; what it writes may be read only after one of these.
 * Flush: returns once the sink has had every sample so far. Wait: once it has
 * had every whole chunk so far, the samples it would have had before without
 * the thread (the model's tick handed it each chunk as it filled). */
void system_sim_flush_video(void);
void system_sim_wait_video(void);
/* The pixel clock the simulated time runs at (the mode's, in MHz). */
double system_sim_pixel_mhz(void);
/* The video mode the model was built for (make MODE=..., sim/video_modes.h),
 * by the VGA decoder's name for it ("640x480@60"); known before it opens. */
const char *system_sim_video_mode_name(void);
/* Starts writing an FST trace of every signal from the next cycle on, into
 * a temporary beside path (atomic_file.h): if the run fails or is killed, an
 * old file at path stays as it was. 0, or -1 with a message. */
int system_sim_trace_start(const char *path, char *err, size_t errlen);
/* Ends the trace and renames it into place if it is whole; -1 with a message
 * if it could not be written whole (a full disk), the old file kept. 0 when
 * no trace runs. */
int system_sim_trace_finish(char *err, size_t errlen);
/* Ends the trace and throws it away (a failed run): the old file stays. */
void system_sim_trace_discard(void);
int system_sim_tracing(void);
/* Whether this model was built with tracing compiled in. */
int system_sim_trace_available(void);

#ifdef __cplusplus
}
#endif

#endif
