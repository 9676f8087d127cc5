// One Wishbone B4 classic access from the host side, for any Verilated top
// with wb_cyc_i/stb_i/we_i/adr_i/dat_i/sel_i and wb_dat_o/ack_o ports, driven
// by a simulation object that has `top` and `tick()`: one access, and reset.
// Shared by the shims.
#ifndef WISHBONE_MASTER_H
#define WISHBONE_MASTER_H

#include <cstdint>

// Holds the request until the slave acks, at most 16 cycles, then leaves the
// idle cycle a classic master leaves between accesses. 0, or -1 if no ack.
// behind_register: the top puts a register between these pins and the slave
// (scripts/staged_top.py writes such tops), so the slave sees each request a
// cycle late. The master then drops its request as soon as it sees the ack,
// with no idle cycle of its own: the register's cycle takes its place, and an
// access takes the same clocks as without it.
template <typename Sim>
int wishbone_access(Sim &sim, bool write, uint32_t addr, uint32_t wdata, uint32_t *rdata,
                    bool behind_register = false) {
    auto &t = *sim.top;
    t.wb_cyc_i = 1;
    t.wb_stb_i = 1;
    t.wb_we_i = write;
    t.wb_adr_i = addr;
    t.wb_dat_i = wdata;
    t.wb_sel_i = 0xf;
    for (int wait = 0; wait < 16 + behind_register; wait++) {
        sim.tick();
        if (t.wb_ack_o) {
            if (rdata) *rdata = t.wb_dat_o;
            t.wb_cyc_i = t.wb_stb_i = t.wb_we_i = 0;
            if (!behind_register) sim.tick();
            return 0;
        }
    }
    t.wb_cyc_i = t.wb_stb_i = t.wb_we_i = 0;
    return -1;
}

// Idles the bus and holds reset for two cycles, as a board's reset button would.
template <typename Sim>
void wishbone_reset(Sim &sim) {
    auto &t = *sim.top;
    t.wb_cyc_i = t.wb_stb_i = t.wb_we_i = 0;
    t.rst = 1;
    sim.tick();
    sim.tick();
    t.rst = 0;
}

#endif
