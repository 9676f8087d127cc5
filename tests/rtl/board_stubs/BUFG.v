// BUFG for lint and simulation only: a wire.
`timescale 1ns / 1ps
`default_nettype none

module BUFG (
    input  wire I,
    output wire O
);
    assign O = I;
endmodule

`default_nettype wire
