// The Verilated system (rtl/boids_system.v) behind accel_sim.h and
// system_sim.h, and the firmware HAL on top of it. VTOP names the Verilated
// class, VARIANT its parameters, PIXEL_PS the pixel clock period in ps;
// TRACE is 1 when the model was built with --trace-fst.
#include <cstdint>
#include <cstdio>
#include <memory>
#include <vector>

#include "verilated.h"
#if TRACE
#include "verilated_fst_c.h"
#endif
#include VTOP_HEADER
#include "wishbone_master.h"

extern "C" {
#include "system_sim.h"
#include "hal.h"
}

namespace {

constexpr size_t VIDEO_CHUNK = 16384;

struct SystemSim {
    VerilatedContext context;
    std::unique_ptr<VTOP> top;
    uint64_t cycles = 0;
    std::vector<uint16_t> video;
    system_video_sink sink = nullptr;
    void *sink_ctx = nullptr;
#if TRACE
    std::unique_ptr<VerilatedFstC> trace;
#endif

    SystemSim() {
#if TRACE
        context.traceEverOn(true);
#endif
        top.reset(new VTOP{&context});
        video.reserve(VIDEO_CHUNK);
    }
    ~SystemSim() {
        flush();
#if TRACE
        if (trace) trace->close();
#endif
        top->final();
    }

    void flush() {
        if (sink && !video.empty()) sink(sink_ctx, video.data(), video.size());
        video.clear();
    }

    // Both edges advance time by half a pixel period, so a trace shows real time.
    void tick() {
        top->clk = 0;
        top->eval();
#if TRACE
        if (trace) trace->dump(context.time());
#endif
        context.timeInc(PIXEL_PS / 2);
        top->clk = 1;
        top->eval();
#if TRACE
        if (trace) trace->dump(context.time());
#endif
        context.timeInc(PIXEL_PS - PIXEL_PS / 2);
        cycles++;
        if (sink) {
            video.push_back((uint16_t)(top->vga_hsync << 13 | top->vga_vsync << 12 | top->vga_r << 8 |
                                       top->vga_g << 4 | top->vga_b));
            if (video.size() == VIDEO_CHUNK) flush();
        }
    }
};

std::unique_ptr<SystemSim> sim;

int bus_cycle(bool write, uint32_t addr, uint32_t wdata, uint32_t *rdata) {
    return sim ? wishbone_access(*sim, write, addr & ((1u << 21) - 1), wdata, rdata) : -1;
}

}  // namespace

extern "C" int accel_sim_open(void) {
    if (sim) return -1;
    sim.reset(new SystemSim());
    accel_sim_reset();
    return 0;
}

extern "C" int accel_sim_is_open(void) { return sim != nullptr; }

extern "C" void accel_sim_close(void) { sim.reset(); }

extern "C" void accel_sim_reset(void) {
    if (sim) wishbone_reset(*sim);
}

extern "C" void accel_sim_tick(uint64_t cycles) {
    while (sim && cycles--) sim->tick();
}

extern "C" int accel_sim_write(uint32_t addr, uint32_t data) { return bus_cycle(true, addr, data, nullptr); }

extern "C" int accel_sim_read(uint32_t addr, uint32_t *data) { return bus_cycle(false, addr, 0, data); }

extern "C" uint64_t accel_sim_cycles(void) { return sim ? sim->cycles : 0; }

extern "C" int accel_sim_irq(void) { return sim ? sim->top->irq_accel_o : 0; }

extern "C" const char *accel_sim_variant(void) { return VARIANT; }

extern "C" void system_sim_set_video_sink(system_video_sink sink, void *ctx) {
    if (!sim) return;
    sim->flush();
    sim->sink = sink;
    sim->sink_ctx = ctx;
}

extern "C" void system_sim_flush_video(void) {
    if (sim) sim->flush();
}

extern "C" double system_sim_pixel_mhz(void) { return 1e6 / PIXEL_PS; }

extern "C" int system_sim_irq_display(void) { return sim ? sim->top->irq_display_o : 0; }

extern "C" int system_sim_trace_available(void) { return TRACE; }

extern "C" int system_sim_trace_start(const char *path, char *err, size_t errlen) {
#if TRACE
    if (!sim) {
        snprintf(err, errlen, "trace: the simulation is not open");
        return -1;
    }
    system_sim_trace_stop();
    sim->trace.reset(new VerilatedFstC);
    sim->top->trace(sim->trace.get(), 99);
    sim->trace->open(path);
    if (!sim->trace->isOpen()) {
        sim->trace.reset();
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

extern "C" void system_sim_trace_stop(void) {
#if TRACE
    if (sim && sim->trace) {
        sim->trace->close();
        sim->trace.reset();
    }
#endif
}

extern "C" int system_sim_tracing(void) {
#if TRACE
    return sim && sim->trace ? 1 : 0;
#else
    return 0;
#endif
}

// The HAL: a bus error reads as all ones, which no status check accepts.
extern "C" uint32_t hal_read32(uint32_t offset) {
    uint32_t value = 0xffffffffu;
    accel_sim_read(offset, &value);
    return value;
}

extern "C" void hal_write32(uint32_t offset, uint32_t value) { accel_sim_write(offset, value); }

// As wfi on a CPU: sleeps until an interrupt line is up, at most two frames
// of the largest mode so that a wait nobody will end still returns.
extern "C" void hal_wait_interrupt(void) {
    for (uint32_t i = 0; sim && i < (1u << 22); i++) {
        if (sim->top->irq_display_o || sim->top->irq_accel_o) return;
        sim->tick();
    }
}
