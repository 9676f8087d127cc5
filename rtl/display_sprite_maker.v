// display_sprite_maker: the display's boid window. It turns a boid written as four
// Q16.16 words (x, y, vx, vy) into the sprite word firmware/display.c packs, so that
// the CPU stores the boid instead of working out its sprite (about 33 cycles a boid).
`timescale 1ns / 1ps
`default_nettype none

// The bus writes the words of an entry in order, x, y, vx, vy: the first three are
// held (whichever entry they were written to), and the vy write commits. The word
// is exactly display_sprite() with SHIFT and ROLE as the registers hold them in the
// cycle after that write (the acknowledge cycle: a classic bus cannot change them
// then):
//   X, Y     floor(p / 2^16) >> shift, clamped to -2048 .. 2047 (12-bit fields)
//   HEADING  the nearest of eight directions, sector edges at 106/256 = tan 22.48
//            degrees, from |v| (both components shifted right 9 when either is
//            2^23 or more); 0 for a boid at rest
//   ROLE     the ROLE register, or for a write from the roles table (use_table:
//            the accelerator's boids, CTRL.TAP) the sprite's entry there
// Timing: three stages (capture; magnitudes and coordinates; the sector compares),
// so that no path runs from a bus word through an adder chain into the sprite
// memory. The word then waits for a cycle without a bus request (busy) to use the
// memory's one write port: it is in the memory by the fourth cycle after the vy
// write's request. A vy write comes at most every second cycle, and a word waits at
// most one cycle, so a word never overtakes the one before it.
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
    input  wire          use_table,                 // this write's sprite takes its role from the table
    // the display's registers
    input  wire [3:0]    shift,
    input  wire [1:0]    role,
    // the roles table's word of the committed sprite (16 roles, 2 bits each), read
    // at the commit: valid in the cycle after it
    input  wire [31:0]   table_word,
    // the sprite memory's write port, when it is free
    input  wire          busy,                      // a bus request this cycle: wait
    output wire          spr_we,
    output reg  [SW-1:0] spr_waddr,
    output reg  [31:0]   spr_wdata
);

    initial begin
        if (SW < 1 || SW > 14) $error("%m: SW = %0d, must be 1..14", SW);
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

    // 106 v by shifts and adds (an adder tree, not a DSP block and its routing)
    function automatic [29:0] times106(input [22:0] v);
        times106 = ({7'd0, v} << 6) + ({7'd0, v} << 5) + ({7'd0, v} << 3) + ({7'd0, v} << 1);
    endfunction

    // ---- the held words, and stage 0: the commit ------------------------------------
    reg [15:0]   x_px, y_px;                        // whole pixels: p[31:16]
    reg [31:0]   vx, vy;
    reg          s0_valid, s0_table;
    reg [SW-1:0] s0_idx;

    always @(posedge clk) begin
        s0_valid <= we && word == 2'd3;
        s0_table <= use_table;
        if (we) begin
            case (word)
                2'd0: x_px <= wdata[31:16];
                2'd1: y_px <= wdata[31:16];
                2'd2: vx <= wdata;
                default: begin
                    vy <= wdata;
                    s0_idx <= idx;
                end
            endcase
        end
        if (rst) s0_valid <= 1'b0;
    end

    // ---- stage 1: magnitudes, the wide shift, the coordinates, the role --------------
    // Each stage's logic is a function called where its register loads, not a wire:
    // the same logic, but a simulator (Verilator) works it out only in the cycles a
    // boid passes, not in every clock of the frame.
    reg          s1_valid;
    reg [SW-1:0] s1_idx;
    reg [22:0]   s1_ax, s1_ay;                      // |v|, shifted right 9 if wide
    reg          s1_neg_x, s1_neg_y;
    reg [11:0]   s1_x, s1_y;
    reg [1:0]    s1_role;

    // |v| in 23 bits: shifted right 9 when either component's magnitude is 2^23 or
    // more (wide), so that both keep their ratio
    function automatic [22:0] narrowed(input [31:0] v, input [31:0] other);
        reg [31:0] a;
        reg        wide;
        begin
            a = magnitude(v);
            wide = (a | magnitude(other)) >= 32'h0080_0000;
            narrowed = wide ? a[31:9] : a[22:0];
        end
    endfunction

    // the committed sprite's role in its table word: 2 bits at 2 (idx mod 16)
    function automatic [1:0] role_in_word(input [31:0] w, input [SW-1:0] i);
        reg [SW-1:0] unused_msb;
        reg [3:0]    lane;
        begin
            {unused_msb, lane} = {4'd0, i};
            role_in_word = w[{lane, 1'b0} +: 2];
        end
    endfunction

    always @(posedge clk) begin
        s1_valid <= s0_valid;
        if (s0_valid) begin
            s1_idx <= s0_idx;
            s1_ax <= narrowed(vx, vy);
            s1_ay <= narrowed(vy, vx);
            s1_neg_x <= vx[31];
            s1_neg_y <= vy[31];
            s1_x <= coord(x_px, shift);
            s1_y <= coord(y_px, shift);
            s1_role <= s0_table ? role_in_word(table_word, s0_idx) : role;
        end
        if (rst) s1_valid <= 1'b0;
    end

    // ---- stage 2: the sector, the word; then the wait for the write port --------------
    // first quadrant: 0 along x, 1 diagonal, 2 along y (256 b < 106 a: within 22.5
    // degrees of x); mirrored: vx < 0 gives 4 - c, then vy < 0 gives -c, mod 8
    function automatic [2:0] heading(input [22:0] ax, input [22:0] ay, input neg_x,
                                     input neg_y);
        reg       near_x, near_y, at_rest;
        reg [2:0] quadrant, mirror_x;
        begin
            near_x = {ay, 8'd0} < {1'b0, times106(ax)};
            near_y = {ax, 8'd0} < {1'b0, times106(ay)};
            at_rest = (ax | ay) == 23'd0;
            quadrant = near_x || at_rest ? 3'd0 : near_y ? 3'd2 : 3'd1;
            mirror_x = neg_x ? 3'd4 - quadrant : quadrant;
            heading = neg_y ? 3'd0 - mirror_x : mirror_x;
        end
    endfunction

    reg pending;                                    // spr_wdata waits for the port
    assign spr_we = pending && !busy;

    always @(posedge clk) begin
        if (spr_we) pending <= 1'b0;
        if (s1_valid) begin
            pending <= 1'b1;
            spr_waddr <= s1_idx;
            spr_wdata <= {2'b00, s1_role, 1'b0, heading(s1_ax, s1_ay, s1_neg_x, s1_neg_y),
                          s1_y, s1_x};
        end
        if (rst) pending <= 1'b0;
    end

`ifdef FORMAL
    // a word is never replaced before it is written (see Timing above)
    always @(posedge clk) if (!rst && s1_valid) assert(!pending || spr_we);
`endif

endmodule

`default_nettype wire
