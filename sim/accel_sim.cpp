// The Verilated accelerator behind the C interface of accel_sim.h, and the
// firmware HAL (firmware/hal.h) on top of it. Built once per model variant:
// VTOP names the Verilated class (verilator --prefix), VARIANT its parameters.
#include <cstdint>
#include <memory>

#include "verilated.h"
#include VTOP_HEADER
#include "wishbone_master.h"

extern "C" {
#include "accel_sim.h"
#include "hal.h"
}

namespace {

// The one open simulation: the HAL is global because the hardware is.
struct AccelSim {
    VerilatedContext context;
    std::unique_ptr<VTOP> top;
    uint64_t cycles = 0;

    AccelSim() : top(new VTOP{&context}) {}
    ~AccelSim() { top->final(); }

    void tick() {
        top->clk = 0;
        top->eval();
        top->clk = 1;
        top->eval();
        cycles++;
    }
};

std::unique_ptr<AccelSim> sim;

// The model's top (build/vl/accel_sim_top.v, scripts/staged_top.py) takes the
// bus pins through a register.
constexpr bool kBusBehindRegister = true;

int bus_cycle(bool write, uint32_t addr, uint32_t wdata, uint32_t *rdata) {
    return sim ? wishbone_access(*sim, write, addr & ((1u << 20) - 1), wdata, rdata, kBusBehindRegister) : -1;
}

}  // namespace

extern "C" int accel_sim_open(void) {
    if (sim) return -1;
    sim.reset(new AccelSim());
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

extern "C" int accel_sim_write(uint32_t addr, uint32_t data) {
    return bus_cycle(true, addr, data, nullptr);
}

extern "C" int accel_sim_read(uint32_t addr, uint32_t *data) {
    return bus_cycle(false, addr, 0, data);
}

extern "C" uint64_t accel_sim_cycles(void) { return sim ? sim->cycles : 0; }

extern "C" int accel_sim_irq(void) { return sim ? sim->top->irq_o : 0; }

extern "C" const char *accel_sim_variant(void) { return VARIANT; }

// The HAL: a bus error reads as all ones, which no status check accepts.
extern "C" uint32_t hal_read32(uint32_t offset) {
    uint32_t value = 0xffffffffu;
    accel_sim_read(offset, &value);
    return value;
}

extern "C" void hal_write32(uint32_t offset, uint32_t value) { accel_sim_write(offset, value); }

// Only the accelerator's DONE interrupt exists here; give up after a batch's
// worth of cycles so that a wait for an interrupt nobody enabled ends.
extern "C" void hal_wait_interrupt(void) {
    for (int i = 0; sim && i < (1 << 20) && !sim->top->irq_o; i++) sim->tick();
}
