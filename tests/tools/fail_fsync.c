/* fail_fsync.so: an LD_PRELOAD shim for tests/test_faults.sh. Every output
 * reaches the disk through fsync(), so this is where a fault is injected:
 *   FAIL_FSYNC=1      fsync() fails with ENOSPC, as when a disk fills while
 *                     delayed writes reach it;
 *   FSYNC_STALL=S     fsync() first sleeps S seconds, so that a signal sent
 *                     meanwhile arrives while the output's temporary exists;
 *   CUT_HIER=1        statvfs(PATH) first empties PATH.hier, the FST writer's
 *                     hierarchy file, as a full disk that lost its writes
 *                     leaves it while the disk has room again: the trace's
 *                     close then maps it past its end (SIGBUS).
 * (stdio's own write() calls are internal to the C library: no shim reaches
 * them, so a full disk itself is a small tmpfs in the tests.) */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/statvfs.h>
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

int statvfs(const char *path, struct statvfs *buf)
{
    int (*real)(const char *, struct statvfs *) =
        (int (*)(const char *, struct statvfs *))dlsym(RTLD_NEXT, "statvfs");

    if (getenv("CUT_HIER") != NULL) {
        char hier[4096];
        if (snprintf(hier, sizeof hier, "%s.hier", path) < (int)sizeof hier)
            (void)truncate(hier, 0);
    }
    return real != NULL ? real(path, buf) : -1;
}
