#!/usr/bin/env bash
# build/soc --profile: the CPU's cycles and instructions by address, from the
# retire trace, and scripts/soc_profile.py, which folds them by function.
# The profile must account for every cycle of the run and agree with the
# firmware's own instruction count; a bad path is refused before the run.
# Speaks TAP.
set -uo pipefail
build=${1:-build}
soc="$build/soc"
elf="$build/firmware/boids.elf"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

source "$(dirname "${BASH_SOURCE[0]}")/tap.sh"
unset DISPLAY WAYLAND_DISPLAY SDL_VIDEODRIVER

for f in "$soc" "$elf"; do
    if [ ! -e "$f" ]; then
        not_ok "$f exists" "build it with: make $build/soc"
        echo "1..$n"
        exit 1
    fi
done

flock=(--headless --boids 64 --predators 1 --scouts1 6 --scouts2 4 --update synchronous --steps 4)
err=$("$soc" "${flock[@]}" --profile "$tmp/run.prof" 2>&1 >/dev/null); status=$?
if [ $status -eq 0 ] && [ -s "$tmp/run.prof" ] && head -1 "$tmp/run.prof" | grep -q "^# boids soc profile: .*64 boids, 4 steps"; then
    ok "--profile writes a profile with its header"
else
    not_ok "--profile writes a profile with its header" "exit $status: $err"
fi

# Every line after the header: an even address, cycles >= retired, and the
# cycles of all lines add up to the cycles the CPU ran (it runs from release to the end).
read -r lines bad total retired < <(awk '!/^#/ { n++; if ($1 !~ /^[0-9a-f]+[048c]$/ || length($1) != 8 || $2 < $3) bad++;
    c += $2; r += $3 } END { printf "%d %d %d %d\n", n, bad, c, r }' "$tmp/run.prof")
if [ "$lines" -gt 100 ] && [ "$bad" -eq 0 ]; then
    ok "$lines addresses, each aligned, cycles never below instructions"
else
    not_ok "the profile's lines are well formed" "$lines lines, $bad bad"
fi
ran=$(grep -oE '\(([0-9]+) cycles\)' <<<"$err" | grep -oE '[0-9]+' | head -1)
# the run's cycles count from reset; the profile from the CPU's release, a few
# host-port accesses later, and stops at the last retirement
if [ -n "$ran" ] && [ "$total" -le "$ran" ] && [ $((ran - total)) -lt 200000 ]; then
    ok "the profile holds the run's cycles ($total of $ran)"
else
    not_ok "the profile holds the run's cycles" "profile $total, run ${ran:-?}"
fi

table=$(python3 scripts/soc_profile.py "$tmp/run.prof" "$elf" --boids 64 --steps 4 2>&1); status=$?
if [ $status -eq 0 ] && grep -qE '^\| flock_' <<<"$table" && grep -qE '^total [0-9,]+ cycles' <<<"$table" \
    && grep -qE '^\| load \|' <<<"$table" && grep -qE '^\| mul \|' <<<"$table"; then
    ok "soc_profile.py folds it by function, with the instruction mix"
else
    not_ok "soc_profile.py folds it by function, with the instruction mix" "exit $status" "$table"
fi

# the same run twice gives the same profile: the model is deterministic
"$soc" "${flock[@]}" --profile "$tmp/again.prof" >/dev/null 2>&1
if cmp -s "$tmp/run.prof" "$tmp/again.prof"; then
    ok "the same run gives the same profile"
else
    not_ok "the same run gives the same profile"
fi

mkdir -p "$tmp/dir"
err=$("$soc" "${flock[@]}" --profile "$tmp/dir" 2>&1 >/dev/null); status=$?
if [ $status -eq 1 ] && grep -q "cannot write" <<<"$err" && ! grep -q "boids soc:" <<<"$err"; then
    ok "a profile path that cannot be written is refused before the run"
else
    not_ok "a profile path that cannot be written is refused before the run" "exit $status: $err"
fi

printf 'deadbeef x\n' > "$tmp/bad.prof"
err=$(python3 scripts/soc_profile.py "$tmp/bad.prof" "$elf" 2>&1); status=$?
if [ $status -ne 0 ] && grep -q "bad.prof:1:" <<<"$err"; then
    ok "soc_profile.py names the line of a malformed profile"
else
    not_ok "soc_profile.py names the line of a malformed profile" "exit $status: $err"
fi

# the header gives the flock and the steps: the same figures as with the flags
plain=$(python3 scripts/soc_profile.py "$tmp/run.prof" "$elf" 2>&1)
if [ "$plain" = "$table" ]; then
    ok "soc_profile.py takes the boids and steps from the profile's header"
else
    not_ok "soc_profile.py takes the boids and steps from the profile's header" "$plain"
fi

err=$(python3 scripts/soc_profile.py "$tmp/missing.prof" "$elf" 2>&1); status=$?
if [ $status -eq 1 ] && grep -q "^soc_profile: cannot read .*missing.prof" <<<"$err" \
    && ! grep -q Traceback <<<"$err"; then
    ok "soc_profile.py says a missing profile cannot be read"
else
    not_ok "soc_profile.py says a missing profile cannot be read" "exit $status: $err"
fi

# --plot: a PNG when gnuplot is there (scripts/setup.sh plots), else the reason
err=$(python3 scripts/soc_profile.py "$tmp/run.prof" "$elf" --plot "$tmp/run.png" 2>&1 >/dev/null); status=$?
if command -v gnuplot >/dev/null; then
    if [ $status -eq 0 ] && [ "$(head -c 8 "$tmp/run.png" | od -An -tx1 | tr -d ' ')" = 89504e470d0a1a0a ]; then
        ok "soc_profile.py --plot draws a PNG"
    else
        not_ok "soc_profile.py --plot draws a PNG" "exit $status: $err"
    fi
elif [ $status -eq 1 ] && grep -q "needs gnuplot" <<<"$err" && [ ! -e "$tmp/run.png" ]; then
    ok "soc_profile.py --plot without gnuplot says so and writes nothing"
else
    not_ok "soc_profile.py --plot without gnuplot says so and writes nothing" "exit $status: $err"
fi

echo "1..$n"
