// ODDRX1F for lint and elaboration only: the ports of the ECP5 primitive, no function.
`timescale 1ns / 1ps
`default_nettype none

// verilator lint_off UNUSEDSIGNAL
// verilator lint_off UNUSEDPARAM
// verilator lint_off UNDRIVEN
module ODDRX1F (input wire SCLK, input wire RST, input wire D0, input wire D1, output wire Q);
endmodule
// verilator lint_on UNDRIVEN
// verilator lint_on UNUSEDPARAM
// verilator lint_on UNUSEDSIGNAL

`default_nettype wire
