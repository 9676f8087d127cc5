// tb_display_cdc: self-checking testbench of the display's clock-domain crossing
// (boids_display with PIXEL_CLOCK_SEPARATE 1, rtl/display_crossing.v): the system and
// pixel clocks at unrelated periods, several sprite lists drawn over many frames.
`timescale 1ns / 1ps
`default_nettype none

// Run (see tests/test_rtl_icarus.sh):
//   iverilog -g2012 -I rtl -I tests/rtl -y rtl -P tb_display_cdc.SYS_PS=9700 -o tb tests/rtl/tb_display_cdc.v
//   vvp -N tb [+WAVES] [+DUMPFILE=path]
// The bus master runs on clk (SYS_PS), the monitor on clk_pixel (PIX_PS). Checks:
//  - every frame the pins show is exactly one whole drawn picture (no tearing, no mix);
//  - it is the picture the one-clock rules give at the system side's frame events: a
//    picture finished (PENDING) at an event is shown from the next frame on, a drawing
//    still going on there is DROPPED; the model follows the events as clk sees them;
//  - there is exactly one system-side frame event for every vblank_start of the pixel
//    side, and FRAME_COUNT and DROPPED read on the bus equal the model's counts;
//  - hsync, vsync and de equal those of a one-clock reference instance
//    (PIXEL_CLOCK_SEPARATE 0) run on the pixel clock, up to a constant delay.
module tb_display_cdc;

    parameter integer SYS_PS = 9700;                // system clock period, ps
    parameter integer PIX_PS = 39720;               // pixel clock period, ps
    parameter integer SPRITES_MAX = 64;

    // the small mode of tb_boids_display at SCALE 1: 128x64
    localparam integer HA = 128, HF = 8, HS = 8, HB = 8, HT = HA + HF + HS + HB;
    localparam integer VA = 64, VF = 2, VS = 2, VB = 3, VT = VA + VF + VS + VB;
    localparam integer FB_W = HA, FB_H = VA, FBPIX = HA * VA;   // SCALE 1
    localparam integer NPIC = 24;                   // pictures drawn
    localparam integer ROUNDS = 20;                 // turns of the test loop
    localparam integer MAXF = 256;                  // frames remembered
    localparam integer RING = 4096;                 // reference pins remembered (pixel cycles)

`include "display_regs.vh"
`include "display_sprites.vh"

    localparam [31:0] C_DRAW = 32'd1 << CTRL_DRAW;
    localparam [31:0] S_DRAWING = 32'd1 << STATUS_DRAWING;
    localparam [31:0] S_PENDING = 32'd1 << STATUS_PENDING;
    localparam [31:0] S_ERRS = (32'd1 << STATUS_ERR_PARAM) | (32'd1 << STATUS_ERR_BUSY)
                               | (32'd1 << STATUS_ERR_BUS);

    // ---- clocks, DUT and reference ------------------------------------------------------
    reg clk = 1'b0, clk_pixel = 1'b0;
    reg rst = 1'b1, rst_ref = 1'b1;
    initial forever #(SYS_PS / 2000.0) clk = !clk;
    initial begin
        #0.377;                                     // no common edge to start with
        forever #(PIX_PS / 2000.0) clk_pixel = !clk_pixel;
    end

    reg         cyc = 1'b0, stb = 1'b0, we = 1'b0;
    reg  [19:0] adr = 20'd0;
    reg  [31:0] dat_w = 32'd0;
    wire [31:0] dat_r, ref_dat;
    wire        ack, irq, hsync, vsync, de, ref_ack, ref_irq, ref_hs, ref_vs, ref_de;
    wire [3:0]  r, g, b, ref_r, ref_g, ref_b;

    boids_display #(
        .H_ACTIVE(HA), .H_FRONT(HF), .H_SYNC(HS), .H_BACK(HB),
        .V_ACTIVE(VA), .V_FRONT(VF), .V_SYNC(VS), .V_BACK(VB),
        .HSYNC_ACTIVE_HIGH(0), .VSYNC_ACTIVE_HIGH(0),
        .SCALE(1), .SPRITES_MAX(SPRITES_MAX), .PIXEL_CLOCK_SEPARATE(1)
    ) dut (
        .clk(clk), .rst(rst), .clk_pixel(clk_pixel),
        .wb_cyc_i(cyc), .wb_stb_i(stb), .wb_we_i(we), .wb_adr_i(adr), .wb_dat_i(dat_w),
        .wb_sel_i(4'hf), .wb_dat_o(dat_r), .wb_ack_o(ack), .tap_we(1'b0), .tap_word(2'd0), .tap_idx(14'd0), .tap_data(32'd0),
        .irq_o(irq),
        .vga_hsync(hsync), .vga_vsync(vsync), .vga_de(de), .vga_r(r), .vga_g(g), .vga_b(b)
    );

    boids_display #(
        .H_ACTIVE(HA), .H_FRONT(HF), .H_SYNC(HS), .H_BACK(HB),
        .V_ACTIVE(VA), .V_FRONT(VF), .V_SYNC(VS), .V_BACK(VB),
        .HSYNC_ACTIVE_HIGH(0), .VSYNC_ACTIVE_HIGH(0),
        .SCALE(1), .SPRITES_MAX(SPRITES_MAX), .PIXEL_CLOCK_SEPARATE(0)
    ) ref_display (
        .clk(clk_pixel), .rst(rst_ref), .clk_pixel(clk_pixel),
        .wb_cyc_i(1'b0), .wb_stb_i(1'b0), .wb_we_i(1'b0), .wb_adr_i(20'd0), .wb_dat_i(32'd0),
        .wb_sel_i(4'h0), .wb_dat_o(ref_dat), .wb_ack_o(ref_ack), .tap_we(1'b0), .tap_word(2'd0), .tap_idx(14'd0), .tap_data(32'd0),
        .irq_o(ref_irq),
        .vga_hsync(ref_hs), .vga_vsync(ref_vs), .vga_de(ref_de), .vga_r(ref_r), .vga_g(ref_g), .vga_b(ref_b)
    );

`define TB_NAME "tb_display_cdc"
`include "tb_waves.vh"
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

    // ---- Wishbone master on clk ------------------------------------------------------------
    task access(input w, input [19:0] a, input [31:0] d);
        begin
            cyc = 1'b1; stb = 1'b1; we = w; adr = a; dat_w = d;
            @(posedge clk);
            #0.1;
            if (ack !== 1'b1) fail("wishbone: no ack in the cycle after the request");
        end
    endtask

    task wr(input [19:0] a, input [31:0] d);
        begin
            access(1'b1, a, d);
            cyc = 1'b0; stb = 1'b0; we = 1'b0;
            @(posedge clk);
            #0.1;
        end
    endtask

    task rd(input [19:0] a, output [31:0] d);
        begin
            access(1'b0, a, 32'hx);
            d = dat_r;
            cyc = 1'b0; stb = 1'b0;
            @(posedge clk);
            #0.1;
        end
    endtask

    // ---- sprites and pictures -------------------------------------------------------------
    reg [3:0]  pics[0:NPIC*FBPIX-1];
    integer    counts[0:NPIC-1];
    integer    seed = 11;

`include "tb_display_rule.vh"

    // Picture id: count sprites at pseudo-random places, written to the sprite memory.
    task make_pic(input integer id, input integer count);
        integer i, k;
        reg [31:0] w;
        begin
            for (k = 0; k < FBPIX; k = k + 1) pics[id * FBPIX + k] = 4'd0;
            for (i = 0; i < count; i = i + 1) begin
                w = sprite($unsigned($random(seed)) % (HA + 6) - 3, $unsigned($random(seed)) % (VA + 6) - 3,
                           $unsigned($random(seed)) % 8, $unsigned($random(seed)) % 4);
                wr(SPRITES_BASE + SPRITE_STRIDE * i, w);
                paint_sprite(id, w);
            end
            counts[id] = count;
        end
    endtask

    // ---- the model, on clk: the one-clock rules at the system side's frame events ----------
    // It watches the DUT's frame event (dut.vblank_start, display_crossing's output) and
    // its renderer's start and finish, and says which picture each frame must show.
    integer events = 0;                             // frame events on the system side
    integer m_front = -1, m_pending = -1, m_drawing = -1, m_dropped = 0, next_pic = -1;
    integer front_after[0:MAXF-1];                  // the front picture after event k
    integer event_len = 0;

    initial front_after[0] = -1;

    always @(posedge clk) begin
        if (!rst) begin
            if (dut.vblank_start) begin
                event_len = event_len + 1;
                if (event_len > 1) fail("the frame event on clk lasts more than one cycle");
                events = events + 1;
                if (m_pending >= 0) m_front = m_pending;
                else if (dut.drawing) m_dropped = m_dropped + 1;
                if (events < MAXF) front_after[events] = m_front;
            end else begin
                event_len = 0;
            end
            if ((dut.vblank_start && m_pending >= 0) || dut.draw_ok) m_pending = -1;
            else if (dut.draw_finish) m_pending = m_drawing;
            if (dut.draw_ok) m_drawing = next_pic;
        end
    end

    // ---- the pixel side: vblank_start strobes, the reference's pins, the monitor ------------
    integer pcycle = 0;                             // pixel clocks since the start
    integer strobes = 0;                            // the DUT's vblank_start on clk_pixel
    reg     prst_seen = 1'b0;
    reg [2:0] ring[0:RING-1];                       // the reference's hsync, vsync, de
    integer ref_first = -1, dut_first = -1, offset = -1;
    integer pix = 0, frames_done = 0, armed_frames = 0, torn = 0;
    reg [11:0] cap[0:FBPIX-1];
    integer shown[0:MAXF-1];
    integer mon_line = -1;
    reg     vs_q = 1'b1;

    // the picture the captured frame is, -1 none; pictures 0..n-1
    function integer match_any(input integer n);
        integer id, k, ok;
        begin
            match_any = -1;
            for (id = 0; id < n && match_any < 0; id = id + 1) begin
                ok = counts[id] >= 0;
                for (k = 0; k < FBPIX && ok; k = k + 1)
                    if (cap[k] !== palette(pics[id * FBPIX + k])) ok = 0;
                if (ok) match_any = id;
            end
        end
    endfunction

    always @(posedge clk_pixel) begin
        pcycle = pcycle + 1;
        if (dut.prst === 1'b1) prst_seen = 1'b1;
        if (!rst_ref) begin
            ring[pcycle % RING] = {ref_hs, ref_vs, ref_de};
            if (ref_first < 0 && ref_de === 1'b1) ref_first = pcycle;
        end
        if (prst_seen && dut.prst === 1'b0) begin
            if (dut.t_vblank_start) strobes = strobes + 1;
            // the pins against the reference's, a constant delay apart
            if (dut_first < 0 && de === 1'b1) begin
                dut_first = pcycle;
                offset = dut_first - ref_first;
                if (ref_first < 0 || offset < 0 || offset >= RING / 2)
                    fail("the pins start too far from the reference's");
            end
            if (offset >= 0 && offset < RING / 2 && pcycle - offset >= ref_first) begin
                checks = checks + 1;
                if ({hsync, vsync, de} !== ring[(pcycle - offset) % RING])
                    fail("pins: hsync, vsync, de differ from the one-clock reference's");
            end
            // the monitor: de marks the active pixels, vsync the frame
            if (!vsync && vs_q) pix = 0;
            vs_q = vsync;
            if (de === 1'b1) begin
                if (pix < FBPIX) cap[pix] = {r, g, b};
                mon_line = pix / HA;
                pix = pix + 1;
                if (pix == FBPIX) begin
                    // frame k follows event k: it must show front_after[k]
                    shown[frames_done % MAXF] = match_any(NPIC);
                    if (frames_done < MAXF && frames_done <= events && front_after[frames_done] >= 0) begin
                        armed_frames = armed_frames + 1;
                        checks = checks + 1;
                        if (shown[frames_done % MAXF] < 0) begin
                            torn = torn + 1;
                            fail("monitor: a frame is none of the drawn pictures (torn or mixed)");
                        end else if (shown[frames_done % MAXF] != front_after[frames_done]) begin
                            fail("monitor: a frame shows another picture than the model's front");
                            $display("     frame %0d shows picture %0d, expected %0d", frames_done,
                                     shown[frames_done % MAXF], front_after[frames_done]);
                        end
                    end
                    frames_done = frames_done + 1;
                    mon_line = -1;
                end
            end else if ({r, g, b} !== 12'h000) begin
                fail("monitor: colour outside the active area");
            end
        end
    end

    task wait_line(input integer l);                // the pins reach active line l
        begin
            while (mon_line != l) @(posedge clk);
            #0.1;
        end
    endtask

    task wait_frames(input integer n);
        integer f0;
        begin
            f0 = frames_done;
            while (frames_done < f0 + n) @(posedge clk);
            #0.1;
        end
    endtask

    // ---- drawing and counting ----------------------------------------------------------------
    reg [31:0] st;

    task draw(input integer id);
        begin
            wr(REG_COUNT, counts[id]);
            next_pic = id;
            wr(REG_CTRL, C_DRAW);
        end
    endtask

    task wait_drawn;
        integer n;
        begin
            n = 0;
            st = S_DRAWING;
            while (st & S_DRAWING) begin
                rd(REG_STATUS, st);
                if (st & S_ERRS) fail("STATUS: an error bit while drawing");
                n = n + 1;
                if (n > 200000) $fatal(1, "FAIL tb_display_cdc: the drawing never ends");
            end
        end
    endtask

    // In the middle of a frame (no event near): the bus's counters equal the model's,
    // and the system side saw exactly one event a pixel-side vblank_start.
    task check_counts(input [8*40-1:0] where);
        reg [31:0] fc, dr;
        begin
            wait_line(VA / 2);
            rd(REG_FRAME_COUNT, fc);
            rd(REG_DROPPED, dr);
            check({where, ": FRAME_COUNT is the system side's events"}, fc, events);
            check({where, ": one system-side event a pixel-side vblank_start"}, events, strobes);
            check({where, ": DROPPED as the one-clock rules count"}, dr, m_dropped);
        end
    endtask

    // ---- the test -----------------------------------------------------------------------------
    integer i, id, drops_before, changes;

    initial begin
        for (i = 0; i < NPIC; i = i + 1) counts[i] = -1;
        for (i = 1; i < MAXF; i = i + 1) front_after[i] = -1;
        repeat (3) @(posedge clk_pixel);
        rst_ref = 1'b0;
        repeat (3) @(posedge clk);
        #0.1;
        rst = 1'b0;
        repeat (4) @(posedge clk);
        #0.1;

        // pictures 0..NPIC-1: sprite lists of different lengths
        id = 0;
        for (i = 0; i < ROUNDS; i = i + 1) begin
            make_pic(id, 1 + (id * 7) % SPRITES_MAX);
            draw(id);
            id = id + 1;
            wait_drawn;
            case (i % 5)
                0: wait_frames(2);                  // shown, then held a frame
                1: ;                                // the next one redraws while this is pending
                2: begin                            // a drawing across the frame event: DROPPED
                    wait_frames(1);
                    drops_before = m_dropped;
                    wait_line(VA - 2);
                    make_pic(id, 1 + (id * 7) % SPRITES_MAX);
                    draw(id);
                    id = id + 1;
                    wait_drawn;
                    wait_frames(1);
                    if (m_dropped == drops_before) fail("the drawing across the frame event was not dropped");
                end
                3: wait_frames(1);
                default: check_counts("after a picture");
            endcase
        end
        wait_frames(2);
        check_counts("at the end");

        changes = 0;
        for (i = 2; i < frames_done && i < MAXF; i = i + 1) if (shown[i] != shown[i - 1]) changes = changes + 1;
        if (changes < 8) fail("too few changes of picture on the screen");
        if (armed_frames < 12) fail("too few frames checked against the model");
        if (m_dropped < 2) fail("too few drops exercised");
        if (errors != 0)
            $fatal(1, "FAIL tb_display_cdc clk %0d ps, clk_pixel %0d ps: %0d errors, %0d checks",
                   SYS_PS, PIX_PS, errors, checks);
        $display("PASS tb_display_cdc clk %0d ps, clk_pixel %0d ps: %0d frames (%0d against the model), %0d pictures shown, %0d events, %0d dropped, pins %0d pixel clocks after the reference's, %0d checks",
                 SYS_PS, PIX_PS, frames_done, armed_frames, changes, events, m_dropped, offset, checks);
        $finish;
    end

    initial begin
        #200_000_000;
        $fatal(1, "FAIL tb_display_cdc: timeout");
    end

endmodule

`default_nettype wire
