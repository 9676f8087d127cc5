// Runs one CPU test program on the Verilated cpu_test_top (tests/cpu/cpu_test_top.v):
// prints the program's console output, then PASS or FAIL with the failing check's
// number. Exit status 0 on pass, 1 on a failed check, a timeout or a lockstep
// mismatch, 2 on bad usage.
//   cpu_sim PROGRAM.hex [--max-cycles N] [--wait-seed N] [--trace FILE.fst] [--no-lockstep]
//           [--reference OTHER.hex] [--retire-log FILE]
// --wait-seed N (not 0): random bus waits on both of the CPU's ports from seed N.
// --retire-log FILE: a line for each record of the trace port: its cycle, pc,
// encoding, trap and register write.
// Every record of the core's trace port is checked against the reference ISS
// (tests/cpu/iss/lockstep.h) as it retires, unless --no-lockstep: the first
// instruction whose pc, encoding, trap or result differs fails the run there.
// --reference gives the ISS another image than the RTL's (a negative control:
// the checker must then report a mismatch).
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

extern "C" {
#include "lockstep.h"
#include "test_device.h"
}

namespace {

struct TestBench {
    VerilatedContext context;
    std::unique_ptr<Vcpu_test_top> top;
    std::unique_ptr<VerilatedFstC> trace;
    uint64_t cycles = 0;

    TestBench(const std::string &hex, uint32_t seed) {
        const std::string hex_arg = "+HEX=" + hex, seed_arg = "+WAIT_SEED=" + std::to_string(seed);
        const char *args[] = {"cpu_sim", hex_arg.c_str(), seed_arg.c_str()};
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
    std::fprintf(stderr, "usage: cpu_sim PROGRAM.hex [--max-cycles N] [--wait-seed N] [--trace FILE.fst]"
                         " [--no-lockstep] [--reference OTHER.hex] [--retire-log FILE] [--no-clock-gate]\n");
    return 2;
}

// The ISS beside the RTL: its own copy of the image and a test device whose
// registers it leaves to the RTL (their reads are taken from the trace).
struct Reference {
    test_device device;
    lockstep checker;
    bool ready = false;

    Reference(const char *hex, uint32_t ram_bytes) {
        if (test_device_init(&device, ram_bytes, false) != 0) return;
        if (test_device_load(&device, hex) != 0) return;
        const rv32_bus bus = test_device_bus(&device);
        lockstep_init(&checker, &bus, 0, 2);
        ready = true;
    }
    ~Reference() { test_device_free(&device); }

    // 0, or -1 on the first mismatch (checker.message says what)
    int check(const Vcpu_test_top &top) {
        rv32_record rec;
        rec.pc = top.trace_pc;
        rec.insn = top.trace_insn;
        rec.trap = top.trace_trap;
        rec.irq = top.trace_irq;
        rec.cause = uint8_t(top.trace_cause);
        rec.rd_we = top.trace_rd_we;
        rec.rd = uint8_t(top.trace_rd);
        rec.rd_data = top.trace_rd_data;
        return lockstep_check(&checker, &rec);
    }
};

}  // namespace

int main(int argc, char **argv) {
    const char *hex = nullptr, *trace = nullptr;
    uint64_t max_cycles = 2000000;
    uint32_t seed = 0;
    bool lockstep_on = true;
    const char *reference_hex = nullptr, *retire_log = nullptr;
    for (int i = 1; i < argc; i++) {
        if (!std::strcmp(argv[i], "--max-cycles") && i + 1 < argc) {
            max_cycles = std::strtoull(argv[++i], nullptr, 0);
        } else if (!std::strcmp(argv[i], "--wait-seed") && i + 1 < argc) {
            seed = uint32_t(std::strtoul(argv[++i], nullptr, 0));
        } else if (!std::strcmp(argv[i], "--trace") && i + 1 < argc) {
            trace = argv[++i];
        } else if (!std::strcmp(argv[i], "--no-lockstep")) {
            lockstep_on = false;
        } else if (!std::strcmp(argv[i], "--reference") && i + 1 < argc) {
            reference_hex = argv[++i];
        } else if (!std::strcmp(argv[i], "--retire-log") && i + 1 < argc) {
            retire_log = argv[++i];
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

    std::unique_ptr<Reference> reference;
    if (lockstep_on) {
        if (!reference_hex) reference_hex = hex;
        reference.reset(new Reference(reference_hex, RAM_BYTES));
        if (!reference->ready) {
            std::fprintf(stderr, "cpu_sim: the ISS cannot load %s\n", reference_hex);
            return 2;
        }
    }

    std::unique_ptr<FILE, int (*)(FILE *)> log(nullptr, std::fclose);
    if (retire_log && !(log = {std::fopen(retire_log, "w"), std::fclose})) {
        std::fprintf(stderr, "cpu_sim: cannot write %s\n", retire_log);
        return 2;
    }

    TestBench tb(hex, seed);
    if (trace) tb.open_trace(trace);
    tb.reset();
    const uint64_t start = tb.cycles;
    uint64_t slept = 0;
    const std::clock_t t0 = std::clock();
    bool diverged = false;
    while (!tb.top->done && tb.cycles - start < max_cycles && !diverged) {
        tb.tick();
        if (tb.top->con_valid) std::putchar(tb.top->con_char);
        slept += tb.top->sleeping;
        if (log && tb.top->trace_valid)
            std::fprintf(log.get(), "%llu %08x %08x %d %d %d %08x\n", (unsigned long long)(tb.cycles - start),
                         tb.top->trace_pc, tb.top->trace_insn, tb.top->trace_trap, tb.top->trace_rd_we,
                         tb.top->trace_rd, tb.top->trace_rd_data);
        if (reference && tb.top->trace_valid) diverged = reference->check(*tb.top) != 0;
    }
    std::fflush(stdout);
    const uint64_t cycles = tb.cycles - start;
    const double seconds = double(std::clock() - t0) / CLOCKS_PER_SEC;
    tb.close_trace();  // before reporting, so that the waveform is complete

    if (diverged) {
        std::printf("FAIL cpu_sim: lockstep with the ISS, cycle %llu: %s\n", (unsigned long long)cycles,
                    reference->checker.message);
        return 1;
    }
    if (!tb.top->done) {
        std::printf("FAIL cpu_sim: no result after %llu cycles", (unsigned long long)cycles);
        if (reference)
            std::printf(" (%llu records equal to the ISS's, the last at pc 0x%08x)",
                        (unsigned long long)reference->checker.records, reference->checker.hart.pc);
        std::printf("\n");
        return 1;
    }
    const uint32_t result = tb.top->result;
    if (result != 0) {
        std::printf("FAIL cpu_sim: check %u (0x%08x) failed after %llu cycles\n", result, result,
                    (unsigned long long)cycles);
        return 1;
    }
    std::printf("PASS cpu_sim: %llu cycles (%llu in wfi), %.1f M cycles/s",
                (unsigned long long)cycles, (unsigned long long)slept,
                seconds > 0 ? cycles / seconds / 1e6 : 0.0);
    if (reference)
        std::printf("; %llu records equal to the ISS's", (unsigned long long)reference->checker.records);
    std::printf("\n");
    return 0;
}
