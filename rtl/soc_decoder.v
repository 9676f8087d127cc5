// soc_decoder: the SoC's address map, one master onto four slaves.
// Routes stb by address, returns the chosen slave's data and acknowledge, and
// answers any address no slave holds with a bus error (the CPU traps on it).
`timescale 1ns / 1ps
`default_nettype none

// The map (docs/soc.md):
//   0x0000_0000  RAM, RAM_BYTES
//   0x1000_0000  boids_system: the accelerator, and the display at +0x10_0000
//   0x2000_0000  UART, 16 bytes
//   0x3000_0000  SoC control, 16 bytes
module soc_decoder #(
    parameter integer RAM_BYTES = 524288
) (
    input  wire        clk,
    input  wire        rst,                         // synchronous, active high
    // from the arbiter
    input  wire        bus_cyc_i,
    input  wire        bus_stb_i,
    input  wire [31:0] bus_adr_i,
    output reg  [31:0] bus_dat_o,
    output wire        bus_ack_o,
    output reg         bus_err_o,
    // to the slaves: each gets the shared cyc, we, sel, address and data
    output wire        ram_stb_o,
    input  wire [31:0] ram_dat_i,
    input  wire        ram_ack_i,
    output wire        system_stb_o,
    input  wire [31:0] system_dat_i,
    input  wire        system_ack_i,
    output wire        uart_stb_o,
    input  wire [31:0] uart_dat_i,
    input  wire        uart_ack_i,
    output wire        ctrl_stb_o,
    input  wire [31:0] ctrl_dat_i,
    input  wire        ctrl_ack_i
);

    initial begin
        // any whole number of KiB (block-RAM boards take what their blocks hold)
        if (RAM_BYTES < 1024 || RAM_BYTES > 32'h1000_0000 || RAM_BYTES % 1024 != 0)
            $error("%m: RAM_BYTES = %0d, must be a multiple of 1 KiB from 1 KiB to 256 MiB", RAM_BYTES);
    end

    wire is_ram = bus_adr_i < RAM_BYTES;
    wire is_system = bus_adr_i[31:21] == 11'h080;
    wire is_uart = bus_adr_i[31:4] == 28'h200_0000;
    wire is_ctrl = bus_adr_i[31:4] == 28'h300_0000;
    wire is_none = !(is_ram || is_system || is_uart || is_ctrl);
    wire request = bus_cyc_i && bus_stb_i;

    assign ram_stb_o = request && is_ram;
    assign system_stb_o = request && is_system;
    assign uart_stb_o = request && is_uart;
    assign ctrl_stb_o = request && is_ctrl;
    assign bus_ack_o = ram_ack_i || system_ack_i || uart_ack_i || ctrl_ack_i;

    // The read multiplexer's select is registered (timing): every slave answers one
    // cycle after the request at the earliest, and a master holds its address until
    // the answer, so the last cycle's address is the request's.
    reg [3:0] from;                                 // one-hot: {ctrl, uart, system, ram}
    always @(posedge clk) begin
        from <= {is_ctrl, is_uart, is_system, !(is_system || is_uart || is_ctrl)};
    end
    always @(*) begin
        bus_dat_o = ({32{from[0]}} & ram_dat_i) | ({32{from[1]}} & system_dat_i)
                  | ({32{from[2]}} & uart_dat_i) | ({32{from[3]}} & ctrl_dat_i);
    end

    // an unmapped address: an error a cycle later, as a slave would acknowledge
    always @(posedge clk) begin
        bus_err_o <= request && is_none && !bus_err_o;
        if (rst)
            bus_err_o <= 1'b0;
    end

endmodule

`default_nettype wire
