# The simulators' report of their clock gates (sourced): "PROG: clocks each
# gated block ran, of N: BLOCK K (P%), ..." (sim/monitor_app.c).
# gate_clocks OUTPUT BLOCK: that block's K; all_clocks OUTPUT: the run's N.
gate_clocks() { sed -nE "s/.*[:,] $2 ([0-9]+) .*/\1/p" <<<"$1"; }
all_clocks() { sed -nE 's/.*gated block ran, of ([0-9]+):.*/\1/p' <<<"$1"; }
