// soc_ram: the soft CPU's RAM (program and data), WORDS 32-bit words, block RAM by
// inference, optionally loaded from a $readmemh file (one word a line, as
// scripts/bin_to_hex.py writes). Two ports: data (read/write) and instructions (read).
`timescale 1ns / 1ps
`default_nettype none

// Data port: a Wishbone B4 classic slave with byte-enable writes. Every access is
// acknowledged one cycle after it is seen (registered ack), and never in two cycles
// in a row: a master that keeps stb high after an ack starts a new access, served
// one cycle later. wb_dat_o is defined in the ack cycle. The address decoder outside
// has already selected the RAM: only the word-address bits below its size are used.
// Instruction port: a Wishbone B4 pipelined slave, read only: a request each cycle,
// each answered in the next, ack with the word for an address inside the RAM
// (0 .. 4 * WORDS - 1), err for any other (a fetch fault). It never stalls, but with
// SHARED_PORT 1, the model of a single-port RAM (rtl/ice40/soc_ram.v, for that
// board's simulator): then it stalls while the data bus has a request out (wb_cyc_i,
// the bus's own cyc, without the ack) and its word is valid in its ack cycle only.
// FETCH_REG 1 answers each fetch a cycle later, from a register after the block
// RAMs' output mux: on a large RAM (the ULX3S's 80 block RAMs across the die) the
// RAM's clock-to-output, that mux and the wire to the CPU no longer share a cycle
// with the CPU's decode (docs/soc.md, "The CPU's two buses").
module soc_ram #(
    parameter integer WORDS = 65536,                // size in 32-bit words
    parameter INIT_FILE = "",                       // $readmemh image, "" for none
    parameter integer SHARED_PORT = 0,              // 1: the instruction port waits for the data port
    parameter integer FETCH_REG = 0                 // 1: fetches answered two cycles after the request
) (
    input  wire        clk,
    // data: Wishbone B4 classic slave, 32-bit, byte addresses
    input  wire        wb_cyc_i,
    input  wire        wb_stb_i,
    input  wire        wb_we_i,
    input  wire [3:0]  wb_sel_i,
    input  wire [31:0] wb_adr_i,
    input  wire [31:0] wb_dat_i,
    output reg  [31:0] wb_dat_o,
    output reg         wb_ack_o,
    // instructions: Wishbone B4 pipelined slave, read only
    input  wire        ibus_cyc_i,
    input  wire        ibus_stb_i,
    input  wire [31:0] ibus_adr_i,
    output reg  [31:0] ibus_dat_o,
    output reg         ibus_ack_o,
    output reg         ibus_err_o,
    output wire        ibus_stall_o
);

    localparam integer AW = WORDS > 1 ? $clog2(WORDS) : 1;

    initial begin
        if (WORDS < 2 || WORDS > (1 << 28)) $error("%m: WORDS = %0d, must be 2..2^28", WORDS);
        if (SHARED_PORT != 0 && SHARED_PORT != 1) $error("%m: SHARED_PORT = %0d, must be 0 or 1", SHARED_PORT);
        if (FETCH_REG != 0 && FETCH_REG != 1) $error("%m: FETCH_REG = %0d, must be 0 or 1", FETCH_REG);
    end

    // no_rw_check: a data access reads or writes, never both, and a fetch of a word
    // written in the same cycle may see either (fence.i waits for the store's ack);
    // so yosys may map the two ports onto one true dual-port block RAM (ECP5: 64
    // DP16KD for 128 KiB, not two copies)
    (* no_rw_check *) reg [31:0] mem[0:WORDS-1];
    wire [AW-1:0] word = wb_adr_i[AW+1:2];
    wire          req = wb_cyc_i && wb_stb_i && !wb_ack_o;
    wire [AW-1:0] iword = ibus_adr_i[AW+1:2];
    assign ibus_stall_o = SHARED_PORT != 0 && wb_cyc_i && !wb_ack_o;
    wire          ireq = ibus_cyc_i && ibus_stb_i && !ibus_stall_o;
    // inside the RAM: for a power of two, the upper address bits 0 (timing: no compare)
    wire          in_range = (WORDS & (WORDS - 1)) == 0 ? ibus_adr_i[31:AW+2] == 0
                                                        : {2'b00, ibus_adr_i[31:2]} < WORDS;

    initial begin
        wb_ack_o = 1'b0;                            // no reset port: the acks start idle
        if (INIT_FILE != "") $readmemh(INIT_FILE, mem);
    end

    always @(posedge clk) begin
        wb_ack_o <= req;
        if (req && wb_we_i) begin
            if (wb_sel_i[0]) mem[word][7:0] <= wb_dat_i[7:0];
            if (wb_sel_i[1]) mem[word][15:8] <= wb_dat_i[15:8];
            if (wb_sel_i[2]) mem[word][23:16] <= wb_dat_i[23:16];
            if (wb_sel_i[3]) mem[word][31:24] <= wb_dat_i[31:24];
        end
        if (req && !wb_we_i) wb_dat_o <= mem[word];
    end

    reg  [31:0] fetched;                            // the block RAMs' word
    reg         fetched_ack, fetched_err;
    initial begin
        fetched_ack = 1'b0;
        fetched_err = 1'b0;
    end
    always @(posedge clk) begin
        fetched_ack <= ireq && in_range;
        fetched_err <= ireq && !in_range;
        if (ireq) fetched <= mem[iword];
    end

    generate
        if (FETCH_REG != 0) begin : g_fetch_reg
            // keep: the register stays after the mux (not absorbed into each block
            // RAM's output register, before it)
            (* keep *) reg [31:0] fetched_q;
            initial begin
                ibus_ack_o = 1'b0;
                ibus_err_o = 1'b0;
            end
            always @(posedge clk) begin
                ibus_ack_o <= fetched_ack;
                ibus_err_o <= fetched_err;
                fetched_q <= fetched;
            end
            always @(*) ibus_dat_o = fetched_q;
        end else begin : g_fetch_direct
            always @(*) begin
                ibus_ack_o = fetched_ack;
                ibus_err_o = fetched_err;
                ibus_dat_o = fetched;
            end
        end
    endgenerate

    wire unused_ok = &{1'b0, wb_adr_i[31:AW+2], wb_adr_i[1:0], ibus_adr_i[1:0]};

endmodule

`default_nettype wire
