#!/usr/bin/env bash
# build/boids as a user meets it: help, a run, state files, and every kind of
# bad input, which must give one clear error line, a non-zero exit, and leave
# no output file behind. Speaks TAP.
set -uo pipefail
build=${1:-build}
boids="$build/boids"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

source "$(dirname "${BASH_SOURCE[0]}")/tap.sh"

# expect_error DESCRIPTION PATTERN ARGS...: exit 1, one stderr line matching
# PATTERN, and no --save file left behind.
expect_error() {
    local what=$1 pattern=$2; shift 2
    local err status
    rm -f "$tmp/out.csv"
    err=$("$boids" "$@" --save "$tmp/out.csv" 2>&1 >/dev/null); status=$?
    if [ "$status" -eq 1 ] && [ "$(wc -l <<<"$err")" -eq 1 ] && grep -qE -- "$pattern" <<<"$err" \
        && [ ! -e "$tmp/out.csv" ] && [ -z "$(ls "$tmp" | grep tmp)" ]; then
        ok "$what"
    else
        not_ok "$what" "exit $status, stderr: $err"
    fi
}

# --help
out=$("$boids" --help); status=$?
if [ $status -eq 0 ] && grep -q -- "--boids N" <<<"$out" && grep -q "visualrange" <<<"$out"; then
    ok "--help lists flags and parameters"
else not_ok "--help" "exit $status"; fi

# A run prints one metrics line per frame
out=$("$boids" --boids 64 --frames 7 2>/dev/null)
if [ "$(grep -vc '^#' <<<"$out")" -eq 7 ] && [ "$(tail -1 <<<"$out" | cut -f1)" = 7 ]; then
    ok "one metrics line per frame"
else not_ok "metrics lines" "$out"; fi

# Save, then load and save with --frames 0: same values
"$boids" --boids 50 --predators 2 --scouts1 5 --scouts2 5 --dynamic-bias --frames 20 \
    --save "$tmp/a.csv" >/dev/null 2>&1
"$boids" --load "$tmp/a.csv" --frames 0 --save "$tmp/b.csv" >/dev/null 2>&1
if [ -s "$tmp/a.csv" ] && cmp -s "$tmp/a.csv" "$tmp/b.csv" && [ "$(wc -l <"$tmp/a.csv")" -eq 53 ]; then
    ok "--load then --save with --frames 0 reproduces the state"
else not_ok "load/save round trip" "$(diff "$tmp/a.csv" "$tmp/b.csv" | head -3)"; fi
if head -1 "$tmp/a.csv" | grep -qx "id,role,x,y,vx,vy,biasval" && grep -q ",predator," "$tmp/a.csv" \
    && grep -q ",scout2," "$tmp/a.csv"; then
    ok "state file has the header and roles"
else not_ok "state file format" "$(head -2 "$tmp/a.csv")"; fi

# A loaded run continues exactly where the saved one stopped
"$boids" --boids 50 --frames 30 --save "$tmp/c30.csv" >/dev/null 2>&1
"$boids" --boids 50 --frames 10 --save "$tmp/c10.csv" >/dev/null 2>&1
"$boids" --load "$tmp/c10.csv" --frames 20 --save "$tmp/c10_20.csv" >/dev/null 2>&1
if cmp -s "$tmp/c30.csv" "$tmp/c10_20.csv"; then ok "a loaded state resumes bit for bit"
else not_ok "resume" "$(diff "$tmp/c30.csv" "$tmp/c10_20.csv" | head -3)"; fi
# ... in the float model too: its doubles are saved exactly (the shortest
# decimal that reads back as the same double), so they resume the same future
"$boids" --model float --boids 300 --scouts1 30 --predators 1 --frames 100 --save "$tmp/f100.csv" >/dev/null 2>&1
"$boids" --model float --boids 300 --scouts1 30 --predators 1 --frames 40 --save "$tmp/f40.csv" >/dev/null 2>&1
"$boids" --model float --load "$tmp/f40.csv" --frames 60 --save "$tmp/f40_60.csv" >/dev/null 2>&1
if [ -s "$tmp/f100.csv" ] && cmp -s "$tmp/f100.csv" "$tmp/f40_60.csv"; then
    ok "a loaded float-model state resumes bit for bit"
else not_ok "float resume" "$(diff "$tmp/f100.csv" "$tmp/f40_60.csv" | head -3)"; fi

# Models and engines agree where they must
a=$("$boids" --boids 200 --frames 50 --neighbors grid 2>/dev/null)
b=$("$boids" --boids 200 --frames 50 --neighbors brute 2>/dev/null | sed 's/brute/grid/')
if [ "$a" = "$b" ]; then ok "grid and brute force print the same metrics"
else not_ok "grid vs brute output"; fi

# The RTL accelerator in Verilator gives the software's results, in both orders
for order in sequential synchronous; do
    a=$("$boids" --boids 150 --predators 1 --scouts1 8 --frames 40 --update $order --neighbors accel 2>/dev/null | sed 1d)
    b=$("$boids" --boids 150 --predators 1 --scouts1 8 --frames 40 --update $order --neighbors grid 2>/dev/null | sed 1d)
    if [ -n "$a" ] && [ "$a" = "$b" ]; then ok "--neighbors accel prints the grid's metrics ($order)"
    else not_ok "accel vs grid ($order)"; fi
done

# A config file and --set, in command-line order
printf '# a comment\nvisualrange = 30 # trailing comment\n\nmaxspeed=5\n' >"$tmp/good.cfg"
if "$boids" --config "$tmp/good.cfg" --set maxspeed=7 --frames 3 >/dev/null 2>&1; then
    ok "config file with comments is accepted"
else not_ok "config file"; fi

# Bad input
expect_error "unknown flag" 'unknown option "--bird"' --bird 3
err=$("$boids" --boids 20 --frames 2>&1 >/dev/null); status=$?
if [ $status -eq 1 ] && [ "$err" = "boids: --frames needs a value (try --help)" ]; then ok "flag without value"
else not_ok "flag without value" "exit $status: $err"; fi
# A UTF-8 byte order mark (spreadsheets and editors write one) before a state
# file's header or a config file's first line is no part of them
printf '\xef\xbb\xbfid,role,x,y,vx,vy,biasval\n0,boid,1,2,3,4,0\n' >"$tmp/bom.csv"
printf '\xef\xbb\xbfvisualrange = 30\n' >"$tmp/bom.cfg"
a=$("$boids" --load "$tmp/bom.csv" --frames 1 2>&1); status_a=$?
b=$("$boids" --config "$tmp/bom.cfg" --boids 10 --frames 1 2>&1); status_b=$?
if [ $status_a -eq 0 ] && [ $status_b -eq 0 ] && grep -q "^1	" <<<"$a" && grep -q "^1	" <<<"$b"; then
    ok "a UTF-8 byte order mark before a state file's header and a config file's first line"
else not_ok "byte order mark" "state: exit $status_a: $a" "config: exit $status_b: $b"; fi

# Parameters under which some boid cannot come back are refused at the start:
# margins wider than half the world, scouts biased past turnfactor's hold
expect_error "margins wider than half the world" \
    '^boids: margin 100 is more than half the world.s height 16: .*--set margin=8 or less$' --world 16x16
expect_error "--set margin=8192 in a 640x480 world" 'margin 8192 is more than half' --set margin=8192
expect_error "scouts biased past turnfactor's hold" \
    "scout group 1's biasval 0.5 never lets them turn back .* turnfactor / \\(1 \\+ turnfactor\\) = 0.1667" \
    --boids 64 --scouts1 64 --bias1 0.5
expect_error "dynamic bias that reaches past it" "scout group 2's biasval 0.2 \\(maxbias" \
    --boids 64 --scouts2 8 --dynamic-bias --set maxbias=0.2
if "$boids" --boids 64 --scouts1 64 --bias1 0.16 --frames 1 >/dev/null 2>&1; then
    ok "scouts biased just inside the bound are taken (0.16 at turnfactor 0.2)"
else not_ok "scouts just inside the bound"; fi

# A value is as long as it is typed: a 200-digit decimal is a number
long_value="30.$(printf '0%.0s' $(seq 200))"
a=$("$boids" --boids 20 --frames 1 --set visualrange="$long_value" 2>&1); status=$?
b=$("$boids" --boids 20 --frames 1 --set visualrange=30 2>&1)
if [ $status -eq 0 ] && [ "$a" = "$b" ]; then ok "--set visualrange=30.000... (200 digits) is 30"
else not_ok "a 200-digit value" "exit $status: $a"; fi

# getopt_long's convention: the word after a flag is its value, even one that
# begins with "--" (a file named so, here)
(cd "$tmp" && "$OLDPWD/$boids" --boids 20 --frames 1 --save --dashed.csv >/dev/null 2>&1); status=$?
if [ $status -eq 0 ] && [ -s "$tmp/--dashed.csv" ]; then ok "a value may begin with \"--\" (--save --dashed.csv)"
else not_ok "a value beginning with --" "exit $status: $(ls "$tmp")"; fi
rm -f -- "$tmp/--dashed.csv"
expect_error "stray argument" 'unexpected argument "42"' 42
expect_error "boids not a number" '--boids: "many" is not a whole number' --boids many
expect_error "negative boids" '--boids: -5 is out of range \[1, 65536\]' --boids -5
expect_error "zero boids" '--boids: 0 is out of range \[1, 65536\]' --boids 0
expect_error "too many boids" '--boids: 70000 is out of range \[1, 65536\]' --boids 70000
expect_error "too many predators" '--predators: 300 is out of range \[0, 256\]' --predators 300
expect_error "scouts exceed boids" 'is more than --boids' --boids 10 --scouts1 6 --scouts2 6
expect_error "bias out of range" '--bias1: 2 is out of range' --bias1 2
expect_error "unknown parameter" 'unknown parameter "speedlimit"' --set speedlimit=3
expect_error "parameter not a number" 'visualrange: "far" is not a number' --set visualrange=far
expect_error "parameter nan" 'is not a number' --set avoidfactor=nan
expect_error "negative range" 'visualrange: -4 is out of range \[0, 255\]' --set visualrange=-4
expect_error "protected above visual" 'protectedrange \(50\) is above visualrange \(40\)' --set protectedrange=50
expect_error "minspeed above maxspeed" 'minspeed \(7\) is above maxspeed \(6\)' --set minspeed=7
expect_error "assignment without =" 'expected name=value' --set maxspeed
expect_error "bad world" '--world: "640by480" is not WIDTHxHEIGHT' --world 640by480
expect_error "world too large" '--world width: 99999 is out of range \[16, 8192\]' --world 99999x480
expect_error "bad model" '--model: "double" is not one of fixed\|float' --model double
expect_error "bad update order" '--update: "random"' --update random
expect_error "bad rules" '--rules: "vicsek"' --rules vicsek
expect_error "float with grid" 'float model has only its own brute-force loop' --model float --neighbors grid
expect_error "accel with weighted rules" 'weighted rule set is software-only' --neighbors accel --rules weighted
expect_error "accel with too many boids" 'holds at most 1024' --neighbors accel --boids 2000
expect_error "unknown engine" '--neighbors: "gpu" is not one of brute\|grid\|accel' --neighbors gpu
expect_error "load with flock flags" '--load gives the flock' --load "$tmp/a.csv" --boids 5
expect_error "missing config" 'nope.cfg: cannot open' --config "$tmp/nope.cfg"
printf 'visualrange = 30\nfoo = 1\n' >"$tmp/bad.cfg"
expect_error "config unknown name with line" 'bad.cfg:2: unknown parameter "foo"' --config "$tmp/bad.cfg"
expect_error "missing state file" 'missing.csv: cannot open' --load "$tmp/missing.csv"
: >"$tmp/empty.csv"
expect_error "empty state file" 'empty.csv: empty file' --load "$tmp/empty.csv"
printf 'id,role,x,y,vx,vy,biasval\n0,boid,1,2,3,4,0\n1,boid,5,6\n' >"$tmp/trunc.csv"
expect_error "truncated state file" 'trunc.csv:3: 4 fields \(expected 7\)' --load "$tmp/trunc.csv"
printf 'id,role,x,y,vx,vy,biasval\n0,hawk,1,2,3,4,0\n' >"$tmp/role.csv"
expect_error "unknown role" 'unknown role "hawk"' --load "$tmp/role.csv"
printf 'id,role,x,y,vx,vy,biasval\n0,boid,1,2,300,4,0\n' >"$tmp/fast.csv"
expect_error "velocity out of range: FILE:LINE:COLUMN, the value as typed" 'fast.csv:2:12: vx: 300 is out of range \[-64, 64\]$' --load "$tmp/fast.csv"
printf 'id,role,x,y,vx,vy,biasval\n0,predator,1,2,3,4,0\n' >"$tmp/onlypred.csv"
expect_error "only predators" 'no flock boids' --load "$tmp/onlypred.csv"

# One number parser, one wording (issue 13 item 8): the value as typed,
# ranges that never contradict it, no spaces, no hex, whole means whole.
expect_error "a count with a leading space" '--boids: " 10" is not a whole number' --boids " 10"
expect_error "a negative count with a leading space" '--boids: " -5" is not a whole number' --boids " -5"
expect_error "a count with a trailing space" '--frames: "5 " is not a whole number' --frames "5 "
expect_error "a fractional count" '--frames: "10.5" is not a whole number' --frames 10.5
expect_error "a count in hex" '--seed: "0x10" is not a whole number' --seed 0x10
expect_error "a parameter in hex" 'visualrange: "0x10" is not a number' --set visualrange=0x10
expect_error "just above a limit, as typed" 'visualrange: 255.0001 is out of range \[0, 255\]' \
    --set visualrange=255.0001
expect_error "a huge value, as typed" 'avoidfactor: 1e999 is out of range \[0, 1\]' --set avoidfactor=1e999
expect_error "a seed above 32 bits" '--seed: 4294967296 is out of range \[0, 4294967295\]' --seed 4294967296
expect_error "a negative world height" '--world height: -480 is out of range \[16, 8192\]' --world 640x-480
expect_error "a world side with a fraction" '--world width: "640.5" is not a whole number' --world 640.5x480
expect_error "an every of zero" '--every: 0 is out of range \[1, 100000000\]' --every 0
expect_error "a bias as typed" '--bias1: 1.0000001 is out of range \[0, 1\]' --bias1 1.0000001
expect_error "a value for a flag that takes none" '--dynamic-bias takes no value' --dynamic-bias=1
expect_error "an unknown flag with =" 'unknown option "--bird"' --bird=3
expect_error "an ambiguous abbreviation" 'option "--scouts" is ambiguous: --scouts1 --scouts2' --scouts 3
expect_error "an empty value with =" '--boids: "" is not a whole number' --boids=
expect_error "an argument after --" 'unexpected argument "7"' -- 7
mkdir -p "$tmp/adir"
expect_error "a directory as --config" 'adir: cannot read: Is a directory' --config "$tmp/adir"
expect_error "a directory as --load" 'adir: cannot read: Is a directory' --load "$tmp/adir"
printf 'visualrange = 30\0\nmaxspeed = 5\n' >"$tmp/nul.cfg"
expect_error "a config with a NUL byte" 'nul.cfg:1: line contains a NUL byte' --config "$tmp/nul.cfg"
printf 'avoidfactor = 0x1p-3\n' >"$tmp/hex.cfg"
expect_error "a config value in hex, with its line" 'hex.cfg:1: avoidfactor: "0x1p-3" is not a number' \
    --config "$tmp/hex.cfg"

# The GNU forms and the accepted edges: --flag=value, a leading +, tiny values.
a=$("$boids" --boids=64 --frames=3 --seed=+7 2>/dev/null | sed 1d)
b=$("$boids" --boids 64 --frames 3 --seed 7 2>/dev/null | sed 1d)
if [ -n "$a" ] && [ "$a" = "$b" ]; then ok "--flag=value and a leading + are taken"
else not_ok "--flag=value" "$a" "$b"; fi
if "$boids" --boids +10 --frames 1 --model float --set avoidfactor=1e-320 --set centeringfactor=1e-400 \
    --world=640x480 >/dev/null 2>&1; then ok "tiny values are numbers (1e-320, 1e-400; the float model)"
else not_ok "tiny values"; fi
# ... which the fixed model cannot hold: a value that becomes 0 there, or moves
# by more than 1%, is refused with what it becomes; one a step holds is taken
expect_error "turnfactor=0.000001 becomes 0 in fixed point" \
    '^boids: turnfactor: 1e-06 becomes 0 in the fixed model \(steps of 1.525878906e-05\)' \
    --boids 10 --frames 1 --set turnfactor=0.000001
expect_error "centeringfactor=0.0000001 moves by 19% in fixed point" \
    '^boids: centeringfactor: 1e-07 becomes 1.192092896e-07 in the fixed model' \
    --boids 10 --frames 1 --set centeringfactor=0.0000001
if "$boids" --boids 10 --frames 1 --set turnfactor=0.0000152587890625 >/dev/null 2>&1; then
    ok "a value on a fixed-point step is taken (turnfactor=2^-16)"
else not_ok "a value on a step"; fi
if "$boids" --boi 20 --fram 2 >/dev/null 2>&1; then ok "an unambiguous abbreviation is taken"
else not_ok "abbreviation"; fi

# Every limit --help states is the one the parser checks.
help=$("$boids" --help)
for check in "--boids 65537:--boids N .*at most 65536:--boids: 65537 is out of range \[1, 65536\]" \
    "--predators 257:--predators P .*at most 256:--predators: 257 is out of range \[0, 256\]" \
    "--world 8193x480:--world WxH .*16 to 8192 a side:--world width: 8193 is out of range \[16, 8192\]"; do
    IFS=: read -r args said refused <<<"$check"
    # shellcheck disable=SC2086
    err=$("$boids" $args --frames 1 2>&1 >/dev/null)
    if grep -qE -- "$said" <<<"$help" && grep -qE -- "$refused" <<<"$err"; then
        ok "--help's limit is the parser's ($args)"
    else not_ok "--help's limit ($args)" "$err"; fi
done

# --frames 0 needs --save (expect_error always adds one)
err=$("$boids" --frames 0 2>&1 >/dev/null); status=$?
if [ $status -eq 1 ] && grep -q -- "--frames 0 runs nothing" <<<"$err"; then ok "zero frames without --save"
else not_ok "zero frames" "exit $status: $err"; fi

# A failed save leaves an existing file untouched
echo "precious" >"$tmp/keep.csv"
chmod 500 "$tmp"
if [ "$(id -u)" -ne 0 ]; then
    "$boids" --boids 5 --frames 1 --save "$tmp/keep.csv" >/dev/null 2>&1; status=$?
    chmod 700 "$tmp"
    if [ $status -ne 0 ] && [ "$(cat "$tmp/keep.csv")" = precious ]; then ok "failed save keeps the old file"
    else not_ok "failed save" "exit $status"; fi
else
    chmod 700 "$tmp"
    # root ignores permissions: make the write fail with a directory in the way
    mkdir "$tmp/dir.csv"
    "$boids" --boids 5 --frames 1 --save "$tmp/dir.csv" >/dev/null 2>"$tmp/err"; status=$?
    if [ $status -eq 1 ] && grep -q "dir.csv" "$tmp/err" && [ -d "$tmp/dir.csv" ] \
        && [ -z "$(ls "$tmp" | grep '\.tmp')" ]; then ok "failed save reports and cleans up"
    else not_ok "failed save" "exit $status: $(cat "$tmp/err")"; fi
fi

# The plot script draws a saved state, and refuses a file that is not one
if command -v python3 >/dev/null; then
    if python3 scripts/plot_state.py "$tmp/a.csv" "$tmp/a.png" >/dev/null \
        && [ "$(head -c 8 "$tmp/a.png" | od -An -tx1 | tr -d ' ')" = 89504e470d0a1a0a ] \
        && [ "$(od -An -j16 -N8 -tu1 "$tmp/a.png" | tr -s ' ')" = " 0 0 2 128 0 0 1 224" ]; then
        ok "plot_state.py writes a 640x480 PNG"
    else not_ok "plot_state.py"; fi
    err=$(python3 scripts/plot_state.py "$tmp/role.csv" "$tmp/bad.png" 2>&1); status=$?
    if [ $status -eq 1 ] && grep -q "malformed row" <<<"$err" && [ ! -e "$tmp/bad.png" ]; then
        ok "plot_state.py rejects a bad state file"
    else not_ok "plot_state.py bad input" "exit $status: $err"; fi

    # pnr_congestion.py: router2's heat maps by design block, against each
    # block's logic, and the die drawn a tile per 4x4 square
    printf '0,1,\n2,0,\n0,5,\n' > "$tmp/h_congestion_by_coordinate_2.csv"
    printf 'a.b.x,4\na.b.y,2\nc.z,3\n' > "$tmp/h_congestion_by_net_2.csv"
    echo '{"modules": {"top": {"cells": {"a.b.l1": {"type": "LUT4"}, "a.b.c1": {"type": "CCU2C"},
        "c.l2": {"type": "LUT4"}, "c.ff": {"type": "TRELLIS_FF"}}}}}' > "$tmp/net.json"
    out=$(python3 scripts/pnr_congestion.py "$tmp/h" 2 --netlist "$tmp/net.json" --png "$tmp/h.png" 2>&1); status=$?
    if [ $status -eq 0 ] && grep -q "^router2 iteration 2: 9 overused wire uses in 3 of 6 tiles" <<<"$out" \
        && grep -qE "^ +66\.7% +75\.0% +0\.9  a\.b$" <<<"$out" && grep -qE "^ +33\.3% +25\.0% +1\.3  c$" <<<"$out" \
        && [ "$(od -An -j16 -N8 -tu1 "$tmp/h.png" | tr -s ' ')" = " 0 0 0 12 0 0 0 8" ]; then
        ok "pnr_congestion.py: each block's share of the congestion and of the logic, and a 12x8 picture of 3x2 tiles"
    else not_ok "pnr_congestion.py" "exit $status: $out"; fi
    printf '0,1,\n2,x,\n' > "$tmp/h_congestion_by_coordinate_3.csv"
    cp "$tmp/h_congestion_by_net_2.csv" "$tmp/h_congestion_by_net_3.csv"
    err=$(python3 scripts/pnr_congestion.py "$tmp/h" 3 --png "$tmp/bad.png" 2>&1); status=$?
    if [ $status -eq 1 ] && grep -q "h_congestion_by_coordinate_3.csv:2: not a row of whole numbers" <<<"$err" \
        && [ ! -e "$tmp/bad.png" ]; then
        ok "pnr_congestion.py names the bad line of a heat map and draws nothing"
    else not_ok "pnr_congestion.py bad input" "exit $status: $err"; fi
fi

# build/bench takes its one flag the GNU way too, and refuses the rest in one line.
out=$("$build/bench" --boids=64 2>&1); status=$?
if [ $status -eq 0 ] && [ "$(grep -c ' 64 ' <<<"$out")" -eq 4 ]; then ok "bench --boids=64 times 64 boids only"
else not_ok "bench --boids=64" "exit $status" "$out"; fi
for args in "--boids=6.5" "--boids" "--frames 3" "64"; do
    err=$("$build/bench" $args 2>&1 >/dev/null); status=$?
    if [ $status -eq 1 ] && [ "$(wc -l <<<"$err")" -eq 1 ] && grep -q "^bench: " <<<"$err"; then
        ok "bench $args: one error line, exit 1"
    else not_ok "bench $args" "exit $status" "$err"; fi
done

echo "1..$n"
