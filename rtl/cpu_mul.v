// cpu_mul: the multiplier of cpu_rv32im (mul, mulh, mulhsu, mulhu, and the shifts),
// two cycles. The operands are registered as the instruction leaves the execute
// stage; in the next (memory) stage one signed 33x33 product (DSP blocks) is ready.
`timescale 1ns / 1ps
`default_nettype none

// Each operand is sign- or zero-extended by one bit, so one signed multiplier serves
// all four instructions. The product follows the registered operands and holds
// while no new start comes. The core shifts with it too (a power of two as b).
module cpu_mul (
    input  wire        clk,
    // request: the product of a and b is in product the cycle after start (the core
    // starts one whenever its pipe moves)
    input  wire        start,
    input  wire        a_signed,
    input  wire        b_signed,
    input  wire [31:0] a,
    input  wire [31:0] b,
    // result (held until the next start)
    output wire [63:0] product
);

    reg  signed [32:0] a_q, b_q;

    always @(posedge clk) begin
        if (start) begin
            a_q <= {a_signed && a[31], a};
            b_q <= {b_signed && b[31], b};
        end
    end

    // The low 64 bits are the product modulo 2^64; the top two only repeat the sign.
    wire signed [65:0] p = a_q * b_q;
    assign product = p[63:0];

    wire unused_ok = &{1'b0, p[65:64]};

endmodule

`default_nettype wire
