/* A fresh directory for each cmocka test of files (setup make_dir, teardown
 * remove_dir, state a test_dir_t), and a count of what is left in one. */
#ifndef TEST_DIR_H
#define TEST_DIR_H

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

typedef struct {
    char dir[64];
} test_dir_t;

static int make_dir(void **state)
{
    test_dir_t *d = malloc(sizeof *d);

    if (d == NULL)
        return -1;
    strcpy(d->dir, "/tmp/boids_test.XXXXXX");
    if (mkdtemp(d->dir) == NULL) {
        free(d);
        return -1;
    }
    *state = d;
    return 0;
}

/* Removes what a test left (files, empty subdirectories) and the directory. */
static int remove_dir(void **state)
{
    test_dir_t *d = *state;
    DIR *dir = opendir(d->dir);
    struct dirent *entry;
    char path[512];
    int result;

    if (dir == NULL)
        return -1;
    while ((entry = readdir(dir)) != NULL) {
        if (strcmp(entry->d_name, ".") == 0 || strcmp(entry->d_name, "..") == 0)
            continue;
        snprintf(path, sizeof path, "%s/%s", d->dir, entry->d_name);
        if (unlink(path) != 0)
            rmdir(path);
    }
    closedir(dir);
    result = rmdir(d->dir);
    free(d);
    return result;
}

static int count_entries(const char *dir_path)
{
    DIR *dir = opendir(dir_path);
    struct dirent *entry;
    int count = 0;

    assert_non_null(dir);
    while ((entry = readdir(dir)) != NULL)
        if (strcmp(entry->d_name, ".") != 0 && strcmp(entry->d_name, "..") != 0)
            count++;
    closedir(dir);
    return count;
}

#endif
