// cpu_mul: the multiplier of cpu_rv32im (mul, mulh, mulhsu, mulhu).
// One signed 33x33 product, registered: each operand is sign- or zero-extended by
// one bit, so one multiplier (DSP blocks on iCE40) serves all four instructions.
`timescale 1ns / 1ps
`default_nettype none

module cpu_mul (
    input  wire        clk,
    // request: the product of a and b is in product the cycle after start
    input  wire        start,
    input  wire        a_signed,
    input  wire        b_signed,
    input  wire [31:0] a,
    input  wire [31:0] b,
    // result (held until the next start)
    output wire [63:0] product
);

    wire signed [32:0] a_ext = {a_signed && a[31], a};
    wire signed [32:0] b_ext = {b_signed && b[31], b};
    reg  signed [65:0] p;

    always @(posedge clk) begin
        if (start) p <= a_ext * b_ext;
    end

    // The low 64 bits are the product modulo 2^64; the top two only repeat the sign.
    assign product = p[63:0];

    wire unused_ok = &{1'b0, p[65:64]};

endmodule

`default_nettype wire
