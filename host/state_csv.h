/* State files: CSV with the header id,role,x,y,vx,vy,biasval, one boid a line.
 * Numbers are decimals in pixels and pixels per frame; roles are boid, scout1,
 * scout2 and predator. Rows are kept in id order, ids 0..n-1 each exactly once.
 */
#ifndef STATE_CSV_H
#define STATE_CSV_H

#include <stddef.h>
#include <stdio.h>

enum state_role { STATE_BOID = 0, STATE_SCOUT1 = 1, STATE_SCOUT2 = 2, STATE_PREDATOR = 3 };

typedef struct {
    int role; /* enum state_role */
    double x, y, vx, vy, biasval;
} state_row_t;

typedef struct {
    size_t n;
    state_row_t *row; /* [n], row[i] has id i */
} state_table_t;

/* Reads a whole file. On error returns -1, leaves *t empty and writes one line
 * naming the file, the line number and the problem into err. */
int state_csv_read(const char *path, state_table_t *t, char *err, size_t errlen);
/* The same from an open stream (left open); path names it in messages. */
int state_csv_read_stream(FILE *f, const char *path, state_table_t *t, char *err, size_t errlen);
/* Writes atomically (atomic_file.h): a failed or interrupted write leaves the
 * old file as it was and no temporary behind. */
int state_csv_write(const char *path, const state_table_t *t, char *err, size_t errlen);
void state_table_free(state_table_t *t);

#endif
