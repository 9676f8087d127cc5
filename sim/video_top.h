// The open Verilated model with a VGA output, as system_sim.h's functions
// (system_sim_api.cpp) see it, whichever shim opened it: verilated_top.h
// implements this for any top.
#ifndef VIDEO_TOP_H
#define VIDEO_TOP_H

#include <cstddef>

extern "C" {
#include "system_sim.h"
}

// What system_sim.h's functions need of the open model, whichever it is.
struct VideoTop {
    virtual ~VideoTop() {}
    virtual void set_sink(system_video_sink s, void *ctx) = 0;
    virtual void flush() = 0;
    virtual void wait_video() = 0;
    virtual int trace_start(const char *path, char *err, size_t errlen) = 0;
    // Ends the trace; -1 with why if its writer could not close (trace_close.h).
    virtual int trace_stop(char *why, size_t whylen) = 0;
    virtual bool tracing() const = 0;
    virtual bool trace_compiled() const = 0;
    virtual double pixel_mhz() const = 0;
};

// The open model (at most one), or nullptr; kept by VerilatedTop.
extern VideoTop *open_video_top;

#endif
