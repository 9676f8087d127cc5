// display_scanout: turns the front frame buffer into the VGA pins of the display.
// Follows the timing generator's x, y, de, fetching a word of 4 pixels at a time, looks
// the colour index up in the palette and delays the syncs as much as the colour path.
`timescale 1ns / 1ps
`default_nettype none

// Pipeline (cycle t: the timing generator shows x, y, de, hsync, vsync):
//   t    a word read is issued at every 4 * SCALE-th active pixel (x = 0, 4 SCALE, ...)
//   t+1  the word arrives (or the one held since)
//   t+2  the colour of its nibble for x, from the palette (0 outside de)
//   t+3  the pins: colour, hsync and vsync, all registered
// so every pin shows the timing generator's waveform LATENCY = 3 cycles later.
// Framebuffer pixel (x / SCALE, y / SCALE) is at word (y / SCALE) * FB_W / 4 +
// x / (4 SCALE), nibble (x / SCALE) mod 4. The read address is a counter: +1 a word,
// back to the line's first word after each of SCALE equal lines but the last (y mod
// SCALE != SCALE - 1), 0 at vblank_start. SCALE being a power of two, the fetch
// points, the nibble and the repeat are bit fields of x and y: no divider.
module display_scanout #(
    parameter integer H_ACTIVE = 640,               // pixels at the pins
    parameter integer V_ACTIVE = 480,
    parameter integer SCALE = 1                     // 1, 2 or 4
) (
    input  wire                     clk,
    input  wire                     rst,            // synchronous, active high
    // from the timing generator
    input  wire                     hsync,
    input  wire                     vsync,
    input  wire                     de,
    input  wire [11:0]              x,
    input  wire [1:0]               y_low,          // y[1:0]
    input  wire                     vblank_start,
    // frame buffer read port (the front buffer; data one cycle after re)
    output wire                     fb_re,
    output reg  [$clog2(H_ACTIVE*V_ACTIVE/(4*SCALE*SCALE))-1:0] fb_raddr,
    input  wire [15:0]              fb_rdata,
    // VGA pins
    output reg                      vga_hsync,
    output reg                      vga_vsync,
    output reg                      vga_de,         // active area, for a DVI transmitter
    output reg  [3:0]               vga_r,
    output reg  [3:0]               vga_g,
    output reg  [3:0]               vga_b
);

    localparam integer WPL = H_ACTIVE / (4 * SCALE);    // words a line
    localparam integer AW = $clog2(WPL * V_ACTIVE / SCALE);
    localparam integer SB = SCALE == 4 ? 2 : SCALE == 2 ? 1 : 0;  // log2(SCALE)
    localparam integer H_LAST_READ = H_ACTIVE - 4 * SCALE;
    localparam integer WPL_1 = WPL - 1;
    localparam integer X_MASK_I = 4 * SCALE - 1;
    localparam integer Y_MASK_I = SCALE - 1;
    localparam [11:0] X_LAST_READ = H_LAST_READ[11:0];
    localparam [3:0] X_MASK = X_MASK_I[3:0];            // x within a word's pixels
    localparam [1:0] Y_MASK = Y_MASK_I[1:0];            // y within a repeated line
    localparam [AW-1:0] REWIND = WPL_1[AW-1:0];        // back to the line's first word, -1

    initial begin
        if (SCALE != 1 && SCALE != 2 && SCALE != 4) $error("%m: SCALE = %0d, must be 1, 2 or 4", SCALE);
        if (H_ACTIVE % (4 * SCALE) != 0 || V_ACTIVE % SCALE != 0)
            $error("%m: H_ACTIVE %0d, V_ACTIVE %0d: need H_ACTIVE / SCALE a multiple of 4 and V_ACTIVE / SCALE whole",
                   H_ACTIVE, V_ACTIVE);
    end

    // ---- t: read issue -------------------------------------------------------------
    wire word_start = (x[3:0] & X_MASK) == 4'd0;
    wire line_again = (y_low & Y_MASK) != Y_MASK;     // never at SCALE 1
    assign fb_re = de && word_start;

    always @(posedge clk) begin
        if (fb_re) begin
            // after the last word of a line: back to the start of this one while it
            // is to be shown again, else on to the next line
            if (x == X_LAST_READ && line_again) fb_raddr <= fb_raddr - REWIND;
            else fb_raddr <= fb_raddr + 1'b1;
        end
        if (vblank_start) fb_raddr <= {AW{1'b0}};
        if (rst) fb_raddr <= {AW{1'b0}};
    end

    // ---- t+1: the word and its nibble -----------------------------------------------
    reg        ld_1, de_1, hs_1, vs_1;
    reg  [1:0] nib_1;
    reg [15:0] held;                                    // the word of the last read

    always @(posedge clk) begin
        ld_1 <= fb_re;
        de_1 <= de;
        hs_1 <= hsync;
        vs_1 <= vsync;
        nib_1 <= x[SB +: 2];
        if (ld_1) held <= fb_rdata;
    end

    // ---- t+2: the colour (palette), 0 outside de ------------------------------------
    function automatic [11:0] palette(input [3:0] idx);
        case (idx)
            4'd0: palette = 12'h113;                    // background
            4'd1: palette = 12'hCDE;                    // boid
            4'd2: palette = 12'hFA2;                    // scout group 1
            4'd3: palette = 12'h4E8;                    // scout group 2
            4'd4: palette = 12'hF33;                    // predator
            default: palette = 12'h000;
        endcase
    endfunction

    // nibble n of a word
    function automatic [3:0] nibble(input [15:0] word, input [1:0] n);
        nibble = word[4 * n +: 4];
    endfunction

    reg        hs_2, vs_2, de_2;
    reg [11:0] rgb_2;

    always @(posedge clk) begin
        hs_2 <= hs_1;
        vs_2 <= vs_1;
        de_2 <= de_1;
        // the word that arrives now (ld_1), else the one held since
        rgb_2 <= de_1 ? palette(nibble(ld_1 ? fb_rdata : held, nib_1)) : 12'h000;
    end

    // ---- t+3: the pins -----------------------------------------------------------------
    always @(posedge clk) begin
        vga_hsync <= hs_2;
        vga_vsync <= vs_2;
        vga_de <= de_2;
        {vga_r, vga_g, vga_b} <= rgb_2;
    end

endmodule

`default_nettype wire
