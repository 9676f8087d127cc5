// system_sim_top: build/sim's Verilated top: boids_system with a register
// stage on the host's bus pins, as a bus bridge would put it.
`timescale 1ns / 1ps
`default_nettype none
`include "vga_modes.vh"

// Why: Verilator evaluates everything that depends combinationally on a
// top-level input at every eval(), twice a clock, and boids_system decodes its
// bus combinationally (about a fifth of a clock's instructions). Behind flops
// the decode depends on registers only and runs once a clock, after the rising
// edge (docs/performance.md). boids_system itself is the boards' RTL,
// untouched; on a board the CPU's bus reaches it directly.
// Timing: the slave sees each request a cycle after the host puts it on the
// pins. The host (sim/wishbone_master.h, behind_register) drops its request
// when it sees the ack, without the idle cycle it leaves otherwise, so an
// access takes the same clocks as without the stage. Reset is not staged.
module system_sim_top #(
    parameter integer N_MAX = 1024,
    parameter integer LANES = 8,
    parameter integer BINNING = 0,
    parameter integer STEER = 1,
    parameter integer SORTER = 0,
    parameter integer MODE = `VGA_MODE_DEFAULT
) (
    input  wire        clk,
    input  wire        rst,
    input  wire        clk_pixel,
    input  wire        wb_cyc_i,
    input  wire        wb_stb_i,
    input  wire        wb_we_i,
    input  wire [20:0] wb_adr_i,
    input  wire [31:0] wb_dat_i,
    input  wire [3:0]  wb_sel_i,
    output wire [31:0] wb_dat_o,
    output wire        wb_ack_o,
    output wire        irq_accel_o,
    output wire        irq_display_o,
    output wire        vga_hsync,
    output wire        vga_vsync,
    output wire        vga_de,
    output wire [3:0]  vga_r,
    output wire [3:0]  vga_g,
    output wire [3:0]  vga_b
);

    reg        cyc_q, stb_q, we_q;
    reg [20:0] adr_q;
    reg [31:0] dat_q;
    reg [3:0]  sel_q;
    always @(posedge clk) begin
        cyc_q <= wb_cyc_i && !rst;
        stb_q <= wb_stb_i && !rst;
        we_q <= wb_we_i;
        adr_q <= wb_adr_i;
        dat_q <= wb_dat_i;
        sel_q <= wb_sel_i;
    end

    boids_system #(
        .N_MAX(N_MAX), .LANES(LANES), .BINNING(BINNING), .STEER(STEER), .SORTER(SORTER), .MODE(MODE)
    ) u_system (
        .clk(clk), .rst(rst), .clk_pixel(clk_pixel),
        .wb_cyc_i(cyc_q), .wb_stb_i(stb_q), .wb_we_i(we_q), .wb_adr_i(adr_q),
        .wb_dat_i(dat_q), .wb_sel_i(sel_q), .wb_dat_o(wb_dat_o), .wb_ack_o(wb_ack_o),
        .irq_accel_o(irq_accel_o), .irq_display_o(irq_display_o),
        .vga_hsync(vga_hsync), .vga_vsync(vga_vsync), .vga_de(vga_de),
        .vga_r(vga_r), .vga_g(vga_g), .vga_b(vga_b));

endmodule

`default_nettype wire
