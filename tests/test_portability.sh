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
if log=$(gcc -std=c99 -pedantic -ffreestanding -Wall -Wextra -Werror -O2 -c "$alone/boids_accel_driver.c" \
    -o "$alone/boids_accel_driver.o" 2>&1); then
    outside=$(nm -u "$alone/boids_accel_driver.o" | awk 'NF == 2 {print $2}' | grep -vxF _GLOBAL_OFFSET_TABLE_ || true)
    if [ -z "$outside" ]; then ok "the accelerator driver builds alone with accel_regs.h and needs no outside symbol"
    else not_ok "the accelerator driver needs outside symbols" "$outside"; fi
else
    not_ok "the accelerator driver builds alone with accel_regs.h" "$log"
fi

echo "1..$n"
