// display_sprite_maker: the display's boid window. It turns a boid written as four
// Q16.16 words (x, y, vx, vy) into the sprite word firmware/display.c packs, so that
// the CPU stores the boid instead of working out its sprite (about 45 cycles a boid).
`timescale 1ns / 1ps
`default_nettype none

// The bus writes the words of an entry in order, x, y, vx, vy: the first three are
// held (whichever entry they were written to), and the vy write commits. The cycle
// after it, the sprite word of the held x, y, vx and that vy goes to sprite idx, with
// SHIFT and ROLE as the registers hold them then (a classic bus cannot change them in
// the acknowledge cycle). The word is exactly display_sprite() with the same shift:
//   X, Y     floor(p / 2^16) >> shift, clamped to -2048 .. 2047 (12-bit fields)
//   HEADING  the nearest of eight directions, sector edges at 106/256 = tan 22.48
//            degrees, from |v| (both components shifted right 9 when either is
//            2^23 or more); 0 for a boid at rest
//   ROLE     the ROLE register
module display_sprite_maker #(
    parameter integer SW = 11                       // sprite index bits
) (
    input  wire          clk,
    input  wire          rst,                       // synchronous, active high
    // a window write the display accepted this cycle
    input  wire          we,
    input  wire [1:0]    word,                      // 0 x, 1 y, 2 vx, 3 vy (commits)
    input  wire [SW-1:0] idx,                       // the entry: the sprite a commit writes
    input  wire [31:0]   wdata,
    // the display's registers
    input  wire [3:0]    shift,
    input  wire [1:0]    role,
    // the sprite memory's write, the cycle after a commit
    output reg           spr_we,
    output reg  [SW-1:0] spr_waddr,
    output wire [31:0]   spr_wdata
);

    initial begin
        if (SW < 1 || SW > 14) $error("%m: SW = %0d, must be 1..14", SW);
    end

    reg [15:0] x_px, y_px;                          // whole pixels: p[31:16]
    reg [31:0] vx, vy;

    always @(posedge clk) begin
        spr_we <= we && word == 2'd3;
        if (we) begin
            case (word)
                2'd0: x_px <= wdata[31:16];
                2'd1: y_px <= wdata[31:16];
                2'd2: vx <= wdata;
                default: begin
                    vy <= wdata;
                    spr_waddr <= idx;
                end
            endcase
        end
        if (rst) spr_we <= 1'b0;
    end

    // a pixel coordinate >> shift, clamped to the 12-bit field
    function automatic [11:0] coord(input [15:0] px, input [3:0] sh);
        reg signed [15:0] v;
        begin
            v = $signed(px) >>> sh;
            if (v > 16'sd2047) coord = 12'h7ff;
            else if (v < -16'sd2048) coord = 12'h800;
            else coord = v[11:0];
        end
    endfunction

    // |v| as an unsigned word (2^31 for the most negative)
    function automatic [31:0] magnitude(input [31:0] v);
        magnitude = v[31] ? 32'd0 - v : v;
    endfunction

    wire [31:0] ax_full = magnitude(vx), ay_full = magnitude(vy);
    wire        wide = (ax_full | ay_full) >= 32'h0080_0000;
    wire [22:0] ax = wide ? ax_full[31:9] : ax_full[22:0];
    wire [22:0] ay = wide ? ay_full[31:9] : ay_full[22:0];
    // first quadrant: 0 along x, 1 diagonal, 2 along y (256 b < 106 a: within 22.5
    // degrees of x)
    wire [30:0] ax_106 = {8'd0, ax} * 31'd106, ay_106 = {8'd0, ay} * 31'd106;
    wire        near_x = {ay, 8'd0} < ax_106;
    wire        near_y = {ax, 8'd0} < ay_106;
    wire [2:0]  quadrant = near_x || (ax | ay) == 23'd0 ? 3'd0 : near_y ? 3'd2 : 3'd1;
    // mirrored: vx < 0 gives 4 - c, then vy < 0 gives -c, mod 8
    wire [2:0]  mirror_x = vx[31] ? 3'd4 - quadrant : quadrant;
    wire [2:0]  heading = vy[31] ? 3'd0 - mirror_x : mirror_x;

    assign spr_wdata = {2'b00, role, 1'b0, heading, coord(y_px, shift), coord(x_px, shift)};

endmodule

`default_nettype wire
