// display_framebuffer (iCE40 UP5K): the two frame buffers of the display in SPRAM.
// Same module name, parameters and ports as rtl/display_framebuffer.v; read it instead
// of that file for an iCE40 build. Each buffer has its own SB_SPRAM256KA (16K x 16) blocks.
`timescale 1ns / 1ps
`default_nettype none

// The SPRAM has one port: the renderer's write port and the scanout's read port share
// it, so the two ports must always address different buffers (they do: back and
// front). A block takes the read address while its buffer is the read buffer, else
// the write address; MASKWREN writes single nibbles; a block is enabled only for its
// own accesses. Read data appear one cycle after a read and hold until the next read
// (or until that block is written, after a swap: nothing reads them then).
// 640x480 at SCALE 2 needs 19,200 words a buffer: 2 blocks each, 4 in all, which is
// every SPRAM the UP5K has; at SCALE 4, 4,800 words: 1 block each, leaving two for
// the CPU. (A bigger buffer elaborates, for yosys' default-parameter pass, but does
// not fit: nextpnr says so.)
// One clock: the SPRAM has one, so the display's pixel clock must be its system
// clock (READ_CLOCK_SEPARATE 0); rclk is there for the generic version's ports only.
module display_framebuffer #(
    parameter integer WORDS = 19200,                // words a buffer, 2..131072
    parameter integer READ_CLOCK_SEPARATE = 0       // must be 0: one clock
) (
    input  wire                     clk,
    input  wire                     rclk,           // unused: the read port runs on clk
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
    output wire [15:0]              rdata
);

    localparam integer AW = $clog2(WORDS);
    localparam integer NB = (WORDS + 16383) / 16384;   // SPRAM blocks a buffer

    initial begin
        if (WORDS < 2 || WORDS > 131072) $error("%m: WORDS = %0d, must be 2..131072", WORDS);
        if (READ_CLOCK_SEPARATE != 0)
            $error("%m: READ_CLOCK_SEPARATE = %0d: the SPRAM has one clock, a separate pixel clock needs the generic frame buffer",
                   READ_CLOCK_SEPARATE);
    end

    // Addresses widened: the block number above the 14-bit block address.
    wire [31:0] wa32 = {{(32-AW){1'b0}}, waddr};
    wire [31:0] ra32 = {{(32-AW){1'b0}}, raddr};

    // Which block answered the last read.
    reg        rsel_q;
    reg [2:0]  rblk_q;
    wire [16*2*NB-1:0] dout;

    genvar b, s;
    generate
        for (b = 0; b < 2; b = b + 1) begin : g_buf
            for (s = 0; s < NB; s = s + 1) begin : g_blk
                localparam integer BLK_I = s;
                localparam [2:0] BLK = BLK_I[2:0];
                wire mine = rsel == b[0];
                wire rd = re && mine && ra32[16:14] == BLK;
                wire wr = we && wsel == b[0] && wa32[16:14] == BLK;
                SB_SPRAM256KA u_spram (
                    .ADDRESS(mine ? ra32[13:0] : wa32[13:0]),
                    .DATAIN(wdata),
                    .MASKWREN(wmask),
                    .WREN(wr),
                    .CHIPSELECT(rd || wr),
                    .CLOCK(clk),
                    .STANDBY(1'b0),
                    .SLEEP(1'b0),
                    .POWEROFF(1'b1),
                    .DATAOUT(dout[16 * (b * NB + s) +: 16])
                );
            end
        end
    endgenerate

    always @(posedge clk) begin
        if (re) begin
            rsel_q <= rsel;
            rblk_q <= ra32[16:14];
        end
    end

    assign rdata = dout[16 * ({30'd0, rsel_q} * NB + {29'd0, rblk_q}) +: 16];

    wire unused_ok = &{1'b0, wa32[31:17], ra32[31:17], rclk};

endmodule

`default_nettype wire
