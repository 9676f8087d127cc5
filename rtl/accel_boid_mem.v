// accel_boid_mem: the boid memory of the neighbor accelerator.
// N_MAX entries of x, y, vx, vy (Q16.16 each): one word-wide write port for the
// bus, one entry-wide registered read port shared by the bus and the stream, with
// its own address for the velocities (the stream reads them later than the
// positions; the bus gives both the same address). The write port also reads a
// whole entry (sre, for the steering unit) in the cycles it does not write: the
// bus writes only between runs, the unit reads only during one, so each block RAM
// keeps its two ports.
`timescale 1ns / 1ps
`default_nettype none

module accel_boid_mem #(
    parameter integer N_MAX = 1024                  // entries
) (
    input  wire                     clk,
    // write port: one 32-bit word of one entry
    input  wire                     we,
    input  wire [$clog2(N_MAX)-1:0] waddr,          // entry
    input  wire [1:0]               wword,          // 0 x, 1 y, 2 vx, 3 vy
    input  wire [31:0]              wdata,
    // or a whole entry at paddr (the sorter's placing; never with we or sre)
    input  wire                     pwe,
    input  wire [$clog2(N_MAX)-1:0] paddr,
    input  wire [127:0]             pdata,          // {vy, vx, y, x}
    // the write port's read: a whole entry at saddr, one cycle after sre (else it
    // holds); never in a cycle with we
    input  wire                     sre,
    input  wire [$clog2(N_MAX)-1:0] saddr,
    output reg  [127:0]             srdata,         // {vy, vx, y, x}
    // read port: a whole entry, one cycle after the addresses while re (else it
    // holds); the addresses are raddr and vraddr if rsel, else waddr for all four
    // (the bus's), chosen at the port so that nothing is computed while re is low
    input  wire                     re,
    input  wire                     rsel,
    input  wire [$clog2(N_MAX)-1:0] raddr,          // x, y
    input  wire [$clog2(N_MAX)-1:0] vraddr,         // vx, vy
    output reg  [127:0]             rdata           // {vy[vraddr], vx[vraddr], y[raddr], x[raddr]}
);

    initial begin
        if (N_MAX < 2) $error("%m: N_MAX = %0d, must be at least 2", N_MAX);
    end

    // One array per word: block RAM with a 32-bit port each, no byte enables.
    // A read of the entry being written in the same cycle is never needed (the bus
    // does one or the other; a run only reads): no_rw_check spares the bypass.
    (* no_rw_check *) reg [31:0] mem_x [0:N_MAX-1];
    (* no_rw_check *) reg [31:0] mem_y [0:N_MAX-1];
    (* no_rw_check *) reg [31:0] mem_vx[0:N_MAX-1];
    (* no_rw_check *) reg [31:0] mem_vy[0:N_MAX-1];

    // the write port's one address: the bus's, the sorter's, or the unit's while it reads
    wire [$clog2(N_MAX)-1:0] aaddr = sre ? saddr : pwe ? paddr : waddr;

    always @(posedge clk) begin
        if (we) begin
            case (wword)
                2'd0: mem_x[aaddr] <= wdata;
                2'd1: mem_y[aaddr] <= wdata;
                2'd2: mem_vx[aaddr] <= wdata;
                default: mem_vy[aaddr] <= wdata;
            endcase
        end
        if (pwe) begin
            mem_x[aaddr] <= pdata[31:0];
            mem_y[aaddr] <= pdata[63:32];
            mem_vx[aaddr] <= pdata[95:64];
            mem_vy[aaddr] <= pdata[127:96];
        end
        if (sre) srdata <= {mem_vy[aaddr], mem_vx[aaddr], mem_y[aaddr], mem_x[aaddr]};
        if (re) rdata <= {mem_vy[rsel ? vraddr : waddr], mem_vx[rsel ? vraddr : waddr],
                          mem_y[rsel ? raddr : waddr], mem_x[rsel ? raddr : waddr]};
    end

endmodule

`default_nettype wire
