// Synthesis wrapper for area and timing estimates of boids_accel on an iCE40:
// the Wishbone inputs come from a shift register fed by one pin, and the read
// data is folded into one pin, so no logic is constant and few pins are used.
`timescale 1ns / 1ps
`default_nettype none

module accel_synth_top #(
    parameter integer N_MAX = 256,
    parameter integer LANES = 1
) (
    input  wire clk,
    input  wire rst,
    input  wire serial_in, // feeds the bus request register, one bit a cycle
    output reg  data_out,  // XOR of the read data, registered
    output wire ack_out,
    output wire irq_out
);
    // cyc, stb, we, adr[19:0], dat[31:0], sel[3:0]
    localparam integer REQUEST_BITS = 3 + 20 + 32 + 4;

    reg  [REQUEST_BITS-1:0] request;
    wire [31:0]             dat_o;
    wire                    ack;

    always @(posedge clk) begin
        request  <= {request[REQUEST_BITS-2:0], serial_in};
        data_out <= ^dat_o;
    end

    // the block's boid writes, for a display: none here
    wire        tap_we;
    wire [1:0]  tap_word;
    wire [13:0] tap_idx;
    wire [31:0] tap_data;
    wire        unused_tap = &{1'b0, tap_we, tap_word, tap_idx, tap_data};

    boids_accel #(
        .N_MAX(N_MAX),
        .LANES(LANES)
    ) accel (
        .clk     (clk),
        .rst     (rst),
        .wb_cyc_i(request[0]),
        .wb_stb_i(request[1]),
        .wb_we_i (request[2]),
        .wb_adr_i(request[22:3]),
        .wb_dat_i(request[54:23]),
        .wb_sel_i(request[58:55]),
        .wb_dat_o(dat_o),
        .wb_ack_o(ack),
        .irq_o   (irq_out),
        .tap_we_o(tap_we), .tap_word_o(tap_word), .tap_idx_o(tap_idx), .tap_data_o(tap_data)
    );

    assign ack_out = ack;
endmodule

`default_nettype wire
