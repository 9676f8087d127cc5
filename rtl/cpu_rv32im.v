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
// Reset (synchronous) resets control state only: pc, state, bus request, and in
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

    // ---- decode (of ir, in EXEC) -------------------------------------------------
    wire [4:0]  rd = ir[11:7];
    wire [2:0]  f3 = ir[14:12];
    wire [31:0] imm_i = {{20{ir[31]}}, ir[31:20]};
    wire [31:0] imm_s = {{20{ir[31]}}, ir[31:25], ir[11:7]};
    wire [31:0] imm_b = {{19{ir[31]}}, ir[31], ir[7], ir[30:25], ir[11:8], 1'b0};
    wire [31:0] imm_u = {ir[31:12], 12'd0};
    wire [31:0] imm_j = {{11{ir[31]}}, ir[31], ir[19:12], ir[20], ir[30:21], 1'b0};

    // The instruction's class is decoded from wb_dat_i at the fetch's ack and
    // registered with it, so that EXEC starts from flops (timing on iCE40).
    wire [31:0] fi = wb_dat_i;                      // the instruction being fetched
    wire [6:0]  fi_op = fi[6:0];
    wire [2:0]  fi_f3 = fi[14:12];
    wire [6:0]  fi_f7 = fi[31:25];
    wire        fi_system = fi_op == 7'b1110011;
    wire        fi_csr = fi_system && fi_f3[1:0] != 2'b00;
    reg         fi_legal;                           // but for the CSR address, checked in EXEC
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

    reg is_lui, is_auipc, is_jal, is_jalr, is_branch, is_load, is_store, is_fence,
        is_system, is_muldiv, is_ecall, is_ebreak, is_mret, is_wfi, is_csr, base_legal;
    reg br_odd;                                     // a branch whose target, if taken, is misaligned
    reg alu_b_rs2, alu_sub;                         // ALU operand b is rs2; the adder subtracts
    always @(posedge clk) begin
        if (state == S_FETCH && wb_ack_i) begin
            is_lui <= fi_op == 7'b0110111;
            is_auipc <= fi_op == 7'b0010111;
            is_jal <= fi_op == 7'b1101111;
            is_jalr <= fi_op == 7'b1100111;
            is_branch <= fi_op == 7'b1100011;
            is_load <= fi_op == 7'b0000011;
            is_store <= fi_op == 7'b0100011;
            is_fence <= fi_op == 7'b0001111;
            is_system <= fi_system;
            is_muldiv <= fi_op == 7'b0110011 && fi_f7 == 7'b0000001;
            is_ecall <= fi == 32'h0000_0073;
            is_ebreak <= fi == 32'h0010_0073;
            is_mret <= fi == 32'h3020_0073;
            is_wfi <= fi == 32'h1050_0073;
            is_csr <= fi_csr;
            base_legal <= fi_legal;
            br_odd <= fi_op == 7'b1100011 && fi[8];  // imm_b[1]
            alu_b_rs2 <= fi_op == 7'b0110011;
            // sub, slt(i), sltu(i) (no branch: they have their own comparator)
            alu_sub <= (fi_op == 7'b0110011 && fi[30]) || fi_f3[2:1] == 2'b01;
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
    // The register write is done one cycle later from these flops (timing). The
    // next read is at the next fetch's ack, at least two cycles after the result:
    // the request goes out at the result's edge and a slave acks one cycle after
    // stb at the earliest (a registered ack, as every slave here has).
    // EXEC's result has its own flop, so the choice between it and the other
    // states' results is made after the flop, not after the ALU.
    reg         wb_we, wb_from_exec;
    reg  [4:0]  wb_rd;
    reg  [31:0] wb_exec, wb_data;
    wire [31:0] rs1, rs2;
    wire        fetch_ack = state == S_FETCH && wb_ack_i;

    cpu_regfile regfile (
        .clk(clk),
        .re(fetch_ack), .raddr1(wb_dat_i[19:15]), .raddr2(wb_dat_i[24:20]),
        .rdata1(rs1), .rdata2(rs2),
        .we(wb_we), .waddr(wb_rd), .wdata(wb_from_exec ? wb_exec : wb_data));

    wire [31:0] alu_result;
    cpu_alu alu (
        .funct3(f3), .sub(alu_sub), .arith(ir[30]),
        .a(rs1), .b(alu_b_rs2 ? rs2 : imm_i),
        .result(alu_result));

    // The branches' own comparator, straight on the register file's outputs, as two
    // 16-bit halves side by side (two short carry chains instead of one long one).
    wire        hi_ltu = rs1[31:16] < rs2[31:16];
    wire        hi_eq = rs1[31:16] == rs2[31:16];
    wire        lo_ltu = rs1[15:0] < rs2[15:0];
    wire        alu_eq = hi_eq && rs1[15:0] == rs2[15:0];
    wire        alu_ltu = hi_ltu || (hi_eq && lo_ltu);
    wire        alu_lt = (rs1[31] != rs2[31]) ? rs1[31] : alu_ltu;

    wire [31:0] pc_plus4 = pc + 32'd4;
    wire [31:0] pc_rel = pc + (is_jal ? imm_j : is_auipc ? imm_u : imm_b);
    wire [31:0] rs1_rel = rs1 + (is_store ? imm_s : imm_i);      // load/store address, jalr target
    wire [31:0] jalr_target = {rs1_rel[31:1], 1'b0};
    wire        taken = f3[0] ^ (f3[2] ? (f3[1] ? alu_ltu : alu_lt) : alu_eq);
    // a taken branch chooses its target last, over next_pc (timing)
    wire        br_taken = state == S_EXEC && is_branch && taken;
    wire [31:0] jump_target = is_jalr ? jalr_target : pc_rel;
    // A jump's target is misaligned if bit 1 is set (pc is aligned): imm_j[1] for jal,
    // the sum's bit 1 for jalr; a branch with imm_b[1] set takes one more cycle (BRANCH)
    // so that the misaligned trap does not wait for the comparison.
    wire        jump_misaligned = (is_jal && imm_j[1]) || (is_jalr && rs1_rel[1]);
    reg         taken_q;

    // loads and stores: misaligned accesses trap, they are not split
    wire        ls_misaligned = f3[1] ? rs1_rel[1:0] != 2'b00 : (f3[0] && rs1_rel[0]);
    reg  [3:0]  ls_sel;
    always @* begin
        case (f3[1:0])
            2'b00:   ls_sel = 4'b0001 << rs1_rel[1:0];
            2'b01:   ls_sel = rs1_rel[1] ? 4'b1100 : 4'b0011;
            default: ls_sel = 4'b1111;
        endcase
    end
    wire [31:0] st_data = f3[1] ? rs2 : f3[0] ? {2{rs2[15:0]}} : {4{rs2[7:0]}};
    wire [31:0] ld_word = wb_dat_i >> {ls_off, 3'b000};
    wire [31:0] ld_data = f3[1] ? ld_word
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
    wire        trap, irq_enter, retire;
    reg  [3:0]  trap_cause;
    reg  [31:0] trap_tval;
    cpu_csr #(
        .IRQ_COUNT(IRQ_COUNT)
    ) csr (
        .clk(clk), .rst(rst),
        .addr(ir[31:20]), .write(f3[1:0] == 2'b01 || ir[19:15] != 5'd0),
        .en(state == S_EXEC && is_csr && legal), .op(f3[1:0]),
        .src(f3[2] ? {27'd0, ir[19:15]} : rs1), .rdata(csr_rdata), .illegal(csr_illegal),
        .retire(retire), .trap(trap), .trap_cause(trap_cause), .trap_pc(pc), .trap_tval(trap_tval),
        .irq_enter(irq_enter), .irq_pc(br_taken ? pc_rel : next_pc), .mret(state == S_EXEC && is_mret),
        .irq_i(irq_i), .mtvec_o(mtvec), .mepc_o(mepc),
        .irq_pending(irq_pending), .irq_take(irq_take));

    // ---- control ---------------------------------------------------------------
    wire [31:0] exec_wdata = is_lui ? imm_u : is_auipc ? pc_rel : (is_jal || is_jalr) ? pc_plus4
                           : is_system ? csr_rdata : alu_result;

    always @* begin
        exc = 1'b0;
        trap_cause = C_ILLEGAL;
        trap_tval = 32'd0;
        done = 1'b0;
        irq_ok = 1'b1;
        next_pc = pc_plus4;
        rd_we = 1'b0;
        rd_wdata = ld_data;
        case (state)
            S_FETCH: if (wb_err_i) begin
                exc = 1'b1;
                trap_cause = C_FETCH_FAULT;
                trap_tval = pc;
            end
            S_EXEC: begin
                if (!legal) begin
                    exc = 1'b1;
                    trap_tval = ir;
                end else if (is_ecall) begin
                    exc = 1'b1;
                    trap_cause = C_ECALL_M;
                end else if (is_ebreak) begin
                    exc = 1'b1;
                    trap_cause = C_BREAKPOINT;
                end else if (jump_misaligned) begin
                    exc = 1'b1;
                    trap_cause = C_FETCH_MISALIGNED;
                    trap_tval = jump_target;
                end else if ((is_load || is_store) && ls_misaligned) begin
                    exc = 1'b1;
                    trap_cause = is_load ? C_LOAD_MISALIGNED : C_STORE_MISALIGNED;
                    trap_tval = rs1_rel;
                end else if (!(is_load || is_store || is_muldiv || br_odd || (is_wfi && !irq_pending))) begin
                    done = 1'b1;
                    rd_we = !is_branch && !is_fence && !(is_system && !is_csr);
                    irq_ok = !is_system || is_wfi;
                    if (is_jal || is_jalr) next_pc = jump_target;
                    if (is_mret) next_pc = mepc;
                end
            end
            S_MEM: begin
                if (wb_ack_i) begin
                    done = 1'b1;
                    rd_we = is_load;
                end else if (wb_err_i) begin
                    exc = 1'b1;
                    trap_cause = is_load ? C_LOAD_FAULT : C_STORE_FAULT;
                    trap_tval = {adr[31:2], ls_off};
                end
            end
            S_MUL: begin
                done = 1'b1;
                rd_we = 1'b1;
                rd_wdata = f3[1:0] == 2'b00 ? product[31:0] : product[63:32];
            end
            S_DIV: begin
                done = div_done;
                rd_we = div_done;
                rd_wdata = div_result;
            end
            S_WFI: done = irq_pending;
            S_BRANCH: begin
                if (taken_q) begin
                    exc = 1'b1;
                    trap_cause = C_FETCH_MISALIGNED;
                    trap_tval = pc_rel;
                end else begin
                    done = 1'b1;
                end
            end
            default: ;
        endcase
    end

    assign trap = exc;
    assign retire = done;
    assign irq_enter = done && irq_ok && irq_take;

    wire        to_handler = exc || irq_enter;
    wire [31:0] fetch_pc = (br_taken && !to_handler) ? pc_rel : to_handler ? mtvec : next_pc;

    always @(posedge clk) begin
        wb_we <= rd_we && rd != 5'd0;
        wb_rd <= rd;
        wb_from_exec <= state == S_EXEC;
        wb_exec <= exec_wdata;
        wb_data <= rd_wdata;
        // during reset: x0 = 0 (the only write to x0)
        if (rst) begin
            wb_we <= 1'b1;
            wb_rd <= 5'd0;
            wb_from_exec <= 1'b0;
            wb_data <= 32'd0;
        end
    end

    always @(posedge clk) begin
        case (state)
            S_BOOT: begin
                cyc <= 1'b1;
                adr <= pc;
                state <= S_FETCH;
            end
            S_FETCH: if (wb_ack_i) begin
                cyc <= 1'b0;
                ir <= wb_dat_i;
                state <= S_EXEC;
            end
            S_EXEC: begin
                if (is_load || is_store) begin
                    cyc <= 1'b1;
                    we <= is_store;
                    sel <= ls_sel;
                    adr <= {rs1_rel[31:2], 2'b00};
                    ls_off <= rs1_rel[1:0];
                    wdat <= st_data;
                    state <= S_MEM;
                end else if (is_muldiv) begin
                    state <= f3[2] ? S_DIV : S_MUL;
                end else if (is_wfi) begin
                    state <= S_WFI;
                end else if (br_odd) begin
                    state <= S_BRANCH;
                end
                taken_q <= taken;
            end
            default: ;
        endcase
        // The next fetch (overrides the above when the instruction ends or traps).
        if (exc || done) begin
            cyc <= 1'b1;
            we <= 1'b0;
            sel <= 4'b1111;
            adr <= fetch_pc;
            pc <= fetch_pc;
            state <= S_FETCH;
        end
        if (rst) begin
            state <= S_BOOT;
            pc <= RESET_PC;
            cyc <= 1'b0;
            we <= 1'b0;
            sel <= 4'b1111;
        end
    end

endmodule

`default_nettype wire
