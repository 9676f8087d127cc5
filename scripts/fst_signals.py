#!/usr/bin/env python3
"""List the signals of an FST trace, or check a GTKWave save file against one.

Usage: fst_signals.py TRACE.fst                 every signal, one a line, as
                                                GTKWave names it (TOP.a.b.sig)
       fst_signals.py TRACE.fst --check FILE.gtkw
                                                the save file's signals that
                                                the trace lacks; exit 1 if any

Reads the trace's hierarchy block itself (gzip or LZ4, as Verilator's FST
writer makes it), so it needs neither GTKWave nor a Python package. Bit
ranges are left out of the names on both sides. Exit 2 on a file that cannot
be read or is not FST.
"""
import re
import signal
import struct
import sys
import zlib

BLOCK_HIER_GZIP, BLOCK_HIER_LZ4, BLOCK_HIER_LZ4_TWICE = 4, 6, 7
SCOPE, UPSCOPE, ATTR_BEGIN, ATTR_END = 254, 255, 252, 253


class FstError(Exception):
    pass


def lz4_length(src, i, n):
    """A length from its token's 4 bits: 15 goes on in bytes while they are 255."""
    if n == 15:
        while True:
            b = src[i]
            i += 1
            n += b
            if b != 255:
                break
    return n, i


def lz4_block(src, size):
    """Decompress one LZ4 block (no frame) of `size` bytes."""
    out = bytearray()
    i = 0
    while i < len(src):
        token = src[i]
        i += 1
        n, i = lz4_length(src, i, token >> 4)
        out += src[i:i + n]
        i += n
        if i >= len(src):
            break  # the last sequence has literals only
        offset = src[i] | src[i + 1] << 8
        i += 2
        if offset == 0 or offset > len(out):
            raise FstError("corrupt LZ4 data in the hierarchy")
        n, i = lz4_length(src, i, token & 15)
        n += 4
        start = len(out) - offset
        for k in range(n):  # may overlap itself
            out.append(out[start + k])
    if len(out) != size:
        raise FstError("hierarchy is %d bytes, its header says %d" % (len(out), size))
    return bytes(out)


def hierarchy(data):
    """The uncompressed hierarchy block of an FST file's bytes."""
    i = 0
    while i + 9 <= len(data):
        kind = data[i]
        length = struct.unpack(">Q", data[i + 1:i + 9])[0]
        if length < 8 or i + 1 + length > len(data):
            raise FstError("a block runs past the end of the file")
        body = data[i + 9:i + 1 + length]
        if kind == BLOCK_HIER_GZIP:
            return zlib.decompress(body[8:], 16 + zlib.MAX_WBITS)
        if kind == BLOCK_HIER_LZ4:
            return lz4_block(body[8:], struct.unpack(">Q", body[:8])[0])
        if kind == BLOCK_HIER_LZ4_TWICE:
            size, mid = struct.unpack(">QQ", body[:16])
            return lz4_block(lz4_block(body[16:], mid), size)
        i += 1 + length
    raise FstError("no hierarchy block (is it an FST file?)")


def varint(buf, i):
    value = shift = 0
    while True:
        b = buf[i]
        i += 1
        value |= (b & 0x7F) << shift
        shift += 7
        if b < 0x80:
            return value, i


def cstring(buf, i):
    end = buf.index(0, i)
    return buf[i:end].decode("utf-8", "replace"), end + 1


def signals(path):
    with open(path, "rb") as f:
        data = f.read()
    if not data or data[0] != 0:
        raise FstError("%s is not an FST file (no header block)" % path)
    buf = hierarchy(data)
    scopes, names, i = [], [], 0
    while i < len(buf):
        tag = buf[i]
        i += 1
        if tag == SCOPE:
            name, i = cstring(buf, i + 1)
            _, i = cstring(buf, i)
            scopes.append(name)
        elif tag == UPSCOPE:
            scopes.pop()
        elif tag == ATTR_BEGIN:
            _, i = cstring(buf, i + 2)
            _, i = varint(buf, i)
        elif tag == ATTR_END:
            pass
        else:  # a variable: its direction, name, width and alias
            name, i = cstring(buf, i + 1)
            _, i = varint(buf, i)
            _, i = varint(buf, i)
            names.append(".".join(scopes + [bare(name)]))
    return names


def bare(name):
    """A signal's name without its bit range ("x [11:0]" or "x[11:0]")."""
    return re.sub(r"\s*\[[0-9:]+\]$", "", name)


def main(argv):
    signal.signal(signal.SIGPIPE, signal.SIG_DFL)  # a reader that stops early (head)
    if len(argv) in (1, 3) and argv[0] not in ("-h", "--help") and (len(argv) == 1 or argv[1] == "--check"):
        try:
            names = signals(argv[0])
        except (OSError, FstError, IndexError, ValueError, zlib.error) as e:
            print("fst_signals: %s: %s" % (argv[0], e), file=sys.stderr)
            return 2
        if len(argv) == 1:
            print("\n".join(names))
            return 0
        try:
            with open(argv[2]) as f:
                wanted = [bare(line.strip()) for line in f if line.startswith("TOP.")]
        except OSError as e:
            print("fst_signals: %s" % e, file=sys.stderr)
            return 2
        have = set(names)
        missing = [w for w in wanted if w not in have]
        for w in missing:
            print("%s: %s is not in %s" % (argv[2], w, argv[0]))
        return 1 if missing else 0
    print(__doc__.strip(), file=sys.stderr if argv[:1] not in (["-h"], ["--help"]) else sys.stdout)
    return 0 if argv[:1] in (["-h"], ["--help"]) else 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
