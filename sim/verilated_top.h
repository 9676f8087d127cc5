// One Verilated top with a VGA output: its context and clock, the pins of
// every pixel clock for a video sink (system_sim.h's format) that runs on a
// thread of its own (video_pipe.h), and an FST trace that starts and stops. Shared by the system and SoC shims, which
// are compiled with TRACE 0 or 1 and PIXEL_PS, the pixel clock in ps. The
// one that is open serves system_sim.h's functions (system_sim_api.cpp).
#ifndef VERILATED_TOP_H
#define VERILATED_TOP_H

#include <cstdint>
#include <cstdio>
#include <memory>

#include "verilated.h"
#if TRACE
#include "verilated_fst_c.h"
#endif

#include "video_pipe.h"
#include "video_top.h"

// How the model goes through the clock's edges: by default a whole eval each.
// A shim may specialize it for its top, cheaper (system_sim.cpp). The first
// tick (the model's initial blocks run in its first eval) and a tick that is
// traced take whole evals whatever it says, and start a new ClockEdges.
template <typename Top>
struct ClockEdges {
    void fall(Top &top) { top.eval(); }
    void rise(Top &top) { top.eval(); }
};

template <typename Top>
struct VerilatedTop : VideoTop {
    VerilatedContext context;
    std::unique_ptr<Top> top;
    uint64_t cycles = 0;
    VideoPipe video;
    ClockEdges<Top> edges;
#if TRACE
    std::unique_ptr<VerilatedFstC> trace;
#endif

    VerilatedTop() {
#if TRACE
        context.traceEverOn(true);
#endif
        top.reset(new Top{&context});
        open_video_top = this;
    }
    ~VerilatedTop() override {
        flush();
        trace_stop();
        top->final();
        if (open_video_top == this) open_video_top = nullptr;
    }

    bool trace_compiled() const override { return TRACE != 0; }
    double pixel_mhz() const override { return 1e6 / PIXEL_PS; }

    void flush() override { video.flush(); }
    void wait_video() override { video.wait(); }
    void set_sink(system_video_sink s, void *ctx) override { video.set_sink(s, ctx); }

    // Both edges advance time by half a pixel period, so a trace shows real time.
    void tick() {
        bool whole = cycles == 0;
#if TRACE
        whole = whole || trace;
#endif
        top->clk = 0;
        if (whole) {
            top->eval();
            edges = ClockEdges<Top>{};
        } else {
            edges.fall(*top);
        }
#if TRACE
        if (trace) trace->dump(context.time());
#endif
        context.timeInc(PIXEL_PS / 2);
        top->clk = 1;
        if (whole)
            top->eval();
        else
            edges.rise(*top);
#if TRACE
        if (trace) trace->dump(context.time());
#endif
        context.timeInc(PIXEL_PS - PIXEL_PS / 2);
        cycles++;
        if (video.active())
            video.push((uint16_t)(top->vga_hsync << 13 | top->vga_vsync << 12 | top->vga_r << 8 |
                                  top->vga_g << 4 | top->vga_b));
    }

    int trace_start(const char *path, char *err, size_t errlen) override {
#if TRACE
        trace_stop();
        trace.reset(new VerilatedFstC);
        top->trace(trace.get(), 99);
        trace->open(path);
        if (!trace->isOpen()) {
            trace.reset();
            snprintf(err, errlen, "trace: cannot write %s", path);
            return -1;
        }
        return 0;
#else
        (void)path;
        snprintf(err, errlen, "trace: this build has no tracing compiled in");
        return -1;
#endif
    }

    void trace_stop() override {
#if TRACE
        if (trace) {
            trace->close();
            trace.reset();
        }
#endif
    }

    bool tracing() const override {
#if TRACE
        return trace != nullptr;
#else
        return false;
#endif
    }
};

#endif
