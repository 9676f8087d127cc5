#!/usr/bin/env bash
# build/experiment on small sweeps: complete, well-formed output; a resumed
# sweep equal to an uninterrupted one; chance accuracy without scouts; clear
# errors. Speaks TAP.
set -uo pipefail
build=${1:-build}
exp="$build/experiment"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
source "$(dirname "${BASH_SOURCE[0]}")/tap.sh"

# The quick sweep: 2 sizes x 2 fractions x 1 bias x 6 seeds + 4 splits x 6 seeds
"$exp" --quick --out "$tmp/a" 2>"$tmp/a.err"; status=$?
rows=$(tail -n +3 "$tmp/a/runs.csv" 2>/dev/null)
if [ $status -eq 0 ] && [ "$(wc -l <<<"$rows")" -eq 48 ] \
    && [ "$(sed -n 2p "$tmp/a/runs.csv")" = "run,kind,boids,scouts1,scouts2,bias,seed,dx,right,polarization" ] \
    && awk -F, 'NF != 10 || $1 != NR - 1 || ($9 != 0 && $9 != 1) || $8 !~ /^-?[0-9]+\.[0-9]+$/ {bad = 1}
                END {exit bad}' <<<"$rows"; then
    ok "runs.csv has every run once, in order, well-formed"
else not_ok "runs.csv" "exit $status" "$(head -5 "$tmp/a/runs.csv")"; fi

if [ "$(wc -l <"$tmp/a/leadership.csv")" -eq 5 ] && [ "$(wc -l <"$tmp/a/conflict.csv")" -eq 5 ] \
    && awk -F, 'NR > 1 && ($6 < 0 || $6 > 1 || $5 != 6) {bad = 1} END {exit bad}' "$tmp/a/leadership.csv"; then
    ok "summaries have one row per cell with accuracies in [0, 1]"
else not_ok "summaries" "$(cat "$tmp/a/leadership.csv")"; fi

if grep -q "runs (100%)" "$tmp/a.err"; then ok "progress is reported"
else not_ok "progress" "$(cat "$tmp/a.err")"; fi

# Interrupted twice, a cut-off line appended, then resumed
"$exp" --quick --out "$tmp/b" --stop-after 10 2>/dev/null; status=$?
"$exp" --quick --out "$tmp/b" --stop-after 10 2>/dev/null
printf '11,0,10,3,0,0.1,6,12.3' >>"$tmp/b/runs.csv"
"$exp" --quick --out "$tmp/b" 2>"$tmp/b.err"
if [ $status -eq 3 ] && grep -q "resuming: 20 of 48" "$tmp/b.err" \
    && cmp -s "$tmp/a/runs.csv" "$tmp/b/runs.csv" && cmp -s "$tmp/a/leadership.csv" "$tmp/b/leadership.csv" \
    && cmp -s "$tmp/a/conflict.csv" "$tmp/b/conflict.csv"; then
    ok "a resumed sweep equals an uninterrupted one"
else not_ok "resume" "first exit $status" "$(cat "$tmp/b.err")"; fi

# Without scouts the flock picks a side by chance; with half the flock
# informed it does not (so the measure can tell)
"$exp" --only leadership --sizes 30 --fractions 0,0.5 --biases 0.1 --seeds 200 --frames 200 \
    --out "$tmp/c" 2>/dev/null
chance=$(awk -F, '$2 == 0 {print $6}' "$tmp/c/leadership.csv")
informed=$(awk -F, '$2 == 0.5 {print $6}' "$tmp/c/leadership.csv")
if awk -v p="$chance" 'BEGIN {exit !(p > 0.39 && p < 0.61)}'; then
    ok "no scouts: accuracy $chance is chance (0.5 within 3 standard errors of 200 runs)"
else not_ok "chance" "accuracy $chance"; fi
if awk -v p="$chance" -v q="$informed" 'BEGIN {exit !(q > p + 0.15)}'; then
    ok "half the flock informed: accuracy $informed, well above chance"
else not_ok "informed" "$informed vs $chance"; fi

# Errors
before=$(cat "$tmp/a/runs.csv")
err=$("$exp" --quick --seeds 7 --out "$tmp/a" 2>&1); status=$?
if [ $status -eq 1 ] && grep -q "holds another sweep" <<<"$err" && [ "$(cat "$tmp/a/runs.csv")" = "$before" ]; then
    ok "another sweep's journal is refused and left alone"
else not_ok "foreign journal" "exit $status: $err"; fi
for args in "--bogus 1" "--seeds 0" "--fractions 0,2" "--only both" "--frames" "--sizes x" \
    "--fractions 0.1,,0.2" "--fractions 0.1," "--sizes 10.5" "--sizes 1e2" "--seeds=-3" \
    "--quick=1" "--sizes 4097"; do
    # shellcheck disable=SC2086
    err=$("$exp" $args --out "$tmp/e" 2>&1); status=$?
    if [ $status -eq 1 ] && [ "$(wc -l <<<"$err")" -eq 1 ] && grep -q "^experiment: " <<<"$err"; then
        ok "bad input \"$args\": one error line"
    else not_ok "bad input $args" "exit $status: $err"; fi
done
if "$exp" --help | grep -q -- "--stop-after"; then ok "--help"; else not_ok "--help"; fi
err=$("$exp" --fractions 0.1,,0.2 --out "$tmp/e" 2>&1)
if grep -qx 'experiment: --fractions: an empty item in "0.1,,0.2"' <<<"$err"; then ok "an empty list item is named"
else not_ok "empty list item" "$err"; fi
err=$("$exp" --sizes 10.5 --out "$tmp/e" 2>&1)
if grep -qx 'experiment: --sizes: "10.5" is not a whole number' <<<"$err"; then ok "a fractional size is refused"
else not_ok "fractional size" "$err"; fi
# the GNU form, --flag=value, with --quick after the flags it sets up
"$exp" --out="$tmp/f" --stop-after=1 --jobs=1 --quick 2>/dev/null; status=$?
if [ $status -eq 3 ] && [ "$(tail -n +3 "$tmp/f/runs.csv" | wc -l)" -eq 1 ]; then ok "--flag=value works"
else not_ok "--flag=value" "exit $status"; fi

echo "1..$n"
