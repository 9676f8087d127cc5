#!/usr/bin/env bash
# build/experiment on small sweeps: complete, well-formed output; a resumed
# sweep equal to an uninterrupted one, whatever its journal holds (long,
# corrupt or CRLF lines, wrong values, a failed write); chance accuracy
# without scouts; clear errors. Speaks TAP.
set -uo pipefail
build=${1:-build}
exp="$build/experiment"
tmp=$(mktemp -d)
trap 'umount "$tmp/full" 2>/dev/null; rm -rf "$tmp"' EXIT
source "$(dirname "${BASH_SOURCE[0]}")/tap.sh"

# The quick sweep: 2 sizes x 2 fractions x 1 bias x 6 seeds + 4 splits x 6 seeds
"$exp" --quick --out "$tmp/a" 2>"$tmp/a.err"; status=$?
rows=$(tail -n +3 "$tmp/a/runs.csv" 2>/dev/null)
if [ $status -eq 0 ] && [ "$(wc -l <<<"$rows")" -eq 48 ] \
    && [ "$(sed -n 2p "$tmp/a/runs.csv")" = "run,kind,boids,scouts1,scouts2,bias,seed,dx,right,polarization,check" ] \
    && awk -F, 'NF != 11 || $1 != NR - 1 || ($9 != 0 && $9 != 1) || $8 !~ /^-?[0-9]+\.[0-9]+$/ || length($11) != 8 || $11 !~ /^[0-9a-f]+$/ {bad = 1}
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

# The journal never loses a finished run. journal_rows N: the sweep's two
# header lines and its first N rows (from the uninterrupted sweep's runs.csv).
journal_rows() { head -n $(($1 + 2)) "$tmp/a/runs.csv"; }
# resume_case NAME DIR EXPECT_RESUMED [SKIPPED...]: the quick sweep resumed
# from DIR/runs.csv keeps EXPECT_RESUMED runs, names each skipped line
# ("LINE: WHY") on stderr, and ends with the files of the uninterrupted sweep.
resume_case() {
    local name=$1 dir=$2 resumed=$3 status skipped
    shift 3
    "$exp" --quick --out "$dir" 2>"$dir.err"; status=$?
    for skipped in "$@"; do
        grep -qF "experiment: $dir/runs.csv:$skipped" "$dir.err" || status=skip
    done
    if [ "$status" = 0 ] && grep -q "resuming: $resumed of 48" "$dir.err" \
        && cmp -s "$tmp/a/runs.csv" "$dir/runs.csv" && cmp -s "$tmp/a/leadership.csv" "$dir/leadership.csv"; then
        ok "$name"
    else not_ok "$name" "exit $status" "$(cat "$dir.err")"; fi
}
long_line=$(printf 'x%.0s' {1..600})
mkdir "$tmp/j1" "$tmp/j2" "$tmp/j3" "$tmp/j4" "$tmp/j5"
{ journal_rows 5; echo "$long_line"; journal_rows 10 | tail -n 5; } >"$tmp/j1/runs.csv"
resume_case "a 600-character line is skipped; the rows after it are kept" "$tmp/j1" 10 \
    "8: 1 field, a row has 11; skipped"
{ journal_rows 5; printf '5,0,10,0,0,0.1,6\0,1.0,1,0.5,00000000\n'; journal_rows 10 | tail -n 5; } >"$tmp/j2/runs.csv"
resume_case "a line with a NUL byte is skipped; the rows after it are kept" "$tmp/j2" 10 \
    "8: holds a NUL byte; skipped"
{ journal_rows 10; echo "11,0,10,3,0,garbage"; } >"$tmp/j3/runs.csv"
resume_case "a corrupt last line that ends in a newline is skipped, not a stop" "$tmp/j3" 10 \
    "13: 6 fields, a row has 11; skipped"
journal_rows 10 | sed 's/$/\r/' >"$tmp/j4/runs.csv"
resume_case "a CRLF journal resumes" "$tmp/j4" 10
journal_rows 10 | awk -F, -v OFS=, 'NR == 6 {$9 = 5} NR == 7 {$8 = "nan"} NR == 8 {$7 = 9} {print}' \
    >"$tmp/j5/runs.csv"
resume_case "rows with right = 5, dx = nan, a wrong seed fail their checks, are skipped and run again" "$tmp/j5" 7 \
    '6: its check is' '7: its check is' '8: its check is'
# An edited row that stays in range (dx and polarization changed, right still
# agreeing) fails its check: it is named, skipped and run again, never used.
mkdir "$tmp/j6"
journal_rows 10 | awk -F, -v OFS=, 'NR == 6 {$8 = ($8 < 0 ? "-1.2345" : "1.2345"); $10 = "0.1234"} {print}' \
    >"$tmp/j6/runs.csv"
resume_case "an edited row within its ranges fails its check, is skipped and run again" "$tmp/j6" 9 \
    '6: its check is'


# A header longer than 511 characters (long lists): the runs are kept
sizes=$(seq -s, 1001 1016)
small=$(for k in $(seq 10 25); do printf '1.000%s1e-100,' "$k"; done)
long=(--only leadership --sizes "$sizes" --fractions "${small%,}" --biases "${small%,}" --seeds 1
      --frames 2 --out "$tmp/h")
"$exp" "${long[@]}" --stop-after 5 2>/dev/null
"$exp" "${long[@]}" --stop-after 5 2>"$tmp/h.err"; status=$?
if [ "$(head -n 1 "$tmp/h/runs.csv" | wc -c)" -gt 512 ] && [ $status -eq 3 ] \
    && grep -q "resuming: 5 of 256" "$tmp/h.err" && [ "$(wc -l <"$tmp/h/runs.csv")" -eq 12 ]; then
    ok "a journal with a $(head -n 1 "$tmp/h/runs.csv" | wc -c)-character header resumes"
else not_ok "long header" "exit $status" "$(cat "$tmp/h.err")"; fi

# A write that fails (a file size limit: EFBIG, like a full disk) stops the
# sweep with an error; the rows written before are kept and resume.
err=$(ulimit -f 1; "$exp" --quick --out "$tmp/w" 2>&1 | tail -n 1); status=$?
kept=$(($(wc -l <"$tmp/w/runs.csv") - 2))
"$exp" --quick --out "$tmp/w" 2>"$tmp/w.err"
if [ $status -eq 1 ] && [ "$err" = "experiment: $tmp/w/runs.csv: cannot write: File too large" ] \
    && [ "$kept" -gt 10 ] && grep -q "resuming: $kept of 48" "$tmp/w.err" \
    && cmp -s "$tmp/a/runs.csv" "$tmp/w/runs.csv"; then
    ok "a failed journal write stops the sweep (exit 1, one error line); its $kept rows resume"
else not_ok "journal write error" "exit $status: $err" "$(cat "$tmp/w.err")"; fi

# A full disk (a 4 KiB tmpfs; needs root)
mkdir "$tmp/full"
if mount -t tmpfs -o size=4k tmpfs "$tmp/full" 2>/dev/null; then
    err=$("$exp" --quick --seeds 20 --out "$tmp/full/s" 2>&1 | tail -n 1); status=$?
    cp -r "$tmp/full/s" "$tmp/s"
    umount "$tmp/full"
    kept=$(($(wc -l <"$tmp/s/runs.csv") - 2))
    "$exp" --quick --seeds 20 --out "$tmp/s" 2>"$tmp/s.err"; status2=$?
    if [ $status -eq 1 ] && [ "$err" = "experiment: $tmp/full/s/runs.csv: cannot write: No space left on device" ] \
        && [ $status2 -eq 0 ] && grep -q "resuming: $kept of 160" "$tmp/s.err" \
        && [ "$(wc -l <"$tmp/s/runs.csv")" -eq 162 ]; then
        ok "a full disk stops the sweep (exit 1, one error line); its $kept rows resume"
    else not_ok "full disk" "exit $status: $err" "exit $status2: $(cat "$tmp/s.err")"; fi
else
    ok "a full disk # skip: cannot mount a tmpfs (not root)"
fi

# The sorted outputs written at the end fail whole: the journal is left as it was
cp -r "$tmp/a" "$tmp/o"
err=$(ulimit -f 1; "$exp" --quick --out "$tmp/o" 2>&1 | tail -n 1); status=$?
if [ $status -eq 1 ] && [ "$err" = "experiment: $tmp/o/runs.csv: cannot write: File too large" ] \
    && cmp -s "$tmp/a/runs.csv" "$tmp/o/runs.csv" && [ -z "$(ls "$tmp/o" | grep -v '\.csv$')" ]; then
    ok "a failed write of runs.csv at the end: exit 1, the journal untouched, no temporary left"
else not_ok "output write error" "exit $status: $err" "$(ls "$tmp/o")"; fi

# Paths: a long --out is used whole; one too long is refused before any work
name250=$(printf 'd%.0s' {1..250})
deep="$tmp/$name250/$name250/$name250"
mkdir -p "$(dirname "$deep")"
"$exp" --quick --out "$deep" 2>/dev/null; status=$?
if [ $status -eq 0 ] && [ "$(ls "$deep" | tr '\n' ' ')" = "conflict.csv leadership.csv runs.csv " ]; then
    ok "a ${#deep}-character --out holds its files under their own names"
else not_ok "long --out" "exit $status" "$(ls "$deep")"; fi
err=$("$exp" --quick --out "$tmp/$(printf 'd%.0s' {1..5000})" 2>&1); status=$?
if [ $status -eq 1 ] && grep -q "^experiment: --out: the path is [0-9]* characters long, at most" <<<"$err"; then
    ok "a --out longer than the system's path limit is refused up front"
else not_ok "too long --out" "exit $status: $err"; fi
if ! "$exp" --help >/dev/full 2>/dev/null; then ok "--help to a full standard output: an error"
else not_ok "--help >/dev/full exits 0"; fi

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
err=$("$exp" --quick --edges pseudocode --out "$tmp/a" 2>&1); status=$?
if [ $status -eq 1 ] && grep -q "holds another sweep" <<<"$err" && [ "$(cat "$tmp/a/runs.csv")" = "$before" ]; then
    ok "--edges pseudocode does not resume the default's journal"
else not_ok "--edges pseudocode resumes another rule's journal" "exit $status: $err"; fi
err=$("$exp" --quick --edges pseudocode --only conflict --seeds 2 --out "$tmp/pseudo" 2>&1); status=$?
if [ $status -eq 0 ] && head -1 "$tmp/pseudo/runs.csv" 2>/dev/null | grep -q " edges=pseudocode" \
    && [ -s "$tmp/pseudo/conflict.csv" ]; then
    ok "--edges pseudocode: a sweep under the references' edge rule, named so in its journal"
else not_ok "--edges pseudocode sweep" "exit $status: $err"; fi
for args in "--bogus 1" "--seeds 0" "--fractions 0,2" "--only both" "--edges none" "--frames" "--sizes x" \
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

# One experiment a folder: a second one started while the first writes into
# the same --out is refused (their rows would mix in one journal), and once
# the first has ended the folder is free again.
"$exp" --out "$tmp/locked" --seeds 1000 --jobs 1 >/dev/null 2>&1 &
first=$!
for ((i = 0; i < 100; i++)); do [ -s "$tmp/locked/runs.csv" ] && break; sleep 0.1; done
err=$("$exp" --quick --out "$tmp/locked" 2>&1); status=$?
kill $first 2>/dev/null; wait $first 2>/dev/null
after=$("$exp" --out "$tmp/locked" --seeds 1000 --jobs 1 --stop-after 1 2>&1); after_status=$?
if [ $status -eq 1 ] && grep -q "another experiment is writing into this folder" <<<"$err" \
    && [ $after_status -eq 3 ] && grep -q "run the same command to resume" <<<"$after"; then
    ok "a second experiment into the same --out is refused while the first runs, and takes it after"
else not_ok "one experiment a folder" "exit $status: $err"; fi

# No limit on a list but memory: 40 sizes make 40 x 2 x 6 leadership runs
# (fewer where a small flock rounds two fractions alike), all named in the
# journal's first line, and the sweep resumes from it.
sizes=$(seq -s, 10 5 205)
out=$("$exp" --quick --out "$tmp/long" --sizes "$sizes" --stop-after 5 2>&1); status=$?
again=$("$exp" --quick --out "$tmp/long" --sizes "$sizes" --stop-after 5 2>&1); status2=$?
if [ $status -eq 3 ] && [ $status2 -eq 3 ] && grep -q "sizes=$sizes " "$tmp/long/runs.csv" \
    && [ "$(tail -n +3 "$tmp/long/runs.csv" | wc -l)" -eq 10 ] && grep -q "of 504 runs" <<<"$out"; then
    ok "a list of 40 values is taken, named in the journal, and resumed"
else not_ok "a list of 40 values" "exit $status: $out" "exit $status2: $again"; fi

# Every limit --help states is the one the check applies: one past it is
# refused with that very bound ("at most N" for --seeds, --frames and --jobs,
# "each 1 to N" for --sizes).
help=$("$exp" --help)
for flag in seeds frames jobs sizes; do
    limit=$(grep -E -- "^  --$flag " <<<"$help" | sed -nE 's/.*(at most|each 1 to) ([0-9]+).*/\2/p')
    err=$("$exp" --quick --out "$tmp/limits" --"$flag" $((limit + 1)) 2>&1); status=$?
    if [ -n "$limit" ] && [ $status -eq 1 ] && grep -qE -- "--$flag: .* out of range \[1, $limit\]" <<<"$err" \
        && [ ! -e "$tmp/limits" ]; then
        ok "--$flag: the help's limit ($limit) is the check's"
    else
        not_ok "--$flag: the help's limit is the check's" "help: $limit; exit $status: $err"
    fi
done

echo "1..$n"
