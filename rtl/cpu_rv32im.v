// cpu_rv32im: a small multi-cycle RISC-V RV32IM + Zicsr core, machine mode only,
// with one Wishbone B4 classic master for instruction fetch and data.
// See docs/cpu.md: states, CPI, CSRs, traps and interrupts.
`timescale 1ns / 1ps
`default_nettype none

// One instruction at a time:
//   FETCH --ack--> EXEC --(ALU, branch, jump, CSR, system)--------------> FETCH
//                       --(branch with imm[1] set)--> BRANCH (trap if taken) -> FETCH
//                       --(load, store)--> MEM --ack--------------------> FETCH
//                       --(mul*)---------> MUL (product registered) ----> FETCH
//                       --(div*, rem*)---> DIV (33 cycles) -------------> FETCH
//                       --(wfi)----------> WFI (until mip & mie != 0) --> FETCH
// The register file is read at the fetch's ack edge straight from wb_dat_i, so its
// block-RAM outputs are ready in EXEC; the instruction's class is decoded then too. Bus outputs are all registered; a load or
// store's ack edge already puts the next fetch on the bus.
// Traps: an exception replaces the instruction (no register written, not
// counted in minstret). Interrupts are taken between instructions, at the edge
// where one retires (not after a CSR instruction or mret, so that a change of
// mstatus/mie is seen first): mepc = the next instruction. See cpu_csr for the
// lines' priority (lowest first).
// Reset (synchronous) resets control state only: state, bus request (adr = RESET_PC), and in
// cpu_csr mstatus, mie, mtvec and the counters. The registers keep their contents,
// but for x0, which is written with 0 during reset (the register file has no mask).
// Slaves must not ack in the cycle a request first appears (see wb_we below).
module cpu_rv32im #(
    parameter [31:0] RESET_PC = 32'h0000_0000,
    parameter integer IRQ_COUNT = 2                 // platform interrupt lines -> mip/mie bits 16..16+IRQ_COUNT-1
) (
    input  wire                 clk,
    input  wire                 rst,                // synchronous, active high
    // Wishbone B4 classic master, 32-bit, byte addresses (adr[1:0] = 0, sel picks bytes)
    output wire                 wb_cyc_o,
    output wire                 wb_stb_o,
    output wire                 wb_we_o,
    output wire [3:0]           wb_sel_o,
    output wire [31:0]          wb_adr_o,
    output wire [31:0]          wb_dat_o,
    input  wire [31:0]          wb_dat_i,
    input  wire                 wb_ack_i,
    input  wire                 wb_err_i,
    // interrupts
    input  wire [IRQ_COUNT-1:0] irq_i,              // level-sensitive, active high
    output wire                 sleeping_o          // high while stalled in wfi
);

    initial begin
        if (RESET_PC[1:0] != 2'b00) $error("%m: RESET_PC = %h, must be 4-byte aligned", RESET_PC);
        if (IRQ_COUNT < 1 || IRQ_COUNT > 16) $error("%m: IRQ_COUNT = %0d, must be 1..16", IRQ_COUNT);
    end

    localparam [2:0] S_BOOT = 3'd0, S_FETCH = 3'd1, S_EXEC = 3'd2, S_MEM = 3'd3,
                     S_MUL = 3'd4, S_DIV = 3'd5, S_WFI = 3'd6, S_BRANCH = 3'd7;

    // exception causes (mcause)
    localparam [3:0] C_FETCH_MISALIGNED = 4'd0, C_FETCH_FAULT = 4'd1, C_ILLEGAL = 4'd2,
                     C_BREAKPOINT = 4'd3, C_LOAD_MISALIGNED = 4'd4, C_LOAD_FAULT = 4'd5,
                     C_STORE_MISALIGNED = 4'd6, C_STORE_FAULT = 4'd7, C_ECALL_M = 4'd11;

    reg  [2:0]  state;
    reg  [31:0] pc;                                 // the instruction being fetched or executed
    reg  [31:0] ir;                                 // the instruction in EXEC and later
    // the bus request
    reg         cyc, we;
    reg  [3:0]  sel;
    reg  [31:0] adr, wdat;
    reg  [1:0]  ls_off;                             // a load's byte offset: adr holds the word

    assign wb_cyc_o = cyc;
    assign wb_stb_o = cyc;
    assign wb_we_o = we;
    assign wb_sel_o = sel;
    assign wb_adr_o = adr;
    assign wb_dat_o = wdat;
    assign sleeping_o = state == S_WFI;

    // ---- decode (at the fetch's ack, into flops) --------------------------------
    wire [4:0]  rd = ir[11:7];
    wire [2:0]  f3 = ir[14:12];

    // The instruction's class, its immediate and the ALU's operand and result
    // choices are decoded from wb_dat_i at the fetch's ack and registered with it,
    // so that EXEC starts from flops (timing on iCE40).
    wire [31:0] fi = wb_dat_i;                      // the instruction being fetched
    wire [6:0]  fi_op = fi[6:0];
    wire [2:0]  fi_f3 = fi[14:12];
    wire [6:0]  fi_f7 = fi[31:25];
    wire        fi_lui = fi_op == 7'b0110111, fi_auipc = fi_op == 7'b0010111;
    wire        fi_jal = fi_op == 7'b1101111, fi_jalr = fi_op == 7'b1100111;
    wire        fi_branch = fi_op == 7'b1100011, fi_load = fi_op == 7'b0000011;
    wire        fi_store = fi_op == 7'b0100011, fi_opimm = fi_op == 7'b0010011;
    wire        fi_reg = fi_op == 7'b0110011, fi_system = fi_op == 7'b1110011;
    wire        fi_csr = fi_system && fi_f3[1:0] != 2'b00;
    wire        fi_arith = fi_reg || fi_opimm;
    reg         fi_legal;                           // but for the CSR address (cpu_csr)
    always @* begin
        case (fi_op)
            7'b0110111, 7'b0010111, 7'b1101111: fi_legal = 1'b1;            // lui, auipc, jal
            7'b1100111: fi_legal = fi_f3 == 3'b000;                         // jalr
            7'b1100011: fi_legal = fi_f3[2:1] != 2'b01;                     // branches
            7'b0000011: fi_legal = fi_f3 != 3'b011 && fi_f3[2:1] != 2'b11;  // loads
            7'b0100011: fi_legal = fi_f3[2] == 1'b0 && fi_f3[1:0] != 2'b11; // stores
            7'b0010011: fi_legal = fi_f3 == 3'b001 ? fi_f7 == 7'd0
                                 : fi_f3 == 3'b101 ? (fi_f7 == 7'd0 || fi_f7 == 7'b0100000) : 1'b1;
            7'b0110011: fi_legal = fi_f7 == 7'd0 || fi_f7 == 7'b0000001
                                 || (fi_f7 == 7'b0100000 && (fi_f3 == 3'b000 || fi_f3 == 3'b101));
            7'b0001111: fi_legal = fi_f3[2:1] == 2'b00;                     // fence, fence.i: no-ops
            7'b1110011: fi_legal = fi_csr || fi == 32'h0000_0073 || fi == 32'h0010_0073
                                 || fi == 32'h3020_0073 || fi == 32'h1050_0073;
            default:    fi_legal = 1'b0;
        endcase
    end
    // one immediate register for every format; the CSR immediate forms' zimm too
    wire [31:0] fi_imm = fi_store ? {{20{fi[31]}}, fi[31:25], fi[11:7]}
                       : fi_branch ? {{19{fi[31]}}, fi[31], fi[7], fi[30:25], fi[11:8], 1'b0}
                       : fi_jal ? {{11{fi[31]}}, fi[31], fi[19:12], fi[20], fi[30:21], 1'b0}
                       : (fi_lui || fi_auipc) ? {fi[31:12], 12'd0}
                       : fi_system ? {27'd0, fi[19:15]}
                       : fi_opimm && fi_f3[2:1] == 2'b01 ? ~{{20{fi[31]}}, fi[31:20]}  // slti(u): a - imm
                       : {{20{fi[31]}}, fi[31:20]};

    reg [31:0] imm;
    reg is_jal, is_jalr, is_branch, is_load, is_store, is_fence, is_system, is_muldiv,
        is_ecall, is_ebreak, is_mret, is_wfi, is_csr, base_legal;
    reg br_odd;                                     // a branch whose target, if taken, is misaligned
    reg a_pc, a_zero, b_rs2, alu_sub, cmp_signed;   // ALU: a = pc / 0 / rs1, b = rs2 (^ sub) / imm
    reg cmp_inv;                                    // bge, bgeu: alu_less is a >= b
    reg k_sum, k_slt, k_logic, k_shift, k_link;     // which result EXEC writes (or the CSR's)
    always @(posedge clk) begin
        if (state == S_FETCH && wb_ack_i) begin
            imm <= fi_imm;
            is_jal <= fi_jal;
            is_jalr <= fi_jalr;
            is_branch <= fi_branch;
            is_load <= fi_load;
            is_store <= fi_store;
            is_fence <= fi_op == 7'b0001111;
            is_system <= fi_system;
            is_muldiv <= fi_reg && fi_f7 == 7'b0000001;
            is_ecall <= fi == 32'h0000_0073;
            is_ebreak <= fi == 32'h0010_0073;
            is_mret <= fi == 32'h3020_0073;
            is_wfi <= fi == 32'h1050_0073;
            is_csr <= fi_csr;
            base_legal <= fi_legal;
            br_odd <= fi_branch && fi[8];            // imm_b[1]
            a_pc <= fi_auipc;
            a_zero <= fi_lui;
            b_rs2 <= fi_reg || fi_branch;
            // sub, slt, sltu, branches invert rs2 (slti, sltiu have imm inverted
            // already); not sra, whose b is the shift amount
            alu_sub <= fi_branch || (fi_reg && fi_f3 == 3'b000 && fi[30]) || (fi_arith && fi_f3[2:1] == 2'b01);
            cmp_signed <= fi_branch ? fi_f3[2:1] == 2'b10 : fi_f3 == 3'b010;
            cmp_inv <= fi_branch && fi_f3[0];
            k_sum <= fi_lui || fi_auipc || (fi_arith && fi_f3 == 3'b000);
            k_slt <= fi_arith && fi_f3[2:1] == 2'b01;
            k_logic <= fi_arith && fi_f3[2] && fi_f3[1:0] != 2'b01;
            k_shift <= fi_arith && fi_f3[1:0] == 2'b01;
            k_link <= fi_jal || fi_jalr;
        end
    end

    wire csr_illegal;
    wire legal = base_legal && !(is_csr && csr_illegal);

    // ---- operands and datapath -----------------------------------------------
    // What happens this cycle (set by the control block below): an exception (exc),
    // an instruction completing (done, with next_pc; irq_ok if an interrupt may be
    // taken after it), a register write.
    reg         exc, done, irq_ok, rd_we;
    reg  [31:0] next_pc, rd_wdata;
    // The register write is done one cycle later from flops (timing). The next
    // read is at the next fetch's ack, at least two cycles after the result: the
    // request goes out at the result's edge and a slave acks one cycle after stb
    // at the earliest (a registered ack, as every slave here has).
    // EXEC's results (sum, logic, shift, slt, link, CSR) each have their own flops
    // and one-hot select, and the other states' result (load, mul, div) has
    // wb_data (a load's bus word raw, aligned at write-back: w_load): the choice
    // among them is made after the flops, not after the ALU or the bus.
    reg         wb_we;
    reg  [4:0]  wb_rd;
    reg         w_sum, w_slt, w_logic, w_shift, w_shl, w_link, w_csr, w_data, w_load;
    reg  [31:0] r_sum, r_logic, r_shift, r_link, r_csr, wb_data;
    reg         r_slt;
    wire [31:0] rs1, rs2;
    wire [31:0] ld_data;                            // wb_data aligned (a load's write-back)
    wire        fetch_ack = state == S_FETCH && wb_ack_i;

    function automatic [31:0] pick(input s, input [31:0] v);
        pick = {32{s}} & v;
    endfunction
    function automatic [31:0] reverse(input [31:0] x);
        integer i;
        for (i = 0; i < 32; i = i + 1) reverse[i] = x[31 - i];
    endfunction
    // a left shift's result comes out of the ALU bit-reversed (see cpu_alu)
    wire [31:0] wb_wdata = pick(w_sum, r_sum) | pick(w_logic, r_logic) | pick(w_shift, r_shift)
                         | pick(w_shl, reverse(r_shift))
                         | pick(w_link, r_link) | pick(w_csr, r_csr) | pick(w_data, wb_data)
                         | pick(w_load, ld_data)
                         | {31'd0, w_slt && r_slt};

    cpu_regfile regfile (
        .clk(clk),
        .re(fetch_ack), .raddr1(wb_dat_i[19:15]), .raddr2(wb_dat_i[24:20]),
        .rdata1(rs1), .rdata2(rs2),
        .we(wb_we), .waddr(wb_rd), .wdata(wb_wdata));

    // One adder: arithmetic, lui (0 + imm), auipc (pc + imm), load/store addresses
    // and the jalr target (rs1 + imm), and branch compares (rs1 - rs2). Each operand
    // is one LUT from the register file or flops.
    wire [31:0] alu_a = a_zero ? 32'd0 : a_pc ? pc : rs1;
    wire [31:0] alu_b = b_rs2 ? rs2 ^ {32{alu_sub}} : imm;
    wire [31:0] sum, logic_out, shifted;
    wire        alu_less;
    cpu_alu alu (
        .cin(alu_sub), .cmp_signed(cmp_signed), .invert(cmp_inv), .funct3(f3), .arith(ir[30]),
        .a(alu_a), .b(alu_b),
        .sum(sum), .less(alu_less), .logic_out(logic_out), .shifted(shifted));

    // branches: equality straight on the register file's outputs, order from the adder
    wire        alu_eq = rs1 == rs2;

    wire [31:0] pc_plus4 = pc + 32'd4;
    wire [31:0] pc_rel = pc + imm;                  // branch and jal targets
    // A taken branch or a jal goes to pc_rel. The order comparison (alu_less, the
    // adder's carry out) arrives last: see take_tgt below.
    wire        exec_jal = state == S_EXEC && is_jal;
    wire        exec_lt = state == S_EXEC && is_branch && f3[2];
    wire        exec_eq = state == S_EXEC && is_branch && !f3[2];
    // A jump's target is misaligned if bit 1 is set (pc is aligned): imm_j[1] for jal,
    // the sum's bit 1 for jalr (ex_flops, ex_sum below); a branch with imm_b[1] set
    // takes one more cycle (BRANCH) so that the misaligned trap does not wait for the
    // comparison.
    reg         eq_q;                           // EXEC's alu_eq: for BRANCH and late_val (less: r_slt)

    // mtval of an exception, and mepc of an interrupt, are written in the cycle after
    // the trap entry (see cpu_csr). In that cycle pc, ir, imm and the ALU's operand
    // choices still hold the trapping instruction's, and r_sum, r_slt and eq_q its
    // sum, order and equality; these flops say which value it is. Only flops feed
    // late_val, never the register file's outputs (timing: the compare tree or the
    // carry chain would run on into cpu_csr's write multiplexers).
    reg         late_irq, late_exec, lv_ir, lv_rel, lv_sum, lv_pc;
    wire        rel_late = is_jal || (is_branch && (f3[2] ? r_slt : eq_q ^ f3[0]));
    wire        l_rel = late_irq ? late_exec && rel_late : lv_rel;
    wire        l_sum = late_irq ? late_exec && is_jalr : lv_sum;
    wire        l_pc4 = late_irq && !(late_exec && (rel_late || is_jalr));
    wire [31:0] late_val = pick(l_rel, pc_rel) | pick(l_sum, {r_sum[31:1], r_sum[0] && !is_jalr})
                         | pick(l_pc4, pc_plus4) | pick(!late_irq && lv_ir, ir)
                         | pick(!late_irq && lv_pc, pc);

    // loads and stores: misaligned accesses trap, they are not split (ex_sum)
    reg  [3:0]  ls_sel;
    always @* begin
        case (f3[1:0])
            2'b00:   ls_sel = 4'b0001 << sum[1:0];
            2'b01:   ls_sel = sum[1] ? 4'b1100 : 4'b0011;
            default: ls_sel = 4'b1111;
        endcase
    end
    wire [31:0] st_data = f3[1] ? rs2 : f3[0] ? {2{rs2[15:0]}} : {4{rs2[7:0]}};
    // a load's alignment and sign extension are done at write-back, from wb_data
    // (the bus word as it came): the read data arrives late, behind the SoC's
    // address decode and read multiplexer
    wire [31:0] ld_word = wb_data >> {ls_off, 3'b000};
    assign ld_data = f3[1] ? ld_word
                     : f3[0] ? {{16{ld_word[15] && !f3[2]}}, ld_word[15:0]}
                             : {{24{ld_word[7] && !f3[2]}}, ld_word[7:0]};

    // multiply and divide
    wire [63:0] product;
    cpu_mul multiplier (
        .clk(clk), .start(state == S_EXEC && is_muldiv && !f3[2]),
        .a_signed(f3[1:0] == 2'b01 || f3[1:0] == 2'b10), .b_signed(f3[1:0] == 2'b01),
        .a(rs1), .b(rs2), .product(product));

    wire        div_done;
    wire [31:0] div_result;
    cpu_div divider (
        .clk(clk), .rst(rst), .start(state == S_EXEC && legal && is_muldiv && f3[2]),
        .is_signed(!f3[0]), .want_rem(f3[1]), .a(rs1), .b(rs2),
        .done(div_done), .result(div_result));

    // CSRs
    wire [31:0] csr_rdata, mtvec, mepc;
    wire        irq_pending, irq_take;
    wire        retire;
    (* keep *) wire to_handler;                     // an exception or an interrupt: go to mtvec
    reg  [3:0]  trap_cause;
    cpu_csr #(
        .IRQ_COUNT(IRQ_COUNT)
    ) csr (
        .clk(clk), .rst(rst),
        .dec(fetch_ack), .dec_addr(fi[31:20]), .dec_write(fi_f3[1:0] == 2'b01 || fi[19:15] != 5'd0),
        .en(state == S_EXEC && is_csr && legal), .op(f3[1:0]),
        .src(f3[2] ? imm : rs1), .rdata(csr_rdata), .illegal(csr_illegal),
        .retire(retire), .enter(to_handler), .is_irq(!exc), .trap_cause(trap_cause), .trap_pc(pc),
        .late_val(late_val), .mret(state == S_EXEC && is_mret),
        .irq_i(irq_i), .mtvec_o(mtvec), .mepc_o(mepc),
        .irq_pending(irq_pending), .irq_take(irq_take));

    // ---- control ---------------------------------------------------------------
    // Whether the instruction ends or traps, in two parts: what flops decide, and the
    // misaligned jalr target or load/store address (the adder's low bits, early in
    // its carry chain), which only ever adds a trap. to_handler then is one LUT after
    // the adder (timing: it picks the next address).
    wire exec = state == S_EXEC;
    wire is_ls = is_load || is_store;
    wire ex_flops = exec && (!legal || is_ecall || is_ebreak || (is_jal && imm[1]));
    (* keep *) wire jalr_ok;
    assign jalr_ok = exec && legal && is_jalr;
    (* keep *) wire ls_ok;
    assign ls_ok = exec && legal && is_ls;
    // misaligned: a jalr target's bit 1, a word's bits 1:0, a halfword's bit 0
    (* keep *) wire chk1;
    assign chk1 = jalr_ok || (ls_ok && f3[1]);
    (* keep *) wire chk0;
    assign chk0 = ls_ok && (f3[1] || f3[0]);
    (* keep *) wire ex_sum;
    assign ex_sum = (chk1 && sum[1]) || (chk0 && sum[0]);
    wire done_flops = exec && legal && !is_ecall && !is_ebreak && !(is_jal && imm[1])
                      && !(is_ls || is_muldiv || br_odd || (is_wfi && !irq_pending));
    // the other states
    reg  ex_other, done_other;
    always @* begin
        ex_other = 1'b0;
        done_other = 1'b0;
        case (state)
            S_FETCH:  ex_other = wb_err_i;
            S_MEM:    begin done_other = wb_ack_i; ex_other = !wb_ack_i && wb_err_i; end
            S_MUL:    done_other = 1'b1;
            S_DIV:    done_other = div_done;
            S_WFI:    done_other = irq_pending;
            S_BRANCH: begin
                done_other = !br_taken_q;
                ex_other = br_taken_q;
            end
            default: ;
        endcase
    end
    always @* begin
        exc = ex_flops || ex_sum || ex_other;
        done = (done_flops && !ex_sum) || done_other;
        irq_ok = !(exec && is_system && !is_wfi);
        rd_we = done && (exec ? !is_branch && !is_fence && !(is_system && !is_csr)
                              : state == S_MEM ? is_load : state == S_MUL || state == S_DIV);
        next_pc = exec && is_mret ? mepc : pc_plus4;
        rd_wdata = state == S_MUL ? (f3[1:0] == 2'b00 ? product[31:0] : product[63:32])
                 : state == S_DIV ? div_result : wb_dat_i;
    end

    wire        br_taken_q = f3[2] ? r_slt : eq_q ^ f3[0];

    // the exception's cause, by priority (its value: late_val)
    always @* begin
        trap_cause = C_ILLEGAL;
        case (state)
            S_FETCH: trap_cause = C_FETCH_FAULT;
            S_EXEC: begin
                if (!legal) trap_cause = C_ILLEGAL;
                else if (is_ecall) trap_cause = C_ECALL_M;
                else if (is_ebreak) trap_cause = C_BREAKPOINT;
                else if (is_jal || is_jalr) trap_cause = C_FETCH_MISALIGNED;
                else trap_cause = is_load ? C_LOAD_MISALIGNED : C_STORE_MISALIGNED;
            end
            S_MEM: trap_cause = is_load ? C_LOAD_FAULT : C_STORE_FAULT;
            S_BRANCH: trap_cause = C_FETCH_MISALIGNED;
            default: ;
        endcase
    end

    assign retire = done;

    // The next bus address: a fetch (an instruction retires or traps) or a load or
    // store's. pc follows adr while fetching, so only adr has this multiplexer. Its
    // inputs arrive late: the adder's sum (a jalr target or a load/store address;
    // bits 1:0 are 0 unless it traps), its carry out (alu_less, a branch's order),
    // and less late its low bits (ex_sum, to_handler). Each meets the rest in as few
    // LUTs as possible; keep stops abc from folding the early parts in deeper.
    // to_handler = exc || (done && irq_ok && irq_take), one LUT after ex_sum:
    (* keep *) wire to_handler_flops;
    assign to_handler_flops = ex_flops || ex_other
                                       || (((done_flops && irq_ok) || done_other) && irq_take);
    assign to_handler = ex_sum || to_handler_flops;
    wire        ls_start = exec && is_ls && !ex_flops && !ex_sum;
    // = exc || done || a load/store starts, without the adder (ex_sum only ever
    // comes with a jalr, which is done_flops, or a load/store)
    (* keep *) wire adr_load;
    assign adr_load = ex_flops || done_flops || ex_other || done_other || (exec && is_ls);
    // the target: pc_rel for a taken branch or jal, the sum for a jalr, load or store
    // (a branch or jal has no ex_sum, so their gate is early). The two compares
    // (alu_eq's tree, alu_less at the carry out) each meet only their gate before
    // take_tgt, two LUTs before the flops.
    (* keep *) wire exec_eq_adr;
    assign exec_eq_adr = exec_eq && !to_handler_flops;
    (* keep *) wire exec_lt_adr;
    assign exec_lt_adr = exec_lt && !to_handler_flops;
    (* keep *) wire use_sum_adr;
    assign use_sum_adr = exec && (is_ls || is_jalr) && !to_handler_flops;
    (* keep *) wire tgt_early;
    assign tgt_early = (exec_jal && !to_handler_flops) || (use_sum_adr && !ex_sum);
    (* keep *) wire eq_take;
    assign eq_take = exec_eq_adr && (alu_eq ^ f3[0]);
    (* keep *) wire take_tgt;
    assign take_tgt = tgt_early || eq_take || (exec_lt_adr && alu_less);
    (* keep *) wire [31:0] target;
    assign target = (is_jal || is_branch) ? pc_rel : {sum[31:2], 2'b00};
    (* keep *) wire [31:0] adr_other;
    assign adr_other = to_handler ? mtvec : next_pc;
    wire [31:0] adr_next = take_tgt ? target : adr_other;

    always @(posedge clk) begin
        wb_we <= rd_we && rd != 5'd0;
        wb_rd <= rd;
        w_sum <= state == S_EXEC && k_sum;
        w_slt <= state == S_EXEC && k_slt;
        w_logic <= state == S_EXEC && k_logic;
        w_shift <= state == S_EXEC && k_shift && f3[2];
        w_shl <= state == S_EXEC && k_shift && !f3[2];
        w_link <= state == S_EXEC && k_link;
        w_csr <= state == S_EXEC && is_csr;
        w_data <= state == S_MUL || state == S_DIV;
        w_load <= state == S_MEM;
        r_sum <= sum;
        r_slt <= alu_less;
        r_logic <= logic_out;
        r_shift <= shifted;
        r_link <= pc_plus4;
        r_csr <= csr_rdata;
        wb_data <= rd_wdata;
        // during reset: x0 = 0 (the only write to x0): every select off
        if (rst) begin
            wb_we <= 1'b1;
            wb_rd <= 5'd0;
            w_sum <= 1'b0;
            w_slt <= 1'b0;
            w_logic <= 1'b0;
            w_shift <= 1'b0;
            w_shl <= 1'b0;
            w_link <= 1'b0;
            w_csr <= 1'b0;
            w_data <= 1'b0;
            w_load <= 1'b0;
        end
    end

    always @(posedge clk) begin
        case (state)
            S_BOOT: begin
                cyc <= 1'b1;
                state <= S_FETCH;
            end
            S_FETCH: if (wb_ack_i) begin
                cyc <= 1'b0;
                ir <= wb_dat_i;
                state <= S_EXEC;
            end
            S_EXEC: begin
                if (is_load || is_store) begin
                    ls_off <= sum[1:0];
                    wdat <= st_data;
                    state <= S_MEM;
                end else if (is_muldiv) begin
                    state <= f3[2] ? S_DIV : S_MUL;
                end else if (is_wfi) begin
                    state <= S_WFI;
                end else if (br_odd) begin
                    state <= S_BRANCH;
                end
                eq_q <= alu_eq;
            end
            default: ;
        endcase
        // A new bus request: a load or store, else the next fetch. Only the values
        // wait for ex_sum, not the enable (timing).
        if (adr_load) begin
            cyc <= 1'b1;
            we <= ls_start && is_store;
            sel <= ls_start ? ls_sel : 4'b1111;
            adr <= adr_next;
        end
        late_irq <= !exc;
        late_exec <= exec;
        lv_ir <= exec && !legal;
        lv_rel <= (exec && legal && is_jal) || state == S_BRANCH;
        lv_sum <= (exec && legal && (is_jalr || is_ls)) || state == S_MEM;
        lv_pc <= state == S_FETCH;
        if (state == S_FETCH) pc <= adr;            // slaves never ack in the first cycle
        // The next fetch (overrides the above when the instruction ends or traps).
        if (exc || done) state <= S_FETCH;
        else if (ls_start) state <= S_MEM;
        if (rst) begin
            state <= S_BOOT;
            adr <= RESET_PC;
            cyc <= 1'b0;
            we <= 1'b0;
            sel <= 4'b1111;
        end
    end

endmodule

`default_nettype wire
