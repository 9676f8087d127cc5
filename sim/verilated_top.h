// One Verilated top with a VGA output: its context and clock, the pins of
// every pixel clock gathered for a video sink (system_sim.h's format), and an
// FST trace that starts and stops. Shared by the system and SoC shims, which
// are compiled with TRACE 0 or 1 and PIXEL_PS, the pixel clock in ps. The
// one that is open serves system_sim.h's functions (system_sim_api.cpp).
// A model built with PIXEL_CLOCK_SEPARATE 1 has two clocks: clk, period
// SYSTEM_PS, and clk_pixel, period PIXEL_PS; tick() is then one cycle of clk,
// the pixel clock's edges falling where they fall in simulated time.
#ifndef VERILATED_TOP_H
#define VERILATED_TOP_H

#include <cstdint>
#include <cstdio>
#include <memory>
#include <vector>

#include "verilated.h"
#if TRACE
#include "verilated_fst_c.h"
#endif

#include "video_top.h"

#ifndef PIXEL_CLOCK_SEPARATE
#define PIXEL_CLOCK_SEPARATE 0
#endif

template <typename Top>
struct VerilatedTop : VideoTop {
    static constexpr size_t VIDEO_CHUNK = 16384;
    VerilatedContext context;
    std::unique_ptr<Top> top;
    uint64_t cycles = 0;        // of clk
    uint64_t pixel_cycles = 0;  // of the pixel clock (clk's own with one clock)
    std::vector<uint16_t> video;
    system_video_sink sink = nullptr;
    void *sink_ctx = nullptr;
#if TRACE
    std::unique_ptr<VerilatedFstC> trace;
#endif

    VerilatedTop() {
#if TRACE
        context.traceEverOn(true);
#endif
        top.reset(new Top{&context});
        video.reserve(VIDEO_CHUNK);
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

    void flush() override {
        if (sink && !video.empty()) sink(sink_ctx, video.data(), video.size());
        video.clear();
    }

    void set_sink(system_video_sink s, void *ctx) override {
        flush();
        sink = s;
        sink_ctx = ctx;
    }

    // The pins after a rising edge of the pixel clock, for the sink.
    void sample_video() {
        pixel_cycles++;
        if (sink) {
            video.push_back((uint16_t)(top->vga_hsync << 13 | top->vga_vsync << 12 | top->vga_r << 8 |
                                       top->vga_g << 4 | top->vga_b));
            if (video.size() == VIDEO_CHUNK) flush();
        }
    }

    void dump() {
#if TRACE
        if (trace) trace->dump(context.time());
#endif
    }

#if PIXEL_CLOCK_SEPARATE
    // Two clocks: edge n of a clock of period P falls at n * P / 2 ps (rounded
    // down, so neither drifts). Each step goes to the earliest next edge, applies
    // every edge due then (both, where they coincide) and evaluates once.
    uint64_t sys_edges = 0, pix_edges = 0;

    static uint64_t edge_ps(uint64_t n, uint64_t period) { return n * period / 2; }

    void tick() {
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
    // Both edges advance time by half a pixel period, so a trace shows real time.
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
