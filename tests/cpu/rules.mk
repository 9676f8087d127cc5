# The soft CPU's tests (included by the Makefile; run by tests/test_cpu.sh): every
# tests/cpu/*.S program but start.S, and the conformance programs tests/cpu/isa/*.S,
# built for RV32IM, then run on cpu_test_top under Icarus (one vvp per program, the
# image as soc_ram's INIT_FILE) and under Verilator (one model for all, the image
# given with +HEX).
CPU_CC := riscv64-unknown-elf-gcc
CPU_OBJCOPY := riscv64-unknown-elf-objcopy
CPU_ARCH := -march=rv32im_zicsr_zifencei -mabi=ilp32
CPU_ASFLAGS := $(CPU_ARCH) -nostdlib -nostartfiles -Itests/cpu -Wl,--no-warn-rwx-segments
CPU_RAM_WORDS := 4096
CPU_PROGRAMS := $(filter-out start,$(patsubst tests/cpu/%.S,%,$(wildcard tests/cpu/*.S))) \
	$(patsubst tests/cpu/%.S,%,$(wildcard tests/cpu/isa/*.S))
CPU_RTL := $(wildcard rtl/cpu_*.v) rtl/soc_ram.v rtl/soc_bus_jitter.v tests/cpu/cpu_test_top.v
CPU_SIM := $(BUILD)/cpu/cpu_sim
ISS_SRC := $(filter-out %/iss_run.c,$(wildcard tests/cpu/iss/*.c))
# the divider's programs again on a CPU without the div/rem pair shortcut (the
# iCEBreaker's): every division then runs all its steps
CPU_NO_PAIR_PROGRAMS := div isa/div isa/divu isa/rem isa/remu
CPU_ARTIFACTS := $(patsubst %,$(BUILD)/cpu/%.hex,$(CPU_PROGRAMS)) \
	$(patsubst %,$(BUILD)/cpu/%.vvp,$(CPU_PROGRAMS)) $(CPU_SIM) \
	$(patsubst %,$(BUILD)/cpu/no-pair/%.vvp,$(CPU_NO_PAIR_PROGRAMS)) \
	$(patsubst %,$(BUILD)/cpu/fetch-reg/%.vvp,$(CPU_PROGRAMS))

$(BUILD)/cpu/%.elf: tests/cpu/%.S tests/cpu/start.S tests/cpu/test_macros.h tests/cpu/link.ld
	@mkdir -p $(@D)
	$(CPU_CC) $(CPU_ASFLAGS) -T tests/cpu/link.ld tests/cpu/start.S $< -o $@

$(BUILD)/cpu/isa/%.elf: tests/cpu/isa/%.S tests/cpu/isa/isa_macros.h tests/cpu/start.S \
		tests/cpu/test_macros.h tests/cpu/link.ld
	@mkdir -p $(@D)
	$(CPU_CC) $(CPU_ASFLAGS) -T tests/cpu/link.ld tests/cpu/start.S $< -o $@

$(BUILD)/cpu/%.hex: $(BUILD)/cpu/%.elf scripts/bin_to_hex.py
	$(CPU_OBJCOPY) -O binary $< $(@:.hex=.bin)
	python3 scripts/bin_to_hex.py $(@:.hex=.bin) $@ $(CPU_RAM_WORDS)

$(BUILD)/cpu/%.vvp: $(BUILD)/cpu/%.hex $(CPU_RTL) tests/rtl/tb_cpu.v tests/rtl/tb_waves.vh
	iverilog -g2012 -Wall -Irtl -Itests/rtl -y rtl -y tests/cpu -P 'tb_cpu.HEX="$<"' -o $@ \
		tests/rtl/tb_cpu.v tests/cpu/cpu_test_top.v

$(BUILD)/cpu/no-pair/%.vvp: $(BUILD)/cpu/%.hex $(CPU_RTL) tests/rtl/tb_cpu.v tests/rtl/tb_waves.vh
	@mkdir -p $(@D)
	iverilog -g2012 -Wall -Irtl -Itests/rtl -y rtl -y tests/cpu -P 'tb_cpu.HEX="$<"' \
		-P tb_cpu.DIV_PAIR_SHORTCUT=0 -o $@ tests/rtl/tb_cpu.v tests/cpu/cpu_test_top.v

# every program again with the RAM's fetch register (the ULX3S's: each fetch
# answered two cycles after its request) and the three-word fetch buffer it needs
$(BUILD)/cpu/fetch-reg/%.vvp: $(BUILD)/cpu/%.hex $(CPU_RTL) tests/rtl/tb_cpu.v tests/rtl/tb_waves.vh
	@mkdir -p $(@D)
	iverilog -g2012 -Wall -Irtl -Itests/rtl -y rtl -y tests/cpu -P 'tb_cpu.HEX="$<"' \
		-P tb_cpu.FETCH_REG=1 -o $@ tests/rtl/tb_cpu.v tests/cpu/cpu_test_top.v

# One Verilated harness, FST tracing compiled in (--trace FILE.fst), built with -O3.
$(BUILD)/cpu/vl/model.a: $(CPU_RTL) $(VL_STAMP)
	@echo "verilator: cpu_test_top (log: $(@D)/verilator.log)"
	$(call verilate,cpu_test_top,Vcpu_test_top,-y tests/cpu --trace-fst,tests/cpu/cpu_test_top.v)

$(BUILD)/cpu/vl/cpu_test_main.o: tests/cpu/cpu_test_main.cpp $(BUILD)/cpu/vl/model.a $(wildcard tests/cpu/iss/*.h)
	$(VL_CXX) -I$(@D) -Itests/cpu/iss \
		-DRAM_BYTES=$$(($(CPU_RAM_WORDS) * 4)) -c $< -o $@

# the checker and the ISS run beside the model (lockstep)
$(CPU_SIM): $(BUILD)/cpu/vl/cpu_test_main.o $(BUILD)/cpu/vl/model.a $(BUILD)/vl/runtime_fst.a \
		$(patsubst %.c,$(BUILD)/obj/%.o,$(ISS_SRC))
	$(CXX) $^ -pthread -lz -o $@

# The reference ISS (tests/cpu/iss/): iss_run runs every program above on it (the
# test device of cpu_test_top modelled); the lockstep checker is linked into
# tests/test_lockstep (and its sanitizer build), which tests it on ISS streams.
CPU_ISS := $(BUILD)/cpu/iss_run
CPU_ARTIFACTS += $(CPU_ISS)

$(CPU_ISS): $(BUILD)/obj/tests/cpu/iss/iss_run.o $(patsubst %.c,$(BUILD)/obj/%.o,$(ISS_SRC))
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) $^ -o $@

$(BUILD)/tests/test_lockstep: $(patsubst %.c,$(BUILD)/obj/%.o,$(ISS_SRC))
$(BUILD)/san/tests/test_lockstep: $(patsubst %.c,$(BUILD)/san/%.o,$(ISS_SRC))

# Seeded random programs (tests/cpu/iss/random_program.py): seedN for lockstep (they
# read the clock too), sigN with a signature the ISS and the RTL must print alike
# (tests/test_cpu_random.sh).
RANDOM_SEEDS := 1 2 3 4 5 6 7 8
CPU_RANDOM := $(foreach s,$(RANDOM_SEEDS),$(BUILD)/cpu/random/seed$(s).hex $(BUILD)/cpu/random/sig$(s).hex)
CPU_ARTIFACTS += $(CPU_RANDOM)

$(BUILD)/cpu/random/seed%.S: tests/cpu/iss/random_program.py
	@mkdir -p $(@D)
	python3 $< $* -o $@

$(BUILD)/cpu/random/sig%.S: tests/cpu/iss/random_program.py
	@mkdir -p $(@D)
	python3 $< $* --signature -o $@

$(BUILD)/cpu/random/%.elf: $(BUILD)/cpu/random/%.S tests/cpu/start.S tests/cpu/test_macros.h tests/cpu/link.ld
	$(CPU_CC) $(CPU_ASFLAGS) -T tests/cpu/link.ld tests/cpu/start.S $< -o $@

# soc_run: a test program in the whole SoC (build/vl/soc), run by tests/test_soc_isa.sh;
# soc_run-jitter the same in the SoC with random waits on the CPU's ports (soc-jitter).
soc_run_parts = $(BUILD)/obj/tests/tools/soc_run.o $(BUILD)/vl/$1/soc_sim.o $(BUILD)/vl/system_sim_api.o \
	$(BUILD)/vl/$1/model.a $(BUILD)/vl/runtime_fst.a $(BUILD)/libsim.a $(BUILD)/libboids.a
CPU_SOC_RUN := $(BUILD)/tests/tools/soc_run
CPU_ARTIFACTS += $(CPU_SOC_RUN) $(CPU_SOC_RUN)-jitter
$(CPU_SOC_RUN): $(call soc_run_parts,soc)
	@mkdir -p $(@D)
	$(CXX) $(CFLAGS) $^ $(SIM_LIBS) $(LDLIBS) -o $@
$(CPU_SOC_RUN)-jitter: $(call soc_run_parts,soc-jitter)
	@mkdir -p $(@D)
	$(CXX) $(CFLAGS) $^ $(SIM_LIBS) $(LDLIBS) -o $@

# Last: CPU_ARTIFACTS is complete only here (a rule's prerequisites expand at once).
.PHONY: cpu-tests
cpu-tests: $(CPU_ARTIFACTS) ## the CPU's programs: Icarus, Verilator (+ waits), ISS, random, in the SoC
	@bash tests/test_cpu.sh $(BUILD) && bash tests/test_cpu_random.sh $(BUILD) && bash tests/test_soc_isa.sh $(BUILD)
