// accel_core_formal: the formal harness of accel_core's binned batch
// (tests/formal/accel_core.sby): a pass table and COUNT that hold still during a run,
// and the run's properties seen at the core's ports.
`timescale 1ns / 1ps
`default_nettype none

// Environment (what boids_accel guarantees, and nothing more): reset in the first
// cycle only; START at any idle cycle, always a binned batch; COUNT <= N_MAX and the
// table change only between runs (the register block refuses writes while busy);
// the table reads with one cycle's latency while tab_re, as accel_pass_mem. boids_accel
// does not check the table: with CONTRACT = 1 each range is assumed as
// firmware/accel_bins.h promises (within [0, COUNT], the non-empty ones ascending and
// disjoint), with CONTRACT = 0 it is any table.
// Properties of each run (n = COUNT, P = ceil(n / LANES), E = the entries of the
// ranges of passes 0..P-1, a range's being max(end - first, 0)):
//   - busy lasts exactly P (LANES + 1) + E + 8 + (boids in the last pass) cycles,
//     1 if n = 0, and finish is its last (f_len);
//   - exactly P reports (lane 0's write, res_wsel low), the last at or before finish;
//   - the writes go to entries 0, 1, .., n - 1 in that order, one each, all by
//     finish (what RESULTS_READY's streaming relies on).
// accel_core's own `ifdef FORMAL block adds the read addresses (the ranges' under
// CONTRACT) and that a report never meets a write-back.
module accel_core_formal #(
    parameter integer N_MAX = 4,
    parameter integer LANES = 2,
    parameter integer CONTRACT = 1
) (
    input  wire clk
);

    localparam integer IW = $clog2(N_MAX);
    localparam integer RW = IW + 1;
    localparam integer PASSES = (N_MAX + LANES - 1) / LANES;
    localparam integer PASS_W = N_MAX <= LANES ? 1 : $clog2(PASSES);
    localparam integer CW = 7;                      // cycle and entry counters
    localparam integer F_PIPE = 8;                  // a pass's tail to its report, minus 1

    reg f_past_valid = 1'b0;
    always @(posedge clk) f_past_valid <= 1'b1;
    wire rst = !f_past_valid;

    // ---- environment ----------------------------------------------------------
    (* anyseq *) reg             f_start;
    (* anyseq *) reg [IW:0]      f_count_new;
    (* anyseq *) reg [PASSES*6*RW-1:0] f_tab_new;   // entry p at bits p*6*RW
    (* anyseq *) reg [IW-1:0]    f_query;
    (* anyseq *) reg [127:0]     f_boid_rdata;

    wire          busy, finish, tab_re, res_we, res_wsel;
    wire [PASS_W-1:0] tab_raddr;
    wire [IW-1:0] res_waddr;
    reg  [IW:0]   count;
    reg  [PASSES*6*RW-1:0] tab;
    reg  [6*RW-1:0] tab_rdata;
    wire          start = f_start;
    wire          idle_next = !busy && !start;      // no run now or from this edge

    integer p, r;
    always @(posedge clk) begin
        if (idle_next) begin
            count <= f_count_new;
            tab <= f_tab_new;
        end
        if (tab_re)                                 // an address past the table reads 0
            for (p = 0; p < (1 << PASS_W); p = p + 1)
                if (tab_raddr == p) tab_rdata <= p < PASSES ? tab[p*6*RW +: 6*RW] : {6*RW{1'b0}};
    end

    // the ranges as numbers
    function [RW-1:0] lo(input [6*RW-1:0] e, input integer k);
        lo = e[2*k*RW +: RW];
    endfunction
    function [RW-1:0] hi(input [6*RW-1:0] e, input integer k);
        hi = e[(2*k+1)*RW +: RW];
    endfunction

    integer r2;
    always @(*) begin
        assume(count <= N_MAX);
        if (CONTRACT != 0)
            for (p = 0; p < PASSES; p = p + 1)
                for (r = 0; r < 3; r = r + 1) begin
                    assume(lo(tab[p*6*RW +: 6*RW], r) <= count && hi(tab[p*6*RW +: 6*RW], r) <= count);
                    for (r2 = r + 1; r2 < 3; r2 = r2 + 1)
                        if (lo(tab[p*6*RW +: 6*RW], r) < hi(tab[p*6*RW +: 6*RW], r)
                            && lo(tab[p*6*RW +: 6*RW], r2) < hi(tab[p*6*RW +: 6*RW], r2))
                            assume(hi(tab[p*6*RW +: 6*RW], r) <= lo(tab[p*6*RW +: 6*RW], r2));
                end
    end

    accel_core #(
        .N_MAX(N_MAX),
        .LANES(LANES),
        .BINNING(1)
    ) u_core (
        .clk(clk),
        .rst(rst),
        .start(start),
        .batch(1'b1),
        .binned(1'b1),
        .count(count),
        .query(f_query),
        .visual(24'd0),
        .visual2(64'd0),
        .protected2(64'd0),
        .freed({(IW+1){1'b0}}),                     // no ring here (RESULT_SLOTS = N_MAX)
        .busy(busy),
        .finish(finish),
        .boid_raddr(),
        .boid_vraddr(),
        .boid_rdata(f_boid_rdata),
        .tab_re(tab_re),
        .tab_raddr(tab_raddr),
        .tab_rdata(tab_rdata),
        .res_we(res_we),
        .res_waddr(res_waddr),
        .res_wsel(res_wsel),
        .res_wdata_lane0(),
        .res_wdata_shadow()
    );

    // ---- the run's measure -----------------------------------------------------
    reg [CW-1:0] f_passes, f_entries;
    always @(*) begin
        f_passes = 0;
        f_entries = 0;
        for (p = 0; p < PASSES; p = p + 1)
            if (p * LANES < count) begin
                f_passes = f_passes + 1;
                for (r = 0; r < 3; r = r + 1)
                    if (lo(tab[p*6*RW +: 6*RW], r) < hi(tab[p*6*RW +: 6*RW], r))
                        f_entries = f_entries + hi(tab[p*6*RW +: 6*RW], r) - lo(tab[p*6*RW +: 6*RW], r);
            end
    end
    wire [CW-1:0] f_last_boids = count - (f_passes - 1'b1) * LANES;
    wire [CW-1:0] f_len = count == 0 ? 1
                        : f_passes * (LANES + 1) + f_entries + F_PIPE + f_last_boids;

    // ---- counted apart from the core ---------------------------------------------
    reg  [CW-1:0]    f_cyc;                         // busy cycles of this run so far
    reg  [CW-1:0]    f_reports;                     // reports before this cycle
    reg  [CW-1:0]    f_writes;                      // entries written before this cycle
    wire             report = res_we && !res_wsel;

    always @(posedge clk) begin
        if (busy) begin
            f_cyc <= f_cyc + 1'b1;
            f_reports <= f_reports + report;
            f_writes <= f_writes + res_we;
        end
        if (start && !busy) begin
            f_cyc <= 1;
            f_reports <= 0;
            f_writes <= 0;
        end
    end

    always @(*) if (f_past_valid) begin
        // nothing happens between runs
        if (!busy) f_idle: assert(!finish && !res_we);
        if (busy) begin
            // the run's length (f_cyc counts this cycle): finish exactly in its last
            f_length: assert(f_cyc <= f_len && finish == (f_cyc == f_len));
            // at most P reports, all P by finish
            f_report_count: assert(f_reports + report <= f_passes);
            if (finish) f_reports_done: assert(f_reports + report == f_passes);
            // entries 0..n-1 in order, each once, all by finish
            if (res_we) f_write_order: assert(res_waddr == f_writes && f_writes < count);
            if (finish) f_writes_done: assert(f_writes + res_we == count);
        end
    end

endmodule

`default_nettype wire
