/* The experiment's journal: reading it back on a resume, appending runs as
 * they finish (see journal.h and docs/experiments.md). */
#define _POSIX_C_SOURCE 200809L
#include "journal.h"
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <unistd.h>

enum { ROW_FIELDS = 11, SPEC_FIELDS = 7, FIELD_MAX = 32, CHECK = ROW_FIELDS - 1 };

static const char *const field_names[ROW_FIELDS] = {
    "run", "kind", "boids", "scouts1", "scouts2", "bias", "seed", "dx", "right", "polarization",
    "check"};

uint32_t journal_row_check(const char *text, size_t len)
{
    uint32_t crc = 0xffffffffu;
    size_t i;
    int bit;

    for (i = 0; i < len; i++) {
        crc ^= (unsigned char)text[i];
        for (bit = 0; bit < 8; bit++)
            crc = crc >> 1 ^ (0xedb88320u & (0u - (crc & 1u)));
    }
    return ~crc;
}

/* Fields 1 to 6 of a run's row, the run itself, as text: the row's writer
 * and its checker use these same strings. */
static void spec_fields(const run_spec_t *r, char text[SPEC_FIELDS][FIELD_MAX])
{
    snprintf(text[1], FIELD_MAX, "%d", r->kind);
    snprintf(text[2], FIELD_MAX, "%u", r->boids);
    snprintf(text[3], FIELD_MAX, "%u", r->scouts1);
    snprintf(text[4], FIELD_MAX, "%u", r->scouts2);
    snprintf(text[5], FIELD_MAX, "%g", r->bias); /* at most 13 characters */
    snprintf(text[6], FIELD_MAX, "%u", r->seed);
}

int journal_format_row(char *buf, size_t len, size_t i, const run_spec_t *r,
                       const run_result_t *res)
{
    char spec[SPEC_FIELDS][FIELD_MAX];
    int n;

    spec_fields(r, spec);
    n = snprintf(buf, len, "%zu,%s,%s,%s,%s,%s,%s,%.4f,%d,%.4f", i, spec[1], spec[2], spec[3],
                 spec[4], spec[5], spec[6], res->dx, res->right, res->polarization);
    if (n < 0 || (size_t)n >= len)
        return -1;
    n += snprintf(buf + n, len - (size_t)n, ",%08x\n", (unsigned)journal_row_check(buf, (size_t)n));
    return (size_t)n < len ? n : -1;
}

/* A number that fills the whole text (no blanks around it). */
static int parse_number(const char *text, double *v)
{
    char *end;

    if (*text == '\0' || isspace((unsigned char)*text))
        return -1;
    *v = strtod(text, &end);
    return *end == '\0' ? 0 : -1;
}

/* The run number: digits only, below n_runs. */
static int parse_run(const char *text, size_t n_runs, size_t *i)
{
    unsigned long long v;
    const char *p;

    for (p = text; *p; p++)
        if (!isdigit((unsigned char)*p))
            return -1;
    if (p == text)
        return -1;
    errno = 0;
    v = strtoull(text, NULL, 10);
    if (errno != 0 || v >= n_runs)
        return -1;
    *i = (size_t)v;
    return 0;
}

int journal_parse_row(const char *line, size_t len, const run_spec_t *runs, size_t n_runs,
                      size_t *i, run_result_t *res, char *why, size_t whylen)
{
    char text[ROW_FIELDS][FIELD_MAX], spec[SPEC_FIELDS][FIELD_MAX];
    size_t k, fields = 0, pos;
    double dx, polarization;

    if (memchr(line, '\0', len) != NULL) {
        snprintf(why, whylen, "holds a NUL byte");
        return -1;
    }
    for (pos = 0; pos < len; pos++)
        fields += line[pos] == ',';
    if (++fields != ROW_FIELDS) {
        snprintf(why, whylen, "%zu field%s, a row has %d", fields, fields == 1 ? "" : "s",
                 ROW_FIELDS);
        return -1;
    }
    for (k = 0, pos = 0; k < ROW_FIELDS; k++, pos++) {
        size_t start = pos;
        while (pos < len && line[pos] != ',')
            pos++;
        if (pos - start >= FIELD_MAX) {
            snprintf(why, whylen, "its %s field is %zu characters long", field_names[k],
                     pos - start);
            return -1;
        }
        memcpy(text[k], line + start, pos - start);
        text[k][pos - start] = '\0';
    }
    {
        /* the check covers the row up to its last comma */
        size_t body = len - strlen(text[CHECK]) - 1;
        char expected[16];

        snprintf(expected, sizeof expected, "%08x", (unsigned)journal_row_check(line, body));
        if (strcmp(text[CHECK], expected) != 0) {
            snprintf(why, whylen, "its check is \"%s\", its text gives %s (an edited or damaged row)",
                     text[CHECK], expected);
            return -1;
        }
    }
    if (parse_run(text[0], n_runs, i) != 0) {
        snprintf(why, whylen, "run \"%s\" is not one of this sweep's %zu runs", text[0], n_runs);
        return -1;
    }
    spec_fields(&runs[*i], spec);
    for (k = 1; k < SPEC_FIELDS; k++)
        if (strcmp(text[k], spec[k]) != 0) {
            snprintf(why, whylen, "run %zu: %s is \"%s\", the sweep's run has %s", *i,
                     field_names[k], text[k], spec[k]);
            return -1;
        }
    if (parse_number(text[7], &dx) != 0 || !(fabs(dx) <= EXPERIMENT_WORLD_W)) {
        snprintf(why, whylen, "run %zu: dx is \"%s\", not a number in [-%d, %d]", *i, text[7],
                 EXPERIMENT_WORLD_W, EXPERIMENT_WORLD_W);
        return -1;
    }
    if (strcmp(text[8], "0") != 0 && strcmp(text[8], "1") != 0) {
        snprintf(why, whylen, "run %zu: right is \"%s\", not 0 or 1", *i, text[8]);
        return -1;
    }
    res->right = text[8][0] == '1';
    if ((dx > 0 && !res->right) || (dx < 0 && res->right)) { /* 0.0000 may go either way */
        snprintf(why, whylen, "run %zu: right is %s but dx is %s", *i, text[8], text[7]);
        return -1;
    }
    if (parse_number(text[9], &polarization) != 0 || !(polarization >= 0 && polarization <= 1)) {
        snprintf(why, whylen, "run %zu: polarization is \"%s\", not a number in [0, 1]", *i,
                 text[9]);
        return -1;
    }
    res->dx = dx;
    res->polarization = polarization;
    return 0;
}

/* A message naming the line: path (at most PATH_MAX) and why fit whole. */
static void report_line(journal_report_fn *report, void *ctx, const char *path,
                        unsigned long lineno, const char *why, const char *action)
{
    char message[PATH_MAX + 512];

    snprintf(message, sizeof message, "%s:%lu: %s; %s", path, lineno, why, action);
    report(ctx, message);
}

/* The first line is not this sweep's: the line's start, for the message. */
static int another_sweep(const char *path, const char *line, size_t len, char *err,
                         size_t errlen)
{
    enum { SHOWN_MAX = 100 };

    snprintf(err, errlen,
             "%s holds another sweep (%.*s%s); use another --out, or delete it to start over",
             path, SHOWN_MAX, line, len > SHOWN_MAX ? "..." : "");
    return -1;
}

/* Reads the rows of an open journal into *sr. *lines gets the number of whole
 * lines, *whole_end the offset just past the last; *cut is set if an
 * unterminated line follows them. */
static int read_rows(FILE *f, const char *path, const char *describe, sweep_results_t *sr,
                     journal_report_fn *report, void *ctx, unsigned long *lines,
                     off_t *whole_end, int *cut, char *err, size_t errlen)
{
    char *line = NULL, why[256];
    size_t cap = 0, i;
    ssize_t got;
    int rc = 0;

    *lines = 0;
    *whole_end = 0;
    *cut = 0;
    while ((got = getline(&line, &cap, f)) > 0) {
        size_t len = (size_t)got;
        run_result_t res;
        if (line[len - 1] != '\n') { /* a write cut short: the last line */
            *cut = 1;
            if (*lines == 0 && strncmp(line, describe, len) != 0)
                rc = another_sweep(path, line, len, err, errlen);
            break;
        }
        *whole_end += got;
        ++*lines;
        line[--len] = '\0';
        if (len > 0 && line[len - 1] == '\r')
            line[--len] = '\0';
        if (*lines == 1) {
            if (strcmp(line, describe) != 0 || strlen(describe) != len) {
                rc = another_sweep(path, line, len, err, errlen);
                break;
            }
        } else if (*lines == 2 && strcmp(line, JOURNAL_COLUMNS) == 0 &&
                   len == strlen(JOURNAL_COLUMNS)) {
            continue;
        } else if (journal_parse_row(line, len, sr->runs, sr->n_runs, &i, &res, why,
                                     sizeof why) != 0) {
            report_line(report, ctx, path, *lines, why, "skipped");
        } else if (sr->have[i]) {
            snprintf(why, sizeof why, "run %zu again", i);
            report_line(report, ctx, path, *lines, why, "skipped");
        } else {
            sr->have[i] = 1;
            sr->result[i] = res;
            sr->done++;
        }
    }
    if (rc == 0 && ferror(f)) {
        snprintf(err, errlen, "%s: cannot read: %s", path, strerror(errno));
        rc = -1;
    }
    free(line);
    return rc;
}

/* Reads an existing journal and cuts off its unterminated last line, if any;
 * sets *lines to the number of whole lines kept. */
static int resume(const char *path, const char *describe, sweep_results_t *sr,
                  journal_report_fn *report, void *ctx, unsigned long *lines, char *err,
                  size_t errlen)
{
    FILE *f = fopen(path, "r+");
    struct stat st;
    off_t whole_end;
    int cut, rc;

    *lines = 0;
    if (f == NULL) {
        if (errno == ENOENT)
            return 0;
        snprintf(err, errlen, "%s: cannot open: %s", path, strerror(errno));
        return -1;
    }
    if (fstat(fileno(f), &st) != 0 || !S_ISREG(st.st_mode)) {
        snprintf(err, errlen, "%s: not a regular file", path);
        fclose(f);
        return -1;
    }
    rc = read_rows(f, path, describe, sr, report, ctx, lines, &whole_end, &cut, err, errlen);
    if (rc == 0 && cut) {
        if (ftruncate(fileno(f), whole_end) != 0) {
            snprintf(err, errlen, "%s: cannot drop its cut-off last line: %s", path,
                     strerror(errno));
            rc = -1;
        } else {
            report_line(report, ctx, path, *lines + 1, "cut off (no line end)", "dropped");
        }
    }
    fclose(f);
    return rc;
}

int journal_open(journal_t *j, const char *path, const char *describe, sweep_results_t *sr,
                 journal_report_fn *report, void *report_ctx, char *err, size_t errlen)
{
    unsigned long lines;

    j->file = NULL;
    j->path = path;
    j->failed = 0;
    if (resume(path, describe, sr, report, report_ctx, &lines, err, errlen) != 0)
        return -1;
    j->file = fopen(path, "a");
    if (j->file == NULL) {
        snprintf(err, errlen, "%s: cannot write: %s", path, strerror(errno));
        return -1;
    }
    if ((lines == 0 && fprintf(j->file, "%s\n", describe) < 0) ||
        (lines <= 1 && fprintf(j->file, "%s\n", JOURNAL_COLUMNS) < 0) || fflush(j->file) != 0) {
        snprintf(err, errlen, "%s: cannot write: %s", path, strerror(errno));
        fclose(j->file);
        j->file = NULL;
        return -1;
    }
    return 0;
}

int journal_append(journal_t *j, size_t i, const run_spec_t *r, const run_result_t *res,
                   char *err, size_t errlen)
{
    char row[256];

    if (j->failed) {
        snprintf(err, errlen, "%s: an earlier write failed", j->path);
        return -1;
    }
    if (journal_format_row(row, sizeof row, i, r, res) < 0) {
        snprintf(err, errlen, "run %zu: its row is longer than %zu characters", i, sizeof row);
        return -1;
    }
    if (fputs(row, j->file) == EOF || fflush(j->file) != 0) {
        j->failed = 1; /* the rest of the row may follow: nothing after it */
        snprintf(err, errlen, "%s: cannot write: %s", j->path, strerror(errno));
        return -1;
    }
    return 0;
}

int journal_close(journal_t *j, char *err, size_t errlen)
{
    int rc = 0;

    if (j->file == NULL)
        return 0;
    if (j->failed) {
        snprintf(err, errlen, "%s: an earlier write failed", j->path);
        rc = -1;
    } else if (fflush(j->file) != 0 || fsync(fileno(j->file)) != 0) {
        snprintf(err, errlen, "%s: cannot write: %s", j->path, strerror(errno));
        rc = -1;
    }
    if (fclose(j->file) != 0 && rc == 0) {
        snprintf(err, errlen, "%s: cannot write: %s", j->path, strerror(errno));
        rc = -1;
    }
    j->file = NULL;
    return rc;
}
