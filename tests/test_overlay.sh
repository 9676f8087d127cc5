#!/usr/bin/env bash
# The overlay: the firmware's own figures on screen (boids, frames/s, the
# slowest turn against a frame), read back from the picture decoded from the
# VGA pins (tests/tools/overlay_read.py) and held against the simulator's
# report: the same boids, frames/s within 0.1, the slowest turn within one
# point (the overlay shows the figures of the turns before its picture's).
# The o key turns it off and on. Speaks TAP.
set -uo pipefail
build=${1:-build}
cd "$(dirname "$0")/.." || exit 1
source tests/tap.sh
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
read_overlay() { python3 tests/tools/overlay_read.py "$@"; }
last_png() { ls "$1"/frame_*.png 2>/dev/null | tail -1; }
within() { python3 -c "import sys; sys.exit(0 if abs($1 - $2) <= $3 else 1)" 2>/dev/null; }

# build/soc: the firmware on the simulated CPU, 120 steps of 300 boids (no
# scouts: the overlay's amber is then its own).
out=$("$build/soc" --headless --overlay --steps 120 --boids 300 --seed 3 --png "$tmp/soc" 2>&1); status=$?
text=$(read_overlay "$(last_png "$tmp/soc")" 1); read_status=$?
report_fps=$(sed -nE 's/^soc: board: .* boids, ([0-9.]+) frames\/s.*/\1/p' <<<"$out")
report_pct=$(sed -nE 's/^soc: the slowest turn: .*cycles, ([0-9.]+)% of a frame/\1/p' <<<"$out")
boids=$(sed -nE '1s/^([0-9]+) boids .*/\1/p' <<<"$text")
fps=$(sed -nE '1s/.* boids ([0-9]+\.[0-9]) fps$/\1/p' <<<"$text")
pct=$(sed -nE '2s/^slowest ([0-9]+)%$/\1/p' <<<"$text")
if [ $status -eq 0 ] && [ $read_status -eq 0 ] && [ "$boids" = 300 ] && [ -n "$report_fps" ] \
    && within "$fps" "$report_fps" 0.1 && [ -n "$report_pct" ] && within "$pct" "$report_pct" 1; then
    ok "soc: the overlay reads \"$(tr '\n' '/' <<<"$text")\", the report $report_fps frames/s and $report_pct% of a frame"
else
    not_ok "soc: the overlay against the report" "exit $status, read $read_status: \"$text\"" \
        "report: $report_fps frames/s, $report_pct%" "$(tail -3 <<<"$out")"
fi

# The o key: off from the first turn; then on again.
out=$("$build/soc" --headless --overlay --keys o --steps 6 --boids 40 --png "$tmp/off" 2>&1); status=$?
text=$(read_overlay "$(last_png "$tmp/off")" 1); read_status=$?
if [ $status -eq 0 ] && [ $read_status -eq 0 ] && [ -z "$(tr -d ' \n' <<<"$text")" ] \
    && grep -q "overlay off" <<<"$out"; then
    ok "soc: the o key turns the overlay off (\"overlay off\" on the console, no glyph on screen)"
else
    not_ok "soc: o turns the overlay off" "exit $status, read $read_status: \"$text\"" "$(tail -3 <<<"$out")"
fi
out=$("$build/soc" --headless --keys o --steps 6 --boids 40 --png "$tmp/on" 2>&1); status=$?
text=$(read_overlay "$(last_png "$tmp/on")" 1); read_status=$?
if [ $status -eq 0 ] && [ $read_status -eq 0 ] && grep -q "^40 boids [0-9.]* fps$" <<<"$text"; then
    ok "soc: without --overlay the o key turns it on: \"$(head -1 <<<"$text")\""
else
    not_ok "soc: o turns the overlay on" "exit $status, read $read_status: \"$text\""
fi

# build/sim: the same firmware natively, the display as RTL.
out=$("$build/sim" --headless --overlay --frames 40 --boids 256 --seed 2 --png "$tmp/sim" 2>&1); status=$?
text=$(read_overlay "$(last_png "$tmp/sim")" 1); read_status=$?
if [ $status -eq 0 ] && [ $read_status -eq 0 ] && grep -q "^256 boids 5[89]\.[0-9] fps$" <<<"$text" \
    && grep -q "^slowest [0-9]*%$" <<<"$text"; then
    ok "sim: the overlay reads \"$(tr '\n' '/' <<<"$text")\""
else
    not_ok "sim: the overlay" "exit $status, read $read_status: \"$text\"" "$(tail -3 <<<"$out")"
fi

# The reader itself: a picture without the overlay's glyphs but with its
# colour where one belongs is refused (a cell that matches no glyph).
python3 - "$(last_png "$tmp/soc")" "$tmp/damaged.png" <<'EOF'
import sys
sys.path.insert(0, "tests/tools")
sys.path.insert(0, "scripts")
from overlay_read import read_png, OVERLAY_RGB
from plot_state import write_png
rows = read_png(sys.argv[1])
rows[4][4] = OVERLAY_RGB if rows[4][4] != OVERLAY_RGB else (0, 0, 0)  # one pixel of the first glyph
write_png(sys.argv[2], len(rows[0]), len(rows), rows)
EOF
read_overlay "$tmp/damaged.png" 1 >/dev/null 2>&1; status=$?
if [ $status -eq 1 ]; then
    ok "overlay_read refuses a glyph with one pixel changed"
else
    not_ok "overlay_read refuses a damaged glyph" "exit $status"
fi

echo "1..$n"
