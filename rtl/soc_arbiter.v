// soc_arbiter: two Wishbone B4 classic masters onto one bus.
// The host port (a simulator's loader, or a debugger) goes first; the CPU
// gets the bus whenever the host does not ask. Ownership changes only between
// accesses, so a slave never sees a request change under it.
`timescale 1ns / 1ps
`default_nettype none

module soc_arbiter (
    input  wire        clk,
    input  wire        rst,                         // synchronous, active high
    // master 0: the host port
    input  wire        host_cyc_i,
    input  wire        host_stb_i,
    input  wire        host_we_i,
    input  wire [3:0]  host_sel_i,
    input  wire [31:0] host_adr_i,
    input  wire [31:0] host_dat_i,
    output wire [31:0] host_dat_o,
    output wire        host_ack_o,
    output wire        host_err_o,
    // master 1: the CPU
    input  wire        cpu_cyc_i,
    input  wire        cpu_stb_i,
    input  wire        cpu_we_i,
    input  wire [3:0]  cpu_sel_i,
    input  wire [31:0] cpu_adr_i,
    input  wire [31:0] cpu_dat_i,
    output wire [31:0] cpu_dat_o,
    output wire        cpu_ack_o,
    output wire        cpu_err_o,
    // the shared bus
    output wire        bus_cyc_o,
    output wire        bus_stb_o,
    output wire        bus_we_o,
    output wire [3:0]  bus_sel_o,
    output wire [31:0] bus_adr_o,
    output wire [31:0] bus_dat_o,
    input  wire [31:0] bus_dat_i,
    input  wire        bus_ack_i,
    input  wire        bus_err_i
);

    reg host_owns;

    assign bus_cyc_o = host_owns ? host_cyc_i : cpu_cyc_i;
    assign bus_stb_o = host_owns ? host_stb_i : cpu_stb_i;
    assign bus_we_o = host_owns ? host_we_i : cpu_we_i;
    assign bus_sel_o = host_owns ? host_sel_i : cpu_sel_i;
    assign bus_adr_o = host_owns ? host_adr_i : cpu_adr_i;
    assign bus_dat_o = host_owns ? host_dat_i : cpu_dat_i;

    assign host_dat_o = bus_dat_i;
    assign cpu_dat_o = bus_dat_i;
    assign host_ack_o = host_owns && bus_ack_i;
    assign host_err_o = host_owns && bus_err_i;
    assign cpu_ack_o = !host_owns && bus_ack_i;
    assign cpu_err_o = !host_owns && bus_err_i;

    // between accesses: when the owner is idle, or its access ends this cycle
    always @(posedge clk) begin
        if (!bus_cyc_o || bus_ack_i || bus_err_i)
            host_owns <= host_cyc_i;
        if (rst)
            host_owns <= 1'b0;
    end

endmodule

`default_nettype wire
