/* See stdout_check.h. */
#include "stdout_check.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char *program = "boids";

static void check_stdout(void)
{
    int failed;

    errno = 0;
    failed = ferror(stdout) != 0;
    /* Flushed, not closed: a C++ destructor that runs after this may print. */
    if (fflush(stdout) != 0)
        failed = 1;
    if (!failed)
        return;
    fprintf(stderr, "%s: cannot write standard output: %s\n", program,
            errno ? strerror(errno) : "a write failed");
    _exit(1); /* exit() again from an atexit handler is undefined */
}

void stdout_check_at_exit(const char *prog)
{
    program = prog;
    atexit(check_stdout);
}
