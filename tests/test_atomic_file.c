/* Tests for host/atomic_file.c: a committed file is whole, a failed or
 * abandoned one leaves the old file and no temporary; symlinks are written
 * through; read-only files, directories and devices are refused; a signal or
 * exit() with a temporary open removes it. */
#define _POSIX_C_SOURCE 200809L

#include <dirent.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "atomic_file.h"
#include "test_dir.h"

static const char *path_in(const test_dir_t *d, const char *name)
{
    static char paths[4][512];
    static int next;
    char *path = paths[next++ % 4];

    snprintf(path, sizeof paths[0], "%s/%s", d->dir, name);
    return path;
}

static void write_text(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");

    assert_non_null(f);
    assert_true(fputs(text, f) >= 0);
    assert_int_equal(fclose(f), 0);
}

static void assert_text(const char *path, const char *text)
{
    char buf[256] = "";
    FILE *f = fopen(path, "r");
    size_t len;

    assert_non_null(f);
    len = fread(buf, 1, sizeof buf - 1, f);
    buf[len] = '\0';
    fclose(f);
    assert_string_equal(buf, text);
}

/* Writes text to path through an atomic file; the commit's result. */
static int write_atomic(const char *path, const char *text, char *err, size_t errlen)
{
    atomic_file_t a;

    if (atomic_file_open(&a, path, err, errlen) != 0)
        return -1;
    assert_true(fputs(text, a.f) >= 0);
    return atomic_file_commit(&a, err, errlen);
}

static void test_commit_replaces_keeping_the_mode(void **state)
{
    const test_dir_t *d = *state;
    const char *path = path_in(d, "out.txt");
    char err[300] = "";
    struct stat st;

    write_text(path, "old\n");
    assert_int_equal(chmod(path, 0640), 0);
    assert_int_equal(write_atomic(path, "new\n", err, sizeof err), 0);
    assert_text(path, "new\n");
    assert_int_equal(stat(path, &st), 0);
    assert_int_equal(st.st_mode & 07777, 0640);
    assert_int_equal(count_entries(d->dir), 1);
}

static void test_new_file_follows_the_umask(void **state)
{
    const test_dir_t *d = *state;
    const char *path = path_in(d, "new.txt");
    char err[300] = "";
    mode_t old_mask = umask(027);
    struct stat st;

    assert_int_equal(write_atomic(path, "x", err, sizeof err), 0);
    umask(old_mask);
    assert_int_equal(stat(path, &st), 0);
    assert_int_equal(st.st_mode & 07777, 0640);
}

static void test_symlink_is_written_through(void **state)
{
    const test_dir_t *d = *state;
    const char *link = path_in(d, "link.txt"), *dangling = path_in(d, "dangling.txt");
    char err[300] = "";
    struct stat st;

    write_text(path_in(d, "real.txt"), "old\n");
    assert_int_equal(symlink("real.txt", link), 0);
    assert_int_equal(write_atomic(link, "new\n", err, sizeof err), 0);
    assert_int_equal(lstat(link, &st), 0);
    assert_true(S_ISLNK(st.st_mode));
    assert_text(path_in(d, "real.txt"), "new\n");

    /* A link to a file not there yet makes that file. */
    assert_int_equal(symlink("later.txt", dangling), 0);
    assert_int_equal(write_atomic(dangling, "later\n", err, sizeof err), 0);
    assert_int_equal(lstat(dangling, &st), 0);
    assert_true(S_ISLNK(st.st_mode));
    assert_text(path_in(d, "later.txt"), "later\n");
    assert_int_equal(count_entries(d->dir), 4);
}

static void test_read_only_file_is_refused(void **state)
{
    const test_dir_t *d = *state;
    const char *path = path_in(d, "keep.txt");
    char err[300] = "", expected[400];

    write_text(path, "keep\n");
    assert_int_equal(chmod(path, 0444), 0);
    snprintf(expected, sizeof expected, "%s: cannot write: the file is read-only (it is not replaced)",
             path);
    assert_int_equal(atomic_file_check(path, err, sizeof err), -1);
    assert_string_equal(err, expected);
    assert_int_equal(write_atomic(path, "new\n", err, sizeof err), -1);
    assert_string_equal(err, expected);
    assert_text(path, "keep\n");
    assert_int_equal(count_entries(d->dir), 1);
}

static void test_directory_device_and_missing_directory_are_refused(void **state)
{
    const test_dir_t *d = *state;
    char err[300] = "", expected[400];

    assert_int_equal(atomic_file_check(d->dir, err, sizeof err), -1);
    snprintf(expected, sizeof expected, "%s: cannot write: it is a directory", d->dir);
    assert_string_equal(err, expected);
    assert_int_equal(atomic_file_check("/dev/null", err, sizeof err), -1);
    assert_string_equal(err, "/dev/null: cannot write: not a regular file");
    assert_int_equal(atomic_file_check(path_in(d, "no/such/file"), err, sizeof err), -1);
    assert_non_null(strstr(err, "No such file or directory"));
    assert_int_equal(atomic_file_check("", err, sizeof err), -1);
    assert_string_equal(err, "\"\": cannot write: no file name given");
    assert_int_equal(count_entries(d->dir), 0);
    assert_int_equal(atomic_file_check(path_in(d, "fine.txt"), err, sizeof err), 0);
    assert_int_equal(count_entries(d->dir), 0);
}

/* A write error (here the descriptor is gone) shows at the commit: the old
 * file stays, the temporary goes, the message says why. */
static void test_failed_write_keeps_the_old_file(void **state)
{
    const test_dir_t *d = *state;
    const char *path = path_in(d, "out.txt");
    char err[300] = "", expected[400];
    atomic_file_t a;
    int i;

    write_text(path, "old\n");
    assert_int_equal(atomic_file_open(&a, path, err, sizeof err), 0);
    assert_int_equal(close(fileno(a.f)), 0);
    for (i = 0; i < 10000; i++)
        fputs("0123456789", a.f);
    assert_int_equal(atomic_file_commit(&a, err, sizeof err), -1);
    snprintf(expected, sizeof expected, "%s: cannot write: Bad file descriptor", path);
    assert_string_equal(err, expected);
    assert_text(path, "old\n");
    assert_int_equal(count_entries(d->dir), 1);
}

static void test_abort_and_companion(void **state)
{
    const test_dir_t *d = *state;
    const char *path = path_in(d, "trace.fst");
    char err[300] = "", side[600];
    atomic_file_t a;

    write_text(path, "old\n");
    assert_int_equal(atomic_file_open(&a, path, err, sizeof err), 0);
    assert_int_equal(atomic_file_companion(&a, ".hier"), 0);
    snprintf(side, sizeof side, "%s.hier", a.temp);
    write_text(side, "side\n");
    assert_true(fputs("new\n", a.f) >= 0);
    assert_int_equal(count_entries(d->dir), 3);
    atomic_file_abort(&a);
    assert_text(path, "old\n");
    assert_int_equal(count_entries(d->dir), 1);

    /* Written by name, as the FST writer does; the side file goes at the commit. */
    assert_int_equal(atomic_file_open(&a, path, err, sizeof err), 0);
    assert_int_equal(atomic_file_companion(&a, ".hier"), 0);
    fclose(a.f);
    a.f = NULL;
    write_text(a.temp, "by name\n");
    snprintf(side, sizeof side, "%s.hier", a.temp);
    write_text(side, "side\n");
    assert_int_equal(atomic_file_commit(&a, err, sizeof err), 0);
    assert_text(path, "by name\n");
    assert_int_equal(count_entries(d->dir), 1);
}

/* A name as long as the directory takes (255 bytes, and 250 with room for
 * nothing more) is written, its temporary and a companion's name cut short
 * within NAME_MAX; nothing is left beside the file. */
static void test_longest_names_are_written(void **state)
{
    const test_dir_t *d = *state;
    size_t lengths[] = { 250, 255 };
    char name[256], err[700] = "", side[900];
    atomic_file_t a;
    size_t i;

    for (i = 0; i < sizeof lengths / sizeof lengths[0]; i++) {
        const char *path;

        memset(name, 'n', lengths[i]);
        name[lengths[i]] = '\0';
        path = path_in(d, name);
        write_text(path, "old\n");
        assert_int_equal(write_atomic(path, "new\n", err, sizeof err), 0);
        assert_text(path, "new\n");
        assert_int_equal(atomic_file_open(&a, path, err, sizeof err), 0);
        assert_int_equal(atomic_file_companion(&a, ".hier"), 0);
        snprintf(side, sizeof side, "%s.hier", a.temp);
        write_text(side, "side\n");
        atomic_file_abort(&a);
        assert_int_equal(count_entries(d->dir), 1);
        assert_int_equal(unlink(path), 0);
    }
}

/* A child opens a temporary, writes, then dies of sig (or exits when sig is
 * 0): the parent sees how it ended and that no temporary is left. */
static void run_child(const test_dir_t *d, int sig)
{
    const char *path = path_in(d, "big.csv");
    int status;
    pid_t pid;

    write_text(path, "old\n");
    pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        atomic_file_t a;
        char err[300];
        if (atomic_file_open(&a, path, err, sizeof err) != 0 || fputs("partial", a.f) < 0 ||
            fflush(a.f) != 0)
            _exit(3);
        if (sig != 0)
            raise(sig);
        exit(2); /* a program that gives up without a commit */
    }
    assert_int_equal(waitpid(pid, &status, 0), pid);
    if (sig != 0) {
        assert_true(WIFSIGNALED(status));
        assert_int_equal(WTERMSIG(status), sig);
    } else {
        assert_true(WIFEXITED(status));
        assert_int_equal(WEXITSTATUS(status), 2);
    }
    assert_text(path, "old\n");
    assert_int_equal(count_entries(d->dir), 1);
}

static void test_signal_removes_the_temporary(void **state)
{
    run_child(*state, SIGINT);
    run_child(*state, SIGTERM);
}

static void test_exit_removes_the_temporary(void **state)
{
    run_child(*state, 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_commit_replaces_keeping_the_mode, make_dir, remove_dir),
        cmocka_unit_test_setup_teardown(test_new_file_follows_the_umask, make_dir, remove_dir),
        cmocka_unit_test_setup_teardown(test_symlink_is_written_through, make_dir, remove_dir),
        cmocka_unit_test_setup_teardown(test_read_only_file_is_refused, make_dir, remove_dir),
        cmocka_unit_test_setup_teardown(test_directory_device_and_missing_directory_are_refused,
                                        make_dir, remove_dir),
        cmocka_unit_test_setup_teardown(test_failed_write_keeps_the_old_file, make_dir, remove_dir),
        cmocka_unit_test_setup_teardown(test_abort_and_companion, make_dir, remove_dir),
        cmocka_unit_test_setup_teardown(test_longest_names_are_written, make_dir, remove_dir),
        cmocka_unit_test_setup_teardown(test_signal_removes_the_temporary, make_dir, remove_dir),
        cmocka_unit_test_setup_teardown(test_exit_removes_the_temporary, make_dir, remove_dir),
    };

    /* As from a terminal: a shell's background job would start with SIGINT ignored. */
    signal(SIGINT, SIG_DFL);
    signal(SIGTERM, SIG_DFL);
    return cmocka_run_group_tests(tests, NULL, NULL);
}
