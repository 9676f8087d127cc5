// tb_soc_flash_loader: self-checking testbench of the boot loader (rtl/soc_flash_loader.v)
// against the SPI flash model: the words written, their order and addresses, the
// CPU hold, done and error, SPI mode 0 timing and tRES1, wait states, a bus error.
`timescale 1ns / 1ps
`default_nettype none

// Run (see tests/test_rtl_icarus.sh):
//   iverilog -g2012 -I rtl -y rtl -o tb tests/rtl/tb_soc_flash_loader.v tests/rtl/spi_flash_model.v
//   vvp -N tb [+WAVES] [+DUMPFILE=path]        (tb_soc_flash_loader.gtkw shows run 0)
// With -y rtl/ice40 first (and yosys' cells_sim.v) the RAM is the SPRAM one.
// Three loaders run side by side at 25.125 MHz, each with its own flash model:
//   run 0  the board's case: 64 KiB from 0x100000, SCK = clk/2, into soc_ram (16K words),
//          read back through the bus afterwards;
//   run 1  SCK = clk/6, 512 bytes from the odd address 0x0ABCD1, into a slave with
//          random wait states; then, after a reset, the same with a bus error on a word;
//   run 2  the negative control: tRES1 far too short. The flash model must count the
//          violation and ignore the read, and the data check must see every word wrong.
// Flash bytes are a hash of their flash address, so a word from the wrong place or in
// the wrong byte order is seen.
module tb_soc_flash_loader;
    `define TB_NAME "tb_soc_flash_loader"
    `include "tb_waves.vh"

    parameter integer BYTES_MAIN = 65536;           // run 0: the board's 64 KiB
    localparam integer CLOCK_HZ = 25_125_000;
    localparam real PERIOD = 39.8;                  // ns: 25.125 MHz to the picosecond
    localparam integer TRES1_NS = 3000;
    localparam integer ERR_WORD = 37;               // run 1: the word that gets a bus error

    reg clk = 1'b0;
    always #(PERIOD / 2) clk = !clk;
    `include "tb_checks.vh"

    // a flash byte: a hash of its 24-bit flash address
    function automatic [7:0] pat(input [23:0] a);
        reg [31:0] x;
        begin
            x = {8'd0, a} * 32'h9e37_79b1;
            x = x ^ (x >> 15);
            x = x * 32'h85eb_ca77;
            pat = x[23:16] ^ x[7:0];
        end
    endfunction

    // the word a loader reading from flash address `base` writes at word index k
    function automatic [31:0] expect_word(input [23:0] base, input integer k);
        reg [23:0] a;
        begin
            a = base + 4 * k;
            expect_word = {pat(a + 3), pat(a + 2), pat(a + 1), pat(a)};
        end
    endfunction

    reg [2:0] rst = 3'b111;                         // one reset a run
    reg [3:0] rand_waits = 4'd0;                    // run 1: most wait states, 0 none
    integer   err_at = -1;                          // run 1: the word answered with err

    // run 0's RAM is also read by the testbench when its loader is done
    reg        tb_owns = 1'b0;
    reg        t_cyc = 1'b0, t_we = 1'b0;
    reg [31:0] t_adr = 32'd0, t_dat = 32'd0;
    reg [3:0]  t_sel = 4'd0;

    genvar r;
    generate
        for (r = 0; r < 3; r = r + 1) begin : g_run
            localparam integer BASE = r == 1 ? 'h0abcd1 : 'h100000;
            localparam integer BYTES = r == 0 ? BYTES_MAIN : r == 1 ? 512 : 64;
            localparam integer DIV = r == 1 ? 6 : 2;
            localparam integer TRES1 = r == 2 ? 20 : (CLOCK_HZ / 1_000_000 + 1) * 3;
            localparam integer WORDS = BYTES / 4;

            wire        cyc, stb, we, ack, err;
            wire [3:0]  sel;
            wire [31:0] adr, dat;
            wire        sck, cs_n, mosi;
            tri1        miso;                       // a pull-up: nothing drives MISO reads 1
            wire        cpu_hold, busy, done, error;

            soc_flash_loader #(
                .CLOCK_HZ(CLOCK_HZ), .FLASH_OFFSET(BASE), .BYTES(BYTES), .SCK_DIV(DIV),
                .TRES1_CYCLES(TRES1)
            ) u_loader (
                .clk(clk), .rst(rst[r]),
                .wb_cyc_o(cyc), .wb_stb_o(stb), .wb_we_o(we), .wb_sel_o(sel),
                .wb_adr_o(adr), .wb_dat_o(dat), .wb_ack_i(ack), .wb_err_i(err),
                .spi_sck(sck), .spi_cs_n(cs_n), .spi_mosi(mosi), .spi_miso(miso),
                .cpu_hold(cpu_hold), .busy(busy), .done(done), .error(error)
            );

            spi_flash_model #(
                .BASE(BASE & 'hffff00), .SIZE(BYTES + 256), .TRES1_NS(TRES1_NS)
            ) u_flash (
                .sck(sck), .cs_n(cs_n), .mosi(mosi), .miso(miso)
            );

            integer i;
            initial begin
                #1;                                 // after the model's own erase to 0xFF
                for (i = 0; i < BYTES + 256; i = i + 1) u_flash.mem[i] = pat((BASE & 'hffff00) + i);
            end

            if (r == 0) begin : g_ram
                wire [31:0] q;
                wire        r_ack;
                soc_ram #(.WORDS(BYTES_MAIN / 4)) u_ram (
                    .clk(clk),
                    .wb_cyc_i(tb_owns ? t_cyc : cyc), .wb_stb_i(tb_owns ? t_cyc : stb),
                    .wb_we_i(tb_owns ? t_we : we), .wb_sel_i(tb_owns ? t_sel : sel),
                    .wb_adr_i(tb_owns ? t_adr : adr), .wb_dat_i(tb_owns ? t_dat : dat),
                    .wb_dat_o(q), .wb_ack_o(r_ack),
                    .ibus_cyc_i(1'b0), .ibus_stb_i(1'b0), .ibus_adr_i(32'd0), .ibus_dat_o(),
                    .ibus_ack_o(), .ibus_err_o(), .ibus_stall_o()      // no fetches here
                );
                assign ack = !tb_owns && r_ack;
                assign err = 1'b0;
            end else if (r == 1) begin : g_slow
                // acknowledges after 0..rand_waits wait states, or answers err_at with err
                reg     s_ack = 1'b0, s_err = 1'b0;
                integer waits = 0, seed = 7;
                always @(posedge clk) begin
                    s_ack <= 1'b0;
                    s_err <= 1'b0;
                    if (cyc && stb && !s_ack && !s_err) begin
                        if (waits == 0) begin
                            if (adr == 4 * err_at) s_err <= 1'b1;
                            else s_ack <= 1'b1;
                            waits = rand_waits == 0 ? 0 : {$random(seed)} % (rand_waits + 1);
                        end else begin
                            waits = waits - 1;
                        end
                    end
                end
                assign ack = s_ack;
                assign err = s_err;
            end else begin : g_fast
                reg s_ack = 1'b0;
                always @(posedge clk) s_ack <= cyc && stb && !s_ack;
                assign ack = s_ack;
                assign err = 1'b0;
            end

            // the bus as the loader drives it, every write in order; the status where it moves
            integer    writes = 0, wrong_data = 0, errs = 0, pins_after = 0;
            reg        pending = 1'b0, rst_q = 1'b0;
            reg [31:0] p_adr, p_dat;
            reg [3:0]  status_q = 4'b1100;
            wire [3:0] status = {cpu_hold, busy, done, error};
            wire       finished = done === 1'b1 || error === 1'b1;
            reg [8*200-1:0] msg;
            always @(posedge clk) rst_q <= rst[r];
            always @(posedge clk) if (!rst[r]) begin
                if (cyc || stb || pending) begin
                    if (cyc !== stb) fail("cyc and stb differ");
                    if (cyc && (we !== 1'b1 || sel !== 4'hf)) fail("a loader access is not a full-word write");
                    if (cyc && finished) fail("a bus access after done or error");
                    if (pending && (!cyc || adr !== p_adr || dat !== p_dat)) begin
                        $sformat(msg, "run %0d: the request changed or ended during wait states", r);
                        fail(msg);
                    end
                    pending = cyc && !ack && !err;
                    p_adr = adr;
                    p_dat = dat;
                    if (cyc && ack) begin
                        checks = checks + 1;
                        if (adr !== 4 * writes) begin
                            $sformat(msg, "run %0d: write %0d at 0x%0h, want 0x%0h", r, writes, adr, 4 * writes);
                            fail(msg);
                        end
                        if (dat !== expect_word(BASE, writes)) begin
                            wrong_data = wrong_data + 1;
                            if (r != 2) begin           // run 2 expects them
                                $sformat(msg, "run %0d: word %0d is 0x%08h, want 0x%08h", r, writes, dat,
                                         expect_word(BASE, writes));
                                fail(msg);
                            end
                        end
                        writes = writes + 1;
                        if (writes > WORDS) fail("more writes than words");
                    end
                    if (cyc && err) errs = errs + 1;
                end
                // busy, then done (the CPU released) or error (held), only after the last write
                if (status !== status_q) begin
                    checks = checks + 1;
                    if (status_q !== 4'b1100 || (status !== 4'b0010 && status !== 4'b1001)) begin
                        $sformat(msg, "run %0d: {cpu_hold, busy, done, error} went %b -> %b", r, status_q, status);
                        fail(msg);
                    end
                    if (done === 1'b1 && (writes != WORDS || cyc)) begin
                        $sformat(msg, "run %0d: cpu_hold fell after %0d of %0d writes", r, writes, WORDS);
                        fail(msg);
                    end
                    if (cs_n !== 1'b1 || sck !== 1'b0) begin
                        $sformat(msg, "run %0d: finished with CS low or SCK high", r);
                        fail(msg);
                    end
                end
                status_q = status;
            end else if (rst_q) begin               // a cycle into reset
                if (status !== 4'b1100 || cyc !== 1'b0)
                    fail("in reset: {cpu_hold, busy, done, error} is not 1100, or cyc is high");
                status_q = 4'b1100;
                writes = 0;
                wrong_data = 0;
                errs = 0;
                pending = 1'b0;
            end
            always @(sck or cs_n) if (finished) pins_after = pins_after + 1;
        end
    endgenerate

    // wait for run R to finish (done or error), at most `limit` cycles
    task automatic wait_finish(input integer run, input integer limit, output integer took);
        begin
            took = 0;
            while (took < limit && !(run == 0 ? (g_run[0].done || g_run[0].error)
                                   : run == 1 ? (g_run[1].done || g_run[1].error)
                                   : (g_run[2].done || g_run[2].error))) begin
                @(posedge clk);
                took = took + 1;
            end
            if (took >= limit) $fatal(1, "FAIL run %0d never finished", run);
        end
    endtask

    // SPI checks common to runs 0 and 1: two commands, an 8-bit wake then one read of
    // exactly the image, tRES1 between them, SCK phases of SCK_DIV / 2 clocks
    reg [8*200-1:0] msg;
    task automatic check_spi(input integer run, input integer div, input integer tres1,
                             input integer perr, input integer viol, input integer ign,
                             input integer ncmd, input integer nreads, input integer nwakes,
                             input [7:0] c0, input [7:0] c1, input real hi, input real lo,
                             input real cs_hi, input integer nbytes, input integer bits0,
                             input integer bits1, input integer want_bytes);
        begin
            checks = checks + 1;
            if (perr != 0 || viol != 0 || ign != 0) begin
                $sformat(msg, "run %0d: flash model saw %0d protocol errors, %0d tRES1 violations, %0d ignored commands",
                         run, perr, viol, ign);
                fail(msg);
            end
            if (ncmd != 2 || c0 != 8'hab || c1 != 8'h03 || nreads != 1 || nwakes != 1) begin
                $sformat(msg, "run %0d: commands %0d (%02h %02h), reads %0d, wakes %0d; want 0xAB then 0x03",
                         run, ncmd, c0, c1, nreads, nwakes);
                fail(msg);
            end
            if (hi < div / 2 * PERIOD - 0.01 || lo < div / 2 * PERIOD - 0.01 || hi > div / 2 * PERIOD + 0.01) begin
                $sformat(msg, "run %0d: SCK high %0.1f ns, low %0.1f ns at least; want %0.1f", run, hi, lo,
                         div / 2 * PERIOD);
                fail(msg);
            end
            if (cs_hi < tres1 * PERIOD - 0.01 || cs_hi < TRES1_NS) begin
                $sformat(msg, "run %0d: CS high %0.1f ns between commands; want >= %0d cycles and %0d ns",
                         run, cs_hi, tres1, TRES1_NS);
                fail(msg);
            end
            if (nbytes != want_bytes || bits0 != 8 || bits1 != 32 + 8 * want_bytes) begin
                $sformat(msg, "run %0d: the flash sent %0d bytes, commands of %0d and %0d bits; want %0d, 8 and %0d",
                         run, nbytes, bits0, bits1, want_bytes, 32 + 8 * want_bytes);
                fail(msg);
            end
        end
    endtask

    integer took0, took1, took2, k, e0, e1, e2, after;
    reg [31:0] q;
    initial begin
        idle(5);
        rst = 3'b000;
        fork
            // ---- run 0: the board's 64 KiB, then every word read back ----------------------
            begin
                wait_finish(0, 40 * BYTES_MAIN, took0);
                e0 = errors;
                if (g_run[0].done !== 1'b1) fail("run 0: no done");
                if (g_run[0].writes != BYTES_MAIN / 4) fail("run 0: not every word written");
                check_spi(0, 2, g_run[0].TRES1, g_run[0].u_flash.protocol_errors,
                          g_run[0].u_flash.tres1_violations, g_run[0].u_flash.ignored_commands,
                          g_run[0].u_flash.commands, g_run[0].u_flash.reads, g_run[0].u_flash.wakes,
                          g_run[0].u_flash.cmd_log[0], g_run[0].u_flash.cmd_log[1],
                          g_run[0].u_flash.min_sck_high, g_run[0].u_flash.min_sck_low,
                          g_run[0].u_flash.min_cs_high, g_run[0].u_flash.bytes_out,
                          g_run[0].u_flash.cmd_bits[0], g_run[0].u_flash.cmd_bits[1], BYTES_MAIN);
                // read back through the bus, each word in the ack cycle
                idle(1);
                tb_owns = 1'b1;
                for (k = 0; k < BYTES_MAIN / 4; k = k + 1) begin
                    t_cyc = 1'b1; t_we = 1'b0; t_sel = 4'hf; t_adr = 4 * k;
                    if (g_run[0].g_ram.r_ack !== 1'b0) fail("readback: ack in the request cycle");
                    @(posedge clk); #1;
                    checks = checks + 1;
                    if (g_run[0].g_ram.r_ack !== 1'b1) fail("readback: no ack a cycle after the request");
                    if (g_run[0].g_ram.q !== expect_word('h100000, k)) begin
                        $sformat(msg, "readback: RAM word %0d is 0x%08h, want 0x%08h", k, g_run[0].g_ram.q,
                                 expect_word('h100000, k));
                        fail(msg);
                    end
                    t_cyc = 1'b0;
                    @(posedge clk); #1;
                end
                if (errors == e0)
                    $display("PASS run 0: %0d bytes from 0x100000 at SCK = clk/2 in %0d cycles (%0.2f ms at %0.3f MHz), every word read back",
                             BYTES_MAIN, took0, took0 * PERIOD / 1.0e6, CLOCK_HZ / 1.0e6);
            end
            // ---- run 1: slow SCK, wait states; then a bus error ----------------------------
            begin
                rand_waits = 4'd4;
                wait_finish(1, 100000, took1);
                e1 = errors;
                if (g_run[1].done !== 1'b1 || g_run[1].writes != 128) fail("run 1: not done after 128 writes");
                check_spi(1, 6, g_run[1].TRES1, g_run[1].u_flash.protocol_errors,
                          g_run[1].u_flash.tres1_violations, g_run[1].u_flash.ignored_commands,
                          g_run[1].u_flash.commands, g_run[1].u_flash.reads, g_run[1].u_flash.wakes,
                          g_run[1].u_flash.cmd_log[0], g_run[1].u_flash.cmd_log[1],
                          g_run[1].u_flash.min_sck_high, g_run[1].u_flash.min_sck_low,
                          g_run[1].u_flash.min_cs_high, g_run[1].u_flash.bytes_out,
                          g_run[1].u_flash.cmd_bits[0], g_run[1].u_flash.cmd_bits[1], 512);
                after = g_run[1].pins_after;
                idle(200);
                if (g_run[1].pins_after != after) fail("run 1: SCK or CS moves after done");
                if (errors == e1)
                    $display("PASS run 1: 512 bytes from 0x0abcd1 at SCK = clk/6 with 0..4 wait states, %0d cycles",
                             took1);
                // the same loader again, a bus error on word ERR_WORD
                e1 = errors;
                err_at = ERR_WORD;
                rst[1] = 1'b1;
                idle(3);
                rst[1] = 1'b0;
                wait_finish(1, 100000, took1);
                if (g_run[1].error !== 1'b1 || g_run[1].done !== 1'b0) fail("run 1: a bus error without error");
                if (g_run[1].writes != ERR_WORD || g_run[1].errs != 1) begin
                    $sformat(msg, "run 1: %0d writes and %0d errors before stopping; want %0d and 1",
                             g_run[1].writes, g_run[1].errs, ERR_WORD);
                    fail(msg);
                end
                after = g_run[1].pins_after;
                idle(500);
                checks = checks + 1;
                if (g_run[1].cpu_hold !== 1'b1) fail("run 1: the CPU released after a bus error");
                if (g_run[1].pins_after != after || g_run[1].cyc) fail("run 1: SPI or bus active after the error");
                if (g_run[1].u_flash.protocol_errors != 0) fail("run 1: flash protocol errors around the bus error");
                if (errors == e1)
                    $display("PASS run 1: a bus error on word %0d stops the copy; error set, the CPU held, CS high",
                             ERR_WORD);
            end
            // ---- run 2: the negative control ------------------------------------------------
            begin
                wait_finish(2, 100000, took2);
                e2 = errors;
                checks = checks + 1;
                if (g_run[2].u_flash.tres1_violations != 1 || g_run[2].u_flash.reads != 0 ||
                    g_run[2].u_flash.ignored_commands != 1)
                    fail("negative control: the flash model missed a read inside tRES1");
                if (g_run[2].wrong_data != 16 || g_run[2].writes != 16)
                    fail("negative control: the data check missed words read from a deaf flash");
                if (g_run[2].u_flash.min_cs_high >= TRES1_NS) fail("negative control: CS was high long enough");
                if (errors == e2)
                    $display("PASS negative control: a loader with tRES1 = 20 cycles is caught (%0d violation, %0d of 16 words wrong)",
                             g_run[2].u_flash.tres1_violations, g_run[2].wrong_data);
            end
        join
        if (errors != 0) $fatal(1, "FAIL tb_soc_flash_loader: %0d errors, %0d checks", errors, checks);
        $display("PASS tb_soc_flash_loader: %0d checks, %0d cycles", checks, cycle);
        $finish;
    end

endmodule

`default_nettype wire
