// tb_accel_sorter: self-checking testbench of the accelerator's sorter
// (rtl/accel_sorter.v in rtl/boids_accel.v, SORTER = 1) through the Wishbone port.
// Each scene of gen_sort_vectors.c is counted and placed as the firmware does
// it; the boid memory must then hold the flock in exactly the order of
// firmware/accel_bins.c, a batch with CTRL.SORT must write exactly its pass
// table (in 16 cycles a pass) and give the brute-force sums bit for bit, with
// each entry's ID word naming its boid; the block's tap must give each APPEND word,
// registered, as word k mod 4 of boid k / 4, and nothing for a CELL_POS or a refused
// APPEND. Then every wrong use: each refused with its flag, nothing changed.
`timescale 1ns / 1ps
`default_nettype none

// Run (see tests/test_rtl_icarus.sh):
//   iverilog -g2012 -I rtl -I tests/rtl -y rtl -P tb_accel_sorter.N_MAX=64 -P tb_accel_sorter.LANES=3 \
//       -P tb_accel_sorter.CELLS=64 -o tb tests/rtl/tb_accel_sorter.v
//   vvp -N tb +VEC=build/rtl/sort_vectors_64_3_64.txt [+WAVES] [+DUMPFILE=path]
module tb_accel_sorter;

    parameter integer N_MAX = 64;
    parameter integer LANES = 3;
    parameter integer CELLS = 64;
    parameter integer RESULT_SLOTS = N_MAX;         // a ring: the reader frees entries as it goes

`include "accel_regs.vh"

    localparam integer TIMEOUT = 2000000;           // cycles a run may take here
    localparam integer PASSES = (N_MAX + LANES - 1) / LANES;

    // ---- DUT ------------------------------------------------------------------
    reg         clk = 1'b0;
    reg         rst = 1'b1;
    reg         cyc = 1'b0, stb = 1'b0, we = 1'b0;
    reg  [19:0] adr = 20'd0;
    reg  [31:0] dat_w = 32'd0;
    wire [31:0] dat_r;
    wire        ack;
    wire        irq;
    wire        tap_we;                             // the block's boid writes, for a display
    wire [1:0]  tap_word;
    wire [13:0] tap_idx;
    wire [31:0] tap_data;

    always #5 clk = !clk;

    boids_accel #(
        .N_MAX(N_MAX),
        .LANES(LANES),
        .BINNING(1),
        .STEER(1),
        .RESULT_SLOTS(RESULT_SLOTS),
        .SORTER(1),
        .CELLS(CELLS)
    ) dut (
        .clk(clk), .rst(rst),
        .wb_cyc_i(cyc), .wb_stb_i(stb), .wb_we_i(we), .wb_adr_i(adr),
        .wb_dat_i(dat_w), .wb_sel_i(4'hf), .wb_dat_o(dat_r), .wb_ack_o(ack),
        .irq_o(irq),
        .tap_we_o(tap_we), .tap_word_o(tap_word), .tap_idx_o(tap_idx), .tap_data_o(tap_data)
    );

`define TB_NAME "tb_accel_sorter"
`include "tb_waves.vh"
`include "tb_checks.vh"

    // The tap: every word it gives, in order.
    localparam integer TAPS_MAX = 4 * N_MAX + 16;
    integer    taps = 0;
    reg [1:0]  tap_w[0:TAPS_MAX-1];
    reg [13:0] tap_i[0:TAPS_MAX-1];
    reg [31:0] tap_d[0:TAPS_MAX-1];
    always @(posedge clk) if (!rst && tap_we) begin
        if (taps < TAPS_MAX) begin
            tap_w[taps] = tap_word;
            tap_i[taps] = tap_idx;
            tap_d[taps] = tap_data;
        end
        taps = taps + 1;
    end

    // ---- Wishbone master: a request held until the cycle after the slave saw it ----
    task access(input w, input [19:0] a, input [31:0] d);
        integer t;
        begin
            cyc = 1'b1; stb = 1'b1; we = w; adr = a; dat_w = d;
            @(posedge clk); #1;
            for (t = 0; !ack && t < 4; t = t + 1) begin @(posedge clk); #1; end
            if (!ack) fail("wishbone: no acknowledge");
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

    // Reads STATUS: the error flags must be exactly `e`; then clears them.
    task expect_errors(input [8*80-1:0] what, input [31:0] e);
        reg [31:0] d;
        reg [31:0] m;
        begin
            m = (32'd1 << STATUS_ERR_PARAM) | (32'd1 << STATUS_ERR_BUSY) | (32'd1 << STATUS_ERR_BUS);
            read32(REG_STATUS, d);
            checks = checks + 1;
            if ((d & m) !== e) begin
                fail(what);
                $display("     STATUS %08h, expected error flags %08h", d, e);
            end
            write32(REG_STATUS, m);
        end
    endtask

    localparam [31:0] E_PARAM = 32'd1 << STATUS_ERR_PARAM;
    localparam [31:0] E_BUSY = 32'd1 << STATUS_ERR_BUSY;

    // ---- scene data -----------------------------------------------------------------
    integer fd, n_scenes, sc, n, n_pass, r;
    reg [8*48-1:0] tag, name;
    reg [31:0] p_grid, p_recip, p_visual;
    reg [63:0] p_visual2, p_protected2;
    reg [31:0] bx[0:N_MAX-1], by[0:N_MAX-1], bvx[0:N_MAX-1], bvy[0:N_MAX-1];
    integer slot_id[0:N_MAX-1];
    integer tab[0:6*PASSES-1];
    reg [31:0] exp_w[0:7*N_MAX-1];

    task read_scene;
        integer i, k;
        reg [31:0] t0, t1, t2, t3;
        begin
            r = $fscanf(fd, "%s %s %d %h %h %h %h %h %d", tag, name, n, p_grid, p_recip, p_visual,
                        p_visual2, p_protected2, n_pass);
            if (r != 9 || tag != "scene" || n > N_MAX || n_pass > PASSES)
                $fatal(1, "FAIL vector file: bad scene header");
            for (i = 0; i < n; i = i + 1) begin
                r = $fscanf(fd, "%h %h %h %h", t0, t1, t2, t3);
                bx[i] = t0; by[i] = t1; bvx[i] = t2; bvy[i] = t3;
            end
            for (i = 0; i < n; i = i + 1) r = $fscanf(fd, "%d", slot_id[i]);
            for (i = 0; i < 6 * n_pass; i = i + 1) r = $fscanf(fd, "%d", tab[i]);
            for (i = 0; i < 7 * n; i = i + 1) begin
                r = $fscanf(fd, "%h", t0);
                exp_w[i] = t0;
            end
            if (r != 1) $fatal(1, "FAIL vector file: short scene %0s", name);
        end
    endtask

    function [19:0] boid_adr(input integer i, input integer w);
        boid_adr = BOIDS_BASE + BOID_STRIDE * i + 4 * w;
    endfunction

    function [19:0] res_adr(input integer i, input integer w);
        res_adr = RESULTS_BASE + RESULT_STRIDE * i + 4 * w;
    endfunction

    // Polls SORT until its phase is `want`, within `limit` polls.
    task wait_phase(input [2:0] want, input integer limit);
        reg [31:0] d;
        integer t;
        begin
            read32(REG_SORT, d);
            for (t = 0; d[2:0] != want && t < limit; t = t + 1) read32(REG_SORT, d);
            checks = checks + 1;
            if (d[2:0] != want) begin
                fail("the sorter's phase never came");
                $display("     phase %0d, waiting for %0d", d[2:0], want);
            end
        end
    endtask

    // The firmware's sequence: count every boid, then place every boid, in id order.
    task sort_scene;
        integer i;
        begin
            write32(REG_COUNT, n);
            write32(REG_VISUAL, p_visual);
            write32(REG_VISUAL2_LO, p_visual2[31:0]);
            write32(REG_VISUAL2_HI, p_visual2[63:32]);
            write32(REG_PROTECTED2_LO, p_protected2[31:0]);
            write32(REG_PROTECTED2_HI, p_protected2[63:32]);
            write32(REG_GRID, p_grid);
            write32(REG_CELL_RECIP, p_recip);
            expect32("GRID reads back", REG_GRID, p_grid);
            expect32("CELL_RECIP reads back", REG_CELL_RECIP, p_recip);
            expect32("a GRID write leaves the sorter IDLE", REG_SORT, 32'd0);
            write32(REG_SORT, 32'd1);
            wait_phase(3'd2, CELLS);
            // SORT = 2 at once after the last count, as a CPU may write it: the scan
            // must wait for the count still in the pipeline
            taps = 0;
            for (i = 0; i < n; i = i + 1) write32(REG_CELL_POS, {by[i][31:16], bx[i][31:16]});
            write32(REG_SORT, 32'd2);
            wait_phase(3'd4, CELLS);
            expect32("SORTED counts the CELL_POS writes", REG_SORTED, n);
            checks = checks + 1;
            if (taps != 0) fail("the tap gave a word for a CELL_POS write or a command");
            for (i = 0; i < n; i = i + 1) begin
                write32(REG_APPEND, bx[i]);
                write32(REG_APPEND, by[i]);
                write32(REG_APPEND, bvx[i]);
                write32(REG_APPEND, bvy[i]);
            end
            idle(2);                                // the last word's tap, a cycle after its ack
            check_taps;
        end
    endtask

    // The tap gave the APPEND words in order: word k mod 4 of boid k / 4.
    task check_taps;
        integer k;
        reg [31:0] want;
        begin
            checks = checks + 1;
            if (taps != 4 * n) begin
                fail("the tap gave another number of words than the APPEND writes");
                $display("     %0d words for %0d boids", taps, n);
            end
            for (k = 0; k < taps && k < 4 * n; k = k + 1) begin
                case (k % 4)
                    0: want = bx[k / 4];
                    1: want = by[k / 4];
                    2: want = bvx[k / 4];
                    default: want = bvy[k / 4];
                endcase
                checks = checks + 1;
                if (tap_i[k] !== k / 4 || tap_w[k] !== k % 4 || tap_d[k] !== want) begin
                    fail("a tapped APPEND word is not word k mod 4 of boid k / 4");
                    $display("     word %0d: boid %0d word %0d %h, expected boid %0d word %0d %h", k, tap_i[k],
                             tap_w[k], tap_d[k], k / 4, k % 4, want);
                    k = taps;
                end
            end
        end
    endtask

    // The boid memory holds the flock in accel_bins_sort's order.
    task check_sorted;
        integer s, e0;
        begin
            e0 = errors;
            for (s = 0; s < n && errors - e0 < 4; s = s + 1) begin
                expect32("slot s holds boid slot_id[s]: x", boid_adr(s, 0), bx[slot_id[s]]);
                expect32("slot s holds boid slot_id[s]: y", boid_adr(s, 1), by[slot_id[s]]);
                expect32("slot s holds boid slot_id[s]: vx", boid_adr(s, 2), bvx[slot_id[s]]);
                expect32("slot s holds boid slot_id[s]: vy", boid_adr(s, 3), bvy[slot_id[s]]);
            end
        end
    endtask

    // The cycles the pass builder is busy, counted as it runs.
    integer build_cycles = 0;
    always @(posedge clk) if (dut.build_busy) build_cycles <= build_cycles + 1;

    // A batch with CTRL.SORT (and steer bits `extra`): reads each entry as
    // RESULTS_READY counts it (freeing the ring), checks its words against the
    // golden model, or only the count and ID when steered.
    task sorted_batch(input [31:0] extra);
        integer k, w, ready, e0, b0, t0;
        reg [31:0] d, st;
        begin
            e0 = errors;
            b0 = build_cycles;
            write32(REG_CTRL, (32'd1 << CTRL_BATCH) | (32'd1 << CTRL_BINNED) | (32'd1 << CTRL_SORT)
                              | extra | (32'd1 << CTRL_START));
            expect_errors("a sorted batch of a placed flock starts", 32'd0);
            ready = 0;
            t0 = cycle;
            for (k = 0; k < n && cycle - t0 < TIMEOUT; k = k + 1) begin
                while (ready <= k && cycle - t0 < TIMEOUT) read32(REG_RESULTS_READY, ready);
                for (w = 0; w < 7; w = w + 1)
                    if (extra == 0 || w == 6) begin
                        read32(res_adr(k, w), d);
                        checks = checks + 1;
                        if (d !== exp_w[7 * k + w] && errors - e0 < 6) begin
                            fail("a sorted batch's entry is not brute force's sums of its boid");
                            $display("     %0s: slot %0d (boid %0d) word %0d: %08h, expected %08h",
                                     name, k, slot_id[k], w, d, exp_w[7 * k + w]);
                        end
                    end
                read32(res_adr(k, 7), d);
                checks = checks + 1;
                if (d !== slot_id[k] && errors - e0 < 6) begin
                    fail("a sorted batch's ID word is not the boid in the slot");
                    $display("     %0s: slot %0d: ID %0d, expected %0d", name, k, d, slot_id[k]);
                end
                if (RESULT_SLOTS < N_MAX) write32(REG_RESULTS_FREED, k + 1);
            end
            read32(REG_STATUS, st);
            while (!st[STATUS_DONE] && cycle - t0 < TIMEOUT) read32(REG_STATUS, st);
            if (!st[STATUS_DONE]) fail("a sorted batch never finished");
            write32(REG_STATUS, 32'd1 << STATUS_DONE);
            // the builder: one cycle for the pipeline, 16 a pass, two to hand over
            checks = checks + 1;
            if (build_cycles - b0 != (n == 0 ? 2 : 16 * n_pass + 3)) begin
                fail("the pass builder did not take 16 cycles a pass");
                $display("     %0s: %0d cycles for %0d passes", name, build_cycles - b0, n_pass);
            end
        end
    endtask

    // The pass table as the builder wrote it, against accel_bins_pass.
    task check_table;
        integer p, k, e0;
        reg [31:0] got;
        begin
            e0 = errors;
            for (p = 0; p < n_pass; p = p + 1)
                for (k = 0; k < 3; k = k + 1) begin
                    got = k == 0 ? dut.g_passes.u_passes.mem_r0[p]
                        : k == 1 ? dut.g_passes.u_passes.mem_r1[p] : dut.g_passes.u_passes.mem_r2[p];
                    checks = checks + 1;
                    if ((got & ((1 << (2 * ($clog2(N_MAX) + 1))) - 1))
                        !== (tab[6 * p + 2 * k] | tab[6 * p + 2 * k + 1] << ($clog2(N_MAX) + 1))
                        && errors - e0 < 4) begin
                        fail("the builder's pass table is not accel_bins_pass's");
                        $display("     %0s: pass %0d range %0d: [%0d, %0d), expected [%0d, %0d)", name, p, k,
                                 got[$clog2(N_MAX):0], got >> ($clog2(N_MAX) + 1),
                                 tab[6 * p + 2 * k], tab[6 * p + 2 * k + 1]);
                    end
                end
        end
    endtask

    // ---- wrong use ---------------------------------------------------------------------
    task wrong_use;
        integer i;
        reg [31:0] d;
        begin
            // a fresh start: GRID of the last scene, IDLE
            write32(REG_GRID, p_grid);
            expect32("IDLE after a GRID write", REG_SORT, 32'd0);
            write32(REG_CELL_POS, 32'd0);
            expect_errors("CELL_POS outside COUNTING is refused", E_PARAM);
            write32(REG_APPEND, 32'd0);
            expect_errors("APPEND outside PLACING is refused", E_PARAM);
            write32(REG_SORT, 32'd2);
            expect_errors("SORT = 2 outside COUNTING is refused", E_PARAM);
            write32(REG_SORT, 32'd3);
            expect_errors("SORT = 3 is refused", E_PARAM);
            write32(REG_GRID, 32'd0);
            write32(REG_SORT, 32'd1);
            expect_errors("SORT = 1 with a GRID of no cells is refused", E_PARAM);
            expect32("... and the sorter stays IDLE", REG_SORT, 32'd0);
            write32(REG_GRID, (CELLS + 1) | 32'h10000);
            write32(REG_SORT, 32'd1);
            expect_errors("SORT = 1 with a GRID of more than BIN_CELLS cells is refused", E_PARAM);
            write32(REG_GRID, 32'h0001_0001 + (CELLS - 1));     // exactly BIN_CELLS: taken
            write32(REG_SORT, 32'd1);
            write32(REG_SORT, 32'd1);
            expect_errors("a command while CLEARING is refused", E_BUSY);
            write32(REG_GRID, p_grid);
            expect_errors("a GRID write while CLEARING is refused", E_BUSY);
            wait_phase(3'd2, CELLS);
            expect32("... and GRID kept its value", REG_GRID, 32'h0001_0001 + (CELLS - 1));
            write32(REG_GRID, p_grid);
            write32(REG_SORT, 32'd1);
            wait_phase(3'd2, CELLS);
            write32(REG_APPEND, 32'd0);
            expect_errors("APPEND while COUNTING is refused", E_PARAM);
            for (i = 0; i < 2; i = i + 1) write32(REG_CELL_POS, {by[i][31:16], bx[i][31:16]});
            write32(REG_COUNT, 2);
            write32(REG_CTRL, (32'd1 << CTRL_BATCH) | (32'd1 << CTRL_BINNED) | (32'd1 << CTRL_SORT)
                              | (32'd1 << CTRL_START));
            expect_errors("a sorted batch while COUNTING is refused", E_PARAM);
            write32(REG_SORT, 32'd2);
            wait_phase(3'd4, CELLS);
            for (i = 0; i < 4; i = i + 1) write32(REG_APPEND, bx[0]);
            write32(REG_CTRL, (32'd1 << CTRL_BATCH) | (32'd1 << CTRL_BINNED) | (32'd1 << CTRL_SORT)
                              | (32'd1 << CTRL_START));
            expect_errors("a sorted batch with a boid not yet placed is refused", E_PARAM);
            for (i = 0; i < 4; i = i + 1) write32(REG_APPEND, bx[1]);
            idle(2);
            taps = 0;
            write32(REG_APPEND, bx[1]);
            idle(2);
            expect_errors("an APPEND past the boids counted is refused", E_PARAM);
            checks = checks + 1;
            if (taps != 0) fail("a refused APPEND reached the tap");
            expect32("... and SORTED is 2 counted, 2 placed", REG_SORTED, 32'h0002_0002);
            write32(REG_CTRL, (32'd1 << CTRL_BATCH) | (32'd1 << CTRL_SORT) | (32'd1 << CTRL_START));
            expect_errors("a sorted batch without BINNED is refused", E_PARAM);
            write32(REG_COUNT, 3);
            write32(REG_CTRL, (32'd1 << CTRL_BATCH) | (32'd1 << CTRL_BINNED) | (32'd1 << CTRL_SORT)
                              | (32'd1 << CTRL_START));
            expect_errors("a sorted batch of a COUNT other than the boids placed is refused", E_PARAM);
            write32(REG_COUNT, 2);
            write32(REG_CTRL, (32'd1 << CTRL_BATCH) | (32'd1 << CTRL_BINNED) | (32'd1 << CTRL_SORT)
                              | (32'd1 << CTRL_START));
            write32(REG_SORT, 32'd1);
            write32(REG_GRID, p_grid);
            write32(REG_CELL_RECIP, p_recip);
            write32(REG_APPEND, 32'd0);
            expect_errors("SORT, GRID, CELL_RECIP and APPEND while a run is busy are refused", E_BUSY);
            read32(REG_STATUS, d);
            while (!d[STATUS_DONE]) read32(REG_STATUS, d);
            write32(REG_STATUS, 32'd1 << STATUS_DONE);
            expect32("... and the sorter is still PLACING", REG_SORT, 32'd4);
            write32(REG_QUERY, 1);
            write32(REG_CTRL, 32'd1 << CTRL_START);
            read32(REG_STATUS, d);
            while (!d[STATUS_DONE]) read32(REG_STATUS, d);
            write32(REG_STATUS, 32'd1 << STATUS_DONE);
            expect32("a query run's ID word is its entry", res_adr(1, 7), 32'd1);
            // past N_MAX boids
            write32(REG_SORT, 32'd1);
            wait_phase(3'd2, CELLS);
            for (i = 0; i < N_MAX; i = i + 1) write32(REG_CELL_POS, 32'd0);
            expect_errors("N_MAX CELL_POS writes are taken", 32'd0);
            write32(REG_CELL_POS, 32'd0);
            expect_errors("a CELL_POS past N_MAX boids is refused", E_PARAM);
            expect32("... and SORTED counts N_MAX", REG_SORTED, N_MAX);
            // reset in the middle: IDLE, nothing counted
            write32(REG_SORT, 32'd1);
            rst = 1'b1;
            idle(2);
            rst = 1'b0;
            expect32("reset leaves the sorter IDLE", REG_SORT, 32'd0);
            expect32("reset clears SORTED", REG_SORTED, 32'd0);
            expect32("reset clears GRID", REG_GRID, 32'd0);
        end
    endtask

    // ---- the run --------------------------------------------------------------------
    reg [8*256-1:0] vec;
    integer i, e0;
    initial begin
        if (!$value$plusargs("VEC=%s", vec)) $fatal(1, "FAIL no +VEC=<vector file>");
        fd = $fopen(vec, "r");
        if (fd == 0) $fatal(1, "FAIL cannot open %0s", vec);
        idle(3);
        rst = 1'b0;
        idle(1);
        expect32("BIN_CELLS is the CELLS parameter", REG_BIN_CELLS, CELLS);
        expect32("the sorter starts IDLE", REG_SORT, 32'd0);
        if ($fscanf(fd, "%d", n_scenes) != 1) $fatal(1, "FAIL vector file: no scene count");
        for (sc = 0; sc < n_scenes; sc = sc + 1) begin
            e0 = errors;
            read_scene;
            sort_scene;                             // and START at once after the last APPEND
            sorted_batch(32'd0);
            expect32("SORTED counts the boids placed", REG_SORTED, n | n << 16);
            check_sorted;
            check_table;
            // the same placement again, steered with velocity: the counts and IDs
            sorted_batch((32'd1 << CTRL_STEER) | (32'd1 << CTRL_VELOCITY));
            // an unsorted batch of the sorted memory: entry i's ID word is i
            write32(REG_CTRL, (32'd1 << CTRL_BATCH) | (32'd1 << CTRL_START));
            begin : unsorted
                reg [31:0] d;
                read32(REG_STATUS, d);
                while (!d[STATUS_DONE] || RESULT_SLOTS < N_MAX) begin
                    if (RESULT_SLOTS < N_MAX) write32(REG_RESULTS_FREED, N_MAX);
                    read32(REG_STATUS, d);
                    if (d[STATUS_DONE]) disable unsorted;
                end
            end
            write32(REG_STATUS, 32'd1 << STATUS_DONE);
            expect32("an unsorted batch's ID word is its entry", res_adr(n - 1, 7), n - 1);
            $display("%0s %0s: N %0d, %0d passes%0s", errors == e0 ? "ok  " : "FAIL", name, n, n_pass,
                     errors == e0 ? "" : ": see above");
        end
        wrong_use;
        if (errors == 0) begin
            $display("PASS tb_accel_sorter N_MAX %0d LANES %0d CELLS %0d SLOTS %0d: %0d scenes, %0d checks",
                     N_MAX, LANES, CELLS, RESULT_SLOTS, n_scenes, checks);
        end else begin
            $display("FAIL tb_accel_sorter: %0d of %0d checks failed", errors, checks);
        end
        $finish;
    end

endmodule

`default_nettype wire
