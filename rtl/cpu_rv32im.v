// cpu_rv32im: a pipelined RISC-V RV32IM + Zicsr core, machine mode only, with a
// Wishbone B4 pipelined master for instruction fetch and another for data.
// See docs/cpu.md: pipeline, hazards, CPI, CSRs, traps, interrupts, trace port.
`timescale 1ns / 1ps
`default_nettype none

// Five stages, in order, one instruction a cycle at best:
//   F  fetch request on the I-port (cpu_fetch); jal and branches predicted taken
//      (backward, unless the branch history says otherwise) are followed as their
//      word arrives
//   D  the word arrives (or waits in the fetch buffer): decoded, and its registers
//      read from the block-RAM register file (registered read), into the X flops
//   X  execute: operands from the register file or bypassed from M, W or L; ALU,
//      branch check (a wrong guess, jalr, mret and fence.i redirect the fetch),
//      load/store address (the D-port request is raised here, registered), CSR
//      instructions, divide (X waits for it), multiply and shift operands registered
//   M  the D-port request is out; the product (a multiply's, or a shift's) forms
//   W  the D-port answer (W waits for ack: the whole pipe holds); loads are aligned;
//      the register file is written; the instruction retires, or traps
// L is the register write of the last cycle, kept for the bypass (the register file
// misses a write made in the cycle it is read).
// Traps are taken in W, in order: an exception found earlier travels with its
// instruction (which then has no effect: no register, no bus access, no CSR) and
// flushes everything younger when it reaches W. An interrupt replaces the
// instruction in X (mepc = its pc) and is taken when that reaches W. Side effects
// wait until nothing older can trap: a load or store raises its request only when
// no older access is outstanding and no older instruction carries an exception;
// CSR instructions, mret and fence.i run in X once M and W are empty.
// Reset (synchronous) resets control state only; the register file is not reset
// and x0 is never read from it (its operand is 0 by the bypass selects).
module cpu_rv32im #(
    parameter [31:0] RESET_PC = 32'h0000_0000,
    parameter integer IRQ_COUNT = 2,                // platform interrupt lines -> mip/mie bits 16..16+IRQ_COUNT-1
    parameter integer DIV_PAIR_SHORTCUT = 1,        // cpu_div: 1, a div/rem pair on the same operands divides once
    parameter integer FETCH_DEPTH = 2               // cpu_fetch: buffer words, 3 for an I-port answering in two cycles
) (
    input  wire                 clk,
    input  wire                 rst,                // synchronous, active high
    // I-port: Wishbone B4 pipelined master, read only (we 0, sel 1111, dat_o 0)
    output wire                 ibus_cyc_o,
    output wire                 ibus_stb_o,
    output wire                 ibus_we_o,
    output wire [3:0]           ibus_sel_o,
    output wire [31:0]          ibus_adr_o,
    output wire [31:0]          ibus_dat_o,
    input  wire [31:0]          ibus_dat_i,
    input  wire                 ibus_ack_i,
    input  wire                 ibus_err_i,
    input  wire                 ibus_stall_i,
    // D-port: Wishbone B4 pipelined master, one access at a time, byte addresses
    // (adr[1:0] = 0, sel picks the bytes)
    output wire                 dbus_cyc_o,
    output reg                  dbus_stb_o,
    output reg                  dbus_we_o,
    output reg  [3:0]           dbus_sel_o,
    output wire [31:0]          dbus_adr_o,
    output reg  [31:0]          dbus_dat_o,
    input  wire [31:0]          dbus_dat_i,
    input  wire                 dbus_ack_i,
    input  wire                 dbus_err_i,
    input  wire                 dbus_stall_i,
    // interrupts
    input  wire [IRQ_COUNT-1:0] irq_i,              // level-sensitive, active high
    output wire                 sleeping_o,         // high while stalled in wfi
    // retire trace: one record a cycle at most, in program order
    output wire                 trace_valid_o,      // an instruction retired, or a trap was taken
    output wire [31:0]          trace_pc_o,         // its address (an interrupt: mepc)
    output wire [31:0]          trace_insn_o,       // its encoding (0: a fetch fault or an interrupt)
    output wire                 trace_trap_o,       // a trap (nothing written)
    output wire [4:0]           trace_cause_o,      // mcause[4:0] of the trap
    output wire                 trace_irq_o,        // the trap is an interrupt
    output wire                 trace_rd_we_o,      // it wrote rd (never x0)
    output wire [4:0]           trace_rd_o,
    output wire [31:0]          trace_rd_data_o
);

    initial begin
        if (RESET_PC[1:0] != 2'b00) $error("%m: RESET_PC = %h, must be 4-byte aligned", RESET_PC);
        if (IRQ_COUNT < 1 || IRQ_COUNT > 16) $error("%m: IRQ_COUNT = %0d, must be 1..16", IRQ_COUNT);
    end

    // exception causes (mcause)
    localparam [4:0] C_FETCH_MISALIGNED = 5'd0, C_FETCH_FAULT = 5'd1, C_ILLEGAL = 5'd2,
                     C_BREAKPOINT = 5'd3, C_LOAD_MISALIGNED = 5'd4, C_LOAD_FAULT = 5'd5,
                     C_STORE_MISALIGNED = 5'd6, C_STORE_FAULT = 5'd7, C_ECALL_M = 5'd11;

    function automatic [31:0] pick(input s, input [31:0] v);
        pick = {32{s}} & v;
    endfunction

    // ---- the stages' registers --------------------------------------------------
    // X: the decoded instruction
    reg         x_valid;
    reg  [31:0] x_pc, x_pc4, x_target, x_insn, x_imm;
    reg         x_pred, x_fault, x_legal;
    reg  [1:0]  x_counter;                          // the branch's history counter
    reg         x_jal, x_jalr, x_branch, x_load, x_store, x_mul, x_div, x_csr, x_ecall, x_ebreak,
                x_mret, x_wfi, x_fence_i;
    reg  [4:0]  x_rd, x_rs1, x_rs2;
    reg         x_we, x_use1, x_use2;
    reg         x_a_pc, x_b_imm, x_sub, x_cmp_signed;
    reg         x_k_sum, x_k_slt, x_k_logic, x_shift;
    reg  [3:0]  x_s1, x_s2;                         // operand sources, one-hot: {L, W, M, register file}
    reg         x_redirected;                       // it has redirected the fetch already
    reg         x_div_started;
    // M
    reg         m_valid, m_exc, m_irq, m_we, m_load, m_prod, m_high, m_raised, m_nocount;
    reg  [4:0]  m_cause, m_rd;
    reg  [2:0]  m_f3;
    reg  [31:0] m_pc, m_insn, m_res;                // m_res: the result, a load/store address, or mtval
    // W
    reg         w_valid, w_exc, w_irq, w_we, w_load, w_pending, w_nocount;
    reg  [4:0]  w_cause, w_rd;
    reg  [2:0]  w_f3;
    reg  [31:0] w_pc, w_insn, w_res;
    // L: the register write of the last cycle (its register: the select says)
    reg  [31:0] l_data;
    // the D-port request
    reg  [31:2] d_adr;
    // the branch history's update, a cycle after the branch (below)
    reg         bht_go, bht_back;
    reg  [1:0]  bht_was;
    reg  [31:0] bht_at;

    wire irq_pending;

    // ---- pipeline control -------------------------------------------------------
    // freeze: W waits for its access's answer; nothing moves, nothing is written.
    // trap_now: W holds an exception or interrupt: trap, flush everything younger.
    wire freeze = w_pending && !dbus_ack_i;
    wire trap_now = w_valid && w_exc && !w_pending;

    // ---- fetch and decode (F, D) ------------------------------------------------
    wire        h_valid, h_fault, h_pred;
    wire [31:0] h_insn, h_pc, h_pc4, h_target;
    wire [1:0]  h_counter;
    wire        bht_we;
    wire [1:0]  bht_counter;
    wire        redirect;
    wire [31:0] redirect_pc;
    wire        consume;

    cpu_fetch #(
        .RESET_PC(RESET_PC),
        .DEPTH(FETCH_DEPTH)
    ) fetch (
        .clk(clk), .rst(rst),
        .ibus_cyc_o(ibus_cyc_o), .ibus_stb_o(ibus_stb_o), .ibus_adr_o(ibus_adr_o),
        .ibus_dat_i(ibus_dat_i), .ibus_ack_i(ibus_ack_i), .ibus_err_i(ibus_err_i),
        .ibus_stall_i(ibus_stall_i),
        .redirect(redirect), .redirect_pc(redirect_pc),
        .head_valid(h_valid), .head_insn(h_insn), .head_fault(h_fault), .head_pc(h_pc),
        .head_pc4(h_pc4), .head_pred(h_pred), .head_target(h_target), .head_counter(h_counter),
        .consume(consume), .bht_we(bht_we), .bht_pc(bht_at), .bht_counter(bht_counter));
    assign ibus_we_o = 1'b0;
    assign ibus_sel_o = 4'b1111;
    assign ibus_dat_o = 32'd0;

    wire        d_jal, d_jalr, d_branch, d_load, d_store, d_mul, d_div, d_csr,
                d_ecall, d_ebreak, d_mret, d_wfi, d_fence_i, d_legal, d_we, d_use1, d_use2;
    wire [4:0]  d_rd, d_rs1, d_rs2;
    wire [31:0] d_imm;
    wire        d_a_pc, d_b_imm, d_sub, d_cmp_signed;
    wire        d_k_sum, d_k_slt, d_k_logic, d_k_shift;
    cpu_decode decode (
        .insn(h_insn),
        .is_jal(d_jal), .is_jalr(d_jalr),
        .is_branch(d_branch), .is_load(d_load), .is_store(d_store), .is_mul(d_mul),
        .is_div(d_div), .is_csr(d_csr), .is_ecall(d_ecall), .is_ebreak(d_ebreak),
        .is_mret(d_mret), .is_wfi(d_wfi), .is_fence_i(d_fence_i), .legal(d_legal),
        .rd(d_rd), .rd_we(d_we), .rs1(d_rs1), .rs2(d_rs2), .use_rs1(d_use1), .use_rs2(d_use2),
        .imm(d_imm), .a_pc(d_a_pc), .b_imm(d_b_imm), .sub(d_sub), .cmp_signed(d_cmp_signed),
        .k_sum(d_k_sum), .k_slt(d_k_slt), .k_logic(d_k_logic), .k_shift(d_k_shift));
    // a fetch fault has no instruction: nothing of the word is used; an illegal
    // instruction is none of the classes (only its exception goes on)
    wire        d_ok = h_valid && !h_fault;
    wire        d_run = d_ok && d_legal;

    // ---- execute (X) ------------------------------------------------------------
    wire [2:0]  x_f3 = x_insn[14:12];
    wire [31:0] rf1, rf2;
    wire [31:0] rs1v = pick(x_s1[0], rf1) | pick(x_s1[1], m_res) | pick(x_s1[2], w_res)
                     | pick(x_s1[3], l_data);
    wire [31:0] rs2v = pick(x_s2[0], rf2) | pick(x_s2[1], m_res) | pick(x_s2[2], w_res)
                     | pick(x_s2[3], l_data);
    wire [31:0] alu_a = rs1v | pick(x_a_pc, x_pc);
    wire [31:0] alu_b = x_b_imm ? x_imm : rs2v;
    wire [31:0] sum, logic_out;
    wire        less;
    cpu_alu alu (
        .sub(x_sub), .cmp_signed(x_cmp_signed), .funct3(x_f3[1:0]),
        .a(alu_a), .b(alu_b),
        .sum(sum), .less(less), .logic_out(logic_out));
    // Branches compare on their own (timing: the outcome redirects the fetch): the
    // order as four 8-bit carry chains side by side, joined by the bytes' equalities;
    // signed by flipping the sign bits.
    wire [31:0] ca = {rs1v[31] ^ x_cmp_signed, rs1v[30:0]};
    wire [31:0] cb = {rs2v[31] ^ x_cmp_signed, rs2v[30:0]};
    wire [3:0]  byte_lt, byte_eq;
    genvar      k;
    generate
        for (k = 0; k < 4; k = k + 1) begin : g_compare
            assign byte_lt[k] = ca[8 * k +: 8] < cb[8 * k +: 8];
            assign byte_eq[k] = ca[8 * k +: 8] == cb[8 * k +: 8];
        end
    endgenerate
    wire        below = byte_lt[3] || (byte_eq[3] && (byte_lt[2] || (byte_eq[2]
                        && (byte_lt[1] || (byte_eq[1] && byte_lt[0])))));
    wire        equal = &byte_eq;
    wire        taken = x_jal || (x_branch && ((x_f3[2] ? below : equal) ^ x_f3[0]));

    // CSRs, multiply, divide
    wire [31:0] csr_rdata, mtvec, mepc;
    wire        csr_illegal, csr_writes_instret, csr_counting;
    wire        irq_take;
    wire [4:0]  irq_code;
    wire [63:0] product;
    wire        div_busy;
    wire [31:0] div_result;

    // Hazards. A value is bypassed from the stage that holds it; a load's value exists
    // only from L on (it arrives in W), a product's (multiply, shift) from W on (it
    // forms in M).
    wire        m_late = m_load || m_prod;
    wire        hazard = (x_s1[1] && m_late) || (x_s1[2] && w_load)
                      || (x_s2[1] && m_late) || (x_s2[2] && w_load);
    wire        x_mem = x_load || x_store;
    wire        x_serial = x_csr || x_mret || x_fence_i;
    reg         odd_seen, taken_q;                  // an odd-offset branch's second cycle (below)
    wire        odd_branch = x_branch && x_imm[1];
    wire        x_legal_all = x_legal && !(x_csr && csr_illegal);
    wire        div_ready = x_div_started && !div_busy;
    // X stays: operands not ready; one data access at a time and none after a valid
    // exception (M and W keep the flags of what was flushed or never moved, a held
    // load's own misalignment among them: isa/ma_data hung on one); the divider;
    // CSR, mret and fence.i wait for M and W to empty (and the last retirement to be
    // counted); wfi sleeps until an enabled line is pending
    wire        x_hold = hazard
                      || (x_mem && (m_raised || (m_valid && m_exc) || (w_valid && w_exc)))
                      || (x_div && !div_ready)
                      || (x_serial && (m_valid || w_valid || csr_counting))
                      || (x_wfi && !irq_pending)
                      || (odd_branch && !odd_seen);
    // an interrupt replaces the instruction in X; not in the cycle after a CSR
    // instruction or mret (irq_take lags them a cycle), and never a wfi (it retires
    // and the interrupt is taken at the next instruction)
    reg         irq_block;
    wire        x_int = x_valid && irq_take && !irq_block && !x_wfi && !trap_now;
    wire        x_go = x_valid && !trap_now && (x_int || !x_hold);   // X moves on (unless frozen)

    // exceptions found in X, by priority; mtval goes down the pipe in m_res. Those
    // from flops (x_exc_early) gate what X starts; those from the adder's low bits
    // (a jalr's target, a load or store address) only what their own class does. A
    // branch whose offset has bit 1 set (its target, if taken, is misaligned) stays
    // in X a second cycle and traps from the registered outcome, so that no trap
    // waits for a comparison (compiled code has no such branches).
    wire        x_exc_early = x_int || x_fault || !x_legal_all || x_ecall || x_ebreak
                           || (x_jal && x_imm[1]) || (odd_branch && odd_seen && taken_q);
    wire        exc_jalr = x_jalr && sum[1];
    wire        exc_mem = x_mem && (x_f3[1] ? sum[1:0] != 2'b00 : x_f3[0] && sum[0]);
    wire        x_exc = x_exc_early || exc_jalr || exc_mem;
    // a CSR instruction or mret runs: x_go for them, from flops alone (timing: with
    // M and W empty nothing freezes, nothing traps)
    wire        serial_go = x_valid && !x_exc_early && !hazard && !m_valid && !w_valid && !csr_counting;
    reg  [4:0]  x_cause;
    always @* begin
        if (x_int) x_cause = irq_code;
        else if (x_fault) x_cause = C_FETCH_FAULT;
        else if (!x_legal_all) x_cause = C_ILLEGAL;
        else if (x_ecall) x_cause = C_ECALL_M;
        else if (x_ebreak) x_cause = C_BREAKPOINT;
        else if (x_jal || x_jalr || x_branch) x_cause = C_FETCH_MISALIGNED;
        else x_cause = x_load ? C_LOAD_MISALIGNED : C_STORE_MISALIGNED;
    end

    // the result (or address, or mtval): a jalr with a misaligned target gives the
    // target, as a jal gives its own (x_target) and a branch always gives x_target
    wire        x_ok = !x_fault && x_legal_all;
    wire        jalr_bad = x_jalr && sum[1];
    // (keep: the sum and the order, last from the adder, meet the rest in one LUT)
    (* keep *) wire [31:0] x_res_rest;
    assign x_res_rest = pick(x_k_logic, logic_out)
                      | pick((x_jal && !x_imm[1]) || x_jalr, x_pc4)
                      | pick(x_csr && x_ok, csr_rdata) | pick(x_div, div_result)
                      | pick(x_branch || (x_jal && x_imm[1]), x_target)
                      | pick(!x_fault && !x_legal_all, x_insn) | pick(x_fault, x_pc);
    wire [31:0] x_res = jalr_bad ? {sum[31:1], 1'b0}
                      : pick(x_k_sum || x_mem, sum) | {31'd0, x_k_slt && less} | x_res_rest;

    // redirect: a wrong guess (a branch or jal), jalr, mret, fence.i; once, when the
    // operands are ready. An instruction that traps may redirect too (to a misaligned
    // target, say): what is fetched there is flushed by the trap (timing: the
    // exceptions come late, behind the adder). Built so that the comparison meets
    // the rest, made from flops, in the last two LUTs (keep: abc must not fold the
    // early terms in after it).
    wire        x_can_redirect = x_valid && !x_redirected && !trap_now && !x_hold;
    (* keep *) wire r_always;
    assign r_always = x_can_redirect && (x_jalr || x_mret || x_fence_i || (x_jal && !x_pred));
    (* keep *) wire r_eq;
    assign r_eq = x_can_redirect && x_branch && !x_f3[2];
    (* keep *) wire r_lt;
    assign r_lt = x_can_redirect && x_branch && x_f3[2];
    wire        flip = x_f3[0] ^ x_pred;            // taken != predicted: condition ^ flip
    (* keep *) wire t_eq;
    assign t_eq = r_eq && (equal ^ flip);
    (* keep *) wire t_lt;
    assign t_lt = r_lt && (below ^ flip);
    wire        x_redirect = r_always || t_eq || t_lt;
    // the branch history: a branch that went against its static guess (taken forward,
    // or not taken backward) counts up, else down; written the cycle after the branch
    // left X, from flops (timing: the outcome comes late)
    always @(posedge clk) begin
        bht_go <= x_go && !freeze && x_branch && !x_int;
        bht_back <= x_imm[31];
        bht_was <= x_counter;
        bht_at <= x_pc;
        if (rst) bht_go <= 1'b0;
    end
    wire        against = taken_q ^ bht_back;       // taken_q: the outcome, registered below
    assign bht_we = bht_go;
    assign bht_counter = against ? bht_was + {1'b0, bht_was != 2'd3} : bht_was - {1'b0, bht_was != 2'd0};
    // the redirect's target: from flops, but for jalr's sum, which comes last (keep)
    (* keep *) wire [31:0] x_tgt_flops;
    assign x_tgt_flops = trap_now ? mtvec : x_mret ? mepc : (x_pred || x_fence_i) ? x_pc4 : x_target;
    (* keep *) wire to_sum;
    assign to_sum = !trap_now && x_jalr;
    assign redirect = trap_now || x_redirect;
    assign redirect_pc = to_sum ? {sum[31:1], 1'b0} : x_tgt_flops;

    // the D-port request, raised as a load or store leaves X
    wire        raise = x_go && x_mem && !x_exc_early && !exc_mem && !freeze;
    reg  [3:0]  ls_sel;
    always @* begin
        case (x_f3[1:0])
            2'b00:   ls_sel = 4'b0001 << sum[1:0];
            2'b01:   ls_sel = sum[1] ? 4'b1100 : 4'b0011;
            default: ls_sel = 4'b1111;
        endcase
    end
    wire [31:0] st_data = x_f3[1] ? rs2v : x_f3[0] ? {2{rs2v[15:0]}} : {4{rs2v[7:0]}};
    assign dbus_adr_o = {d_adr, 2'b00};
    assign dbus_cyc_o = m_raised || w_pending;

    // Shifts on the multiplier (area: no barrel shifter): a << n is the low word of
    // a * 2^n; a >> n (n > 0) the high word of a * 2^(32 - n), a signed for sra (as
    // mulhsu: the floor of a / 2^n); by 0 the low word of a * 1.
    wire [4:0]  shamt = alu_b[4:0];
    wire        shift_left = !x_f3[2];
    wire [4:0]  power = shift_left ? shamt : 5'd0 - shamt;
    wire [31:0] pow2 = 32'd1 << power;
    // (the operands are taken whenever the pipe moves, whatever X holds: M's product
    // is that of the instruction M holds; timing: no x_go into the DSPs' enables)
    cpu_mul multiplier (
        .clk(clk), .start(!freeze),
        .a_signed(x_shift ? x_f3[2] && x_insn[30] : x_f3[1:0] == 2'b01 || x_f3[1:0] == 2'b10),
        .b_signed(!x_shift && x_f3[1:0] == 2'b01),
        .a(rs1v), .b(x_shift ? pow2 : rs2v), .product(product));

    wire        div_start = x_valid && x_div && !x_div_started && !hazard && !trap_now;
    cpu_div #(.PAIR_SHORTCUT(DIV_PAIR_SHORTCUT)) divider (
        .clk(clk), .rst(rst), .start(div_start),
        .is_signed(!x_f3[0]), .want_rem(x_f3[1]), .a(rs1v), .b(rs2v),
        .busy(div_busy), .result(div_result));

    // ---- write-back (W) -----------------------------------------------------------
    // a load's word, aligned and extended; the register write
    wire [31:0] ld_word = dbus_dat_i >> {w_res[1:0], 3'b000};
    wire [31:0] ld_data = w_f3[1] ? ld_word
                        : w_f3[0] ? {{16{ld_word[15] && !w_f3[2]}}, ld_word[15:0]}
                                  : {{24{ld_word[7] && !w_f3[2]}}, ld_word[7:0]};
    wire        rf_we = w_valid && w_we && !w_exc && !freeze;
    wire [31:0] rf_wdata = w_load ? ld_data : w_res;
    wire        w_leave = w_valid && !freeze;       // retires or traps
    wire        retire = w_leave && !w_exc;

    cpu_csr #(
        .IRQ_COUNT(IRQ_COUNT)
    ) csr (
        .clk(clk), .rst(rst),
        .dec(consume), .dec_addr(h_insn[31:20]),
        .dec_write(h_insn[13:12] == 2'b01 || h_insn[19:15] != 5'd0),
        .en(serial_go && x_csr), .op(x_f3[1:0]),
        .src(x_f3[2] ? x_imm : rs1v), .rdata(csr_rdata), .illegal(csr_illegal),
        .writes_instret(csr_writes_instret),
        .retire(retire && !w_nocount), .counting(csr_counting),
        .enter(trap_now), .trap_irq(w_irq), .trap_code(w_cause), .trap_pc(w_pc),
        .trap_val(w_irq || w_cause == C_ECALL_M || w_cause == C_BREAKPOINT ? 32'd0 : w_res),
        .mret(serial_go && x_mret),
        .irq_i(irq_i), .mtvec_o(mtvec), .mepc_o(mepc),
        .irq_pending(irq_pending), .irq_take(irq_take), .irq_code(irq_code));

    // ---- the register file and the bypass selects ----------------------------------
    // Each cycle the register file is read for the instruction X holds next: the head
    // (X moves on or is empty) or X's own (X stays: its producers may have moved).
    // The selects say where each operand is next cycle: in M (X's result, if X moves
    // on), W (M's), L (W's write now, which the read misses) or the register file.
    wire        from_head = !x_valid || x_go;
    assign consume = !freeze && from_head;          // (a redirect drops the head anyway)
    wire [4:0]  n_rs1 = from_head ? d_rs1 : x_rs1;
    wire [4:0]  n_rs2 = from_head ? d_rs2 : x_rs2;
    wire        n_use1 = from_head ? d_ok && d_use1 : x_use1;
    wire        n_use2 = from_head ? d_ok && d_use2 : x_use2;
    wire        p_m = x_valid && x_we && !x_hold;   // X's result will be in M
    wire        p_w = m_valid && m_we;
    wire        p_l = rf_we;
    function automatic [3:0] source(input used, input [4:0] r, input [4:0] m_rd_, input [4:0] w_rd_,
                                    input [4:0] l_rd_, input pm, input pw, input pl);
        reg sm, sw, sl;
        begin
            sm = pm && m_rd_ == r;
            sw = !sm && pw && w_rd_ == r;
            sl = !sm && !sw && pl && l_rd_ == r;
            source = used ? {sl, sw, sm, !sm && !sw && !sl} : 4'b0000;
        end
    endfunction
    wire [3:0]  n_s1 = source(n_use1, n_rs1, x_rd, m_rd, w_rd, p_m, p_w, p_l);
    wire [3:0]  n_s2 = source(n_use2, n_rs2, x_rd, m_rd, w_rd, p_m, p_w, p_l);

    cpu_regfile regfile (
        .clk(clk),
        .re(!freeze), .raddr1(n_rs1), .raddr2(n_rs2), .rdata1(rf1), .rdata2(rf2),
        .we(rf_we), .waddr(w_rd), .wdata(rf_wdata));

    // ---- the pipeline registers ---------------------------------------------------
    always @(posedge clk) begin
        if (!freeze) begin
            // D -> X, or X stays and its operands' sources are updated
            x_s1 <= n_s1;
            x_s2 <= n_s2;
            if (from_head) begin
                x_valid <= h_valid && !redirect;
                x_pc <= h_pc;
                x_pc4 <= h_pc4;
                x_target <= h_target;
                x_insn <= h_insn;
                x_imm <= d_imm;
                x_pred <= h_pred;
                x_counter <= h_counter;
                x_fault <= h_fault;
                x_legal <= d_legal;
                x_jal <= d_run && d_jal;
                x_jalr <= d_run && d_jalr;
                x_branch <= d_run && d_branch;
                x_load <= d_run && d_load;
                x_store <= d_run && d_store;
                x_mul <= d_run && d_mul;
                x_div <= d_run && d_div;
                x_csr <= d_run && d_csr;
                x_ecall <= d_run && d_ecall;
                x_ebreak <= d_run && d_ebreak;
                x_mret <= d_run && d_mret;
                x_wfi <= d_run && d_wfi;
                x_fence_i <= d_run && d_fence_i;
                x_rd <= d_rd;
                x_rs1 <= d_rs1;
                x_rs2 <= d_rs2;
                x_we <= d_run && d_we;
                x_use1 <= d_ok && d_use1;
                x_use2 <= d_ok && d_use2;
                x_a_pc <= d_a_pc;
                x_b_imm <= d_b_imm;
                x_sub <= d_sub;
                x_cmp_signed <= d_cmp_signed;
                x_k_sum <= d_run && d_k_sum;
                x_k_slt <= d_run && d_k_slt;
                x_k_logic <= d_run && d_k_logic;
                x_shift <= d_run && d_k_shift;
            end

            // X -> M
            m_valid <= x_go;
            m_exc <= x_exc;
            m_irq <= x_int;
            m_cause <= x_cause;
            m_pc <= x_pc;
            m_insn <= x_insn;
            m_res <= x_res;
            m_rd <= x_rd;
            m_we <= x_we && !x_exc_early && !exc_jalr;
            m_load <= x_load && !x_exc_early && !exc_mem;
            m_prod <= (x_mul || x_shift) && !x_exc_early;
            m_high <= x_shift ? !shift_left && shamt != 5'd0 : x_f3[1:0] != 2'b00;
            m_f3 <= x_f3;
            m_raised <= raise;
            m_nocount <= x_csr && csr_writes_instret;
            if (raise) begin
                dbus_we_o <= x_store;
                d_adr <= sum[31:2];
                dbus_sel_o <= ls_sel;
                dbus_dat_o <= st_data;
            end

            // M -> W
            w_valid <= m_valid;
            w_exc <= m_exc;
            w_irq <= m_irq;
            w_cause <= m_cause;
            w_pc <= m_pc;
            w_insn <= m_insn;
            w_res <= m_prod ? (m_high ? product[63:32] : product[31:0]) : m_res;
            w_rd <= m_rd;
            w_we <= m_we;
            w_load <= m_load;
            w_f3 <= m_f3;
            w_pending <= m_raised;
            w_nocount <= m_nocount;

            // W -> L
            l_data <= rf_wdata;
        end else if (dbus_err_i) begin
            // the access failed: W traps next cycle (mtval: its address, in w_res)
            w_pending <= 1'b0;
            w_exc <= 1'b1;
            w_cause <= w_load ? C_LOAD_FAULT : C_STORE_FAULT;
        end

        // the request stays up until the slave takes it
        if (dbus_stb_o && !dbus_stall_i) dbus_stb_o <= 1'b0;
        if (raise) dbus_stb_o <= 1'b1;

        taken_q <= taken;
        if (!freeze && from_head) begin
            x_redirected <= 1'b0;
            x_div_started <= 1'b0;
            odd_seen <= 1'b0;
        end else begin
            if (x_redirect) x_redirected <= 1'b1;
            if (div_start) x_div_started <= 1'b1;
            if (x_valid && !hazard) odd_seen <= 1'b1;
        end
        irq_block <= serial_go && (x_csr || x_mret);

        // a trap flushes every stage; W's own instruction leaves
        if (trap_now) begin
            x_valid <= 1'b0;
            m_valid <= 1'b0;
            w_valid <= 1'b0;
        end
        if (rst) begin
            x_valid <= 1'b0;
            m_valid <= 1'b0;
            w_valid <= 1'b0;
            m_raised <= 1'b0;
            w_pending <= 1'b0;
            dbus_stb_o <= 1'b0;
            x_redirected <= 1'b0;
            x_div_started <= 1'b0;
            odd_seen <= 1'b0;
            irq_block <= 1'b0;
            x_s1 <= 4'd0;
            x_s2 <= 4'd0;
        end
    end

    // ---- outputs ------------------------------------------------------------------
    assign sleeping_o = x_valid && x_wfi && !irq_pending;

    assign trace_valid_o = w_leave;
    assign trace_pc_o = w_pc;
    assign trace_insn_o = w_exc && (w_irq || w_cause == C_FETCH_FAULT) ? 32'd0 : w_insn;
    assign trace_trap_o = w_exc;
    assign trace_cause_o = w_cause;
    assign trace_irq_o = w_irq;
    assign trace_rd_we_o = rf_we;
    assign trace_rd_o = w_rd;
    assign trace_rd_data_o = rf_wdata;

endmodule


`default_nettype wire
