/* The flock's parameters in the firmware's fixed-point formats.
 * Names follow the reference documents; host/params.c fills this struct from
 * text and checks every value against the documented limits.
 */
#ifndef FLOCK_PARAMS_H
#define FLOCK_PARAMS_H

#include <stdint.h>
#include "fixed.h"

enum flock_rules { RULES_CORNELL = 0, RULES_WEIGHTED = 1 };
enum flock_order { ORDER_SEQUENTIAL = 0, ORDER_SYNCHRONOUS = 1 };
enum flock_speed { SPEED_EXACT = 0, SPEED_AMBM = 1 };
/* Step 5 at an edge: the speed rule keeps an edge's braking (the default),
 * or scales it away as the references' pseudocode does (docs/rules.md). */
enum flock_edges { EDGES_BRAKE = 0, EDGES_PSEUDOCODE = 1 };

typedef struct {
    q16_t world_w, world_h; /* px; margins are measured inward from each edge */
    q16_t margin;
    q16_t visualrange, protectedrange, predatorrange;
    gain_t centeringfactor, avoidfactor, matchingfactor;
    q16_t turnfactor, predatorturnfactor; /* px/frame added per frame */
    q16_t minspeed, maxspeed;
    gain_t maxbias, bias_increment;
    uint8_t dynamic_bias;
    /* weighted rule set */
    q16_t cohesionweight, alignmentweight, separationweight; /* px/frame per unit vector */
    q16_t speed;                                             /* constant speed, px/frame */
    uint8_t turn_limited;                                    /* maxturn below 180 degrees */
    q16_t maxturn_cos, maxturn_sin;                          /* of maxturn */
    uint8_t rules, order, speed_estimate, edges;
} flock_params_t;

#endif
