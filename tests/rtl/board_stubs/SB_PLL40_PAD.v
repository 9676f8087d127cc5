// SB_PLL40_PAD for simulation only: the testbench drives PACKAGEPIN at the pixel
// clock already, so the "PLL" passes it through and reports lock at once. Only
// the ports and parameters rtl/boards/icebreaker_top.v uses.
`timescale 1ns / 1ps
`default_nettype none
// verilator lint_off UNUSEDPARAM

module SB_PLL40_PAD #(
    parameter FEEDBACK_PATH = "SIMPLE",
    parameter [3:0] DIVR = 4'd0,
    parameter [6:0] DIVF = 7'd0,
    parameter [2:0] DIVQ = 3'd0,
    parameter [2:0] FILTER_RANGE = 3'd0
) (
    input  wire PACKAGEPIN,
    output wire PLLOUTGLOBAL,
    input  wire RESETB,
    input  wire BYPASS,
    output wire LOCK
);
    assign PLLOUTGLOBAL = PACKAGEPIN;
    assign LOCK = RESETB;
    wire unused_ok = &{1'b0, BYPASS};
endmodule
// verilator lint_on UNUSEDPARAM

`default_nettype wire
