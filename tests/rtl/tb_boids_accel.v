// tb_boids_accel: self-checking testbench of the whole accelerator (rtl/boids_accel.v)
// through its Wishbone port: batch and query runs on scenes whose sums come from the
// C golden model (gen_accel_vectors.c), RESULTS_READY, the CYCLES budget, every wrong use.
`timescale 1ns / 1ps
`default_nettype none

// Run (see tests/test_rtl_icarus.sh):
//   iverilog -g2012 -I rtl -y rtl -P tb_boids_accel.N_MAX=64 -P tb_boids_accel.LANES=3 \
//       -o tb tests/rtl/tb_boids_accel.v
//   vvp -N tb +VEC=build/rtl/accel_vectors_64.txt [+MAXN=n] [+WAVES] [+DUMPFILE=path]
// +MAXN skips scenes with more boids (to bound the time of big builds).
module tb_boids_accel;

    parameter integer N_MAX = 64;
    parameter integer LANES = 8;
    parameter integer BINNING = 0;
    parameter integer STEER = 1;
    parameter integer LIMIT = 1;                    // with STEER: CTRL.LIMIT, MINSPEED and MAXSPEED
    parameter integer PREDATORS = 16;               // with STEER: the predator table (CTRL.PREDATORS)

`include "accel_regs.vh"

`include "tb_accel_masks.vh"
    localparam integer TIMEOUT = 4000000;           // cycles a run may take here

    // ---- DUT ------------------------------------------------------------------
    reg         clk = 1'b0;
    reg         rst = 1'b1;
    reg         cyc = 1'b0, stb = 1'b0, we = 1'b0;
    reg  [19:0] adr = 20'd0;
    reg  [31:0] dat_w = 32'd0;
    reg  [3:0]  sel = 4'hf;
    wire [31:0] dat_r;
    wire        ack;
    wire        irq;
    wire        tap_we;                             // the block's boid writes, for a display
    wire [1:0]  tap_word;
    wire [13:0] tap_idx;
    wire [31:0] tap_data;

    always #5 clk = !clk;                           // 100 MHz in simulation time

    boids_accel #(
        .N_MAX(N_MAX),
        .LANES(LANES),
        .BINNING(BINNING),
        .STEER(STEER),
        .LIMIT(LIMIT),
        .PREDATORS(PREDATORS)
    ) dut (
        .clk(clk), .rst(rst),
        .wb_cyc_i(cyc), .wb_stb_i(stb), .wb_we_i(we), .wb_adr_i(adr),
        .wb_dat_i(dat_w), .wb_sel_i(sel), .wb_dat_o(dat_r), .wb_ack_o(ack),
        .irq_o(irq),
        .tap_we_o(tap_we), .tap_word_o(tap_word), .tap_idx_o(tap_idx), .tap_data_o(tap_data)
    );

`define TB_NAME "tb_boids_accel"
`include "tb_waves.vh"

    // The tap: the words it gave, and the last.
    integer    taps = 0;
    reg [1:0]  last_tap_word;
    reg [13:0] last_tap_idx;
    reg [31:0] last_tap_data;
    always @(posedge clk) if (!rst && tap_we) begin
        taps = taps + 1;
        last_tap_word = tap_word;
        last_tap_idx = tap_idx;
        last_tap_data = tap_data;
    end

    // ---- checking -------------------------------------------------------------------
`include "tb_checks.vh"

    // The handshake itself, every cycle: ack is exactly the registered request.
    reg exp_ack;
    always @(posedge clk) begin
        exp_ack = !rst && cyc && stb && !ack;
        #1;
        if (ack !== exp_ack) begin
            fail("wishbone: ack is not exactly one cycle after each request");
            $display("     at cycle %0d: ack %b, expected %b", cycle, ack, exp_ack);
        end
    end

    // RESULTS_READY against the result memory's write port, every cycle: 0 after reset
    // and a start, one more with each entry written; in a batch each entry written is
    // the next in boid order, so it counts exactly the entries the run has finished
    // (never ahead of the writes, never falling). At DONE it is COUNT (a query run: 1).
    integer ready_model = 0, ready_done;
    reg     ready_fin;
    always @(posedge clk) begin
        if (rst || dut.start_ok) ready_model = 0;
        else if (dut.res_we) begin
            if (dut.u_core.run_batch && dut.res_waddr != ready_model) begin
                fail("a batch wrote a result out of boid order");
                $display("     entry %0d written after %0d others", dut.res_waddr, ready_model);
            end
            ready_model = ready_model + 1;
        end
        ready_fin = !rst && dut.finish;
        ready_done = dut.u_core.run_batch ? dut.reg_count : !dut.u_core.empty;
        #1;
        if (dut.reg_ready !== ready_model) begin
            fail("RESULTS_READY does not count the result entries written");
            $display("     RESULTS_READY %0d, entries written %0d", dut.reg_ready, ready_model);
        end
        if (ready_fin && ready_model != ready_done) begin
            fail("RESULTS_READY at DONE is not COUNT (a query run: 1)");
            $display("     RESULTS_READY %0d, expected %0d", dut.reg_ready, ready_done);
        end
    end

    // ---- Wishbone master --------------------------------------------------------------
    reg irq_at_req;                                 // irq in the cycle a read was requested

    // Holds the request until the cycle after the slave saw it (ack may still be high
    // from the access before: then the slave sees it one cycle later).
    task access(input w, input [19:0] a, input [31:0] d);
        reg seen;
        integer n;
        begin
            cyc = 1'b1; stb = 1'b1; we = w; adr = a; dat_w = d;
            seen = 1'b0;
            for (n = 0; !seen; n = n + 1) begin
                seen = !ack;
                irq_at_req = irq;
                @(posedge clk);
                #1;
                if (n > 2) begin
                    fail("wishbone: no acknowledge");
                    seen = 1'b1;
                end
            end
            if (ack !== 1'b1) fail("wishbone: no ack in the cycle after the request");
        end
    endtask

    task write32(input [19:0] a, input [31:0] d);
        begin
            access(1'b1, a, d);
            cyc = 1'b0; stb = 1'b0; we = 1'b0;
        end
    endtask

    task read32(input [19:0] a, output [31:0] d);
        begin
            access(1'b0, a, 32'hx);
            d = dat_r;
            cyc = 1'b0; stb = 1'b0;
        end
    endtask

    // Reads a and compares with the expected word.
    task expect32(input [8*80-1:0] what, input [19:0] a, input [31:0] e);
        reg [31:0] d;
        begin
            read32(a, d);
            checks = checks + 1;
            if (d !== e) begin
                fail(what);
                $display("     read %05h: %08h, expected %08h", a, d, e);
            end
        end
    endtask

    // The steering's twelve parameters, all written before any is read back: each
    // keeps its 32 bits apart from the others (0 without steering).
    localparam integer STEER_PARAMS = 12;
    localparam HAS_PRED = STEER != 0 && PREDATORS != 0;
    reg [19:0] steer_param_adr [0:STEER_PARAMS-1];
    reg [31:0] steer_param_val [0:STEER_PARAMS-1];
    integer sp;
    initial begin
        steer_param_adr[0] = REG_CENTERING; steer_param_val[0] = 32'hdead_beef;
        steer_param_adr[1] = REG_AVOID;     steer_param_val[1] = 32'h1234_5678;
        steer_param_adr[2] = REG_MATCHING;  steer_param_val[2] = 32'h8765_4321;
        steer_param_adr[3] = REG_TURN;      steer_param_val[3] = 32'hcafe_f00d;
        steer_param_adr[4] = REG_MARGIN;    steer_param_val[4] = 32'h0bad_c0de;
        steer_param_adr[5] = REG_WORLD_W;   steer_param_val[5] = 32'hfeed_face;
        steer_param_adr[6] = REG_WORLD_H;   steer_param_val[6] = 32'h7007_1234;
        steer_param_adr[7] = REG_MINSPEED;  steer_param_val[7] = 32'h5eed_0001;
        steer_param_adr[8] = REG_MAXSPEED;  steer_param_val[8] = 32'h0001_5eed;
        steer_param_adr[9] = REG_PRED_COUNT; steer_param_val[9] = 32'h9abc_def0;
        steer_param_adr[10] = REG_PRED_RANGE; steer_param_val[10] = 32'h00c8_0001;
        steer_param_adr[11] = REG_PRED_TURN; steer_param_val[11] = 32'hf00d_beef;
    end
    // MINSPEED and MAXSPEED are kept only with LIMIT, the predators' three only with
    // the table.
    function steer_kept(input integer k);
        steer_kept = STEER != 0 && (k < 7 || (k < 9 && LIMIT != 0) || (k >= 9 && PREDATORS != 0));
    endfunction
    function [19:0] pred_adr(input integer k, input integer word);
        pred_adr = PREDATORS_BASE + PREDATOR_STRIDE * k + 4 * word;
    endfunction
    task steer_params_keep;
        integer k;
        begin
            for (k = 0; k < STEER_PARAMS; k = k + 1) write32(steer_param_adr[k], steer_param_val[k]);
            for (k = 0; k < STEER_PARAMS; k = k + 1)
                expect32("a steering parameter keeps 32 bits (0 without steering, the limits 0 without LIMIT)",
                         steer_param_adr[k], steer_kept(k) ? steer_param_val[k] : 32'd0);
        end
    endtask

    // Reads STATUS, compares the bits in mask; irq must equal DONE & IRQ_EN.
    reg irq_en_model = 1'b0;
    task expect_status(input [8*80-1:0] what, input [31:0] mask, input [31:0] e);
        reg [31:0] d;
        begin
            read32(REG_STATUS, d);
            checks = checks + 1;
            if ((d & mask) !== (e & mask)) begin
                fail(what);
                $display("     STATUS %08h, expected %08h in the bits %08h", d, e, mask);
            end
            if (irq_at_req !== (d[STATUS_DONE] && irq_en_model)) begin
                fail("irq_o is not STATUS.DONE & CTRL.IRQ_EN");
                $display("     irq %b, STATUS %08h, IRQ_EN %b", irq_at_req, d, irq_en_model);
            end
        end
    endtask

    // ---- scene data -----------------------------------------------------------------
    integer fd, n_scenes, sc, n, nq, qi;
    reg [8*48-1:0] tag, name;
    reg [31:0] p_visual;
    reg [63:0] p_visual2, p_protected2;
    reg [31:0] bx[0:N_MAX-1], by[0:N_MAX-1], bvx[0:N_MAX-1], bvy[0:N_MAX-1];
    localparam integer RW = RESULT_WORDS;           // result words of an entry
    localparam integer EW = RESULT_STRIDE / 4;      // words an entry spans
    reg [31:0] exp_w[0:RW*N_MAX-1];                 // golden model's result words
    integer queries[0:15];
    // What the result memory must hold (the checks follow every run).
    reg [31:0] model_w[0:RW*N_MAX-1];
    reg        model_known[0:N_MAX-1];

    task read_scene(output integer ok);
        integer i, k, r;
        reg [31:0] t0, t1, t2, t3;
        begin
            r = $fscanf(fd, "%s %s %d %h %h %h %d", tag, name, n, p_visual, p_visual2,
                        p_protected2, nq);
            if (r != 7 || tag != "scene") $fatal(1, "FAIL vector file: bad scene header");
            for (k = 0; k < nq; k = k + 1) r = $fscanf(fd, "%d", queries[k]);
            ok = n <= N_MAX;
            for (i = 0; i < n; i = i + 1) begin
                r = $fscanf(fd, "%h %h %h %h", t0, t1, t2, t3);
                if (r != 4) $fatal(1, "FAIL vector file: short boid list");
                if (ok) begin bx[i] = t0; by[i] = t1; bvx[i] = t2; bvy[i] = t3; end
            end
            for (i = 0; i < n; i = i + 1)
                for (k = 0; k < RW; k = k + 1) begin
                    r = $fscanf(fd, "%h", t0);
                    if (r != 1) $fatal(1, "FAIL vector file: short result list");
                    if (ok) exp_w[RW * i + k] = t0;
                end
        end
    endtask

    function [19:0] boid_adr(input integer i, input integer w);
        boid_adr = BOIDS_BASE + BOID_STRIDE * i + 4 * w;
    endfunction

    function [19:0] res_adr(input integer i, input integer w);
        res_adr = RESULTS_BASE + RESULT_STRIDE * i + 4 * w;
    endfunction

    task load_boids(input integer count);
        integer i;
        begin
            for (i = 0; i < count; i = i + 1) begin
                write32(boid_adr(i, 0), bx[i]);
                write32(boid_adr(i, 1), by[i]);
                write32(boid_adr(i, 2), bvx[i]);
                write32(boid_adr(i, 3), bvy[i]);
            end
        end
    endtask

    task check_boids(input integer count);
        integer i, e0;
        begin
            e0 = errors;
            for (i = 0; i < count && errors - e0 < 4; i = i + 1) begin
                expect32("boid memory reads back x", boid_adr(i, 0), bx[i]);
                expect32("boid memory reads back y", boid_adr(i, 1), by[i]);
                expect32("boid memory reads back vx", boid_adr(i, 2), bvx[i]);
                expect32("boid memory reads back vy", boid_adr(i, 3), bvy[i]);
            end
        end
    endtask

    task set_params(input [31:0] count, input [31:0] query, input [31:0] vis, input [63:0] v2,
                    input [63:0] p2);
        begin
            write32(REG_COUNT, count);
            write32(REG_QUERY, query);
            write32(REG_VISUAL, vis);
            write32(REG_VISUAL2_LO, v2[31:0]);
            write32(REG_VISUAL2_HI, v2[63:32]);
            write32(REG_PROTECTED2_LO, p2[31:0]);
            write32(REG_PROTECTED2_HI, p2[63:32]);
        end
    endtask

    // Polls STATUS until DONE (checking BUSY on the way); returns CYCLES.
    task wait_done(output [31:0] cycles);
        reg [31:0] st;
        integer t0;
        begin
            t0 = cycle;
            read32(REG_STATUS, st);
            while (!st[STATUS_DONE] && cycle - t0 < TIMEOUT) begin
                if (!st[STATUS_BUSY]) begin
                    fail("STATUS: neither BUSY nor DONE during a run");
                    t0 = cycle - TIMEOUT;
                end
                if (irq_at_req !== 1'b0) fail("irq_o high while busy");
                idle(8);
                read32(REG_STATUS, st);
            end
            if (!st[STATUS_DONE]) fail("run never finished");
            if (st[STATUS_BUSY]) fail("STATUS: BUSY and DONE together");
            if (irq_at_req !== irq_en_model) fail("irq_o is not DONE & IRQ_EN after a run");
            read32(REG_CYCLES, cycles);
        end
    endtask

    // Follows a batch of count boids through RESULTS_READY, as a CPU that uses each
    // result as soon as it is final, until DONE: it never falls and never passes
    // COUNT, and the newest entry it covers already holds its final sums when read
    // at once (the model must hold the batch's sums; after DONE every entry is
    // checked). At DONE it reads COUNT. Returns how many values it rose through.
    task follow_ready(input integer count, output integer rises);
        reg [31:0] st, r, prev;
        integer t0;
        begin
            t0 = cycle;
            prev = 0;
            rises = 0;
            read32(REG_STATUS, st);
            while (!st[STATUS_DONE] && cycle - t0 < TIMEOUT) begin
                read32(REG_RESULTS_READY, r);
                checks = checks + 1;
                if (r < prev || r > count) begin
                    fail("RESULTS_READY fell or passed COUNT during a batch");
                    $display("     %0d after %0d, COUNT %0d", r, prev, count);
                end else if (r > prev) begin
                    check_entry(r - 1);
                    rises = rises + 1;
                end
                prev = r;
                read32(REG_STATUS, st);
            end
            expect32("RESULTS_READY is COUNT once DONE", REG_RESULTS_READY, count);
        end
    endtask

    // Starts a run and checks it was accepted: BUSY and DONE cleared, or with
    // COUNT = 0 (instant) already DONE.
    task start_run(input batch, input irq_en, input instant);
        reg [31:0] st;
        begin
            irq_en_model = irq_en;
            write32(REG_CTRL, CTRL_START_BIT | (batch ? CTRL_BATCH_BIT : 0)
                              | (irq_en ? CTRL_IRQ_BIT : 0));
            read32(REG_STATUS, st);
            if (st[STATUS_ERR_PARAM] || st[STATUS_DONE] != instant || st[STATUS_BUSY] == instant) begin
                fail("run not started (DONE left set, not BUSY, or ERR_PARAM)");
                $display("     STATUS %08h", st);
            end
        end
    endtask

    // Compares result entry i with the model, every word it spans.
    task check_entry(input integer i);
        integer k;
        reg [31:0] d;
        begin
            for (k = 0; k < EW; k = k + 1) begin
                read32(res_adr(i, k), d);
                checks = checks + 1;
                if (k < RW && d !== model_w[RW * i + k]) begin
                    fail("result word differs from the expected sums");
                    $display("     scene %0s, boid %0d, word %0d: %08h, expected %08h", name, i, k,
                             d, model_w[RW * i + k]);
                end
                if (k >= RW && d !== i) fail("result word 7 (ID) is not the entry's index");
            end
        end
    endtask

    task set_model_entry(input integer i);
        integer k;
        begin
            for (k = 0; k < RW; k = k + 1) model_w[RW * i + k] = exp_w[RW * i + k];
            model_known[i] = 1'b1;
        end
    endtask

    task zero_model_entry(input integer i);
        integer k;
        begin
            for (k = 0; k < RW; k = k + 1) model_w[RW * i + k] = 32'd0;
            model_known[i] = 1'b1;
        end
    endtask

    // The neighbour steering of boid i's sums (the C model's, exp_w) with gains c
    // and a, written plainly in 64 bits from firmware/neighbor_steer.h's formulas:
    // the means by division, the gains as fx_mul_gain's words, the separation's
    // wide form saturated. An independent reading of the C, for the accelerator's
    // wiring; tb_accel_steer checks the unit against the C itself.
    function [31:0] gain_of(input [31:0] v, input [31:0] g);  // fx_mul_gain
        reg signed [63:0] p;
        begin
            p = $signed({{32{v[29]}}, v[29:0], 2'b00}) * $signed({32'd0, g[24:0], 7'd0});
            gain_of = ({p[63], p[63:32]} + 33'd1) >> 1;
        end
    endfunction
    function [31:0] separation_of(input [31:0] v, input [31:0] g);
        reg signed [63:0] p;
        begin
            if ($signed(v) >= -32'sd524288 && $signed(v) < 32'sd524288) begin
                separation_of = gain_of({v[22:0], 9'd0}, g);
            end else begin
                p = ($signed({{32{v[31]}}, v}) * $signed({32'd0, g}) + 64'sd16384) >>> 15;
                separation_of = p > 64'sd268435456 ? 32'h1000_0000
                              : p < -64'sd268435456 ? 32'hf000_0000 : p[31:0];
            end
        end
    endfunction
    function [31:0] mean_of(input [31:0] v, input [63:0] r, input integer shift);
        reg signed [63:0] p;
        begin
            p = $signed({{32{v[31]}}, v}) * $signed(r);
            mean_of = p >>> shift;
        end
    endfunction
    task steer_model_entry(input integer i, input [31:0] c, input [31:0] a);
        reg [63:0] r;
        reg [31:0] cnt;
        begin
            cnt = exp_w[RW * i + 6];
            r = cnt != 0 ? 64'h0000_0000_ffff_ffff / cnt : 64'd0;
            model_w[RW * i + 0] = separation_of(exp_w[RW * i + 0], a)
                                + (cnt != 0 ? gain_of(mean_of(exp_w[RW * i + 2], r, 23), c) : 32'd0);
            model_w[RW * i + 1] = separation_of(exp_w[RW * i + 1], a)
                                + (cnt != 0 ? gain_of(mean_of(exp_w[RW * i + 3], r, 23), c) : 32'd0);
            model_w[RW * i + 2] = mean_of(exp_w[RW * i + 4], r, 25);
            model_w[RW * i + 3] = mean_of(exp_w[RW * i + 5], r, 25);
            model_w[RW * i + 4] = 32'd0;
            model_w[RW * i + 5] = 32'd0;
            model_w[RW * i + 6] = cnt;
            model_known[i] = 1'b1;
        end
    endtask

    // A steered batch (CTRL.STEER) of the loaded scene with gains c and a, followed
    // through RESULTS_READY (which counts steered entries); every entry checked.
    // Without steering the bit is ignored: the sums come back as in a batch.
    task steer_run(input [31:0] c, input [31:0] a);
        integer i, e0, rises;
        reg [31:0] cyc_s, cyc_q, st;
        begin
            e0 = errors;
            set_params(n, 32'hffff_ffff, p_visual, p_visual2, p_protected2);
            write32(REG_CENTERING, c);
            write32(REG_AVOID, a);
            for (i = 0; i < n; i = i + 1)
                if (STEER != 0) steer_model_entry(i, c, a);
                else set_model_entry(i);
            irq_en_model = 1'b0;
            write32(REG_CTRL, CTRL_START_BIT | CTRL_BATCH_BIT | CTRL_STEER_BIT);
            read32(REG_STATUS, st);
            if (st[STATUS_ERR_PARAM] || st[STATUS_DONE] || !st[STATUS_BUSY]) fail("steered run not started");
            follow_ready(n, rises);
            wait_done(cyc_s);
            for (i = 0; i < n && errors - e0 < 6; i = i + 1) check_entry(i);
            // 45 cycles an entry, 13 for one without neighbours (no division)
            if (STEER != 0 && cyc_s < 13 * n) fail("a steered run took less than 13 cycles an entry");
            // a query run with STEER gives sums
            set_params(n, 0, p_visual, p_visual2, p_protected2);
            write32(REG_CTRL, CTRL_START_BIT | CTRL_STEER_BIT);
            wait_done(cyc_q);
            set_model_entry(0);
            check_entry(0);
            expect32("RESULTS_READY is 1 after a query run with STEER", REG_RESULTS_READY, 32'd1);
            write32(REG_CTRL, 32'd0);
            $display("%0s steered batch %-14s N %4d: CYCLES %7d", errors == e0 ? "PASS" : "FAIL",
                     name, n, cyc_s);
        end
    endtask

    // A batch run of the loaded scene with its parameters, followed through
    // RESULTS_READY; every entry checked.
    reg [31:0] last_cycles;
    task batch_run(input irq_en);
        integer i, e0, passes, rises;
        begin
            e0 = errors;
            set_params(n, 32'hffff_ffff, p_visual, p_visual2, p_protected2);
            for (i = 0; i < n; i = i + 1) set_model_entry(i);
            start_run(1'b1, irq_en, 1'b0);
            follow_ready(n, rises);
            if (n >= 32 && n > 2 * LANES && rises < 2) fail("RESULTS_READY did not rise before DONE");
            wait_done(last_cycles);
            for (i = 0; i < n && errors - e0 < 6; i = i + 1) check_entry(i);
            passes = (n + LANES - 1) / LANES;
            if (n >= 64 && 100 * last_cycles > 105 * passes * n + 6400) begin
                fail("CYCLES above 1.05 ceil(N/LANES) N + 64");
                $display("     N %0d LANES %0d: CYCLES %0d, ideal %0d", n, LANES, last_cycles,
                         passes * n);
            end
            $display("%0s batch %-22s N %4d LANES %2d: CYCLES %7d (ideal %7d, +%0d)",
                     errors == e0 ? "PASS" : "FAIL", name, n, LANES, last_cycles, passes * n,
                     last_cycles - passes * n);
        end
    endtask

    // The sums of boid q by the pair rule, written plainly in 64 bits, for ranges
    // the C model cannot state (a VISUAL2 unrelated to VISUAL makes the box test
    // visible). Checked against the C model wherever both apply. Each pair adds
    // its terms: offsets round(d / 2^9), velocities round(v / 2^7), halves up.
    reg [31:0] ref_w[0:RW-1];
    function [63:0] sx64(input [31:0] v);
        sx64 = {{32{v[31]}}, v};
    endfunction
    task ref_entry(input integer q, input [31:0] vis, input [63:0] v2, input [63:0] p2);
        reg signed [63:0] dx, dy, d2, sep_x, sep_y, coh_x, coh_y, ali_x, ali_y;
        reg [31:0] cnt;
        integer j;
        begin
            sep_x = 0; sep_y = 0; coh_x = 0; coh_y = 0; ali_x = 0; ali_y = 0; cnt = 0;
            for (j = 0; j < n; j = j + 1) begin
                dx = $signed(sx64(bx[q])) - $signed(sx64(bx[j]));
                dy = $signed(sx64(by[q])) - $signed(sx64(by[j]));
                if (j != q && (dx < 0 ? -dx : dx) < {32'd0, vis} && (dy < 0 ? -dy : dy) < {32'd0, vis}) begin
                    d2 = dx * dx + dy * dy;
                    if ($unsigned(d2) < p2) begin
                        sep_x = sep_x + ((dx + 256) >>> 9);
                        sep_y = sep_y + ((dy + 256) >>> 9);
                    end else if ($unsigned(d2) < v2) begin
                        coh_x = coh_x - ((dx + 256) >>> 9);
                        coh_y = coh_y - ((dy + 256) >>> 9);
                        ali_x = ali_x + (($signed(sx64(bvx[j])) + 64) >>> 7);
                        ali_y = ali_y + (($signed(sx64(bvy[j])) + 64) >>> 7);
                        cnt = cnt + 1;
                    end
                end
            end
            ref_w[0] = sep_x[31:0];
            ref_w[1] = sep_y[31:0];
            ref_w[2] = coh_x[31:0];
            ref_w[3] = coh_y[31:0];
            ref_w[4] = ali_x[31:0];
            ref_w[5] = ali_y[31:0];
            ref_w[6] = cnt;
        end
    endtask

    // A query run for boid q; entries next to it must keep what they held. The
    // expected sums: the C model's for the scene's ranges (use_scene), else the
    // reference above.
    task query_run(input integer q, input [31:0] vis, input [63:0] v2, input [63:0] p2,
                   input use_scene);
        reg [31:0] cyc_q;
        integer k;
        begin
            set_params(n, q, vis, v2, p2);
            start_run(1'b0, q % 2, 1'b0);
            wait_done(cyc_q);
            expect32("RESULTS_READY is 1 after a query run", REG_RESULTS_READY, 32'd1);
            if (cyc_q > n + 2 * LANES + 32) begin
                fail("query run slower than N + 2 LANES + 32 cycles");
                $display("     N %0d: CYCLES %0d", n, cyc_q);
            end
            ref_entry(q, vis, v2, p2);
            if (use_scene) begin
                set_model_entry(q);
                for (k = 0; k < RW; k = k + 1)
                    if (ref_w[k] !== exp_w[RW * q + k]) begin
                        fail("the testbench's reference disagrees with the C model");
                        $display("     scene %0s, boid %0d, word %0d", name, q, k);
                    end
            end else begin
                for (k = 0; k < RW; k = k + 1) model_w[RW * q + k] = ref_w[k];
                model_known[q] = 1'b1;
            end
            check_entry(q);
            if (q > 0 && model_known[q - 1]) check_entry(q - 1);
            if (q + 1 < N_MAX && model_known[q + 1]) check_entry(q + 1);
        end
    endtask

    task clear_status;
        begin
            write32(REG_STATUS, ST_DONE | ST_ERRS);
        end
    endtask

    // ---- wrong use --------------------------------------------------------------------
    // A binned batch (BINNING = 1) whose pass table splits boids 0..N-1 into three
    // ranges at cut points a <= b (some empty): every pass meets every boid, so the
    // sums are the C model's brute-force ones, through the preload, range, empty
    // range and tail steps. style 0: [0,a) [a,b) [b,N); 1: [0,0) [0,a) [a,N);
    // 2: all three empty on the last pass only (its queries' sums are zero).
    task binned_run(input integer style, input integer seed);
        integer p, passes, a, b2, i, e0, first_q, entries, want;
        reg [31:0] cyc_b;
        begin
            e0 = errors;
            passes = (n + LANES - 1) / LANES;
            for (p = 0; p < passes; p = p + 1) begin
                a = (seed + 7 * p) % (n + 1);
                b2 = a + (seed + 3 * p) % (n + 1 - a);
                if (style == 0) begin
                    write32(PASSES_BASE + PASS_STRIDE * p, {a[15:0], 16'd0});
                    write32(PASSES_BASE + PASS_STRIDE * p + 4, {b2[15:0], a[15:0]});
                    write32(PASSES_BASE + PASS_STRIDE * p + 8, {n[15:0], b2[15:0]});
                end else if (style == 1 || p < passes - 1) begin
                    write32(PASSES_BASE + PASS_STRIDE * p, 32'd0);
                    write32(PASSES_BASE + PASS_STRIDE * p + 4, {a[15:0], 16'd0});
                    write32(PASSES_BASE + PASS_STRIDE * p + 8, {n[15:0], a[15:0]});
                end else begin
                    write32(PASSES_BASE + PASS_STRIDE * p, {a[15:0], a[15:0]});
                    write32(PASSES_BASE + PASS_STRIDE * p + 4, {b2[15:0], b2[15:0]});
                    write32(PASSES_BASE + PASS_STRIDE * p + 8, 32'd0);
                end
            end
            set_params(n, 32'hffff_ffff, p_visual, p_visual2, p_protected2);
            first_q = style == 2 ? (passes - 1) * LANES : n;
            for (i = 0; i < n; i = i + 1)
                if (i < first_q) set_model_entry(i); else zero_model_entry(i);
            irq_en_model = 1'b0;
            write32(REG_CTRL, CTRL_START_BIT | CTRL_BATCH_BIT | CTRL_BINNED_BIT);
            expect32("CTRL reads BINNED back", REG_CTRL, CTRL_BATCH_BIT | CTRL_BINNED_BIT);
            wait_done(cyc_b);
            // CYCLES: P (LANES + 1) + (entries of the ranges) + 8 + (boids in the last
            // pass), as tests/formal/accel_core.sby proves at small sizes; each pass's
            // ranges hold N entries, but style 2's last holds none
            entries = style == 2 ? (passes - 1) * n : passes * n;
            want = passes * (LANES + 1) + entries + 8 + n - (passes - 1) * LANES;
            if (n > 0 && cyc_b != want) begin
                fail("binned batch CYCLES not P (LANES + 1) + entries + 8 + boids in the last pass");
                $display("     N %0d LANES %0d style %0d: CYCLES %0d, want %0d", n, LANES, style,
                         cyc_b, want);
            end
            for (i = 0; i < n && errors - e0 < 6; i = i + 1) check_entry(i);
            $display("%0s binned batch %0d %-15s N %4d LANES %2d: CYCLES %7d",
                     errors == e0 ? "PASS" : "FAIL", style, name, n, LANES, cyc_b);
        end
    endtask

    // A refused start: ERR_PARAM set, not busy, nothing else changed.
    task expect_refused(input [8*80-1:0] what, input batch);
        reg [31:0] c0, r0;
        begin
            read32(REG_CYCLES, c0);
            read32(REG_RESULTS_READY, r0);
            write32(REG_CTRL, CTRL_START_BIT | (batch ? CTRL_BATCH_BIT : 0));
            expect_status(what, ST_BUSY | ST_DONE | ST_ERRS, ST_DONE | ST_ERR_PARAM);
            expect32("a refused start leaves CYCLES", REG_CYCLES, c0);
            expect32("a refused start leaves RESULTS_READY", REG_RESULTS_READY, r0);
            write32(REG_STATUS, ST_ERR_PARAM);
            expect_status("ERR_PARAM clears by writing 1", ST_BUSY | ST_DONE | ST_ERRS, ST_DONE);
        end
    endtask

    task expect_unmapped(input [19:0] a);
        begin
            expect_status("no bus error before", ST_ERR_BUS, 0);
            expect32("an unmapped address reads 0", a, 32'd0);
            expect_status("an unmapped read sets ERR_BUS", ST_ERR_BUS, ST_ERR_BUS);
            write32(REG_STATUS, ST_ERR_BUS);
            expect_status("ERR_BUS clears by writing 1", ST_ERR_BUS, 0);
            write32(a, 32'hdead_beef);
            expect_status("an unmapped write sets ERR_BUS", ST_ERR_BUS, ST_ERR_BUS);
            write32(REG_STATUS, ST_ERR_BUS);
        end
    endtask

    task registers_after_reset(input [8*80-1:0] what);
        begin
            expect32(what, REG_CTRL, 32'd0);
            expect32(what, REG_STATUS, 32'd0);
            expect32(what, REG_COUNT, 32'd0);
            expect32(what, REG_QUERY, 32'd0);
            expect32(what, REG_VISUAL, 32'd0);
            expect32(what, REG_VISUAL2_LO, 32'd0);
            expect32(what, REG_VISUAL2_HI, 32'd0);
            expect32(what, REG_PROTECTED2_LO, 32'd0);
            expect32(what, REG_PROTECTED2_HI, 32'd0);
            expect32(what, REG_CYCLES, 32'd0);
            expect32(what, REG_RESULTS_READY, 32'd0);
            expect32(what, REG_PRED_COUNT, 32'd0);
            expect32(what, REG_PRED_RANGE, 32'd0);
            expect32(what, REG_PRED_TURN, 32'd0);
            if (irq !== 1'b0) fail("irq_o high after reset");
        end
    endtask

    task pulse_reset;
        begin
            rst = 1'b1;
            idle(1);
            rst = 1'b0;
            irq_en_model = 1'b0;
        end
    endtask

    // Every wrong use, on the scene loaded (n >= 2).
    reg [31:0] clean_cycles;
    task wrong_use;
        integer i, e0, k;
        reg [31:0] d, c1, bad_x;
        begin
            e0 = errors;

            // Read-only registers ignore writes; RW registers keep all 32 bits.
            read32(REG_RESULTS_READY, d);
            write32(REG_ID, 32'h0);
            write32(REG_NMAX, 32'h0);
            write32(REG_LANES, 32'h0);
            write32(REG_CYCLES, 32'h1234);
            write32(REG_RESULTS_READY, 32'h1234);
            expect32("ID is read only", REG_ID, ID_VALUE);
            expect32("NMAX is read only", REG_NMAX, N_MAX);
            expect32("LANES is read only", REG_LANES, LANES);
            expect32("RESULTS_READY is read only", REG_RESULTS_READY, d);
            set_params(32'ha5a5_0001, 32'h5a5a_0002, 32'hffff_fff3, 64'h0123_4567_89ab_cdef,
                       64'hfedc_ba98_7654_3210);
            expect32("COUNT keeps 32 bits", REG_COUNT, 32'ha5a5_0001);
            expect32("QUERY keeps 32 bits", REG_QUERY, 32'h5a5a_0002);
            expect32("VISUAL keeps 32 bits", REG_VISUAL, 32'hffff_fff3);
            expect32("VISUAL2_LO", REG_VISUAL2_LO, 32'h89ab_cdef);
            expect32("VISUAL2_HI", REG_VISUAL2_HI, 32'h0123_4567);
            expect32("PROTECTED2_LO", REG_PROTECTED2_LO, 32'h7654_3210);
            expect32("PROTECTED2_HI", REG_PROTECTED2_HI, 32'hfedc_ba98);
            write32(REG_CTRL, CTRL_BATCH_BIT | CTRL_IRQ_BIT);
            expect32("CTRL reads BATCH and IRQ_EN", REG_CTRL, CTRL_BATCH_BIT | CTRL_IRQ_BIT);
            write32(REG_CTRL, 32'hffff_fff8);
            expect32("CTRL: only BATCH, IRQ_EN, BINNED (with binning), STEER, VELOCITY, LIMIT, EDGES_PSEUDOCODE and PREDATORS (with steering) stick",
                     REG_CTRL, (BINNING != 0 ? CTRL_BINNED_BIT : 32'd0)
                               | (STEER != 0 ? CTRL_STEER_BIT | CTRL_VELOCITY_BIT : 32'd0)
                               | (STEER != 0 && LIMIT != 0 ? CTRL_LIMIT_BIT | CTRL_EDGES_PSEUDOCODE_BIT : 32'd0)
                               | (HAS_PRED ? CTRL_PREDATORS_BIT : 32'd0));
            steer_params_keep;
            // The predator table: PREDATORS_MAX entries of x and y, each word its own.
            expect32("PREDATORS_MAX is the table's entries (0 without it)", REG_PREDATORS_MAX,
                     HAS_PRED ? PREDATORS : 0);
            write32(REG_PREDATORS_MAX, 32'd3);
            expect32("PREDATORS_MAX is read only", REG_PREDATORS_MAX, HAS_PRED ? PREDATORS : 0);
            if (HAS_PRED) begin
                for (k = 0; k < PREDATORS; k = k + 1) begin
                    write32(pred_adr(k, 0), 32'h1000_0000 + k);
                    write32(pred_adr(k, 1), 32'hf000_0000 - k);
                end
                for (k = 0; k < PREDATORS; k = k + 1) begin
                    expect32("a predator's x reads back", pred_adr(k, 0), 32'h1000_0000 + k);
                    expect32("a predator's y reads back", pred_adr(k, 1), 32'hf000_0000 - k);
                end
                expect_status("the predator table's accesses set no flag", ST_ERRS, 0);
            end
            // The tap: a boid memory write, registered, as word and entry; a register
            // write is none.
            idle(2);
            k = taps;
            write32(boid_adr(N_MAX - 1, 2), 32'h7654_3210);
            idle(2);
            checks = checks + 1;
            if (taps != k + 1 || last_tap_idx !== N_MAX - 1 || last_tap_word !== 2'd2
                || last_tap_data !== 32'h7654_3210)
                fail("a boid memory write is one tap word: its entry, word and data");
            write32(boid_adr(N_MAX - 1, 2), bvx[N_MAX - 1]);
            idle(2);
            k = taps;
            write32(REG_COUNT, 32'd3);
            write32(REG_CTRL, 32'd0);
            idle(2);
            checks = checks + 1;
            if (taps != k) fail("a register write reached the tap");
            expect32("RESULT_SLOTS is NMAX (no ring)", REG_RESULT_SLOTS, N_MAX);
            write32(REG_RESULT_SLOTS, 32'd3);
            expect32("RESULT_SLOTS is read only", REG_RESULT_SLOTS, N_MAX);
            write32(REG_RESULTS_FREED, 32'd1);
            expect32("RESULTS_FREED reads back", REG_RESULTS_FREED, 32'd1);
            write32(REG_CTRL, 32'd0);
            write32(REG_STATUS, ST_BUSY);
            expect_status("STATUS.BUSY is read only", ST_BUSY | ST_ERRS, 0);
            clear_status;
            if (errors == e0) $display("PASS register access");

            // Unmapped addresses: acknowledged, read 0, set ERR_BUS (W1C).
            e0 = errors;
            expect_unmapped(REG_PREDATORS_MAX + 20'd4);
            expect_unmapped(PREDATORS_BASE - 20'd4);
            expect_unmapped(pred_adr(HAS_PRED ? PREDATORS : 0, 0));
            if (!HAS_PRED || PREDATORS < PREDATORS_TABLE_MAX) expect_unmapped(pred_adr(PREDATORS_TABLE_MAX - 1, 1));
            if (BINNING == 0) expect_unmapped(PASSES_BASE);
            expect_unmapped(20'h0fffc);
            expect_unmapped(BOIDS_BASE - 20'd4);
            expect_unmapped(BOIDS_BASE + BOID_STRIDE * N_MAX);
            expect_unmapped(BOIDS_BASE + BOID_STRIDE * N_MAX + 12);
            expect_unmapped(RESULTS_BASE - 20'd4);
            expect_unmapped(RESULTS_BASE + RESULT_STRIDE * N_MAX);
            expect_unmapped(20'hffffc);
            // low bits that would select COUNT or ALI words if the result memory leaked
            expect_unmapped(20'h0ffb0);
            expect_unmapped(20'h3fff0);
            expect_unmapped(RESULTS_BASE + RESULT_STRIDE * N_MAX + 20'h18);
            expect_unmapped(RESULTS_BASE + RESULT_STRIDE * N_MAX + 20'h50);
            expect_unmapped(BOIDS_BASE + BOID_STRIDE * N_MAX + 20'h30);
            expect_unmapped(20'hfffb0);
            // Mapped: result word 7 (ID) reads the entry's boid, its own index without the
            // sorter; result writes ignored; no ERR_BUS.
            expect32("result word 7 (ID) reads the entry's index", res_adr(0, 7), 32'd0);
            expect32("result word 7 (ID) of the last entry reads its index", res_adr(N_MAX - 1, 7), N_MAX - 1);
            write32(res_adr(0, 0), 32'hdead_beef);
            expect32("result memory ignores writes", res_adr(0, 0), model_w[0]);
            expect32("address bits 1:0 are ignored", REG_ID + 20'd3, ID_VALUE);
            expect_status("mapped accesses set no ERR_BUS", ST_ERRS, 0);
            if (errors == e0) $display("PASS unmapped addresses");

            // Without the sorter (SORTER 0): BIN_CELLS and its registers read 0 and ignore
            // writes; CELL_POS, APPEND and a start with CTRL.SORT are refused (ERR_PARAM).
            e0 = errors;
            expect32("BIN_CELLS reads 0 without the sorter", REG_BIN_CELLS, 32'd0);
            write32(REG_SORT, 32'd1);
            write32(REG_GRID, 32'h0004_0004);
            write32(REG_CELL_RECIP, 32'h1234_5678);
            expect_status("SORT, GRID and CELL_RECIP writes set no flag without the sorter", ST_ERRS, 0);
            expect32("SORT reads 0 without the sorter", REG_SORT, 32'd0);
            expect32("GRID reads 0 without the sorter", REG_GRID, 32'd0);
            expect32("CELL_RECIP reads 0 without the sorter", REG_CELL_RECIP, 32'd0);
            write32(REG_CELL_POS, 32'd0);
            expect_status("CELL_POS is refused without the sorter", ST_ERRS, ST_ERR_PARAM);
            clear_status;
            write32(REG_APPEND, 32'd0);
            expect_status("APPEND is refused without the sorter", ST_ERRS, ST_ERR_PARAM);
            clear_status;
            expect32("SORTED reads 0 without the sorter", REG_SORTED, 32'd0);
            write32(REG_CTRL, CTRL_START_BIT | CTRL_BATCH_BIT | (32'd1 << CTRL_BINNED) | (32'd1 << CTRL_SORT));
            expect_status("a start with CTRL.SORT is refused without the sorter", ST_BUSY | ST_ERRS, ST_ERR_PARAM);
            clear_status;
            write32(REG_CTRL, 32'd0);
            if (errors == e0) $display("PASS no sorter");

            // Bad parameters: ERR_PARAM, no start.
            e0 = errors;
            set_params(n, 0, p_visual, p_visual2, p_protected2);
            start_run(1'b1, 1'b0, 1'b0);
            wait_done(clean_cycles);                // DONE is set from here on
            for (i = 0; i < n; i = i + 1) set_model_entry(i);
            set_params(N_MAX + 1, 0, p_visual, p_visual2, p_protected2);
            expect_refused("COUNT > NMAX is refused", 1'b1);
            set_params(32'h8000_0000, 0, p_visual, p_visual2, p_protected2);
            expect_refused("COUNT = 2^31 is refused", 1'b1);
            set_params(n, n, p_visual, p_visual2, p_protected2);
            expect_refused("QUERY = COUNT in a query run is refused", 1'b0);
            set_params(n, 32'hffff_ffff, p_visual, p_visual2, p_protected2);
            expect_refused("QUERY = 2^32 - 1 in a query run is refused", 1'b0);
            set_params(n, 0, 32'h00ff_0001, 64'hffff_ffff_ffff_ffff, 64'd0);
            expect_refused("VISUAL = 255 px + 1 step is refused", 1'b1);
            set_params(n, 0, 32'h8000_0000, 64'hffff_ffff_ffff_ffff, 64'd0);
            expect_refused("VISUAL negative (huge unsigned) is refused", 1'b1);
            set_params(n, 0, p_visual, p_visual2, p_visual2 + 64'd1);
            expect_refused("PROTECTED2 = VISUAL2 + 1 is refused", 1'b1);
            set_params(n, 0, p_visual, 64'h0000_0001_0000_0000, 64'h0000_0002_0000_0000);
            expect_refused("PROTECTED2 above VISUAL2 in the high word is refused", 1'b1);
            set_params(0, 0, p_visual, p_visual2, p_protected2);
            expect_refused("COUNT = 0 in a query run is refused (QUERY >= COUNT)", 1'b0);
            // PRED_COUNT above the table: refused in a steered batch with CTRL.PREDATORS
            // (without the table the bit is ignored), accepted without the bit; the
            // table's size itself is accepted.
            set_params(n, 0, p_visual, p_visual2, p_protected2);
            write32(REG_PRED_COUNT, PREDATORS + 1);
            write32(REG_CTRL, CTRL_START_BIT | CTRL_BATCH_BIT | CTRL_STEER_BIT | CTRL_VELOCITY_BIT
                              | CTRL_PREDATORS_BIT);
            if (HAS_PRED)
                expect_status("PRED_COUNT above PREDATORS_MAX is refused with CTRL.PREDATORS",
                              ST_BUSY | ST_ERRS, ST_ERR_PARAM);
            else
                expect_status("CTRL.PREDATORS is ignored without the table", ST_ERRS, 0);
            wait_done(d);
            write32(REG_STATUS, ST_ERR_PARAM);
            write32(REG_CTRL, CTRL_START_BIT | CTRL_BATCH_BIT | CTRL_STEER_BIT | CTRL_VELOCITY_BIT);
            expect_status("PRED_COUNT above PREDATORS_MAX is no error without CTRL.PREDATORS", ST_ERRS, 0);
            wait_done(d);
            write32(REG_PRED_COUNT, PREDATORS);
            write32(REG_CTRL, CTRL_START_BIT | CTRL_BATCH_BIT | CTRL_STEER_BIT | CTRL_VELOCITY_BIT
                              | CTRL_PREDATORS_BIT);
            expect_status("PRED_COUNT = PREDATORS_MAX is accepted", ST_ERRS, 0);
            wait_done(d);
            write32(REG_PRED_COUNT, steer_param_val[9]);    // as steer_params_keep left it
            write32(REG_CTRL, 32'd0);
            // Accepted limits: VISUAL = 255 px, PROTECTED2 = VISUAL2, QUERY = COUNT - 1,
            // QUERY beyond COUNT in a batch run, COUNT = 0 in a batch run.
            set_params(n, n - 1, 32'h00ff_0000, 64'h0000_fe01_0000_0000, 64'h0000_fe01_0000_0000);
            start_run(1'b0, 1'b0, 1'b0);
            wait_done(d);
            set_params(n, n, 32'h00ff_0000, 64'h0000_fe01_0000_0000, 64'h0000_fe01_0000_0000);
            start_run(1'b1, 1'b0, 1'b0);
            wait_done(d);
            // (those results are not the scene's: run it again)
            set_params(n, 0, p_visual, p_visual2, p_protected2);
            start_run(1'b1, 1'b0, 1'b0);
            wait_done(d);
            // COUNT = 0: done at once, nothing written.
            set_params(0, 0, p_visual, p_visual2, p_protected2);
            start_run(1'b1, 1'b1, 1'b1);
            wait_done(d);
            if (d > 4) fail("COUNT = 0 should finish at once");
            expect32("COUNT = 0: RESULTS_READY is 0", REG_RESULTS_READY, 32'd0);
            check_entry(0);
            check_entry(n - 1);
            clear_status;
            if (errors == e0) $display("PASS parameter checks");

            // While busy: START, parameter and boid writes are refused with ERR_BUSY and
            // change nothing; boid reads return 0; IRQ_EN may change; the run is exact.
            e0 = errors;
            set_params(n, 0, p_visual, p_visual2, p_protected2);
            start_run(1'b1, 1'b0, 1'b0);
            expect_status("busy after a start", ST_BUSY | ST_DONE | ST_ERRS, ST_BUSY);
            write32(REG_CTRL, CTRL_START_BIT | CTRL_BATCH_BIT);
            expect_status("START while busy sets ERR_BUSY", ST_BUSY | ST_ERRS, ST_BUSY | ST_ERR_BUSY);
            write32(REG_STATUS, ST_ERR_BUSY);
            write32(REG_CTRL, CTRL_START_BIT);
            write32(REG_STATUS, ST_ERR_BUSY);
            write32(REG_CTRL, 32'd0);               // BATCH change while busy
            expect_status("a BATCH change while busy sets ERR_BUSY", ST_BUSY | ST_ERRS,
                          ST_BUSY | ST_ERR_BUSY);
            expect32("CTRL.BATCH kept while busy", REG_CTRL, CTRL_BATCH_BIT);
            write32(REG_STATUS, ST_ERR_BUSY);
            write32(REG_COUNT, 32'd1);
            write32(REG_QUERY, 32'd1);
            write32(REG_VISUAL, 32'd1);
            write32(REG_VISUAL2_LO, 32'd1);
            write32(REG_VISUAL2_HI, 32'd1);
            write32(REG_PROTECTED2_LO, 32'd1);
            write32(REG_PROTECTED2_HI, 32'd1);
            for (sp = 0; sp < STEER_PARAMS; sp = sp + 1) write32(steer_param_adr[sp], 32'd1);
            expect_status("parameter writes while busy set ERR_BUSY", ST_BUSY | ST_ERRS,
                          ST_BUSY | ST_ERR_BUSY);
            // (the steered runs since wrote CENTERING and AVOID; the others are as
            // steer_params_keep left them)
            for (sp = 2; sp < STEER_PARAMS; sp = sp + 1)
                expect32("a steering parameter kept while busy", steer_param_adr[sp],
                         steer_kept(sp) ? steer_param_val[sp] : 32'd0);
            expect32("COUNT kept while busy", REG_COUNT, n);
            expect32("QUERY kept while busy", REG_QUERY, 32'd0);
            expect32("VISUAL kept while busy", REG_VISUAL, p_visual);
            expect32("VISUAL2_LO kept while busy", REG_VISUAL2_LO, p_visual2[31:0]);
            expect32("VISUAL2_HI kept while busy", REG_VISUAL2_HI, p_visual2[63:32]);
            expect32("PROTECTED2_LO kept while busy", REG_PROTECTED2_LO, p_protected2[31:0]);
            expect32("PROTECTED2_HI kept while busy", REG_PROTECTED2_HI, p_protected2[63:32]);
            write32(REG_STATUS, ST_ERR_BUSY);
            if (HAS_PRED) begin
                write32(pred_adr(0, 1), 32'd1);
                expect_status("a predator table write while busy sets ERR_BUSY", ST_BUSY | ST_ERRS,
                              ST_BUSY | ST_ERR_BUSY);
                expect32("the predator table kept while busy", pred_adr(0, 1), 32'hf000_0000);
                write32(REG_STATUS, ST_ERR_BUSY);
            end
            k = taps;
            write32(boid_adr(1, 0), ~bx[1]);
            expect_status("a boid write while busy sets ERR_BUSY", ST_BUSY | ST_ERRS,
                          ST_BUSY | ST_ERR_BUSY);
            checks = checks + 1;
            if (taps != k) fail("a boid write refused while busy reached the tap");
            expect32("boid reads while busy return 0", boid_adr(0, 0), 32'd0);
            write32(REG_STATUS, ST_ERR_BUSY);
            write32(REG_CTRL, CTRL_BATCH_BIT | CTRL_IRQ_BIT);
            irq_en_model = 1'b1;
            expect_status("IRQ_EN may change while busy", ST_BUSY | ST_ERRS, ST_BUSY);
            wait_done(c1);
            if (c1 !== clean_cycles) begin
                fail("a disturbed run took a different number of cycles");
                $display("     %0d cycles, undisturbed %0d", c1, clean_cycles);
            end
            for (i = 0; i < n; i = i + 1) check_entry(i);
            check_boids(n);                          // the refused boid write left no trace
            expect_status("irq with DONE and IRQ_EN", ST_DONE, ST_DONE);
            write32(REG_CTRL, CTRL_BATCH_BIT);
            irq_en_model = 1'b0;
            expect_status("no irq without IRQ_EN", ST_DONE, ST_DONE);
            write32(REG_CTRL, CTRL_BATCH_BIT | CTRL_IRQ_BIT);
            irq_en_model = 1'b1;
            write32(REG_STATUS, ST_DONE);
            expect_status("DONE clears by writing 1; irq follows", ST_DONE, 0);
            write32(REG_CTRL, 32'd0);
            irq_en_model = 1'b0;
            clear_status;
            if (errors == e0) $display("PASS busy: refused writes, undisturbed run, irq");

            // A query run writes its entry only; a zero-range run gives zero sums there.
            e0 = errors;
            k = n / 2;
            query_run(k, 32'd0, 64'd0, 64'd0, 1'b0);
            for (i = 0; i < n; i = i + 1) if (i != k) check_entry(i);
            clear_status;
            if (errors == e0) $display("PASS a query run writes only entry QUERY");

            // Reset in the middle of a run (at several points, write-back included):
            // idle, registers at reset values, memories kept, the next run exact.
            e0 = errors;
            for (k = 0; k < 4; k = k + 1) begin
                set_params(n, 0, p_visual, p_visual2, p_protected2);
                start_run(1'b1, 1'b1, 1'b0);
                idle(k == 0 ? 0 : k == 1 ? 3 : k == 2 ? clean_cycles / 2 : clean_cycles - 12);
                pulse_reset;
                registers_after_reset("registers at reset values after a reset in a run");
                idle(40);
                expect_status("still idle after a reset in a run", 32'hffff_ffff, 0);
                check_boids(n);
                batch_run(1'b0);
            end
            clear_status;
            if (errors == e0) $display("PASS reset in the middle of a run");
        end
    endtask

    // ---- main -------------------------------------------------------------------------
    reg [8*256-1:0] vec;
    integer maxn, ok, i, e0, ran, wrong_done;
    reg [31:0] d;

    initial begin
        if (!$value$plusargs("VEC=%s", vec)) $fatal(1, "FAIL no +VEC=<vector file>");
        if (!$value$plusargs("MAXN=%d", maxn)) maxn = N_MAX;
        for (i = 0; i < N_MAX; i = i + 1) model_known[i] = 1'b0;
        fd = $fopen(vec, "r");
        if (fd == 0) $fatal(1, "FAIL cannot open %0s", vec);

        idle(3);
        rst = 1'b0;
        idle(1);
        e0 = errors;
        expect32("ID", REG_ID, ID_VALUE);
        expect32("NMAX", REG_NMAX, N_MAX);
        expect32("LANES", REG_LANES, LANES);
        expect32("BIN_PASSES", REG_BIN_PASSES, BINNING != 0 ? (N_MAX + LANES - 1) / LANES : 0);
        registers_after_reset("registers at reset values");
        if (errors == e0) $display("PASS ID, NMAX, LANES and reset values (N_MAX %0d, LANES %0d)",
                                   N_MAX, LANES);

        if ($fscanf(fd, "%d", n_scenes) != 1) $fatal(1, "FAIL vector file: no scene count");
        ran = 0;
        wrong_done = 0;
        for (sc = 0; sc < n_scenes; sc = sc + 1) begin
            read_scene(ok);
            if (ok && n <= maxn) begin
                ran = ran + 1;
                e0 = errors;
                load_boids(n);
                check_boids(n);
                batch_run(sc % 3 == 1);
                steer_run(sc % 2 ? 32'h0100_0000 : 32'h0003_2f1d, sc % 3 ? 32'h0100_0000 : 32'h0045_a1b3);
                if (BINNING != 0) begin
                    binned_run(0, sc + 1);
                    binned_run(1, 2 * sc + 5);
                    binned_run(2, sc + 3);
                end
                for (qi = 0; qi < nq; qi = qi + 1) begin
                    query_run(queries[qi], 32'd0, 64'd0, 64'd0, 1'b0);  // zeros first,
                    query_run(queries[qi], p_visual, p_visual2, p_protected2, 1'b1);
                end
                // The box alone decides (d2 < 2^49 in the box): squared ranges whose
                // low 49 bits alone would say otherwise, and the largest below 2^49.
                query_run(queries[0], p_visual, 64'h8000_0000_0000_0000, 64'd0, 1'b0);
                query_run(queries[0], p_visual, 64'h0002_0000_0000_0005, 64'd0, 1'b0);
                query_run(queries[0], p_visual, 64'h8000_0000_0000_0000, 64'h0004_0000_0000_0000, 1'b0);
                query_run(queries[0], p_visual, 64'hffff_ffff_ffff_ffff, 64'h0001_ffff_ffff_ffff, 1'b0);
                clear_status;
                if (errors == e0)
                    $display("PASS scene %0s: N %0d, batch and %0d query runs", name, n, 2 * nq + 4);
                // on a small scene whose run lasts a few hundred cycles (the busy checks)
                if (!wrong_done && n <= 64 && n >= 2 * LANES && (n + LANES - 1) / LANES * n >= 250) begin
                    wrong_use;
                    wrong_done = 1;
                end
            end
        end
        $fclose(fd);
        if (ran == 0) fail("no scene fits this build");
        if (!wrong_done) fail("no scene was large enough for the wrong-use checks");

        idle(4);
        if (errors != 0)
            $fatal(1, "FAIL tb_boids_accel N_MAX %0d LANES %0d: %0d errors, %0d checks", N_MAX,
                   LANES, errors, checks);
        $display("PASS tb_boids_accel N_MAX %0d LANES %0d: %0d scenes, %0d checks, %0d cycles",
                 N_MAX, LANES, ran, checks, cycle);
        $finish;
    end

endmodule

`default_nettype wire
