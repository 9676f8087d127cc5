#!/usr/bin/env bash
# The generated files agree with their tables: the register maps
# (scripts/regmap.py), the sprite shapes (scripts/sprites.py), the video
# modes (scripts/video_modes.py) and the steering unit's seed table
# (scripts/rsqrt_seed.py). TAP.
source "$(dirname "$0")/tap.sh"
cd "$(dirname "$0")/.." || exit 1
if out=$(python3 scripts/regmap.py --check . 2>&1); then
    ok "firmware headers, RTL includes, register-map.md and accelerator-ip.md's table match scripts/regmap.py"
else
    not_ok "register map out of date" "$out"
fi
if out=$(python3 scripts/sprites.py --check . 2>&1); then
    ok "the renderer's sprite ROM and the C reference's sprites match scripts/sprites.py"
else
    not_ok "sprites out of date" "$out"
fi
if out=$(python3 scripts/rsqrt_seed.py --check . 2>&1); then
    ok "rtl/accel_rsqrt_seed.vh matches scripts/rsqrt_seed.py (firmware/fixed.c's RSQRT_SEED: tests/test_fixed.c)"
else
    not_ok "the steering unit's seed table out of date" "$out"
fi
if out=$(python3 scripts/video_modes.py --check . 2>&1); then
    ok "rtl/vga_modes.vh, sim/video_modes.h, constraints/video_modes.mk and video-modes.md match scripts/video_modes.py"
else
    not_ok "video modes out of date" "$out"
fi
# The check can fail: a copy of the tree with one number changed in a generated file.
copy=$(mktemp -d)
trap 'rm -rf "$copy"' EXIT
mkdir -p "$copy/rtl" "$copy/sim" "$copy/constraints" "$copy/docs"
for f in rtl/vga_modes.vh sim/video_modes.h constraints/video_modes.mk docs/video-modes.md; do cp "$f" "$copy/$f"; done
sed -i 's/video_mode_ps_800x600 := 25000/video_mode_ps_800x600 := 25001/' "$copy/constraints/video_modes.mk"
if out=$(python3 scripts/video_modes.py --check "$copy" 2>&1); then
    not_ok "a changed constraints/video_modes.mk passed the check"
elif grep -q "out of date: constraints/video_modes.mk" <<<"$out"; then
    ok "a hand-edited generated file fails the check, named ($out)"
else
    not_ok "the check of a changed file" "$out"
fi
# ... and a firmware seed table that is not the unit's fails too.
mkdir -p "$copy/firmware"
cp rtl/accel_rsqrt_seed.vh "$copy/rtl/"
sed 's/65030, 64052/65030, 64053/' firmware/fixed.c > "$copy/firmware/fixed.c"
if out=$(python3 scripts/rsqrt_seed.py --check "$copy" 2>&1); then
    not_ok "a changed RSQRT_SEED in firmware/fixed.c passed the check"
elif grep -q "fixed.c: RSQRT_SEED is not" <<<"$out"; then
    ok "a firmware seed table other than the unit's fails the check ($out)"
else
    not_ok "the check of a changed RSQRT_SEED" "$out"
fi
echo "1..$n"
