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
// The CPU's I-port reads soc_ram's instruction port (err outside the RAM); its D-port
// reaches the RAM's data port and the test device, both classic slaves (a request
// is taken when it is acknowledged). With +WAIT_SEED=n (n not 0) a soc_bus_jitter
// shim on each port stalls requests and delays answers at random, from that seed.
// The program comes from INIT_FILE, or from +HEX=file (a $readmemh image) when
// given: one Verilated model serves every program that way.
module cpu_test_top #(
    parameter INIT_FILE = "",
    parameter integer RAM_WORDS = 4096,
    parameter integer DIV_PAIR_SHORTCUT = 1,        // cpu_rv32im's divider option
    parameter integer FETCH_REG = 0                 // 1: the RAM answers fetches a cycle later (soc_ram),
                                                    // the CPU's fetch buffer holds three words
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
    output wire        sleeping,
    // the CPU's retire trace (cpu_rv32im)
    output wire        trace_valid,
    output wire [31:0] trace_pc,
    output wire [31:0] trace_insn,
    output wire        trace_trap,
    output wire [4:0]  trace_cause,
    output wire        trace_irq,
    output wire        trace_rd_we,
    output wire [4:0]  trace_rd,
    output wire [31:0] trace_rd_data
);

    localparam integer IRQ_COUNT = 2;

    // the CPU's ports, and the same after the shims
    wire        i_cyc, i_stb, i_we, i_ack, i_err, i_stall;
    wire        ij_cyc, ij_stb, ij_we, ij_ack, ij_err, ij_stall;
    wire [3:0]  i_sel, ij_sel;
    wire [31:0] i_adr, i_wdat, i_dat, ij_adr, ij_wdat, ij_dat;
    wire        d_cyc, d_stb, d_we, d_ack, d_err, d_stall;
    wire [3:0]  d_sel;
    wire [31:0] d_adr, d_wdat, d_rdat;
    wire        cyc, stb, we, ack, err;
    wire [3:0]  sel;
    wire [31:0] adr, dat_w, rdat, ram_dat;
    wire        ram_ack;
    reg  [31:0] dev_dat;
    reg         dev_ack, dev_err;
    reg  [IRQ_COUNT-1:0] irq;
    reg  [31:0] wait_seed = 32'd0;

    wire in_ram = adr[31:14] == 18'd0;

    cpu_rv32im #(
        .RESET_PC(32'h0000_0000),
        .IRQ_COUNT(IRQ_COUNT),
        .DIV_PAIR_SHORTCUT(DIV_PAIR_SHORTCUT),
        .FETCH_DEPTH(FETCH_REG != 0 ? 3 : 2)
    ) cpu (
        .clk(clk), .rst(rst),
        .ibus_cyc_o(i_cyc), .ibus_stb_o(i_stb), .ibus_we_o(i_we), .ibus_sel_o(i_sel),
        .ibus_adr_o(i_adr), .ibus_dat_o(i_wdat), .ibus_dat_i(i_dat), .ibus_ack_i(i_ack), .ibus_err_i(i_err),
        .ibus_stall_i(i_stall),
        .dbus_cyc_o(d_cyc), .dbus_stb_o(d_stb), .dbus_we_o(d_we), .dbus_sel_o(d_sel),
        .dbus_adr_o(d_adr), .dbus_dat_o(d_wdat), .dbus_dat_i(d_rdat), .dbus_ack_i(d_ack),
        .dbus_err_i(d_err), .dbus_stall_i(d_stall),
        .irq_i(irq), .sleeping_o(sleeping),
        .trace_valid_o(trace_valid), .trace_pc_o(trace_pc), .trace_insn_o(trace_insn),
        .trace_trap_o(trace_trap), .trace_cause_o(trace_cause), .trace_irq_o(trace_irq),
        .trace_rd_we_o(trace_rd_we), .trace_rd_o(trace_rd), .trace_rd_data_o(trace_rd_data));

    soc_bus_jitter #(
        .SALT(32'h0000_0000)
    ) i_jitter (
        .clk(clk), .rst(rst), .seed(wait_seed),
        .m_cyc_i(i_cyc), .m_stb_i(i_stb), .m_we_i(i_we), .m_sel_i(i_sel), .m_adr_i(i_adr),
        .m_dat_i(i_wdat), .m_dat_o(i_dat), .m_ack_o(i_ack), .m_err_o(i_err), .m_stall_o(i_stall),
        .s_cyc_o(ij_cyc), .s_stb_o(ij_stb), .s_we_o(ij_we), .s_sel_o(ij_sel), .s_adr_o(ij_adr),
        .s_dat_o(ij_wdat),
        .s_dat_i(ij_dat), .s_ack_i(ij_ack), .s_err_i(ij_err), .s_stall_i(ij_stall));

    // the D side: the shim, then the classic slaves (a request is taken with its ack)
    soc_bus_jitter #(
        .SALT(32'h9e37_79b9)
    ) d_jitter (
        .clk(clk), .rst(rst), .seed(wait_seed),
        .m_cyc_i(d_cyc), .m_stb_i(d_stb), .m_we_i(d_we), .m_sel_i(d_sel), .m_adr_i(d_adr),
        .m_dat_i(d_wdat), .m_dat_o(d_rdat), .m_ack_o(d_ack), .m_err_o(d_err), .m_stall_o(d_stall),
        .s_cyc_o(cyc), .s_stb_o(stb), .s_we_o(we), .s_sel_o(sel), .s_adr_o(adr), .s_dat_o(dat_w),
        .s_dat_i(rdat), .s_ack_i(ack), .s_err_i(err), .s_stall_i(!(ack || err)));
    assign rdat = in_ram ? ram_dat : dev_dat;
    assign ack = ram_ack || dev_ack;
    assign err = dev_err;

    soc_ram #(
        .WORDS(RAM_WORDS),
        .INIT_FILE(INIT_FILE),
        .FETCH_REG(FETCH_REG)
    ) ram (
        .clk(clk),
        .wb_cyc_i(cyc && in_ram), .wb_stb_i(stb && in_ram), .wb_we_i(we), .wb_sel_i(sel),
        .wb_adr_i(adr), .wb_dat_i(dat_w), .wb_dat_o(ram_dat), .wb_ack_o(ram_ack),
        .ibus_cyc_i(ij_cyc), .ibus_stb_i(ij_stb), .ibus_adr_i(ij_adr), .ibus_dat_o(ij_dat),
        .ibus_ack_o(ij_ack), .ibus_err_o(ij_err), .ibus_stall_o(ij_stall));

    reg [8*512-1:0] hexfile;
    initial begin
        if ($value$plusargs("HEX=%s", hexfile)) $readmemh(hexfile, ram.mem);
        if ($value$plusargs("WAIT_SEED=%d", wait_seed)) ;
    end

    // ---- the test device: registered ack or err, like the RAM ----------------------
    reg  [23:0] delay;
    reg  [7:0]  delay_mask;
    wire        dev_req = cyc && stb && !in_ram && !dev_ack && !dev_err;

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

    wire unused_ok = &{1'b0, delay_mask[7:IRQ_COUNT], ij_we, ij_sel, ij_wdat};  // a read-only port

endmodule

`default_nettype wire
