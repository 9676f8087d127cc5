// board_reset: a board's synchronous reset from its clock generator's lock and a
// button. Held while the clock is not locked or the button is pressed, and for
// 128 cycles after both are fine; the lock and the button pass two flops first,
// since both are asynchronous to clk. Starts in reset: the flops power up 0.
`timescale 1ns / 1ps
`default_nettype none

module board_reset #(
    parameter integer BUTTON_ACTIVE_HIGH = 1        // 0: a pressed button reads low
) (
    input  wire clk,
    input  wire locked,                             // the PLL or MMCM, asynchronous
    input  wire button,                             // asynchronous
    output wire rst                                 // synchronous, active high
);
    reg [1:0] lock_sync;
    reg [1:0] button_sync;
    reg [7:0] count;
    // the bitstream's power-up values: no reset exists before this one
    initial begin
        lock_sync = 2'b00;
        button_sync = 2'b00;
        count = 8'd0;
    end
    wire      pressed = BUTTON_ACTIVE_HIGH != 0 ? button_sync[1] : !button_sync[1];

    assign rst = !count[7];

    always @(posedge clk) begin
        lock_sync <= {lock_sync[0], locked};
        button_sync <= {button_sync[0], button};
        if (!lock_sync[1] || pressed) count <= 8'd0;
        else if (rst) count <= count + 8'd1;
    end
endmodule

`default_nettype wire
