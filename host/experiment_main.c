/* build/experiment: sweeps of the leadership and conflict experiments on both
 * cores, resumable from their journal (docs/experiments.md). */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <math.h>
#include <getopt.h>
#include <stdarg.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
#include "atomic_file.h"
#include "experiment.h"
#include "journal.h"
#include "params.h"
#include "number_parse.h"
#include "options.h"
#include "stdout_check.h"

typedef struct {
    sweep_t sweep;
    uint32_t *sizes;             /* the lists the flags gave (NULL: the defaults'), */
    double *fractions, *biases;  /* which sweep points at; freed at the end */
    const char *out_dir;
    unsigned jobs;
    unsigned long stop_after; /* 0: run all (tests simulate an interruption with it) */
} experiment_options_t;

/* Shared by the workers, guarded by lock. */
typedef struct {
    pthread_mutex_t lock;
    sweep_results_t res;
    size_t next, started, failed;
    journal_t journal;
    uint32_t frames;
    int edges;
    unsigned long stop_after;
    char error[PATH_MAX + 256];
} sweep_state_t;

static volatile sig_atomic_t interrupted;

static void on_interrupt(int sig)
{
    (void)sig;
    interrupted = 1;
}

static double now(void)
{
    struct timespec ts;

    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + ts.tv_nsec * 1e-9;
}

static int fail(const char *msg)
{
    fprintf(stderr, "experiment: %s\n", msg);
    return 1;
}

/* Limits of the flags, as --help states them. */
#define COUNT_MAX 1000000ul /* --seeds, --frames, --stop-after */
#define JOBS_MAX 64u
#define SIZE_MAX_BOIDS 4096ul

/* "a,b,c" into a new array of numbers within [lo, hi] (*out, freed by the
 * caller), whole numbers if whole; no item may be empty. As many items as
 * memory holds. */
static int parse_list(const char *flag, const char *text, int whole, double lo, double hi,
                      double **out, size_t *n, char *err, size_t errlen)
{
    const char *item = text, *p;
    size_t items = 1;
    double *list;

    for (p = text; *p != '\0'; p++)
        items += *p == ',';
    list = malloc(items * sizeof *list);
    if (list == NULL) {
        snprintf(err, errlen, "%s: out of memory for %zu values", flag, items);
        return -1;
    }
    for (*n = 0; *n < items; (*n)++) {
        size_t len = strcspn(item, ",");
        unsigned long count;
        char *buf;
        int ok;

        if (len == 0) {
            snprintf(err, errlen, "%s: an empty item in \"%.60s\"", flag, text);
            free(list);
            return -1;
        }
        buf = strndup(item, len);
        if (buf == NULL) {
            snprintf(err, errlen, "%s: out of memory", flag);
            free(list);
            return -1;
        }
        ok = whole ? number_parse_whole(flag, buf, (unsigned long)lo, (unsigned long)hi, &count, err,
                                        errlen) == NUMBER_OK
                   : number_parse_real(flag, buf, lo, hi, &list[*n], err, errlen) == NUMBER_OK;
        free(buf);
        if (!ok) {
            free(list);
            return -1;
        }
        if (whole)
            list[*n] = (double)count;
        item += len + 1;
    }
    *out = list;
    return 0;
}

static void print_help(void)
{
    printf("Usage: experiment [options]\n"
           "Runs the leadership sweep (accuracy against the informed fraction, per flock size\n"
           "and bias) and the conflict sweep (two scout groups pulling opposite ways) on the\n"
           "fixed-point model, on every core. Each finished run is appended to DIR/runs.csv;\n"
           "run the same command again to resume an interrupted sweep. At the end the\n"
           "summaries DIR/leadership.csv and DIR/conflict.csv are written.\n"
           "\n"
           "  --out DIR          output folder (default build/experiments)\n"
           "  --seeds N          runs per cell (default 100, at most %lu)\n"
           "  --frames T         frames per run (default 600, at most %lu)\n"
           "  --sizes LIST       flock sizes (default 10,50,100,200,400; each 1 to %lu)\n"
           "  --fractions LIST   informed fractions (default 0,0.02,0.05,0.1,0.2,0.3,0.5)\n"
           "  --biases LIST      scouts' biasval (default 0.02,0.05,0.1)\n"
           "                     (a LIST holds as many values as memory does; fractions and\n"
           "                     biases 0 to 1)\n"
           "  --only PART        leadership | conflict (default both)\n"
           "  --edges E          brake (default) | pseudocode: the references' edge rule\n"
           "                     (docs/rules.md); a journal resumes only under its own rule\n"
           "  --jobs J           worker threads (default: the number of cores; at most %u)\n"
           "  --quick            a small sweep (seconds), for tests\n"
           "  --stop-after K     stop after K new runs, as an interruption would\n"
           "  --help             this text\n",
           COUNT_MAX, COUNT_MAX, SIZE_MAX_BOIDS, JOBS_MAX);
}

enum experiment_flag {
    EXP_OUT = 0x100, EXP_SEEDS, EXP_FRAMES, EXP_SIZES, EXP_FRACTIONS, EXP_BIASES, EXP_ONLY, EXP_JOBS,
    EXP_QUICK, EXP_STOP_AFTER, EXP_EDGES, EXP_HELP
};

static const struct option EXPERIMENT_FLAGS[] = {
    {"out", required_argument, NULL, EXP_OUT},
    {"seeds", required_argument, NULL, EXP_SEEDS},
    {"frames", required_argument, NULL, EXP_FRAMES},
    {"sizes", required_argument, NULL, EXP_SIZES},
    {"fractions", required_argument, NULL, EXP_FRACTIONS},
    {"biases", required_argument, NULL, EXP_BIASES},
    {"only", required_argument, NULL, EXP_ONLY},
    {"jobs", required_argument, NULL, EXP_JOBS},
    {"quick", no_argument, NULL, EXP_QUICK},
    {"stop-after", required_argument, NULL, EXP_STOP_AFTER},
    {"edges", required_argument, NULL, EXP_EDGES},
    {"help", no_argument, NULL, EXP_HELP},
    {NULL, 0, NULL, 0}};

/* A list of values in [0, 1] (--fractions, --biases) into *owned, which the
 * sweep's *list and *n then name; the list it replaces is freed. */
static int set_unit_list(const char *flag, const char *value, double **owned, const double **list,
                         size_t *n, char *err, size_t errlen)
{
    double *parsed;

    if (parse_list(flag, value, 0, 0, 1, &parsed, n, err, errlen) != 0)
        return -1;
    free(*owned);
    *list = *owned = parsed;
    return 0;
}

/* One flag with its value; 0, 1 for --help, or -1 with a message. */
static int apply_flag(experiment_options_t *o, int id, const char *flag, const char *value, char *err,
                      size_t errlen)
{
    double *list;
    unsigned long v;
    size_t n, k;

    switch (id) {
    case EXP_HELP: return 1;
    case EXP_QUICK: return 0; /* applied first: later flags refine it */
    case EXP_OUT: o->out_dir = value; return 0;
    case EXP_SEEDS: case EXP_FRAMES: case EXP_JOBS: case EXP_STOP_AFTER:
        /* the limits --help states: JOBS_MAX for --jobs, COUNT_MAX for the rest */
        if (number_parse_whole(flag, value, id == EXP_STOP_AFTER ? 0 : 1,
                               id == EXP_JOBS ? JOBS_MAX : COUNT_MAX, &v, err, errlen) != NUMBER_OK)
            return -1;
        if (id == EXP_SEEDS)
            o->sweep.seeds = (uint32_t)v;
        else if (id == EXP_FRAMES)
            o->sweep.frames = (uint32_t)v;
        else if (id == EXP_JOBS)
            o->jobs = (unsigned)v;
        else
            o->stop_after = v;
        return 0;
    case EXP_SIZES:
        if (parse_list(flag, value, 1, 1, SIZE_MAX_BOIDS, &list, &n, err, errlen) != 0)
            return -1;
        free(o->sizes);
        o->sizes = malloc(n * sizeof *o->sizes);
        if (o->sizes == NULL) {
            free(list);
            snprintf(err, errlen, "%s: out of memory", flag);
            return -1;
        }
        for (k = 0; k < n; k++)
            o->sizes[k] = (uint32_t)list[k];
        free(list);
        o->sweep.sizes = o->sizes;
        o->sweep.n_sizes = n;
        return 0;
    case EXP_FRACTIONS:
        return set_unit_list(flag, value, &o->fractions, &o->sweep.fractions, &o->sweep.n_fractions,
                             err, errlen);
    case EXP_BIASES:
        return set_unit_list(flag, value, &o->biases, &o->sweep.biases, &o->sweep.n_biases, err,
                             errlen);
    case EXP_EDGES:
        o->sweep.edges = options_choose(flag, value, OPTION_EDGES, err, errlen);
        return o->sweep.edges < 0 ? -1 : 0;
    default: /* EXP_ONLY */
        if (strcmp(value, "leadership") == 0)
            o->sweep.conflict = 0;
        else if (strcmp(value, "conflict") == 0)
            o->sweep.leadership = 0;
        else {
            snprintf(err, errlen, "--only: \"%.60s\" is not leadership|conflict", value);
            return -1;
        }
        return 0;
    }
}

/* 0 to run, 1 for --help, -1 with a message. Two passes of getopt_long:
 * --quick first, wherever it is, then every flag in order. */
static int parse_options(int argc, char **argv, experiment_options_t *o, char *err, size_t errlen)
{
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    int pass, c, index = 0, rc;

    sweep_defaults(&o->sweep);
    o->sizes = NULL;
    o->fractions = o->biases = NULL;
    o->out_dir = "build/experiments";
    o->jobs = cores > 0 ? (unsigned)(cores > JOBS_MAX ? JOBS_MAX : cores) : 1;
    o->stop_after = 0;
    opterr = 0;
    for (pass = 0; pass < 2; pass++) {
        optind = 0; /* glibc: start over */
        while ((c = getopt_long(argc, argv, "-:h", EXPERIMENT_FLAGS, &index)) != -1) {
            char flag[32];
            if (pass == 0) {
                if (c == EXP_QUICK)
                    sweep_quick(&o->sweep);
                continue;
            }
            if (c == 'h')
                return 1;
            if (c == 1 || c == ':' || c == '?') {
                snprintf(err, errlen, c == 1     ? "unexpected argument \"%.60s\""
                                      : c == ':' ? "%.60s needs a value (try --help)"
                                                 : "unknown option \"%.60s\" (try --help)",
                         c == 1 ? optarg : argv[optind - 1]);
                return -1;
            }
            snprintf(flag, sizeof flag, "--%s", EXPERIMENT_FLAGS[index].name);
            if ((rc = apply_flag(o, c, flag, optarg, err, errlen)) != 0)
                return rc;
        }
    }
    if (optind < argc) { /* after "--" */
        snprintf(err, errlen, "unexpected argument \"%.60s\"", argv[optind]);
        return -1;
    }
    return 0;
}

static void *worker(void *arg)
{
    sweep_state_t *st = arg;
    sweep_results_t *sr = &st->res;

    for (;;) {
        size_t i;
        run_result_t res;
        char err[sizeof st->error - 32];
        pthread_mutex_lock(&st->lock);
        while (st->next < sr->n_runs && sr->have[st->next])
            st->next++;
        if (st->next >= sr->n_runs || interrupted || st->failed ||
            (st->stop_after && st->started >= st->stop_after)) {
            pthread_mutex_unlock(&st->lock);
            return NULL;
        }
        i = st->next++;
        st->started++;
        pthread_mutex_unlock(&st->lock);

        if (experiment_run(&sr->runs[i], st->frames, st->edges, &res, err, sizeof err) != 0) {
            pthread_mutex_lock(&st->lock);
            st->failed = 1;
            snprintf(st->error, sizeof st->error, "run %zu: %s", i, err);
            pthread_mutex_unlock(&st->lock);
            return NULL;
        }
        pthread_mutex_lock(&st->lock);
        if (st->failed) { /* after a failed write, nothing more goes to the journal */
            pthread_mutex_unlock(&st->lock);
            return NULL;
        }
        if (journal_append(&st->journal, i, &sr->runs[i], &res, err, sizeof err) != 0) {
            st->failed = 1;
            snprintf(st->error, sizeof st->error, "%s", err);
            pthread_mutex_unlock(&st->lock);
            return NULL;
        }
        sr->result[i] = res;
        sr->have[i] = 1;
        sr->done++;
        pthread_mutex_unlock(&st->lock);
    }
}

/* Work of a run, for the time-left estimate: runs of big flocks take longer. */
static double run_work(const run_spec_t *r) { return (double)r->boids + 10; }

/* One progress line: a bar when stderr is a terminal, else every 10%. The
 * time left scales the time so far by the work left over the work done. */
static void show_progress(const sweep_results_t *st, double work_before, double started_at,
                          int *last_decile)
{
    double elapsed = now() - started_at, done_work = 0, left_work = 0, left;
    int pct = (int)(100.0 * st->done / st->n_runs), k;
    size_t i;
    char bar[31];

    for (i = 0; i < st->n_runs; i++)
        *(st->have[i] ? &done_work : &left_work) += run_work(&st->runs[i]);
    left = done_work > work_before ? elapsed * left_work / (done_work - work_before) : 0;
    if (isatty(2)) {
        for (k = 0; k < 30; k++)
            bar[k] = k < pct * 30 / 100 ? '=' : ' ';
        bar[30] = '\0';
        fprintf(stderr, "\r[%s] %zu/%zu runs %3d%%  %dm%02ds left ", bar, st->done, st->n_runs,
                pct, (int)left / 60, (int)left % 60);
    } else if (pct / 10 != *last_decile) {
        *last_decile = pct / 10;
        fprintf(stderr, "experiment: %zu/%zu runs (%d%%), about %dm%02ds left\n", st->done,
                st->n_runs, pct, (int)left / 60, (int)left % 60);
    }
}

/* DIR/name into path[PATH_MAX]; -1 with a message if it does not fit. */
static int out_path(char *path, const char *dir, const char *name, char *err, size_t errlen)
{
    int n = snprintf(path, PATH_MAX, "%s/%s", dir, name);

    if (n < 0 || n >= PATH_MAX) {
        snprintf(err, errlen, "--out: the path is %zu characters long, at most %zu", strlen(dir),
                 (size_t)PATH_MAX - 2 - strlen(name));
        return -1;
    }
    return 0;
}

/* Writes path atomically from text: a temporary file beside it, synced, then
 * renamed over it; on any error path is untouched and the temporary gone. */
static int write_atomically(const char *path, const char *text, char *err, size_t errlen)
{
    atomic_file_t a;

    if (atomic_file_open(&a, path, err, errlen) != 0)
        return -1;
    if (fputs(text, a.f) == EOF) {
        snprintf(err, errlen, "%s: cannot write: %s", path, strerror(errno));
        atomic_file_abort(&a);
        return -1;
    }
    return atomic_file_commit(&a, err, errlen);
}

/* Appends to a growing string buffer. */
typedef struct {
    char *text;
    size_t len, cap;
} strbuf_t;

static void sb_printf(strbuf_t *b, const char *fmt, ...)
{
    va_list ap;
    int need;

    for (;;) {
        va_start(ap, fmt);
        need = vsnprintf(b->text ? b->text + b->len : NULL, b->text ? b->cap - b->len : 0, fmt, ap);
        va_end(ap);
        if (need >= 0 && b->text && b->len + (size_t)need < b->cap) {
            b->len += (size_t)need;
            return;
        }
        b->cap = (b->cap + (size_t)need + 1) * 2;
        b->text = realloc(b->text, b->cap);
        if (b->text == NULL) {
            fputs("experiment: out of memory\n", stderr);
            exit(1);
        }
    }
}

/* Binomial proportion and its standard error over runs [first, first+count). */
static void tally(const sweep_results_t *st, size_t first, size_t count, double *p, double *se,
                  double *mean_dx)
{
    size_t k, right = 0;
    double dx = 0;

    for (k = first; k < first + count; k++) {
        right += (size_t)st->result[k].right;
        dx += st->result[k].dx;
    }
    *p = (double)right / count;
    *se = sqrt(*p * (1 - *p) / count);
    *mean_dx = dx / count;
}

/* The journal sorted by run, and the per-cell summaries. Runs of one cell
 * are consecutive (sweep_runs), seeds innermost. */
static int write_outputs(const experiment_options_t *o, const sweep_results_t *st, const char *describe,
                         char *err, size_t errlen)
{
    strbuf_t runs = {NULL, 0, 0}, lead = {NULL, 0, 0}, conf = {NULL, 0, 0};
    char path[PATH_MAX];
    size_t i;
    int rc = 0;

    sb_printf(&runs, "%s\n%s\n", describe, JOURNAL_COLUMNS);
    for (i = 0; i < st->n_runs && rc == 0; i++) {
        char row[256];
        if (journal_format_row(row, sizeof row, i, &st->runs[i], &st->result[i]) < 0) {
            snprintf(err, errlen, "run %zu: its row is longer than %zu characters", i, sizeof row);
            rc = -1;
        } else {
            sb_printf(&runs, "%s", row);
        }
    }
    sb_printf(&lead, "boids,fraction,scouts,bias,runs,accuracy,stderr,mean_dx\n");
    sb_printf(&conf, "boids,informed,scouts1,scouts2,share1,runs,right,stderr,mean_dx\n");
    for (i = 0; i < st->n_runs; i += o->sweep.seeds) {
        const run_spec_t *r = &st->runs[i];
        double p, se, dx;
        tally(st, i, o->sweep.seeds, &p, &se, &dx);
        if (r->kind == KIND_LEADERSHIP)
            sb_printf(&lead, "%u,%.4f,%u,%g,%u,%.4f,%.4f,%.1f\n", r->boids,
                      (double)r->scouts1 / r->boids, r->scouts1, r->bias, o->sweep.seeds, p, se,
                      dx);
        else
            sb_printf(&conf, "%u,%u,%u,%u,%.4f,%u,%.4f,%.4f,%.1f\n", r->boids,
                      r->scouts1 + r->scouts2, r->scouts1, r->scouts2,
                      (double)r->scouts1 / (r->scouts1 + r->scouts2), o->sweep.seeds, p, se, dx);
    }
    if (rc == 0)
        rc = out_path(path, o->out_dir, "runs.csv", err, errlen) ||
             write_atomically(path, runs.text, err, errlen);
    if (rc == 0 && o->sweep.leadership)
        rc = out_path(path, o->out_dir, "leadership.csv", err, errlen) ||
             write_atomically(path, lead.text, err, errlen);
    if (rc == 0 && o->sweep.conflict)
        rc = out_path(path, o->out_dir, "conflict.csv", err, errlen) ||
             write_atomically(path, conf.text, err, errlen);
    free(runs.text);
    free(lead.text);
    free(conf.text);
    return rc ? -1 : 0;
}

/* Each line a resume skips, on stderr. */
static void report_skipped(void *ctx, const char *message)
{
    (void)ctx;
    fprintf(stderr, "experiment: %s\n", message);
}

/* The sweep of o on st's runs: resumes the journal at path, runs what is
 * left, writes the outputs. Returns the exit code. */
static int run_sweep(const experiment_options_t *o, sweep_state_t *st, const char *path,
                     const char *describe)
{
    sweep_results_t *sr = &st->res;
    char err[2 * PATH_MAX];
    pthread_t threads[JOBS_MAX];
    double work_before = 0, started_at;
    size_t i;
    unsigned t;
    int last_decile = -1, rc;
    struct sigaction sa;

    if (journal_open(&st->journal, path, describe, sr, report_skipped, NULL, err, sizeof err) != 0)
        return fail(err);
    if (sr->done > 0)
        fprintf(stderr, "experiment: resuming: %zu of %zu runs already in %s\n", sr->done,
                sr->n_runs, path);

    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_interrupt;
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
    for (i = 0; i < sr->n_runs; i++)
        work_before += sr->have[i] ? run_work(&sr->runs[i]) : 0;
    started_at = now();
    for (t = 0; t < o->jobs; t++)
        pthread_create(&threads[t], NULL, worker, st);
    for (;;) {
        struct timespec tick = {0, 200000000};
        size_t done;
        int failed;
        pthread_mutex_lock(&st->lock);
        show_progress(sr, work_before, started_at, &last_decile);
        done = sr->done;
        failed = (int)st->failed;
        pthread_mutex_unlock(&st->lock);
        if (done == sr->n_runs || interrupted || failed ||
            (o->stop_after && st->started >= o->stop_after))
            break;
        nanosleep(&tick, NULL);
    }
    for (t = 0; t < o->jobs; t++)
        pthread_join(threads[t], NULL);
    if (isatty(2))
        fputc('\n', stderr);
    rc = journal_close(&st->journal, err, sizeof err);
    if (st->failed)
        return fail(st->error);
    if (rc != 0)
        return fail(err);
    if (sr->done < sr->n_runs) {
        fprintf(stderr,
                "experiment: stopped with %zu of %zu runs done; run the same command to resume\n",
                sr->done, sr->n_runs);
        return 3;
    }
    if (write_outputs(o, sr, describe, err, sizeof err) != 0)
        return fail(err);
    fprintf(stderr, "experiment: %zu runs in %.1f s; results in %s/\n", sr->n_runs,
            now() - started_at, o->out_dir);
    return 0;
}

/* One experiment a folder: a second one would append its rows to the same
 * journal and summaries. An advisory lock on DIR/.lock, held until exit (the
 * kernel drops it when the process ends, however it ends). */
static int lock_out_dir(const char *dir, char *err, size_t errlen)
{
    char path[PATH_MAX];
    struct flock lock;
    int fd;

    if (out_path(path, dir, ".lock", err, errlen) != 0)
        return -1;
    fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0644);
    if (fd < 0) {
        snprintf(err, errlen, "%s: cannot create: %s", path, strerror(errno));
        return -1;
    }
    memset(&lock, 0, sizeof lock);
    lock.l_type = F_WRLCK;
    lock.l_whence = SEEK_SET; /* the whole file */
    if (fcntl(fd, F_SETLK, &lock) != 0) {
        if (errno == EAGAIN || errno == EACCES)
            snprintf(err, errlen, "%s: another experiment is writing into this folder; "
                                  "wait for it, or give another --out", dir);
        else
            snprintf(err, errlen, "%s: cannot lock: %s", path, strerror(errno));
        close(fd);
        return -1;
    }
    return 0; /* fd stays open: the lock lasts as long as the process */
}

/* The sweep's one line for its journal, as long as it takes. NULL if out of
 * memory. */
static char *describe_sweep(const sweep_t *sweep)
{
    size_t len = 1024;
    char *describe = NULL;

    for (;;) {
        char *bigger = realloc(describe, len);
        if (bigger == NULL) {
            free(describe);
            return NULL;
        }
        describe = bigger;
        if (sweep_describe(sweep, describe, len) == 0)
            return describe;
        len *= 2;
    }
}

/* Runs the sweep the options describe: 0, 1 on an error (said), 3 when
 * --stop-after stopped it. */
static int experiment(experiment_options_t *o)
{
    sweep_state_t st;
    sweep_results_t *sr = &st.res;
    char err[2 * PATH_MAX], path[PATH_MAX], *describe;
    run_spec_t *runs;
    struct sigaction sa;
    int rc;

    /* the longest name written in DIR, refused before any work */
    if (out_path(path, o->out_dir, "leadership.csv.tmpXXXXXX", err, sizeof err) != 0 ||
        out_path(path, o->out_dir, "runs.csv", err, sizeof err) != 0)
        return fail(err);
    if (mkdir(o->out_dir, 0755) != 0 && errno != EEXIST) {
        snprintf(err, sizeof err, "%s: cannot create: %s", o->out_dir, strerror(errno));
        return fail(err);
    }
    if (lock_out_dir(o->out_dir, err, sizeof err) != 0)
        return fail(err);
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = SIG_IGN; /* past a file size limit a write fails (EFBIG) and says so */
    sigaction(SIGXFSZ, &sa, NULL);
    memset(&st, 0, sizeof st);
    describe = describe_sweep(&o->sweep);
    runs = sweep_runs(&o->sweep, &sr->n_runs);
    sr->runs = runs;
    sr->have = runs == NULL ? NULL : calloc(sr->n_runs + 1, 1);
    sr->result = runs == NULL ? NULL : calloc(sr->n_runs + 1, sizeof *sr->result);
    st.frames = o->sweep.frames;
    st.edges = o->sweep.edges;
    st.stop_after = o->stop_after;
    pthread_mutex_init(&st.lock, NULL);
    if (describe == NULL || runs == NULL || sr->have == NULL || sr->result == NULL)
        rc = fail("out of memory for the sweep's runs");
    else
        rc = run_sweep(o, &st, path, describe);
    pthread_mutex_destroy(&st.lock);
    free(describe);
    free(runs);
    free(sr->have);
    free(sr->result);
    return rc;
}

int main(int argc, char **argv)
{
    experiment_options_t o;
    char err[2 * PATH_MAX];
    int rc = parse_options(argc, argv, &o, err, sizeof err);

    stdout_check_at_exit("experiment");
    if (rc > 0) {
        print_help();
        rc = 0;
    } else if (rc < 0) {
        rc = fail(err);
    } else {
        rc = experiment(&o);
    }
    free(o.sizes);
    free(o.fractions);
    free(o.biases);
    return rc;
}
