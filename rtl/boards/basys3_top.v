// basys3_top: the SoC on a Digilent Basys 3 (Artix-7 XC7A35T) with its own
// 12-bit VGA connector. Only pins, the clock, reset and LEDs live here; the
// design is boids_soc, the same one the simulator runs. For Vivado: this file,
// rtl/*.v and constraints/basys3.xdc (docs/boards.md).
`timescale 1ns / 1ps
`default_nettype none

`include "vga_modes.vh"

// Clocks: the 100 MHz oscillator through one MMCM (VCO 900 MHz) makes the pixel
// clock, 900 / 35.75 = 25.1748 MHz (640x480@60 wants 25.175), and the system
// clock, 900 MHz / k for the CPU, RAM, accelerator and the display's registers and
// renderer (CLOCK_HZ: 50 MHz, k = 18); the display crosses to the pixel clock
// itself (boids_soc with PIXEL_CLOCK_SEPARATE 1). Reset: board_reset, from the MMCM
// lock and the centre button. Boot: the RAM is block RAM, filled by the
// bitstream from INIT_FILE (the image make synth writes), so the CPU starts at once.
// LEDs: LD0 once the CPU runs, LD1 on a firmware EXIT.
module basys3_top #(
    parameter integer RAM_BYTES = 65536,
    parameter INIT_FILE = "",                       // the RAM image, $readmemh
    parameter integer N_MAX = 256,
    parameter integer LANES = 2,
    parameter integer BINNING = 0,                  // the accelerator's binned batch
    parameter integer RESULT_SLOTS = N_MAX,         // the accelerator's result entries (a ring if fewer)
    parameter integer SPRITES_MAX = 512,
    parameter integer SCALE = 2,
    parameter integer MODE = `VGA_640X480_60_ID,   // video mode: the clocks below make its pixel clock
    parameter integer CLOCK_HZ = 50_000_000         // the system clock: 900 MHz / 18
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

    wire        exited, vga_de, sleeping, host_ack, host_err;
    wire [31:0] exit_code, host_rdat;

    // the CPU's retire trace: for simulators; left open here, it synthesizes away
    wire        t_valid, t_trap, t_irq, t_rd_we;
    wire [31:0] t_pc, t_insn, t_rd_data;
    wire [4:0]  t_cause, t_rd;

    boids_soc #(
        .RAM_BYTES(RAM_BYTES),
        .INIT_FILE(INIT_FILE),
        .CLOCK_HZ(CLOCK_HZ),
        .UART_DIVISOR((CLOCK_HZ + 57600) / 115200),
        .N_MAX(N_MAX),
        .LANES(LANES),
        .BINNING(BINNING),
        .RESULT_SLOTS(RESULT_SLOTS),
        .SPRITES_MAX(SPRITES_MAX),
        .SCALE(SCALE),
        .MODE(MODE),
        .PIXEL_CLOCK_SEPARATE(1)
    ) u_soc (
        .clk(clk),
        .clk_pixel(clk_pixel),
        .rst(rst),
        .cpu_hold(1'b0),
        .host_cyc_i(1'b0), .host_stb_i(1'b0), .host_we_i(1'b0), .host_sel_i(4'd0),
        .host_adr_i(32'd0), .host_dat_i(32'd0), .host_dat_o(host_rdat), .host_ack_o(host_ack),
        .host_err_o(host_err),
        .uart_tx(RsTx),
        .uart_rx(RsRx),
        .vga_hsync(Hsync), .vga_vsync(Vsync), .vga_de(vga_de),
        .vga_r(vgaRed), .vga_g(vgaGreen), .vga_b(vgaBlue),
        .exit_o(exited),
        .exit_code_o(exit_code),
        .cpu_sleeping_o(sleeping),
        .trace_valid_o(t_valid), .trace_pc_o(t_pc), .trace_insn_o(t_insn), .trace_trap_o(t_trap),
        .trace_cause_o(t_cause), .trace_irq_o(t_irq), .trace_rd_we_o(t_rd_we), .trace_rd_o(t_rd),
        .trace_rd_data_o(t_rd_data)
    );

    assign led = {exited, !rst && !exited};

    // the host port is tied off; DVI's data-enable is not needed for VGA
    wire unused_ok = &{1'b0, vga_de, sleeping, host_ack, host_err, exit_code, host_rdat,
                       t_valid, t_trap, t_irq, t_rd_we, t_pc, t_insn, t_rd_data, t_cause, t_rd};

endmodule

`default_nettype wire
