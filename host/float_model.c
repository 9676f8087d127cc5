/* Double-precision reference model of the flock rules (float_model.h).
 *
 * Written from the reference documents' pseudocode, apart from the fixed-point
 * firmware, so that the two can check each other. Brute force O(N^2): this model
 * is for correctness, not speed. Rule order per flock boid:
 *   Cornell:  neighbours, edges, predators, scouts, speed limits, move.
 *   Weighted: neighbours, edges, predators, scouts, move, constant speed, turn limit.
 * Predators move last (edges only), so every boid sees them where they started.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "boid.h"
#include "float_model.h"

static const double pi = 3.14159265358979323846;

/* The pseudocode's first test of every pair: another boid (never itself) with
 * |dx| and |dy| below the visual range. Gives the offset self - other and
 * its squared length. */
static int in_visual_box(const fboid_t *self, size_t self_index, const fboid_t *other,
                         size_t other_index, const param_set_t *p, double *dx, double *dy,
                         double *d2)
{
    if (other_index == self_index)
        return 0;
    *dx = self->x - other->x;
    *dy = self->y - other->y;
    if (!(fabs(*dx) < p->visualrange && fabs(*dy) < p->visualrange))
        return 0;
    *d2 = *dx * *dx + *dy * *dy;
    return 1;
}

/* Velocity changes from the Cornell separation, alignment and cohesion rules. */
static void cornell_neighbours(fboid_t *self, size_t self_index, const fboid_t *others, size_t n,
                               const param_set_t *p)
{
    const double visual2 = p->visualrange * p->visualrange;
    const double protected2 = p->protectedrange * p->protectedrange;
    double xpos_avg = 0, ypos_avg = 0, xvel_avg = 0, yvel_avg = 0;
    double close_dx = 0, close_dy = 0;
    size_t neighbours = 0;

    for (size_t j = 0; j < n; j++) {
        const fboid_t *other = &others[j];
        double dx, dy, d2;
        if (!in_visual_box(self, self_index, other, j, p, &dx, &dy, &d2))
            continue;
        if (d2 < protected2) {
            close_dx += dx;
            close_dy += dy;
        } else if (d2 < visual2) {
            xpos_avg += other->x;
            ypos_avg += other->y;
            xvel_avg += other->vx;
            yvel_avg += other->vy;
            neighbours++;
        }
    }

    if (neighbours > 0) {
        xpos_avg /= (double)neighbours;
        ypos_avg /= (double)neighbours;
        xvel_avg /= (double)neighbours;
        yvel_avg /= (double)neighbours;
        /* One expression each, so both terms use the velocity from before this rule. */
        self->vx += (xpos_avg - self->x) * p->centeringfactor + (xvel_avg - self->vx) * p->matchingfactor;
        self->vy += (ypos_avg - self->y) * p->centeringfactor + (yvel_avg - self->vy) * p->matchingfactor;
    }
    self->vx += close_dx * p->avoidfactor;
    self->vy += close_dy * p->avoidfactor;
}

/* Scales (*x, *y) to unit length; a zero vector stays zero. */
static void normalize_or_zero(double *x, double *y)
{
    double length = sqrt(*x * *x + *y * *y);
    if (length > 0) {
        *x /= length;
        *y /= length;
    }
}

/* Velocity changes from the weighted rules: each rule is a unit vector times its weight. */
static void weighted_neighbours(fboid_t *self, size_t self_index, const fboid_t *others, size_t n,
                                const param_set_t *p)
{
    const double visual2 = p->visualrange * p->visualrange;
    const double protected2 = p->protectedrange * p->protectedrange;
    double cohesion_x = 0, cohesion_y = 0;
    double alignment_x = 0, alignment_y = 0;
    double separation_x = 0, separation_y = 0;

    for (size_t j = 0; j < n; j++) {
        const fboid_t *other = &others[j];
        double dx, dy, d2;
        if (!in_visual_box(self, self_index, other, j, p, &dx, &dy, &d2))
            continue;
        if (d2 < visual2) {
            cohesion_x -= dx; /* other.pos - self.pos */
            cohesion_y -= dy;
            alignment_x += other->vx;
            alignment_y += other->vy;
        }
        if (d2 > 0 && d2 < protected2) {
            double d = sqrt(d2);
            separation_x += dx / d;
            separation_y += dy / d;
        }
    }

    /* The sum and the mean point the same way, so normalizing the sum is enough. */
    normalize_or_zero(&cohesion_x, &cohesion_y);
    normalize_or_zero(&alignment_x, &alignment_y);
    normalize_or_zero(&separation_x, &separation_y);
    self->vx += p->cohesionweight * cohesion_x + p->alignmentweight * alignment_x +
                p->separationweight * separation_x;
    self->vy += p->cohesionweight * cohesion_y + p->alignmentweight * alignment_y +
                p->separationweight * separation_y;
}

/* Which way the edges turned a boid on each axis: +1, -1 or 0. */
typedef struct {
    int x, y;
} edge_turn_t;

/* Turns a boid (or predator) back when it is within the margin of an edge. */
static edge_turn_t turn_at_edges(fboid_t *b, const param_set_t *p)
{
    edge_turn_t t = {0, 0};

    if (b->y < p->margin)
        t.y++;
    if (b->x > p->world_w - p->margin)
        t.x--;
    if (b->x < p->margin)
        t.x++;
    if (b->y > p->world_h - p->margin)
        t.y--;
    b->vx += t.x * p->turnfactor;
    b->vy += t.y * p->turnfactor;
    if (p->turnfactor == 0)
        t.x = t.y = 0;
    return t;
}

/* The other component beside a held one, so that the speed is target; it
 * keeps its sign, or points toward the middle of [0, world] from pos. */
static double make_up_speed(double other, double held, double target, double pos, double world)
{
    double m = sqrt(target * target - held * held);

    if (other == 0)
        return 2 * pos < world ? m : -m;
    return other > 0 ? m : -m;
}

/* The speed rules must not undo an edge's braking, or a boid heading straight
 * out never turns (docs/rules.md): on an axis where an edge turned the boid
 * and it still heads out, the component is held and the other makes up the
 * speed (at a corner x is held and y turns in). (x, y): the position before
 * the move. */
static int keep_edge_brake(fboid_t *b, double target, edge_turn_t turn, double x, double y,
                           const param_set_t *p)
{
    int hold_y = turn.y * b->vy < 0;

    if (turn.x * b->vx < 0 && fabs(b->vx) < target) { /* at a corner, vy turns in too */
        b->vy = make_up_speed(hold_y ? 0 : b->vy, b->vx, target, y, p->world_h);
        return 1;
    }
    if (hold_y && fabs(b->vy) < target) {
        b->vx = make_up_speed(b->vx, b->vy, target, x, p->world_w);
        return 1;
    }
    return 0;
}

/* The guards of the fixed-point model (docs/fixed-point.md), which keep every
 * state loadable: velocity components within +-SPEED_MAX_PX, positions within
 * +-POSITION_MAX. */
static double clamp(double v, double limit) { return v > limit ? limit : v < -limit ? -limit : v; }

static void clamp_velocity(fboid_t *b)
{
    b->vx = clamp(b->vx, SPEED_MAX_PX);
    b->vy = clamp(b->vy, SPEED_MAX_PX);
}

static void move(fboid_t *b)
{
    b->x = clamp(b->x + b->vx, POSITION_GUARD_PX);
    b->y = clamp(b->y + b->vy, POSITION_GUARD_PX);
}

/* Steers away from the summed offset of every predator within predatorrange. */
static void avoid_predators(fboid_t *b, const fboid_t *predator, size_t n_predators, const param_set_t *p)
{
    const double range2 = p->predatorrange * p->predatorrange;
    double predator_dx = 0, predator_dy = 0;
    size_t near_predators = 0;

    for (size_t k = 0; k < n_predators; k++) {
        double dx = b->x - predator[k].x;
        double dy = b->y - predator[k].y;
        if (fabs(dx) < p->predatorrange && fabs(dy) < p->predatorrange && dx * dx + dy * dy < range2) {
            predator_dx += dx;
            predator_dy += dy;
            near_predators++;
        }
    }
    if (near_predators == 0)
        return;
    if (predator_dy > 0)
        b->vy += p->predatorturnfactor;
    if (predator_dy < 0)
        b->vy -= p->predatorturnfactor;
    if (predator_dx > 0)
        b->vx += p->predatorturnfactor;
    if (predator_dx < 0)
        b->vx -= p->predatorturnfactor;
}

/* Scouts pull their x velocity toward +1 (scout1) or -1 (scout2) by their own biasval. */
static void apply_scout_bias(fboid_t *b, const param_set_t *p)
{
    double direction;
    if (b->role == ROLE_SCOUT1)
        direction = 1.0;
    else if (b->role == ROLE_SCOUT2)
        direction = -1.0;
    else
        return;

    if (p->dynamic_bias) {
        /* Bias grows while the scout already heads its way, and shrinks otherwise. */
        if (b->vx * direction > 0)
            b->biasval = fmin(p->maxbias, b->biasval + p->bias_increment);
        else
            b->biasval = fmax(p->bias_increment, b->biasval - p->bias_increment);
    }
    b->vx = (1 - b->biasval) * b->vx + b->biasval * direction;
}

/* Cornell speed limits; a boid at rest, which has no direction, gets (minspeed, 0). */
static void limit_speed(fboid_t *b, edge_turn_t turn, const param_set_t *p)
{
    double speed = sqrt(b->vx * b->vx + b->vy * b->vy);
    if (speed == 0) {
        if (p->minspeed > 0) {
            b->vx = p->minspeed;
            b->vy = 0;
        }
    } else if (speed < p->minspeed) {
        if (p->edges == EDGES_PSEUDOCODE || !keep_edge_brake(b, p->minspeed, turn, b->x, b->y, p)) {
            b->vx = b->vx / speed * p->minspeed;
            b->vy = b->vy / speed * p->minspeed;
        }
    } else if (speed > p->maxspeed) {
        b->vx = b->vx / speed * p->maxspeed;
        b->vy = b->vy / speed * p->maxspeed;
    }
}

/* Weighted rules: velocity scaled to p->speed; a zero velocity keeps the old heading. */
static void set_constant_speed(fboid_t *b, double old_vx, double old_vy, const param_set_t *p)
{
    double length = sqrt(b->vx * b->vx + b->vy * b->vy);
    if (length == 0) {
        b->vx = old_vx;
        b->vy = old_vy;
        length = sqrt(old_vx * old_vx + old_vy * old_vy);
        if (length == 0) {
            b->vx = p->speed;
            b->vy = 0;
            return;
        }
    }
    b->vx = b->vx / length * p->speed;
    b->vy = b->vy / length * p->speed;
}

/* Weighted rules: the heading turns at most maxturn degrees from the old velocity. */
static void limit_turn(fboid_t *b, double old_vx, double old_vy, const param_set_t *p)
{
    if (!(p->maxturn < 180))
        return;
    double old_length = sqrt(old_vx * old_vx + old_vy * old_vy);
    if (old_length == 0)
        return; /* no old heading to measure the turn from */

    double cross = old_vx * b->vy - old_vy * b->vx;
    double dot = old_vx * b->vx + old_vy * b->vy;
    double turn = fabs(atan2(cross, dot));
    double maxturn = p->maxturn * pi / 180.0;
    if (!(turn > maxturn))
        return;

    /* Exactly opposite (cross == 0) turns the positive way, as the project decided. */
    double rotation = cross < 0 ? -maxturn : maxturn;
    double ux = old_vx / old_length, uy = old_vy / old_length;
    double c = cos(rotation), s = sin(rotation);
    b->vx = (ux * c - uy * s) * p->speed;
    b->vy = (ux * s + uy * c) * p->speed;
}

/* Updates flock boid i; neighbour sums read `others` (the live flock or a snapshot). */
static void step_boid(fflock_t *f, size_t i, const fboid_t *others, const param_set_t *p)
{
    fboid_t *b = &f->boid[i];
    const double old_x = b->x, old_y = b->y, old_vx = b->vx, old_vy = b->vy;
    edge_turn_t turn;

    if (p->rules == RULES_WEIGHTED)
        weighted_neighbours(b, i, others, f->n, p);
    else
        cornell_neighbours(b, i, others, f->n, p);
    turn = turn_at_edges(b, p);
    avoid_predators(b, f->predator, f->n_predators, p);
    apply_scout_bias(b, p);

    if (p->rules == RULES_WEIGHTED) {
        /* The weighted reference moves with the steered velocity, then normalizes it. */
        move(b);
        if (p->edges == EDGES_BRAKE && b->vx * b->vx + b->vy * b->vy < p->speed * p->speed)
            keep_edge_brake(b, p->speed, turn, old_x, old_y, p);
        set_constant_speed(b, old_vx, old_vy, p);
        limit_turn(b, old_vx, old_vy, p);
        clamp_velocity(b);
    } else {
        limit_speed(b, turn, p);
        clamp_velocity(b);
        move(b);
    }
}

/* Predators only turn at the edges; no speed limit, no other rule. */
static void step_predators(fflock_t *f, const param_set_t *p)
{
    for (size_t k = 0; k < f->n_predators; k++) {
        fboid_t *predator = &f->predator[k];
        (void)turn_at_edges(predator, p);
        clamp_velocity(predator);
        move(predator);
    }
}

void float_step(fflock_t *f, const param_set_t *p)
{
    fboid_t *snapshot = NULL;
    const fboid_t *others = f->boid; /* sequential: later boids see earlier boids' new state */

    if (p->order == ORDER_SYNCHRONOUS && f->n > 0) {
        /* Every boid reads the start-of-frame flock. If the snapshot cannot be
         * allocated the flock is left unchanged: the interface has no error return,
         * and a frame stepped in the wrong order would be a silent wrong answer. */
        snapshot = malloc(f->n * sizeof *snapshot);
        if (snapshot == NULL)
            return;
        memcpy(snapshot, f->boid, f->n * sizeof *snapshot);
        others = snapshot;
    }

    for (size_t i = 0; i < f->n; i++)
        step_boid(f, i, others, p);
    step_predators(f, p);
    free(snapshot);
}
