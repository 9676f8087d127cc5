#!/usr/bin/env bash
# The short soak: flocks with predators and scouts in both update orders and
# both rule sets, where every boid that leaves the world must come back
# (build/soak's criteria, docs/reliability.md). `make bench` runs the long one:
# 4,096 boids for 20,000 frames. Speaks TAP.
set -uo pipefail
build=${1:-build}
source "$(dirname "${BASH_SOURCE[0]}")/tap.sh"

soak() {
    local what=$1; shift
    local out status
    out=$("$build/soak" "$@" 2>&1); status=$?
    if [ $status -eq 0 ] && grep -q '^flock .*: ok$' <<<"$out"; then
        ok "$what: $(grep '^flock' <<<"$out" | sed -E 's/.*world +([0-9.-]+) px.*longest outside ([0-9]+).*/farthest \1 px, longest outside \2 frames/')"
    else
        not_ok "$what" "exit $status" "$out"
    fi
}

flock=(--boids 1024 --predators 1 --scouts1 102 --scouts2 64 --frames 2000)
for rules in cornell weighted; do
    for order in sequential synchronous; do
        soak "fixed model, $rules rules, $order order" "${flock[@]}" --rules $rules --update $order
    done
done
soak "float model, cornell rules" --boids 256 --predators 1 --scouts1 25 --scouts2 16 \
    --frames 2000 --model float --update synchronous
soak "fixed model, dynamic bias" "${flock[@]}" --dynamic-bias --update synchronous

# Scouts just inside the bound the programs hold them to (docs/reliability.md:
# biasval below turnfactor / (1 + turnfactor), 0.1667 at turnfactor 0.2),
# both groups, half the flock, still come back.
soak "fixed model, scouts biased just inside the bound (0.16 at turnfactor 0.2)" --boids 512 \
    --scouts1 128 --scouts2 128 --bias1 0.16 --bias2 0.16 --frames 3000 --update synchronous

# It can fail: with turnfactor 0 nothing turns a boid back.
out=$("$build/soak" --boids 16 --frames 1500 --set turnfactor=0 2>&1); status=$?
if [ $status -eq 1 ] && grep -q 'ESCAPED' <<<"$out"; then
    ok "a flock that cannot turn fails the soak"
else not_ok "a flock that cannot turn fails the soak" "exit $status" "$out"; fi

out=$("$build/soak" --boids 2 --frames 0 2>&1); status=$?
if [ $status -eq 2 ] && [ "$(wc -l <<<"$out")" -eq 1 ]; then ok "bad input: one line, exit 2"
else not_ok "bad input: one line, exit 2" "exit $status" "$out"; fi

echo "1..$n"
