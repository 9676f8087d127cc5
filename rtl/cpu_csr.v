// cpu_csr: the machine-mode CSRs of cpu_rv32im, the cycle and instret counters,
// trap entry and mret, and the interrupt lines (mip/mie bits 16 and up).
// The core decodes; this module answers reads, checks addresses, applies writes.
`timescale 1ns / 1ps
`default_nettype none

// Implemented: mstatus (MIE, MPIE; MPP reads 11), misa, mie, mip, mtvec (direct
// mode), mscratch, mepc, mcause, mtval, mcycle(h), minstret(h), their read-only
// aliases cycle(h)/instret(h), mvendorid/marchid/mimpid/mhartid (0). Any other
// address is illegal, and so is a write to a read-only address (0xCxx, 0xFxx).
// misa and mip ignore writes (their fields are read-only). A CSR write to a counter
// wins over that cycle's increment: an instruction that writes minstret is not
// counted, and the next one reads exactly the value written.
module cpu_csr #(
    parameter integer IRQ_COUNT = 2                 // platform interrupts: mip/mie bits 16..
) (
    input  wire                 clk,
    input  wire                 rst,                // synchronous, active high
    // the CSR instruction in the execute cycle
    input  wire [11:0]          addr,
    input  wire                 write,              // it writes (csrrw*, or set/clear with a nonzero source)
    input  wire                 en,                 // it executes now (not trapping)
    input  wire [1:0]           op,                 // funct3[1:0]: 01 write, 10 set, 11 clear
    input  wire [31:0]          src,                // rs1 or the zero-extended immediate
    output reg  [31:0]          rdata,              // the old value, for rd
    output wire                 illegal,            // no such CSR, or a write to a read-only one
    // events from the core (at most one of trap, irq_enter, mret in a cycle)
    input  wire                 retire,             // an instruction completes this cycle
    input  wire                 trap,               // an exception: enter the trap handler
    input  wire [3:0]           trap_cause,
    input  wire [31:0]          trap_pc,            // the instruction that raised it
    input  wire [31:0]          trap_tval,
    input  wire                 irq_enter,          // take the interrupt irq_take offers
    input  wire [31:0]          irq_pc,             // the next instruction not executed
    input  wire                 mret,
    // interrupt lines and what the core needs
    input  wire [IRQ_COUNT-1:0] irq_i,              // level-sensitive, active high
    output wire [31:0]          mtvec_o,
    output wire [31:0]          mepc_o,
    output wire                 irq_pending,        // (mip & mie) != 0: wakes wfi
    output wire                 irq_take            // irq_pending and mstatus.MIE
);

    initial begin
        if (IRQ_COUNT < 1 || IRQ_COUNT > 16) $error("%m: IRQ_COUNT = %0d, must be 1..16", IRQ_COUNT);
    end

    localparam [31:0] MISA = 32'h4000_1100;         // MXL 1 (32-bit), I, M

    reg                 st_mie, st_mpie;
    reg [IRQ_COUNT-1:0] ie, ip;
    reg [31:2]          tvec, epc;
    reg [31:0]          cause, tval, scratch;
    reg [63:0]          cycles, instret;

    wire [31:0] ie_word = {{(32 - IRQ_COUNT){1'b0}}, ie} << 16;
    wire [31:0] ip_word = {{(32 - IRQ_COUNT){1'b0}}, ip} << 16;
    reg         known;

    always @* begin
        known = 1'b1;
        case (addr)
            12'h300: rdata = {19'd0, 2'b11, 3'd0, st_mpie, 3'd0, st_mie, 3'd0};
            12'h301: rdata = MISA;
            12'h304: rdata = ie_word;
            12'h305: rdata = {tvec, 2'b00};
            12'h340: rdata = scratch;
            12'h341: rdata = {epc, 2'b00};
            12'h342: rdata = cause;
            12'h343: rdata = tval;
            12'h344: rdata = ip_word;
            12'hB00, 12'hC00: rdata = cycles[31:0];
            12'hB80, 12'hC80: rdata = cycles[63:32];
            12'hB02, 12'hC02: rdata = instret[31:0];
            12'hB82, 12'hC82: rdata = instret[63:32];
            12'hF11, 12'hF12, 12'hF13, 12'hF14: rdata = 32'd0;
            default: begin
                rdata = 32'd0;
                known = 1'b0;
            end
        endcase
    end

    assign illegal = !known || (write && addr[11:10] == 2'b11);

    wire [31:0] wdata = op == 2'b01 ? src : op == 2'b10 ? rdata | src : rdata & ~src;
    wire        wr = en && write;

    // The lowest-numbered pending and enabled line wins.
    wire [IRQ_COUNT-1:0] active = ip & ie;
    reg  [4:0]           irq_num;
    integer              i;
    always @* begin
        irq_num = 5'd0;
        for (i = IRQ_COUNT - 1; i >= 0; i = i - 1)
            if (active[i]) irq_num = i[4:0];
    end

    assign irq_pending = active != {IRQ_COUNT{1'b0}};
    assign irq_take = irq_pending && st_mie;
    assign mtvec_o = {tvec, 2'b00};
    assign mepc_o = {epc, 2'b00};

    always @(posedge clk) begin
        ip <= irq_i;
        cycles <= cycles + 64'd1;
        if (retire) instret <= instret + 64'd1;
        if (wr) begin
            case (addr)
                12'h300: begin
                    st_mie <= wdata[3];
                    st_mpie <= wdata[7];
                end
                12'h304: ie <= wdata[16 +: IRQ_COUNT];
                12'h305: tvec <= wdata[31:2];
                12'h340: scratch <= wdata;
                12'h341: epc <= wdata[31:2];
                12'h342: cause <= wdata;
                12'h343: tval <= wdata;
                12'hB00: cycles[31:0] <= wdata;
                12'hB80: cycles[63:32] <= wdata;
                12'hB02: instret[31:0] <= wdata;
                12'hB82: instret[63:32] <= wdata;
                default: ;                          // misa, mip: read-only fields
            endcase
        end
        if (trap || irq_enter) begin
            st_mpie <= st_mie;
            st_mie <= 1'b0;
        end
        if (trap) begin
            epc <= trap_pc[31:2];
            cause <= {28'd0, trap_cause};
            tval <= trap_tval;
        end
        if (irq_enter) begin
            epc <= irq_pc[31:2];
            cause <= {1'b1, 26'd0, 5'd16 + irq_num};
            tval <= 32'd0;
        end
        if (mret) begin
            st_mie <= st_mpie;
            st_mpie <= 1'b1;
        end
        if (rst) begin
            st_mie <= 1'b0;
            st_mpie <= 1'b0;
            ie <= {IRQ_COUNT{1'b0}};
            tvec <= 30'd0;
            cycles <= 64'd0;
            instret <= 64'd0;
        end
    end

    wire unused_ok = &{1'b0, trap_pc[1:0], irq_pc[1:0]};

endmodule

`default_nettype wire
