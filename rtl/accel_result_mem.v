// accel_result_mem: the result memory of the neighbor accelerator.
// N_MAX entries of one boid's packed sums; one entry-wide write port for the
// core's write-back, one registered read port for the bus.
`timescale 1ns / 1ps
`default_nettype none

module accel_result_mem #(
    parameter integer N_MAX = 1024,                 // entries
    parameter integer WIDTH = 269                   // bits per entry
) (
    input  wire                     clk,
    // write port (core)
    input  wire                     we,
    input  wire [$clog2(N_MAX)-1:0] waddr,
    input  wire [WIDTH-1:0]         wdata,
    // read port (bus), one cycle after raddr
    input  wire [$clog2(N_MAX)-1:0] raddr,
    output reg  [WIDTH-1:0]         rdata
);

    initial begin
        if (N_MAX < 2) $error("%m: N_MAX = %0d, must be at least 2", N_MAX);
        if (WIDTH < 1) $error("%m: WIDTH = %0d, must be at least 1", WIDTH);
    end

    // A bus read of the entry being written back in the same cycle may return
    // either value (results are only defined after DONE): no_rw_check spares
    // the bypass registers and multiplexers a synthesizer would add.
    (* no_rw_check *) reg [WIDTH-1:0] mem[0:N_MAX-1];

    always @(posedge clk) begin
        if (we) mem[waddr] <= wdata;
        rdata <= mem[raddr];
    end

endmodule

`default_nettype wire
