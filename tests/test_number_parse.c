/* The one number parser (host/number_parse.c): its syntax, its range checks
 * and its one wording, with every failing example of issue 13 item 8. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <math.h>
#include <string.h>

#include "number_parse.h"
#include "params.h"

typedef struct {
    const char *text;
    double value;
} real_case_t;

static void test_real_accepted(void **state)
{
    static const real_case_t cases[] = {
        {"0", 0},         {"+10", 10},     {"-2.5", -2.5}, {".5", 0.5},   {"5.", 5},
        {"1e-2", 0.01},   {"-1.25E+2", -125}, {"007", 7}, {"255", 255},  {"1e3", 1000},
    };
    size_t i;

    (void)state;
    for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        double v = -99;
        char err[200] = "";
        assert_int_equal(number_parse_real("x", cases[i].text, -1e6, 1e6, &v, err, sizeof err),
                         NUMBER_OK);
        assert_true(v == cases[i].value);
        assert_string_equal(err, "");
    }
}

/* Tiny values are numbers: the nearest double, subnormal or zero. */
static void test_real_tiny_values(void **state)
{
    double v = -1;
    char err[200] = "";

    (void)state;
    assert_int_equal(number_parse_real("avoidfactor", "1e-320", 0, 1, &v, err, sizeof err),
                     NUMBER_OK);
    assert_true(v > 0 && v < 1e-300);
    assert_int_equal(number_parse_real("avoidfactor", "1e-400", 0, 1, &v, err, sizeof err),
                     NUMBER_OK);
    assert_true(v == 0);
    assert_int_equal(number_parse_real("x", "-1e-400", -1, 1, &v, err, sizeof err), NUMBER_OK);
    assert_true(v == 0);
}

typedef struct {
    const char *text;
    const char *message;
} error_case_t;

static void expect_real_error(const char *text, double min, double max, const char *message)
{
    double v = 42;
    char err[300] = "";

    if (number_parse_real("--bias1", text, min, max, &v, err, sizeof err) == NUMBER_OK)
        fail_msg("\"%s\" was accepted as %g", text, v);
    assert_string_equal(err, message);
    assert_true(v == 42);
}

static void test_real_refused(void **state)
{
    static const error_case_t not_numbers[] = {
        {"", "--bias1: \"\" is not a number"},
        {" 1", "--bias1: \" 1\" is not a number"},
        {"1 ", "--bias1: \"1 \" is not a number"},
        {"0x10", "--bias1: \"0x10\" is not a number"},
        {"0x1p3", "--bias1: \"0x1p3\" is not a number"},
        {"nan", "--bias1: \"nan\" is not a number"},
        {"inf", "--bias1: \"inf\" is not a number"},
        {"-infinity", "--bias1: \"-infinity\" is not a number"},
        {"1e", "--bias1: \"1e\" is not a number"},
        {"1e+", "--bias1: \"1e+\" is not a number"},
        {".", "--bias1: \".\" is not a number"},
        {"-", "--bias1: \"-\" is not a number"},
        {"+-1", "--bias1: \"+-1\" is not a number"},
        {"1.2.3", "--bias1: \"1.2.3\" is not a number"},
        {"1,5", "--bias1: \"1,5\" is not a number"},
        {"0.5\r", "--bias1: \"0.5\\r\" is not a number"},
        {"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",
         "--bias1: \"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa...\" is not a number"},
    };
    size_t i;

    (void)state;
    for (i = 0; i < sizeof not_numbers / sizeof not_numbers[0]; i++)
        expect_real_error(not_numbers[i].text, 0, 1, not_numbers[i].message);
}

/* The value as typed: never "255 is out of range [0, 255]". */
static void test_real_range_quotes_the_text(void **state)
{
    (void)state;
    expect_real_error("255.0001", 0, 255, "--bias1: 255.0001 is out of range [0, 255]");
    expect_real_error("-0.0000001", 0, 1, "--bias1: -0.0000001 is out of range [0, 1]");
    expect_real_error("1e999", 0, 1, "--bias1: 1e999 is out of range [0, 1]");
    expect_real_error("2", 0.0005, 1.5, "--bias1: 2 is out of range [0.0005, 1.5]");
    expect_real_error("1e999", -HUGE_VAL, HUGE_VAL, "--bias1: 1e999 is out of range");
    expect_real_error("-1e400", -HUGE_VAL, HUGE_VAL, "--bias1: -1e400 is out of range");
}

static void expect_whole(const char *text, unsigned long min, unsigned long max,
                         unsigned long expected)
{
    unsigned long v = 42;
    char err[300] = "";

    if (number_parse_whole("--boids", text, min, max, &v, err, sizeof err) != NUMBER_OK)
        fail_msg("\"%s\" was refused: %s", text, err);
    assert_int_equal(v, expected);
}

static void expect_whole_error(const char *text, unsigned long min, unsigned long max,
                               enum number_status status, const char *message)
{
    unsigned long v = 42;
    char err[300] = "";

    assert_int_equal(number_parse_whole("--boids", text, min, max, &v, err, sizeof err), status);
    assert_string_equal(err, message);
    assert_int_equal(v, 42);
}

static void test_whole(void **state)
{
    (void)state;
    expect_whole("10", 0, 100, 10);
    expect_whole("+10", 0, 100, 10);
    expect_whole("007", 0, 100, 7);
    expect_whole("-0", 0, 100, 0);
    expect_whole("65536", 1, 65536, 65536);
    expect_whole("4294967295", 0, 4294967295ul, 4294967295ul);
    expect_whole_error(" 10", 0, 100, NUMBER_NOT_A_NUMBER, "--boids: \" 10\" is not a whole number");
    expect_whole_error(" -5", 0, 100, NUMBER_NOT_A_NUMBER, "--boids: \" -5\" is not a whole number");
    expect_whole_error("10.5", 0, 100, NUMBER_NOT_A_NUMBER,
                       "--boids: \"10.5\" is not a whole number");
    expect_whole_error("10.0", 0, 100, NUMBER_NOT_A_NUMBER,
                       "--boids: \"10.0\" is not a whole number");
    expect_whole_error("1e3", 0, 10000, NUMBER_NOT_A_NUMBER,
                       "--boids: \"1e3\" is not a whole number");
    expect_whole_error("0x10", 0, 100, NUMBER_NOT_A_NUMBER,
                       "--boids: \"0x10\" is not a whole number");
    expect_whole_error("", 0, 100, NUMBER_NOT_A_NUMBER, "--boids: \"\" is not a whole number");
    expect_whole_error("many", 0, 100, NUMBER_NOT_A_NUMBER,
                       "--boids: \"many\" is not a whole number");
    /* negative: shown as typed, never as a wrapped-around huge number */
    expect_whole_error("-5", 0, 100, NUMBER_OUT_OF_RANGE, "--boids: -5 is out of range [0, 100]");
    expect_whole_error("0", 1, 100, NUMBER_OUT_OF_RANGE, "--boids: 0 is out of range [1, 100]");
    expect_whole_error("70000", 1, 65536, NUMBER_OUT_OF_RANGE,
                       "--boids: 70000 is out of range [1, 65536]");
    expect_whole_error("18446744073709551616", 0, 100, NUMBER_OUT_OF_RANGE,
                       "--boids: 18446744073709551616 is out of range [0, 100]");
    expect_whole_error("-18446744073709551615", 0, 100, NUMBER_OUT_OF_RANGE,
                       "--boids: -18446744073709551615 is out of range [0, 100]");
}

/* Parameters (--set, --config) use the same parser and wording. */
static void test_params_wording(void **state)
{
    param_set_t ps;
    char err[300] = "";

    (void)state;
    params_defaults(&ps);
    assert_int_equal(params_set(&ps, "visualrange", "0x10", err, sizeof err), -1);
    assert_string_equal(err, "visualrange: \"0x10\" is not a number");
    assert_int_equal(params_set(&ps, "maxturn", "180.0001", err, sizeof err), -1);
    assert_string_equal(err, "maxturn: 180.0001 is out of range [0, 180]");
    assert_int_equal(params_set(&ps, "avoidfactor", "1e-320", err, sizeof err), 0);
    assert_true(ps.avoidfactor > 0 && ps.avoidfactor < 1e-300);
    assert_int_equal(params_set(&ps, "maxspeed", "+5", err, sizeof err), 0);
    assert_true(ps.maxspeed == 5);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_real_accepted),
        cmocka_unit_test(test_real_tiny_values),
        cmocka_unit_test(test_real_refused),
        cmocka_unit_test(test_real_range_quotes_the_text),
        cmocka_unit_test(test_whole),
        cmocka_unit_test(test_params_wording),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
