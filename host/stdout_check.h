/* Standard output that could not be written (a full disk, /dev/full, a closed
 * pipe's EIO) is an error, not a silent success: checked once, at exit. */
#ifndef STDOUT_CHECK_H
#define STDOUT_CHECK_H

/* Registers with atexit() a flush of stdout; if it fails, or an earlier
 * write did, prints "PROG: cannot write standard output: why" on
 * stderr and the exit status becomes 1. Call first thing in main. */
void stdout_check_at_exit(const char *prog);

#endif
