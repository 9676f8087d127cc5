// tb_accel_steer: the neighbour steering unit (rtl/accel_steer.v) against the C
// reference (firmware/neighbor_steer.h) on the runs of tests/rtl/gen_steer_vectors.c,
// and in its runs with velocity against the rules' steps 1 and 2 (neighbor_steer_apply
// and steer_edges) on each boid's own state, read from a boid memory here, and in
// its runs with limit against step 5 (limit_speed_slow, or left to the CPU), and in
// its runs with predators against step 3 before it (steer_from_predators) with the
// run's predator table.
// Here the testbench plays the accelerator around the unit: a result memory with a
// registered read port, a core that writes the entries one by one at random times
// and takes the write port in random cycles, a bus that takes the read port in
// random cycles. Checks every steered entry bit for bit, the entries beyond N left
// alone, that an entry is read only once written, that the boid memory is read only
// with velocity and at the entry's own index, STEERED and FINISH, the cycles an
// entry takes (with limit: by the outcome; with predators: by the predators whose
// box holds the boid), a run of N = 0, and a reset in the middle of a run.
// Plusargs: +VEC=file.
`timescale 1ns / 1ps
`default_nettype none

module tb_accel_steer #(
    parameter integer N_MAX = 1024
);
    localparam integer IW = $clog2(N_MAX);
    localparam integer SUM_W = IW + 16;
    localparam integer CNT_W = IW;
    localparam integer RES_W = 6 * SUM_W + CNT_W;

    reg clk = 1'b0;
    always #5 clk = ~clk;
`define TB_NAME "tb_accel_steer"
`include "tb_waves.vh"
`include "tb_checks.vh"

    reg             rst = 1'b1;
    reg             start = 1'b0;
    reg  [IW:0]     count = 0;
    reg  [31:0]     centering = 0, avoid = 0;
    reg             velocity = 1'b0;
    reg  [31:0]     matching = 0, turn = 0, margin = 0, world_w = 0, world_h = 0;
    reg             limit = 1'b0;
    reg             edges_pseudocode = 1'b0;
    reg  [31:0]     minspeed = 0, maxspeed = 0;
    reg             predators = 1'b0;
    reg  [4:0]      pred_count = 0;
    reg  [31:0]     pred_range = 0, pred_turn = 0;
    reg  [63:0]     pred_table[0:15];               // {y, x}
    wire [3:0]      pred_addr;
    wire            own_re;
    wire [IW-1:0]   own_raddr;
    reg  [127:0]    own_rdata;
    reg  [IW:0]     written = 0;
    reg             port_free = 1'b1, core_we = 1'b0;
    wire            busy, finish, res_re, res_we;
    wire [IW:0]     steered;
    wire [IW-1:0]   res_raddr, res_waddr;
    wire [RES_W-1:0] res_wdata;
    reg  [RES_W-1:0] res_rdata;

    accel_steer #(.N_MAX(N_MAX), .RES_W(RES_W)) dut (
        .clk(clk), .rst(rst), .start(start), .count(count), .centering(centering),
        .avoid(avoid), .written(written), .busy(busy), .steered(steered), .finish(finish),
        .port_free(port_free), .res_re(res_re), .res_raddr(res_raddr), .res_rdata(res_rdata),
        .core_we(core_we), .res_we(res_we), .res_waddr(res_waddr), .res_wdata(res_wdata),
        .velocity(velocity), .matching(matching), .turn(turn), .margin(margin),
        .world_w(world_w), .world_h(world_h), .limit(limit), .edges_pseudocode(edges_pseudocode), .minspeed(minspeed),
        .maxspeed(maxspeed), .predators(predators), .pred_count(pred_count),
        .pred_range(pred_range), .pred_turn(pred_turn), .pred_addr(pred_addr),
        .pred_xy(pred_table[pred_addr]),
        .own_re(own_re), .own_raddr(own_raddr), .own_rdata(own_rdata)
    );

    // The result memory: the unit's reads and writes; the core's writes come from
    // the testbench (entry `written` when it moves on).
    reg [RES_W-1:0] mem[0:N_MAX-1];
    reg [RES_W-1:0] raw[0:N_MAX-1];                 // the run's sums entries
    reg [RES_W-1:0] want[0:N_MAX-1];                // the steered entries, from C
    reg [127:0]     own[0:N_MAX-1];                 // the boid memory: {vy, vx, y, x}
    integer finishes = 0;
    always @(posedge clk) begin
        if (res_re) res_rdata <= mem[res_raddr];
        if (own_re) own_rdata <= own[own_raddr];
        if (!rst && own_re && !velocity) fail("the boid memory read in a run without velocity");
        if (!rst && own_re && (!res_re || own_raddr != res_raddr))
            fail("the boid memory read apart from the entry's own read");
        if (res_we) mem[res_waddr] <= res_wdata;
        if (finish) finishes = finishes + 1;
        if (!rst && res_re && !port_free) fail("the unit read while the bus had the port");
        if (!rst && res_re && {1'b0, res_raddr} >= written) fail("an entry read before the core wrote it");
        if (!rst && res_we && core_we) fail("the unit wrote while the core had the port");
        if (!rst && busy && predators && velocity && pred_count != 0 && {1'b0, pred_addr} >= pred_count)
            fail("the unit looked past the run's predators");
    end

    function [RES_W-1:0] pack_sums(input [31:0] sx, sy, cx, cy, ax, ay, n);
        pack_sums = {n[CNT_W-1:0], ay[SUM_W-1:0], ax[SUM_W-1:0], cy[SUM_W-1:0], cx[SUM_W-1:0],
                     sy[SUM_W-1:0], sx[SUM_W-1:0]};
    endfunction
    function [RES_W-1:0] pack_steer(input [31:0] px, py, mx, my, n);
        pack_steer = {n[CNT_W-1:0], {(6*SUM_W-128){1'b0}}, my, mx, py, px};
    endfunction

    // A run: the core writes entries 0..n-1 one at a time with random gaps, holding
    // the write port for a random share of cycles; the bus takes the read port in
    // others. Stops after `cut` cycles if cut > 0 (for the reset test).
    integer seed = 7;
    task run(input integer n, input integer busy_pct, input integer cut);
        integer cyc;
        begin
            count = n;
            written = 0;
            @(negedge clk);
            start = 1'b1;
            @(negedge clk);
            start = 1'b0;
            cyc = 0;
            while ((busy || written < n) && (cut == 0 || cyc < cut) && cyc < 200 * n + 1000) begin
                port_free = ($urandom(seed) % 100) >= busy_pct;
                core_we = 1'b0;
                if (written < n && ($urandom(seed) % 4) == 0) begin
                    core_we = 1'b1;
                    @(posedge clk);
                    mem[written] <= raw[written];
                    written <= written + 1'b1;
                    @(negedge clk);
                end else begin
                    core_we = ($urandom(seed) % 100) < busy_pct;
                    @(negedge clk);
                end
                cyc = cyc + 1;
            end
            port_free = 1'b1;
            core_we = 1'b0;
        end
    endtask

    // A run of n entries, all written before it starts, the ports free: its cycles
    // from start to finish.
    integer timed_cycles;
    task timed(input integer n);
        begin
            for (timed_cycles = 0; timed_cycles < n; timed_cycles = timed_cycles + 1)
                mem[timed_cycles] = raw[timed_cycles];
            count = n;
            written = n;
            port_free = 1'b1;
            core_we = 1'b0;
            @(negedge clk);
            start = 1'b1;
            @(negedge clk);
            start = 1'b0;
            timed_cycles = 1;
            while (busy && timed_cycles < 200 * n + 1000) begin
                @(negedge clk);
                timed_cycles = timed_cycles + 1;
            end
        end
    endtask

    reg [8*256-1:0] vec;
    integer fd, runs, r, n, i, got, entries = 0;
    reg [31:0] w[0:20];
    reg [31:0] c_gain, a_gain, px, py;
    integer pseudo, pseudocode_entries = 0;
    integer vel, lim, prd, np, k, t0, t1, t2, t3, scaled, braked, boxed, outcomes[0:3];
    reg [RES_W-1:0] guard;
    initial begin
        outcomes[0] = 0;
        outcomes[1] = 0;
        outcomes[2] = 0;
        outcomes[3] = 0;
    end

    initial begin
        if (!$value$plusargs("VEC=%s", vec)) begin
            $display("FAIL tb_accel_steer: no +VEC=file");
            $finish;
        end
        fd = $fopen(vec, "r");
        if (fd == 0) begin
            $display("FAIL tb_accel_steer: cannot open %0s", vec);
            $finish;
        end
        got = $fscanf(fd, "%d", runs);
        guard = {RES_W{1'b1}};
        for (i = 0; i < N_MAX; i = i + 1) mem[i] = guard;
        idle(3);
        rst = 1'b0;

        // N = 0: never busy, no finish.
        run(0, 30, 0);
        if (busy || finishes != 0 || steered != 0) fail("a run of N = 0 steered something");
        checks = checks + 1;

        for (r = 0; r < runs; r = r + 1) begin
            got = $fscanf(fd, "%d %h %h %d %h %h %h %h %h %d %d %h %h %d %d %h %h", n, c_gain, a_gain, vel,
                          matching, turn, margin, world_w, world_h, lim, pseudo, minspeed, maxspeed, prd,
                          np, pred_range, pred_turn);
            if (got != 17) begin
                $display("FAIL tb_accel_steer: %0s: run %0d's header unreadable", vec, r);
                $finish;
            end
            for (k = 0; k < np; k = k + 1) begin
                got = $fscanf(fd, "%h %h", px, py);
                pred_table[k] = {py, px};
            end
            velocity = vel != 0;
            limit = lim != 0;
            edges_pseudocode = pseudo != 0;
            if (limit && edges_pseudocode) pseudocode_entries = pseudocode_entries + n;
            predators = prd != 0;
            pred_count = np;
            scaled = 0;
            braked = 0;
            boxed = 0;
            for (i = 0; i < n; i = i + 1) begin
                got = $fscanf(fd, "%h %h %h %h %h %h %h %h %h %h %h %h %h %h %h %h %h %h %h %d %d", w[0],
                              w[1], w[2], w[3], w[4], w[5], w[6], w[7], w[8], w[9], w[10], w[11],
                              w[12], w[13], w[14], w[15], w[16], w[17], w[18], w[19], w[20]);
                if (got != 21) begin
                    $display("FAIL tb_accel_steer: %0s: run %0d entry %0d unreadable", vec, r, i);
                    $finish;
                end
                raw[i] = pack_sums(w[0], w[1], w[2], w[3], w[4], w[5], w[6]);
                want[i] = limit ? pack_steer(w[15], w[16], w[17], w[18], w[6])
                        : velocity ? pack_steer(w[15], w[16], w[9], w[10], w[6])
                                   : pack_steer(w[7], w[8], w[9], w[10], w[6]);
                if (limit) outcomes[w[19]] = outcomes[w[19]] + 1;
                if (w[19] == 2) scaled = scaled + 1;
                if (w[19] == 3) braked = braked + 1;
                boxed = boxed + w[20];
                own[i] = {w[14], w[13], w[12], w[11]};
            end
            for (i = 0; i < N_MAX; i = i + 1) mem[i] = guard;
            centering = c_gain;
            avoid = a_gain;
            finishes = 0;
            run(n, r % 3 == 0 ? 0 : 40, 0);
            checks = checks + 1;
            if (busy) fail("still busy after its run");
            if (finishes != 1) begin
                $display("FAIL run %0d: %0d finish pulses", r, finishes);
                errors = errors + 1;
            end
            if (steered != n) begin
                $display("FAIL run %0d: steered %0d of %0d", r, steered, n);
                errors = errors + 1;
            end
            for (i = 0; i < N_MAX; i = i + 1) begin
                checks = checks + 1;
                if (i < n && mem[i] !== want[i]) begin
                    errors = errors + 1;
                    if (errors <= 30)
                        $display("FAIL run %0d (N %0d, centering %h, avoid %h, velocity %0d, limit %0d, predators %0d of %0d) entry %0d: got %h %h mean %h %h count %0d, want %h %h %h %h %0d",
                                 r, n, c_gain, a_gain, velocity, limit, predators, pred_count, i, mem[i][31:0], mem[i][63:32], mem[i][95:64],
                                 mem[i][127:96], mem[i][6*SUM_W +: CNT_W], want[i][31:0],
                                 want[i][63:32], want[i][95:64], want[i][127:96],
                                 want[i][6*SUM_W +: CNT_W]);
                end
                if (i >= n && mem[i] !== guard) fail("an entry beyond N was written");
            end
            entries = entries + n;
        end

        // The cost of velocity: with every entry written and the ports free, a run
        // with it takes exactly two cycles an entry more than one without; predators
        // (the last run's), 2 more an entry a predator, 3 more for each predator
        // whose box holds the boid, and 1; limit, 6 more an entry, 21 more for each
        // boid it scales and 20 more for each it brakes.
        checks = checks + 1;
        if (!limit || !predators || edges_pseudocode || pseudocode_entries == 0 || outcomes[0] == 0 || outcomes[1] == 0 || outcomes[2] == 0 || outcomes[3] == 0)
            fail("the last run is not one with predators and limit (braking), or the runs with limit miss the pseudocode's edges or an outcome of step 5");
        velocity = 1'b0;
        limit = 1'b0;
        predators = 1'b0;
        timed(n);
        t0 = timed_cycles;
        velocity = 1'b1;
        timed(n);
        t1 = timed_cycles;
        predators = 1'b1;
        timed(n);
        t2 = timed_cycles;
        limit = 1'b1;
        timed(n);
        t3 = timed_cycles;
        checks = checks + 3;
        if (t1 - t0 != 2 * n) begin
            $display("FAIL velocity costs %0d cycles over %0d entries (%0d against %0d), not 2 an entry",
                     t1 - t0, n, t1, t0);
            errors = errors + 1;
        end
        if (t2 - t1 != n * (2 * pred_count + 1) + 3 * boxed) begin
            $display("FAIL predators cost %0d cycles over %0d entries (%0d predators, %0d in a box), not %0d",
                     t2 - t1, n, pred_count, boxed, n * (2 * pred_count + 1) + 3 * boxed);
            errors = errors + 1;
        end
        if (t3 - t2 != 6 * n + 21 * scaled + 20 * braked) begin
            $display("FAIL limit costs %0d cycles over %0d entries (%0d scaled, %0d braked), not %0d",
                     t3 - t2, n, scaled, braked, 6 * n + 21 * scaled + 20 * braked);
            errors = errors + 1;
        end
        for (i = 0; i < n; i = i + 1) if (mem[i] !== want[i]) fail("a timed run's entry differs");

        // No predators in the table: step 3 costs nothing.
        pred_count = 0;
        limit = 1'b0;
        timed(n);
        checks = checks + 1;
        if (timed_cycles != t1) begin
            $display("FAIL a table of no predators costs %0d cycles, not none", timed_cycles - t1);
            errors = errors + 1;
        end
        pred_count = np;
        limit = 1'b1;

        // A reset in the middle of a run: idle at once, and a new run works.
        run(n, 0, 20 * 45);
        rst = 1'b1;
        idle(1);
        rst = 1'b0;
        checks = checks + 1;
        if (busy) fail("busy after a reset");
        for (i = 0; i < N_MAX; i = i + 1) mem[i] = guard;
        finishes = 0;
        run(n, 20, 0);
        checks = checks + 1;
        for (i = 0; i < n; i = i + 1) if (mem[i] !== want[i]) fail("a run after a reset differs");
        if (finishes != 1 || steered != n) fail("the run after a reset did not finish once");

        if (errors == 0)
            $display("PASS tb_accel_steer: %0d entries in %0d runs (step 5: %0d to the CPU, %0d at once, %0d scaled, %0d braked; %0d with the pseudocode's edges), %0d checks",
                     entries, runs, outcomes[0], outcomes[1], outcomes[2], outcomes[3], pseudocode_entries, checks);
        else
            $display("FAIL tb_accel_steer: %0d errors in %0d checks", errors, checks);
        $finish;
    end

endmodule

`default_nettype wire
