// One eval a clock for a Verilated top whose clocks are clk and the
// accelerator's simulation clock gate (boids_accel.v, g_sim_clock_gate: a
// latch open while clk is low, and the gated clock); with a pixel clock of
// its own as well (GatedTwoClockEdges, at the end), one an event. The
// system's and the SoC's shims give it their model's names (a Names class,
// below) and make it their ClockEdges (verilated_top.h).
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
//   bool latch_input(Root &)     the latch's input as the model holds it now
//   run_clk, gclk, prev_clk, prev_gclk (Root &): references to the latch, the
//                                gated clock and the edge detectors of both
//
// The falling edge: nothing runs on it. All an eval changes is the latch, the
// gated clock and the edge detectors. With the inputs of the last
// input-combinational pass the model keeps that pass's results current when
// registers change (its NBA region recomputes what depends on both), so the
// latch takes latch_input(); with other inputs the pass runs, at clk = 0,
// and sets the latch itself.
//
// The rising edge is the eval's scheduler for the one event that can happen:
// the gated clock opens if the latch is, the triggers are set (clk rose, the
// gated clock rose if it did; a model with another clock fails the
// static_assert) and the always blocks of those triggers run. After them
// neither clock can change, so there is nothing more to look for.
#ifndef GATED_CLOCK_EDGES_H
#define GATED_CLOCK_EDGES_H

#include <type_traits>
#include <utility>

#include "verilated.h"

// clk's edges, for one clock or two: on the falling one the latch and the
// edge detectors, and the input-combinational pass when the inputs changed;
// on the rising one the gated clock and the detectors, before the triggers.
template <typename Names>
struct GatedClock {
    using Root = typename Names::Root;

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

    void fall(Root &r) {
        if (!settle(r)) Names::run_clk(r) = Names::latch_input(r);
        Names::gclk(r) = 0;
        Names::prev_clk(r) = 0;
        Names::prev_gclk(r) = 0;
    }

    // eval_triggers__act's work, from the edge detectors fall() cleared;
    // whether the gated clock rose too
    bool rise(Root &r) {
        bool gated = Names::run_clk(r);
        Names::gclk(r) = gated;
        Names::prev_clk(r) = 1;
        Names::prev_gclk(r) = gated;
        return gated;
    }
};

template <typename Top, typename Names>
struct GatedClockEdges {
    using Root = typename Names::Root;
    static_assert(std::is_same<decltype(Root::__VactTriggered), VlTriggerVec<2>>::value,
                  "the model has a clock GatedClockEdges does not know: teach it, or delete the "
                  "shim's ClockEdges");

    GatedClock<Names> clk;

    void fall(Top &top) { clk.fall(*top.rootp); }

    // trigger 0 is clk's rising edge, 1 the gated clock's
    void rise(Top &top) {
        Root &r = *top.rootp;
        bool gated = clk.rise(r);
        r.__VnbaTriggered.at(0) = true;
        r.__VnbaTriggered.at(1) = gated;
        Names::nba(r);
    }
};

// Two clocks (PIXEL_CLOCK_SEPARATE 1): clk and its gated clock as above, and
// clk_pixel, whose rising edge runs the pixel side's always blocks (nothing
// runs on its falling edge). Names adds prev_pixel (Root &), its edge
// detector. An event is the edges due at one time, clk's, clk_pixel's or
// both (verilated_top.h); the triggers are 0 clk, 1 clk_pixel, 2 the gated
// clock, as Verilator 5.006 orders them for boids_soc. Inputs a host changed
// are settled at whichever event comes first.
template <typename Top, typename Names>
struct GatedTwoClockEdges {
    using Root = typename Names::Root;
    static_assert(std::is_same<decltype(Root::__VactTriggered), VlTriggerVec<3>>::value,
                  "the model's clocks are not clk, clk_pixel and one gated clock: teach "
                  "GatedTwoClockEdges, or delete the shim's ClockEdges");

    GatedClock<Names> clk;

    void edges(Top &top, bool clk_changed, bool pixel_changed) {
        Root &r = *top.rootp;
        bool clk_rose = clk_changed && top.clk, pixel_rose = pixel_changed && top.clk_pixel;
        if (clk_changed && !clk_rose)
            clk.fall(r);
        else
            clk.settle(r);
        if (pixel_changed && !pixel_rose) Names::prev_pixel(r) = 0;
        if (!clk_rose && !pixel_rose) return;
        bool gated = clk_rose && clk.rise(r);
        if (pixel_rose) Names::prev_pixel(r) = 1;
        r.__VnbaTriggered.at(0) = clk_rose;
        r.__VnbaTriggered.at(1) = pixel_rose;
        r.__VnbaTriggered.at(2) = gated;
        Names::nba(r);
    }
};

#endif
