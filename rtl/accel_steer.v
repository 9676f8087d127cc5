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
// With limit as well (and velocity), words 2 and 3 become step 5's velocity for
// a boid whose steps 3 and 4 leave v alone, with the exact speed estimate
// (firmware/steering.c, limit_speed_slow, bit for bit):
//   a = |v_x| | |v_y|,  s2 = sq18(|v_x|) + sq18(|v_y|),  sq18(u) = (2^9 u)^2 / 2^32
//   a = 0:             (minspeed, 0), or (0, 0) if minspeed is not above 0
//   a < 2^22, s2 > sq18(maxspeed): v scaled to maxspeed (fx_scale_to: a
//                      normalization, a seed table and two Newton steps for
//                      1/|v|, then clamped to +-64 px)
//   a < 2^22, s2 < sq18(minspeed): where an edge turns the boid and it still
//                      heads out slower than minspeed along that axis, the other
//                      component makes up minspeed (keep_edge_brake:
//                      sqrt((min - h)(min + h)) by fx_sqrt_product, through the
//                      same Newton steps); else v scaled to minspeed. With
//                      edges_pseudocode, never kept: v scaled to minspeed, as
//                      the references' pseudocode does (--edges pseudocode)
//   a < 2^22, s2 within the two: v itself
//   a component of 64 px or more: word 2 is 0x80000000, a value no limited
//   velocity has, and the CPU decides.
//
// With predators as well (and velocity), v also takes the rules' step 3 before
// step 5 (firmware/steering.h, steer_from_predators and predators_push, bit for
// bit): over the pred_count predators of the table (its entries {y, x} at
// pred_addr), those in range, |dx| and |dy| below pred_range and dx^2 + dy^2
// below its square, with d = own - predator's position (32 bits: positions lie
// within +-(2^30 - 1)), and
//   v += sign(sum of dx) pred_turn, sign(sum of dy) pred_turn   (modulo 2^32)
// so words 0 and 1 and step 5 take that velocity.
//
// One entry at a time, in order: entry k is read once the core has written it
// (k < written) in a cycle the bus leaves the read port free (port_free), and
// written back in a cycle the core does not write (core_we). Each entry takes
// 45 cycles (read 2, division 32, eight products through one multiplier 10,
// write 1), far below the rules' time on the CPU for the same boid; with velocity,
// 47 (two more products); with limit, 6 more, 27 for a boid it scales, 26 for
// one it brakes at an edge; with predators, 2 more a predator, 3 more for each
// one in the box, and 1 (none with a table of no predators). A build with
// predators squares pred_range at each start (3 cycles, while the first entry is
// still in the lanes).
`timescale 1ns / 1ps
`default_nettype none

module accel_steer #(
    parameter integer N_MAX = 1024,
    parameter integer LIMIT = 1,                    // 0: no step 5 (limit is ignored; no logic for it)
    parameter integer PREDATORS = 16,               // the predator table's entries; 0: no step 3 (no logic for it)
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
    input  wire                     limit,          // words 2, 3: step 5 (above), held while busy
    input  wire [31:0]              minspeed,       // Q16.16 px/frame, held while busy
    input  wire [31:0]              maxspeed,
    input  wire                     edges_pseudocode, // step 5 undoes an edge's braking, held while busy
    input  wire                     predators,      // v takes step 3 (above), held while busy
    input  wire [4:0]               pred_count,     // the table's predators, at most PREDATORS; the
    input  wire [31:0]              pred_range,     //   next two Q16.16, range below 2^29; all held
    input  wire [31:0]              pred_turn,      //   while busy, as the table is
    output wire [3:0]               pred_addr,      // the predator table: an entry...
    input  wire [63:0]              pred_xy,        //   ...its {y, x}, in the same cycle
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
        if (PREDATORS < 0 || PREDATORS > 16) $error("%m: PREDATORS = %0d, must be 0..16", PREDATORS);
    end

    localparam [2:0] S_IDLE = 3'd0, S_FETCH = 3'd1, S_LOAD = 3'd2, S_DIV = 3'd3, S_MUL = 3'd4,
                     S_STORE = 3'd5, S_LIMIT = 3'd6, S_FLEE = 3'd7;
    localparam [31:0] SPEED_CLAMP = 32'd64 << 16;   // firmware/steering.h
    localparam [31:0] UNDECIDED = 32'h8000_0000;    // word 2: the CPU decides step 5
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

    // ---- step 3 (predators) ----
    // Each predator in turn: its offset (f = 0), the box test (1), and for one in
    // the box the two squares through the multiplier (1, 2, read at 3, 4) and the
    // circle test; then the signs of the sums turn v (5). pred_range's square is
    // worked out at start (S_FETCH's first cycles, below, before any entry).
    wire        fleeing = PREDATORS != 0 && velocity && predators && pred_count != 5'd0;
    reg  [4:0]  q;                                  // the predator
    reg  [2:0]  f;                                  // its step
    reg  [1:0]  prep;                               // range^2's steps after start
    reg  [31:0] pdx, pdy;                           // own position - the predator's
    reg  [63:0] range2, sq_dx;
    reg  [36:0] flee_x, flee_y;                     // the offsets in range, summed: 16 < 2^5 of 2^31
    function [31:0] magnitude(input [31:0] w);     // |w|, as C's abs on an int32
        magnitude = w[31] ? -w : w;
    endfunction
    function [31:0] turned(input [31:0] v, input [36:0] sum);   // v + sign(sum) pred_turn
        turned = sum[36] ? v - pred_turn : sum != 37'd0 ? v + pred_turn : v;
    endfunction
    assign pred_addr = q[3:0];

    // ---- step 5 (limit) ----
    wire        limiting = LIMIT != 0 && velocity && limit;
    `include "accel_rsqrt_seed.vh"
    reg  [4:0]  j;                                  // the limit's step
    // v normalized (max(|ux|, |uy|) in [2^21, 2^22)); for the brake, the product's
    // two factors, then their mantissas
    reg  [31:0] ux, uy;
    reg  [31:0] sq_x, sq_y, min2, nrm, y, scale, target, lim_x, lim_y;
    wire [31:0] prod_hi = prod[63:32];
    // the left shift that brings mag's top bit to bit 21 (fx_normalize, small v)
    function [4:0] lead_shift(input [21:0] m);
        integer b;
        begin
            lead_shift = 5'd0;
            for (b = 0; b < 22; b = b + 1)
                if (m[b]) lead_shift = 5'd21 - b[4:0];
        end
    endfunction
    function [31:0] clamp_speed(input [31:0] v);
        clamp_speed = $signed(v) > $signed(SPEED_CLAMP) ? SPEED_CLAMP
                    : $signed(v) < -$signed(SPEED_CLAMP) ? -SPEED_CLAMP : v;
    endfunction
    // keep_edge_brake(): an edge turns the boid along an axis (lo or hi, not both)
    // and it still heads out there
    function heads_out(input lo, input hi, input [31:0] v);
        heads_out = lo && !hi ? v[31] : hi && !lo && !v[31] && v != 32'd0;
    endfunction
    reg         braking, braked_x;                  // this boid brakes; along x (else y)
    reg  [31:0] other, pos, world;                  // make_up_speed()'s sign: toward `other`, else the middle
    reg  [5:0]  root_shift;
    reg         root_zero;
    // fx_sqrt_product(a, b): a and b shifted left by whole pairs of bits into
    // [2^21, 2^23) (normalize_by_fours), w = their product / 2^14, sqrt(w) 2^13
    // by the Newton steps, shifted back by 6 + the pairs (one less if w >> 2)
    function [3:0] pairs_up(input [31:0] v);        // shifts by 2 until v >= 2^21
        integer b;
        begin
            pairs_up = 4'd0;
            for (b = 0; b < 21; b = b + 1)          // ceil((21 - b) / 2) pairs for top bit b
                if (v[b]) pairs_up = 4'd11 - b[4:1] - {3'd0, b[0]};
            if (v[31:21] != 11'd0) pairs_up = 4'd0;
        end
    endfunction
    wire [31:0] brake_a = ux, brake_b = uy;         // target - |held|, target + |held|
    // make_up_speed(): the root shifted back, rounded, and its sign: toward other,
    // else toward the middle of the world
    function [31:0] made_up(input [31:0] root, input zero, input [5:0] shift);
        made_up = zero || shift[5] ? 32'd0 : (root + (32'd1 << (shift - 6'd1))) >> shift;
    endfunction
    function toward_plus(input [31:0] other_v, input [31:0] pos_v, input [31:0] world_v);
        toward_plus = other_v == 32'd0 ? $signed(pos_v) < $signed(world_v - pos_v) : !other_v[31];
    endfunction

    function signed [32:0] sgn(input [31:0] w);
        sgn = {w[31], w};
    endfunction
    function signed [32:0] uns(input [31:0] w);
        uns = {1'b0, w};
    endfunction
    // gain(): the high word of the product, halved with rounding:
    // floor((h + 1) / 2) = floor(h / 2) + h's low bit, which cannot overflow
    function [31:0] gain_of(input [31:0] p_hi);
        gain_of = {p_hi[31], p_hi[31:1]} + {31'd0, p_hi[0]};
    endfunction
    // separation's wide form: floor((P + 2^14) / 2^15) = floor((floor(P / 2^14) + 1)
    // / 2), saturated to +-2^28 where C's high word of P + 2^14 is outside +-2^11
    function [31:0] separated_wide(input [49:0] p_top);  // p_top: bits 63:14 of P
        reg [48:0] half;                            // bits 63:15 of P + 2^14, modulo 2^49
        begin
            half = p_top[49:1] + {48'd0, p_top[0]};
            separated_wide = $signed(half[48:17]) >= 32'sd2048 ? 32'h1000_0000
                           : $signed(half[48:17]) < -32'sd2048 ? 32'hf000_0000
                           : half[31:0];
        end
    endfunction

    // What only one state reads is worked out in that state (a function, or the
    // state's own temporaries), not on a module-level wire: the circuit is the
    // same, and a simulator such as Verilator, which evaluates every wire at every
    // clock, then spends nothing on this unit while it idles.
    always @(posedge clk) begin
        case (state)
            S_FETCH: begin
                // range^2 through the multiplier in the run's first three cycles: an
                // entry needs the lanes' preload and pipeline first (and a unit
                // test that writes its entries before start waits for it)
                if (PREDATORS != 0 && prep != 2'd3) begin
                    prep <= prep + 2'd1;
                    if (prep == 2'd0) begin m_a <= uns(pred_range); m_b <= uns(pred_range); end
                    if (prep == 2'd2) range2 <= prod[63:0];
                    prod <= m_a * m_b;
                end else if (res_re) state <= S_LOAD;
            end
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
                q <= 5'd0;
                f <= 3'd0;
                flee_x <= 37'd0;
                flee_y <= 37'd0;
                state <= res_rdata[6*SUM_W +: CNT_W] != {CNT_W{1'b0}} ? S_DIV : S_MUL;
            end
            S_DIV: begin : divide
                reg [IW:0]   rem_next;
                reg [IW-1:0] rem_left;                  // once subtracted, below n
                reg          sub_ok;
                rem_next = {rem, 1'b1};
                sub_ok = rem_next >= {1'b0, n};
                rem_left = rem_next[IW-1:0] - n;
                rem <= sub_ok ? rem_left : rem_next[IW-1:0];
                r <= {r[30:0], sub_ok};
                step <= step + 5'd1;
                if (step == 5'd31) state <= S_MUL;
            end
            S_MUL: begin : multiply
                reg [31:0] gained;
                gained = gain_of(prod_hi);
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
                    4'd6: sep_px <= narrow_x ? gained : separated_wide(prod[63:14]);
                    4'd7: sep_py <= narrow_y ? gained : separated_wide(prod[63:14]);
                    4'd8: push_x <= gained + sep_px;
                    4'd9: push_y <= gained + sep_py;
                    4'd10: v_x <= base_x + (n != {CNT_W{1'b0}} ? gained : 32'd0);
                    4'd11: v_y <= base_y + (n != {CNT_W{1'b0}} ? gained : 32'd0);
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
                j <= 5'd0;
                if (k == (velocity ? 4'd11 : 4'd9)) state <= fleeing ? S_FLEE : limiting ? S_LIMIT : S_STORE;
            end
            // Step 5, one product at a time through the same multiplier (issued at
            // step j, its high word prod_hi read at j + 2): the squared speed and
            // the squared limits, then fx_scale_to's chain for a boid too fast.
            S_LIMIT: if (LIMIT != 0) begin : limit_step
                reg [31:0] abs_x, abs_y, mag, s2, y_next, rounded;
                reg [26:0] newton_c;                    // the bits the product takes
                reg [30:0] half_up;
                reg        brake_x, brake_y;
                abs_x = magnitude(v_x);
                abs_y = magnitude(v_y);
                mag = abs_x | abs_y;
                s2 = sq_x + sq_y;
                newton_c = 27'h400_0000 - prod_hi[26:0]; // 2^26 - x y^2, as C's int32
                y_next = y + prod_hi;
                // fx_round_shift(p, 1): (p + 1) >> 1, signed; (p + 1)'s bits 31:1 are
                // floor(p / 2) + p's low bit, modulo 2^31
                half_up = prod_hi[31:1] + {30'd0, prod_hi[0]};
                rounded = {half_up[30], half_up};
                // the edge brake: heading out along x, else along y, slower than minspeed
                brake_x = heads_out(left, right, v_x) && abs_x < minspeed;
                brake_y = !brake_x && heads_out(top, bottom, v_y) && abs_y < minspeed;
                j <= j + 5'd1;
                case (j)
                    5'd0: begin
                        m_a <= uns({abs_x[22:0], 9'd0}); m_b <= uns({abs_x[22:0], 9'd0});
                        ux <= v_x << lead_shift(mag[21:0]);
                        uy <= v_y << lead_shift(mag[21:0]);
                    end
                    5'd1: begin m_a <= uns({abs_y[22:0], 9'd0}); m_b <= uns({abs_y[22:0], 9'd0}); end
                    5'd2: begin
                        m_a <= uns({minspeed[22:0], 9'd0}); m_b <= uns({minspeed[22:0], 9'd0});
                        sq_x <= prod_hi;
                    end
                    5'd3: begin
                        m_a <= uns({maxspeed[22:0], 9'd0}); m_b <= uns({maxspeed[22:0], 9'd0});
                        sq_y <= prod_hi;
                    end
                    5'd4: begin
                        m_a <= sgn({ux[22:0], 9'd0}); m_b <= sgn({ux[22:0], 9'd0});
                        min2 <= prod_hi;
                    end
                    5'd5: begin                     // prod_hi is sq18(maxspeed)
                        m_a <= sgn({uy[22:0], 9'd0}); m_b <= sgn({uy[22:0], 9'd0});
                        target <= s2 < min2 ? minspeed : maxspeed;
                        braking <= 1'b0;
                        if (mag == 32'd0) begin     // at rest: heads right at minspeed
                            lim_x <= $signed(minspeed) > 0 ? minspeed : 32'd0;
                            lim_y <= 32'd0;
                            state <= S_STORE;
                        end else if (mag[31:22] != 10'd0) begin
                            lim_x <= UNDECIDED;
                            lim_y <= 32'd0;
                            state <= S_STORE;
                        end else if (s2 < min2 && !edges_pseudocode && (brake_x || brake_y)
                                     // edge_turn(): an edge turns the boid (a turn, not cancelled)
                                     && !(turn == 32'd0 || (left == right && top == bottom))) begin
                            braking <= 1'b1;
                            braked_x <= brake_x;
                            ux <= minspeed - (brake_x ? abs_x : abs_y);
                            uy <= minspeed + (brake_x ? abs_x : abs_y);
                            other <= brake_x ? (heads_out(top, bottom, v_y) ? 32'd0 : v_y) : v_x;
                            pos <= brake_x ? own_y : own_x;
                            world <= brake_x ? world_h : world_w;
                            j <= 5'd27;
                        end else if (s2 >= min2 && s2 <= prod_hi) begin
                            lim_x <= v_x;
                            lim_y <= v_y;
                            state <= S_STORE;
                        end
                    end
                    5'd6: sq_x <= prod_hi;
                    5'd7: nrm <= sq_x + prod_hi;    // in [2^28, 2^31)
                    5'd8: y <= {1'b0, rsqrt_seed(nrm[30:23]), 15'd0};
                    // two Newton steps: y += y (2^26 - y^2 n / 2^64) 32 / 2^32
                    5'd9, 5'd15: begin
                        m_a <= uns(j == 5'd9 ? y : y_next); m_b <= uns(j == 5'd9 ? y : y_next);
                        if (j == 5'd15) y <= y_next;
                    end
                    5'd11, 5'd17: begin m_a <= uns(prod_hi); m_b <= uns(nrm); end
                    5'd13, 5'd19: begin m_a <= sgn({newton_c[26:0], 5'd0}); m_b <= uns(y); end
                    5'd21: begin                    // the length: target 2^8 y / 2^32, or sqrt(w)
                        y <= y_next;
                        m_a <= uns(braking ? nrm : {target[23:0], 8'd0}); m_b <= uns(y_next);
                    end
                    5'd23: if (braking) begin       // make_up_speed()
                        lim_x <= braked_x ? v_x : toward_plus(other, pos, world) ? made_up(prod_hi, root_zero, root_shift)
                                                                                 : -made_up(prod_hi, root_zero, root_shift);
                        lim_y <= !braked_x ? v_y : toward_plus(other, pos, world) ? made_up(prod_hi, root_zero, root_shift)
                                                                                  : -made_up(prod_hi, root_zero, root_shift);
                        state <= S_STORE;
                    end else begin
                        scale <= prod_hi;
                        m_a <= sgn({ux[26:0], 5'd0}); m_b <= sgn(prod_hi);
                    end
                    // the brake's product, then back to the Newton steps at 8
                    5'd27: begin
                        ux <= brake_a << {pairs_up(brake_a), 1'b0};
                        uy <= brake_b << {pairs_up(brake_b), 1'b0};
                        root_shift <= 6'd6 + {2'd0, pairs_up(brake_a)} + {2'd0, pairs_up(brake_b)};
                        root_zero <= $signed(brake_a) <= 0 || $signed(brake_b) <= 0;
                    end
                    5'd28: begin m_a <= uns({ux[22:0], 9'd0}); m_b <= uns({uy[22:0], 9'd0}); end
                    5'd30: begin
                        nrm <= prod_hi[31] ? prod_hi >> 2 : prod_hi;
                        if (prod_hi[31]) root_shift <= root_shift - 6'd1;
                        j <= 5'd8;
                    end
                    5'd24: begin m_a <= sgn({uy[26:0], 5'd0}); m_b <= sgn(scale); end
                    5'd25: lim_x <= clamp_speed(rounded);
                    5'd26: begin
                        lim_y <= clamp_speed(rounded);
                        state <= S_STORE;
                    end
                    default: ;
                endcase
                prod <= m_a * m_b;
            end
            S_FLEE: if (PREDATORS != 0) begin : flee
                reg last_predator;
                last_predator = q + 5'd1 == pred_count;
                case (f)
                    3'd0: begin
                        pdx <= own_x - pred_xy[31:0];
                        pdy <= own_y - pred_xy[63:32];
                        f <= 3'd1;
                    end
                    3'd1: if (magnitude(pdx) < pred_range && magnitude(pdy) < pred_range) begin
                        m_a <= uns(magnitude(pdx)); m_b <= uns(magnitude(pdx));
                        f <= 3'd2;
                    end else begin
                        if (!last_predator) q <= q + 5'd1;
                        f <= last_predator ? 3'd5 : 3'd0;
                    end
                    3'd2: begin m_a <= uns(magnitude(pdy)); m_b <= uns(magnitude(pdy)); f <= 3'd3; end
                    3'd3: begin sq_dx <= prod[63:0]; f <= 3'd4; end
                    3'd4: begin                     // within_radius: dx^2 + dy^2 < range^2
                        if (sq_dx + prod[63:0] < range2) begin
                            flee_x <= flee_x + {{5{pdx[31]}}, pdx};
                            flee_y <= flee_y + {{5{pdy[31]}}, pdy};
                        end
                        if (!last_predator) q <= q + 5'd1;
                        f <= last_predator ? 3'd5 : 3'd0;
                    end
                    default: begin
                        v_x <= turned(v_x, flee_x);
                        v_y <= turned(v_y, flee_y);
                        j <= 5'd0;
                        state <= limiting ? S_LIMIT : S_STORE;
                    end
                endcase
                prod <= m_a * m_b;
            end
            S_STORE: if (res_we) begin
                ptr <= ptr + 1'b1;
                state <= finish ? S_IDLE : S_FETCH;
            end
            default: ;
        endcase
        if (start) begin
            ptr <= {(IW+1){1'b0}};
            prep <= 2'd0;
            q <= 5'd0;
            state <= count != {(IW+1){1'b0}} ? S_FETCH : S_IDLE;
        end
        if (rst) state <= S_IDLE;
    end

    assign res_wdata = {n, {(6*SUM_W-128){1'b0}}, limiting ? lim_y : mean_vy,
                        limiting ? lim_x : mean_vx, velocity ? v_y : push_y,
                        velocity ? v_x : push_x};

    // The gains and the offsets enter gain() shifted as 32-bit words (their high
    // bits fall off, as in C); the remainder's top bit is zero once subtracted; the
    // product never needs its two top bits.
    // Step 5 takes the speeds' and the normalized v's low bits as C's shifts do.
    wire unused_ok = &{1'b0, centering[31:25], matching[31:25], minspeed[31:23], maxspeed[31:23], target[31:24],
                       ux[31:27], uy[31:27], nrm[31], nrm[22:0], prod[65:64], prod[13:0], to_cx[31:30],
                       to_cy[31:30]};

endmodule

`default_nettype wire
