// cpu_alu: the integer ALU of cpu_rv32im: one adder (add, sub, slt, sltu, lui,
// auipc, load/store and jalr addresses), the logic operations and one shifter,
// each result on its own output (the core picks one).
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
    // 111 and) and the shift (001 left, 101 right); arith makes the right shift
    // arithmetic
    input  wire        sub,
    input  wire        cmp_signed,
    input  wire [2:0]  funct3,
    input  wire        arith,
    // operands
    input  wire [31:0] a,
    input  wire [31:0] b,
    // results
    output wire [31:0] sum,
    output wire        less,                        // a < b (with sub), for slt(u)
    output reg  [31:0] logic_out,
    output wire [31:0] shifted                      // bit-reversed for a left shift
);

    // ~A + B = B - A - 1 (33 bits), so ~(~A + B) = A - B and its bit 32 (a < b) is
    // the complement of full's
    wire [32:0] full = ({cmp_signed && a[31], a} ^ {33{sub}}) + {cmp_signed && b[31], b};
    assign sum = full[31:0] ^ {32{sub}};
    assign less = !full[32];

    always @* begin
        case (funct3[1:0])
            2'b00:   logic_out = a ^ b;
            2'b10:   logic_out = a | b;
            default: logic_out = a & b;
        endcase
    end

    // One right shifter serves both directions: a left shift is a right shift of the
    // bit-reversed operand, bit-reversed again; that last reversal is the core's, at
    // write-back, where it costs no LUT of its own (shifted is reversed for sll).
    function automatic [31:0] reverse(input [31:0] x);
        integer i;
        for (i = 0; i < 32; i = i + 1) reverse[i] = x[31 - i];
    endfunction

    wire        left = !funct3[2];
    wire [32:0] sh_in = {arith && !left && a[31], left ? reverse(a) : a};
    wire [32:0] sh_out = $signed(sh_in) >>> b[4:0];
    assign shifted = sh_out[31:0];

    wire unused_ok = &{1'b0, sh_out[32]};

endmodule

`default_nettype wire
