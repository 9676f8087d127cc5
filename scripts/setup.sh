#!/usr/bin/env bash
# Installs what the build and tests need on Debian: with apt-get when root,
# otherwise prints the exact command and stops. Quiet when all is present.
# Usage: setup.sh [plots] [synth] [wave]   (gnuplot for make experiments; yosys,
# nextpnr-ice40 and the z3 and cvc4 solvers for synthesis and proofs; gtkwave)
set -euo pipefail

packages=(gcc g++ make libc6-dev libcmocka-dev python3 verilator iverilog
          libsdl2-dev libpng-dev zlib1g-dev pkg-config xvfb xauth
          gcc-riscv64-unknown-elf picolibc-riscv64-unknown-elf)
for group in "$@"; do
    case "$group" in
    plots) packages+=(gnuplot-nox) ;;
    synth) packages+=(yosys nextpnr-ice40 fpga-icestorm z3 cvc4) ;;
    wave) packages+=(gtkwave) ;;
    *) echo "setup: unknown group \"$group\" (known: plots, synth, wave)" >&2; exit 2 ;;
    esac
done

missing=()
for p in "${packages[@]}"; do
    if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
        missing+=("$p")
    fi
done
[ ${#missing[@]} -eq 0 ] && exit 0

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
