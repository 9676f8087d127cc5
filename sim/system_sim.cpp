// The Verilated system (rtl/boids_system.v) behind accel_sim.h and
// system_sim.h, and the firmware HAL on top of it. VTOP names the Verilated
// class, VARIANT its parameters, PIXEL_PS the pixel clock period in ps;
// TRACE is 1 when the model was built with --trace-fst.
#include <cstdint>
#include <cstdio>
#include <memory>

#include VTOP_HEADER
#include "verilated_top.h"
#include "wishbone_master.h"

extern "C" {
#include "system_sim.h"
#include "hal.h"
}

namespace {

using SystemSim = VerilatedTop<VTOP>;

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
    if (sim) sim->set_sink(sink, ctx);
}

extern "C" void system_sim_flush_video(void) {
    if (sim) sim->flush();
}

extern "C" double system_sim_pixel_mhz(void) { return 1e6 / PIXEL_PS; }


extern "C" int system_sim_trace_available(void) { return TRACE; }

extern "C" int system_sim_trace_start(const char *path, char *err, size_t errlen) {
    if (!sim) {
        snprintf(err, errlen, "trace: the simulation is not open");
        return -1;
    }
    return sim->trace_start(path, err, errlen);
}

extern "C" void system_sim_trace_stop(void) {
    if (sim) sim->trace_stop();
}

extern "C" int system_sim_tracing(void) { return sim && sim->tracing() ? 1 : 0; }

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
