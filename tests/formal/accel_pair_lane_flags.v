// accel_pair_lane_flags: a stand-in for accel_pair_lane in the formal proofs of
// accel_core's binned sequencer (tests/formal/accel_core.sby): the lane's flag
// pipeline exactly, its sums and shadow chosen by the solver each cycle.
`timescale 1ns / 1ps
`default_nettype none

// Sound for the core's sequencing: the core reads a lane only through out_valid
// (lane 0's, as pass_done) and passes the sums and the shadow on as data. out_valid
// follows in_last 7 enabled cycles later, as in rtl/accel_pair_lane.v (last[1..6],
// then out_valid), and rst clears the same flags. The real lane's multipliers would
// make each proof step far slower and add nothing to these properties.
module accel_pair_lane #(
    parameter integer SUM_W = 26,
    parameter integer CNT_W = 10,
    parameter integer SHADOW = 0
) (
    input  wire                      clk,
    input  wire                      rst,
    input  wire                      en,
    input  wire [23:0]               visual,
    input  wire [49:0]               visual2,
    input  wire [49:0]               protected2,
    input  wire [31:0]               q_x,
    input  wire [31:0]               q_y,
    input  wire                      in_valid,
    input  wire                      in_clear,
    input  wire                      in_last,
    input  wire [31:0]               in_x,
    input  wire [31:0]               in_y,
    input  wire [16:0]               late_tvx,
    input  wire [16:0]               late_tvy,
    output reg                       out_valid,
    output wire signed [SUM_W-1:0]   sep_x,
    output wire signed [SUM_W-1:0]   sep_y,
    output wire signed [SUM_W-1:0]   coh_x,
    output wire signed [SUM_W-1:0]   coh_y,
    output wire signed [SUM_W-1:0]   ali_x,
    output wire signed [SUM_W-1:0]   ali_y,
    output wire [CNT_W-1:0]          count,
    input  wire                      sh_shift,
    input  wire [6*SUM_W+CNT_W-1:0]  sh_in,
    output wire [6*SUM_W+CNT_W-1:0]  sh_out
);

    reg [6:1] last;

    always @(posedge clk) begin
        if (en) begin
            out_valid <= last[6];
            last <= {last[5:1], in_last};
        end
        if (rst) begin
            last <= 6'd0;
            out_valid <= 1'b0;
        end
    end

    (* anyseq *) reg [6*SUM_W+CNT_W-1:0] f_sums, f_shadow;
    assign {count, ali_y, ali_x, coh_y, coh_x, sep_y, sep_x} = f_sums;
    assign sh_out = SHADOW != 0 ? f_shadow : {(6*SUM_W+CNT_W){1'b0}};

    wire unused_ok = &{1'b0, visual, visual2, protected2, q_x, q_y, in_valid, in_clear,
                       in_x, in_y, late_tvx, late_tvy, sh_shift, sh_in};

endmodule

`default_nettype wire
