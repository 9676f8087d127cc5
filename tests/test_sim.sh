#!/usr/bin/env bash
# build/sim, the monitor, as a user meets it: help, bad flags, the headless
# picture of a loaded paused state against the independent C rendering, pixel
# for pixel, a moving flock, traces, and no display. Speaks TAP.
set -uo pipefail
build=${1:-build}
sim="$(cd "$build" && pwd)/sim"
check="$(cd "$build" && pwd)/tests/tools/picture_check"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

source "$(dirname "${BASH_SOURCE[0]}")/tap.sh"

# No display here unless the test makes one: the monitor must cope.
unset DISPLAY WAYLAND_DISPLAY
unset SDL_VIDEODRIVER

# expect_error DESCRIPTION PATTERN ARGS...: exit 1 and a stderr line matching PATTERN.
expect_error() {
    local what=$1 pattern=$2; shift 2
    local err status
    err=$("$sim" "$@" 2>&1 >/dev/null); status=$?
    if [ "$status" -eq 1 ] && grep -qE -- "$pattern" <<<"$err"; then
        ok "$what"
    else
        not_ok "$what" "exit $status, stderr: $err"
    fi
}

out=$("$sim" --help); status=$?
if [ $status -eq 0 ] && grep -q -- "--headless" <<<"$out" && grep -q -- "--trace-from" <<<"$out" \
    && grep -q "pause / resume" <<<"$out" && grep -q -- "--boids N" <<<"$out"; then
    ok "--help lists the monitor's flags, the flock flags and the keys"
else
    not_ok "--help" "exit $status"
fi

expect_error "a wrong flag is refused" 'unknown option "--bogus"' --bogus
expect_error "--zoom out of range is refused, with the limit --help states" \
    '--zoom: 9 is out of range \[1, 4\]' --zoom=9 --headless
if grep -q -- "--zoom Z .*zoom 1\.\.4 " <<<"$("$sim" --help)"; then ok "--help states the zoom limit"
else not_ok "--help zoom limit"; fi
expect_error "--rules weighted with the accelerator is refused up front, with the reason" \
    "--neighbors accel \\(this program's default\\): .*weighted rule set is software-only" \
    --rules weighted --headless
expect_error "a boids flag is refused in its = form too" "--every is a flag of build/boids" --every=2
expect_error "--trace-frames 0 is refused" '--trace-frames: 0 is out of range \[1, 100000000\]' \
    --trace-frames 0 --trace "$tmp/t.fst"
err=$("$sim" --headless --rules=weighted --neighbors=grid --boids=24 --frames=2 --png="$tmp/eq" 2>&1)
if [ $? -eq 0 ] && [ -s "$tmp/eq/frame_000000.png" ]; then
    ok "--rules weighted runs on a software engine; --flag=value forms work"
else not_ok "weighted on grid" "$err"; fi
expect_error "--trace-frames without --trace is refused" "need --trace FILE" --trace-frames 3
expect_error "--model belongs to build/boids" "--model is a flag of build/boids" --model float
expect_error "a flock bigger than the accelerator is refused" "holds at most" --boids 5000 --headless
expect_error "a missing state file is refused" "nosuch.csv" --load "$tmp/nosuch.csv" --headless
expect_error "--png into a file that is no directory is refused" "not a directory" \
    --png "$0" --headless --frames 1

# A flock with every role, some of it off screen, from the C model.
"$build/boids" --boids 300 --predators 2 --scouts1 20 --scouts2 10 --frames 40 --every 40 \
    --save "$tmp/state.csv" >/dev/null 2>&1
"$build/boids" --world 1280x960 --boids 400 --predators 1 --scouts1 30 --frames 20 --every 20 \
    --save "$tmp/big.csv" >/dev/null 2>&1

# picture_matches DESCRIPTION STATE PNG W H: the PNG is the C rendering of STATE.
picture_matches() {
    local what=$1 out
    out=$("$check" "$2" "$3" "$4" "$5" 2>&1)
    if [ $? -eq 0 ]; then ok "$what"; else not_ok "$what" "$out"; fi
}

err=$("$sim" --headless --paused --load "$tmp/state.csv" --frames 4 --png "$tmp/paused" \
    --save "$tmp/after.csv" 2>&1); status=$?
pngs=$(ls "$tmp/paused" 2>/dev/null | wc -l)
if [ $status -eq 0 ] && [ "$pngs" -eq 4 ]; then
    ok "headless --paused --frames 4 --png writes 4 PNGs, one a frame"
else
    not_ok "headless paused run" "exit $status, $pngs PNGs: $err"
fi
differ=""
for png in "$tmp/paused"/frame_*.png; do
    "$check" "$tmp/state.csv" "$png" 640 480 >/dev/null 2>&1 || differ="$differ $(basename "$png")"
done
if [ -z "$differ" ]; then
    ok "every picture of a loaded paused state equals the C rendering, pixel for pixel"
else
    not_ok "pictures of the paused state" "these differ:$differ"
fi
if cmp -s "$tmp/state.csv" "$tmp/after.csv"; then
    ok "--paused draws the loaded state without moving it"
else
    not_ok "--paused moved the flock"
fi
first=$(ls "$tmp/paused"/frame_*.png | head -1)
if ! "$check" "$tmp/big.csv" "$first" 640 480 >/dev/null 2>&1; then
    ok "the comparison can fail: the picture differs from another state's rendering"
else
    not_ok "the picture matched another state"
fi

err=$("$sim" --headless --paused --load "$tmp/big.csv" --world 1280x960 --frames 4 \
    --png "$tmp/big" 2>&1); status=$?
picture_matches "a 1280x960 world is drawn at half size, pixel for pixel" \
    "$tmp/big.csv" "$(ls "$tmp/big"/frame_*.png | tail -1)" 1280 960

err=$("$sim" --headless --load "$tmp/state.csv" --frames 5 --png "$tmp/moving" \
    --save "$tmp/moved.csv" 2>&1); status=$?
last=$(ls "$tmp/moving"/frame_*.png 2>/dev/null | tail -1)
if [ $status -eq 0 ] && ! cmp -s "$tmp/state.csv" "$tmp/moved.csv" \
    && ! "$check" "$tmp/state.csv" "$last" 640 480 >/dev/null 2>&1 \
    && [ -n "$(ls "$tmp/moving")" ]; then
    ok "unpaused, the flock moves and the picture follows it"
else
    not_ok "a moving flock" "exit $status: $err"
fi
pngs=$(ls "$tmp/moving" 2>/dev/null | wc -l)
picture_matches "--frames 5: 5 pictures ($pngs), the last the state --save wrote" \
    "$tmp/moved.csv" "$( [ "$pngs" -eq 5 ] && echo "$last" || echo "$pngs PNGs")" 640 480

err=$("$sim" --boids 64 --frames 3 --png "$tmp/nodisplay" 2>&1); status=$?
if [ $status -eq 0 ] && grep -q "running headless" <<<"$err" && [ -n "$(ls "$tmp/nodisplay")" ]; then
    ok "with no display it says so and runs headless"
else
    not_ok "no display" "exit $status: $err"
fi

err=$(SDL_VIDEODRIVER=offscreen "$sim" --boids 64 --frames 3 2>&1); status=$?
if [ $status -eq 0 ] && grep -q "window open" <<<"$err"; then
    ok "the window path runs (SDL offscreen driver)"
else
    not_ok "window path" "exit $status: $err"
fi

err=$("$sim" --headless --boids 32 --frames 4 --trace "$tmp/run.fst" --trace-from 1 \
    --trace-frames 2 2>&1); status=$?
size=$(stat -c %s "$tmp/run.fst" 2>/dev/null || echo 0)
if [ $status -eq 0 ] && [ "$size" -gt 1000 ] && grep -q "trace .* done (2 frames)" <<<"$err"; then
    ok "--trace with --trace-from and --trace-frames writes an FST of that window ($size bytes)"
else
    not_ok "--trace" "exit $status, $size bytes: $err"
fi
# make wave opens the trace with sim/boids_system.gtkw: every signal it shows is in
# the trace (a renamed instance or a new top level leaves GTKWave's rows empty).
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
if missing=$(python3 "$repo/scripts/fst_signals.py" "$tmp/run.fst" --check "$repo/sim/boids_system.gtkw" 2>&1); then
    ok "sim/boids_system.gtkw names only signals the trace has ($(grep -c '^TOP\.' "$repo/sim/boids_system.gtkw") of them)"
else
    not_ok "sim/boids_system.gtkw against the trace" "$missing"
fi

# A trace changes nothing cycle for cycle: a traced run has the same
# pictures, final state and clocks a phase as an untraced one.
same_run() {
    "$sim" --headless --boids 256 --predators 1 --scouts1 20 --update synchronous --frames 3 \
        --png "$tmp/edge_$1" --save "$tmp/edge_$1.csv" "${@:2}" 2>&1 | grep -E "clock cycles"
}
fast=$(same_run fast) whole=$(same_run whole --trace "$tmp/edge.fst")
differ=$(diff -r "$tmp/edge_fast" "$tmp/edge_whole" 2>&1; cmp "$tmp/edge_fast.csv" "$tmp/edge_whole.csv" 2>&1)
if [ "$(wc -l <<<"$fast")" -eq 1 ] && [ "$fast" = "$whole" ] && [ -z "$differ" ] \
    && [ "$(ls "$tmp/edge_fast" | wc -l)" -eq 3 ]; then
    ok "traced = untraced: the pictures, the state and the clocks a phase"
else
    not_ok "traced = untraced" "untraced: $fast" "traced: $whole" "$differ"
fi
# --device-steering: the accelerator's steering unit does what the native
# firmware does by default; the same pictures and state, and its busy clocks
# show in a longer flock step (the banner says who steers).
steered=$(same_run steered --device-steering)
differ=$(diff -r "$tmp/edge_fast" "$tmp/edge_steered" 2>&1; cmp "$tmp/edge_fast.csv" "$tmp/edge_steered.csv" 2>&1)
step_of() { sed -nE 's/.*flock step ([0-9]+).*/\1/p' <<<"$1"; }
if [ -z "$differ" ] && [ "$(ls "$tmp/edge_steered" | wc -l)" -eq 3 ] && [ -n "$(step_of "$steered")" ] \
    && [ "$(step_of "$steered")" -gt "$(step_of "$fast")" ] \
    && grep -q "the device steers" <<<"$("$sim" --headless --frames 1 --device-steering 2>&1)"; then
    ok "--device-steering: the pictures and the state of the firmware's steering; the step takes more clocks"
else
    not_ok "--device-steering" "default: $fast" "device: $steered" "$differ"
fi
# Both edge rules on the steering unit: the state of build/boids's firmware
edges_same() {
    local flock=(--boids 256 --predators 1 --scouts1 20 --update synchronous --seed 4 --frames 30)
    local err
    err=$("$sim" --headless "${flock[@]}" --device-steering --edges "$1" --save "$tmp/edges_sim.csv" 2>&1) &&
        "$build/boids" "${flock[@]}" --edges "$1" --save "$tmp/edges_boids_$1.csv" >/dev/null 2>&1 &&
        cmp -s "$tmp/edges_sim.csv" "$tmp/edges_boids_$1.csv" || { echo "$err"; return 1; }
}
if edges_same brake && edges_same pseudocode \
    && ! cmp -s "$tmp/edges_boids_brake.csv" "$tmp/edges_boids_pseudocode.csv"; then
    ok "--edges brake and pseudocode on the steering unit: 30 frames equal build/boids's, and differ from each other"
else
    not_ok "--edges on build/sim equals build/boids" "$(edges_same brake; edges_same pseudocode)"
fi
err=$("$sim" --headless --boids 32 --frames 2 --trace "$tmp/nodir/run.fst" 2>&1); status=$?
if [ $status -eq 1 ] && grep -q "cannot write" <<<"$err"; then
    ok "a trace file that cannot be written is an error"
else
    not_ok "unwritable trace" "exit $status: $err"
fi

# The keys, pressed by --keys one a frame, run in a directory of their own.
mkdir -p "$tmp/keys"
members() { awk -F, 'NR > 1 && $2 != "predator"' "$1" | wc -l; }
keys_run() { (cd "$tmp/keys" && "$sim" --headless "$@" 2>&1); }
keys_run --boids 100 --frames 4 --keys "++" --save grown.csv >/dev/null
keys_run --boids 100 --frames 4 --keys "-" --save shrunk.csv >/dev/null
if [ "$(members "$tmp/keys/grown.csv")" -gt 125 ] && [ "$(members "$tmp/keys/shrunk.csv")" -lt 100 ]; then
    ok "+ and - add and remove boids"
else
    not_ok "+ and -" "$(members "$tmp/keys/grown.csv") and $(members "$tmp/keys/shrunk.csv") boids"
fi
keys_run --boids 100 --frames 3 --keys "g" --save scouts.csv >/dev/null
if grep -q scout1 "$tmp/keys/scouts.csv" && grep -q scout2 "$tmp/keys/scouts.csv"; then
    ok "g turns scout groups on"
else
    not_ok "g made no scouts"
fi
"$build/boids" --boids 100 --seed 3 --frames 0 --save "$tmp/keys/start.csv" >/dev/null 2>&1
keys_run --frames 5 --keys " " --load start.csv --save paused.csv >/dev/null
if cmp -s "$tmp/keys/start.csv" "$tmp/keys/paused.csv"; then
    ok "space pauses: the flock stays where it was"
else
    not_ok "space did not pause"
fi
out=$(keys_run --boids 50 --frames 8 --keys "zzpztzt" 2>&1)
if ls "$tmp/keys"/screenshot_*.png >/dev/null 2>&1 && ls "$tmp/keys"/trace_*.fst >/dev/null 2>&1; then
    ok "p takes a screenshot and t starts and stops a trace"
else
    not_ok "p and t" "$out"
fi
keys_run --load start.csv --frames 1 --save one.csv >/dev/null
keys_run --load start.csv --paused --frames 3 --keys "n" --save stepped.csv >/dev/null
keys_run --load start.csv --frames 4 --keys "zzzr" --save reset.csv >/dev/null
if ! cmp -s "$tmp/keys/start.csv" "$tmp/keys/one.csv" && cmp -s "$tmp/keys/one.csv" "$tmp/keys/stepped.csv" \
    && cmp -s "$tmp/keys/one.csv" "$tmp/keys/reset.csv"; then
    ok "n steps exactly one frame; r goes back to the start (both equal a one-frame run)"
else
    not_ok "n and r" "$(cmp "$tmp/keys/one.csv" "$tmp/keys/stepped.csv"; cmp "$tmp/keys/one.csv" "$tmp/keys/reset.csv")"
fi
keys_run --boids 50 --frames 3 --keys "m" --save mouse.csv >/dev/null
if [ "$(grep -c predator "$tmp/keys/mouse.csv")" -eq 1 ]; then
    ok "m adds the predator that follows the mouse"
else
    not_ok "m added no predator"
fi
out=$(keys_run --boids 50 --frames 50 --keys "]].q")
if grep -q "centeringfactor = " <<<"$out" && grep -q "sim: 4 frames" <<<"$out"; then
    ok "] chooses a parameter, . raises it, q quits"
else
    not_ok "] . q" "$out"
fi

# The video mode is a build knob: build/sim built with make MODE=$mode (in a build
# directory of its own) shows that mode's picture at that mode's rate, decoded
# from the pins; the default build, 640x480, is the control. The expected
# numbers are the VESA standards', not the table's (scripts/video_modes.py).
png_size() { od -An -tu1 -j16 -N8 "$1" | awk '{printf "%dx%d", $3 * 256 + $4, $7 * 256 + $8}'; }
mode_run() { # SIM DIR: a paused picture of state.csv, 3 frames
    "$1" --headless --paused --load "$tmp/state.csv" --frames 3 --png "$tmp/$2" 2>&1
}
mode_ok() { # DESCRIPTION OUTPUT DIR SIZE DECODED RATE
    local first
    first=$(ls "$tmp/$3"/frame_*.png 2>/dev/null | head -1)
    if [ -n "$first" ] && [ "$(png_size "$first")" = "$4" ] && grep -q "($5), 0 sync problems" <<<"$2" \
        && grep -q "of real time, $6 frames/s" <<<"$2" \
        && "$check" "$tmp/state.csv" "$first" 640 480 >/dev/null 2>&1; then
        ok "$1"
    else
        not_ok "$1" "picture ${first:-none}: $( [ -n "$first" ] && png_size "$first")" "$2"
    fi
}
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
mode=$(make -s --no-print-directory -C "$root" print-TEST_MODE)
msim="$build/modes/$mode/sim"
t0=$(date +%s)
out=$(make -s --no-print-directory -C "$root" BUILD="$(cd "$build" && pwd)" "$(cd "$build" && pwd)/modes/$mode/sim" 2>&1)
if [ $? -eq 0 ] && [ -x "$msim" ]; then
    ok "make MODE=$mode builds build/sim for that mode in $build/modes/$mode ($(( $(date +%s) - t0 )) s)"
    mode_ok "MODE=$mode: $mode pictures decoded as ${mode}@60 at 60.32 frames/s (40 MHz, 1056 x 628), each the C rendering" \
        "$(mode_run "$msim" mode_new)" mode_new "$mode" "${mode}@60" 60.32
else
    not_ok "make MODE=$mode $msim" "$out"
fi
mode_ok "the default build: 640x480 pictures decoded as 640x480@60 at 59.94 frames/s (25.175 MHz, 800 x 525)" \
    "$(mode_run "$sim" mode_default)" mode_default 640x480 640x480@60 59.94
out=$(make -s --no-print-directory -C "$root" BUILD="$tmp/nobuild" MODE=1024x700 print-MODE 2>&1)
if [ $? -ne 0 ] && grep -q "MODE=1024x700 is not a video mode (known: .*$mode" <<<"$out"; then
    ok "an unknown MODE is refused with the list of modes"
else
    not_ok "MODE=1024x700 was not refused" "$out"
fi

# The accelerator's results as a ring (RESULT_SLOTS, as the SoC's jitter
# variant keeps them): make SYSTEM_RESULT_SLOTS=64 builds build/sim's model with
# it. The banner says so, the ring's flow control costs the flock step clocks
# (the model has the parameter), and the flock ends where the default build's does.
ring="$(cd "$build" && pwd)/ring64"
ring_run() { "$1" --headless --boids 1024 --predators 2 --scouts1 60 --scouts2 40 --update synchronous \
    --neighbors accel --frames 4 --save "$2" 2>&1; }
step_of() { sed -n 's/.*flock step \([0-9]*\) .*/\1/p' <<<"$1"; }
out=$(make -s --no-print-directory -C "$root" BUILD="$ring" SYSTEM_RESULT_SLOTS=64 SYSTEM_PGO=0 "$ring/sim" 2>&1)
if [ $? -eq 0 ]; then
    ring_out=$(ring_run "$ring/sim" "$tmp/ring.csv")
    plain_out=$(ring_run "$sim" "$tmp/plain.csv")
    if grep -q "RESULT_SLOTS=64" <<<"$ring_out" && [ -n "$(step_of "$ring_out")" ] \
        && [ "$(step_of "$ring_out")" != "$(step_of "$plain_out")" ] && cmp -s "$tmp/ring.csv" "$tmp/plain.csv"; then
        ok "make SYSTEM_RESULT_SLOTS=64: a ring of 64 results in the model (flock step $(step_of "$ring_out") clocks, $(step_of "$plain_out") without), the same flock"
    else
        not_ok "SYSTEM_RESULT_SLOTS=64 build/sim" "$ring_out" "$plain_out"
    fi
else
    not_ok "make SYSTEM_RESULT_SLOTS=64 $ring/sim" "$out"
fi

# build/sim's model is compiled with gcc's profile of a training run (SYSTEM_PGO,
# the Makefile): the same model compiled without it, the instrumented build that
# took the profile, must step another flock to the same cycles and state.
trained="$(cd "$build" && pwd)/vl/system/train/sim"
what="build/sim, compiled with its profile, steps as the model compiled without it: the same cycles and state"
if [ ! -x "$trained" ]; then
    ok "$what # SKIP no profile-guided build here (SYSTEM_PGO=0)"
else
    flock=(--headless --boids 300 --predators 1 --scouts1 30 --scouts2 20 --update sequential --seed 5 --frames 6)
    with=$("$sim" "${flock[@]}" --save "$tmp/pgo_with.csv" 2>&1 | grep -E "clock cycles|slowest")
    without=$(cd "$tmp" && "$trained" "${flock[@]}" --save "$tmp/pgo_without.csv" 2>&1 | grep -E "clock cycles|slowest")
    if [ -n "$with" ] && [ "$with" = "$without" ] && cmp -s "$tmp/pgo_with.csv" "$tmp/pgo_without.csv"; then
        ok "$what"
    else
        not_ok "$what" "with its profile: $with" "without: $without" "$(cmp "$tmp/pgo_with.csv" "$tmp/pgo_without.csv" 2>&1)"
    fi
fi

echo "1..$n"
