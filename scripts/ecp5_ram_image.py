#!/usr/bin/env python3
"""The RAM image of an ECP5 board, put into its routed design.

yosys and nextpnr build the board with a placeholder in the RAM (random
words from a fixed seed), so the netlist, its placement and its timing do not
depend on the firmware; this script then puts the image's words into the
routed design's block RAMs, as Trellis' ecpbram does (whose WebAssembly build
cannot find its database), and ecppack packs the bitstream: a firmware change
costs seconds, not another synthesis, place and route.

  ecp5_ram_image.py placeholder WORDS OUT.hex
      writes the placeholder: WORDS 32-bit words, one a line (WORDS a
      multiple of 512), the same every time.
  ecp5_ram_image.py put ROUTED.config PLACEHOLDER.hex IMAGE.hex OUT.config
      writes ROUTED.config (nextpnr's text configuration, its RAM the
      placeholder) with the image in place of the placeholder, then checks
      OUT.config as `check` does. Nothing is written if it fails.
  ecp5_ram_image.py check ROUTED.config IMAGE.config PLACEHOLDER.hex IMAGE.hex
      checks, reading both files again, that IMAGE.config is ROUTED.config
      with exactly the image in place of the placeholder: every 512-word bit
      slice of the placeholder found once in ROUTED's block RAMs, the image's
      slice at its place in IMAGE's, every other bit and line the same.
Exit 1 with the reason when the RAM is not where the placeholder says.

How the RAM is found: a block RAM in any of its six widths holds, for some
bit of the word, 512 consecutive words' values of that bit; with random words
each such slice is unique, so finding it names the bit and the words it holds,
whatever layout yosys chose.
"""
import os
import random
import sys

SLICE = 512                               # words per bit slice (ecpbram's unit)
SEED = 1                                  # the placeholder's: fixed, so yosys sees the same file
# DP16KD's data widths, the bits of each 9-bit init word they use, and the
# slices of one width a block RAM holds (as Trellis' ecpbram reads them)
MODES = [(1, 8, 32), (2, 8, 32), (4, 8, 32), (9, 9, 36), (18, 9, 36), (36, 9, 36)]


def fail(message):
    print("ecp5_ram_image: " + message, file=sys.stderr)
    sys.exit(1)


def read_hex(path):
    """The hex file's 32-bit words (one a line, as scripts/bin_to_hex.py writes)."""
    try:
        with open(path) as f:
            lines = [line.strip() for line in f if line.strip()]
    except OSError as e:
        fail("cannot read %s: %s" % (path, e.strerror))
    try:
        words = [int(line, 16) for line in lines]
    except ValueError:
        fail("%s: not one hex word a line" % path)
    if not words or len(words) % SLICE or any(w >> 32 for w in words):
        fail("%s: %d words; wanted a multiple of %d words of 32 bits" % (path, len(words), SLICE))
    return words


def slices(words):
    """{bit slice as a '0'/'1' string: (bit, block)} of each bit and 512-word block."""
    table = {}
    for block in range(len(words) // SLICE):
        chunk = words[block * SLICE:(block + 1) * SLICE]
        for bit in range(32):
            table["".join("1" if w >> bit & 1 else "0" for w in chunk)] = (bit, block)
    return table


def read_config(path):
    """(the lines outside block RAM init, {block RAM: its 2,048 9-bit init words})."""
    try:
        with open(path) as f:
            lines = f.read().split("\n")
    except OSError as e:
        fail("cannot read %s: %s" % (path, e.strerror))
    other, brams, current = [], {}, None
    for line in lines:
        if line.startswith(".bram_init "):
            current = line.split()[1]
            brams[current] = []
        elif current is not None and line.strip() and not line.startswith("."):
            try:
                brams[current].extend(int(v, 16) for v in line.split())
            except ValueError:
                fail("%s: block RAM %s: not a line of hex init words: %s" % (path, current, line[:60]))
        else:
            current = None
            other.append(line)
    for name, data in brams.items():
        if len(data) != 2048:
            fail("%s: block RAM %s has %d init words, not 2,048" % (path, name, len(data)))
    return other, brams


def bit_strings(data):
    """The block RAM's init as strings of bits, bit n at index n: 8 of each word, then all 9."""
    return {8: "".join(format(v & 0xff, "08b")[::-1] for v in data),
            9: "".join(format(v, "09b")[::-1] for v in data)}


def from_bit_string(bits, nw, data):
    """Init words from a bit string of nw bits a word (a ninth bit kept from data)."""
    return [int(bits[i * nw:(i + 1) * nw][::-1], 2) | (data[i] & 0x100 if nw == 8 else 0)
            for i in range(len(data))]


def load_pair(placeholder_path, image_path):
    placeholder, image = read_hex(placeholder_path), read_hex(image_path)
    if len(image) != len(placeholder):
        fail("%s has %d words, %s %d" % (image_path, len(image), placeholder_path, len(placeholder)))
    from_slices = slices(placeholder)
    if len(from_slices) != 32 * len(placeholder) // SLICE:
        fail("%s: two bit slices are the same; not a placeholder" % placeholder_path)
    to_bits = {(bit, block): "".join("1" if w >> bit & 1 else "0"
                                     for w in image[block * SLICE:(block + 1) * SLICE])
               for bit in range(32) for block in range(len(image) // SLICE)}
    return from_slices, to_bits


def with_image(routed_path, routed, from_slices, to_bits):
    """{block RAM: its init words with the image in place of the placeholder}, for
    the block RAMs that hold the placeholder; every slice of it found exactly once."""
    found, result = {}, {}
    for name in sorted(routed):
        strings = bit_strings(routed[name])
        layout, new_bits = None, None
        for width, nw, count in MODES:
            for j in range(count):
                start = j % width + (j // width) * SLICE * width
                where = from_slices.get(strings[nw][start:start + SLICE * width:width])
                if where is None:
                    continue
                if where in found:
                    fail("%s: bit %d of words %d.. found twice (block RAMs %s and %s)"
                         % (routed_path, where[0], where[1] * SLICE, found[where], name))
                if layout not in (None, nw):
                    fail("%s: block RAM %s holds slices of two word layouts" % (routed_path, name))
                found[where], layout = name, nw
                if new_bits is None:
                    new_bits = list(strings[nw])
                new_bits[start:start + SLICE * width:width] = to_bits[where]
        if layout is not None:
            result[name] = from_bit_string("".join(new_bits), layout, routed[name])
    if len(found) != len(from_slices):
        bit, block = next(w for w in from_slices.values() if w not in found)
        fail("%s: %d of the placeholder's %d bit slices are in no block RAM (bit %d of words %d.., "
             "for one): its RAM is not the placeholder's" % (routed_path, len(from_slices) - len(found),
                                                            len(from_slices), bit, block * SLICE))
    return result


def check(routed_path, image_config_path, placeholder_path, image_path):
    from_slices, to_bits = load_pair(placeholder_path, image_path)
    routed_other, routed = read_config(routed_path)
    image_other, imaged = read_config(image_config_path)
    if routed_other != image_other or sorted(routed) != sorted(imaged):
        fail("%s differs from %s outside the block RAMs' contents: not the same routed design"
             % (image_config_path, routed_path))
    expected = with_image(routed_path, routed, from_slices, to_bits)
    for name in sorted(routed):
        if imaged[name] != expected.get(name, routed[name]):
            fail("block RAM %s of %s does not hold %s where %s has the placeholder"
                 % (name, image_config_path, image_path, routed_path))
    print("ecp5_ram_image: %s holds %s, every word (%d words, %d bit slices in %d block RAMs), "
          "and is %s otherwise" % (image_config_path, image_path, len(to_bits) // 32 * SLICE,
                                   len(to_bits), len(expected), routed_path))


def put(routed_path, placeholder_path, image_path, out_path):
    from_slices, to_bits = load_pair(placeholder_path, image_path)
    _, routed = read_config(routed_path)
    new = with_image(routed_path, routed, from_slices, to_bits)
    with open(routed_path) as f:
        lines = f.read().split("\n")
    out, i = [], 0
    while i < len(lines):                  # each changed block RAM's 256 lines of 8 words
        out.append(lines[i])
        if lines[i].startswith(".bram_init ") and lines[i].split()[1] in new:
            data = new[lines[i].split()[1]]
            out.extend(" ".join("%03x" % v for v in data[k:k + 8]) for k in range(0, len(data), 8))
            i += 1 + len(data) // 8
        else:
            i += 1
    write_atomically(out_path, "\n".join(out))
    try:
        check(routed_path, out_path, placeholder_path, image_path)
    except SystemExit:
        os.remove(out_path)
        raise


def write_atomically(path, text):
    try:
        with open(path + ".tmp", "w") as f:
            f.write(text)
        os.replace(path + ".tmp", path)
    except OSError as e:
        fail("cannot write %s: %s" % (path, e.strerror))


def main(argv):
    if len(argv) < 2 or argv[1] in ("-h", "--help"):
        print(__doc__.strip(), file=sys.stdout if len(argv) >= 2 else sys.stderr)
        return 0 if len(argv) >= 2 else 2
    if argv[1] == "placeholder" and len(argv) == 4:
        try:
            words = int(argv[2])
        except ValueError:
            words = 0
        if words <= 0 or words % SLICE:
            fail("WORDS must be a positive multiple of %d, not %s" % (SLICE, argv[2]))
        rng = random.Random(SEED)
        text = "".join("%08x\n" % rng.getrandbits(32) for _ in range(words))
        try:
            with open(argv[3]) as f:
                same = f.read() == text
        except OSError:
            same = False
        if not same:                       # else left as it was: make need not synthesize again
            write_atomically(argv[3], text)
        return 0
    if argv[1] == "put" and len(argv) == 6:
        put(*argv[2:6])
        return 0
    if argv[1] == "check" and len(argv) == 6:
        check(*argv[2:6])
        return 0
    print("usage: ecp5_ram_image.py placeholder WORDS OUT.hex | put ROUTED.config PLACEHOLDER.hex "
          "IMAGE.hex OUT.config | check ROUTED.config IMAGE.config PLACEHOLDER.hex IMAGE.hex (--help)",
          file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
