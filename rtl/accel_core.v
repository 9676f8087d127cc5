// accel_core: run control of the neighbor accelerator.
// Streams the boid memory past LANES pair units in passes, loads each pass's query
// boids from the stream of the pass before, and writes finished sums back.
`timescale 1ns / 1ps
`default_nettype none

// A run, once started, is a sequence of segments read from the boid memory, one
// entry a cycle:
//   preload  the first pass's query boids (batch: 0..min(LANES, N)-1; query: QUERY),
//            captured into the next-query registers; no pairs counted
//   gap      one cycle with no entry: the lanes' clear slot (sums to zero)
//   pass p   boids 0..N-1 against the LANES query boids p*LANES+k (batch) or
//            against QUERY on lane 0 (query run). While it streams, the query
//            boids of pass p+1 go by and are captured; at its last entry they
//            become the queries, and a gap and pass p+1 follow at once.
// So a batch run takes min(LANES, N) + P (N + 1) + 8 + (entries of the last pass)
// cycles from START to DONE for P = ceil(N / LANES) passes (within 1.4% of P N for
// N >= 256, LANES <= 16), and a query run N + 11.
// The lanes report their sums 9 cycles after a pass's last read (M: memory output,
// S: broadcast register, seven lane stages): lane 0's are written at once, the
// others go to a shadow register chain and on to the result memory one lane a
// cycle while the next pass streams. A later pass exists only if N > LANES, so
// those LANES - 1 cycles always fit before the next report.
// Velocities are needed only when a pair is added (lane stage 7), so they are read
// from the boid memory's vx, vy arrays 7 cycles after the positions (address
// vaddr, restarted by each pass's clear slot) instead of riding the pipeline, and
// rounded to their terms round(v / 2^7) once for every lane (firmware/neighbors.h:
// velocities within +-64 px/frame, |v| <= 2^22, as the firmware keeps them).
// A binned batch (BINNING = 1, started with batch and binned) has the same pass
// structure, but pass p reads only its candidates, from entry p of the pass table
// (three ranges of entries, `tab_rdata`, read while its preload streams):
//   preload  boids pL..pL+L-1 (always L entries: the passes stay at least L + 1
//            cycles apart, which the write-back needs), captured as the queries;
//            the first entry is the lanes' clear slot, so no gap is needed
//   ranges   each non-empty range of the entry in turn, first..end-1, against the
//            L queries (entries read past N belong to lanes whose results are
//            never written)
//   tail     one cycle with no entry that carries the pass's last flag (a pass
//            whose ranges are all empty still reports)
// So a binned batch takes P (L + 1) + (entries of all ranges) + 8 + (boids in the
// last pass) cycles from START to DONE: the last tail's report comes 9 cycles
// after it, the rest of the last pass one a cycle (tests/formal/accel_core.sby).
// Velocities are then read through a delay line of the position address (the
// ranges break the counter's run), which gives the same addresses in a batch.
// A result ring (RESULT_SLOTS < N_MAX) keeps the last RESULT_SLOTS entries: a batch
// pass then starts only when its entries fit, min(base + L, N) <= freed +
// RESULT_SLOTS, and otherwise holds (no entry read, the pipeline draining) before
// its gap or preload until `freed` lets it. The run is then longer by the cycles
// held and the same otherwise; a pass in flight never waits, so the lanes' timing
// and the write-back are unchanged.
// Sums are as wide as any input needs: a pass adds at most N_MAX - 1 pairs (never
// the query itself), each term |t| <= 2^15: IW + 16 bits a sum, the count IW.
module accel_core #(
    parameter integer N_MAX = 1024,                 // boid and result memory entries
    parameter integer LANES = 8,                    // pair units, 1..16
    parameter integer BINNING = 0,                  // 1: the binned batch (pass table)
    parameter integer RESULT_SLOTS = N_MAX          // result entries kept: N_MAX, or a ring of 2 LANES or more
) (
    input  wire                           clk,
    input  wire                           rst,        // synchronous: back to idle
    // run request; the register block holds the other inputs stable while busy
    input  wire                           start,      // pulse; parameters already checked
    input  wire                           batch,      // with start: 1 every boid, 0 boid `query`
    input  wire                           binned,     // with start and batch: a binned batch
    input  wire [$clog2(N_MAX):0]         count,      // N, 0..N_MAX
    input  wire [$clog2(N_MAX)-1:0]       query,      // < count in a query run
    input  wire [23:0]                    visual,     // Q16.16, <= 255 px
    input  wire [63:0]                    visual2,    // Q32.32
    input  wire [63:0]                    protected2, // Q32.32, <= visual2
    input  wire [$clog2(N_MAX):0]         freed,      // entries the reader is done with (ring only)
    // status
    output reg                            busy,
    output wire                           finish,     // the last busy cycle of a run
    // boid memory read port (entry {vy, vx, y, x}, one cycle after the address)
    output wire [$clog2(N_MAX)-1:0]       boid_raddr,     // x, y
    output wire [$clog2(N_MAX)-1:0]       boid_vraddr,    // vx, vy
    input  wire [127:0]                   boid_rdata,
    // pass table read port (entry {end2, first2, end1, first1, end0, first0}, each
    // $clog2(N_MAX) + 1 bits, one cycle after the address; unused without BINNING)
    output wire                           tab_re,
    output wire [(N_MAX <= LANES ? 1 : $clog2((N_MAX + LANES - 1) / LANES))-1:0] tab_raddr,
    input  wire [6*$clog2(N_MAX)+5:0]     tab_rdata,
    // result memory write port: {count, ali_y, ali_x, coh_y, coh_x, sep_y, sep_x}
    output wire                           res_we,
    output wire [$clog2(N_MAX)-1:0]       res_waddr,
    output wire                           res_wsel,   // 0: lane 0's sums, 1: the shadow's head
    output wire [7*$clog2(N_MAX)+95:0]    res_wdata_lane0,
    output wire [7*$clog2(N_MAX)+95:0]    res_wdata_shadow
);

    localparam integer IW = $clog2(N_MAX);          // entry index
    localparam integer XW = IW + 6;                 // index arithmetic up to N + 2 LANES
    localparam integer SUM_W = IW + 16;             // N_MAX - 1 terms of 17 bits
    localparam integer CNT_W = IW;                  // up to N_MAX - 1
    localparam integer RES_W = 6 * SUM_W + CNT_W;   // = 7 IW + 96
    localparam [XW-1:0] X0 = 0;
    localparam [XW-1:0] X1 = 1;
    localparam [XW-1:0] L_X = LANES[XW-1:0];
    localparam [LANES-1:0] CAP_FIRST = 1;
    localparam integer PASS_W = N_MAX <= LANES ? 1 : $clog2((N_MAX + LANES - 1) / LANES);
    localparam integer RW = IW + 1;                 // a range bound, 0..N_MAX

    initial begin
        if (N_MAX < 2 || N_MAX > 16384) $error("%m: N_MAX = %0d, must be 2..16384", N_MAX);
        if (LANES < 1 || LANES > 16) $error("%m: LANES = %0d, must be 1..16", LANES);
        if (BINNING != 0 && BINNING != 1) $error("%m: BINNING = %0d, must be 0 or 1", BINNING);
        if (RESULT_SLOTS != N_MAX && (RESULT_SLOTS > N_MAX || RESULT_SLOTS < 2 * LANES
                                      || (RESULT_SLOTS & (RESULT_SLOTS - 1)) != 0))
            $error("%m: RESULT_SLOTS = %0d, must be N_MAX or a power of two from 2 LANES below it",
                   RESULT_SLOTS);
    end

    wire [XW-1:0] n_x = {{(XW-IW-1){1'b0}}, count};
    wire [XW-1:0] query_x = {{(XW-IW){1'b0}}, query};
    // At start the first query boid is (batch ? X0 : query_x), written out where
    // it is used (no wire: a simulator would recompute it every cycle).
    wire [XW-1:0] pre_last = batch ? (L_X < n_x ? L_X : n_x) - X1 : query_x;

    // Latched at start.
    reg           run_batch;
    reg           run_bin_r;
    wire          run_bin = BINNING != 0 && run_bin_r;      // a binned batch
    reg  [XW-1:0] first_idx;
    wire          bin_start = BINNING != 0 && batch && binned;

    always @(posedge clk) begin
        if (start && !busy) begin
            run_batch <= batch;
            run_bin_r <= bin_start;
            first_idx <= (batch ? X0 : query_x);
        end
    end

    // The squared ranges go to the lanes as {r2 >= 2^49, r2[48:0]}: d2 < 2^49 always.
    wire [49:0] visual2_l = {visual2[63:49] != 15'd0, visual2[48:0]};
    wire [49:0] protected2_l = {protected2[63:49] != 15'd0, protected2[48:0]};

    // ---- issue: one read address a cycle -------------------------------------
    reg           st_act;       // streaming
    reg           st_pre;       // the segment is the preload
    reg           st_gap;       // this cycle is a gap (the clear slot before a pass)
    reg           last_pass;    // the pass streaming is the run's last
    reg           cap_arm;      // capture next queries when j reaches cap_at
    reg           empty;        // N = 0: finish at once
    reg  [XW-1:0] j;            // entry being read
    reg  [XW-1:0] seg_end;      // last entry of the segment
    reg  [XW-1:0] base;         // query boid of lane 0 in this pass
    reg  [XW-1:0] cap_at;       // first query boid of the next pass
    reg           st_hold_r;    // holding before the next pass: its entries do not fit the ring
    wire          st_hold = RESULT_SLOTS < N_MAX && st_hold_r;
    // binned batch only
    reg           st_tail_r;    // this cycle is a pass's tail (no entry, the last flag)
    reg           pre_first_r;  // this cycle reads a preload's first entry (the clear slot)
    wire          st_tail = BINNING != 0 && st_tail_r;
    wire          pre_first = BINNING != 0 && pre_first_r;
    reg  [PASS_W-1:0] tab_addr; // pass table entry of the next ranges
    reg           q1_ne, q2_ne; // ranges still to stream in this pass: non-empty
    reg  [XW-1:0] q1_first, q1_last, q2_first, q2_last;
    wire          issue = st_act && !st_gap && !st_tail && !st_hold;
    wire          seg_done = j == seg_end;
    wire [XW-1:0] base_next = base + L_X;
    wire [XW-1:0] base_next2 = base_next + L_X;
    // The next pass's entries fit the ring (always, without one).
    wire [XW-1:0] ring_end = {{(XW-IW-1){1'b0}}, freed} + RESULT_SLOTS[XW-1:0];
    wire          next_fits = RESULT_SLOTS >= N_MAX || base_next2 <= ring_end || n_x <= ring_end;

    assign boid_raddr = j[IW-1:0];
    assign tab_re = busy || start;
    assign tab_raddr = busy ? tab_addr : {PASS_W{1'b0}};

    // The pass table entry's ranges as entry indices: first, last (= end - 1), and
    // whether the range holds any entry (read in the block below, in the one
    // branch that uses them).
    function [XW-1:0] bound(input [RW-1:0] v);
        bound = {{(XW-RW){1'b0}}, v};
    endfunction

    // M: flags beside the memory output
    reg              m_valid, m_clear, m_last, m_swap;
    reg  [XW-1:0]    m_off;     // j - base: lane m_off meets itself
    reg  [LANES-1:0] m_cap;     // lane whose next query is the entry at the output

    // Everything below moves only while busy or at a start (a clock enable): between
    // runs st_act is low, so the M flags are already zero and would stay so.
    always @(posedge clk) begin
        if (busy || start) begin
        m_valid <= issue && !st_pre;
        m_clear <= st_act && (st_gap || pre_first);
        m_last <= run_bin ? st_act && st_tail : issue && !st_pre && seg_done;
        m_swap <= issue && seg_done && (st_pre || !run_bin);
        m_off <= j - base;
        // A capture runs over consecutive entries and dies at the segment's end.
        m_cap <= !issue ? {LANES{1'b0}} : cap_arm && j == cap_at ? CAP_FIRST : m_cap << 1;

        if (start && !busy) begin
            busy <= 1'b1;
            empty <= count == {(IW+1){1'b0}};
            st_act <= count != {(IW+1){1'b0}};
            st_pre <= 1'b1;
            st_gap <= 1'b0;
            j <= (batch ? X0 : query_x);
            seg_end <= bin_start ? L_X - X1 : pre_last;
            cap_at <= (batch ? X0 : query_x);
            cap_arm <= 1'b1;
            st_tail_r <= 1'b0;
            st_hold_r <= 1'b0;
            pre_first_r <= bin_start;
            if (bin_start) begin                    // a batch sets these after its preload
                base <= X0;
                last_pass <= L_X >= n_x;
            end
            tab_addr <= {PASS_W{1'b0}};
        end else if (st_gap) begin
            st_gap <= 1'b0;
        end else if (st_act && run_bin) begin
            pre_first_r <= 1'b0;
            if (st_tail || st_hold) begin           // the pass ends: next preload, or done
                st_tail_r <= 1'b0;
                if (last_pass) begin
                    st_act <= 1'b0;
                end else if (!next_fits) begin
                    st_hold_r <= 1'b1;
                end else begin
                    st_hold_r <= 1'b0;
                    st_pre <= 1'b1;
                    pre_first_r <= 1'b1;
                    j <= base_next;
                    seg_end <= base_next2 - X1;
                    base <= base_next;
                    last_pass <= base_next2 >= n_x;
                    cap_at <= base_next;
                    cap_arm <= 1'b1;
                end
            end else if (!seg_done) begin
                j <= j + X1;
            end else if (st_pre) begin : first_range   // the first non-empty range, or the tail
                reg [XW-1:0] t_first0, t_end0, t_first1, t_end1, t_first2, t_end2;
                t_first0 = bound(tab_rdata[0*RW +: RW]);
                t_end0 = bound(tab_rdata[1*RW +: RW]);
                t_first1 = bound(tab_rdata[2*RW +: RW]);
                t_end1 = bound(tab_rdata[3*RW +: RW]);
                t_first2 = bound(tab_rdata[4*RW +: RW]);
                t_end2 = bound(tab_rdata[5*RW +: RW]);
                st_pre <= 1'b0;
                cap_arm <= 1'b0;
                tab_addr <= tab_addr + {{(PASS_W-1){1'b0}}, 1'b1};
                if (t_first0 < t_end0) begin
                    j <= t_first0;
                    seg_end <= t_end0 - X1;
                    {q1_ne, q1_first, q1_last} <= {t_first1 < t_end1, t_first1, t_end1 - X1};
                    {q2_ne, q2_first, q2_last} <= {t_first2 < t_end2, t_first2, t_end2 - X1};
                end else if (t_first1 < t_end1) begin
                    j <= t_first1;
                    seg_end <= t_end1 - X1;
                    {q1_ne, q1_first, q1_last} <= {t_first2 < t_end2, t_first2, t_end2 - X1};
                    q2_ne <= 1'b0;
                end else if (t_first2 < t_end2) begin
                    j <= t_first2;
                    seg_end <= t_end2 - X1;
                    q1_ne <= 1'b0;
                    q2_ne <= 1'b0;
                end else begin
                    st_tail_r <= 1'b1;
                end
            end else if (q1_ne) begin               // a range ends: the next, or the tail
                j <= q1_first;
                seg_end <= q1_last;
                {q1_ne, q1_first, q1_last} <= {q2_ne, q2_first, q2_last};
                q2_ne <= 1'b0;
            end else if (q2_ne) begin
                j <= q2_first;
                seg_end <= q2_last;
                q2_ne <= 1'b0;
            end else begin
                st_tail_r <= 1'b1;
            end
        end else if (st_act) begin
            if (!seg_done) begin
                j <= j + X1;
            end else if (st_pre) begin
                st_pre <= 1'b0;
                st_gap <= 1'b1;
                j <= X0;
                seg_end <= n_x - X1;
                base <= first_idx;
                last_pass <= !run_batch || L_X >= n_x;
                cap_at <= L_X;
                cap_arm <= run_batch && L_X < n_x;
            end else if (!last_pass && !next_fits) begin    // held: j stays at the pass's end
                st_hold_r <= 1'b1;
            end else if (!last_pass) begin
                st_hold_r <= 1'b0;
                st_gap <= 1'b1;
                j <= X0;
                base <= base_next;
                last_pass <= base_next2 >= n_x;
                cap_at <= base_next2;
                cap_arm <= base_next2 < n_x;
            end else begin
                st_act <= 1'b0;
            end
        end
        if (finish) begin
            busy <= 1'b0;
            empty <= 1'b0;
        end
        end

        if (rst) begin
            busy <= 1'b0;
            empty <= 1'b0;
            st_act <= 1'b0;
            st_gap <= 1'b0;
            st_tail_r <= 1'b0;
            st_hold_r <= 1'b0;
            pre_first_r <= 1'b0;
            m_valid <= 1'b0;
            m_clear <= 1'b0;
            m_last <= 1'b0;
            m_swap <= 1'b0;
            m_cap <= {LANES{1'b0}};
        end
    end

    // ---- S: broadcast register, query registers, lanes ------------------------
    // The lanes run while busy and hold still between runs.
    reg  [31:0] s_x, s_y;
    reg         s_clear, s_last, s_swap;

    // Velocity read address: the entry whose pair is in lane stage 6 when the data
    // comes out. The clear slot is in stage 5 one cycle before its pass's entry 0
    // needs address 0; entries follow one a cycle.
    // That is the position address of 7 cycles before: a counter restarted by the
    // clear slot where every pass streams 0..N-1, a delay line where the binned
    // batch's ranges break that run.
    generate
        if (BINNING != 0) begin : g_vaddr_delay
            reg [IW-1:0] vdelay[1:7];
            integer t;
            always @(posedge clk) begin
                if (busy) begin
                    for (t = 7; t > 1; t = t - 1) vdelay[t] <= vdelay[t - 1];
                    vdelay[1] <= boid_raddr;
                end
            end
            assign boid_vraddr = vdelay[7];
        end else begin : g_vaddr_count
            reg  [5:1]    v_clear;      // the clear slot in lane stage 1..5
            reg  [IW-1:0] vaddr;
            always @(posedge clk) begin
                if (busy) begin
                    v_clear <= {v_clear[4:1], s_clear};
                    vaddr <= v_clear[5] ? {IW{1'b0}} : vaddr + {{(IW-1){1'b0}}, 1'b1};
                end
                if (rst) v_clear <= 5'd0;
            end
            assign boid_vraddr = vaddr;
        end
    endgenerate

    // The velocity terms (v + 64) >>> 7 from q = v[23:6] = floor(v / 2^6) (|v| <= 2^22):
    // floor((q + 1) / 2), that is (q >>> 1) + q[0].
    function [16:0] round7(input [17:0] q);
        round7 = q[17:1] + {16'd0, q[0]};
    endfunction
    wire [16:0] late_tvx = round7(boid_rdata[87:70]);
    wire [16:0] late_tvy = round7(boid_rdata[119:102]);

    always @(posedge clk) begin
        if (busy) begin
            {s_y, s_x} <= boid_rdata[63:0];
            s_clear <= m_clear;
            s_last <= m_last;
            s_swap <= m_swap;
        end
        if (rst) begin
            s_clear <= 1'b0;
            s_last <= 1'b0;
            s_swap <= 1'b0;
        end
    end

    wire [LANES-1:0]       lane_done;
    reg                    wb_act;      // writing the shadow's head to entry wb_base + wb_k

    // Each lane's shadow output, declared before the lanes so that lane k can read
    // lane k + 1's (g_shw[LANES] is the chain's end: zero).
    genvar k;
    generate
        for (k = 0; k <= LANES; k = k + 1) begin : g_shw
            wire [RES_W-1:0] sh;
        end
    endgenerate
    assign g_shw[LANES].sh = {RES_W{1'b0}};

    generate
        for (k = 0; k < LANES; k = k + 1) begin : g_lane
            localparam [XW-1:0] K = k;
            reg  [31:0] nq_x, nq_y;     // next pass's query boid
            reg  [31:0] q_x, q_y;       // this pass's query boid
            reg         s_valid;
            wire signed [SUM_W-1:0] sep_x, sep_y, coh_x, coh_y, ali_x, ali_y;
            wire        [CNT_W-1:0] cnt;

            // Only while busy (m_cap and s_swap are zero otherwise).
            always @(posedge clk) begin
                if (busy) begin
                    if (m_cap[k]) {nq_y, nq_x} <= boid_rdata[63:0];
                    if (s_swap) {q_y, q_x} <= {nq_y, nq_x};
                    s_valid <= m_valid && m_off != K && (run_batch || k == 0);
                end
                if (rst) s_valid <= 1'b0;
            end

            accel_pair_lane #(
                .SUM_W(SUM_W),
                .CNT_W(CNT_W),
                .SHADOW(k == 0 ? 0 : 1)
            ) u_lane (
                .clk(clk),
                .rst(rst),
                .en(busy),
                .visual(visual),
                .visual2(visual2_l),
                .protected2(protected2_l),
                .q_x(q_x),
                .q_y(q_y),
                .in_valid(s_valid),
                .in_clear(s_clear),
                .in_last(s_last),
                .in_x(s_x),
                .in_y(s_y),
                .late_tvx(late_tvx),
                .late_tvy(late_tvy),
                .out_valid(lane_done[k]),
                .sep_x(sep_x),
                .sep_y(sep_y),
                .coh_x(coh_x),
                .coh_y(coh_y),
                .ali_x(ali_x),
                .ali_y(ali_y),
                .count(cnt),
                .sh_shift(wb_act && k < LANES - 1),
                .sh_in(g_shw[k + 1].sh),
                .sh_out(g_shw[k].sh)
            );
            if (k != 0) begin : g_sums_in_shadow     // read through the shadow chain
                wire unused_ok = &{1'b0, sep_x, sep_y, coh_x, coh_y, ali_x, ali_y, cnt};
            end
        end
    endgenerate

    // ---- write-back: lane 0 at once, then a shadow chain, one lane a cycle ------
    // In the cycle a pass's sums are final (pass_done) lane 0's go straight to the
    // result memory and lanes 1.. are copied to the shadow chain, written in the
    // cycles after. With one lane there is no shadow.
    // The next report's entry count and finality follow done_base a cycle later
    // (registered: reports are at least N + 1 cycles apart, the first 11 after start).
    wire                   pass_done = lane_done[0];    // all lanes finish together
    reg                    wb_final;    // the pass being written is the run's last
    reg  [XW-1:0]          wb_k, wb_lastk;
    reg  [IW-1:0]          wb_base;
    reg  [XW-1:0]          done_base;   // lane 0's boid in the next pass to finish
    reg  [XW-1:0]          next_lastk;  // entries of the next report, minus one
    reg                    next_final;  // the next report is the run's last
    reg                    next_more;   // it has entries beyond lane 0's
    wire                   wb_end = wb_k == wb_lastk;

    // The entries left after done_base, n_x - done_base, are computed in the block
    // (no wire), and only in the cycle after done_base is set (next_due): the
    // values matter only at a report, 10 or more cycles later.
    reg                    next_due;

    always @(posedge clk) begin
        next_due <= (start && !busy) || pass_done;
        if (next_due) begin
            next_lastk <= run_batch ? (n_x - done_base < L_X ? n_x - done_base : L_X) - X1 : X0;
            next_final <= !run_batch || n_x - done_base <= L_X;
            next_more <= run_batch && n_x - done_base > X1 && L_X > X1;
        end
        if (start && !busy) done_base <= (batch ? X0 : query_x);
        if (pass_done) begin
            wb_act <= next_more;
            wb_k <= X1;
            wb_lastk <= next_lastk;
            wb_base <= done_base[IW-1:0];
            wb_final <= next_final;
            done_base <= done_base + L_X;
        end else if (wb_act) begin
            wb_k <= wb_k + X1;
            if (wb_end) wb_act <= 1'b0;
        end
        if (rst) begin
            wb_act <= 1'b0;
            next_due <= 1'b0;
        end
    end

    // The shadow chain is a register in each lane 1..LANES-1 (accel_pair_lane's
    // shadow, loaded when its sums are final, at pass_done), shifted towards lane
    // 1's while writing back. The memory port picks lane 0's sums or the chain's
    // head (res_wsel), so a wide word is only moved when it is written.
    assign res_wdata_lane0 = {g_lane[0].cnt, g_lane[0].ali_y, g_lane[0].ali_x, g_lane[0].coh_y,
                              g_lane[0].coh_x, g_lane[0].sep_y, g_lane[0].sep_x};
    assign res_wdata_shadow = g_shw[LANES > 1 ? 1 : 0].sh;

    assign res_we = pass_done || wb_act;
    assign res_wsel = !pass_done;
    assign res_waddr = pass_done ? done_base[IW-1:0] : wb_base + wb_k[IW-1:0];
    assign finish = busy && (empty || (pass_done && next_final && !next_more)
                             || (wb_act && wb_final && wb_end));

    // A velocity's bits above 23 only repeat its sign (|v| <= 2^22), and its low six
    // fall below the term's rounding.
    wire unused_ok = &{1'b0, lane_done, g_shw[0].sh, boid_rdata[127:120], boid_rdata[101:88],
                       boid_rdata[69:64]};

`ifndef SYNTHESIS
    always @(posedge clk) begin
        if (!rst && pass_done && wb_act) $error("%m: a pass finished before the last was written back");
        // (the reader never lowers `freed` during a batch: the firmware does not)
        if (!rst && res_we && run_batch && RESULT_SLOTS < N_MAX
            && {{(XW-IW){1'b0}}, res_waddr} >= ring_end)
            $error("%m: entry %0d written to the ring before it was freed (freed %0d)", res_waddr, freed);
    end
`endif

`ifdef FORMAL
    // Properties of the binned batch (tests/formal/accel_core.sby; the harness
    // tests/formal/accel_core_formal.v drives the inputs and checks the run at the
    // ports). A preload reads its pass's query block p L..p L + L - 1 (tab_addr is p
    // until the preload ends); with ACCEL_TABLE_CONTRACT (every range within
    // [0, COUNT], assumed by the harness) a range never reads past COUNT. A report
    // never meets the previous pass's write-back.
    reg f_past_valid = 1'b0;
    always @(posedge clk) f_past_valid <= 1'b1;
    wire [XW-1:0] f_pass_base = {{(XW-PASS_W){1'b0}}, tab_addr} * L_X;
    always @(*) if (f_past_valid && busy && run_bin) begin
        if (issue && st_pre)
            f_preload_block: assert(base == f_pass_base && j >= base && j < base_next);
`ifdef ACCEL_TABLE_CONTRACT
        if (issue && !st_pre) f_range_below_count: assert(j < n_x);
`endif
        f_report_not_in_write_back: assert(!(pass_done && wb_act));
    end
`endif

endmodule

`default_nettype wire
