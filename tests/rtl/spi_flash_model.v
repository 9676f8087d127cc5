// spi_flash_model: a behavioural SPI NOR flash for testbenches, enough of one for a
// boot loader: release from power-down (0xAB) and read (0x03, 24-bit address), with
// the protocol and timing checked and counted for the testbench to judge.
`timescale 1ns / 1ps
`default_nettype none

// Memory: SIZE bytes from flash address BASE, loaded from INIT_FILE ($readmemh, a
// byte a line) or written by the testbench through mem[]; elsewhere the flash reads
// 0xFF (erased). It starts powered down (START_ASLEEP) as an iCE40 may leave it, and
// then ignores every command but 0xAB. 0xAB takes effect when CS rises; a command
// whose CS falls less than TRES1_NS later is ignored and counted (tres1_violations).
// Mode 0 only: SCK must be low whenever CS changes; MOSI must be stable from TSU_NS
// before a rising SCK edge until SCK falls; CS must stay high TSHSL_NS between
// commands. MISO is high-Z while CS is high or the flash does not talk, X from a
// falling SCK edge until TCLQV_NS later (a master that samples early reads X), then
// the next bit. Any broken rule adds one to protocol_errors and, with VERBOSE, says
// which; the model never prints FAIL itself, so a testbench can expect errors.
module spi_flash_model #(
    parameter integer BASE = 'h10_0000,             // flash address of mem[0]
    parameter integer SIZE = 65536,                 // bytes in mem[]
    parameter INIT_FILE = "",                       // $readmemh image of mem[], or ""
    parameter integer START_ASLEEP = 1,             // powered down at time 0
    parameter integer TRES1_NS = 3000,              // wake-up time after 0xAB
    parameter integer TSHSL_NS = 50,                // least CS high time
    parameter integer TSU_NS = 5,                   // MOSI setup before SCK rises
    parameter integer TCLQV_NS = 7,                 // MISO valid after SCK falls
    parameter integer VERBOSE = 0                   // describe each protocol error
) (
    input  wire sck,
    input  wire cs_n,
    input  wire mosi,                               // IO0
    output wire miso                                // IO1
);

    reg [7:0] mem[0:SIZE-1];

    // what the testbench reads
    integer protocol_errors = 0, tres1_violations = 0, ignored_commands = 0;
    integer commands = 0, wakes = 0, reads = 0, bytes_out = 0;   // bytes_out: whole bytes clocked out
    reg [7:0] cmd_log[0:15];                        // the first 16 commands, in order
    integer   cmd_bits[0:15];                       // and the bits each had when CS rose
    realtime min_sck_high = 1.0e9, min_sck_low = 1.0e9, min_cs_high = 1.0e9;

    reg       asleep = START_ASLEEP != 0;
    realtime  woken_at = -1.0e9;                    // when CS rose after 0xAB
    integer   bits = 0;                             // bits in since CS fell
    reg [7:0] cmd = 8'd0;
    reg [23:0] addr = 24'd0;
    reg       ignoring = 1'b0;                      // this command is not for us
    reg       talking = 1'b0;                       // MISO driven
    reg       out_bit = 1'b0;
    reg [7:0] out_byte = 8'd0;
    realtime  t_mosi = 0, t_sck_rise = 0, t_sck_fall = 0, t_cs_rise = -1.0e9;

    assign miso = talking ? out_bit : 1'bz;

    integer i;
    initial begin
        for (i = 0; i < SIZE; i = i + 1) mem[i] = 8'hff;
        if (INIT_FILE != "") $readmemh(INIT_FILE, mem);
    end

    task automatic broken(input [8*120-1:0] what);
        begin
            protocol_errors = protocol_errors + 1;
            if (VERBOSE) $display("spi_flash_model %m: %0s at %0t", what, $time);
        end
    endtask

    function automatic [7:0] byte_at(input [23:0] a);
        integer k;
        begin
            k = a - BASE;
            byte_at = (a >= BASE && k < SIZE) ? mem[k] : 8'hff;
        end
    endfunction

    always @(mosi) begin
        t_mosi = $realtime;
        if (!cs_n && sck) broken("MOSI changed while SCK was high");
    end

    always @(negedge cs_n) begin
        if (sck) broken("CS fell while SCK was high (not mode 0)");
        if ($realtime - t_cs_rise < min_cs_high) min_cs_high = $realtime - t_cs_rise;
        if ($realtime - t_cs_rise < TSHSL_NS) broken("CS high for less than tSHSL");
        bits = 0;
        ignoring = 1'b0;
        if (!asleep && $realtime - woken_at < TRES1_NS) begin
            tres1_violations = tres1_violations + 1;
            ignoring = 1'b1;                        // still waking: deaf
        end
    end

    always @(posedge cs_n) begin
        if (sck) broken("CS rose while SCK was high (not mode 0)");
        t_cs_rise = $realtime;
        talking = 1'b0;
        if (bits >= 8 && commands <= 16) cmd_bits[commands - 1] = bits;
        if (bits > 0 && bits < 8) broken("CS rose inside the command byte");
        if (bits >= 8 && !ignoring && cmd == 8'hab) begin
            asleep = 1'b0;
            woken_at = $realtime;
            wakes = wakes + 1;
        end
        if (cmd == 8'h03 && bits >= 8 && bits < 32 && !ignoring) broken("CS rose inside the read's address");
    end

    always @(posedge sck) if (!cs_n) begin
        if ($realtime - t_mosi < TSU_NS) broken("MOSI changed less than tSU before SCK rose");
        if (talking && out_bit === 1'bx) broken("SCK rose before MISO was valid (tCLQV)");
        if ($realtime - t_sck_fall < min_sck_low && bits > 0) min_sck_low = $realtime - t_sck_fall;
        t_sck_rise = $realtime;
        if (bits < 8) cmd = {cmd[6:0], mosi};
        else if (bits < 32) addr = {addr[22:0], mosi};
        bits = bits + 1;
        if (cmd == 8'h03 && !ignoring && bits > 32 && (bits - 32) % 8 == 0)
            bytes_out = bytes_out + 1;                  // a byte's last bit clocked
        if (bits == 8) begin
            commands = commands + 1;
            if (commands <= 16) cmd_log[commands - 1] = cmd;
            if (asleep && cmd != 8'hab) ignoring = 1'b1;
            if (ignoring) ignored_commands = ignored_commands + 1;
            else if (cmd == 8'h03) reads = reads + 1;
            else if (cmd != 8'hab) begin
                broken("a command this model does not know");
                ignoring = 1'b1;
            end
        end
    end

    always @(negedge sck) if (!cs_n) begin
        if ($realtime - t_sck_rise < min_sck_high) min_sck_high = $realtime - t_sck_rise;
        t_sck_fall = $realtime;
        // read data: a byte every 8 bits from the 32nd, MSB first
        if (cmd == 8'h03 && !ignoring && bits >= 32) begin
            if ((bits - 32) % 8 == 0) begin
                out_byte = byte_at(addr);
                addr = addr + 1'b1;
            end
            talking = 1'b1;
            out_bit = 1'bx;
            #(TCLQV_NS);
            if (!cs_n) out_bit = out_byte[7 - (bits - 32) % 8];
        end
    end

endmodule

`default_nettype wire
