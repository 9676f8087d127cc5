// accel_sorter: the neighbor accelerator's counting sort by cell, and the pass
// table of a binned batch written from it, so that the CPU neither sorts the
// flock nor works out each pass's ranges (firmware/accel_bins.c does both in C,
// bit for bit the same; docs/accelerator.md, "The sorter").
//
// The firmware sends the flock twice, in id order:
//   SORT = 1   clear the cell counts (CLEARING, `cells` cycles), then COUNTING:
//   CELL_POS   each boid's whole-pixel x, y: its cell's count goes up by one
//   SORT = 2   the counts become each cell's first slot, an exclusive prefix sum
//              (SCANNING, `cells` cycles), then PLACING:
//   APPEND x4  each boid's x, y, vx, vy: the fourth write puts it in the boid
//              memory at its cell's next slot, and its id in the slot's map entry
// so the boid memory ends sorted by cell, ids ascending within a cell, and each
// cell's count register ends holding the slot past its last boid.
// A boid's cell, from its whole px (x_px, y_px), as accel_bins.c's bins_coord:
//   col = x_px < 0 ? 0 : min(COLS - 1, floor(x_px RECIP / 2^31)), row likewise,
//   cell = row COLS + col
// through a pipeline of five stages (inputs, products, clamps, cell, the count
// read), then the count's read-modify-write. Bus writes come at least two cycles
// apart (every access is acknowledged the cycle after it is seen), so one
// boid's write-back always lands before the next one's read.
//
// A batch started with CTRL.SORT first runs the pass builder: for each pass p,
// the cells c_lo, c_hi of its first and last query slots (the slot-cell memory
// written while placing), three row-major runs of cells [c_lo + r COLS - 1,
// c_hi + r COLS + 1] for r = -1, 0, 1, clamped to the grid and merged where they
// meet, and their slots [start(lo), start(hi + 1)), with start(c) the count
// register of cell c - 1 (0 for c = 0), into pass table entry p: 16 cycles a
// pass. Then the block starts the binned batch itself.
`timescale 1ns / 1ps
`default_nettype none

module accel_sorter #(
    parameter integer N_MAX = 1024,                 // boid memory entries
    parameter integer LANES = 8,                    // queries a pass
    parameter integer CELLS = N_MAX                 // the most cells GRID may have, 2..16384
) (
    input  wire                     clk,
    input  wire                     rst,            // synchronous: phase IDLE, builder idle
    input  wire                     run_busy,       // a run of the block (the builder's included)
    // bus writes, already decoded: each a one-cycle strobe with the bus's data
    input  wire                     cmd_we,         // SORT
    input  wire                     grid_we,        // GRID
    input  wire                     recip_we,       // CELL_RECIP
    input  wire                     pos_we,         // CELL_POS
    input  wire                     app_we,         // APPEND
    input  wire [31:0]              wdata,
    output wire                     refuse_busy,    // a write refused: ERR_BUSY
    output wire                     refuse_param,   // a write refused: ERR_PARAM
    // each APPEND word taken: word app_word of the boid of id app_id (the words of
    // the k-th boid appended are boid k's)
    output wire                     app_taken_we,
    output wire [1:0]               app_taken_word,
    output wire [$clog2(N_MAX)-1:0] app_taken_id,
    // state for the registers' reads
    output reg  [2:0]               phase,
    output reg  [31:0]              grid,
    output reg  [31:0]              recip,
    output reg  [$clog2(N_MAX):0]   counted,
    output reg  [$clog2(N_MAX):0]   placed,
    // the pass builder
    input  wire                     build_start,    // pulse, with COUNT held while busy
    input  wire [$clog2(N_MAX):0]   count,
    output wire                     build_busy,
    output wire                     build_done,     // pulse: the table is written
    // the boid memory's write port: a whole entry
    output wire                     put_we,
    output wire [$clog2(N_MAX)-1:0] put_addr,
    output wire [127:0]             put_data,       // {vy, vx, y, x}
    // the pass table's write port: range word tab_wword of entry tab_waddr
    output reg                      tab_we,
    output reg  [(N_MAX <= LANES ? 1 : $clog2((N_MAX + LANES - 1) / LANES))-1:0] tab_waddr,
    output reg  [1:0]               tab_wword,
    output reg  [31:0]              tab_wdata,      // {end, first} in bits 31:16, 15:0
    // the map: the id of the boid in a slot, one cycle after id_re
    input  wire                     id_re,
    input  wire [$clog2(N_MAX)-1:0] id_raddr,
    output reg  [$clog2(N_MAX)-1:0] id_rdata
);

    localparam integer IW = $clog2(N_MAX);          // a slot or an id
    localparam integer CIW = $clog2(CELLS);         // a cell
    localparam integer GW = $clog2(CELLS + 1);      // a cell count: COLS, ROWS, cells
    localparam integer SW = GW + 2;                 // signed cell arithmetic of the builder
    localparam integer PASS_W = N_MAX <= LANES ? 1 : $clog2((N_MAX + LANES - 1) / LANES);
    localparam [2:0] IDLE = 3'd0, CLEARING = 3'd1, COUNTING = 3'd2, SCANNING = 3'd3, PLACING = 3'd4;
    localparam integer BW = IW + 6;                 // slot arithmetic up to N + LANES
    localparam [IW:0] N_MAX_W = N_MAX[IW:0];
    localparam [BW-1:0] L_W = LANES[BW-1:0];

    initial begin
        if (CELLS < 2 || CELLS > 16384) $error("%m: CELLS = %0d, must be 2..16384", CELLS);
        if (N_MAX < 2 || N_MAX > 16384) $error("%m: N_MAX = %0d, must be 2..16384", N_MAX);
    end

    // ---- the grid: checked the cycle after a write, long before a command ------
    reg  [31:0]   grid_cells_w;                     // COLS ROWS
    reg           grid_seen, grid_ok;
    reg  [GW-1:0] cols, cells;
    wire [15:0]   grid_cols = grid[15:0], grid_rows = grid[31:16];

    always @(posedge clk) begin
        grid_seen <= grid_we;
        if (grid_we) grid_cells_w <= wdata[15:0] * wdata[31:16];
        if (grid_seen) begin
            grid_ok <= grid_cols != 16'd0 && grid_rows != 16'd0 && grid_cells_w <= CELLS;
            cols <= grid_cols[GW-1:0];
            cells <= grid_cells_w[GW-1:0];
        end
        if (rst) begin
            grid_seen <= 1'b0;
            grid_ok <= 1'b0;
        end
    end

    // ---- the cell pipeline ------------------------------------------------------
    // p0 the whole px, p1 the products, p2 column and row, p3 the cell (the count
    // memory's read address), p4 the count read: written back plus one.
    reg               v0, v1, v2, v3, v4;
    reg               k0, k1, k2, k3, k4;           // the boid is being placed (else counted)
    reg  signed [15:0] x0, y0;
    reg               nx1, ny1;
    reg  [46:0]       mx1, my1;
    reg  [GW-1:0]     col2, row2;
    reg  [CIW-1:0]    cell3, cell4;
    wire [15:0]       qx1 = mx1[46:31], qy1 = my1[46:31];
    wire [GW-1:0]     cols_m1 = cols - {{(GW-1){1'b0}}, 1'b1};
    wire [GW-1:0]     rows_m1 = grid_rows[GW-1:0] - {{(GW-1){1'b0}}, 1'b1};
    wire              pipe_busy = v0 || v1 || v2 || v3 || v4;

    // The count memory: one read port, one write port, never the same cell in
    // one cycle (the pipeline's write-back and the next boid's read are a cycle
    // apart; the scan writes the cell it read the cycle before).
    (* no_rw_check *) reg [IW:0] cnt_mem[0:CELLS-1];
    reg  [IW:0]    cnt_rdata;
    wire [CIW-1:0] cnt_raddr;                       // from registers: the scan's, the builder's, p3's
    wire           cnt_we;                          // from registers: clearing, the scan, p4
    wire [CIW-1:0] cnt_waddr;
    wire [IW:0]    cnt_wdata;

    // ---- bus writes: accepted or refused ----------------------------------------
    wire working = phase == CLEARING || phase == SCANNING;
    wire setup_we = cmd_we || grid_we || recip_we;
    wire setup_busy = setup_we && (run_busy || working);
    wire cmd_ok1 = wdata[31:0] == 32'd1 && grid_ok;
    wire cmd_ok2 = wdata[31:0] == 32'd2 && phase == COUNTING;
    wire pos_ok = pos_we && phase == COUNTING && counted != N_MAX_W;
    reg  [1:0]     app_word;                        // the APPEND word expected next
    reg  [IW:0]    app_taken;                       // boids whose fourth word was taken
    wire app_ok = app_we && !run_busy && phase == PLACING && (app_word != 2'd0 || app_taken != counted);
    assign app_taken_we = app_ok;
    assign app_taken_word = app_word;
    assign app_taken_id = app_taken[IW-1:0];
    assign refuse_busy = setup_busy || (app_we && run_busy);
    assign refuse_param = (cmd_we && !setup_busy && !cmd_ok1 && !cmd_ok2)
                       || (pos_we && !pos_ok) || (app_we && !run_busy && !app_ok);

    // The boid being appended, its slot and cell once the pipeline has them.
    reg  [31:0]    ax, ay, avx, avy;
    reg            have_vy, slot_ok;
    reg  [IW-1:0]  slot_q;
    reg  [CIW-1:0] slot_cell_q;
    // The slot is at the count memory's output in p4, and held after it until the
    // fourth word comes: so a boid is placed in the cycle after its fourth write
    // (the write's acknowledge) at the latest, before any other request is seen.
    wire           slot_now = v4 && k4;
    wire [IW-1:0]  slot_cur = slot_ok ? slot_q : cnt_rdata[IW-1:0];
    wire [CIW-1:0] slot_cell_cur = slot_ok ? slot_cell_q : cell4;
    wire           commit = have_vy && (slot_ok || slot_now);
    assign put_we = commit;
    assign put_addr = slot_cur;
    assign put_data = {avy, avx, ay, ax};

    // Clear and scan: a cell counter each.
    reg  [CIW-1:0] walk;                            // the next cell to clear, or to read
    reg            walk_end;                        // walk has issued the last cell
    reg            scan_rv;                         // the scan's read is at the output
    reg  [CIW-1:0] scan_wa;
    reg  [IW:0]    scan_sum;
    wire [CIW-1:0] last_cell = cells[CIW-1:0] - {{(CIW-1){1'b0}}, 1'b1};

    // The builder's read of the count memory (below).
    reg            b_cnt_rd;
    reg  [CIW-1:0] b_cnt_raddr;
    // (the scan reads only once the last count has landed: until then p3's read
    // is the pipeline's)
    wire   scan_go = phase == SCANNING && !pipe_busy && !walk_end;
    assign cnt_raddr = scan_go ? walk : b_cnt_rd ? b_cnt_raddr : cell3;
    wire   clear_we = phase == CLEARING && !pipe_busy;
    assign cnt_we = clear_we || scan_rv || v4;
    assign cnt_waddr = clear_we ? walk : scan_rv ? scan_wa : cell4;
    assign cnt_wdata = clear_we ? {(IW+1){1'b0}} : scan_rv ? scan_sum : cnt_rdata + 1'b1;

    always @(posedge clk) begin
        // the pipeline: each stage's data loads only with a boid in it (which
        // changes nothing downstream, and spares a simulator the products in the
        // cycles without one)
        v0 <= pos_ok || (app_ok && app_word == 2'd1);
        k0 <= !pos_ok;
        if (pos_ok) {y0, x0} <= wdata;
        else if (app_ok && app_word == 2'd1) {y0, x0} <= {wdata[31:16], ax[31:16]};
        v1 <= v0; k1 <= k0;
        if (v0) begin
            nx1 <= x0[15];
            ny1 <= y0[15];
            mx1 <= {17'd0, x0[14:0]} * {15'd0, recip};
            my1 <= {17'd0, y0[14:0]} * {15'd0, recip};
        end
        v2 <= v1; k2 <= k1;
        if (v1) begin
            col2 <= nx1 ? {GW{1'b0}} : qx1 > {{(16-GW){1'b0}}, cols_m1} ? cols_m1 : qx1[GW-1:0];
            row2 <= ny1 ? {GW{1'b0}} : qy1 > {{(16-GW){1'b0}}, rows_m1} ? rows_m1 : qy1[GW-1:0];
        end
        v3 <= v2; k3 <= k2;
        if (v2) cell3 <= row2[CIW-1:0] * cols[CIW-1:0] + col2[CIW-1:0];
        v4 <= v3; k4 <= k3;
        if (v3) cell4 <= cell3;

        // the count memory's ports
        cnt_rdata <= cnt_mem[cnt_raddr];
        if (cnt_we) cnt_mem[cnt_waddr] <= cnt_wdata;

        // commands
        if (grid_we && !setup_busy) grid <= wdata;
        if (recip_we && !setup_busy) recip <= wdata;
        if ((grid_we || recip_we) && !setup_busy) phase <= IDLE;
        if (cmd_we && !setup_busy) begin
            if (cmd_ok1) begin
                phase <= CLEARING;
                walk <= {CIW{1'b0}};
                walk_end <= 1'b0;
                counted <= {(IW+1){1'b0}};
                placed <= {(IW+1){1'b0}};
                app_taken <= {(IW+1){1'b0}};
                app_word <= 2'd0;
                have_vy <= 1'b0;
                slot_ok <= 1'b0;
            end else if (cmd_ok2) begin
                phase <= SCANNING;
                walk <= {CIW{1'b0}};
                walk_end <= 1'b0;
                scan_sum <= {(IW+1){1'b0}};
            end else begin
                phase <= IDLE;
            end
        end
        if (pos_ok) counted <= counted + 1'b1;
        if (app_ok) begin
            app_word <= app_word + 2'd1;
            case (app_word)
                2'd0: ax <= wdata;
                2'd1: ay <= wdata;
                2'd2: avx <= wdata;
                default: begin
                    avy <= wdata;
                    have_vy <= 1'b1;
                    app_taken <= app_taken + 1'b1;
                end
            endcase
        end

        // CLEARING: one cell a cycle, once the last boid has left the pipeline
        scan_rv <= 1'b0;
        if (clear_we) begin
            walk <= walk + 1'b1;
            if (walk == last_cell) phase <= COUNTING;
        end
        // SCANNING, once the last count has landed: read a cell, write back the sum
        // of those before it
        if (scan_go) begin
            scan_rv <= 1'b1;
            scan_wa <= walk;
            walk <= walk + 1'b1;
            walk_end <= walk == last_cell;
        end
        if (scan_rv) begin
            scan_sum <= scan_sum + cnt_rdata;
            if (scan_wa == last_cell) phase <= PLACING;
        end
        // the pipeline's end: the count goes up, and a placed boid has its slot
        if (slot_now && !have_vy) begin
            slot_ok <= 1'b1;
            slot_q <= cnt_rdata[IW-1:0];
            slot_cell_q <= cell4;
        end
        if (commit) begin
            have_vy <= 1'b0;
            slot_ok <= 1'b0;
            placed <= placed + 1'b1;
        end

        if (rst) begin
            phase <= IDLE;
            grid <= 32'd0;
            recip <= 32'd0;
            counted <= {(IW+1){1'b0}};
            placed <= {(IW+1){1'b0}};
            app_taken <= {(IW+1){1'b0}};
            app_word <= 2'd0;
            have_vy <= 1'b0;
            slot_ok <= 1'b0;
            {v0, v1, v2, v3, v4} <= 5'd0;
            scan_rv <= 1'b0;
        end
    end

    // ---- the map and the slots' cells: written as each boid is placed -------------
    (* no_rw_check *) reg [IW-1:0]  map_mem[0:N_MAX-1];
    (* no_rw_check *) reg [CIW-1:0] slot_cell_mem[0:N_MAX-1];
    reg  [IW-1:0]  sc_raddr;
    reg  [CIW-1:0] sc_rdata;

    always @(posedge clk) begin
        if (commit) begin
            map_mem[slot_cur] <= placed[IW-1:0];
            slot_cell_mem[slot_cur] <= slot_cell_cur;
        end
        if (id_re) id_rdata <= map_mem[id_raddr];
        sc_rdata <= slot_cell_mem[sc_raddr];
    end

    // ---- the pass builder ---------------------------------------------------------
    localparam [3:0] B_IDLE = 4'd0, B_WAIT = 4'd1, B_RD_LO = 4'd2, B_RD_HI = 4'd3, B_CAP = 4'd4,
                     B_RUNS = 4'd5, B_READ = 4'd6, B_WRITE = 4'd7, B_FLUSH = 4'd8, B_DONE = 4'd9;
    reg  [3:0]       b_state;
    reg  [BW-1:0]    b_first;                       // the pass's first query slot
    reg              b_last;                        // the pass is the last
    reg  [CIW-1:0]   c_lo, c_hi;
    reg  [3:0]       b_j;                           // B_READ: its cycle; B_WRITE: the word
    reg              run_v[0:2];
    reg  [CIW-1:0]   run_lo[0:2], run_hi[0:2];
    reg  [IW:0]      rv[0:5];                       // start(lo), start(hi + 1) of each run
    wire [BW-1:0]    b_count = {{(BW-IW-1){1'b0}}, count};
    wire [BW-1:0]    b_next = b_first + L_W;
    wire [BW-1:0]    b_last_q = (b_next > b_count ? b_count : b_next) - 1'b1;

    assign build_busy = b_state != B_IDLE;
    assign build_done = b_state == B_DONE;

    // The three runs of cells, in two steps of a cycle each (each a short
    // path): clamped to the grid (clamped_runs, registered as cand_), then
    // merged as accel_bins_pass merges them (a run that meets or overlaps the one
    // before joins it), in order, the empty ones last (merged_run, registered as
    // run_). Functions called where their registers load, so that a simulator
    // works them out only then.
    localparam integer RW = 1 + 2 * CIW;            // a merged run: {valid, lo, hi}
    function signed [SW-1:0] at_least_0(input signed [SW-1:0] v);
        at_least_0 = v < 0 ? {SW{1'b0}} : v;
    endfunction
    function signed [SW-1:0] at_most(input signed [SW-1:0] v, input signed [SW-1:0] top);
        at_most = v > top ? top : v;
    endfunction
    // {lo0, hi0, lo1, hi1, lo2, hi2}: rows r - 1, r, r + 1 around the pass's cells
    function [6*SW-1:0] clamped_runs(input [CIW-1:0] lo, input [CIW-1:0] hi,
                                     input [GW-1:0] n_cols, input [GW-1:0] n_cells);
        reg signed [SW-1:0] s_lo, s_hi, s_cols, s_last;
        begin
            s_lo = {{(SW-CIW){1'b0}}, lo};
            s_hi = {{(SW-CIW){1'b0}}, hi};
            s_cols = {2'b00, n_cols};
            s_last = {2'b00, n_cells} - 1;
            clamped_runs = {at_least_0(s_lo - s_cols - 1), at_most(s_hi - s_cols + 1, s_last),
                            at_least_0(s_lo - 1), at_most(s_hi + 1, s_last),
                            at_least_0(s_lo + s_cols - 1), at_most(s_hi + s_cols + 1, s_last)};
        end
    endfunction
    // merged run k: {valid, lo, hi}
    function [RW-1:0] merged_run(input [6*SW-1:0] runs, input integer k);
        reg signed [SW-1:0] m_lo, m_hi, cur_hi;
        reg [CIW-1:0]       cur_lo;                 // m_lo >= 0 when taken
        reg                 have;
        integer             nrun, r;
        begin
            have = 1'b0;
            nrun = 0;
            cur_lo = {CIW{1'b0}};
            cur_hi = {SW{1'b0}};
            merged_run = {RW{1'b0}};
            for (r = 0; r < 3; r = r + 1) begin
                m_lo = runs[(5-2*r)*SW +: SW];
                m_hi = runs[(4-2*r)*SW +: SW];
                if (m_lo <= m_hi) begin
                    if (have && m_lo <= cur_hi + 1) begin
                        if (m_hi > cur_hi) cur_hi = m_hi;
                    end else begin
                        if (have && nrun == k) merged_run = {1'b1, cur_lo, cur_hi[CIW-1:0]};
                        if (have) nrun = nrun + 1;
                        cur_lo = m_lo[CIW-1:0];
                        cur_hi = m_hi;
                        have = 1'b1;
                    end
                end
            end
            if (have && nrun == k) merged_run = {1'b1, cur_lo, cur_hi[CIW-1:0]};
        end
    endfunction
    reg  [6*SW-1:0]  cand;

    // B_READ: cycle 0 takes the clamped runs, cycle 1 the merged ones; cycles 2
    // to 7 ask for the count reads i = 0 to 5, start(lo) = count of cell lo - 1
    // (for lo = 0 a read taken as 0) and start(hi + 1) = count of cell hi; each
    // is at the memory's output two cycles after it is asked for (the builder's
    // address register, the memory's output), in time for B_WRITE (cycles 9 to
    // 11: range w needs reads 2w and 2w + 1, in by cycle 2w + 6).
    wire [3:0]     rd_i = b_j - 4'd2;
    wire [CIW-1:0] rd_cell = rd_i[0] ? run_hi[rd_i[2:1]] : run_lo[rd_i[2:1]] - 1'b1;
    wire [1:0]     w_k = b_j[1:0];
    wire [IW:0]    w_first = run_lo[w_k] == {CIW{1'b0}} ? {(IW+1){1'b0}} : rv[{w_k, 1'b0}];
    wire [IW:0]    w_end = rv[{w_k, 1'b1}];
    reg            b_cnt_rd_d;
    reg  [2:0]     b_cnt_i, b_cnt_i_d;
    integer t;                                      // (the block's own loop variable)

    always @(posedge clk) begin
        tab_we <= 1'b0;
        b_cnt_rd <= 1'b0;
        case (b_state)
            B_IDLE: if (build_start) begin
                b_state <= B_WAIT;
                b_first <= {BW{1'b0}};
                tab_waddr <= {PASS_W{1'b0}};
            end
            B_WAIT: if (!pipe_busy && !have_vy && !slot_ok) b_state <= count == {(IW+1){1'b0}} ? B_DONE : B_RD_LO;
            B_RD_LO: begin
                sc_raddr <= b_first[IW-1:0];
                b_last <= b_next >= b_count;
                b_state <= B_RD_HI;
            end
            B_RD_HI: begin
                sc_raddr <= b_last_q[IW-1:0];
                b_state <= B_CAP;
            end
            B_CAP: begin                            // the first slot's cell is out
                c_lo <= sc_rdata;
                b_state <= B_RUNS;
            end
            B_RUNS: begin                           // the last slot's cell is out
                c_hi <= sc_rdata;
                b_state <= B_READ;
                b_j <= 4'd0;
            end
            B_READ: begin
                if (b_j == 4'd0) cand <= clamped_runs(c_lo, c_hi, cols, cells);
                if (b_j == 4'd1) begin
                    for (t = 0; t < 3; t = t + 1)
                        {run_v[t], run_lo[t], run_hi[t]} <= merged_run(cand, t);
                end
                if (b_j >= 4'd2 && b_j <= 4'd7) begin
                    b_cnt_rd <= 1'b1;
                    b_cnt_raddr <= rd_cell;
                    b_cnt_i <= rd_i[2:0];
                end
                b_j <= b_j + 4'd1;
                if (b_j == 4'd8) begin
                    b_state <= B_WRITE;
                    b_j <= 4'd0;
                end
            end
            B_WRITE: begin                          // range w_k of entry tab_waddr
                tab_we <= 1'b1;
                tab_wword <= w_k;
                tab_wdata <= run_v[w_k] ? {{(15-IW){1'b0}}, w_end, {(15-IW){1'b0}}, w_first} : 32'd0;
                b_j <= b_j + 4'd1;
                if (b_j == 4'd2) begin
                    b_first <= b_next;
                    b_state <= b_last ? B_FLUSH : B_RD_LO;
                end
            end
            B_FLUSH: b_state <= B_DONE;             // the last range word is written now
            default: b_state <= B_IDLE;             // B_DONE: the batch starts
        endcase
        if (tab_we && tab_wword == 2'd2) tab_waddr <= tab_waddr + 1'b1;
        b_cnt_rd_d <= b_cnt_rd;
        b_cnt_i_d <= b_cnt_i;
        if (b_cnt_rd_d) rv[b_cnt_i_d] <= cnt_rdata;
        if (rst) begin
            b_state <= B_IDLE;
            tab_we <= 1'b0;
            b_cnt_rd <= 1'b0;
            b_cnt_rd_d <= 1'b0;
        end
    end

    wire unused_ok = &{1'b0, grid_cells_w[31:GW], rd_i[3], mx1[30:0], my1[30:0], col2, row2,
                       b_last_q[BW-1:IW]};

`ifndef SYNTHESIS
    // Two pipeline inputs a cycle apart would break the count's read-modify-write.
    always @(posedge clk) begin
        if (!rst && v0 && (pos_ok || (app_ok && app_word == 2'd1)))
            $error("%m: two boids entered the cell pipeline in consecutive cycles");
    end
`endif

endmodule

`default_nettype wire
