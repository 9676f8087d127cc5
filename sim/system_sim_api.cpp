// system_sim.h on whichever Verilated model is open (video_top.h): the
// system's or the SoC's. One copy, linked with both shims.
#include <cstdio>

#include "video_top.h"

VideoTop *open_video_top = nullptr;

extern "C" void system_sim_set_video_sink(system_video_sink sink, void *ctx) {
    if (open_video_top) open_video_top->set_sink(sink, ctx);
}

extern "C" void system_sim_flush_video(void) {
    if (open_video_top) open_video_top->flush();
}

extern "C" double system_sim_pixel_mhz(void) { return open_video_top ? open_video_top->pixel_mhz() : 0.0; }

extern "C" int system_sim_trace_available(void) {
    return open_video_top && open_video_top->trace_compiled() ? 1 : 0;
}

extern "C" int system_sim_trace_start(const char *path, char *err, size_t errlen) {
    if (!open_video_top) {
        snprintf(err, errlen, "trace: the simulation is not open");
        return -1;
    }
    return open_video_top->trace_start(path, err, errlen);
}

extern "C" void system_sim_trace_stop(void) {
    if (open_video_top) open_video_top->trace_stop();
}

extern "C" int system_sim_tracing(void) { return open_video_top && open_video_top->tracing() ? 1 : 0; }
