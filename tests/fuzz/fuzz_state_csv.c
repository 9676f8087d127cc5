/* libFuzzer: the state file reader (host/state_csv.c) and the load checks
 * (host/flock_state.c) on any bytes. A table it accepts holds n rows with
 * known roles and finite numbers; a refusal leaves it empty with one line. */
#include "fuzz_support.h"
#include <math.h>
#include "flock_state.h"
#include "state_csv.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    FILE *f = fuzz_stream(data, size);
    state_table_t t = {7, NULL};
    char err[300] = "", msg[300] = "";
    size_t i;

    if (f == NULL)
        return 0;
    if (state_csv_read_stream(f, "fuzz.csv", &t, err, sizeof err) != 0) {
        FUZZ_CHECK(t.n == 0 && t.row == NULL);
        FUZZ_CHECK(one_line(err, sizeof err));
    } else {
        FUZZ_CHECK(t.n > 0 && t.row != NULL);
        for (i = 0; i < t.n; i++) {
            const state_row_t *r = &t.row[i];
            FUZZ_CHECK(r->role >= STATE_BOID && r->role <= STATE_PREDATOR);
            FUZZ_CHECK(isfinite(r->x) && isfinite(r->y) && isfinite(r->vx) && isfinite(r->vy) &&
                       isfinite(r->biasval));
        }
        if (state_table_check(&t, msg, sizeof msg) != 0)
            FUZZ_CHECK(one_line(msg, sizeof msg));
    }
    state_table_free(&t);
    fclose(f);
    return 0;
}
