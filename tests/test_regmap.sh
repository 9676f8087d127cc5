#!/usr/bin/env bash
# The register map's three generated files agree with its table. TAP.
out=$(python3 scripts/regmap.py --check . 2>&1)
if [ $? -eq 0 ]; then echo "ok 1 - firmware header, RTL include and register-map.md match scripts/regmap.py"
else echo "not ok 1 - register map out of date"; echo "# $out"; fi
echo "1..1"
