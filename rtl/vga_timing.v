// vga_timing: the VGA timing generator (after Project F's display_480p).
// Counts pixels and lines of one video mode and gives the sync pins, the data-enable,
// the pixel position and frame/line strobes, all registered, for the display pipeline.
`timescale 1ns / 1ps
`default_nettype none

`include "vga_modes.vh"

// x = 0, y = 0 is the first active pixel; a line is active, front porch, sync, back
// porch; a frame the same in lines, so vsync changes at x = 0. Every output belongs
// to the position (x, y) given in the same cycle. Reset puts the counters on the
// last pixel of the frame: the first cycle after reset is the first active pixel.
module vga_timing #(
    parameter integer MODE = `VGA_MODE_DEFAULT,     // a mode of vga_modes.vh; the numbers below follow it
    parameter integer H_ACTIVE = `VGA_H_ACTIVE(MODE),   // pixels (tests override them: small modes)
    parameter integer H_FRONT = `VGA_H_FRONT(MODE),
    parameter integer H_SYNC = `VGA_H_SYNC(MODE),
    parameter integer H_BACK = `VGA_H_BACK(MODE),
    parameter integer V_ACTIVE = `VGA_V_ACTIVE(MODE),   // lines
    parameter integer V_FRONT = `VGA_V_FRONT(MODE),
    parameter integer V_SYNC = `VGA_V_SYNC(MODE),
    parameter integer V_BACK = `VGA_V_BACK(MODE),
    parameter integer HSYNC_ACTIVE_HIGH = `VGA_HSYNC_ACTIVE_HIGH(MODE),   // 0 or 1
    parameter integer VSYNC_ACTIVE_HIGH = `VGA_VSYNC_ACTIVE_HIGH(MODE)
) (
    input  wire        clk,                 // pixel clock
    input  wire        rst,                 // synchronous, active high
    // sync pins, polarity applied
    output reg         hsync,
    output reg         vsync,
    // position
    output reg         de,                  // x, y in the active area
    output reg  [11:0] x,                   // 0 .. H_TOTAL-1
    output reg  [11:0] y,                   // 0 .. V_TOTAL-1
    // strobes and levels
    output reg         line_start,          // x = 0
    output reg         frame_start,         // x = 0, y = 0
    output reg         vblank,              // y >= V_ACTIVE
    output reg         vblank_start         // x = 0, y = V_ACTIVE
);

    localparam integer H_TOTAL = H_ACTIVE + H_FRONT + H_SYNC + H_BACK;
    localparam integer V_TOTAL = V_ACTIVE + V_FRONT + V_SYNC + V_BACK;
    localparam integer H_SYNC_START = H_ACTIVE + H_FRONT;
    localparam integer V_SYNC_START = V_ACTIVE + V_FRONT;
    localparam integer H_SYNC_END = H_SYNC_START + H_SYNC;
    localparam integer V_SYNC_END = V_SYNC_START + V_SYNC;
    localparam integer H_LAST = H_TOTAL - 1;
    localparam integer V_LAST = V_TOTAL - 1;
    // the same as 12-bit counter values
    localparam [11:0] X_LAST = H_LAST[11:0];
    localparam [11:0] Y_LAST = V_LAST[11:0];
    localparam [11:0] X_ACTIVE = H_ACTIVE[11:0];
    localparam [11:0] Y_ACTIVE = V_ACTIVE[11:0];
    localparam [11:0] X_HS_START = H_SYNC_START[11:0];
    localparam [11:0] X_HS_END = H_SYNC_END[11:0];
    localparam [11:0] Y_VS_START = V_SYNC_START[11:0];
    localparam [11:0] Y_VS_END = V_SYNC_END[11:0];
    localparam HS_OFF = HSYNC_ACTIVE_HIGH == 0;    // pin level outside the pulse
    localparam VS_OFF = VSYNC_ACTIVE_HIGH == 0;

    initial begin
        if (MODE < 0 || MODE >= `VGA_MODE_COUNT)
            $error("%m: MODE = %0d: vga_modes.vh has modes 0 to %0d", MODE, `VGA_MODE_COUNT - 1);
        if (H_ACTIVE < 1 || H_FRONT < 1 || H_SYNC < 1 || H_BACK < 1)
            $error("%m: H_ACTIVE/H_FRONT/H_SYNC/H_BACK = %0d/%0d/%0d/%0d, each must be at least 1",
                   H_ACTIVE, H_FRONT, H_SYNC, H_BACK);
        if (V_ACTIVE < 1 || V_FRONT < 1 || V_SYNC < 1 || V_BACK < 1)
            $error("%m: V_ACTIVE/V_FRONT/V_SYNC/V_BACK = %0d/%0d/%0d/%0d, each must be at least 1",
                   V_ACTIVE, V_FRONT, V_SYNC, V_BACK);
        if (H_TOTAL > 4096 || V_TOTAL > 4096)
            $error("%m: H_TOTAL %0d, V_TOTAL %0d: the counters have 12 bits", H_TOTAL, V_TOTAL);
        if (HSYNC_ACTIVE_HIGH != 0 && HSYNC_ACTIVE_HIGH != 1)
            $error("%m: HSYNC_ACTIVE_HIGH = %0d, must be 0 or 1", HSYNC_ACTIVE_HIGH);
        if (VSYNC_ACTIVE_HIGH != 0 && VSYNC_ACTIVE_HIGH != 1)
            $error("%m: VSYNC_ACTIVE_HIGH = %0d, must be 0 or 1", VSYNC_ACTIVE_HIGH);
    end

    // The next position decides every output, but only x moves in most cycles: the
    // y-dependent outputs change at the end of a line (x = X_LAST, the next x is 0),
    // de falls at the end of the active pixels and hsync toggles at its two edges,
    // so a cycle in between only counts (and a simulator does little there).
    localparam [11:0] X_DE_END = X_ACTIVE - 12'd1;     // the next x is X_ACTIVE
    localparam [11:0] X_HS_ON = X_HS_START - 12'd1;    // the next x starts the pulse
    localparam [11:0] X_HS_OFF = X_HS_END - 12'd1;     // the next x ends it

    // the outputs of line ny, at its first pixel (x = 0)
    function automatic [4:0] line_outputs(input [11:0] ny);     // {vsync, vblank, de, frame_start, vblank_start}
        line_outputs = {(ny >= Y_VS_START && ny < Y_VS_END) ? !VS_OFF : VS_OFF,
                        ny >= Y_ACTIVE, ny < Y_ACTIVE, ny == 12'd0, ny == Y_ACTIVE};
    endfunction

    // (each register is read before it is written: a simulator needs no copies)
    always @(posedge clk) begin
        line_start <= x == X_LAST;
        frame_start <= 1'b0;
        vblank_start <= 1'b0;
        if (x == X_LAST) begin
            {vsync, vblank, de, frame_start, vblank_start} <= line_outputs(y == Y_LAST ? 12'd0 : y + 12'd1);
            y <= y == Y_LAST ? 12'd0 : y + 12'd1;
        end
        if (x == X_DE_END) de <= 1'b0;
        if (x == X_HS_ON) hsync <= !HS_OFF;
        if (x == X_HS_OFF) hsync <= HS_OFF;
        x <= x == X_LAST ? 12'd0 : x + 12'd1;

        if (rst) begin      // the last pixel of a frame: blanking, no pulse (porches >= 1)
            x <= X_LAST;
            y <= Y_LAST;
            hsync <= HS_OFF;
            vsync <= VS_OFF;
            de <= 1'b0;
            line_start <= 1'b0;
            frame_start <= 1'b0;
            vblank <= 1'b1;
            vblank_start <= 1'b0;
        end
    end

`ifdef FORMAL
    // Formal properties (tests/formal/display.sby: k-induction with SymbiYosys). Reset is
    // assumed in the first cycle and is free after it. f_cnt is the cycles since reset
    // modulo one frame, counted apart from the RTL: the raster position y * H_TOTAL + x
    // must equal it, which makes each cycle one pixel on and each strobe come exactly
    // once per H_TOTAL * V_TOTAL cycles.
    localparam integer F_TOTAL = H_TOTAL * V_TOTAL;
    localparam integer F_LAST = F_TOTAL - 1;
    localparam integer F_VBLANK = V_ACTIVE * H_TOTAL;

    reg         f_past_valid = 1'b0;
    reg         f_past2_valid = 1'b0;
    reg  [31:0] f_cnt;
    wire [31:0] f_pos = {20'd0, y} * H_TOTAL + {20'd0, x};

    always @(posedge clk) begin
        f_past_valid <= 1'b1;
        f_past2_valid <= f_past_valid;
        f_cnt <= f_cnt == F_LAST ? 32'd0 : f_cnt + 32'd1;
        if (rst) f_cnt <= F_LAST;
    end

    always @(*) if (!f_past_valid) assume(rst);

    // counters in range, and the outputs those of (x, y) in every cycle
    always @(*) if (f_past_valid) begin
        assert(x <= X_LAST);
        assert(y <= Y_LAST);
        assert(hsync == ((x >= X_HS_START && x < X_HS_END) ? !HS_OFF : HS_OFF));
        assert(vsync == ((y >= Y_VS_START && y < Y_VS_END) ? !VS_OFF : VS_OFF));
        assert(de == (x < X_ACTIVE && y < Y_ACTIVE));
        assert(line_start == (x == 12'd0));
        assert(frame_start == (x == 12'd0 && y == 12'd0));
        assert(vblank == (y >= Y_ACTIVE));
        assert(vblank_start == (x == 12'd0 && y == Y_ACTIVE));
        // the raster position is the cycle count since reset, modulo a frame
        assert(f_cnt <= F_LAST);
        assert(f_pos == f_cnt);
        assert(frame_start == (f_cnt == 32'd0));
        assert(vblank_start == (f_cnt == F_VBLANK));
    end

    // raster order: out of reset, each cycle is the next pixel, wrapping line and frame
    always @(posedge clk) if (f_past_valid) begin
        if ($past(rst)) begin                       // reset: the frame's last pixel, blank
            assert(x == X_LAST && y == Y_LAST);
            assert(!de && !line_start && !frame_start && !vblank_start && vblank);
        end else if ($past(x) != X_LAST) begin
            assert(x == $past(x) + 12'd1 && y == $past(y));
        end else begin
            assert(x == 12'd0);
            assert(y == ($past(y) == Y_LAST ? 12'd0 : $past(y) + 12'd1));
        end
    end

    // the first cycle out of reset is the first active pixel
    always @(posedge clk) if (f_past2_valid && $past(rst, 2) && !$past(rst)) begin
        assert(x == 12'd0 && y == 12'd0);
        assert(de && frame_start && line_start && !vblank);
    end
`endif

endmodule

`default_nettype wire
