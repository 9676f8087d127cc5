/* The starting flock the command line asks for (flock_start.h). */
#include <stdio.h>
#include "flock_start.h"
#include "flock_state.h"
#include "scene.h"

int flock_start_table(const options_t *o, state_table_t *t, char *err, size_t errlen)
{
    if (o->load_path != NULL) {
        char msg[300];
        if (state_csv_read(o->load_path, t, err, errlen) != 0)
            return -1;
        if (state_table_check(t, msg, sizeof msg) != 0) {
            snprintf(err, errlen, "%s: %s", o->load_path, msg);
            state_table_free(t);
            return -1;
        }
        return 0;
    } else {
        scene_spec_t spec = {o->boids,           o->predators,       o->scouts1,
                             o->scouts2,         o->bias1,           o->bias2,
                             o->params.world_w,  o->params.world_h,  o->params.minspeed,
                             o->params.maxspeed, o->seed};
        if (scene_random(&spec, t) != 0) {
            snprintf(err, errlen, "out of memory for %u boids", o->boids);
            return -1;
        }
        return 0;
    }
}
