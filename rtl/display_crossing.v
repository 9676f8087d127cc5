// display_crossing: the clock-domain crossing of the display when its pixel clock is
// not the system clock (boids_display, PIXEL_CLOCK_SEPARATE = 1): the pixel side's
// reset from the system reset, the frame event and vblank into clk, the front buffer out.
`timescale 1ns / 1ps
`default_nettype none

// Four signals cross, each by the rule its kind needs:
//   reset (clk -> clk_pixel): a four-phase handshake. rst sets req, which the pixel
//     side sees through two flops as its reset, rst_pixel; rst_pixel comes back
//     through two flops as the acknowledge, which clears req once rst is low. So a
//     reset of any length, even one clk cycle, resets the pixel side, whatever the
//     ratio of the clocks. While the handshake is under way (busy) the frame event
//     below is masked: the pixel side's toggle is being reset.
//   frame (clk_pixel strobe -> clk strobe): vblank_start flips a toggle on the pixel
//     side; the toggle passes two flops into clk, and a change of it there is one
//     frame event, one clk cycle long. The strobes are a frame apart, far more than
//     the few cycles of either clock the toggle needs to be seen.
//   vblank (clk_pixel level -> clk level): two flops; STATUS.VBLANK, a status bit.
//   front (clk level -> clk_pixel level): two flops, a quasi-static level. It changes
//     only at a frame event, a few cycles of each clock after vblank_start, so the
//     pixel side sees the new value within vertical blanking, tens of lines before
//     the first active line reads the front buffer. The simulation check below
//     stops the simulation if it ever changes outside vertical blanking.
// The synchronizer flops carry ASYNC_REG: placed close together and never retimed.
// Requires the system clock not much slower than the pixel clock's line rate (a
// frame event must be taken, and the front buffer chosen, within vertical blanking).
module display_crossing (
    // system side
    input  wire clk,
    input  wire rst,                    // synchronous to clk, active high, any length
    output wire frame,                  // one clk cycle a vblank_start
    output wire vblank,                 // the pixel side's vblank, two clk cycles late
    input  wire front,                  // the front buffer, changed only at frame
    // pixel side
    input  wire clk_pixel,
    output wire rst_pixel,              // synchronous to clk_pixel, active high
    input  wire vblank_start_pixel,     // vga_timing's strobe
    input  wire vblank_pixel,           // vga_timing's level
    output wire front_pixel             // front, for the frame buffer's read port
);

    // ---- reset: a four-phase handshake ---------------------------------------------
    reg req;                                        // clk: the pixel side must reset
    (* ASYNC_REG = "TRUE" *) reg [1:0] req_sync;    // clk_pixel
    (* ASYNC_REG = "TRUE" *) reg [1:0] ack_sync;    // clk
    wire busy = req || ack_sync[1];

    assign rst_pixel = req_sync[1];

    always @(posedge clk) begin
        ack_sync <= {ack_sync[0], rst_pixel};
        if (ack_sync[1]) req <= 1'b0;
        if (rst) req <= 1'b1;
    end

    always @(posedge clk_pixel) req_sync <= {req_sync[0], req};

    // ---- frame: a toggle, two flops, an edge ------------------------------------------
    reg toggle_pixel;                               // clk_pixel
    (* ASYNC_REG = "TRUE" *) reg [1:0] toggle_sync; // clk
    reg toggle_seen;                                // clk

    always @(posedge clk_pixel) begin
        if (vblank_start_pixel) toggle_pixel <= !toggle_pixel;
        if (rst_pixel) toggle_pixel <= 1'b0;
    end

    always @(posedge clk) begin
        toggle_sync <= {toggle_sync[0], toggle_pixel};
        toggle_seen <= toggle_sync[1];
    end

    assign frame = toggle_sync[1] != toggle_seen && !busy;

    // ---- vblank and front: levels, two flops each -------------------------------------
    (* ASYNC_REG = "TRUE" *) reg [1:0] vblank_sync; // clk
    (* ASYNC_REG = "TRUE" *) reg [1:0] front_sync;  // clk_pixel

    always @(posedge clk) vblank_sync <= {vblank_sync[0], vblank_pixel};
    always @(posedge clk_pixel) front_sync <= {front_sync[0], front};

    assign vblank = vblank_sync[1];
    assign front_pixel = front_sync[1];

`ifndef SYNTHESIS
    // The quasi-static crossing's condition: the front buffer the scanout reads
    // changes only in vertical blanking, never while a picture is scanned out.
    reg front_pixel_last;
    always @(posedge clk_pixel) begin
        if (!rst_pixel && front_pixel != front_pixel_last && !vblank_pixel)
            $error("%m: the front buffer changed outside vertical blanking");
        front_pixel_last <= front_pixel;
    end
`endif

endmodule

`default_nettype wire
