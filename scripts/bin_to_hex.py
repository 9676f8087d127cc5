#!/usr/bin/env python3
"""Turns a raw little-endian binary (objcopy -O binary) into a $readmemh file:
one 32-bit word a line, the first word at address 0, padded with zeros to
WORDS words. Fails if the image does not fit, so a RAM is never half-filled."""
import os
import sys


def main(argv):
    if len(argv) != 4 or argv[1] in ("-h", "--help"):
        print("usage: bin_to_hex.py IMAGE.bin OUT.hex WORDS", file=sys.stderr)
        return 0 if len(argv) > 1 and argv[1] in ("-h", "--help") else 2
    src, dst, words = argv[1], argv[2], int(argv[3], 0)
    with open(src, "rb") as f:
        image = f.read()
    image += b"\0" * (-len(image) % 4)
    if len(image) // 4 > words:
        print(f"bin_to_hex: {src} is {len(image)} bytes, the RAM holds {words * 4}",
              file=sys.stderr)
        return 1
    lines = [f"{int.from_bytes(image[i:i + 4], 'little'):08x}" for i in range(0, len(image), 4)]
    lines += ["00000000"] * (words - len(lines))
    tmp = dst + ".tmp"
    with open(tmp, "w") as f:
        f.write("\n".join(lines) + "\n")
    os.replace(tmp, dst)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
