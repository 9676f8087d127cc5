/* The fixed-point helpers: square root, shifts, rounding, saturation. */
#include <math.h>
#include "test_support.h"

static void isqrt_is_exact_floor(void **state)
{
    uint64_t rng = 42, a;
    uint32_t i;

    (void)state;
    for (a = 0; a < 100000; a++) {
        uint64_t r = fx_isqrt64(a);
        assert_true(r * r <= a && (r + 1) * (r + 1) > a);
    }
    for (i = 0; i < 200000; i++) {
        uint64_t r;
        a = rng_next(&rng) >> (rng_next(&rng) % 64);
        r = fx_isqrt64(a);
        assert_true(r * r <= a);
        assert_true(r == 0xffffffffu || (r + 1) * (r + 1) > a);
    }
    assert_int_equal(fx_isqrt64(UINT64_MAX), 0xffffffffu);
    assert_int_equal(fx_isqrt64((uint64_t)0xffffffffu * 0xffffffffu), 0xffffffffu);
    assert_int_equal(fx_isqrt64((uint64_t)0xffffffffu * 0xffffffffu - 1), 0xfffffffeu);
}

static void floor_shift_and_division_round_down(void **state)
{
    (void)state;
    assert_int_equal(fx_floor_shift(5, 1), 2);
    assert_int_equal(fx_floor_shift(-5, 1), -3);
    assert_int_equal(fx_floor_shift(-4, 1), -2);
    assert_int_equal(fx_floor_shift(INT64_MIN, 63), -1);
    assert_int_equal(fx_floor_div(-7, 2), -4);
    assert_int_equal(fx_floor_div(7, 2), 3);
    assert_int_equal(fx_floor_div(-6, 3), -2);
}

static void div_round_is_halves_up_and_shift_invariant(void **state)
{
    int64_t a, shift;

    (void)state;
    assert_int_equal(fx_div_round(5, 2), 3);   /* 2.5 -> 3 */
    assert_int_equal(fx_div_round(-5, 2), -2); /* -2.5 -> -2 */
    assert_int_equal(fx_div_round(7, 3), 2);
    assert_int_equal(fx_div_round(-7, 3), -2);
    /* mean(x) - s == mean(x - s): what lets the sums hold offsets. */
    for (a = -50; a <= 50; a++)
        for (shift = -9; shift <= 9; shift++)
            assert_int_equal(fx_div_round(a, 4) - shift, fx_div_round(a - 4 * shift, 4));
}

static void gain_products_round_to_nearest(void **state)
{
    (void)state;
    assert_int_equal(fx_mul_gain(Q16_ONE, GAIN_ONE / 2), Q16_ONE / 2);
    assert_int_equal(fx_mul_gain(3, GAIN_ONE / 2), 2);   /* 1.5 -> 2 */
    assert_int_equal(fx_mul_gain(-3, GAIN_ONE / 2), -1); /* -1.5 -> -1 */
    assert_int_equal(fx_mul_gain(INT32_MAX, GAIN_ONE), INT32_MAX);
    assert_int_equal(fx_mul_gain(INT32_MIN, GAIN_ONE), INT32_MIN);
    assert_int_equal(fx_mul_q16(3 * Q16_ONE, -Q16_ONE / 4), -3 * Q16_ONE / 4);
}

static void saturation_clamps_to_int32(void **state)
{
    (void)state;
    assert_int_equal(fx_sat32((int64_t)1 << 40), INT32_MAX);
    assert_int_equal(fx_sat32(-((int64_t)1 << 40)), INT32_MIN);
    assert_int_equal(fx_sat32(-12345), -12345);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(isqrt_is_exact_floor),
        cmocka_unit_test(floor_shift_and_division_round_down),
        cmocka_unit_test(div_round_is_halves_up_and_shift_invariant),
        cmocka_unit_test(gain_products_round_to_nearest),
        cmocka_unit_test(saturation_clamps_to_int32),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
