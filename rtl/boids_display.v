// boids_display: the VGA display of the Boids system, a Wishbone B4 classic slave.
// Holds the registers and sprite memory of docs/register-map.md, draws the sprites into
// a back frame buffer (display_renderer), swaps it to the front in vertical blanking and
// scans the front buffer out to the VGA pins (vga_timing, display_scanout).
`timescale 1ns / 1ps
`default_nettype none

`include "vga_modes.vh"

// Bus as boids_accel: every access is acknowledged one cycle after it is seen;
// byte selects and address bits 1:0 are ignored. Unmapped addresses read 0, ignore
// writes and set STATUS.ERR_BUS. While DRAWING the sprite memory's read port belongs
// to the renderer: sprite reads return 0, and sprite writes, COUNT writes and DRAW
// are refused with ERR_BUSY (a CTRL write while drawing still sets IRQ_EN). A DRAW
// with COUNT > SPRITES_MAX sets ERR_PARAM and changes nothing else.
// The boid window (BOID_WINDOW 1, display_sprite_maker) takes boids as x, y, vx, vy
// words and writes their sprite words into the sprite memory itself, within four
// cycles of each vy write's request, in a cycle without a bus request, so the memory
// keeps one write port. Its writes are refused while drawing, as sprite writes.
// With FLOCK_TAP 1 the system wires the accelerator's boid writes to the tap_*
// port: while CTRL.TAP is set each of them goes to the boid window's sprite maker
// as a write of that entry, the sprite's role from the roles table (ROLES, 16 a
// word); one that comes while drawing is dropped (ERR_BUSY), one past SPRITES_MAX
// too (ERR_BUS), and the window's own writes are refused while TAP is set
// (ERR_BUSY), so that the maker's two sources never meet. The firmware sets TAP
// while it gives the accelerator the flock in id order, so the frame's sprites
// cost it no writes of their own.
// Frames: at every vblank_start FRAME_COUNT counts and STATUS.FRAME is set; a picture
// finished before it (PENDING) becomes the front buffer, shown from the next frame's
// first line; a drawing still going on counts in DROPPED and the old picture stays.
// A DRAW while PENDING is allowed: it redraws the back buffer, which is not shown yet.
// Pins: the timing generator's waveform, LATENCY = 3 cycles later (display_scanout).
// Reset (synchronous) resets only control state, as an override at the end of each
// clocked block: registers to their map values, the renderer, the timing, the front
// buffer choice. The sprite memory and frame buffers keep their contents.
// Clocks: with PIXEL_CLOCK_SEPARATE 0 everything runs on clk, the pixel clock, and
// clk_pixel is unused. With 1, clk is the system clock: the bus, registers, sprite
// memory, renderer and the frame buffer's write port run on it; vga_timing, the
// scanout and the frame buffer's read port on clk_pixel, the video mode's clock.
// display_crossing joins them: the pixel side's reset follows rst; the frame event
// (vblank_start) and STATUS.VBLANK reach clk a few cycles late, and every rule above
// holds at that event; the front buffer choice reaches the pixel side in blanking.
module boids_display #(
    parameter integer MODE = `VGA_MODE_DEFAULT,     // video mode: a mode of vga_modes.vh
    parameter integer H_ACTIVE = `VGA_H_ACTIVE(MODE),   // its numbers for vga_timing (tests
    parameter integer H_FRONT = `VGA_H_FRONT(MODE),     // override them: small modes)
    parameter integer H_SYNC = `VGA_H_SYNC(MODE),
    parameter integer H_BACK = `VGA_H_BACK(MODE),
    parameter integer V_ACTIVE = `VGA_V_ACTIVE(MODE),
    parameter integer V_FRONT = `VGA_V_FRONT(MODE),
    parameter integer V_SYNC = `VGA_V_SYNC(MODE),
    parameter integer V_BACK = `VGA_V_BACK(MODE),
    parameter integer HSYNC_ACTIVE_HIGH = `VGA_HSYNC_ACTIVE_HIGH(MODE),
    parameter integer VSYNC_ACTIVE_HIGH = `VGA_VSYNC_ACTIVE_HIGH(MODE),
    parameter integer SCALE = 1,                    // 1, 2 or 4: a buffer pixel is SCALE x SCALE
    parameter integer SPRITES_MAX = 1280,           // sprite memory entries, 2..16384
    parameter integer PIXEL_CLOCK_SEPARATE = 0,     // 1: the pixel side on clk_pixel (see above)
    parameter integer BOID_WINDOW = 1,              // 1: the boid window (see above); 0 saves its logic
    parameter integer FLOCK_TAP = 0                 // 1 (with BOID_WINDOW): the tap port is wired, and ROLES
) (
    input  wire        clk,                         // pixel clock, or the system clock (SEPARATE)
    input  wire        rst,                         // synchronous to clk, active high
    input  wire        clk_pixel,                   // pixel clock if PIXEL_CLOCK_SEPARATE, else unused
    // Wishbone B4 classic slave, 32-bit data, byte addresses
    input  wire        wb_cyc_i,
    input  wire        wb_stb_i,
    input  wire        wb_we_i,
    input  wire [19:0] wb_adr_i,
    input  wire [31:0] wb_dat_i,
    input  wire [3:0]  wb_sel_i,                    // ignored: every access is a whole word
    output reg  [31:0] wb_dat_o,
    output reg         wb_ack_o,
    // the accelerator's boid writes (FLOCK_TAP; tie to 0 without it), on clk,
    // registered there: never with a request to this block, at most every second cycle
    input  wire        tap_we,                      // a word of boid tap_idx this cycle
    input  wire [1:0]  tap_word,                    // 0 x, 1 y, 2 vx, 3 vy
    input  wire [13:0] tap_idx,
    input  wire [31:0] tap_data,
    // interrupt
    output wire        irq_o,                       // STATUS.FRAME & CTRL.IRQ_EN
    // VGA pins, registered
    output wire        vga_hsync,
    output wire        vga_vsync,
    output wire        vga_de,                      // active area (DVI), aligned with the pins
    output wire [3:0]  vga_r,
    output wire [3:0]  vga_g,
    output wire [3:0]  vga_b
);

`include "display_regs.vh"

    localparam integer FB_W = H_ACTIVE / SCALE;
    localparam integer FB_H = V_ACTIVE / SCALE;
    localparam integer WORDS = FB_W * FB_H / 4;
    localparam integer AW = $clog2(WORDS);
    localparam integer SW = $clog2(SPRITES_MAX);
    localparam integer CW = $clog2(SPRITES_MAX + 1);
    localparam integer SPRITES_END = {12'd0, SPRITES_BASE} + SPRITE_STRIDE * SPRITES_MAX;
    localparam integer WINDOW_END = {12'd0, BOID_WINDOW_BASE} + BOID_WINDOW_STRIDE * SPRITES_MAX;
    localparam [31:0] FB_W_WORD = FB_W;
    localparam [31:0] FB_H_WORD = FB_H;
    localparam [31:0] SMAX_WORD = SPRITES_MAX;
    localparam HAS_TAP = BOID_WINDOW != 0 && FLOCK_TAP != 0;
    localparam integer ROLE_WORDS = (SPRITES_MAX + ROLES_PER_WORD - 1) / ROLES_PER_WORD;
    localparam integer RW_W = ROLE_WORDS < 2 ? 1 : $clog2(ROLE_WORDS);
    localparam integer ROLES_END = {12'd0, ROLES_BASE} + 4 * ROLE_WORDS;
    localparam [31:0] CAPS_WORD = (BOID_WINDOW != 0 ? 32'd1 << CAPS_BOID_WINDOW : 32'd0)
                                | (HAS_TAP ? 32'd1 << CAPS_FLOCK_TAP : 32'd0);

    initial begin
        if (MODE < 0 || MODE >= `VGA_MODE_COUNT)
            $error("%m: MODE = %0d: vga_modes.vh has modes 0 to %0d", MODE, `VGA_MODE_COUNT - 1);
        if (SCALE != 1 && SCALE != 2 && SCALE != 4) $error("%m: SCALE = %0d, must be 1, 2 or 4", SCALE);
        // the renderer takes a glyph's fields where the register map puts them (sprite_shape)
        if (SPRITE_GLYPH_LSB != 31 || SPRITE_CODE4_LSB != 30 || SPRITE_CODE3_LSB != 27
            || SPRITE_GLYPH_WIDTH != 1 || SPRITE_CODE4_WIDTH != 1 || SPRITE_CODE3_WIDTH != 1)
            $error("%m: the sprite word's GLYPH, CODE4 and CODE3 must be bits 31, 30 and 27");
        if (FB_W * SCALE != H_ACTIVE || FB_H * SCALE != V_ACTIVE || FB_W % 4 != 0)
            $error("%m: H_ACTIVE %0d, V_ACTIVE %0d, SCALE %0d: the buffer must be whole pixels, FB_W a multiple of 4",
                   H_ACTIVE, V_ACTIVE, SCALE);
        if (SPRITES_MAX < 2 || SPRITES_MAX > 16384)
            $error("%m: SPRITES_MAX = %0d, must be 2..16384", SPRITES_MAX);
        if (PIXEL_CLOCK_SEPARATE != 0 && PIXEL_CLOCK_SEPARATE != 1)
            $error("%m: PIXEL_CLOCK_SEPARATE = %0d, must be 0 or 1", PIXEL_CLOCK_SEPARATE);
        if (BOID_WINDOW != 0 && BOID_WINDOW != 1) $error("%m: BOID_WINDOW = %0d, must be 0 or 1", BOID_WINDOW);
        if (FLOCK_TAP != 0 && FLOCK_TAP != 1) $error("%m: FLOCK_TAP = %0d, must be 0 or 1", FLOCK_TAP);
        if (ROLES_PER_WORD != 16 || ROLES_END > {12'd0, BOID_WINDOW_BASE})
            $error("%m: the roles table must hold 16 roles a word and end below the boid window");
        if (BOID_WINDOW_STRIDE != 16) $error("%m: BOID_WINDOW_STRIDE = %0d, this block has 16", BOID_WINDOW_STRIDE);
        if (ADDRESS_BITS != 20) $error("%m: ADDRESS_BITS = %0d, the port has 20", ADDRESS_BITS);
        if (SPRITE_STRIDE != 4) $error("%m: SPRITE_STRIDE = %0d, this block has 4", SPRITE_STRIDE);
        // the renderer's fixed sprite layout
        if (SPRITE_X_LSB != 0 || SPRITE_X_WIDTH != 12 || SPRITE_Y_LSB != 12 || SPRITE_Y_WIDTH != 12
            || SPRITE_HEADING_LSB != 24 || SPRITE_HEADING_WIDTH != 3
            || SPRITE_ROLE_LSB != 28 || SPRITE_ROLE_WIDTH != 2)
            $error("%m: the register map's sprite fields differ from display_renderer's");
    end

    // ---- registers ------------------------------------------------------------
    reg         ctrl_irq_en, ctrl_tap_r;
    wire        ctrl_tap = HAS_TAP && ctrl_tap_r;
    reg         st_frame, st_pending, st_err_param, st_err_busy, st_err_bus;
    reg  [31:0] reg_count, frame_count, dropped;
    reg         count_bad;                          // reg_count > SPRITES_MAX
    reg  [3:0]  reg_shift;                          // the boid window's zoom
    reg  [1:0]  reg_role;                           // and the role it gives
    reg         front;                              // the buffer the scanout shows
    wire        drawing;                            // the renderer is busy
    wire        draw_finish;                        // its last cycle
    wire        vblank, vblank_start;               // on clk (display_crossing's when SEPARATE)


    assign irq_o = st_frame && ctrl_irq_en;

    // ---- address decode -------------------------------------------------------
    // The request and the start of a drawing are wires (the renderer needs them); the
    // decode of the address is in functions, called inside the clocked blocks under
    // req only, so a simulator evaluates it at the clock edge of a request and not
    // at every change of the bus inputs.
    wire req = wb_cyc_i && wb_stb_i && !wb_ack_o;

    // their argument is the word address, wb_adr_i[19:2]
    function automatic [19:0] word_adr(input [17:0] w);
        word_adr = {w, 2'b00};
    endfunction

    function automatic in_regs(input [17:0] w);
        in_regs = word_adr(w) <= REG_CAPS;
    endfunction

    function automatic in_spr(input [17:0] w);
        in_spr = word_adr(w) >= SPRITES_BASE && {12'd0, word_adr(w)} < SPRITES_END;
    endfunction

    function automatic [SW-1:0] spr_idx(input [17:0] w);
        reg [17-SW:0] unused_msb;
        reg [1:0]     unused_lsb;
        begin
            {unused_msb, spr_idx, unused_lsb} = word_adr(w) - SPRITES_BASE;
        end
    endfunction

    function automatic in_win(input [17:0] w);
        in_win = BOID_WINDOW != 0 && word_adr(w) >= BOID_WINDOW_BASE && {12'd0, word_adr(w)} < WINDOW_END;
    endfunction

    function automatic in_roles(input [17:0] w);
        in_roles = HAS_TAP && word_adr(w) >= ROLES_BASE && {12'd0, word_adr(w)} < ROLES_END;
    endfunction

    function automatic [RW_W-1:0] roles_idx(input [17:0] w);
        reg [17-RW_W:0] unused_msb;
        reg [1:0]       unused_lsb;
        begin
            {unused_msb, roles_idx, unused_lsb} = word_adr(w) - ROLES_BASE;
        end
    endfunction

    function automatic [SW-1:0] win_idx(input [17:0] w);
        reg [15-SW:0] unused_msb;
        reg [3:0]     unused_lsb;
        begin
            {unused_msb, win_idx, unused_lsb} = word_adr(w) - BOID_WINDOW_BASE;
        end
    endfunction

    wire draw_ok = req && wb_we_i && word_adr(wb_adr_i[19:2]) == REG_CTRL && wb_dat_i[CTRL_DRAW]
                   && !drawing && !count_bad;

    // In the clocked blocks below, a register is read before it is written: a
    // simulator then needs no copy of its old value (Verilator's __Vdly).
    always @(posedge clk) begin
        // the picture: swapped at vblank_start if finished, else counted as dropped
        // if still drawing; PENDING set when a drawing finishes, cleared when it is
        // shown or a new one starts (at most one of finish and start at once)
        if (vblank_start) begin
            frame_count <= frame_count + 32'd1;
            if (st_pending) front <= !front;
            else if (drawing) dropped <= dropped + 32'd1;
        end
        if ((vblank_start && st_pending) || draw_ok) st_pending <= 1'b0;
        else if (draw_finish) st_pending <= 1'b1;

        wb_ack_o <= req;
        if (req) begin
            if (wb_we_i && in_regs(wb_adr_i[19:2])) begin
                case (word_adr(wb_adr_i[19:2]))
                    REG_CTRL: begin
                        ctrl_irq_en <= wb_dat_i[CTRL_IRQ_EN];
                        ctrl_tap_r <= wb_dat_i[CTRL_TAP];
                        if (wb_dat_i[CTRL_DRAW]) begin
                            if (drawing) st_err_busy <= 1'b1;
                            else if (count_bad) st_err_param <= 1'b1;
                        end
                    end
                    REG_STATUS: begin
                        if (wb_dat_i[STATUS_FRAME]) st_frame <= 1'b0;
                        if (wb_dat_i[STATUS_ERR_PARAM]) st_err_param <= 1'b0;
                        if (wb_dat_i[STATUS_ERR_BUSY]) st_err_busy <= 1'b0;
                        if (wb_dat_i[STATUS_ERR_BUS]) st_err_bus <= 1'b0;
                    end
                    REG_COUNT: begin
                        if (drawing) st_err_busy <= 1'b1;
                        else reg_count <= wb_dat_i;
                    end
                    // the boid window's registers (without it they read 0)
                    REG_SHIFT: if (BOID_WINDOW != 0) reg_shift <= wb_dat_i[3:0];
                    REG_ROLE: if (BOID_WINDOW != 0) reg_role <= wb_dat_i[1:0];
                    default: ; // ID, WIDTH, HEIGHT, FRAME_COUNT, DROPPED, SPRITES_MAX, CAPS: read only
                endcase
            end
            if (wb_we_i && (in_spr(wb_adr_i[19:2]) || in_win(wb_adr_i[19:2])) && drawing) st_err_busy <= 1'b1;
            if (wb_we_i && in_win(wb_adr_i[19:2]) && ctrl_tap) st_err_busy <= 1'b1;
            if (!in_regs(wb_adr_i[19:2]) && !in_spr(wb_adr_i[19:2]) && !in_win(wb_adr_i[19:2])
                && !in_roles(wb_adr_i[19:2]))
                st_err_bus <= 1'b1;
        end
        // the accelerator's boids: dropped while drawing, or past the sprites
        if (ctrl_tap && tap_we && drawing) st_err_busy <= 1'b1;
        if (ctrl_tap && tap_we && {18'd0, tap_idx} >= SMAX_WORD) st_err_bus <= 1'b1;
        if (vblank_start) st_frame <= 1'b1;         // over a STATUS write's clear

        if (rst) begin
            wb_ack_o <= 1'b0;
            ctrl_irq_en <= 1'b0;
            ctrl_tap_r <= 1'b0;
            st_frame <= 1'b0;
            st_pending <= 1'b0;
            st_err_param <= 1'b0;
            st_err_busy <= 1'b0;
            st_err_bus <= 1'b0;
            reg_count <= 32'd0;
            reg_shift <= 4'd0;
            reg_role <= 2'd0;
            frame_count <= 32'd0;
            dropped <= 32'd0;
            front <= 1'b0;
        end
    end

    // Registered: COUNT written at one edge is checked at the next, before the bus
    // can make another request (the ack cycle between), so the compare stays out
    // of the bus path.
    always @(posedge clk) begin
        count_bad <= reg_count > SMAX_WORD;
        if (rst) count_bad <= 1'b0;
    end

    // ---- the boid window -------------------------------------------------------------
    wire          make_we;                          // a sprite from the window, a few
    wire [SW-1:0] make_waddr;                       // cycles after a vy write (never with req)
    wire [31:0]   make_wdata;

    generate
        if (BOID_WINDOW != 0) begin : g_boid_window
            // the window write, decoded under req only (as the clocked blocks do), or
            // the accelerator's (never in the same cycle: one bus, one slave a cycle)
            reg          win_we, from_tap;
            reg [1:0]    win_word;
            reg [SW-1:0] win_entry;
            reg [31:0]   win_data;
            reg          bus_win;                   // a window write from the bus
            always @* begin
                win_we = 1'b0;
                from_tap = 1'b0;
                win_word = 2'd0;
                win_entry = {SW{1'b0}};
                win_data = wb_dat_i;
                bus_win = 1'b0;
                if (req) bus_win = wb_we_i && !drawing && !ctrl_tap && in_win(wb_adr_i[19:2]);
                if (bus_win) begin
                    win_we = 1'b1;
                    win_word = wb_adr_i[3:2];
                    win_entry = win_idx(wb_adr_i[19:2]);
                end else if (ctrl_tap && tap_we && !drawing && {18'd0, tap_idx} < SMAX_WORD) begin
                    win_we = 1'b1;
                    from_tap = 1'b1;
                    win_word = tap_word;
                    win_entry = tap_idx[SW-1:0];
                    win_data = tap_data;
                end
            end

            // The roles table: the bus writes it whole words at a time (write only, as
            // the window: no read port in the bus's read path); the maker reads the
            // committed sprite's word.
            wire [31:0] table_word;
            if (HAS_TAP) begin : g_roles
                (* no_rw_check *) reg [31:0] roles[0:ROLE_WORDS-1];
                reg [31:0] role_word;
                // the roles word of sprite i: i / 16
                function automatic [RW_W-1:0] word_of_sprite(input [SW-1:0] i);
                    reg [SW+3-RW_W:0] unused_msb;
                    begin
                        {unused_msb, word_of_sprite} = {4'd0, i} >> 4;
                    end
                endfunction
                always @(posedge clk) begin
                    if (req) begin
                        if (wb_we_i && in_roles(wb_adr_i[19:2])) roles[roles_idx(wb_adr_i[19:2])] <= wb_dat_i;
                    end
                    if (from_tap && win_word == 2'd3) role_word <= roles[word_of_sprite(win_entry)];
                end
                assign table_word = role_word;
            end else begin : g_no_roles
                assign table_word = 32'd0;
                wire unused_tap = &{1'b0, tap_word, tap_idx, tap_data};
            end

            display_sprite_maker #(
                .SW(SW)
            ) u_maker (
                .clk(clk),
                .rst(rst),
                .we(win_we),
                .word(win_word),
                .idx(win_entry),
                .wdata(win_data),
                .use_table(from_tap),
                .shift(reg_shift),
                .role(reg_role),
                .table_word(table_word),
                .busy(req),
                .spr_we(make_we),
                .spr_waddr(make_waddr),
                .spr_wdata(make_wdata)
            );
        end else begin : g_no_boid_window
            wire unused_tap = &{1'b0, tap_word, tap_idx, tap_data, ctrl_tap};
            assign make_we = 1'b0;
            assign make_waddr = {SW{1'b0}};
            assign make_wdata = 32'd0;
        end
    endgenerate

    // ---- sprite memory: one write port (the bus, or the boid window), one registered
    // read port -----------------------------------------------------------------------
    (* no_rw_check *) reg [31:0] sprites[0:SPRITES_MAX-1];
    reg  [31:0]   spr_rdata;
    wire [SW-1:0] rend_raddr;

    // one read address: the renderer's while drawing, else the bus's; read only when needed
    always @(posedge clk) begin
        if (make_we || (req && wb_we_i && !drawing && in_spr(wb_adr_i[19:2])))
            sprites[make_we ? make_waddr : spr_idx(wb_adr_i[19:2])] <= make_we ? make_wdata : wb_dat_i;
        if (drawing || req) begin
            if (drawing || in_spr(wb_adr_i[19:2]))
                spr_rdata <= sprites[drawing ? rend_raddr : spr_idx(wb_adr_i[19:2])];
        end
    end

    // ---- the pixel side's clock, and the crossing to it --------------------------------
    wire pclk, prst;                                // the pixel side: clk_pixel, or clk and rst
    wire t_vblank, t_vblank_start;                  // vga_timing's, on pclk
    wire front_pixel;                               // front, as the frame buffer's read port sees it

    generate
        if (PIXEL_CLOCK_SEPARATE != 0) begin : g_two_clocks
            assign pclk = clk_pixel;
            display_crossing u_crossing (
                .clk(clk),
                .rst(rst),
                .frame(vblank_start),
                .vblank(vblank),
                .front(front),
                .clk_pixel(clk_pixel),
                .rst_pixel(prst),
                .vblank_start_pixel(t_vblank_start),
                .vblank_pixel(t_vblank),
                .front_pixel(front_pixel)
            );
        end else begin : g_one_clock
            assign pclk = clk;
            assign prst = rst;
            assign vblank = t_vblank;
            assign vblank_start = t_vblank_start;
            assign front_pixel = front;
        end
    endgenerate

    // ---- renderer and frame buffers -----------------------------------------------
    wire          fb_we, fb_re;
    wire [AW-1:0] fb_waddr, fb_raddr;
    wire [15:0]   fb_wdata, fb_rdata;
    wire [3:0]    fb_wmask;

    display_renderer #(
        .FB_W(FB_W),
        .FB_H(FB_H),
        .SPRITES_MAX(SPRITES_MAX)
    ) u_renderer (
        .clk(clk),
        .rst(rst),
        .start(draw_ok),
        .count(reg_count[CW-1:0]),
        .busy(drawing),
        .finish(draw_finish),
        .spr_raddr(rend_raddr),
        .spr_rdata(spr_rdata),
        .fb_we(fb_we),
        .fb_waddr(fb_waddr),
        .fb_wdata(fb_wdata),
        .fb_wmask(fb_wmask)
    );

    display_framebuffer #(
        .WORDS(WORDS),
        .READ_CLOCK_SEPARATE(PIXEL_CLOCK_SEPARATE)
    ) u_framebuffer (
        .clk(clk),
        .rclk(pclk),
        .we(fb_we),
        .wsel(!front),                              // the back buffer
        .waddr(fb_waddr),
        .wdata(fb_wdata),
        .wmask(fb_wmask),
        .re(fb_re),
        .rsel(front_pixel),
        .raddr(fb_raddr),
        .rdata(fb_rdata)
    );

    // ---- timing and scanout (on pclk) --------------------------------------------------
    wire        t_hsync, t_vsync, t_de;
    wire [11:0] t_x, t_y;
    wire        t_line_start, t_frame_start;

    vga_timing #(
        .H_ACTIVE(H_ACTIVE), .H_FRONT(H_FRONT), .H_SYNC(H_SYNC), .H_BACK(H_BACK),
        .V_ACTIVE(V_ACTIVE), .V_FRONT(V_FRONT), .V_SYNC(V_SYNC), .V_BACK(V_BACK),
        .HSYNC_ACTIVE_HIGH(HSYNC_ACTIVE_HIGH), .VSYNC_ACTIVE_HIGH(VSYNC_ACTIVE_HIGH)
    ) u_timing (
        .clk(pclk),
        .rst(prst),
        .hsync(t_hsync),
        .vsync(t_vsync),
        .de(t_de),
        .x(t_x),
        .y(t_y),
        .line_start(t_line_start),
        .frame_start(t_frame_start),
        .vblank(t_vblank),
        .vblank_start(t_vblank_start)
    );

    display_scanout #(
        .H_ACTIVE(H_ACTIVE),
        .V_ACTIVE(V_ACTIVE),
        .SCALE(SCALE)
    ) u_scanout (
        .clk(pclk),
        .rst(prst),
        .hsync(t_hsync),
        .vsync(t_vsync),
        .de(t_de),
        .x(t_x),
        .y_low(t_y[1:0]),
        .vblank_start(t_vblank_start),
        .fb_re(fb_re),
        .fb_raddr(fb_raddr),
        .fb_rdata(fb_rdata),
        .vga_hsync(vga_hsync),
        .vga_vsync(vga_vsync),
        .vga_de(vga_de),
        .vga_r(vga_r),
        .vga_g(vga_g),
        .vga_b(vga_b)
    );

    // ---- read data ------------------------------------------------------------------
    // Registers are read at the request; the sprite memory answers one cycle later
    // from its registered port, so wb_dat_o is selected in the acknowledge cycle.
    reg         rd_spr;
    reg  [31:0] rd_reg;

    // the register at word index i, 0 for an unmapped one (a function, so that its
    // words are built only when a request reads them)
    function automatic [31:0] reg_word(input [3:0] i);
        reg [31:0] ctrl_word, status_word;
        begin
            ctrl_word = 32'd0;
            ctrl_word[CTRL_IRQ_EN] = ctrl_irq_en;
            ctrl_word[CTRL_TAP] = ctrl_tap;
            status_word = 32'd0;
            status_word[STATUS_VBLANK] = vblank;
            status_word[STATUS_FRAME] = st_frame;
            status_word[STATUS_DRAWING] = drawing;
            status_word[STATUS_PENDING] = st_pending;
            status_word[STATUS_ERR_PARAM] = st_err_param;
            status_word[STATUS_ERR_BUSY] = st_err_busy;
            status_word[STATUS_ERR_BUS] = st_err_bus;
            // registers are at word addresses 0..11: select by the word index alone
            case (i)
                REG_ID[5:2]: reg_word = ID_VALUE;
                REG_WIDTH[5:2]: reg_word = FB_W_WORD;
                REG_HEIGHT[5:2]: reg_word = FB_H_WORD;
                REG_CTRL[5:2]: reg_word = ctrl_word;
                REG_STATUS[5:2]: reg_word = status_word;
                REG_COUNT[5:2]: reg_word = reg_count;
                REG_FRAME_COUNT[5:2]: reg_word = frame_count;
                REG_DROPPED[5:2]: reg_word = dropped;
                REG_SPRITES_MAX[5:2]: reg_word = SMAX_WORD;
                REG_SHIFT[5:2]: reg_word = {28'd0, reg_shift};
                REG_ROLE[5:2]: reg_word = {30'd0, reg_role};
                REG_CAPS[5:2]: reg_word = CAPS_WORD;
                default: reg_word = 32'd0;
            endcase
        end
    endfunction

    always @(posedge clk) begin
        if (req) begin
            rd_spr <= !drawing && in_spr(wb_adr_i[19:2]);
            if (in_regs(wb_adr_i[19:2])) rd_reg <= reg_word(wb_adr_i[5:2]);
            else rd_reg <= 32'd0;
        end
    end

    always @* wb_dat_o = rd_spr ? spr_rdata : rd_reg;

    wire unused_ok = &{1'b0, wb_sel_i, wb_adr_i[1:0], reg_count[31:CW], t_y[11:2], t_line_start, t_frame_start,
                       clk_pixel};                  // unused unless PIXEL_CLOCK_SEPARATE

`ifdef FORMAL
    // Formal properties (tests/formal/display.sby, at a small mode and SPRITES_MAX). Reset
    // is assumed in the first cycle and is free after it. The master is a well-behaved
    // Wishbone B4 classic one: a request (cyc and stb) is held, unchanged, until its ack.
    // The properties of vga_timing (u_timing) are checked here too.
    reg f_past_valid = 1'b0;
    always @(posedge clk) f_past_valid <= 1'b1;

    always @(*) if (!f_past_valid) assume(rst);

    wire f_stb = wb_cyc_i && wb_stb_i;
    // the address decode of the bus inputs (the functions of the clocked blocks)
    wire [19:0]   f_adr = word_adr(wb_adr_i[19:2]);
    wire          f_in_regs = in_regs(wb_adr_i[19:2]);
    wire          f_in_spr = in_spr(wb_adr_i[19:2]);
    wire          f_in_win = in_win(wb_adr_i[19:2]);
    wire          f_in_roles = in_roles(wb_adr_i[19:2]);
    wire [SW-1:0] f_spr_idx = spr_idx(wb_adr_i[19:2]);
    wire f_seen = f_stb && !wb_ack_o && !rst;        // a request the slave sees

    always @(posedge clk) if (f_past_valid && $past(f_seen)) begin
        assume(f_stb);
        assume(wb_we_i == $past(wb_we_i));
        assume(wb_adr_i == $past(wb_adr_i));
        assume(wb_dat_i == $past(wb_dat_i));
        assume(wb_sel_i == $past(wb_sel_i));
    end

    // the tap (the accelerator's boid writes, on the same bus): never with a request
    // to the display (nor so in its ack cycle, when the request is still up), and
    // at most every second cycle, as the accelerator acknowledges its requests
    always @(*) if (tap_we) assume(!f_stb);
    always @(posedge clk) if (f_past_valid && $past(tap_we)) assume(!tap_we);

    // the handshake: an ack exactly one cycle after each request is seen, none else
    // (so none twice: a request is not seen in its ack cycle), and the request is
    // still there when its ack comes
    always @(posedge clk) if (f_past_valid) assert(wb_ack_o == $past(f_seen));
    always @(*) if (f_past_valid && wb_ack_o) assert(f_stb);

    // the interrupt: STATUS.FRAME and CTRL.IRQ_EN as the bus reads them
    wire [31:0] f_status_word = reg_word(REG_STATUS[5:2]);
    wire [31:0] f_ctrl_word = reg_word(REG_CTRL[5:2]);
    always @(*) assert(irq_o == (f_status_word[STATUS_FRAME] && f_ctrl_word[CTRL_IRQ_EN]));

    // FRAME_COUNT and STATUS.FRAME: +1 and set at each vblank_start, else FRAME_COUNT
    // holds; DROPPED: +1 at a vblank_start that finds a drawing and no picture pending
    always @(posedge clk) if (f_past_valid) begin
        if ($past(rst)) begin
            assert(frame_count == 32'd0 && dropped == 32'd0 && !st_frame && !irq_o);
        end else begin
            assert(frame_count == $past(frame_count) + {31'd0, $past(vblank_start)});
            if ($past(vblank_start)) assert(st_frame);
            assert(dropped == $past(dropped)
                   + {31'd0, $past(vblank_start && !st_pending && drawing)});
        end
    end

    // read data in the ack cycle of a read: constants, FRAME_COUNT as it was at the
    // request, 0 from unmapped addresses (which set ERR_BUS) and from the sprites while
    // drawing
    wire f_read = f_seen && !wb_we_i;
    always @(posedge clk) if (f_past_valid && $past(f_read)) begin
        case ($past(f_adr))
            REG_ID: assert(wb_dat_o == ID_VALUE);
            REG_WIDTH: assert(wb_dat_o == FB_W_WORD);
            REG_HEIGHT: assert(wb_dat_o == FB_H_WORD);
            REG_SPRITES_MAX: assert(wb_dat_o == SMAX_WORD);
            REG_FRAME_COUNT: assert(wb_dat_o == $past(frame_count));
            default: ;
        endcase
        if (!$past(f_in_regs) && !$past(f_in_spr) && !$past(f_in_win) && !$past(f_in_roles))
            assert(wb_dat_o == 32'd0 && st_err_bus);
        if ($past(f_in_roles)) assert(wb_dat_o == 32'd0);   // the roles table is write only
        if ($past(f_in_spr) && $past(drawing)) assert(wb_dat_o == 32'd0);
        if ($past(f_in_win)) assert(wb_dat_o == 32'd0);     // the window is write only
    end

    // the sprite memory, at one entry f_idx chosen by the solver: it holds the last
    // write accepted there (none while drawing), and a read returns it
    (* anyconst *) reg [SW-1:0] f_idx;
    reg        f_known = 1'b0;
    reg [31:0] f_val;

    always @(posedge clk) begin
        if (req && wb_we_i && f_in_spr && !drawing && f_spr_idx == f_idx && !make_we) begin
            f_known <= 1'b1;
            f_val <= wb_dat_i;
        end
        if (make_we && make_waddr == f_idx) begin
            f_known <= 1'b1;
            f_val <= make_wdata;
        end
    end

    // the boid window's write comes in a cycle of its own, never with a bus request
    // (which would need a second write port). (Nor while drawing, as a drawing starts
    // only at a CTRL request: a property of the real renderer, not of the free one.)
    always @(*) if (f_past_valid && make_we) assert(!req);

    always @(*) if (f_known) assert(sprites[f_idx] == f_val);
    always @(posedge clk) if (f_past_valid && $past(f_read) && $past(f_in_spr) && !$past(drawing)
                              && $past(f_spr_idx) == f_idx && $past(f_known))
        assert(wb_dat_o == $past(f_val));
`endif

endmodule

`default_nettype wire
