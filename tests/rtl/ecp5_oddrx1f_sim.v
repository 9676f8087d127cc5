// ODDRX1F, SIMULATION ONLY: a behavioural model of the ECP5 DDR output register, so
// that Icarus can run rtl/ecp5/dvi_ddr_out.v. Not Lattice's model and not for synthesis
// (yosys maps the real primitive); it models the behaviour rtl/ecp5/ relies on.
`timescale 1ns / 1ps
`default_nettype none

// D0 and D1 are registered on the rising edge of SCLK; Q is the registered D0 while
// SCLK is high and the registered D1 while it is low, so each clock sends D0 then D1.
// RST (asynchronous, active high) clears the registers. No delays are modelled.
module ODDRX1F (
    input  wire SCLK,
    input  wire RST,
    input  wire D0,
    input  wire D1,
    output wire Q
);
    parameter GSR = "ENABLED";          // accepted and ignored, as the real one's

    reg d0_rise = 1'b0, d1_rise = 1'b0, d1_fall = 1'b0;

    always @(posedge SCLK or posedge RST) begin
        if (RST) begin
            d0_rise <= 1'b0;
            d1_rise <= 1'b0;
        end else begin
            d0_rise <= D0;
            d1_rise <= D1;
        end
    end

    // D1 is held through the low half by a falling-edge copy, as in the hardware.
    always @(negedge SCLK or posedge RST) begin
        if (RST) d1_fall <= 1'b0;
        else d1_fall <= d1_rise;
    end

    assign Q = SCLK ? d0_rise : d1_fall;
endmodule

`default_nettype wire
