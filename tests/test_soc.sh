#!/usr/bin/env bash
# build/soc, the SoC in simulation with the firmware on its RV32IM CPU: the
# flock after 50 steps equals the host firmware's bit for bit (accelerator
# and software sums, brute force and the grid, both update orders, and on
# build/soc-jitter with random waits on the CPU's ports and the RAM's fetch
# register), the picture equals
# the C rendering, the rules overlap the accelerator's batch,
# the console and the keys work through the UART, a firmware with one
# neighbour engine builds and flies, bad input is refused.
# Speaks TAP.
set -uo pipefail
build=${1:-build}
soc="$(cd "$build" && pwd)/soc"
boids="$(cd "$build" && pwd)/boids"
check="$(cd "$build" && pwd)/tests/tools/picture_check"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

source "$(dirname "${BASH_SOURCE[0]}")/tap.sh"
unset DISPLAY WAYLAND_DISPLAY SDL_VIDEODRIVER

for program in "$soc" "$boids" "$check" "$build/firmware/boids.bin"; do
    if [ ! -e "$program" ]; then
        not_ok "$program exists" "build it with: make $build/soc $build/boids $build/tests/tools/picture_check"
        echo "1..$n"
        exit 1
    fi
done

# expect_error DESCRIPTION PATTERN ARGS...: exit 1 and a stderr line matching PATTERN.
expect_error() {
    local what=$1 pattern=$2; shift 2
    local err status
    err=$("$soc" "$@" 2>&1 >/dev/null); status=$?
    if [ "$status" -eq 1 ] && grep -qE -- "$pattern" <<<"$err"; then
        ok "$what"
    else
        not_ok "$what" "exit $status, stderr: $err"
    fi
}

out=$("$soc" --help); status=$?
if [ $status -eq 0 ] && grep -q -- "--firmware FILE" <<<"$out" && grep -q -- "--steps K" <<<"$out" \
    && grep -q -- "--headless" <<<"$out" && grep -q "pause / resume" <<<"$out"; then
    ok "--help lists the SoC's flags, the monitor's and the keys"
else
    not_ok "--help" "exit $status"
fi
expect_error "a wrong flag is refused" 'unknown option "--bogus"' --bogus
expect_error "--steps 0 is refused" "--steps: 0 is out of range \\[1, 100000000\\]" --steps 0
expect_error "a missing firmware image is refused" "cannot open it" --firmware "$tmp/none.bin" --headless
expect_error "a flock bigger than the firmware holds is refused" "holds at most" --boids 3000 --headless
expect_error "--rules weighted with the accelerator is refused up front, with the reason" \
    "--neighbors accel \\(this program's default\\): the accelerator computes the cornell sums; the weighted rule set is software-only" \
    --rules weighted --headless
expect_error "more predators than the firmware holds: the limit --help states" "holds at most 2048 and 16" \
    --predators 17 --headless
out=$("$soc" --help)
if grep -q -- "--boids N .*at most 2048)" <<<"$out" && grep -q -- "--predators P .*at most 16)" <<<"$out"; then
    ok "--help states the firmware's limits (2048 boids, 16 predators)"
else not_ok "--help limits" "$(grep -- "at most" <<<"$out")"; fi
expect_error "--steps=K: the GNU form; a fractional count is refused" '--steps: "2.5" is not a whole number' \
    --steps=2.5 --headless

# same_state DESCRIPTION FLAGS...: 50 steps on the SoC equal 50 frames of build/boids
# (on $model: build/soc, or build/soc-jitter below).
model=$soc
same_state() {
    local what=$1; shift
    local err
    err=$("$model" --headless --steps 50 --save "$tmp/soc.csv" "$@" 2>&1); status=$?
    "$boids" --frames 50 --save "$tmp/host.csv" "$@" >/dev/null 2>&1
    if [ $status -eq 0 ] && cmp -s "$tmp/soc.csv" "$tmp/host.csv"; then
        ok "$what"
    else
        not_ok "$what" "exit $status: $err" "$(diff "$tmp/soc.csv" "$tmp/host.csv" | head -5)"
    fi
}
flock=(--boids 96 --predators 1 --scouts1 10 --scouts2 6 --seed 11)
same_state "after 50 steps the SoC's flock equals the host firmware's, bit for bit (accelerator)" \
    "${flock[@]}" --update synchronous
same_state "... and in sequential order" "${flock[@]}" --update sequential
# --edges pseudocode: the accelerator's step 5 undoes an edge's braking
# (CTRL.EDGES_PSEUDOCODE) as build/boids does; the flock differs from the
# default's, so the rule took effect.
same_state "... and with the references' edge rule (--edges pseudocode) on the accelerator" \
    "${flock[@]}" --update synchronous --edges pseudocode
cp "$tmp/host.csv" "$tmp/host_pseudocode.csv"
"$boids" --frames 50 --save "$tmp/host_brake.csv" "${flock[@]}" --update synchronous >/dev/null 2>&1
if [ -s "$tmp/host_brake.csv" ] && ! cmp -s "$tmp/host_brake.csv" "$tmp/host_pseudocode.csv"; then
    ok "--edges pseudocode and brake give different flocks after 50 steps"
else
    not_ok "--edges pseudocode changes the flock" "the two states are the same, or missing"
fi
same_state "... --edges pseudocode in sequential order, the sums on the accelerator" "${flock[@]}" \
    --update sequential --edges pseudocode
# Above SOC_SORT_CPU_CYCLES x LANES boids (1,632) the accelerator sorts the
# flock itself (SORTER): its sorted batches give the same flock.
same_state "... and with 1,700 boids, which the accelerator sorts itself (SORTER)" --boids 1700 \
    --predators 1 --scouts1 170 --scouts2 106 --seed 3 --update synchronous
banner=$("$model" --headless --steps 1 --boids 8 2>&1)
if grep -q "the accelerator sorts flocks above 1632" <<<"$banner"; then
    ok "the banner says the accelerator sorts flocks above 1632"
else
    not_ok "the sorting banner" "$banner"
fi
same_state "... and with the sums in software on the CPU (brute force)" --boids 40 --predators 1 \
    --scouts1 4 --seed 5 --neighbors brute --update synchronous
same_state "... and with the weighted rule set" --boids 48 --seed 9 --rules weighted --neighbors brute
# The SoC's grid is the small CPU's (neighbors_grid_small.c), the host's its own.
same_state "... and with the grid in software on the CPU" "${flock[@]}" --neighbors grid \
    --update synchronous
same_state "... the grid in sequential order" "${flock[@]}" --neighbors grid --update sequential
same_state "... the grid with the weighted rule set" --boids 48 --seed 9 --rules weighted \
    --neighbors grid
# A firmware with one neighbour engine (a board's SOC_FEATURES) builds, flies
# as the host does, and refuses the engines it left out.
for engine in ACCEL BRUTE GRID; do
    fw=$tmp/features_$engine
    name=$(tr 'A-Z' 'a-z' <<<"$engine")
    other=$([ "$engine" = ACCEL ] && echo grid || echo accel) # brute and grid stand in for each other
    if ! out=$(make --no-print-directory BUILD="$fw" SOC_FEATURES="$engine" "$fw/firmware/boids.bin" 2>&1); then
        not_ok "SOC_FEATURES=$engine: the firmware builds" "$(tail -5 <<<"$out")"
        continue
    fi
    err=$("$soc" --headless --steps 20 --firmware "$fw/firmware/boids.bin" --save "$tmp/one.csv" \
        --boids 64 --seed 3 --neighbors "$name" --update synchronous 2>&1); status=$?
    "$boids" --frames 20 --save "$tmp/host.csv" --boids 64 --seed 3 --neighbors "$name" \
        --update synchronous >/dev/null 2>&1
    if [ $status -eq 0 ] && cmp -s "$tmp/one.csv" "$tmp/host.csv"; then
        ok "SOC_FEATURES=$engine: a firmware with $name alone flies 20 steps as the host does"
    else
        not_ok "SOC_FEATURES=$engine: 20 steps equal the host's" "exit $status: $err"
    fi
    err=$("$soc" --headless --steps 2 --firmware "$fw/firmware/boids.bin" --boids 16 \
        --neighbors "$other" 2>&1); status=$?
    if [ $status -ne 0 ] && grep -q "built without that neighbor engine" <<<"$err"; then
        ok "SOC_FEATURES=$engine: --neighbors $other is refused with the reason"
    else
        not_ok "SOC_FEATURES=$engine: --neighbors $other refused" "exit $status: $err"
    fi
done
out=$(make --no-print-directory BUILD="$tmp/features_none" SOC_FEATURES=WEIGHTED \
    "$tmp/features_none/firmware/boids.elf" 2>&1); status=$?
if [ $status -ne 0 ] && grep -q "no neighbour engine" <<<"$out"; then
    ok "SOC_FEATURES without a neighbour engine is refused with the reason"
else
    not_ok "SOC_FEATURES=WEIGHTED refused" "exit $status: $out"
fi

# The SoC with random waits on both of the CPU's ports (BUS_JITTER_SEED) and
# the accelerator's results in a ring of 32 entries (RESULT_SLOTS, Makefile),
# which the firmware frees as it reads them: the same flock.
if [ -x "$build/soc-jitter" ]; then
    model=$build/soc-jitter
    help=$("$model" --help) # whole, before grep -q: an early exit would break the pipe
    if grep -q "RESULT_SLOTS=32 " <<<"$help"; then
        ok "soc-jitter keeps the accelerator's results in a ring of 32 (RESULT_SLOTS)"
    else
        not_ok "soc-jitter's RESULT_SLOTS" "$(grep "simulates" <<<"$help")"
    fi
    same_state "... and with random waits on the CPU's ports and the results in a ring of 32 (soc-jitter)" \
        "${flock[@]}" --update synchronous
    same_state "... and so in sequential order (each query run into its entry's slot)" "${flock[@]}" \
        --update sequential
    same_state "... and so, brute force" --boids 40 --predators 1 --scouts1 4 --seed 5 \
        --neighbors brute --update synchronous
    model=$soc
else
    not_ok "$build/soc-jitter exists" "build it with: make $build/soc-jitter"
fi

# A trace changes nothing cycle for cycle (the harness evaluates the model
# the same way with and without one): the same pictures, final state, clocks,
# board figures and every address's cycles and retirements (--profile), on
# build/soc and build/soc-jitter with 64 boids, and on build/soc with 1,800,
# where the accelerator sorts (its sorter runs above SOC_SORT_CPU_CYCLES x
# LANES boids).
same_run() {
    "$1" --headless --predators 1 --update synchronous --steps 2 \
        --png "$tmp/edge_$2" --save "$tmp/edge_$2.csv" --profile "$tmp/edge_$2.prof" "${@:3}" 2>&1 |
        grep -E "cycles\)|soc: board" | sed -E 's/ in [0-9.]+ s:.*;/;/'
}
# runs_differ A B: what differs between same_run's runs A and B, besides
# their report (nothing when the pictures, the state and the profile agree)
runs_differ() {
    diff -r "$tmp/edge_$1" "$tmp/edge_$2" 2>&1; cmp "$tmp/edge_$1.csv" "$tmp/edge_$2.csv" 2>&1
    cmp "$tmp/edge_$1.prof" "$tmp/edge_$2.prof" 2>&1
}
traced_same() {
    local m=$1 label=$2 plain traced differ
    shift 2
    plain=$(same_run "$m" plain "$@") traced=$(same_run "$m" traced "$@" --trace "$tmp/edge.fst")
    differ=$(runs_differ plain traced)
    if [ "$(wc -l <<<"$plain")" -eq 2 ] && [ "$plain" = "$traced" ] && [ -z "$differ" ] \
        && [ "$(ls "$tmp/edge_plain" | wc -l)" -ge 1 ] && [ -s "$tmp/edge_plain.prof" ] && [ -s "$tmp/edge.fst" ]; then
        ok "$(basename "$m"), $label: traced = untraced: the pictures, the state, the clocks and the profile"
    else
        not_ok "$(basename "$m"), $label: traced = untraced" "untraced: $plain" "traced: $traced" "$differ"
    fi
    rm -rf "$tmp"/edge_plain* "$tmp"/edge_traced* "$tmp/edge.fst"
}
for m in "$soc" "$build/soc-jitter"; do
    [ -x "$m" ] && traced_same "$m" "64 boids" --boids 64 --scouts1 6
done
[ -x "$soc" ] && traced_same "$soc" "1,800 boids, the accelerator's sort" --boids 1800 --scouts1 180 --scouts2 112 \
    --neighbors accel

# build/soc's model is compiled with gcc's profile of a training run (SOC_PGO,
# the Makefile): the instrumented build that took the profile, compiled
# without one, must run another flock the same: pictures, state, clocks and
# profile. (Its profile counts go under $tmp, not into the build.)
trained="$(cd "$build" && pwd)/vl/soc/train/soc"
what="build/soc, compiled with its profile, runs as the model compiled without it: the pictures, the state, the clocks and the profile"
if [ ! -x "$trained" ]; then
    ok "$what # SKIP no profile-guided build here (SOC_PGO=0)"
else
    pgo_flock=(--boids 300 --scouts1 30 --scouts2 20 --seed 5 --firmware "$build/firmware/boids.bin")
    with=$(same_run "$soc" pgo "${pgo_flock[@]}")
    without=$(GCOV_PREFIX="$tmp/gcov" same_run "$trained" train "${pgo_flock[@]}")
    differ=$(runs_differ pgo train)
    if [ "$(wc -l <<<"$with")" -eq 2 ] && [ "$with" = "$without" ] && [ -z "$differ" ] \
        && [ "$(ls "$tmp/edge_pgo" | wc -l)" -ge 1 ] && [ -s "$tmp/edge_pgo.prof" ]; then
        ok "$what"
    else
        not_ok "$what" "with its profile: $with" "without: $without" "$differ"
    fi
    rm -rf "$tmp"/edge_pgo* "$tmp"/edge_train* "$tmp/gcov"
fi

# A differing start must show: the comparison above can fail.
"$soc" --headless --steps 5 --boids 32 --seed 1 --save "$tmp/a.csv" >/dev/null 2>&1
"$boids" --frames 5 --boids 32 --seed 2 --save "$tmp/b.csv" >/dev/null 2>&1
if [ -s "$tmp/a.csv" ] && ! cmp -s "$tmp/a.csv" "$tmp/b.csv"; then
    ok "the comparison can fail: another seed gives another flock"
else
    not_ok "negative control: two seeds gave the same state"
fi

out=$("$soc" --headless --steps 3 --boids 32 2>&1); status=$?
if [ $status -eq 0 ] && grep -q "^boids soc: RV32IM at 25.17 MHz" <<<"$out" \
    && grep -q "^boids soc: done: 3 steps" <<<"$out" && grep -q "soc: board: 3 steps" <<<"$out"; then
    ok "the UART console prints the firmware's banner and its summary; the board's rate is reported"
else
    not_ok "console" "exit $status: $out"
fi

# The synchronous order overlaps the rules with the accelerator's batch: each
# boid's sums are read as soon as they are final, so the rules wait for sums
# about once a step (the first pass), not once a pass (64 at 512 boids with
# LANES 8), let alone once a boid.
out=$("$soc" --headless --steps 4 --boids 512 --predators 1 --update synchronous 2>&1); status=$?
waits=$(sed -nE 's/.*the rules waited for sums ([0-9]+) times.*/\1/p' <<<"$out")
if [ $status -eq 0 ] && [ -n "$waits" ] && [ "$waits" -ge 4 ] && [ "$waits" -le 8 ]; then
    ok "the rules overlap the accelerator's batch: 4 steps of 512 boids waited for sums $waits times"
else
    not_ok "overlap with the batch" "exit $status, waits '${waits}' (4 to 8 expected): $out"
fi
# The slowest turn (the margin board_fit.sh reports) lies between the mean
# turn and the sum of the timed turns (at most 4 here).
slowest=$(sed -nE 's/^soc: the slowest turn: flock step and sprites ([0-9]+) cycles, [0-9.]+% of a frame$/\1/p' <<<"$out")
mean=$(sed -nE 's/.*per turn of the loop: flock step ([0-9]+) cycles, sprites ([0-9]+),.*/\1 + \2/p' <<<"$out")
mean=$((${mean:-0}))
if [ -n "$slowest" ] && [ "$mean" -gt 0 ] && [ "$slowest" -ge "$mean" ] && [ "$slowest" -le $((4 * mean)) ]; then
    ok "the slowest turn ($slowest cycles) lies between the mean turn ($mean) and four of them"
else
    not_ok "the slowest turn is reported" "slowest '${slowest}', mean turn $mean: $out"
fi

# The picture: the paused starting flock, rebuilt from the pins, equals the C rendering.
"$boids" --boids 200 --predators 2 --scouts1 20 --scouts2 10 --frames 30 --every 30 \
    --save "$tmp/state.csv" >/dev/null 2>&1
err=$("$soc" --headless --paused --load "$tmp/state.csv" --frames 4 --png "$tmp/paused" \
    --save "$tmp/after.csv" 2>&1); status=$?
last=$(ls "$tmp/paused"/frame_*.png 2>/dev/null | tail -1)
out=$("$check" "$tmp/state.csv" "${last:-none}" 640 480 2>&1); same=$?
if [ $status -eq 0 ] && [ $same -eq 0 ] && cmp -s "$tmp/state.csv" "$tmp/after.csv"; then
    ok "paused, the SoC draws the loaded flock, pixel for pixel as the C rendering, and keeps it"
else
    not_ok "paused picture" "exit $status: $err" "$out"
fi
first=$(ls "$tmp/paused"/frame_*.png 2>/dev/null | head -1)
pngs=$(ls "$tmp/paused" 2>/dev/null | wc -l)
if [ "$pngs" -eq 4 ] && "$check" "$tmp/state.csv" "$first" 640 480 >/dev/null 2>&1; then
    ok "--frames 4: 4 pictures, the first already the loaded flock (none of the screen before boot)"
else
    not_ok "paused pictures" "$pngs PNGs; the first: $("$check" "$tmp/state.csv" "${first:-none}" 640 480 2>&1)"
fi

# A moving flock: the display takes its sprites from the boids the firmware
# gives the accelerator (CTRL.TAP), so the picture a step draws is the flock
# as that step began: picture k is the state after k steps, pixel for pixel
# as the C rendering of build/boids's (200 boids step once a frame).
pictures_are_states() {   # SOC WHAT FLOCK_FLAGS...
    local soc=$1 what=$2; shift 2
    local k bad="" pngs
    rm -rf "$tmp/moving"
    err=$("$soc" --headless --steps 6 --png "$tmp/moving" "$@" 2>&1); status=$?
    pngs=$(ls "$tmp/moving" 2>/dev/null | wc -l)
    for k in $(seq 0 $((pngs - 1))); do
        "$boids" --frames "$k" --save "$tmp/moving_$k.csv" "$@" >/dev/null 2>&1
        "$check" "$tmp/moving_$k.csv" "$(printf '%s/frame_%06d.png' "$tmp/moving" "$k")" 640 480 \
            >/dev/null 2>&1 || bad="$bad $k"
    done
    if [ $status -eq 0 ] && [ "$pngs" -ge 4 ] && [ -z "$bad" ]; then
        ok "$what: each of its $pngs pictures is the flock after as many steps, pixel for pixel as the C rendering"
    else
        not_ok "$what: the pictures of a moving flock" "exit $status, $pngs PNGs, pictures that differ:${bad:- none}: $err"
    fi
}
pictures_are_states "$soc" "a moving flock, synchronous" --boids 200 --predators 2 --scouts1 20 --scouts2 10 \
    --seed 3 --update synchronous
pictures_are_states "$soc" "a moving flock, sequential" --boids 200 --predators 1 --scouts1 20 --seed 4

# Keys travel over the UART: n on a paused flock is exactly one step.
err=$("$soc" --headless --paused --load "$tmp/state.csv" --keys "n" --frames 6 \
    --save "$tmp/one.csv" 2>&1); status=$?
"$boids" --load "$tmp/state.csv" --frames 1 --save "$tmp/host_one.csv" >/dev/null 2>&1
if [ $status -eq 0 ] && cmp -s "$tmp/one.csv" "$tmp/host_one.csv"; then
    ok "the n key, sent over the UART, makes exactly one step"
else
    not_ok "n over the UART" "exit $status: $err"
fi
err=$("$soc" --headless --boids 40 --keys "++" --frames 6 --save "$tmp/grown.csv" 2>&1)
members=$(awk -F, 'NR > 1 && $2 != "predator"' "$tmp/grown.csv" 2>/dev/null | wc -l)
if [ "$members" -gt 55 ]; then
    ok "+ over the UART adds boids ($members)"
else
    not_ok "+ over the UART" "$members boids: $err"
fi

err=$(SDL_VIDEODRIVER=offscreen "$soc" --boids 32 --frames 3 2>&1); status=$?
if [ $status -eq 0 ] && grep -q "window open" <<<"$err"; then
    ok "the window path runs (SDL offscreen driver)"
else
    not_ok "window path" "exit $status: $err"
fi
err=$("$soc" --headless --boids 32 --frames 3 --trace "$tmp/soc.fst" --trace-from 1 \
    --trace-frames 1 2>&1); status=$?
size=$(stat -c %s "$tmp/soc.fst" 2>/dev/null || echo 0)
if [ $status -eq 0 ] && [ "$size" -gt 1000 ] && grep -q "trace .* done (1 frames)" <<<"$err"; then
    ok "--trace writes an FST of the SoC, CPU included ($size bytes)"
else
    not_ok "--trace" "exit $status, $size bytes: $err"
fi
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
if missing=$(python3 "$repo/scripts/fst_signals.py" "$tmp/soc.fst" --check "$repo/sim/boids_soc.gtkw" 2>&1); then
    ok "sim/boids_soc.gtkw names only signals the trace has ($(grep -c '^TOP\.' "$repo/sim/boids_soc.gtkw") of them)"
else
    not_ok "sim/boids_soc.gtkw against the trace" "$missing"
fi

# A broken image: the CPU traps, the firmware cannot run, the run fails loudly.
head -c 4096 /dev/zero | tr '\0' '\377' > "$tmp/junk.bin"
err=$("$soc" --headless --steps 3 --boids 16 --firmware "$tmp/junk.bin" 2>&1); status=$?
if [ $status -eq 1 ] && grep -q "the firmware is not running after" <<<"$err"; then
    ok "an image that is no firmware fails with a message"
else
    not_ok "junk image" "exit $status: $err"
fi

# --write-image: the RAM exactly as loaded for a run (the firmware at 0, the
# mailbox with its magic at the top), the whole RAM, written only when complete.
err=$("$soc" --write-image "$tmp/ram.bin" --boids 24 --predators 1 2>&1); status=$?
fw_bytes=$(stat -c %s "$build/firmware/boids.bin")
ram_bytes=$(stat -c %s "$tmp/ram.bin" 2>/dev/null || echo 0)
if [ $status -eq 0 ] && [ "$ram_bytes" -eq 524288 ] && cmp -s -n "$fw_bytes" "$tmp/ram.bin" "$build/firmware/boids.bin" \
    && python3 - "$tmp/ram.bin" <<'PY'
import struct, sys
ram = open(sys.argv[1], "rb").read()
# the mailbox starts with magic "BOID" (0x424f4944), then its layout size; it
# sits at (RAM - size) rounded down to 64 bytes
hits = [a for a in range(0, len(ram), 64) if ram[a:a + 4] == struct.pack("<I", 0x424F4944)]
assert len(hits) == 1, hits
size = struct.unpack_from("<I", ram, hits[0] + 4)[0]
assert hits[0] == (len(ram) - size) & ~63, (hits[0], size)
PY
then
    ok "--write-image writes the whole RAM: the firmware at 0, the mailbox at the top"
else
    not_ok "--write-image" "exit $status, $ram_bytes bytes: $err"
fi
expect_error "--write-image into a missing directory fails, nothing left" "$tmp/no/ram.bin: cannot write" \
    --write-image "$tmp/no/ram.bin"
if [ -e "$tmp/no" ]; then not_ok "--write-image left something behind"; fi

echo "1..$n"
