// display_renderer: draws one picture into the back frame buffer of the display.
// On start it clears the buffer (a word a cycle) and then draws sprites 0..count-1,
// read one by one from the sprite memory, as 7x7 shapes in their role's colour: a
// boid's heading, or a glyph of the overlay's font.
`timescale 1ns / 1ps
`default_nettype none

// Sprite word: x in 11:0 and y in 23:12 (two's complement, the framebuffer column and
// row of the centre), heading 26:24 (h x 45 degrees from +x toward +y), role 29:28;
// with GLYPH (bit 31) the shape is a glyph (sprite_shape, display_sprites.vh).
// Pixel (c, r) of the shape's row sprite_row(shape, r) (display_sprites.vh), when set,
// lands on (x - 3 + c, y - 3 + r) in colour role + 1, if that is inside the buffer.
// Each row is written as the 3 word slots it may touch (a word of 4 pixels is wholly
// in or out, FB_W being a multiple of 4); slots with no pixel write nothing. Cycles:
// FB_W * FB_H / 4 to clear, then 22 a sprite (1 to take the word, 7 x 3 slots), plus 2.
// The sprite memory's read is registered: spr_raddr is set a sprite ahead. The shapes
// are a ROM of 64 x 8 rows read a row ahead (a block RAM where the device has them).
module display_renderer #(
    parameter integer FB_W = 640,                   // pixels, a multiple of 4
    parameter integer FB_H = 480,
    parameter integer SPRITES_MAX = 1280            // 2..
) (
    input  wire                             clk,
    input  wire                             rst,            // synchronous, active high
    // control
    input  wire                             start,          // ignored while busy
    input  wire [$clog2(SPRITES_MAX+1)-1:0] count,          // taken with start, <= SPRITES_MAX
    output reg                              busy,
    output wire                             finish,         // the last cycle of busy
    // sprite memory read port (data one cycle after the address)
    output reg  [$clog2(SPRITES_MAX)-1:0]   spr_raddr,
    input  wire [31:0]                      spr_rdata,
    // frame buffer write port (the back buffer)
    output reg                              fb_we,
    output reg  [$clog2(FB_W*FB_H/4)-1:0]   fb_waddr,
    output reg  [15:0]                      fb_wdata,
    output reg  [3:0]                       fb_wmask
);

`include "display_sprites.vh"

    localparam integer WPL = FB_W / 4;              // words a line
    localparam integer WORDS = WPL * FB_H;
    localparam integer AW = $clog2(WORDS);
    localparam integer CW = $clog2(SPRITES_MAX + 1);
    localparam integer SW = $clog2(SPRITES_MAX);
    localparam integer WORDS_LAST = WORDS - 1;
    localparam [AW-1:0] LAST_WORD = WORDS_LAST[AW-1:0];
    localparam signed [12:0] ROWS_S = FB_H[12:0];
    localparam signed [10:0] WPL_S = WPL[10:0];
    localparam [AW-1:0] WPL_A = WPL[AW-1:0];

    initial begin
        if (FB_W < 4 || FB_W % 4 != 0 || FB_W > 4096)
            $error("%m: FB_W = %0d, must be a multiple of 4, 4..4096", FB_W);
        if (FB_H < 1 || FB_H > 4096) $error("%m: FB_H = %0d, must be 1..4096", FB_H);
        if (SPRITES_MAX < 2) $error("%m: SPRITES_MAX = %0d, must be at least 2", SPRITES_MAX);
    end

    localparam [2:0] S_IDLE = 3'd0, S_CLEAR = 3'd1, S_LOAD = 3'd2, S_SLOT = 3'd3, S_FINISH = 3'd4;
    reg  [2:0]  state;
    reg  [CW-1:0] left;                             // sprites still to draw after this one
    reg  [AW-1:0] clr_addr;

    // the sprite being drawn
    reg  [5:0]  shape;
    reg  [3:0]  colour;
    reg  [2:0]  row;                                // 0..6
    reg  [1:0]  slot;                               // 0..2
    reg  [1:0]  shift;                              // (x - 3) mod 4
    reg  signed [10:0] w_first;                     // (x - 3) >> 2: the row's first word
    reg  signed [10:0] w_slot;                      // w_first + slot
    reg  signed [12:0] y_row;                       // y - 3 + row
    reg  [AW-1:0] line_addr;                        // y_row * WPL, modulo 2^AW (*)

    // The shapes' rows, {shape, row}: read as a sprite loads (its row 0) and in the
    // last slot of each row (the next row), so shape_bits holds the row being drawn.
    reg  [6:0]  shape_rom [0:511];
    reg  [6:0]  shape_bits;
    wire [5:0]  new_shape = sprite_shape(spr_rdata[31], spr_rdata[30], spr_rdata[27], spr_rdata[26:24]);
    integer     rom_i;
    initial begin
        for (rom_i = 0; rom_i < 512; rom_i = rom_i + 1) shape_rom[rom_i] = sprite_row(rom_i[8:3], rom_i[2:0]);
    end
    wire        rom_read = state == S_LOAD || (state == S_SLOT && slot == 2'd2);
    wire [8:0]  rom_addr = state == S_LOAD ? {new_shape, 3'd0} : {shape, row + 3'd1};
    always @(posedge clk) begin
        if (rom_read) shape_bits <= shape_rom[rom_addr];
    end

    // The new sprite word, in the LOAD cycle: functions called in that state only, so
    // a simulator does not evaluate them in any other cycle.
    // A centre coordinate (two's complement) minus 3: the shape's first column or row.
    function automatic signed [12:0] minus3(input [11:0] c);
        minus3 = $signed({c[11], c}) - 13'sd3;
    endfunction

    // (x - 3) >> 2: the first word slot of the shape's rows
    function automatic signed [10:0] first_word(input [11:0] x);
        reg [1:0] unused_lsb;
        begin
            {first_word, unused_lsb} = minus3(x);
        end
    endfunction

    // (y - 3) * WPL, modulo 2^AW (*): the address of the shape's first row, as a sum
    // of shifts, one for each set bit of the constant WPL (one adder for 40, 80 or
    // 160 words a line), where yosys would spend one of the UP5K's 8 DSPs on a multiply.
    function automatic [AW-1:0] first_line(input [11:0] y);
        reg [31-AW:0] unused_msb;
        reg [AW-1:0]  row0;
        integer       i;
        begin
            {unused_msb, row0} = {{20{y[11]}}, y} - 32'd3;
            first_line = {AW{1'b0}};
            for (i = 0; i < AW; i = i + 1)
                if (WPL_A[i]) first_line = first_line + (row0 << i);
        end
    endfunction

    // The slot: which of the row's pixels (bits) fall in this word ({write, mask}). A
    // function called in the SLOT state only, so a simulator does not evaluate it when idle.
    function automatic [4:0] slot_write(input [6:0] bits, input [1:0] k, input [1:0] sh,
                                        input signed [12:0] yr, input signed [10:0] w);
        reg [11:0] px;
        reg [3:0]  m;
        begin
            px = {5'b00000, bits} << sh;                // pixel columns from 4 * w_first
            m = px[4 * k +: 4];
            slot_write = {yr >= 13'sd0 && yr < ROWS_S && w >= 11'sd0 && w < WPL_S && m != 4'd0, m};
        end
    endfunction

    // (*) Addresses are taken modulo 2^AW: exact for a slot inside the buffer, which
    // is the only one written, and no wider than the buffer's address.
    function automatic [AW-1:0] slot_addr(input [AW-1:0] line, input signed [10:0] w);
        reg [31-AW:0] unused_msb;
        reg [AW-1:0]  w_lsb;
        begin
            {unused_msb, w_lsb} = {{21{w[10]}}, w};
            slot_addr = line + w_lsb;
        end
    endfunction

    assign finish = state == S_FINISH;

    always @(posedge clk) begin
        fb_we <= 1'b0;
        case (state)
            S_IDLE: begin
                if (start) begin
                    state <= S_CLEAR;
                    busy <= 1'b1;
                    left <= count;
                    clr_addr <= {AW{1'b0}};
                    spr_raddr <= {SW{1'b0}};
                end
            end
            S_CLEAR: begin
                if (clr_addr == LAST_WORD) state <= left == {CW{1'b0}} ? S_FINISH : S_LOAD;
                fb_we <= 1'b1;
                fb_waddr <= clr_addr;
                fb_wmask <= 4'b1111;
                fb_wdata <= 16'h0000;
                clr_addr <= clr_addr + 1'b1;
            end
            S_LOAD: begin                           // sprite spr_raddr is on spr_rdata
                shape <= new_shape;
                colour <= {2'b00, spr_rdata[29:28]} + 4'd1;
                row <= 3'd0;
                slot <= 2'd0;
                {w_first, shift} <= minus3(spr_rdata[11:0]);
                w_slot <= first_word(spr_rdata[11:0]);
                y_row <= minus3(spr_rdata[23:12]);
                line_addr <= first_line(spr_rdata[23:12]);
                left <= left - 1'b1;
                spr_raddr <= spr_raddr + 1'b1;      // the next one, ready in 22 cycles
                state <= S_SLOT;
            end
            S_SLOT: begin
                if (row == 3'd6 && slot == 2'd2) state <= left == {CW{1'b0}} ? S_FINISH : S_LOAD;
                {fb_we, fb_wmask} <= slot_write(shape_bits, slot, shift, y_row, w_slot);
                fb_waddr <= slot_addr(line_addr, w_slot);   // (*)
                fb_wdata <= {4{colour}};
                if (slot == 2'd2) begin
                    slot <= 2'd0;
                    row <= row + 3'd1;
                    w_slot <= w_first;
                    y_row <= y_row + 13'sd1;
                    line_addr <= line_addr + WPL_A;
                end else begin
                    slot <= slot + 2'd1;
                    w_slot <= w_slot + 11'sd1;
                end
            end
            S_FINISH: begin                         // the last write happens now
                state <= S_IDLE;
                busy <= 1'b0;
            end
            default: state <= S_IDLE;
        endcase

        if (rst) begin
            state <= S_IDLE;
            busy <= 1'b0;
            fb_we <= 1'b0;
        end
    end


endmodule

`default_nettype wire
