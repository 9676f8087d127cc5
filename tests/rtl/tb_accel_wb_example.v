// tb_accel_wb_example: self-checking testbench of rtl/examples/accel_wb_example.v, the
// accelerator on a CPU-less Wishbone master at another address base: every result word
// the master reads equals the C golden model's, the bus and the interrupt behave.
`timescale 1ns / 1ps
`default_nettype none

// Run (see tests/test_rtl_icarus.sh, which makes the two files from the C model's vectors):
//   iverilog -g2012 -I rtl -y rtl -y rtl/examples -P tb_accel_wb_example.LANES=2 \
//       -o tb tests/rtl/tb_accel_wb_example.v
//   vvp -N tb +SCENE=scene.hex +EXPECT=expect.hex [+WAVES] [+DUMPFILE=path]
// scene.hex is the master's ROM (accel_example_master.v); expect.hex the 7 result words
// of boids 0 to N-1, one a line, as the bus reads them.
module tb_accel_wb_example;

    parameter integer N_MAX = 64;
    parameter integer LANES = 3;
    parameter integer BINNING = 0;
    parameter [31:0]  ACCEL_BASE = 32'h3000_0000;

    localparam integer ROM_WORDS = 6 + 4 * N_MAX;
    localparam integer TIMEOUT = 2000000;           // cycles the whole program may take

    reg         clk = 1'b0;
    reg         rst = 1'b1;
    wire        res_valid, done, error, bus_error;
    wire [15:0] res_boid;
    wire [2:0]  res_word;
    wire [31:0] res_data, cycles;

    always #5 clk = !clk;

    accel_wb_example #(
        .N_MAX(N_MAX),
        .LANES(LANES),
        .BINNING(BINNING),
        .ACCEL_BASE(ACCEL_BASE)
    ) dut (
        .clk(clk), .rst(rst),
        .res_valid_o(res_valid), .res_boid_o(res_boid), .res_word_o(res_word),
        .res_data_o(res_data), .cycles_o(cycles), .done_o(done), .error_o(error),
        .bus_error_o(bus_error)
    );

`define TB_NAME "tb_accel_wb_example"
`include "tb_waves.vh"
`include "tb_checks.vh"

    // ---- the scene and the C model's sums ------------------------------------------
    reg [31:0]     rom [0:ROM_WORDS-1];
    reg [31:0]     expect_words [0:7*N_MAX-1];
    reg [8*256-1:0] scene_file, expect_file;
    integer        n;

    // ---- the master's bus, every cycle (Wishbone B4 classic) -----------------------
    wire        cyc = dut.cyc, stb = dut.stb, we = dut.we, ack = dut.ack;
    wire [31:0] adr = dut.adr, dat_w = dut.dat_w;
    reg         held = 1'b0;                        // a request is waiting for its ack
    reg  [31:0] held_adr, held_dat;
    reg         held_we;
    integer     wait_cycles = 0, accesses = 0;
    always @(posedge clk) begin
        #1;
        if (!rst) begin
            if (stb && !cyc) fail("wishbone: stb without cyc");
            if (ack && !(cyc && stb)) fail("wishbone: ack without a request");
            if (cyc && stb && adr[31:20] != ACCEL_BASE[31:20]) fail("the master left the accelerator's 1 MiB");
            if (cyc && stb && adr[1:0] != 2'b00) fail("the master's address is not word aligned");
            if (held && (adr !== held_adr || we !== held_we || (we && dat_w !== held_dat) || !stb))
                fail("wishbone: the master changed or dropped a request before its ack");
            if (held) wait_cycles = wait_cycles + 1;
            if (wait_cycles > 2) fail("wishbone: no ack within 2 cycles");
        end
        // the state after this edge: is a request still waiting?
        held = !rst && cyc && stb && !ack;
        if (ack || !held) wait_cycles = 0;
        if (ack) accesses = accesses + 1;
        held_adr = adr;
        held_we = we;
        held_dat = dat_w;
    end

    // ---- the interrupt: rises once a run, with STATUS.DONE, drops with its clear ------
    wire    irq = dut.irq;
    integer irq_rises = 0;
    reg     irq_q = 1'b0;
    always @(posedge clk) begin
        #1;
        if (irq && !irq_q) irq_rises = irq_rises + 1;
        if (irq !== (dut.u_accel.st_done && dut.u_accel.ctrl_irq_en))
            fail("irq_o is not STATUS.DONE & CTRL.IRQ_EN");
        irq_q = irq;
    end

    // ---- the run's length, seen from outside: BUSY cycles against CYCLES ----------------
    integer busy_cycles = 0;
    always @(posedge clk) begin
        if (rst) busy_cycles <= 0;
        else if (dut.u_accel.busy) busy_cycles <= busy_cycles + 1;
    end

    // ---- the results, in order, against the C model ------------------------------------
    integer results = 0, mismatches = 0, shifted_differs = 0;
    always @(posedge clk) begin
        #1;
        if (res_valid && !rst) begin
            if (res_boid != results / 7 || res_word != results % 7)
                fail("result words out of order");
            else begin
                checks = checks + 1;
                if (res_data !== expect_words[results]) begin
                    mismatches = mismatches + 1;
                    if (mismatches <= 10)
                        $display("FAIL boid %0d word %0d: read %h, the C model %h",
                                 res_boid, res_word, res_data, expect_words[results]);
                end
                // the same words against the next boid's: the comparison must be able to fail
                if (results + 7 < 7 * n && res_data !== expect_words[results + 7])
                    shifted_differs = shifted_differs + 1;
            end
            results = results + 1;
        end
    end

    // Runs the program from reset to done_o; the checks above watch it.
    task run_program(input integer stop_after_busy);
        integer t;
        begin
            results = 0;
            mismatches = 0;
            shifted_differs = 0;
            irq_rises = 0;
            accesses = 0;
            rst = 1'b1;
            idle(2);
            rst = 1'b0;
            t = 0;
            while (!done && t < TIMEOUT && !(stop_after_busy > 0 && busy_cycles >= stop_after_busy)) begin
                idle(1);
                t = t + 1;
            end
            if (t >= TIMEOUT) fail("the program did not end");
        end
    endtask

    integer expect_cycles, passes, last_pass;
    initial begin
        if (!$value$plusargs("SCENE=%s", scene_file) || !$value$plusargs("EXPECT=%s", expect_file)) begin
            $display("FAIL usage: +SCENE=<rom hex> +EXPECT=<expect hex>");
            $fatal(1, "FAIL tb_accel_wb_example: no scene");
        end
        $readmemh(scene_file, rom, 0);
        $readmemh(expect_file, expect_words, 0);
        // the master's ROM is filled here, not by its ROM_FILE: one scene file for both
        $readmemh(scene_file, dut.u_master.rom, 0);
        n = rom[5];
        if (^rom[5] === 1'bx || n < 1 || n > N_MAX) begin
            $display("FAIL the scene's COUNT %h is not 1 to N_MAX", rom[5]);
            $fatal(1, "FAIL tb_accel_wb_example: no scene");
        end
        $display("tb_accel_wb_example: N %0d in N_MAX %0d, LANES %0d, BINNING %0d, accelerator at %h",
                 n, N_MAX, LANES, BINNING, ACCEL_BASE);

        // A reset in the middle of the batch: the master starts over, and the next
        // program's results are right (the accelerator's memories keep their contents).
        run_program(5);
        if (done) fail("the program ended before the reset it was to get");
        run_program(0);

        if (error) fail("the master reports an error (STATUS, or no interrupt)");
        if (bus_error) fail("an access missed the accelerator");
        if (results != 7 * n) begin
            fail("the master did not read every result word");
            $display("     %0d words, expected %0d", results, 7 * n);
        end
        if (mismatches != 0) fail("result words differ from the C model");
        if (n > 1 && shifted_differs == 0) fail("the results do not tell boids apart: the check is void");
        if (irq_rises != 1) fail("the interrupt did not rise exactly once");
        if (irq) fail("the interrupt is still up after the master cleared DONE");
        // every write of the ROM, START, STATUS, its clear, CYCLES, the result words
        if (accesses != 6 + 4 * n + 1 + 1 + 1 + 1 + 7 * n) begin
            fail("the master made other accesses than its program's");
            $display("     %0d accesses", accesses);
        end
        // CYCLES counts from START to DONE: the BUSY cycles, as docs/accelerator.md gives them
        passes = (n + LANES - 1) / LANES;
        last_pass = n - (passes - 1) * LANES;
        expect_cycles = (LANES < n ? LANES : n) + passes * (n + 1) + 8 + last_pass;
        checks = checks + 3;
        if (cycles != busy_cycles) begin
            fail("CYCLES is not the run's BUSY cycles");
            $display("     CYCLES %0d, BUSY %0d cycles", cycles, busy_cycles);
        end
        if (cycles != expect_cycles) begin
            fail("CYCLES is not min(LANES, N) + P (N + 1) + 8 + (boids in the last pass)");
            $display("     CYCLES %0d, expected %0d", cycles, expect_cycles);
        end
        $display("tb_accel_wb_example: %0d result words, CYCLES %0d, %0d cycles simulated, %0d checks",
                 results, cycles, cycle, checks);
        if (errors == 0) $display("PASS tb_accel_wb_example: %0d checks", checks);
        else $fatal(1, "FAIL tb_accel_wb_example: %0d of %0d checks failed", errors, checks);
        $finish;
    end

endmodule

`default_nettype wire
