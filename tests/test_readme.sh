#!/usr/bin/env bash
# README.md's table of boards and runs ("What runs where") and docs/boards.md's
# tables of boards against the source of truth: each board's description
# (make describe-board-B, constraints/boards.mk), the Makefile's simulators
# (SYSTEM_NMAX, SYSTEM_LANES, SOC_CLOCK_HZ, ...), firmware/boid.h's BOIDS_MAX
# and make run's flock; README's and boards.md's figures against each other;
# and no dated history: README.md names no date and no issue, and boards.md
# dates a figure only as "measured YYYY-MM-DD". Then each check is shown to
# fail on a copy of the README or boards.md with one thing changed. Seconds;
# no simulation. Speaks TAP.
# Usage: [README_MD=FILE] [BOARDS_MD=FILE] tests/test_readme.sh [build-dir]
# (the build folder, which tests/run_all.sh passes, is not used; README_MD and
# BOARDS_MD check other copies of the two documents.)
set -uo pipefail
cd "$(dirname "$0")/.." || exit 1
source tests/tap.sh
readme=${README_MD:-README.md}
boards_md=${BOARDS_MD:-docs/boards.md}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export -n MAKEFLAGS MAKELEVEL 2>/dev/null

# The source of truth, as NAME=VALUE lines: board.B.NAME from each board's
# description, make.NAME from the Makefile.
{
    boards=$(make -s --no-print-directory print-BOARDS)
    echo "boards=$boards"
    for b in $boards; do
        make -s --no-print-directory "describe-board-$b" | grep -v '^RTL=' | sed "s/^/board.$b./"
        echo "board.$b.MODE_NAME=$(make -s --no-print-directory "print-${b}_MODE")"
    done
    for v in SYSTEM_NMAX SYSTEM_LANES SYSTEM_BINNING SYSTEM_SORTER SOC_SORTER SOC_CLOCK_HZ SYSTEM_PIXEL_PS \
        RUN_FLOCK MODE; do
        echo "make.$v=$(make -s --no-print-directory "print-$v")"
    done
    echo "make.BOIDS_MAX=$(sed -nE 's/^#define BOIDS_MAX ([0-9]+)u?.*/\1/p' firmware/boid.h)"
} > "$tmp/truth.txt" 2>"$tmp/truth.err"
if [ ! -s "$tmp/truth.txt" ] || grep -q "=$" <(grep -v '^board\..*\.\(PNR_SEED\|PNR_PLACER\|PNR_CRITEXP\)=' "$tmp/truth.txt"); then
    not_ok "the source of truth (make describe-board-B, make print-VAR)" "$(cat "$tmp/truth.txt" "$tmp/truth.err")"
    echo "1..$n"
    exit 1
fi

cat > "$tmp/check.py" <<'PYTHON'
import re, sys

def load_truth(path):
    t = {}
    for line in open(path, encoding="utf-8"):
        k, _, v = line.rstrip("\n").partition("=")
        t[k] = v
    return t

NAMES = {"icebreaker": "iCEBreaker", "ulx3s": "ULX3S", "basys3": "Basys 3"}
DEVICES = [("--up5k", "UP5K"), ("--85k", "ECP5-85F"), ("xc7a35t", "Artix-7 35T")]
NUM = r"\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?"

def num(s):
    return float(s.replace(",", ""))

def first_number(cell):
    m = re.search(NUM, cell)
    return num(m.group(0)) if m else None

def tables(text, under=None):
    """Markdown tables as lists of dicts (header -> cell), optionally only
    those in the section whose heading is `under`."""
    if under is not None:
        m = re.search(r"^#+ " + re.escape(under) + r"\n(.*?)(?=^#+ |\Z)", text, re.M | re.S)
        text = m.group(1) if m else ""
    out, block = [], []
    for line in text.split("\n") + [""]:
        if line.startswith("|"):
            block.append([c.strip() for c in line.strip().strip("|").split("|")])
        elif block:
            header, rows = block[0], [r for r in block[1:] if not re.fullmatch(r"[-: ]*", "".join(r))]
            out.append([dict(zip(header, r + [""] * (len(header) - len(r)))) | {"_cells": len(r), "_width": len(header)}
                        for r in rows])
            block = []
    return out

def mhz_ok(text, hz):
    """text is hz in MHz, to a hundredth or better (41.67 for 41,666,667 Hz;
    25 for 25,125,000 is not)."""
    return abs(float(text) - hz / 1e6) < 0.006

class Checks:
    def __init__(self):
        self.results = []
    def check(self, name, good, detail=""):
        self.results.append((name, bool(good), detail))

def check_clocks(c, where, cell, clock_hz, pixel_hz):
    figs = re.findall(r"(\d+(?:\.\d+)?) MHz( system| pixel)?", cell)
    if not figs:
        c.check(f"{where}: its clocks", False, f"no MHz figure in: {cell}")
        return
    system = [f for f, kind in figs if kind != " pixel"]
    pixel = [f for f, kind in figs if kind == " pixel"]
    good, why = True, []
    if clock_hz != pixel_hz:
        good = len(system) == 1 and len(pixel) == 1 and mhz_ok(system[0], clock_hz) and mhz_ok(pixel[0], pixel_hz)
        why = f"want {clock_hz / 1e6:g} MHz system and {pixel_hz / 1e6:g} MHz pixel"
    else:
        good = len(figs) == 1 and mhz_ok(figs[0][0], clock_hz)
        why = f"want one clock, {clock_hz / 1e6:g} MHz"
    c.check(f"{where}: its clocks are the source's", good, f"{why}; the cell: {cell}")

def check_runs(c, where, cell, lanes, binning, sorter, fetch_reg=None):
    m = re.search(r"(\d+) lanes", cell)
    none = re.search(r"no (room for the )?accelerator", cell)
    if lanes == 0:
        good = none is not None and m is None
    else:
        good = m is not None and int(m.group(1)) == lanes and none is None
    c.check(f"{where}: the accelerator's lanes ({lanes})", good, f"the cell: {cell}")
    c.check(f"{where}: binning {'named' if binning else 'not named'} (BINNING={binning})",
            ("binning" in cell) == bool(binning), f"the cell: {cell}")
    c.check(f"{where}: its own sort {'named' if sorter else 'not named'} (SORTER={sorter})",
            bool(re.search(r"counting sort|own sort", cell)) == bool(sorter), f"the cell: {cell}")
    if fetch_reg is not None:
        c.check(f"{where}: the registered fetch {'named' if fetch_reg else 'not named'} (FETCH_REG={fetch_reg})",
                ("registered RAM port" in cell or "fetch register" in cell) == bool(fetch_reg), f"the cell: {cell}")

def find_row(rows, key, prefix):
    hits = [r for r in rows if r.get(key, "").startswith(prefix)]
    return hits[0] if len(hits) == 1 else None

def check(readme, boards_md, truth):
    c = Checks()
    t = lambda k: truth[k]
    boards = t("boards").split()

    # README's table
    tabs = tables(readme, "What runs where")
    tab = tabs[0] if tabs else []
    c.check("README has a \"What runs where\" table with where, what runs, clocks, `N_MAX`, boids",
            tab and {"where", "what runs", "clocks", "`N_MAX`", "boids, and how fast"} <= set(tab[0]),
            f"headers: {sorted(tab[0]) if tab else 'none'}")
    c.check("every row of README's table has all its cells", tab and all(r["_cells"] == r["_width"] for r in tab),
            "\n".join(str(r) for r in tab if r["_cells"] != r["_width"]))

    bmd_intro = next((x for x in tables(boards_md) if x and "`N_MAX`" in x[0] and "board" in x[0]), [])
    bmd_fit = next((x for x in tables(boards_md, "The largest flock at 60 frames per second")
                    if x and "the image's flock" in x[0]), [])
    c.check("boards.md has its table of boards and its table of the largest flocks", bmd_intro and bmd_fit)

    for b in boards:
        d = lambda k: truth[f"board.{b}.{k}"]
        name = NAMES.get(b)
        if name is None:
            c.check(f"{b}: tests/test_readme.sh knows the board's name", False, "add it to NAMES")
            continue
        row = find_row(tab, "where", name)
        c.check(f"{b}: one row of README's table, \"{name} ...\"", row is not None)
        if row is None:
            continue
        where = f"README, {name}"
        nmax, flock = int(d("N_MAX")), int(re.search(r"--boids (\d+)", d("FLOCK")).group(1))
        c.check(f"{where}: `N_MAX` is the description's {nmax}",
                first_number(row["`N_MAX`"]) == nmax, f"the cell: {row['`N_MAX`']}")
        boids = row["boids, and how fast"]
        c.check(f"{where}: the image's flock is the description's FLOCK --boids {flock}",
                first_number(boids) == flock and "the image's flock" in boids, f"the cell: {boids}")
        if "all it holds" in boids:
            c.check(f"{where}: \"all it holds\" is its `N_MAX` {nmax}", first_number(boids) == nmax, f"the cell: {boids}")
        check_clocks(c, where, row["clocks"], int(d("CLOCK_HZ")), int(d("PIXEL_HZ")))
        check_runs(c, where, row["what runs"], int(d("LANES")), int(d("BINNING")), int(d("SORTER")),
                   int(d("FETCH_REG")))
        dev = [label for key, label in DEVICES if key in d("DEVICE")]
        named = [label for key, label in DEVICES if label in row["where"]]
        c.check(f"{where}: the device {dev} is the description's ({d('DEVICE')})", dev and named == dev,
                f"the cell names {named}")
        scale = int(d("SCALE"))
        w, h = (int(x) for x in d("MODE_NAME").split("x"))
        m = re.search(r"(\d+)x(\d+) shown (\d+)x", row["where"])
        c.check(f"{where}: the picture {w // scale}x{h // scale} shown {scale}x (SCALE {scale}, {d('MODE_NAME')})",
                m and (int(m.group(1)), int(m.group(2)), int(m.group(3))) == (w // scale, h // scale, scale),
                f"the cell: {row['where']}")

        # boards.md's tables: the same board, the same source
        brow = find_row(bmd_intro, "board", f"[{name}]") or find_row(bmd_intro, "board", name)
        c.check(f"boards.md, {name}: `N_MAX` and the image's flock are the description's",
                brow is not None and first_number(brow["`N_MAX`"]) == nmax
                and first_number(brow["the image's flock"]) == flock, f"the row: {brow}")
        if brow is not None:
            check_clocks(c, f"boards.md's table, {name}", brow["clocks"], int(d("CLOCK_HZ")), int(d("PIXEL_HZ")))
            check_runs(c, f"boards.md's table, {name}", brow["what runs"], int(d("LANES")), int(d("BINNING")),
                       int(d("SORTER")))
        frow = find_row(bmd_fit, "board", name)
        c.check(f"boards.md, the largest flocks, {name}: the image's flock is the description's {flock}",
                frow is not None and first_number(frow["the image's flock"]) == flock, f"the row: {frow}")
        if frow is None:
            continue
        check_clocks(c, f"boards.md's largest flocks, {name}", frow["clocks"], int(d("CLOCK_HZ")), int(d("PIXEL_HZ")))
        turn = re.search(r"slowest turn (\d+(?:\.\d+)?)%", boids)
        c.check(f"{where}: the slowest turn is boards.md's",
                turn and float(turn.group(1)) == first_number(frow["its slowest turn"]), f"the cell: {boids}")
        largest = frow["the largest flock with every frame stepped"]
        most = re.search(r"at most (" + NUM + ")", boids)
        if "all it holds" in largest:
            good = most is None and "all it holds" in boids and first_number(largest) == nmax
        else:
            good = most is not None and num(most.group(1)) == first_number(largest)
        c.check(f"{where}: the largest flock is boards.md's", good, f"README's cell: {boids}")

    # the simulators and the C model
    soc_hz = int(t("make.SOC_CLOCK_HZ"))
    sims = [("`build/soc`", int(t("make.SYSTEM_NMAX")), soc_hz, soc_hz, int(t("make.SOC_SORTER"))),
            ("`build/sim`", int(t("make.SYSTEM_NMAX")), None, round(1e12 / int(t("make.SYSTEM_PIXEL_PS"))),
             int(t("make.SYSTEM_SORTER")))]
    for prefix, nmax, clock, pixel, sorter in sims:
        row = find_row(tab, "where", prefix)
        c.check(f"README: one row for {prefix}", row is not None)
        if row is None:
            continue
        where = f"README, {prefix}"
        c.check(f"{where}: `N_MAX` is the Makefile's SYSTEM_NMAX {nmax}",
                first_number(row["`N_MAX`"]) == nmax, f"the cell: {row['`N_MAX`']}")
        boids = row["boids, and how fast"]
        if "all it holds" in boids:
            c.check(f"{where}: \"all it holds\" is SYSTEM_NMAX {nmax}", first_number(boids) == nmax, f"the cell: {boids}")
        else:
            c.check(f"{where}: its flock fits SYSTEM_NMAX {nmax}",
                    first_number(boids) is not None and first_number(boids) <= nmax, f"the cell: {boids}")
        if clock is not None:
            check_clocks(c, where, row["clocks"], clock, pixel)
        else:
            figs = re.findall(r"(\d+(?:\.\d+)?) MHz", row["clocks"])
            c.check(f"{where}: its pixel clock is the video mode's ({pixel / 1e6:.3f} MHz)",
                    len(figs) == 1 and mhz_ok(figs[0], pixel), f"the cell: {row['clocks']}")
        check_runs(c, where, row["what runs"], int(t("make.SYSTEM_LANES")), int(t("make.SYSTEM_BINNING")), sorter)
    row = find_row(tab, "where", "`build/boids`")
    c.check(f"README, `build/boids`: `N_MAX` is firmware/boid.h's BOIDS_MAX {t('make.BOIDS_MAX')}",
            row is not None and first_number(row["`N_MAX`"]) == int(t("make.BOIDS_MAX"))
            and first_number(row["boids, and how fast"]) <= int(t("make.BOIDS_MAX")), f"the row: {row}")

    # the same figures in README's prose
    soc = find_row(tab, "where", "`build/soc`")
    m = re.search(r"every frame \([\d.]+ frames/s\) up to (" + NUM + ") boids", readme)
    c.check("README's SoC section: \"every frame up to N boids\" is the table's build/soc figure",
            m and soc and num(m.group(1)) == first_number(soc["boids, and how fast"]),
            f"the sentence: {m.group(0) if m else 'not found'}")
    run = t("make.RUN_FLOCK")
    rb = int(re.search(r"--boids (\d+)", run).group(1))
    scouts = sum(int(x) for x in re.findall(r"--scouts[12] (\d+)", run))
    says = [int(x) for x in re.findall(r"^make run .*?: (\d+) boids", readme, re.M)]
    says += [int(x) for x in re.findall(r"^\| `make run` \| the monitor with (\d+) boids", readme, re.M)]
    sc = re.findall(r"^\| `make run` \| the monitor with \d+ boids, (\d+) scouts", readme, re.M)
    c.check(f"README's make run: {rb} boids and {scouts} scouts, as RUN_FLOCK ({run})",
            len(says) == 2 and set(says) == {rb} and sc == [str(scouts)], f"README says {says} boids, {sc} scouts")

    # no dated history
    months = r"(?:January|February|March|April|May|June|July|August|September|October|November|December)"
    date_re = re.compile(r"\b(?:19|20)\d\d-\d\d-\d\d\b|\b\d{1,2} " + months + r"\b|\b" + months + r" \d{1,2}\b")
    issue_re = re.compile(r"\bissues? #?\d+|\(#\d+\)|\bissue #", re.I)
    bad = [l for l in readme.split("\n") if date_re.search(l) or issue_re.search(l)]
    c.check("README.md names no date and no issue", not bad, "\n".join(bad))
    flat = re.sub(r"\s+", " ", boards_md)  # a date may follow "measured" across a line break
    bad = [mm.group(0) for mm in issue_re.finditer(flat)]
    bad += [flat[max(0, mm.start() - 40):mm.end()] for mm in date_re.finditer(flat)
            if flat[max(0, mm.start() - 9):mm.start()] != "measured "]
    c.check("docs/boards.md names no issue, and a date only as \"measured YYYY-MM-DD\"", not bad, "\n".join(bad))
    return c.results

def main():
    truth = load_truth(sys.argv[1])
    mode = sys.argv[2]
    readme = open(sys.argv[3], encoding="utf-8").read()
    boards_md = open(sys.argv[4], encoding="utf-8").read()
    if mode == "check":
        for name, good, detail in check(readme, boards_md, truth):
            print("\t".join(["ok" if good else "not_ok", name, detail.replace("\n", "\\n")]))
        return
    # mutate: each line of stdin is FILE<TAB>OLD<TAB>NEW<TAB>WHAT; the check
    # whose name contains WHAT must fail on the changed copy, and only checks
    # that passed on the original may fail
    base = {name for name, good, _ in check(readme, boards_md, truth) if good}
    for line in sys.stdin:
        which, old, new, what = line.rstrip("\n").split("\t")
        old, new = old.replace("\\n", "\n"), new.replace("\\n", "\n")
        r, bm = readme, boards_md
        if which == "README":
            hit, r = old in r, r.replace(old, new, 1)
        else:
            hit, bm = old in bm, bm.replace(old, new, 1)
        failed = [name for name, good, _ in check(r, bm, truth) if not good and name in base]
        good = hit and any(what in name for name in failed)
        shown = lambda x: x.replace("\n", "\\n")
        print("\t".join(["ok" if good else "not_ok", f"caught: {which} with \"{shown(old)}\" -> \"{shown(new)}\" fails \"{what}\"",
                         ("the text to change is not there" if not hit else "failed: " + "; ".join(failed) or "none")]))

main()
PYTHON

report() { # lines of ok|not_ok<TAB>NAME<TAB>DETAIL into TAP
    local verdict name detail
    while IFS=$'\t' read -r verdict name detail; do
        if [ "$verdict" = ok ]; then ok "$name"; else not_ok "$name" "$(printf '%b' "$detail")"; fi
    done
}
if ! out=$(python3 "$tmp/check.py" "$tmp/truth.txt" check "$readme" "$boards_md" 2>&1); then
    not_ok "the checks ran" "$out"
else
    report <<<"$out"
fi

# Each kind of check fails when README or boards.md says something else.
# FILE, the text, what it becomes, and a piece of the check's name that must fail.
mutations=$(cat <<'EOF'
README	| 4,096 | 4,096, the image's flock	| 2,048 | 4,096, the image's flock	README, ULX3S: `N_MAX` is the description's
README	| 512 | 184, the image's flock	| 512 | 188, the image's flock	FLOCK --boids 184
README	| 2,048 | 2,048, the image's flock, all it holds	| 2,048 | 1,800, the image's flock, all it holds	FLOCK --boids 2048
README	41.67 MHz system, 25 MHz pixel	44.64 MHz system, 25 MHz pixel	README, ULX3S: its clocks
README	| 25.125 MHz |	| 25 MHz |	README, iCEBreaker: its clocks
README	50 MHz system, 25.175 MHz pixel	50 MHz	README, Basys 3: its clocks
README	accelerator (6 lanes, spatial binning with its own counting sort, the rules'	accelerator (6 lanes, spatial binning, the rules'	README, ULX3S: its own sort
README	CPU (fetching from a registered RAM port), accelerator	CPU, accelerator	registered fetch named
README	CPU, accelerator (8 lanes, the rules'	CPU, accelerator (4 lanes, the rules'	README, Basys 3: the accelerator's lanes
README	no room for the accelerator	a small accelerator	README, iCEBreaker: the accelerator's lanes
README	160x120 shown 4x | CPU, display	320x240 shown 2x | CPU, display	README, iCEBreaker: the picture
README	iCEBreaker (iCE40 UP5K)	iCEBreaker (iCE40 HX8K)	README, iCEBreaker: the device
README	(the slowest turn 83.5% of a frame)	(the slowest turn 83% of a frame)	README, ULX3S: the slowest turn
README	; at most 204	; at most 228	README, iCEBreaker: the largest flock
README	| 2,048 | 2,048, all it holds, at 60 frames/s in simulated time	| 2,048 | 1,845, all it holds, at 60 frames/s in simulated time	README, `build/soc`: "all it holds"
README	| 25.175 MHz | 2,048 | 2,048, all it holds	| 25 MHz | 2,048 | 2,048, all it holds	README, `build/soc`: its clocks
README	| 25.175 MHz pixel | 2,048 | 1,024	| 25.175 MHz pixel | 1,024 | 1,024	README, `build/sim`: `N_MAX` is
README	the accelerator (8 lanes, spatial binning) and display as RTL; cycle-accurate	the accelerator (8 lanes, spatial binning with its own counting sort) and display as RTL; cycle-accurate	README, `build/sim`: its own sort
README	| 65,536 | 65,536 at	| 16,384 | 65,536 at	BOIDS_MAX
README	up to 2,048 boids, all it holds	up to 1,056 boids, all it holds	README's SoC section
README	make run    # build, then open the monitor: 512 boids	make run    # build, then open the monitor: 1024 boids	README's make run
README	 tests for a fresh clone on a fresh machine	 tests, 2026-12-07, for a fresh clone on a fresh machine	README.md names no date
README	## Where to go next	Fixed in issue 15.\n\n## Where to go next	README.md names no date
README	| `build/sim`: the system in Verilator |	| `build/sim`: the system in Verilator | extra |	every row of README's table
BOARDS	| 25.125 MHz | 512 | 184 |	| 25.125 MHz | 512 | 204 |	boards.md, iCEBreaker: `N_MAX` and the image's flock
BOARDS	| 4,096 | 83.5% |	| 4,096 | 83.1% |	README, ULX3S: the slowest turn
BOARDS	(42,312 bytes, measured 2026-12-06)	(42,312 bytes, on 2026-12-06)	docs/boards.md names no issue
EOF
)
if ! out=$(python3 "$tmp/check.py" "$tmp/truth.txt" mutate "$readme" "$boards_md" <<<"$mutations" 2>&1); then
    not_ok "the mutations ran" "$out"
else
    report <<<"$out"
fi

echo "1..$n"
