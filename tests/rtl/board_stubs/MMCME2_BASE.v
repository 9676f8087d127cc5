// MMCME2_BASE for lint and simulation only: the outputs are the input clock (the
// real one makes 25.175 and 50 MHz from 100 MHz), locked at once. Only the ports and
// parameters rtl/boards/basys3_top.v uses.
`timescale 1ns / 1ps
`default_nettype none
// verilator lint_off UNUSEDPARAM

module MMCME2_BASE #(
    parameter real CLKIN1_PERIOD = 10.0,
    parameter integer DIVCLK_DIVIDE = 1,
    parameter real CLKFBOUT_MULT_F = 5.0,
    parameter real CLKOUT0_DIVIDE_F = 1.0,
    parameter integer CLKOUT1_DIVIDE = 1
) (
    input  wire CLKIN1,
    input  wire CLKFBIN,
    output wire CLKFBOUT,
    output wire CLKOUT0,
    output wire CLKOUT1,
    output wire LOCKED,
    input  wire PWRDWN,
    input  wire RST
);
    assign CLKOUT0 = CLKIN1;
    assign CLKOUT1 = CLKIN1;
    assign CLKFBOUT = CLKIN1;
    assign LOCKED = !RST && !PWRDWN;
    wire unused_ok = &{1'b0, CLKFBIN};
endmodule
// verilator lint_on UNUSEDPARAM

`default_nettype wire
