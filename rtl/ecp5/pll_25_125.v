// pll_25_125: the ECP5 PLL (EHXPLLL) for DVI at 640x480 on the ULX3S: from the board's
// 25 MHz oscillator, a 25 MHz pixel clock and the 125 MHz serializer clock (5x, for
// two bits a fast clock), rising edges aligned, as dvi_transmitter requires; and a system clock.
`timescale 1ns / 1ps
`default_nettype none

// Dividers, against the ECP5 PLL's limits (PFD 3.125-400 MHz, VCO 400-800 MHz):
//   PFD   = 25 MHz / CLKI_DIV 1                = 25 MHz   (>= 3.125)
//   CLKOP = 25 MHz * CLKFB_DIV 5 / CLKI_DIV 1  = 125 MHz  (feedback from CLKOP)
//   VCO   = CLKOP * CLKOP_DIV 5                = 625 MHz  (400..800; CLKOP_DIV 4 or 6
//                                                give 500 or 750, 5 sits nearest the middle)
//   CLKOS = VCO / CLKOS_DIV 25                 = 25 MHz
//   CLKOS2 = VCO / CLKOS2_DIV 15               = 41.67 MHz, the system clock (CPU, RAM,
//                                                accelerator): the VCO's step with a margin
//                                                below the 44.0 to 44.3 MHz the design
//                                                closes at (/14 is 44.64, which it missed
//                                                once the display packed its sprites);
//                                                unrelated to the pixel clock's phase
// Both outputs divide the same VCO, so 25 MHz is exactly 125 / 5. Phase: CPHASE = DIV - 1
// is zero degrees (the convention of the ULX3S community's parametric PLL, emard's
// ecp5pll); with it on both outputs a rising edge of CLKOS falls on every fifth rising
// edge of CLKOP. 25 MHz is not VESA's 25.175 MHz: 59.5 Hz frames, which monitors take.
module pll_25_125 (
    input  wire clk_25mhz,              // board oscillator
    output wire clk_pixel,              // 25 MHz
    output wire clk_serial,             // 125 MHz, 5x clk_pixel, edges aligned
    output wire clk_system,             // 41.67 MHz (625 / 15)
    output wire locked                  // both outputs valid; asynchronous
);

    wire clkos3, intlock, refclk, clkintfb;             // not used

    // Loop filter settings as the Trellis tools (ecppll) write them for every ECP5
    // PLL; FREQUENCY_PIN_* tell nextpnr the clocks for timing analysis.
    (* FREQUENCY_PIN_CLKI = "25" *)
    (* FREQUENCY_PIN_CLKOP = "125" *)
    (* FREQUENCY_PIN_CLKOS = "25" *)
    (* FREQUENCY_PIN_CLKOS2 = "41.666667" *)
    (* ICP_CURRENT = "12" *) (* LPF_RESISTOR = "8" *)
    (* MFG_ENABLE_FILTEROPAMP = "1" *) (* MFG_GMCREF_SEL = "2" *)
    EHXPLLL #(
        .PLLRST_ENA("DISABLED"),
        .INTFB_WAKE("DISABLED"),
        .STDBY_ENABLE("DISABLED"),
        .DPHASE_SOURCE("DISABLED"),
        .OUTDIVIDER_MUXA("DIVA"),
        .OUTDIVIDER_MUXB("DIVB"),
        .CLKI_DIV(1),
        .FEEDBK_PATH("CLKOP"),
        .CLKFB_DIV(5),
        .CLKOP_ENABLE("ENABLED"),
        .CLKOP_DIV(5),
        .CLKOP_CPHASE(4),
        .CLKOP_FPHASE(0),
        .CLKOS_ENABLE("ENABLED"),
        .CLKOS_DIV(25),
        .CLKOS_CPHASE(24),
        .CLKOS_FPHASE(0),
        .CLKOS2_ENABLE("ENABLED"),
        .CLKOS2_DIV(15),
        .CLKOS2_CPHASE(14),
        .CLKOS2_FPHASE(0)
    ) u_pll (
        .CLKI(clk_25mhz),
        .CLKFB(clk_serial),
        .CLKOP(clk_serial),
        .CLKOS(clk_pixel),
        .CLKOS2(clk_system),
        .CLKOS3(clkos3),
        .LOCK(locked),
        .INTLOCK(intlock),
        .REFCLK(refclk),
        .CLKINTFB(clkintfb),
        .RST(1'b0),
        .STDBY(1'b0),
        .PHASESEL1(1'b0),
        .PHASESEL0(1'b0),
        .PHASEDIR(1'b0),
        .PHASESTEP(1'b0),
        .PHASELOADREG(1'b0),
        .PLLWAKESYNC(1'b0),
        .ENCLKOP(1'b0),
        .ENCLKOS(1'b0),
        .ENCLKOS2(1'b0),
        .ENCLKOS3(1'b0)
    );

    wire unused_ok = &{1'b0, clkos3, intlock, refclk, clkintfb};

endmodule

`default_nettype wire
