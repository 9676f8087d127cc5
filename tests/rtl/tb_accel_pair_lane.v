// tb_accel_pair_lane: self-checking testbench of one pair unit (rtl/accel_pair_lane.v).
// Boundary vectors with hand-stated outcomes, wide sums, back-to-back passes,
// bubbles, stalls, a reset in flight, and random pairs, against a reference model here.
`timescale 1ns / 1ps
`default_nettype none

// Run: iverilog -g2012 -I rtl -o tb rtl/accel_pair_lane.v tests/rtl/tb_accel_pair_lane.v
//      vvp -N tb [+WAVES] [+DUMPFILE=path.vcd] [+SEED=n]
module tb_accel_pair_lane;

    localparam integer CNT_W = 10;                  // as for N_MAX = 1024
    localparam integer SUM_W = CNT_W + 16;
    localparam integer LATENCY = 7;                 // documented in the lane's header
    localparam [31:0] PX = 32'h0001_0000;           // one pixel in Q16.16

    // ---- DUT ------------------------------------------------------------------
    reg         clk = 1'b0;
    reg         rst = 1'b1;
    reg         en = 1'b1;
    reg  [23:0] visual = 24'd0;
    reg  [63:0] visual2 = 64'd0, protected2 = 64'd0;
    reg  [31:0] q_x = 32'd0, q_y = 32'd0;
    reg         in_valid = 1'b0, in_clear = 1'b0, in_last = 1'b0;
    reg  [31:0] in_x = 32'd0, in_y = 32'd0, in_vx = 32'd0, in_vy = 32'd0;
    wire        out_valid;
    wire signed [SUM_W-1:0] sep_x, sep_y, coh_x, coh_y, ali_x, ali_y;
    wire [CNT_W-1:0] count;

    always #5 clk = !clk;

    // The lane takes the squared ranges as {r2 >= 2^49, r2[48:0]} (from the core).
    function [49:0] r2_lane(input [63:0] r2);
        r2_lane = {r2[63:49] != 0, r2[48:0]};
    endfunction
    wire [49:0] visual2_l = r2_lane(visual2);
    wire [49:0] protected2_l = r2_lane(protected2);

    // The lane takes an element's velocity terms round(v / 2^7) LATENCY - 1 enabled
    // cycles after it (as the core reads them from the boid memory and rounds them):
    // delay the terms of in_vx, in_vy that much. Velocities within +-2^22.
    function [16:0] vterm(input [31:0] v);
        reg signed [63:0] w;
        begin
            w = ($signed(sx32(v)) + 64) >>> 7;
            vterm = w[16:0];
        end
    endfunction
    reg  [16:0] vx_late[1:LATENCY-1], vy_late[1:LATENCY-1];
    integer di;
    always @(posedge clk) begin
        if (en) begin
            vx_late[1] <= vterm(in_vx);
            vy_late[1] <= vterm(in_vy);
            for (di = 2; di < LATENCY; di = di + 1) begin
                vx_late[di] <= vx_late[di - 1];
                vy_late[di] <= vy_late[di - 1];
            end
        end
    end

    accel_pair_lane #(
        .SUM_W(SUM_W),
        .CNT_W(CNT_W)
    ) dut (
        .clk(clk), .rst(rst), .en(en),
        .visual(visual), .visual2(visual2_l), .protected2(protected2_l),
        .q_x(q_x), .q_y(q_y),
        .in_valid(in_valid), .in_clear(in_clear), .in_last(in_last),
        .in_x(in_x), .in_y(in_y),
        .late_tvx(vx_late[LATENCY-1]), .late_tvy(vy_late[LATENCY-1]),
        .out_valid(out_valid),
        .sep_x(sep_x), .sep_y(sep_y), .coh_x(coh_x), .coh_y(coh_y),
        .ali_x(ali_x), .ali_y(ali_y), .count(count)
    );

    // ---- waves --------------------------------------------------------------------
`define TB_NAME "tb_accel_pair_lane"
`include "tb_waves.vh"

    // ---- reference model and expected results ------------------------------------
    integer errors = 0, checked = 0, ecycle = 0;
    always @(posedge clk) if (en) ecycle <= ecycle + 1;    // enabled cycles

    // Sums of the pass being driven, in 64 bits.
    reg signed [63:0] r_sep_x, r_sep_y, r_coh_x, r_coh_y, r_ali_x, r_ali_y, r_count;
    // Ring of the last pair given to ref_pair: 0 none, 1 separation, 2 cohesion.
    integer r_ring;         // n_ring[0] counts every pair, [1] and [2] each ring

    // Queue of expected pass results (and the cycle their last element went in).
    localparam integer QN = 64;
    reg signed [63:0] e_sep_x[0:QN-1], e_sep_y[0:QN-1], e_coh_x[0:QN-1], e_coh_y[0:QN-1];
    reg signed [63:0] e_ali_x[0:QN-1], e_ali_y[0:QN-1], e_count[0:QN-1];
    integer e_cycle[0:QN-1];
    integer q_head = 0, q_tail = 0;

    integer seed = 1;
    integer n_ring[0:2];
    // Next value of the seeded generator (the argument is ignored).
    function [31:0] rnd(input integer unused);
        rnd = $random(seed);
    endfunction

    function [63:0] sx32(input [31:0] v);
        sx32 = {{32{v[31]}}, v};
    endfunction

    // The pair test as the C model states it, written plainly: terms round(d / 2^9)
    // and round(v / 2^7), halves up.
    task ref_pair(input valid, input [31:0] jx, input [31:0] jy, input [31:0] jvx,
                  input [31:0] jvy);
        reg signed [63:0] dx, dy, adx, ady, d2;
        begin
            r_ring = 0;
            n_ring[0] = n_ring[0] + 1;
            dx = $signed(sx32(q_x)) - $signed(sx32(jx));
            dy = $signed(sx32(q_y)) - $signed(sx32(jy));
            adx = dx < 0 ? -dx : dx;
            ady = dy < 0 ? -dy : dy;
            if (valid && adx < {40'd0, visual} && ady < {40'd0, visual}) begin
                d2 = dx * dx + dy * dy;
                if ($unsigned(d2) < protected2) begin
                    r_ring = 1;
                    n_ring[1] = n_ring[1] + 1;
                    r_sep_x = r_sep_x + ((dx + 256) >>> 9);
                    r_sep_y = r_sep_y + ((dy + 256) >>> 9);
                end else if ($unsigned(d2) < visual2) begin
                    r_ring = 2;
                    n_ring[2] = n_ring[2] + 1;
                    r_coh_x = r_coh_x - ((dx + 256) >>> 9);
                    r_coh_y = r_coh_y - ((dy + 256) >>> 9);
                    r_ali_x = r_ali_x + (($signed(sx32(jvx)) + 64) >>> 7);
                    r_ali_y = r_ali_y + (($signed(sx32(jvy)) + 64) >>> 7);
                    r_count = r_count + 1;
                end
            end
        end
    endtask

    // With stalls set, random cycles with en low (and junk on the inputs) come
    // before elements and idle cycles.
    reg stalls = 1'b0;
    task maybe_stall;
        begin
            while (stalls && rnd(0) % 4 == 0) begin
                en = 1'b0;
                in_valid = rnd(0); in_clear = rnd(0); in_last = rnd(0);
                in_x = rnd(0); in_y = rnd(0); in_vx = rnd(0); in_vy = rnd(0);
                @(posedge clk);
                #1;
            end
            en = 1'b1;
            in_valid = 1'b0; in_clear = 1'b0; in_last = 1'b0;
        end
    endtask

    // Drives one stream element for one cycle (inputs change 1 ns after the edge);
    // the first of a pass comes after a clear slot (and, with gaps set, idle cycles).
    reg gaps = 1'b0;
    task element(input valid, input first, input last, input [31:0] jx, input [31:0] jy,
                 input [31:0] jvx, input [31:0] jvy);
        begin
            if (first) begin
                r_sep_x = 0; r_sep_y = 0; r_coh_x = 0; r_coh_y = 0;
                r_ali_x = 0; r_ali_y = 0; r_count = 0;
                if (gaps) idle(rnd(0) % 3);
                maybe_stall;
                in_clear = 1'b1;
                @(posedge clk);
                #1;
                in_clear = 1'b0;
                if (gaps) idle(rnd(0) % 3);
            end
            ref_pair(valid, jx, jy, jvx, jvy);
            maybe_stall;
            in_valid = valid; in_last = last;
            in_x = jx; in_y = jy; in_vx = jvx; in_vy = jvy;
            if (last) begin
                e_sep_x[q_tail % QN] = r_sep_x; e_sep_y[q_tail % QN] = r_sep_y;
                e_coh_x[q_tail % QN] = r_coh_x; e_coh_y[q_tail % QN] = r_coh_y;
                e_ali_x[q_tail % QN] = r_ali_x; e_ali_y[q_tail % QN] = r_ali_y;
                e_count[q_tail % QN] = r_count; e_cycle[q_tail % QN] = ecycle;
                q_tail = q_tail + 1;
            end
            @(posedge clk);
            #1;
            in_valid = 1'b0; in_last = 1'b0;
        end
    endtask

    task idle(input integer n);
        integer i;
        begin
            for (i = 0; i < n; i = i + 1) begin
                maybe_stall;
                @(posedge clk);
                #1;
            end
        end
    endtask

    // Checks every result the lane reports against the queue (out_valid holds
    // through a stall: a result counts in a cycle with en high).
    always @(negedge clk) begin
        if (out_valid && en) begin
            if (q_head == q_tail) begin
                $display("FAIL unexpected out_valid at enabled cycle %0d", ecycle);
                errors = errors + 1;
            end else begin
                if ($signed(sep_x) !== e_sep_x[q_head % QN] || $signed(sep_y) !== e_sep_y[q_head % QN]
                    || $signed(coh_x) !== e_coh_x[q_head % QN] || $signed(coh_y) !== e_coh_y[q_head % QN]
                    || $signed(ali_x) !== e_ali_x[q_head % QN] || $signed(ali_y) !== e_ali_y[q_head % QN]
                    || {53'd0, count} !== e_count[q_head % QN]) begin
                    $display("FAIL pass %0d: got sep %0d %0d coh %0d %0d ali %0d %0d count %0d",
                             q_head, sep_x, sep_y, coh_x, coh_y, ali_x, ali_y, count);
                    $display("     expected sep %0d %0d coh %0d %0d ali %0d %0d count %0d",
                             e_sep_x[q_head % QN], e_sep_y[q_head % QN], e_coh_x[q_head % QN],
                             e_coh_y[q_head % QN], e_ali_x[q_head % QN], e_ali_y[q_head % QN],
                             e_count[q_head % QN]);
                    errors = errors + 1;
                end
                if (ecycle - e_cycle[q_head % QN] != LATENCY) begin
                    $display("FAIL pass %0d: latency %0d, expected %0d", q_head,
                             ecycle - e_cycle[q_head % QN], LATENCY);
                    errors = errors + 1;
                end
                checked = checked + 1;
                q_head = q_head + 1;
            end
        end
    end

    task drain;
        integer i;
        begin
            for (i = 0; i < 16 * LATENCY && q_head != q_tail; i = i + 1) idle(1);
            if (q_head != q_tail) begin
                $display("FAIL %0d pass results never came", q_tail - q_head);
                errors = errors + 1;
                q_head = q_tail;
            end
        end
    endtask

    task set_ranges(input [31:0] v, input [31:0] p);
        begin
            visual = v[23:0];
            visual2 = {32'd0, v} * {32'd0, v};
            protected2 = {32'd0, p} * {32'd0, p};
        end
    endtask

    // One pair as a pass of its own, with the ring it must fall in stated by hand
    // (0 none, 1 separation, 2 cohesion) as well as checked by the reference.
    task vec(input [8*40-1:0] what, input [31:0] qx, input [31:0] qy, input [31:0] jx,
             input [31:0] jy, input integer ring);
        begin
            q_x = qx; q_y = qy;
            element(1'b1, 1'b1, 1'b1, jx, jy, 32'h0003_8000, 32'hfffd_0000);
            if (r_ring != ring) begin
                $display("FAIL vector '%0s': the reference puts it in ring %0d, stated %0d",
                         what, r_ring, ring);
                errors = errors + 1;
            end
            drain;
        end
    endtask

    // ---- the tests ------------------------------------------------------------------
    integer i, n, p, e0;
    reg [31:0] v, pr, jx, jy, span;
    localparam [31:0] C = 32'd1000 << 16;           // a centre for the boundary vectors

    initial begin
        if (!$value$plusargs("SEED=%d", seed)) seed = 1;
        idle(3);
        rst = 1'b0;
        idle(2);

        // Boundaries with V = 50 px, P = 10 px (3-4-5 triangles land exactly on both).
        set_ranges(50 * PX, 10 * PX);
        vec("dx = +VISUAL: outside the box",  C, C, C - 50 * PX, C, 0);
        vec("dx = -VISUAL: outside the box",  C, C, C + 50 * PX, C, 0);
        vec("dy = +VISUAL: outside the box",  C, C, C, C - 50 * PX, 0);
        vec("dx = VISUAL - 1: cohesion",      C, C, C - 50 * PX + 1, C, 2);
        vec("dx = -(VISUAL - 1): cohesion",   C, C, C + 50 * PX - 1, C, 2);
        vec("dy = -(VISUAL - 1): cohesion",   C, C, C, C + 50 * PX - 1, 2);
        vec("box corner, outside the circle", C, C, C - 50 * PX + 1, C - 50 * PX + 1, 0);
        vec("box, outside circle (36,36) px", C, C, C + 36 * PX, C - 36 * PX, 0);
        vec("d2 = VISUAL2 exactly (30,40)",   C, C, C - 30 * PX, C - 40 * PX, 0);
        vec("d2 = VISUAL2 exactly (-40,30)",  C, C, C + 40 * PX, C - 30 * PX, 0);
        vec("d2 just below VISUAL2",          C, C, C - 30 * PX, C - 40 * PX + 1, 2);
        vec("d2 = PROTECTED2 exactly (6,8)",  C, C, C - 6 * PX, C - 8 * PX, 2);
        vec("d2 = PROTECTED2 exactly (10,0)", C, C, C - 10 * PX, C, 2);
        vec("d2 just below PROTECTED2",       C, C, C - 6 * PX, C - 8 * PX + 1, 1);
        vec("dx = -(P - 1 step): separation", C, C, C + 10 * PX - 1, C, 1);
        vec("coincident: separation",         C, C, C, C, 1);
        // The far corners of the 32-bit range: dx needs 33 bits.
        vec("dx = 2^32 - 1 (33 bits)",        32'h7fff_ffff, 32'h7fff_ffff, 32'h8000_0000, 32'h8000_0000, 0);
        vec("dx = -(2^32 - 1)",               32'h8000_0000, 32'h8000_0000, 32'h7fff_ffff, 32'h7fff_ffff, 0);
        vec("dx = 2^32 - 1, dy = -(2^32 - 1)",32'h7fff_ffff, 32'h8000_0000, 32'h8000_0000, 32'h7fff_ffff, 0);
        vec("dx = 2^31 (q = 0, j = -2^31)",   32'h0000_0000, 32'h0000_0000, 32'h8000_0000, 32'h0000_0000, 0);
        vec("dx = 2^24 + 5 (aliases mod 2^24)", C + 32'h0100_0005, C, C, C, 0);
        vec("dx = 2^25 + 5 (aliases mod 2^25)", C + 32'h0200_0005, C, C, C, 0);
        vec("near +corner: dx = V - 1",       32'h7fff_ffff, 32'h7fff_ffff, 32'h7fff_ffff - 50 * PX + 1, 32'h7fff_ffff, 2);
        vec("near -corner: dx = -5",          32'h8000_0000, 32'h8000_0000, 32'h8000_0005, 32'h8000_0000, 1);
        vec("across zero: dx = 3 px",         32'h0001_8000, 32'hffff_0000, 32'hfffe_8000, 32'hffff_0000, 1);
        // Protected range 0: a coincident boid is in the cohesion ring.
        set_ranges(50 * PX, 0);
        vec("P = 0, coincident: cohesion",    C, C, C, C, 2);
        // Visual range 0: nothing is in the box, not even a coincident boid.
        set_ranges(0, 0);
        vec("V = 0, coincident: none",        C, C, C, C, 0);
        // The largest visual range, 255 px: 24-bit magnitudes squared.
        set_ranges(32'h00ff_0000, 0);
        vec("V = 255 px, dx = V - 1",         C, C, C - 32'h00fe_ffff, C, 2);
        vec("V = 255 px, (V-1, V-1)",         C, C, C - 32'h00fe_ffff, C + 32'h00fe_ffff, 0);
        vec("V = 255 px, d2 = V2 (153,204)",  C, C, C - 153 * PX, C + 204 * PX, 0);  // 3-4-5 x 51
        vec("V = 255 px, just inside",        C, C, C - 153 * PX, C + 204 * PX - 1, 2);
        set_ranges(32'h00ff_0000, 32'h00ff_0000);
        vec("P = V = 255 px: separation",     C, C, C + 32'h00fe_ffff, C, 1);
        // A visual2 unrelated to visual: box and circle are separate tests.
        set_ranges(50 * PX, 10 * PX);
        visual2 = 64'hffff_ffff_ffff_ffff;
        vec("huge VISUAL2, corner of box",    C, C, C - 50 * PX + 1, C + 50 * PX - 1, 2);
        // Only here is the box edge visible (with VISUAL2 = VISUAL^2 the circle implies it).
        vec("huge VISUAL2, dx = +VISUAL",     C, C, C - 50 * PX, C, 0);
        vec("huge VISUAL2, dx = -VISUAL",     C, C, C + 50 * PX, C, 0);
        vec("huge VISUAL2, dy = +VISUAL",     C, C, C, C - 50 * PX, 0);
        vec("huge VISUAL2, dy = -VISUAL",     C, C, C, C + 50 * PX, 0);
        vec("huge VISUAL2, dx = -(VISUAL-1)", C, C, C + 50 * PX - 1, C - 50 * PX + 1, 2);
        visual2 = 64'h0000_0001_0000_0000;              // 1 px^2
        protected2 = 64'd0;
        vec("VISUAL2 1 px^2, d2 = 1 px^2",    C, C, C - PX, C, 0);
        protected2 = 64'h1_0000_0000_0000;              // P2 above V2: all separation
        vec("PROTECTED2 > VISUAL2, far",      C, C, C - 49 * PX, C, 1);
        protected2 = 64'h8000_0000_0000_0000;           // unsigned 64-bit compare
        vec("PROTECTED2 = 2^63 (unsigned)",   C, C, C - 49 * PX, C, 1);
        // Ranges at and around 2^49, where the lane's 50-bit thresholds saturate.
        set_ranges(32'h00ff_0000, 0);
        visual2 = 64'h0002_0000_0000_0000;              // 2^49: every d2 in the box is below
        vec("VISUAL2 = 2^49, far box corner", C, C, C - 32'h00fe_ffff, C + 32'h00fe_ffff, 2);
        visual2 = 64'h0001_fc01_fc04_0002;              // d2 of that corner exactly
        vec("VISUAL2 = d2 of the box corner", C, C, C - 32'h00fe_ffff, C + 32'h00fe_ffff, 0);
        visual2 = 64'h0001_fc01_fc04_0003;
        vec("VISUAL2 = that d2 + 1",          C, C, C - 32'h00fe_ffff, C + 32'h00fe_ffff, 2);
        visual2 = 64'h0004_0000_0000_0000;              // 2^50
        protected2 = 64'h0002_0000_0000_0001;           // 2^49 + 1
        vec("PROTECTED2 = 2^49 + 1",          C, C, C + 32'h00fe_ffff, C - 32'h00fe_ffff, 1);
        if (errors == 0) $display("PASS boundary vectors");

        // Wide sums: 1023 coincident boids in the cohesion ring at the extreme
        // velocities (+-64 px/frame, terms +-2^15), then 1023 separation offsets
        // near 255 px and 1023 just below 2^24 (with VISUAL2 above every d2).
        set_ranges(PX, 0);
        q_x = C; q_y = C;
        for (i = 0; i < 1023; i = i + 1)
            element(1'b1, i == 0, i == 1022, C, C, 32'hffc0_0000, 32'h0040_0000);
        drain;
        set_ranges(32'h00ff_ffff, 32'h00ff_ffff);
        visual2 = 64'hffff_ffff_ffff_ffff;
        protected2 = 64'hffff_ffff_ffff_ffff;
        for (i = 0; i < 1023; i = i + 1)
            element(1'b1, i == 0, i == 1022, C - 32'h00ff_feff, C + 32'h00ff_ff00, 32'd0, 32'd0);
        drain;
        set_ranges(32'h00ff_0000, 32'h00ff_0000);
        for (i = 0; i < 1023; i = i + 1)
            element(1'b1, i == 0, i == 1022, i[0] ? C + 32'h00fe_ffff : C - 32'h00fe_ffff,
                    C + 32'h00fe_ffff, 32'd0, 32'd0);
        drain;
        if (errors == 0) $display("PASS wide sums (1023 pairs at the extremes)");

        // Back-to-back passes (each clear slot right after the last element),
        // bubbles (valid = 0, as for the query boid itself), passes that start on a
        // bubble; then the same with stalls and with idle cycles around the clears.
        set_ranges(50 * PX, 10 * PX);
        q_x = C; q_y = C;
        for (p = 0; p < 40; p = p + 1) begin
            n = 1 + p % 7;
            for (i = 0; i < n; i = i + 1)
                element((i + p) % 3 != 0, i == 0, i == n - 1, C + (i - 3) * 7 * PX,
                        C - (p % 5) * 3 * PX, i * PX, -p * PX);
        end
        drain;
        stalls = 1'b1;
        gaps = 1'b1;
        for (p = 0; p < 40; p = p + 1) begin
            n = 1 + p % 5;
            for (i = 0; i < n; i = i + 1)
                element((i + p) % 4 != 1, i == 0, i == n - 1, C - (i - 2) * 9 * PX,
                        C + (p % 7) * 2 * PX, -i * PX, p * PX);
        end
        drain;
        stalls = 1'b0;
        gaps = 1'b0;
        if (errors == 0) $display("PASS back-to-back passes with bubbles, stalls and gaps");

        // A reset with a pass in flight: no result for it, then normal service.
        for (i = 0; i < 3; i = i + 1) element(1'b1, i == 0, i == 2, C, C + PX, PX, PX);
        rst = 1'b1;
        idle(1);
        rst = 1'b0;
        q_head = q_tail;                            // the lost pass is not expected
        e0 = checked;
        idle(3 * LATENCY);                          // the checker flags any out_valid
        element(1'b1, 1'b1, 1'b1, C + 3 * PX, C, PX, PX);
        drain;
        if (checked != e0 + 1) begin
            $display("FAIL after a reset in flight: %0d results, expected 1", checked - e0);
            errors = errors + 1;
        end
        if (errors == 0) $display("PASS reset with a pass in flight");

        // Random pairs: random ranges, queries anywhere in the 32-bit range, others
        // mostly within twice the visual range (with wrap-around near the edges).
        n_ring[0] = 0; n_ring[1] = 0; n_ring[2] = 0;
        for (p = 0; p < 400; p = p + 1) begin
            stalls = p % 2;                         // every other pass with stalls
            gaps = p % 3 == 0;
            v = rnd(0) % 32'h00ff_0001;
            if (p % 16 == 0) v = 32'h00ff_0000;
            pr = v == 0 ? 0 : rnd(0) % (v + 1);
            set_ranges(v, pr);
            if (p % 10 == 3) visual2 = {rnd(0), rnd(0)} >> (rnd(0) % 64);
            if (p % 10 == 7) protected2 = visual2 >> (rnd(0) % 4);
            q_x = rnd(0);
            q_y = rnd(0);
            if (p % 8 == 1) q_x = 32'h7fff_ffff - (rnd(0) % 256);
            if (p % 8 == 2) q_y = 32'h8000_0000 + (rnd(0) % 256);
            span = v == 0 ? 32'd4 : 4 * v;
            n = 1 + rnd(0) % 24;
            for (i = 0; i < n; i = i + 1) begin
                jx = q_x + (rnd(0) % span) - span / 2;
                jy = q_y + (rnd(0) % span) - span / 2;
                if (rnd(0) % 20 == 0) jx = rnd(0);
                if (rnd(0) % 20 == 0) begin jx = q_x; jy = q_y; end
                element(rnd(0) % 16 != 0, i == 0, i == n - 1, jx, jy,   // |v| <= 2^22
                        rnd(0) % 32'h0080_0001 - 32'h0040_0000, rnd(0) % 32'h0080_0001 - 32'h0040_0000);
            end
            drain;                                  // ranges change only between passes
        end
        if (n_ring[1] < 100 || n_ring[2] < 100 || n_ring[0] - n_ring[1] - n_ring[2] < 100) begin
            $display("FAIL random pairs too one-sided: %0d pairs, %0d separation, %0d cohesion",
                     n_ring[0], n_ring[1], n_ring[2]);
            errors = errors + 1;
        end
        stalls = 1'b0;
        gaps = 1'b0;
        if (errors == 0)
            $display("PASS random pairs, half with stalls (400 passes, %0d pairs: %0d separation, %0d cohesion)",
                     n_ring[0], n_ring[1], n_ring[2]);

        idle(2 * LATENCY);
        if (errors != 0) $fatal(1, "FAIL tb_accel_pair_lane: %0d errors in %0d passes", errors, checked);
        $display("PASS tb_accel_pair_lane: %0d passes checked", checked);
        $finish;
    end

endmodule

`default_nettype wire
