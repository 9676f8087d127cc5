// accel_steer: the neighbour steering of the Cornell rules' first step, worked
// out from each finished result entry and written back over it, so that the CPU
// reads four words of steering instead of seven sums and their arithmetic.
//
// For an entry with sums sep, coh, ali and count n (firmware/neighbor_steer.h,
// bit for bit):
//   r        = floor((2^32 - 1) / n), 0 when n = 0     (a 32-step division)
//   to_c     = bits 54:23 of coh r,  mean_v = bits 56:25 of ali r
//   push     = gain(to_c, CENTERING) + separation(sep, AVOID)
//   gain(a, g)       = floor((floor(4a g' / 2^32) + 1) / 2), 4a and g' = 128 g
//                      taken as 32-bit words (fx_mul_gain)
//   separation(s, g) = gain(512 s, g) for -2^19 <= s < 2^19, else
//                      floor((s g + 2^14) / 2^15) saturated to +-2^28
// and the entry becomes {count, 0, mean_vy, mean_vx, push_y, push_x}: the count
// stays where the raw entry has it, the four 32-bit words at its bottom.
//
// With velocity, the unit also reads the boid's own x, y, vx, vy (the boid memory
// entry of the same index, read beside the result) and finishes the rules' steps
// 1 and 2 (firmware/rules_cornell.c), all sums modulo 2^32 as in C:
//   v     = vx + push + (n != 0 ? gain(mean_v - vx, MATCHING) : 0) + edge
//   edge  = x: (x < margin ? turn : 0) - (x > world_w - margin ? turn : 0),
//           y: (y < margin ? turn : 0) - (y > world_h - margin ? turn : 0)
// and push_x, push_y in the entry are replaced by v_x, v_y.
//
// One entry at a time, in order: entry k is read once the core has written it
// (k < written) in a cycle the bus leaves the read port free (port_free), and
// written back in a cycle the core does not write (core_we). Each entry takes
// 45 cycles (read 2, division 32, eight products through one multiplier 10,
// write 1), far below the rules' time on the CPU for the same boid; with velocity,
// 47 (two more products).
`timescale 1ns / 1ps
`default_nettype none

module accel_steer #(
    parameter integer N_MAX = 1024,
    parameter integer RES_W = 7 * 10 + 96           // result entry bits (accel_core)
) (
    input  wire                     clk,
    input  wire                     rst,            // synchronous: back to idle
    // run
    input  wire                     start,          // pulse: a run with steering starts
    input  wire [$clog2(N_MAX):0]   count,          // its entries, held while busy
    input  wire [31:0]              centering,      // gains, Q7.24, held while busy
    input  wire [31:0]              avoid,
    input  wire                     velocity,       // finish steps 1 and 2 (above), held while busy
    input  wire [31:0]              matching,       // Q7.24, held while busy
    input  wire [31:0]              turn,           // Q16.16, the next four held while busy
    input  wire [31:0]              margin,
    input  wire [31:0]              world_w,
    input  wire [31:0]              world_h,
    input  wire [$clog2(N_MAX):0]   written,        // entries 0..written-1 are final sums
    output wire                     busy,
    output wire [$clog2(N_MAX):0]   steered,        // entries 0..steered-1 hold steering
    output wire                     finish,         // the last entry is written this cycle
    // the result memory: its read port when the bus leaves it, its write port
    // when the core leaves it
    input  wire                     port_free,
    output wire                     res_re,
    output wire [$clog2(N_MAX)-1:0] res_raddr,
    input  wire [RES_W-1:0]         res_rdata,      // one cycle after res_re
    input  wire                     core_we,
    output wire                     res_we,
    output wire [$clog2(N_MAX)-1:0] res_waddr,
    output wire [RES_W-1:0]         res_wdata,
    // the boid memory's entry of the same index (velocity): read with the result
    output wire                     own_re,
    output wire [$clog2(N_MAX)-1:0] own_raddr,
    input  wire [127:0]             own_rdata       // {vy, vx, y, x}, one cycle after own_re
);

    localparam integer IW = $clog2(N_MAX);
    localparam integer SUM_W = IW + 16;             // as accel_core's sums
    localparam integer CNT_W = IW;

    initial begin
        // the steering's four words must lie below the count
        if (6 * SUM_W < 128) $error("%m: N_MAX = %0d: steering needs N_MAX of 33 or more", N_MAX);
        if (RES_W != 6 * SUM_W + CNT_W) $error("%m: RES_W = %0d, the core's entries have %0d", RES_W, 6 * SUM_W + CNT_W);
    end

    localparam [2:0] S_IDLE = 3'd0, S_FETCH = 3'd1, S_LOAD = 3'd2, S_DIV = 3'd3, S_MUL = 3'd4,
                     S_STORE = 3'd5;
    reg  [2:0] state;
    reg  [IW:0] ptr;                                // the entry being worked on

    assign busy = state != S_IDLE;
    assign steered = ptr;                           // entries go in order, one at a time
    assign res_re = state == S_FETCH && ptr < written && port_free;
    assign res_raddr = ptr[IW-1:0];
    assign own_re = res_re && velocity;
    assign own_raddr = ptr[IW-1:0];
    assign res_we = state == S_STORE && !core_we;
    assign res_waddr = ptr[IW-1:0];
    assign finish = res_we && ptr + 1'b1 == count;

    // The entry's sums, sign-extended to words as the bus reads them.
    function [31:0] word_of(input [SUM_W-1:0] v);
        word_of = {{(32-SUM_W){v[SUM_W-1]}}, v};
    endfunction
    reg  [31:0] sep_x, sep_y, coh_x, coh_y, ali_x, ali_y;
    reg  [CNT_W-1:0] n;
    reg         narrow_x, narrow_y;                 // the separation sum is below 2^19

    // The reciprocal, by restoring division of 2^32 - 1 (all ones) by n.
    reg  [31:0] r;
    reg  [IW-1:0] rem;
    reg  [4:0]  step;
    wire [IW:0] rem_next = {rem, 1'b1};
    wire        sub_ok = rem_next >= {1'b0, n};
    wire [IW:0] rem_left = rem_next - {1'b0, n};

    // One multiplier, a signed operand times an unsigned word, registered at its
    // inputs and output: op k issued at mul step k is captured at step k + 2.
    reg  [3:0]  k;
    reg  signed [32:0] m_a;
    reg  signed [32:0] m_b;                         // {0, an unsigned word}
    reg  signed [65:0] prod;
    reg  [31:0] to_cx, to_cy, mean_vx, mean_vy, sep_px, sep_py, push_x, push_y;
    // velocity: the boid's own state, the edges' turn, the velocity without and
    // with the alignment term
    reg  [31:0] own_x, own_y, own_vx, own_vy, edge_x, edge_y, base_x, base_y, v_x, v_y;
    reg         left, right, top, bottom;           // within the margin of that edge
    wire [31:0] match_term = n != {CNT_W{1'b0}} ? gained : 32'd0;

    function signed [32:0] sgn(input [31:0] w);
        sgn = {w[31], w};
    endfunction
    function signed [32:0] uns(input [31:0] w);
        uns = {1'b0, w};
    endfunction
    // gain(): the high word of the product, halved with rounding.
    wire [32:0] gain_word = {prod[63], prod[63:32]} + 33'd1;
    wire [31:0] gained = gain_word[32:1];
    // separation's wide form: floor((P + 2^14) / 2^15) = floor((floor(P / 2^14) + 1)
    // / 2), saturated to +-2^28 where C's high word of P + 2^14 is outside +-2^11
    wire [49:0] wide = prod[63:14] + 50'd1;         // bits 63:14 of P + 2^14
    wire [31:0] wide_hi = wide[49:18];
    wire [31:0] separated_wide = $signed(wide_hi) >= 32'sd2048 ? 32'h1000_0000
                               : $signed(wide_hi) < -32'sd2048 ? 32'hf000_0000
                               : wide[32:1];

    always @(posedge clk) begin
        case (state)
            S_FETCH: if (res_re) state <= S_LOAD;
            S_LOAD: begin
                sep_x <= word_of(res_rdata[0*SUM_W +: SUM_W]);
                sep_y <= word_of(res_rdata[1*SUM_W +: SUM_W]);
                coh_x <= word_of(res_rdata[2*SUM_W +: SUM_W]);
                coh_y <= word_of(res_rdata[3*SUM_W +: SUM_W]);
                ali_x <= word_of(res_rdata[4*SUM_W +: SUM_W]);
                ali_y <= word_of(res_rdata[5*SUM_W +: SUM_W]);
                n <= res_rdata[6*SUM_W +: CNT_W];
                {own_vy, own_vx, own_y, own_x} <= own_rdata;
                narrow_x <= word_of(res_rdata[0*SUM_W +: SUM_W]) + 32'h0008_0000 < 32'h0010_0000;
                narrow_y <= word_of(res_rdata[1*SUM_W +: SUM_W]) + 32'h0008_0000 < 32'h0010_0000;
                r <= 32'd0;
                rem <= {IW{1'b0}};
                step <= 5'd0;
                k <= 4'd0;
                state <= res_rdata[6*SUM_W +: CNT_W] != {CNT_W{1'b0}} ? S_DIV : S_MUL;
            end
            S_DIV: begin
                rem <= sub_ok ? rem_left[IW-1:0] : rem_next[IW-1:0];
                r <= {r[30:0], sub_ok};
                step <= step + 5'd1;
                if (step == 5'd31) state <= S_MUL;
            end
            S_MUL: begin
                case (k)
                    4'd0: begin m_a <= sgn(coh_x); m_b <= uns(r); end
                    4'd1: begin m_a <= sgn(coh_y); m_b <= uns(r); end
                    4'd2: begin m_a <= sgn(ali_x); m_b <= uns(r); end
                    4'd3: begin m_a <= sgn(ali_y); m_b <= uns(r); end
                    4'd4: begin
                        m_a <= sgn(narrow_x ? {sep_x[20:0], 11'd0} : sep_x);
                        m_b <= uns(narrow_x ? {avoid[24:0], 7'd0} : avoid);
                    end
                    4'd5: begin
                        m_a <= sgn(narrow_y ? {sep_y[20:0], 11'd0} : sep_y);
                        m_b <= uns(narrow_y ? {avoid[24:0], 7'd0} : avoid);
                    end
                    4'd6: begin m_a <= sgn({to_cx[29:0], 2'd0}); m_b <= uns({centering[24:0], 7'd0}); end
                    4'd7: begin m_a <= sgn({to_cy[29:0], 2'd0}); m_b <= uns({centering[24:0], 7'd0}); end
                    4'd8: begin m_a <= sgn({mean_vx[29:0] - own_vx[29:0], 2'd0}); m_b <= uns({matching[24:0], 7'd0}); end
                    4'd9: begin m_a <= sgn({mean_vy[29:0] - own_vy[29:0], 2'd0}); m_b <= uns({matching[24:0], 7'd0}); end
                    default: ;
                endcase
                prod <= m_a * m_b;
                case (k)                            // op k - 2's product
                    4'd2: to_cx <= prod[54:23];
                    4'd3: to_cy <= prod[54:23];
                    4'd4: mean_vx <= prod[56:25];
                    4'd5: mean_vy <= prod[56:25];
                    4'd6: sep_px <= narrow_x ? gained : separated_wide;
                    4'd7: sep_py <= narrow_y ? gained : separated_wide;
                    4'd8: push_x <= gained + sep_px;
                    4'd9: push_y <= gained + sep_py;
                    4'd10: v_x <= base_x + match_term;
                    4'd11: v_y <= base_y + match_term;
                    default: ;
                endcase
                // the edges, in the cycles between (signed, as C compares q16_t)
                case (k)
                    4'd0: begin
                        left <= $signed(own_x) < $signed(margin);
                        right <= $signed(own_x) > $signed(world_w - margin);
                        top <= $signed(own_y) < $signed(margin);
                        bottom <= $signed(own_y) > $signed(world_h - margin);
                    end
                    4'd1: begin
                        edge_x <= (left ? turn : 32'd0) - (right ? turn : 32'd0);
                        edge_y <= (top ? turn : 32'd0) - (bottom ? turn : 32'd0);
                    end
                    4'd2: begin
                        base_x <= own_vx + edge_x;
                        base_y <= own_vy + edge_y;
                    end
                    4'd9: base_x <= base_x + push_x;
                    4'd10: base_y <= base_y + push_y;
                    default: ;
                endcase
                k <= k + 4'd1;
                if (k == (velocity ? 4'd11 : 4'd9)) state <= S_STORE;
            end
            S_STORE: if (res_we) begin
                ptr <= ptr + 1'b1;
                state <= finish ? S_IDLE : S_FETCH;
            end
            default: ;
        endcase
        if (start) begin
            ptr <= {(IW+1){1'b0}};
            state <= count != {(IW+1){1'b0}} ? S_FETCH : S_IDLE;
        end
        if (rst) state <= S_IDLE;
    end

    assign res_wdata = {n, {(6*SUM_W-128){1'b0}}, mean_vy, mean_vx,
                        velocity ? v_y : push_y, velocity ? v_x : push_x};

    // The gains and the offsets enter gain() shifted as 32-bit words (their high
    // bits fall off, as in C); the remainder's top bit is zero once subtracted; the
    // product never needs its two top bits.
    wire unused_ok = &{1'b0, centering[31:25], matching[31:25], rem_left[IW], prod[65:64], prod[13:0], to_cx[31:30],
                       to_cy[31:30], gain_word[0], wide[0]};

endmodule

`default_nettype wire
