/* Output files that are either whole or not there: a temporary file beside
 * the target (so rename() stays on one file system), every write, the flush,
 * the fsync and the close checked, then one rename() over the target. On any
 * failure, and if the program is killed by any signal a handler may catch
 * (INT, TERM, HUP, QUIT, ALRM, USR1, USR2, PIPE, XCPU, VTALRM, PROF) while
 * the temporary exists, the temporary is removed and the old file is left as
 * it was; past `ulimit -f` the write fails (SIGXFSZ is ignored) and says so.
 * The new file keeps the old one's mode, and its owner and group where the
 * user may set them (as sed -i). Another user's symlink in a sticky
 * world-writable folder is refused, as the kernel's protected_symlinks would
 * refuse open(O_CREAT) through it; any other symlink stays a link, and the
 * file it points to is replaced. A read-only file, a directory or a device
 * is refused, never replaced. */
#ifndef ATOMIC_FILE_H
#define ATOMIC_FILE_H

#include <stddef.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct {
    char *name;      /* the path as given, for messages */
    char *target;    /* the file replaced: name, or what a symlink points to */
    char *temp;      /* "<target>.tmpXXXXXX" */
    char *companion; /* NULL, or another file removed with the temporary */
    FILE *f;         /* open on temp for writing; NULL once closed */
} atomic_file_t;

/* Whether path could be written now, checked before minutes of work: the
 * directory exists and takes a new file, the target is no directory and not
 * read-only. 0, or -1 with "PATH: cannot write: why" in err. */
int atomic_file_check(const char *path, char *err, size_t errlen);

/* Creates the temporary and opens a->f on it (binary). 0, or -1 with a
 * message; nothing is left behind then. */
int atomic_file_open(atomic_file_t *a, const char *path, char *err, size_t errlen);

/* Also removes temp + suffix with the temporary (a writer that keeps a side
 * file by that name, as the FST writer keeps "<file>.hier"). 0, or -1 when
 * out of memory. */
int atomic_file_companion(atomic_file_t *a, const char *suffix);

/* Flushes, fsyncs and closes a->f (or, when the caller closed it after
 * writing the temporary by name, fsyncs that), then renames the temporary
 * over the target. 0, or -1 with a message and the old file untouched. Either
 * way a is finished. */
int atomic_file_commit(atomic_file_t *a, char *err, size_t errlen);

/* Gives up: closes and removes the temporary; the old file stays. */
void atomic_file_abort(atomic_file_t *a);

#ifdef __cplusplus
}
#endif

#endif
