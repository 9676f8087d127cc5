// dvi_tmds_encoder: one TMDS channel of a DVI 1.0 link, written from the spec's
// T.M.D.S. encode algorithm (DVI 1.0, figure 3-5): 8b/10b with transition minimisation and
// running disparity during video data, and the four control tokens during blanking.
`timescale 1ns / 1ps
`default_nettype none

// symbol[0] is the first bit on the wire (TMDS sends the least significant bit first);
// the spec writes words as q_out[0:9], this file as [9:0] with bit 9 on the left.
// One pixel clock of latency: the symbol for the inputs of cycle t appears in t+1.
// rst clears the running disparity only; the symbol follows its inputs even in reset.
module dvi_tmds_encoder (
    input  wire       clk,          // pixel clock
    input  wire       rst,          // synchronous, active high
    input  wire       de,           // 1: encode data; 0: send the token for ctrl
    input  wire [7:0] data,         // pixel component
    input  wire [1:0] ctrl,         // {C1, C0}
    output reg  [9:0] symbol        // bit 0 first on the wire
);

    // The control tokens, bit 9 on the left (on the wire: bit 0 first).
    localparam [9:0] TOKEN_00 = 10'b1101010100;
    localparam [9:0] TOKEN_01 = 10'b0010101011;
    localparam [9:0] TOKEN_10 = 10'b0101010100;
    localparam [9:0] TOKEN_11 = 10'b1010101011;

    function automatic [3:0] ones8(input [7:0] v);
        integer k;
        begin
            ones8 = 4'd0;
            for (k = 0; k < 8; k = k + 1) ones8 = ones8 + {3'd0, v[k]};
        end
    endfunction

    // Stage 1, transition minimisation: each bit is the previous one XOR (or XNOR)
    // the data bit; XNOR when the data has many ones, so the result has few
    // transitions. q_m[8] records the choice (1 = XOR), as the spec does.
    function automatic [7:0] chain(input [7:0] v, input invert);
        integer k;
        begin
            chain[0] = v[0];
            for (k = 1; k < 8; k = k + 1) chain[k] = chain[k-1] ^ v[k] ^ invert;
        end
    endfunction

    wire [3:0] data_ones = ones8(data);
    wire       use_xnor = data_ones > 4'd4 || (data_ones == 4'd4 && !data[0]);
    wire [8:0] q_m = {!use_xnor, chain(data, use_xnor)};

    // Stage 2, DC balance. cnt is the spec's Cnt: ones minus zeros sent since the
    // last blanking, in -8..8 (always even), so 5 bits two's complement hold it.
    // balance is N1 - N0 of q_m[7:0], 2 * ones - 8, also in -8..8.
    reg  [4:0] cnt;
    wire [3:0] qm_ones = ones8(q_m[7:0]);
    wire [4:0] balance = {qm_ones, 1'b0} - 5'd8;
    wire       balance_zero = qm_ones == 4'd4;
    wire       balance_pos = qm_ones > 4'd4;            // more ones than zeros
    wire       balance_neg = qm_ones < 4'd4;
    wire       cnt_zero = cnt == 5'd0;
    wire       cnt_neg = cnt[4];
    wire       cnt_pos = !cnt_neg && !cnt_zero;

    // The spec's three cases differ only in whether q_m[7:0] goes out inverted, and
    // bit 9 says so:
    //   no bias yet, or a balanced word: invert exactly when XNOR was used;
    //   the word would add to the bias: invert;
    //   the word already works against it: do not.
    wire invert = (cnt_zero || balance_zero) ? !q_m[8]
                : (cnt_pos && balance_pos) || (cnt_neg && balance_neg);
    wire [9:0] word = {invert, q_m[8], q_m[7:0] ^ {8{invert}}};

    // Each of the spec's Cnt updates adds the disparity of the word it sends: that of
    // q_m[7:0] (negated if inverted), plus bits 9 and 8: +2 if both are 1, -2 if both
    // are 0, else 0.
    wire [4:0] high_bits = (invert && q_m[8]) ? 5'd2 : (!invert && !q_m[8]) ? -5'd2 : 5'd0;
    wire [4:0] word_disparity = (invert ? -balance : balance) + high_bits;

    always @(posedge clk) begin
        if (de) begin
            symbol <= word;
            cnt <= cnt + word_disparity;
        end else begin
            case (ctrl)
                2'b00: symbol <= TOKEN_00;
                2'b01: symbol <= TOKEN_01;
                2'b10: symbol <= TOKEN_10;
                default: symbol <= TOKEN_11;
            endcase
            cnt <= 5'd0;
        end
        if (rst) cnt <= 5'd0;
    end

endmodule

`default_nettype wire
