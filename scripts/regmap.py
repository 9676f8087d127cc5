#!/usr/bin/env python3
"""The register maps of the accelerator and the display, and the system bus
that joins them: the one table from which the firmware headers
(firmware/accel_regs.h, firmware/display_regs.h), the RTL includes
(rtl/accel_regs.vh, rtl/display_regs.vh) and the document
(docs/register-map.md) are generated, and the accelerator's table in
docs/accelerator-ip.md (between its markers) is kept.

Usage: regmap.py [--check] OUTDIR   (OUTDIR is the repository root)
With --check, compares instead of writing and exits 1 if any file differs.
"""
import os
import re
import sys

from generated_files import generator_main

# Byte addresses on the Wishbone bus (32-bit words, word aligned).
REGS = [
    # name, offset, access, reset, summary, fields [(name, lsb, width, access, meaning)]
    ("ID", 0x00, "RO", 0x424F4944, "Identifies the block: ASCII 'BOID'.", []),
    ("NMAX", 0x04, "RO", None, "N_MAX, the most boids the boid memory holds (a build parameter).", []),
    ("LANES", 0x08, "RO", None, "LANES, the pair units working in parallel (a build parameter).", []),
    ("CTRL", 0x0C, "RW", 0, "Starts a run and chooses its kind.", [
        ("START", 0, 1, "W1", "Write 1 to start a run; reads as 0."),
        ("BATCH", 1, 1, "RW", "0: one query (boid QUERY); 1: every boid, results for all."),
        ("IRQ_EN", 2, 1, "RW", "1: drive irq while STATUS.DONE is set."),
        ("BINNED", 3, 1, "RW", "With BATCH: pass p streams only the boid ranges of pass table entry p "
                               "instead of boids 0 to N-1 (a binned batch). Reads 0 and is ignored in a "
                               "build without binning (BIN_PASSES 0): the batch is then brute force, "
                               "with the same results."),
        ("STEER", 4, 1, "RW", "With BATCH: each result entry, once final, is turned into the "
                              "neighbour steering of the Cornell rules (the STEER result words, with "
                              "CENTERING and AVOID): RESULTS_READY and DONE then count steered "
                              "entries. Reads 0 and is ignored in a build without steering "
                              "(STEER = 0); a query run ignores it."),
        ("VELOCITY", 5, 1, "RW", "With STEER: words 0 and 1 of each steered entry are instead the "
                                 "boid's velocity after the Cornell rules' steps 1 and 2 (its own "
                                 "velocity from the boid memory, the steering, the alignment with "
                                 "MATCHING, the edges with TURN, MARGIN, WORLD_W and WORLD_H: the "
                                 "VELOCITY result words). Reads 0 and is ignored in a build without "
                                 "steering."),
        ("SORT", 6, 1, "RW", "With BATCH and BINNED: the block writes the pass table itself, from the "
                             "boids its sorter placed (SORT, APPEND), and then runs the binned batch "
                             "(CYCLES counts both). Refused (ERR_PARAM) unless SORT's phase is PLACING "
                             "with SORTED's two counts equal to COUNT, and in a build without the "
                             "sorter (BIN_CELLS 0), where it reads 0."),
        ("LIMIT", 7, 1, "RW", "With STEER and VELOCITY: words 2 and 3 of each steered entry are "
                              "instead the boid's velocity after the Cornell rules' step 5 (the speed "
                              "limit of the exact estimate, with MINSPEED and MAXSPEED) for a boid "
                              "whose steps 3 and 4 leave the words 0 and 1 as they are: the LIMIT "
                              "result words. Reads 0 and is ignored in a build without steering "
                              "or without LIMIT (a build parameter)."),
        ("PREDATORS", 8, 1, "RW", "With STEER and VELOCITY: the velocity of words 0 and 1 (and so "
                                  "LIMIT's) takes the Cornell rules' step 3 as well: it turns away, by "
                                  "PRED_TURN on each axis, from the summed offset of the PRED_COUNT "
                                  "predators of the predator table within PRED_RANGE (the box and the "
                                  "circle). Reads 0 and is ignored in a build without steering or "
                                  "without the table (PREDATORS_MAX 0)."),
        ("EDGES_PSEUDOCODE", 9, 1, "RW", "With LIMIT: step 5 scales a boid slower than MINSPEED up to "
                                         "MINSPEED as the references' pseudocode does, even where an "
                                         "edge's braking is undone by it (--edges pseudocode); 0 keeps "
                                         "the braking (--edges brake, docs/rules.md). Reads 0 and is "
                                         "ignored in a build without LIMIT."),
    ]),
    ("STATUS", 0x10, "RW", 0, "Progress and sticky error flags; write 1 to a flag to clear it.", [
        ("BUSY", 0, 1, "RO", "A run is in progress."),
        ("DONE", 1, 1, "W1C", "The last run finished; its results are readable."),
        ("ERR_PARAM", 2, 1, "W1C", "A start was refused: COUNT above NMAX, QUERY not below COUNT in "
                                   "a query run, VISUAL above 255 px, PROTECTED2 above VISUAL2, or "
                                   "PRED_COUNT above PREDATORS_MAX in a batch with CTRL.PREDATORS."),
        ("ERR_BUSY", 3, 1, "W1C", "A start, or a write to the boid memory or a parameter, came "
                                  "while busy and was ignored."),
        ("ERR_BUS", 4, 1, "W1C", "An access to an unmapped address (acknowledged; reads 0)."),
    ]),
    ("COUNT", 0x14, "RW", 0, "N, the boids the run covers: boid memory entries 0 to N-1.", []),
    ("QUERY", 0x18, "RW", 0, "The boid a query run computes sums for.", []),
    ("VISUAL", 0x1C, "RW", 0, "visualrange in Q16.16 px, for the box test |dx|, |dy| < VISUAL.", []),
    ("VISUAL2_LO", 0x20, "RW", 0, "visualrange squared (Q32.32 px^2), bits 31:0.", []),
    ("VISUAL2_HI", 0x24, "RW", 0, "visualrange squared, bits 63:32.", []),
    ("PROTECTED2_LO", 0x28, "RW", 0, "protectedrange squared (Q32.32 px^2), bits 31:0.", []),
    ("PROTECTED2_HI", 0x2C, "RW", 0, "protectedrange squared, bits 63:32.", []),
    ("CYCLES", 0x30, "RO", 0, "Clock cycles the last run took, from START to DONE.", []),
    ("RESULTS_READY", 0x34, "RO", 0, "Result entries of the run that are final, counted from 0 at START. "
                                     "A batch finishes them in boid order, so results 0 to "
                                     "RESULTS_READY-1 hold their final sums while later passes run. "
                                     "It reads COUNT once DONE is set (a query run: 1); a refused "
                                     "START leaves it as it was.", []),
    ("BIN_PASSES", 0x38, "RO", None, "Entries of the pass table, ceil(NMAX / LANES), in a build with "
                                     "binning (a build parameter); 0 without.", []),
    ("CENTERING", 0x3C, "RW", 0, "centeringfactor (Q7.24) for a run with CTRL.STEER. Reads 0 in a "
                                 "build without steering.", []),
    ("AVOID", 0x40, "RW", 0, "avoidfactor (Q7.24) for a run with CTRL.STEER. Reads 0 in a build "
                             "without steering.", []),
    ("RESULT_SLOTS", 0x44, "RO", None, "Result entries the block keeps at once: NMAX, or fewer in a "
                                       "build with a result ring (a power of two, a build parameter). "
                                       "Entry i is then kept in slot i mod RESULT_SLOTS, read at its own "
                                       "address, and a batch of more boids than that waits for "
                                       "RESULTS_FREED.", []),
    ("RESULTS_FREED", 0x48, "RW", 0, "Result entries of the running batch, counted from 0, that the "
                                     "reader is done with; START sets it to 0, a value above NMAX "
                                     "reads as NMAX. A batch writes entry i only once i < "
                                     "RESULTS_FREED + RESULT_SLOTS: it holds before a pass that does "
                                     "not fit, and goes on when this is written. No effect when "
                                     "RESULT_SLOTS is NMAX.", []),
    ("MATCHING", 0x4C, "RW", 0, "matchingfactor (Q7.24) for a run with CTRL.VELOCITY. Reads 0 in a "
                                "build without steering.", []),
    ("TURN", 0x50, "RW", 0, "turnfactor (Q16.16 px/frame) for a run with CTRL.VELOCITY. Reads 0 in a "
                            "build without steering.", []),
    ("MARGIN", 0x54, "RW", 0, "The edges' margin (Q16.16 px) for a run with CTRL.VELOCITY. Reads 0 in a "
                              "build without steering.", []),
    ("WORLD_W", 0x58, "RW", 0, "The world's width (Q16.16 px) for a run with CTRL.VELOCITY. Reads 0 in "
                               "a build without steering.", []),
    ("WORLD_H", 0x5C, "RW", 0, "The world's height (Q16.16 px) for a run with CTRL.VELOCITY. Reads 0 in "
                               "a build without steering.", []),
    ("SORT", 0x60, "RW", 0, "The sorter's phase; a write gives it a command (a build with the sorter, "
                            "BIN_CELLS above 0; else reads 0 and ignores writes). Write 1: clear the "
                            "cell counts (CLEARING), then count a boid at each CELL_POS write (COUNTING). "
                            "Write 2 in COUNTING: turn the counts into each cell's first slot (SCANNING), "
                            "then place a boid at each fourth APPEND write (PLACING). A command while "
                            "CLEARING, SCANNING or a run is refused with ERR_BUSY; 1 with a GRID of no "
                            "cells or more than BIN_CELLS, 2 outside COUNTING, and any other value, with "
                            "ERR_PARAM.", [
        ("PHASE", 0, 3, "RO", "0 IDLE, 1 CLEARING, 2 COUNTING, 3 SCANNING, 4 PLACING."),
    ]),
    ("GRID", 0x64, "RW", 0, "The sorter's cells: columns and rows, row-major, each at least VISUAL "
                            "wide (firmware/accel_bins.c, accel_bins_shape). A write sets SORT's phase "
                            "to IDLE; refused (ERR_BUSY) while CLEARING, SCANNING or a run.", [
        ("COLS", 0, 16, "RW", "columns"),
        ("ROWS", 16, 16, "RW", "rows"),
    ]),
    ("CELL_RECIP", 0x68, "RW", 0, "ceil(2^31 / the cell's whole px): a boid's column is min(COLS - 1, "
                                  "floor(x_px CELL_RECIP / 2^31)) for x_px = floor(x) >= 0, else 0; the "
                                  "row likewise. A write sets SORT's phase to IDLE, as GRID's does.", []),
    ("BIN_CELLS", 0x6C, "RO", None, "The most cells GRID may have, in a build with the sorter (a build "
                                    "parameter); 0 without.", []),
    ("CELL_POS", 0x70, "WO", None, "In COUNTING: counts one boid in its cell (the k-th write is boid k). "
                                   "Refused (ERR_PARAM) in any other phase or past NMAX boids.", [
        ("X", 0, 16, "WO", "floor(x) in px, signed: bits 31:16 of the boid's x"),
        ("Y", 16, 16, "WO", "floor(y) in px, signed: bits 31:16 of the boid's y"),
    ]),
    ("APPEND", 0x74, "WO", None, "In PLACING: a boid's x, y, vx and vy, in four writes in that order; "
                                 "the fourth writes it to the boid memory at the next slot of its cell, "
                                 "so that the memory holds the flock sorted by cell and, within a cell, "
                                 "by id (the k-th boid appended is boid k, and must be the k-th counted). "
                                 "Refused (ERR_PARAM) in any other phase or past the boids counted.", []),
    ("SORTED", 0x78, "RO", 0, "The sorter's progress since the last SORT command.", [
        ("COUNTED", 0, 16, "RO", "boids counted (CELL_POS writes taken)"),
        ("PLACED", 16, 16, "RO", "boids placed (fourth APPEND writes taken)"),
    ]),
    ("MINSPEED", 0x7C, "RW", 0, "minspeed (Q16.16 px/frame) for a run with CTRL.LIMIT. Reads 0 in a "
                                "build without steering or without LIMIT.", []),
    ("MAXSPEED", 0x80, "RW", 0, "maxspeed (Q16.16 px/frame) for a run with CTRL.LIMIT. Reads 0 in a "
                                "build without steering or without LIMIT.", []),
    ("PRED_COUNT", 0x84, "RW", 0, "The predators of the predator table that a run with CTRL.PREDATORS "
                                  "takes: entries 0 to PRED_COUNT-1, at most PREDATORS_MAX. Reads 0 in "
                                  "a build without the table.", []),
    ("PRED_RANGE", 0x88, "RW", 0, "predatorrange (Q16.16 px, below 2^29) for a run with "
                                  "CTRL.PREDATORS. Reads 0 in a build without the table.", []),
    ("PRED_TURN", 0x8C, "RW", 0, "predatorturnfactor (Q16.16 px/frame) for a run with CTRL.PREDATORS. "
                                 "Reads 0 in a build without the table.", []),
    ("PREDATORS_MAX", 0x90, "RO", None, "Entries of the predator table (a build parameter, at most 16); "
                                        "0 without it.", []),
]

BOIDS_BASE = 0x10000  # boid i: x, y, vx, vy at BOIDS_BASE + 16 i + 0, 4, 8, 12
BOID_STRIDE = 16
RESULTS_BASE = 0x50000  # result i at RESULTS_BASE + 32 i (boids end at 0x50000 for N_MAX 16384)
RESULT_STRIDE = 32
PREDATORS_BASE = 0x00100  # predator k: x, y at PREDATORS_BASE + 8 k + 0, 4 (k < PREDATORS_MAX)
PREDATOR_STRIDE = 8
PREDATORS_TABLE_MAX = 16  # the most entries a build's table may have
PASSES_BASE = 0xD0000  # pass p: its three boid ranges at PASSES_BASE + 16 p + 0, 4, 8 (results end here)
PASS_STRIDE = 16
PASS_RANGES = 3
RANGE_FIELDS = [  # name, lsb, width, meaning
    ("FIRST", 0, 16, "the first boid memory entry of the range"),
    ("END", 16, 16, "one past its last: FIRST = END is an empty range"),
]
RESULT_WORDS = [  # word offset within a result entry, name, meaning
    (0, "SEP_X", "separation sum x: sum of round((self - other) / 2^9), Q7 px"),
    (1, "SEP_Y", "separation sum y"),
    (2, "COH_X", "cohesion sum x: minus the same sum over the cohesion ring"),
    (3, "COH_Y", "cohesion sum y"),
    (4, "ALI_X", "alignment sum x: sum of round(other.vx / 2^7), Q9 px/frame"),
    (5, "ALI_Y", "alignment sum y"),
    (6, "COUNT", "boids in the cohesion ring"),
]
# Word 7 of every entry, sums or steered: the boid whose entry it is (the
# boid memory's entries are sorted by cell after a run with CTRL.SORT).
RESULT_ID_WORD = (7, "ID", "the id of the entry's boid: the entry's own index, or after a run "
                           "with CTRL.SORT the boid placed in that slot")
STEER_WORDS = [  # a steered entry (CTRL.STEER): firmware/neighbor_steer.h, bit for bit
    (0, "PUSH_X", "centering term + separation push, x: Q16 px/frame"),
    (1, "PUSH_Y", "the same, y"),
    (2, "MEAN_VX", "the cohesion ring's mean velocity x, Q16 px/frame (0 when COUNT is 0)"),
    (3, "MEAN_VY", "the same, y"),
    (6, "COUNT", "boids in the cohesion ring, as in a sums entry"),
]
VELOCITY_WORDS = [  # a steered entry of a run with CTRL.VELOCITY: firmware/rules_cornell.c, bit for bit
    (0, "VX", "the boid's velocity x after steps 1 and 2: vx + PUSH_X + the alignment term (when COUNT "
              "is not 0) + the edges' turn, Q16 px/frame; with CTRL.PREDATORS, after step 3 too: "
              "+ or - PRED_TURN where predators are in range"),
    (1, "VY", "the same, y"),
]
LIMIT_UNDECIDED = 0x80000000  # LIMITED_VX when the CPU must take step 5 itself
LIMIT_WORDS = [  # a steered entry of a run with CTRL.LIMIT: firmware/steering.c's limit_speed_slow, bit for bit
    (2, "LIMITED_VX", "the velocity x after step 5, for v = (VX, VY) and the exact speed estimate: "
                      "v scaled to MAXSPEED (fx_scale_to, clamped to +-64 px) where its squared "
                      "speed (fx_sq18) is above MAXSPEED's; where it is below MINSPEED's, the "
                      "edge's braking (keep_edge_brake: an edge turns the boid along an axis it "
                      "still heads out on, slower than MINSPEED, and the other component makes "
                      "up MINSPEED) or else v scaled to MINSPEED; v itself between them; "
                      "MINSPEED (or 0) for a boid at rest; 0x80000000 (LIMIT_UNDECIDED) for a "
                      "component of 64 px or more: the CPU decides"),
    (3, "LIMITED_VY", "the same, y (0 when LIMITED_VX is LIMIT_UNDECIDED)"),
]
ADDRESS_BITS = 20  # byte address width of each slave

# The display pipeline (rtl/boids_display.v).
DISPLAY_REGS = [
    ("ID", 0x00, "RO", 0x44495350, "Identifies the block: ASCII 'DISP'.", []),
    ("WIDTH", 0x04, "RO", None, "Framebuffer width in px: the sprite coordinate range (a build parameter).", []),
    ("HEIGHT", 0x08, "RO", None, "Framebuffer height in px (a build parameter).", []),
    ("CTRL", 0x0C, "RW", 0, "Starts a drawing; enables the frame interrupt.", [
        ("DRAW", 0, 1, "W1", "Write 1 to clear the back buffer and draw sprites 0 to COUNT-1 into it; "
                             "reads as 0. The drawing is shown from the first vertical blanking after it ends."),
        ("IRQ_EN", 1, 1, "RW", "1: drive irq while STATUS.FRAME is set."),
        ("TAP", 2, 1, "RW", "1: each boid the accelerator is given (its boid memory's writes, or the "
                            "sorter's APPEND writes: boid k by its id) makes sprite k, as a boid window "
                            "write would, with the role ROLES holds for it. Words that come while "
                            "drawing are dropped and set STATUS.ERR_BUSY, as do the boid window's own "
                            "writes while TAP is set. Reads 0 and is ignored where CAPS.FLOCK_TAP is 0."),
    ]),
    ("STATUS", 0x10, "RW", 0, "Video state and sticky flags; write 1 to a W1C flag to clear it.", [
        ("VBLANK", 0, 1, "RO", "The picture is in vertical blanking now."),
        ("FRAME", 1, 1, "W1C", "A frame began: set at the first line of every vertical blanking."),
        ("DRAWING", 2, 1, "RO", "The renderer is clearing or drawing the back buffer."),
        ("PENDING", 3, 1, "RO", "A finished drawing waits for the next vertical blanking to be shown."),
        ("ERR_PARAM", 4, 1, "W1C", "A DRAW with COUNT above SPRITES_MAX was refused."),
        ("ERR_BUSY", 5, 1, "W1C", "A DRAW, a COUNT write or a sprite write came while drawing and was ignored."),
        ("ERR_BUS", 6, 1, "W1C", "An access to an unmapped address (acknowledged; reads 0)."),
    ]),
    ("COUNT", 0x14, "RW", 0, "Sprites a DRAW draws: entries 0 to COUNT-1, in that order.", []),
    ("FRAME_COUNT", 0x18, "RO", 0, "Frames begun since reset (vertical blankings); wraps at 2^32.", []),
    ("DROPPED", 0x1C, "RO", 0, "Vertical blankings that found a drawing unfinished, so the previous "
                                "picture was shown again.", []),
    ("SPRITES_MAX", 0x20, "RO", None, "Entries in the sprite memory (a build parameter).", []),
    ("SHIFT", 0x24, "RW", 0, "The boid window's zoom: its sprites sit at a boid's whole pixels divided "
                             "by 2^SHIFT (bits 3:0, 0 to 15; the others read 0). Reads 0 without the window.", []),
    ("ROLE", 0x28, "RW", 0, "The ROLE field of the sprites the boid window writes (bits 1:0; the others "
                            "read 0). Reads 0 without the window.", []),
    ("CAPS", 0x2C, "RO", None, "What this build has (build parameters).", [
        ("BOID_WINDOW", 0, 1, "RO", "1: the boid window is built (else it is unmapped)."),
        ("FLOCK_TAP", 1, 1, "RO", "1: the accelerator's boids reach the display (CTRL.TAP) and the "
                                  "ROLES table is built (else it is unmapped)."),
    ]),
]
SPRITES_BASE = 0x10000  # sprite i at SPRITES_BASE + 4 i
SPRITE_STRIDE = 4
BOID_WINDOW_BASE = 0x40000  # entry i at BOID_WINDOW_BASE + 16 i: x, y, vx, vy (vy commits sprite i)
BOID_WINDOW_STRIDE = 16
ROLES_BASE = 0x30000  # word w: the roles of sprites 16 w to 16 w + 15, 2 bits each (CTRL.TAP's)
ROLES_PER_WORD = 16
SPRITE_FIELDS = [  # name, lsb, width, meaning
    ("X", 0, 12, "framebuffer column of the sprite's centre, signed"),
    ("Y", 12, 12, "framebuffer row of the sprite's centre, signed"),
    ("HEADING", 24, 3, "direction of flight: h x 45 degrees from +x towards +y (y grows down); "
                       "with GLYPH, bits 2:0 of the glyph's code"),
    ("CODE3", 27, 1, "with GLYPH: bit 3 of the glyph's code"),
    ("ROLE", 28, 2, "colour: 0 boid, 1 scout group 1, 2 scout group 2, 3 predator"),
    ("CODE4", 30, 1, "with GLYPH: bit 4 of the glyph's code"),
    ("GLYPH", 31, 1, "1: the shape is glyph {CODE4, CODE3, HEADING} of the overlay's font "
                     "(scripts/sprites.py: digits, a few letters), in the same 7x7 box"),
]

# The system bus (rtl/boids_system.v): byte address bit 20 picks the slave.
SYSTEM_SLAVES = [  # name, base, what
    ("ACCEL", 0x000000, "the neighbor accelerator (rtl/boids_accel.v)"),
    ("DISPLAY", 0x100000, "the display pipeline (rtl/boids_display.v)"),
]
SYSTEM_ADDRESS_BITS = 21


def c_defines(prefix, regs):
    out = []
    for name, off, acc, reset, summary, fields in regs:
        first = re.split(r"\.(\s|$)", summary)[0]
        out.append(f"#define {prefix}_{name} 0x{off:04x}u /* {acc}: {first} */")
        for fname, lsb, width, facc, _ in fields:
            mask = ((1 << width) - 1) << lsb
            out.append(f"#define {prefix}_{name}_{fname} 0x{mask:08x}u")
        if reset is not None and reset != 0:
            out.append(f"#define {prefix}_{name}_VALUE 0x{reset:08x}u")
    return out


def c_header():
    out = ["/* Generated by scripts/regmap.py from its table: do not edit. */",
           "#ifndef ACCEL_REGS_H", "#define ACCEL_REGS_H", ""]
    out += c_defines("ACCEL", REGS)
    out += ["",
            f"#define ACCEL_BOIDS_BASE 0x{BOIDS_BASE:05x}u /* boid i: x, y, vx, vy words */",
            f"#define ACCEL_BOID_STRIDE {BOID_STRIDE}u",
            f"#define ACCEL_RESULTS_BASE 0x{RESULTS_BASE:05x}u",
            f"#define ACCEL_RESULT_STRIDE {RESULT_STRIDE}u",
            f"#define ACCEL_PREDATORS_BASE 0x{PREDATORS_BASE:05x}u /* predator k: x, y words */",
            f"#define ACCEL_PREDATOR_STRIDE {PREDATOR_STRIDE}u",
            f"#define ACCEL_PREDATORS_TABLE_MAX {PREDATORS_TABLE_MAX}u /* the most PREDATORS_MAX a build has */",
            f"#define ACCEL_PASSES_BASE 0x{PASSES_BASE:05x}u /* pass p: {PASS_RANGES} range words */",
            f"#define ACCEL_PASS_STRIDE {PASS_STRIDE}u",
            f"#define ACCEL_PASS_RANGES {PASS_RANGES}u"]
    for name, lsb, width, meaning in RANGE_FIELDS:
        out.append(f"#define ACCEL_RANGE_{name}_SHIFT {lsb}u /* {meaning} */")
        out.append(f"#define ACCEL_RANGE_{name}_MASK 0x{(1 << width) - 1:x}u")
    for word, name, _ in RESULT_WORDS:
        out.append(f"#define ACCEL_RESULT_{name} {4 * word}u")
    for word, name, _ in STEER_WORDS:
        out.append(f"#define ACCEL_STEER_{name} {4 * word}u")
    for word, name, _ in VELOCITY_WORDS:
        out.append(f"#define ACCEL_VELOCITY_{name} {4 * word}u")
    for word, name, _ in LIMIT_WORDS:
        out.append(f"#define ACCEL_LIMIT_{name} {4 * word}u")
    out.append(f"#define ACCEL_LIMIT_UNDECIDED 0x{LIMIT_UNDECIDED:08x}u /* LIMITED_VX: the CPU takes step 5 */")
    out.append(f"#define ACCEL_RESULT_{RESULT_ID_WORD[1]} {4 * RESULT_ID_WORD[0]}u /* {RESULT_ID_WORD[2]} */")
    out += [f"#define ACCEL_ADDRESS_BITS {ADDRESS_BITS}", "", "#endif", ""]
    return "\n".join(out)


def display_c_header():
    out = ["/* Generated by scripts/regmap.py from its table: do not edit. */",
           "#ifndef DISPLAY_REGS_H", "#define DISPLAY_REGS_H", "",
           "/* Where each slave sits on the system bus (rtl/boids_system.v). */"]
    for name, base, what in SYSTEM_SLAVES:
        out.append(f"#define SYSTEM_{name}_BASE 0x{base:06x}u /* {what} */")
    out.append("")
    out += c_defines("DISPLAY", DISPLAY_REGS)
    out += ["", f"#define DISPLAY_SPRITES_BASE 0x{SPRITES_BASE:05x}u /* sprite i: one word */",
            f"#define DISPLAY_SPRITE_STRIDE {SPRITE_STRIDE}u",
            f"#define DISPLAY_BOID_WINDOW_BASE 0x{BOID_WINDOW_BASE:05x}u /* entry i: x, y, vx, vy words */",
            f"#define DISPLAY_BOID_WINDOW_STRIDE {BOID_WINDOW_STRIDE}u",
            f"#define DISPLAY_ROLES_BASE 0x{ROLES_BASE:05x}u /* word w: sprites 16 w.., 2 bits each */",
            f"#define DISPLAY_ROLES_PER_WORD {ROLES_PER_WORD}u"]
    for name, lsb, width, meaning in SPRITE_FIELDS:
        out.append(f"#define DISPLAY_SPRITE_{name}_SHIFT {lsb}u /* {meaning} */")
        out.append(f"#define DISPLAY_SPRITE_{name}_MASK 0x{(1 << width) - 1:x}u")
    out += [f"#define DISPLAY_ADDRESS_BITS {ADDRESS_BITS}", "", "#endif", ""]
    return "\n".join(out)


def verilog_regs(regs):
    out = []
    for name, off, acc, reset, _, fields in regs:
        out.append(f"localparam [{ADDRESS_BITS - 1}:0] REG_{name} = {ADDRESS_BITS}'h{off:05x};")
        for fname, lsb, width, _, _ in fields:
            out.append(f"localparam integer {name}_{fname} = {lsb};")
        if reset is not None and reset != 0:
            out.append(f"localparam [31:0] {name}_VALUE = 32'h{reset:08x};")
    return out


def verilog_include():
    out = ["// Generated by scripts/regmap.py from its table: do not edit.",
           "// Included inside the accelerator's module body."]
    out += verilog_regs(REGS)
    out += [f"localparam [{ADDRESS_BITS - 1}:0] BOIDS_BASE = {ADDRESS_BITS}'h{BOIDS_BASE:05x};",
            f"localparam integer BOID_STRIDE = {BOID_STRIDE};",
            f"localparam [{ADDRESS_BITS - 1}:0] RESULTS_BASE = {ADDRESS_BITS}'h{RESULTS_BASE:05x};",
            f"localparam integer RESULT_STRIDE = {RESULT_STRIDE};",
            f"localparam integer RESULT_WORDS = {len(RESULT_WORDS)};",
            f"localparam [{ADDRESS_BITS - 1}:0] PREDATORS_BASE = {ADDRESS_BITS}'h{PREDATORS_BASE:05x};",
            f"localparam integer PREDATOR_STRIDE = {PREDATOR_STRIDE};",
            f"localparam integer PREDATORS_TABLE_MAX = {PREDATORS_TABLE_MAX};",
            f"localparam [{ADDRESS_BITS - 1}:0] PASSES_BASE = {ADDRESS_BITS}'h{PASSES_BASE:05x};",
            f"localparam integer PASS_STRIDE = {PASS_STRIDE};",
            f"localparam integer PASS_RANGES = {PASS_RANGES};",
            f"localparam integer ADDRESS_BITS = {ADDRESS_BITS};", ""]
    return "\n".join(out)


def display_verilog_include():
    out = ["// Generated by scripts/regmap.py from its table: do not edit.",
           "// Included inside the display's module body."]
    out += verilog_regs(DISPLAY_REGS)
    out += [f"localparam [{ADDRESS_BITS - 1}:0] SPRITES_BASE = {ADDRESS_BITS}'h{SPRITES_BASE:05x};",
            f"localparam integer SPRITE_STRIDE = {SPRITE_STRIDE};",
            f"localparam [{ADDRESS_BITS - 1}:0] BOID_WINDOW_BASE = {ADDRESS_BITS}'h{BOID_WINDOW_BASE:05x};",
            f"localparam integer BOID_WINDOW_STRIDE = {BOID_WINDOW_STRIDE};",
            f"localparam [{ADDRESS_BITS - 1}:0] ROLES_BASE = {ADDRESS_BITS}'h{ROLES_BASE:05x};",
            f"localparam integer ROLES_PER_WORD = {ROLES_PER_WORD};"]
    for name, lsb, width, _ in SPRITE_FIELDS:
        out.append(f"localparam integer SPRITE_{name}_LSB = {lsb};")
        out.append(f"localparam integer SPRITE_{name}_WIDTH = {width};")
    out += [f"localparam integer ADDRESS_BITS = {ADDRESS_BITS};", ""]
    return "\n".join(out)


def cell(text):
    """Text for a markdown table cell: its own | would end the cell."""
    return text.replace("|", "\\|")


def markdown_regs(regs):
    out = ["| address | name | access | reset | summary |", "| --- | --- | --- | --- | --- |"]
    for name, off, acc, reset, summary, _ in regs:
        r = "build parameter" if reset is None else f"0x{reset:08x}"
        out.append(f"| 0x{off:05x} | {name} | {acc} | {r} | {cell(summary)} |")
    return out


def markdown_sections(regs, level):
    out = []
    for name, off, acc, reset, summary, fields in regs:
        out += [f"{level} {name} (0x{off:05x}, {acc})", "", summary, ""]
        if reset is not None:
            out += [f"Reset value: 0x{reset:08x}.", ""]
        if fields:
            out += ["| bits | field | access | meaning |", "| --- | --- | --- | --- |"]
            for fname, lsb, width, facc, meaning in fields:
                bits = f"{lsb}" if width == 1 else f"{lsb + width - 1}:{lsb}"
                out.append(f"| {bits} | {fname} | {facc} | {meaning} |")
            out.append("")
    return out


def markdown():
    out = ["# Register map", "",
           "Generated by `scripts/regmap.py` from the same tables as `firmware/accel_regs.h`,",
           "`firmware/display_regs.h`, `rtl/accel_regs.vh` and `rtl/display_regs.vh`; `make test`",
           "checks that they agree. Edit the tables, then run `make regmap`.", "",
           "Both blocks are Wishbone B4 classic slaves with 32-bit data and byte addresses",
           f"({ADDRESS_BITS} bits, word aligned; byte selects are ignored: every access is a whole word).",
           "Every access is acknowledged, mapped or not, so a bus master never hangs.", "",
           "## The system bus", "",
           f"`rtl/boids_system.v` joins them on one slave port with {SYSTEM_ADDRESS_BITS}-bit byte addresses:",
           "bit 20 picks the slave, bits 19:0 are the slave's own address. It registers the",
           "display's answer: through it the display answers two cycles after a request, the",
           "accelerator one (each block alone answers in one).", "",
           "| base | slave |", "| --- | --- |"]
    for name, base, what in SYSTEM_SLAVES:
        out.append(f"| 0x{base:06x} | {what} |")
    out += ["", "## The accelerator", ""]
    out += markdown_regs(REGS)
    out += [f"| 0x{PREDATORS_BASE:05x} + {PREDATOR_STRIDE} k | predator k | RW | (not reset) | x, y at +0, +4: Q16.16, for k below PREDATORS_MAX |",
            f"| 0x{BOIDS_BASE:05x} + 16 i | boid i | RW | (memory, not reset) | x, y, vx, vy at +0, +4, +8, +12: Q16.16 |",
            f"| 0x{RESULTS_BASE:05x} + {RESULT_STRIDE} i | result i | RO | (memory, not reset) | the sums of boid i, {len(RESULT_WORDS)} words below |",
            f"| 0x{PASSES_BASE:05x} + {PASS_STRIDE} p | pass p | WO | (memory, not reset) | {PASS_RANGES} boid ranges of a binned batch's pass p, below |",
            "", "Access: RO read only (writes are ignored), RW read and write, W1 write 1 to act,",
            "W1C write 1 to clear.", ""]
    out += markdown_sections(REGS, "###")
    out += ["### Predator table", "",
            f"In a build with it (PREDATORS_MAX above 0, at most {PREDATORS_TABLE_MAX}), predator k occupies the",
            f"two words at 0x{PREDATORS_BASE:05x} + {PREDATOR_STRIDE} k: x and y, Q16.16 px, where the predator is",
            "at the frame's start. A batch with CTRL.PREDATORS takes entries 0 to PRED_COUNT-1:",
            "each boid turns away from those whose offset to it, d = the boid's position minus",
            "the predator's (32 bits), has |dx| and |dy| below PRED_RANGE and dx^2 + dy^2 below",
            "PRED_RANGE^2, by PRED_TURN on each axis toward the sign of the summed offsets",
            "(`steer_from_predators()` in `firmware/steering.h`, bit for bit). While BUSY its",
            "writes are ignored and set STATUS.ERR_BUSY, as the parameters' are. Entries from",
            "PREDATORS_MAX up, and the whole table without it, are unmapped.", "",
            "### Boid memory", "",
            f"Boid i occupies the four words at 0x{BOIDS_BASE:05x} + 16 i: x, y, vx, vy, each",
            "Q16.16 (positions in px, velocities in px/frame) as in `firmware/boid.h`. While",
            "BUSY the run owns the memory's read port: writes are ignored and set",
            "STATUS.ERR_BUSY, reads return 0. Entries from NMAX up are unmapped.", "",
            "### Result memory", "",
            f"After a run, result i at 0x{RESULTS_BASE:05x} + {RESULT_STRIDE} i holds the neighbor sums of boid i",
            "exactly as `neighbor_sums_t` defines them (`firmware/neighbors.h`); a query run writes",
            "only the entry of boid QUERY. Each sum is one 32-bit word, sign-extended from the",
            "accumulator's width (log2(NMAX) + 16 bits). Word 7 reads 0. The memory may be read",
            "during a run: a batch finishes its entries in boid order, LANES a pass, and results",
            "0 to RESULTS_READY-1 already hold their final sums; the others may be old or new.", "",
            "A build with a result ring (RESULT_SLOTS below NMAX) keeps only the last",
            "RESULT_SLOTS entries, entry i in slot i mod RESULT_SLOTS, still read at the address",
            "of entry i. A batch of more boids then writes a pass's entries only when they fit",
            "behind RESULTS_FREED, so its reader reads the entries in order while it runs and",
            "writes RESULTS_FREED as it goes (every RESULT_SLOTS / 2 entries is enough to keep",
            "the batch going); a reader that waits for DONE first waits forever. A query run",
            "writes the slot of entry QUERY.", "",
            "| word | name | meaning |", "| --- | --- | --- |"]
    for word, name, meaning in RESULT_WORDS + [RESULT_ID_WORD]:
        out.append(f"| {word} | {name} | {meaning} |")
    out += ["", "In a build with steering, a batch with CTRL.STEER turns each entry, once its sums",
            "are final, into the neighbour steering that `neighbor_steer()` in",
            "`firmware/neighbor_steer.h` works out from them with CENTERING and AVOID, bit for",
            "bit, and RESULTS_READY counts the entries turned (in boid order, about 45 cycles",
            "each); words 4 and 5 then read 0.", "",
            "| word | name | meaning |", "| --- | --- | --- |"]
    for word, name, meaning in STEER_WORDS:
        out.append(f"| {word} | {name} | {meaning} |")
    out += ["", "With CTRL.VELOCITY as well, the unit also reads the boid's own x, y, vx and vy from",
            "the boid memory and finishes the Cornell rules' steps 1 and 2 for it, as",
            "`flock_rules_cornell_stream()` in `firmware/rules_cornell.c` does, bit for bit: words",
            "0 and 1 then hold the velocity that results (about 47 cycles an entry), and words 2,",
            "3 and 6 stay as above.", "",
            "| word | name | meaning |", "| --- | --- | --- |"]
    for word, name, meaning in VELOCITY_WORDS:
        out.append(f"| {word} | {name} | {meaning} |")
    out += ["", "With CTRL.LIMIT as well, the unit goes on to the rules' step 5, the speed limit, for",
            "the velocity in words 0 and 1, as `limit_speed_slow()` in `firmware/steering.c` does",
            "with the exact estimate, bit for bit, and writes it into words 2 and 3. It holds for",
            "a boid whose steps 3 and 4 (predators, scout bias) leave the velocity as it is, which",
            "the CPU checks; a velocity with a component of 64 px or more it leaves to the CPU",
            "(LIMIT_UNDECIDED). An entry takes 6 cycles more, 27 for a boid whose velocity it",
            "scales, 26 for one it brakes at an edge.", "",
            "With CTRL.PREDATORS as well, the velocity of words 0 and 1, and so the limit's,",
            "takes the rules' step 3 before step 5: the predator table's turn (above). Words",
            "2 and 3 then hold for a boid whose step 4 (the scout bias) leaves the velocity as it",
            "is. An entry takes 2 cycles more a predator, 3 more for each one within the box of",
            "PRED_RANGE around the boid, and 1.", "",
            "| word | name | meaning |", "| --- | --- | --- |"]
    for word, name, meaning in LIMIT_WORDS:
        out.append(f"| {word} | {name} | {meaning} |")
    out += ["", "### Pass table", "",
            f"In a build with binning (BIN_PASSES above 0), pass p of a binned batch (CTRL.BINNED)",
            f"takes boids pL to pL + L - 1 as its queries (L = LANES) and streams past them",
            f"the {PASS_RANGES} ranges of boid memory entries in the words at 0x{PASSES_BASE:05x} + {PASS_STRIDE} p + 0, 4, 8,",
            "one after another, instead of boids 0 to N-1. Each pair the ranges hold is tested",
            "exactly as in a brute-force batch, so the sums equal brute force's when the ranges hold",
            "every boid within the visual range of each query, each once (the firmware sorts the",
            "boids by cell and writes the ranges: `firmware/accel_bins.c`). A wrong table gives",
            "wrong sums, never a hang: a range is streamed as written. The table is write only",
            "(reads 0); writes while BUSY are ignored and set STATUS.ERR_BUSY. Without binning",
            "the window is unmapped.", "",
            "| bits | field | meaning |", "| --- | --- | --- |"]
    for name, lsb, width, meaning in RANGE_FIELDS:
        out.append(f"| {lsb + width - 1}:{lsb} | {name} | {meaning} |")
    out += ["", "### The sorter", "",
            "In a build with the sorter (BIN_CELLS above 0), the block sorts the flock by cell itself",
            "and writes the pass table of a batch started with CTRL.SORT, so the firmware needs",
            "neither `accel_bins_sort()` nor `accel_bins_pass()`. Each frame, in id order:", "",
            "1. GRID and CELL_RECIP as `accel_bins_shape()` in `firmware/accel_bins.c` gives them",
            "   for BIN_CELLS cells, and COUNT.",
            "2. SORT = 1, then poll SORT until it reads COUNTING (2): the counts are cleared, one",
            "   cell a cycle.",
            "3. One CELL_POS write a boid: bits 31:16 of x in bits 15:0, bits 31:16 of y in bits",
            "   31:16.",
            "4. SORT = 2, then poll until PLACING (4): the counts become first slots, one cell a",
            "   cycle.",
            "5. Four APPEND writes a boid: x, y, vx, vy. Boid k lands in the boid memory at the",
            "   next slot of its cell, so that slot s holds `slot_id[s]` of `accel_bins_sort()`.",
            "6. CTRL = BATCH | BINNED | SORT | START (with STEER and VELOCITY if wanted): the pass",
            "   table is written (16 cycles a pass, counted in CYCLES), then the binned batch runs.",
            "   Entry s is the boid in slot s; its word 7 (ID) says which.", "",
            "The boids stay placed until the next SORT command or GRID or CELL_RECIP write, so",
            "a second sorted batch of the same flock needs only step 6. Query runs and the boid",
            "window address slots, not ids, while the flock is sorted.", "",
            "## The display", ""]
    out += markdown_regs(DISPLAY_REGS)
    out += [f"| 0x{SPRITES_BASE:05x} + 4 i | sprite i | RW | (memory, not reset) | one word a sprite, below |",
            f"| 0x{ROLES_BASE:05x} + 4 w | roles word w | WO | (memory, not reset) | the ROLE of sprites {ROLES_PER_WORD} w to {ROLES_PER_WORD} w + {ROLES_PER_WORD - 1} for CTRL.TAP, 2 bits each from bit 0 |",
            f"| 0x{BOID_WINDOW_BASE:05x} + {BOID_WINDOW_STRIDE} i | boid window entry i | WO | (not reset) | x, y, vx, vy at +0, +4, +8, +12: Q16.16; vy writes sprite i |", ""]
    out += markdown_sections(DISPLAY_REGS, "###")
    out += ["### Sprite memory", "",
            f"Sprite i is the word at 0x{SPRITES_BASE:05x} + 4 i, for i below SPRITES_MAX. A DRAW",
            "draws sprites 0 to COUNT-1 in order, later ones over earlier ones. While DRAWING the",
            "renderer owns the memory's read port: writes are ignored and set STATUS.ERR_BUSY, reads",
            "return 0. `docs/display.md` says how the firmware fills it from the flock.", "",
            "| bits | field | meaning |", "| --- | --- | --- |"]
    for name, lsb, width, meaning in SPRITE_FIELDS:
        out.append(f"| {lsb + width - 1}:{lsb} | {name} | {meaning} |")
    out += ["", "",
            "### Boid window", "",
            f"Where CAPS.BOID_WINDOW is 1, entry i at 0x{BOID_WINDOW_BASE:05x} + {BOID_WINDOW_STRIDE} i takes a boid as",
            "the accelerator's boid memory does: x, y, vx, vy at +0, +4, +8, +12, each Q16.16 as",
            "in `firmware/boid.h`. Write the four words in that order: x, y and vx are held",
            "(whichever entry they are written to), and the vy write makes sprite i from them,",
            "exactly as `display_sprite()` in `firmware/display.c` packs it with the SHIFT",
            "register as its zoom and the ROLE register as its role. The sprite memory holds it",
            "by the fourth cycle after the vy write's request (a read of that sprite sooner",
            "returns its old word). The window is write only (reads 0);",
            "while DRAWING its writes are ignored and set STATUS.ERR_BUSY, as sprite writes are.",
            "Entries from SPRITES_MAX up, and the whole window where CAPS.BOID_WINDOW is 0, are",
            "unmapped.", "",
            "### The accelerator's boids (CTRL.TAP) and the roles table", "",
            "Where CAPS.FLOCK_TAP is 1, the system wires the accelerator's boid writes to the",
            "display: with CTRL.TAP set, the words of boid k, as the bus writes them into the",
            "accelerator's boid memory (entry k) or its sorter's APPEND (the k-th boid appended),",
            "go to the boid window's sprite maker as entry k would, so a frame's flock reaches",
            "the sprite memory with no write to the display. Sprite k then takes its role from",
            f"the roles table: word w at 0x{ROLES_BASE:05x} + 4 w holds the roles of sprites {ROLES_PER_WORD} w to",
            f"{ROLES_PER_WORD} w + {ROLES_PER_WORD - 1}, sprite {ROLES_PER_WORD} w + j in bits 2 j + 1 to 2 j (the boid window's own",
            "writes keep the ROLE register, and are refused with ERR_BUSY while TAP is set, so",
            "that the sprite maker's two sources never meet). The table is write only (reads 0); its words past",
            "SPRITES_MAX's, and the whole table where CAPS.FLOCK_TAP is 0, are unmapped. Set TAP only while",
            "the accelerator is given the flock in id order, and clear it before a DRAW: words",
            "that come while drawing are dropped (STATUS.ERR_BUSY), and a boid past",
            "SPRITES_MAX is dropped too (STATUS.ERR_BUS).", ""]
    return "\n".join(out)


# docs/accelerator-ip.md is written by hand but for its register table, which is
# generated between these two lines.
IP_DOC = "docs/accelerator-ip.md"
IP_BEGIN = "<!-- generated by scripts/regmap.py (make regmap): do not edit from here -->"
IP_END = "<!-- generated by scripts/regmap.py: to here -->"


def ip_table():
    """The accelerator's map for the IP document: registers, windows, fields, results."""
    out = markdown_regs(REGS)
    out += [f"| 0x{PREDATORS_BASE:05x} + {PREDATOR_STRIDE} k | predator k | RW | (registers) | x, y at +0, +4: Q16.16 (PREDATORS_MAX above 0 only) |",
            f"| 0x{BOIDS_BASE:05x} + {BOID_STRIDE} i | boid i | RW | (memory) | x, y, vx, vy at +0, +4, +8, +12: Q16.16 |",
            f"| 0x{RESULTS_BASE:05x} + {RESULT_STRIDE} i | result i | RO | (memory) | the sums of boid i: {len(RESULT_WORDS)} words, below |",
            f"| 0x{PASSES_BASE:05x} + {PASS_STRIDE} p | pass p | WO | (memory) | {PASS_RANGES} boid ranges of a binned batch's pass p (BINNING = 1 only) |",
            "", "| register | bits | field | access | meaning |", "| --- | --- | --- | --- | --- |"]
    for name, _, _, _, _, fields in REGS:
        for fname, lsb, width, facc, meaning in fields:
            bits = f"{lsb}" if width == 1 else f"{lsb + width - 1}:{lsb}"
            out.append(f"| {name} | {bits} | {fname} | {facc} | {cell(meaning)} |")
    for fname, lsb, width, meaning in RANGE_FIELDS:
        out.append(f"| pass range | {lsb + width - 1}:{lsb} | {fname} | WO | {meaning} |")
    out += ["", "| result word | offset | name | meaning |", "| --- | --- | --- | --- |"]
    for word, name, meaning in RESULT_WORDS + [RESULT_ID_WORD]:
        out.append(f"| {word} | +{4 * word} | {name} | {meaning} |")
    out += ["", "| steered result word (CTRL.STEER, STEER = 1) | offset | name | meaning |",
            "| --- | --- | --- | --- |"]
    for word, name, meaning in STEER_WORDS:
        out.append(f"| {word} | +{4 * word} | {name} | {meaning} |")
    return "\n".join(out)


def ip_doc(root):
    """docs/accelerator-ip.md with its generated table as the tables have it."""
    path = os.path.join(root, IP_DOC)
    with open(path) as f:
        text = f.read()
    a, b = text.find(IP_BEGIN), text.find(IP_END)
    if a < 0 or b < a:
        sys.exit(f"regmap: {IP_DOC} has lost its markers:\n{IP_BEGIN}\n{IP_END}")
    return text[:a + len(IP_BEGIN)] + "\n\n" + ip_table() + "\n\n" + text[b:]


def files(root):
    return {"firmware/accel_regs.h": c_header(), "rtl/accel_regs.vh": verilog_include(),
            "firmware/display_regs.h": display_c_header(),
            "rtl/display_regs.vh": display_verilog_include(),
            "docs/register-map.md": markdown(), IP_DOC: ip_doc(root)}

if __name__ == "__main__":
    sys.exit(generator_main(__doc__, files, "regmap"))
