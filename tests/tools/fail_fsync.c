/* fail_fsync.so: an LD_PRELOAD shim for tests/test_faults.sh. Every output
 * reaches the disk through fsync(), so this is where a fault is injected:
 *   FAIL_FSYNC=1      fsync() fails with ENOSPC, as when a disk fills while
 *                     delayed writes reach it;
 *   FSYNC_STALL=S     fsync() first sleeps S seconds, so that a signal sent
 *                     meanwhile arrives while the output's temporary exists.
 * (stdio's own write() calls are internal to the C library: no shim reaches
 * them, so a full disk itself is a small tmpfs in the tests.) */
#define _GNU_SOURCE
#include <errno.h>
#include <stdlib.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

static int injected(void)
{
    const char *stall = getenv("FSYNC_STALL");

    if (stall != NULL) {
        struct timespec t = {atoi(stall), 0};
        nanosleep(&t, NULL);
    }
    if (getenv("FAIL_FSYNC") != NULL) {
        errno = ENOSPC;
        return 1;
    }
    return 0;
}

int fsync(int fd)
{
    return injected() ? -1 : (int)syscall(SYS_fsync, fd);
}

int fdatasync(int fd)
{
    return injected() ? -1 : (int)syscall(SYS_fdatasync, fd);
}
