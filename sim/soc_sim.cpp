// The Verilated SoC (rtl/boids_soc.v) behind soc_sim.h and system_sim.h.
// VTOP names the Verilated class, VARIANT its parameters, VIDEO_MODE_NAME its
// video mode (the VGA decoder's name), PIXEL_PS the pixel
// clock period in ps, UART_DIVISOR the UART's clocks a bit at reset; TRACE is
// 1 when the model was built with --trace-fst. PIXEL_CLOCK_SEPARATE 1: the
// model has two clocks, clk of SYSTEM_PS and clk_pixel (verilated_top.h).
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <map>
#include <memory>

#include VTOP_HEADER
#include "verilated_top.h"

extern "C" {
#include "soc_sim.h"
}

namespace {

// The UART's pins seen from outside, 8N1 at the reset bit time: the tx pin
// decoded into bytes, and queued bytes shifted out on the rx pin.
struct UartLine {
    soc_uart_sink sink = nullptr;
    void *sink_ctx = nullptr;
    bool tx_idle_seen = false;  // a receiver waits for the idle line: before
                                // the first reset edge the pin may read 0
    int tx_bit = -1;       // -1 idle, 0..7 data, 8 stop
    uint32_t tx_timer = 0;
    uint32_t tx_byte = 0;
    std::deque<uint8_t> rx_queue;
    uint32_t rx_frame = 0; // start, 8 data, stop: LSB first, 0 = idle
    int rx_bits_left = 0;
    uint32_t rx_timer = 0;

    void sample_tx(int tx) {
        if (!tx_idle_seen) {
            tx_idle_seen = tx != 0;
            return;
        }
        if (tx_bit < 0) {
            if (!tx) {  // start bit: the first data bit's middle is 1.5 bits on
                tx_bit = 0;
                tx_byte = 0;
                tx_timer = UART_DIVISOR + UART_DIVISOR / 2;
            }
            return;
        }
        if (--tx_timer) return;
        tx_timer = UART_DIVISOR;
        if (tx_bit < 8) {
            tx_byte |= (uint32_t)tx << tx_bit;
            tx_bit++;
            return;
        }
        if (tx && sink) sink(sink_ctx, (int)tx_byte);  // a framing error is dropped
        tx_bit = -1;
    }

    int rx_pin() {
        if (rx_bits_left == 0) {
            if (rx_queue.empty()) return 1;
            rx_frame = (uint32_t)rx_queue.front() << 1 | 1u << 9;
            rx_queue.pop_front();
            rx_bits_left = 10;
            rx_timer = UART_DIVISOR;
        }
        int bit = rx_frame & 1;
        if (--rx_timer == 0) {
            rx_frame >>= 1;
            rx_bits_left--;
            rx_timer = UART_DIVISOR;
        }
        return bit;
    }
};

// Cycles and retirements by address, charged as the retire trace reports them.
struct Profile {
    struct Counts {
        uint64_t cycles = 0, retired = 0;
    };
    std::map<uint32_t, Counts> by_pc;
    uint64_t pending = 0;  // cycles since the last record

    void sample(bool valid, uint32_t pc, bool trap) {
        pending++;
        if (!valid) return;
        Counts &c = by_pc[pc];
        c.cycles += pending;
        c.retired += !trap;
        pending = 0;
    }
};

struct SocSim : VerilatedTop<VTOP> {
    UartLine uart;
    uint64_t sleep_cycles = 0;
    std::unique_ptr<Profile> profile;

    void step() {
        top->uart_rx = uart.rx_pin();
        tick();
        uart.sample_tx(top->uart_tx);
        sleep_cycles += top->cpu_sleeping_o;
        if (profile) profile->sample(top->trace_valid_o, top->trace_pc_o, top->trace_trap_o);
    }

    // One classic access on the host port: the CPU may hold the bus for a
    // few cycles first, so wait up to 64. The model's top takes the port
    // through a register (build/vl/soc_sim_top.v, scripts/staged_top.py):
    // the request reaches the SoC a cycle late, and is dropped at the ack
    // without an idle cycle after it. A lone access takes the clocks it would
    // take without the register (three); the next one, put on the pins at
    // once, finds the port still the host's (soc_arbiter hands it back only
    // when the bus idles) and takes two.
    int access(bool write, uint32_t addr, uint32_t wdata, uint32_t *rdata) {
        top->host_cyc_i = 1;
        top->host_stb_i = 1;
        top->host_we_i = write;
        top->host_adr_i = addr;
        top->host_dat_i = wdata;
        top->host_sel_i = 0xf;
        int rc = -1;
        for (int wait = 0; wait < 65; wait++) {
            step();
            if (top->host_ack_o || top->host_err_o) {
                if (top->host_ack_o && rdata) *rdata = top->host_dat_o;
                rc = top->host_ack_o ? 0 : -1;
                break;
            }
        }
        top->host_cyc_i = top->host_stb_i = top->host_we_i = 0;
        return rc;
    }
};

std::unique_ptr<SocSim> sim;

}  // namespace

extern "C" int soc_sim_open(void) {
    if (sim) return -1;
    sim.reset(new SocSim());
    sim->top->uart_rx = 1;
    sim->top->cpu_hold = 1;
    sim->top->rst = 1;
    sim->step();
    sim->step();
    sim->top->rst = 0;
    return 0;
}

extern "C" void soc_sim_close(void) { sim.reset(); }

extern "C" void soc_sim_hold_cpu(int hold) {
    if (sim) sim->top->cpu_hold = hold ? 1 : 0;
}

extern "C" int soc_sim_write(uint32_t addr, uint32_t value) {
    return sim ? sim->access(true, addr, value, nullptr) : -1;
}

extern "C" int soc_sim_read(uint32_t addr, uint32_t *value) {
    return sim ? sim->access(false, addr, 0, value) : -1;
}

extern "C" int soc_sim_write_block(uint32_t addr, const void *data, size_t bytes) {
    const unsigned char *p = static_cast<const unsigned char *>(data);
    for (size_t i = 0; i < bytes; i += 4) {
        uint32_t w;
        std::memcpy(&w, p + i, 4);
        if (soc_sim_write(addr + (uint32_t)i, w) != 0) return -1;
    }
    return 0;
}

extern "C" int soc_sim_read_block(uint32_t addr, void *data, size_t bytes) {
    unsigned char *p = static_cast<unsigned char *>(data);
    for (size_t i = 0; i < bytes; i += 4) {
        uint32_t w;
        if (soc_sim_read(addr + (uint32_t)i, &w) != 0) return -1;
        std::memcpy(p + i, &w, 4);
    }
    return 0;
}

extern "C" void soc_sim_tick(uint64_t cycles) {
    while (sim && cycles--) sim->step();
}

extern "C" uint64_t soc_sim_cycles(void) { return sim ? sim->cycles : 0; }

extern "C" uint64_t soc_sim_pixel_cycles(void) { return sim ? sim->pixel_cycles : 0; }

extern "C" uint64_t soc_sim_sleep_cycles(void) { return sim ? sim->sleep_cycles : 0; }

extern "C" int soc_sim_exited(uint32_t *code) {
    if (!sim || !sim->top->exit_o) return 0;
    if (code) *code = sim->top->exit_code_o;
    return 1;
}

extern "C" void soc_sim_set_uart_sink(soc_uart_sink sink, void *ctx) {
    if (!sim) return;
    sim->uart.sink = sink;
    sim->uart.sink_ctx = ctx;
}

extern "C" void soc_sim_uart_send(uint8_t byte) {
    if (sim) sim->uart.rx_queue.push_back(byte);
}

extern "C" void soc_sim_profile_start(void) {
    if (sim) sim->profile.reset(new Profile());
}

extern "C" soc_profile_entry_t *soc_sim_profile(size_t *n) {
    *n = 0;
    if (!sim || !sim->profile) return nullptr;
    const auto &by_pc = sim->profile->by_pc;
    auto *out = static_cast<soc_profile_entry_t *>(std::malloc((by_pc.size() + 1) * sizeof(soc_profile_entry_t)));
    if (!out) return nullptr;
    for (const auto &kv : by_pc) out[(*n)++] = soc_profile_entry_t{kv.first, kv.second.cycles, kv.second.retired};
    return out;
}

extern "C" const char *soc_sim_variant(void) { return VARIANT; }

extern "C" const char *system_sim_video_mode_name(void) { return VIDEO_MODE_NAME; }
