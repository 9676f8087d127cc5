// tb_accel_result_ring: self-checking testbench of the accelerator's result ring
// (boids_accel RESULT_SLOTS below N_MAX). Two accelerators get the same boids,
// parameters and pass table: one keeps every result (RESULT_SLOTS = N_MAX), the
// other a ring of SLOTS. Each batch on the ring is read while it runs, as
// RESULTS_READY counts entries, with RESULTS_FREED written at random moments
// and random pauses, and every word must equal the full memory's. Also: the
// ring never overwrites an entry not yet freed (checked at every write), a
// batch that fits takes the same cycles, one that is never freed holds with
// the ring full and finishes once freed, query runs, and the two registers.
`timescale 1ns / 1ps
`default_nettype none

// Run (see tests/test_rtl_icarus.sh):
//   iverilog -g2012 -I rtl -y rtl -P tb_accel_result_ring.LANES=3 -o tb tests/rtl/tb_accel_result_ring.v
//   vvp -N tb [+SEED=n] [+WAVES] [+DUMPFILE=path]
module tb_accel_result_ring;

    parameter integer N_MAX = 64;
    parameter integer LANES = 3;
    parameter integer SLOTS = 8;
    parameter integer BINNING = 0;
    parameter integer STEER = 1;
    parameter integer SCENES = 24;

`include "accel_regs.vh"

`include "tb_accel_masks.vh"
    localparam integer RW = RESULT_WORDS;
    localparam integer PASSES = (N_MAX + LANES - 1) / LANES;
    localparam integer FULL = SLOTS / LANES * LANES;    // entries a never-freed batch writes
    localparam integer TIMEOUT = 2000000;

    // ---- the two accelerators on one bus; stb goes to those selected ------------
    reg         clk = 1'b0;
    reg         rst = 1'b1;
    reg         cyc = 1'b0, stb = 1'b0, we = 1'b0;
    reg  [1:0]  to = 2'b11;                         // bit 0 the full one, bit 1 the ring
    reg  [19:0] adr = 20'd0;
    reg  [31:0] dat_w = 32'd0;
    wire [31:0] dat_full, dat_ring;
    wire        ack_full, ack_ring, irq_full, irq_ring;

    always #5 clk = !clk;

    boids_accel #(.N_MAX(N_MAX), .LANES(LANES), .BINNING(BINNING), .STEER(STEER)) full (
        .clk(clk), .rst(rst), .wb_cyc_i(cyc), .wb_stb_i(stb && to[0]), .wb_we_i(we),
        .wb_adr_i(adr), .wb_dat_i(dat_w), .wb_sel_i(4'hf), .wb_dat_o(dat_full),
        .wb_ack_o(ack_full), .irq_o(irq_full),
        .tap_we_o(), .tap_word_o(), .tap_idx_o(), .tap_data_o()
    );
    boids_accel #(.N_MAX(N_MAX), .LANES(LANES), .BINNING(BINNING), .STEER(STEER),
                  .RESULT_SLOTS(SLOTS)) ring (
        .clk(clk), .rst(rst), .wb_cyc_i(cyc), .wb_stb_i(stb && to[1]), .wb_we_i(we),
        .wb_adr_i(adr), .wb_dat_i(dat_w), .wb_sel_i(4'hf), .wb_dat_o(dat_ring),
        .wb_ack_o(ack_ring), .irq_o(irq_ring),
        .tap_we_o(), .tap_word_o(), .tap_idx_o(), .tap_data_o()
    );

`define TB_NAME "tb_accel_result_ring"
`include "tb_waves.vh"
`include "tb_checks.vh"

    // The ring's promise, at every write of the core: entry i only once
    // i < RESULTS_FREED + SLOTS (so no entry is overwritten before it is freed).
    // The index is the core's (the memory gets its low bits). A query run writes
    // its one entry wherever it is.
    always @(posedge clk) begin
        if (!rst && ring.res_we && ring.u_core.run_batch
            && {1'b0, ring.res_waddr} >= ring.reg_freed + SLOTS) begin
            fail("the ring wrote an entry past RESULTS_FREED + RESULT_SLOTS");
            $display("     entry %0d, RESULTS_FREED %0d", ring.res_waddr, ring.reg_freed);
        end
    end

    // ---- bus master: one access to the selected blocks ----------------------------
    task access(input [1:0] which, input w, input [19:0] a, input [31:0] d, output [31:0] q);
        begin
            to = which; cyc = 1'b1; stb = 1'b1; we = w; adr = a; dat_w = d;
            @(posedge clk);
            #1;
            if ((which[0] && ack_full !== 1'b1) || (which[1] && ack_ring !== 1'b1))
                fail("wishbone: no ack in the cycle after the request");
            q = which[1] ? dat_ring : dat_full;
            cyc = 1'b0; stb = 1'b0; we = 1'b0;
            @(posedge clk);                         // the ack's cycle ends
            #1;
        end
    endtask

    reg [31:0] junk;
    task write_to(input [1:0] which, input [19:0] a, input [31:0] d);
        access(which, 1'b1, a, d, junk);
    endtask
    task read_from(input [1:0] which, input [19:0] a, output [31:0] q);
        access(which, 1'b0, a, 32'd0, q);
    endtask
    task expect_reg(input [8*80-1:0] what, input [1:0] which, input [19:0] a, input [31:0] e);
        reg [31:0] q;
        begin
            read_from(which, a, q);
            checks = checks + 1;
            if (q !== e) begin
                fail(what);
                $display("     read %05h: %0d, expected %0d", a, q, e);
            end
        end
    endtask

    // Waits for DONE on the selected block, then clears it; returns CYCLES.
    task wait_done(input [1:0] which, output [31:0] cycles);
        reg [31:0] st;
        integer t;
        begin
            st = 32'd0;
            for (t = 0; t < TIMEOUT && !st[STATUS_DONE]; t = t + 1) read_from(which, REG_STATUS, st);
            if (!st[STATUS_DONE]) fail("a run never finished");
            if ((st & ST_ERRS) != 32'd0) fail("a run set an error flag");
            write_to(which, REG_STATUS, ST_DONE | ST_ERRS);
            read_from(which, REG_CYCLES, cycles);
        end
    endtask

    // ---- scenes ------------------------------------------------------------------------
    integer seed = 1;
    integer sc, n, i, w, k, freed, gap, batch_kind;
    reg [31:0] ref_w[0:RW*N_MAX-1];
    reg [31:0] q, ready, cyc_full, cyc_ring, ctrl;
    reg [31:0] spread;

    function [31:0] q16(input integer px);
        q16 = px << 16;
    endfunction

    // N boids, positions in a square of `spread` px (a small one clusters them),
    // velocities within +-4 px/frame; the parameters; a pass table of random
    // ranges within [0, N] (a binned batch reads what they say, the same on both).
    task load_scene;
        integer p, r, f, e;
        begin
            for (i = 0; i < n; i = i + 1) begin
                write_to(2'b11, BOIDS_BASE + 16 * i + 0, q16(20) + $urandom(seed) % (spread << 16));
                write_to(2'b11, BOIDS_BASE + 16 * i + 4, q16(20) + $urandom % (spread << 16));
                write_to(2'b11, BOIDS_BASE + 16 * i + 8, $urandom % (8 << 16) - (4 << 16));
                write_to(2'b11, BOIDS_BASE + 16 * i + 12, $urandom % (8 << 16) - (4 << 16));
            end
            write_to(2'b11, REG_COUNT, n);
            write_to(2'b11, REG_VISUAL, q16(40));
            write_to(2'b11, REG_VISUAL2_LO, 32'd0);
            write_to(2'b11, REG_VISUAL2_HI, 40 * 40);
            write_to(2'b11, REG_PROTECTED2_LO, 32'd0);
            write_to(2'b11, REG_PROTECTED2_HI, 8 * 8);
            write_to(2'b11, REG_CENTERING, 32'd5000 + $urandom % 1000);
            write_to(2'b11, REG_AVOID, 32'd800000 + $urandom % 1000);
            if (BINNING != 0) begin
                for (p = 0; p < PASSES; p = p + 1) begin
                    for (r = 0; r < PASS_RANGES; r = r + 1) begin
                        f = $urandom % (n + 1);
                        e = f + $urandom % (n + 1 - f);
                        write_to(2'b11, PASSES_BASE + PASS_STRIDE * p + 4 * r, (e << 16) | f);
                    end
                end
            end
        end
    endtask

    // The full memory's batch: every word after DONE.
    task run_full(input [31:0] c);
        begin
            write_to(2'b01, REG_CTRL, c | CTRL_START_BIT);
            wait_done(2'b01, cyc_full);
            for (i = 0; i < n; i = i + 1)
                for (w = 0; w < RW; w = w + 1)
                    read_from(2'b01, RESULTS_BASE + RESULT_STRIDE * i + 4 * w, ref_w[RW * i + w]);
        end
    endtask

    // The ring's batch, read as it runs: entry k once RESULTS_READY passes it,
    // RESULTS_FREED written after a random number of entries (never beyond
    // those read), with random pauses.
    task run_ring(input [31:0] c);
        integer t;
        begin
            write_to(2'b10, REG_CTRL, c | CTRL_START_BIT);
            expect_reg("START sets RESULTS_FREED to 0", 2'b10, REG_RESULTS_FREED, 0);
            freed = 0;
            gap = 1 + $urandom % SLOTS;
            ready = 0;
            for (k = 0; k < n; k = k + 1) begin
                for (t = 0; t < TIMEOUT && ready <= k; t = t + 1) begin
                    if (k - freed >= gap || (k > freed && $urandom % 4 == 0)) begin
                        write_to(2'b10, REG_RESULTS_FREED, k);
                        freed = k;
                        gap = 1 + $urandom % SLOTS;
                    end
                    read_from(2'b10, REG_RESULTS_READY, ready);
                    checks = checks + 1;
                    if (ready > freed + SLOTS && ready < n) begin
                        fail("RESULTS_READY ran past the entries freed and the ring");
                        $display("     RESULTS_READY %0d, RESULTS_FREED %0d", ready, freed);
                    end
                end
                if (ready <= k) fail("the ring's batch stopped");
                if ($urandom % 8 == 0) idle($urandom % 40);
                for (w = 0; w < RW; w = w + 1) begin
                    read_from(2'b10, RESULTS_BASE + RESULT_STRIDE * k + 4 * w, q);
                    checks = checks + 1;
                    if (q !== ref_w[RW * k + w]) begin
                        fail("a ring entry differs from the full memory's");
                        $display("     scene %0d, N %0d, entry %0d word %0d: %08h, expected %08h",
                                 sc, n, k, w, q, ref_w[RW * k + w]);
                    end
                end
            end
            write_to(2'b10, REG_RESULTS_FREED, n);
            wait_done(2'b10, cyc_ring);
            expect_reg("RESULTS_READY is COUNT at DONE", 2'b10, REG_RESULTS_READY, n);
            // (a steered batch's cycles also depend on the bus's reads, which
            // share the result memory's port with the steering: not compared)
            checks = checks + 1;
            if (!c[CTRL_STEER] && (cyc_ring < cyc_full || (n <= FULL && cyc_ring != cyc_full))) begin
                fail("the ring's CYCLES: below the full memory's, or other where all fits");
                $display("     N %0d: CYCLES %0d, the full memory's %0d", n, cyc_ring, cyc_full);
            end
        end
    endtask

    initial begin
        if (!$value$plusargs("SEED=%d", seed)) seed = 1;
        idle(3);
        rst = 1'b0;
        idle(2);
        expect_reg("RESULT_SLOTS of the full memory is NMAX", 2'b01, REG_RESULT_SLOTS, N_MAX);
        expect_reg("RESULT_SLOTS of the ring", 2'b10, REG_RESULT_SLOTS, SLOTS);
        expect_reg("RESULTS_FREED resets to 0", 2'b10, REG_RESULTS_FREED, 0);
        write_to(2'b10, REG_RESULTS_FREED, 5);
        expect_reg("RESULTS_FREED reads back", 2'b10, REG_RESULTS_FREED, 5);
        write_to(2'b10, REG_RESULTS_FREED, 32'hffff_fff0);
        expect_reg("RESULTS_FREED above NMAX reads NMAX", 2'b10, REG_RESULTS_FREED, N_MAX);
        expect_reg("the two registers are mapped", 2'b10, REG_STATUS, 32'd0);

        for (sc = 0; sc < SCENES; sc = sc + 1) begin
            // sizes: 1, the ring, one past it, N_MAX, random; spreads: a crowd, the screen
            case (sc % 6)
                0: n = 1;
                1: n = FULL;
                2: n = FULL + 1;
                3: n = N_MAX;
                default: n = 1 + $urandom % N_MAX;
            endcase
            spread = sc % 3 == 0 ? 24 : 600;
            batch_kind = sc % 4;                    // plain, steered, binned, binned and steered
            ctrl = CTRL_BATCH_BIT | (batch_kind[0] ? CTRL_STEER_BIT : 32'd0)
                 | (batch_kind[1] && BINNING != 0 ? CTRL_BINNED_BIT : 32'd0);
            load_scene;
            run_full(ctrl);
            run_ring(ctrl);
            // a query run writes the slot of its entry
            k = $urandom % n;
            write_to(2'b11, REG_QUERY, k);
            write_to(2'b11, REG_CTRL, CTRL_START_BIT);
            wait_done(2'b01, q);
            wait_done(2'b10, q);
            for (w = 0; w < RW; w = w + 1) begin
                read_from(2'b01, RESULTS_BASE + RESULT_STRIDE * k + 4 * w, ready);
                expect_reg("a query run's entry on the ring", 2'b10, RESULTS_BASE + RESULT_STRIDE * k + 4 * w,
                           ready);
            end
        end

        // A batch longer than the ring that nobody frees holds with the ring full,
        // BUSY and no error, and finishes once freed; the ring then holds the last
        // SLOTS entries.
        n = N_MAX;
        spread = 300;
        load_scene;
        run_full(CTRL_BATCH_BIT);
        write_to(2'b10, REG_CTRL, CTRL_BATCH_BIT | CTRL_START_BIT);
        idle(4 * N_MAX * N_MAX / LANES + 1000);
        expect_reg("a batch nobody frees fills the ring and holds", 2'b10, REG_RESULTS_READY, FULL);
        expect_reg("... BUSY, no error, not DONE", 2'b10, REG_STATUS, ST_BUSY);
        // freed up to one entry short of the batch: every pass but the last fits
        write_to(2'b10, REG_RESULTS_FREED, N_MAX - SLOTS - 1);
        idle(4 * N_MAX * N_MAX / LANES + 1000);
        expect_reg("... freed but for the last entry, it holds before the last pass", 2'b10,
                   REG_RESULTS_READY, (N_MAX - 1) / LANES * LANES);
        write_to(2'b10, REG_RESULTS_FREED, N_MAX);
        wait_done(2'b10, cyc_ring);
        for (k = N_MAX - SLOTS; k < N_MAX; k = k + 1)
            for (w = 0; w < RW; w = w + 1)
                expect_reg("the ring keeps the batch's last entries", 2'b10,
                           RESULTS_BASE + RESULT_STRIDE * k + 4 * w, ref_w[RW * k + w]);

        if (errors == 0)
            $display("PASS tb_accel_result_ring N_MAX %0d LANES %0d SLOTS %0d BINNING %0d STEER %0d: %0d checks",
                     N_MAX, LANES, SLOTS, BINNING, STEER, checks);
        else
            $display("FAIL tb_accel_result_ring: %0d of %0d checks failed", errors, checks);
        $finish;
    end

endmodule

`default_nettype wire
