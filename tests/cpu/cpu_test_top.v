// cpu_test_top: the CPU test harness both simulators run (tests/rtl/tb_cpu.v under
// Icarus, tests/cpu/cpu_test_main.cpp under Verilator): cpu_rv32im, a 16 KiB
// soc_ram at 0, and a small test device that ends the run, prints and raises irqs.
`timescale 1ns / 1ps
`default_nettype none

// Memory map (anything else answers wb_err, so access faults can be tested):
//   0x0000_0000..0x0000_3FFF  RAM (soc_ram, RAM_WORDS words)
//   0x2000_0000  console: a write's low byte is one character (con_valid, con_char)
//   0x3000_0004  result: a write ends the test (done) with that value (0 pass,
//                else the failing check's number); reads 0
//   0x3000_0008  irq lines: bits 1:0 drive irq_i; read/write
//   0x3000_000C  delayed irq: a write of {mask[7:0], delay[23:0]} ORs mask into the
//                irq lines delay cycles later (one pending at a time); reads the
//                cycles left
// The program comes from INIT_FILE, or from +HEX=file (a $readmemh image) when
// given: one Verilated model serves every program that way. +WAIT_SEED=n (n != 0)
// holds every bus request back 0..3 cycles at random (wb_random_wait), seeded by n.
module cpu_test_top #(
    parameter INIT_FILE = "",
    parameter integer RAM_WORDS = 4096
) (
    input  wire        clk,
    input  wire        rst,                         // synchronous, active high
    // end of the test
    output reg         done,
    output reg  [31:0] result,
    // console
    output reg         con_valid,                   // one cycle per character
    output reg  [7:0]  con_char,
    // statistics
    output wire        sleeping
);

    localparam integer IRQ_COUNT = 2;

    wire        cyc, stb, we;
    wire [3:0]  sel;
    wire [31:0] adr, dat_w, ram_dat;
    wire        ram_ack;
    reg  [31:0] dev_dat;
    reg         dev_ack, dev_err;
    reg  [IRQ_COUNT-1:0] irq;

    wire in_ram = adr[31:14] == 18'd0;
    wire stb_s;                                     // stb as the slaves see it (after the waits)
    reg  [31:0] wait_seed = 32'd0;

    cpu_rv32im #(
        .RESET_PC(32'h0000_0000),
        .IRQ_COUNT(IRQ_COUNT)
    ) cpu (
        .clk(clk), .rst(rst),
        .wb_cyc_o(cyc), .wb_stb_o(stb), .wb_we_o(we), .wb_sel_o(sel), .wb_adr_o(adr),
        .wb_dat_o(dat_w), .wb_dat_i(in_ram ? ram_dat : dev_dat),
        .wb_ack_i(ram_ack || dev_ack), .wb_err_i(dev_err),
        .irq_i(irq), .sleeping_o(sleeping));

    wb_random_wait #(
        .MAX_WAIT(3)
    ) waits (
        .clk(clk), .rst(rst), .seed(wait_seed),
        .m_cyc(cyc), .m_stb(stb), .s_ack(ram_ack || dev_ack), .s_err(dev_err), .s_stb(stb_s));

    soc_ram #(
        .WORDS(RAM_WORDS),
        .INIT_FILE(INIT_FILE)
    ) ram (
        .clk(clk),
        .wb_cyc_i(cyc && in_ram), .wb_stb_i(stb_s && in_ram), .wb_we_i(we), .wb_sel_i(sel),
        .wb_adr_i(adr), .wb_dat_i(dat_w), .wb_dat_o(ram_dat), .wb_ack_o(ram_ack));

    reg [8*512-1:0] hexfile;
    initial begin
        if ($value$plusargs("HEX=%s", hexfile)) $readmemh(hexfile, ram.mem);
        if ($value$plusargs("WAIT_SEED=%d", wait_seed)) ;
    end

    // ---- the test device: registered ack or err, like the RAM ----------------------
    reg  [23:0] delay;
    reg  [7:0]  delay_mask;
    wire        dev_req = cyc && stb_s && !in_ram && !dev_ack && !dev_err;

    always @(posedge clk) begin
        dev_ack <= 1'b0;
        dev_err <= 1'b0;
        con_valid <= 1'b0;
        if (delay != 24'd0) begin
            delay <= delay - 24'd1;
            if (delay == 24'd1) irq <= irq | delay_mask[IRQ_COUNT-1:0];
        end
        if (dev_req) begin
            dev_dat <= 32'd0;
            dev_ack <= 1'b1;
            casez ({we, adr})
                {1'b1, 32'h2000_0000}: begin
                    con_valid <= 1'b1;
                    con_char <= dat_w[7:0];
                end
                {1'b1, 32'h3000_0004}: begin
                    done <= 1'b1;
                    result <= dat_w;
                end
                {1'b1, 32'h3000_0008}: irq <= dat_w[IRQ_COUNT-1:0];
                {1'b0, 32'h3000_0008}: dev_dat <= {{(32 - IRQ_COUNT){1'b0}}, irq};
                {1'b1, 32'h3000_000C}: begin
                    delay <= dat_w[23:0];
                    delay_mask <= dat_w[31:24];
                end
                {1'b0, 32'h3000_000C}: dev_dat <= {8'd0, delay};
                {1'b0, 32'h3000_0004}: ;
                default: begin
                    dev_ack <= 1'b0;
                    dev_err <= 1'b1;
                end
            endcase
        end
        if (rst) begin
            done <= 1'b0;
            result <= 32'd0;
            irq <= {IRQ_COUNT{1'b0}};
            delay <= 24'd0;
            dev_ack <= 1'b0;
            dev_err <= 1'b0;
        end
    end

    wire unused_ok = &{1'b0, delay_mask[7:IRQ_COUNT]};

endmodule

`default_nettype wire
