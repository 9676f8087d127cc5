// board_soc: boids_soc as every board top instantiates it. The top passes the
// board's configuration (its parameters, whose defaults rtl/boards/B_board.vh
// generates from constraints/boards.mk), its clocks, reset and pins; the UART's
// divisor follows the clock, and the CPU's retire trace, which only simulators
// read, is left here, where it synthesizes away.
`timescale 1ns / 1ps
`default_nettype none

`include "vga_modes.vh"

module board_soc #(
    parameter integer RAM_BYTES = 65536,
    parameter INIT_FILE = "",                       // the RAM image ($readmemh), if the bitstream sets it
    parameter integer RAM_SHARED_PORT = 0,          // 1: fetches wait for data accesses (one RAM port)
    parameter integer FETCH_REG = 0,                // 1: the RAM answers fetches from a register
    parameter integer CPU_DIV_PAIR = 1,             // 1: a div/rem pair divides once
    parameter integer N_MAX = 1024,
    parameter integer LANES = 8,                    // 0: no accelerator
    parameter integer BINNING = 0,
    parameter integer SORTER = 0,
    parameter integer LIMIT = 1,
    parameter integer RESULT_SLOTS = N_MAX,
    parameter integer SPRITES_MAX = N_MAX + 256,
    parameter integer SCALE = 1,
    parameter integer MODE = `VGA_MODE_DEFAULT,
    parameter integer BOID_WINDOW = 1,
    parameter integer CLOCK_HZ = 25_175_000,
    parameter integer PIXEL_CLOCK_SEPARATE = 0      // 1: the display on clk_pixel
) (
    input  wire        clk,
    input  wire        clk_pixel,
    input  wire        rst,
    input  wire        cpu_hold,                    // the CPU held in reset (a loader fills the RAM)
    // host port (a loader's), or tied off
    input  wire        host_cyc_i,
    input  wire        host_stb_i,
    input  wire        host_we_i,
    input  wire [3:0]  host_sel_i,
    input  wire [31:0] host_adr_i,
    input  wire [31:0] host_dat_i,
    output wire        host_ack_o,
    output wire        host_err_o,
    output wire        uart_tx,
    input  wire        uart_rx,
    output wire        vga_hsync,
    output wire        vga_vsync,
    output wire        vga_de,
    output wire [3:0]  vga_r,
    output wire [3:0]  vga_g,
    output wire [3:0]  vga_b,
    output wire        exit_o,                      // the firmware wrote EXIT (an LED)
    output wire        cpu_sleeping_o               // the CPU waits in wfi (an LED)
);

    wire [31:0] host_rdat, exit_code;
    wire        t_valid, t_trap, t_irq, t_rd_we;
    wire [31:0] t_pc, t_insn, t_rd_data;
    wire [4:0]  t_cause, t_rd;

    boids_soc #(
        .RAM_BYTES(RAM_BYTES),
        .INIT_FILE(INIT_FILE),
        .RAM_SHARED_PORT(RAM_SHARED_PORT),
        .RAM_FETCH_REG(FETCH_REG),
        .CLOCK_HZ(CLOCK_HZ),
        .UART_DIVISOR((CLOCK_HZ + 57600) / 115200),
        .CPU_DIV_PAIR(CPU_DIV_PAIR),
        .N_MAX(N_MAX),
        .LANES(LANES),
        .BINNING(BINNING),
        .RESULT_SLOTS(RESULT_SLOTS),
        .SORTER(SORTER),
        .LIMIT(LIMIT),
        .SPRITES_MAX(SPRITES_MAX),
        .SCALE(SCALE),
        .MODE(MODE),
        .PIXEL_CLOCK_SEPARATE(PIXEL_CLOCK_SEPARATE),
        .BOID_WINDOW(BOID_WINDOW)
    ) u_soc (
        .clk(clk),
        .clk_pixel(clk_pixel),
        .rst(rst),
        .cpu_hold(cpu_hold),
        .host_cyc_i(host_cyc_i), .host_stb_i(host_stb_i), .host_we_i(host_we_i), .host_sel_i(host_sel_i),
        .host_adr_i(host_adr_i), .host_dat_i(host_dat_i), .host_dat_o(host_rdat),
        .host_ack_o(host_ack_o), .host_err_o(host_err_o),
        .uart_tx(uart_tx),
        .uart_rx(uart_rx),
        .vga_hsync(vga_hsync), .vga_vsync(vga_vsync), .vga_de(vga_de),
        .vga_r(vga_r), .vga_g(vga_g), .vga_b(vga_b),
        .exit_o(exit_o),
        .exit_code_o(exit_code),
        .cpu_sleeping_o(cpu_sleeping_o),
        .trace_valid_o(t_valid), .trace_pc_o(t_pc), .trace_insn_o(t_insn), .trace_trap_o(t_trap),
        .trace_cause_o(t_cause), .trace_irq_o(t_irq), .trace_rd_we_o(t_rd_we), .trace_rd_o(t_rd),
        .trace_rd_data_o(t_rd_data)
    );

    wire unused_ok = &{1'b0, host_rdat, exit_code,
                       t_valid, t_trap, t_irq, t_rd_we, t_pc, t_insn, t_rd_data, t_cause, t_rd};

endmodule

`default_nettype wire
