// tb_dvi_transmitter: self-checking testbench of the DVI link from pixels to pins:
// vga_timing and a test pattern drive dvi_transmitter, whose pairs go through
// rtl/ecp5/dvi_ddr_out.v (on the ODDRX1F model in ecp5_oddrx1f_sim.v) to four pins.
`timescale 1ns / 1ps
`default_nettype none

// Run (see tests/test_rtl_icarus.sh):
//   iverilog -g2012 -Wall -I rtl -I tests/rtl -y rtl -y rtl/ecp5 -o tb \
//       tests/rtl/ecp5_oddrx1f_sim.v tests/rtl/tb_dvi_transmitter.v
//   vvp -N tb [+WAVES] [+DUMPFILE=path]
// The pins are sampled in the middle of each half of the fast clock, so the bits are
// taken in the order they leave the chip. Then, from those bits alone:
//   - the clock lane's first 1 marks the first word; every word after it is 1111100000;
//   - each data lane's word boundary is found where the control tokens are (the offset
//     with the most tokens) and must agree with the clock lane's;
//   - every word of every lane is decoded (tb_tmds_spec.vh) and compared with the
//     pixel clock it was sent in: colours in active video, hsync and vsync as blue's
//     C0 and C1 in blanking, C1C0 = 00 on green and red; word n is the n-th pixel
//     clock after reset, so the latency is checked as well;
//   - the running disparity of each lane stays within +-8;
//   - negative controls: the same checker on copies of the bits with one bit flipped
//     (in a data word of blue, in a token of green, on the clock lane) and with a lane
//     one bit late must find mismatches.
// SKEW_PS moves the fast clock's edges later than the pixel clock's, to take both
// paths of the crossing (toggle seen one fast clock after the pixel edge, or at it).
module tb_dvi_transmitter;

    parameter integer H_ACTIVE = 32;        // a small mode by default; 640 for real lines
    parameter integer H_FRONT = 4;
    parameter integer H_SYNC = 6;
    parameter integer H_BACK = 6;
    parameter integer V_ACTIVE = 8;
    parameter integer V_FRONT = 2;
    parameter integer V_SYNC = 2;
    parameter integer V_BACK = 3;
    parameter integer FRAMES = 3;
    parameter integer SKEW_PS = 0;          // 0 .. 3000: fast clock edges this much later

    localparam integer PIXELS = (H_ACTIVE + H_FRONT + H_SYNC + H_BACK)
                              * (V_ACTIVE + V_FRONT + V_SYNC + V_BACK) * FRAMES;
    localparam integer MAX_WORDS = PIXELS + 64;
    localparam integer MAX_BITS = MAX_WORDS * 10 + 200;
    localparam [9:0] CLOCK_WORD = 10'b0000011111;   // bit 0 first: 1111100000 on the wire

    initial begin
        if (SKEW_PS < 0 || SKEW_PS > 3000) $error("%m: SKEW_PS = %0d, must be 0..3000", SKEW_PS);
    end

    // 25 MHz and 125 MHz, rising edges together (plus SKEW_PS), as from one PLL.
    reg clk_pixel = 1'b0;
    reg clk_serial = 1'b0;
    reg rst = 1'b1;
    always #20 clk_pixel = !clk_pixel;
    initial begin
        #(SKEW_PS * 0.001);
        forever #4 clk_serial = !clk_serial;
    end

    // ---- the source: timing and a pattern ---------------------------------------------

    wire        de, hsync, vsync, frame_start;
    wire [11:0] x, y;

    vga_timing #(
        .H_ACTIVE(H_ACTIVE), .H_FRONT(H_FRONT), .H_SYNC(H_SYNC), .H_BACK(H_BACK),
        .V_ACTIVE(V_ACTIVE), .V_FRONT(V_FRONT), .V_SYNC(V_SYNC), .V_BACK(V_BACK),
        .HSYNC_ACTIVE_HIGH(0), .VSYNC_ACTIVE_HIGH(0)
    ) u_timing (
        .clk(clk_pixel), .rst(rst), .hsync(hsync), .vsync(vsync), .de(de), .x(x), .y(y),
        .line_start(), .frame_start(frame_start), .vblank(), .vblank_start());

    // Blue walks through every value (32x8: each once a frame), green is random, red
    // depends on the frame; all 0 outside the active area, as the system's pins are.
    reg  [7:0]  frame_count = 8'd0;
    reg  [31:0] random_word = 32'd1;
    always @(posedge clk_pixel) begin
        random_word <= $random;
        if (frame_start) frame_count <= frame_count + 8'd1;
    end
    wire [7:0] blue = de ? x[7:0] + {y[2:0], 5'd0} + y[10:3] : 8'd0;
    wire [7:0] green = de ? random_word[7:0] : 8'd0;
    wire [7:0] red = de ? ~(x[7:0] ^ frame_count) : 8'd0;

    // ---- the device -------------------------------------------------------------------

    wire [1:0] serial_blue, serial_green, serial_red, serial_clock;
    wire [3:0] gpdi_dp;

    dvi_transmitter dut (
        .clk_pixel(clk_pixel), .rst(rst), .de(de), .hsync(hsync), .vsync(vsync),
        .red(red), .green(green), .blue(blue),
        .clk_serial(clk_serial), .serial_blue(serial_blue), .serial_green(serial_green),
        .serial_red(serial_red), .serial_clock(serial_clock));

    dvi_ddr_out u_ddr (
        .clk_serial(clk_serial), .serial_blue(serial_blue), .serial_green(serial_green),
        .serial_red(serial_red), .serial_clock(serial_clock), .gpdi_dp(gpdi_dp));

`define TB_NAME "tb_dvi_transmitter"
`include "tb_waves.vh"
`include "tb_tmds_spec.vh"

    integer errors = 0, checks = 0;
    reg [8*160-1:0] msg;

    task fail(input [8*160-1:0] text);
        begin
            errors = errors + 1;
            if (errors <= 30) $display("FAIL %0s", text);
            if (errors == 30) $display("FAIL (further failures not shown)");
        end
    endtask

    // ---- what went in, and what came out ----------------------------------------------

    // Every pixel clock after reset, what the transmitter sampled:
    // {de, vsync, hsync, red, green, blue}.
    reg [26:0] sent [0:MAX_WORDS-1];
    integer    sent_count = 0;
    always @(posedge clk_pixel) begin
        if (!rst && sent_count < MAX_WORDS) begin
            sent[sent_count] <= {de, vsync, hsync, red, green, blue};
            sent_count <= sent_count + 1;
        end
    end

    // The pins, in the middle of each half period of the fast clock: {clock, red,
    // green, blue} = gpdi_dp[3:0], in the order the bits leave.
    reg [3:0] pin_bits [0:MAX_BITS-1];
    integer   bit_count = 0;
    always @(clk_serial) begin
        #2;
        if (bit_count < MAX_BITS) begin
            pin_bits[bit_count] = gpdi_dp;
            bit_count = bit_count + 1;
        end
    end

    // Lane (0 blue, 1 green, 2 red, 3 clock) as a symbol, from bit position at (bit 0
    // first on the wire).
    function [9:0] word_at(input integer lane, input integer at);
        integer k;
        begin
            for (k = 0; k < 10; k = k + 1) word_at[k] = pin_bits[at + k][lane];
        end
    endfunction

    // ---- the checker ------------------------------------------------------------------

    integer first_bit;      // the clock lane's first 1: the first bit of word 0
    integer words;          // complete words captured from first_bit on

    // Compares every word with the pixel clock it belongs to; returns the number of
    // mismatches, and reports them unless quiet (the negative controls).
    task automatic check_stream(input quiet, output integer mismatches);
        integer n, lane, at, ctrl, want_ctrl, disparity[0:2];
        reg [26:0] px;
        reg [9:0]  w;
        reg [7:0]  colour;
        begin
            mismatches = 0;
            for (lane = 0; lane < 3; lane = lane + 1) disparity[lane] = 0;
            for (n = 0; n < words; n = n + 1) begin
                at = first_bit + 10 * n;
                px = sent[n];
                w = word_at(3, at);
                if (w !== CLOCK_WORD) begin
                    mismatches = mismatches + 1;
                    if (!quiet) begin
                        $sformat(msg, "word %0d: clock lane %b, expected %b", n, w, CLOCK_WORD);
                        fail(msg);
                    end
                end
                for (lane = 0; lane < 3; lane = lane + 1) begin
                    w = word_at(lane, at);
                    colour = lane == 0 ? px[7:0] : lane == 1 ? px[15:8] : px[23:16];
                    ctrl = token_ctrl(w);
                    want_ctrl = lane == 0 ? {px[25], px[24]} : 0;     // {vsync, hsync}
                    if (px[26]) begin
                        disparity[lane] = disparity[lane] + 2 * ones(w, 10) - 10;
                        if (^w === 1'bx || ctrl != -1 || spec_decode(w) !== colour
                            || disparity[lane] > 8 || disparity[lane] < -8) begin
                            mismatches = mismatches + 1;
                            if (!quiet) begin
                                $sformat(msg, "word %0d lane %0d: %b decodes to %02h (token %0d, disparity %0d), sent %02h",
                                         n, lane, w, spec_decode(w), ctrl, disparity[lane], colour);
                                fail(msg);
                            end
                        end
                    end else begin
                        disparity[lane] = 0;
                        if (ctrl != want_ctrl) begin
                            mismatches = mismatches + 1;
                            if (!quiet) begin
                                $sformat(msg, "word %0d lane %0d: %b in blanking, expected the token for C1C0 %0d",
                                         n, lane, w, want_ctrl);
                                fail(msg);
                            end
                        end
                    end
                end
            end
        end
    endtask

    // The offset 0..9 at which lane's words are most often control tokens.
    function integer token_offset(input integer lane, input integer from);
        integer offset, at, count, best, best_count;
        begin
            best = -1;
            best_count = 0;
            for (offset = 0; offset < 10; offset = offset + 1) begin
                count = 0;
                for (at = from + offset; at + 10 <= bit_count; at = at + 10)
                    if (token_ctrl(word_at(lane, at)) != -1) count = count + 1;
                if (count > best_count) begin
                    best = offset;
                    best_count = count;
                end
            end
            token_offset = best;
        end
    endfunction

    integer k, lane, mismatches, pos, token_words;
    reg [3:0] saved;

    initial begin
        repeat (4) @(posedge clk_pixel);
        rst <= 1'b0;
        wait (sent_count >= PIXELS);
        repeat (4) @(posedge clk_pixel);

        // Word 0 starts at the clock lane's first 1.
        first_bit = -1;
        for (k = 0; k < bit_count && first_bit < 0; k = k + 1)
            if (pin_bits[k][3] === 1'b1) first_bit = k;
        if (first_bit < 0) begin
            fail("the clock lane never sends a 1");
            first_bit = 0;
        end
        for (k = 0; k < first_bit; k = k + 1)
            if (pin_bits[k][2:0] !== 3'b000 && pin_bits[k][2:0] !== 3'bxxx)
                fail("a data lane sends before the clock lane's first word");
        words = (bit_count - first_bit) / 10;
        if (words > sent_count) words = sent_count;
        if (words < PIXELS) begin
            $sformat(msg, "only %0d words captured, %0d pixels sent", words, PIXELS);
            fail(msg);
        end

        // Each data lane's word boundary, from its tokens alone.
        for (lane = 0; lane < 3; lane = lane + 1) begin
            k = token_offset(lane, first_bit - first_bit / 10 * 10);
            if (k != 0) begin
                $sformat(msg, "lane %0d: tokens at offset %0d from the clock lane's words", lane, k);
                fail(msg);
            end
        end

        check_stream(1'b0, mismatches);
        checks = checks + words;
        token_words = 0;
        for (k = 0; k < words; k = k + 1) if (!sent[k][26]) token_words = token_words + 1;
        $display("%0d words a lane compared (%0d in blanking), from bit %0d; %0d bits captured",
                 words, token_words, first_bit, bit_count);

        // Negative controls: each corruption must be found.
        // 1. one bit of blue in the middle of an active-video word
        for (k = words / 2; k < words && !sent[k][26]; k = k + 1) ;
        pos = first_bit + 10 * k + 3;
        saved = pin_bits[pos];
        pin_bits[pos][0] = !pin_bits[pos][0];
        check_stream(1'b1, mismatches);
        if (mismatches == 0) fail("negative control: a flipped bit of blue was not found");
        pin_bits[pos] = saved;
        // 2. one bit of green in a token
        for (k = words / 2; k < words && sent[k][26]; k = k + 1) ;
        pos = first_bit + 10 * k + 6;
        saved = pin_bits[pos];
        pin_bits[pos][1] = !pin_bits[pos][1];
        check_stream(1'b1, mismatches);
        if (mismatches == 0) fail("negative control: a flipped bit of a green token was not found");
        pin_bits[pos] = saved;
        // 3. one bit of the clock lane
        pos = first_bit + 10 * (words - 2) + 4;
        saved = pin_bits[pos];
        pin_bits[pos][3] = !pin_bits[pos][3];
        check_stream(1'b1, mismatches);
        if (mismatches == 0) fail("negative control: a flipped clock lane bit was not found");
        pin_bits[pos] = saved;
        // 4. red one bit late
        for (k = bit_count - 1; k > 0; k = k - 1) pin_bits[k][2] = pin_bits[k - 1][2];
        check_stream(1'b1, mismatches);
        if (mismatches == 0) fail("negative control: red one bit late was not found");
        checks = checks + 4;

        if (errors == 0) $display("PASS tb_dvi_transmitter: %0d checks", checks);
        else $display("FAIL tb_dvi_transmitter: %0d failures in %0d checks", errors, checks);
        if (errors != 0) $fatal(1, "tb_dvi_transmitter failed");
        $finish;
    end

endmodule

`default_nettype wire
