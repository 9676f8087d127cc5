// EHXPLLL for lint and elaboration only: the ports and parameters of the ECP5
// PLL, no function.
`timescale 1ns / 1ps
`default_nettype none

// verilator lint_off UNUSEDSIGNAL
// verilator lint_off UNUSEDPARAM
// verilator lint_off UNDRIVEN
module EHXPLLL #(
    parameter integer CLKI_DIV = 1, parameter integer CLKFB_DIV = 1,
    parameter integer CLKOP_DIV = 8, parameter integer CLKOS_DIV = 8,
    parameter integer CLKOP_CPHASE = 0, parameter integer CLKOS_CPHASE = 0,
    parameter integer CLKOP_FPHASE = 0, parameter integer CLKOS_FPHASE = 0,
    parameter integer CLKOS2_DIV = 8, parameter integer CLKOS2_CPHASE = 0,
    parameter integer CLKOS2_FPHASE = 0, parameter CLKOS2_ENABLE = "DISABLED",
    parameter CLKOP_ENABLE = "ENABLED", parameter CLKOS_ENABLE = "DISABLED",
    parameter FEEDBK_PATH = "CLKOP", parameter OUTDIVIDER_MUXA = "DIVA",
    parameter OUTDIVIDER_MUXB = "DIVB", parameter PLLRST_ENA = "DISABLED",
    parameter INTFB_WAKE = "DISABLED", parameter STDBY_ENABLE = "DISABLED",
    parameter DPHASE_SOURCE = "DISABLED"
) (input wire CLKI, input wire CLKFB, input wire RST, input wire STDBY,
    input wire PHASESEL1, input wire PHASESEL0, input wire PHASEDIR, input wire PHASESTEP,
    input wire PHASELOADREG, input wire PLLWAKESYNC, input wire ENCLKOP, input wire ENCLKOS,
    input wire ENCLKOS2, input wire ENCLKOS3, output wire CLKOP, output wire CLKOS,
    output wire CLKOS2, output wire CLKOS3, output wire LOCK, output wire INTLOCK,
    output wire REFCLK, output wire CLKINTFB);
endmodule
// verilator lint_on UNDRIVEN
// verilator lint_on UNUSEDPARAM
// verilator lint_on UNUSEDSIGNAL

`default_nettype wire
