// ulx3s: the board's configuration, generated from constraints/boards.mk by
// scripts/boards.py (make regmap): do not edit. The top's parameter defaults:
// make synth and FuseSoC pass the same values, and a flow that passes none
// (the Vivado script, a user's own) builds exactly this configuration.
`ifndef ULX3S_BOARD_VH
`define ULX3S_BOARD_VH
`define ULX3S_RAM_BYTES 163840
`define ULX3S_RAM_SHARED_PORT 0
`define ULX3S_FETCH_REG 1
`define ULX3S_CPU_DIV_PAIR 1
`define ULX3S_N_MAX 4096
`define ULX3S_LANES 6
`define ULX3S_BINNING 1
`define ULX3S_SORTER 1
`define ULX3S_LIMIT 1
`define ULX3S_RESULT_SLOTS 512
`define ULX3S_SPRITES_MAX 4352
`define ULX3S_SCALE 2
`define ULX3S_MODE 0
`define ULX3S_BOID_WINDOW 1
`define ULX3S_CLOCK_HZ 41666667
`endif
