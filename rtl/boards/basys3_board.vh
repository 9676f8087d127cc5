// basys3: the board's configuration, generated from constraints/boards.mk by
// scripts/boards.py (make regmap): do not edit. The top's parameter defaults:
// make synth and FuseSoC pass the same values, and a flow that passes none
// (the Vivado script, a user's own) builds exactly this configuration.
`ifndef BASYS3_BOARD_VH
`define BASYS3_BOARD_VH
`define BASYS3_RAM_BYTES 81920
`define BASYS3_RAM_SHARED_PORT 0
`define BASYS3_FETCH_REG 0
`define BASYS3_CPU_DIV_PAIR 1
`define BASYS3_N_MAX 2048
`define BASYS3_LANES 8
`define BASYS3_BINNING 0
`define BASYS3_SORTER 0
`define BASYS3_LIMIT 1
`define BASYS3_RESULT_SLOTS 512
`define BASYS3_SPRITES_MAX 2080
`define BASYS3_SCALE 4
`define BASYS3_MODE 0
`define BASYS3_BOID_WINDOW 1
`define BASYS3_CLOCK_HZ 50000000
`endif
