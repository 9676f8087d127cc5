#!/usr/bin/env bash
# The boards (constraints/boards.mk): every open-flow board goes from RTL to a
# bitstream with every clock meeting its target; the vendor boards' yosys
# estimates fit their devices; each board's simulator (exactly the synthesized
# configuration) keeps the full frame rate with the flock its RAM image boots
# with, and refuses a wrong board name. Slow (minutes: synthesis, place and
# route). Speaks TAP.
set -uo pipefail
build=${1:-build}
cd "$(dirname "$0")/.." || exit 1
source tests/tap.sh
open_boards=$(make --no-print-directory -s -f Makefile print-OPEN_BOARDS 2>/dev/null)
vendor_boards=$(make --no-print-directory -s -f Makefile print-VENDOR_BOARDS 2>/dev/null)
[ -n "$open_boards" ] || { not_ok "the board list (make print-OPEN_BOARDS)"; echo "1..$n"; exit 1; }

# Each board's chain starts at once, in build/boards/B/ of its own: its
# simulator and RAM image (a minute or two), then its synthesis, place and
# route; an ECP5 board's synthesis (yowasp, one thread: the ULX3S's is most of
# this script's time) starts beside its simulator, since its image goes in
# after routing.
# Under tests/run_all.sh this runs beside the main build: the checks that need
# build/boids wait for its end (TEST_BUILD_DONE). The bitstreams' reports are
# read at the end.
synth_dir=$(mktemp -d)
trap 'kill $(jobs -p) 2>/dev/null; rm -rf "$synth_dir"' EXIT
declare -A synth_pid
family() { make --no-print-directory -s print-${1}_FAMILY 2>/dev/null; }
# chain B: the board's simulator and image (status in B.sim.status), then its
# synthesis, place and route. An ECP5 board's synthesis, place and route do not
# need its image (it goes into the routed design), so they start beside its
# simulator, once make board-config has settled the board's directory.
chain() {
    local b=$1 status sim early= early_status=0
    make --no-print-directory BUILD="$build" board-config BOARD="$b" > "$synth_dir/$b.sim.out" 2>&1
    { make --no-print-directory BUILD="$build" board-sim BOARD="$b" &&
      make --no-print-directory BUILD="$build" "$build/boards/$b/ram.bin"; } >> "$synth_dir/$b.sim.out" 2>&1 &
    sim=$!
    if [ "$(family "$b")" = ecp5 ]; then
        make --no-print-directory BUILD="$build" "$build/boards/$b/routed.config" > "$synth_dir/$b.routed.out" 2>&1 &
        early=$!
    fi
    wait $sim; status=$?
    echo $status > "$synth_dir/$b.sim.status"
    [ -z "$early" ] || { wait "$early"; early_status=$?; }
    if [ $early_status -ne 0 ]; then
        cp "$synth_dir/$b.routed.out" "$synth_dir/$b.out"    # its synthesis or place and route failed
        return $early_status
    fi
    [ $status -eq 0 ] || return $status
    make --no-print-directory BUILD="$build" synth BOARD="$b" > "$synth_dir/$b.out" 2>&1
}
for b in $open_boards $vendor_boards; do
    chain "$b" &
    synth_pid[$b]=$!
done

# wait_file FILE: waits until FILE exists (another process writes it)
wait_file() { while [ ! -e "$1" ]; do sleep 1; done; }
for b in $open_boards $vendor_boards; do
    wait_file "$synth_dir/$b.sim.status"
    if [ "$(cat "$synth_dir/$b.sim.status")" = 0 ]; then
        ok "$b: its simulator and RAM image ($build/boards/$b/soc, ram.bin)"
    else
        not_ok "$b: its simulator and RAM image (make board-sim BOARD=$b)" "$(cat "$synth_dir/$b.sim.out")"
    fi
done

# The flock in each board's RAM image, on the board's simulator: every frame
# gets its step. Simulated time: the host's speed does not matter.
for b in $open_boards $vendor_boards; do
    flock=$(make --no-print-directory -s print-${b}_FLOCK 2>/dev/null)
    soc=$build/boards/$b/soc
    if [ -x "$soc" ]; then
        if out=$(bash scripts/board_fit.sh --check "$soc" $flock 2>&1); then
            ok "$b: the image's flock ($flock) keeps the full frame rate: $out"
        else
            not_ok "$b: the image's flock ($flock) keeps the full frame rate" "$out"
        fi
    else
        not_ok "$b: no board simulator at $soc"
    fi
done

# The checks below run build/boids and the test tools: under tests/run_all.sh,
# the main build's end first.
if [ -n "${TEST_BUILD_DONE:-}" ]; then
    wait_file "$TEST_BUILD_DONE"
fi

# steps_equal_host SOC FLOCK...: 10 steps of the flock on a board's simulator
# and on build/boids; status 0 when both save the same state. Leaves the
# simulator's output and status in out and status.
steps_equal_host() {
    local soc=$1 dir
    shift
    dir=$(mktemp -d)
    out=$("$soc" --headless --steps 10 --save "$dir/board.csv" "$@" 2>&1); status=$?
    "$build/boids" --frames 10 --save "$dir/host.csv" "$@" >/dev/null 2>&1
    [ $status -eq 0 ] && cmp -s "$dir/board.csv" "$dir/host.csv"
    local same=$?
    rm -rf "$dir"
    return $same
}

# The iCEBreaker's firmware holds its N_MAX boids in 64 KiB beside the
# mailbox, and its grid gives the host's sums; it carries the Cornell rules
# only, and says so when asked for the others.
soc=$build/boards/icebreaker/soc
nmax=$(make --no-print-directory -s print-icebreaker_NMAX 2>/dev/null)
if [ -x "$soc" ] && [ -x "$build/boids" ] && [ -n "$nmax" ]; then
    if steps_equal_host "$soc" --boids "$nmax" --predators 1 --scouts1 $((nmax / 10)) \
        --scouts2 $((nmax / 16)) --seed 3 --update synchronous --neighbors grid; then
        ok "iCEBreaker: $nmax boids fit its RAM; 10 steps of its grid equal build/boids's, bit for bit"
    else
        not_ok "iCEBreaker: $nmax boids, 10 steps, equal to build/boids" "exit $status: $out"
    fi
    if steps_equal_host "$soc" --boids 64 --predators 1 --scouts1 6 --seed 4 --update synchronous \
        --neighbors grid --edges pseudocode; then
        ok "iCEBreaker: the references' edge rule (--edges pseudocode) on its CPU; 10 steps equal build/boids's"
    else
        not_ok "iCEBreaker: --edges pseudocode, 10 steps, equal to build/boids" "exit $status: $out"
    fi
    out=$("$soc" --headless --steps 2 --boids 20 --rules weighted --neighbors grid 2>&1)
    if grep -q "built without that neighbor engine or rule set" <<<"$out"; then
        ok "iCEBreaker: the weighted rule set, left out of its firmware, is refused with the reason"
    else
        not_ok "iCEBreaker: --rules weighted is refused" "$out"
    fi
else
    not_ok "iCEBreaker: no board simulator at $soc or no $build/boids"
fi

# The ULX3S's RAM is sized for the accelerator: the firmware's own engines get
# the sums of as many boids as the rest of it holds. A flock that fits flies
# as build/boids flies it; a larger one is refused with the number it holds.
soc=$build/boards/ulx3s/soc
if [ -x "$soc" ] && [ -x "$build/boids" ]; then
    if steps_equal_host "$soc" --boids 200 --predators 1 --scouts1 20 --scouts2 12 --seed 3 \
        --update synchronous --neighbors grid; then
        ok "ULX3S: 200 boids on the firmware's grid; 10 steps equal build/boids's, bit for bit"
    else
        not_ok "ULX3S: 200 boids on the firmware's grid, 10 steps, equal to build/boids" "exit $status: $out"
    fi
    console=$out console_status=$status
    if steps_equal_host "$soc" --boids 200 --predators 1 --scouts1 20 --scouts2 12 --seed 3 \
        --update synchronous --neighbors accel --edges pseudocode; then
        ok "ULX3S: the references' edge rule (--edges pseudocode) on its accelerator; 10 steps equal build/boids's"
    else
        not_ok "ULX3S: --edges pseudocode on the accelerator, 10 steps, equal to build/boids" "exit $status: $out"
    fi
    out=$console status=$console_status
    # the console as the UART pin carried it: text only (the pin reads 0 before
    # the first reset edge, which a receiver must not take for a start bit)
    if [ $status -eq 0 ] && grep -q "^boids soc: RV32IM at" <<<"$out" && ! LC_ALL=C grep -q '[^[:print:][:space:]]' <<<"$out"; then
        ok "ULX3S: the console decoded from the UART pin is text from its first byte"
    else
        not_ok "ULX3S: the console decoded from the UART pin is text from its first byte" "$(cat -A <<<"$out")"
    fi
    # The sorted batch's APPEND words make the sprites (the display's tap): each
    # picture is the flock as its step began, pixel for pixel as the C rendering
    # (SCALE 2). The firmware sorts above SOC_SORT_CPU_CYCLES x the board's lanes
    # boids (app.c's choose_batch): 1,700 must stay above that as the lanes change.
    sort_from=$(( $(make --no-print-directory -s print-SOC_SORT_CPU_CYCLES 2>/dev/null || echo 0) \
                  * $(make --no-print-directory -s print-ulx3s_LANES 2>/dev/null || echo 0) ))
    if [ "$sort_from" -gt 0 ] && [ 1700 -gt "$sort_from" ]; then
        ok "ULX3S: 1,700 boids are above the $sort_from from which its firmware has the accelerator sort"
    else
        not_ok "ULX3S: 1,700 boids are above the flock size from which its firmware sorts" "SOC_SORT_CPU_CYCLES x ulx3s_LANES = $sort_from"
    fi
    dir=$(mktemp -d)
    flock=(--boids 1700 --predators 1 --scouts1 170 --scouts2 106 --seed 5 --update synchronous)
    out=$("$soc" --headless --steps 5 --png "$dir/pics" "${flock[@]}" 2>&1); status=$?
    pngs=$(ls "$dir/pics" 2>/dev/null | wc -l) bad=""
    for k in $(seq 0 $((pngs - 1))); do
        "$build/boids" --frames "$k" --save "$dir/state_$k.csv" "${flock[@]}" >/dev/null 2>&1
        "$build/tests/tools/picture_check" "$dir/state_$k.csv" "$(printf '%s/pics/frame_%06d.png' "$dir" "$k")" \
            640 480 2 >/dev/null 2>&1 || bad="$bad $k"
    done
    if [ $status -eq 0 ] && [ "$pngs" -ge 3 ] && [ -z "$bad" ]; then
        ok "ULX3S: the sprites of 1,700 sorted boids come from the accelerator's APPEND words: each of $pngs pictures is the flock after as many steps"
    else
        not_ok "ULX3S: the pictures of 1,700 sorted boids" "exit $status, $pngs PNGs, differing:${bad:- none}: $out"
    fi
    rm -rf "$dir"
    out=$("$soc" --headless --steps 2 --boids 2000 --neighbors brute 2>&1); status=$?
    if [ $status -ne 0 ] && grep -qE "the RAM holds the neighbour sums of [1-9][0-9]+ boids" <<<"$out"; then
        ok "ULX3S: 2,000 boids on the firmware's brute force refused: $(grep -oE 'holds the neighbour sums of [0-9]+ boids' <<<"$out")"
    else
        not_ok "ULX3S: 2,000 boids on the firmware's brute force are refused with the number it holds" "exit $status: $out"
    fi
else
    not_ok "ULX3S: no board simulator at $soc or no $build/boids"
fi

# The Basys 3's mailbox holds one flock, not a copy of the start beside it
# (basys3_START_COPY 0): the host loads the live flock, which flies as
# build/boids flies it, and r scatters the starting number of boids anew,
# their roles kept, where a copy would have brought the loaded state back.
soc=$build/boards/basys3/soc
if [ -x "$soc" ] && [ -x "$build/boids" ]; then
    if steps_equal_host "$soc" --boids 300 --predators 1 --scouts1 30 --scouts2 18 --seed 5 \
        --update synchronous; then
        ok "Basys 3: 300 boids loaded into its one flock; 10 steps equal build/boids's, bit for bit"
    else
        not_ok "Basys 3: 300 boids loaded into its one flock, 10 steps, equal to build/boids" "exit $status: $out"
    fi
    if steps_equal_host "$soc" --boids 300 --predators 1 --scouts1 30 --scouts2 18 --seed 5 \
        --update synchronous --edges pseudocode; then
        ok "Basys 3: the references' edge rule (--edges pseudocode) on its accelerator; 10 steps equal build/boids's"
    else
        not_ok "Basys 3: --edges pseudocode, 10 steps, equal to build/boids" "exit $status: $out"
    fi
    dir=$(mktemp -d)
    "$build/boids" --boids 300 --predators 1 --scouts1 30 --scouts2 18 --seed 5 --frames 0 \
        --save "$dir/loaded.csv" >/dev/null 2>&1
    out=$("$soc" --headless --paused --load "$dir/loaded.csv" --keys "nr" --frames 8 \
        --save "$dir/restarted.csv" 2>&1); status=$?
    # rows with the same id and role, and how many moved from the loaded state
    verdict=$(awk -F, 'NR == FNR { row[FNR] = $0; next }
        FNR == 1 { next }
        { split(row[FNR], a, ","); if (a[1] != $1 || a[2] != $2) bad++;
          else if ($2 != "predator" && (a[3] != $3 || a[4] != $4)) moved++;
          else if ($2 != "predator") kept++ }
        END { if (NR - FNR != FNR) bad++; printf "%d %d %d", bad, moved, kept }' \
        "$dir/loaded.csv" "$dir/restarted.csv" 2>/dev/null)
    read -r bad moved kept <<<"$verdict"
    if [ $status -eq 0 ] && [ "${bad:-1}" -eq 0 ] && [ "${moved:-0}" -eq 300 ] && [ "${kept:-1}" -eq 0 ]; then
        ok "Basys 3: r scatters all 300 boids anew, their ids and roles kept"
    else
        not_ok "Basys 3: r scatters the starting boids anew, their ids and roles kept" \
            "exit $status; rows differing in id or role $bad, moved $moved, in place $kept: $out"
    fi
    rm -rf "$dir"
else
    not_ok "Basys 3: no board simulator at $soc or no $build/boids"
fi

# A trace changes nothing cycle for cycle on the boards' simulators (two
# clocks on the ULX3S and the Basys 3, one on the iCEBreaker): a traced run
# has the same pictures, final state, clocks, board figures and profile as
# an untraced one. Nor does the compiler's profile (SOC_PGO, the Makefile):
# the instrumented build that took it (vl/soc/train/soc, its counts kept out
# of the build) runs the same as the simulator compiled with it.
# same_as HOW: run HOW in $dir against the plain one (nothing when they agree)
same_as() {
    cmp "$dir/plain.txt" "$dir/$1.txt" 2>&1; diff -r "$dir/plain" "$dir/$1" 2>&1
    cmp "$dir/plain.csv" "$dir/$1.csv" 2>&1; cmp "$dir/plain.prof" "$dir/$1.prof" 2>&1
}
for b in ulx3s basys3 icebreaker; do
    soc=$build/boards/$b/soc
    [ -x "$soc" ] || { not_ok "$b: no board simulator at $soc"; continue; }
    trained=$build/boards/$b/vl/soc/train/soc
    engine=()
    [ "$b" = icebreaker ] && engine=(--neighbors grid)
    dir=$(mktemp -d)
    hows="plain traced"
    [ -x "$trained" ] && hows="$hows trained"
    for how in $hows; do
        program=$soc
        [ $how = trained ] && program=$trained
        GCOV_PREFIX="$dir/gcov" "$program" --headless --boids 64 --predators 1 --scouts1 6 --update synchronous \
            --steps 2 "${engine[@]}" --firmware "$build/boards/$b/firmware/boids.bin" \
            --png "$dir/$how" --save "$dir/$how.csv" --profile "$dir/$how.prof" \
            $([ $how = traced ] && echo --trace "$dir/t.fst") 2>&1 | sed -E 's/ in [0-9.]+ s:.*;/;/' >"$dir/$how.out"
        grep -E "cycles\)|soc: board" "$dir/$how.out" >"$dir/$how.txt"
    done
    differ=$(same_as traced)
    if [ -s "$dir/plain.txt" ] && [ -z "$differ" ] && [ "$(ls "$dir/plain" | wc -l)" -ge 1 ] && [ -s "$dir/t.fst" ]; then
        ok "$b: traced = untraced: the pictures, the state, the clocks and the profile"
    else
        not_ok "$b: traced = untraced" "$(diff "$dir/plain.txt" "$dir/traced.txt"; echo "$differ")"
    fi
    what="$b: compiled with its profile = compiled without: the pictures, the state, the clocks and the profile"
    if [ ! -x "$trained" ]; then
        ok "$what # SKIP no profile-guided build here (SOC_PGO=0)"
    elif differ=$(same_as trained) && [ -s "$dir/plain.txt" ] && [ -z "$differ" ]; then
        ok "$what"
    else
        not_ok "$what" "$(diff "$dir/plain.txt" "$dir/trained.txt"; echo "$differ")"
    fi
    rm -rf "$dir"
done

# The iCEBreaker's power-up in Icarus: the board top, the flash model holding
# the RAM image make synth wrote, the loader, the CPU, the firmware's banner on
# the UART pin. Then the same with the image cut short: it must not boot.
image=$build/boards/icebreaker/ram.bin
if [ -f "$image" ]; then
    tmp=$(mktemp -d)
    head -c 1024 "$image" > "$tmp/short.bin"
    python3 scripts/bin_to_hex.py --bytes "$image" "$tmp/image.hex" "$(stat -c %s "$image")"
    python3 scripts/bin_to_hex.py --bytes "$tmp/short.bin" "$tmp/short.hex" 1024
    boot() {   # IMAGE_HEX MAX_CYCLES -> the testbench's output, its status
        iverilog -g2012 -Wall -Irtl -Irtl/boards -y tests/rtl/board_stubs -y rtl -y rtl/boards -P "tb_icebreaker_boot.IMAGE=\"$1\"" \
            -P "tb_icebreaker_boot.MAX_CYCLES=$2" -o "$tmp/boot.vvp" tests/rtl/tb_icebreaker_boot.v \
            tests/rtl/spi_flash_model.v rtl/boards/icebreaker_top.v 2>&1 | grep -v timescale
        vvp -N "$tmp/boot.vvp" 2>&1
    }
    out=$(boot "$tmp/image.hex" 3000000)
    if grep -q "^PASS tb_icebreaker_boot" <<<"$out"; then
        ok "iCEBreaker power-up: flash -> loader -> RAM -> firmware banner on the UART ($(grep -o 'loaded at cycle [0-9]*' <<<"$out"))"
    else
        not_ok "iCEBreaker power-up from the flash image" "$out"
    fi
    out=$(boot "$tmp/short.hex" 1300000)
    if grep -q "FAIL" <<<"$out" && ! grep -q "^PASS" <<<"$out"; then
        ok "iCEBreaker power-up with an image cut to 1 KiB: no banner, the testbench fails as it should"
    else
        not_ok "a cut image must not boot" "$out"
    fi
    rm -rf "$tmp"
else
    not_ok "iCEBreaker RAM image at $image (make synth BOARD=icebreaker)"
fi

# The bitstreams (and the vendor boards' estimates): each board's report,
# every clock meeting its target.
for b in $open_boards $vendor_boards; do
    wait "${synth_pid[$b]}"; status=$?
    out=$(cat "$synth_dir/$b.out")
    report=$(cat "$build/boards/$b/report.txt" 2>/dev/null)
    if [ $status -eq 0 ] && [ -n "$report" ]; then
        ok "make synth BOARD=$b: $(head -1 <<<"$report")"
        sed 's/^/# /' <<<"$report"
    else
        not_ok "make synth BOARD=$b" "$out"
    fi
    # An open-flow board with a pixel clock of its own (B_PIXEL_HZ): both
    # clocks in the report, both meeting their targets (a vendor board's
    # timing is its vendor's place and route).
    if [[ " $open_boards " == *" $b "* ]] && [ -n "$(make --no-print-directory -s print-${b}_PIXEL_HZ 2>/dev/null)" ]; then
        if grep -qE "clock .*clk_system .* meets" <<<"$report" && grep -qE "clock .*clk_pixel .* meets" <<<"$report"; then
            ok "$b: the system clock and the pixel clock both meet their targets"
        else
            not_ok "$b: the system clock and the pixel clock both meet their targets" "$report"
        fi
    fi
done

# Place and route is bounded (PNR_MINUTES): cut short, it fails with the
# reason and leaves no bitstream and no report. A copy of the iCEBreaker's
# netlist, given three seconds (it needs about a minute).
if [ -f "$build/boards/icebreaker/synth.json" ]; then
    tmp=$(mktemp -d)
    mkdir -p "$tmp/boards"
    cp -a "$build/boards/icebreaker" "$tmp/boards/"
    rm -f "$tmp/boards/icebreaker/report.txt"
    out=$(make --no-print-directory BUILD="$tmp" PNR_MINUTES=0.05 "$tmp/boards/icebreaker/report.txt" 2>&1); status=$?
    left=$(ls "$tmp/boards/icebreaker/" | grep -E '^(report\.txt|icebreaker\.(asc|bin))$')
    if [ $status -ne 0 ] && grep -q "icebreaker did not finish in 0.05 minutes" <<<"$out" && [ -z "$left" ]; then
        ok "place and route cut short by PNR_MINUTES: refused with the reason, no bitstream or report left"
    else
        not_ok "place and route cut short by PNR_MINUTES" "exit $status, left: $left; $out"
    fi
    rm -rf "$tmp"
else
    not_ok "PNR_MINUTES: no iCEBreaker netlist at $build/boards/icebreaker/synth.json"
fi

# An ECP5 board's RAM image goes into its bitstream after routing
# (scripts/ecp5_ram_image.py put, checked word for word): a new image re-packs the
# bitstream without another synthesis or place and route, and the check refuses
# a configuration whose RAM is not the image. On a copy of the board's build.
for b in $open_boards; do
    [ "$(family "$b")" = ecp5 ] || continue
    dir=$build/boards/$b
    if [ ! -f "$dir/routed.config" ] || [ ! -f "$dir/$b.bit" ] || [ ! -f "$dir/$b.config" ]; then
        not_ok "$b: its RAM image after routing: no routed.config, $b.config or $b.bit in $dir"
        continue
    fi
    # inside the build (yowasp's tools see /tmp as a directory of their own)
    tmp=$(mktemp -d "$build/image-test.XXXXXX")
    mkdir -p "$tmp/boards"
    cp -a "$dir" "$tmp/boards/"
    copy=$tmp/boards/$b
    # the image's first word changed (a firmware change), made newer than ram.bin
    python3 - "$copy/ram.hex" <<'PY'
import sys
lines = open(sys.argv[1]).read().split("\n")
lines[0] = "%08x" % (int(lines[0], 16) ^ 0x00ff00ff)
open(sys.argv[1], "w").write("\n".join(lines))
PY
    start=$SECONDS
    out=$(make --no-print-directory BUILD="$tmp" "$copy/report.txt" 2>&1); status=$?
    if [ $status -eq 0 ] && ! grep -qE "^(yosys|place and route):" <<<"$out" \
        && grep -q "holds $copy/ram.hex, every word" <<<"$out" && ! cmp -s "$dir/$b.bit" "$copy/$b.bit" \
        && cmp -s "$dir/routed.config" "$copy/routed.config"; then
        ok "$b: a new RAM image re-packs the bitstream in $((SECONDS - start)) s, no synthesis or place and route: $(grep -o 'every word ([^)]*)' <<<"$out")"
    else
        not_ok "$b: a new RAM image re-packs the bitstream alone" "exit $status: $out"
    fi
    # one line of the image's configuration set back to the placeholder's
    python3 - "$dir/routed.config" "$dir/$b.config" "$copy/one-line.config" <<'PY'
import sys
routed, image = (open(p).read().split("\n") for p in sys.argv[1:3])
for i, (a, b) in enumerate(zip(routed, image)):
    if a != b:
        image[i] = a
        break
open(sys.argv[3], "w").write("\n".join(image))
PY
    for bad in "$dir/routed.config:the routed design with the placeholder still in its RAM" \
               "$copy/one-line.config:a configuration with one line of its RAM left as the placeholder"; do
        out=$(python3 scripts/ecp5_ram_image.py check "$dir/routed.config" "${bad%%:*}" \
            "$dir/ram_placeholder.hex" "$dir/ram.hex" 2>&1); status=$?
        if [ $status -eq 1 ] && grep -q "does not hold .*ram.hex where" <<<"$out"; then
            ok "$b: the check refuses ${bad#*:}"
        else
            not_ok "$b: the check refuses ${bad#*:}" "exit $status: $out"
        fi
    done
    rm -rf "$tmp"
done

out=$(make --no-print-directory BUILD="$build" synth BOARD=nosuchboard 2>&1); status=$?
if [ $status -ne 0 ] && grep -q "unknown BOARD=nosuchboard" <<<"$out"; then
    ok "make synth BOARD=nosuchboard: refused with the list of boards"
else
    not_ok "make synth BOARD=nosuchboard is refused" "$out"
fi
out=$(make --no-print-directory BUILD="$build" prog 2>&1); status=$?
if [ $status -ne 0 ] && grep -q "say which board" <<<"$out"; then
    ok "make prog without BOARD: refused, nothing programmed"
else
    not_ok "make prog without BOARD is refused" "$out"
fi
echo "1..$n"
