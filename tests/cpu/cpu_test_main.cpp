// Runs one CPU test program on the Verilated cpu_test_top (tests/cpu/cpu_test_top.v):
// prints the program's console output, then PASS or FAIL with the failing check's
// number. Exit status 0 on pass, 1 on a failed check or a timeout, 2 on bad usage.
//   cpu_sim PROGRAM.hex [--max-cycles N] [--trace FILE.fst] [--wait-seed N]
// --wait-seed N (not 0) holds every bus request back 0..3 cycles at random.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <memory>
#include <string>

#include "Vcpu_test_top.h"
#include "verilated.h"
#include "verilated_fst_c.h"

namespace {

struct TestBench {
    VerilatedContext context;
    std::unique_ptr<Vcpu_test_top> top;
    std::unique_ptr<VerilatedFstC> trace;
    uint64_t cycles = 0;

    TestBench(const std::string &hex, unsigned long wait_seed) {
        const std::string plusarg = "+HEX=" + hex;
        const std::string waits = "+WAIT_SEED=" + std::to_string(wait_seed);
        const char *args[] = {"cpu_sim", plusarg.c_str(), waits.c_str()};
        context.commandArgs(3, args);
        top.reset(new Vcpu_test_top{&context});
    }

    ~TestBench() {
        close_trace();
        top->final();
    }

    void open_trace(const char *path) {
        context.traceEverOn(true);
        trace.reset(new VerilatedFstC);
        top->trace(trace.get(), 99);
        trace->open(path);
    }

    void close_trace() {
        if (trace) trace->close();
        trace.reset();
    }

    // One clock period of 40 ns (25 MHz), traced at both edges.
    void tick() {
        top->clk = 0;
        top->eval();
        if (trace) trace->dump(cycles * 40000 + 20000);
        top->clk = 1;
        top->eval();
        if (trace) trace->dump(cycles * 40000 + 40000);
        cycles++;
    }

    void reset() {
        top->rst = 1;
        for (int i = 0; i < 3; i++) tick();
        top->rst = 0;
    }
};

int usage() {
    std::fprintf(stderr, "usage: cpu_sim PROGRAM.hex [--max-cycles N] [--trace FILE.fst] [--wait-seed N]\n");
    return 2;
}

}  // namespace

int main(int argc, char **argv) {
    const char *hex = nullptr, *trace = nullptr;
    uint64_t max_cycles = 2000000;
    unsigned long wait_seed = 0;
    for (int i = 1; i < argc; i++) {
        if (!std::strcmp(argv[i], "--max-cycles") && i + 1 < argc) {
            max_cycles = std::strtoull(argv[++i], nullptr, 0);
        } else if (!std::strcmp(argv[i], "--wait-seed") && i + 1 < argc) {
            wait_seed = std::strtoul(argv[++i], nullptr, 0);
        } else if (!std::strcmp(argv[i], "--trace") && i + 1 < argc) {
            trace = argv[++i];
        } else if (argv[i][0] != '-' && !hex) {
            hex = argv[i];
        } else {
            return usage();
        }
    }
    if (!hex) return usage();
    if (FILE *f = std::fopen(hex, "r")) {
        std::fclose(f);
    } else {
        std::fprintf(stderr, "cpu_sim: cannot read %s\n", hex);
        return 2;
    }

    TestBench tb(hex, wait_seed);
    if (trace) tb.open_trace(trace);
    tb.reset();
    const uint64_t start = tb.cycles;
    uint64_t slept = 0;
    const std::clock_t t0 = std::clock();
    while (!tb.top->done && tb.cycles - start < max_cycles) {
        tb.tick();
        if (tb.top->con_valid) std::putchar(tb.top->con_char);
        slept += tb.top->sleeping;
    }
    std::fflush(stdout);
    const uint64_t cycles = tb.cycles - start;
    const double seconds = double(std::clock() - t0) / CLOCKS_PER_SEC;
    tb.close_trace();  // before reporting, so that the waveform is complete

    if (!tb.top->done) {
        std::printf("FAIL cpu_sim: no result after %llu cycles\n", (unsigned long long)cycles);
        return 1;
    }
    const uint32_t result = tb.top->result;
    if (result != 0) {
        std::printf("FAIL cpu_sim: check %u (0x%08x) failed after %llu cycles\n", result, result,
                    (unsigned long long)cycles);
        return 1;
    }
    std::printf("PASS cpu_sim: %llu cycles (%llu in wfi), %.1f M cycles/s\n",
                (unsigned long long)cycles, (unsigned long long)slept,
                seconds > 0 ? cycles / seconds / 1e6 : 0.0);
    return 0;
}
