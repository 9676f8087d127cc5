/* What every neighbor engine shares: the query derived from the parameters. */
#include "neighbors.h"

const neighbor_sums_t NEIGHBOR_SUMS_ZERO;

neighbor_query_t neighbor_query_make(const flock_params_t *p)
{
    neighbor_query_t q;

    q.visualrange = p->visualrange;
    q.visual2 = (int64_t)p->visualrange * p->visualrange;
    q.protected2 = (int64_t)p->protectedrange * p->protectedrange;
    q.weighted = p->rules == RULES_WEIGHTED;
    q.world_w = p->world_w;
    q.world_h = p->world_h;
    q.centering = p->centeringfactor;
    q.avoid = p->avoidfactor;
    q.matching = p->matchingfactor;
    q.turn = p->turnfactor;
    q.margin = p->margin;
    q.minspeed = p->minspeed;
    q.maxspeed = p->maxspeed;
    q.speed_exact = p->speed_estimate == SPEED_EXACT;
    q.edges_pseudocode = p->edges == EDGES_PSEUDOCODE;
    q.predatorrange = p->predatorrange;
    q.predatorturn = p->predatorturnfactor;
    q.predators = NULL;
    q.n_predators = 0;
    return q;
}
