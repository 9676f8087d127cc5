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
    ok "rtl/accel_rsqrt_seed.vh and firmware/fixed.c's RSQRT_SEED match scripts/rsqrt_seed.py"
else
    not_ok "the steering unit's seed table out of date" "$out"
fi
if out=$(python3 scripts/video_modes.py --check . 2>&1); then
    ok "rtl/vga_modes.vh, sim/video_modes.h, constraints/video_modes.mk and video-modes.md match scripts/video_modes.py"
else
    not_ok "video modes out of date" "$out"
fi
# The checks can fail: a copy of the tree with one number changed.
copy=$(mktemp -d)
trap 'rm -rf "$copy"' EXIT
# refused WHAT PATTERN OK_TEXT COMMAND...: the check fails on the changed copy
# with a message matching PATTERN.
refused() {
    local what=$1 pattern=$2 ok_text=$3 out; shift 3
    if out=$("$@" 2>&1); then
        not_ok "a changed $what passed the check"
    elif grep -q "$pattern" <<<"$out"; then
        ok "$ok_text ($out)"
    else
        not_ok "the check of a changed $what" "$out"
    fi
}
mkdir -p "$copy/rtl" "$copy/sim" "$copy/constraints" "$copy/docs" "$copy/firmware"
for f in rtl/vga_modes.vh sim/video_modes.h constraints/video_modes.mk docs/video-modes.md; do cp "$f" "$copy/$f"; done
sed -i 's/video_mode_ps_800x600 := 25000/video_mode_ps_800x600 := 25001/' "$copy/constraints/video_modes.mk"
refused constraints/video_modes.mk "out of date: constraints/video_modes.mk" \
    "a hand-edited generated file fails the check, named" python3 scripts/video_modes.py --check "$copy"
# ... and a firmware seed table that is not the unit's.
cp rtl/accel_rsqrt_seed.vh "$copy/rtl/"
sed 's/65030, 64052/65030, 64053/' firmware/fixed.c > "$copy/firmware/fixed.c"
refused "RSQRT_SEED in firmware/fixed.c" "fixed.c: RSQRT_SEED is not" \
    "a firmware seed table other than the unit's fails the check" python3 scripts/rsqrt_seed.py --check "$copy"
echo "1..$n"
