/* Atomic output files (atomic_file.h): the temporary's life, and a registry
 * of live temporaries that a signal handler or exit() removes. */
#define _XOPEN_SOURCE 700 /* S_ISVTX */

#include "atomic_file.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define TEMP_SUFFIX ".tmpXXXXXX"
#define COMPANION_ROOM 8 /* a companion's suffix (".hier") fits after the temporary's */
#define LINKS_MAX 40   /* symlinks followed, as the kernel's limit */
#define LIVE_MAX 16    /* temporaries (and companions) open at once */

/* ---- the registry ------------------------------------------------------ */

/* Read by the signal handler: a slot is set only with the signals blocked,
 * and cleared before its string is freed. */
static char *volatile live[LIVE_MAX];
/* Every signal whose default action ends the program and that a handler may
 * catch, as GNU sort's list: the temporaries go first. */
static const int caught[] = { SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGALRM, SIGUSR1, SIGUSR2,
                              SIGPIPE, SIGXCPU, SIGVTALRM, SIGPROF };
#define CAUGHT_COUNT (sizeof caught / sizeof caught[0])

static void remove_live(void)
{
    size_t i;

    for (i = 0; i < LIVE_MAX; i++)
        if (live[i] != NULL)
            unlink(live[i]); /* async-signal-safe */
}

/* Removes the temporaries, then dies of the signal as if it had no handler. */
static void on_signal(int sig)
{
    struct sigaction dfl;

    remove_live();
    memset(&dfl, 0, sizeof dfl);
    dfl.sa_handler = SIG_DFL;
    sigemptyset(&dfl.sa_mask);
    sigaction(sig, &dfl, NULL);
    raise(sig); /* pending until this handler returns */
}

/* Once: the handler for each signal that would kill the program outright (one
 * ignored, or handled by someone else such as SDL, is left alone), and
 * removal at exit() for a temporary a failing program never finished.
 * SIGXFSZ (a write past `ulimit -f`) is ignored instead, so that the write
 * fails with EFBIG and the program says so, as for a full disk. */
static void install_cleanup(void)
{
    static int installed;
    struct sigaction old;
    size_t i;

    if (installed)
        return;
    installed = 1;
    atexit(remove_live);
    if (sigaction(SIGXFSZ, NULL, &old) == 0 && old.sa_handler == SIG_DFL) {
        struct sigaction ignore;

        memset(&ignore, 0, sizeof ignore);
        ignore.sa_handler = SIG_IGN;
        sigemptyset(&ignore.sa_mask);
        sigaction(SIGXFSZ, &ignore, NULL);
    }
    for (i = 0; i < CAUGHT_COUNT; i++) {
        struct sigaction handler;

        if (sigaction(caught[i], NULL, &old) != 0 || old.sa_handler != SIG_DFL)
            continue;
        memset(&handler, 0, sizeof handler);
        handler.sa_handler = on_signal;
        sigemptyset(&handler.sa_mask);
        sigaction(caught[i], &handler, NULL);
    }
}

static void block_signals(sigset_t *saved)
{
    sigset_t set;
    size_t i;

    sigemptyset(&set);
    for (i = 0; i < CAUGHT_COUNT; i++)
        sigaddset(&set, caught[i]);
    sigprocmask(SIG_BLOCK, &set, saved);
}

/* -1 when the registry is full. Call with the signals blocked. */
static int add_live(char *path)
{
    size_t i;

    for (i = 0; i < LIVE_MAX; i++)
        if (live[i] == NULL) {
            live[i] = path;
            return 0;
        }
    return -1;
}

static void drop_live(const char *path)
{
    size_t i;

    for (i = 0; path != NULL && i < LIVE_MAX; i++)
        if (live[i] == path)
            live[i] = NULL;
}

/* ---- paths ------------------------------------------------------------- */

static int fail(char *err, size_t errlen, const char *path, const char *fmt, ...)
{
    va_list ap;
    int used;

    if (err == NULL || errlen == 0)
        return -1;
    used = snprintf(err, errlen, "%s: cannot write: ", path);
    if (used >= 0 && (size_t)used < errlen) {
        va_start(ap, fmt);
        vsnprintf(err + used, errlen - (size_t)used, fmt, ap);
        va_end(ap);
    }
    return -1;
}

/* The folder that holds path ("." for a bare name), in a new string; NULL
 * when out of memory. */
static char *folder_of(const char *path)
{
    const char *slash = strrchr(path, '/');

    return slash == NULL ? strdup(".") : strndup(path, (size_t)(slash - path) + 1);
}

/* Whether the kernel's protected_symlinks would refuse to follow the link p
 * (its lstat in link) for open(O_CREAT): a link in a sticky world-writable
 * folder (/tmp) that is neither ours nor the folder owner's. Another user's
 * link there must not make this program replace a file it was not asked to. */
static int protected_link(const char *p, const struct stat *link)
{
    char *dir = folder_of(p);
    struct stat st;
    int refused;

    if (dir == NULL)
        return 1;
    refused = stat(dir, &st) == 0 && (st.st_mode & S_ISVTX) && (st.st_mode & S_IWOTH) &&
              link->st_uid != geteuid() && link->st_uid != st.st_uid;
    free(dir);
    return refused;
}

/* A copy of path with every symlink followed (a dangling one too: its target
 * is the file to create); NULL with errno set, and *refused set for a link
 * the kernel would not follow either (protected_link). */
static char *follow_links(const char *path, int *refused)
{
    char *p = strdup(path);
    int hops;

    for (hops = 0; p != NULL; hops++) {
        struct stat st;
        char link[PATH_MAX], *next;
        const char *slash;
        ssize_t len;
        size_t dir;

        if (lstat(p, &st) != 0 || !S_ISLNK(st.st_mode))
            return p; /* a missing file is created by that name */
        if (protected_link(p, &st)) {
            free(p);
            *refused = 1;
            errno = EACCES;
            return NULL;
        }
        if (hops == LINKS_MAX || (len = readlink(p, link, sizeof link - 1)) < 0) {
            free(p);
            errno = hops == LINKS_MAX ? ELOOP : errno;
            return NULL;
        }
        link[len] = '\0';
        slash = strrchr(p, '/');
        dir = link[0] != '/' && slash != NULL ? (size_t)(slash - p) + 1 : 0;
        next = malloc(dir + (size_t)len + 1);
        if (next != NULL) {
            memcpy(next, p, dir);
            memcpy(next + dir, link, (size_t)len + 1);
        }
        free(p);
        p = next;
    }
    return NULL;
}

/* The target as it is now: refused if it is no regular file or read-only
 * (root could replace it, but a read-only file says "keep me"). *mode is the
 * new file's: the old one's, else 0666 less the umask; *owner and *group the
 * old one's, else -1 (the creator's). */
static int check_target(const char *name, const char *target, mode_t *mode, uid_t *owner,
                        gid_t *group, char *err, size_t errlen)
{
    struct stat st;
    mode_t mask;

    *owner = (uid_t)-1;
    *group = (gid_t)-1;
    if (stat(target, &st) != 0) {
        if (errno != ENOENT)
            return fail(err, errlen, name, "%s", strerror(errno));
        mask = umask(0);
        umask(mask);
        *mode = 0666 & ~mask;
        return 0;
    }
    if (S_ISDIR(st.st_mode))
        return fail(err, errlen, name, "it is a directory");
    if (!S_ISREG(st.st_mode))
        return fail(err, errlen, name, "not a regular file");
    if ((st.st_mode & 0222) == 0 || access(target, W_OK) != 0)
        return fail(err, errlen, name, "the file is read-only (it is not replaced)");
    *mode = st.st_mode & 07777;
    *owner = st.st_uid;
    *group = st.st_gid;
    return 0;
}

/* The old file's owner and group on the new one where we may set them, as
 * `sed -i` does: both (root), else the group alone (one of ours), else the
 * creator's stay. Before the mode, which a change of owner may clear bits of.
 * 0, or -1 when the file keeps its creator's owner and group. */
static int keep_owner(int fd, uid_t owner, gid_t group)
{
    if (owner == (uid_t)-1 || fchown(fd, owner, group) == 0)
        return 0;
    return fchown(fd, (uid_t)-1, group);
}

static void free_paths(atomic_file_t *a)
{
    free(a->name);
    free(a->target);
    free(a->temp);
    free(a->companion);
    memset(a, 0, sizeof *a);
}

/* Closes what is open, removes the temporary and its companion. */
static void discard(atomic_file_t *a)
{
    if (a->f != NULL)
        fclose(a->f);
    a->f = NULL;
    if (a->temp != NULL)
        unlink(a->temp);
    if (a->companion != NULL)
        unlink(a->companion);
    drop_live(a->temp);
    drop_live(a->companion);
    free_paths(a);
}

/* The directory's entry for the rename, on disk too; a directory that cannot
 * be synced (some file systems) loses nothing already written. */
static void sync_directory(const char *target)
{
    char *dir = folder_of(target);
    int fd = dir == NULL ? -1 : open(dir, O_RDONLY | O_DIRECTORY);

    if (fd >= 0) {
        fsync(fd);
        close(fd);
    }
    free(dir);
}

/* "<target>.tmpXXXXXX", its file name cut short where the target's is so
 * long that the temporary's (and a companion's) would pass NAME_MAX: any
 * name the directory takes can be saved to. NULL when out of memory. */
static char *temp_name(const char *target)
{
    const char *slash = strrchr(target, '/');
    size_t dir = slash == NULL ? 0 : (size_t)(slash - target) + 1;
    size_t base = strlen(target) - dir;
    size_t room = NAME_MAX - (sizeof TEMP_SUFFIX - 1) - COMPANION_ROOM;
    char *temp;

    if (base > room)
        base = room;
    temp = malloc(dir + base + sizeof TEMP_SUFFIX);
    if (temp != NULL) {
        memcpy(temp, target, dir + base);
        memcpy(temp + dir + base, TEMP_SUFFIX, sizeof TEMP_SUFFIX);
    }
    return temp;
}

/* ---- the interface ----------------------------------------------------- */

int atomic_file_open(atomic_file_t *a, const char *path, char *err, size_t errlen)
{
    sigset_t saved;
    mode_t mode = 0;
    uid_t owner;
    gid_t group;
    int fd, registered, refused = 0;

    memset(a, 0, sizeof *a);
    if (path == NULL || path[0] == '\0')
        return fail(err, errlen, path == NULL ? "(null)" : "\"\"", "no file name given");
    a->name = strdup(path);
    a->target = follow_links(path, &refused);
    if (a->name == NULL || a->target == NULL) {
        if (refused)
            fail(err, errlen, path, "another user's symlink in a shared folder (sticky and "
                                    "world-writable): not followed, as the kernel's "
                                    "protected_symlinks would not");
        else
            fail(err, errlen, path, "%s", strerror(errno));
        free_paths(a);
        return -1;
    }
    if (check_target(path, a->target, &mode, &owner, &group, err, errlen) != 0) {
        free_paths(a);
        return -1;
    }
    a->temp = temp_name(a->target);
    if (a->temp == NULL) {
        free_paths(a);
        return fail(err, errlen, path, "out of memory");
    }

    install_cleanup();
    block_signals(&saved); /* no moment when the file exists unregistered */
    fd = mkstemp(a->temp);
    registered = fd >= 0 && add_live(a->temp) == 0;
    if (fd >= 0 && !registered) {
        close(fd);
        unlink(a->temp);
        errno = EMFILE;
    }
    sigprocmask(SIG_SETMASK, &saved, NULL);
    if (!registered) {
        fail(err, errlen, path, "%s", strerror(errno));
        free_paths(a);
        return -1;
    }
    /* mkstemp makes the file private (0600); an output is ordinary data. */
    (void)keep_owner(fd, owner, group); /* where it cannot, the creator's stay */
    if (fchmod(fd, mode) != 0 || (a->f = fdopen(fd, "wb")) == NULL) {
        fail(err, errlen, path, "%s", strerror(errno));
        close(fd);
        discard(a);
        return -1;
    }
    return 0;
}

int atomic_file_check(const char *path, char *err, size_t errlen)
{
    atomic_file_t a;

    if (atomic_file_open(&a, path, err, errlen) != 0)
        return -1;
    atomic_file_abort(&a);
    return 0;
}

int atomic_file_companion(atomic_file_t *a, const char *suffix)
{
    sigset_t saved;
    char *path = malloc(strlen(a->temp) + strlen(suffix) + 1);
    int rc;

    if (path == NULL)
        return -1;
    strcpy(path, a->temp);
    strcat(path, suffix);
    block_signals(&saved);
    rc = add_live(path);
    if (rc == 0)
        a->companion = path;
    sigprocmask(SIG_SETMASK, &saved, NULL);
    if (rc != 0)
        free(path);
    return rc;
}

/* The data on disk: a->f flushed, synced and closed, or the temporary that
 * someone else wrote by name synced. 0, or an errno. */
static int flush_to_disk(atomic_file_t *a)
{
    int fd, failed = 0;

    if (a->f != NULL) {
        FILE *f = a->f;
        a->f = NULL;
        if (fflush(f) != 0 || ferror(f) || fsync(fileno(f)) != 0)
            failed = errno ? errno : EIO;
        if (fclose(f) != 0 && !failed)
            failed = errno ? errno : EIO;
        return failed;
    }
    fd = open(a->temp, O_RDONLY);
    if (fd < 0)
        return errno;
    if (fsync(fd) != 0)
        failed = errno;
    close(fd);
    return failed;
}

int atomic_file_commit(atomic_file_t *a, char *err, size_t errlen)
{
    int failed = flush_to_disk(a);

    if (!failed && rename(a->temp, a->target) != 0)
        failed = errno;
    if (failed) {
        fail(err, errlen, a->name, "%s", strerror(failed));
        discard(a);
        return -1;
    }
    drop_live(a->temp);
    if (a->companion != NULL)
        unlink(a->companion);
    drop_live(a->companion);
    sync_directory(a->target);
    free_paths(a);
    return 0;
}

void atomic_file_abort(atomic_file_t *a)
{
    discard(a);
}
