/* State files: strict reading of the id,role,x,y,vx,vy,biasval CSV into a table
 * in id order, and atomic writing (atomic_file.h). */
#define _POSIX_C_SOURCE 200809L

#include "state_csv.h"
#include "atomic_file.h"

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../firmware/boid.h"
#include "number_parse.h"
#include "quote.h"

#define STATE_CSV_HEADER "id,role,x,y,vx,vy,biasval"
#define UTF8_BOM "\xef\xbb\xbf"
#define STATE_CSV_FIELDS 7
/* The largest flock plus room for scouts and predators. */
#define STATE_CSV_MAX_ROWS (65536 + 256)
/* Longest line accepted, without its line ending; longer is an error, never cut. */
#define STATE_CSV_MAX_LINE 4096

/* Indexed by enum state_role. */
static const char *const role_names[] = { "boid", "scout1", "scout2", "predator" };
#define ROLE_COUNT (sizeof role_names / sizeof role_names[0])

/* Names of the number columns, in file order after id and role. */
static const char *const number_names[] = { "x", "y", "vx", "vy", "biasval" };
/* ... and their ranges: positions up to the guard the model saturates at, so
 * that every saved state loads; velocity components as the speed limit's */
static const double NUMBER_LO[] = { -POSITION_MAX_PX, -POSITION_MAX_PX, -SPEED_MAX_PX, -SPEED_MAX_PX, 0 };
static const double NUMBER_HI[] = { POSITION_GUARD_PX, POSITION_GUARD_PX, SPEED_MAX_PX, SPEED_MAX_PX, 1 };
#define NUMBER_COUNT (sizeof number_names / sizeof number_names[0])

/* ---- error messages ---------------------------------------------------- */

/* "path:line:column: message", "path:line: message" when column is 0, or
 * "path: message" when line is 0 too. */
static void set_error_ap(char *err, size_t errlen, const char *path, unsigned long line,
                         unsigned long column, const char *fmt, va_list ap)
{
    int used;

    if (err == NULL || errlen == 0)
        return;
    if (line > 0 && column > 0)
        used = snprintf(err, errlen, "%s:%lu:%lu: ", path, line, column);
    else if (line > 0)
        used = snprintf(err, errlen, "%s:%lu: ", path, line);
    else
        used = snprintf(err, errlen, "%s: ", path);
    if (used < 0 || (size_t)used >= errlen)
        return; /* truncated already: the prefix is all that fits */
    vsnprintf(err + used, errlen - (size_t)used, fmt, ap);
}

static void set_error(char *err, size_t errlen, const char *path, unsigned long line,
                      const char *fmt, ...)
{
    va_list ap;

    va_start(ap, fmt);
    set_error_ap(err, errlen, path, line, 0, fmt, ap);
    va_end(ap);
}

static void set_error_at(char *err, size_t errlen, const char *path, unsigned long line,
                         unsigned long column, const char *fmt, ...)
{
    va_list ap;

    va_start(ap, fmt);
    set_error_ap(err, errlen, path, line, column, fmt, ap);
    va_end(ap);
}

/* ---- reading lines ----------------------------------------------------- */

typedef struct {
    FILE *f;
    const char *path;
    char *err;
    size_t errlen;
    unsigned long line_no;               /* of the line in text */
    char text[STATE_CSV_MAX_LINE + 2];   /* room for a trailing '\r' and the NUL */
} line_reader_t;

enum line_status { LINE_READ, LINE_END, LINE_FAILED };

/* Reads the next line into r->text without its "\n" or "\r\n". A last line
 * without "\n" counts as a line; end of file right after "\n" is LINE_END. */
static enum line_status read_line(line_reader_t *r)
{
    size_t len = 0;
    int c;

    while ((c = getc(r->f)) != EOF && c != '\n') {
        if (c == '\0') {
            set_error(r->err, r->errlen, r->path, r->line_no + 1,
                      "line contains a NUL byte (not a text file?)");
            return LINE_FAILED;
        }
        if (len == sizeof r->text - 1) { /* full, NUL aside: too long even without a '\r' */
            set_error(r->err, r->errlen, r->path, r->line_no + 1,
                      "line is longer than %d characters", STATE_CSV_MAX_LINE);
            return LINE_FAILED;
        }
        r->text[len++] = (char)c;
    }
    if (ferror(r->f)) {
        set_error(r->err, r->errlen, r->path, 0, "cannot read: %s", strerror(errno));
        return LINE_FAILED;
    }
    if (c == EOF && len == 0)
        return LINE_END;
    if (len > 0 && r->text[len - 1] == '\r')
        len--;
    if (len > STATE_CSV_MAX_LINE) {
        set_error(r->err, r->errlen, r->path, r->line_no + 1,
                  "line is longer than %d characters", STATE_CSV_MAX_LINE);
        return LINE_FAILED;
    }
    r->text[len] = '\0';
    r->line_no++;
    return LINE_READ;
}

/* ---- parsing fields ---------------------------------------------------- */

/* Splits text at every comma, in place. Returns the number of fields found;
 * only the first STATE_CSV_FIELDS are stored, the count says if there were more. */
static size_t split_fields(char *text, char *fields[STATE_CSV_FIELDS])
{
    size_t count = 0;
    char *start = text;

    for (;;) {
        char *comma = strchr(start, ',');

        if (count < STATE_CSV_FIELDS)
            fields[count] = start;
        count++;
        if (comma == NULL)
            return count;
        *comma = '\0';
        start = comma + 1;
    }
}

/* An id below STATE_CSV_MAX_ROWS, in the number parser's words. */
static int parse_id(const char *field, size_t *id, char *msg, size_t msglen)
{
    unsigned long value;
    enum number_status status =
        number_parse_whole("id", field, 0, STATE_CSV_MAX_ROWS - 1, &value, msg, msglen);

    if (status == NUMBER_OUT_OF_RANGE) {
        size_t used = strlen(msg);
        snprintf(msg + used, msglen - used, " (a file holds at most %d boids)", STATE_CSV_MAX_ROWS);
    }
    if (status != NUMBER_OK)
        return -1;
    *id = value;
    return 0;
}

static int parse_role(const char *field, int *role)
{
    size_t i;

    for (i = 0; i < ROLE_COUNT; i++)
        if (strcmp(field, role_names[i]) == 0) {
            *role = (int)i;
            return 0;
        }
    return -1;
}

/* Parses one data line (already known not to be empty) into id and row. */
/* The column (from 1) where a field of the line being read begins. */
static unsigned long column_of(const line_reader_t *r, const char *field)
{
    return (unsigned long)(field - r->text) + 1;
}

static int parse_row(line_reader_t *r, size_t *id, state_row_t *row)
{
    char *fields[STATE_CSV_FIELDS];
    char quoted[QUOTE_SIZE], msg[200];
    double *numbers[NUMBER_COUNT];
    size_t count = split_fields(r->text, fields);
    size_t i;

    numbers[0] = &row->x;
    numbers[1] = &row->y;
    numbers[2] = &row->vx;
    numbers[3] = &row->vy;
    numbers[4] = &row->biasval;

    if (count != STATE_CSV_FIELDS) {
        set_error(r->err, r->errlen, r->path, r->line_no, "%zu fields (expected %d)",
                  count, STATE_CSV_FIELDS);
        return -1;
    }
    if (parse_id(fields[0], id, msg, sizeof msg) != 0) {
        set_error_at(r->err, r->errlen, r->path, r->line_no, column_of(r, fields[0]), "%s", msg);
        return -1;
    }
    if (parse_role(fields[1], &row->role) != 0) {
        set_error_at(r->err, r->errlen, r->path, r->line_no, column_of(r, fields[1]),
                     "unknown role \"%s\" (expected boid, scout1, scout2 or predator)",
                     quote(quoted, fields[1]));
        return -1;
    }
    /* the ranges a flock takes (flock_state.c checks them again), here where
     * the line, the column and the text as typed are known */
    for (i = 0; i < NUMBER_COUNT; i++)
        if (number_parse_real(number_names[i], fields[2 + i], NUMBER_LO[i], NUMBER_HI[i], numbers[i],
                              msg, sizeof msg) != NUMBER_OK) {
            set_error_at(r->err, r->errlen, r->path, r->line_no, column_of(r, fields[2 + i]), "%s",
                         msg);
            return -1;
        }
    return 0;
}

/* ---- collecting rows by id --------------------------------------------- */

/* Rows stored at their id as they arrive; line_of_id[id] is 0 while unseen. */
typedef struct {
    state_row_t *rows;
    unsigned long *line_of_id;
    size_t capacity; /* entries in both arrays */
    size_t count;    /* rows stored */
} row_collector_t;

static void collector_free(row_collector_t *c)
{
    free(c->rows);
    free(c->line_of_id);
    memset(c, 0, sizeof *c);
}

/* Makes room for index id; new entries are marked unseen. */
static int collector_reserve(row_collector_t *c, size_t id)
{
    size_t capacity = c->capacity < 64 ? 64 : c->capacity;
    state_row_t *rows;
    unsigned long *lines;

    if (id < c->capacity)
        return 0;
    while (capacity <= id)
        capacity *= 2;
    if (capacity > STATE_CSV_MAX_ROWS)
        capacity = STATE_CSV_MAX_ROWS; /* ids are checked to be below this */
    rows = realloc(c->rows, capacity * sizeof *rows);
    if (rows == NULL)
        return -1;
    c->rows = rows;
    lines = realloc(c->line_of_id, capacity * sizeof *lines);
    if (lines == NULL)
        return -1;
    c->line_of_id = lines;
    memset(lines + c->capacity, 0, (capacity - c->capacity) * sizeof *lines);
    c->capacity = capacity;
    return 0;
}

static int collector_add(row_collector_t *c, line_reader_t *r, size_t id, const state_row_t *row)
{
    if (collector_reserve(c, id) != 0) {
        set_error(r->err, r->errlen, r->path, r->line_no, "out of memory");
        return -1;
    }
    if (c->line_of_id[id] != 0) {
        set_error(r->err, r->errlen, r->path, r->line_no, "id %zu appears twice (first on line %lu)",
                  id, c->line_of_id[id]);
        return -1;
    }
    c->rows[id] = *row;
    c->line_of_id[id] = r->line_no;
    c->count++;
    return 0;
}

/* Ids are distinct, so they are exactly 0..count-1 unless one below count is
 * unseen; that one is the clearest to report. */
static int collector_check_ids(const row_collector_t *c, const char *path, char *err, size_t errlen)
{
    size_t id;

    if (c->count == 0) {
        set_error(err, errlen, path, 0, "no boids (the file has only a header)");
        return -1;
    }
    for (id = 0; id < c->count; id++)
        if (id >= c->capacity || c->line_of_id[id] == 0) {
            set_error(err, errlen, path, 0, "ids must be 0..%zu each once; id %zu is missing",
                      c->count - 1, id);
            return -1;
        }
    return 0;
}

/* ---- reading a file ---------------------------------------------------- */

static int check_header(line_reader_t *r)
{
    enum line_status status = read_line(r);
    char quoted[QUOTE_SIZE];

    if (status == LINE_FAILED)
        return -1;
    if (status == LINE_END) {
        set_error(r->err, r->errlen, r->path, 0, "empty file (expected the header %s)",
                  STATE_CSV_HEADER);
        return -1;
    }
    /* a UTF-8 byte order mark, as some spreadsheets write, is no part of the header */
    if (strcmp(r->text + (strncmp(r->text, UTF8_BOM, 3) == 0 ? 3 : 0), STATE_CSV_HEADER) != 0) {
        set_error(r->err, r->errlen, r->path, r->line_no, "header is \"%s\" (expected %s)",
                  quote(quoted, r->text), STATE_CSV_HEADER);
        return -1;
    }
    return 0;
}

/* Reads every data line into c. Empty lines may only trail the data. */
static int read_rows(line_reader_t *r, row_collector_t *c)
{
    unsigned long first_empty_line = 0;
    enum line_status status;

    while ((status = read_line(r)) == LINE_READ) {
        size_t id;
        state_row_t row;

        if (r->text[0] == '\0') {
            if (first_empty_line == 0)
                first_empty_line = r->line_no;
            continue;
        }
        if (first_empty_line != 0) {
            set_error(r->err, r->errlen, r->path, first_empty_line,
                      "empty line before more rows (empty lines are allowed only at the end)");
            return -1;
        }
        if (c->count == STATE_CSV_MAX_ROWS) {
            set_error(r->err, r->errlen, r->path, r->line_no,
                      "more than %d boids (the most a file may hold)", STATE_CSV_MAX_ROWS);
            return -1;
        }
        if (parse_row(r, &id, &row) != 0 || collector_add(c, r, id, &row) != 0)
            return -1;
    }
    return status == LINE_END ? 0 : -1;
}

static int read_stream(line_reader_t *r, row_collector_t *c)
{
    if (check_header(r) != 0 || read_rows(r, c) != 0)
        return -1;
    return collector_check_ids(c, r->path, r->err, r->errlen);
}

int state_csv_read_stream(FILE *f, const char *path, state_table_t *t, char *err, size_t errlen)
{
    row_collector_t collector = { NULL, NULL, 0, 0 };
    line_reader_t *reader;
    int result;

    t->n = 0;
    t->row = NULL;
    reader = malloc(sizeof *reader); /* the line buffer is too big for some stacks */
    if (reader == NULL) {
        set_error(err, errlen, path, 0, "out of memory");
        return -1;
    }
    reader->f = f;
    reader->path = path;
    reader->err = err;
    reader->errlen = errlen;
    reader->line_no = 0;

    result = read_stream(reader, &collector);
    free(reader);
    if (result != 0) {
        collector_free(&collector);
        return -1;
    }
    free(collector.line_of_id);
    t->n = collector.count;
    t->row = collector.rows;
    return 0;
}

int state_csv_read(const char *path, state_table_t *t, char *err, size_t errlen)
{
    FILE *f;
    int result;

    if (t == NULL) {
        set_error(err, errlen, path != NULL ? path : "(null)", 0, "no table to read into");
        return -1;
    }
    t->n = 0;
    t->row = NULL;
    if (path == NULL) {
        set_error(err, errlen, "(null)", 0, "no file name given");
        return -1;
    }
    f = fopen(path, "r");
    if (f == NULL) {
        set_error(err, errlen, path, 0, "cannot open: %s", strerror(errno));
        return -1;
    }
    result = state_csv_read_stream(f, path, t, err, errlen);
    fclose(f); /* read-only: nothing to lose if this fails */
    return result;
}

/* ---- writing ------------------------------------------------------------ */

/* Checks one row can be written so that state_csv_read accepts it back. */
static int check_row(const state_row_t *row, size_t id, const char *path, char *err, size_t errlen)
{
    const double numbers[NUMBER_COUNT] = { row->x, row->y, row->vx, row->vy, row->biasval };
    size_t i;

    if (row->role < 0 || (size_t)row->role >= ROLE_COUNT) {
        set_error(err, errlen, path, 0, "cannot write: boid %zu has unknown role %d", id, row->role);
        return -1;
    }
    for (i = 0; i < NUMBER_COUNT; i++) {
        if (!isfinite(numbers[i])) {
            set_error(err, errlen, path, 0, "cannot write: boid %zu has %s %g (not finite)", id,
                      number_names[i], numbers[i]);
            return -1;
        }
        /* what the reader would refuse (the models keep every state within) */
        if (numbers[i] < NUMBER_LO[i] || numbers[i] > NUMBER_HI[i]) {
            set_error(err, errlen, path, 0, "cannot write: boid %zu has %s %.17g (out of [%.17g, %.17g])",
                      id, number_names[i], numbers[i], NUMBER_LO[i], NUMBER_HI[i]);
            return -1;
        }
    }
    return 0;
}

static int write_rows(FILE *f, const state_table_t *t, const char *path, char *err, size_t errlen)
{
    size_t id;

    if (fprintf(f, "%s\n", STATE_CSV_HEADER) < 0)
        goto write_failed;
    for (id = 0; id < t->n; id++) {
        const state_row_t *row = &t->row[id];

        if (check_row(row, id, path, err, errlen) != 0)
            return -1;
        const double numbers[] = { row->x, row->y, row->vx, row->vy, row->biasval };
        char text[5][32];
        size_t k;

        /* exactly: a saved state, the float model's included, resumes the same future */
        for (k = 0; k < 5; k++)
            number_format_exact(text[k], sizeof text[k], numbers[k]);
        if (fprintf(f, "%zu,%s,%s,%s,%s,%s,%s\n", id, role_names[row->role], text[0], text[1], text[2],
                    text[3], text[4]) < 0)
            goto write_failed;
    }
    return 0;

write_failed:
    set_error(err, errlen, path, 0, "cannot write: %s", strerror(errno));
    return -1;
}

/* A table the reader would refuse is not written at all. */
static int check_table(const char *path, const state_table_t *t, char *err, size_t errlen)
{
    if (t == NULL || (t->n > 0 && t->row == NULL)) {
        set_error(err, errlen, path, 0, "cannot write: no table given");
        return -1;
    }
    if (t->n == 0) {
        set_error(err, errlen, path, 0, "cannot write: no boids (a state file needs at least one)");
        return -1;
    }
    if (t->n > STATE_CSV_MAX_ROWS) {
        set_error(err, errlen, path, 0, "cannot write: %zu boids (a file holds at most %d)", t->n,
                  STATE_CSV_MAX_ROWS);
        return -1;
    }
    return 0;
}

int state_csv_write(const char *path, const state_table_t *t, char *err, size_t errlen)
{
    atomic_file_t out;

    if (path == NULL) {
        set_error(err, errlen, "(null)", 0, "no file name given");
        return -1;
    }
    if (check_table(path, t, err, errlen) != 0 || atomic_file_open(&out, path, err, errlen) != 0)
        return -1;
    if (write_rows(out.f, t, path, err, errlen) != 0) {
        atomic_file_abort(&out);
        return -1;
    }
    return atomic_file_commit(&out, err, errlen);
}

void state_table_free(state_table_t *t)
{
    if (t == NULL)
        return;
    free(t->row);
    t->row = NULL;
    t->n = 0;
}
