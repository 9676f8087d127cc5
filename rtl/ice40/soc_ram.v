// soc_ram (iCE40 UP5K): the soft CPU's RAM in SPRAM. Same module name, parameters and
// ports as rtl/soc_ram.v; read it instead of that file for an iCE40 build. Two
// SB_SPRAM256KA (16K x 16) side by side make 16K x 32; WORDS up to 32768 takes four.
`timescale 1ns / 1ps
`default_nettype none

// The data port behaves as rtl/soc_ram.v's: every access is acknowledged one cycle
// after it is seen, never in two cycles in a row, and wb_dat_o is the SPRAM's own
// output register, valid in the ack cycle (held until the next access, unlike
// soc_ram.v's). A byte write is two nibbles of MASKWREN. Only the blocks of the
// addressed 16K words are enabled. SPRAM has a single port: the instruction port
// reads through it in the cycles the data port leaves free, and stalls (ibus_stall_o)
// while the data bus has a request out (cyc without the RAM's ack; see below); its
// word is valid in its ack cycle only. wb_cyc_i must be the bus's own cyc. SPRAM cannot be loaded by the bitstream, so
// INIT_FILE must be "": a loader (soc_flash_loader.v) fills the RAM at power-up.
// A size beyond the UP5K's four blocks elaborates (lint, yosys' default-parameter
// pass) but does not fit.
module soc_ram #(
    parameter integer WORDS = 16384,                // size in 32-bit words, 2..32768 (64 KiB: 16384)
    parameter INIT_FILE = "",                       // must be "": SPRAM has no initial contents
    parameter integer SHARED_PORT = 1,              // must be 1: SPRAM has one port (see rtl/soc_ram.v)
    parameter integer FETCH_REG = 0                 // must be 0: no fetch register (see rtl/soc_ram.v)
) (
    input  wire        clk,
    // Wishbone B4 classic slave, 32-bit, byte addresses
    input  wire        wb_cyc_i,
    input  wire        wb_stb_i,
    input  wire        wb_we_i,
    input  wire [3:0]  wb_sel_i,
    input  wire [31:0] wb_adr_i,
    input  wire [31:0] wb_dat_i,
    output wire [31:0] wb_dat_o,
    output reg         wb_ack_o,
    // instructions: Wishbone B4 pipelined slave, read only
    input  wire        ibus_cyc_i,
    input  wire        ibus_stb_i,
    input  wire [31:0] ibus_adr_i,
    output wire [31:0] ibus_dat_o,
    output reg         ibus_ack_o,
    output reg         ibus_err_o,
    output wire        ibus_stall_o
);

    localparam integer AW = WORDS > 1 ? $clog2(WORDS) : 1;
    localparam integer NB = (WORDS + 16383) / 16384;   // 16K-word rows of two blocks
    localparam integer BW = AW > 14 ? AW - 14 : 1;     // row number bits

`ifndef SYNTHESIS
    // For simulators and lint. yosys also elaborates the SoC once with its default
    // parameters (512 KiB) before the board's: there this would stop it, so for
    // synthesis a RAM too big for the four SPRAMs is left to nextpnr to refuse.
    initial begin
        if (WORDS < 2 || WORDS > 32768) $error("%m: WORDS = %0d, must be 2..32768 (four SPRAMs)", WORDS);
        if (INIT_FILE != "") $error("%m: INIT_FILE = \"%0s\": SPRAM cannot be initialised", INIT_FILE);
        if (SHARED_PORT != 1) $error("%m: SHARED_PORT = %0d: SPRAM has one port, it must be 1", SHARED_PORT);
        if (FETCH_REG != 0) $error("%m: FETCH_REG = %0d: this RAM has no fetch register, it must be 0", FETCH_REG);
    end
`endif

    wire          req = wb_cyc_i && wb_stb_i && !wb_ack_o;
    // The data side first: the instruction port waits while the data bus has a
    // request out, for whichever slave (timing: the address decode comes too late
    // for the fetch), and gets the cycles with no request and the ack cycles.
    wire          data_first = wb_cyc_i && !wb_ack_o;
    wire          ireq = ibus_cyc_i && ibus_stb_i && !data_first;
    // inside the RAM: for a power of two, the upper address bits 0 (timing: no compare)
    wire          in_range = (WORDS & (WORDS - 1)) == 0 ? ibus_adr_i[31:AW+2] == 0
                                                        : {2'b00, ibus_adr_i[31:2]} < WORDS;
    wire [31:0]   word = {{(32 - AW){1'b0}}, data_first ? wb_adr_i[AW+1:2] : ibus_adr_i[AW+1:2]};
    wire [BW-1:0] row = word[14 +: BW];
    wire          access = req || ireq;             // (a fetch beyond the RAM reads, unused)
    wire [3:0]    mask_lo = {{2{wb_sel_i[1]}}, {2{wb_sel_i[0]}}};
    wire [3:0]    mask_hi = {{2{wb_sel_i[3]}}, {2{wb_sel_i[2]}}};
    wire [32*NB-1:0] dout;
    reg  [BW-1:0] row_q;                            // the row that answered the last request

    initial begin                                   // no reset port: the acks start idle
        wb_ack_o = 1'b0;
        ibus_ack_o = 1'b0;
        ibus_err_o = 1'b0;
    end

    always @(posedge clk) begin
        wb_ack_o <= req;
        ibus_ack_o <= ireq && in_range;
        ibus_err_o <= ireq && !in_range;
        if (access) row_q <= row;
    end
    assign ibus_stall_o = data_first;

    genvar b;
    generate
        for (b = 0; b < NB; b = b + 1) begin : g_row
            localparam integer ROW_I = b;
            wire cs = access && row == ROW_I[BW-1:0];
            SB_SPRAM256KA u_lo (
                .ADDRESS(word[13:0]), .DATAIN(wb_dat_i[15:0]), .MASKWREN(mask_lo),
                .WREN(req && wb_we_i), .CHIPSELECT(cs), .CLOCK(clk),
                .STANDBY(1'b0), .SLEEP(1'b0), .POWEROFF(1'b1),
                .DATAOUT(dout[32 * b +: 16])
            );
            SB_SPRAM256KA u_hi (
                .ADDRESS(word[13:0]), .DATAIN(wb_dat_i[31:16]), .MASKWREN(mask_hi),
                .WREN(req && wb_we_i), .CHIPSELECT(cs), .CLOCK(clk),
                .STANDBY(1'b0), .SLEEP(1'b0), .POWEROFF(1'b1),
                .DATAOUT(dout[32 * b + 16 +: 16])
            );
        end
    endgenerate

    assign wb_dat_o = dout[32 * {{(32 - BW){1'b0}}, row_q} +: 32];
    assign ibus_dat_o = wb_dat_o;

    wire unused_ok = &{1'b0, wb_adr_i[31:AW+2], wb_adr_i[1:0], ibus_adr_i[1:0], word[31:14]};

endmodule

`default_nettype wire
