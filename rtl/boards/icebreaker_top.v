// icebreaker_top: the SoC on an iCEBreaker (iCE40 UP5K) with a 12-bit VGA Pmod on
// PMOD 1A and 1B. Only pins, the clock, reset and boot live here; the design is
// boids_soc, the same one the simulator runs.
`timescale 1ns / 1ps
`default_nettype none

`include "vga_modes.vh"
`include "icebreaker_board.vh"

// Clock: the 12 MHz oscillator times 67/32 in the PLL is 25.125 MHz, 0.2% under
// 640x480@60's 25.175 MHz, well within what monitors accept (59.94 -> 59.82 Hz).
// Reset: board_reset, from the PLL lock and the button.
// Boot: the two SPRAMs that hold the CPU's RAM cannot be set by
// the bitstream, so soc_flash_loader copies the RAM image from flash (written by
// make prog at FLASH_OFFSET) through the SoC's host port with the CPU held, and
// then lets it run. The button restarts everything, the copy included.
// LEDs: green once the CPU runs; red for a boot error or a firmware EXIT.
module icebreaker_top #(
    // the board's configuration: constraints/boards.mk, as rtl/boards/icebreaker_board.vh has it
    parameter integer RAM_BYTES = `ICEBREAKER_RAM_BYTES,
    parameter integer RAM_SHARED_PORT = `ICEBREAKER_RAM_SHARED_PORT,
    parameter integer FETCH_REG = `ICEBREAKER_FETCH_REG,
    parameter integer CPU_DIV_PAIR = `ICEBREAKER_CPU_DIV_PAIR,
    parameter integer N_MAX = `ICEBREAKER_N_MAX,
    parameter integer LANES = `ICEBREAKER_LANES,
    parameter integer BINNING = `ICEBREAKER_BINNING,
    parameter integer SORTER = `ICEBREAKER_SORTER,
    parameter integer LIMIT = `ICEBREAKER_LIMIT,
    parameter integer RESULT_SLOTS = `ICEBREAKER_RESULT_SLOTS,
    parameter integer SPRITES_MAX = `ICEBREAKER_SPRITES_MAX,
    parameter integer SCALE = `ICEBREAKER_SCALE,
    parameter integer MODE = `ICEBREAKER_MODE,
    parameter integer BOID_WINDOW = `ICEBREAKER_BOID_WINDOW,
    parameter integer CLOCK_HZ = `ICEBREAKER_CLOCK_HZ,
    parameter integer FLASH_OFFSET = 'h10_0000      // 1 MiB: above the bitstream
) (
    input  wire       CLK,                          // 12 MHz
    input  wire       BTN_N,
    output wire       LEDR_N,
    output wire       LEDG_N,
    output wire       TX,                           // UART to the FTDI, 115200 8N1
    input  wire       RX,
    output wire       FLASH_SCK,
    output wire       FLASH_SSB,
    output wire       FLASH_IO0,
    input  wire       FLASH_IO1,
    output wire       FLASH_IO2,                    // WP#, HOLD#: held high (not quad mode)
    output wire       FLASH_IO3,
    // Digilent Pmod VGA: 1A = R0..R3, B0..B3; 1B = G0..G3, HS, VS
    output wire       P1A1, P1A2, P1A3, P1A4, P1A7, P1A8, P1A9, P1A10,
    output wire       P1B1, P1B2, P1B3, P1B4, P1B7, P1B8
);

    initial begin
        if (MODE != `VGA_640X480_60_ID)
            $error("%m: MODE = %0d: this board's clocks make 640x480's pixel clock only", MODE);
        if (BINNING != 0) $error("%m: BINNING = %0d: no accelerator here (LANES %0d), so no binned batch", BINNING, LANES);
    end

    wire clk, pll_locked;

    SB_PLL40_PAD #(
        .FEEDBACK_PATH("SIMPLE"),
        .DIVR(4'd0),                                // 12 MHz at the phase detector
        .DIVF(7'd66),                               // VCO 12 * 67 = 804 MHz
        .DIVQ(3'd5),                                // 804 / 32 = 25.125 MHz
        .FILTER_RANGE(3'd1)
    ) u_pll (
        .PACKAGEPIN(CLK),
        .PLLOUTGLOBAL(clk),
        .RESETB(1'b1),
        .BYPASS(1'b0),
        .LOCK(pll_locked)
    );

    wire rst;
    board_reset #(.BUTTON_ACTIVE_HIGH(0)) u_reset (
        .clk(clk), .locked(pll_locked), .button(BTN_N), .rst(rst)
    );

    // Boot: the loader owns the host port and holds the CPU until the image is in.
    wire        host_cyc, host_stb, host_we, host_ack, host_err;
    wire [3:0]  host_sel;
    wire [31:0] host_adr, host_wdat;
    wire        cpu_hold, boot_done, boot_error;

    soc_flash_loader #(
        .BYTES(RAM_BYTES),
        .FLASH_OFFSET(FLASH_OFFSET),
        .CLOCK_HZ(CLOCK_HZ)
    ) u_loader (
        .clk(clk),
        .rst(rst),
        .cpu_hold(cpu_hold),
        .wb_cyc_o(host_cyc), .wb_stb_o(host_stb), .wb_we_o(host_we), .wb_sel_o(host_sel),
        .wb_adr_o(host_adr), .wb_dat_o(host_wdat), .wb_ack_i(host_ack), .wb_err_i(host_err),
        .spi_sck(FLASH_SCK), .spi_cs_n(FLASH_SSB), .spi_mosi(FLASH_IO0), .spi_miso(FLASH_IO1),
        .busy(loader_busy), .done(boot_done), .error(boot_error)
    );

    wire [3:0] vga_r, vga_g, vga_b;
    wire       vga_hsync, vga_vsync, vga_de, exited, sleeping, loader_busy;

    board_soc #(
        .RAM_BYTES(RAM_BYTES), .RAM_SHARED_PORT(RAM_SHARED_PORT), .FETCH_REG(FETCH_REG),
        .CPU_DIV_PAIR(CPU_DIV_PAIR), .N_MAX(N_MAX), .LANES(LANES), .BINNING(BINNING), .SORTER(SORTER),
        .LIMIT(LIMIT), .RESULT_SLOTS(RESULT_SLOTS), .SPRITES_MAX(SPRITES_MAX), .SCALE(SCALE), .MODE(MODE),
        .BOID_WINDOW(BOID_WINDOW), .CLOCK_HZ(CLOCK_HZ), .PIXEL_CLOCK_SEPARATE(0)
    ) u_soc (
        .clk(clk), .clk_pixel(clk), .rst(rst), .cpu_hold(cpu_hold),   // one clock: clk_pixel unused
        .host_cyc_i(host_cyc), .host_stb_i(host_stb), .host_we_i(host_we), .host_sel_i(host_sel),
        .host_adr_i(host_adr), .host_dat_i(host_wdat), .host_ack_o(host_ack), .host_err_o(host_err),
        .uart_tx(TX), .uart_rx(RX),
        .vga_hsync(vga_hsync), .vga_vsync(vga_vsync), .vga_de(vga_de),
        .vga_r(vga_r), .vga_g(vga_g), .vga_b(vga_b),
        .exit_o(exited), .cpu_sleeping_o(sleeping)
    );

    assign {P1A4, P1A3, P1A2, P1A1} = vga_r;        // bit 0 on pin 1
    assign {P1A10, P1A9, P1A8, P1A7} = vga_b;
    assign {P1B4, P1B3, P1B2, P1B1} = vga_g;
    assign P1B7 = vga_hsync;
    assign P1B8 = vga_vsync;

    assign FLASH_IO2 = 1'b1;
    assign FLASH_IO3 = 1'b1;

    assign LEDG_N = !(boot_done && !exited);        // the LEDs are active low
    assign LEDR_N = !(boot_error || exited);

    wire unused_ok = &{1'b0, vga_de, sleeping, loader_busy};

endmodule

`default_nettype wire
