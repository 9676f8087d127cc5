// Synthesis wrapper for area and timing estimates of cpu_rv32im on an iCE40 UP5K:
// the core, an 8 KiB soc_ram at 0, and a registered-ack stub elsewhere whose
// writes fold into one pin, so nothing is constant and few pins are used.
`timescale 1ns / 1ps
`default_nettype none

// yosys -p "read_verilog -Irtl rtl/cpu_*.v rtl/soc_ram.v rtl/synth/cpu_synth_top.v;
//           synth_ice40 -dsp -top cpu_synth_top -json cpu.json"
// nextpnr-ice40 --up5k --package sg48 --freq 25.125 --json cpu.json \
//           --pcf-allow-unconstrained --timing-allow-fail --seed 1
module cpu_synth_top (
    input  wire       clk,
    input  wire       rst,
    input  wire [1:0] irq,                          // interrupt pins
    output reg        data_out,                     // XOR of stores outside the RAM, registered
    output wire       sleeping
);
    wire        cyc, stb, we, ram_ack;
    wire [3:0]  sel;
    wire [31:0] adr, wdat, ram_rdat;
    reg         io_ack;
    wire        in_ram = adr[31:13] == 19'd0;

    cpu_rv32im #(
        .IRQ_COUNT(2)
    ) cpu (
        .clk(clk), .rst(rst),
        .wb_cyc_o(cyc), .wb_stb_o(stb), .wb_we_o(we), .wb_sel_o(sel),
        .wb_adr_o(adr), .wb_dat_o(wdat),
        .wb_dat_i(ram_rdat), .wb_ack_i(ram_ack || io_ack), .wb_err_i(1'b0),
        .irq_i(irq), .sleeping_o(sleeping));

    soc_ram #(
        .WORDS(2048)
    ) ram (
        .clk(clk),
        .wb_cyc_i(cyc && in_ram), .wb_stb_i(stb && in_ram), .wb_we_i(we), .wb_sel_i(sel),
        .wb_adr_i(adr), .wb_dat_i(wdat), .wb_dat_o(ram_rdat), .wb_ack_o(ram_ack));

    // the rest of the address space: ack one cycle after stb, reads return the RAM's last word
    always @(posedge clk) begin
        io_ack <= cyc && stb && !in_ram && !io_ack;
        if (cyc && stb && !in_ram && we && !io_ack) data_out <= ^{wdat, adr, sel};
    end

endmodule

`default_nettype wire
