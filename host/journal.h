/* The experiment's journal, DIR/runs.csv while a sweep runs: a line that
 * names the sweep (sweep_describe), the column names, then one row a finished
 * run, appended and flushed as the run ends, so an interrupted sweep resumes
 * where it stopped. A completed run's row is never dropped: a resume keeps
 * every valid row, reports and skips every other line, and cuts off nothing
 * but an unterminated last line (a write that was cut short). */
#ifndef JOURNAL_H
#define JOURNAL_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include "experiment.h"

#define JOURNAL_COLUMNS "run,kind,boids,scouts1,scouts2,bias,seed,dx,right,polarization,check"

/* A row's check: the CRC-32 (IEEE) of its text before ",check", the last
 * field, as 8 lowercase hex digits. An edited or damaged row fails it. */
uint32_t journal_row_check(const char *text, size_t len);

/* The runs of a sweep and the results known so far. */
typedef struct {
    const run_spec_t *runs;
    size_t n_runs;
    unsigned char *have;  /* [n_runs]: result[i] is known */
    run_result_t *result; /* [n_runs] */
    size_t done;          /* how many have[i] are set */
} sweep_results_t;

typedef struct {
    FILE *file;       /* open for appending */
    const char *path; /* the caller's string */
    int failed;       /* a write failed: nothing more is appended */
} journal_t;

/* Told of each line a resume skips, as "path:line: why". */
typedef void journal_report_fn(void *ctx, const char *message);

/* Opens the journal at path for the sweep named by describe (one line, no
 * newline), creating it with its two header lines if missing. The valid rows
 * it holds set have[], result[] and done in *sr; every other line is passed
 * to report and skipped (left in the file); an unterminated last line is cut
 * off. -1 with a message, the file untouched, if it holds another sweep, is
 * not a regular file, or cannot be read or written. */
int journal_open(journal_t *j, const char *path, const char *describe, sweep_results_t *sr,
                 journal_report_fn *report, void *report_ctx, char *err, size_t errlen);

/* Appends run i's row and flushes it to the kernel. -1 with a message if the
 * write fails (the disk is full); every later append then fails too. */
int journal_append(journal_t *j, size_t i, const run_spec_t *r, const run_result_t *res,
                   char *err, size_t errlen);

/* Flushes, syncs to disk and closes. -1 with a message if any of it fails or
 * an earlier append failed. */
int journal_close(journal_t *j, char *err, size_t errlen);

/* Run i's row with its newline, as the journal and the sorted runs.csv hold it.
 * Returns its length, or -1 if it does not fit in len. */
int journal_format_row(char *buf, size_t len, size_t i, const run_spec_t *r,
                       const run_result_t *res);

/* Checks one row (len bytes, no line ending) against the sweep's runs: its
 * check first, then every field of the run as the sweep defines it, dx finite and within the world,
 * right 0 or 1 and agreeing with dx's sign, polarization in [0, 1]. 0 with
 * *i and *res, or -1 with why. */
int journal_parse_row(const char *line, size_t len, const run_spec_t *runs, size_t n_runs,
                      size_t *i, run_result_t *res, char *why, size_t whylen);

#endif
