// One Verilated top with a VGA output: its context and clock, the pins of
// every pixel clock for a video sink (system_sim.h's format) that runs on a
// thread of its own (video_pipe.h), and an FST trace that starts and stops.
// Shared by the system and SoC shims, which are compiled with TRACE 0 or 1
// and PIXEL_PS, the pixel clock in ps. The one that is open serves
// system_sim.h's functions (system_sim_api.cpp).
// A model built with PIXEL_CLOCK_SEPARATE 1 has two clocks: clk, period
// SYSTEM_PS, and clk_pixel, period PIXEL_PS; tick() is then one cycle of clk,
// the pixel clock's edges falling where they fall in simulated time.
// Verilator's public API only: set the clocks and inputs, eval(), read the
// ports. Nothing here knows how a Verilator schedules the model inside, so
// any release builds it, and a traced run evaluates exactly as an untraced one.
#ifndef VERILATED_TOP_H
#define VERILATED_TOP_H

#include <cstdint>
#include <cstdio>
#include <memory>
#include <string>

#include "verilated.h"
#if TRACE
#include "verilated_fst_c.h"
#include "trace_close.h"
#endif

#include "video_pipe.h"
#include "video_top.h"

#ifndef PIXEL_CLOCK_SEPARATE
#define PIXEL_CLOCK_SEPARATE 0
#endif

template <typename Top>
struct VerilatedTop : VideoTop {
    VerilatedContext context;
    std::unique_ptr<Top> top;
    uint64_t cycles = 0;        // of clk
    uint64_t pixel_cycles = 0;  // of the pixel clock (clk's own with one clock)
    VideoPipe video;
#if TRACE
    std::unique_ptr<VerilatedFstC> trace;
    std::string trace_path;
#endif

    VerilatedTop() {
#if TRACE
        context.traceEverOn(true);
#endif
        top.reset(new Top{&context});
        open_video_top = this;
    }
    ~VerilatedTop() override {
        char why[160];
        flush();
        (void)trace_stop(why, sizeof why);
        top->final();
        if (open_video_top == this) open_video_top = nullptr;
    }

    bool trace_compiled() const override { return TRACE != 0; }
    double pixel_mhz() const override { return 1e6 / PIXEL_PS; }

    void flush() override { video.flush(); }
    void wait_video() override { video.wait(); }
    void set_sink(system_video_sink s, void *ctx) override { video.set_sink(s, ctx); }

    // The pins after a rising edge of the pixel clock, for the monitor.
    void sample_video() {
        pixel_cycles++;
        if (video.active())
            video.push((uint16_t)(top->vga_hsync << 13 | top->vga_vsync << 12 | top->vga_r << 8 |
                                  top->vga_g << 4 | top->vga_b));
    }

    void dump() {
#if TRACE
        if (trace) trace->dump(context.time());
#endif
    }

#if PIXEL_CLOCK_SEPARATE
    // Two clocks: edge n of a clock of period P falls at n * P / 2 ps (rounded
    // down, so neither drifts). Each step goes to the earliest next edge,
    // applies every edge due then (both, where they coincide) and evaluates
    // once.
    uint64_t sys_edges = 0, pix_edges = 0;

    static uint64_t edge_ps(uint64_t n, uint64_t period) { return n * period / 2; }

    void tick() {
        // the model's first eval, at time 0 with both clocks low, runs its
        // initial blocks, so that clk's first rise below is an edge to it
        if (cycles == 0) top->eval();
        for (;;) {
            uint64_t t_sys = edge_ps(sys_edges + 1, SYSTEM_PS), t_pix = edge_ps(pix_edges + 1, PIXEL_PS);
            uint64_t t = t_sys < t_pix ? t_sys : t_pix;
            bool sys_rise = false, pix_rise = false;
            context.time(t);
            if (t_sys == t) {
                sys_edges++;
                top->clk = !top->clk;
                sys_rise = top->clk;
            }
            if (t_pix == t) {
                pix_edges++;
                top->clk_pixel = !top->clk_pixel;
                pix_rise = top->clk_pixel;
            }
            top->eval();
            dump();
            if (pix_rise) sample_video();
            if (sys_rise) break;
        }
        cycles++;
    }
#else
    // Both edges advance time by half a pixel period, so a trace shows real
    // time.
    void tick() {
        top->clk = 0;
        top->eval();
        dump();
        context.timeInc(PIXEL_PS / 2);
        top->clk = 1;
        top->eval();
        dump();
        context.timeInc(PIXEL_PS - PIXEL_PS / 2);
        cycles++;
        sample_video();
    }
#endif

    // Clocks until done() holds, looked at before each, at most max of them
    // (the firmware's wait for an interrupt, a pause). Returns the clocks.
    template <typename Done>
    uint64_t tick_until(uint64_t max, Done done) {
        uint64_t n = 0;
        for (; n < max && !done(); n++) tick();
        return n;
    }

    int trace_start(const char *path, char *err, size_t errlen) override {
#if TRACE
        char why[160];
        (void)trace_stop(why, sizeof why);
        trace.reset(new VerilatedFstC);
        top->trace(trace.get(), 99);
        trace_path = path;
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

    int trace_stop(char *why, size_t whylen) override {
#if TRACE
        if (trace) {
            if (trace_close::close_checked(trace.get(), trace_path.c_str(), why, whylen) != 0) {
                (void)trace.release();  // abandoned: its destructor would close it
                return -1;
            }
            trace.reset();
        }
#else
        (void)why;
        (void)whylen;
#endif
        return 0;
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
