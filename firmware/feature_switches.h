/* What a firmware build holds. Every feature is in (1) unless the build says
 * 0: the SoC's firmware takes them from the Makefile's SOC_FEATURES (a
 * board's from constraints/boards.mk), so a board with 64 KiB of RAM carries
 * only what it runs; the host always builds everything. */
#ifndef FEATURE_SWITCHES_H
#define FEATURE_SWITCHES_H

#ifndef FEATURE_ACCEL
#define FEATURE_ACCEL 1 /* the accelerator's driver (neighbors_accel.c) */
#endif
#ifndef FEATURE_BRUTE
#define FEATURE_BRUTE 1 /* brute-force sums in software (neighbors_brute.c) */
#endif
#ifndef FEATURE_GRID
#define FEATURE_GRID 1 /* grid sums in software (the app's: neighbors_grid_small.c) */
#endif
#ifndef FEATURE_WEIGHTED
#define FEATURE_WEIGHTED 1 /* the weighted rule set and its five extra neighbour sums */
#endif
#ifndef FEATURE_OVERLAY
#define FEATURE_OVERLAY 1 /* the figures on screen (overlay.c, the o key) */
#endif

#endif
