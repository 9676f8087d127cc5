// What the TMDS testbenches share, included in the module body: the DVI 1.0 spec's
// control tokens and its decoder, written here as plain code, apart from the RTL.
// A symbol is [9:0] with bit 0 the first on the wire; the spec writes q_out[0:9].

// The tokens for C1C0 = 00, 01, 10, 11, bit 9 on the left.
localparam [9:0] TOKEN_00 = 10'b1101010100;
localparam [9:0] TOKEN_01 = 10'b0010101011;
localparam [9:0] TOKEN_10 = 10'b0101010100;
localparam [9:0] TOKEN_11 = 10'b1010101011;

// 0..3 for a control token (C1C0), -1 for anything else.
function integer token_ctrl(input [9:0] q);
    begin
        case (q)
            TOKEN_00: token_ctrl = 0;
            TOKEN_01: token_ctrl = 1;
            TOKEN_10: token_ctrl = 2;
            TOKEN_11: token_ctrl = 3;
            default: token_ctrl = -1;
        endcase
    end
endfunction

// The spec's decoder for a data symbol: undo the inversion (bit 9), then the XOR or
// XNOR chain (bit 8: 1 XOR, 0 XNOR).
function [7:0] spec_decode(input [9:0] q);
    reg [7:0] dp;
    integer k;
    begin
        dp = q[9] ? ~q[7:0] : q[7:0];
        spec_decode[0] = dp[0];
        for (k = 1; k < 8; k = k + 1)
            spec_decode[k] = q[8] ? dp[k] ^ dp[k-1] : !(dp[k] ^ dp[k-1]);
    end
endfunction

// Number of ones among the n lowest bits of v.
function integer ones(input [9:0] v, input integer n);
    integer k;
    begin
        ones = 0;
        for (k = 0; k < n; k = k + 1) ones = ones + v[k];
    end
endfunction
