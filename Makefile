# Boids on an FPGA: build, test and benchmark. `make help` lists the targets.
SHELL := bash
.SHELLFLAGS := -eu -o pipefail -c
.DELETE_ON_ERROR:
.SECONDARY:
MAKEFLAGS += --no-builtin-rules --warn-undefined-variables
.DEFAULT_GOAL := all

BUILD ?= build
CC := gcc
CFLAGS ?= -O2 -g
WARNINGS := -std=c99 -Wall -Wextra -Werror
CPPFLAGS := -Ifirmware -Ihost -MMD -MP
LDLIBS := -lm -pthread
SANITIZE := -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all

FIRMWARE_SRC := $(wildcard firmware/*.c)
HOST_SRC := $(filter-out %_main.c,$(wildcard host/*.c))
LIB_SRC := $(FIRMWARE_SRC) $(HOST_SRC)
PROGRAM_NAMES := $(patsubst host/%_main.c,%,$(wildcard host/*_main.c))
PROGRAMS := $(addprefix $(BUILD)/,$(PROGRAM_NAMES))
TEST_NAMES := $(patsubst tests/%.c,%,$(wildcard tests/test_*.c))
TESTS := $(addprefix $(BUILD)/tests/,$(TEST_NAMES))
SAN_TESTS := $(addprefix $(BUILD)/san/tests/,$(TEST_NAMES))

.PHONY: all help deps run test bench experiments clean

all: $(PROGRAMS) $(TESTS) ## build every program and test into build/

help: ## this list
	@grep -E '^[a-z-]+:.*## ' $(MAKEFILE_LIST) | sed -E 's/:.*## /\t/' | expand -t 12

deps: ## install what the build needs (apt-get when root, else print the command)
	@bash scripts/setup.sh

run: deps $(BUILD)/boids ## a short flock run of the C model with its metrics
	$(BUILD)/boids --boids 512 --predators 2 --scouts1 24 --scouts2 12 --frames 600 --every 60

test: deps ## build and run every test; ends with "N passed, N failed"
	@$(MAKE) --no-print-directory $(PROGRAMS) $(TESTS) $(SAN_TESTS)
	@bash tests/run_all.sh $(BUILD)

bench: deps $(BUILD)/bench ## throughput figures (recorded in docs/performance.md)
	$(BUILD)/bench

experiments: $(BUILD)/experiment ## leadership sweeps (minutes), plots into docs/
	@bash scripts/setup.sh plots
	$(BUILD)/experiment --out $(BUILD)/experiments
	gnuplot -e "dir='$(BUILD)/experiments'; out='docs'" scripts/plot_experiments.gp
	@echo "plots: docs/experiments-leadership.png docs/experiments-conflict.png"

clean: ## remove build/
	rm -rf $(BUILD)

# Objects: a normal build and a sanitizer build of the same sources.
$(BUILD)/obj/%.o: %.c
	@mkdir -p $(@D)
	$(CC) $(WARNINGS) $(CFLAGS) $(CPPFLAGS) -c $< -o $@

$(BUILD)/san/%.o: %.c
	@mkdir -p $(@D)
	$(CC) $(WARNINGS) -O1 -g $(SANITIZE) $(CPPFLAGS) -c $< -o $@

$(BUILD)/libboids.a: $(patsubst %.c,$(BUILD)/obj/%.o,$(LIB_SRC))
	ar rcs $@ $^

$(BUILD)/san/libboids.a: $(patsubst %.c,$(BUILD)/san/%.o,$(LIB_SRC))
	ar rcs $@ $^

$(BUILD)/%: $(BUILD)/obj/host/%_main.o $(BUILD)/libboids.a
	$(CC) $(CFLAGS) $^ $(LDLIBS) -o $@

$(BUILD)/tests/%: $(BUILD)/obj/tests/%.o $(BUILD)/libboids.a
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) $^ -lcmocka $(LDLIBS) -o $@

$(BUILD)/san/tests/%: $(BUILD)/san/tests/%.o $(BUILD)/san/libboids.a
	@mkdir -p $(@D)
	$(CC) -g $(SANITIZE) $^ -lcmocka $(LDLIBS) -o $@

-include $(shell find $(BUILD) -name '*.d' 2>/dev/null)
