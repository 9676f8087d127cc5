// cpu_alu: the integer ALU of cpu_rv32im (RV32I register and immediate operations).
// Purely combinational; one adder serves add, sub, slt and sltu, one shifter both
// directions (a left shift is a right shift of the bit-reversed operand).
`timescale 1ns / 1ps
`default_nettype none

module cpu_alu (
    // operation: funct3 of OP/OP-IMM; sub selects a - b in the adder (for sub, slt,
    // sltu); arith selects sra for funct3 101
    input  wire [2:0]  funct3,
    input  wire        sub,
    input  wire        arith,
    // operands
    input  wire [31:0] a,
    input  wire [31:0] b,
    // result
    output reg  [31:0] result
);

    // a + ~b + 1 = a - b; the carry out is set when a >= b unsigned
    wire [32:0] sum = {1'b0, a} + {1'b0, sub ? ~b : b} + {32'd0, sub};
    wire ltu = !sum[32];
    wire lt = (a[31] != b[31]) ? a[31] : sum[31];

    function automatic [31:0] reverse(input [31:0] x);
        integer i;
        for (i = 0; i < 32; i = i + 1) reverse[i] = x[31 - i];
    endfunction

    wire        left = funct3 == 3'b001;
    wire [31:0] sh_in = left ? reverse(a) : a;
    wire [32:0] sh_ext = {arith && !left && sh_in[31], sh_in};
    wire [32:0] sh_out = $signed(sh_ext) >>> b[4:0];
    wire [31:0] shifted = left ? reverse(sh_out[31:0]) : sh_out[31:0];

    always @* begin
        case (funct3)
            3'b000:  result = sum[31:0];
            3'b010:  result = {31'd0, lt};
            3'b011:  result = {31'd0, ltu};
            3'b100:  result = a ^ b;
            3'b110:  result = a | b;
            3'b111:  result = a & b;
            default: result = shifted;              // 001 sll, 101 srl/sra
        endcase
    end

    wire unused_ok = &{1'b0, sh_out[32]};

endmodule

`default_nettype wire
