#!/usr/bin/env bash
# The binned batch against brute force: runs accel_bins_bench from SEEDS starts
# (default 3), prints a markdown table of the medians (docs/performance.md) and
# plots cycles against N, log-log, into PNG. OUT.txt keeps the bench's rows.
# Usage: bench_bins.sh BENCH OUT PNG [SEEDS]
set -euo pipefail
bench=$1 out=$2 png=$3 seeds=${4:-3}
mkdir -p "$(dirname "$out")"
"$bench" --seeds "$seeds" >"$out.txt"

# One line a size: N, brute, then median, min and max of the binned cycles and
# the median neighbours for uniform and formed, the world, the source.
awk '!/^#/ {
    key = $1 SUBSEP $2; k = ++cnt[key]; binned[key, k] = $7; nb[key, k] = $5
    brute[$1] = $6; world[$1] = $4; src[$1] = $9; if (!($1 in seen)) { seen[$1]; order[++sizes] = $1 }
}
function sorted(key, arr, v,    i, j, t, n) {
    n = cnt[key]
    for (i = 1; i <= n; i++) v[i] = arr[key, i]
    for (i = 2; i <= n; i++) for (j = i; j > 1 && v[j - 1] > v[j]; j--) { t = v[j]; v[j] = v[j - 1]; v[j - 1] = t }
    return n
}
function median(v, n) { return n % 2 ? v[(n + 1) / 2] : (v[n / 2] + v[n / 2 + 1]) / 2 }
END {
    for (s = 1; s <= sizes; s++) {
        n = order[s]; line = n " " brute[n]
        for (sc = 1; sc <= 2; sc++) {
            key = n SUBSEP (sc == 1 ? "uniform" : "formed")
            m = sorted(key, binned, v); line = line " " median(v, m) " " v[1] " " v[m]
            m = sorted(key, nb, v); line = line " " median(v, m)
        }
        print line, world[n], src[n]
    }
}' "$out.txt" >"$out.dat"

variant=$(sed -n '1s/^# \([^,]*\),.*/\1/p' "$out.txt")
echo "$variant, binned against brute force, CYCLES of one batch; formed: median of $seeds starts (range)"
echo
echo "| N | world (px) | brute force | binned, uniform | speed-up | binned, formed | speed-up | neighbours (uniform, formed) |"
echo "| ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: |"
awk 'function c(v,    s, t) { s = sprintf("%d", v); t = ""; while (length(s) > 3) { t = "," substr(s, length(s) - 2) t; s = substr(s, 1, length(s) - 3) }; return s t }
{
    printf "| %s%s | %s | %s | %s | %.1fx | %s (%s to %s) | %.1fx | %.1f, %.1f |\n", c($1),
        $12 == "model" ? " (model)" : "", $11, c($2), c($3), $2 / $3, c($7), c($8), c($9), $2 / $7, $6, $10
}' "$out.dat"
grep '^# model' "$out.txt" | sed 's/^# /\n/'

gnuplot <<EOF
set terminal pngcairo size 900,620 font 'sans,11' noenhanced
set output '$png'
set title "Accelerator cycles a batch ($variant): brute force and binned"
set logscale xy 2
set format y '%.0s%c'
set logscale y 10
set xrange [200:20000]
set yrange [1000:1e8]
set xtics ('256' 256, '512' 512, '1,024' 1024, '2,048' 2048, '4,096' 4096, '8,192' 8192, '16,384' 16384)
set xlabel 'boids N (world scaled: 1,024 boids on 640x480)'
set ylabel 'cycles of one batch (CYCLES)'
set grid lc rgb '#dddddd'
set key top left box opaque
fps(mhz) = mhz * 1e6 / 60
nmax = '$(sed -n 's/.*N_MAX=\([0-9]*\)\([0-9]\{3\}\) .*/\1,\2/p' <<<"$variant")'
set xtics add (sprintf("\n%s", nmax) $(sed -n 's/.*N_MAX=\([0-9]*\) .*/\1/p' <<<"$variant"))
measured = "< awk '\$12 == \"measured\"' $out.dat"
modelled = $(awk '$12 == "model"' "$out.dat" | wc -l)
lastmeasured = "< awk '\$12 == \"measured\"' $out.dat | tail -n 1; awk '\$12 == \"model\"' $out.dat"
set label 1 '60 frames/s at 50 MHz: 833,333' at 210, fps(50) * 1.25 tc rgb '#7a0000'
set label 2 '60 frames/s at 25 MHz: 416,667' at 210, fps(25) * 0.68 tc rgb '#a05000'
plot measured using 1:2 with linespoints lw 2 pt 7 lc rgb '#222222' title 'brute force, uniform = formed (N²/LANES)', \
     measured using 1:7:8:9 with yerrorlines lw 2 pt 9 ps 1.2 lc rgb '#c0392b' title 'binned, formed (median of $seeds starts, range)', \
     measured using 1:3 with linespoints lw 2 pt 5 lc rgb '#2471a3' title 'binned, uniform', \
     lastmeasured using 1:2 with linespoints dt 2 lw 1.5 pt 6 lc rgb '#222222' notitle, \
     lastmeasured using 1:7:8:9 with yerrorlines dt 2 lw 1.5 pt 8 ps 1.2 lc rgb '#c0392b' notitle, \
     lastmeasured using 1:3 with linespoints dt 2 lw 1.5 pt 4 lc rgb '#2471a3' title (modelled ? sprintf('past N_MAX %s: the cycle model (open symbols)', nmax) : ''), \
     fps(25) with lines dt 3 lw 2 lc rgb '#a05000' notitle, \
     fps(50) with lines dt 3 lw 2 lc rgb '#7a0000' notitle
EOF
echo "plot: $png"
