// soc_bus_jitter: a seeded random-wait shim for testing, between a Wishbone B4
// pipelined master and a pipelined slave: it stalls requests and holds answers back
// at random, in order. With seed 0 it waits never and passes everything straight.
`timescale 1ns / 1ps
`default_nettype none

// Requests: a new request is passed on only when the shim's dice allow it (about 3
// cycles in 8 it stalls the master instead) and fewer than DEPTH answers are due;
// once the slave has seen a request, the shim keeps it up until the slave takes it,
// as the master does. Answers (ack or err, with the data) are held in a FIFO and
// released at random (about 3 cycles in 8 none is), oldest first; the FIFO never
// overflows, since at most DEPTH requests are out. A slave whose stall is !ack (a
// classic one behind a bridge) works too: it takes and answers in one cycle.
// The dice: a 32-bit xorshift generator, started from seed ^ SALT at reset (two
// shims on one seed roll differently with different SALTs).
module soc_bus_jitter #(
    parameter integer DEPTH = 4,                    // answers in flight at most
    parameter [31:0]  SALT = 32'h0000_0000
) (
    input  wire        clk,
    input  wire        rst,                         // synchronous, active high
    input  wire [31:0] seed,                        // read at reset; 0: no waits
    // from the master
    input  wire        m_cyc_i,
    input  wire        m_stb_i,
    input  wire        m_we_i,
    input  wire [3:0]  m_sel_i,
    input  wire [31:0] m_adr_i,
    input  wire [31:0] m_dat_i,
    output wire [31:0] m_dat_o,
    output wire        m_ack_o,
    output wire        m_err_o,
    output wire        m_stall_o,
    // to the slave
    output wire        s_cyc_o,
    output wire        s_stb_o,
    output wire        s_we_o,
    output wire [3:0]  s_sel_o,
    output wire [31:0] s_adr_o,
    output wire [31:0] s_dat_o,
    input  wire [31:0] s_dat_i,
    input  wire        s_ack_i,
    input  wire        s_err_i,
    input  wire        s_stall_i
);

    localparam integer CW = $clog2(DEPTH + 1);      // counters up to DEPTH
    localparam integer PW = DEPTH > 1 ? $clog2(DEPTH) : 1;

    initial begin
        if (DEPTH < 1 || DEPTH > 16) $error("%m: DEPTH = %0d, must be 1..16", DEPTH);
    end

    reg  [31:0] dice;
    reg         on;                                 // seed was not 0
    reg         shown;                              // the slave saw the request and stalled it
    reg  [CW-1:0] out;                              // taken by the slave, not yet answered to the master
    reg  [CW-1:0] held;                             // answers in the FIFO
    reg  [PW-1:0] rd_ptr, wr_ptr;
    reg  [32:0] fifo[0:DEPTH-1];                    // {err, data}

    wire        hold_req = on && dice[2:0] < 3'd3;
    wire        hold_ans = on && dice[5:3] < 3'd3;

    // requests
    wire        go = shown || (!hold_req && out < DEPTH[CW-1:0]);
    assign s_cyc_o = m_cyc_i;
    assign s_stb_o = m_stb_i && go;
    assign s_we_o = m_we_i;
    assign s_sel_o = m_sel_i;
    assign s_adr_o = m_adr_i;
    assign s_dat_o = m_dat_i;
    assign m_stall_o = !go || s_stall_i;
    wire        taken = s_stb_o && !s_stall_i;

    // answers: from the FIFO, or straight from the slave when it is empty
    wire        answer = s_ack_i || s_err_i;
    wire        avail = held != {CW{1'b0}} || answer;
    wire [32:0] head = held != {CW{1'b0}} ? fifo[rd_ptr] : {s_err_i, s_dat_i};
    wire        release_ = avail && !hold_ans;
    assign m_ack_o = release_ && !head[32];
    assign m_err_o = release_ && head[32];
    assign m_dat_o = head[31:0];
    wire        push = answer && !(held == {CW{1'b0}} && release_);
    wire        pop = held != {CW{1'b0}} && release_;

    function automatic [PW-1:0] next_ptr(input [PW-1:0] p);
        next_ptr = p == DEPTH[PW-1:0] - 1'b1 ? {PW{1'b0}} : p + 1'b1;
    endfunction

    function automatic [31:0] roll(input [31:0] x);
        reg [31:0] a, b;
        begin
            a = x ^ (x << 13);
            b = a ^ (a >> 17);
            roll = b ^ (b << 5);
        end
    endfunction

    always @(posedge clk) begin
        dice <= roll(dice);
        shown <= s_stb_o && s_stall_i;
        out <= out + {{(CW - 1){1'b0}}, taken} - {{(CW - 1){1'b0}}, release_};
        held <= held + {{(CW - 1){1'b0}}, push} - {{(CW - 1){1'b0}}, pop};
        if (push) begin
            fifo[wr_ptr] <= {s_err_i, s_dat_i};
            wr_ptr <= next_ptr(wr_ptr);
        end
        if (pop) rd_ptr <= next_ptr(rd_ptr);
        if (rst) begin
            dice <= (seed ^ SALT) != 32'd0 ? seed ^ SALT : 32'd1;   // xorshift never leaves 0
            on <= seed != 32'd0;
            shown <= 1'b0;
            out <= {CW{1'b0}};
            held <= {CW{1'b0}};
            rd_ptr <= {PW{1'b0}};
            wr_ptr <= {PW{1'b0}};
        end
    end

`ifndef SYNTHESIS
    always @(posedge clk) begin
        if (!rst && push && held == DEPTH[CW-1:0]) $error("%m: answer FIFO overflow");
        if (!rst && answer && out == {CW{1'b0}} && !taken) $error("%m: an answer with no request out");
    end
`endif

endmodule

`default_nettype wire
