// cpu_fetch: the fetch stage of cpu_rv32im: a Wishbone B4 pipelined read master on
// its own port (one fetch a cycle), a two-word buffer, and prediction at the head
// (jal taken; branches by a table of 2-bit counters), redirected by the core on
// anything else.
`timescale 1ns / 1ps
`default_nettype none

// The head is the oldest fetched instruction not yet taken by the core: the word in
// the buffer, or the one arriving from the bus this cycle (so that the core can read
// the register file with its fields as it arrives). The core takes it with consume.
//
// Prediction: when the head is a jal, or a branch predicted taken, whose target is
// 4-byte aligned, the fetch goes on at head_pc + imm at once (one cycle after the
// word arrives), once per head; every later word in the buffer or in flight is
// dropped. A branch is predicted taken when its offset is negative (a loop), unless
// its entry in the branch history table (BHT_ENTRIES 2-bit counters, a block RAM
// indexed by pc[..:2], read with the address of the next cycle's head) says that it
// has lately gone the other way: a counter counts up when the branch goes against
// that static guess and down when it goes with it (0 at power-up: agree), and the
// guess is turned at 2 and up. The core writes a branch's new counter when it
// executes it (bht_we). The core checks branches when it executes them and redirects on a
// mistake, as for jalr, mret, fence.i and traps: redirect drops everything fetched,
// the head too, and fetches from redirect_pc.
//
// The bus: requests go out while the buffer has room for every answer that can come
// back (DEPTH words, counting those in flight: 2 keep a bus that answers in the next
// cycle busy, 3 one that answers a cycle later, as soc_ram's FETCH_REG does), acks
// come in order, and the answers to fetches made before a redirect are counted and
// dropped. A request the slave
// stalls is held unchanged until it is taken, even across a redirect (the fetch then
// goes on where the head is); its answer is dropped too. A fetch answered with err is a
// fetch fault at the head (head_fault). cyc is high while a request is up or answers
// are due.
module cpu_fetch #(
    parameter [31:0] RESET_PC = 32'h0000_0000,
    parameter integer BHT_ENTRIES = 1024,           // branch history: a power of two, 2 .. 4096
    parameter integer DEPTH = 2                     // buffer words, 2 or 3 (see "The bus" above)
) (
    input  wire        clk,
    input  wire        rst,                         // synchronous, active high
    // Wishbone B4 pipelined master, read only, 32-bit words
    output wire        ibus_cyc_o,
    output reg         ibus_stb_o,
    output wire [31:0] ibus_adr_o,
    input  wire [31:0] ibus_dat_i,
    input  wire        ibus_ack_i,
    input  wire        ibus_err_i,
    input  wire        ibus_stall_i,
    // from the core: drop everything, fetch from redirect_pc (4-byte aligned)
    input  wire        redirect,
    input  wire [31:0] redirect_pc,
    // the head instruction
    output wire        head_valid,
    output wire [31:0] head_insn,
    output wire        head_fault,                  // its fetch answered err
    output reg  [31:0] head_pc,
    output wire [31:0] head_pc4,                    // head_pc + 4
    output wire        head_pred,                   // predicted taken: the fetch follows head_target
    output wire [31:0] head_target,                 // head_pc + its B or J immediate
    output reg  [1:0]  head_counter,                // its branch history counter
    input  wire        consume,                     // the core takes the head (when head_valid)
    // a branch executed: its pc and new counter
    input  wire        bht_we,
    input  wire [31:0] bht_pc,
    input  wire [1:0]  bht_counter
);

    localparam integer BW = BHT_ENTRIES > 1 ? $clog2(BHT_ENTRIES) : 1;

    initial begin
        if (RESET_PC[1:0] != 2'b00) $error("%m: RESET_PC = %h, must be 4-byte aligned", RESET_PC);
        if (BHT_ENTRIES < 2 || BHT_ENTRIES > 4096 || (BHT_ENTRIES & (BHT_ENTRIES - 1)) != 0)
            $error("%m: BHT_ENTRIES = %0d, must be a power of two, 2..4096", BHT_ENTRIES);
        if (DEPTH != 2 && DEPTH != 3) $error("%m: DEPTH = %0d, must be 2 or 3", DEPTH);
    end

    reg  [31:2] adr;                                // the request on the bus, or the next one
    reg         pend;                               // a stalled request was overtaken by a redirect:
                                                    // once it is taken, go on at the head (below)
    reg  [2:0]  inflight;                           // requests taken, not yet answered
    reg  [2:0]  drop;                               // of those, the oldest ones to drop
    reg  [1:0]  count;                              // words in the buffer
    wire [32:0] buffered;                           // the oldest of them: {fault, word}
    reg         head_redirected;                    // the head's prediction has been followed
    reg         flushed;                            // a redirect came last cycle
    reg  [31:0] target_q;                           // redirect_pc of last cycle
    (* no_rw_check *) reg [1:0] bht[0:BHT_ENTRIES-1];   // branch history (block RAM)

    integer i;
    initial begin
        for (i = 0; i < BHT_ENTRIES; i = i + 1) bht[i] = 2'd0;   // agree with the static guess
    end

    // The request's address: the redirect target in the cycle after a redirect
    // (unless a stale request is held), else adr (timing: a redirect only reaches a
    // few flops in its own cycle, not these)
    wire        to_new = flushed && !pend;
    wire [31:2] cur = to_new ? target_q[31:2] : adr;
    assign ibus_adr_o = {cur, 2'b00};
    assign ibus_cyc_o = ibus_stb_o || inflight != 3'd0;

    // A redirect (late: the core's branch check) is only registered in its own cycle;
    // the cycle after (flushed) the request goes to its target, the buffer is empty
    // and every answer still due from before it is dropped.
    wire taken = ibus_stb_o && !ibus_stall_i;
    wire answer = (ibus_ack_i || ibus_err_i) && inflight != 3'd0;
    wire dropped = answer && (drop != 3'd0 || flushed);
    wire arrive = answer && drop == 3'd0 && !flushed;   // a word for the buffer or the head

    // ---- the head and its prediction ----------------------------------------------
    assign head_valid = !flushed && (count != 2'd0 || arrive);
    wire [32:0] head = count == 2'd0 ? {ibus_err_i, ibus_dat_i} : buffered;
    assign head_insn = head[31:0];
    assign head_fault = head[32];
    assign head_pc4 = head_pc + 32'd4;

    // the J immediate or the B one, told apart by opcode bit 2 alone (timing: the
    // word arrives late; for anything but a jal or a branch the target is not used)
    function automatic [31:0] jump_imm(input [31:7] w, input is_jal);
        jump_imm = is_jal ? {{11{w[31]}}, w[31], w[19:12], w[20], w[30:21], 1'b0}
                          : {{19{w[31]}}, w[31], w[7], w[30:25], w[11:8], 1'b0};
    endfunction
    // a jal, or a branch guessed taken (a backward one, unless its history says
    // otherwise), to an aligned target (imm[1] set: the target is misaligned, the core
    // traps (jal) or traps if taken)
    function automatic predicted(input fault, input [6:0] opcode, input jal_imm1,
                                 input branch_imm1, input backward, input history_against);
        predicted = !fault && (opcode == 7'b1101111 ? !jal_imm1
                               : opcode == 7'b1100011 && !branch_imm1 && (backward ^ history_against));
    endfunction
    assign head_target = head_pc + jump_imm(head_insn[31:7], head_insn[2]);
    assign head_pred = predicted(head_fault, head_insn[6:0], head_insn[21], head_insn[8],
                                 head_insn[31], head_counter[1]);

    wire take = consume && head_valid;
    // follow a prediction: drop the fetches after the head, keep the head (a redirect
    // in the same cycle wins the address, and flushes the rest next cycle)
    wire follow = head_valid && head_pred && !head_redirected;

    // ---- buffer occupancy after this cycle ------------------------------------------
    wire [1:0] count_stay = count + {1'b0, arrive} - {1'b0, take};
    wire [1:0] count_next = flushed ? 2'd0 : follow ? {1'b0, !take} : count_stay;
    wire [2:0] inflight_next = inflight + {2'd0, taken} - {2'd0, answer};
    wire [2:0] drop_stay = drop - {2'd0, dropped} + {2'd0, taken && pend};
    // flushed: all still due is stale but a request for the new target taken now
    wire [2:0] drop_next = flushed ? inflight_next - {2'd0, taken && !pend}
                         : follow ? inflight_next : drop_stay;
    // room for one more answer: the buffer, plus what is in flight and will be kept;
    // after a redirect or a follow there is room (timing: they come in last)
    wire       held = ibus_stb_o && !taken;         // a stalled request stays as it is
    // what the buffer will hold, counting a request up now as taken (if it is not,
    // it is held and the next one waits anyway) and the head as not taken; the head
    // taken (late: the core's stalls) frees one place, in the last LUT (timing)
    wire [2:0] inflight_up = inflight + {2'd0, ibus_stb_o} - {2'd0, answer};
    wire [2:0] drop_up = drop - {2'd0, dropped} + {2'd0, ibus_stb_o && pend};
    wire [2:0] kept_up = {1'b0, count} + {2'd0, arrive} + (inflight_up - drop_up);
    wire       may = inflight_up < 3'd6;

    // the next request and head address. Once a held stale request is taken, the
    // fetch goes on where the head is: its pc after a redirect (nothing arrives
    // before), its target after a follow (or its pc, once it has been taken). The
    // target, from the adder on the word, comes last (keep: it meets the rest in the
    // last LUT). The prediction, from the word too, selects between the two cases
    // of follow worked out before it (timing: one LUT from the word's decode to
    // these, not two).
    wire       may_follow = head_valid && !head_redirected;    // follow = may_follow && head_pred
    wire       target_pending = taken && pend && head_redirected;
    (* keep *) wire to_target;
    assign to_target = head_pred ? (may_follow ? !held : target_pending) : target_pending;
    wire [31:2] adr_moved = !taken ? cur : !pend ? cur + 30'd1
                          : flushed ? target_q[31:2] : head_pc[31:2];
    (* keep *) wire [31:2] adr_other;
    assign adr_other = head_pred && may_follow ? cur : adr_moved;
    wire [31:2] adr_next = to_target ? head_target[31:2] : adr_other;
    (* keep *) wire pend_stay;
    assign pend_stay = follow ? held : pend && !taken;
    (* keep *) wire room_now;
    assign room_now = held || (may && (follow || flushed || kept_up < DEPTH[2:0]));
    (* keep *) wire room_taken;
    assign room_taken = may && kept_up < DEPTH[2:0] + 3'd1;
    wire       stb_stay = room_now || (take && room_taken);
    (* keep *) wire [31:0] head_pc_other;
    assign head_pc_other = flushed ? target_q : take ? head_pc4 : head_pc;
    wire [31:0] head_pc_next = take && head_pred ? head_target : head_pc_other;

    // The branch history is read a cycle ahead, for the next cycle's head
    // (head_counter is bht[head_pc] whenever there is a head), with an address that
    // never waits for a word arriving from the bus (timing: the RAM's output, the
    // adder on it and the table's address were the system clock's critical path). A
    // head predicted taken and taken now has its target's index from the buffered
    // word, by an adder on the index bits alone. If that head has only just arrived,
    // the index read now is that of head_pc + 4, unused: the target's is read in the
    // next cycle, from head_pc (nothing is taken then), soon enough, for the target is
    // fetched after this and its word cannot arrive before the cycle after next (the
    // follow drops every answer still due).
    wire [31:0] buffered_imm = jump_imm(buffered[31:7], buffered[2]);
    wire [BW-1:0] buffered_target = head_pc[BW+1:2] + buffered_imm[BW+1:2];
    wire        buffered_pred = predicted(buffered[32], buffered[6:0], buffered[21], buffered[8],
                                          buffered[31], head_counter[1]);
    wire        buffered_jump = take && count != 2'd0 && buffered_pred;
    // follow, when the head is in the buffer (timing: not from the word arriving)
    wire        buffered_follow = count != 2'd0 && !flushed && buffered_pred && !head_redirected;
    wire [BW-1:0] bht_read = buffered_jump ? buffered_target : head_pc_other[BW+1:2];

    // The buffer, a ring: the arriving word goes in after the words there (taken as
    // the head at once, it goes in all the same, unused: timing, no take here); a
    // follow keeps the head alone.
    wire keep_word = arrive && !buffered_follow;
    wire advance = take && count != 2'd0;           // the head leaves the buffer
    generate
        if (DEPTH == 2) begin : g_two
            reg        first;                       // the entry holding the head
            reg [32:0] entry0, entry1;
            assign buffered = first ? entry1 : entry0;
            always @(posedge clk) begin
                if (keep_word) begin
                    if (first ^ count[0]) entry1 <= {ibus_err_i, ibus_dat_i};
                    else entry0 <= {ibus_err_i, ibus_dat_i};
                end
                if (advance) first <= !first;
                if (rst) first <= 1'b0;
            end
        end else begin : g_three
            reg  [1:0]  first;                      // the entry holding the head, 0..2
            reg  [32:0] entry[0:2];
            wire [2:0]  after = {1'b0, first} + {1'b0, count};
            wire [1:0]  put = after >= 3'd3 ? after[1:0] - 2'd3 : after[1:0];
            assign buffered = entry[first];
            always @(posedge clk) begin
                if (keep_word) entry[put] <= {ibus_err_i, ibus_dat_i};
                if (advance) first <= first == 2'd2 ? 2'd0 : first + 2'd1;
                if (rst) first <= 2'd0;
            end
        end
    endgenerate

    always @(posedge clk) begin
        count <= count_next;
        inflight <= inflight_next;
        drop <= drop_next;

        // the request, and the head's address
        adr <= adr_next;
        pend <= redirect ? held : pend_stay;
        ibus_stb_o <= redirect ? held || may : stb_stay;
        head_pc <= head_pc_next;
        head_counter <= bht[bht_read];
        if (bht_we) bht[bht_pc[BW+1:2]] <= bht_counter;
        head_redirected <= !redirect && !take && (follow || head_redirected);
        flushed <= redirect;
        target_q <= redirect_pc;

        if (rst) begin
            ibus_stb_o <= 1'b0;
            adr <= RESET_PC[31:2];
            pend <= 1'b0;
            inflight <= 3'd0;
            drop <= 3'd0;
            count <= 2'd0;
            flushed <= 1'b0;
            head_pc <= RESET_PC;
            head_redirected <= 1'b0;
        end
    end

`ifndef SYNTHESIS
    reg [BW-1:0] bht_read_q;                        // the index head_counter was read for
    always @(posedge clk) bht_read_q <= bht_read;
    always @(posedge clk) begin
        if (!rst && arrive && count == DEPTH[1:0] && !take && !follow)
            $error("%m: fetch buffer overflow");
        if (!rst && buffered_follow != (follow && count != 2'd0))
            $error("%m: buffered_follow is not follow with the head in the buffer");
        if (!rst && head_valid && bht_read_q != head_pc[BW+1:2])
            $error("%m: head_counter read for pc index %h, the head is at %h", bht_read_q,
                   head_pc[BW+1:2]);
    end
`endif

    wire unused_ok = &{1'b0, redirect_pc[1:0], bht_pc, buffered_imm};

endmodule

`default_nettype wire
