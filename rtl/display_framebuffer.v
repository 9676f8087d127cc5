// display_framebuffer: the two frame buffers of the display (generic, inferred RAM).
// WORDS 16-bit words a buffer, four 4-bit pixels a word (nibble n = column 4w + n):
// one nibble-masked write port for the renderer, one registered read port for the scanout.
`timescale 1ns / 1ps
`default_nettype none

// The two ports always address different buffers (the renderer writes the back
// buffer, the scanout reads the front one); this version does not need that, the
// iCE40 one (rtl/ice40/display_framebuffer.v, same ports, SPRAM) does. Read data
// appear one cycle after a read (re) and hold until the next read. No reset.
module display_framebuffer #(
    parameter integer WORDS = 19200                 // words a buffer, at least 2
) (
    input  wire                     clk,
    // write port (renderer)
    input  wire                     we,
    input  wire                     wsel,           // buffer
    input  wire [$clog2(WORDS)-1:0] waddr,
    input  wire [15:0]              wdata,
    input  wire [3:0]               wmask,          // bit n writes nibble n
    // read port (scanout)
    input  wire                     re,
    input  wire                     rsel,           // buffer
    input  wire [$clog2(WORDS)-1:0] raddr,
    output reg  [15:0]              rdata
);

    initial begin
        if (WORDS < 2) $error("%m: WORDS = %0d, must be at least 2", WORDS);
    end

    (* no_rw_check *) reg [15:0] mem0[0:WORDS-1];
    (* no_rw_check *) reg [15:0] mem1[0:WORDS-1];

    integer n;
    always @(posedge clk) begin
        if (we) begin
            for (n = 0; n < 4; n = n + 1) begin
                if (wmask[n] && !wsel) mem0[waddr][4*n +: 4] <= wdata[4*n +: 4];
                if (wmask[n] && wsel) mem1[waddr][4*n +: 4] <= wdata[4*n +: 4];
            end
        end
        if (re) rdata <= rsel ? mem1[raddr] : mem0[raddr];
    end

endmodule

`default_nettype wire
