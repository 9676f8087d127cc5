// tb_soc_uart: the SoC's UART on its pins. Its tx pin is looped to its rx pin
// and watched by an independent 8N1 receiver here; checks bit times at two
// divisors, the status flags, overrun, and a glitch that is no start bit.
`timescale 1ns / 1ps
`default_nettype none

module tb_soc_uart;
    `define TB_NAME "tb_soc_uart"
    `include "tb_waves.vh"

    localparam integer DIV = 8;

    reg         clk = 1'b0, rst = 1'b1;
    reg         cyc = 1'b0, stb = 1'b0, we = 1'b0;
    reg  [3:2]  adr = 2'd0;
    reg  [31:0] wdat = 32'd0;
    wire [31:0] rdat;
    wire        ack, tx;
    reg         glitch = 1'b0;                      // pulls rx low for a moment
    integer     errors = 0;

    always #5 clk = !clk;

    soc_uart #(.DIVISOR_RESET(DIV)) dut (
        .clk(clk), .rst(rst),
        .wb_cyc_i(cyc), .wb_stb_i(stb), .wb_we_i(we), .wb_adr_i(adr),
        .wb_dat_i(wdat), .wb_dat_o(rdat), .wb_ack_o(ack),
        .uart_tx(tx), .uart_rx(tx && !glitch)
    );

    task automatic fail(input [8*80-1:0] what, input integer got, input integer want);
        begin
            $display("FAIL tb_soc_uart: %0s: got %0d (0x%0h), want %0d", what, got, got, want);
            errors = errors + 1;
        end
    endtask

    task automatic bus(input write, input [3:2] a, input [31:0] d, output [31:0] q);
        integer wait_cycles;
        begin
            @(posedge clk);
            cyc <= 1'b1; stb <= 1'b1; we <= write; adr <= a; wdat <= d;
            wait_cycles = 0;
            @(posedge clk);
            while (!ack && wait_cycles < 8) begin
                @(posedge clk);
                wait_cycles = wait_cycles + 1;
            end
            if (!ack) fail("no acknowledge", 0, 1);
            q = rdat;
            cyc <= 1'b0; stb <= 1'b0; we <= 1'b0;
        end
    endtask

    // The receiver here: the start bit's falling edge, then the middle of each
    // bit must hold for the whole bit time (bits are exactly `divisor` long).
    integer     mon_div = DIV, got_bytes = 0;
    reg  [7:0]  mon_byte;
    reg  [7:0]  mon_log [0:15];
    integer     i;
    initial begin : monitor
        forever begin
            @(negedge tx);
            repeat (mon_div / 2) @(posedge clk);
            if (tx !== 1'b0) fail("start bit too short", tx, 0);
            for (i = 0; i < 8; i = i + 1) begin
                repeat (mon_div) @(posedge clk);
                mon_byte[i] = tx;
            end
            repeat (mon_div) @(posedge clk);
            if (tx !== 1'b1) fail("stop bit missing", tx, 1);
            mon_log[got_bytes % 16] = mon_byte;
            got_bytes = got_bytes + 1;
        end
    end

    reg [31:0] q;
    initial begin
        repeat (3) @(posedge clk);
        rst <= 1'b0;
        bus(0, 2'd1, 0, q);
        if (q[2:0] !== 3'b001) fail("STATUS after reset (TX_READY only)", q[2:0], 1);
        bus(0, 2'd2, 0, q);
        if (q !== DIV) fail("DIVISOR after reset", q, DIV);

        // one byte: it is seen on the pin, and comes back through rx
        bus(1, 2'd0, 32'h1A5, q);                    // bits above 7 are ignored
        bus(0, 2'd1, 0, q);
        if (q[0] !== 1'b0) fail("TX_READY while sending", q[0], 0);
        wait (got_bytes == 1);
        if (mon_log[0] !== 8'hA5) fail("byte on the tx pin", mon_log[0], 8'hA5);
        repeat (2 * DIV) @(posedge clk);
        bus(0, 2'd1, 0, q);
        if (q[2:0] !== 3'b011) fail("STATUS after a byte came back (TX_READY, RX_VALID)", q[2:0], 3);
        bus(0, 2'd0, 0, q);
        if (q !== 32'hA5) fail("DATA read back", q, 8'hA5);
        bus(0, 2'd1, 0, q);
        if (q[1] !== 1'b0) fail("RX_VALID after reading DATA", q[1], 0);

        // a write while busy is dropped: only the first of two goes out
        bus(1, 2'd0, 32'h11, q);
        bus(1, 2'd0, 32'h22, q);
        wait (got_bytes == 2);
        repeat (3 * DIV) @(posedge clk);
        if (mon_log[1] !== 8'h11) fail("the byte written first", mon_log[1], 8'h11);
        bus(0, 2'd0, 0, q);
        if (q !== 32'h11) fail("the byte written first, back", q, 8'h11);

        // two bytes unread: overrun, the newer byte kept; reading DATA clears both flags
        bus(1, 2'd0, 32'h33, q);
        wait (got_bytes == 3);
        repeat (3 * DIV) @(posedge clk);
        bus(1, 2'd0, 32'h44, q);
        wait (got_bytes == 4);
        repeat (3 * DIV) @(posedge clk);
        bus(0, 2'd1, 0, q);
        if (q[2:1] !== 2'b11) fail("RX_VALID and RX_OVERRUN after two unread bytes", q[2:1], 3);
        bus(0, 2'd0, 0, q);
        if (q !== 32'h44) fail("the newer byte after an overrun", q, 8'h44);
        bus(0, 2'd1, 0, q);
        if (q[2:1] !== 2'b00) fail("flags after reading DATA", q[2:1], 0);

        // a low pulse shorter than half a bit is no start bit
        glitch <= 1'b1;
        repeat (2) @(posedge clk);
        glitch <= 1'b0;
        repeat (4 * 10 * DIV) @(posedge clk);
        bus(0, 2'd1, 0, q);
        if (q[1] !== 1'b0) fail("RX_VALID after a glitch", q[1], 0);

        // a slower bit time; below 4 is refused
        bus(1, 2'd2, 32'd3, q);
        bus(0, 2'd2, 0, q);
        if (q !== DIV) fail("DIVISOR 3 refused", q, DIV);
        bus(1, 2'd2, 32'd20, q);
        mon_div = 20;
        bus(1, 2'd0, 32'h5C, q);
        wait (got_bytes == 5);
        if (mon_log[4] !== 8'h5C) fail("byte at DIVISOR 20", mon_log[4], 8'h5C);
        repeat (3 * 20) @(posedge clk);
        bus(0, 2'd0, 0, q);
        if (q !== 32'h5C) fail("byte back at DIVISOR 20", q, 8'h5C);
        if (got_bytes !== 5) fail("bytes on the pin", got_bytes, 5);

        if (errors == 0) begin
            $display("PASS tb_soc_uart: bit times at two divisors, status, loopback, overrun, glitch");
            $finish;
        end
        $fatal(1, "FAIL tb_soc_uart: %0d errors", errors);
    end

    initial begin
        #2_000_000;
        $fatal(1, "FAIL tb_soc_uart: timeout");
    end
endmodule

`default_nettype wire
