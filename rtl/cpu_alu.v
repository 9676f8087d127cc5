// cpu_alu: the integer ALU of cpu_rv32im: one adder (add, sub, slt, sltu, lui,
// auipc, load/store and jalr addresses) and the logic operations, each result on
// its own output (the core picks one). Shifts are the multiplier's (cpu_mul).
`timescale 1ns / 1ps
`default_nettype none

// The result multiplexer is not here. Branches have their own comparator in the core.
// Subtraction inverts a, not b: a - b = ~(~a + b), so that the inversion sits in the
// same LUT as a's last operand multiplexer and b's can take the immediate (timing on
// iCE40: two LUT levels from the bypass sources to the carry chain).
module cpu_alu (
    // operation: the adder computes a + b, or a - b with sub; cmp_signed extends
    // both operands' signs into a 33rd bit so that less is a < b signed, else
    // unsigned (with sub); funct3 picks the logic operation (100 xor, 110 or,
    // 111 and)
    input  wire        sub,
    input  wire        cmp_signed,
    input  wire [1:0]  funct3,
    // operands
    input  wire [31:0] a,
    input  wire [31:0] b,
    // results
    output wire [31:0] sum,
    output wire        less,                        // a < b (with sub), for slt(u)
    output reg  [31:0] logic_out
);

    // ~A + B = B - A - 1 (33 bits), so ~(~A + B) = A - B and its bit 32 (a < b) is
    // the complement of full's
    wire [32:0] full = ({cmp_signed && a[31], a} ^ {33{sub}}) + {cmp_signed && b[31], b};
    assign sum = full[31:0] ^ {32{sub}};
    assign less = !full[32];

    always @* begin
        case (funct3)
            2'b00:   logic_out = a ^ b;
            2'b10:   logic_out = a | b;
            default: logic_out = a & b;
        endcase
    end

endmodule

`default_nettype wire
