/* Tests for host/state_csv.c: round trips, accepted variants (order, CRLF,
 * trailing blank lines), every read error with its exact message, and atomic
 * writes that leave an existing file alone when they fail. */
#define _POSIX_C_SOURCE 200809L

#include <dirent.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "state_csv.h"
#include "test_dir.h"

#define HEADER "id,role,x,y,vx,vy,biasval\n"
#define ROW(id) #id ",boid,1,2,3,4,0.5\n"
#define MAX_ROWS (65536 + 256)
#define MAX_LINE 4096

/* ---- helpers ------------------------------------------------------------ */

static void path_in(const test_dir_t *d, const char *name, char *path, size_t size)
{
    int used = snprintf(path, size, "%s/%s", d->dir, name);

    assert_true(used > 0 && (size_t)used < size);
}

static void write_bytes(const char *path, const char *data, size_t len)
{
    FILE *f = fopen(path, "wb");

    assert_non_null(f);
    assert_int_equal(fwrite(data, 1, len, f), len);
    assert_int_equal(fclose(f), 0);
}

/* Whole file as a NUL-terminated string; the caller frees it. */
static char *read_text(const char *path)
{
    FILE *f = fopen(path, "rb");
    char *text;
    long len;

    assert_non_null(f);
    assert_int_equal(fseek(f, 0, SEEK_END), 0);
    len = ftell(f);
    assert_true(len >= 0);
    assert_int_equal(fseek(f, 0, SEEK_SET), 0);
    text = malloc((size_t)len + 1);
    assert_non_null(text);
    assert_int_equal(fread(text, 1, (size_t)len, f), (size_t)len);
    text[len] = '\0';
    fclose(f);
    return text;
}

/* Reads data from scene.csv, which must work; the caller frees t. */
static void read_ok(const test_dir_t *d, const char *data, size_t len, state_table_t *t)
{
    char path[256];
    char err[512] = "";

    path_in(d, "scene.csv", path, sizeof path);
    write_bytes(path, data, len);
    if (state_csv_read(path, t, err, sizeof err) != 0)
        fail_msg("unexpected read error: %s", err);
}

/* Reads data from scene.csv, which must fail with the message
 * "<path><expected_tail>", one line, and leave the table empty. */
static void expect_read_error(const test_dir_t *d, const char *data, size_t len,
                              const char *expected_tail)
{
    state_row_t sentinel;
    state_table_t t = { 77, &sentinel };
    char path[256];
    char err[512];
    size_t path_len;

    path_in(d, "scene.csv", path, sizeof path);
    write_bytes(path, data, len);
    memset(err, 'x', sizeof err);
    err[sizeof err - 1] = '\0';

    assert_int_equal(state_csv_read(path, &t, err, sizeof err), -1);
    assert_int_equal(t.n, 0);
    assert_null(t.row);
    path_len = strlen(path);
    assert_memory_equal(err, path, path_len);
    assert_string_equal(err + path_len, expected_tail);
    assert_null(strchr(err, '\n'));
}

static state_row_t make_row(int role, double x, double y, double vx, double vy, double biasval)
{
    state_row_t row;

    row.role = role;
    row.x = x;
    row.y = y;
    row.vx = vx;
    row.vy = vy;
    row.biasval = biasval;
    return row;
}

/* ---- round trips and accepted files ------------------------------------- */

/* Nearest integer to v * scale; our own because the build links no libm. */
static long long to_steps(double v, double scale)
{
    double steps = v * scale;

    return (long long)(steps < 0 ? steps - 0.5 : steps + 0.5);
}

static uint32_t next_random(uint32_t *seed)
{
    *seed = *seed * 1664525u + 1013904223u;
    return *seed;
}

/* A random whole number in [lo, hi]. */
static int32_t random_in(uint32_t *seed, int32_t lo, int32_t hi)
{
    return (int32_t)((int64_t)lo + (int64_t)(next_random(seed) % ((uint32_t)((int64_t)hi - lo) + 1u)));
}

/* Any Q16.16 or Q7.24 value a state file may hold (positions up to the guard,
 * velocity components within 64 px/frame, biasval in [0, 1]), extremes
 * included, must come back exactly after rounding to the nearest step. */
static void test_round_trip_fixed_point_exact(void **state)
{
    const test_dir_t *d = *state;
    static const int32_t lo[5] = { -(1 << 30), -(1 << 30), -(64 << 16), -(64 << 16), 0 };
    static const int32_t hi[5] = { (1 << 30) - 1, (1 << 30) - 1, 64 << 16, 64 << 16, 1 << 24 };
    enum { N = 1000 };
    int32_t q16[N][4], gain[N];
    state_row_t rows[N];
    state_table_t in = { N, rows }, out;
    uint32_t seed = 12345;
    char path[256];
    char err[512] = "";
    size_t i;
    int k;

    for (i = 0; i < N; i++) {
        /* the first rows: each range's ends, a step inside them, and zero */
        for (k = 0; k < 4; k++)
            q16[i][k] = i == 0 ? lo[k] : i == 1 ? hi[k] : i == 2 ? lo[k] + 1 : i == 3 ? hi[k] - 1
                      : i == 4 ? 0 : random_in(&seed, lo[k], hi[k]);
        gain[i] = i == 0 ? lo[4] : i == 1 ? hi[4] : i == 2 ? 1 : i == 3 ? hi[4] - 1
                : i == 4 ? 0 : random_in(&seed, lo[4], hi[4]);
        rows[i] = make_row((int)(i % 4), q16[i][0] / 65536.0, q16[i][1] / 65536.0,
                           q16[i][2] / 65536.0, q16[i][3] / 65536.0, gain[i] / 16777216.0);
    }
    path_in(d, "round.csv", path, sizeof path);
    if (state_csv_write(path, &in, err, sizeof err) != 0)
        fail_msg("write failed: %s", err);
    if (state_csv_read(path, &out, err, sizeof err) != 0)
        fail_msg("read failed: %s", err);

    assert_int_equal(out.n, N);
    for (i = 0; i < N; i++) {
        assert_int_equal(out.row[i].role, rows[i].role);
        assert_int_equal(to_steps(out.row[i].x, 65536.0), q16[i][0]);
        assert_int_equal(to_steps(out.row[i].y, 65536.0), q16[i][1]);
        assert_int_equal(to_steps(out.row[i].vx, 65536.0), q16[i][2]);
        assert_int_equal(to_steps(out.row[i].vy, 65536.0), q16[i][3]);
        assert_int_equal(to_steps(out.row[i].biasval, 16777216.0), gain[i]);
    }
    state_table_free(&out);
    assert_int_equal(count_entries(d->dir), 1);
}

/* The written text itself: header, id order, role words, digits, "\n". */
static void test_write_exact_text(void **state)
{
    const test_dir_t *d = *state;
    state_row_t rows[2];
    state_table_t t = { 2, rows };
    char path[256];
    char err[512] = "";
    char *text;

    rows[0] = make_row(STATE_PREDATOR, 1.5, -2.25, 0.5, 0.0, 0.125);
    rows[1] = make_row(STATE_SCOUT1, 640.0, 480.0, -3.0, 1.0 / 65536.0, 1.0 / 16777216.0);
    path_in(d, "exact.csv", path, sizeof path);
    if (state_csv_write(path, &t, err, sizeof err) != 0)
        fail_msg("write failed: %s", err);
    text = read_text(path);
    assert_string_equal(text, HEADER
                        "0,predator,1.5,-2.25,0.5,0,0.125\n"
                        "1,scout1,640,480,-3,1.52587890625e-05,5.9604644775390625e-08\n");
    free(text);
}

static void test_ids_out_of_order_are_sorted(void **state)
{
    static const char data[] = HEADER
        "2,scout2,20,21,22,23,0.5\n"
        "0,predator,0,1,2,3,0\n"
        "3,boid,30,31,32,33,0.75\n"
        "1,scout1,10,11,12,13,0.25\n";
    state_table_t t;
    size_t i;

    read_ok(*state, data, sizeof data - 1, &t);
    assert_int_equal(t.n, 4);
    assert_int_equal(t.row[0].role, STATE_PREDATOR);
    assert_int_equal(t.row[1].role, STATE_SCOUT1);
    assert_int_equal(t.row[2].role, STATE_SCOUT2);
    assert_int_equal(t.row[3].role, STATE_BOID);
    for (i = 0; i < 4; i++) {
        assert_true(t.row[i].x == 10.0 * (double)i);
        assert_true(t.row[i].y == 10.0 * (double)i + 1);
        assert_true(t.row[i].vx == 10.0 * (double)i + 2);
        assert_true(t.row[i].vy == 10.0 * (double)i + 3);
        assert_true(t.row[i].biasval == 0.25 * (double)i);
    }
    state_table_free(&t);
}

static void test_crlf_accepted(void **state)
{
    static const char data[] = "id,role,x,y,vx,vy,biasval\r\n"
                               "1,boid,5,6,7,8,0.25\r\n"
                               "0,scout2,1,2,3,4,0.5\r\n";
    state_table_t t;

    read_ok(*state, data, sizeof data - 1, &t);
    assert_int_equal(t.n, 2);
    assert_int_equal(t.row[0].role, STATE_SCOUT2);
    assert_true(t.row[0].biasval == 0.5);
    assert_int_equal(t.row[1].role, STATE_BOID);
    assert_true(t.row[1].biasval == 0.25);
    state_table_free(&t);
}

static void test_last_line_without_newline(void **state)
{
    static const char data[] = HEADER ROW(0) "1,predator,1,2,3,4,0.75";
    state_table_t t;

    read_ok(*state, data, sizeof data - 1, &t);
    assert_int_equal(t.n, 2);
    assert_int_equal(t.row[1].role, STATE_PREDATOR);
    assert_true(t.row[1].biasval == 0.75);
    state_table_free(&t);
}

static void test_trailing_empty_lines_ignored(void **state)
{
    static const char data[] = HEADER ROW(0) ROW(1) "\n\r\n\n";
    state_table_t t;

    read_ok(*state, data, sizeof data - 1, &t);
    assert_int_equal(t.n, 2);
    assert_true(t.row[1].vy == 4.0);
    state_table_free(&t);
}

/* Every decimal of the number parser's syntax is a number; a leading + is
 * taken, in ids too, as on the command line. */
static void test_decimal_forms_accepted(void **state)
{
    static const char data[] = HEADER "00,boid,+3,-0,.5,5.,1e-2\n"
                                      "+1,boid,-1.25E+2,007,-.5,1E0,.5\n";
    state_table_t t;

    read_ok(*state, data, sizeof data - 1, &t);
    assert_int_equal(t.n, 2);
    assert_true(t.row[0].x == 3.0);
    assert_true(t.row[0].y == 0.0 && signbit(t.row[0].y));
    assert_true(t.row[0].vx == 0.5);
    assert_true(t.row[0].vy == 5.0);
    assert_true(t.row[0].biasval == 0.01);
    assert_true(t.row[1].x == -125.0);
    assert_true(t.row[1].y == 7.0);
    assert_true(t.row[1].vy == 1.0);
    assert_true(t.row[1].vx == -0.5);
    assert_true(t.row[1].biasval == 0.5);
    state_table_free(&t);
}

/* ---- read errors -------------------------------------------------------- */

typedef struct {
    const char *data;
    const char *expected_tail; /* message after the path */
} error_case_t;

static const error_case_t error_cases[] = {
    /* empty files and headers */
    { "", ": empty file (expected the header id,role,x,y,vx,vy,biasval)" },
    { "id,x,y\n0,1,2\n", ":1: header is \"id,x,y\" (expected id,role,x,y,vx,vy,biasval)" },
    { "id, role,x,y,vx,vy,biasval\n" ROW(0),
      ":1: header is \"id, role,x,y,vx,vy,biasval\" (expected id,role,x,y,vx,vy,biasval)" },
    { "ID,ROLE,X,Y,VX,VY,BIASVAL\n" ROW(0),
      ":1: header is \"ID,ROLE,X,Y,VX,VY,BIASVAL\" (expected id,role,x,y,vx,vy,biasval)" },
    { "\n" HEADER ROW(0), ":1: header is \"\" (expected id,role,x,y,vx,vy,biasval)" },
    { HEADER, ": no boids (the file has only a header)" },
    { "id,role,x,y,vx,vy,biasval", ": no boids (the file has only a header)" },
    { HEADER "\n\r\n", ": no boids (the file has only a header)" },
    /* field counts, truncated rows */
    { HEADER ROW(0) ROW(1) ROW(2) ROW(3) ROW(4) "5,boid,1,2,3,4\n", ":7: 6 fields (expected 7)" },
    { HEADER "0,boid,1,2,3,4,0.5,9\n", ":2: 8 fields (expected 7)" },
    { HEADER "0,boid,1,2,3,4,0.5,\n", ":2: 8 fields (expected 7)" },
    { HEADER ROW(0) "1,boid,1.5,2", ":3: 4 fields (expected 7)" },
    { HEADER "0\n", ":2: 1 fields (expected 7)" },
    { HEADER "0;boid;1;2;3;4;0.5\n", ":2: 1 fields (expected 7)" },
    /* numbers */
    { HEADER "0,boid,1,2,abc,4,0.5\n", ":2:12: vx: \"abc\" is not a number" },
    { HEADER "0,boid,,2,3,4,0.5\n", ":2:8: x: \"\" is not a number" },
    { HEADER "0,boid,1,1.5x,3,4,0.5\n", ":2:10: y: \"1.5x\" is not a number" },
    { HEADER "0,boid,1,2,3,nan,0.5\n", ":2:14: vy: \"nan\" is not a number" },
    { HEADER "0,boid,1,2,3,4,inf\n", ":2:16: biasval: \"inf\" is not a number" },
    { HEADER "0,boid,-infinity,2,3,4,0.5\n", ":2:8: x: \"-infinity\" is not a number" },
    { HEADER "0,boid,0x1p3,2,3,4,0.5\n", ":2:8: x: \"0x1p3\" is not a number" },
    { HEADER "0,boid, 1,2,3,4,0.5\n", ":2:8: x: \" 1\" is not a number" },
    { HEADER "0,boid,1 ,2,3,4,0.5\n", ":2:8: x: \"1 \" is not a number" },
    { HEADER "0,boid,1.2.3,2,3,4,0.5\n", ":2:8: x: \"1.2.3\" is not a number" },
    { HEADER "0,boid,1e,2,3,4,0.5\n", ":2:8: x: \"1e\" is not a number" },
    { HEADER "0,boid,-,2,3,4,0.5\n", ":2:8: x: \"-\" is not a number" },
    { HEADER "0,boid,1,2,3,4,\"0.5\"\n", ":2:16: biasval: \"\"0.5\"\" is not a number" },
    { HEADER "0,boid,1e999,2,3,4,0.5\n", ":2:8: x: 1e999 is out of range [-16384, 16383.9999847412]" },
    { HEADER "0,boid,1,2,300.50,4,0.5\n", ":2:12: vx: 300.50 is out of range [-64, 64]" },
    { HEADER "0,boid,1,2,3,4,1.5\n", ":2:16: biasval: 1.5 is out of range [0, 1]" },
    { HEADER "0,boid,1,-1e400,3,4,0.5\n", ":2:10: y: -1e400 is out of range [-16384, 16383.9999847412]" },
    { HEADER "0,boid,1,2,3,4,0.5\r\r\n", ":2:16: biasval: \"0.5\\r\" is not a number" },
    /* roles */
    { HEADER ROW(0) ROW(1) ROW(2) ROW(3) ROW(4) ROW(5) ROW(6) "7,hawk,1,2,3,4,0.5\n",
      ":9:3: unknown role \"hawk\" (expected boid, scout1, scout2 or predator)" },
    { HEADER "0,Boid,1,2,3,4,0.5\n",
      ":2:3: unknown role \"Boid\" (expected boid, scout1, scout2 or predator)" },
    { HEADER "0,,1,2,3,4,0.5\n", ":2:3: unknown role \"\" (expected boid, scout1, scout2 or predator)" },
    { HEADER "0,1,1,2,3,4,0.5\n",
      ":2:3: unknown role \"1\" (expected boid, scout1, scout2 or predator)" },
    { HEADER "0,aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa,1,2,3,4,0.5\n",
      ":2:3: unknown role \"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa...\" (expected boid, scout1, "
      "scout2 or predator)" },
    /* ids */
    { HEADER "-1,boid,1,2,3,4,0.5\n",
      ":2:1: id: -1 is out of range [0, 65791] (a file holds at most 65792 boids)" },
    { HEADER "abc,boid,1,2,3,4,0.5\n", ":2:1: id: \"abc\" is not a whole number" },
    { HEADER ",boid,1,2,3,4,0.5\n", ":2:1: id: \"\" is not a whole number" },
    { HEADER "1.0,boid,1,2,3,4,0.5\n", ":2:1: id: \"1.0\" is not a whole number" },
    { HEADER " 1,boid,1,2,3,4,0.5\n", ":2:1: id: \" 1\" is not a whole number" },
    { HEADER "65792,boid,1,2,3,4,0.5\n",
      ":2:1: id: 65792 is out of range [0, 65791] (a file holds at most 65792 boids)" },
    { HEADER "99999999999999999999999,boid,1,2,3,4,0.5\n",
      ":2:1: id: 99999999999999999999999 is out of range [0, 65791] (a file holds at most 65792 "
      "boids)" },
    { HEADER ROW(0) ROW(1) ROW(2) ROW(3) ROW(4) ROW(5) ROW(6) ROW(7) ROW(8) ROW(9) ROW(4),
      ":12: id 4 appears twice (first on line 6)" },
    { HEADER ROW(0) ROW(0), ":3: id 0 appears twice (first on line 2)" },
    { HEADER ROW(0) ROW(1) ROW(2) ROW(4) ROW(5) ROW(6) ROW(7) ROW(8) ROW(9) ROW(10),
      ": ids must be 0..9 each once; id 3 is missing" },
    { HEADER ROW(2) ROW(1), ": ids must be 0..1 each once; id 0 is missing" },
    { HEADER ROW(5), ": ids must be 0..0 each once; id 0 is missing" },
    { HEADER ROW(0) ROW(1) ROW(3), ": ids must be 0..2 each once; id 2 is missing" },
    /* empty lines only at the end */
    { HEADER ROW(0) "\n" ROW(1), ":3: empty line before more rows (empty lines are allowed only "
                                 "at the end)" },
    { HEADER "\r\n\r\n" ROW(0), ":2: empty line before more rows (empty lines are allowed only "
                                "at the end)" },
};

static void test_read_errors(void **state)
{
    size_t i;

    for (i = 0; i < sizeof error_cases / sizeof error_cases[0]; i++) {
        expect_read_error(*state, error_cases[i].data, strlen(error_cases[i].data),
                          error_cases[i].expected_tail);
    }
}

static void test_missing_file(void **state)
{
    const test_dir_t *d = *state;
    state_table_t t = { 5, NULL };
    char path[256], expected[512];
    char err[512] = "";

    path_in(d, "absent.csv", path, sizeof path);
    snprintf(expected, sizeof expected, "%s: cannot open: No such file or directory", path);
    assert_int_equal(state_csv_read(path, &t, err, sizeof err), -1);
    assert_string_equal(err, expected);
    assert_int_equal(t.n, 0);
    assert_null(t.row);
    assert_int_equal(count_entries(d->dir), 0);
}

static void test_directory_is_not_a_file(void **state)
{
    const test_dir_t *d = *state;
    state_table_t t;
    char expected[512];
    char err[512] = "";

    snprintf(expected, sizeof expected, "%s: cannot read: Is a directory", d->dir);
    assert_int_equal(state_csv_read(d->dir, &t, err, sizeof err), -1);
    assert_string_equal(err, expected);
    assert_int_equal(t.n, 0);
    assert_null(t.row);
}

static void test_nul_byte_rejected(void **state)
{
    static const char data[] = HEADER "0,boid,1,2\0,3,4,0.5\n";

    expect_read_error(*state, data, sizeof data - 1,
                      ":2: line contains a NUL byte (not a text file?)");
}

/* A valid row padded with leading zeros in x to exactly len characters. */
static char *row_of_length(size_t len, const char *line_ending)
{
    static const char tail[] = "1,2,3,4,0.5";
    static const char head[] = "0,boid,";
    size_t zeros = len - (sizeof head - 1) - (sizeof tail - 1);
    size_t total = (sizeof HEADER - 1) + len + strlen(line_ending);
    char *data = malloc(total + 1);
    char *p = data;

    assert_non_null(data);
    p += sprintf(p, "%s%s", HEADER, head);
    memset(p, '0', zeros);
    p += zeros;
    sprintf(p, "%s%s", tail, line_ending);
    assert_int_equal(strlen(data), total);
    return data;
}

static void test_line_length_limit(void **state)
{
    state_table_t t;
    char *data;

    data = row_of_length(MAX_LINE, "\n");
    read_ok(*state, data, strlen(data), &t);
    assert_int_equal(t.n, 1);
    assert_true(t.row[0].x == 1.0);
    state_table_free(&t);
    free(data);

    data = row_of_length(MAX_LINE, "\r\n"); /* the '\r' is not part of the line */
    read_ok(*state, data, strlen(data), &t);
    assert_int_equal(t.n, 1);
    state_table_free(&t);
    free(data);

    data = row_of_length(MAX_LINE, ""); /* last line, no newline */
    read_ok(*state, data, strlen(data), &t);
    assert_int_equal(t.n, 1);
    state_table_free(&t);
    free(data);

    data = row_of_length(MAX_LINE + 1, "\n");
    expect_read_error(*state, data, strlen(data), ":2: line is longer than 4096 characters");
    free(data);

    data = row_of_length(MAX_LINE + 1, "\r\n");
    expect_read_error(*state, data, strlen(data), ":2: line is longer than 4096 characters");
    free(data);

    data = row_of_length(MAX_LINE + 1, "");
    expect_read_error(*state, data, strlen(data), ":2: line is longer than 4096 characters");
    free(data);

    data = row_of_length(100000, "\n");
    expect_read_error(*state, data, strlen(data), ":2: line is longer than 4096 characters");
    free(data);
}

/* HEADER and rows 0..rows-1, ascending or descending. */
static char *many_rows(size_t rows, int descending)
{
    char *data = malloc((sizeof HEADER) + rows * 32);
    char *p = data;
    size_t i;

    assert_non_null(data);
    p += sprintf(p, "%s", HEADER);
    for (i = 0; i < rows; i++) {
        size_t id = descending ? rows - 1 - i : i;

        p += sprintf(p, "%zu,scout1,%zu,1,2,3,0.5\n", id, id % 16384); /* x: a position */
    }
    return data;
}

static void test_row_count_limit(void **state)
{
    state_table_t t;
    char *data;

    data = many_rows(MAX_ROWS, 1); /* the biggest id first */
    read_ok(*state, data, strlen(data), &t);
    assert_int_equal(t.n, MAX_ROWS);
    assert_true(t.row[MAX_ROWS - 1].x == (double)((MAX_ROWS - 1) % 16384));
    assert_true(t.row[12345].x == 12345.0);
    assert_int_equal(t.row[0].role, STATE_SCOUT1);
    state_table_free(&t);
    free(data);

    data = many_rows(MAX_ROWS + 1, 0); /* ids all fine until one too many */
    expect_read_error(*state, data, strlen(data),
                      ":65794: more than 65792 boids (the most a file may hold)");
    free(data);
}

static void test_error_message_truncated_safely(void **state)
{
    const test_dir_t *d = *state;
    state_table_t t;
    char path[256];
    char err[10];

    path_in(d, "absent.csv", path, sizeof path);
    memset(err, 'x', sizeof err);
    assert_int_equal(state_csv_read(path, &t, err, sizeof err), -1);
    assert_int_equal(strlen(err), sizeof err - 1);
    assert_memory_equal(err, path, sizeof err - 1);

    /* No buffer at all is allowed too. */
    assert_int_equal(state_csv_read(path, &t, NULL, 0), -1);
    assert_int_equal(t.n, 0);
    assert_null(t.row);
}

/* ---- writing ------------------------------------------------------------ */

static void test_write_to_missing_directory(void **state)
{
    const test_dir_t *d = *state;
    state_row_t row = make_row(STATE_BOID, 1, 2, 3, 4, 0.5);
    state_table_t t = { 1, &row };
    char path[256], expected[512];
    char err[512] = "";

    path_in(d, "no-such-dir/x.csv", path, sizeof path);
    snprintf(expected, sizeof expected, "%s: cannot write: No such file or directory", path);
    assert_int_equal(state_csv_write(path, &t, err, sizeof err), -1);
    assert_string_equal(err, expected);
    assert_int_equal(count_entries(d->dir), 0);
}

/* A write that fails halfway (role 9 on the third row) must leave the old
 * file byte for byte and no temporary file beside it. */
static void test_failed_write_keeps_existing_file(void **state)
{
    static const char old_text[] = HEADER ROW(0) "precious, hand-edited\n";
    const test_dir_t *d = *state;
    state_row_t rows[4];
    state_table_t t = { 4, rows };
    char path[256], expected[512];
    char err[512] = "";
    char *text;
    size_t i;

    for (i = 0; i < 4; i++)
        rows[i] = make_row(STATE_BOID, 1, 2, 3, 4, 0.5);
    rows[2].role = 9;
    path_in(d, "state.csv", path, sizeof path);
    write_bytes(path, old_text, sizeof old_text - 1);

    snprintf(expected, sizeof expected, "%s: cannot write: boid 2 has unknown role 9", path);
    assert_int_equal(state_csv_write(path, &t, err, sizeof err), -1);
    assert_string_equal(err, expected);
    text = read_text(path);
    assert_string_equal(text, old_text);
    free(text);
    assert_int_equal(count_entries(d->dir), 1);

    rows[2].role = -1;
    assert_int_equal(state_csv_write(path, &t, err, sizeof err), -1);
    assert_non_null(strstr(err, "boid 2 has unknown role -1"));
    text = read_text(path);
    assert_string_equal(text, old_text);
    free(text);
    assert_int_equal(count_entries(d->dir), 1);
}

static void test_write_rejects_unreadable_tables(void **state)
{
    const test_dir_t *d = *state;
    state_row_t rows[2];
    state_table_t t = { 2, rows };
    state_table_t empty = { 0, NULL };
    state_table_t no_rows = { 3, NULL };
    char path[256];
    char err[512] = "";

    rows[0] = make_row(STATE_BOID, 1, 2, 3, 4, 0.5);
    rows[1] = make_row(STATE_BOID, 1, 2, 3, NAN, 0.5);
    path_in(d, "bad.csv", path, sizeof path);

    assert_int_equal(state_csv_write(path, &t, err, sizeof err), -1);
    assert_non_null(strstr(err, "boid 1 has vy nan (not finite)"));
    rows[1].vy = 4;
    rows[1].biasval = -INFINITY;
    assert_int_equal(state_csv_write(path, &t, err, sizeof err), -1);
    assert_non_null(strstr(err, "boid 1 has biasval -inf (not finite)"));

    assert_int_equal(state_csv_write(path, &empty, err, sizeof err), -1);
    assert_non_null(strstr(err, "no boids"));
    assert_int_equal(state_csv_write(path, &no_rows, err, sizeof err), -1);
    assert_non_null(strstr(err, "no table"));
    assert_int_equal(state_csv_write(path, NULL, err, sizeof err), -1);
    assert_non_null(strstr(err, "no table"));
    assert_int_equal(count_entries(d->dir), 0);
}

static void test_write_replaces_existing_file(void **state)
{
    const test_dir_t *d = *state;
    state_row_t row = make_row(STATE_SCOUT2, 7, 8, 9, 10, 0.75);
    state_table_t t = { 1, &row }, back;
    struct stat info;
    char path[256];
    char err[512] = "";

    path_in(d, "state.csv", path, sizeof path);
    write_bytes(path, "old\n", 4);
    if (state_csv_write(path, &t, err, sizeof err) != 0)
        fail_msg("write failed: %s", err);
    if (state_csv_read(path, &back, err, sizeof err) != 0)
        fail_msg("read failed: %s", err);
    assert_int_equal(back.n, 1);
    assert_int_equal(back.row[0].role, STATE_SCOUT2);
    assert_true(back.row[0].vy == 10.0);
    assert_true(back.row[0].biasval == 0.75);
    state_table_free(&back);
    assert_int_equal(count_entries(d->dir), 1);
    assert_int_equal(stat(path, &info), 0);
    assert_int_equal(info.st_mode & 0777, 0644);
}

/* A directory as the target is refused before any temporary file exists, and
 * none is left behind. */
static void test_failed_rename_removes_temp_file(void **state)
{
    const test_dir_t *d = *state;
    state_row_t row = make_row(STATE_BOID, 1, 2, 3, 4, 0.5);
    state_table_t t = { 1, &row };
    char path[256], expected[512];
    char err[512] = "";

    path_in(d, "target.csv", path, sizeof path);
    assert_int_equal(mkdir(path, 0755), 0);
    snprintf(expected, sizeof expected, "%s: cannot write: it is a directory", path);
    assert_int_equal(state_csv_write(path, &t, err, sizeof err), -1);
    assert_string_equal(err, expected);
    assert_int_equal(count_entries(d->dir), 1);
    assert_int_equal(rmdir(path), 0);
}

static void test_table_free_zeroes(void **state)
{
    static const char data[] = HEADER ROW(0) ROW(1);
    state_table_t t;

    read_ok(*state, data, sizeof data - 1, &t);
    assert_int_equal(t.n, 2);
    assert_non_null(t.row);
    state_table_free(&t);
    assert_int_equal(t.n, 0);
    assert_null(t.row);
    state_table_free(&t); /* twice is harmless */
    assert_int_equal(t.n, 0);
    assert_null(t.row);
    state_table_free(NULL);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_round_trip_fixed_point_exact, make_dir, remove_dir),
        cmocka_unit_test_setup_teardown(test_write_exact_text, make_dir, remove_dir),
        cmocka_unit_test_setup_teardown(test_ids_out_of_order_are_sorted, make_dir, remove_dir),
        cmocka_unit_test_setup_teardown(test_crlf_accepted, make_dir, remove_dir),
        cmocka_unit_test_setup_teardown(test_last_line_without_newline, make_dir, remove_dir),
        cmocka_unit_test_setup_teardown(test_trailing_empty_lines_ignored, make_dir, remove_dir),
        cmocka_unit_test_setup_teardown(test_decimal_forms_accepted, make_dir, remove_dir),
        cmocka_unit_test_setup_teardown(test_read_errors, make_dir, remove_dir),
        cmocka_unit_test_setup_teardown(test_missing_file, make_dir, remove_dir),
        cmocka_unit_test_setup_teardown(test_directory_is_not_a_file, make_dir, remove_dir),
        cmocka_unit_test_setup_teardown(test_nul_byte_rejected, make_dir, remove_dir),
        cmocka_unit_test_setup_teardown(test_line_length_limit, make_dir, remove_dir),
        cmocka_unit_test_setup_teardown(test_row_count_limit, make_dir, remove_dir),
        cmocka_unit_test_setup_teardown(test_error_message_truncated_safely, make_dir, remove_dir),
        cmocka_unit_test_setup_teardown(test_write_to_missing_directory, make_dir, remove_dir),
        cmocka_unit_test_setup_teardown(test_failed_write_keeps_existing_file, make_dir, remove_dir),
        cmocka_unit_test_setup_teardown(test_write_rejects_unreadable_tables, make_dir, remove_dir),
        cmocka_unit_test_setup_teardown(test_write_replaces_existing_file, make_dir, remove_dir),
        cmocka_unit_test_setup_teardown(test_failed_rename_removes_temp_file, make_dir, remove_dir),
        cmocka_unit_test_setup_teardown(test_table_free_zeroes, make_dir, remove_dir),
    };

    return cmocka_run_group_tests(tests, NULL, NULL);
}
