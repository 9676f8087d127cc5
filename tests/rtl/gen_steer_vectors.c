/* Test vectors for tests/rtl/tb_accel_steer.v: result entries of neighbour sums
 * and the steering that firmware/neighbor_steer.h works out from them; for the
 * runs with velocity, also each boid's own state and its velocity after the
 * Cornell rules' steps 1 and 2 (neighbor_steer_apply, steer_edges).
 *
 * Usage: gen_steer_vectors N_MAX OUT.txt
 * Sums are as an accelerator of N_MAX entries can give them: each of a boid's
 * terms within +-2^15, COUNT boids in the cohesion ring and at most N_MAX - 1 -
 * COUNT in the separation ring. The runs cover counts 0, 1, 255, 256 (the
 * table's end), N_MAX - 1, every term at its extreme, separation sums across
 * the 2^19 switch to the wide product and across its saturation, and gains
 * 0, GAIN_ONE and random ones. The runs with velocity repeat the sizes with
 * boids inside, on and past each margin and the world's edges, speeds to the
 * clamp, and worlds narrower than two margins. The runs with limit as well add
 * step 5 (the speed limit, as limit_speed_slow has it with the exact estimate)
 * for speeds at rest, below, within and above the limits, and over 64 px
 * (tests/limit_reference.h); the generator fails unless each of its four
 * outcomes (left to the CPU, decided at once, scaled, braked) comes up. A
 * third of the runs with limit take the pseudocode's edges (EDGES_PSEUDOCODE),
 * and the generator fails unless boids that would brake are scaled there. The
 * runs with predators (velocity, and limit in half of them) put step 3 before
 * step 5 (steer_from_predators): 1 to 16 predators anywhere, boids near them,
 * on their range's circle one step either side (a Pythagorean triple of the
 * range), on their box's edge or a step inside, inside their box but outside
 * the circle, and between two predators
 * whose offsets cancel; the generator fails unless boids are turned, boids in
 * a box are left alone, and cancelling offsets come up.
 *
 * File format (whitespace separated, hex words, read with $fscanf):
 *   <runs>
 *   then per run: <N> <CENTERING> <AVOID> <VELOCITY> <MATCHING> <TURN> <MARGIN>
 *                 <WORLD_W> <WORLD_H> <LIMIT> <EDGES_PSEUDOCODE> <MINSPEED> <MAXSPEED>
 *                 <PREDATORS> <P> <PRED_RANGE> <PRED_TURN>
 *   P lines: a predator's x y
 *   N lines: sep_x sep_y coh_x coh_y ali_x ali_y count push_x push_y mean_vx mean_vy
 *            x y vx vy v_x v_y lim_x lim_y outcome boxed
 *   (v: the velocity after steps 1 and 2, and 3 in a run with predators; lim:
 *   after step 5, or 80000000 0 where the CPU decides; outcome: LIMIT_TO_CPU,
 *   _AT_ONCE, _SCALED or _BRAKED; boxed: the predators whose box holds the
 *   boid, |dx| and |dy| below PRED_RANGE)
 */
#include <stdio.h>
#include <stdlib.h>
#include "../limit_reference.h"
#include "neighbor_steer.h"
#include "scene.h"
#include "steering.h"

#define PREDATORS_TABLE 16 /* the unit's table in the testbench */

static uint64_t rng = 0x57ee2026u;

static int64_t rnd(int64_t lo, int64_t hi) /* uniform in [lo, hi] */
{
    return lo + (int64_t)(rng_next(&rng) % (uint64_t)(hi - lo + 1));
}

/* A sum of n terms within +-2^15: mostly random, sometimes at an extreme. */
static int32_t sum_of(uint32_t n)
{
    int64_t most = (int64_t)n << 15;

    switch (rnd(0, 7)) {
    case 0: return (int32_t)most;
    case 1: return (int32_t)-most;
    case 2: return (int32_t)rnd(-(int64_t)n, (int64_t)n);
    default: return (int32_t)rnd(-most, most);
    }
}

/* A separation sum of at most m terms, often near the 2^19 switch or the
 * saturation of s avoid at 2^43. */
static int32_t sep_of(uint32_t m, gain_t avoid)
{
    int64_t most = (int64_t)m << 15, s;

    switch (rnd(0, 5)) {
    case 0: s = rnd(-(1 << 19) - 2, -(1 << 19) + 2); break;
    case 1: s = rnd((1 << 19) - 2, (1 << 19) + 1); break;
    case 2: /* |s avoid| near 2^43 */
        s = avoid > 0 ? ((int64_t)1 << 43) / avoid + rnd(-2, 2) : rnd(-most, most);
        if (rnd(0, 1)) s = -s;
        break;
    default: s = rnd(-most, most);
    }
    return (int32_t)(s > most ? most : s < -most ? -most : s);
}

static uint32_t count_of(uint32_t nmax)
{
    static const uint32_t special[] = {0, 1, 2, 3, 254, 255, 256, 257};
    uint32_t c;

    switch (rnd(0, 5)) {
    case 0: c = special[rnd(0, 7)]; break;
    case 1: c = nmax - 1 - (uint32_t)rnd(0, 2); break;
    case 2: c = (uint32_t)rnd(0, 16); break;
    default: c = (uint32_t)rnd(0, nmax - 1);
    }
    return c < nmax ? c : nmax - 1;
}

static gain_t gain_of(void)
{
    switch (rnd(0, 4)) {
    case 0: return 0;
    case 1: return GAIN_ONE;
    default: return (gain_t)rnd(0, GAIN_ONE);
    }
}

/* A coordinate of a world of size w with margin m: inside, at or past a
 * margin or an edge, or anywhere a position may be. */
static q16_t coord_of(q16_t w, q16_t m)
{
    switch (rnd(0, 7)) {
    case 0: return m + (q16_t)rnd(-2, 2);
    case 1: return w - m + (q16_t)rnd(-2, 2);
    case 2: return (q16_t)rnd(-2, 2);
    case 3: return w + (q16_t)rnd(-2, 2);
    case 4: return (q16_t)rnd(-POSITION_MAX, POSITION_MAX);
    default: return (q16_t)rnd(-m, w + m);
    }
}

/* A velocity component: random, small, or at the clamp. */
static q16_t speed_of(void)
{
    switch (rnd(0, 4)) {
    case 0: return rnd(0, 1) ? SPEED_CLAMP : -SPEED_CLAMP;
    case 1: return (q16_t)rnd(-4, 4);
    default: return (q16_t)rnd(-SPEED_CLAMP, SPEED_CLAMP);
    }
}

/* A velocity component for step 5: at rest, around the limits, or past 2^22. */
static q16_t limit_speed_of(void)
{
    switch (rnd(0, 7)) {
    case 0: return 0;
    case 1: return rnd(0, 1) ? SPEED_CLAMP : -SPEED_CLAMP;
    case 2: return (q16_t)rnd(-4, 4);
    default: return (q16_t)rnd(-(10 << 16), 10 << 16);
    }
}

/* A boid inside the left margin heading out of it slower than minspeed, by
 * more than the edge's turn: the case an edge brakes (keep_edge_brake). */
static void heading_out_slowly(boid_t *b, const flock_params_t *p)
{
    q16_t slack = p->minspeed - p->turnfactor;

    if (p->margin <= 1 || slack <= 2)
        return;
    b->x = (q16_t)rnd(1, p->margin - 1);
    b->vx = -(p->turnfactor + (q16_t)rnd(1, slack / 2));
    b->vy = (q16_t)rnd(-slack / 4, slack / 4);
}

/* A run's predators: 1 to 16 (often 1, as a flock flies with), anywhere a
 * position may be or within the world; a range a multiple of 5 steps, so
 * that a 3-4-5 triangle puts a boid on its circle exactly. */
static uint32_t predators_of(boid_t *pr, flock_params_t *p)
{
    uint32_t n = rnd(0, 2) == 0 ? 1 : (uint32_t)rnd(1, PREDATORS_TABLE), k;

    p->predatorrange = 5 * (q16_t)rnd(1, (1 << 24) / 5);
    p->predatorturnfactor = rnd(0, 5) == 0 ? 0 : (q16_t)rnd(0, SPEED_CLAMP);
    for (k = 0; k < n; k++) {
        pr[k].x = rnd(0, 3) == 0 ? (q16_t)rnd(-POSITION_MAX, POSITION_MAX) : (q16_t)rnd(0, 640 << 16);
        pr[k].y = rnd(0, 3) == 0 ? (q16_t)rnd(-POSITION_MAX, POSITION_MAX) : (q16_t)rnd(0, 480 << 16);
        pr[k].vx = pr[k].vy = 0;
    }
    return n;
}

/* A boid's position near a predator: inside the range, on its circle or one
 * step either side, or in the box outside the circle. A coordinate beyond
 * POSITION_MAX is clamped to it (the boid is then somewhere else, still a
 * case). */
static void near_predator(boid_t *b, boid_t *pr, uint32_t n, const flock_params_t *p)
{
    const q16_t r = p->predatorrange, t = r / 5;
    uint32_t k = (uint32_t)rnd(0, n - 1);
    int64_t dx, dy, x, y;

    switch (rnd(0, 7)) {
    case 0:
    case 7: dx = 3 * (int64_t)t; dy = 4 * (int64_t)t + (rnd(0, 2) == 0 ? rnd(-1, 1) : 0); break; /* on the circle, or a step off */
    case 1: dx = rnd(r - r / 8, r - 1); dy = rnd(r - r / 8, r - 1); break;  /* box corner, outside */
    case 2: dx = rnd(-r, r); dy = rnd(-2, 2); break;                        /* along an axis */
    case 3: dx = r - rnd(0, 1); dy = rnd(-(r - 1), r - 1); break;           /* on the box's edge, or a step in */
    default: dx = rnd(-(r - 1), r - 1); dy = rnd(-(r - 1), r - 1);
    }
    if (rnd(0, 1)) dx = -dx;
    if (rnd(0, 1)) dy = -dy;
    x = pr[k].x + dx;
    y = pr[k].y + dy;
    b->x = (q16_t)(x > POSITION_MAX ? POSITION_MAX : x < -POSITION_MAX ? -POSITION_MAX : x);
    b->y = (q16_t)(y > POSITION_MAX ? POSITION_MAX : y < -POSITION_MAX ? -POSITION_MAX : y);
}

/* A boid between two predators at the same offset from it, opposite, within
 * range: the sums cancel. The second predator is moved there. */
static void between_predators(boid_t *b, boid_t *pr, const flock_params_t *p)
{
    const q16_t h = p->predatorrange / 2;

    pr[0].x = (q16_t)rnd(0, 640 << 16);
    pr[0].y = (q16_t)rnd(0, 480 << 16);
    b->x = pr[0].x + (q16_t)rnd(-h, h);
    b->y = pr[0].y + (q16_t)rnd(-h, h);
    pr[1].x = 2 * b->x - pr[0].x;
    pr[1].y = 2 * b->y - pr[0].y;
}

/* The predators whose box (|dx|, |dy| below the range) holds b; *on_circle
 * is set where one of them lies exactly at the range (not within it). */
static uint32_t boxed_by(const boid_t *b, const boid_t *pr, uint32_t n, const flock_params_t *p,
                         int *on_circle)
{
    uint32_t k, boxed = 0;

    *on_circle = 0;
    for (k = 0; k < n; k++) {
        int64_t dx = b->x - pr[k].x, dy = b->y - pr[k].y, r = p->predatorrange;
        if (fx_uabs((int32_t)dx) < (uint32_t)r && fx_uabs((int32_t)dy) < (uint32_t)r) {
            boxed++;
            *on_circle |= dx * dx + dy * dy == r * r;
        }
    }
    return boxed;
}

/* The edges' parameters of a run: the defaults' scale, sometimes a world
 * narrower than two margins (both turns at once) or no turn at all. */
static void edges_of(flock_params_t *p)
{
    p->world_w = (q16_t)rnd(16, 2048) << 16;
    p->world_h = (q16_t)rnd(16, 2048) << 16;
    p->margin = (q16_t)rnd(0, 1 << 23);
    if (rnd(0, 3) == 0)
        p->margin = (p->world_w > p->world_h ? p->world_w : p->world_h) / 2 + (q16_t)rnd(0, 1 << 20);
    p->turnfactor = rnd(0, 4) == 0 ? 0 : (q16_t)rnd(0, 1 << 20);
    p->matchingfactor = gain_of();
}

int main(int argc, char **argv)
{
    /* a quarter each: steering, velocity, limit, predators (with limit in odd runs) */
    static const uint32_t sizes[] = {1, 2, 9, 40, 200, 600, 1, 2, 9, 40, 200, 600,
                                     1, 2, 9, 40, 200, 600, 1, 2, 9, 40, 200, 600};
    uint32_t nmax, r, runs, i, k, outcomes[LIMIT_OUTCOMES] = {0, 0, 0, 0};
    uint32_t turned = 0, boxed_alone = 0, cancelled = 0, circled = 0, unbraked = 0;
    FILE *out;

    if (argc != 3 || (nmax = (uint32_t)strtoul(argv[1], NULL, 0)) < 64) {
        fprintf(stderr, "usage: gen_steer_vectors N_MAX OUT.txt   (N_MAX 64 or more)\n");
        return 2;
    }
    if ((out = fopen(argv[2], "w")) == NULL) {
        perror(argv[2]);
        return 1;
    }
    runs = sizeof sizes / sizeof sizes[0];
    fprintf(out, "%u\n", runs);
    for (r = 0; r < runs; r++) {
        uint32_t n = sizes[r] < nmax ? sizes[r] : nmax;
        gain_t centering = r == 0 ? GAIN_ONE : gain_of(), avoid = r == 1 ? GAIN_ONE : gain_of();
        int velocity = r >= runs / 4, predators = r >= 3 * runs / 4;
        int limit = r >= runs / 2 && (!predators || r % 2 == 1);
        flock_params_t p = {0};
        boid_t pr[PREDATORS_TABLE];
        uint32_t np = 0;
        edges_of(&p);
        if (predators)
            np = predators_of(pr, &p);
        if (r == runs / 4)
            p.matchingfactor = GAIN_ONE;
        if (limit)
            p.turnfactor = (q16_t)rnd(0, Q16_ONE);
        p.speed_estimate = SPEED_EXACT;
        p.edges = limit && (r == runs / 2 + 4 || r == runs / 2 + 5 || r == runs - 3) ? EDGES_PSEUDOCODE : EDGES_BRAKE;
        p.minspeed = rnd(0, 3) == 0 && p.edges == EDGES_BRAKE ? 0 : (q16_t)rnd(1, 4 << 16);
        p.maxspeed = p.minspeed + (q16_t)rnd(0, 6 << 16);
        if (r == runs - 1)
            p.maxspeed = SPEED_CLAMP; /* the most a flock may have */
        /* the boids first: placing one may move a predator */
        boid_t *boids = calloc(n, sizeof *boids);
        if (boids == NULL) {
            perror("gen_steer_vectors");
            return 1;
        }
        for (i = 0; i < n; i++) {
            boids[i].x = coord_of(p.world_w, p.margin);
            boids[i].y = coord_of(p.world_h, p.margin);
            if (predators && rnd(0, 3) != 0)
                near_predator(&boids[i], pr, np, &p);
        }
        if (predators && np >= 2)
            between_predators(&boids[n - 1], pr, &p);
        fprintf(out, "%u %08x %08x %d %08x %08x %08x %08x %08x %d %d %08x %08x %d %u %08x %08x\n",
                n, (uint32_t)centering, (uint32_t)avoid, velocity, (uint32_t)p.matchingfactor,
                (uint32_t)p.turnfactor, (uint32_t)p.margin, (uint32_t)p.world_w,
                (uint32_t)p.world_h, limit, p.edges == EDGES_PSEUDOCODE, (uint32_t)p.minspeed, (uint32_t)p.maxspeed, predators,
                np, (uint32_t)p.predatorrange, (uint32_t)p.predatorturnfactor);
        for (k = 0; k < np; k++)
            fprintf(out, "%08x %08x\n", (uint32_t)pr[k].x, (uint32_t)pr[k].y);
        for (i = 0; i < n; i++) {
            neighbor_sums_t s;
            neighbor_steer_t t;
            boid_t b;
            vec32_t v;
            vec32_t lim = {0, 0};
            int outcome = 0;
            uint32_t boxed = 0;
            int on_circle = 0;
            s.count = count_of(nmax);
            s.coh_x = sum_of(s.count);
            s.coh_y = sum_of(s.count);
            s.ali_x = sum_of(s.count);
            s.ali_y = sum_of(s.count);
            s.sep_x = sep_of(nmax - 1 - s.count, avoid);
            s.sep_y = sep_of(nmax - 1 - s.count, avoid);
            if (limit) { /* a flock's few px a frame, so that v lands near the limits */
                s.count = (uint32_t)rnd(0, 8);
                s.coh_x = (int32_t)rnd(-(int64_t)s.count << 9, (int64_t)s.count << 9);
                s.coh_y = (int32_t)rnd(-(int64_t)s.count << 9, (int64_t)s.count << 9);
                s.ali_x = (int32_t)rnd(-(int64_t)s.count << 11, (int64_t)s.count << 11);
                s.ali_y = (int32_t)rnd(-(int64_t)s.count << 11, (int64_t)s.count << 11);
                s.sep_x = (int32_t)rnd(-(1 << 9), 1 << 9);
                s.sep_y = (int32_t)rnd(-(1 << 9), 1 << 9);
            }
            t = neighbor_steer(&s, centering, avoid);
            b.x = boids[i].x;
            b.y = boids[i].y;
            b.vx = limit ? limit_speed_of() : speed_of();
            b.vy = limit ? limit_speed_of() : speed_of();
            if (limit && rnd(0, 3) == 0)
                heading_out_slowly(&b, &p);
            v.x = b.vx; /* the rules' steps 1 and 2, as cornell_one has them */
            v.y = b.vy;
            neighbor_steer_apply(&v.x, &v.y, b.vx, b.vy, &t, p.matchingfactor);
            steer_edges(&v, &b, p.turnfactor, &p);
            if (predators) { /* step 3, as cornell_rest has it */
                vec32_t before = v;
                steer_from_predators(&v, &b, pr, np, &p);
                boxed = boxed_by(&b, pr, np, &p, &on_circle);
                circled += on_circle;
                if (v.x != before.x || v.y != before.y)
                    turned++;
                else if (boxed != 0)
                    boxed_alone++;
                if (boxed >= 2 && p.predatorturnfactor != 0 && v.x == before.x && v.y == before.y)
                    cancelled++;
            }
            if (limit) {
                outcomes[outcome = limit_reference(&b, v, &p, &lim)]++;
                if (p.edges == EDGES_PSEUDOCODE) { /* would the default's brake hold it? */
                    flock_params_t braking = p;
                    vec32_t kept;
                    braking.edges = EDGES_BRAKE;
                    unbraked += limit_reference(&b, v, &braking, &kept) == LIMIT_BRAKED;
                }
            }
            fprintf(out,
                    "%08x %08x %08x %08x %08x %08x %08x %08x %08x %08x %08x "
                    "%08x %08x %08x %08x %08x %08x %08x %08x %d %u\n",
                    (uint32_t)s.sep_x, (uint32_t)s.sep_y, (uint32_t)s.coh_x, (uint32_t)s.coh_y,
                    (uint32_t)s.ali_x, (uint32_t)s.ali_y, s.count, (uint32_t)t.push_x,
                    (uint32_t)t.push_y, (uint32_t)t.mean_vx, (uint32_t)t.mean_vy, (uint32_t)b.x,
                    (uint32_t)b.y, (uint32_t)b.vx, (uint32_t)b.vy, (uint32_t)v.x, (uint32_t)v.y,
                    (uint32_t)lim.x, (uint32_t)lim.y, outcome, boxed);
        }
        free(boids);
    }
    if (outcomes[LIMIT_TO_CPU] < 8 || outcomes[LIMIT_AT_ONCE] < 8 || outcomes[LIMIT_SCALED] < 8 ||
        outcomes[LIMIT_BRAKED] < 8) {
        fprintf(stderr,
                "gen_steer_vectors: step 5's outcomes too rare: %u left, %u at once, %u scaled, "
                "%u braked\n",
                outcomes[0], outcomes[1], outcomes[2], outcomes[3]);
        return 1;
    }
    if (unbraked < 8) {
        fprintf(stderr, "gen_steer_vectors: only %u boids the pseudocode's edges keep from braking\n",
                unbraked);
        return 1;
    }
    if (turned < 20 || boxed_alone < 10 || cancelled < 2 || circled < 3) {
        fprintf(stderr,
                "gen_steer_vectors: step 3's cases too rare: %u turned, %u in a box left alone, "
                "%u between predators that cancel, %u on a circle\n",
                turned, boxed_alone, cancelled, circled);
        return 1;
    }
    if (fclose(out) != 0) {
        perror(argv[2]);
        return 1;
    }
    return 0;
}
