/* Tests for host/journal.c: every row check with its message, and resumes of
 * journals that once lost runs or blocked (a header over 511 characters, a
 * long line, a NUL byte, a corrupt last line, CRLF, wrong values), what a
 * resume may cut off (only an unterminated last line), and failed writes. */
#define _POSIX_C_SOURCE 200809L

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

#include "journal.h"

#define DESCRIBE "# sweep frames=120 seeds=2 sizes=10 fractions=0,0.3 biases=0.1 conflict=6/30@0.05"
#define HEADER DESCRIBE "\n" JOURNAL_COLUMNS "\n"

/* A sweep of four runs. */
static const run_spec_t runs[] = {
    {KIND_LEADERSHIP, 10, 0, 0, 0.1, 1},
    {KIND_LEADERSHIP, 10, 0, 0, 0.1, 2},
    {KIND_LEADERSHIP, 10, 3, 0, 0.1, 1},
    {KIND_CONFLICT, 30, 4, 2, 0.05, 1},
};
#define N_RUNS (sizeof runs / sizeof runs[0])

/* A resume's outcome: the results and every line it reported. */
typedef struct {
    char dir[64], path[128];
    unsigned char have[N_RUNS];
    run_result_t result[N_RUNS];
    sweep_results_t sr;
    char reports[4096];
    int n_reports;
    char err[512];
    journal_t j;
} fixture_t;

static void collect_report(void *ctx, const char *message)
{
    fixture_t *f = ctx;
    size_t used = strlen(f->reports);

    snprintf(f->reports + used, sizeof f->reports - used, "%s\n", message);
    f->n_reports++;
}

static int make_fixture(void **state)
{
    fixture_t *f = calloc(1, sizeof *f);

    if (f == NULL)
        return -1;
    strcpy(f->dir, "/tmp/test_journal.XXXXXX");
    if (mkdtemp(f->dir) == NULL) {
        free(f);
        return -1;
    }
    snprintf(f->path, sizeof f->path, "%s/runs.csv", f->dir);
    f->sr.runs = runs;
    f->sr.n_runs = N_RUNS;
    f->sr.have = f->have;
    f->sr.result = f->result;
    *state = f;
    return 0;
}

static int remove_fixture(void **state)
{
    fixture_t *f = *state;
    char err[512];

    journal_close(&f->j, err, sizeof err);
    remove(f->path);
    rmdir(f->dir);
    free(f);
    return 0;
}

static void write_file(const char *path, const char *bytes, size_t len)
{
    FILE *out = fopen(path, "wb");

    assert_non_null(out);
    assert_int_equal(fwrite(bytes, 1, len, out), len);
    assert_int_equal(fclose(out), 0);
}

/* The whole file; *len gets its length. Free the result. */
static char *read_file(const char *path, size_t *len)
{
    FILE *in = fopen(path, "rb");
    char *bytes;
    struct stat st;

    assert_non_null(in);
    assert_int_equal(fstat(fileno(in), &st), 0);
    bytes = malloc((size_t)st.st_size + 1);
    assert_non_null(bytes);
    *len = fread(bytes, 1, (size_t)st.st_size, in);
    assert_int_equal(*len, (size_t)st.st_size);
    bytes[*len] = '\0';
    fclose(in);
    return bytes;
}

/* Run i's row as the journal writes it, into buf (at least 128 bytes). */
static const char *row(char *buf, size_t i, double dx, int right, double polarization)
{
    run_result_t res = {dx, right, polarization};

    assert_true(journal_format_row(buf, 128, i, &runs[i], &res) > 0);
    return buf;
}

/* line with its check appended (",xxxxxxxx"), as the journal would write it;
 * the last of 8 buffers that calls share in turn. */
static const char *checked(const char *line)
{
    static char bufs[8][160];
    static int next;
    char *buf = bufs[next++ % 8];

    snprintf(buf, sizeof bufs[0], "%s,%08x", line, (unsigned)journal_row_check(line, strlen(line)));
    return buf;
}

static int open_journal(fixture_t *f)
{
    return journal_open(&f->j, f->path, DESCRIBE, &f->sr, collect_report, f, f->err,
                        sizeof f->err);
}

/* ---- rows --------------------------------------------------------------- */

static void a_written_row_reads_back(void **state)
{
    char buf[128], why[256];
    size_t i = 99;
    run_result_t res;

    (void)state;
    row(buf, 3, -12.34567, 0, 0.98765);
    assert_int_equal(strncmp(buf, checked("3,1,30,4,2,0.05,1,-12.3457,0,0.9877"), strlen(buf) - 1), 0);
    assert_string_equal(buf + strlen(buf) - 1, "\n");
    assert_int_equal(journal_parse_row(buf, strlen(buf) - 1, runs, N_RUNS, &i, &res, why,
                                       sizeof why),
                     0);
    assert_int_equal(i, 3);
    assert_true(res.dx == -12.3457 && res.right == 0 && res.polarization == 0.9877);
    /* dx rounds to 0.0000: either side is consistent */
    row(buf, 0, 0.00001, 1, 0.5);
    assert_int_equal(journal_parse_row(buf, strlen(buf) - 1, runs, N_RUNS, &i, &res, why,
                                       sizeof why),
                     0);
}

static void a_row_too_long_for_its_buffer_is_refused(void **state)
{
    char buf[16];
    run_result_t res = {1, 1, 0.5};

    (void)state;
    assert_int_equal(journal_format_row(buf, sizeof buf, 0, &runs[0], &res), -1);
}

/* Each bad row, its check appended (so that the field is what fails), with
 * the exact reason it is refused. */
static void every_bad_field_is_named(void **state)
{
    static const struct {
        const char *line, *why;
    } cases[] = {
        {"0,0,10,0,0,0.1,1,1.0,1", "10 fields, a row has 11"},
        {"0,0,10,0,0,0.1,1,1.0,1,0.5,7", "12 fields, a row has 11"},
        {"garbage", "2 fields, a row has 11"},
        {"x,0,10,0,0,0.1,1,1.0,1,0.5", "run \"x\" is not one of this sweep's 4 runs"},
        {"4,0,10,0,0,0.1,1,1.0,1,0.5", "run \"4\" is not one of this sweep's 4 runs"},
        {"-1,0,10,0,0,0.1,1,1.0,1,0.5", "run \"-1\" is not one of this sweep's 4 runs"},
        {",0,10,0,0,0.1,1,1.0,1,0.5", "run \"\" is not one of this sweep's 4 runs"},
        {"99999999999999999999,0,10,0,0,0.1,1,1.0,1,0.5",
         "run \"99999999999999999999\" is not one of this sweep's 4 runs"},
        {"0,1,10,0,0,0.1,1,1.0,1,0.5", "run 0: kind is \"1\", the sweep's run has 0"},
        {"0,0,11,0,0,0.1,1,1.0,1,0.5", "run 0: boids is \"11\", the sweep's run has 10"},
        {"2,0,10,2,0,0.1,1,1.0,1,0.5", "run 2: scouts1 is \"2\", the sweep's run has 3"},
        {"3,1,30,4,3,0.05,1,1.0,1,0.5", "run 3: scouts2 is \"3\", the sweep's run has 2"},
        {"0,0,10,0,0,0.10,1,1.0,1,0.5", "run 0: bias is \"0.10\", the sweep's run has 0.1"},
        {"1,0,10,0,0,0.1,1,1.0,1,0.5", "run 1: seed is \"1\", the sweep's run has 2"},
        {"0,0,10,0,0,0.1,1,nan,1,0.5", "run 0: dx is \"nan\", not a number in [-8192, 8192]"},
        {"0,0,10,0,0,0.1,1,inf,1,0.5", "run 0: dx is \"inf\", not a number in [-8192, 8192]"},
        {"0,0,10,0,0,0.1,1,1e9,1,0.5", "run 0: dx is \"1e9\", not a number in [-8192, 8192]"},
        {"0,0,10,0,0,0.1,1,,1,0.5", "run 0: dx is \"\", not a number in [-8192, 8192]"},
        {"0,0,10,0,0,0.1,1, 1.0,1,0.5", "run 0: dx is \" 1.0\", not a number in [-8192, 8192]"},
        {"0,0,10,0,0,0.1,1,1.0x,1,0.5", "run 0: dx is \"1.0x\", not a number in [-8192, 8192]"},
        {"0,0,10,0,0,0.1,1,1.0,5,0.5", "run 0: right is \"5\", not 0 or 1"},
        {"0,0,10,0,0,0.1,1,1.0,,0.5", "run 0: right is \"\", not 0 or 1"},
        {"0,0,10,0,0,0.1,1,1.0,1.0,0.5", "run 0: right is \"1.0\", not 0 or 1"},
        {"0,0,10,0,0,0.1,1,-3.5,1,0.5", "run 0: right is 1 but dx is -3.5"},
        {"0,0,10,0,0,0.1,1,3.5,0,0.5", "run 0: right is 0 but dx is 3.5"},
        {"0,0,10,0,0,0.1,1,1.0,1,1.5", "run 0: polarization is \"1.5\", not a number in [0, 1]"},
        {"0,0,10,0,0,0.1,1,1.0,1,-0.1", "run 0: polarization is \"-0.1\", not a number in [0, 1]"},
        {"0,0,10,0,0,0.1,1,1.0,1,nan", "run 0: polarization is \"nan\", not a number in [0, 1]"},
        {"0,0,10,0,0,0.1,1,1.0,1,0.5000000000000000000000000000001",
         "its polarization field is 33 characters long"},
    };
    size_t k, i;
    run_result_t res;
    char why[256];

    (void)state;
    for (k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        const char *line = checked(cases[k].line);

        why[0] = '\0';
        assert_int_equal(journal_parse_row(line, strlen(line), runs, N_RUNS, &i, &res, why,
                                           sizeof why),
                         -1);
        assert_string_equal(why, cases[k].why);
    }
}

/* A row edited within its ranges, or damaged, fails its check. */
static void an_edited_row_fails_its_check(void **state)
{
    char line[160], why[256], expected[256];
    size_t i;
    run_result_t res;

    (void)state;
    strcpy(line, checked("0,0,10,0,0,0.1,1,1.0,1,0.5"));
    assert_int_equal(journal_parse_row(line, strlen(line), runs, N_RUNS, &i, &res, why, sizeof why), 0);
    line[17] = '2'; /* dx 1.0 becomes 2.0: in range, right still agrees */
    snprintf(expected, sizeof expected, "its check is \"%s\", its text gives %08x (an edited or damaged row)",
             line + 27, (unsigned)journal_row_check(line, 26));
    assert_int_equal(journal_parse_row(line, strlen(line), runs, N_RUNS, &i, &res, why, sizeof why), -1);
    assert_string_equal(why, expected);
}

static void a_nul_byte_is_refused(void **state)
{
    static const char line[] = "0,0,10,0,0,0.1,1,1.0,1,0.5\0";
    size_t i;
    run_result_t res;
    char why[256];

    (void)state;
    assert_int_equal(journal_parse_row(line, sizeof line - 1, runs, N_RUNS, &i, &res, why,
                                       sizeof why),
                     -1);
    assert_string_equal(why, "holds a NUL byte");
}

/* ---- resuming ------------------------------------------------------------ */

static void a_new_journal_gets_its_two_header_lines(void **state)
{
    fixture_t *f = *state;
    size_t len;
    char *text;

    assert_int_equal(open_journal(f), 0);
    assert_int_equal(journal_close(&f->j, f->err, sizeof f->err), 0);
    text = read_file(f->path, &len);
    assert_string_equal(text, HEADER);
    assert_int_equal(f->sr.done, 0);
    free(text);
}

static void appended_rows_resume(void **state)
{
    fixture_t *f = *state;
    run_result_t a = {-5.25, 0, 0.75}, b = {7.5, 1, 0.25};

    assert_int_equal(open_journal(f), 0);
    assert_int_equal(journal_append(&f->j, 2, &runs[2], &a, f->err, sizeof f->err), 0);
    assert_int_equal(journal_append(&f->j, 0, &runs[0], &b, f->err, sizeof f->err), 0);
    assert_int_equal(journal_close(&f->j, f->err, sizeof f->err), 0);
    assert_int_equal(open_journal(f), 0);
    assert_int_equal(f->sr.done, 2);
    assert_true(f->have[0] && !f->have[1] && f->have[2] && !f->have[3]);
    assert_true(f->result[2].dx == -5.25 && f->result[2].right == 0 &&
                f->result[2].polarization == 0.75);
    assert_true(f->result[0].dx == 7.5 && f->result[0].right == 1);
    assert_int_equal(f->n_reports, 0);
}

/* The old reader's 512-byte lines cut this header and emptied the journal. */
static void a_header_over_511_characters_resumes(void **state)
{
    fixture_t *f = *state;
    char describe[800], text[1200], r0[128], r3[128];
    size_t len;
    char *after;

    memset(describe, 'x', sizeof describe - 1);
    describe[0] = '#';
    describe[sizeof describe - 1] = '\0';
    snprintf(text, sizeof text, "%s\n%s\n%s%s", describe, JOURNAL_COLUMNS, row(r0, 0, 1, 1, 0.5),
             row(r3, 3, -2, 0, 0.5));
    write_file(f->path, text, strlen(text));
    assert_int_equal(journal_open(&f->j, f->path, describe, &f->sr, collect_report, f, f->err,
                                  sizeof f->err),
                     0);
    assert_int_equal(journal_close(&f->j, f->err, sizeof f->err), 0);
    assert_int_equal(f->sr.done, 2);
    after = read_file(f->path, &len);
    assert_string_equal(after, text);
    free(after);
}

/* Lines that the old reader stopped at, dropping every run after them. */
static void bad_lines_are_skipped_and_reported(void **state)
{
    fixture_t *f = *state;
    static const char nul_row[] = "2,0,10,3\0,0,0.1,1,1.0,1,0.5\n";
    static char text[20000];
    char r0[128], r1[128], r2[128], r3[128], longline[10001];
    size_t len, at;
    char *after;

    memset(longline, 'x', sizeof longline - 1);
    longline[sizeof longline - 1] = '\0';
    at = (size_t)snprintf(text, sizeof text, HEADER "%s%s\n%s", row(r0, 0, 1, 1, 0.5), longline,
                          row(r1, 1, 2, 1, 0.5));
    memcpy(text + at, nul_row, sizeof nul_row - 1);
    at += sizeof nul_row - 1;
    at += (size_t)snprintf(text + at, sizeof text - at, "%s%s\n%s",
                           row(r2, 2, 3, 1, 0.5), checked("3,1,30,4,2,0.05,1,4.0,5,0.5"),
                           row(r3, 0, 9, 1, 0.5));
    write_file(f->path, text, at);
    assert_int_equal(open_journal(f), 0);
    assert_int_equal(journal_close(&f->j, f->err, sizeof f->err), 0);
    assert_int_equal(f->sr.done, 3);
    assert_true(f->have[0] && f->have[1] && f->have[2] && !f->have[3]);
    assert_true(f->result[0].dx == 1); /* the first of a repeated run */
    assert_int_equal(f->n_reports, 4);
    assert_non_null(strstr(f->reports, "/runs.csv:4: 1 field, a row has 11; skipped\n"));
    assert_non_null(strstr(f->reports, "/runs.csv:6: holds a NUL byte; skipped\n"));
    assert_non_null(strstr(f->reports, "/runs.csv:8: run 3: right is \"5\", not 0 or 1; skipped\n"));
    assert_non_null(strstr(f->reports, "/runs.csv:9: run 0 again; skipped\n"));
    after = read_file(f->path, &len); /* skipped lines stay: nothing is rewritten */
    assert_int_equal(len, at);
    assert_memory_equal(after, text, at);
    free(after);
}

static void a_corrupt_last_line_with_its_newline_does_not_block(void **state)
{
    fixture_t *f = *state;
    char text[512], r0[128];

    snprintf(text, sizeof text, HEADER "%s11,0,10,3,0,garbage\n", row(r0, 0, 1, 1, 0.5));
    write_file(f->path, text, strlen(text));
    assert_int_equal(open_journal(f), 0);
    assert_int_equal(f->sr.done, 1);
    assert_int_equal(f->n_reports, 1);
    assert_non_null(strstr(f->reports, "/runs.csv:4: 6 fields, a row has 11; skipped\n"));
}

static void a_crlf_journal_resumes(void **state)
{
    fixture_t *f = *state;
    char text[512];

    snprintf(text, sizeof text, DESCRIBE "\r\n" JOURNAL_COLUMNS "\r\n%s\r\n%s\r\n",
             checked("0,0,10,0,0,0.1,1,1.0000,1,0.5000"), checked("3,1,30,4,2,0.05,1,-1.0000,0,0.5000"));
    write_file(f->path, text, strlen(text));
    assert_int_equal(open_journal(f), 0);
    assert_int_equal(f->sr.done, 2);
    assert_int_equal(f->n_reports, 0);
}

/* An interrupted write leaves a line without its newline, even one that would
 * parse: only those bytes go, and the next row starts on a line of its own. */
static void only_an_unterminated_last_line_is_cut_off(void **state)
{
    fixture_t *f = *state;
    char text[512], r0[128], r1[128];
    run_result_t res = {2, 1, 0.5};
    size_t len, whole;
    char *after;

    whole = (size_t)snprintf(text, sizeof text, HEADER "%s", row(r0, 0, 1, 1, 0.5));
    snprintf(text + whole, sizeof text - whole, "1,0,10,0,0,0.1,2,2.0000,1,0.5");
    write_file(f->path, text, strlen(text));
    assert_int_equal(open_journal(f), 0);
    assert_int_equal(f->sr.done, 1);
    assert_false(f->have[1]);
    assert_non_null(strstr(f->reports, "/runs.csv:4: cut off (no line end); dropped\n"));
    assert_int_equal(journal_append(&f->j, 1, &runs[1], &res, f->err, sizeof f->err), 0);
    assert_int_equal(journal_close(&f->j, f->err, sizeof f->err), 0);
    after = read_file(f->path, &len);
    text[whole] = '\0';
    assert_int_equal(strncmp(after, text, whole), 0);
    assert_string_equal(after + whole, row(r1, 1, 2, 1, 0.5));
    free(after);
}

/* A journal cut off in its header lines (nothing, part of the first, the
 * first alone) is completed to both. */
static void a_cut_off_header_is_completed(void **state)
{
    fixture_t *f = *state;
    static const char *const texts[] = {"", "# sweep frames=1", DESCRIBE "\n"};
    size_t k, len;
    char *after;

    for (k = 0; k < sizeof texts / sizeof texts[0]; k++) {
        write_file(f->path, texts[k], strlen(texts[k]));
        assert_int_equal(open_journal(f), 0);
        assert_int_equal(journal_close(&f->j, f->err, sizeof f->err), 0);
        after = read_file(f->path, &len);
        assert_string_equal(after, HEADER);
        free(after);
    }
}

static void another_sweeps_journal_is_refused_untouched(void **state)
{
    fixture_t *f = *state;
    static const char *const texts[] = {
        "# sweep frames=600 seeds=100\n" JOURNAL_COLUMNS "\n0,0,10,0,0,0.1,1,1.0,1,0.5\n",
        "# sweep frames=600 seeds=100", /* cut off, but not this sweep's */
        "a,b,c\n",
    };
    size_t k, len;
    char *after;

    for (k = 0; k < sizeof texts / sizeof texts[0]; k++) {
        write_file(f->path, texts[k], strlen(texts[k]));
        assert_int_equal(open_journal(f), -1);
        assert_non_null(strstr(f->err, "holds another sweep"));
        after = read_file(f->path, &len);
        assert_string_equal(after, texts[k]);
        free(after);
    }
}

static void a_device_is_not_a_journal(void **state)
{
    fixture_t *f = *state;

    assert_int_equal(journal_open(&f->j, "/dev/full", DESCRIBE, &f->sr, collect_report, f,
                                  f->err, sizeof f->err),
                     -1);
    assert_string_equal(f->err, "/dev/full: not a regular file");
}

/* ---- writing ------------------------------------------------------------- */

static void a_failed_write_is_an_error_and_stops_the_journal(void **state)
{
    fixture_t *f = *state;
    run_result_t res = {1, 1, 0.5};

    f->j.file = fopen("/dev/full", "a");
    f->j.path = "/dev/full";
    f->j.failed = 0;
    assert_non_null(f->j.file);
    assert_int_equal(journal_append(&f->j, 0, &runs[0], &res, f->err, sizeof f->err), -1);
    assert_string_equal(f->err, "/dev/full: cannot write: No space left on device");
    assert_int_equal(journal_append(&f->j, 1, &runs[1], &res, f->err, sizeof f->err), -1);
    assert_string_equal(f->err, "/dev/full: an earlier write failed");
    assert_int_equal(journal_close(&f->j, f->err, sizeof f->err), -1);
    assert_null(f->j.file);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(a_written_row_reads_back),
        cmocka_unit_test(a_row_too_long_for_its_buffer_is_refused),
        cmocka_unit_test(every_bad_field_is_named),
        cmocka_unit_test(a_nul_byte_is_refused),
        cmocka_unit_test(an_edited_row_fails_its_check),
        cmocka_unit_test_setup_teardown(a_new_journal_gets_its_two_header_lines, make_fixture,
                                        remove_fixture),
        cmocka_unit_test_setup_teardown(appended_rows_resume, make_fixture, remove_fixture),
        cmocka_unit_test_setup_teardown(a_header_over_511_characters_resumes, make_fixture,
                                        remove_fixture),
        cmocka_unit_test_setup_teardown(bad_lines_are_skipped_and_reported, make_fixture,
                                        remove_fixture),
        cmocka_unit_test_setup_teardown(a_corrupt_last_line_with_its_newline_does_not_block,
                                        make_fixture, remove_fixture),
        cmocka_unit_test_setup_teardown(a_crlf_journal_resumes, make_fixture, remove_fixture),
        cmocka_unit_test_setup_teardown(only_an_unterminated_last_line_is_cut_off, make_fixture,
                                        remove_fixture),
        cmocka_unit_test_setup_teardown(a_cut_off_header_is_completed, make_fixture,
                                        remove_fixture),
        cmocka_unit_test_setup_teardown(another_sweeps_journal_is_refused_untouched,
                                        make_fixture, remove_fixture),
        cmocka_unit_test_setup_teardown(a_device_is_not_a_journal, make_fixture, remove_fixture),
        cmocka_unit_test_setup_teardown(a_failed_write_is_an_error_and_stops_the_journal,
                                        make_fixture, remove_fixture),
    };

    return cmocka_run_group_tests(tests, NULL, NULL);
}
