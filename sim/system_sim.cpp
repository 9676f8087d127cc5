// The Verilated system (rtl/boids_system.v) behind accel_sim.h and
// system_sim.h, and the firmware HAL on top of it. VTOP names the Verilated
// class, VARIANT its parameters, VIDEO_MODE_NAME its video mode (the VGA
// decoder's name), PIXEL_PS the pixel clock period in ps; TRACE is 1 when the
// model was built with --trace-fst.
#include <cstdint>
#include <cstdio>
#include <memory>
#include <type_traits>

#include VTOP_HEADER
#include "Vsystem___024root.h"
#include "verilated_top.h"
#include "wishbone_master.h"

// The generated model's parts, as Verilator 5.006 names them for boids_system
// (the *.cpp beside Vsystem.h in the build directory). Another Verilator may
// name or schedule them otherwise: the build then fails here, and deleting the
// specialization below goes back to a whole eval an edge.
void Vsystem___024root___ico_sequent__TOP__0(Vsystem___024root *vlSelf);
void Vsystem___024root___eval_nba(Vsystem___024root *vlSelf);

// A clock without the two whole evals, the pins and the bus the same every
// clock (docs/performance.md has the figures; tests/test_sim.sh compares runs
// against whole evals, which a trace takes).
//
// The falling edge: nothing in rtl/boids_system.v runs on it. All an eval
// would change is the accelerator's simulation clock gate (boids_accel.v,
// g_sim_clock_gate: a latch open while clk is low, and the gated clock) and
// the edge detectors of clk and the gated clock. fall() sets them so.
//
// The rising edge is the eval's scheduler for the one event that can happen:
// - its input-combinational part only when an input other than clk changed
//   since it last ran. The model keeps that part's results current when
//   registers change (its NBA region recomputes what depends on both), so
//   with the same inputs it would compute the same, the gated clock aside;
// - the triggers: clk rose, and the gated clock rose if the latch is open.
//   There are two clocks; with another the static_assert fails;
// - the always blocks of those triggers. After them neither clock can change,
//   so there is nothing more to look for.
template <>
struct ClockEdges<Vsystem> {
    static_assert(std::is_same<decltype(Vsystem___024root::__VactTriggered), VlTriggerVec<2>>::value,
                  "boids_system has a clock ClockEdges<Vsystem> does not know: teach it, or delete it");

    struct Inputs {
        uint32_t adr, dat;
        uint8_t rst, cyc, stb, we, sel;
        bool operator==(const Inputs &o) const {
            return adr == o.adr && dat == o.dat && rst == o.rst && cyc == o.cyc && stb == o.stb &&
                   we == o.we && sel == o.sel;
        }
    };
    Inputs settled{};    // the inputs of the last input-combinational pass
    bool known = false;  // whether that pass has run since the last whole eval

    void fall(Vsystem &top) {
        Vsystem___024root &r = *top.rootp;
        r.boids_system__DOT__g_accel__DOT__u_accel__DOT__g_sim_clock_gate__DOT__run_clk =
            r.rst | r.boids_system__DOT__g_accel__DOT__u_accel__DOT__busy | r.boids_system__DOT__accel_ack |
            r.boids_system__DOT__g_accel__DOT__u_accel__DOT__wr_seen |
            (r.wb_cyc_i & r.wb_stb_i & !(r.wb_adr_i >> 20));
        r.boids_system__DOT__g_accel__DOT__u_accel__DOT__gclk = 0;
        r.__Vtrigrprev__TOP__clk = 0;
        r.__Vtrigrprev__TOP__boids_system__DOT__g_accel__DOT__u_accel__DOT__gclk = 0;
    }

    void rise(Vsystem &top) {
        Vsystem___024root &r = *top.rootp;
        Inputs now{r.wb_adr_i, r.wb_dat_i, r.rst, r.wb_cyc_i, r.wb_stb_i, r.wb_we_i, r.wb_sel_i};
        if (known && now == settled) {
            r.boids_system__DOT__g_accel__DOT__u_accel__DOT__gclk =
                r.boids_system__DOT__g_accel__DOT__u_accel__DOT__g_sim_clock_gate__DOT__run_clk;
        } else {
            Vsystem___024root___ico_sequent__TOP__0(&r);
            settled = now;
            known = true;
        }
        // eval_triggers__act's work, from the edge detectors fall() cleared:
        // trigger 0 is clk's rising edge, 1 the gated clock's
        bool gated = r.boids_system__DOT__g_accel__DOT__u_accel__DOT__gclk;
        r.__Vtrigrprev__TOP__clk = 1;
        r.__Vtrigrprev__TOP__boids_system__DOT__g_accel__DOT__u_accel__DOT__gclk = gated;
        r.__VnbaTriggered.at(0) = true;
        r.__VnbaTriggered.at(1) = gated;
        Vsystem___024root___eval_nba(&r);
    }
};

extern "C" {
#include "system_sim.h"
#include "hal.h"
#include "video_modes.h"
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

extern "C" const char *system_sim_video_mode_name(void) { return VIDEO_MODE_NAME; }

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
    for (uint32_t i = 0; sim && i < 2 * VIDEO_MODE_FRAME_CLOCKS_MAX; i++) {
        if (sim->top->irq_display_o || sim->top->irq_accel_o) return;
        sim->tick();
    }
}
