"""Writes generated files, or checks that they are up to date: shared by the
generators (regmap.py, sprites.py) so that `make regmap` writes and
`make test` checks in one way."""
import argparse
import os
import sys


def write_or_check(root, files, check, tool):
    """files maps paths relative to root to their text. Writing goes through a
    temporary file renamed over the old one, so nothing is left half-written.
    With check, compares instead; returns 1 and names the stale files."""
    stale = []
    for rel, text in files.items():
        path = os.path.join(root, rel)
        try:
            with open(path) as f:
                if f.read() == text:
                    continue
        except OSError:
            pass
        if check:
            stale.append(rel)
        else:
            with open(path + ".tmp", "w") as f:
                f.write(text)
            os.replace(path + ".tmp", path)
    if stale:
        print(f"{tool}: out of date: " + ", ".join(stale) + " (run make regmap)", file=sys.stderr)
        return 1
    return 0


def generator_main(doc, make_files, tool):
    """The command line of a generator: [--check] ROOT. doc is its docstring,
    make_files(root) the files it writes (as write_or_check takes them)."""
    ap = argparse.ArgumentParser(description=doc.split("\n")[0])
    ap.add_argument("--check", action="store_true", help="compare, do not write")
    ap.add_argument("root", help="repository root")
    args = ap.parse_args()
    return write_or_check(args.root, make_files(args.root), args.check, tool)
