// icebreaker_top: the SoC on an iCEBreaker (iCE40 UP5K) with a 12-bit VGA Pmod on
// PMOD 1A and 1B. Only pins, the clock, reset and boot live here; the design is
// boids_soc, the same one the simulator runs.
`timescale 1ns / 1ps
`default_nettype none

`include "vga_modes.vh"

// Clock: the 12 MHz oscillator times 67/32 in the PLL is 25.125 MHz, 0.2% under
// 640x480@60's 25.175 MHz, well within what monitors accept (59.94 -> 59.82 Hz).
// Reset: board_reset, from the PLL lock and the button.
// Boot: the two SPRAMs that hold the CPU's RAM cannot be set by
// the bitstream, so soc_flash_loader copies the RAM image from flash (written by
// make prog at FLASH_OFFSET) through the SoC's host port with the CPU held, and
// then lets it run. The button restarts everything, the copy included.
// LEDs: green once the CPU runs; red for a boot error or a firmware EXIT.
module icebreaker_top #(
    parameter integer RAM_BYTES = 65536,            // two SPRAMs (rtl/ice40/soc_ram.v)
    parameter integer N_MAX = 128,                  // firmware's flock capacity
    parameter integer LANES = 0,                    // no room for the accelerator
    parameter integer BINNING = 0,                  // nor its binned batch
    parameter integer SPRITES_MAX = 256,
    parameter integer SCALE = 4,                    // framebuffers in the other two SPRAMs
    parameter integer MODE = `VGA_640X480_60_ID,   // video mode: the clocks below make its pixel clock
    parameter integer CLOCK_HZ = 25_125_000,
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
    wire [31:0] host_adr, host_wdat, host_rdat;
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
    wire [31:0] exit_code;

    // the CPU's retire trace: for simulators; left open here, it synthesizes away
    wire        t_valid, t_trap, t_irq, t_rd_we;
    wire [31:0] t_pc, t_insn, t_rd_data;
    wire [4:0]  t_cause, t_rd;

    boids_soc #(
        .RAM_BYTES(RAM_BYTES),
        .RAM_SHARED_PORT(1),                        // SPRAM: one port
        .CPU_DIV_PAIR(0),                           // room: no div/rem pair shortcut (cpu_div)
        .CLOCK_HZ(CLOCK_HZ),
        .UART_DIVISOR((CLOCK_HZ + 57600) / 115200),
        .N_MAX(N_MAX),
        .LANES(LANES),
        .SPRITES_MAX(SPRITES_MAX),
        .SCALE(SCALE),
        .MODE(MODE),
        .BOID_WINDOW(0)                             // no room: the CPU packs the sprites
    ) u_soc (
        .clk(clk),
        .clk_pixel(clk),                            // one clock: unused
        .rst(rst),
        .cpu_hold(cpu_hold),
        .host_cyc_i(host_cyc), .host_stb_i(host_stb), .host_we_i(host_we), .host_sel_i(host_sel),
        .host_adr_i(host_adr), .host_dat_i(host_wdat), .host_dat_o(host_rdat),
        .host_ack_o(host_ack), .host_err_o(host_err),
        .uart_tx(TX),
        .uart_rx(RX),
        .vga_hsync(vga_hsync), .vga_vsync(vga_vsync), .vga_de(vga_de),
        .vga_r(vga_r), .vga_g(vga_g), .vga_b(vga_b),
        .exit_o(exited),
        .exit_code_o(exit_code),
        .cpu_sleeping_o(sleeping),
        .trace_valid_o(t_valid), .trace_pc_o(t_pc), .trace_insn_o(t_insn), .trace_trap_o(t_trap),
        .trace_cause_o(t_cause), .trace_irq_o(t_irq), .trace_rd_we_o(t_rd_we), .trace_rd_o(t_rd),
        .trace_rd_data_o(t_rd_data)
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

    wire unused_ok = &{1'b0, host_rdat, vga_de, sleeping, loader_busy, exit_code,
                       t_valid, t_trap, t_irq, t_rd_we, t_pc, t_insn, t_rd_data, t_cause, t_rd};

endmodule

`default_nettype wire
