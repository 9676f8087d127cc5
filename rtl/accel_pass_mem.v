// accel_pass_mem: the pass table of the neighbor accelerator's binned batch.
// PASSES entries of three boid ranges {end, first}; one word-wide write port for
// the bus (one range a write), one entry-wide registered read port for the core.
`timescale 1ns / 1ps
`default_nettype none

module accel_pass_mem #(
    parameter integer PASSES = 128,                 // entries: ceil(N_MAX / LANES)
    parameter integer IDX_W = 11                    // bits of a range bound: $clog2(N_MAX) + 1
) (
    input  wire                                        clk,
    // write port (bus): range wword of entry waddr, {end, first} in bits 31:16, 15:0
    input  wire                                        we,
    input  wire [(PASSES > 1 ? $clog2(PASSES) : 1)-1:0] waddr,
    input  wire [1:0]                                  wword,          // 0..2 (3 is ignored)
    input  wire [31:0]                                 wdata,
    // read port (core): the whole entry one cycle after raddr while re (else it holds)
    input  wire                                        re,
    input  wire [(PASSES > 1 ? $clog2(PASSES) : 1)-1:0] raddr,
    output reg  [6*IDX_W-1:0]                          rdata           // {end2, first2, end1, first1, end0, first0}
);

    initial begin
        if (PASSES < 1) $error("%m: PASSES = %0d, must be at least 1", PASSES);
        if (IDX_W < 2 || IDX_W > 16) $error("%m: IDX_W = %0d, must be 2..16", IDX_W);
    end

    // One array a range, as the boid memory has one a word; the core never reads
    // the entry the bus writes (writes are refused while busy).
    (* no_rw_check *) reg [2*IDX_W-1:0] mem_r0[0:PASSES-1];
    (* no_rw_check *) reg [2*IDX_W-1:0] mem_r1[0:PASSES-1];
    (* no_rw_check *) reg [2*IDX_W-1:0] mem_r2[0:PASSES-1];
    wire [2*IDX_W-1:0] range_word = {wdata[16 +: IDX_W], wdata[0 +: IDX_W]};

    always @(posedge clk) begin
        if (we) begin
            case (wword)
                2'd0: mem_r0[waddr] <= range_word;
                2'd1: mem_r1[waddr] <= range_word;
                2'd2: mem_r2[waddr] <= range_word;
                default: ;
            endcase
        end
        if (re) rdata <= {mem_r2[raddr], mem_r1[raddr], mem_r0[raddr]};
    end

    wire unused_ok = &{1'b0, wdata};      // bits above each bound's IDX_W are ignored

endmodule

`default_nettype wire
