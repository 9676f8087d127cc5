// cpu_csr: the machine-mode CSRs of cpu_rv32im, the cycle and instret counters,
// trap entry and mret, and the interrupt lines (mip/mie bits 16 and up).
// The core decodes; this module answers reads, checks addresses, applies writes.
`timescale 1ns / 1ps
`default_nettype none

// Implemented: mstatus (MIE, MPIE; MPP reads 11), misa, mie, mip, mtvec (direct
// mode), mscratch, mepc, mcause, mtval, mcycle(h), minstret(h), their read-only
// aliases cycle(h)/instret(h), mvendorid/marchid/mimpid/mhartid (0). Any other
// address is illegal, and so is a write to a read-only address (0xCxx, 0xFxx).
// misa and mip ignore writes (their fields are read-only). mcause holds its
// interrupt bit and a 5-bit code, every cause there is (its code field is WLRL).
// The core runs a CSR instruction in its execute stage once every older instruction
// has retired and been counted (counting low), so a read of minstret is exact; it
// does not count an instruction that writes minstret(h) itself (writes_instret), so
// the next one reads exactly the value written.
module cpu_csr #(
    parameter integer IRQ_COUNT = 2                 // platform interrupts: mip/mie bits 16..
) (
    input  wire                 clk,
    input  wire                 rst,                // synchronous, active high
    // the CSR instruction, decoded as it enters the execute stage (dec) into flops
    input  wire                 dec,
    input  wire [11:0]          dec_addr,
    input  wire                 dec_write,          // it writes (csrrw*, or set/clear with a nonzero source)
    // the CSR instruction in the execute stage
    input  wire                 en,                 // it executes now (not trapping)
    input  wire [1:0]           op,                 // funct3[1:0]: 01 write, 10 set, 11 clear
    input  wire [31:0]          src,                // rs1 or the zero-extended immediate
    output wire [31:0]          rdata,              // the old value, for rd
    output reg                  illegal,            // no such CSR, or a write to a read-only one
    output wire                 writes_instret,     // it writes minstret or minstreth
    // events from the core (at most one of enter, mret, en in a cycle)
    input  wire                 retire,             // an instruction retires (and counts) this cycle
    output reg                  counting,           // a retirement not yet in minstret
    input  wire                 enter,              // take a trap now: an exception or an interrupt
    input  wire                 trap_irq,           // it is an interrupt
    input  wire [4:0]           trap_code,          // mcause[4:0]
    input  wire [31:0]          trap_pc,            // mepc
    input  wire [31:0]          trap_val,           // mtval
    input  wire                 mret,
    // interrupt lines and what the core needs
    input  wire [IRQ_COUNT-1:0] irq_i,              // level-sensitive, active high
    output wire [31:0]          mtvec_o,
    output wire [31:0]          mepc_o,
    output reg                  irq_pending,        // (mip & mie) != 0: wakes wfi
    output reg                  irq_take,           // irq_pending and mstatus.MIE
    output wire [4:0]           irq_code            // mcause[4:0] of the line to take: 16 + its number
);

    initial begin
        if (IRQ_COUNT < 1 || IRQ_COUNT > 16) $error("%m: IRQ_COUNT = %0d, must be 1..16", IRQ_COUNT);
    end

    localparam [31:0] MISA = 32'h4000_1100;         // MXL 1 (32-bit), I, M

    reg                 st_mie, st_mpie;
    reg [IRQ_COUNT-1:0] ie, ip;
    reg [31:2]          tvec, epc;
    reg                 cause_irq;
    reg [4:0]           cause_code;
    reg [31:0]          tval, scratch;
    reg [63:0]          cycles, instret;

    wire [31:0] ie_word = {{(32 - IRQ_COUNT){1'b0}}, ie} << 16;
    wire [31:0] ip_word = {{(32 - IRQ_COUNT){1'b0}}, ip} << 16;

    // The address is decoded as the instruction enters the execute stage into one
    // select flop per register, so the read is one AND-OR level deep there (timing)
    // and the write needs no compare.
    localparam integer N_SEL = 13;
    localparam integer S_MSTATUS = 0, S_MISA = 1, S_MIE = 2, S_MTVEC = 3, S_MSCRATCH = 4,
                       S_MEPC = 5, S_MCAUSE = 6, S_MTVAL = 7, S_MIP = 8, S_CYCLE = 9,
                       S_CYCLEH = 10, S_INSTRET = 11, S_INSTRETH = 12;
    reg [N_SEL-1:0] dsel, sel;                      // decoded; held for the execute stage
    reg             write;
    always @* begin
        dsel = {N_SEL{1'b0}};
        case (dec_addr)
            12'h300: dsel[S_MSTATUS] = 1'b1;
            12'h301: dsel[S_MISA] = 1'b1;
            12'h304: dsel[S_MIE] = 1'b1;
            12'h305: dsel[S_MTVEC] = 1'b1;
            12'h340: dsel[S_MSCRATCH] = 1'b1;
            12'h341: dsel[S_MEPC] = 1'b1;
            12'h342: dsel[S_MCAUSE] = 1'b1;
            12'h343: dsel[S_MTVAL] = 1'b1;
            12'h344: dsel[S_MIP] = 1'b1;
            12'hB00, 12'hC00: dsel[S_CYCLE] = 1'b1;
            12'hB80, 12'hC80: dsel[S_CYCLEH] = 1'b1;
            12'hB02, 12'hC02: dsel[S_INSTRET] = 1'b1;
            12'hB82, 12'hC82: dsel[S_INSTRETH] = 1'b1;
            default: ;
        endcase
    end
    wire dec_id = dec_addr == 12'hF11 || dec_addr == 12'hF12 || dec_addr == 12'hF13
                  || dec_addr == 12'hF14;          // ids: read 0
    always @(posedge clk) begin
        if (dec) begin
            sel <= dsel;
            write <= dec_write;
            illegal <= (dsel == {N_SEL{1'b0}} && !dec_id) || (dec_write && dec_addr[11:10] == 2'b11);
        end
    end
    assign writes_instret = write && (sel[S_INSTRET] || sel[S_INSTRETH]);

    function automatic [31:0] pick(input s, input [31:0] v);
        pick = {32{s}} & v;
    endfunction
    assign rdata = pick(sel[S_MSTATUS], {19'd0, 2'b11, 3'd0, st_mpie, 3'd0, st_mie, 3'd0})
                 | pick(sel[S_MISA], MISA) | pick(sel[S_MIE], ie_word) | pick(sel[S_MIP], ip_word)
                 | pick(sel[S_MTVEC], {tvec, 2'b00}) | pick(sel[S_MSCRATCH], scratch)
                 | pick(sel[S_MEPC], {epc, 2'b00}) | pick(sel[S_MCAUSE], {cause_irq, 26'd0, cause_code})
                 | pick(sel[S_MTVAL], tval)
                 | pick(sel[S_CYCLE], cycles[31:0]) | pick(sel[S_CYCLEH], cycles[63:32])
                 | pick(sel[S_INSTRET], instret[31:0]) | pick(sel[S_INSTRETH], instret[63:32]);

    wire [31:0] wdata = op == 2'b01 ? src : op == 2'b10 ? rdata | src : rdata & ~src;
    wire        wr = en && write;

    // The lowest-numbered pending and enabled line wins.
    wire [IRQ_COUNT-1:0] active = ip & ie;
    reg  [3:0]           irq_num;
    integer              i;
    always @* begin
        irq_num = 4'd0;
        for (i = IRQ_COUNT - 1; i >= 0; i = i - 1)
            if (active[i]) irq_num = i[3:0];
    end
    assign irq_code = {1'b1, irq_num};

    // Registered (timing), from irq_i, so they change in the same cycle as mip. They
    // lag a write of mie or mstatus by a cycle: the core takes no interrupt in the
    // cycle after a CSR instruction or mret.
    wire pend_next = (irq_i & ie) != {IRQ_COUNT{1'b0}};
    always @(posedge clk) begin
        irq_pending <= pend_next;
        irq_take <= pend_next && st_mie;
    end
    assign mtvec_o = {tvec, 2'b00};
    assign mepc_o = {epc, 2'b00};

    always @(posedge clk) begin
        ip <= irq_i;
        cycles <= cycles + 64'd1;
        // counted one cycle late (timing); the core waits for it before a CSR read
        counting <= retire;
        if (counting) instret <= instret + 64'd1;
        if (wr) begin
            if (sel[S_MSTATUS]) begin
                st_mie <= wdata[3];
                st_mpie <= wdata[7];
            end
            if (sel[S_MIE]) ie <= wdata[16 +: IRQ_COUNT];
            if (sel[S_MTVEC]) tvec <= wdata[31:2];
            if (sel[S_MSCRATCH]) scratch <= wdata;
            if (sel[S_MEPC]) epc <= wdata[31:2];
            if (sel[S_MCAUSE]) begin
                cause_irq <= wdata[31];
                cause_code <= wdata[4:0];
            end
            if (sel[S_MTVAL]) tval <= wdata;
            if (sel[S_CYCLE]) cycles[31:0] <= wdata;  // misa, mip: read-only fields
            if (sel[S_CYCLEH]) cycles[63:32] <= wdata;
            if (sel[S_INSTRET]) instret[31:0] <= wdata;
            if (sel[S_INSTRETH]) instret[63:32] <= wdata;
        end
        if (enter) begin
            st_mpie <= st_mie;
            st_mie <= 1'b0;
            epc <= trap_pc[31:2];
            cause_irq <= trap_irq;
            cause_code <= trap_code;
            tval <= trap_val;
        end
        if (mret) begin
            st_mie <= st_mpie;
            st_mpie <= 1'b1;
        end
        if (rst) begin
            st_mie <= 1'b0;
            st_mpie <= 1'b0;
            counting <= 1'b0;
            ie <= {IRQ_COUNT{1'b0}};
            tvec <= 30'd0;
            cycles <= 64'd0;
            instret <= 64'd0;
        end
    end

    wire unused_ok = &{1'b0, trap_pc[1:0]};

endmodule

`default_nettype wire
