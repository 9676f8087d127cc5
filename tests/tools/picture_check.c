/* picture_check: compares a PNG of the VGA picture, pixel for pixel, with the
 * independent C rendering of a state file (sim/render_reference.h).
 * Usage: picture_check STATE.csv PICTURE.png WORLD_W WORLD_H [SCALE]
 * Exit 0 when every pixel matches, 1 with the first differences otherwise. */
#include <stdio.h>
#include <stdlib.h>
#include "png_io.h"
#include "render_reference.h"
#include "state_csv.h"

int main(int argc, char **argv)
{
    state_table_t t = {0, NULL};
    uint32_t *picture = NULL, *expect;
    int w, h, scale = argc > 5 ? atoi(argv[5]) : 1;
    long x, y, differ = 0;
    char err[400];

    if (argc < 5 || scale < 1) {
        fprintf(stderr, "usage: %s STATE.csv PICTURE.png WORLD_W WORLD_H [SCALE]\n", argv[0]);
        return 2;
    }
    if (state_csv_read(argv[1], &t, err, sizeof err) != 0 ||
        png_read_rgb(argv[2], &picture, &w, &h, err, sizeof err) != 0) {
        fprintf(stderr, "picture_check: %s\n", err);
        return 2;
    }
    expect = malloc((size_t)w * (size_t)h * sizeof *expect);
    if (expect == NULL || render_reference(&t, atof(argv[3]), atof(argv[4]), w / scale, h / scale,
                                           scale, expect, err, sizeof err) != 0) {
        fprintf(stderr, "picture_check: %s\n", expect ? err : "out of memory");
        return 2;
    }
    for (y = 0; y < h; y++)
        for (x = 0; x < w; x++)
            if (picture[y * w + x] != expect[y * w + x] && differ++ < 5)
                printf("pixel (%ld, %ld): picture %06x, reference %06x\n", x, y,
                       picture[y * w + x], expect[y * w + x]);
    printf("%ld of %ld pixels differ\n", differ, (long)w * h);
    free(expect);
    free(picture);
    state_table_free(&t);
    return differ != 0;
}
