// tb_icebreaker_boot: the iCEBreaker's power-up, end to end. rtl/boards/icebreaker_top.v
// with the SPI flash model holding the board's RAM image (make synth's ram.bin) at
// 1 MiB: the loader copies it into RAM with the CPU held, the CPU boots the firmware
// and finds its flock in the mailbox, and the UART pin sends the firmware's banner,
// which this testbench decodes. Self-checking: PASS or $fatal.
// The PLL is a pass-through stand-in (tests/rtl/board_stubs/); the RAM and frame
// buffers are the generic ones (the SPRAM versions have tests of their own).
`timescale 1ns / 1ps
`default_nettype none

module tb_icebreaker_boot;
    parameter IMAGE = "";                           // the RAM image, one byte a line
    parameter EXPECT = "boids soc: RV32IM at 25.12 MHz, RAM 64 KiB";   // the banner's start
    parameter integer BIT_CLOCKS = 218;             // 25.125 MHz / 115200
    parameter integer MAX_CYCLES = 3_000_000;

    reg clk = 1'b0;
    always #19.9 clk = !clk;                        // 25.125 MHz

    wire sck, cs_n, mosi, miso, io2, io3, tx, ledr_n, ledg_n;
    wire p1a1, p1a2, p1a3, p1a4, p1a7, p1a8, p1a9, p1a10, p1b1, p1b2, p1b3, p1b4, hsync, vsync;

    icebreaker_top dut (
        .CLK(clk), .BTN_N(1'b1), .LEDR_N(ledr_n), .LEDG_N(ledg_n), .TX(tx), .RX(1'b1),
        .FLASH_SCK(sck), .FLASH_SSB(cs_n), .FLASH_IO0(mosi), .FLASH_IO1(miso),
        .FLASH_IO2(io2), .FLASH_IO3(io3),
        .P1A1(p1a1), .P1A2(p1a2), .P1A3(p1a3), .P1A4(p1a4), .P1A7(p1a7), .P1A8(p1a8),
        .P1A9(p1a9), .P1A10(p1a10), .P1B1(p1b1), .P1B2(p1b2), .P1B3(p1b3), .P1B4(p1b4),
        .P1B7(hsync), .P1B8(vsync)
    );

    spi_flash_model #(.BASE('h10_0000), .SIZE(65536), .INIT_FILE(IMAGE)) flash (
        .sck(sck), .cs_n(cs_n), .mosi(mosi), .miso(miso)
    );

    // The UART pin, decoded at the middle of each bit.
    localparam integer LEN = 8 * 64;
    reg [LEN-1:0] text = 0;
    integer chars = 0, cycle = 0, loaded_at = -1, k;
    reg     started = 1'b0;
    always @(posedge clk) cycle <= cycle + 1;

    task automatic receive_byte;
        reg [7:0] b;
        integer i;
        begin
            repeat (BIT_CLOCKS / 2) @(posedge clk);
            if (tx !== 1'b0) $fatal(1, "FAIL: uart: a start bit shorter than half a bit");
            for (i = 0; i < 8; i = i + 1) begin
                repeat (BIT_CLOCKS) @(posedge clk);
                b[i] = tx;
            end
            repeat (BIT_CLOCKS) @(posedge clk);
            if (tx !== 1'b1) $fatal(1, "FAIL: uart: no stop bit");
            text = {text[LEN-9:0], b};
            chars = chars + 1;
        end
    endtask

    function automatic [LEN-1:0] tail_of(input [LEN-1:0] s, input integer n);
        tail_of = s & ((1 << (8 * n)) - 1);         // the last n characters
    endfunction

    localparam integer WANT = $bits(EXPECT) / 8;   // characters to compare
    integer want_len = WANT;
    initial begin
        if (IMAGE == "") $fatal(1, "FAIL: give the image: -P tb_icebreaker_boot.IMAGE=\"...\"");
        // Until the loader is done the CPU is held: no byte, no green LED.
        wait (dut.boot_done === 1'b1 || cycle >= MAX_CYCLES);
        if (cycle >= MAX_CYCLES) $fatal(1, "FAIL: the loader did not finish in %0d cycles", MAX_CYCLES);
        loaded_at = cycle;
        if (dut.boot_error !== 1'b0) $fatal(1, "FAIL: the loader reports an error");
        if (chars != 0) $fatal(1, "FAIL: the UART spoke before the image was loaded");
        $display("tb_icebreaker_boot: image loaded at cycle %0d (%.1f ms)", loaded_at, loaded_at * 39.8e-6);
        while (chars < want_len && cycle < MAX_CYCLES) begin
            @(negedge tx or posedge clk);
            if (tx === 1'b0) receive_byte;
        end
        if (tail_of(text, WANT) !== EXPECT)
            $fatal(1, "FAIL: the banner reads \"%0s\", expected \"%0s\"", text, EXPECT);
        if (ledg_n !== 1'b0 || ledr_n !== 1'b1) $fatal(1, "FAIL: LEDs: green %b red %b (active low)", ledg_n, ledr_n);
        if (io2 !== 1'b1 || io3 !== 1'b1) $fatal(1, "FAIL: flash WP#/HOLD# not held high");
        $display("tb_icebreaker_boot: \"%0s\" at cycle %0d", text, cycle);
        $display("PASS tb_icebreaker_boot");
        $finish;
    end

    initial begin
        #(40.0 * MAX_CYCLES + 1000);
        $fatal(1, "FAIL: timeout");
    end

endmodule

`default_nettype wire
