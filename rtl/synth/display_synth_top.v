// Synthesis wrapper for area and timing estimates of boids_display on an iCE40 UP5K:
// 640x480 at 60 Hz, SCALE 2 (a 320x240 buffer in SPRAM: rtl/ice40/display_framebuffer.v)
// or 4 (160x120), 512 sprites. The bus comes from a shift register fed by one pin.
`timescale 1ns / 1ps
`default_nettype none

`include "vga_modes.vh"

// Read rtl/ice40/display_framebuffer.v, not rtl/display_framebuffer.v (same module):
//   yosys -p "read_verilog -Irtl rtl/ice40/display_framebuffer.v rtl/vga_timing.v \
//       rtl/display_renderer.v rtl/display_scanout.v rtl/boids_display.v \
//       rtl/synth/display_synth_top.v; synth_ice40 -dsp -top display_synth_top -json d.json"
//   nextpnr-ice40 --up5k --package sg48 --json d.json --freq 25.125 --pcf-allow-unconstrained
// (add "chparam -set SCALE 4 display_synth_top" before synth_ice40 for SCALE 4)
module display_synth_top #(
    parameter integer SCALE = 2,                    // 2: all four SPRAMs; 4: two of them
    parameter integer SPRITES_MAX = 512
) (
    input  wire       clk,                          // pixel clock, 25.125 MHz
    input  wire       rst,
    input  wire       serial_in,                    // feeds the bus request register
    output reg        data_out,                     // XOR of the read data, registered
    output wire       ack_out,
    output wire       irq_out,
    // VGA pins
    output wire       vga_hsync,
    output wire       vga_vsync,
    output wire       vga_de,
    output wire [3:0] vga_r,
    output wire [3:0] vga_g,
    output wire [3:0] vga_b
);
    // cyc, stb, we, adr[19:0], dat[31:0], sel[3:0]
    localparam integer REQUEST_BITS = 3 + 20 + 32 + 4;

    reg  [REQUEST_BITS-1:0] request;
    wire [31:0]             dat_o;

    always @(posedge clk) begin
        request <= {request[REQUEST_BITS-2:0], serial_in};
        data_out <= ^dat_o;
    end

    boids_display #(
        .MODE(`VGA_640X480_60_ID),
        .SCALE(SCALE),
        .SPRITES_MAX(SPRITES_MAX),
        .BOID_WINDOW(0)                             // as on the iCEBreaker: no room for it
    ) u_display (
        .clk(clk),
        .clk_pixel(clk),                            // one clock: unused
        .rst(rst),
        .wb_cyc_i(request[0]),
        .wb_stb_i(request[1]),
        .wb_we_i(request[2]),
        .wb_adr_i(request[22:3]),
        .wb_dat_i(request[54:23]),
        .wb_sel_i(request[58:55]),
        .wb_dat_o(dat_o),
        .wb_ack_o(ack_out),
        .tap_we(1'b0), .tap_word(2'd0), .tap_idx(14'd0), .tap_data(32'd0),
        .irq_o(irq_out),
        .vga_hsync(vga_hsync),
        .vga_vsync(vga_vsync),
        .vga_de(vga_de),
        .vga_r(vga_r),
        .vga_g(vga_g),
        .vga_b(vga_b)
    );

endmodule

`default_nettype wire
