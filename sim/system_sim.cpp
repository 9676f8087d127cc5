// The Verilated system (rtl/boids_system.v) behind accel_sim.h and
// system_sim.h, and the firmware HAL on top of it. VTOP names the Verilated
// class, VARIANT its parameters, VIDEO_MODE_NAME its video mode (the VGA
// decoder's name), PIXEL_PS the pixel clock period in ps; TRACE is 1 when the
// model was built with --trace-fst.
#include <cstdint>
#include <cstdio>
#include <memory>
#include <tuple>

#include VTOP_HEADER
#include "Vsystem___024root.h"
#include "verilated_top.h"
#include "gated_clock_edges.h"
#include "wishbone_master.h"

// One eval a clock (gated_clock_edges.h), with the generated model's names as
// Verilator 5.006 gives them for boids_system.
void Vsystem___024root___ico_sequent__TOP__0(Vsystem___024root *vlSelf);
void Vsystem___024root___eval_nba(Vsystem___024root *vlSelf);
void Vsystem___024root___eval_triggers__act(Vsystem___024root *vlSelf);

struct SystemNames {
    using Root = Vsystem___024root;
    static auto inputs(Root &r) {
        return std::make_tuple(r.wb_adr_i, r.wb_dat_i, r.rst, r.wb_cyc_i, r.wb_stb_i, r.wb_we_i, r.wb_sel_i);
    }
    static void ico(Root &r) { Vsystem___024root___ico_sequent__TOP__0(&r); }
    static void nba(Root &r) { Vsystem___024root___eval_nba(&r); }
    static void eval_triggers(Root &r) { Vsystem___024root___eval_triggers__act(&r); }
    static CData &clk(Root &r) { return r.clk; }
    static CData &prev_clk(Root &r) { return r.__Vtrigrprev__TOP__clk; }
    // Verilator's triggers: 0 clk, 1 the display's gated clock, 2 the accelerator's
    // (checked at the start: wrong_trigger)
    static constexpr int clk_trigger = 0;
    // the accelerator's clock gate: boids_accel.v's always_latch
    struct AccelGate {
        static constexpr int trigger = 2;
        static constexpr const char *name = "accelerator";
        static QData clocks(Root &r) {
            return r.boids_system__DOT__g_accel__DOT__u_accel__DOT__g_sim_clock_gate__DOT__clocks;
        }
        static bool latch_input(Root &r) {
            return r.rst | r.boids_system__DOT__g_accel__DOT__u_accel__DOT__run_busy |
                   r.boids_system__DOT__accel_ack | r.boids_system__DOT__g_accel__DOT__u_accel__DOT__wr_seen |
                   (r.wb_cyc_i & r.wb_stb_i & !(r.wb_adr_i >> 20));
        }
        static CData &run_clk(Root &r) {
            return r.boids_system__DOT__g_accel__DOT__u_accel__DOT__g_sim_clock_gate__DOT__run_clk;
        }
        static CData &gclk(Root &r) { return r.boids_system__DOT__g_accel__DOT__u_accel__DOT__gclk; }
        static CData &prev_gclk(Root &r) {
            return r.__Vtrigrprev__TOP__boids_system__DOT__g_accel__DOT__u_accel__DOT__gclk;
        }
    };
    // the display's clock gate: boids_display.v's always_latch, on the bus as
    // boids_system.v routes it (address bit 20)
    struct DisplayGate {
        static constexpr int trigger = 1;
        static constexpr const char *name = "display";
        static QData clocks(Root &r) { return r.boids_system__DOT__u_display__DOT__g_sim_clock_gate__DOT__clocks; }
        static bool latch_input(Root &r) {
            return r.rst | gate_off(r) |
                   (r.wb_cyc_i & r.wb_stb_i & (r.wb_adr_i >> 20) & !r.boids_system__DOT__display_ack_q) |
                   r.boids_system__DOT__display_ack |
                   r.boids_system__DOT__u_display__DOT__drawing |
                   r.boids_system__DOT__u_display__DOT__g_boid_window__DOT__u_maker__DOT__s0_valid |
                   r.boids_system__DOT__u_display__DOT__g_boid_window__DOT__u_maker__DOT__s1_valid |
                   r.boids_system__DOT__u_display__DOT__g_boid_window__DOT__u_maker__DOT__pending |
                   r.boids_system__DOT__tap_we |
                   r.boids_system__DOT__u_display__DOT__t_vblank_start;
        }
        static CData &gate_off(Root &r) { return r.boids_system__DOT__u_display__DOT__g_sim_clock_gate__DOT__gate_off; }
        static CData &run_clk(Root &r) { return r.boids_system__DOT__u_display__DOT__g_sim_clock_gate__DOT__run_clk; }
        static CData &gclk(Root &r) { return r.boids_system__DOT__u_display__DOT__sclk; }
        static CData &prev_gclk(Root &r) { return r.__Vtrigrprev__TOP__boids_system__DOT__u_display__DOT__sclk; }
    };
    using Gates = std::tuple<AccelGate, DisplayGate>;
};

template <>
struct ClockEdges<Vsystem> : GatedClockEdges<Vsystem, SystemNames> {};

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
    if (const char *clock = ClockEdges<VTOP>::wrong_trigger(*sim->top)) {
        std::fprintf(stderr, "system_sim: the model numbers the trigger of %s otherwise than "
                             "sim/system_sim.cpp's SystemNames: update them\n", clock);
        sim.reset();
        return -1;
    }
    accel_sim_reset();
    // BOIDS_SIM_DISPLAY_GATE=0: the display's clock never stops
    // (boids_display.v), to compare a run with the gate against one without
    // it; set after the model's initial blocks
    if (gate_turned_off("BOIDS_SIM_DISPLAY_GATE")) SystemNames::DisplayGate::gate_off(*sim->top->rootp) = 1;
    return 0;
}

extern "C" int accel_sim_is_open(void) { return sim != nullptr; }

extern "C" void accel_sim_close(void) { sim.reset(); }

extern "C" void accel_sim_reset(void) {
    if (sim) wishbone_reset(*sim);
}

extern "C" void accel_sim_tick(uint64_t cycles) {
    if (sim) sim->tick_until(cycles, [] { return false; });
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
    if (!sim) return;
    const auto &top = *sim->top;
    sim->tick_until(2 * VIDEO_MODE_FRAME_CLOCKS_MAX, [&] { return top.irq_display_o || top.irq_accel_o; });
}
