// cpu_regfile: the 32 integer registers of cpu_rv32im.
// Two registered read ports and one write port on one memory array, so that yosys
// can map it to block RAM (one copy per read port); x0 reads 0 whatever it holds.
`timescale 1ns / 1ps
`default_nettype none

module cpu_regfile (
    input  wire        clk,
    // read ports: rdata1/2 are the registers addressed in the last cycle with re,
    // held while re is low
    input  wire        re,
    input  wire [4:0]  raddr1,
    input  wire [4:0]  raddr2,
    output wire [31:0] rdata1,
    output wire [31:0] rdata2,
    // write port (a write to x0 is dropped)
    input  wire        we,
    input  wire [4:0]  waddr,
    input  wire [31:0] wdata
);

    // The core never reads a register in the cycle it writes one: no bypass needed.
    // The contents are not reset; x0 is masked at the output instead of relying on
    // the array's initial contents.
    (* no_rw_check *) reg [31:0] regs[0:31];
    reg  [31:0] q1, q2;
    reg         zero1, zero2;

    always @(posedge clk) begin
        if (we && waddr != 5'd0) regs[waddr] <= wdata;
        if (re) begin
            q1 <= regs[raddr1];
            q2 <= regs[raddr2];
            zero1 <= raddr1 == 5'd0;
            zero2 <= raddr2 == 5'd0;
        end
    end

    assign rdata1 = zero1 ? 32'd0 : q1;
    assign rdata2 = zero2 ? 32'd0 : q2;

endmodule

`default_nettype wire
