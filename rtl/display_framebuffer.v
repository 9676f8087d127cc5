// display_framebuffer: the two frame buffers of the display (generic, inferred RAM).
// WORDS 16-bit words a buffer, four 4-bit pixels a word (nibble n = column 4w + n):
// one nibble-masked write port for the renderer, one registered read port for the scanout.
`timescale 1ns / 1ps
`default_nettype none

// The two ports always address different buffers (the renderer writes the back
// buffer, the scanout reads the front one); this version does not need that, the
// iCE40 one (rtl/ice40/display_framebuffer.v, same ports, SPRAM) does. Read data
// appear one cycle after a read (re) and hold until the next read. No reset.
// The read port has its own clock, rclk: the pixel clock when the display's is not
// the system clock (READ_CLOCK_SEPARATE 1: a true dual-port RAM with two clocks), else
// the same net as clk.
module display_framebuffer #(
    parameter integer WORDS = 19200,                // words a buffer, at least 2
    parameter integer READ_CLOCK_SEPARATE = 0       // 1: rclk is not clk (the iCE40 version refuses)
) (
    input  wire                     clk,            // the write port's clock
    input  wire                     rclk,           // the read port's clock
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
        if (READ_CLOCK_SEPARATE != 0 && READ_CLOCK_SEPARATE != 1)
            $error("%m: READ_CLOCK_SEPARATE = %0d, must be 0 or 1", READ_CLOCK_SEPARATE);
    end

    // Both buffers in one array, buffer b at words b * WORDS ..
    localparam integer AW = $clog2(WORDS);
    localparam [AW:0] OFFSET1 = WORDS[AW:0];          // buffer 1's first word

    function automatic [AW:0] word(input sel, input [AW-1:0] addr);
        word = sel ? OFFSET1 + {1'b0, addr} : {1'b0, addr};
    endfunction

`ifdef SYNTHESIS
    // For synthesis (yosys defines SYNTHESIS): one 4-bit memory a nibble, each with
    // its own write enable. Block RAMs have byte enables, not nibble enables, and
    // the simulators' read-modify-write below needs an asynchronous read, which
    // only distributed RAM has: that costs an ECP5 or a 7-series part thousands of
    // LUTs. tests/test_rtl_icarus.sh runs the display testbench on this version too.
    genvar n;
    generate
        for (n = 0; n < 4; n = n + 1) begin : g_nibble
            reg [3:0] nib[0:2*WORDS-1];
            always @(posedge clk) if (we && wmask[n]) nib[word(wsel, waddr)] <= wdata[4 * n +: 4];
            always @(posedge rclk) if (re) rdata[4 * n +: 4] <= nib[word(rsel, raddr)];
        end
    endgenerate
`else
    // For simulators: a write is one read-modify-write of a whole word (its nibbles
    // outside wmask kept), so a simulator updates one word, not four nibbles.
    (* no_rw_check *) reg [15:0] mem[0:2*WORDS-1];

    function automatic [15:0] merge(input [15:0] old, input [15:0] data, input [3:0] mask);
        reg [15:0] m;
        begin
            m = {{4{mask[3]}}, {4{mask[2]}}, {4{mask[1]}}, {4{mask[0]}}};
            merge = (old & ~m) | (data & m);
        end
    endfunction

    always @(posedge clk) if (we) mem[word(wsel, waddr)] <= merge(mem[word(wsel, waddr)], wdata, wmask);
    always @(posedge rclk) if (re) rdata <= mem[word(rsel, raddr)];
`endif

endmodule

`default_nettype wire
