// tb_soc_ram: self-checking testbench of the SoC's RAM, either rtl/soc_ram.v or the
// iCE40 SPRAM one (rtl/ice40/soc_ram.v on yosys' SB_SPRAM256KA model): byte-enable
// writes and reads against a plain register model, the instruction port, and the
// bus timing both promise.
`timescale 1ns / 1ps
`default_nettype none

// Run (see tests/test_rtl_icarus.sh):
//   iverilog -g2012 -I rtl -y rtl -o tb tests/rtl/tb_soc_ram.v
//   iverilog -g2012 -DNO_ICE40_DEFAULT_ASSIGNMENTS -I rtl -y rtl/ice40 -y rtl -o tb \
//       tests/rtl/tb_soc_ram.v $(yosys-config --datdir)/ice40/cells_sim.v
//   vvp -N tb [+WAVES] [+DUMPFILE=path]
// Every word is written first (SPRAM starts unknown), then random reads and writes
// with every byte-enable pattern, single and with stb held across accesses. Timing:
// the ack comes exactly one cycle after each request, never in two cycles in a row,
// and the read data are checked in the ack cycle. The instruction port (a pipelined
// master here that asks at random, some addresses beyond the RAM) alone and beside
// data reads: every answer in order, the word for an address inside, err outside;
// never stalled alone; beside data requests stalled (SHARED_PORT 1: the SPRAM RAM and
// the generic one's single-port model) or not (SHARED_PORT 0), each exactly one cycle
// after its request (two with FETCH_REG 1). Negative control: a reference word changed behind the
// RAM's back must be reported as a mismatch.
module tb_soc_ram;
    `define TB_NAME "tb_soc_ram"
    `include "tb_waves.vh"

    parameter integer WORDS = 32768;                // four SPRAMs: every row of blocks
    parameter integer SHARED_PORT = 0;              // 1: the single-port model, or the SPRAM RAM
    parameter integer FETCH_REG = 0;                // 1: fetches answered a cycle later
    localparam integer OPS = 40000;

    reg clk = 1'b0;
    always #5 clk = !clk;
    `include "tb_checks.vh"

    reg         cyc = 1'b0, stb = 1'b0, we = 1'b0;
    reg  [3:0]  sel = 4'd0;
    reg  [31:0] adr = 32'd0, dat_w = 32'd0;
    wire [31:0] dat_r;
    wire        ack;
    reg         i_stb = 1'b0;
    reg  [31:0] i_adr = 32'd0;
    wire [31:0] i_dat;
    wire        i_ack, i_err, i_stall;

    soc_ram #(.WORDS(WORDS), .SHARED_PORT(SHARED_PORT), .FETCH_REG(FETCH_REG)) dut (
        .clk(clk),
        .wb_cyc_i(cyc), .wb_stb_i(stb), .wb_we_i(we), .wb_sel_i(sel),
        .wb_adr_i(adr), .wb_dat_i(dat_w), .wb_dat_o(dat_r), .wb_ack_o(ack),
        .ibus_cyc_i(i_stb), .ibus_stb_i(i_stb), .ibus_adr_i(i_adr), .ibus_dat_o(i_dat),
        .ibus_ack_o(i_ack), .ibus_err_o(i_err), .ibus_stall_o(i_stall)
    );

    reg [31:0] model[0:WORDS-1];

    // the ack: exactly one cycle after each request, so never two in a row
    reg req_q = 1'b0;
    always @(posedge clk) begin
        if (ack !== req_q) fail("ack is not exactly one cycle after a request");
        req_q <= cyc && stb && !ack;
    end

    // The instruction port's master: while i_on, a request in most cycles (held while
    // stalled), an address inside the RAM or now and then beyond it; its answers are
    // checked in order against the model (no data writes while it runs).
    reg         i_on = 1'b0;
    reg  [31:0] i_queue[0:15];
    integer     i_asked[0:15];                      // the cycle of each request
    integer     i_put = 0, i_got = 0, i_seed = 5, i_reads = 0, i_stalls = 0, i_outside = 0;
    reg  [31:0] i_want;
    reg [8*200-1:0] i_msg;
    always @(posedge clk) begin
        if (i_ack || i_err) begin
            checks = checks + 1;
            if (i_got == i_put) fail("instruction port: an answer with no request");
            else begin
                i_want = i_queue[i_got % 16];
                if (cycle - i_asked[i_got % 16] != 1 + FETCH_REG) begin
                    $sformat(i_msg, "instruction port: 0x%08h answered %0d cycles after its request, want %0d",
                             i_want, cycle - i_asked[i_got % 16], 1 + FETCH_REG);
                    fail(i_msg);
                end
                i_got = i_got + 1;
                if ({i_ack, i_err} != ({2'b00, i_want[31:2]} < WORDS ? 2'b10 : 2'b01)) begin
                    $sformat(i_msg, "instruction port: 0x%08h answered ack %b err %b", i_want, i_ack, i_err);
                    fail(i_msg);
                end else if (i_ack && i_dat !== model[i_want[31:2]]) begin
                    $sformat(i_msg, "instruction port: word %0d reads 0x%08h, want 0x%08h",
                             i_want[31:2], i_dat, model[i_want[31:2]]);
                    fail(i_msg);
                end
            end
        end
        if (i_stb && i_stall) i_stalls = i_stalls + 1;
        if (i_stb && !i_stall) begin
            i_queue[i_put % 16] = i_adr;
            i_asked[i_put % 16] = cycle;
            i_put = i_put + 1;
            i_reads = i_reads + 1;
            if (i_adr[31:2] >= WORDS) i_outside = i_outside + 1;
        end
        if (!(i_stb && i_stall)) begin
            i_stb <= i_on && $random(i_seed) % 4 != 0;
            i_adr <= $random(i_seed) % 16 == 0 ? 4 * WORDS + 4 * ({$random(i_seed)} % 64)
                   : 4 * ({$random(i_seed)} % WORDS);
        end
    end

    function automatic [31:0] merge(input [31:0] old, input [31:0] d, input [3:0] s);
        integer i;
        begin
            merge = old;
            for (i = 0; i < 4; i = i + 1) if (s[i]) merge[8 * i +: 8] = d[8 * i +: 8];
        end
    endfunction

    reg [8*200-1:0] msg;
    integer mismatches = 0;                         // reads unlike the model
    reg     control = 1'b0;                         // the negative control: count, do not fail
    task automatic expect_read(input integer w, input [31:0] got);
        begin
            checks = checks + 1;
            if (got !== model[w]) begin
                mismatches = mismatches + 1;
                if (!control) begin
                    $sformat(msg, "word %0d reads 0x%08h, want 0x%08h", w, got, model[w]);
                    fail(msg);
                end
            end
        end
    endtask

    // one access with cyc and stb for exactly the request and ack cycles
    task automatic access(input write, input [3:0] s, input integer w, input [31:0] d);
        begin
            cyc = 1'b1; stb = 1'b1; we = write; sel = s; adr = 4 * w; dat_w = d;
            idle(1);
            if (ack !== 1'b1) fail("no ack");
            if (write) model[w] = merge(model[w], d, s);
            else expect_read(w, dat_r);
            cyc = 1'b0; stb = 1'b0; we = 1'b0;
            idle(1);
        end
    endtask

    integer i, w, seed = 11, e0;
    reg [31:0] r;
    reg        write;
    initial begin
        idle(2);
        // every word, stb held across accesses: the next one is set up in each ack cycle
        cyc = 1'b1; stb = 1'b1; we = 1'b1; sel = 4'hf;
        for (w = 0; w < WORDS; w = w + 1) begin
            adr = 4 * w;                            // in the last one's ack cycle
            dat_w = $random(seed);
            if (w > 0) begin
                idle(1);
                if (ack !== 1'b0) fail("held stb: an ack in the request cycle");
            end
            idle(1);
            if (ack !== 1'b1) fail("held stb: no ack");
            model[w] = dat_w;
        end
        cyc = 1'b0; stb = 1'b0;
        idle(2);
        if (errors == 0) $display("PASS %0d words written with stb held across accesses", WORDS);

        // random single accesses, every byte-enable pattern
        e0 = errors;
        for (i = 0; i < OPS; i = i + 1) begin
            r = $random(seed);
            w = {$random(seed)} % WORDS;
            if (i % 64 < 4) w = i % 64 < 2 ? i % 2 : WORDS - 1 - i % 2;   // the ends often
            write = r[0];
            access(write, r[7:4], w, $random(seed));
            if (write && i % 3 == 0) access(1'b0, 4'h0, w, 32'd0);       // read it straight back
        end
        for (w = 0; w < WORDS; w = w + 1) access(1'b0, 4'hf, w, 32'd0);
        if (errors == e0) $display("PASS %0d random byte-enable writes and reads, then every word", OPS);

        // the instruction port alone: one request a cycle at most, never stalled
        e0 = errors;
        i_on = 1'b1;
        idle(3000);
        i_on = 1'b0;
        idle(4);
        if (i_stalls != 0) fail("instruction port: stalled with no data request");
        if (i_got != i_put || i_reads < 2000 || i_outside == 0) fail("instruction port: too few reads, or some unanswered");
        if (errors == e0) $display("PASS instruction port alone: %0d reads (%0d beyond the RAM, err), in order", i_reads, i_outside);

        // reads with stb held: the data in each ack cycle; the instruction port beside
        e0 = errors;
        i_reads = 0;
        i_on = 1'b1;
        cyc = 1'b1; stb = 1'b1; we = 1'b0;
        for (i = 0; i < 2000; i = i + 1) begin
            w = {$random(seed)} % WORDS;
            adr = 4 * w;
            idle(i > 0 ? 2 : 1);
            if (ack !== 1'b1) fail("held stb: no ack");
            expect_read(w, dat_r);
        end
        cyc = 1'b0; stb = 1'b0;
        i_on = 1'b0;
        idle(4);
        if (i_got != i_put || i_reads < 1000) fail("instruction port beside data reads: too few reads, or some unanswered");
        if ((i_stalls != 0) != (SHARED_PORT != 0)) fail("instruction port beside data reads: stalled, or not, against SHARED_PORT");
        if (errors == e0) $display("PASS back-to-back reads with stb held, %0d instruction reads beside (%0d stalled cycles)",
                                   i_reads, i_stalls);

        // negative control: the model changed behind the RAM's back must be caught
        control = 1'b1;
        model[WORDS / 2] = model[WORDS / 2] ^ 32'h0001_0000;
        access(1'b0, 4'hf, WORDS / 2, 32'd0);
        control = 1'b0;
        if (mismatches != 1) fail("negative control: a wrong word was not reported");
        else $display("PASS negative control: a word unlike the model is reported");

        if (errors != 0) $fatal(1, "FAIL tb_soc_ram WORDS %0d: %0d errors, %0d checks", WORDS, errors, checks);
        $display("PASS tb_soc_ram WORDS %0d: %0d checks, %0d cycles", WORDS, checks, cycle);
        $finish;
    end

endmodule

`default_nettype wire
