// The Verilated system (rtl/boids_system.v) behind accel_sim.h and
// system_sim.h, and the firmware HAL on top of it. VTOP names the Verilated
// class, VARIANT its parameters, PIXEL_PS the pixel clock period in ps;
// TRACE is 1 when the model was built with --trace-fst.
#include <cstdint>
#include <cstdio>
#include <memory>

#include VTOP_HEADER
#include "Vsystem___024root.h"
#include "verilated_top.h"
#include "wishbone_master.h"

// The generated model's evaluation, which Vsystem::eval() wraps in
// bookkeeping for multithreaded models and the first eval (initial blocks).
void Vsystem___024root___eval(Vsystem___024root *vlSelf);

// One eval a clock. Nothing in rtl/boids_system.v runs on the falling edge;
// all it changes is the accelerator's simulation clock gate (boids_accel.v,
// g_sim_clock_gate: a latch open while clk is low) and the edge detectors of
// clk and the gated clock. fall() does the same to the model's variables, so
// the rising edge's eval sees what it would have seen after a whole eval at
// clk 0. tests/test_sim.sh compares runs with and without it (a trace takes
// whole evals); docs/performance.md has the measurements.
template <>
struct ClockEdges<Vsystem> {
    static void fall(Vsystem &top) {
        Vsystem___024root &r = *top.rootp;
        r.boids_system__DOT__g_accel__DOT__u_accel__DOT__g_sim_clock_gate__DOT__run_clk =
            r.rst | r.boids_system__DOT__g_accel__DOT__u_accel__DOT__busy | r.boids_system__DOT__accel_ack |
            r.boids_system__DOT__g_accel__DOT__u_accel__DOT__wr_seen |
            (r.wb_cyc_i & r.wb_stb_i & !(r.wb_adr_i >> 20));
        r.boids_system__DOT__g_accel__DOT__u_accel__DOT__gclk = 0;
        r.__Vtrigrprev__TOP__clk = 0;
        r.__Vtrigrprev__TOP__boids_system__DOT__g_accel__DOT__u_accel__DOT__gclk = 0;
    }
    static void rise(Vsystem &top) { Vsystem___024root___eval(top.rootp); }
};

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
