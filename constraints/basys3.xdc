## Digilent Basys 3 (XC7A35T-1CPG236C) for rtl/boards/basys3_top.v, for Vivado.
## Pins from the Basys 3 reference manual; the VGA connector's 4-bit resistor DACs.

## 100 MHz oscillator; the MMCM derives the 25.175 MHz pixel clock (CLKOUT0)
## and the system clock (CLKOUT1, 50 MHz), and Vivado derives their
## constraints from this one.
set_property -dict {PACKAGE_PIN W5 IOSTANDARD LVCMOS33} [get_ports clk_100mhz]
create_clock -name oscillator -period 10.000 [get_ports clk_100mhz]

## The two clocks meet only in the display: synchronizers (ASYNC_REG) and the
## frame buffer's two ports (rtl/display_crossing.v). Their paths are bounded
## by the faster clock's period, without the clocks' skew, instead of timed
## as if the clocks were related.
set pixel_clock [get_clocks -of_objects [get_pins u_mmcm/CLKOUT0]]
set system_clock [get_clocks -of_objects [get_pins u_mmcm/CLKOUT1]]
set_max_delay -datapath_only -from $system_clock -to $pixel_clock [get_property PERIOD $system_clock]
set_max_delay -datapath_only -from $pixel_clock -to $system_clock [get_property PERIOD $system_clock]

## centre button: reset
set_property -dict {PACKAGE_PIN U18 IOSTANDARD LVCMOS33} [get_ports btnC]

## LD0 running, LD1 firmware EXIT
set_property -dict {PACKAGE_PIN U16 IOSTANDARD LVCMOS33} [get_ports {led[0]}]
set_property -dict {PACKAGE_PIN E19 IOSTANDARD LVCMOS33} [get_ports {led[1]}]

## USB-UART: RsTx leaves the FPGA
set_property -dict {PACKAGE_PIN A18 IOSTANDARD LVCMOS33} [get_ports RsTx]
set_property -dict {PACKAGE_PIN B18 IOSTANDARD LVCMOS33} [get_ports RsRx]

## VGA connector
set_property -dict {PACKAGE_PIN G19 IOSTANDARD LVCMOS33} [get_ports {vgaRed[0]}]
set_property -dict {PACKAGE_PIN H19 IOSTANDARD LVCMOS33} [get_ports {vgaRed[1]}]
set_property -dict {PACKAGE_PIN J19 IOSTANDARD LVCMOS33} [get_ports {vgaRed[2]}]
set_property -dict {PACKAGE_PIN N19 IOSTANDARD LVCMOS33} [get_ports {vgaRed[3]}]
set_property -dict {PACKAGE_PIN J17 IOSTANDARD LVCMOS33} [get_ports {vgaGreen[0]}]
set_property -dict {PACKAGE_PIN H17 IOSTANDARD LVCMOS33} [get_ports {vgaGreen[1]}]
set_property -dict {PACKAGE_PIN G17 IOSTANDARD LVCMOS33} [get_ports {vgaGreen[2]}]
set_property -dict {PACKAGE_PIN D17 IOSTANDARD LVCMOS33} [get_ports {vgaGreen[3]}]
set_property -dict {PACKAGE_PIN N18 IOSTANDARD LVCMOS33} [get_ports {vgaBlue[0]}]
set_property -dict {PACKAGE_PIN L18 IOSTANDARD LVCMOS33} [get_ports {vgaBlue[1]}]
set_property -dict {PACKAGE_PIN K18 IOSTANDARD LVCMOS33} [get_ports {vgaBlue[2]}]
set_property -dict {PACKAGE_PIN J18 IOSTANDARD LVCMOS33} [get_ports {vgaBlue[3]}]
set_property -dict {PACKAGE_PIN P19 IOSTANDARD LVCMOS33} [get_ports Hsync]
set_property -dict {PACKAGE_PIN R19 IOSTANDARD LVCMOS33} [get_ports Vsync]

## the configuration bank's voltage, for a bitstream without warnings
set_property CFGBVS VCCO [current_design]
set_property CONFIG_VOLTAGE 3.3 [current_design]
