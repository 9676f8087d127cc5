#!/usr/bin/env bash
# --edges pseudocode against an independent reading of the references'
# pseudocode (tests/tools/pseudocode_reference.py, Python floats): over 10
# frames the float model equals it to 1e-6 px; each of the fixed model's 10
# frames is within its fixed-point error (FIXED_TOLERANCE px) of the reading's
# frame from the same state. Scenes: a flock with predators and scouts, the
# synchronous order with dynamic bias, and boids heading slowly
# out of every edge and corner. The default edge rule (brake) departs from
# the reading there by far more, so the scenes do test the rule. Speaks TAP.
set -uo pipefail
build=${1:-build}
. "$(dirname "$0")/tap.sh"
boids=$build/boids
reference=$(dirname "$0")/tools/pseudocode_reference.py
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
FLOAT_TOLERANCE=1e-6
# One frame of Q16.16 positions, Q7.24 gains, velocity terms rounded to 2^-9
# px and a speed scaled within 2 steps of 2^-16: 0.0006 px at most measured on
# the flocks, 0.0055 px where a velocity near 0 is scaled up to minspeed (the
# edges scene), which magnifies its rounding. The tolerance is 4 times that.
FIXED_TOLERANCE=0.02

# farthest A.csv B.csv: the largest difference of one id's x, y, vx or vy (px, px/frame)
farthest() {
    python3 - "$1" "$2" <<'EOF'
import csv, sys
def rows(path):
    with open(path, newline="") as f:
        return {r["id"]: r for r in csv.DictReader(f)}
a, b = rows(sys.argv[1]), rows(sys.argv[2])
if a.keys() != b.keys():
    print("ids differ"); sys.exit(1)
print(max(max(abs(float(a[k][c]) - float(b[k][c])) for c in ("x", "y", "vx", "vy")) for k in a))
EOF
}
below() { python3 -c "import sys; sys.exit(0 if float('$1') <= float('$2') else 1)" 2>/dev/null; }
above() { python3 -c "import sys; sys.exit(0 if float('$1') > float('$2') else 1)" 2>/dev/null; }

# scene NAME START.csv [REFERENCE FLAGS] -- [BOIDS FLAGS]: 10 frames each way
scene() {
    local name=$1 start=$2 ref_flags=() boids_flags=()
    shift 2
    while [ $# -gt 0 ] && [ "$1" != "--" ]; do ref_flags+=("$1"); shift; done
    shift
    boids_flags=("$@")
    if ! python3 "$reference" "$start" 10 "${ref_flags[@]}" > "$tmp/$name.ref.csv"; then
        not_ok "$name: the reference reading runs"; return
    fi
    local model edges d
    for model in float fixed; do
        for edges in pseudocode brake; do
            "$boids" --load "$start" --frames 10 --model $model --edges $edges "${boids_flags[@]}" \
                --save "$tmp/$name.$model.$edges.csv" >/dev/null 2>&1
        done
    done
    d=$(farthest "$tmp/$name.float.pseudocode.csv" "$tmp/$name.ref.csv")
    if below "$d" "$FLOAT_TOLERANCE"; then
        ok "$name: the float model with --edges pseudocode is the pseudocode's reading within $d px"
    else
        not_ok "$name: the float model with --edges pseudocode against the reading" "farthest $d px"
    fi
    # the fixed model frame by frame: each of its frames against the reading's
    # one frame from the fixed model's state before it (over many frames a
    # neighbour that crosses a range in one model and not the other is chaos,
    # not rounding)
    local k worst=0
    for k in $(seq 0 9); do
        "$boids" --load "$start" --frames $k --edges pseudocode "${boids_flags[@]}" \
            --save "$tmp/$name.k.csv" >/dev/null 2>&1
        "$boids" --load "$tmp/$name.k.csv" --frames 1 --edges pseudocode "${boids_flags[@]}" \
            --save "$tmp/$name.k1.csv" >/dev/null 2>&1
        python3 "$reference" "$tmp/$name.k.csv" 1 "${ref_flags[@]}" > "$tmp/$name.kref.csv"
        d=$(farthest "$tmp/$name.k1.csv" "$tmp/$name.kref.csv")
        above "$d" "$worst" && worst=$d
    done
    if below "$worst" "$FIXED_TOLERANCE"; then
        ok "$name: the fixed model with --edges pseudocode is within $worst px of it in each of 10 frames"
    else
        not_ok "$name: the fixed model with --edges pseudocode against the reading, frame by frame" \
            "farthest $worst px"
    fi
    d=$(farthest "$tmp/$name.float.brake.csv" "$tmp/$name.ref.csv")
    if above "$d" 0.5; then
        ok "$name: the default (--edges brake) departs from the reading by $d px"
    else
        not_ok "$name: the scene does not tell the edge rules apart" "the brake's farthest: $d px"
    fi
}

"$boids" --boids 300 --predators 1 --scouts1 30 --scouts2 20 --seed 7 --frames 0 \
    --save "$tmp/flock.csv" >/dev/null 2>&1
scene flock "$tmp/flock.csv" --

"$boids" --boids 400 --predators 2 --scouts1 60 --scouts2 40 --bias1 0.008 --bias2 0.006 \
    --seed 12 --world 800x600 --frames 0 --save "$tmp/dynamic.csv" >/dev/null 2>&1
scene dynamic "$tmp/dynamic.csv" --world 800x600 --dynamic-bias --update synchronous \
    --set maxbias=0.02 --set bias_increment=0.0005 --set minspeed=2.5 -- \
    --world 800x600 --dynamic-bias --update synchronous --set maxbias=0.02 \
    --set bias_increment=0.0005 --set minspeed=2.5

# Boids within 60 px of each edge and corner, 0.5 to 3 px/frame outward: the
# case the two rules differ on. build/boids rounds them to Q16.16 first.
python3 - "$tmp/edges_raw.csv" <<'EOF'
import random, sys
random.seed(5)
corners = [(0, 0), (640, 0), (0, 480), (640, 480), (320, 0), (0, 240), (640, 240), (320, 480)]
with open(sys.argv[1], "w") as f:
    f.write("id,role,x,y,vx,vy,biasval\n")
    for i in range(160):
        cx, cy = corners[i % len(corners)]
        out_x = -1 if cx == 0 else 1 if cx == 640 else 0
        out_y = -1 if cy == 0 else 1 if cy == 480 else 0
        x = cx - out_x * 60 * random.random() if out_x else 100 + 440 * random.random()
        y = cy - out_y * 60 * random.random() if out_y else 100 + 280 * random.random()
        s = 0.5 + 2.5 * random.random()
        vx = out_x * s * random.random() if out_x else s * (random.random() - 0.5)
        vy = out_y * s * random.random() if out_y else s * (random.random() - 0.5)
        f.write(f"{i},boid,{x!r},{y!r},{vx!r},{vy!r},0\n")
EOF
"$boids" --load "$tmp/edges_raw.csv" --frames 0 --save "$tmp/edges.csv" >/dev/null 2>&1
scene edges "$tmp/edges.csv" --

# The case the default exists for: one boid from (530, 240) heading straight
# out at minspeed. The references' rule scales the edge's braking away every
# frame, so it never turns and flies on; the default's brake turns it back.
printf 'id,role,x,y,vx,vy,biasval\n0,boid,530,240,3,0,0\n' > "$tmp/straight.csv"
for model in fixed float; do
    for edges in pseudocode brake; do
        "$boids" --load "$tmp/straight.csv" --frames 400 --model $model --edges $edges \
            --save "$tmp/straight.$model.$edges.csv" >/dev/null 2>&1
    done
    x_pseudocode=$(sed -n 2p "$tmp/straight.$model.pseudocode.csv" | cut -d, -f3)
    x_brake=$(sed -n 2p "$tmp/straight.$model.brake.csv" | cut -d, -f3)
    if above "$x_pseudocode" 1500 && below "$x_brake" 640; then
        ok "$model: straight out at minspeed, the pseudocode's boid flies on (x $x_pseudocode after 400 frames), the brake's turns back (x $x_brake)"
    else
        not_ok "$model: a boid straight out at minspeed under each edge rule" \
            "pseudocode: x $x_pseudocode (want beyond 1500), brake: x $x_brake (want inside)"
    fi
done

echo "1..$n"
