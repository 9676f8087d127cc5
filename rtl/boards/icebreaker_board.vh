// icebreaker: the board's configuration, generated from constraints/boards.mk by
// scripts/boards.py (make regmap): do not edit. The top's parameter defaults:
// make synth and FuseSoC pass the same values, and a flow that passes none
// (the Vivado script, a user's own) builds exactly this configuration.
`ifndef ICEBREAKER_BOARD_VH
`define ICEBREAKER_BOARD_VH
`define ICEBREAKER_RAM_BYTES 65536
`define ICEBREAKER_RAM_SHARED_PORT 1
`define ICEBREAKER_FETCH_REG 0
`define ICEBREAKER_CPU_DIV_PAIR 0
`define ICEBREAKER_N_MAX 512
`define ICEBREAKER_LANES 0
`define ICEBREAKER_BINNING 0
`define ICEBREAKER_SORTER 0
`define ICEBREAKER_LIMIT 1
`define ICEBREAKER_RESULT_SLOTS 512
`define ICEBREAKER_SPRITES_MAX 528
`define ICEBREAKER_SCALE 4
`define ICEBREAKER_MODE 0
`define ICEBREAKER_BOID_WINDOW 0
`define ICEBREAKER_CLOCK_HZ 25125000
`endif
