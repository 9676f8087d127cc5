// accel_result_mem: the result memory of the neighbor accelerator.
// N_MAX entries of one boid's packed sums (the block's RESULT_SLOTS: every
// boid's, or a ring that boids_accel addresses by the entry's low bits); one
// entry-wide write port for the core's write-back, one registered read port
// for the bus.
`timescale 1ns / 1ps
`default_nettype none

module accel_result_mem #(
    parameter integer N_MAX = 1024,                 // entries
    parameter integer WIDTH = 269                   // bits per entry
) (
    input  wire                     clk,
    // write port (core): one of two sources, picked here so that a simulator
    // builds the wide word only in a cycle that writes it
    input  wire                     we,
    input  wire [$clog2(N_MAX)-1:0] waddr,
    input  wire                     wsel,           // 0 wdata0, 1 wdata1
    input  wire [WIDTH-1:0]         wdata0,
    input  wire [WIDTH-1:0]         wdata1,
    // read port (bus), one cycle after raddr while re (else the data hold)
    input  wire                     re,
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
        if (we) mem[waddr] <= wsel ? wdata1 : wdata0;
        if (re) rdata <= mem[raddr];
    end

endmodule

`default_nettype wire
