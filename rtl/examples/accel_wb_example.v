// accel_wb_example: boids_accel in a design of its own, on another Wishbone master
// (accel_example_master, no CPU) that sees it at ACCEL_BASE of a 32-bit address map.
// An example for docs/accelerator-ip.md; tests/rtl/tb_accel_wb_example.v checks it.
`timescale 1ns / 1ps
`default_nettype none

// The decoder: the accelerator answers the 1 MiB at ACCEL_BASE (it sees address bits
// 19:0); any other address is answered by a stand-in that acknowledges one cycle
// later, reads 0 and sets bus_error_o, so a wrong address never hangs the master.
// Reset (synchronous) resets only control state, as an override at the end of the
// clocked block.
module accel_wb_example #(
    parameter integer N_MAX = 64,                   // the accelerator's build
    parameter integer LANES = 3,
    parameter integer BINNING = 0,
    parameter [31:0]  ACCEL_BASE = 32'h3000_0000,   // its place in the master's map, 1 MiB aligned
    parameter integer ROM_WORDS = 6 + 4 * N_MAX,    // the master's scene ROM
    parameter         ROM_FILE = ""
) (
    input  wire        clk,
    input  wire        rst,                         // synchronous, active high
    // the master's result stream and state (accel_example_master)
    output wire        res_valid_o,
    output wire [15:0] res_boid_o,
    output wire [2:0]  res_word_o,
    output wire [31:0] res_data_o,
    output wire [31:0] cycles_o,
    output wire        done_o,
    output wire        error_o,
    output reg         bus_error_o                  // an access outside the accelerator's 1 MiB
);

    initial begin
        if (ACCEL_BASE[19:0] != 20'd0) $error("%m: ACCEL_BASE = %h must be 1 MiB aligned", ACCEL_BASE);
    end

    // the master's bus
    wire        cyc, stb, we;
    wire [31:0] adr, dat_w;
    wire [3:0]  sel;
    wire [31:0] dat_r;
    wire        ack;
    // the accelerator's side
    wire [31:0] accel_dat;
    wire        accel_ack;
    wire        irq;
    // the stand-in for unmapped addresses
    reg         none_ack;

    wire hit = adr[31:20] == ACCEL_BASE[31:20];

    always @(posedge clk) begin
        none_ack <= cyc && stb && !hit && !none_ack;
        if (cyc && stb && !hit && !none_ack) bus_error_o <= 1'b1;
        if (rst) begin
            none_ack <= 1'b0;
            bus_error_o <= 1'b0;
        end
    end

    assign ack = accel_ack || none_ack;
    assign dat_r = hit ? accel_dat : 32'd0;

    accel_example_master #(
        .ACCEL_BASE(ACCEL_BASE),
        .ROM_WORDS(ROM_WORDS),
        .ROM_FILE(ROM_FILE)
    ) u_master (
        .clk(clk),
        .rst(rst),
        .wb_cyc_o(cyc),
        .wb_stb_o(stb),
        .wb_we_o(we),
        .wb_adr_o(adr),
        .wb_dat_o(dat_w),
        .wb_sel_o(sel),
        .wb_dat_i(dat_r),
        .wb_ack_i(ack),
        .irq_i(irq),
        .res_valid_o(res_valid_o),
        .res_boid_o(res_boid_o),
        .res_word_o(res_word_o),
        .res_data_o(res_data_o),
        .cycles_o(cycles_o),
        .done_o(done_o),
        .error_o(error_o)
    );

    // the block's boid writes, for a display: none here
    wire        tap_we;
    wire [1:0]  tap_word;
    wire [13:0] tap_idx;
    wire [31:0] tap_data;
    wire        unused_tap = &{1'b0, tap_we, tap_word, tap_idx, tap_data};

    boids_accel #(
        .N_MAX(N_MAX),
        .LANES(LANES),
        .BINNING(BINNING)
    ) u_accel (
        .clk(clk),
        .rst(rst),
        .wb_cyc_i(cyc && hit),
        .wb_stb_i(stb && hit),
        .wb_we_i(we),
        .wb_adr_i(adr[19:0]),
        .wb_dat_i(dat_w),
        .wb_sel_i(sel),
        .wb_dat_o(accel_dat),
        .wb_ack_o(accel_ack),
        .irq_o(irq),
        .tap_we_o(tap_we), .tap_word_o(tap_word), .tap_idx_o(tap_idx), .tap_data_o(tap_data)
    );

endmodule

`default_nettype wire
