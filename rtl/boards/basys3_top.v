// basys3_top: the SoC on a Digilent Basys 3 (Artix-7 XC7A35T) with its own
// 12-bit VGA connector. Only pins, the clock, reset and LEDs live here; the
// design is boids_soc, the same one the simulator runs. For Vivado: this file,
// rtl/*.v and constraints/basys3.xdc (docs/boards.md).
`timescale 1ns / 1ps
`default_nettype none

`include "vga_modes.vh"
`include "basys3_board.vh"

// Clocks: the 100 MHz oscillator through one MMCM (VCO 900 MHz) makes the pixel
// clock, 900 / 35.75 = 25.1748 MHz (640x480@60 wants 25.175), and the system
// clock, 900 MHz / k for the CPU, RAM, accelerator and the display's registers and
// renderer (CLOCK_HZ: 50 MHz, k = 18); the display crosses to the pixel clock
// itself (boids_soc with PIXEL_CLOCK_SEPARATE 1). Reset: board_reset, from the MMCM
// lock and the centre button. Boot: the RAM is block RAM, filled by the
// bitstream from INIT_FILE (the image make synth writes), so the CPU starts at once.
// LEDs: LD0 once the CPU runs, LD1 on a firmware EXIT.
module basys3_top #(
    // the board's configuration: constraints/boards.mk, as rtl/boards/basys3_board.vh has it
    parameter INIT_FILE = "",                       // the RAM image, $readmemh
    parameter integer RAM_BYTES = `BASYS3_RAM_BYTES,
    parameter integer RAM_SHARED_PORT = `BASYS3_RAM_SHARED_PORT,
    parameter integer FETCH_REG = `BASYS3_FETCH_REG,
    parameter integer CPU_DIV_PAIR = `BASYS3_CPU_DIV_PAIR,
    parameter integer N_MAX = `BASYS3_N_MAX,
    parameter integer LANES = `BASYS3_LANES,
    parameter integer BINNING = `BASYS3_BINNING,
    parameter integer SORTER = `BASYS3_SORTER,
    parameter integer LIMIT = `BASYS3_LIMIT,
    parameter integer RESULT_SLOTS = `BASYS3_RESULT_SLOTS,
    parameter integer SPRITES_MAX = `BASYS3_SPRITES_MAX,
    parameter integer SCALE = `BASYS3_SCALE,
    parameter integer MODE = `BASYS3_MODE,
    parameter integer BOID_WINDOW = `BASYS3_BOID_WINDOW,
    parameter integer CLOCK_HZ = `BASYS3_CLOCK_HZ
) (
    input  wire       clk_100mhz,                   // the oscillator
    input  wire       btnC,
    output wire [1:0] led,
    output wire       RsTx,                         // UART to the FTDI, 115200 8N1
    input  wire       RsRx,
    output wire [3:0] vgaRed,
    output wire [3:0] vgaGreen,
    output wire [3:0] vgaBlue,
    output wire       Hsync,
    output wire       Vsync
);

    initial begin
        if (MODE != `VGA_640X480_60_ID)
            $error("%m: MODE = %0d: this board's clocks make 640x480's pixel clock only", MODE);
        if (SYSTEM_DIVIDE * CLOCK_HZ != VCO_HZ || SYSTEM_DIVIDE < 9 || SYSTEM_DIVIDE > 128)
            $error("%m: CLOCK_HZ = %0d: the MMCM makes 900 MHz / k, k = 9..128 (50 MHz: k = 18)",
                   CLOCK_HZ);
    end

    localparam integer VCO_HZ = 900_000_000;
    localparam integer SYSTEM_DIVIDE = VCO_HZ / CLOCK_HZ;

    wire clk_pixel_unbuffered, clk_pixel, clk_unbuffered, clk, feedback, locked;

    MMCME2_BASE #(
        .CLKIN1_PERIOD(10.0),
        .DIVCLK_DIVIDE(1),
        .CLKFBOUT_MULT_F(9.0),                      // VCO 900 MHz (600..1200)
        .CLKOUT0_DIVIDE_F(35.75),                   // 25.1748 MHz
        .CLKOUT1_DIVIDE(SYSTEM_DIVIDE)              // CLOCK_HZ
    ) u_mmcm (
        .CLKIN1(clk_100mhz),
        .CLKFBIN(feedback),
        .CLKFBOUT(feedback),
        .CLKOUT0(clk_pixel_unbuffered),
        .CLKOUT1(clk_unbuffered),
        .LOCKED(locked),
        .PWRDWN(1'b0),
        .RST(1'b0)
    );

    BUFG u_bufg_pixel (.I(clk_pixel_unbuffered), .O(clk_pixel));
    BUFG u_bufg_system (.I(clk_unbuffered), .O(clk));

    // the display resets its pixel side from rst itself (display_crossing)
    wire rst;
    board_reset #(.BUTTON_ACTIVE_HIGH(1)) u_reset (
        .clk(clk), .locked(locked), .button(btnC), .rst(rst)
    );

    wire exited, vga_de, sleeping, host_ack, host_err;

    board_soc #(
        .RAM_BYTES(RAM_BYTES), .INIT_FILE(INIT_FILE), .RAM_SHARED_PORT(RAM_SHARED_PORT), .FETCH_REG(FETCH_REG),
        .CPU_DIV_PAIR(CPU_DIV_PAIR), .N_MAX(N_MAX), .LANES(LANES), .BINNING(BINNING), .SORTER(SORTER),
        .LIMIT(LIMIT), .RESULT_SLOTS(RESULT_SLOTS), .SPRITES_MAX(SPRITES_MAX), .SCALE(SCALE), .MODE(MODE),
        .BOID_WINDOW(BOID_WINDOW), .CLOCK_HZ(CLOCK_HZ), .PIXEL_CLOCK_SEPARATE(1)
    ) u_soc (
        .clk(clk), .clk_pixel(clk_pixel), .rst(rst), .cpu_hold(1'b0),
        .host_cyc_i(1'b0), .host_stb_i(1'b0), .host_we_i(1'b0), .host_sel_i(4'd0),
        .host_adr_i(32'd0), .host_dat_i(32'd0), .host_ack_o(host_ack), .host_err_o(host_err),
        .uart_tx(RsTx), .uart_rx(RsRx),
        .vga_hsync(Hsync), .vga_vsync(Vsync), .vga_de(vga_de),
        .vga_r(vgaRed), .vga_g(vgaGreen), .vga_b(vgaBlue),
        .exit_o(exited), .cpu_sleeping_o(sleeping)
    );

    assign led = {exited, !rst && !exited};

    // the host port is tied off; DVI's data-enable is not needed for VGA
    wire unused_ok = &{1'b0, vga_de, sleeping, host_ack, host_err};

endmodule

`default_nettype wire
