// accel_pair_lane: one pipelined pair unit of the neighbor accelerator and its sums.
// Compares a stream of boids against one query boid, one pair a cycle, exactly as
// firmware/neighbor_pair.h does, and accumulates the neighbor sums of one pass.
`timescale 1ns / 1ps
`default_nettype none

// Positions and velocities are Q16.16 px (px/frame), d2 is Q32.32 px^2.
// For every stream element with in_valid (a boid j other than the query q):
//   dx = q.x - j.x, dy = q.y - j.y exactly (33 bits), and if |dx|, |dy| < visual:
//   d2 = dx^2 + dy^2 (exact: in the box |dx| < 2^24, so d2 < 2^49);
//   t = round(d / 2^9) (halves up: (d + 256) >>> 9, Q7 px, |t| <= 2^15);
//   d2 < protected2: sep += (tx, ty); else d2 < visual2: coh -= (tx, ty),
//   ali += (j's velocity terms), count += 1 (firmware/neighbors.h).
// The squared ranges come as {r2 >= 2^49, r2[48:0]}: since d2 < 2^49, that decides
// exactly as a compare with the 64-bit r2.
// Sum widths (exact for any input): a pass adds at most 2^CNT_W - 1 pairs (the
// core's passes have at most N_MAX - 1), each term of 17 bits (|t| <= 2^15):
// SUM_W = CNT_W + 16 bits always suffice.
// Velocities are not carried through the pipeline: late_tvx, late_tvy are the
// velocity terms round(v / 2^7) (Q9 px/frame, 17 bits) of the element in stage 6,
// presented LATENCY - 1 = 6 enabled cycles after its in_x (the core reads them from
// the boid memory that much later and rounds them once for every lane).
// A pass: an in_clear slot (no pair; the sums become zero when it reaches stage 7),
// then its elements, the last with in_last. out_valid is high in the cycle after
// the last element was added, while the sums are final (consume it in a cycle with
// en high: it holds while en is low). The next pass's clear slot may directly
// follow the last element: the sums are cleared at the edge that ends out_valid.
//
// Pipeline (one register stage each; LATENCY = 7 enabled cycles from the inputs
// to out_valid; the core enables it for the whole run and freezes it in between):
//   1 subtract (33 bits)                  2 |d| (25 bits), |d| < 2^24 ?
//   3 box compare, partial products       4 partial sums of d2
//   5 d2                                  6 ring compares, offset terms
//   7 accumulate
// a^2 = ah^2 2^32 + ah al 2^17 + al^2 for a = {ah[7:0], al[15:0]}: two multipliers
// (16x16, 8x16) an axis, and ah^2 from a 256-entry table (a block RAM), so that
// two lanes fit the eight DSP blocks of an iCE40 UP5K.
module accel_pair_lane #(
    parameter integer SUM_W = 26,                   // signed sums: CNT_W + 16
    parameter integer CNT_W = 10,                   // count: $clog2(N_MAX)
    parameter integer SHADOW = 0                    // 1: keep a copy of the final sums (below)
) (
    input  wire                    clk,
    input  wire                    rst,             // synchronous: flags only
    input  wire                    en,              // advance; low holds every stage (stall)
    // run parameters, constant during a pass
    input  wire [23:0]             visual,          // box half-width, Q16.16 (<= 255 px)
    input  wire [49:0]             visual2,         // {visualrange^2 >= 2^49, bits 48:0}, Q32.32
    input  wire [49:0]             protected2,      // {protectedrange^2 >= 2^49, bits 48:0}
    // query boid, constant during a pass
    input  wire [31:0]             q_x,
    input  wire [31:0]             q_y,
    // stream: one boid a cycle
    input  wire                    in_valid,        // the pair counts (not a bubble, not q itself)
    input  wire                    in_clear,        // a slot that clears the sums (in_valid low)
    input  wire                    in_last,         // last element of a pass
    input  wire [31:0]             in_x,
    input  wire [31:0]             in_y,
    // velocity terms of the element in stage 6 (see above)
    input  wire [16:0]             late_tvx,
    input  wire [16:0]             late_tvy,
    // sums of the pass, final while out_valid
    output reg                     out_valid,
    output reg  signed [SUM_W-1:0] sep_x,
    output reg  signed [SUM_W-1:0] sep_y,
    output reg  signed [SUM_W-1:0] coh_x,
    output reg  signed [SUM_W-1:0] coh_y,
    output reg  signed [SUM_W-1:0] ali_x,
    output reg  signed [SUM_W-1:0] ali_y,
    output reg  [CNT_W-1:0]        count,
    // shadow (SHADOW = 1): {count, ali_y, ali_x, coh_y, coh_x, sep_y, sep_x} as they
    // were while out_valid, kept until the next out_valid; else sh_in while sh_shift
    // (a chain of lanes for write-back). With SHADOW = 0: zero.
    input  wire                    sh_shift,
    input  wire [6*SUM_W+CNT_W-1:0] sh_in,
    output wire [6*SUM_W+CNT_W-1:0] sh_out
);

    initial begin
        if (SUM_W < 17 || SUM_W > 32) $error("%m: SUM_W = %0d, must be 17..32", SUM_W);
        if (CNT_W < 1 || CNT_W > 16) $error("%m: CNT_W = %0d, must be 1..16", CNT_W);
    end

    // Squares of 0..255.
    function [15:0] square8(input [7:0] v);
        square8 = v * v;
    endfunction

    reg [15:0] sq_table[0:255];
    integer i;
    initial begin
        for (i = 0; i < 256; i = i + 1) sq_table[i] = square8(i[7:0]);
    end

    // Control flags of each stage (reset); the data beside them is not.
    reg [5:1] valid;                                // stage 6 holds it in sep6/coh6
    reg [6:1] clear, last;

    // 1: exact 33-bit offsets.
    reg signed [32:0] d1_x, d1_y;

    // 2: |d| < 2^24 unless bits 32:24 differ; then d fits in 25 bits and |d| too.
    reg               fit2_x, fit2_y;
    reg        [24:0] a2_x, a2_y;
    reg signed [16:0] d2_x, d2_y;           // d[24:8]: what the terms need

    // 3: the box test, and the partial products of the squares (exact in the box).
    reg               box3;
    reg        [31:0] ll3_x, ll3_y;                 // al^2
    reg        [23:0] hl3_x, hl3_y;                 // ah * al
    reg        [15:0] hh3_x, hh3_y;                 // ah^2, from the table
    reg signed [16:0] d3_x, d3_y;

    // 4: d2 = lo + mid 2^17 with lo = {ah^2, al^2} summed over x and y, mid = ah al
    // summed likewise.
    reg               box4;
    reg        [48:0] lo4;
    reg        [24:0] mid4;
    reg signed [16:0] d4_x, d4_y;

    // 5: the squared distance.
    reg               box5;
    reg        [48:0] dd5;
    reg signed [16:0] d5_x, d5_y;

    // 6: which ring, and the offset terms round(d / 2^9).
    reg               sep6, coh6;
    reg signed [16:0] t6_x, t6_y;

    // The data of stages 3 to 6 matter only for a pair inside the box: they load
    // only then (a clock enable each; stage 3 already when |dx|, |dy| < 2^24, so
    // that the box compare stays out of the enable), so a stream of far pairs
    // moves little more than flags.
    // No expression below is a wire outside the clocked block: everything is
    // computed only in a cycle with en high.
    function [24:0] abs25(input [24:0] v);
        abs25 = v[24] ? -v : v;
    endfunction

    // (d + 256) >>> 9 from q = d[24:8] = floor(d / 2^8): floor((q + 1) / 2), that is
    // (q >>> 1) + q[0]; |d| < 2^24, so the term fits 17 bits.
    function [16:0] round9(input [16:0] q);
        round9 = {q[16], q[16:1]} + {16'd0, q[0]};
    endfunction

    function [SUM_W-1:0] sx(input [16:0] v);        // a term, sign-extended
        sx = {{(SUM_W-17){v[16]}}, v};
    endfunction

    // The shadow loads in the same block as the sums, before they change: a
    // simulator then needs no copy of the sums' old values.
    reg [6*SUM_W+CNT_W-1:0] shadow;
    assign sh_out = SHADOW != 0 ? shadow : {(6*SUM_W+CNT_W){1'b0}};

    always @(posedge clk) begin
        if (SHADOW != 0 && (out_valid || sh_shift)) begin
            if (out_valid) shadow <= {count, ali_y, ali_x, coh_y, coh_x, sep_y, sep_x};
            else shadow <= sh_in;
        end
        if (en) begin
            d1_x <= {q_x[31], q_x} - {in_x[31], in_x};
            d1_y <= {q_y[31], q_y} - {in_y[31], in_y};

            fit2_x <= d1_x[32:24] == {9{d1_x[24]}};
            fit2_y <= d1_y[32:24] == {9{d1_y[24]}};
            a2_x <= abs25(d1_x[24:0]);
            a2_y <= abs25(d1_y[24:0]);
            d2_x <= d1_x[24:8];
            d2_y <= d1_y[24:8];

            box3 <= fit2_x && fit2_y && a2_x < {1'b0, visual} && a2_y < {1'b0, visual};
            if (fit2_x && fit2_y) begin         // a superset of the box: no compare in the enable
                ll3_x <= a2_x[15:0] * a2_x[15:0];
                ll3_y <= a2_y[15:0] * a2_y[15:0];
                hl3_x <= a2_x[23:16] * a2_x[15:0];
                hl3_y <= a2_y[23:16] * a2_y[15:0];
                hh3_x <= sq_table[a2_x[23:16]];
                hh3_y <= sq_table[a2_y[23:16]];
                d3_x <= d2_x;
                d3_y <= d2_y;
            end

            box4 <= box3;
            if (box3) begin
                lo4 <= {1'b0, hh3_x, ll3_x} + {1'b0, hh3_y, ll3_y};
                mid4 <= {1'b0, hl3_x} + {1'b0, hl3_y};
                d4_x <= d3_x;
                d4_y <= d3_y;
            end

            box5 <= box4;
            if (box4) begin
                dd5 <= lo4 + {7'd0, mid4, 17'd0};
                d5_x <= d4_x;
                d5_y <= d4_y;
            end

            // below protected2 / visual2: since dd5 < 2^49, bit 49 set means above any d2
            if (box5) begin
                sep6 <= valid[5] && (protected2[49] || dd5 < protected2[48:0]);
                coh6 <= valid[5] && !(protected2[49] || dd5 < protected2[48:0])
                     && (visual2[49] || dd5 < visual2[48:0]);
                t6_x <= round9(d5_x);
                t6_y <= round9(d5_y);
            end else begin
                sep6 <= 1'b0;
                coh6 <= 1'b0;
            end

            // 7: accumulate (an adder and an enable a bit: no clear in the data path).
            if (sep6) begin
                sep_x <= sep_x + sx(t6_x);
                sep_y <= sep_y + sx(t6_y);
            end
            if (coh6) begin
                coh_x <= coh_x - sx(t6_x);
                coh_y <= coh_y - sx(t6_y);
                ali_x <= ali_x + sx(late_tvx);
                ali_y <= ali_y + sx(late_tvy);
                count <= count + {{(CNT_W-1){1'b0}}, 1'b1};
            end
            if (clear[6]) begin
                sep_x <= {SUM_W{1'b0}};
                sep_y <= {SUM_W{1'b0}};
                coh_x <= {SUM_W{1'b0}};
                coh_y <= {SUM_W{1'b0}};
                ali_x <= {SUM_W{1'b0}};
                ali_y <= {SUM_W{1'b0}};
                count <= {CNT_W{1'b0}};
            end
            out_valid <= last[6];
            // the flags last, after every statement that reads them (a simulator
            // then needs no copy of their old values)
            valid <= {valid[4:1], in_valid};
            clear <= {clear[5:1], in_clear};
            last  <= {last[5:1], in_last};
        end

        if (rst) begin
            valid <= 5'd0;
            clear <= 6'd0;
            last <= 6'd0;
            sep6 <= 1'b0;
            coh6 <= 1'b0;
            out_valid <= 1'b0;
        end
    end

    wire unused_ok = &{1'b0, sh_shift, sh_in};

endmodule

`default_nettype wire
