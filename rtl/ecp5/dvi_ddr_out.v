// dvi_ddr_out: the ECP5 output stage of the DVI link: one ODDRX1F a TMDS lane turns
// dvi_transmitter's 2-bit pairs at 125 MHz into 250 Mbit/s on the ULX3S GPDI pins.
// Only the positive pin of each pair is a port; the I/O type makes the negative one.
`timescale 1ns / 1ps
`default_nettype none

// ODDRX1F registers D0 and D1 on the rising edge of SCLK and drives D0 while SCLK is
// high, D1 while it is low: D0 is the first bit on the wire, as dvi_transmitter wants.
//
// Pins (ULX3S, emard/ulx3s doc/constraints/ulx3s_v20.lpf): gpdi_dp[0] blue A16,
// [1] green A14, [2] red A12, [3] clock A17, each declared
//     IOBUF PORT "gpdi_dp[n]" IO_TYPE=LVCMOS33D DRIVE=4;
// LVCMOS33D is the ECP5's pseudo-differential output: nextpnr drives the pair's
// complementary pin (B16, C14, A13, B18: the gpdi_dn pins) with the inverse. The
// design must then not drive gpdi_dn at all (nextpnr rejects a port on that pin).
// The other ULX3S convention, "fake differential" (both pins LVCMOS33, a second
// ODDRX1F fed inverted data for gpdi_dn), costs four more DDR registers.
module dvi_ddr_out (
    input  wire       clk_serial,       // 5x pixel clock; two bits a lane per cycle
    input  wire [1:0] serial_blue,      // bit [0] first on the wire
    input  wire [1:0] serial_green,
    input  wire [1:0] serial_red,
    input  wire [1:0] serial_clock,
    output wire [3:0] gpdi_dp           // 0 blue, 1 green, 2 red, 3 clock
);

    wire [7:0] pairs = {serial_clock, serial_red, serial_green, serial_blue};

    genvar lane;
    generate
        for (lane = 0; lane < 4; lane = lane + 1) begin : g_lane
            ODDRX1F u_oddr (
                .SCLK(clk_serial),
                .RST(1'b0),
                .D0(pairs[2*lane]),
                .D1(pairs[2*lane+1]),
                .Q(gpdi_dp[lane]));
        end
    endgenerate

endmodule

`default_nettype wire
