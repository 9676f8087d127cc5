// accel_core_formal: the formal harness of accel_core's binned batch
// (tests/formal/accel_core.sby): a pass table and COUNT that hold still during a run,
// and the run's properties seen at the core's ports.
`timescale 1ns / 1ps
`default_nettype none

// Environment (what boids_accel guarantees, and nothing more): reset in the first
// cycle only; START at any idle cycle, always a binned batch; COUNT <= N_MAX and the
// table change only between runs (the register block refuses writes while busy);
// the table reads with one cycle's latency while tab_re, as accel_pass_mem. boids_accel
// does not check the table: with CONTRACT = 1 every range is assumed within
// [0, COUNT] (firmware/accel_bins.c's contract), with CONTRACT = 0 it is any table.
// Properties of each run (n = COUNT, P = ceil(n / LANES), E = the entries of the
// ranges of passes 0..P-1, a range's being max(end - first, 0)):
//   - busy lasts at most P (LANES + 1) + E + F_TAIL cycles (finish falls in it);
//   - exactly P reports (lane 0's write, res_wsel low), the last at or before finish;
//   - every write goes to an entry < n, none twice, and all n are written by finish.
// accel_core's own `ifdef FORMAL block adds the read addresses (under CONTRACT).
module accel_core_formal #(
    parameter integer N_MAX = 8,
    parameter integer LANES = 2,
    parameter integer CONTRACT = 1
) (
    input  wire clk
);

    localparam integer IW = $clog2(N_MAX);
    localparam integer RW = IW + 1;
    localparam integer PASSES = (N_MAX + LANES - 1) / LANES;
    localparam integer PASS_W = N_MAX <= LANES ? 1 : $clog2(PASSES);
    localparam integer CW = 12;                     // cycle and entry counters
    localparam integer F_TAIL = 10;                 // 9 fails: BMC finds a run that long

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
    wire [CW-1:0] f_bound = f_passes * (LANES + 1) + f_entries + F_TAIL;

    // ---- counted apart from the core ---------------------------------------------
    reg  [CW-1:0]    f_cyc;                         // busy cycles of this run so far
    reg  [CW-1:0]    f_reports;                     // reports before this cycle
    reg  [N_MAX-1:0] f_written;                     // entries written before this cycle
    wire             report = res_we && !res_wsel;
    wire [N_MAX-1:0] wmask = res_we ? {{(N_MAX-1){1'b0}}, 1'b1} << res_waddr : {N_MAX{1'b0}};
    wire [N_MAX-1:0] all_n = ~({N_MAX{1'b1}} << count);

    always @(posedge clk) begin
        if (busy) begin
            f_cyc <= f_cyc + 1'b1;
            f_reports <= f_reports + report;
            f_written <= f_written | wmask;
        end
        if (start && !busy) begin
            f_cyc <= 1;
            f_reports <= 0;
            f_written <= {N_MAX{1'b0}};
        end
    end

    always @(*) if (f_past_valid) begin
        // nothing happens between runs
        if (!busy) assert(!finish && !res_we);
        if (busy) begin
            // 1: busy ends within the bound (f_cyc counts this cycle)
            assert(f_cyc <= f_bound);
            // 2: at most P reports, all P by finish
            assert(f_reports + report <= f_passes);
            if (finish) assert(f_reports + report == f_passes);
            // 4: each entry < n written once, all of them by finish
            if (res_we) assert(res_waddr < count && !f_written[res_waddr]);
            if (finish) assert((f_written | wmask) == all_n);
        end
    end

endmodule

`default_nettype wire
