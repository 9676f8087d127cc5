#!/usr/bin/env bash
# Every program built with ASan and UBSan (make's build/san/bin/): help, bad
# input and a short run of each, so memory errors and undefined behaviour
# outside the unit-tested code show up too. Any sanitizer report fails the
# run (-fno-sanitize-recover, and leaks are reported at exit). Speaks TAP.
set -uo pipefail
build=${1:-build}
san="$build/san/bin"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
source "$(dirname "${BASH_SOURCE[0]}")/tap.sh"
unset DISPLAY WAYLAND_DISPLAY SDL_VIDEODRIVER
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1

# runs DESCRIPTION EXPECTED_STATUS COMMAND...: the exit status, and no sanitizer report.
runs() {
    local what=$1 want=$2; shift 2
    local out status
    out=$("$@" 2>&1 >/dev/null); status=$?
    if [ "$status" -eq "$want" ] && ! grep -qE "Sanitizer|runtime error" <<<"$out"; then
        ok "$what"
    else
        not_ok "$what" "exit $status (expected $want)" "$(head -20 <<<"$out")"
    fi
}

for program in boids bench experiment sim soc; do
    if [ ! -x "$san/$program" ]; then
        not_ok "$san/$program exists" "build it with: make $san/$program"
        echo "1..$n"
        exit 1
    fi
    runs "$program --help" 0 "$san/$program" --help
done

runs "boids: a run with every role, saved" 0 "$san/boids" --boids 200 --predators 2 --scouts1 20 \
    --scouts2 10 --dynamic-bias --frames 30 --save "$tmp/a.csv"
runs "boids: the state loaded, the float model" 0 "$san/boids" --load "$tmp/a.csv" --model float \
    --frames 10
runs "boids: the accelerator, weighted rules in software" 0 "$san/boids" --boids 100 --frames 10 \
    --neighbors accel
runs "boids: the weighted rules" 0 "$san/boids" --boids 100 --frames 10 --rules weighted \
    --update synchronous --sqrt ambm
runs "boids: bad input" 1 "$san/boids" --boids=10 --set visualrange=1e999
printf 'id,role,x,y,vx,vy,biasval\n0,boid,1e-320,2,3,4,0.5\n1,boid,1,2,3,4,x\n' >"$tmp/bad.csv"
runs "boids: a bad state file" 1 "$san/boids" --load "$tmp/bad.csv"
runs "bench: one flock size" 0 "$san/bench" --boids 64
runs "experiment: part of a quick sweep" 3 "$san/experiment" --quick --stop-after 4 --jobs 2 \
    --out "$tmp/exp"
runs "experiment: the sweep resumed to the end" 0 "$san/experiment" --quick --jobs 2 --out "$tmp/exp"
runs "experiment: bad input" 1 "$san/experiment" --sizes 10,,20
runs "sim: a short headless run with PNGs" 0 "$san/sim" --headless --boids 64 --predators 1 \
    --scouts1 4 --frames 3 --png "$tmp/png" --save "$tmp/sim.csv"
runs "sim: bad input" 1 "$san/sim" --rules weighted
runs "soc: a few firmware steps" 0 "$san/soc" --headless --boids 32 --steps 2 \
    --firmware "$build/firmware/boids.bin" --save "$tmp/soc.csv"
runs "soc: bad input" 1 "$san/soc" --predators 17 --firmware "$build/firmware/boids.bin"
# The default firmware image (beside the program) that never boots: its name
# is in the last message, long after loading (it was freed by then).
mkdir -p "$tmp/bin/firmware"
cp "$san/soc" "$tmp/bin/soc"
head -c 4096 /dev/zero >"$tmp/bin/firmware/boids.bin"
runs "soc: a default image that does not boot is named in the error" 1 "$tmp/bin/soc" --headless \
    --boids 8 --frames 40
echo "1..$n"
