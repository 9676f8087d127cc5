// cpu_div: the divider of cpu_rv32im (div, divu, rem, remu), one quotient bit a
// cycle: 32 steps of restoring division on the operands' magnitudes, then one that
// fixes the sign into the result register (busy for 33 cycles after start). A
// division on the operands of the last one (rem after div) takes one cycle.
`timescale 1ns / 1ps
`default_nettype none

// Results as the RISC-V spec has them without a trap: x / 0 = all ones (both
// signednesses), x % 0 = x; INT_MIN / -1 = INT_MIN, INT_MIN % -1 = 0 (what the
// magnitudes give by themselves). The remainder takes the dividend's sign.
// The divisor is never negated: each step adds or subtracts it by its sign. The
// quotient and remainder both stay until the next division, so a start whose
// operands and signedness are those of the last finished division only picks the
// other half (busy for one cycle): compilers put rem and div on the same operands
// side by side (PAIR_SHORTCUT 0 leaves this out: every division takes 33 cycles, and
// the dividend copy and the two compares are gone, about 270 iCE40 cells). The result is a register (timing: the sign fix's carry chain does
// not run on into the core).
module cpu_div #(
    parameter integer PAIR_SHORTCUT = 1             // 1: a div/rem pair divides once
) (
    input  wire        clk,
    input  wire        rst,                         // synchronous, active high
    // request: start for one cycle with the operands; a start while busy begins anew
    input  wire        start,
    input  wire        is_signed,                   // div, rem
    input  wire        want_rem,                    // rem, remu
    input  wire [31:0] a,                           // dividend
    input  wire [31:0] b,                           // divisor
    // result: valid from the cycle busy falls until the next start
    output reg         busy,
    output reg  [31:0] result
);

    reg         running;
    reg  [5:0]  count;                              // steps left
    reg  [31:0] quo;                                // dividend bits shifted out, quotient bits in
    reg  [31:0] rem;
    reg  [31:0] d;                                  // the divisor, inverted if it is positive
    reg         d_cin, neg_quo, neg_rem, by_zero, rem_sel;
    reg         have;                               // a division has started since reset
    reg  [31:0] last_a;                             // its dividend (its divisor: d, d_cin)
    reg         last_signed;

    wire        a_neg = is_signed && a[31];
    wire        b_neg = is_signed && b[31];
    // the dividend's magnitude: (a ^ s) + s negates when s is 1
    wire [31:0] a_mag = (a ^ {32{a_neg}}) + {31'd0, a_neg};

    // {rem, next dividend bit} - |b|, without negating b: -|b| is {1, ~b} + 1 for
    // b >= 0 and {1, b} for b < 0 (33 bits); by zero this is + 0, so every step
    // "fits" and the quotient is all ones, the remainder the dividend
    wire [32:0] trial = {rem, quo[31]} + {1'b1, d} + {32'd0, d_cin};
    wire        fits = !trial[32];

    initial begin
        if (PAIR_SHORTCUT != 0 && PAIR_SHORTCUT != 1) $error("%m: PAIR_SHORTCUT = %0d, must be 0 or 1", PAIR_SHORTCUT);
    end

    // busy: from start until the result is in (a flop: the core stalls on it)
    wire        again = PAIR_SHORTCUT != 0 && have && !busy && a == last_a && b == (d ^ {32{d_cin}})
                        && is_signed == last_signed;
    // by zero the quotient bits are all ones already; only the sign fix must be skipped
    wire        res_neg = rem_sel ? neg_rem : (neg_quo && !by_zero);

    always @(posedge clk) begin
        if (start) rem_sel <= want_rem;
        if (start && again) begin
            running <= 1'b1;                        // only the last step: the other half out
            busy <= 1'b1;
            count <= 6'd0;
        end else if (start) begin
            have <= 1'b1;
            last_a <= a;
            last_signed <= is_signed;
            running <= 1'b1;
            busy <= 1'b1;
            count <= 6'd32;
            quo <= a_mag;
            rem <= 32'd0;
            d <= b_neg ? b : ~b;
            d_cin <= !b_neg;
            neg_quo <= a_neg != b_neg;
            neg_rem <= a_neg;
            by_zero <= b == 32'd0;
        end else if (running) begin
            if (count != 6'd0) begin
                count <= count - 6'd1;
                rem <= fits ? trial[31:0] : {rem[30:0], quo[31]};
                quo <= {quo[30:0], fits};
            end else begin
                result <= ((rem_sel ? rem : quo) ^ {32{res_neg}}) + {31'd0, res_neg};
                running <= 1'b0;
                busy <= 1'b0;
            end
        end
        if (rst) begin
            running <= 1'b0;
            busy <= 1'b0;
            have <= 1'b0;
        end
    end

endmodule

`default_nettype wire
