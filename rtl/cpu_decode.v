// cpu_decode: the instruction decoder of cpu_rv32im (RV32IM + Zicsr), combinational.
// From one instruction word: its class, legality (but for the CSR address), immediate,
// registers, and the ALU's operand and result choices, for the pipeline to register.
`timescale 1ns / 1ps
`default_nettype none

// The core feeds it the word at the head of its fetch stage, as it arrives from the
// I-port or from the fetch buffer, and registers every output into the execute stage.
module cpu_decode (
    input  wire [31:0] insn,
    // class (one at most); lui and auipc are ALU instructions (a = 0 or pc, b = imm)
    output wire        is_jal,
    output wire        is_jalr,
    output wire        is_branch,
    output wire        is_load,
    output wire        is_store,
    output wire        is_mul,                      // mul, mulh, mulhsu, mulhu
    output wire        is_div,                      // div, divu, rem, remu
    output wire        is_csr,                      // csrrw, csrrs, csrrc and the immediate forms
    output wire        is_ecall,
    output wire        is_ebreak,
    output wire        is_mret,
    output wire        is_wfi,
    output wire        is_fence_i,
    output reg         legal,                       // but for the CSR address (cpu_csr checks it)
    // registers
    output wire [4:0]  rd,
    output wire        rd_we,                       // writes rd (rd != 0)
    output wire [4:0]  rs1,
    output wire [4:0]  rs2,
    output wire        use_rs1,                     // reads rs1 (nonzero)
    output wire        use_rs2,                     // reads rs2 (nonzero)
    // one immediate for every format; the CSR immediate forms' zimm
    output wire [31:0] imm,
    // ALU: a = rs1 / pc (a_pc) / 0 (lui: no rs1), b = rs2 / imm (b_imm); the adder
    // subtracts for sub, slt(i), sltu, sltiu
    output wire        a_pc,
    output wire        b_imm,
    output wire        sub,
    output wire        cmp_signed,                  // slt, slti, blt, bge: a signed order
    // which result the instruction writes (one at most)
    output wire        k_sum,
    output wire        k_slt,
    output wire        k_logic,
    output wire        k_shift                      // (on the multiplier; jal, jalr: the link)
);

    wire [6:0] op = insn[6:0];
    wire [2:0] f3 = insn[14:12];
    wire [6:0] f7 = insn[31:25];

    wire opimm = op == 7'b0010011, opreg = op == 7'b0110011, system = op == 7'b1110011;
    wire muldiv = opreg && f7 == 7'b0000001;
    wire arith = opimm || (opreg && !muldiv);       // the ALU's own instructions

    wire is_lui = op == 7'b0110111;
    wire is_auipc = op == 7'b0010111;
    assign is_jal = op == 7'b1101111;
    assign is_jalr = op == 7'b1100111;
    assign is_branch = op == 7'b1100011;
    assign is_load = op == 7'b0000011;
    assign is_store = op == 7'b0100011;
    assign is_mul = muldiv && !f3[2];
    assign is_div = muldiv && f3[2];
    assign is_csr = system && f3[1:0] != 2'b00;
    assign is_ecall = insn == 32'h0000_0073;
    assign is_ebreak = insn == 32'h0010_0073;
    assign is_mret = insn == 32'h3020_0073;
    assign is_wfi = insn == 32'h1050_0073;
    assign is_fence_i = op == 7'b0001111 && f3 == 3'b001;

    always @* begin
        case (op)
            7'b0110111, 7'b0010111, 7'b1101111: legal = 1'b1;             // lui, auipc, jal
            7'b1100111: legal = f3 == 3'b000;                              // jalr
            7'b1100011: legal = f3[2:1] != 2'b01;                          // branches
            7'b0000011: legal = f3 != 3'b011 && f3[2:1] != 2'b11;          // loads
            7'b0100011: legal = f3[2] == 1'b0 && f3[1:0] != 2'b11;         // stores
            7'b0010011: legal = f3 == 3'b001 ? f7 == 7'd0
                              : f3 == 3'b101 ? (f7 == 7'd0 || f7 == 7'b0100000) : 1'b1;
            7'b0110011: legal = f7 == 7'd0 || f7 == 7'b0000001
                              || (f7 == 7'b0100000 && (f3 == 3'b000 || f3 == 3'b101));
            7'b0001111: legal = f3[2:1] == 2'b00;                          // fence, fence.i
            7'b1110011: legal = is_csr || is_ecall || is_ebreak || is_mret || is_wfi;
            default:    legal = 1'b0;
        endcase
    end

    assign rd = insn[11:7];
    assign rs1 = insn[19:15];
    assign rs2 = insn[24:20];
    assign rd_we = rd != 5'd0 && (is_lui || is_auipc || is_jal || is_jalr || is_load || opimm
                                  || opreg || is_csr);
    assign use_rs1 = rs1 != 5'd0 && (is_jalr || is_branch || is_load || is_store || opimm
                                     || opreg || (is_csr && !f3[2]));
    assign use_rs2 = rs2 != 5'd0 && (is_branch || is_store || opreg);

    assign imm = is_store ? {{20{insn[31]}}, insn[31:25], insn[11:7]}
               : is_branch ? {{19{insn[31]}}, insn[31], insn[7], insn[30:25], insn[11:8], 1'b0}
               : is_jal ? {{11{insn[31]}}, insn[31], insn[19:12], insn[20], insn[30:21], 1'b0}
               : (is_lui || is_auipc) ? {insn[31:12], 12'd0}
               : system ? {27'd0, insn[19:15]}
               : {{20{insn[31]}}, insn[31:20]};

    assign a_pc = is_auipc;
    assign b_imm = !(opreg || is_branch);
    assign sub = (opreg && !muldiv && f3 == 3'b000 && insn[30]) || (arith && f3[2:1] == 2'b01);
    assign cmp_signed = is_branch ? f3[2:1] == 2'b10 : f3 == 3'b010;

    assign k_sum = is_lui || is_auipc || (arith && f3 == 3'b000);
    assign k_slt = arith && f3[2:1] == 2'b01;
    assign k_logic = arith && f3[2] && f3[1:0] != 2'b01;
    assign k_shift = arith && f3[1:0] == 2'b01;

endmodule

`default_nettype wire
