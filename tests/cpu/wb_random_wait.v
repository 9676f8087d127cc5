// wb_random_wait: holds each Wishbone B4 classic request back from the slaves for a
// pseudo-random 0..MAX_WAIT cycles, so that the CPU meets slow and irregular slaves
// in its tests. With seed 0 it adds nothing: stb passes straight through.
`timescale 1ns / 1ps
`default_nettype none

// A request is new when stb is high and none is in progress; it is in progress until
// its ack or err (a master that keeps stb high after an ack starts a new one). The
// slaves see stb once the request's waits have passed; ack and err go back as they
// come. The draws come from a 32-bit xorshift generator started from the seed.
module wb_random_wait #(
    parameter integer MAX_WAIT = 3                  // longest hold, in cycles (1..15)
) (
    input  wire        clk,
    input  wire        rst,                         // synchronous, active high
    input  wire [31:0] seed,                        // 0: no waits
    // the master's side
    input  wire        m_cyc,
    input  wire        m_stb,
    // the slaves' side
    input  wire        s_ack,
    input  wire        s_err,
    output wire        s_stb
);

    initial begin
        if (MAX_WAIT < 1 || MAX_WAIT > 15) $error("%m: MAX_WAIT = %0d, must be 1..15", MAX_WAIT);
    end

    reg  [31:0] rnd;
    reg         busy;                               // a request in progress
    reg  [3:0]  wait_left;                          // its hold cycles still to come

    wire        new_req = m_cyc && m_stb && !busy;
    wire [31:0] x1 = rnd ^ (rnd << 13);
    wire [31:0] x2 = x1 ^ (x1 >> 17);
    wire [31:0] rnd_next = x2 ^ (x2 << 5);
    wire [31:0] draw_any = rnd % (MAX_WAIT + 1);
    wire [3:0]  draw = seed == 32'd0 ? 4'd0 : draw_any[3:0];

    assign s_stb = m_cyc && m_stb && (busy ? wait_left == 4'd0 : draw == 4'd0);

    always @(posedge clk) begin
        if (busy && (s_ack || s_err)) begin
            busy <= 1'b0;
        end else if (new_req) begin
            busy <= 1'b1;
            wait_left <= draw == 4'd0 ? 4'd0 : draw - 4'd1;
            rnd <= rnd_next;
        end else if (wait_left != 4'd0) begin
            wait_left <= wait_left - 4'd1;
        end
        if (rst) begin
            busy <= 1'b0;
            wait_left <= 4'd0;
            rnd <= seed == 32'd0 ? 32'd1 : seed;
        end
    end

    wire unused_ok = &{1'b0, draw_any[31:4]};

endmodule

`default_nettype wire
