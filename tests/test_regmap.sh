#!/usr/bin/env bash
# The generated files agree with their tables: the register maps
# (scripts/regmap.py) and the sprite shapes (scripts/sprites.py). TAP.
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
echo "1..$n"
