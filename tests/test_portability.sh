#!/usr/bin/env bash
# The firmware must build for a soft CPU with no OS and no FPU: only
# <stdint.h> and <stddef.h>, freestanding, no floating point, and no
# symbol from outside the firmware itself but the HAL's (firmware/hal.h),
# which each platform provides. Speaks TAP.
set -uo pipefail
build=${1:-build}
out="$build/portability"
mkdir -p "$out"
source "$(dirname "${BASH_SOURCE[0]}")/tap.sh"

bad=$(grep -hE '^\s*#\s*include\s*<' firmware/*.[ch] | grep -vE '<(stdint|stddef)\.h>' || true)
if [ -z "$bad" ]; then ok "firmware includes only <stdint.h> and <stddef.h>"
else not_ok "firmware includes" "$bad"; fi

log=$(for f in firmware/*.c; do
    gcc -std=c99 -pedantic -ffreestanding -mgeneral-regs-only -Wall -Wextra -Werror -O2 \
        -c "$f" -o "$out/$(basename "$f" .c).o" 2>&1 || echo "FAILED: $f"
done)
if ! grep -q FAILED <<<"$log"; then ok "firmware builds freestanding, pedantic C99, without FPU registers"
else not_ok "freestanding build" "$log"; fi

defined=$(nm --defined-only "$out"/*.o | awk 'NF == 3 {print $3}' | sort -u)
outside=$(nm -u "$out"/*.o | awk 'NF == 2 {print $2}' | sort -u | grep -vxF -e _GLOBAL_OFFSET_TABLE_ -e memset -e memcpy -e hal_read32 -e hal_write32 -e hal_wait_interrupt \
    | grep -vxF -f <(echo "$defined") || true)
if [ -z "$outside" ]; then ok "firmware needs no symbol from outside itself but the HAL (and memset/memcpy)"
else not_ok "outside symbols" "$outside"; fi

# The standalone accelerator driver (docs/accelerator-ip.md) builds alone: from a
# directory that holds only it and the generated register header, and needs no
# symbol from outside itself, not even the HAL's.
alone="$out/driver_alone"
rm -rf "$alone" && mkdir -p "$alone"
cp firmware/boids_accel_driver.[ch] firmware/accel_regs.h "$alone"/
# Here, and for the SoC's RV32IM at -Os, where a 64-bit division or a struct copy
# would call libgcc or memset.
for cc in gcc riscv64-unknown-elf-gcc; do
    command -v "$cc" >/dev/null || { not_ok "$cc is installed" "run: make deps"; continue; }
    arch=()
    [ "$cc" = gcc ] || arch=(-march=rv32im_zicsr -mabi=ilp32)
    obj="$alone/boids_accel_driver_$cc.o"
    if log=$("$cc" "${arch[@]}" -std=c99 -pedantic -ffreestanding -Wall -Wextra -Werror -Os \
        -c "$alone/boids_accel_driver.c" -o "$obj" 2>&1); then
        outside=$(nm -u "$obj" | awk 'NF == 2 {print $2}' | grep -vxF _GLOBAL_OFFSET_TABLE_ || true)
        if [ -z "$outside" ]; then ok "the accelerator driver builds alone ($cc) and needs no outside symbol"
        else not_ok "the accelerator driver needs outside symbols ($cc)" "$outside"; fi
    else
        not_ok "the accelerator driver builds alone with accel_regs.h ($cc)" "$log"
    fi
done

echo "1..$n"
