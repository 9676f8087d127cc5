// display_renderer_free: a free stand-in for display_renderer in the formal proof of
// boids_display (tests/formal/display.sby). Same ports; every output is chosen by the solver
// each cycle, so the display's bus properties are proved for any renderer behaviour.
`default_nettype none

// Sound for properties that hold whatever the renderer does (the bus handshake, the
// registers); z3 4.8 cannot load the real renderer's transition relation in useful time.
module display_renderer #(
    parameter integer FB_W = 640,
    parameter integer FB_H = 480,
    parameter integer SPRITES_MAX = 1280
) (
    input  wire                             clk,
    input  wire                             rst,
    input  wire                             start,
    input  wire [$clog2(SPRITES_MAX+1)-1:0] count,
    output wire                 busy,
    output wire                 finish,
    output wire [$clog2(SPRITES_MAX)-1:0] spr_raddr,
    input  wire [31:0]                      spr_rdata,
    output wire                 fb_we,
    output wire [$clog2(FB_W*FB_H/4)-1:0] fb_waddr,
    output wire [15:0]          fb_wdata,
    output wire [3:0]           fb_wmask
);

    (* anyseq *) reg                             f_busy, f_finish, f_fb_we;
    (* anyseq *) reg [$clog2(SPRITES_MAX)-1:0]   f_spr_raddr;
    (* anyseq *) reg [$clog2(FB_W*FB_H/4)-1:0]   f_fb_waddr;
    (* anyseq *) reg [15:0]                      f_fb_wdata;
    (* anyseq *) reg [3:0]                       f_fb_wmask;

    assign busy = f_busy;
    assign finish = f_finish;
    assign spr_raddr = f_spr_raddr;
    assign fb_we = f_fb_we;
    assign fb_waddr = f_fb_waddr;
    assign fb_wdata = f_fb_wdata;
    assign fb_wmask = f_fb_wmask;

    wire unused_ok = &{1'b0, clk, rst, start, count, spr_rdata};
endmodule

`default_nettype wire
