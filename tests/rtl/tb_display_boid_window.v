// tb_display_boid_window: self-checking testbench of the display's boid window
// (rtl/display_sprite_maker.v in rtl/boids_display.v): boids written as x, y, vx, vy
// must give the sprite words firmware/display.c packs (vectors from the C code), and the
// window must keep the bus rules: write only, refused while drawing, unmapped past
// SPRITES_MAX, and absent (unmapped, CAPS 0) when BOID_WINDOW is 0. With FLOCK_TAP the
// same vectors come through the tap port (the accelerator's boid writes) with each
// sprite's role from the roles table, and the tap's rules: only with CTRL.TAP, dropped
// while drawing (ERR_BUSY) or past SPRITES_MAX (ERR_BUS), the table read back and
// unmapped past its end; without FLOCK_TAP, CTRL.TAP reads 0 and the table is unmapped.
`timescale 1ns / 1ps
`default_nettype none

// Run (see tests/test_rtl_icarus.sh):
//   gen_sprite_vectors 4000 vectors.txt
//   iverilog -g2012 -I rtl -y rtl -o tb tests/rtl/tb_display_boid_window.v
//   vvp -N tb +VEC=vectors.txt [+WAVES] [+DUMPFILE=path]
module tb_display_boid_window;

    parameter integer BOID_WINDOW = 1;
    parameter integer SPRITES_MAX = 48;             // not a power of two: the window's end
    parameter integer FLOCK_TAP = 1;                // the tap port and the roles table

    // a small mode, so that a drawing is short
    localparam integer HA = 32, HF = 2, HS = 2, HB = 2, VA = 8, VF = 1, VS = 1, VB = 1;

`include "display_regs.vh"

    localparam [31:0] C_DRAW = 32'd1 << CTRL_DRAW;
    localparam [31:0] C_TAP = 32'd1 << CTRL_TAP;
    localparam HAS_TAP = BOID_WINDOW != 0 && FLOCK_TAP != 0;
    localparam [31:0] S_DRAWING = 32'd1 << STATUS_DRAWING;
    localparam [31:0] S_ERR_BUSY = 32'd1 << STATUS_ERR_BUSY;
    localparam [31:0] S_ERR_BUS = 32'd1 << STATUS_ERR_BUS;
    localparam [31:0] S_ERRS = (32'd1 << STATUS_ERR_PARAM) | S_ERR_BUSY | S_ERR_BUS;

    // ---- DUT ------------------------------------------------------------------------
    reg         clk = 1'b0;
    reg         rst = 1'b1;
    reg         cyc = 1'b0, stb = 1'b0, we = 1'b0;
    reg  [19:0] adr = 20'd0;
    reg  [31:0] dat_w = 32'd0;
    wire [31:0] dat_r;
    wire        ack, irq;
    wire        hsync, vsync, de;
    wire [3:0]  r, g, b;
    reg         tap_we = 1'b0;                      // the accelerator's boid writes, played here
    reg  [1:0]  tap_word = 2'd0;
    reg  [13:0] tap_idx = 14'd0;
    reg  [31:0] tap_data = 32'd0;

    always #5 clk = !clk;

    boids_display #(
        .H_ACTIVE(HA), .H_FRONT(HF), .H_SYNC(HS), .H_BACK(HB),
        .V_ACTIVE(VA), .V_FRONT(VF), .V_SYNC(VS), .V_BACK(VB),
        .SPRITES_MAX(SPRITES_MAX), .BOID_WINDOW(BOID_WINDOW), .FLOCK_TAP(FLOCK_TAP)
    ) dut (
        .clk(clk), .rst(rst), .clk_pixel(1'b0),
        .wb_cyc_i(cyc), .wb_stb_i(stb), .wb_we_i(we), .wb_adr_i(adr),
        .wb_dat_i(dat_w), .wb_sel_i(4'hf), .wb_dat_o(dat_r), .wb_ack_o(ack),
        .tap_we(tap_we), .tap_word(tap_word), .tap_idx(tap_idx), .tap_data(tap_data),
        .irq_o(irq),
        .vga_hsync(hsync), .vga_vsync(vsync), .vga_de(de), .vga_r(r), .vga_g(g), .vga_b(b)
    );

`define TB_NAME "tb_display_boid_window"
`include "tb_waves.vh"

`include "tb_checks.vh"

    task check(input [8*80-1:0] what, input [31:0] got, input [31:0] want);
        begin
            checks = checks + 1;
            if (got !== want) begin
                fail(what);
                $display("     got %h, expected %h", got, want);
            end
        end
    endtask

    // ---- Wishbone master: a request, its ack, one idle cycle ----------------------------
    task access(input w, input [19:0] a, input [31:0] d);
        begin
            cyc = 1'b1; stb = 1'b1; we = w; adr = a; dat_w = d;
            @(posedge clk);
            #1;
            if (ack !== 1'b1) fail("wishbone: no ack in the cycle after the request");
            @(posedge clk);
            #1;
            cyc = 1'b0; stb = 1'b0; we = 1'b0;
        end
    endtask

    task write32(input [19:0] a, input [31:0] d);
        access(1'b1, a, d);
    endtask

    reg [31:0] got;
    task read32(input [19:0] a);
        begin
            cyc = 1'b1; stb = 1'b1; we = 1'b0; adr = a;
            @(posedge clk);
            #1;
            if (ack !== 1'b1) fail("wishbone: no ack in the cycle after the request");
            got = dat_r;
            @(posedge clk);
            #1;
            cyc = 1'b0; stb = 1'b0;
        end
    endtask

    function automatic [19:0] entry(input integer i, input integer word);
        entry = BOID_WINDOW_BASE + BOID_WINDOW_STRIDE * i + 4 * word;
    endfunction

    function automatic [19:0] sprite(input integer i);
        sprite = SPRITES_BASE + SPRITE_STRIDE * i;
    endfunction

    function automatic [19:0] roles_word(input integer w);
        roles_word = ROLES_BASE + 4 * w;
    endfunction

    // a word of boid i at the tap, as the accelerator gives it: in the cycle of the
    // accelerator's request (no display request then), then its acknowledge cycle
    task tap(input integer i, input [1:0] w, input [31:0] d);
        begin
            tap_we = 1'b1; tap_word = w; tap_idx = i; tap_data = d;
            @(posedge clk);
            #1;
            tap_we = 1'b0;
            @(posedge clk);
            #1;
        end
    endtask

    task tap_boid(input integer i, input [31:0] x, input [31:0] y, input [31:0] vx, input [31:0] vy);
        begin
            tap(i, 2'd0, x);
            tap(i, 2'd1, y);
            tap(i, 2'd2, vx);
            tap(i, 2'd3, vy);
            idle(2);
        end
    endtask

    // the four words, then the cycles the window takes to write the sprite (it is in
    // the memory by the fourth cycle after the vy write's request)
    task write_boid(input integer i, input [31:0] x, input [31:0] y, input [31:0] vx, input [31:0] vy);
        begin
            write32(entry(i, 0), x);
            write32(entry(i, 1), y);
            write32(entry(i, 2), vx);
            write32(entry(i, 3), vy);
            idle(2);
        end
    endtask

    integer i, polls;

    // polls STATUS until the drawing ends (got holds the last STATUS)
    task wait_drawn;
        begin
            polls = 0;
            got = S_DRAWING;
            while ((got & S_DRAWING) != 0 && polls < 100000) begin
                read32(REG_STATUS);
                polls = polls + 1;
            end
        end
    endtask

    task expect_status(input [8*80-1:0] what, input [31:0] want);
        begin
            read32(REG_STATUS);
            check(what, got & S_ERRS, want);
            write32(REG_STATUS, S_ERRS);
        end
    endtask

    // ---- the vectors from firmware/display.c ----------------------------------------------
    reg [8*256-1:0] vec_path;
    integer fd, n_vec, k, shift, role, at;
    reg [31:0] x, y, vx, vy, want;

    task run_vectors;
        begin
            if (!$value$plusargs("VEC=%s", vec_path)) begin
                fail("no +VEC=file: run gen_sprite_vectors (tests/test_rtl_icarus.sh does)");
            end else begin
                fd = $fopen(vec_path, "r");
                if (fd == 0 || $fscanf(fd, "%d\n", n_vec) != 1) begin
                    fail("cannot read the vector file");
                    n_vec = 0;
                end
                for (k = 0; k < n_vec; k = k + 1) begin
                    if ($fscanf(fd, "%h %h %h %h %h %h %h\n", shift, role, x, y, vx, vy, want) != 7) begin
                        fail("a malformed vector line");
                        k = n_vec;
                    end else begin
                        at = k % SPRITES_MAX;
                        write32(REG_SHIFT, shift);
                        write32(REG_ROLE, role);
                        write_boid(at, x, y, vx, vy);
                        read32(sprite(at));
                        checks = checks + 1;
                        if (got !== want) begin
                            fail("a boid window sprite differs from display_sprite()");
                            $display("     shift %0d role %0d x %h y %h vx %h vy %h: got %h, expected %h",
                                     shift, role, x, y, vx, vy, got, want);
                        end
                    end
                end
                if (fd != 0) $fclose(fd);
                $display("tb_display_boid_window: %0d vectors", n_vec);
            end
            expect_status("the vectors set no error flag", 32'd0);
        end
    endtask

    // The same vectors through the tap: each sprite's role from the roles table (its
    // word filled with other roles around it), the ROLE register set to another.
    reg [31:0] table_word;
    task run_tap_vectors;
        begin
            fd = $fopen(vec_path, "r");
            if (fd == 0 || $fscanf(fd, "%d\n", n_vec) != 1) begin
                fail("cannot read the vector file");
                n_vec = 0;
            end
            write32(REG_CTRL, C_TAP);
            for (k = 0; k < n_vec; k = k + 1) begin
                if ($fscanf(fd, "%h %h %h %h %h %h %h\n", shift, role, x, y, vx, vy, want) != 7) begin
                    fail("a malformed vector line");
                    k = n_vec;
                end else begin
                    at = (k * 7) % SPRITES_MAX;
                    table_word = 32'h9c63_c639 ^ (k * 32'h0101_0101);
                    table_word[2 * (at % 16) +: 2] = role;
                    write32(REG_SHIFT, shift);
                    write32(REG_ROLE, ~role);
                    write32(roles_word(at / 16), table_word);
                    tap_boid(at, x, y, vx, vy);
                    read32(sprite(at));
                    checks = checks + 1;
                    if (got !== want) begin
                        fail("a tapped sprite differs from display_sprite() with its role from the table");
                        $display("     sprite %0d shift %0d role %0d x %h y %h vx %h vy %h: got %h, expected %h",
                                 at, shift, role, x, y, vx, vy, got, want);
                    end
                end
            end
            if (fd != 0) $fclose(fd);
            write32(REG_CTRL, 32'd0);
            expect_status("the tapped vectors set no error flag", 32'd0);
            $display("tb_display_boid_window: %0d vectors through the tap", n_vec);
        end
    endtask

    // The tap's rules, and its absence.
    task tap_rules;
        begin
            read32(REG_CAPS);
            check("CAPS.FLOCK_TAP", got & (32'd1 << CAPS_FLOCK_TAP), HAS_TAP ? 32'd1 << CAPS_FLOCK_TAP : 32'd0);
            write32(REG_CTRL, C_TAP);
            read32(REG_CTRL);
            check("CTRL.TAP reads back (0 without the tap)", got & C_TAP, HAS_TAP ? C_TAP : 32'd0);
            write32(REG_CTRL, 32'd0);
            write32(sprite(5), 32'h0bad_0bad);
            tap_boid(5, 32'h0003_0000, 32'h0004_0000, 32'h0001_0000, 32'h0);
            read32(sprite(5));
            check("the tap without CTRL.TAP writes no sprite", got, 32'h0bad_0bad);
            expect_status("the tap without CTRL.TAP sets no flag", 32'd0);
            if (HAS_TAP) begin
                write32(roles_word((SPRITES_MAX - 1) / 16), 32'hfedc_ba98);
                write32(roles_word(0), 32'h1234_5678);
                read32(roles_word(0));
                check("the roles table is write only: it reads 0", got, 32'd0);
                expect_status("the roles table's accesses set no flag", 32'd0);
                read32(roles_word((SPRITES_MAX + 15) / 16));
                expect_status("past the roles table: unmapped (ERR_BUS)", S_ERR_BUS);
                write32(REG_SHIFT, 32'd0);
                write32(REG_ROLE, 32'd0);
                write32(REG_CTRL, C_TAP);
                // sprite 5's role: bits 11:10 of 0x12345678 = 1
                tap_boid(5, 32'h0003_0000, 32'h0004_0000, 32'h0001_0000, 32'h0);
                read32(sprite(5));
                check("a tapped boid makes its sprite, its role from the table", got, 32'h1000_4003);
                // the window's own writes are refused while TAP is set, and take ROLE
                // once it is clear
                write32(REG_ROLE, 32'd2);
                write32(sprite(6), 32'h0bad_0bad);
                write_boid(6, 32'h0003_0000, 32'h0004_0000, 32'h0001_0000, 32'h0);
                expect_status("window writes while TAP is set set ERR_BUSY", S_ERR_BUSY);
                read32(sprite(6));
                check("a window write while TAP is set changes no sprite", got, 32'h0bad_0bad);
                write32(REG_CTRL, 32'd0);
                write_boid(6, 32'h0003_0000, 32'h0004_0000, 32'h0001_0000, 32'h0);
                read32(sprite(6));
                check("a window write after TAP takes ROLE, not the table", got, 32'h2000_4003);
                write32(REG_CTRL, C_TAP);
                // past the sprites: dropped, ERR_BUS
                tap(SPRITES_MAX, 2'd3, 32'h0);
                idle(2);
                expect_status("a tapped boid past SPRITES_MAX sets ERR_BUS", S_ERR_BUS);
                // while drawing: dropped, ERR_BUSY
                write32(REG_CTRL, C_TAP | C_DRAW);
                tap_boid(5, 32'h0009_0000, 32'h0009_0000, 32'h0, 32'h0001_0000);
                expect_status("tapped words while drawing set ERR_BUSY", S_ERR_BUSY);
                wait_drawn;
                read32(sprite(5));
                check("a tapped boid while drawing changes no sprite", got, 32'h1000_4003);
                write32(REG_CTRL, 32'd0);
            end else begin
                write32(roles_word(0), 32'h1234_5678);
                expect_status("without the tap the roles table is unmapped (ERR_BUS)", S_ERR_BUS);
            end
        end
    endtask

    // ---- the bus rules ------------------------------------------------------------------

    task bus_rules;
        begin
            read32(REG_CAPS);
            check("CAPS.BOID_WINDOW", got & (32'd1 << CAPS_BOID_WINDOW), BOID_WINDOW != 0 ? 32'd1 << CAPS_BOID_WINDOW : 32'd0);
            write32(REG_SHIFT, 32'hffff_fff5);
            read32(REG_SHIFT);
            check("SHIFT keeps bits 3:0 (reads 0 without the window)", got, BOID_WINDOW != 0 ? 32'd5 : 32'd0);
            write32(REG_ROLE, 32'hffff_fffe);
            read32(REG_ROLE);
            check("ROLE keeps bits 1:0 (reads 0 without the window)", got, BOID_WINDOW != 0 ? 32'd2 : 32'd0);
            write32(REG_SHIFT, 32'd0);
            write32(REG_ROLE, 32'd1);
            write32(sprite(3), 32'h0123_4567);
            expect_status("a sprite write", 32'd0);

            if (BOID_WINDOW != 0) begin
                // x, y, vx held across entries: the vy write alone picks the sprite
                write32(entry(7, 0), 32'h0005_0000);
                write32(entry(9, 1), 32'h0006_0000);
                write32(entry(2, 2), 32'h0001_0000);
                write32(entry(3, 3), 32'h0000_0000);
                idle(2);
                read32(sprite(3));
                check("the vy write makes its entry's sprite from the held words", got, 32'h1000_6005);
                read32(sprite(7));
                check("x, y and vx writes alone write no sprite", got, 32'h0);
                read32(entry(3, 0));
                check("the window reads 0", got, 32'd0);
                expect_status("window writes and reads set no flag", 32'd0);

                // past the last entry: unmapped
                write32(entry(SPRITES_MAX, 3), 32'h0);
                expect_status("a write past the window's last entry sets ERR_BUS", S_ERR_BUS);

                // refused while drawing: the sprite stays
                write32(REG_COUNT, 32'd1);
                write32(REG_CTRL, C_DRAW);
                read32(REG_STATUS);
                check("drawing after DRAW", got & S_DRAWING, S_DRAWING);
                write_boid(3, 32'h0009_0000, 32'h0009_0000, 32'h0, 32'h0001_0000);
                expect_status("window writes while drawing set ERR_BUSY", S_ERR_BUSY);
                wait_drawn;
                check("the drawing ends", got & S_DRAWING, 32'd0);
                read32(sprite(3));
                check("a window write while drawing changes no sprite", got, 32'h1000_6005);
            end else begin
                write_boid(3, 32'h0009_0000, 32'h0009_0000, 32'h0, 32'h0001_0000);
                expect_status("without the window its writes set ERR_BUS", S_ERR_BUS);
                read32(sprite(3));
                check("without the window a write changes no sprite", got, 32'h0123_4567);
            end
        end
    endtask

    initial begin
        idle(3);
        rst = 1'b0;
        idle(2);
        // clear the sprite memory (it is not reset) so that stray writes show
        for (i = 0; i < SPRITES_MAX; i = i + 1) write32(sprite(i), 32'd0);
        bus_rules;
        tap_rules;
        if (BOID_WINDOW != 0) run_vectors;
        if (HAS_TAP) run_tap_vectors;
        if (errors == 0)
            $display("PASS tb_display_boid_window (BOID_WINDOW %0d, FLOCK_TAP %0d): %0d checks",
                     BOID_WINDOW, FLOCK_TAP, checks);
        else $fatal(1, "FAIL tb_display_boid_window (BOID_WINDOW %0d, FLOCK_TAP %0d): %0d of %0d checks failed",
                    BOID_WINDOW, FLOCK_TAP, errors, checks);
        $finish;
    end

endmodule

`default_nettype wire
