// Synthesis wrapper for area and timing estimates of cpu_rv32im on an iCE40 UP5K:
// the core, a 4 KiB soc_ram at 0 on both its ports (block RAM, twice: two read ports),
// a registered-ack stub elsewhere whose writes fold into one pin (few pins used).
`timescale 1ns / 1ps
`default_nettype none

// make synth-cpu (build/synth/cpu.*.log), that is:
// yosys -p "read_verilog -Irtl rtl/cpu_*.v rtl/soc_ram.v rtl/synth/cpu_synth_top.v;
//           synth_ice40 -dsp -top cpu_synth_top -json cpu.json"
// nextpnr-ice40 --up5k --package sg48 --freq 25.125 --json cpu.json \
//           --pcf-allow-unconstrained --timing-allow-fail
module cpu_synth_top (
    input  wire       clk,
    input  wire       rst,
    input  wire [1:0] irq,                          // interrupt pins
    output reg        data_out,                     // XOR of stores outside the RAM, registered
    output wire       sleeping
);
    wire        i_cyc, i_stb, i_we, i_ack, i_err, i_stall;
    wire [3:0]  i_sel;
    wire [31:0] i_adr, i_wdat, i_dat;
    wire        t_valid, t_trap, t_irq, t_rd_we;  // the trace: unused, synthesized away
    wire [31:0] t_pc, t_insn, t_rd_data;
    wire [4:0]  t_cause, t_rd;
    wire        cyc, stb, we, ram_ack;
    wire [3:0]  sel;
    wire [31:0] adr, wdat, ram_rdat;
    reg         io_ack;
    wire        in_ram = adr[31:12] == 20'd0;
    wire        ack = ram_ack || io_ack;

    // the D-port onto classic slaves: a request is taken with its ack
    cpu_rv32im #(
        .IRQ_COUNT(2)
    ) cpu (
        .clk(clk), .rst(rst),
        .ibus_cyc_o(i_cyc), .ibus_stb_o(i_stb), .ibus_we_o(i_we), .ibus_sel_o(i_sel),
        .ibus_adr_o(i_adr), .ibus_dat_o(i_wdat), .ibus_dat_i(i_dat), .ibus_ack_i(i_ack), .ibus_err_i(i_err),
        .ibus_stall_i(i_stall),
        .dbus_cyc_o(cyc), .dbus_stb_o(stb), .dbus_we_o(we), .dbus_sel_o(sel),
        .dbus_adr_o(adr), .dbus_dat_o(wdat),
        .dbus_dat_i(ram_rdat), .dbus_ack_i(ack), .dbus_err_i(1'b0), .dbus_stall_i(!ack),
        .irq_i(irq), .sleeping_o(sleeping),
        .trace_valid_o(t_valid), .trace_pc_o(t_pc), .trace_insn_o(t_insn), .trace_trap_o(t_trap),
        .trace_cause_o(t_cause), .trace_irq_o(t_irq), .trace_rd_we_o(t_rd_we), .trace_rd_o(t_rd),
        .trace_rd_data_o(t_rd_data));

    soc_ram #(
        .WORDS(1024)
    ) ram (
        .clk(clk),
        .wb_cyc_i(cyc && in_ram), .wb_stb_i(stb && in_ram), .wb_we_i(we), .wb_sel_i(sel),
        .wb_adr_i(adr), .wb_dat_i(wdat), .wb_dat_o(ram_rdat), .wb_ack_o(ram_ack),
        .ibus_cyc_i(i_cyc), .ibus_stb_i(i_stb), .ibus_adr_i(i_adr), .ibus_dat_o(i_dat),
        .ibus_ack_o(i_ack), .ibus_err_o(i_err), .ibus_stall_o(i_stall));

    // the rest of the address space: ack one cycle after stb, reads return the RAM's last word
    always @(posedge clk) begin
        io_ack <= cyc && stb && !in_ram && !io_ack;
        if (cyc && stb && !in_ram && we && !io_ack) data_out <= ^{wdat, adr, sel};
    end

    wire unused_ok = &{1'b0, i_we, i_sel, i_wdat, t_valid, t_trap, t_irq, t_rd_we, t_pc, t_insn,
                       t_rd_data, t_cause, t_rd};

endmodule

`default_nettype wire
