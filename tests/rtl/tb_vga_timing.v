// tb_vga_timing: self-checking testbench of the VGA timing generator (rtl/vga_timing.v)
// in one video mode (MODE 0 640x480, 1 800x600, 2 1280x720): measures the sync pins and
// de over two frames against the VESA/CEA numbers held here, independent of vga_modes.vh.
`timescale 1ns / 1ps
`default_nettype none

`include "vga_modes.vh"

// Run (see tests/test_rtl_icarus.sh):
//   iverilog -g2012 -I rtl -y rtl -P tb_vga_timing.MODE=1 -o tb tests/rtl/tb_vga_timing.v
//   vvp -N tb [+WAVES] [+DUMPFILE=path]
// The DUT gets only MODE and looks its numbers up in vga_modes.vh; the expected numbers below
// are typed in from the standards, so a wrong number in either place fails.
module tb_vga_timing;

    parameter integer MODE = 0;                     // 0 640x480@60, 1 800x600@60, 2 1280x720@60

    // The standards' numbers: active, front porch, sync, back porch; sync polarity.
    localparam integer E_HA = MODE == 0 ? 640 : MODE == 1 ? 800 : 1280;
    localparam integer E_HF = MODE == 0 ? 16 : MODE == 1 ? 40 : 110;
    localparam integer E_HS = MODE == 0 ? 96 : MODE == 1 ? 128 : 40;
    localparam integer E_HB = MODE == 0 ? 48 : MODE == 1 ? 88 : 220;
    localparam integer E_VA = MODE == 0 ? 480 : MODE == 1 ? 600 : 720;
    localparam integer E_VF = MODE == 0 ? 10 : MODE == 1 ? 1 : 5;
    localparam integer E_VS = MODE == 0 ? 2 : MODE == 1 ? 4 : 5;
    localparam integer E_VB = MODE == 0 ? 33 : MODE == 1 ? 23 : 20;
    localparam integer E_HTOTAL = MODE == 0 ? 800 : MODE == 1 ? 1056 : 1650;
    localparam integer E_VTOTAL = MODE == 0 ? 525 : MODE == 1 ? 628 : 750;
    localparam E_HPOL = MODE != 0;                  // sync active high
    localparam E_VPOL = MODE != 0;
    localparam integer FRAMES = 2;                  // whole frames measured

    initial begin
        if (MODE < 0 || MODE > 2) $error("%m: MODE = %0d, must be 0..2", MODE);
        if (E_HA + E_HF + E_HS + E_HB != E_HTOTAL || E_VA + E_VF + E_VS + E_VB != E_VTOTAL)
            $error("%m: the expected numbers do not add up");
    end

    reg clk = 1'b0;
    reg rst = 1'b1;
    always #5 clk = !clk;

    wire        hsync, vsync, de, line_start, frame_start, vblank, vblank_start;
    wire [11:0] x, y;

    vga_timing #(.MODE(MODE)) dut (
        .clk(clk), .rst(rst), .hsync(hsync), .vsync(vsync), .de(de), .x(x), .y(y),
        .line_start(line_start), .frame_start(frame_start), .vblank(vblank),
        .vblank_start(vblank_start));

`define TB_NAME "tb_vga_timing"
`include "tb_waves.vh"

    integer errors = 0, checks = 0;

    task fail(input [8*200-1:0] msg);
        begin
            errors = errors + 1;
            if (errors <= 30) $display("FAIL %0s", msg);
            if (errors == 30) $display("FAIL (further failures not shown)");
        end
    endtask

    // check(what, measured, expected)
    task check(input [8*60-1:0] what, input integer got, input integer want);
        begin
            checks = checks + 1;
            if (got !== want) begin
                fail(what);
                $display("     measured %0d, expected %0d (cycle %0d)", got, want, cycle);
            end
        end
    endtask

    // ---- the pin monitor -------------------------------------------------------------
    // Only hsync, vsync and de (pins) for the timing; the strobes are checked against
    // the edges the pins show. Active levels are taken from the expected polarity.
    wire hs_on = hsync == E_HPOL;
    wire vs_on = vsync == E_VPOL;

    integer cycle = 0;
    reg     hs_q = 1'b0, vs_q = 1'b0, de_q = 1'b0;
    integer t_hs_on = -1, t_hs_off = -1, t_de_on = -1, t_de_off = -1;
    integer t_vs_on = -1, t_vs_off = -1;
    integer de_run = 0;                 // pixels in the current de run
    integer de_lines = 0;               // de runs since the last vsync
    integer n_vblank_start = 0, n_frame_start = 0;
    integer frames = 0;                 // whole frames seen (vsync to vsync)
    integer t_first_de = -1;            // first de rise after the vsync pulse
    integer t_last_de_off = -1;         // last de fall before the vsync pulse
    integer t_vblank_start = -1, t_frame_start = -1;
    reg     measuring = 1'b0;           // after the first vsync pulse

    always @(posedge clk) begin
        #1;
        cycle = cycle + 1;
        if (!rst) begin
            // ---- sanity every cycle: the levels, x/y against de
            if (de && (hs_on || vs_on)) fail("sync asserted during de");
            if (de !== (x < E_HA && y < E_VA)) fail("de is not x < H_ACTIVE && y < V_ACTIVE");
            if (line_start !== (x == 0)) fail("line_start is not x = 0");
            if (frame_start !== (x == 0 && y == 0)) fail("frame_start is not x = 0, y = 0");
            if (vblank !== (y >= E_VA)) fail("vblank is not y >= V_ACTIVE");
            if (vblank_start !== (x == 0 && y == E_VA)) fail("vblank_start is not x = 0, y = V_ACTIVE");
            if (^{hsync, vsync, de, x, y} === 1'bx) fail("an output is x");

            if (frame_start) begin
                n_frame_start = n_frame_start + 1;
                t_frame_start = cycle;
            end

            // ---- hsync: width, period, porches against de
            if (hs_on && !hs_q) begin
                if (measuring && t_hs_on >= 0) check("line period (hsync to hsync)", cycle - t_hs_on, E_HTOTAL);
                if (measuring && de_lines > 0 && t_de_off > t_hs_on)
                    check("h front porch (de end to hsync)", cycle - t_de_off, E_HF);
                t_hs_on = cycle;
            end
            if (!hs_on && hs_q) begin
                if (measuring) check("hsync width", cycle - t_hs_on, E_HS);
                t_hs_off = cycle;
            end
            if (de && !de_q) begin
                if (measuring && t_hs_off >= 0) check("h back porch (hsync end to de)", cycle - t_hs_off, E_HB);
                if (measuring && t_de_on >= 0 && de_lines > 0) check("de period", cycle - t_de_on, E_HTOTAL);
                if (t_first_de < 0) begin
                    t_first_de = cycle;
                    if (measuring) begin
                        check("v back porch (vsync end to first de), lines",
                              (cycle - t_vs_off) / E_HTOTAL, E_VB);
                        check("v back porch (vsync end to first de), remainder",
                              (cycle - t_vs_off) % E_HTOTAL, 0);
                        check("frame_start with the frame's first de", t_frame_start, cycle);
                    end
                end
                t_de_on = cycle;
                de_run = 0;
            end
            if (de) de_run = de_run + 1;
            if (!de && de_q) begin
                if (measuring) check("de pixels a line", de_run, E_HA);
                de_lines = de_lines + 1;
                t_de_off = cycle;
                t_last_de_off = cycle;
            end
            if (vblank_start) begin
                n_vblank_start = n_vblank_start + 1;
                t_vblank_start = cycle;
                if (measuring) check("vblank_start after the last de, cycles",
                                     cycle - t_last_de_off, E_HTOTAL - E_HA);
            end

            // ---- vsync: width, period, porches, once-a-frame strobes
            if (vs_on && !vs_q) begin
                if (measuring) begin
                    check("frame period (vsync to vsync), cycles", cycle - t_vs_on, E_HTOTAL * E_VTOTAL);
                    check("lines with de a frame", de_lines, E_VA);
                    check("vblank_start pulses a frame", n_vblank_start, 1);
                    check("frame_start pulses a frame", n_frame_start, 1);
                    frames = frames + 1;
                end
                if (t_last_de_off >= 0) begin
                    // from the end of the last line's de: the rest of that line, then V_FRONT lines
                    check("v front porch (last de to vsync), lines",
                          (cycle - t_last_de_off - (E_HTOTAL - E_HA)) / E_HTOTAL, E_VF);
                    check("v front porch (last de to vsync), remainder",
                          (cycle - t_last_de_off - (E_HTOTAL - E_HA)) % E_HTOTAL, 0);
                end
                // vsync changes at x = 0: the line's hsync comes H_ACTIVE + H_FRONT later
                t_vs_on = cycle;
                measuring = 1'b1;
                de_lines = 0;
                n_vblank_start = 0;
                n_frame_start = 0;
                t_first_de = -1;
            end
            if (!vs_on && vs_q) begin
                if (measuring) begin
                    check("vsync width, lines", (cycle - t_vs_on) / E_HTOTAL, E_VS);
                    check("vsync width, remainder", (cycle - t_vs_on) % E_HTOTAL, 0);
                end
                t_vs_off = cycle;
            end
            if (hs_on && !hs_q && measuring && t_vs_on >= 0 && cycle - t_vs_on < E_HTOTAL)
                check("vsync edge at x = 0 (H_ACTIVE + H_FRONT before hsync)", cycle - t_vs_on,
                      E_HA + E_HF);
        end
        hs_q = hs_on;
        vs_q = vs_on;
        de_q = de;
    end

    // ---- polarity: the idle level of each sync during reset and its share of a frame
    integer hs_high = 0, vs_high = 0, total = 0;
    always @(posedge clk) begin
        #2;
        if (!rst && measuring && frames < FRAMES) begin
            total = total + 1;
            if (hsync) hs_high = hs_high + 1;
            if (vsync) vs_high = vs_high + 1;
        end
    end

    initial begin
        repeat (5) @(posedge clk);
        #1;
        checks = checks + 2;
        if (hsync !== !E_HPOL) fail("hsync polarity: not at its idle level in reset");
        if (vsync !== !E_VPOL) fail("vsync polarity: not at its idle level in reset");
        rst = 1'b0;
        wait (frames == FRAMES);
        check("hsync high cycles over the frames", hs_high,
              E_HPOL ? FRAMES * E_VTOTAL * E_HS : FRAMES * E_VTOTAL * (E_HTOTAL - E_HS));
        check("vsync high cycles over the frames", vs_high,
              E_VPOL ? FRAMES * E_VS * E_HTOTAL : FRAMES * (E_VTOTAL - E_VS) * E_HTOTAL);
        check("cycles measured", total, FRAMES * E_HTOTAL * E_VTOTAL);
        if (errors != 0)
            $fatal(1, "FAIL tb_vga_timing MODE %0d (%0dx%0d): %0d errors, %0d checks", MODE, E_HA, E_VA,
                   errors, checks);
        $display("PASS tb_vga_timing MODE %0d (%0dx%0d, %0dx%0d total): %0d frames, %0d checks",
                 MODE, E_HA, E_VA, E_HTOTAL, E_VTOTAL, FRAMES, checks);
        $finish;
    end

endmodule

`default_nettype wire
