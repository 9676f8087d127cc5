// soc_ram: a Wishbone B4 classic slave RAM for the soft CPU (program and data),
// WORDS 32-bit words with byte-enable writes, block RAM by inference, optionally
// loaded from a $readmemh file (one word a line, as scripts/bin_to_hex.py writes).
`timescale 1ns / 1ps
`default_nettype none

// Every access is acknowledged one cycle after it is seen (registered ack), and
// never in two cycles in a row: a master that keeps stb high after an ack starts
// a new access, served one cycle later. wb_dat_o is defined in the ack cycle. The
// address decoder outside has already selected the RAM: only the word-address
// bits below the RAM's size are used.
module soc_ram #(
    parameter integer WORDS = 65536,                // size in 32-bit words
    parameter INIT_FILE = ""                        // $readmemh image, "" for none
) (
    input  wire        clk,
    // Wishbone B4 classic slave, 32-bit, byte addresses
    input  wire        wb_cyc_i,
    input  wire        wb_stb_i,
    input  wire        wb_we_i,
    input  wire [3:0]  wb_sel_i,
    input  wire [31:0] wb_adr_i,
    input  wire [31:0] wb_dat_i,
    output reg  [31:0] wb_dat_o,
    output reg         wb_ack_o
);

    localparam integer AW = WORDS > 1 ? $clog2(WORDS) : 1;

    initial begin
        if (WORDS < 2 || WORDS > (1 << 28)) $error("%m: WORDS = %0d, must be 2..2^28", WORDS);
    end

    reg  [31:0]   mem[0:WORDS-1];
    wire [AW-1:0] word = wb_adr_i[AW+1:2];
    wire          req = wb_cyc_i && wb_stb_i && !wb_ack_o;

    initial begin
        wb_ack_o = 1'b0;                            // no reset port: the ack starts idle
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

    wire unused_ok = &{1'b0, wb_adr_i[31:AW+2], wb_adr_i[1:0]};

endmodule

`default_nettype wire
