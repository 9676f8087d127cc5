// The Verilated system (rtl/boids_system.v) behind accel_sim.h and
// system_sim.h, and the firmware HAL on top of it. VTOP names the Verilated
// class, VARIANT its parameters, VIDEO_MODE_NAME its video mode (the VGA
// decoder's name), PIXEL_PS the pixel clock period in ps; TRACE is 1 when the
// model was built with --trace-fst.
#include <cstdint>
#include <cstdio>
#include <memory>

#include VTOP_HEADER
#include "verilated_top.h"
#include "wishbone_master.h"

extern "C" {
#include "system_sim.h"
#include "hal.h"
#include "video_modes.h"
}

namespace {

using SystemSim = VerilatedTop<VTOP>;

std::unique_ptr<SystemSim> sim;

// The model's top (build/vl/system_sim_top.v, scripts/staged_top.py) takes the
// bus pins through a register.
constexpr bool kBusBehindRegister = true;

int bus_cycle(bool write, uint32_t addr, uint32_t wdata, uint32_t *rdata) {
    return sim ? wishbone_access(*sim, write, addr & ((1u << 21) - 1), wdata, rdata, kBusBehindRegister) : -1;
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
