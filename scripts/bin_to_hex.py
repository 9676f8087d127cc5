#!/usr/bin/env python3
"""Turns a raw little-endian binary (objcopy -O binary) into a $readmemh file:
one 32-bit word a line (or, with --bytes, one byte a line, as a byte-wide
memory such as the SPI flash model reads it), the first at address 0, padded
with zeros to COUNT entries. Fails if the image does not fit, so a memory is
never half-filled."""
import os
import sys


def main(argv):
    args = argv[1:]
    width = 1 if args[:1] == ["--bytes"] else 4
    if width == 1:
        args = args[1:]
    if len(args) != 3 or args[0] in ("-h", "--help"):
        print("usage: bin_to_hex.py [--bytes] IMAGE.bin OUT.hex COUNT   (COUNT words, or bytes)",
              file=sys.stderr)
        return 0 if args[:1] in (["-h"], ["--help"]) else 2
    src, dst, count = args[0], args[1], int(args[2], 0)
    with open(src, "rb") as f:
        image = f.read()
    image += b"\0" * (-len(image) % width)
    if len(image) // width > count:
        print(f"bin_to_hex: {src} is {len(image)} bytes, the memory holds {count * width}",
              file=sys.stderr)
        return 1
    digits = 2 * width
    lines = [f"{int.from_bytes(image[i:i + width], 'little'):0{digits}x}"
             for i in range(0, len(image), width)]
    lines += ["0" * digits] * (count - len(lines))
    tmp = dst + ".tmp"
    with open(tmp, "w") as f:
        f.write("\n".join(lines) + "\n")
    os.replace(tmp, dst)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
