// boids_system: the Boids video and accelerator slave, and the simulation top.
// Joins the neighbor accelerator (boids_accel) and the VGA display (boids_display)
// behind one Wishbone B4 classic slave port: address bit 20 picks the block.
`timescale 1ns / 1ps
`default_nettype none

`include "vga_modes.vh"

// Addresses: bit 20 = 0 the accelerator at its 20-bit addresses, 1 the display.
// Only the addressed block sees stb; the read data are the addressed block's (the
// master holds the address until the acknowledge). The display's answer is
// registered here, a cycle after the display gives it (its stb held low in that
// cycle, so that it does not see the held request again): a sprite memory word
// then leaves no path from block RAM into a master's registers, at the cost of a
// cycle an access to the display, which a frame asks only a few dozen times. The accelerator's boid writes
// also reach the display (its tap port, FLOCK_TAP), which makes the frame's sprites
// from them when the firmware sets its CTRL.TAP. Everything runs on one clock,
// the pixel clock of the video mode, unless PIXEL_CLOCK_SEPARATE: then clk is the
// system clock and the display's pixel side runs on clk_pixel (boids_display).
module boids_system #(
    parameter integer N_MAX = 1024,                 // accelerator: boid memory entries
    parameter integer LANES = 8,                    // accelerator: parallel pair units, 0: none
    parameter integer BINNING = 0,                  // accelerator: 1, the binned batch
    parameter integer STEER = 1,                    // accelerator: 1, the neighbour steering
    parameter integer LIMIT = 1,                    // accelerator: 1, and its speed limit (CTRL.LIMIT)
    parameter integer RESULT_SLOTS = N_MAX,         // accelerator: result entries kept (a ring if fewer)
    parameter integer SORTER = 0,                   // accelerator: 1, the counting sort (with BINNING)
    parameter integer CELLS = N_MAX,                // accelerator: the sorter's most cells
    parameter integer SPRITES_MAX = N_MAX + 256,    // display: sprite memory entries
    parameter integer SCALE = 1,                    // display: 1, 2 or 4
    parameter integer MODE = `VGA_MODE_DEFAULT,     // display: the video mode (vga_modes.vh)
    parameter integer PIXEL_CLOCK_SEPARATE = 0,     // display: 1, its pixel side on clk_pixel
    parameter integer BOID_WINDOW = 1               // display: 1, it packs sprite words from boids
) (
    input  wire        clk,                         // pixel clock, or the system clock (SEPARATE)
    input  wire        rst,                         // synchronous to clk, active high
    input  wire        clk_pixel,                   // pixel clock if PIXEL_CLOCK_SEPARATE, else unused
    // Wishbone B4 classic slave, 32-bit data, byte addresses
    input  wire        wb_cyc_i,
    input  wire        wb_stb_i,
    input  wire        wb_we_i,
    input  wire [20:0] wb_adr_i,                    // bit 20: 0 accelerator, 1 display
    input  wire [31:0] wb_dat_i,
    input  wire [3:0]  wb_sel_i,
    output wire [31:0] wb_dat_o,
    output wire        wb_ack_o,
    // interrupts
    output wire        irq_accel_o,                 // accelerator: STATUS.DONE & IRQ_EN
    output wire        irq_display_o,               // display: STATUS.FRAME & IRQ_EN
    // VGA pins, registered
    output wire        vga_hsync,
    output wire        vga_vsync,
    output wire        vga_de,                      // active area (DVI), aligned with the pins
    output wire [3:0]  vga_r,
    output wire [3:0]  vga_g,
    output wire [3:0]  vga_b
);

    wire        sel_display = wb_adr_i[20];
    wire [31:0] accel_dat, display_dat;
    wire        accel_ack, display_ack;
    wire        tap_we;                             // the accelerator's boid writes, to the display
    wire [1:0]  tap_word;
    wire [13:0] tap_idx;
    wire [31:0] tap_data;

    reg         display_ack_q;                      // the display's answer, a cycle later
    reg  [31:0] display_dat_q;
    always @(posedge clk) begin
        display_ack_q <= display_ack;
        if (display_ack) display_dat_q <= display_dat;
        if (rst) display_ack_q <= 1'b0;
    end

    assign wb_ack_o = accel_ack || display_ack_q;
    assign wb_dat_o = sel_display ? display_dat_q : accel_dat;

    // LANES = 0 leaves the accelerator out (a board too small for it): its
    // addresses then read as zero, one cycle after the request, and writes do
    // nothing. The firmware sees ID 0, reports no accelerator and can sum on
    // the CPU instead.
    generate
        if (LANES > 0) begin : g_accel
            boids_accel #(
                .N_MAX(N_MAX),
                .LANES(LANES),
                .BINNING(BINNING),
                .STEER(STEER),
                .LIMIT(LIMIT),
                .RESULT_SLOTS(RESULT_SLOTS),
                .SORTER(SORTER),
                .CELLS(CELLS)
            ) u_accel (
                .clk(clk),
                .rst(rst),
                .wb_cyc_i(wb_cyc_i),
                .wb_stb_i(wb_stb_i && !sel_display),
                .wb_we_i(wb_we_i),
                .wb_adr_i(wb_adr_i[19:0]),
                .wb_dat_i(wb_dat_i),
                .wb_sel_i(wb_sel_i),
                .wb_dat_o(accel_dat),
                .wb_ack_o(accel_ack),
                .irq_o(irq_accel_o),
                .tap_we_o(tap_we),
                .tap_word_o(tap_word),
                .tap_idx_o(tap_idx),
                .tap_data_o(tap_data)
            );
        end else begin : g_no_accel
            reg absent_ack;
            always @(posedge clk) begin
                absent_ack <= wb_cyc_i && wb_stb_i && !sel_display && !absent_ack;
                if (rst) absent_ack <= 1'b0;
            end
            assign accel_ack = absent_ack;
            assign accel_dat = 32'd0;
            assign irq_accel_o = 1'b0;
            assign tap_we = 1'b0;
            assign tap_word = 2'd0;
            assign tap_idx = 14'd0;
            assign tap_data = 32'd0;
        end
    endgenerate

    boids_display #(
        .MODE(MODE),
        .SCALE(SCALE),
        .SPRITES_MAX(SPRITES_MAX),
        .PIXEL_CLOCK_SEPARATE(PIXEL_CLOCK_SEPARATE),
        .BOID_WINDOW(BOID_WINDOW),
        .FLOCK_TAP(LANES > 0 ? 1 : 0)
    ) u_display (
        .clk(clk),
        .rst(rst),
        .clk_pixel(clk_pixel),
        .wb_cyc_i(wb_cyc_i),
        .wb_stb_i(wb_stb_i && sel_display && !display_ack_q),
        .wb_we_i(wb_we_i),
        .wb_adr_i(wb_adr_i[19:0]),
        .wb_dat_i(wb_dat_i),
        .wb_sel_i(wb_sel_i),
        .wb_dat_o(display_dat),
        .wb_ack_o(display_ack),
        .tap_we(tap_we),
        .tap_word(tap_word),
        .tap_idx(tap_idx),
        .tap_data(tap_data),
        .irq_o(irq_display_o),
        .vga_hsync(vga_hsync),
        .vga_vsync(vga_vsync),
        .vga_de(vga_de),
        .vga_r(vga_r),
        .vga_g(vga_g),
        .vga_b(vga_b)
    );

endmodule

`default_nettype wire
