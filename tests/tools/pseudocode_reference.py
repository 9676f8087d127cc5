#!/usr/bin/env python3
"""The Cornell rules read straight from the references' pseudocode, in
Python floats, written apart from the C models so that it can check them.

shared/reference/boids-cornell-predator.txt gives the per-boid loop
(neighbours, edges, predators, speed limits, position) and
boids-consensus-scouts.txt the scouts' dynamic bias and bias. Where the
pseudocode leaves a question open, the answers are docs/rules.md's:
predators move after every boid (edges, then position); a boid at rest heads
right at minspeed; velocity components stay within +-64 px/frame and
positions within +-16384 px. The speed limit is the pseudocode's own: it
scales an edge's braking away (the C models' --edges pseudocode).

Usage: pseudocode_reference.py START.csv FRAMES [--world WxH]
           [--set NAME=VALUE ...] [--dynamic-bias] [--update sequential|synchronous]
Prints the state after FRAMES frames as build/boids --save writes it.
"""
import argparse
import csv
import math
import sys

DEFAULTS = {
    "turnfactor": 0.2, "visualrange": 40.0, "protectedrange": 8.0,
    "centeringfactor": 0.0005, "avoidfactor": 0.05, "matchingfactor": 0.05,
    "maxspeed": 6.0, "minspeed": 3.0, "predatorturnfactor": 0.5,
    "predatorrange": 100.0, "margin": 100.0, "maxbias": 0.01,
    "bias_increment": 0.00004,
}
SPEED_GUARD = 64.0
POSITION_GUARD = 16384.0


class Boid:
    __slots__ = ("id", "role", "x", "y", "vx", "vy", "biasval")


def read_state(path):
    boids = []
    with open(path, newline="", encoding="utf-8-sig") as f:
        for row in csv.DictReader(f):
            b = Boid()
            b.id, b.role = int(row["id"]), row["role"]
            b.x, b.y = float(row["x"]), float(row["y"])
            b.vx, b.vy = float(row["vx"]), float(row["vy"])
            b.biasval = float(row["biasval"])
            boids.append(b)
    return boids


def copy(b):
    c = Boid()
    for name in Boid.__slots__:
        setattr(c, name, getattr(b, name))
    return c


def guard(v, limit):
    return max(-limit, min(limit, v))


def edges(b, p, w, h):
    # "if outside top margin: vy += turnfactor", and so on, in the pseudocode's order
    if b.y < p["margin"]:
        b.vy = b.vy + p["turnfactor"]
    if b.x > w - p["margin"]:
        b.vx = b.vx - p["turnfactor"]
    if b.x < p["margin"]:
        b.vx = b.vx + p["turnfactor"]
    if b.y > h - p["margin"]:
        b.vy = b.vy - p["turnfactor"]


def update_boid(boid, others, predators, p, w, h, dynamic_bias):
    visual_range = p["visualrange"]
    protected_range_squared = p["protectedrange"] ** 2
    visual_range_squared = visual_range ** 2
    xpos_avg = ypos_avg = xvel_avg = yvel_avg = 0.0
    neighboring_boids = 0
    close_dx = close_dy = 0.0
    for otherboid in others:
        if otherboid is boid or otherboid.id == boid.id:
            continue
        dx = boid.x - otherboid.x
        dy = boid.y - otherboid.y
        if abs(dx) < visual_range and abs(dy) < visual_range:
            squared_distance = dx * dx + dy * dy
            if squared_distance < protected_range_squared:
                close_dx += boid.x - otherboid.x
                close_dy += boid.y - otherboid.y
            elif squared_distance < visual_range_squared:
                xpos_avg += otherboid.x
                ypos_avg += otherboid.y
                xvel_avg += otherboid.vx
                yvel_avg += otherboid.vy
                neighboring_boids += 1
    if neighboring_boids > 0:
        xpos_avg = xpos_avg / neighboring_boids
        ypos_avg = ypos_avg / neighboring_boids
        xvel_avg = xvel_avg / neighboring_boids
        yvel_avg = yvel_avg / neighboring_boids
        vx, vy = boid.vx, boid.vy
        boid.vx = (vx + (xpos_avg - boid.x) * p["centeringfactor"]
                   + (xvel_avg - vx) * p["matchingfactor"])
        boid.vy = (vy + (ypos_avg - boid.y) * p["centeringfactor"]
                   + (yvel_avg - vy) * p["matchingfactor"])
    boid.vx = boid.vx + close_dx * p["avoidfactor"]
    boid.vy = boid.vy + close_dy * p["avoidfactor"]

    edges(boid, p, w, h)

    predatory_range = p["predatorrange"]
    predator_dx = predator_dy = 0.0
    num_predators = 0
    for predator in predators:
        dx = boid.x - predator.x
        dy = boid.y - predator.y
        if abs(dx) < predatory_range and abs(dy) < predatory_range:
            if dx * dx + dy * dy < predatory_range ** 2:
                predator_dx += boid.x - predator.x
                predator_dy += boid.y - predator.y
                num_predators += 1
    if num_predators > 0:
        if predator_dy > 0:
            boid.vy = boid.vy + p["predatorturnfactor"]
        if predator_dy < 0:
            boid.vy = boid.vy - p["predatorturnfactor"]
        if predator_dx > 0:
            boid.vx = boid.vx + p["predatorturnfactor"]
        if predator_dx < 0:
            boid.vx = boid.vx - p["predatorturnfactor"]

    if dynamic_bias:
        if boid.role == "scout1":
            if boid.vx > 0:
                boid.biasval = min(p["maxbias"], boid.biasval + p["bias_increment"])
            else:
                boid.biasval = max(p["bias_increment"], boid.biasval - p["bias_increment"])
        elif boid.role == "scout2":
            if boid.vx < 0:
                boid.biasval = min(p["maxbias"], boid.biasval + p["bias_increment"])
            else:
                boid.biasval = max(p["bias_increment"], boid.biasval - p["bias_increment"])
    if boid.role == "scout1":
        boid.vx = (1 - boid.biasval) * boid.vx + (boid.biasval * 1)
    elif boid.role == "scout2":
        boid.vx = (1 - boid.biasval) * boid.vx + (boid.biasval * (-1))

    speed = math.sqrt(boid.vx * boid.vx + boid.vy * boid.vy)
    if speed == 0:  # docs/rules.md: the pseudocode divides by zero here
        if p["minspeed"] > 0:
            boid.vx, boid.vy = p["minspeed"], 0.0
    else:
        if speed < p["minspeed"]:
            boid.vx = (boid.vx / speed) * p["minspeed"]
            boid.vy = (boid.vy / speed) * p["minspeed"]
        if speed > p["maxspeed"]:
            boid.vx = (boid.vx / speed) * p["maxspeed"]
            boid.vy = (boid.vy / speed) * p["maxspeed"]
    boid.vx, boid.vy = guard(boid.vx, SPEED_GUARD), guard(boid.vy, SPEED_GUARD)

    boid.x = guard(boid.x + boid.vx, POSITION_GUARD)
    boid.y = guard(boid.y + boid.vy, POSITION_GUARD)


def frame(flock, p, w, h, dynamic_bias, synchronous):
    boids = [b for b in flock if b.role != "predator"]
    predators = [b for b in flock if b.role == "predator"]
    seen = [copy(b) for b in boids] if synchronous else boids
    for boid in boids:
        update_boid(boid, seen, predators, p, w, h, dynamic_bias)
    for predator in predators:  # after every boid: edges, then position
        edges(predator, p, w, h)
        predator.x = guard(predator.x + predator.vx, POSITION_GUARD)
        predator.y = guard(predator.y + predator.vy, POSITION_GUARD)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("start")
    ap.add_argument("frames", type=int)
    ap.add_argument("--world", default="640x480")
    ap.add_argument("--set", action="append", default=[], metavar="NAME=VALUE")
    ap.add_argument("--dynamic-bias", action="store_true")
    ap.add_argument("--update", choices=("sequential", "synchronous"), default="sequential")
    a = ap.parse_args()
    p = dict(DEFAULTS)
    for assignment in a.set:
        name, _, value = assignment.partition("=")
        if name not in p:
            sys.exit(f"pseudocode_reference: unknown parameter {name!r}")
        p[name] = float(value)
    w, h = (float(v) for v in a.world.split("x"))
    flock = read_state(a.start)
    for _ in range(a.frames):
        frame(flock, p, w, h, a.dynamic_bias, a.update == "synchronous")
    out = csv.writer(sys.stdout, lineterminator="\n")
    out.writerow(["id", "role", "x", "y", "vx", "vy", "biasval"])
    for b in sorted(flock, key=lambda b: b.id):
        out.writerow([b.id, b.role, repr(b.x), repr(b.y), repr(b.vx), repr(b.vy), repr(b.biasval)])


if __name__ == "__main__":
    main()
