#!/usr/bin/env python3
"""Draws a boids state file (CSV: id,role,x,y,vx,vy,biasval) as a PNG.

Each boid is a small triangle pointing along its velocity, coloured by role:
boids pale blue, scout group 1 green, scout group 2 amber, predators red and
larger. Standard library only, so it runs wherever python3 does.
"""
import argparse
import csv
import math
import struct
import sys
import zlib

COLOURS = {
    "boid": (150, 200, 255),
    "scout1": (80, 230, 120),
    "scout2": (255, 180, 60),
    "predator": (255, 70, 70),
}
BACKGROUND = (12, 16, 28)
MARGIN_LINE = (40, 48, 70)


def read_state(path):
    """Rows of (role, x, y, vx, vy); raises ValueError naming the problem."""
    rows = []
    with open(path, newline="") as f:
        reader = csv.reader(f)
        header = next(reader, None)
        if header != ["id", "role", "x", "y", "vx", "vy", "biasval"]:
            raise ValueError(f"{path}: not a state file (header {header})")
        for line, fields in enumerate(reader, start=2):
            if not fields:
                continue
            if len(fields) != 7 or fields[1] not in COLOURS:
                raise ValueError(f"{path}:{line}: malformed row {fields}")
            try:
                x, y, vx, vy = (float(v) for v in fields[2:6])
            except ValueError:
                raise ValueError(f"{path}:{line}: a number is not a number") from None
            rows.append((fields[1], x, y, vx, vy))
    if not rows:
        raise ValueError(f"{path}: no boids")
    return rows


def fill_triangle(pixels, width, height, corners, colour):
    """Scanline fill of one triangle, clipped to the image."""
    ys = [p[1] for p in corners]
    for py in range(max(0, int(min(ys))), min(height - 1, int(max(ys)) + 1) + 1):
        cy = py + 0.5
        xs = []
        for (x0, y0), (x1, y1) in zip(corners, corners[1:] + corners[:1]):
            if (y0 <= cy < y1) or (y1 <= cy < y0):
                xs.append(x0 + (cy - y0) * (x1 - x0) / (y1 - y0))
        if len(xs) < 2:
            continue
        row = pixels[py]
        for px in range(max(0, int(min(xs) + 0.5)), min(width - 1, int(max(xs) + 0.5)) + 1):
            row[px] = colour


def render(rows, world_w, world_h, scale, margin):
    width, height = int(world_w * scale), int(world_h * scale)
    pixels = [[BACKGROUND] * width for _ in range(height)]
    if margin > 0:  # the turning margins, faintly
        for px in range(width):
            for my in (margin, world_h - margin):
                py = int(my * scale)
                if 0 <= py < height:
                    pixels[py][px] = MARGIN_LINE
        for py in range(height):
            for mx in (margin, world_w - margin):
                px = int(mx * scale)
                if 0 <= px < width:
                    pixels[py][px] = MARGIN_LINE
    for role, x, y, vx, vy in sorted(rows, key=lambda r: r[0] == "predator"):
        size = (9 if role == "predator" else 5) * max(scale, 0.5)
        heading = math.atan2(vy, vx) if (vx or vy) else 0.0
        c, s = math.cos(heading), math.sin(heading)
        cx, cy = x * scale, y * scale
        corners = [(cx + c * size, cy + s * size),
                   (cx - c * size * 0.6 - s * size * 0.5, cy - s * size * 0.6 + c * size * 0.5),
                   (cx - c * size * 0.6 + s * size * 0.5, cy - s * size * 0.6 - c * size * 0.5)]
        fill_triangle(pixels, width, height, corners, COLOURS[role])
    return width, height, pixels


def write_png(path, width, height, pixels):
    raw = b"".join(b"\x00" + bytes(v for p in row for v in p) for row in pixels)
    def chunk(kind, data):
        return (struct.pack(">I", len(data)) + kind + data
                + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF))
    png = (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
           + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))
    with open(path, "wb") as f:
        f.write(png)


def parse_world(text):
    try:
        w, h = (float(v) for v in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f'"{text}" is not WIDTHxHEIGHT') from None
    if not (16 <= w <= 8192 and 16 <= h <= 8192):
        raise argparse.ArgumentTypeError(f"{text} is out of range (16 to 8192 a side)")
    return w, h


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("state", help="state file written by boids --save")
    ap.add_argument("png", help="picture to write")
    ap.add_argument("--world", type=parse_world, default=(640, 480), help="WxH in px (default 640x480)")
    ap.add_argument("--scale", type=float, default=1.0, help="pixels per world px (default 1)")
    ap.add_argument("--margin", type=float, default=100, help="margin lines at this many px (0: none)")
    args = ap.parse_args()
    if not 0.05 <= args.scale <= 8:
        ap.error("--scale must be between 0.05 and 8")
    try:
        rows = read_state(args.state)
    except (OSError, ValueError) as e:
        print(f"plot_state: {e}", file=sys.stderr)
        return 1
    width, height, pixels = render(rows, *args.world, args.scale, args.margin)
    write_png(args.png, width, height, pixels)
    print(f"plot_state: {len(rows)} boids drawn into {args.png} ({width}x{height})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
