// tb_dvi_tmds_encoder: self-checking testbench of one TMDS channel (rtl/dvi_tmds_encoder.v)
// against the DVI 1.0 spec: a model of the spec's encoder (here) and its decoder
// (tb_tmds_spec.vh), written as plain integer code, apart from the RTL.
`timescale 1ns / 1ps
`default_nettype none

// Run (see tests/test_rtl_icarus.sh):
//   iverilog -g2012 -Wall -I rtl -I tests/rtl -o tb rtl/dvi_tmds_encoder.v tests/rtl/tb_dvi_tmds_encoder.v
//   vvp -N tb [+WAVES] [+DUMPFILE=path]
// Checks:
//   1. the four control tokens, as [9:0] literals and bit by bit in the order of the
//      wire (the spec's q_out[0:9]), whatever the data;
//   2. every 8-bit value from every running disparity the encoder can reach (-8..8,
//      even), each reached by a path of data words found by search in the model: the
//      symbol equals the model's, decodes back to the value, and the disparity of the
//      bits sent moves as the model's Cnt;
//   3. long random streams with blanking (uniform values, extremes, gradients): the
//      same, and the running disparity of the bits on the wire within +-8;
//   4. reset clears the running disparity in the middle of a line;
//   5. the checker itself: flipping any one bit of a data symbol changes its decode.
module tb_dvi_tmds_encoder;

    localparam integer RANDOM_SYMBOLS = 100000;
    localparam integer DISPARITY_BOUND = 8;         // largest |Cnt| the spec's rules reach

    // The tokens as the spec writes them, q_out[0:9]: the first bit on the wire on the
    // left (tb_tmds_spec.vh has them as [9:0] literals, bit 9 on the left).
    localparam [0:9] WIRE_00 = 10'b0010101011;
    localparam [0:9] WIRE_01 = 10'b1101010100;
    localparam [0:9] WIRE_10 = 10'b0010101010;
    localparam [0:9] WIRE_11 = 10'b1101010101;

    reg        clk = 1'b0;
    reg        rst = 1'b1;
    reg        de = 1'b0;
    reg  [7:0] data = 8'd0;
    reg  [1:0] ctrl = 2'b00;
    wire [9:0] symbol;

    always #5 clk = !clk;

    dvi_tmds_encoder dut (
        .clk(clk), .rst(rst), .de(de), .data(data), .ctrl(ctrl), .symbol(symbol));

`define TB_NAME "tb_dvi_tmds_encoder"
`include "tb_waves.vh"
`include "tb_checks.vh"
`include "tb_tmds_spec.vh"

    // ---- the spec, as plain code ------------------------------------------------------

    // The encoder of DVI 1.0 figure 3-5 for one data word: symbol and the new Cnt.
    task automatic spec_encode(input [7:0] d, input integer cnt_in, output reg [9:0] q,
                               output integer cnt_out);
        integer k, n1d, n1q, n0q;
        reg [8:0] q_m;
        begin
            n1d = ones({2'b00, d}, 8);
            q_m[0] = d[0];
            if (n1d > 4 || (n1d == 4 && d[0] == 1'b0)) begin
                for (k = 1; k < 8; k = k + 1) q_m[k] = !(q_m[k-1] ^ d[k]);
                q_m[8] = 1'b0;
            end else begin
                for (k = 1; k < 8; k = k + 1) q_m[k] = q_m[k-1] ^ d[k];
                q_m[8] = 1'b1;
            end
            n1q = ones({2'b00, q_m[7:0]}, 8);
            n0q = 8 - n1q;
            if (cnt_in == 0 || n1q == n0q) begin
                q[9] = !q_m[8];
                q[8] = q_m[8];
                q[7:0] = q_m[8] ? q_m[7:0] : ~q_m[7:0];
                if (q_m[8] == 1'b0) cnt_out = cnt_in + (n0q - n1q);
                else cnt_out = cnt_in + (n1q - n0q);
            end else if ((cnt_in > 0 && n1q > n0q) || (cnt_in < 0 && n0q > n1q)) begin
                q[9] = 1'b1;
                q[8] = q_m[8];
                q[7:0] = ~q_m[7:0];
                cnt_out = cnt_in + (q_m[8] ? 2 : 0) + (n0q - n1q);
            end else begin
                q[9] = 1'b0;
                q[8] = q_m[8];
                q[7:0] = q_m[7:0];
                cnt_out = cnt_in - (q_m[8] ? 0 : 2) + (n1q - n0q);
            end
        end
    endtask

    function integer transitions(input [9:0] q);
        integer k;
        begin
            transitions = 0;
            for (k = 1; k < 10; k = k + 1) transitions = transitions + (q[k] != q[k-1]);
        end
    endfunction

    // ---- driving and checking ---------------------------------------------------------

    integer model_cnt = 0;          // the model's Cnt, before the next symbol
    integer wire_disparity = 0;     // ones minus zeros the DUT sent since the last token
    integer max_disparity = 0;
    integer data_symbols = 0, token_symbols = 0;
    integer max_data_transitions = 0, min_token_transitions = 10;
    reg [8*120-1:0] msg;

    // One pixel clock: drive the inputs, let the DUT register them, check its symbol.
    task automatic send(input d_en, input [7:0] d, input [1:0] c);
        reg [9:0] want;
        integer cnt_next, got_ctrl;
        begin
            de = d_en;
            data = d;
            ctrl = c;
            @(posedge clk);
            #1;
            checks = checks + 1;
            got_ctrl = token_ctrl(symbol);
            if (!d_en) begin
                token_symbols = token_symbols + 1;
                if (transitions(symbol) < min_token_transitions)
                    min_token_transitions = transitions(symbol);
                if (got_ctrl != c) begin
                    $sformat(msg, "ctrl %b: symbol %b is not its token", c, symbol);
                    fail(msg);
                end
                model_cnt = 0;
                wire_disparity = 0;
            end else begin
                data_symbols = data_symbols + 1;
                if (transitions(symbol) > max_data_transitions)
                    max_data_transitions = transitions(symbol);
                spec_encode(d, model_cnt, want, cnt_next);
                if (symbol !== want) begin
                    $sformat(msg, "data %02h from Cnt %0d: symbol %b, the spec gives %b",
                             d, model_cnt, symbol, want);
                    fail(msg);
                end
                if (got_ctrl != -1) begin
                    $sformat(msg, "data %02h: symbol %b is a control token", d, symbol);
                    fail(msg);
                end
                if (spec_decode(symbol) !== d) begin
                    $sformat(msg, "data %02h from Cnt %0d: symbol %b decodes to %02h",
                             d, model_cnt, symbol, spec_decode(symbol));
                    fail(msg);
                end
                wire_disparity = wire_disparity + 2 * ones(symbol, 10) - 10;
                if (wire_disparity != cnt_next) begin
                    $sformat(msg, "data %02h: disparity on the wire %0d, the spec's Cnt %0d",
                             d, wire_disparity, cnt_next);
                    fail(msg);
                end
                if (wire_disparity > max_disparity) max_disparity = wire_disparity;
                if (-wire_disparity > max_disparity) max_disparity = -wire_disparity;
                if (wire_disparity > DISPARITY_BOUND || wire_disparity < -DISPARITY_BOUND) begin
                    $sformat(msg, "running disparity %0d out of +-%0d", wire_disparity,
                             DISPARITY_BOUND);
                    fail(msg);
                end
                model_cnt = cnt_next;
            end
        end
    endtask

    // Paths to every Cnt the rules reach: a breadth-first search from Cnt 0 in the
    // model; path_value[c] is the last data word of the shortest path to Cnt c - 8,
    // path_from[c] the Cnt it comes from (+8), path_len[c] its length (-1: unreached).
    integer path_value[0:16], path_from[0:16], path_len[0:16];

    task automatic find_paths;
        integer level, c, v, c_next;
        reg [9:0] q;
        reg grew;
        begin
            for (c = 0; c <= 16; c = c + 1) path_len[c] = -1;
            path_len[8] = 0;
            grew = 1'b1;
            for (level = 0; grew; level = level + 1) begin
                grew = 1'b0;
                for (c = 0; c <= 16; c = c + 1) begin
                    if (path_len[c] == level) begin
                        for (v = 0; v < 256; v = v + 1) begin
                            spec_encode(v[7:0], c - 8, q, c_next);
                            if (c_next < -8 || c_next > 8) begin
                                $sformat(msg, "the model reaches Cnt %0d", c_next);
                                fail(msg);
                            end else if (path_len[c_next + 8] == -1) begin
                                path_len[c_next + 8] = level + 1;
                                path_value[c_next + 8] = v;
                                path_from[c_next + 8] = c;
                                grew = 1'b1;
                            end
                        end
                    end
                end
            end
        end
    endtask

    // From blanking (Cnt 0), send the data words of the path to Cnt target.
    task automatic go_to_cnt(input integer target);
        integer steps, k, c;
        integer values[0:16];
        begin
            steps = path_len[target + 8];
            c = target + 8;
            for (k = steps - 1; k >= 0; k = k - 1) begin
                values[k] = path_value[c];
                c = path_from[c];
            end
            send(1'b0, 8'h00, 2'b00);
            for (k = 0; k < steps; k = k + 1) send(1'b1, values[k][7:0], 2'b00);
            if (model_cnt != target) begin
                $sformat(msg, "path to Cnt %0d ends at %0d", target, model_cnt);
                fail(msg);
            end
        end
    endtask

    integer i, k, c, v, run, blank, seed, kind, reached, flips_missed;
    integer covered[0:16];
    reg [7:0] value;
    reg [9:0] want;
    integer cnt_next;

    initial begin
        seed = 1;
        repeat (3) @(posedge clk);
        #1 rst = 1'b0;

        // 1. Control tokens, both notations, with any data on the pins.
        for (k = 0; k < 4; k = k + 1) begin
            send(1'b0, $random(seed), k[1:0]);
            case (k)
                0: if (symbol !== TOKEN_00) fail("token 00");
                1: if (symbol !== TOKEN_01) fail("token 01");
                2: if (symbol !== TOKEN_10) fail("token 10");
                default: if (symbol !== TOKEN_11) fail("token 11");
            endcase
            for (i = 0; i < 10; i = i + 1) begin
                case (k)
                    0: if (symbol[i] !== WIRE_00[i]) fail("token 00, wire order");
                    1: if (symbol[i] !== WIRE_01[i]) fail("token 01, wire order");
                    2: if (symbol[i] !== WIRE_10[i]) fail("token 10, wire order");
                    default: if (symbol[i] !== WIRE_11[i]) fail("token 11, wire order");
                endcase
            end
        end

        // 2. Every value from every reachable Cnt.
        find_paths;
        reached = 0;
        for (c = -8; c <= 8; c = c + 1) begin
            covered[c + 8] = 0;
            if (path_len[c + 8] >= 0) begin
                reached = reached + 1;
                if (c % 2 != 0) fail("the model reaches an odd Cnt");
                for (v = 0; v < 256; v = v + 1) begin
                    go_to_cnt(c);
                    send(1'b1, v[7:0], 2'b00);
                    covered[c + 8] = covered[c + 8] + 1;
                end
            end
        end
        if (reached != 9) begin
            $sformat(msg, "%0d Cnt values reached, expected the 9 even ones in -8..8", reached);
            fail(msg);
        end
        $display("every value from Cnt -8..8: %0d values each, %0d Cnt values reached",
                 covered[8], reached);

        // 3. Long random streams: runs of data between blanking.
        i = 0;
        while (i < RANDOM_SYMBOLS) begin
            run = 1 + ($random(seed) & 1023);
            kind = $random(seed) & 3;
            value = $random(seed);
            for (k = 0; k < run; k = k + 1) begin
                case (kind)
                    0: value = $random(seed);                               // uniform
                    1: value = ($random(seed) & 1) ? 8'h00 : 8'hff;         // extremes
                    2: value = value + 8'd1;                                // gradient
                    default: case ($random(seed) & 3)                       // worst ones
                        0: value = 8'h01;
                        1: value = 8'h80;
                        2: value = 8'hfe;
                        default: value = 8'h7f;
                    endcase
                endcase
                send(1'b1, value, 2'b00);
            end
            i = i + run;
            blank = 1 + ($random(seed) & 15);
            for (k = 0; k < blank; k = k + 1) send(1'b0, $random(seed), $random(seed));
        end
        $display("random streams: %0d data symbols, %0d tokens, largest |disparity| %0d",
                 data_symbols, token_symbols, max_disparity);
        if (max_disparity != DISPARITY_BOUND)
            fail("the random streams never reached the disparity bound: weak test");
        $display("transitions: data symbols at most %0d, tokens at least %0d",
                 max_data_transitions, min_token_transitions);
        if (max_data_transitions >= min_token_transitions)
            fail("a data symbol has as many transitions as a token");

        // 4. Reset in the middle of a line clears Cnt: from Cnt 8, a reset cycle then
        // data must encode as from Cnt 0.
        go_to_cnt(8);
        rst = 1'b1;
        send(1'b1, 8'h55, 2'b00);           // encoded from Cnt 8; Cnt is then cleared
        rst = 1'b0;
        model_cnt = 0;
        wire_disparity = 0;
        for (v = 0; v < 64; v = v + 1) send(1'b1, $random(seed), 2'b00);

        // 5. The checker can fail: any single flipped bit of a data symbol decodes to
        // another value or to a token.
        flips_missed = 0;
        for (c = -8; c <= 8; c = c + 2) begin
            for (v = 0; v < 256; v = v + 1) begin
                spec_encode(v[7:0], c, want, cnt_next);
                for (k = 0; k < 10; k = k + 1) begin
                    if (spec_decode(want ^ (10'd1 << k)) === v[7:0]
                        && token_ctrl(want ^ (10'd1 << k)) == -1)
                        flips_missed = flips_missed + 1;
                end
            end
        end
        if (flips_missed != 0) begin
            $sformat(msg, "%0d single-bit flips decode to the same value", flips_missed);
            fail(msg);
        end

        if (errors == 0) $display("PASS tb_dvi_tmds_encoder: %0d checks", checks);
        else $display("FAIL tb_dvi_tmds_encoder: %0d failures in %0d checks", errors, checks);
        if (errors != 0) $fatal(1, "tb_dvi_tmds_encoder failed");
        $finish;
    end

endmodule

`default_nettype wire
