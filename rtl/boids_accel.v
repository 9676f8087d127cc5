// boids_accel: the Boids neighbor accelerator, a Wishbone B4 classic slave.
// Holds the registers of docs/register-map.md, the boid and result memories, and
// the run control with LANES pair units (accel_core) that fill the results.
`timescale 1ns / 1ps
`default_nettype none

// Bus: every access is acknowledged one cycle after it is seen (registered ack,
// so back-to-back accesses have one idle cycle between them); byte selects and
// address bits 1:0 are ignored. Unmapped addresses read 0, ignore writes and set
// STATUS.ERR_BUS. While BUSY the boid memory's one read port belongs to the run:
// boid reads return 0 then, and boid writes are refused with ERR_BUSY like
// parameter writes and START. A CTRL write while busy may change IRQ_EN; a START
// or a change of BATCH in it is refused with ERR_BUSY. A START that is accepted
// clears DONE; one with bad parameters sets ERR_PARAM and changes nothing else.
// COUNT = 0 in a batch run finishes at once (CYCLES 1) and writes nothing. Results
// read during a run may be old or new, except the RESULTS_READY entries that the run
// has written (a batch writes them in boid order); all are defined once DONE is set.
// wb_dat_o is defined in the acknowledge cycle only, as Wishbone has it: the
// memories' read ports load only on a request (or for a run), so between
// accesses wb_dat_o does not follow wb_adr_i.
// With STEER = 1 a batch started with CTRL.STEER also turns each entry, once
// the core has written it, into the Cornell rules' neighbour steering
// (accel_steer, with CENTERING and AVOID): BUSY stays set, and DONE waits, until
// the last entry is steered, and RESULTS_READY counts steered entries. Each entry
// carries a flag saying which form it holds, so that a query run's entry reads as
// sums beside steered ones. With CTRL.VELOCITY as well, the unit reads each boid's
// own state from the boid memory (through its write port, which the bus leaves
// alone while busy) and finishes the rules' steps 1 and 2: the entry's first two
// words are then the boid's velocity after them (MATCHING, TURN, MARGIN, WORLD_W,
// WORLD_H). With CTRL.LIMIT too, words 2 and 3 are its velocity after the speed
// limit (MINSPEED, MAXSPEED) where the CPU's steps 3 and 4 leave words 0 and 1 alone.
// With CTRL.PREDATORS the velocity takes step 3 first, away from the predators of
// the predator table (PRED_COUNT of them, PRED_RANGE, PRED_TURN): words 0 to 3 then
// hold where the CPU's step 4 leaves them alone.
// RESULT_SLOTS below N_MAX makes the result memory a ring of that many entries
// (a power of two): entry i is kept in slot i mod RESULT_SLOTS and still read at
// its own address, and a batch pass starts only when its entries fit behind
// RESULTS_FREED (accel_core). The reader of a longer batch reads the entries as
// RESULTS_READY counts them and writes RESULTS_FREED; block RAM then no longer
// grows with N_MAX for the results (180 bits an entry at N_MAX 4,096).
// Reset (synchronous, in every module of the block) resets only control state, as
// an override at the end of each clocked block: the registers to the map's values,
// the run, the pipeline flags. Data registers and both memories keep their contents.
module boids_accel #(
    parameter integer N_MAX = 1024,                 // boid memory entries, 2..16384
    parameter integer LANES = 8,                    // parallel pair units, 1..16
    parameter integer BINNING = 0,                  // 1: the binned batch and its pass table
    parameter integer STEER = 0,                    // 1: CTRL.STEER, the neighbour steering (accel_steer; N_MAX >= 33)
    parameter integer LIMIT = 1,                    // with STEER, 1: CTRL.LIMIT, the speed limit too
    parameter integer PREDATORS = 16,               // with STEER: the predator table's entries (CTRL.PREDATORS), 0..16
    parameter integer RESULT_SLOTS = N_MAX,         // result entries kept: N_MAX, or a ring (above)
    parameter integer SORTER = 0,                   // 1: the counting sort and pass builder (BINNING = 1)
    parameter integer CELLS = N_MAX                 // the sorter's most cells (BIN_CELLS), 2..16384
) (
    input  wire        clk,
    input  wire        rst,                         // synchronous, active high
    // Wishbone B4 classic slave, 32-bit data, byte addresses
    input  wire        wb_cyc_i,
    input  wire        wb_stb_i,
    input  wire        wb_we_i,
    input  wire [19:0] wb_adr_i,
    input  wire [31:0] wb_dat_i,
    input  wire [3:0]  wb_sel_i,                    // ignored: every access is a whole word
    output reg  [31:0] wb_dat_o,
    output reg         wb_ack_o,
    // interrupt
    output wire        irq_o,                       // STATUS.DONE & CTRL.IRQ_EN
    // every boid word the block is given, registered (in the write's acknowledge
    // cycle): a boid memory write of entry tap_idx_o, or an APPEND word of the boid
    // of id tap_idx_o (a display's sprites can be made from it: boids_display's tap
    // port); leave it open if unused
    output reg         tap_we_o,
    output reg  [1:0]  tap_word_o,                  // 0 x, 1 y, 2 vx, 3 vy
    output reg  [13:0] tap_idx_o,
    output reg  [31:0] tap_data_o
);

`include "accel_regs.vh"

    localparam integer IW = $clog2(N_MAX);
    localparam integer SUM_W = IW + 16;             // as accel_core's sums
    localparam integer CNT_W = IW;
    localparam integer RES_W = 6 * SUM_W + CNT_W;
    // The steering's four words lie below the count: N_MAX of 33 or more. A
    // smaller build has none (CTRL.STEER reads 0, as with STEER = 0).
    localparam HAS_STEER = STEER != 0 && N_MAX >= 33;
    localparam HAS_LIMIT = HAS_STEER && LIMIT != 0;
    localparam HAS_PRED = HAS_STEER && PREDATORS != 0;
    localparam integer PRED_N = HAS_PRED ? PREDATORS : 1;   // the table's entries (one unused without)
    localparam [31:0] PRED_MAX_WORD = HAS_PRED ? PREDATORS : 0;
    localparam integer PREDATORS_END = {12'd0, PREDATORS_BASE} + PREDATOR_STRIDE * PRED_N;
    localparam HAS_SORTER = SORTER != 0 && BINNING != 0;
    localparam [31:0] BIN_CELLS_WORD = HAS_SORTER ? CELLS : 0;
    localparam integer SW = RESULT_SLOTS < N_MAX ? $clog2(RESULT_SLOTS) : IW;  // a slot's index
    localparam [31:0] SLOTS_WORD = RESULT_SLOTS;
    localparam integer BOIDS_END = {12'd0, BOIDS_BASE} + BOID_STRIDE * N_MAX;
    localparam integer RESULTS_END = {12'd0, RESULTS_BASE} + RESULT_STRIDE * N_MAX;
    localparam [31:0] NMAX_WORD = N_MAX;
    localparam [31:0] LANES_WORD = LANES;
    localparam integer PASSES = (N_MAX + LANES - 1) / LANES;
    localparam integer PASS_W = N_MAX <= LANES ? 1 : $clog2(PASSES);
    localparam integer PASSES_END = {12'd0, PASSES_BASE} + PASS_STRIDE * PASSES;
    localparam [31:0] BIN_PASSES_WORD = BINNING != 0 ? PASSES : 0;

    initial begin
        if (N_MAX < 2 || N_MAX > 16384) $error("%m: N_MAX = %0d, must be 2..16384", N_MAX);
        // the windows of the map must not overlap, the pass table must end in the 1 MiB
        if (BOIDS_END > {12'd0, RESULTS_BASE} || RESULTS_END > {12'd0, PASSES_BASE})
            $error("%m: N_MAX = %0d: the boid and result windows overlap (accel_regs.vh)", N_MAX);
        if (BINNING != 0 && PASSES_END > (1 << ADDRESS_BITS))
            $error("%m: N_MAX %0d / LANES %0d = %0d passes: the pass table ends past the map (at most %0d)",
                   N_MAX, LANES, PASSES, ((1 << ADDRESS_BITS) - {12'd0, PASSES_BASE}) / PASS_STRIDE);
        if (LANES < 1 || LANES > 16) $error("%m: LANES = %0d, must be 1..16", LANES);
        if (ADDRESS_BITS != 20) $error("%m: ADDRESS_BITS = %0d, the port has 20", ADDRESS_BITS);
        if (RESULT_WORDS != 7) $error("%m: RESULT_WORDS = %0d, this block has 7", RESULT_WORDS);
        if (RESULT_STRIDE != 32) $error("%m: RESULT_STRIDE = %0d, this block has 32", RESULT_STRIDE);
        if (BINNING != 0 && BINNING != 1) $error("%m: BINNING = %0d, must be 0 or 1", BINNING);
        if (PASS_STRIDE != 16 || PASS_RANGES != 3) $error("%m: the pass table has 3 ranges in 16 bytes");
        if (STEER != 0 && STEER != 1) $error("%m: STEER = %0d, must be 0 or 1", STEER);
        if (LIMIT != 0 && LIMIT != 1) $error("%m: LIMIT = %0d, must be 0 or 1", LIMIT);
        if (PREDATORS < 0 || PREDATORS > PREDATORS_TABLE_MAX)
            $error("%m: PREDATORS = %0d, must be 0..%0d", PREDATORS, PREDATORS_TABLE_MAX);
        if (REG_PREDATORS_MAX >= PREDATORS_BASE || PREDATORS_BASE[7:0] != 8'd0 || PREDATOR_STRIDE != 8)
            $error("%m: the predator table must follow the registers at a 256-byte boundary, 8 bytes an entry");
        // accel_sorter takes the halves of GRID and CELL_POS as they are here
        if (GRID_COLS != 0 || GRID_ROWS != 16 || CELL_POS_X != 0 || CELL_POS_Y != 16)
            $error("%m: GRID and CELL_POS must have their fields at bits 0 and 16");
        if (SORTER != 0 && (SORTER != 1 || BINNING == 0))
            $error("%m: SORTER = %0d, must be 0, or 1 with BINNING = 1", SORTER);
        // RESULT_SLOTS: accel_core checks it (N_MAX, or a power of two from 2 LANES)
    end

    // ---- registers ------------------------------------------------------------
    reg         ctrl_batch, ctrl_irq_en, ctrl_binned_r, ctrl_steer_r, ctrl_velocity_r, ctrl_sort_r,
                ctrl_limit_r, ctrl_predators_r, ctrl_edges_pseudocode_r;
    wire        ctrl_sort = HAS_SORTER && ctrl_sort_r;
    wire        ctrl_binned = BINNING != 0 && ctrl_binned_r;
    wire        ctrl_steer = HAS_STEER && ctrl_steer_r;
    wire        ctrl_velocity = HAS_STEER && ctrl_velocity_r;
    wire        ctrl_limit = HAS_LIMIT && ctrl_limit_r;
    wire        ctrl_predators = HAS_PRED && ctrl_predators_r;
    wire        ctrl_edges_pseudocode = HAS_LIMIT && ctrl_edges_pseudocode_r;
    reg  [31:0] reg_centering, reg_avoid;
    reg  [31:0] reg_matching, reg_turn, reg_margin, reg_world_w, reg_world_h;
    reg  [31:0] reg_minspeed, reg_maxspeed;
    reg  [31:0] reg_pred_count, reg_pred_range, reg_pred_turn;
    reg  [31:0] pred_x[0:15], pred_y[0:15];     // the predator table (entries PREDATORS up unmapped)
    reg         run_steer;                          // the run steers its entries (and has some)
    wire        steer_busy, steer_finish;
    wire [IW:0] steered;
    reg         st_done, st_err_param, st_err_busy, st_err_bus;
    reg  [31:0] reg_count, reg_query, reg_visual, reg_cycles;
    reg  [IW:0] reg_ready;                          // RESULTS_READY: entries written this run
    reg  [IW:0] reg_freed;                          // RESULTS_FREED, at most N_MAX
    reg  [63:0] reg_visual2, reg_protected2;
    wire        busy;                               // the core's run
    wire        finish;
    wire        build_busy, build_done;             // the sorter's pass builder, before a sorted run
    wire        run_busy = busy || steer_busy || build_busy;  // STATUS.BUSY: table, the core's run, steering
    wire        res_we;                             // the core writes a result entry
    // the sorter (accel_sorter): its phase and counts, and what it refuses
    wire [2:0]  sort_phase;
    wire [IW:0] sort_counted, sort_placed;
    wire [31:0] sort_grid, sort_recip;
    wire        sort_refuse_busy, sort_refuse_param;
    wire        app_taken_we;                       // the sorter took an APPEND word
    wire [1:0]  app_taken_word;
    wire [IW-1:0] app_taken_id;
    reg         last_run_sorted;                    // result word 7 reads the sorter's map

    assign irq_o = st_done && ctrl_irq_en;

    reg  wr_seen;           // a write was requested in the last cycle (below)

    // ---- address decode -------------------------------------------------------
    // The region flags come out of one block that works them out under req only
    // and leaves them 0 without a request: every use of them is under req or wr
    // already, so the logic is the same, and a simulator, which evaluates a wire
    // at every clock, evaluates the compares only when the bus asks. The indexes
    // are bit fields of the address (a write enable says when they count).
    wire          req = wb_cyc_i && wb_stb_i && !wb_ack_o;
    wire          wr = req && wb_we_i;
    wire [19:0]   adr = {wb_adr_i[19:2], 2'b00};
    reg           in_regs, in_preds, in_boids, in_results, in_passes;
    wire [3:0]    pred_idx = adr[6:3];
    wire          pred_word = adr[2];
    wire [IW+3:0] boid_off = adr[IW+3:0] - BOIDS_BASE[IW+3:0];
    wire [IW+4:0] res_off = adr[IW+4:0] - RESULTS_BASE[IW+4:0];
    wire [IW-1:0] boid_idx = boid_off[IW+3:4];
    wire [1:0]    boid_word = boid_off[3:2];
    wire [IW-1:0] res_idx = res_off[IW+4:5];
    wire [2:0]    res_word = res_off[4:2];
    wire [19:0]   pass_off = adr - PASSES_BASE;
    wire [PASS_W-1:0] pass_idx = pass_off[PASS_W+3:4];
    wire [1:0]    pass_word = pass_off[3:2];

    // ---- run start ------------------------------------------------------------
    // The parameter checks are registered: a register written at one edge is
    // checked at the next, before the bus can make another request (the ack cycle
    // between them), so the 64-bit compare stays out of the start path.
    reg  bad_any_run;       // COUNT > NMAX, VISUAL > 255 px, or PROTECTED2 > VISUAL2
    reg  bad_query_run;     // QUERY >= COUNT
    reg  bad_pred_count;    // PRED_COUNT > PREDATORS_MAX
    // A start (a CTRL write with START), its parameters refused or not, and the
    // core's start: in the decode's block below, so that they too are worked out
    // only at a write. The steering unit starts at START in any batch (it waits for
    // entries, and RESULTS_READY then reads 0 from the start); a sorted batch's
    // core once the pass table is written, since it needs the sorter's placement of
    // exactly COUNT boids.
    wire sort_req = wb_dat_i[CTRL_SORT];
    wire steer_req = HAS_STEER && wb_dat_i[CTRL_STEER] && wb_dat_i[CTRL_BATCH];
    reg  params_bad;        // the start's parameters are refused (ERR_PARAM)
    reg  start_ok;          // a start the accelerator takes
    wire core_start = (start_ok && !sort_req) || build_done;

    always @* begin
        in_regs = 1'b0;
        in_preds = 1'b0;
        in_boids = 1'b0;
        in_results = 1'b0;
        in_passes = 1'b0;
        params_bad = 1'b0;
        start_ok = 1'b0;
        if (req) begin
            in_regs = adr <= REG_PREDATORS_MAX;
            in_preds = HAS_PRED && adr >= PREDATORS_BASE && {12'd0, adr} < PREDATORS_END;
            in_boids = adr >= BOIDS_BASE && {12'd0, adr} < BOIDS_END;
            in_results = adr >= RESULTS_BASE && {12'd0, adr} < RESULTS_END;
            in_passes = BINNING != 0 && adr >= PASSES_BASE && {12'd0, adr} < PASSES_END;
            if (wb_we_i && adr == REG_CTRL && wb_dat_i[CTRL_START]) begin
                params_bad = bad_any_run || (!wb_dat_i[CTRL_BATCH] && bad_query_run)
                          || (sort_req && (!HAS_SORTER || !wb_dat_i[CTRL_BATCH] || !wb_dat_i[CTRL_BINNED]
                                           || sort_phase != 3'd4 || sort_counted != reg_count[IW:0]
                                           || sort_placed != sort_counted))
                          || (HAS_PRED && wb_dat_i[CTRL_BATCH] && wb_dat_i[CTRL_STEER]
                              && wb_dat_i[CTRL_PREDATORS] && bad_pred_count);
                start_ok = !run_busy && !params_bad;
            end
        end
    end

    // They are recomputed only at the edge after a write (wr_seen, a clock enable):
    // the registers change at no other edge, so the flags equal a check at every
    // edge. PROTECTED2 > VISUAL2 comes from two 32-bit compares side by side (half
    // the carry chain), written in the block so no wire recomputes it every cycle.
    always @(posedge clk) begin
        wr_seen <= wr;
        if (wr_seen) begin
            bad_any_run <= reg_count > NMAX_WORD
                        || reg_visual[31:24] != 8'd0
                        || (reg_visual[23:16] == 8'hff && reg_visual[15:0] != 16'd0)
                        || reg_protected2[63:32] > reg_visual2[63:32]
                        || (reg_protected2[63:32] == reg_visual2[63:32]
                            && reg_protected2[31:0] > reg_visual2[31:0]);
            bad_query_run <= reg_query >= reg_count;
            bad_pred_count <= reg_pred_count > PRED_MAX_WORD;
        end
        if (rst) begin          // as for the registers' reset values
            wr_seen <= 1'b0;
            bad_any_run <= 1'b0;
            bad_query_run <= 1'b1;
            bad_pred_count <= 1'b0;
        end
    end

    // ---- register writes, flags, cycle counter -----------------------------------
    always @(posedge clk) begin
        wb_ack_o <= req;

        // the bus's writes and refusals, under one test of the request
        if (req) begin
            if (wb_we_i && in_regs) begin
                case (adr)
                    REG_CTRL: begin
                        ctrl_irq_en <= wb_dat_i[CTRL_IRQ_EN];
                        if (run_busy) begin
                            if (wb_dat_i[CTRL_START] || wb_dat_i[CTRL_BATCH] != ctrl_batch
                                || (BINNING != 0 && wb_dat_i[CTRL_BINNED] != ctrl_binned)
                                || (HAS_STEER && wb_dat_i[CTRL_STEER] != ctrl_steer)
                                || (HAS_STEER && wb_dat_i[CTRL_VELOCITY] != ctrl_velocity)
                                || (HAS_LIMIT && wb_dat_i[CTRL_LIMIT] != ctrl_limit)
                                || (HAS_PRED && wb_dat_i[CTRL_PREDATORS] != ctrl_predators)
                                || (HAS_LIMIT && wb_dat_i[CTRL_EDGES_PSEUDOCODE] != ctrl_edges_pseudocode)
                                || (HAS_SORTER && wb_dat_i[CTRL_SORT] != ctrl_sort))
                                st_err_busy <= 1'b1;
                        end else begin
                            ctrl_batch <= wb_dat_i[CTRL_BATCH];
                            ctrl_binned_r <= wb_dat_i[CTRL_BINNED];
                            ctrl_steer_r <= wb_dat_i[CTRL_STEER];
                            ctrl_velocity_r <= wb_dat_i[CTRL_VELOCITY];
                            ctrl_limit_r <= wb_dat_i[CTRL_LIMIT];
                            ctrl_predators_r <= wb_dat_i[CTRL_PREDATORS];
                            ctrl_edges_pseudocode_r <= wb_dat_i[CTRL_EDGES_PSEUDOCODE];
                            ctrl_sort_r <= wb_dat_i[CTRL_SORT];
                            if (wb_dat_i[CTRL_START]) begin
                                if (params_bad) st_err_param <= 1'b1;
                                else st_done <= 1'b0;
                            end
                        end
                    end
                    REG_STATUS: begin
                        if (wb_dat_i[STATUS_DONE]) st_done <= 1'b0;
                        if (wb_dat_i[STATUS_ERR_PARAM]) st_err_param <= 1'b0;
                        if (wb_dat_i[STATUS_ERR_BUSY]) st_err_busy <= 1'b0;
                        if (wb_dat_i[STATUS_ERR_BUS]) st_err_bus <= 1'b0;
                    end
                    REG_COUNT, REG_QUERY, REG_VISUAL, REG_VISUAL2_LO, REG_VISUAL2_HI,
                    REG_PROTECTED2_LO, REG_PROTECTED2_HI, REG_CENTERING, REG_AVOID, REG_MATCHING,
                    REG_TURN, REG_MARGIN, REG_WORLD_W, REG_WORLD_H, REG_MINSPEED, REG_MAXSPEED,
                    REG_PRED_COUNT, REG_PRED_RANGE, REG_PRED_TURN: begin
                        if (run_busy) st_err_busy <= 1'b1;
                        else begin
                            if (adr == REG_COUNT) reg_count <= wb_dat_i;
                            if (adr == REG_QUERY) reg_query <= wb_dat_i;
                            if (adr == REG_VISUAL) reg_visual <= wb_dat_i;
                            if (adr == REG_VISUAL2_LO) reg_visual2[31:0] <= wb_dat_i;
                            if (adr == REG_VISUAL2_HI) reg_visual2[63:32] <= wb_dat_i;
                            if (adr == REG_PROTECTED2_LO) reg_protected2[31:0] <= wb_dat_i;
                            if (adr == REG_PROTECTED2_HI) reg_protected2[63:32] <= wb_dat_i;
                            if (adr == REG_CENTERING && HAS_STEER) reg_centering <= wb_dat_i;
                            if (adr == REG_AVOID && HAS_STEER) reg_avoid <= wb_dat_i;
                            if (adr == REG_MATCHING && HAS_STEER) reg_matching <= wb_dat_i;
                            if (adr == REG_TURN && HAS_STEER) reg_turn <= wb_dat_i;
                            if (adr == REG_MARGIN && HAS_STEER) reg_margin <= wb_dat_i;
                            if (adr == REG_WORLD_W && HAS_STEER) reg_world_w <= wb_dat_i;
                            if (adr == REG_WORLD_H && HAS_STEER) reg_world_h <= wb_dat_i;
                            if (adr == REG_MINSPEED && HAS_LIMIT) reg_minspeed <= wb_dat_i;
                            if (adr == REG_MAXSPEED && HAS_LIMIT) reg_maxspeed <= wb_dat_i;
                            if (adr == REG_PRED_COUNT && HAS_PRED) reg_pred_count <= wb_dat_i;
                            if (adr == REG_PRED_RANGE && HAS_PRED) reg_pred_range <= wb_dat_i;
                            if (adr == REG_PRED_TURN && HAS_PRED) reg_pred_turn <= wb_dat_i;
                        end
                    end
                    REG_RESULTS_FREED: reg_freed <= wb_dat_i > NMAX_WORD ? NMAX_WORD[IW:0] : wb_dat_i[IW:0];
                    // SORT, GRID, CELL_RECIP, CELL_POS, APPEND: the sorter's (below); ID, NMAX,
                    // LANES, CYCLES, RESULTS_READY, BIN_PASSES, RESULT_SLOTS, BIN_CELLS, SORTED:
                    // read only
                    default: ;
                endcase
            end
            if (wb_we_i && (in_boids || in_passes || in_preds) && run_busy) st_err_busy <= 1'b1;
            if (!in_regs && !in_preds && !in_boids && !in_results && !in_passes) st_err_bus <= 1'b1;
        end
        if (sort_refuse_busy) st_err_busy <= 1'b1;
        if (sort_refuse_param) st_err_param <= 1'b1;

        // A result entry is written whole in one cycle, each only once a run, and a
        // batch writes them in boid order: counting the writes counts a prefix.
        if (start_ok) begin
            last_run_sorted <= sort_req;
            reg_cycles <= 32'd0;
            run_steer <= steer_req && reg_count != 32'd0;
            reg_freed <= {(IW+1){1'b0}};
            reg_ready <= {(IW+1){1'b0}};
        end else begin
            if (run_busy) reg_cycles <= reg_cycles + 32'd1;
            if (res_we) reg_ready <= reg_ready + {{IW{1'b0}}, 1'b1};
        end
        // A steering run is done when its last entry is steered.
        if ((finish && !run_steer) || steer_finish) st_done <= 1'b1;

        if (rst) begin
            wb_ack_o <= 1'b0;
            ctrl_batch <= 1'b0;
            ctrl_binned_r <= 1'b0;
            ctrl_irq_en <= 1'b0;
            ctrl_steer_r <= 1'b0;
            ctrl_velocity_r <= 1'b0;
            ctrl_limit_r <= 1'b0;
            ctrl_predators_r <= 1'b0;
            ctrl_edges_pseudocode_r <= 1'b0;
            ctrl_sort_r <= 1'b0;
            last_run_sorted <= 1'b0;
            run_steer <= 1'b0;
            reg_centering <= 32'd0;
            reg_avoid <= 32'd0;
            reg_matching <= 32'd0;
            reg_turn <= 32'd0;
            reg_margin <= 32'd0;
            reg_world_w <= 32'd0;
            reg_world_h <= 32'd0;
            reg_minspeed <= 32'd0;
            reg_maxspeed <= 32'd0;
            reg_pred_count <= 32'd0;
            reg_pred_range <= 32'd0;
            reg_pred_turn <= 32'd0;
            st_done <= 1'b0;
            st_err_param <= 1'b0;
            st_err_busy <= 1'b0;
            st_err_bus <= 1'b0;
            reg_count <= 32'd0;
            reg_query <= 32'd0;
            reg_visual <= 32'd0;
            reg_visual2 <= 64'd0;
            reg_protected2 <= 64'd0;
            reg_cycles <= 32'd0;
            reg_ready <= {(IW+1){1'b0}};
            reg_freed <= {(IW+1){1'b0}};
        end
    end

    // The predator table: data, not reset; written like the parameters, while idle.
    always @(posedge clk)
        if (wr && in_preds && !run_busy) begin
            if (pred_word) pred_y[pred_idx] <= wb_dat_i;
            else pred_x[pred_idx] <= wb_dat_i;
        end

    // The boids as the bus gives them: boid memory writes (the entry) and the
    // sorter's APPEND words (the boid's id), never in the same cycle; registered,
    // so that no path runs from the bus through this decode into another block.
    wire        boid_we = wr && in_boids && !run_busy;
    wire [31:0] boid_idx_wide = {{(32-IW){1'b0}}, boid_idx};     // 14 bits at N_MAX 16,384
    wire [31:0] app_id_wide = {{(32-IW){1'b0}}, app_taken_id};
    always @(posedge clk) begin
        tap_we_o <= boid_we || app_taken_we;
        if (boid_we || app_taken_we) begin
            tap_word_o <= app_taken_we ? app_taken_word : boid_word;
            tap_idx_o <= app_taken_we ? app_id_wide[13:0] : boid_idx_wide[13:0];
            tap_data_o <= wb_dat_i;
        end
        if (rst) tap_we_o <= 1'b0;
    end

    // ---- memories -------------------------------------------------------------
    wire [IW-1:0]    core_raddr, core_vraddr;
    wire [127:0]     boid_rdata;
    wire             own_re;                        // the steering unit reads a boid's own state
    wire [IW-1:0]    own_raddr;
    wire [127:0]     own_rdata;
    wire [IW-1:0]    res_waddr;
    wire             res_wsel;
    wire [RES_W-1:0] res_wdata_lane0, res_wdata_shadow, res_rdata;
    wire             tab_re;
    wire [PASS_W-1:0] tab_raddr;
    wire [6*IW+5:0]  tab_rdata;
    wire             put_we;                        // the sorter places a boid
    wire [IW-1:0]    put_addr;
    wire [127:0]     put_data;
    wire             btab_we;                       // the sorter's pass builder writes the table
    wire [PASS_W-1:0] btab_waddr;
    wire [1:0]       btab_wword;
    wire [31:0]      btab_wdata;
    wire [IW-1:0]    id_rdata;                      // the sorter's map: the boid in a slot

    accel_boid_mem #(
        .N_MAX(N_MAX)
    ) u_boids (
        .clk(clk),
        .we(boid_we),
        .waddr(boid_idx),
        .wword(boid_word),
        .wdata(wb_dat_i),
        .pwe(put_we),
        .paddr(put_addr),
        .pdata(put_data),
        .sre(own_re),
        .saddr(own_raddr),
        .srdata(own_rdata),
        .re(busy || req),
        .rsel(busy),
        .raddr(core_raddr),
        .vraddr(core_vraddr),
        .rdata(boid_rdata)
    );

    // The result memory's ports: the core writes, the bus reads; with steering
    // the steering unit also reads (when the bus does not) and writes (when the
    // core does not), through the shadow's source.
    wire             mem_we, mem_wsel, mem_re;
    wire [IW-1:0]    mem_waddr, mem_raddr;
    wire [RES_W-1:0] mem_wdata1;
    wire             res_steered;                   // the entry read holds steering
    wire [127:0]     res_steer_words;               // its four words (a steered entry's bits 127:0)

    accel_result_mem #(
        .N_MAX(RESULT_SLOTS),
        .WIDTH(RES_W)
    ) u_results (
        .clk(clk),
        .we(mem_we),
        .waddr(mem_waddr[SW-1:0]),
        .wsel(mem_wsel),
        .wdata0(res_wdata_lane0),
        .wdata1(mem_wdata1),
        .re(mem_re),
        .raddr(mem_raddr[SW-1:0]),
        .rdata(res_rdata)
    );

    generate
        if (HAS_STEER) begin : g_steer
            wire             st_re, st_we;
            wire [IW-1:0]    st_raddr, st_waddr;
            wire [RES_W-1:0] st_wdata;

            wire [3:0] pred_addr;

            accel_steer #(
                .N_MAX(N_MAX),
                .LIMIT(LIMIT),
                .PREDATORS(PREDATORS),
                .RES_W(RES_W)
            ) u_steer (
                .clk(clk),
                .rst(rst),
                .start(start_ok && steer_req),
                .count(reg_count[IW:0]),
                .centering(reg_centering),
                .avoid(reg_avoid),
                .velocity(ctrl_velocity),
                .matching(reg_matching),
                .turn(reg_turn),
                .margin(reg_margin),
                .world_w(reg_world_w),
                .world_h(reg_world_h),
                .limit(ctrl_limit),
                .minspeed(reg_minspeed),
                .maxspeed(reg_maxspeed),
                .edges_pseudocode(ctrl_edges_pseudocode),
                .predators(ctrl_predators),
                .pred_count(reg_pred_count[4:0]),
                .pred_range(reg_pred_range),
                .pred_turn(reg_pred_turn),
                .pred_addr(pred_addr),
                .pred_xy({pred_y[pred_addr], pred_x[pred_addr]}),
                .written(reg_ready),
                .busy(steer_busy),
                .steered(steered),
                .finish(steer_finish),
                .port_free(!req),
                .res_re(st_re),
                .res_raddr(st_raddr),
                .res_rdata(res_rdata),
                .core_we(res_we),
                .res_we(st_we),
                .res_waddr(st_waddr),
                .res_wdata(st_wdata),
                .own_re(own_re),
                .own_raddr(own_raddr),
                .own_rdata(own_rdata)
            );
            assign mem_we = res_we || st_we;
            assign mem_waddr = res_we ? res_waddr : st_waddr;
            assign mem_wsel = res_we ? res_wsel : 1'b1;
            assign mem_wdata1 = res_we ? res_wdata_shadow : st_wdata;
            assign res_steer_words = res_rdata[127:0];
            assign mem_re = req || st_re;
            assign mem_raddr = req ? res_idx : st_raddr;

            // Each entry's form, beside it in a memory of its own (a flag bit in the
            // entry would cost a sixth column of block RAM at N_MAX 2,049 to 4,096):
            // set by the unit's write, cleared by the core's.
            accel_result_mem #(
                .N_MAX(RESULT_SLOTS),
                .WIDTH(1)
            ) u_steered (
                .clk(clk),
                .we(mem_we),
                .waddr(mem_waddr[SW-1:0]),
                .wsel(!res_we),
                .wdata0(1'b0),
                .wdata1(1'b1),
                .re(mem_re),
                .raddr(mem_raddr[SW-1:0]),
                .rdata(res_steered)
            );
        end else begin : g_no_steer
            assign steer_busy = 1'b0;
            assign steer_finish = 1'b0;
            assign steered = {(IW+1){1'b0}};
            assign mem_we = res_we;
            assign mem_waddr = res_waddr;
            assign mem_wsel = res_wsel;
            assign mem_wdata1 = res_wdata_shadow;
            assign res_steered = 1'b0;
            assign res_steer_words = 128'd0;
            assign mem_re = req;
            assign mem_raddr = res_idx;
            assign own_re = 1'b0;
            assign own_raddr = {IW{1'b0}};
            wire unused_ok = &{1'b0, reg_centering, reg_avoid, reg_matching, reg_turn, reg_margin,
                               reg_world_w, reg_world_h, ctrl_velocity_r, ctrl_limit_r,
                               reg_minspeed, reg_maxspeed, own_rdata, ctrl_predators_r, reg_pred_count,
                               ctrl_edges_pseudocode_r,
                               reg_pred_range, reg_pred_turn};
        end
    endgenerate

    // The pass table exists only in a build with binning.
    generate
        if (BINNING != 0) begin : g_passes
            accel_pass_mem #(
                .PASSES(PASSES),
                .IDX_W(IW + 1)
            ) u_passes (
                .clk(clk),
                .we((wr && in_passes && !run_busy) || btab_we),
                .waddr(btab_we ? btab_waddr : pass_idx),
                .wword(btab_we ? btab_wword : pass_word),
                .wdata(btab_we ? btab_wdata : wb_dat_i),
                .re(tab_re),
                .raddr(tab_raddr),
                .rdata(tab_rdata)
            );
        end else begin : g_no_passes
            assign tab_rdata = {(6*IW+6){1'b0}};
            wire unused_ok = &{1'b0, tab_re, tab_raddr, pass_idx, pass_word, btab_we, btab_waddr,
                               btab_wword, btab_wdata};
        end
    endgenerate

    // The sorter exists only in a build with it (and binning).
    generate
        if (HAS_SORTER) begin : g_sorter
            accel_sorter #(
                .N_MAX(N_MAX),
                .LANES(LANES),
                .CELLS(CELLS)
            ) u_sorter (
                .clk(clk),
                .rst(rst),
                .run_busy(run_busy),
                .cmd_we(wr && adr == REG_SORT),
                .grid_we(wr && adr == REG_GRID),
                .recip_we(wr && adr == REG_CELL_RECIP),
                .pos_we(wr && adr == REG_CELL_POS),
                .app_we(wr && adr == REG_APPEND),
                .wdata(wb_dat_i),
                .refuse_busy(sort_refuse_busy),
                .refuse_param(sort_refuse_param),
                .app_taken_we(app_taken_we),
                .app_taken_word(app_taken_word),
                .app_taken_id(app_taken_id),
                .phase(sort_phase),
                .grid(sort_grid),
                .recip(sort_recip),
                .counted(sort_counted),
                .placed(sort_placed),
                .build_start(start_ok && sort_req),
                .count(reg_count[IW:0]),
                .build_busy(build_busy),
                .build_done(build_done),
                .put_we(put_we),
                .put_addr(put_addr),
                .put_data(put_data),
                .tab_we(btab_we),
                .tab_waddr(btab_waddr),
                .tab_wword(btab_wword),
                .tab_wdata(btab_wdata),
                .id_re(req),
                .id_raddr(res_idx),
                .id_rdata(id_rdata)
            );
        end else begin : g_no_sorter
            // CELL_POS and APPEND are refused in any phase but theirs: here always
            assign sort_refuse_param = wr && (adr == REG_CELL_POS || adr == REG_APPEND);
            assign sort_refuse_busy = 1'b0;
            assign app_taken_we = 1'b0;
            assign app_taken_word = 2'd0;
            assign app_taken_id = {IW{1'b0}};
            assign sort_phase = 3'd0;
            assign sort_grid = 32'd0;
            assign sort_recip = 32'd0;
            assign sort_counted = {(IW+1){1'b0}};
            assign sort_placed = {(IW+1){1'b0}};
            assign build_busy = 1'b0;
            assign build_done = 1'b0;
            assign put_we = 1'b0;
            assign put_addr = {IW{1'b0}};
            assign put_data = 128'd0;
            assign btab_we = 1'b0;
            assign btab_waddr = {PASS_W{1'b0}};
            assign btab_wword = 2'd0;
            assign btab_wdata = 32'd0;
            assign id_rdata = {IW{1'b0}};
            wire unused_ok = &{1'b0, ctrl_sort_r};
        end
    endgenerate

    // ---- run control and pair lanes ---------------------------------------------
    accel_core #(
        .N_MAX(N_MAX),
        .LANES(LANES),
        .BINNING(BINNING),
        .RESULT_SLOTS(RESULT_SLOTS)
    ) u_core (
        .clk(clk),
        .rst(rst),
        .start(core_start),
        .batch(build_done || wb_dat_i[CTRL_BATCH]), // taken with start
        .binned(build_done || wb_dat_i[CTRL_BINNED]),
        .count(reg_count[IW:0]),
        .query(reg_query[IW-1:0]),
        .visual(reg_visual[23:0]),
        .visual2(reg_visual2),
        .protected2(reg_protected2),
        .freed(reg_freed),
        .busy(busy),
        .finish(finish),
        .boid_raddr(core_raddr),
        .boid_vraddr(core_vraddr),
        .boid_rdata(boid_rdata),
        .tab_re(tab_re),
        .tab_raddr(tab_raddr),
        .tab_rdata(tab_rdata),
        .res_we(res_we),
        .res_waddr(res_waddr),
        .res_wsel(res_wsel),
        .res_wdata_lane0(res_wdata_lane0),
        .res_wdata_shadow(res_wdata_shadow)
    );

    // ---- read data --------------------------------------------------------------
    // Registers are read at the request; memories answer one cycle later from their
    // registered ports, so wb_dat_o is selected in the acknowledge cycle.
    localparam [1:0] SRC_ZERO = 2'd0, SRC_REG = 2'd1, SRC_BOID = 2'd2, SRC_RES = 2'd3;
    reg  [1:0]  rd_src;
    reg  [1:0]  rd_boid_word;
    reg  [2:0]  rd_res_word;
    reg  [IW-1:0] rd_res_idx;
    reg         rd_res_sorted;                      // word 7 reads the map
    reg  [31:0] rd_reg;

    // CTRL and STATUS as words are built where a read takes them (below): no logic
    // that a simulator evaluates at the clocks nothing reads them.
    always @(posedge clk) begin
        if (req) begin : read_request
            reg [31:0] ctrl_word, status_word;
            ctrl_word = 32'd0;
            ctrl_word[CTRL_BATCH] = ctrl_batch;
            ctrl_word[CTRL_IRQ_EN] = ctrl_irq_en;
            ctrl_word[CTRL_BINNED] = ctrl_binned;
            ctrl_word[CTRL_STEER] = ctrl_steer;
            ctrl_word[CTRL_VELOCITY] = ctrl_velocity;
            ctrl_word[CTRL_LIMIT] = ctrl_limit;
            ctrl_word[CTRL_SORT] = ctrl_sort;
            ctrl_word[CTRL_PREDATORS] = ctrl_predators;
            ctrl_word[CTRL_EDGES_PSEUDOCODE] = ctrl_edges_pseudocode;
            status_word = 32'd0;
            status_word[STATUS_BUSY] = run_busy;
            status_word[STATUS_DONE] = st_done;
            status_word[STATUS_ERR_PARAM] = st_err_param;
            status_word[STATUS_ERR_BUSY] = st_err_busy;
            status_word[STATUS_ERR_BUS] = st_err_bus;
            rd_src <= in_regs || in_preds ? SRC_REG
                    : in_boids && !run_busy ? SRC_BOID
                    : in_results ? SRC_RES : SRC_ZERO;
            rd_boid_word <= boid_word;
            rd_res_word <= res_word;
            rd_res_idx <= res_idx;
            rd_res_sorted <= last_run_sorted;
            // registers are at word addresses 0..36: select by the word index alone
            if (in_preds) rd_reg <= pred_word ? pred_y[pred_idx] : pred_x[pred_idx];
            else case (adr[7:2])
                REG_ID[7:2]: rd_reg <= ID_VALUE;
                REG_NMAX[7:2]: rd_reg <= NMAX_WORD;
                REG_LANES[7:2]: rd_reg <= LANES_WORD;
                REG_CTRL[7:2]: rd_reg <= ctrl_word;
                REG_STATUS[7:2]: rd_reg <= status_word;
                REG_COUNT[7:2]: rd_reg <= reg_count;
                REG_QUERY[7:2]: rd_reg <= reg_query;
                REG_VISUAL[7:2]: rd_reg <= reg_visual;
                REG_VISUAL2_LO[7:2]: rd_reg <= reg_visual2[31:0];
                REG_VISUAL2_HI[7:2]: rd_reg <= reg_visual2[63:32];
                REG_PROTECTED2_LO[7:2]: rd_reg <= reg_protected2[31:0];
                REG_PROTECTED2_HI[7:2]: rd_reg <= reg_protected2[63:32];
                REG_CYCLES[7:2]: rd_reg <= reg_cycles;
                REG_RESULTS_READY[7:2]: rd_reg <= {{(31-IW){1'b0}}, run_steer ? steered : reg_ready};
                REG_BIN_PASSES[7:2]: rd_reg <= BIN_PASSES_WORD;
                REG_CENTERING[7:2]: rd_reg <= HAS_STEER ? reg_centering : 32'd0;
                REG_AVOID[7:2]: rd_reg <= HAS_STEER ? reg_avoid : 32'd0;
                REG_MATCHING[7:2]: rd_reg <= HAS_STEER ? reg_matching : 32'd0;
                REG_TURN[7:2]: rd_reg <= HAS_STEER ? reg_turn : 32'd0;
                REG_MARGIN[7:2]: rd_reg <= HAS_STEER ? reg_margin : 32'd0;
                REG_WORLD_W[7:2]: rd_reg <= HAS_STEER ? reg_world_w : 32'd0;
                REG_WORLD_H[7:2]: rd_reg <= HAS_STEER ? reg_world_h : 32'd0;
                REG_MINSPEED[7:2]: rd_reg <= HAS_LIMIT ? reg_minspeed : 32'd0;
                REG_MAXSPEED[7:2]: rd_reg <= HAS_LIMIT ? reg_maxspeed : 32'd0;
                REG_PRED_COUNT[7:2]: rd_reg <= HAS_PRED ? reg_pred_count : 32'd0;
                REG_PRED_RANGE[7:2]: rd_reg <= HAS_PRED ? reg_pred_range : 32'd0;
                REG_PRED_TURN[7:2]: rd_reg <= HAS_PRED ? reg_pred_turn : 32'd0;
                REG_PREDATORS_MAX[7:2]: rd_reg <= PRED_MAX_WORD;
                REG_RESULT_SLOTS[7:2]: rd_reg <= SLOTS_WORD;
                REG_RESULTS_FREED[7:2]: rd_reg <= {{(31-IW){1'b0}}, reg_freed};
                REG_SORT[7:2]: rd_reg <= {29'd0, sort_phase} << SORT_PHASE;
                REG_GRID[7:2]: rd_reg <= sort_grid;
                REG_CELL_RECIP[7:2]: rd_reg <= sort_recip;
                REG_BIN_CELLS[7:2]: rd_reg <= BIN_CELLS_WORD;
                REG_SORTED[7:2]: rd_reg <= {{(31-IW){1'b0}}, sort_placed} << SORTED_PLACED
                                         | {{(31-IW){1'b0}}, sort_counted} << SORTED_COUNTED;
                default: rd_reg <= 32'd0;
            endcase
        end
    end

    // Result words: the six sums, then COUNT, each sign- (or zero-) extended to 32
    // bits; word 7 the entry's boid: its index, or the sorter's map after a sorted run. The entry packs {count, ali_y, ali_x, coh_y, coh_x,
    // sep_y, sep_x}: six sums of SUM_W bits, the count of CNT_W.
    function [31:0] sx(input [SUM_W-1:0] v);
        sx = {{(32-SUM_W){v[SUM_W-1]}}, v};
    endfunction

    // One block, the word selects inside their case arms, so that a simulator
    // only evaluates the source being read.
    always @* begin
        case (rd_src)
            SRC_REG: wb_dat_o = rd_reg;
            SRC_BOID: begin
                case (rd_boid_word)                 // constant slices: no shifter
                    2'd0: wb_dat_o = boid_rdata[31:0];
                    2'd1: wb_dat_o = boid_rdata[63:32];
                    2'd2: wb_dat_o = boid_rdata[95:64];
                    default: wb_dat_o = boid_rdata[127:96];
                endcase
            end
            SRC_RES: if (res_steered) begin
                case (rd_res_word)                  // a steered entry: four words and the count
                    3'd0: wb_dat_o = res_steer_words[31:0];
                    3'd1: wb_dat_o = res_steer_words[63:32];
                    3'd2: wb_dat_o = res_steer_words[95:64];
                    3'd3: wb_dat_o = res_steer_words[127:96];
                    3'd6: wb_dat_o = {{(32-CNT_W){1'b0}}, res_rdata[6*SUM_W +: CNT_W]};
                    3'd7: wb_dat_o = {{(32-IW){1'b0}}, rd_res_sorted ? id_rdata : rd_res_idx};
                    default: wb_dat_o = 32'd0;
                endcase
            end else begin
                case (rd_res_word)
                    3'd0: wb_dat_o = sx(res_rdata[0*SUM_W +: SUM_W]);
                    3'd1: wb_dat_o = sx(res_rdata[1*SUM_W +: SUM_W]);
                    3'd2: wb_dat_o = sx(res_rdata[2*SUM_W +: SUM_W]);
                    3'd3: wb_dat_o = sx(res_rdata[3*SUM_W +: SUM_W]);
                    3'd4: wb_dat_o = sx(res_rdata[4*SUM_W +: SUM_W]);
                    3'd5: wb_dat_o = sx(res_rdata[5*SUM_W +: SUM_W]);
                    3'd6: wb_dat_o = {{(32-CNT_W){1'b0}}, res_rdata[6*SUM_W +: CNT_W]};
                    default: wb_dat_o = {{(32-IW){1'b0}}, rd_res_sorted ? id_rdata : rd_res_idx};
                endcase
            end
            default: wb_dat_o = 32'd0;
        endcase
    end

    // (a ring's slots drop the entry index's upper bits)
    wire unused_ok = &{1'b0, wb_sel_i, wb_adr_i[1:0], boid_off[1:0], res_off[1:0], pass_off, mem_waddr, mem_raddr,
                       reg_pred_count[31:5], boid_idx_wide[31:14], app_id_wide[31:14],
                       reg_count[31:IW+1], reg_query[31:IW], reg_visual[31:24]};

`ifndef SYNTHESIS
    // The sorter places a boid in its fourth write's acknowledge cycle, when the
    // bus can ask for nothing, and never during a run: the boid memory's write
    // port is then its alone, and the pass table's is the builder's while busy.
    always @(posedge clk) begin
        if (!rst && put_we && (req || run_busy || own_re))
            $error("%m: the sorter placed a boid while the bus or a run used the boid memory");
        if (!rst && btab_we && !build_busy)
            $error("%m: the pass builder wrote the table outside its run");
    end
`endif

endmodule

`default_nettype wire
