// tb_boids_display: self-checking testbench of the VGA display (rtl/boids_display.v)
// inside boids_system, in a small video mode: registers, sprites, drawing, double
// buffering and the VGA pins, decoded as a monitor would and compared pixel by pixel.
`timescale 1ns / 1ps
`default_nettype none

// Run (see tests/test_rtl_icarus.sh):
//   iverilog -g2012 -I rtl -y rtl -P tb_boids_display.SCALE=2 -o tb tests/rtl/tb_boids_display.v
//   vvp -N tb [+WAVES] [+DUMPFILE=path]
// The DUT is boids_system (a small accelerator beside the display), so every access
// also checks the address decode: the display at 0x100000 + its 20-bit address.
// The monitor knows only the mode's numbers (below) and sees only the pins; every
// whole frame it decodes must equal one of the pictures the testbench computed from
// the sprite rule (display_sprites.vh + the palette below), and the testbench checks
// which picture each frame showed: swaps only in vertical blanking, DROPPED, ...
module tb_boids_display;

    parameter integer SCALE = 1;                    // 1, 2 or 4
    parameter integer HPOL = 0;                     // sync polarity of the mode (1 high)
    parameter integer VPOL = 0;
    parameter integer SPRITES_MAX = 64;

    // the small mode: 128x64, or 256x128 at SCALE 4 so that the buffer (64x32 then)
    // still holds the tests' rows of sprites
    localparam integer HA = SCALE == 4 ? 256 : 128, HF = 8, HS = 8, HB = 8, HT = HA + HF + HS + HB;
    localparam integer VA = SCALE == 4 ? 128 : 64, VF = 2, VS = 2, VB = 3, VT = VA + VF + VS + VB;
    localparam integer FB_W = HA / SCALE, FB_H = VA / SCALE, FBPIX = FB_W * FB_H;
    localparam integer WORDS = FBPIX / 4;
    localparam integer NPIC = 8;                    // pictures the testbench keeps
    localparam integer MAXF = 400;                  // frames the monitor keeps

`include "display_regs.vh"
`include "display_sprites.vh"

    localparam [20:0] DISP = 21'h100000;
    localparam [31:0] C_DRAW = 32'd1 << CTRL_DRAW;
    localparam [31:0] C_IRQ = 32'd1 << CTRL_IRQ_EN;
    localparam [31:0] S_VBLANK = 32'd1 << STATUS_VBLANK;
    localparam [31:0] S_FRAME = 32'd1 << STATUS_FRAME;
    localparam [31:0] S_DRAWING = 32'd1 << STATUS_DRAWING;
    localparam [31:0] S_PENDING = 32'd1 << STATUS_PENDING;
    localparam [31:0] S_ERR_PARAM = 32'd1 << STATUS_ERR_PARAM;
    localparam [31:0] S_ERR_BUSY = 32'd1 << STATUS_ERR_BUSY;
    localparam [31:0] S_ERR_BUS = 32'd1 << STATUS_ERR_BUS;
    localparam [31:0] S_ERRS = S_ERR_PARAM | S_ERR_BUSY | S_ERR_BUS;
    localparam [31:0] S_ALL = 32'h7f;

    // ---- DUT ------------------------------------------------------------------
    reg         clk = 1'b0;
    reg         rst = 1'b1;
    reg         cyc = 1'b0, stb = 1'b0, we = 1'b0;
    reg  [20:0] adr = 21'd0;
    reg  [31:0] dat_w = 32'd0;
    wire [31:0] dat_r;
    wire        ack, irq_accel, irq_display;
    wire        hsync, vsync, de;
    wire [3:0]  r, g, b;

    always #5 clk = !clk;

    boids_system #(
        .N_MAX(16), .LANES(1), .SPRITES_MAX(SPRITES_MAX), .SCALE(SCALE)
    ) dut (
        .clk(clk), .rst(rst),
        .wb_cyc_i(cyc), .wb_stb_i(stb), .wb_we_i(we), .wb_adr_i(adr),
        .wb_dat_i(dat_w), .wb_sel_i(4'hf), .wb_dat_o(dat_r), .wb_ack_o(ack),
        .irq_accel_o(irq_accel), .irq_display_o(irq_display),
        .vga_hsync(hsync), .vga_vsync(vsync), .vga_de(de), .vga_r(r), .vga_g(g), .vga_b(b)
    );

    // The system passes only MODE, a mode of vga_modes.vh, to the display; the
    // display's timing numbers are parameters of their own, which the small mode
    // sets from here.
    defparam dut.u_display.H_ACTIVE = HA, dut.u_display.H_FRONT = HF,
             dut.u_display.H_SYNC = HS, dut.u_display.H_BACK = HB,
             dut.u_display.V_ACTIVE = VA, dut.u_display.V_FRONT = VF,
             dut.u_display.V_SYNC = VS, dut.u_display.V_BACK = VB,
             dut.u_display.HSYNC_ACTIVE_HIGH = HPOL, dut.u_display.VSYNC_ACTIVE_HIGH = VPOL;

`define TB_NAME "tb_boids_display"
`include "tb_waves.vh"

    // ---- checking -------------------------------------------------------------------
`include "tb_checks.vh"

    task check(input [8*80-1:0] what, input integer got, input integer want);
        begin
            checks = checks + 1;
            if (got !== want) begin
                fail(what);
                $display("     got %0d, expected %0d", got, want);
            end
        end
    endtask

    // The handshake, every cycle: the accelerator acknowledges a request in the
    // next cycle, the display (its answer registered in boids_system) in the one
    // after (the master leaves a cycle between accesses, so this holds for both).
    reg exp_ack, seen, seen2;
    always @(posedge clk) begin
        exp_ack = !rst && cyc && stb && !ack && (adr[20] ? seen : !seen);
        seen2 = seen;
        seen = !rst && cyc && stb && !ack && !seen;     // a request's first cycle
        #1;
        if (ack !== exp_ack) fail("wishbone: ack is not exactly one cycle (accelerator) or two (display) after each request");
    end

    // ---- Wishbone master --------------------------------------------------------------
    reg irq_at_req;

    task access(input w, input [20:0] a, input [31:0] d);
        begin
            cyc = 1'b1; stb = 1'b1; we = w; adr = a; dat_w = d;
            irq_at_req = irq_display;
            @(posedge clk);
            #1;
            if (a[20] && ack === 1'b0) begin        // the display: a cycle more
                @(posedge clk);
                #1;
            end
            if (ack !== 1'b1) fail("wishbone: no ack in the cycle after the request (two for the display)");
        end
    endtask

    task write32(input [20:0] a, input [31:0] d);
        begin
            access(1'b1, a, d);
            cyc = 1'b0; stb = 1'b0; we = 1'b0;
            @(posedge clk);
            #1;
        end
    endtask

    task read32(input [20:0] a, output [31:0] d);
        begin
            access(1'b0, a, 32'hx);
            d = dat_r;
            cyc = 1'b0; stb = 1'b0;
            @(posedge clk);
            #1;
        end
    endtask

    task wr(input [19:0] a, input [31:0] d);        // a display address
        write32(DISP | {1'b0, a}, d);
    endtask

    task rd(input [19:0] a, output [31:0] d);
        read32(DISP | {1'b0, a}, d);
    endtask

    task expect32(input [8*80-1:0] what, input [20:0] a, input [31:0] e);
        reg [31:0] d;
        begin
            read32(a, d);
            checks = checks + 1;
            if (d !== e) begin
                fail(what);
                $display("     read %06h: %08h, expected %08h", a, d, e);
            end
        end
    endtask

    // STATUS bits in mask against e; irq_display must be FRAME & IRQ_EN.
    reg irq_en_model = 1'b0;
    reg [31:0] last_status;
    task expect_status(input [8*80-1:0] what, input [31:0] mask, input [31:0] e);
        reg [31:0] d;
        begin
            rd(REG_STATUS, d);
            last_status = d;
            checks = checks + 1;
            if ((d & mask) !== (e & mask)) begin
                fail(what);
                $display("     STATUS %08h, expected %08h in the bits %08h", d, e, mask);
            end
            if (d[31:7] !== 25'd0) fail("STATUS: bits above ERR_BUS are not 0");
            if (irq_at_req !== (d[STATUS_FRAME] && irq_en_model)) begin
                fail("irq_display_o is not STATUS.FRAME & CTRL.IRQ_EN");
                $display("     irq %b, STATUS %08h, IRQ_EN %b", irq_at_req, d, irq_en_model);
            end
        end
    endtask

    // ---- sprites and the pictures they make ---------------------------------------------
    reg [31:0] spr_model[0:SPRITES_MAX-1];          // what the sprite memory holds
    reg [3:0]  pics[0:NPIC*FBPIX-1];                // expected buffers, colour indices
    integer    n_pics = 0;

`include "tb_display_rule.vh"

    task put_sprite(input integer i, input [31:0] w);
        begin
            spr_model[i] = w;
            wr(SPRITES_BASE + SPRITE_STRIDE * i, w);
        end
    endtask

    // Picture id: the first count sprites of the model, in order, on the background 0.
    task make_pic(input integer id, input integer count);
        integer i, k;
        begin
            for (k = 0; k < FBPIX; k = k + 1) pics[id * FBPIX + k] = 4'd0;
            for (i = 0; i < count; i = i + 1) paint_sprite(id, spr_model[i]);
            if (id >= n_pics) n_pics = id + 1;
        end
    endtask

    // ---- the VGA monitor: pins only -------------------------------------------------------
    // A line's pixels start HS + HB cycles after its hsync pulse begins; after the vsync
    // pulse begins (in the line VA + VF, before that line's hsync) line 0 follows the
    // (VS + VB)-th hsync pulse. Outside the active area the colour must be 0.
    wire    hs_on = hsync == HPOL[0];
    wire    vs_on = vsync == VPOL[0];
    reg     hs_q = 1'b0, vs_q = 1'b0;
    integer hcnt = -1000000, line_k = -1000000;
    integer t_hs = -1, t_vs = -1;
    integer ax, ay, mk;
    reg [11:0] cap[0:HA*VA-1];
    integer frames_done = 0;                        // whole frames decoded
    integer shown[0:MAXF-1];                        // the picture each showed, -1 none
    integer mon_line = -1;                          // active line the pins are on
    reg     armed = 1'b0;                           // every frame must match from now on
    integer vsyncs = 0;

    function integer match(input integer id);
        integer px, py;
        begin
            match = 1;
            for (py = 0; py < VA && match; py = py + 1)
                for (px = 0; px < HA && match; px = px + 1)
                    if (cap[py * HA + px] !== palette(pics[id * FBPIX + (py / SCALE) * FB_W + px / SCALE]))
                        match = 0;
        end
    endfunction

    always @(posedge clk) begin
        #2;
        if (!rst) begin
            if (hs_on && !hs_q) begin
                if (t_hs >= 0 && cycle - t_hs != HT) fail("pins: hsync period is not H_TOTAL");
                t_hs = cycle;
                hcnt = 0;
                line_k = line_k + 1;
            end else begin
                hcnt = hcnt + 1;
            end
            if (!hs_on && hs_q && cycle - t_hs != HS) fail("pins: hsync width is not H_SYNC");
            if (vs_on && !vs_q) begin
                if (t_vs >= 0 && cycle - t_vs != HT * VT) fail("pins: vsync period is not a frame");
                if (t_vs >= 0 && hcnt != HT - HA - HF) fail("pins: vsync does not change at x = 0");
                t_vs = cycle;
                line_k = -1;
                vsyncs = vsyncs + 1;
            end
            if (!vs_on && vs_q && cycle - t_vs != HT * VS) fail("pins: vsync width is not V_SYNC lines");
            ax = hcnt - (HS + HB);
            ay = line_k - (VS + VB - 1);
            // the data-enable pin (for DVI) is high exactly on the active pixels
            if (t_vs >= 0 && de !== (ax >= 0 && ax < HA && ay >= 0 && ay < VA))
                fail("pins: vga_de is not exactly the active area");
            if (ax >= 0 && ax < HA && ay >= 0 && ay < VA) begin
                cap[ay * HA + ax] = {r, g, b};
                if (ax == 0) mon_line = ay;
                if (ax == HA - 1 && ay == VA - 1) begin
                    shown[frames_done % MAXF] = -1;
                    for (mk = n_pics - 1; mk >= 0; mk = mk - 1)
                        if (shown[frames_done % MAXF] < 0 && match(mk)) shown[frames_done % MAXF] = mk;
                    if (armed && shown[frames_done % MAXF] < 0) fail("monitor: a frame is none of the pictures");
                    frames_done = frames_done + 1;
                    mon_line = -1;
                end
            end else if ({r, g, b} !== 12'h000 && t_vs >= 0) begin
                fail("monitor: colour outside the active area");
            end
        end
        hs_q = hs_on;
        vs_q = vs_on;
    end

    task wait_line(input integer l);                // the pins reach active line l
        begin
            while (mon_line != l) idle(1);
        end
    endtask

    task wait_frames(input integer n);              // n more whole frames decoded
        integer f0;
        begin
            f0 = frames_done;
            while (frames_done < f0 + n) idle(1);
        end
    endtask

    // ---- drawing ------------------------------------------------------------------------
    integer draw_cycles = 0;
    always @(posedge clk) if (dut.u_display.drawing) draw_cycles <= draw_cycles + 1;

    // Starts a draw of count sprites; picture id is computed.
    task draw(input integer id, input integer count);
        begin
            make_pic(id, count);
            wr(REG_COUNT, count);
            draw_cycles = 0;
            wr(REG_CTRL, C_DRAW | (irq_en_model ? C_IRQ : 32'd0));
        end
    endtask

    task wait_drawn(input integer count);
        integer n;
        begin
            n = 0;
            last_status = S_DRAWING;
            while (last_status & S_DRAWING) begin
                expect_status("drawing: no errors", S_ERRS, 32'd0);
                n = n + 1;
                if (n > 100000) $fatal(1, "FAIL the drawing never ends");
            end
            check("drawing cycles: WORDS + 22 a sprite + 1", draw_cycles, WORDS + 22 * count + 1);
        end
    endtask

    // After a draw finished before vblank: PENDING until the swap; the frame before the
    // swap shows old, the two after it show id.
    task expect_swap(input integer old, input integer id);
        integer f;
        begin
            expect_status("finished before vblank: PENDING", S_PENDING | S_DRAWING, S_PENDING);
            while (last_status & S_PENDING) expect_status("waiting for the swap", S_DRAWING, 32'd0);
            f = frames_done;
            wait_frames(2);
            if (old >= 0) check("the frame before the swap shows the old picture", shown[(f - 1) % MAXF], old);
            check("the frame after the swap shows the new picture", shown[f % MAXF], id);
            check("and the next frame too", shown[(f + 1) % MAXF], id);
        end
    endtask

    // ---- the test -------------------------------------------------------------------------
    integer i, e0, fc0, fc1, v0, v1, d0, nd, f1;
    reg [31:0] d;
    reg [8*9-1:0] pol_text;

    initial pol_text = {HPOL ? "high" : " low", "/", VPOL ? "high" : " low"};

    initial begin
        idle(4);
        rst = 1'b0;
        idle(2);

        // ---- registers after reset, routing
        e0 = errors;
        expect32("system: the accelerator's ID at 0x000000", 21'h000000, 32'h424f4944);
        expect32("display ID at 0x100000", DISP | REG_ID, ID_VALUE);
        expect32("display ID is 'DISP'", DISP | REG_ID, 32'h44495350);
        expect32("WIDTH", DISP | REG_WIDTH, FB_W);
        expect32("HEIGHT", DISP | REG_HEIGHT, FB_H);
        expect32("SPRITES_MAX", DISP | REG_SPRITES_MAX, SPRITES_MAX);
        expect32("CTRL after reset", DISP | REG_CTRL, 32'd0);
        expect_status("STATUS after reset", S_ALL & ~S_VBLANK, 32'd0);
        expect32("COUNT after reset", DISP | REG_COUNT, 32'd0);
        expect32("FRAME_COUNT after reset", DISP | REG_FRAME_COUNT, 32'd0);
        expect32("DROPPED after reset", DISP | REG_DROPPED, 32'd0);
        wr(REG_COUNT, 32'd17);
        expect32("COUNT reads back", DISP | REG_COUNT, 32'd17);
        wr(REG_CTRL, C_IRQ);
        expect32("CTRL.IRQ_EN reads back, DRAW reads 0", DISP | REG_CTRL, C_IRQ);
        wr(REG_CTRL, 32'd0);
        expect32("CTRL clears", DISP | REG_CTRL, 32'd0);
        if (errors == e0) $display("PASS registers after reset, routing");

        // ---- unmapped addresses
        e0 = errors;
        expect32("unmapped past the registers reads 0", DISP | (REG_CAPS + 20'd4), 32'd0);
        expect_status("unmapped sets ERR_BUS", S_ERRS, S_ERR_BUS);
        wr(REG_STATUS, S_ERR_BUS);
        expect_status("ERR_BUS is W1C", S_ERRS, 32'd0);
        expect32("unmapped 0x0fffc reads 0", DISP | 20'h0fffc, 32'd0);
        expect32("unmapped past the sprites reads 0", DISP | (SPRITES_BASE + SPRITE_STRIDE * SPRITES_MAX), 32'd0);
        wr(20'hffffc, 32'h12345678);
        wr(SPRITES_BASE + SPRITE_STRIDE * SPRITES_MAX, 32'h12345678);
        wr(BOID_WINDOW_BASE - 20'd4, 32'h12345678);     // just below the boid window
        expect32("unmapped 0xffffc reads 0", DISP | 20'hffffc, 32'd0);
        expect_status("unmapped reads and writes set ERR_BUS", S_ERRS, S_ERR_BUS);
        wr(REG_STATUS, S_ALL);
        expect_status("W1C clears every flag", S_ALL & ~S_VBLANK & ~S_FRAME, 32'd0);
        expect32("the accelerator saw none of it (its STATUS)", 21'h000010, 32'd0);
        if (errors == e0) $display("PASS unmapped addresses");

        // ---- the sprite memory
        e0 = errors;
        for (i = 0; i < SPRITES_MAX; i = i + 1) put_sprite(i, {i[7:0], ~i[7:0], 16'h5a00 | i[7:0]});
        for (i = 0; i < SPRITES_MAX; i = i + 1)
            expect32("sprite memory reads back", DISP | (SPRITES_BASE + SPRITE_STRIDE * i), spr_model[i]);
        if (errors == e0) $display("PASS sprite memory: %0d entries read back", SPRITES_MAX);

        // ---- VBLANK is live
        e0 = errors;
        wait_line(10);
        expect_status("STATUS.VBLANK is 0 in the active lines", S_VBLANK, 32'd0);
        while (!vs_on) idle(1);
        expect_status("STATUS.VBLANK is 1 in the vsync pulse", S_VBLANK, S_VBLANK);
        if (errors == e0) $display("PASS STATUS.VBLANK");

        // ---- picture 0: COUNT 0, the background alone
        e0 = errors;
        wait_line(VA / 2);
        draw(0, 0);
        wait_drawn(0);
        expect_swap(-1, 0);
        armed = 1'b1;
        if (errors == e0) $display("PASS COUNT 0: the background, %0d cycles", draw_cycles);

        // ---- picture 1: every heading and role, every edge, overlaps
        e0 = errors;
        nd = 0;
        for (i = 0; i < 8; i = i + 1) begin         // headings with role h % 4, x - 3 = 1 mod 4
            put_sprite(nd, sprite(4 + 8 * i, 5, i, i % 4)); nd = nd + 1;
        end
        for (i = 0; i < 8; i = i + 1) begin         // again, role (h + 2) % 4, every x mod 4
            put_sprite(nd, sprite(3 + 8 * i + i % 4, 13, i, (i + 2) % 4)); nd = nd + 1;
        end
        // the edges: partly in, one column/row in, just out, far out (no wrap)
        put_sprite(nd, sprite(0, FB_H / 2, 0, 1)); nd = nd + 1;
        put_sprite(nd, sprite(-1, FB_H / 2 + 8, 4, 2)); nd = nd + 1;
        put_sprite(nd, sprite(-2, 20, 3, 3)); nd = nd + 1;
        put_sprite(nd, sprite(-3, FB_H / 2 - 8, 4, 3)); nd = nd + 1;
        put_sprite(nd, sprite(-4, FB_H / 2 + 4, 4, 0)); nd = nd + 1;
        put_sprite(nd, sprite(FB_W - 1, FB_H / 2, 4, 1)); nd = nd + 1;
        put_sprite(nd, sprite(FB_W + 1, FB_H / 2 + 8, 0, 2)); nd = nd + 1;
        put_sprite(nd, sprite(FB_W + 2, FB_H / 2 - 8, 0, 3)); nd = nd + 1;
        put_sprite(nd, sprite(FB_W + 3, FB_H / 2 + 4, 0, 0)); nd = nd + 1;
        put_sprite(nd, sprite(FB_W / 2, 0, 6, 1)); nd = nd + 1;
        put_sprite(nd, sprite(FB_W / 2 + 8, -3, 2, 2)); nd = nd + 1;
        put_sprite(nd, sprite(FB_W / 2 - 8, -4, 2, 3)); nd = nd + 1;
        put_sprite(nd, sprite(FB_W / 2, FB_H - 1, 2, 1)); nd = nd + 1;
        put_sprite(nd, sprite(FB_W / 2 + 8, FB_H + 2, 6, 2)); nd = nd + 1;
        put_sprite(nd, sprite(FB_W / 2 - 8, FB_H + 3, 6, 3)); nd = nd + 1;
        put_sprite(nd, sprite(0, 0, 5, 3)); nd = nd + 1;
        put_sprite(nd, sprite(FB_W - 1, FB_H - 1, 1, 2)); nd = nd + 1;
        put_sprite(nd, sprite(-1, FB_H, 7, 1)); nd = nd + 1;
        put_sprite(nd, sprite(FB_W, -1, 3, 0)); nd = nd + 1;
        put_sprite(nd, sprite(2047, -2048, 0, 1)); nd = nd + 1;
        put_sprite(nd, sprite(-2048, 2047, 0, 1)); nd = nd + 1;
        put_sprite(nd, sprite(FB_W + 1024, 2, 0, 1)); nd = nd + 1;
        // the overlay's glyphs, codes 0 to 20 of the font and 31 (blank), every x mod 4
        // (the sprite memory's 64 entries hold no more; test_overlay.sh reads the rest)
        for (i = 0; i < 22; i = i + 1) begin
            put_sprite(nd, glyph(3 + 6 * (i % 11) + i % 4, 24 + 9 * (i / 11), i < 21 ? i : 31, i % 4));
            nd = nd + 1;
        end
        // overlapping, the later on top
        put_sprite(nd, sprite(FB_W / 2, FB_H / 2 + 6, 0, 0)); nd = nd + 1;
        put_sprite(nd, sprite(FB_W / 2 + 1, FB_H / 2 + 6, 2, 1)); nd = nd + 1;
        put_sprite(nd, sprite(FB_W / 2 + 2, FB_H / 2 + 7, 4, 3)); nd = nd + 1;
        put_sprite(nd, sprite(FB_W / 2 + 2, FB_H / 2 + 5, 7, 2)); nd = nd + 1;
        wait_line(VA / 2);
        draw(1, nd);
        wait_drawn(nd);
        expect_swap(0, 1);
        if (errors == e0) $display("PASS %0d sprites: headings, glyphs, roles, edges, overlaps, %0d cycles", nd, draw_cycles);

        // ---- picture 2: SPRITES_MAX random sprites, started too late for the next vblank:
        // the old picture again (DROPPED), and wrong use while drawing
        e0 = errors;
        for (i = 0; i < SPRITES_MAX; i = i + 1)
            put_sprite(i, sprite($urandom % (FB_W + 16) - 8, $urandom % (FB_H + 16) - 8, $urandom % 8, $urandom % 4));
        rd(REG_DROPPED, d);
        d0 = d;
        make_pic(2, SPRITES_MAX);
        wr(REG_COUNT, SPRITES_MAX);
        wait_line(VA - 3);
        f1 = frames_done;                           // this frame, then one more, show picture 1
        draw_cycles = 0;
        wr(REG_CTRL, C_DRAW);
        expect_status("DRAW: DRAWING", S_DRAWING | S_PENDING | S_ERRS, S_DRAWING);
        wr(REG_COUNT, 32'd3);
        expect_status("COUNT write while drawing: ERR_BUSY", S_ERRS, S_ERR_BUSY);
        wr(REG_STATUS, S_ERR_BUSY);
        expect32("the COUNT write was ignored", DISP | REG_COUNT, SPRITES_MAX);
        expect_status("ERR_BUSY is W1C", S_ERRS, 32'd0);
        wr(SPRITES_BASE + 4, 32'h0);
        expect_status("sprite write while drawing: ERR_BUSY", S_ERRS, S_ERR_BUSY);
        wr(REG_STATUS, S_ERR_BUSY);
        expect32("sprite read while drawing reads 0", DISP | (SPRITES_BASE + 4), 32'd0);
        wr(REG_CTRL, C_DRAW);
        expect_status("DRAW while drawing: ERR_BUSY", S_ERRS | S_DRAWING, S_ERR_BUSY | S_DRAWING);
        wr(REG_STATUS, S_ERR_BUSY);
        wr(REG_CTRL, C_IRQ);
        expect32("CTRL write while drawing still sets IRQ_EN", DISP | REG_CTRL, C_IRQ);
        wr(REG_CTRL, 32'd0);
        wait_drawn(SPRITES_MAX);
        expect32("a vblank found DRAWING: DROPPED + 1", DISP | REG_DROPPED, d0 + 1);
        expect32("the sprite write while drawing was ignored", DISP | (SPRITES_BASE + 4), spr_model[1]);
        expect_swap(1, 2);
        check("the frame the draw began in shows the old picture", shown[f1 % MAXF], 1);
        check("the frame after the dropped vblank shows the old picture", shown[(f1 + 1) % MAXF], 1);
        expect32("DROPPED counted once", DISP | REG_DROPPED, d0 + 1);
        if (errors == e0) $display("PASS %0d random sprites, dropped once, wrong use while drawing, %0d cycles",
                                   SPRITES_MAX, draw_cycles);

        // ---- pictures 3 and 4: a DRAW while PENDING redraws; only the second is shown
        e0 = errors;
        wr(REG_STATUS, S_FRAME);
        expect_status("FRAME is W1C", S_FRAME, 32'd0);
        while (!(last_status & S_FRAME)) expect_status("waiting for FRAME", 32'd0, 32'd0);
        draw(3, 10);
        wait_drawn(10);
        expect_status("first drawing: PENDING", S_PENDING | S_DRAWING, S_PENDING);
        draw(4, 20);
        expect_status("DRAW while PENDING: drawing, no longer pending", S_PENDING | S_DRAWING | S_ERRS,
                      S_DRAWING);
        wait_drawn(20);
        expect_swap(2, 4);
        if (errors == e0) $display("PASS DRAW while PENDING: the redraw is shown");

        // ---- nothing drawn: the same picture, FRAME_COUNT once a frame, no DROPPED
        e0 = errors;
        wait_line(VA / 2);
        rd(REG_FRAME_COUNT, d); fc0 = d; v0 = vsyncs; f1 = frames_done;
        rd(REG_DROPPED, d); d0 = d;
        wait_frames(4);
        wait_line(VA / 2);
        rd(REG_FRAME_COUNT, d); fc1 = d; v1 = vsyncs;
        check("FRAME_COUNT counts one a frame (as the vsync pulses)", fc1 - fc0, v1 - v0);
        check("frames in that time", v1 - v0, 4);
        expect32("no DROPPED while idle", DISP | REG_DROPPED, d0);
        for (i = f1; i < frames_done; i = i + 1) check("idle: the same picture", shown[i % MAXF], 4);
        if (errors == e0) $display("PASS idle frames: FRAME_COUNT + %0d, the same picture", fc1 - fc0);

        // ---- FRAME and the interrupt
        e0 = errors;
        wr(REG_CTRL, 32'd0);
        irq_en_model = 1'b0;
        wr(REG_STATUS, S_FRAME);
        expect_status("FRAME cleared", S_FRAME, 32'd0);
        wait_frames(1);
        idle(HT);
        expect_status("FRAME set at vblank, no irq without IRQ_EN", S_FRAME, S_FRAME);
        if (irq_display !== 1'b0) fail("irq without IRQ_EN");
        wr(REG_CTRL, C_IRQ);
        irq_en_model = 1'b1;
        idle(1);
        if (irq_display !== 1'b1) fail("irq is not FRAME & IRQ_EN");
        expect_status("irq with IRQ_EN", S_FRAME, S_FRAME);
        wr(REG_STATUS, S_FRAME);
        idle(1);
        if (irq_display !== 1'b0) fail("irq stays after the W1C of FRAME");
        expect_status("FRAME W1C", S_FRAME, 32'd0);
        while (irq_display !== 1'b1) idle(1);
        expect_status("irq with the next frame", S_FRAME, S_FRAME);
        wr(REG_CTRL, 32'd0);
        irq_en_model = 1'b0;
        if (irq_accel !== 1'b0) fail("the accelerator's irq moved");
        if (errors == e0) $display("PASS FRAME and irq");

        // ---- ERR_PARAM
        e0 = errors;
        wr(REG_STATUS, S_ALL);
        wr(REG_COUNT, SPRITES_MAX + 1);
        wr(REG_CTRL, C_DRAW);
        expect_status("COUNT > SPRITES_MAX: ERR_PARAM, no drawing", S_ERRS | S_DRAWING | S_PENDING,
                      S_ERR_PARAM);
        wr(REG_STATUS, S_ERR_PARAM);
        wr(REG_COUNT, 32'hffffffff);
        wr(REG_CTRL, C_DRAW);
        expect_status("COUNT 0xffffffff: ERR_PARAM", S_ERRS | S_DRAWING | S_PENDING, S_ERR_PARAM);
        wr(REG_STATUS, S_ERR_PARAM);
        expect_status("ERR_PARAM is W1C", S_ERRS, 32'd0);
        wait_frames(2);
        check("a refused DRAW changes nothing on screen", shown[(frames_done - 1) % MAXF], 4);
        if (errors == e0) $display("PASS ERR_PARAM");

        idle(4);
        if (!armed || frames_done < 10) fail("too few frames decoded");
        if (errors != 0)
            $fatal(1, "FAIL tb_boids_display SCALE %0d: %0d errors, %0d checks", SCALE, errors, checks);
        $display("PASS tb_boids_display SCALE %0d (%0dx%0d buffer, syncs active %0s): %0d frames, %0d checks, %0d cycles",
                 SCALE, FB_W, FB_H, pol_text, frames_done, checks, cycle);
        $finish;
    end

endmodule

`default_nettype wire
