// soc_uart: the SoC's console, 8N1 serial with a programmable bit time.
// A Wishbone B4 classic slave with one transmit holding register and one
// received byte; the firmware polls STATUS (no FIFO: the console is slow).
`timescale 1ns / 1ps
`default_nettype none

// Registers (byte offsets; 32-bit accesses):
//   0x0 DATA     write: send the low byte (dropped if STATUS.TX_READY was 0)
//                read:  the last byte received; clears STATUS.RX_VALID
//   0x4 STATUS   bit 0 TX_READY, bit 1 RX_VALID, bit 2 RX_OVERRUN (a byte was
//                lost; cleared by reading DATA), read only
//   0x8 DIVISOR  clock cycles a bit, reset DIVISOR_RESET, at least 4
module soc_uart #(
    parameter integer DIVISOR_RESET = 218           // 25.175 MHz / 115200
) (
    input  wire        clk,
    input  wire        rst,                         // synchronous, active high
    // Wishbone B4 classic slave
    input  wire        wb_cyc_i,
    input  wire        wb_stb_i,
    input  wire        wb_we_i,
    input  wire [3:2]  wb_adr_i,
    input  wire [31:0] wb_dat_i,
    output reg  [31:0] wb_dat_o,
    output reg         wb_ack_o,
    // serial pins, idle high
    output reg         uart_tx,
    input  wire        uart_rx
);

    initial begin
        if (DIVISOR_RESET < 4 || DIVISOR_RESET > 65535)
            $error("%m: DIVISOR_RESET must be 4..65535");
    end

    reg [15:0] divisor;

    // transmitter: start bit, 8 data bits LSB first, stop bit
    reg [9:0]  tx_shift;
    reg [3:0]  tx_bits_left;
    reg [15:0] tx_timer;
    wire       tx_ready = tx_bits_left == 4'd0 && tx_timer == 16'd0;

    // receiver: a two-flop synchronizer, then sample in the middle of each bit
    reg [1:0]  rx_sync;
    reg        rx_busy;
    reg [3:0]  rx_bit;
    reg [15:0] rx_timer;
    reg [7:0]  rx_shift, rx_data;
    reg        rx_valid, rx_overrun;

    wire bus_access = wb_cyc_i && wb_stb_i && !wb_ack_o;
    wire write_data = bus_access && wb_we_i && wb_adr_i == 2'd0;
    wire read_data = bus_access && !wb_we_i && wb_adr_i == 2'd0;
    wire rx_line = rx_sync[1];
    wire unused_ok = &{1'b0, wb_dat_i[31:16]};

    always @(posedge clk) begin
        wb_ack_o <= bus_access;
        case (wb_adr_i)
            2'd0: wb_dat_o <= {24'd0, rx_data};
            2'd1: wb_dat_o <= {29'd0, rx_overrun, rx_valid, tx_ready};
            2'd2: wb_dat_o <= {16'd0, divisor};
            default: wb_dat_o <= 32'd0;
        endcase
        if (bus_access && wb_we_i && wb_adr_i == 2'd2 && wb_dat_i[15:0] >= 16'd4)
            divisor <= wb_dat_i[15:0];

        if (write_data && tx_ready) begin
            tx_shift <= {1'b1, wb_dat_i[7:0], 1'b0};
            tx_bits_left <= 4'd10;
        end else if (tx_timer != 16'd0) begin
            tx_timer <= tx_timer - 16'd1;
        end else if (tx_bits_left != 4'd0) begin  // each bit, the stop bit too, lasts DIVISOR
            uart_tx <= tx_shift[0];
            tx_shift <= {1'b1, tx_shift[9:1]};
            tx_timer <= divisor - 16'd1;
            tx_bits_left <= tx_bits_left - 4'd1;
        end

        rx_sync <= {rx_sync[0], uart_rx};
        if (read_data) begin
            rx_valid <= 1'b0;
            rx_overrun <= 1'b0;
        end
        if (!rx_busy) begin
            if (!rx_line) begin                       // start bit edge
                rx_busy <= 1'b1;
                rx_bit <= 4'd0;
                rx_timer <= {1'b0, divisor[15:1]};    // to the middle of the start bit
            end
        end else if (rx_timer != 16'd0) begin
            rx_timer <= rx_timer - 16'd1;
        end else begin
            rx_timer <= divisor - 16'd1;
            rx_bit <= rx_bit + 4'd1;
            if (rx_bit == 4'd0) begin
                if (rx_line) rx_busy <= 1'b0;         // a glitch, not a start bit
            end else if (rx_bit <= 4'd8) begin
                rx_shift <= {rx_line, rx_shift[7:1]};
            end else begin                            // stop bit time
                rx_busy <= 1'b0;
                if (rx_line) begin
                    rx_data <= rx_shift;
                    rx_valid <= 1'b1;
                    if (rx_valid && !read_data) rx_overrun <= 1'b1;
                end
            end
        end

        if (rst) begin
            wb_ack_o <= 1'b0;
            divisor <= DIVISOR_RESET[15:0];
            uart_tx <= 1'b1;
            tx_bits_left <= 4'd0;
            tx_timer <= 16'd0;
            rx_sync <= 2'b11;
            rx_busy <= 1'b0;
            rx_valid <= 1'b0;
            rx_overrun <= 1'b0;
        end
    end

endmodule

`default_nettype wire
