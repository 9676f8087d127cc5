// dvi_transmitter: a single-link DVI transmitter without vendor primitives. Three TMDS
// encoders in the pixel clock domain, and a 10:1 serializer in a 5x clock that gives
// two bits a lane each fast clock, for DDR output registers (rtl/ecp5/dvi_ddr_out.v).
`timescale 1ns / 1ps
`default_nettype none

// Lanes: blue (channel 0) carries C0 = hsync, C1 = vsync in blanking; green and red
// send C1C0 = 00. The clock lane sends 1111100000 a pixel, first bit first.
//
// Bit order: in each 2-bit output, bit [0] goes on the wire first (the DDR register's
// rising-edge half), then bit [1]. A 10-bit symbol leaves bit 0 first, so its bits go
// out as pairs [1:0], [3:2], [5:4], [7:6], [9:8] on five consecutive fast clocks.
//
// Clocks: clk_serial is exactly 5x clk_pixel, from the same PLL, rising edges aligned.
// Crossing: the symbols are registers of the pixel domain, and next to them word_toggle
// flips every pixel clock. The fast domain samples the toggle (toggle_sampled, one fast
// clock after the pixel edge, or at the edge itself if clock skew lets it) and loads
// the shift registers on the fast clock after it sees a change. So a load happens
// once every five fast clocks, one or two fast clocks (8-16 ns at 125 MHz) after the
// symbols changed and three or four before they change again: every path from the
// pixel domain has at least one whole fast period, which is what the timing tool
// checks for two clocks of one PLL, and no path is sampled while it changes. Nothing
// in the fast domain needs a reset: its phase comes from the toggle, every pixel.
//
// Latency: the encoders register the inputs at a pixel edge, and the first pair of
// their symbols leaves the shift registers two fast clocks later (one, if skew lets
// the toggle be seen at the pixel edge itself); the DDR register adds one more.
// In reset the toggle stops, no symbol is loaded, and every lane sends zeros.
module dvi_transmitter (
    // pixel domain
    input  wire       clk_pixel,
    input  wire       rst,              // synchronous to clk_pixel, active high
    input  wire       de,               // active video
    input  wire       hsync,            // sent as levels, polarity as given
    input  wire       vsync,
    input  wire [7:0] red,
    input  wire [7:0] green,
    input  wire [7:0] blue,
    // serial domain: 5x clk_pixel, from the same PLL, rising edges aligned
    input  wire       clk_serial,
    output wire [1:0] serial_blue,      // bit [0] first on the wire, then [1]
    output wire [1:0] serial_green,
    output wire [1:0] serial_red,
    output wire [1:0] serial_clock
);

    // The clock lane's word, bit 0 first: five ones then five zeros.
    localparam [9:0] CLOCK_WORD = 10'b0000011111;

    wire [9:0] symbol_blue, symbol_green, symbol_red;

    dvi_tmds_encoder u_blue (
        .clk(clk_pixel), .rst(rst), .de(de), .data(blue), .ctrl({vsync, hsync}),
        .symbol(symbol_blue));
    dvi_tmds_encoder u_green (
        .clk(clk_pixel), .rst(rst), .de(de), .data(green), .ctrl(2'b00),
        .symbol(symbol_green));
    dvi_tmds_encoder u_red (
        .clk(clk_pixel), .rst(rst), .de(de), .data(red), .ctrl(2'b00),
        .symbol(symbol_red));

    // Flips with every new set of symbols: the fast domain's marker of a new word.
    reg word_toggle;
    always @(posedge clk_pixel) begin
        word_toggle <= !word_toggle;
        if (rst) word_toggle <= 1'b0;
    end

    // Fast domain: find the pixel edge from the toggle, then load or shift by two.
    reg       toggle_sampled, toggle_delayed;
    reg [9:0] shift_blue, shift_green, shift_red, shift_clock;
    wire      load = toggle_sampled != toggle_delayed;

    always @(posedge clk_serial) begin
        toggle_sampled <= word_toggle;
        toggle_delayed <= toggle_sampled;
        if (load) begin
            shift_blue <= symbol_blue;
            shift_green <= symbol_green;
            shift_red <= symbol_red;
            shift_clock <= CLOCK_WORD;
        end else begin
            shift_blue <= shift_blue >> 2;
            shift_green <= shift_green >> 2;
            shift_red <= shift_red >> 2;
            shift_clock <= shift_clock >> 2;
        end
    end

    assign serial_blue = shift_blue[1:0];
    assign serial_green = shift_green[1:0];
    assign serial_red = shift_red[1:0];
    assign serial_clock = shift_clock[1:0];

endmodule

`default_nettype wire
