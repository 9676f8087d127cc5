/* libFuzzer: the parameter file reader (host/params.c) on any bytes. What it
 * accepts lies within every parameter's limits (the table --help prints),
 * and converts to fixed point; a refusal is one line. */
#include "fuzz_support.h"
#include <math.h>
#include "params.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    FILE *f = fuzz_stream(data, size);
    param_set_t ps;
    flock_params_t fp;
    char err[300] = "";

    if (f == NULL)
        return 0;
    params_defaults(&ps);
    if (params_read_config(&ps, f, "fuzz.cfg", err, sizeof err) != 0) {
        FUZZ_CHECK(one_line(err, sizeof err));
    } else if (params_validate(&ps, err, sizeof err) == 0) {
        FUZZ_CHECK(ps.visualrange >= 0 && ps.protectedrange <= ps.visualrange);
        FUZZ_CHECK(ps.minspeed <= ps.maxspeed && ps.maxturn >= 0 && ps.maxturn <= 180);
        FUZZ_CHECK(isfinite(ps.turnfactor) && isfinite(ps.margin) && isfinite(ps.biasval));
        params_to_fixed(&ps, &fp);
    } else {
        FUZZ_CHECK(one_line(err, sizeof err));
    }
    fclose(f);
    return 0;
}
