#!/usr/bin/env bash
# Every command in the docs runs. The commands are the lines of README.md's
# and docs/*.md's fenced code blocks: in ```console blocks (and plain ```
# blocks that show "$ " prompts) the lines that start with "$ " (a trailing
# backslash, or an unfinished for/if/while with "> " lines, continues one);
# in ```sh (bash, shell) blocks every line that is neither empty nor a
# comment, continued the same way. Each command either runs here and exits 0
# within DOCS_COMMAND_TIMEOUT seconds (120), or is listed, with the reason, in
# tests/docs_commands_not_run.txt; a command that is neither, or an entry of
# that list that matches no command any more, fails the test. Also: every
# relative link in those files points to a file that exists, and every #anchor
# into a .md file to one of its headings (GitHub's anchors).
#
# How the commands run: each doc file's commands in order, each in a bash of
# its own (as typed at a prompt: no pipefail; stdin /dev/null; at most
# DOCS_COMMAND_TIMEOUT seconds, a command still running then fails),
# in a scratch directory of that file's own that holds a symlink to every
# top-level entry of the repository (build: the build directory given), so
# `build/boids ...`, `make ...` and `bash scripts/...` work as written, and
# what they write outside build/ (flock.csv, shots/, soc.csv, run.fst) stays
# in the scratch directory. A command that only sets a variable (NAME=value,
# export NAME=value) is set again before every later command of the same
# file, as in the reader's terminal. A command that has run before with the
# same variables (README.md and docs/soc.md show the same build/soc line) is
# not run twice; its line names the first. No display: DISPLAY and
# WAYLAND_DISPLAY are unset and SDL_VIDEODRIVER=x11, so a program that would
# open a window finds none and runs headless (make run then writes PNGs), as
# on a server; not SDL's dummy driver, whose window opens and never closes.
# The README shows a saved state, flock.csv, before the command that makes
# it: each scratch directory starts with one (build/boids --boids 300
# --frames 500 --save flock.csv). Some commands are not started unless they
# are listed (GUARDS below: board builds, programming, installs, make test,
# bench, ...): a new one fails as "neither run nor listed".
#
# Matching the list: a command is compared with comments removed (a "#" that
# starts a word outside quotes) and white space collapsed to single spaces,
# backslash-newlines joined; an entry is that exact text, or a prefix of it
# followed by "*". DOCS_COMMANDS_DRY_RUN=1 checks the list and the links and
# only names the commands it would run. Speaks TAP.
# Usage: tests/test_docs_commands.sh [build-dir]
set -uo pipefail
cd "$(dirname "$0")/.." || exit 1
root=$PWD
build=${1:-build}
case "$build" in /*) build_abs=$build ;; *) build_abs=$root/$build ;; esac
list=tests/docs_commands_not_run.txt
limit=${DOCS_COMMAND_TIMEOUT:-120}
source tests/tap.sh
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export -n MAKEFLAGS MAKELEVEL MFLAGS 2>/dev/null
unset MAKEFLAGS MAKELEVEL MFLAGS DISPLAY WAYLAND_DISPLAY
export SDL_VIDEODRIVER=x11
start=$SECONDS

if [ ! -d "$build_abs" ]; then
    not_ok "the build directory $build exists"
    echo "1..$n"
    exit 1
fi

# The docs' commands, the list's verdicts and the links, as one record a line
# (fields separated by tabs; a command's text for bash is written to a file of
# its own): run FILE:LINE SHOWN SCRIPT | same FILE:LINE SHOWN FIRST-FILE:LINE |
# skip FILE:LINE SHOWN REASON |
# unlisted FILE:LINE SHOWN WHY | stale LISTLINE ENTRY | badentry LISTLINE TEXT |
# link FILE:LINE TARGET PROBLEM | links COUNT
cat > "$tmp/docs.py" <<'PYTHON'
import os, re, subprocess, sys, urllib.parse

root, listfile, out = sys.argv[1], sys.argv[2], sys.argv[3]
docs = ["README.md"] + sorted("docs/" + f for f in os.listdir("docs") if f.endswith(".md"))
FENCE = re.compile(r"^( {0,3})(`{3,}|~{3,})\s*([^`\s]*)")
CONSOLE = {"console", "shell-session", "shellsession"}
SCRIPT = {"sh", "bash", "shell", "zsh"}

def blocks(path):
    """(language, [(line number, text)]) of each fenced block; other lines as (None, ...)."""
    lines = open(path, encoding="utf-8").read().split("\n")
    i = 0
    while i < len(lines):
        m = FENCE.match(lines[i])
        if not m:
            yield None, [(i + 1, lines[i])]
            i += 1
            continue
        indent, fence, lang = len(m.group(1)), m.group(2), m.group(3).lower()
        body = []
        i += 1
        while i < len(lines):
            c = re.match(r"^ {0,3}(`{3,}|~{3,})\s*$", lines[i])
            if c and c.group(1)[0] == fence[0] and len(c.group(1)) >= len(fence):
                break
            text = lines[i]
            body.append((i + 1, text[min(indent, len(text) - len(text.lstrip(" "))):]))
            i += 1
        i += 1
        yield lang, body

def strip_comment(s):
    """s without its comments: a # that starts a word, outside quotes, to the end of its line."""
    out, i, q = [], 0, None
    while i < len(s):
        c = s[i]
        if q == "'":
            if c == "'":
                q = None
        elif c == "\\":
            out.append(s[i:i + 2])
            i += 2
            continue
        elif q == '"':
            if c == '"':
                q = None
        elif c in "'\"":
            q = c
        elif c == "#" and (i == 0 or s[i - 1] in " \t\n;&|()"):
            j = s.find("\n", i)
            if j < 0:
                break
            i = j
            continue
        out.append(c)
        i += 1
    return "".join(out)

def shown(script):
    """One line: comments removed, backslash-newlines joined, a newline "; " but
    after do, then, else, {, (, |, && and ||, white space collapsed."""
    lines = [l.strip() for l in strip_comment(script).replace("\\\n", " ").split("\n")]
    text = ""
    for l in (l for l in lines if l):
        if text and not re.search(r"(^|\s)(do|then|else|\{|\(|\||&&|\|\|)$", text):
            text += ";"
        text += " " + l
    return " ".join(text.split())

def unfinished(script):
    """A trailing backslash, or bash finds the end of the text too early."""
    if re.search(r"(^|[^\\])(\\\\)*\\$", script):
        return True
    r = subprocess.run(["bash", "-n", "-c", script], capture_output=True, text=True)
    return r.returncode != 0 and "unexpected end of file" in r.stderr

def commands(path):
    """(line, shown text, script) of each command of the file's console and sh blocks."""
    for lang, body in blocks(path):
        if lang is None:
            continue
        console = lang in CONSOLE or (lang == "" and any(t.startswith("$ ") for _, t in body))
        if not console and lang not in SCRIPT:
            for line, t in body:
                if t.startswith("$ "):
                    yield line, shown(t[2:]), None  # a prompt in a block of another language
            continue
        k = 0
        while k < len(body):
            line, text = body[k]
            k += 1
            if console:
                if not text.startswith("$ "):
                    continue  # output
                script = text[2:]
            else:
                if not text.strip() or text.lstrip().startswith("#"):
                    continue
                script = text
            while k < len(body) and unfinished(script):
                more = body[k][1]
                if console and not script.rstrip().endswith("\\"):
                    if not more.startswith("> "):
                        break
                    more = more[2:]
                script += "\n" + more
                k += 1
            yield line, shown(script), script

# The list: "COMMAND | REASON" (split at the last " | "), "#" comments.
entries = []
for no, raw in enumerate(open(listfile, encoding="utf-8").read().split("\n"), 1):
    if not raw.strip() or raw.lstrip().startswith("#"):
        continue
    pattern, sep, reason = raw.rstrip().rpartition(" | ")
    pattern, reason = " ".join(pattern.split()), reason.strip()
    if raw.rstrip().endswith("|"):
        pattern, reason = "", ""  # no reason
    entries.append([no, pattern, reason, 0, raw.strip()])

def listed(text):
    for e in entries:
        if not e[1] or not e[2]:
            continue
        if (e[1].endswith("*") and text.startswith(e[1][:-1])) or text == e[1]:
            e[3] += 1
            return e
    return None

# Commands this test does not start unless they are listed (then they do not
# run at all): they would race with tests/test_boards.sh, take a long time,
# change the machine or the committed files, or need hardware.
GUARDS = [
    (r"(^|[;&|(]\s*)(\S+=\S+\s+)*make\b[^;&|]*\s(synth|prog|bench|test|clean|experiments|regmap|accel-timing|board-sim)(\s|$)",
     "a make target that builds the boards, programs one, benchmarks, runs the tests or rewrites files"),
    (r"\b(vivado|iceprog|openFPGALoader|nextpnr[\w-]*|apt-get|apt|pip3?|sudo|board_seeds\.sh|bench_\w+\.sh|setup\.sh)\b",
     "Vivado, a programmer, place and route, a benchmark or an installer"),
    (r"\brm\s+-\w*r", "removes files"),
    (r"(^|\s|[>=])docs/\S*\.(png|md)\b", "names a committed file in docs/ (it may write it)"),
]
def guarded(text):
    for rx, why in GUARDS:
        if re.search(rx, text):
            return "looks like " + why + ": not run by this test unless it is safe; list it with the reason"
    return None

ASSIGN = re.compile(r"""^(export\s+)?[A-Za-z_][A-Za-z0-9_]*=("[^"]*"|'[^']*'|[^\s;&|<>()'"]*)$""")
with open(out, "w") as o:
    def record(*fields):
        o.write("\t".join(str(f).replace("\t", " ").replace("\n", " ") for f in fields) + "\n")
    count, first = 0, {}
    for path in docs:
        prelude = []
        for line, text, script in commands(path):
            where = "%s:%d" % (path, line)
            if script is None:
                record("unlisted", where, text, "a \"$ \" command in a fenced block that is neither ```console nor ```sh")
                continue
            e = listed(text)
            if e:
                record("skip", where, text, e[2])
                continue
            g = guarded(text)
            if g:
                record("unlisted", where, text, g)
                continue
            body = "".join(p + "\n" for p in prelude) + script + "\n"
            key = "\n".join(prelude + [text])
            if key in first:
                record("same", where, text, first[key])
            else:
                count += 1
                name = os.path.join(os.path.dirname(out), "cmd%d.sh" % count)
                with open(name, "w") as s:
                    s.write(body)
                first[key] = where
                record("run", where, text, name)
            if ASSIGN.match(text):
                prelude.append(text)
    for e in entries:
        if not e[1] or not e[2]:
            record("badentry", "%s:%d" % (listfile, e[0]), e[4])
        elif e[3] == 0:
            record("stale", "%s:%d" % (listfile, e[0]), e[1])
    # the links
    anchors = {}
    def slug_ids(path):
        if path not in anchors:
            ids, seen = set(), {}
            for lang, body in blocks(path):
                if lang is not None:
                    continue
                for _, t in body:
                    for m in re.finditer(r"""<a\s+(?:name|id)=["']([^"']+)["']""", t):
                        ids.add(m.group(1))
            prev = None
            for lang, body in blocks(path):
                for _, t in body:
                    h = None
                    if lang is None:
                        m = re.match(r"^ {0,3}#{1,6}(\s+(.*?))?\s*$", t)
                        if m:
                            h = re.sub(r"\s+#+$", "", m.group(2) or "")
                        elif prev and re.match(r"^ {0,3}(=+|-+)\s*$", t) and prev.strip() \
                                and not re.match(r"^ {0,3}([-*+]\s|\||>|#)", prev):
                            h = prev.strip()
                    prev = t if lang is None else None
                    if h is None:
                        continue
                    h = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", h)  # links, images: their text
                    h = re.sub(r"<[^>]+>", "", h)                       # HTML tags
                    h = h.replace("`", "").replace("*", "")
                    s = re.sub(r"[^\w\- ]", "", h.strip().lower()).replace(" ", "-")
                    if s in seen:
                        seen[s] += 1
                        while "%s-%d" % (s, seen[s]) in seen:
                            seen[s] += 1
                        ids.add("%s-%d" % (s, seen[s]))
                    else:
                        seen[s] = 0
                        ids.add(s)
            anchors[path] = ids
        return anchors[path]
    links = 0
    for path in docs:
        for lang, body in blocks(path):
            if lang is not None:
                continue
            for line, t in body:
                t = re.sub(r"(`+)(.+?)\1", "", t)  # code spans
                targets = [m.group(1) for m in re.finditer(r"\]\(\s*<?([^)\s>]*)>?(?:\s+[\"'][^)]*)?\)", t)]
                targets += [m.group(1) for m in re.finditer(r"^ {0,3}\[[^\]]+\]:\s*<?([^\s>]+)", t)]
                targets += [m.group(1) for m in re.finditer(r"""(?:src|href)\s*=\s*["']([^"']+)["']""", t)]
                for target in targets:
                    if not target or re.match(r"^[A-Za-z][A-Za-z0-9+.-]*:", target) or target.startswith("//"):
                        continue
                    links += 1
                    where = "%s:%d" % (path, line)
                    file, _, anchor = target.partition("#")
                    file = urllib.parse.unquote(file)
                    if file.startswith("/"):
                        dest = os.path.normpath(file.lstrip("/"))
                    elif file:
                        dest = os.path.normpath(os.path.join(os.path.dirname(path), file))
                    else:
                        dest = path
                    if not os.path.exists(dest):
                        record("link", where, target, "no such file: " + dest)
                    elif anchor and dest.endswith(".md") and os.path.isfile(dest):
                        a = urllib.parse.unquote(anchor).lower()
                        if a not in {i.lower() for i in slug_ids(dest)}:
                            record("link", where, target, "no heading in %s has the anchor #%s" % (dest, anchor))
    record("links", links)
PYTHON

if ! python3 "$tmp/docs.py" "$root" "$list" "$tmp/plan" 2> "$tmp/plan.err"; then
    not_ok "the docs' commands and links are read (python3)" "$(cat "$tmp/plan.err")"
    echo "1..$n"
    exit 1
fi

# The list's checks.
unlisted=$(grep -c $'^unlisted\t' "$tmp/plan")
while IFS=$'\t' read -r kind where a b; do
    case "$kind" in
    skip) echo "# not run: $where: $a -- $b" ;;
    stale) not_ok "$where: the entry \"$a\" of the not-run list matches no command in the docs any more" ;;
    badentry) not_ok "$where: an entry of the not-run list without \"COMMAND | REASON\": $a" ;;
    esac
done < "$tmp/plan"
if ! grep -qE $'^(stale|badentry)\t' "$tmp/plan"; then
    ok "every entry of $list matches a command in the docs, and gives a reason"
fi

# The links.
links=$(awk -F'\t' '$1 == "links" { print $2 }' "$tmp/plan")
while IFS=$'\t' read -r kind where target problem; do
    [ "$kind" = link ] && not_ok "$where: the link $target: $problem"
done < "$tmp/plan"
grep -q $'^link\t' "$tmp/plan" || ok "the docs' $links relative links point to files that exist, and their #anchors to headings"

# The commands: each doc file in a scratch directory of its own.
scratch_for() {
    local dir=$tmp/run/${1//\//_} entry
    if [ ! -d "$dir" ]; then
        mkdir -p "$dir"
        for entry in "$root"/* "$root"/.[!.]*; do
            [ -e "$entry" ] || continue
            ln -s "$entry" "$dir/${entry##*/}"
        done
        rm -f "$dir/build"
        ln -s "$build_abs" "$dir/build"
        (cd "$dir" && build/boids --boids 300 --frames 500 --save flock.csv > /dev/null 2>&1)
    fi
    echo "$dir"
}

runs=0
declare -A passed
while IFS=$'\t' read -r kind where text script; do
    if [ "$kind" = same ]; then
        # the same command (and variables) as one run before: not run twice
        runs=$((runs + 1))
        if [ -n "${passed[$script]:-}" ]; then
            ok "$where: $text (the same as $script, which passed)"
        else
            not_ok "$where: $text (the same as $script, which failed)"
        fi
        continue
    fi
    [ "$kind" = run ] || continue
    runs=$((runs + 1))
    if [ -n "${DOCS_COMMANDS_DRY_RUN:-}" ]; then
        echo "# would run: $where: $text"
        passed[$where]=1
        continue
    fi
    dir=$(scratch_for "${where%:*}")
    t0=$SECONDS
    (cd "$dir" && timeout -k 10 "$limit" bash "$script") > "$tmp/out" 2>&1 < /dev/null
    status=$?
    secs=$((SECONDS - t0))
    if [ "$status" -eq 0 ]; then
        passed[$where]=1
        ok "$where: $text ($secs s)"
    elif [ "$status" -eq 124 ] || [ "$status" -eq 137 ]; then
        not_ok "$where: $text: still running after $limit s (stopped)" "$(tail -n 15 "$tmp/out" | grep . || echo "(no output)")"
    else
        not_ok "$where: $text: exit status $status" "$(tail -n 15 "$tmp/out" | grep . || echo "(no output)")"
    fi
done < "$tmp/plan"

# Every command either ran or is listed.
while IFS=$'\t' read -r kind where text why; do
    [ "$kind" = unlisted ] && not_ok "$where: $text: neither run nor listed in $list" "$why"
done < "$tmp/plan"
[ "$unlisted" -eq 0 ] && ok "every command in the docs ran ($runs) or is listed in $list ($(grep -c $'^skip\t' "$tmp/plan"))"

echo "# $((SECONDS - start)) s"
echo "1..$n"
[ "$n_failed" -eq 0 ]
