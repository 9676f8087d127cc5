#!/usr/bin/env python3
"""Reads the overlay's text back from a picture the simulators decoded from
the VGA pins: the glyphs of scripts/sprites.py's font, in the overlay's colour
(sprite role 1), a glyph every 6 framebuffer columns and a line every 9 rows
from the framebuffer's (2, 2), each framebuffer pixel SCALE x SCALE picture
pixels. A glyph cell must match a glyph of the font exactly (or be blank, a
space); anything else is an error, so a wrong glyph cannot pass for a right one.

Usage: overlay_read.py PICTURE.png SCALE [--lines N] [--crop OUT.png]
Prints the text, one line a line (trailing spaces dropped); exit 1 if a cell
matches no glyph, 2 on bad input.
"""
import argparse
import os
import struct
import sys
import zlib

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "scripts"))
from plot_state import write_png  # noqa: E402
from sprites import GLYPH_CHARS, glyph_rows  # noqa: E402

OVERLAY_RGB = (0xFF, 0xAA, 0x22)  # role 1's colour, 12-bit 0xFA2 widened (x 17)
LEFT = TOP = 2
ADVANCE, LINE, SIZE = 6, 9, 7


def read_png(path):
    """An 8-bit RGB or RGBA PNG, non-interlaced, as rows of (r, g, b)."""
    data = open(path, "rb").read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError(f"{path}: not a PNG")
    pos, idat = 8, b""
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        pos += 12 + length
        if kind == b"IHDR":
            width, height, depth, colour, _, _, interlace = struct.unpack(">IIBBBBB", body)
            if depth != 8 or colour not in (2, 6) or interlace:
                raise ValueError(f"{path}: only 8-bit RGB(A), non-interlaced")
        elif kind == b"IDAT":
            idat += body
    bpp = 3 if colour == 2 else 4
    raw, stride, rows, prev = zlib.decompress(idat), width * bpp, [], bytearray(width * bpp)
    for y in range(height):
        f, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - bpp] if i >= bpp else 0
            b, c = prev[i], prev[i - bpp] if i >= bpp else 0
            if f == 1:
                line[i] = (line[i] + a) & 255
            elif f == 2:
                line[i] = (line[i] + b) & 255
            elif f == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append([tuple(line[x * bpp:x * bpp + 3]) for x in range(width)])
        prev = line
    return rows


def zoomed(rows, zoom):
    """Each pixel zoom x zoom."""
    return [[px for px in row for _ in range(zoom)] for row in rows for _ in range(zoom)]


def cell_bits(rows, scale, left, top):
    """The 7x7 cell's rows as bits (bit c = column c) of overlay-coloured pixels."""
    bits = []
    for r in range(SIZE):
        v = 0
        for c in range(SIZE):
            y, x = (top + r) * scale, (left + c) * scale
            if y < len(rows) and x < len(rows[0]) and rows[y][x] == OVERLAY_RGB:
                v |= 1 << c
        bits.append(v)
    return bits


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("picture")
    ap.add_argument("scale", type=int, choices=(1, 2, 4))
    ap.add_argument("--lines", type=int, default=2)
    ap.add_argument("--crop", metavar="OUT.png", help="also write the text's corner, 4x")
    a = ap.parse_args()
    try:
        rows = read_png(a.picture)
    except (OSError, ValueError, zlib.error) as e:
        print(f"overlay_read: {e}", file=sys.stderr)
        return 2
    font = {tuple(glyph_rows(ch)): ch for ch in GLYPH_CHARS}
    width = len(rows[0]) // a.scale
    text, bad = [], 0
    for line in range(a.lines):
        chars = ""
        for k in range((width - LEFT) // ADVANCE):
            bits = tuple(cell_bits(rows, a.scale, LEFT + ADVANCE * k, TOP + LINE * line))
            if not any(bits):
                chars += " "
            elif bits in font:
                chars += font[bits]
            else:
                chars += "?"
                bad += 1
        text.append(chars.rstrip(" ?") if bad == 0 else chars.rstrip())
    print("\n".join(text))
    if a.crop:
        h = (TOP + LINE * a.lines) * a.scale
        crop = zoomed([row[:160 * a.scale] for row in rows[:h]], 4 // a.scale or 1)
        write_png(a.crop, len(crop[0]), len(crop), crop)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
