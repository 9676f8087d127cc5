// soc_ctrl: the SoC's identity and its way out of a simulation.
// A Wishbone B4 classic slave: an ID, the clock and RAM sizes the firmware
// checks it was built for, and EXIT, which a testbench or simulator watches.
`timescale 1ns / 1ps
`default_nettype none

// Registers (byte offsets; 32-bit accesses):
//   0x0 ID         SOC_ID, read only
//   0x4 EXIT       write: the firmware is done; exit_o rises and stays, with
//                  the written value on exit_code_o (0 = success). Reads 0.
//   0x8 CLOCK_HZ   the system clock, read only
//   0xC RAM_BYTES  the RAM at address 0, read only
module soc_ctrl #(
    parameter [31:0] SOC_ID = 32'h534f_4331,        // "SOC1"
    parameter [31:0] CLOCK_HZ = 32'd25_175_000,
    parameter [31:0] RAM_BYTES = 32'd524288
) (
    input  wire        clk,
    input  wire        rst,                         // synchronous, active high
    // Wishbone B4 classic slave
    input  wire        wb_cyc_i,
    input  wire        wb_stb_i,
    input  wire        wb_we_i,
    input  wire [3:2]  wb_adr_i,
    input  wire [31:0] wb_dat_i,
    output reg  [31:0] wb_dat_o,
    output reg         wb_ack_o,
    // to the simulator
    output reg         exit_o,
    output reg  [31:0] exit_code_o
);

    wire bus_access = wb_cyc_i && wb_stb_i && !wb_ack_o;

    always @(posedge clk) begin
        wb_ack_o <= bus_access;
        case (wb_adr_i)
            2'd0: wb_dat_o <= SOC_ID;
            2'd2: wb_dat_o <= CLOCK_HZ;
            2'd3: wb_dat_o <= RAM_BYTES;
            default: wb_dat_o <= 32'd0;
        endcase
        if (bus_access && wb_we_i && wb_adr_i == 2'd1 && !exit_o) begin
            exit_o <= 1'b1;
            exit_code_o <= wb_dat_i;
        end
        if (rst) begin
            wb_ack_o <= 1'b0;
            exit_o <= 1'b0;
            exit_code_o <= 32'd0;
        end
    end

endmodule

`default_nettype wire
