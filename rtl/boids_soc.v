// boids_soc: the standalone system, a board's whole design but its pins.
// The RV32IM CPU runs the flock firmware from RAM and drives the accelerator,
// the display and a UART console over one Wishbone bus (map in soc_decoder.v).
`timescale 1ns / 1ps
`default_nettype none

`include "vga_modes.vh"

// The CPU fetches from the RAM's own instruction port (err outside the RAM); its
// data port, a pipelined master, reaches the classic slaves as a classic one: a
// request is taken when it is acknowledged. A host port shares that bus with the
// CPU (and wins): a simulator loads the firmware through it while cpu_hold keeps
// the CPU in reset, and reads the flock back later. A board ties it off.
// Interrupts: the display's frame at mip bit 16, the accelerator's done at bit 17.
// BUS_JITTER_SEED (tests): not 0 puts a soc_bus_jitter shim, seeded with it, on each
// of the CPU's ports (random waits); 0 builds none.
module boids_soc #(
    parameter integer RAM_BYTES = 524288,           // firmware, data and stack, at address 0
    parameter INIT_FILE = "",                       // $readmemh image of the RAM (boards)
    parameter integer RAM_SHARED_PORT = 0,          // 1: fetches wait for data accesses (one RAM port)
    parameter integer RAM_FETCH_REG = 0,            // 1: fetches answered a cycle later, from a register
    parameter integer CLOCK_HZ = 25_175_000,        // clk's frequency (the pixel clock unless SEPARATE)
    parameter integer UART_DIVISOR = 218,           // CLOCK_HZ / baud, 115200 by default
    parameter integer CPU_DIV_PAIR = 1,             // CPU: 1, a div/rem pair divides once (0: smaller)
    parameter integer N_MAX = 1024,                 // accelerator: boid memory entries
    parameter integer LANES = 8,                    // accelerator: parallel pair units, 0: none
    parameter integer BINNING = 0,                  // accelerator: 1, the binned batch
    parameter integer RESULT_SLOTS = N_MAX,         // accelerator: result entries kept (a ring if fewer)
    parameter integer SORTER = 0,                   // accelerator: 1, the counting sort (with BINNING)
    parameter integer LIMIT = 1,                    // accelerator: 1, the speed limit in its steering
    parameter integer CELLS = N_MAX,                // accelerator: the sorter's most cells
    parameter integer SPRITES_MAX = N_MAX + 256,    // display: sprite memory entries
    parameter integer SCALE = 1,                    // display: 1, 2 or 4
    parameter integer MODE = `VGA_MODE_DEFAULT,     // display: the video mode (vga_modes.vh)
    parameter [31:0] BUS_JITTER_SEED = 32'd0,       // tests: random waits on the CPU's ports
    parameter integer PIXEL_CLOCK_SEPARATE = 0,     // 1: clk is the system clock, the display's
                                                    // pixel side runs on clk_pixel (boids_display)
    parameter integer BOID_WINDOW = 1               // display: 1, it packs sprite words from boids
) (
    input  wire        clk,                         // pixel clock, or the system clock (SEPARATE)
    input  wire        rst,                         // synchronous to clk, active high
    input  wire        clk_pixel,                   // pixel clock if PIXEL_CLOCK_SEPARATE, else unused
    input  wire        cpu_hold,                    // keeps the CPU in reset (loading)
    // host port: Wishbone B4 classic slave, 32-bit, byte addresses; tie off on a board
    input  wire        host_cyc_i,
    input  wire        host_stb_i,
    input  wire        host_we_i,
    input  wire [3:0]  host_sel_i,
    input  wire [31:0] host_adr_i,
    input  wire [31:0] host_dat_i,
    output wire [31:0] host_dat_o,
    output wire        host_ack_o,
    output wire        host_err_o,
    // console
    output wire        uart_tx,
    input  wire        uart_rx,
    // VGA pins, registered
    output wire        vga_hsync,
    output wire        vga_vsync,
    output wire        vga_de,                      // active area (DVI), aligned with the pins
    output wire [3:0]  vga_r,
    output wire [3:0]  vga_g,
    output wire [3:0]  vga_b,
    // for simulators and LEDs
    output wire        exit_o,                      // the firmware wrote EXIT
    output wire [31:0] exit_code_o,
    output wire        cpu_sleeping_o,              // the CPU waits in wfi
    // the CPU's retire trace (cpu_rv32im; a board leaves it open)
    output wire        trace_valid_o,
    output wire [31:0] trace_pc_o,
    output wire [31:0] trace_insn_o,
    output wire        trace_trap_o,
    output wire [4:0]  trace_cause_o,
    output wire        trace_irq_o,
    output wire        trace_rd_we_o,
    output wire [4:0]  trace_rd_o,
    output wire [31:0] trace_rd_data_o
);

    // the CPU's ports: instructions (i) and data (d), as the CPU drives them (cpu_*)
    // and after the test shims (no shims: the same)
    wire        cpu_i_cyc, cpu_i_stb, cpu_i_we, cpu_i_ack, cpu_i_err, cpu_i_stall;
    wire        i_cyc, i_stb, i_we, i_ack, i_err, i_stall;
    wire [3:0]  cpu_i_sel, i_sel;
    wire [31:0] cpu_i_adr, cpu_i_wdat, cpu_i_rdat, i_adr, i_wdat, i_rdat;
    wire        cpu_d_cyc, cpu_d_stb, cpu_d_we, cpu_d_ack, cpu_d_err, cpu_d_stall;
    wire        cpu_cyc, cpu_stb, cpu_we, cpu_ack, cpu_err;
    wire [3:0]  cpu_d_sel, cpu_sel;
    wire [31:0] cpu_d_adr, cpu_d_wdat, cpu_d_rdat, cpu_adr, cpu_wdat, cpu_rdat;
    // the shared bus
    wire        bus_cyc, bus_stb, bus_we, bus_ack, bus_err;
    wire [3:0]  bus_sel;
    wire [31:0] bus_adr, bus_wdat, bus_rdat;
    // the slaves
    wire        ram_stb, system_stb, uart_stb, ctrl_stb;
    wire        ram_ack, system_ack, uart_ack, ctrl_ack;
    wire [31:0] ram_dat, system_dat, uart_dat, ctrl_dat;
    wire        irq_accel, irq_display;

    cpu_rv32im #(
        .RESET_PC(32'h0000_0000),
        .IRQ_COUNT(2),
        .DIV_PAIR_SHORTCUT(CPU_DIV_PAIR),
        .FETCH_DEPTH(RAM_FETCH_REG != 0 ? 3 : 2)    // the RAM's answers two cycles away: a word more
    ) u_cpu (
        .clk(clk),
        .rst(rst || cpu_hold),
        .ibus_cyc_o(cpu_i_cyc), .ibus_stb_o(cpu_i_stb), .ibus_we_o(cpu_i_we),
        .ibus_sel_o(cpu_i_sel), .ibus_adr_o(cpu_i_adr), .ibus_dat_o(cpu_i_wdat),
        .ibus_dat_i(cpu_i_rdat), .ibus_ack_i(cpu_i_ack), .ibus_err_i(cpu_i_err),
        .ibus_stall_i(cpu_i_stall),
        .dbus_cyc_o(cpu_d_cyc), .dbus_stb_o(cpu_d_stb), .dbus_we_o(cpu_d_we),
        .dbus_sel_o(cpu_d_sel), .dbus_adr_o(cpu_d_adr), .dbus_dat_o(cpu_d_wdat),
        .dbus_dat_i(cpu_d_rdat), .dbus_ack_i(cpu_d_ack), .dbus_err_i(cpu_d_err),
        .dbus_stall_i(cpu_d_stall),
        .irq_i({irq_accel, irq_display}),
        .sleeping_o(cpu_sleeping_o),
        .trace_valid_o(trace_valid_o), .trace_pc_o(trace_pc_o), .trace_insn_o(trace_insn_o),
        .trace_trap_o(trace_trap_o), .trace_cause_o(trace_cause_o), .trace_irq_o(trace_irq_o),
        .trace_rd_we_o(trace_rd_we_o), .trace_rd_o(trace_rd_o), .trace_rd_data_o(trace_rd_data_o)
    );

    generate
        if (BUS_JITTER_SEED != 32'd0) begin : g_jitter
            soc_bus_jitter #(
                .SALT(32'h0000_0000)
            ) u_i_jitter (
                .clk(clk), .rst(rst || cpu_hold), .seed(BUS_JITTER_SEED),
                .m_cyc_i(cpu_i_cyc), .m_stb_i(cpu_i_stb), .m_we_i(cpu_i_we), .m_sel_i(cpu_i_sel),
                .m_adr_i(cpu_i_adr), .m_dat_i(cpu_i_wdat), .m_dat_o(cpu_i_rdat),
                .m_ack_o(cpu_i_ack), .m_err_o(cpu_i_err), .m_stall_o(cpu_i_stall),
                .s_cyc_o(i_cyc), .s_stb_o(i_stb), .s_we_o(i_we), .s_sel_o(i_sel), .s_adr_o(i_adr),
                .s_dat_o(i_wdat), .s_dat_i(i_rdat), .s_ack_i(i_ack), .s_err_i(i_err),
                .s_stall_i(i_stall)
            );
            soc_bus_jitter #(
                .SALT(32'h9e37_79b9)
            ) u_d_jitter (
                .clk(clk), .rst(rst || cpu_hold), .seed(BUS_JITTER_SEED),
                .m_cyc_i(cpu_d_cyc), .m_stb_i(cpu_d_stb), .m_we_i(cpu_d_we), .m_sel_i(cpu_d_sel),
                .m_adr_i(cpu_d_adr), .m_dat_i(cpu_d_wdat), .m_dat_o(cpu_d_rdat),
                .m_ack_o(cpu_d_ack), .m_err_o(cpu_d_err), .m_stall_o(cpu_d_stall),
                .s_cyc_o(cpu_cyc), .s_stb_o(cpu_stb), .s_we_o(cpu_we), .s_sel_o(cpu_sel),
                .s_adr_o(cpu_adr), .s_dat_o(cpu_wdat), .s_dat_i(cpu_rdat), .s_ack_i(cpu_ack),
                .s_err_i(cpu_err), .s_stall_i(!(cpu_ack || cpu_err))
            );
        end else begin : g_direct
            assign {i_cyc, i_stb, i_we, i_sel, i_adr, i_wdat} =
                   {cpu_i_cyc, cpu_i_stb, cpu_i_we, cpu_i_sel, cpu_i_adr, cpu_i_wdat};
            assign {cpu_i_rdat, cpu_i_ack, cpu_i_err, cpu_i_stall} = {i_rdat, i_ack, i_err, i_stall};
            assign {cpu_cyc, cpu_stb, cpu_we, cpu_sel, cpu_adr, cpu_wdat} =
                   {cpu_d_cyc, cpu_d_stb, cpu_d_we, cpu_d_sel, cpu_d_adr, cpu_d_wdat};
            // a classic bus under a pipelined master: the request is taken with its answer
            assign {cpu_d_rdat, cpu_d_ack, cpu_d_err, cpu_d_stall} =
                   {cpu_rdat, cpu_ack, cpu_err, !(cpu_ack || cpu_err)};
        end
    endgenerate

    soc_arbiter u_arbiter (
        .clk(clk),
        .rst(rst),
        .host_cyc_i(host_cyc_i), .host_stb_i(host_stb_i), .host_we_i(host_we_i),
        .host_sel_i(host_sel_i), .host_adr_i(host_adr_i), .host_dat_i(host_dat_i),
        .host_dat_o(host_dat_o), .host_ack_o(host_ack_o), .host_err_o(host_err_o),
        .cpu_cyc_i(cpu_cyc), .cpu_stb_i(cpu_stb), .cpu_we_i(cpu_we),
        .cpu_sel_i(cpu_sel), .cpu_adr_i(cpu_adr), .cpu_dat_i(cpu_wdat),
        .cpu_dat_o(cpu_rdat), .cpu_ack_o(cpu_ack), .cpu_err_o(cpu_err),
        .bus_cyc_o(bus_cyc), .bus_stb_o(bus_stb), .bus_we_o(bus_we),
        .bus_sel_o(bus_sel), .bus_adr_o(bus_adr), .bus_dat_o(bus_wdat),
        .bus_dat_i(bus_rdat), .bus_ack_i(bus_ack), .bus_err_i(bus_err)
    );

    soc_decoder #(
        .RAM_BYTES(RAM_BYTES)
    ) u_decoder (
        .clk(clk),
        .rst(rst),
        .bus_cyc_i(bus_cyc), .bus_stb_i(bus_stb), .bus_adr_i(bus_adr),
        .bus_dat_o(bus_rdat), .bus_ack_o(bus_ack), .bus_err_o(bus_err),
        .ram_stb_o(ram_stb), .ram_dat_i(ram_dat), .ram_ack_i(ram_ack),
        .system_stb_o(system_stb), .system_dat_i(system_dat), .system_ack_i(system_ack),
        .uart_stb_o(uart_stb), .uart_dat_i(uart_dat), .uart_ack_i(uart_ack),
        .ctrl_stb_o(ctrl_stb), .ctrl_dat_i(ctrl_dat), .ctrl_ack_i(ctrl_ack)
    );

    soc_ram #(
        .WORDS(RAM_BYTES / 4),
        .INIT_FILE(INIT_FILE),
        .SHARED_PORT(RAM_SHARED_PORT),
        .FETCH_REG(RAM_FETCH_REG)
    ) u_ram (
        .clk(clk),
        .wb_cyc_i(bus_cyc), .wb_stb_i(ram_stb), .wb_we_i(bus_we), .wb_sel_i(bus_sel),
        .wb_adr_i(bus_adr), .wb_dat_i(bus_wdat), .wb_dat_o(ram_dat), .wb_ack_o(ram_ack),
        .ibus_cyc_i(i_cyc), .ibus_stb_i(i_stb), .ibus_adr_i(i_adr), .ibus_dat_o(i_rdat),
        .ibus_ack_o(i_ack), .ibus_err_o(i_err), .ibus_stall_o(i_stall)
    );

    boids_system #(
        .N_MAX(N_MAX), .LANES(LANES), .BINNING(BINNING), .RESULT_SLOTS(RESULT_SLOTS),
        .SORTER(SORTER), .CELLS(CELLS), .LIMIT(LIMIT),
        .SPRITES_MAX(SPRITES_MAX), .SCALE(SCALE),
        .MODE(MODE),
        .PIXEL_CLOCK_SEPARATE(PIXEL_CLOCK_SEPARATE),
        .BOID_WINDOW(BOID_WINDOW)
    ) u_system (
        .clk(clk),
        .rst(rst),
        .clk_pixel(clk_pixel),
        .wb_cyc_i(bus_cyc), .wb_stb_i(system_stb), .wb_we_i(bus_we),
        .wb_adr_i(bus_adr[20:0]), .wb_dat_i(bus_wdat), .wb_sel_i(bus_sel),
        .wb_dat_o(system_dat), .wb_ack_o(system_ack),
        .irq_accel_o(irq_accel),
        .irq_display_o(irq_display),
        .vga_hsync(vga_hsync), .vga_vsync(vga_vsync),
        .vga_de(vga_de),
        .vga_r(vga_r), .vga_g(vga_g), .vga_b(vga_b)
    );

    soc_uart #(
        .DIVISOR_RESET(UART_DIVISOR)
    ) u_uart (
        .clk(clk),
        .rst(rst),
        .wb_cyc_i(bus_cyc), .wb_stb_i(uart_stb), .wb_we_i(bus_we), .wb_adr_i(bus_adr[3:2]),
        .wb_dat_i(bus_wdat), .wb_dat_o(uart_dat), .wb_ack_o(uart_ack),
        .uart_tx(uart_tx), .uart_rx(uart_rx)
    );

    soc_ctrl #(
        .CLOCK_HZ(CLOCK_HZ),
        .RAM_BYTES(RAM_BYTES)
    ) u_ctrl (
        .clk(clk),
        .rst(rst),
        .wb_cyc_i(bus_cyc), .wb_stb_i(ctrl_stb), .wb_we_i(bus_we), .wb_adr_i(bus_adr[3:2]),
        .wb_dat_i(bus_wdat), .wb_dat_o(ctrl_dat), .wb_ack_o(ctrl_ack),
        .exit_o(exit_o), .exit_code_o(exit_code_o)
    );

    wire unused_ok = &{1'b0, i_we, i_sel, i_wdat};  // the instruction port reads only

endmodule

`default_nettype wire
