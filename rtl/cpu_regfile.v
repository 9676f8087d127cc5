// cpu_regfile: the 32 integer registers of cpu_rv32im.
// Two registered read ports and one write port on one memory array, so that yosys
// maps it to block RAM (one copy per read port) with nothing in front of the ports.
`timescale 1ns / 1ps
`default_nettype none

// x0: the core writes it only with 0, during reset (the array is not otherwise
// reset), and drops every instruction's write to it, so it always reads 0 without
// a mask on the read path. The core never reads a register in the cycle it writes
// one (its writes come from a flop one cycle after the result): no bypass.
module cpu_regfile (
    input  wire        clk,
    // read ports: rdata1/2 are the registers addressed in the last cycle with re,
    // held while re is low
    input  wire        re,
    input  wire [4:0]  raddr1,
    input  wire [4:0]  raddr2,
    output reg  [31:0] rdata1,
    output reg  [31:0] rdata2,
    // write port
    input  wire        we,
    input  wire [4:0]  waddr,
    input  wire [31:0] wdata
);

    (* no_rw_check *) reg [31:0] regs[0:31];

    always @(posedge clk) begin
        if (we) regs[waddr] <= wdata;
        if (re) begin
            rdata1 <= regs[raddr1];
            rdata2 <= regs[raddr2];
        end
    end

endmodule

`default_nettype wire
