#!/usr/bin/env python3
"""Print a Verilog module's header alone (its parameters and ports, then
endmodule): a stand-in with the module's interface and none of its insides.

A board that does not build a module still reads its name where another module
names it in a generate branch the board does not take (boids_system and the
accelerator at LANES 0). yosys numbers what it elaborates by a running count and
nextpnr places by those names, so reading the module's insides would let a
change inside them move the board's netlist and placement; its header does not.

Usage: module_ports.py FILE MODULE   (the header of MODULE in FILE, on stdout)
"""
import re
import sys


def strip_comments(text):
    """The text without // and /* */ comments (strings in a header: none)."""
    text = re.sub(r"/\*.*?\*/", " ", text, flags=re.S)
    return re.sub(r"//[^\n]*", "", text)


def group_end(text, start):
    """The index after the parenthesis that closes the one at text[start]."""
    depth = 0
    for i in range(start, len(text)):
        if text[i] == "(":
            depth += 1
        elif text[i] == ")":
            depth -= 1
            if depth == 0:
                return i + 1
    raise ValueError("unbalanced parentheses")


def header(text, name):
    """module NAME [#(...)] (...); of the module, or ValueError."""
    text = strip_comments(text)
    m = re.search(r"\bmodule\s+" + re.escape(name) + r"\b", text)
    if not m:
        raise ValueError(f"no module {name}")
    i = m.end()
    while text[i].isspace():
        i += 1
    if text[i] == "#":
        i = text.index("(", i)
        i = group_end(text, i)
        while text[i].isspace():
            i += 1
    if text[i] != "(":
        raise ValueError(f"module {name}: no port list")
    end = group_end(text, i)
    semi = text.index(";", end)
    if text[end:semi].strip():
        raise ValueError(f"module {name}: unexpected text after its port list")
    return text[m.start():semi + 1]


def main(argv):
    if len(argv) == 2 and argv[1] in ("-h", "--help"):
        print(__doc__.strip())
        return 0
    if len(argv) != 3:
        print("usage: module_ports.py FILE MODULE", file=sys.stderr)
        return 2
    path, name = argv[1], argv[2]
    try:
        with open(path, encoding="utf-8") as f:
            text = f.read()
        head = header(text, name)
    except (OSError, ValueError) as e:
        print(f"module_ports: {path}: {e}", file=sys.stderr)
        return 1
    lines = [line.rstrip() for line in head.splitlines() if line.strip()]
    print(f"// {name}'s interface from {path}, written by scripts/module_ports.py")
    print("`default_nettype none")
    print("\n".join(lines))
    print("endmodule")
    print("`default_nettype wire")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
