/* The 32-bit fixed-point helpers against exact references in 64-bit integers
 * and doubles: shifts, rounding, high products, gains, squares, the
 * reciprocal square root, vector scaling and the triangle's leg. */
#include <math.h>
#include <stdlib.h>
#include "test_support.h"

/* Values that exercise every edge of a 32-bit word, then random ones. */
static int32_t sample(uint64_t *rng, uint32_t i)
{
    static const int32_t edges[] = {0, 1, -1, 2, -2, 255, 256, -256, 257, -257, 65535, -65536,
                                    (1 << 22) - 1, -(1 << 22), INT32_MAX, INT32_MIN,
                                    INT32_MAX - 1, INT32_MIN + 1};
    if (i < sizeof edges / sizeof edges[0])
        return edges[i];
    return (int32_t)(rng_next(rng) >> (32 + rng_next(rng) % 32));
}

static int64_t floor_div_pow2(int64_t a, unsigned s)
{
    int64_t d = (int64_t)1 << s, q = a / d;
    return (a % d != 0 && a < 0) ? q - 1 : q;
}

static void shifts_floor_and_round_halves_up(void **state)
{
    uint64_t rng = 1;
    uint32_t i, s;

    (void)state;
    assert_int_equal(fx_sra(-5, 1), -3);
    assert_int_equal(fx_sra(INT32_MIN, 31), -1);
    assert_int_equal(fx_round_shift(256, 9), 1);  /* 0.5 -> 1 */
    assert_int_equal(fx_round_shift(-256, 9), 0); /* -0.5 -> 0 */
    assert_int_equal(fx_round_shift(-257, 9), -1);
    for (i = 0; i < 20000; i++) {
        int32_t a = sample(&rng, i);
        for (s = 0; s < 32; s++)
            assert_int_equal(fx_sra(a, s), floor_div_pow2(a, s));
        for (s = 1; s < 31; s++)
            if ((int64_t)a + (1 << (s - 1)) <= INT32_MAX)
                assert_int_equal(fx_round_shift(a, s), floor_div_pow2((int64_t)a + (1 << (s - 1)), s));
    }
}

static void words_and_magnitudes(void **state)
{
    (void)state;
    assert_int_equal(fx_i32(0xffffffffu), -1);
    assert_int_equal(fx_i32(0x80000000u), INT32_MIN);
    assert_int_equal(fx_i32(0x7fffffffu), INT32_MAX);
    assert_int_equal(fx_uabs(INT32_MIN), 0x80000000u);
    assert_int_equal(fx_uabs(-7), 7);
    assert_int_equal(fx_clamp(-9, 4), -4);
    assert_int_equal(fx_clamp(3, 4), 3);
}

static void high_products_equal_the_wide_ones(void **state)
{
    uint64_t rng = 2;
    uint32_t i;

    (void)state;
    for (i = 0; i < 200000; i++) {
        int32_t a = sample(&rng, i % 40000), b = sample(&rng, i / 5 % 40000);
        uint32_t ub = (uint32_t)b;
        assert_int_equal(fx_mulh(a, b), floor_div_pow2((int64_t)a * b, 32));
        assert_int_equal(fx_mulhsu(a, ub), floor_div_pow2((int64_t)a * (int64_t)ub, 32));
        assert_int_equal(fx_mulhu((uint32_t)a, ub), ((uint64_t)(uint32_t)a * ub) >> 32);
    }
}

static void gain_products_round_to_nearest(void **state)
{
    uint64_t rng = 3;
    uint32_t i;

    (void)state;
    assert_int_equal(fx_mul_gain(Q16_ONE, GAIN_ONE / 2), Q16_ONE / 2);
    assert_int_equal(fx_mul_gain(3, GAIN_ONE / 2), 2);   /* 1.5 -> 2 */
    assert_int_equal(fx_mul_gain(-3, GAIN_ONE / 2), -1); /* -1.5 -> -1 */
    assert_int_equal(fx_mul_gain((1 << 29) - 1, GAIN_ONE), (1 << 29) - 1);
    assert_int_equal(fx_mul_gain(-(1 << 29) + 1, GAIN_ONE), -(1 << 29) + 1);
    for (i = 0; i < 200000; i++) {
        int32_t a = fx_sra(sample(&rng, i), 3); /* |a| < 2^29 */
        gain_t g = (gain_t)(rng_next(&rng) % (GAIN_ONE + 1));
        if (i % 7 == 0)
            g = i % 2 ? GAIN_ONE : 0;
        assert_int_equal(fx_mul_gain(a, g),
                         floor_div_pow2((int64_t)a * g + ((int64_t)1 << 23), GAIN_FRAC));
    }
}

static void squares_in_q18_round_down(void **state)
{
    uint32_t a;

    (void)state;
    for (a = 0; a <= 1u << 22; a += (a < 70000 ? 1 : 997))
        assert_int_equal(fx_sq18(a), ((uint64_t)a * a) >> 14);
    assert_int_equal(fx_sq18(1u << 22), 1u << 30);
}

/* The reciprocal square root to 2^-24 of itself over its whole domain, which
 * also checks every entry of its seed table (a wrong one leaves more). */
static void rsqrt_is_within_2_to_the_minus_24(void **state)
{
    uint64_t rng = 4;
    double worst = 0;
    uint32_t n, i;

    (void)state;
    for (i = 0; i < 400000; i++) {
        n = i < 224 * 16 ? (32 + i / 16) * (1u << 23) + (i % 16) * ((1u << 23) / 16)
                         : (uint32_t)((1u << 28) + rng_next(&rng) % (7u << 28));
        if (i == 0)
            n = 1u << 28;
        if (i == 1)
            n = 0x7fffffffu;
        worst = fmax(worst, fabs(fx_rsqrt_norm(n) / (pow(2, 45) / sqrt(n)) - 1));
    }
    print_message("# rsqrt: largest relative error %.3g\n", worst);
    assert_true(worst < pow(2, -24));
}

static void normalize_lands_in_range_and_keeps_direction(void **state)
{
    uint64_t rng = 5;
    uint32_t i;

    (void)state;
    for (i = 0; i < 100000; i++) {
        int32_t x = sample(&rng, i), y = sample(&rng, i + 7), ux = x, uy = y;
        uint32_t m;
        int e;
        if (x == 0 && y == 0)
            continue;
        e = fx_normalize(&ux, &uy);
        m = fx_uabs(ux) | fx_uabs(uy);
        assert_true(m >= 1u << 21 && m < 1u << 22);
        if (e >= 0) { /* exact */
            assert_int_equal((int64_t)ux, (int64_t)x * ((int64_t)1 << e));
            assert_int_equal((int64_t)uy, (int64_t)y * ((int64_t)1 << e));
        } else { /* toward zero */
            assert_int_equal(fx_uabs(ux), fx_uabs(x) >> -e);
            assert_int_equal(fx_uabs(uy), fx_uabs(y) >> -e);
            assert_true(ux == 0 || (ux < 0) == (x < 0));
            assert_true(uy == 0 || (uy < 0) == (y < 0));
        }
    }
}

static void scale_to_gives_the_length_and_the_direction(void **state)
{
    uint64_t rng = 6;
    uint32_t i;
    double worst = 0;

    (void)state;
    for (i = 0; i < 300000; i++) {
        int32_t x = sample(&rng, i), y = sample(&rng, i / 3 + 11), rx = x, ry = y;
        int32_t len = (int32_t)(rng_next(&rng) % (1u << 23));
        double norm = hypot((double)x, (double)y);
        if (i % 5 == 0)
            len = (int32_t)(rng_next(&rng) % (64u << 16));
        if (x == 0 && y == 0) {
            assert_int_equal(fx_scale_to(&rx, &ry, len), 0);
            assert_int_equal(rx, 0);
            assert_int_equal(ry, 0);
            continue;
        }
        assert_int_equal(fx_scale_to(&rx, &ry, len), 1);
        /* within 2 steps of the exact vector (the direction of a right shift
         * moves it by the shifted-out bits: at most 2^-21 of its length) */
        worst = fmax(worst, fabs(rx - len * (x / norm)) - len * pow(2, -20));
        worst = fmax(worst, fabs(ry - len * (y / norm)) - len * pow(2, -20));
    }
    print_message("# scale_to: largest error beyond 2^-20 of the length: %.3f steps\n", worst);
    assert_true(worst <= 2);
    { /* exact directions on the axes and the diagonal */
        int32_t x = -3, y = 0;
        assert_int_equal(fx_scale_to(&x, &y, 5 * Q16_ONE), 1);
        assert_int_equal(x, -5 * Q16_ONE);
        assert_int_equal(y, 0);
        x = 7;
        y = 7;
        assert_int_equal(fx_scale_to(&x, &y, Q16_ONE), 1);
        assert_int_equal(x, y);
        assert_true(abs(x - 46341) <= 1); /* 2^16 / sqrt 2 = 46340.95 */
    }
}

static void sqrt_product_is_within_a_step(void **state)
{
    uint64_t rng = 7;
    uint32_t i;
    double worst = 0;

    (void)state;
    assert_int_equal(fx_sqrt_product(0, 5), 0);
    assert_int_equal(fx_sqrt_product(9 * Q16_ONE, Q16_ONE), 3 * Q16_ONE);
    for (i = 0; i < 200000; i++) {
        int32_t a = (int32_t)(rng_next(&rng) >> (41 + rng_next(&rng) % 23));
        int32_t b = (int32_t)(rng_next(&rng) >> (41 + rng_next(&rng) % 23));
        worst = fmax(worst, fabs(fx_sqrt_product(a, b) - sqrt((double)a * b)));
    }
    print_message("# sqrt_product: largest error %.3f steps\n", worst);
    assert_true(worst <= 1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(shifts_floor_and_round_halves_up),
        cmocka_unit_test(words_and_magnitudes),
        cmocka_unit_test(high_products_equal_the_wide_ones),
        cmocka_unit_test(gain_products_round_to_nearest),
        cmocka_unit_test(squares_in_q18_round_down),
        cmocka_unit_test(rsqrt_is_within_2_to_the_minus_24),
        cmocka_unit_test(normalize_lands_in_range_and_keeps_direction),
        cmocka_unit_test(scale_to_gives_the_length_and_the_direction),
        cmocka_unit_test(sqrt_product_is_within_a_step),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
