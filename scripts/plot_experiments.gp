# Plots of the leadership and conflict sweeps (build/experiment).
# Usage: gnuplot -e "dir='build/experiments'; out='docs'" scripts/plot_experiments.gp
if (!exists("dir")) dir = 'build/experiments'
if (!exists("out")) out = 'docs'
set datafile separator ','
set terminal pngcairo size 1200,420 font 'sans,10'
set key top left
set grid lc rgb '#dddddd'

# Leadership: accuracy against the informed fraction, one curve per flock
# size, a panel per bias; error bars are one standard error.
lead = dir.'/leadership.csv'
set output out.'/experiments-leadership.png'
set multiplot layout 1,3 title 'Accuracy: share of runs in which the flock goes the informed way (100 runs a point, ±1 s.e.)'
sizes = '10 50 100 200 400'
biases = '0.02 0.05 0.1'
set xlabel 'informed fraction'
set ylabel 'accuracy'
set yrange [0.3:1.02]
set xrange [-0.02:0.52]
set key bottom right
# rows of one size and bias, through awk: filtering in gnuplot would break the lines
rows(n, b) = sprintf("< awk -F, 'NR > 1 && $1 == %s && $4 + 0 == %s' %s", n, b, lead)
do for [b in biases] {
    set title 'biasval '.b
    plot for [n in sizes] rows(n, b) using 2:6:7 with yerrorlines pt 7 ps 0.6 title 'N = '.n, \
        0.5 with lines dt 2 lc rgb '#888888' title 'chance'
}
unset multiplot

# Conflict: two informed groups pulling opposite ways.
conf = dir.'/conflict.csv'
set terminal pngcairo size 640,420 font 'sans,10'
set output out.'/experiments-conflict.png'
set title 'Two informed groups in conflict (N = 100, 20 informed, 100 runs a point)'
set xlabel 'share of the informed preferring right'
set ylabel 'runs going right'
set xrange [0.45:1.02]
set yrange [0:1.02]
plot conf using 5:7:8 with yerrorlines pt 7 ps 0.7 lw 2 title 'runs going right', \
     0.5 with lines dt 2 lc rgb '#888888' title 'chance'
