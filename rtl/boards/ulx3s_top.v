// ulx3s_top: the SoC on a ULX3S (ECP5-85F) with DVI out of its GPDI connector.
// Only pins, clocks, reset and the DVI transmitter live here; the design is
// boids_soc, the same one the simulator runs.
`timescale 1ns / 1ps
`default_nettype none

`include "vga_modes.vh"
`include "ulx3s_board.vh"

// Clocks: the PLL makes the 25 MHz pixel clock (640x480 at 59.5 Hz, which
// monitors take for 60), the 125 MHz serializer clock and the 41.67 MHz system
// clock (CLOCK_HZ: CPU, RAM, accelerator, the display's registers and renderer)
// from the 25 MHz oscillator; the display crosses to the pixel clock itself
// (boids_soc with PIXEL_CLOCK_SEPARATE 1). Reset: board_reset on each of the system
// and pixel clocks, from the PLL lock and FIRE1. Boot: the RAM is
// block RAM set by the bitstream from INIT_FILE (the
// image make synth writes), so the CPU starts at once. Video: the SoC's 12-bit
// colour widened to 8 bits a channel (x 17: 0xF -> 0xFF), its syncs and
// data-enable into dvi_transmitter, then one DDR output register a lane.
// LEDs: 0 once the CPU runs, 1 on a firmware EXIT, 2 while the CPU sleeps in wfi.
module ulx3s_top #(
    // the board's configuration: constraints/boards.mk, as rtl/boards/ulx3s_board.vh has it
    parameter INIT_FILE = "",                       // the RAM image, $readmemh
    parameter integer RAM_BYTES = `ULX3S_RAM_BYTES,
    parameter integer RAM_SHARED_PORT = `ULX3S_RAM_SHARED_PORT,
    parameter integer FETCH_REG = `ULX3S_FETCH_REG,
    parameter integer CPU_DIV_PAIR = `ULX3S_CPU_DIV_PAIR,
    parameter integer N_MAX = `ULX3S_N_MAX,
    parameter integer LANES = `ULX3S_LANES,
    parameter integer BINNING = `ULX3S_BINNING,
    parameter integer SORTER = `ULX3S_SORTER,
    parameter integer LIMIT = `ULX3S_LIMIT,
    parameter integer RESULT_SLOTS = `ULX3S_RESULT_SLOTS,
    parameter integer SPRITES_MAX = `ULX3S_SPRITES_MAX,
    parameter integer SCALE = `ULX3S_SCALE,
    parameter integer MODE = `ULX3S_MODE,
    parameter integer BOID_WINDOW = `ULX3S_BOID_WINDOW,
    parameter integer CLOCK_HZ = `ULX3S_CLOCK_HZ
) (
    input  wire       clk_25mhz,
    input  wire [1:1] btn,                          // FIRE1, active high
    output wire [7:0] led,
    output wire       ftdi_rxd,                     // UART to the FTDI (its RXD), 115200 8N1
    input  wire       ftdi_txd,
    output wire [3:0] gpdi_dp                       // 0 blue, 1 green, 2 red, 3 clock
);

    initial begin
        if (MODE != `VGA_640X480_60_ID)
            $error("%m: MODE = %0d: this board's clocks make 640x480's pixel clock only", MODE);
    end

    wire clk, clk_pixel, clk_serial, pll_locked;

    pll_25_125 u_pll (
        .clk_25mhz(clk_25mhz),
        .clk_pixel(clk_pixel),
        .clk_serial(clk_serial),
        .clk_system(clk),
        .locked(pll_locked)
    );

    wire rst, rst_pixel;
    board_reset #(.BUTTON_ACTIVE_HIGH(1)) u_reset (
        .clk(clk), .locked(pll_locked), .button(btn[1]), .rst(rst)
    );
    board_reset #(.BUTTON_ACTIVE_HIGH(1)) u_reset_pixel (
        .clk(clk_pixel), .locked(pll_locked), .button(btn[1]), .rst(rst_pixel)
    );

    wire [3:0] vga_r, vga_g, vga_b;
    wire       vga_hsync, vga_vsync, vga_de, exited, sleeping, host_ack, host_err;

    board_soc #(
        .RAM_BYTES(RAM_BYTES), .INIT_FILE(INIT_FILE), .RAM_SHARED_PORT(RAM_SHARED_PORT), .FETCH_REG(FETCH_REG),
        .CPU_DIV_PAIR(CPU_DIV_PAIR), .N_MAX(N_MAX), .LANES(LANES), .BINNING(BINNING), .SORTER(SORTER),
        .LIMIT(LIMIT), .RESULT_SLOTS(RESULT_SLOTS), .SPRITES_MAX(SPRITES_MAX), .SCALE(SCALE), .MODE(MODE),
        .BOID_WINDOW(BOID_WINDOW), .CLOCK_HZ(CLOCK_HZ), .PIXEL_CLOCK_SEPARATE(1)
    ) u_soc (
        .clk(clk), .clk_pixel(clk_pixel), .rst(rst), .cpu_hold(1'b0),
        .host_cyc_i(1'b0), .host_stb_i(1'b0), .host_we_i(1'b0), .host_sel_i(4'd0),
        .host_adr_i(32'd0), .host_dat_i(32'd0), .host_ack_o(host_ack), .host_err_o(host_err),
        .uart_tx(ftdi_rxd), .uart_rx(ftdi_txd),
        .vga_hsync(vga_hsync), .vga_vsync(vga_vsync), .vga_de(vga_de),
        .vga_r(vga_r), .vga_g(vga_g), .vga_b(vga_b),
        .exit_o(exited), .cpu_sleeping_o(sleeping)
    );

    wire [1:0] serial_blue, serial_green, serial_red, serial_clock;

    dvi_transmitter u_dvi (
        .clk_pixel(clk_pixel),
        .rst(rst_pixel),
        .de(vga_de),
        .hsync(vga_hsync),
        .vsync(vga_vsync),
        .red({vga_r, vga_r}),
        .green({vga_g, vga_g}),
        .blue({vga_b, vga_b}),
        .clk_serial(clk_serial),
        .serial_blue(serial_blue),
        .serial_green(serial_green),
        .serial_red(serial_red),
        .serial_clock(serial_clock)
    );

    dvi_ddr_out u_ddr (
        .clk_serial(clk_serial),
        .serial_blue(serial_blue),
        .serial_green(serial_green),
        .serial_red(serial_red),
        .serial_clock(serial_clock),
        .gpdi_dp(gpdi_dp)
    );

    assign led = {5'd0, sleeping, exited, !rst && !exited};

    wire unused_ok = &{1'b0, host_ack, host_err};                     // host port tied off

endmodule

`default_nettype wire
