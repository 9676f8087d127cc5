#!/usr/bin/env bash
# Fault injection on every kind of output (state files, PNGs, traces, the
# SoC's RAM image, standard output): read-only targets, symlinks, a directory
# in the way, a full disk (a 64 KiB tmpfs when root can mount one), fsync
# failing (tests/tools/fail_fsync.c, LD_PRELOAD), /dev/full, and SIGINT or
# SIGTERM while an output is being written. After each: the old file is
# untouched or the new one whole, no temporary is left, and the exit status
# says what happened. Speaks TAP.
set -uo pipefail
build=${1:-build}
bin="$(cd "$build" && pwd)"
boids=$bin/boids sim=$bin/sim soc=$bin/soc shim=$bin/tests/tools/fail_fsync.so
tmp=$(mktemp -d)
full=$tmp/full
cleanup() { mountpoint -q "$full" 2>/dev/null && umount "$full"; rm -rf "$tmp"; }
trap cleanup EXIT

source "$(dirname "${BASH_SOURCE[0]}")/tap.sh"
unset DISPLAY WAYLAND_DISPLAY SDL_VIDEODRIVER

# leftovers DIR: the temporaries and FST side files in DIR (none is right).
leftovers() { find "$1" \( -name '*.tmp??????' -o -name '*.tmp??????.hier' -o -name '*.hier' \) | sort; }

# trace_fails_cleanly WHERE MESSAGE CMD...: CMD (a simulator, perhaps after
# env) traces 3 frames of 32 boids into WHERE/run.fst with a --save beside:
# status 0 when it exits 1 with MESSAGE, leaves no trace and nothing else
# behind, and writes the --save all the same.
trace_fails_cleanly() {
    local where=$1 message=$2
    shift 2
    rm -f "$tmp/beside.csv"
    run_out "$@" --headless --boids 32 --frames 3 --trace "$where/run.fst" --save "$tmp/beside.csv"
    [ $status -eq 1 ] && grep -q "run.fst: cannot write: $message" <<<"$err" \
        && [ ! -e "$where/run.fst" ] && [ -z "$(leftovers "$where")" ] \
        && [ "$(grep -c ,boid, "$tmp/beside.csv")" -eq 32 ]
}

# check DESCRIPTION CONDITION-STATUS DETAIL: ok when the condition held.
check() { if [ "$2" -eq 0 ]; then ok "$1"; else not_ok "$1" "$3"; fi; }

# run_out CMD...: runs it; $status, $err (stderr) are set.
run_out() { err=$("$@" 2>&1 >/dev/null); status=$?; }

# pngs_whole DIR: DIR has PNGs, and each reads back whole (picture_check
# exits 2 only when it cannot read one).
pngs_whole() {
    local png
    compgen -G "$1/*.png" >/dev/null || return 1
    for png in "$1"/*.png; do
        "$bin/tests/tools/picture_check" "$tmp/small.csv" "$png" 640 480 >/dev/null 2>&1
        [ $? -ne 2 ] || return 1
    done
}

# A state of 4,000 boids (about 300 KB) and a small one.
"$boids" --boids 4000 --world 1280x960 --frames 0 --save "$tmp/big.csv" >/dev/null 2>&1
"$boids" --boids 20 --frames 0 --save "$tmp/small.csv" >/dev/null 2>&1
old_state() { cp "$tmp/small.csv" "$1"; }
same_as_small() { cmp -s "$tmp/small.csv" "$1"; }

# ---- standard output ------------------------------------------------------

for cmd in "boids --frames 5" "boids --help" "bench --help" "sim --headless --boids 16 --frames 1 --keys h" \
    "soc --headless --boids 16 --frames 2"; do
    read -r prog args <<<"$cmd"
    # shellcheck disable=SC2086
    err=$("$bin/$prog" $args 2>&1 >/dev/full); status=$?
    [ $status -eq 1 ] && grep -q "^$prog: cannot write standard output" <<<"$err"
    check "$prog ${args%% *} with stdout on /dev/full: exit 1 and says so" $? "exit $status: $err"
done

# ---- --save: checked before the run --------------------------------------

old_state "$tmp/ro.csv"; chmod 444 "$tmp/ro.csv"
mkdir "$tmp/dir.csv"
for prog in boids sim soc; do
    flags=(--boids 20 --frames 2); [ $prog = boids ] || flags+=(--headless)
    run_out "$bin/$prog" "${flags[@]}" --save "$tmp/ro.csv"
    [ $status -eq 1 ] && grep -q "ro.csv: cannot write: the file is read-only" <<<"$err" \
        && ! grep -q "frames in\|frames/s" <<<"$err" && same_as_small "$tmp/ro.csv"
    check "$prog --save onto a read-only file: refused before the run, file kept" $? "exit $status: $err"
    run_out "$bin/$prog" "${flags[@]}" --save "$tmp/dir.csv"
    [ $status -eq 1 ] && grep -q "dir.csv: cannot write: it is a directory" <<<"$err" \
        && ! grep -q "frames in\|frames/s" <<<"$err"
    check "$prog --save onto a directory: refused before the run" $? "exit $status: $err"
    run_out "$bin/$prog" "${flags[@]}" --save "$tmp/nodir/x.csv"
    [ $status -eq 1 ] && grep -q "nodir/x.csv: cannot write: No such file or directory" <<<"$err" \
        && ! grep -q "frames in\|frames/s" <<<"$err"
    check "$prog --save into a missing directory: refused before the run" $? "exit $status: $err"
done
check "no temporary beside the refused targets" "$(leftovers "$tmp" | wc -l)" "$(leftovers "$tmp")"

old_state "$tmp/real.csv"; ln -s real.csv "$tmp/link.csv"
run_out "$boids" --boids 30 --frames 1 --save "$tmp/link.csv"
[ $status -eq 0 ] && [ -L "$tmp/link.csv" ] && [ "$(grep -c ,boid, "$tmp/real.csv")" -eq 30 ]
check "--save through a symlink: the link stays, the file it points to is replaced" $? "exit $status: $err"
ln -s later.csv "$tmp/dangling.csv"
run_out "$sim" --headless --boids 30 --frames 1 --save "$tmp/dangling.csv"
[ $status -eq 0 ] && [ -L "$tmp/dangling.csv" ] && "$boids" --load "$tmp/later.csv" --frames 0 \
    --save "$tmp/reload.csv" >/dev/null 2>&1
check "sim --save through a dangling symlink makes its target, a loadable state" $? "exit $status: $err"

# A shared folder (sticky, world-writable, as /tmp): another user's symlink
# there is refused, as the kernel's protected_symlinks refuses open(O_CREAT)
# through it, and the file it points to is left alone; our own is followed.
# A file saved over keeps its owner and group (as sed -i). Both need root.
if [ "$(id -u)" -eq 0 ] && id nobody >/dev/null 2>&1; then
    mkdir "$tmp/shared" && chmod 1777 "$tmp/shared"
    old_state "$tmp/victim.csv"
    ln -s "$tmp/victim.csv" "$tmp/shared/theirs.csv" && chown -h nobody "$tmp/shared/theirs.csv"
    run_out "$boids" --boids 30 --frames 1 --save "$tmp/shared/theirs.csv"
    [ $status -eq 1 ] && grep -q "theirs.csv: cannot write: another user's symlink in a shared folder" <<<"$err" \
        && same_as_small "$tmp/victim.csv" && [ -z "$(leftovers "$tmp")" ]
    check "--save through another user's symlink in a sticky world-writable folder: refused, its target kept" $? \
        "exit $status: $err"
    ln -s "$tmp/mine.csv" "$tmp/shared/mine.csv"
    run_out "$boids" --boids 30 --frames 1 --save "$tmp/shared/mine.csv"
    [ $status -eq 0 ] && [ "$(grep -c ,boid, "$tmp/mine.csv")" -eq 30 ]
    check "--save through one's own symlink in that folder: followed" $? "exit $status: $err"

    old_state "$tmp/theirs_file.csv"
    chown nobody:nogroup "$tmp/theirs_file.csv" && chmod 640 "$tmp/theirs_file.csv"
    run_out "$boids" --boids 30 --frames 1 --save "$tmp/theirs_file.csv"
    [ $status -eq 0 ] && [ "$(stat -c %U:%G:%a "$tmp/theirs_file.csv")" = nobody:nogroup:640 ] \
        && [ "$(grep -c ,boid, "$tmp/theirs_file.csv")" -eq 30 ]
    check "--save over another user's file keeps its owner, group and mode" $? \
        "exit $status, $(stat -c %U:%G:%a "$tmp/theirs_file.csv"): $err"
else
    for what in "another user's symlink in a shared folder" "one's own symlink there" "the owner kept"; do
        ok "# SKIP $what: needs root and the user nobody"
    done
fi

# ---- fsync fails (every output reaches the disk through fsync) -----------

old_state "$tmp/keep.csv"
run_out env LD_PRELOAD="$shim" FAIL_FSYNC=1 "$boids" --load "$tmp/big.csv" --frames 0 --save "$tmp/keep.csv"
[ $status -eq 1 ] && grep -q "keep.csv: cannot write: No space left on device" <<<"$err" \
    && same_as_small "$tmp/keep.csv" && [ -z "$(leftovers "$tmp")" ]
check "--save whose fsync fails: exit 1, old file kept, no temporary" $? "exit $status: $err"
mkdir "$tmp/png_fsync"
run_out env LD_PRELOAD="$shim" FAIL_FSYNC=1 "$sim" --headless --boids 16 --frames 2 --png "$tmp/png_fsync"
[ $status -eq 1 ] && grep -q "frame_000000.png: cannot write: No space left on device" <<<"$err" \
    && [ -z "$(ls "$tmp/png_fsync")" ]
check "sim --png whose fsync fails: exit 1, no PNG and no temporary" $? "exit $status: $err"
echo old > "$tmp/keep.fst"
run_out env LD_PRELOAD="$shim" FAIL_FSYNC=1 "$sim" --headless --boids 16 --frames 2 --trace "$tmp/keep.fst"
[ $status -eq 1 ] && grep -q "keep.fst: cannot write: No space left on device" <<<"$err" \
    && [ "$(cat "$tmp/keep.fst")" = old ] && [ -z "$(leftovers "$tmp")" ]
check "sim --trace whose fsync fails: exit 1, old trace kept, no temporary or .hier" $? "exit $status: $err"
run_out env LD_PRELOAD="$shim" FAIL_FSYNC=1 "$soc" --boids 16 --write-image "$tmp/keep.csv"
[ $status -eq 1 ] && grep -q "keep.csv: cannot write: No space left on device" <<<"$err" \
    && same_as_small "$tmp/keep.csv" && [ -z "$(leftovers "$tmp")" ]
check "soc --write-image whose fsync fails: exit 1, old file kept" $? "exit $status: $err"

# ---- a full disk: a 64 KiB tmpfs ----------------------------------------

mkdir "$full"
if [ "$(id -u)" -eq 0 ] && mount -t tmpfs -o size=64k tmpfs "$full" 2>/dev/null; then
    old_state "$full/state.csv"
    run_out "$boids" --load "$tmp/big.csv" --frames 1 --save "$full/state.csv"
    [ $status -eq 1 ] && grep -q "state.csv: cannot write: No space left on device" <<<"$err" \
        && same_as_small "$full/state.csv" && [ -z "$(leftovers "$full")" ]
    check "--save of 300 KB onto a full disk: exit 1, old file kept, no temporary" $? "exit $status: $err"
    rm -f "$full"/*
    run_out "$sim" --headless --boids 64 --frames 30 --png "$full"
    [ $status -eq 1 ] && grep -q "cannot write: No space left on device" <<<"$err" \
        && [ -z "$(leftovers "$full")" ] && pngs_whole "$full"
    check "sim --png onto a full disk: exit 1, the PNGs written are whole, no temporary" $? "exit $status: $err"
    rm -f "$full"/*
    run_out "$soc" --headless --boids 64 --frames 30 --png "$full"
    [ $status -eq 1 ] && grep -q "cannot write: No space left on device" <<<"$err" && [ -z "$(leftovers "$full")" ]
    check "soc --png onto a full disk: exit 1, no temporary" $? "exit $status: $err"
    # ... and the --save beside it, on a healthy disk, is written all the same:
    # one failing output costs no other
    for prog in sim soc; do
        rm -f "$full"/* "$tmp/beside.csv"
        echo old > "$full/run.fst"
        run_out "$bin/$prog" --headless --boids 32 --frames 3 --trace "$full/run.fst" --save "$tmp/beside.csv"
        [ $status -eq 1 ] && grep -q "run.fst: cannot write: trace incomplete: " <<<"$err" \
            && [ "$(cat "$full/run.fst")" = old ] && [ -z "$(leftovers "$full")" ] \
            && [ "$(grep -c ,boid, "$tmp/beside.csv")" -eq 32 ]
        check "$prog --trace onto a full disk: reported, exit 1, old trace kept, nothing left; --save still written" \
            $? "exit $status: $err"
    done
    umount "$full"
    # A disk nearly full before the trace starts: the FST writer's hierarchy
    # file loses its writes, and its close would map it past its end (SIGBUS,
    # exit 135, temporaries left). Reported instead, exit 1.
    if mount -t tmpfs -o size=8m tmpfs "$full" 2>/dev/null; then
        for prog in sim soc; do
            rm -f "$full"/*
            dd if=/dev/zero of="$full/filler" bs=1k count=$((8192 - 16)) 2>/dev/null
            trace_fails_cleanly "$full" "trace incomplete: " "$bin/$prog"
            check "$prog --trace onto a disk with 16 KiB free: reported (no crash), exit 1, nothing left; --save still written" \
                $? "exit $status: $err"
        done
        umount "$full"
    else
        not_ok "mount an 8 MiB tmpfs as root"
    fi
else
    for what in "--save" "sim --png" "soc --png" "sim --trace" "soc --trace" "sim --trace, 16 KiB free" \
        "soc --trace, 16 KiB free"; do
        ok "# SKIP $what onto a full disk: needs root and a tmpfs mount"
    done
fi

# ---- PNGs: a directory in the way ----------------------------------------

for prog in sim soc; do
    mkdir -p "$tmp/$prog-png/frame_000001.png"
    run_out "$bin/$prog" --headless --boids 16 --frames 3 --png "$tmp/$prog-png"
    [ $status -eq 1 ] && grep -q "frame_000001.png: cannot write: it is a directory" <<<"$err" \
        && [ -z "$(leftovers "$tmp/$prog-png")" ]
    check "$prog --png with a directory where a picture goes: exit 1 and says so" $? "exit $status: $err"
done

# ---- traces ---------------------------------------------------------------

# The FST writer's hierarchy file cut short while the disk has room again
# (the shim empties it just before the close): the close's SIGBUS is caught,
# the trace reported incomplete, its files removed, the --save beside written.
for prog in sim soc; do
    trace_fails_cleanly "$tmp" "trace incomplete: its hierarchy file was cut short" \
        env CUT_HIER=1 LD_PRELOAD="$shim" "$bin/$prog"
    check "$prog --trace whose hierarchy file was cut short: SIGBUS in the close caught, exit 1, nothing left" \
        $? "exit $status: $err"
done

echo old > "$tmp/ro.fst"; chmod 444 "$tmp/ro.fst"
run_out "$sim" --headless --boids 16 --frames 2 --trace "$tmp/ro.fst"
[ $status -eq 1 ] && grep -q "ro.fst: cannot write: the file is read-only" <<<"$err" \
    && ! grep -q "frames/s" <<<"$err" && [ "$(cat "$tmp/ro.fst")" = old ]
check "sim --trace onto a read-only file: refused before the run" $? "exit $status: $err"
run_out "$soc" --headless --boids 16 --frames 4 --trace "$tmp/late.fst" --trace-from 4
[ $status -eq 1 ] && grep -q -- "--trace-from 4: the run ends at frame 4, before the trace would begin" <<<"$err" \
    && [ ! -e "$tmp/late.fst" ]
check "--trace-from at or past --frames: refused before the run" $? "exit $status: $err"
run_out "$soc" --headless --boids 16 --steps 1 --trace "$tmp/late.fst" --trace-from 200
[ $status -eq 1 ] && grep -q -- "--trace-from 200: the run ended at frame [0-9]*, before the trace began" <<<"$err" \
    && [ ! -e "$tmp/late.fst" ] && [ -z "$(leftovers "$tmp")" ]
check "soc --steps ending before --trace-from: reported, exit 1, no file" $? "exit $status: $err"
echo old > "$tmp/real.fst"; ln -s real.fst "$tmp/link.fst"
run_out "$sim" --headless --boids 16 --frames 2 --trace "$tmp/link.fst"
[ $status -eq 0 ] && [ -L "$tmp/link.fst" ] && [ "$(head -c 1 "$tmp/real.fst" | od -An -tu1 | tr -d ' ')" = 0 ] \
    && [ "$(stat -c %s "$tmp/real.fst")" -gt 1000 ] && [ -z "$(leftovers "$tmp")" ]
check "sim --trace through a symlink: a whole FST in the file it points to, no .hier left" $? \
    "exit $status: $err"

# ---- signals while writing ------------------------------------------------

# interrupt SIGNAL WAIT-FOR CMD...: starts CMD with SIGINT at its default (job
# control on, and env resets it where this shell inherited it ignored, as a
# background job started without job control does), waits until a file
# matching WAIT-FOR exists (at most 20 s), sends SIGNAL; $status is how CMD
# ended.
interrupt() {
    local sig=$1 pattern=$2 pid i; shift 2
    set -m
    env --default-signal=INT "$@" >/dev/null 2>&1 &
    pid=$!
    set +m
    for ((i = 0; i < 200; i++)); do
        compgen -G "$pattern" >/dev/null && break
        sleep 0.1
    done
    kill -s "$sig" "$pid"
    wait "$pid"; status=$?
}

# killed_during_save SIG: SIG while --save writes 300 KB (the shim holds
# fsync, so it lands while the temporary exists): the program dies of it, the
# old file is kept, no temporary.
killed_during_save() {
    local sig=$1 code=$((128 + $(kill -l $1)))
    old_state "$tmp/sig.csv"
    interrupt $sig "$tmp/sig.csv.tmp*" env LD_PRELOAD="$shim" FSYNC_STALL=20 \
        "$boids" --load "$tmp/big.csv" --frames 1 --save "$tmp/sig.csv"
    [ $status -eq $code ] && same_as_small "$tmp/sig.csv" && [ -z "$(leftovers "$tmp")" ]
    check "SIG$sig while --save writes 300 KB: killed ($status), old file kept, no temporary" $? \
        "$(leftovers "$tmp")"
}
# killed_during_sim_trace SIG: the same during a trace, which the FST writer
# writes by name with its .hier.
killed_during_sim_trace() {
    local sig=$1 code=$((128 + $(kill -l $1)))
    echo old > "$tmp/sig.fst"
    interrupt $sig "$tmp/sig.fst.tmp*.hier" "$sim" --headless --boids 32 --frames 400 --trace "$tmp/sig.fst"
    [ $status -eq $code ] && [ "$(cat "$tmp/sig.fst")" = old ] && [ -z "$(leftovers "$tmp")" ]
    check "SIG$sig during sim --trace: killed ($status), old trace kept, no temporary or .hier" $? \
        "$(leftovers "$tmp")"
}

# Every other signal the programs catch (atomic_file.c: GNU sort's list).
for sig in HUP QUIT ALRM USR1 USR2 PIPE XCPU VTALRM PROF; do
    killed_during_save $sig
done
for sig in QUIT USR1; do
    killed_during_sim_trace $sig
done

# Past `ulimit -f` a write fails (SIGXFSZ is ignored): an error that says so,
# exit 1, the old file kept, no temporary.
old_state "$tmp/limit.csv"
err=$(ulimit -f 40; "$boids" --load "$tmp/big.csv" --frames 1 --save "$tmp/limit.csv" 2>&1 >/dev/null); status=$?
[ $status -eq 1 ] && grep -q "limit.csv: cannot write: File too large" <<<"$err" && same_as_small "$tmp/limit.csv" \
    && [ -z "$(leftovers "$tmp")" ]
check "--save past ulimit -f: \"File too large\", exit 1, old file kept, no temporary" $? "exit $status: $err"

for sig in INT TERM; do
    code=$((128 + $(kill -l $sig)))
    killed_during_save $sig

    mkdir -p "$tmp/sig-png-$sig"
    interrupt $sig "$tmp/sig-png-$sig/*.tmp*" env LD_PRELOAD="$shim" FSYNC_STALL=20 \
        "$sim" --headless --boids 32 --frames 5 --png "$tmp/sig-png-$sig"
    [ $status -eq $code ] && [ -z "$(ls "$tmp/sig-png-$sig")" ]
    check "SIG$sig while sim writes a PNG: killed ($status), no PNG half-written, no temporary" $? \
        "$(ls "$tmp/sig-png-$sig")"

    killed_during_sim_trace $sig

    echo old > "$tmp/sig.fst"
    interrupt $sig "$tmp/sig.fst.tmp*.hier" "$soc" --headless --boids 32 --frames 400 --trace "$tmp/sig.fst" \
        --save "$tmp/sig.csv"
    [ $status -eq $code ] && [ "$(cat "$tmp/sig.fst")" = old ] && same_as_small "$tmp/sig.csv" \
        && [ -z "$(leftovers "$tmp")" ]
    check "SIG$sig during soc --trace: killed ($status), old trace and state kept, nothing left" $? \
        "$(leftovers "$tmp")"
done

echo "1..$n"
