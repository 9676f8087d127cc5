// One eval a clock for a Verilated top whose clocks are clk and clocks gated
// from it by simulation-only clock gates (a latch open while clk is low, and
// clk & the latch: the accelerator's, boids_accel.v, the display's,
// boids_display.v, and the CPU's, cpu_rv32im.v, each g_sim_clock_gate); with
// a pixel clock of its own as well
// (GatedTwoClockEdges, at the end), one an event. The system's and the SoC's
// shims give it their model's names (a Names class, below) and make it their
// ClockEdges (verilated_top.h).
// docs/performance.md has the figures; tests/test_sim.sh, tests/test_soc.sh
// and tests/test_boards.sh compare runs against whole evals, which a trace
// takes.
//
// Names, as Verilator 5.006 names the model's parts (another Verilator may
// name or schedule them otherwise: the build then fails in the shim, and
// deleting its ClockEdges specialization goes back to a whole eval an edge):
//   Root                         the model's root class
//   inputs(Root &)               the inputs the input-combinational pass reads,
//                                clk aside, as a std::tuple
//   void ico(Root &)             that pass (___ico_sequent__TOP__0)
//   void nba(Root &)             the always blocks of the triggers (___eval_nba)
//   clk(Root &), prev_clk(Root &) references to clk and its edge detector
//   clk_trigger                  clk's trigger, as Verilator numbers them in
//                                ___eval_triggers__act
//   void eval_triggers(Root &)   that function, which wrong_trigger() runs to
//                                check the numbers
//   Gates                        a std::tuple of the gates, each a class with
//     bool latch_input(Root &)   the latch's input as the model holds it now
//     run_clk, gclk, prev_gclk (Root &): references to the latch, the gated
//                                clock and its edge detector
//     trigger                    the gated clock's trigger, as Verilator
//                                numbers them in ___eval_triggers__act
//     name                       the block behind it, for the report
//     QData clocks(Root &)       its count of the gated clock's rising edges
//                                (the RTL's g_sim_clock_gate.clocks)
//
// The falling edge: nothing runs on it. All an eval changes is the latches,
// the gated clocks and the edge detectors. With the inputs of the last
// input-combinational pass the model keeps that pass's results current when
// registers change (its NBA region recomputes what depends on both), so each
// latch takes latch_input(); with other inputs the pass runs, at clk = 0,
// and sets the latches itself.
//
// The rising edge is the eval's scheduler for the one event that can happen:
// each gated clock opens if its latch is, the triggers are set (clk rose, a
// gated clock rose if it did; a model with a clock not named here fails the
// static_assert) and the always blocks of those triggers run. After them no
// clock can change, so there is nothing more to look for.
#ifndef GATED_CLOCK_EDGES_H
#define GATED_CLOCK_EDGES_H

#include <array>
#include <cstdlib>
#include <cstring>
#include <tuple>
#include <type_traits>
#include <utility>

#include "verilated.h"
#include "video_top.h"

// A clock as the model holds it, for wrong_trigger(): the signal, its edge
// detector, the trigger the shim's names give it, and its name.
struct ClockProbe {
    CData *signal, *prev;
    int trigger;
    const char *name;
};

// Verilator numbers the triggers in the order it meets the clocks, so an RTL
// change can renumber them, and a shim with the old numbers would run the
// wrong always blocks without a word. Checked once, against the model's own
// ___eval_triggers__act: each clock rising alone must set its trigger and no
// other. The clocks and their detectors are left as they were. nullptr, or
// the name of the first clock whose number is wrong.
template <typename Root, typename EvalTriggers, std::size_t N>
const char *wrong_trigger(Root &r, EvalTriggers eval_triggers, const std::array<ClockProbe, N> &clocks) {
    std::array<CData, N> signal, prev;
    const char *wrong = nullptr;

    for (std::size_t i = 0; i < N; i++) {
        signal[i] = *clocks[i].signal;
        prev[i] = *clocks[i].prev;
    }
    for (std::size_t k = 0; k < N && !wrong; k++) {
        for (std::size_t i = 0; i < N; i++) {
            *clocks[i].signal = i == k;
            *clocks[i].prev = 0;
        }
        eval_triggers(r);
        for (std::size_t i = 0; i < N; i++)
            if (r.__VactTriggered.at(clocks[i].trigger) != (i == k)) wrong = clocks[k].name;
    }
    for (std::size_t i = 0; i < N; i++) {
        *clocks[i].signal = signal[i];
        *clocks[i].prev = prev[i];
        r.__VactTriggered.at(clocks[i].trigger) = false;
    }
    return wrong;
}

// Whether the environment variable name is "0": a gate its simulator runs
// without, to compare (BOIDS_SIM_CPU_GATE=0, BOIDS_SIM_DISPLAY_GATE=0); the
// shim then sets that gate's gate_off after the model's initial blocks.
inline bool gate_turned_off(const char *name) {
    const char *value = std::getenv(name);
    return value && std::strcmp(value, "0") == 0;
}

// clk's edges, for one clock or two: on the falling one the latch and the
// edge detectors, and the input-combinational pass when the inputs changed;
// on the rising one the gated clock and the detectors, before the triggers.
template <typename Names>
struct GatedClock {
    using Root = typename Names::Root;
    using Gates = typename Names::Gates;
    static constexpr int gates = std::tuple_size<Gates>::value;

    // the inputs of the last input-combinational pass
    decltype(Names::inputs(std::declval<Root &>())) settled{};
    bool known = false;                // whether that pass has run since the last whole eval

    // The pass, if the inputs changed since it last ran; true if it ran.
    bool settle(Root &r) {
        auto now = Names::inputs(r);
        if (known && now == settled) return false;
        Names::ico(r);
        settled = now;
        known = true;
        return true;
    }

    template <typename Each>
    static void each_gate(Each each) {
        std::apply([&](auto... gate) { (each(gate), ...); }, Gates{});
    }

    void fall(Root &r) { close(r, !settle(r)); }

    // The falling edge when the host has driven no input since the last one
    // (fall_held, below): no pass to look for, unless none ran since the
    // last whole eval.
    void fall_held(Root &r) {
        if (known)
            close(r, true);
        else
            fall(r);
    }

    // The latches take their inputs (latch: the pass did not set them), the
    // gated clocks and the edge detectors go low.
    void close(Root &r, bool latch) {
        each_gate([&](auto gate) {
            using Gate = decltype(gate);
            if (latch) Gate::run_clk(r) = Gate::latch_input(r);
            Gate::gclk(r) = 0;
            Gate::prev_gclk(r) = 0;
        });
        Names::prev_clk(r) = 0;
    }

    // eval_triggers__act's work, from the edge detectors fall() cleared: the
    // gated clocks and their triggers
    template <typename Triggers>
    void rise(Root &r, Triggers &triggers) {
        Names::prev_clk(r) = 1;
        each_gate([&](auto gate) {
            using Gate = decltype(gate);
            bool gated = Gate::run_clk(r);
            Gate::gclk(r) = gated;
            Gate::prev_gclk(r) = gated;
            triggers.at(Gate::trigger) = gated;
        });
    }

    // Each gate's block and the clocks it ran (system_sim_clock_gates).
    static int report(Root &r, system_clock_gate_t *out, int max) {
        int i = 0;
        each_gate([&](auto gate) {
            using Gate = decltype(gate);
            if (i < max) out[i] = {Gate::name, Gate::clocks(r)};
            i++;
        });
        return i;
    }

    // no gated clock rises (clk does not)
    template <typename Triggers>
    static void quiet(Triggers &triggers) {
        each_gate([&](auto gate) { triggers.at(decltype(gate)::trigger) = false; });
    }

    // the gates as wrong_trigger() takes them, after the clocks in first
    template <std::size_t M>
    static std::array<ClockProbe, M + gates> probes(Root &r, const std::array<ClockProbe, M> &first) {
        std::array<ClockProbe, M + gates> all{};
        std::size_t i = 0;
        for (; i < M; i++) all[i] = first[i];
        each_gate([&](auto gate) {
            using Gate = decltype(gate);
            all[i++] = {&Gate::gclk(r), &Gate::prev_gclk(r), Gate::trigger, Gate::name};
        });
        return all;
    }
};

template <typename Top, typename Names>
struct GatedClockEdges {
    using Root = typename Names::Root;
    static_assert(std::is_same<decltype(Root::__VactTriggered),
                               VlTriggerVec<1 + GatedClock<Names>::gates>>::value,
                  "the model has a clock GatedClockEdges does not know: teach it, or delete the "
                  "shim's ClockEdges");

    GatedClock<Names> clk;

    // nullptr, or the clock whose trigger the names number otherwise than the model
    static const char *wrong_trigger(Top &top) {
        Root &r = *top.rootp;
        const std::array<ClockProbe, 1> clocks = {{{&Names::clk(r), &Names::prev_clk(r), Names::clk_trigger, "clk"}}};
        return ::wrong_trigger(r, Names::eval_triggers, GatedClock<Names>::probes(r, clocks));
    }

    void fall(Top &top) { clk.fall(*top.rootp); }
    void fall_held(Top &top) { clk.fall_held(*top.rootp); }
    int clock_gates(Top &top, system_clock_gate_t *out, int max) { return clk.report(*top.rootp, out, max); }

    // clk's rising edge, and the gates' their own
    void rise(Top &top) {
        Root &r = *top.rootp;
        r.__VnbaTriggered.at(Names::clk_trigger) = true;
        clk.rise(r, r.__VnbaTriggered);
        Names::nba(r);
    }
};

// Two clocks (PIXEL_CLOCK_SEPARATE 1): clk and its gated clocks as above, and
// clk_pixel, whose rising edge runs the pixel side's always blocks (nothing
// runs on its falling edge). Names adds prev_pixel (Root &), its edge
// detector, and pixel_trigger, its trigger (clk's is 0). An event is the
// edges due at one time, clk's, clk_pixel's or both (verilated_top.h).
// Inputs a host changed are settled at whichever event comes first.
template <typename Top, typename Names>
struct GatedTwoClockEdges {
    using Root = typename Names::Root;
    static_assert(std::is_same<decltype(Root::__VactTriggered),
                               VlTriggerVec<2 + GatedClock<Names>::gates>>::value,
                  "the model's clocks are not clk, clk_pixel and the gates named: teach "
                  "GatedTwoClockEdges, or delete the shim's ClockEdges");

    GatedClock<Names> clk;

    int clock_gates(Top &top, system_clock_gate_t *out, int max) { return clk.report(*top.rootp, out, max); }

    static const char *wrong_trigger(Top &top) {
        Root &r = *top.rootp;
        const std::array<ClockProbe, 2> clocks = {
            {{&Names::clk(r), &Names::prev_clk(r), Names::clk_trigger, "clk"},
             {&Names::pixel(r), &Names::prev_pixel(r), Names::pixel_trigger, "clk_pixel"}}};
        return ::wrong_trigger(r, Names::eval_triggers, GatedClock<Names>::probes(r, clocks));
    }

    void edges(Top &top, bool clk_changed, bool pixel_changed) {
        Root &r = *top.rootp;
        bool clk_rose = clk_changed && top.clk, pixel_rose = pixel_changed && top.clk_pixel;
        if (clk_changed && !clk_rose)
            clk.fall(r);
        else
            clk.settle(r);
        if (pixel_changed && !pixel_rose) Names::prev_pixel(r) = 0;
        if (!clk_rose && !pixel_rose) return;
        if (clk_rose)
            clk.rise(r, r.__VnbaTriggered);
        else
            clk.quiet(r.__VnbaTriggered);
        if (pixel_rose) Names::prev_pixel(r) = 1;
        r.__VnbaTriggered.at(Names::clk_trigger) = clk_rose;
        r.__VnbaTriggered.at(Names::pixel_trigger) = pixel_rose;
        Names::nba(r);
    }
};

#endif
