// accel_example_master: a Wishbone B4 classic master that drives boids_accel with no CPU:
// writes the ranges, COUNT and the boids from a scene ROM, starts a batch, waits for
// the interrupt, checks STATUS, and reads every result word out on a stream port.
`timescale 1ns / 1ps
`default_nettype none

// The scene ROM ($readmemh, one 32-bit word a line) holds exactly the words the master
// writes, in order: VISUAL, VISUAL2_LO, VISUAL2_HI, PROTECTED2_LO, PROTECTED2_HI,
// COUNT (= N), then x, y, vx, vy of boids 0 to N-1. Boid i's four words go to boid
// memory entry i, whose 16-byte stride makes ROM word 6 + k land at BOIDS_BASE + 4 k.
//
// Bus: one access at a time, cyc and stb held until ack, then dropped for a cycle; the
// master reads a ROM word before each write (4 cycles a write, 3 a read: simple rather
// than fast; the accelerator acks one cycle after a request and takes the next request
// in the cycle after its ack).
// Addresses are the master's own 32-bit byte addresses: ACCEL_BASE + the register
// map's offset; the top decodes ACCEL_BASE.
// Reset (synchronous) resets only control state, as an override at the end of the
// clocked block; after reset the master runs its program once.
module accel_example_master #(
    parameter [31:0]  ACCEL_BASE = 32'h3000_0000,   // where the accelerator sits, 1 MiB aligned
    parameter integer ROM_WORDS = 6 + 4 * 64,       // scene ROM size: 6 + 4 N_MAX is enough
    parameter         ROM_FILE = "",                // $readmemh image of the scene
    parameter integer WAIT_LIMIT = 1 << 20          // cycles to wait for the interrupt
) (
    input  wire        clk,
    input  wire        rst,                         // synchronous, active high
    // Wishbone B4 classic master, 32-bit data, byte addresses
    output reg         wb_cyc_o,
    output reg         wb_stb_o,
    output reg         wb_we_o,
    output reg  [31:0] wb_adr_o,
    output reg  [31:0] wb_dat_o,
    output wire [3:0]  wb_sel_o,                    // always a whole word
    input  wire [31:0] wb_dat_i,
    input  wire        wb_ack_i,
    // the accelerator's interrupt (CTRL.IRQ_EN is set with START)
    input  wire        irq_i,
    // results: one word a pulse of res_valid_o, boid by boid, words 0 to 6
    output reg         res_valid_o,
    output reg  [15:0] res_boid_o,
    output reg  [2:0]  res_word_o,
    output reg  [31:0] res_data_o,
    // program state
    output reg  [31:0] cycles_o,                    // CYCLES of the batch
    output reg         done_o,                      // the program has ended (check error_o)
    output reg         error_o                      // STATUS showed an error, or no interrupt came
);

`include "accel_regs.vh"

    initial begin
        if (ACCEL_BASE[19:0] != 20'd0) $error("%m: ACCEL_BASE = %h must be 1 MiB aligned", ACCEL_BASE);
        if (ROM_WORDS < 7) $error("%m: ROM_WORDS = %0d: the header and at least one boid", ROM_WORDS);
        if (WAIT_LIMIT < 1) $error("%m: WAIT_LIMIT = %0d, must be at least 1", WAIT_LIMIT);
    end

    localparam integer HEADER = 6;                  // ROM words before the boids
    localparam integer RW = $clog2(ROM_WORDS);
    localparam integer COUNT_AT = HEADER - 1;       // the ROM word that is COUNT
    localparam integer LAST_WORD_AT = RESULT_WORDS - 1;
    localparam [RW-1:0] COUNT_WORD = COUNT_AT[RW-1:0];
    localparam [2:0] LAST_RESULT_WORD = LAST_WORD_AT[2:0];
    localparam [31:0] WAIT_LAST = WAIT_LIMIT - 1;

    reg [31:0] rom [0:ROM_WORDS-1];
    initial if (ROM_FILE != "") $readmemh(ROM_FILE, rom);

    // The program, one state a step; each bus step ends on ack.
    localparam [3:0] S_FETCH = 4'd0,                // read ROM word rom_idx
                     S_WRITE = 4'd1,                // write it where it goes
                     S_START = 4'd2,                // CTRL = START | BATCH | IRQ_EN
                     S_WAIT = 4'd3,                 // wait for irq_i
                     S_STATUS = 4'd4,               // read STATUS
                     S_CLEAR = 4'd5,                // write DONE to STATUS: irq drops
                     S_CYCLES = 4'd6,               // read CYCLES
                     S_RESULT = 4'd7,               // read result word (boid, word)
                     S_DONE = 4'd8;

    reg [3:0]    state;
    reg [RW-1:0] rom_idx;
    reg [31:0]   rom_q;
    reg [15:0]   count;                             // N, from the COUNT word of the ROM
    reg [15:0]   boid;
    reg [2:0]    word;
    reg [31:0]   waited;

    assign wb_sel_o = 4'hf;

    // Where ROM word k is written: the five range registers, COUNT, then boid memory.
    function [19:0] rom_target(input [RW-1:0] k);
        case (k)
            0: rom_target = REG_VISUAL;
            1: rom_target = REG_VISUAL2_LO;
            2: rom_target = REG_VISUAL2_HI;
            3: rom_target = REG_PROTECTED2_LO;
            4: rom_target = REG_PROTECTED2_HI;
            5: rom_target = REG_COUNT;
            default: rom_target = BOIDS_BASE + {{(18-RW){1'b0}}, k - COUNT_WORD - 1'b1, 2'b00};
        endcase
    endfunction

    // One bus request: address (an offset in the accelerator's map), write data, direction.
    task request(input [19:0] offset, input [31:0] data, input we);
        begin
            wb_cyc_o <= 1'b1;
            wb_stb_o <= 1'b1;
            wb_we_o <= we;
            wb_adr_o <= ACCEL_BASE | {12'd0, offset};
            wb_dat_o <= data;
        end
    endtask

    task release_bus;
        begin
            wb_cyc_o <= 1'b0;
            wb_stb_o <= 1'b0;
            wb_we_o <= 1'b0;
        end
    endtask

    wire [RW-1:0] last_word = COUNT_WORD + {count[RW-3:0], 2'b00};  // boid N-1's vy
    wire [31:0]   ctrl_start = (32'd1 << CTRL_START) | (32'd1 << CTRL_BATCH) | (32'd1 << CTRL_IRQ_EN);

    always @(posedge clk) begin
        res_valid_o <= 1'b0;
        case (state)
            S_FETCH: begin
                rom_q <= rom[rom_idx];
                state <= S_WRITE;
            end
            S_WRITE: begin
                if (!wb_cyc_o) request(rom_target(rom_idx), rom_q, 1'b1);
                else if (wb_ack_i) begin
                    release_bus;
                    if (rom_idx == COUNT_WORD) count <= rom_q[15:0];
                    rom_idx <= rom_idx + 1'b1;
                    // after COUNT = 0 (no boids) or boid N-1's last word: start
                    if ((rom_idx == COUNT_WORD && rom_q[15:0] == 16'd0)
                        || (rom_idx > COUNT_WORD && rom_idx == last_word))
                        state <= S_START;
                    else
                        state <= S_FETCH;
                end
            end
            S_START: begin
                if (!wb_cyc_o) request(REG_CTRL, ctrl_start, 1'b1);
                else if (wb_ack_i) begin
                    release_bus;
                    waited <= 32'd0;
                    state <= S_WAIT;
                end
            end
            S_WAIT: begin
                waited <= waited + 32'd1;
                if (irq_i) state <= S_STATUS;
                else if (waited == WAIT_LAST) begin
                    error_o <= 1'b1;
                    state <= S_DONE;
                end
            end
            S_STATUS: begin
                if (!wb_cyc_o) request(REG_STATUS, 32'd0, 1'b0);
                else if (wb_ack_i) begin
                    release_bus;
                    // DONE and no error flag (bits 4:2): otherwise give up
                    if (!wb_dat_i[STATUS_DONE] || wb_dat_i[STATUS_ERR_PARAM] || wb_dat_i[STATUS_ERR_BUSY]
                        || wb_dat_i[STATUS_ERR_BUS]) begin
                        error_o <= 1'b1;
                        state <= S_DONE;
                    end else
                        state <= S_CLEAR;
                end
            end
            S_CLEAR: begin
                if (!wb_cyc_o) request(REG_STATUS, 32'd1 << STATUS_DONE, 1'b1);
                else if (wb_ack_i) begin
                    release_bus;
                    state <= S_CYCLES;
                end
            end
            S_CYCLES: begin
                if (!wb_cyc_o) request(REG_CYCLES, 32'd0, 1'b0);
                else if (wb_ack_i) begin
                    release_bus;
                    cycles_o <= wb_dat_i;
                    boid <= 16'd0;
                    word <= 3'd0;
                    state <= count == 16'd0 ? S_DONE : S_RESULT;
                end
            end
            S_RESULT: begin
                if (!wb_cyc_o)
                    request(RESULTS_BASE + {boid[14:0], 5'd0} + {15'd0, word, 2'b00}, 32'd0, 1'b0);
                else if (wb_ack_i) begin
                    release_bus;
                    res_valid_o <= 1'b1;
                    res_boid_o <= boid;
                    res_word_o <= word;
                    res_data_o <= wb_dat_i;
                    if (word == LAST_RESULT_WORD) begin
                        word <= 3'd0;
                        boid <= boid + 16'd1;
                        if (boid == count - 16'd1) state <= S_DONE;
                    end else
                        word <= word + 3'd1;
                end
            end
            default: done_o <= 1'b1;                 // S_DONE
        endcase

        if (rst) begin
            state <= S_FETCH;
            rom_idx <= {RW{1'b0}};
            count <= 16'd0;
            done_o <= 1'b0;
            error_o <= 1'b0;
            res_valid_o <= 1'b0;
            wb_cyc_o <= 1'b0;
            wb_stb_o <= 1'b0;
            wb_we_o <= 1'b0;
        end
    end

endmodule

`default_nettype wire
