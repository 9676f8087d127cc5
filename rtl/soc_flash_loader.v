// soc_flash_loader: copies the RAM image from the board's SPI flash into the SoC's
// RAM at power-up and keeps the CPU in reset until the copy is complete, because
// iCE40 SPRAM cannot be initialised by the bitstream (docs/boot.md).
`timescale 1ns / 1ps
`default_nettype none

// After rst: CS high for TRES1_CYCLES; release from power-down (0xAB); CS high for
// TRES1_CYCLES (the flash's tRES1); one read (0x03, 24-bit FLASH_OFFSET) streamed for
// BYTES bytes. Each 4 bytes, the first at the lowest flash address in bits 7:0, make
// a word written at 0, 4, 8, ... by a Wishbone B4 classic master. SCK stops, low,
// while a write waits for its ack: a flash's read has no minimum clock rate, and the
// shift register holds the word meanwhile instead of a second 32-bit register.
// SPI mode 0: SCK idles low, MOSI changes as SCK falls, MISO is sampled as SCK rises.
// A bus error stops the copy: CS high, error set, and the CPU stays held.
module soc_flash_loader #(
    parameter integer CLOCK_HZ = 25_125_000,        // for the default tRES1 only
    parameter integer FLASH_OFFSET = 'h10_0000,     // the image's flash byte address
    parameter integer BYTES = 65536,                // bytes to copy, a multiple of 4
    parameter integer SCK_DIV = 2,                  // clocks an SCK period, even, >= 2
    parameter integer TRES1_CYCLES = (CLOCK_HZ / 1_000_000 + 1) * 3  // >= 3 us
) (
    input  wire        clk,
    input  wire        rst,                         // synchronous, active high
    // Wishbone B4 classic master, 32-bit, byte addresses, writes only
    output wire        wb_cyc_o,
    output wire        wb_stb_o,
    output wire        wb_we_o,
    output wire [3:0]  wb_sel_o,
    output wire [31:0] wb_adr_o,
    output wire [31:0] wb_dat_o,
    input  wire        wb_ack_i,
    input  wire        wb_err_i,
    // SPI flash, registered outputs
    output reg         spi_sck,
    output reg         spi_cs_n,
    output wire        spi_mosi,                    // flash IO0
    input  wire        spi_miso,                    // flash IO1
    // status, registered: busy, then done or error
    output reg         cpu_hold,                    // the SoC's cpu_hold
    output reg         busy,
    output reg         done,
    output reg         error
);

    localparam integer WORDS = BYTES / 4;
    localparam integer WW = WORDS > 1 ? $clog2(WORDS) : 1;
    localparam integer HALF = SCK_DIV / 2;          // clocks an SCK phase
    localparam integer DW = HALF > 1 ? $clog2(HALF) : 1;
    localparam integer CW = TRES1_CYCLES > 31 ? $clog2(TRES1_CYCLES + 1) : 5;

    initial begin
        if (BYTES < 4 || BYTES % 4 != 0 || BYTES > (1 << 24))
            $error("%m: BYTES = %0d, must be a multiple of 4 in 4..2^24", BYTES);
        if (FLASH_OFFSET < 0 || FLASH_OFFSET + BYTES > (1 << 24))
            $error("%m: FLASH_OFFSET + BYTES = 0x%0h, beyond a 24-bit address", FLASH_OFFSET + BYTES);
        if (SCK_DIV < 2 || SCK_DIV % 2 != 0) $error("%m: SCK_DIV = %0d, must be even, >= 2", SCK_DIV);
        if (TRES1_CYCLES < 1) $error("%m: TRES1_CYCLES = %0d, must be >= 1", TRES1_CYCLES);
    end

    localparam [23:0] OFFSET = FLASH_OFFSET[23:0];
    localparam integer HALF_M1_I = HALF - 1;
    localparam [DW-1:0] HALF_M1 = HALF_M1_I[DW-1:0];
    localparam integer LAST_I = WORDS - 1;
    localparam [WW-1:0] LAST = LAST_I[WW-1:0];
    localparam [CW-1:0] T_RES = TRES1_CYCLES[CW-1:0];
    localparam [CW-1:0] BITS_8 = 7, BITS_32 = 31;   // bits to shift, less one

    localparam [2:0] S_START = 3'd0,                // CS high after reset
                     S_WAKE = 3'd1,                 // 0xAB out
                     S_TRES = 3'd2,                 // CS high for tRES1
                     S_CMD = 3'd3,                  // 0x03 and the address out
                     S_DATA = 3'd4,                 // a word in
                     S_WRITE = 3'd5,                // the word onto the bus
                     S_STOP = 3'd6;                 // done or error

    reg [2:0]    state;
    reg [31:0]   sr;                                // out at bit 31, in at bit 0
    reg [CW-1:0] cnt;                               // bits or wait cycles left, less one
    reg [DW-1:0] div;                               // clocks into the SCK phase
    reg [WW-1:0] word;
    reg          miso_q;                            // the bit sampled as SCK rose
    reg          cyc;

    wire shifting = state == S_WAKE || state == S_CMD || state == S_DATA;
    wire tick = HALF == 1 || div == HALF_M1;        // the SCK phase ends

    assign spi_mosi = sr[31];
    assign wb_cyc_o = cyc;
    assign wb_stb_o = cyc;
    assign wb_we_o = 1'b1;
    assign wb_sel_o = 4'hf;
    assign wb_adr_o = {{(30 - WW){1'b0}}, word, 2'b00};
    assign wb_dat_o = {sr[7:0], sr[15:8], sr[23:16], sr[31:24]};   // first byte lowest

    always @(posedge clk) begin
        div <= shifting && !tick ? div + 1'b1 : {DW{1'b0}};
        case (state)
            S_START, S_TRES: begin
                spi_cs_n <= 1'b1;
                cnt <= cnt - 1'b1;
                if (cnt == 0) begin                 // CS was high T_RES cycles
                    spi_cs_n <= 1'b0;
                    if (state == S_START) begin
                        sr <= {8'hab, 24'd0};
                        cnt <= BITS_8;
                        state <= S_WAKE;
                    end else begin
                        sr <= {8'h03, OFFSET};
                        cnt <= BITS_32;
                        state <= S_CMD;
                    end
                end
            end
            S_WAKE, S_CMD, S_DATA: if (tick) begin
                spi_sck <= !spi_sck;
                if (!spi_sck) begin
                    miso_q <= spi_miso;
                end else begin
                    sr <= {sr[30:0], miso_q};
                    cnt <= cnt - 1'b1;
                    if (cnt == 0) begin
                        if (state == S_WAKE) begin
                            cnt <= T_RES;
                            state <= S_TRES;
                        end else if (state == S_CMD) begin
                            cnt <= BITS_32;
                            state <= S_DATA;
                        end else begin
                            cyc <= 1'b1;
                            state <= S_WRITE;
                        end
                    end
                end
            end
            S_WRITE: if (wb_ack_i || wb_err_i) begin
                cyc <= 1'b0;
                word <= word + 1'b1;
                cnt <= BITS_32;
                state <= S_DATA;
                if (wb_err_i || word == LAST) begin
                    spi_cs_n <= 1'b1;
                    busy <= 1'b0;
                    state <= S_STOP;
                    if (wb_err_i) error <= 1'b1;
                    else {done, cpu_hold} <= 2'b10;
                end
            end
            default: ;                              // S_STOP
        endcase
        if (rst) begin
            state <= S_START;
            cnt <= T_RES;
            word <= {WW{1'b0}};
            cyc <= 1'b0;
            spi_sck <= 1'b0;
            spi_cs_n <= 1'b1;
            {cpu_hold, busy, done, error} <= 4'b1100;
        end
    end

endmodule

`default_nettype wire
