/* libFuzzer: the flock programs' option parser (host/options.c, getopt_long
 * and the number parser) on any argument list: the input split at NUL bytes.
 * Each input is parsed in an empty temporary directory (the working directory
 * only for the call: libFuzzer's own paths stay as given), and none with a
 * '/', so --config names no file that exists and nothing else is read. */

#include "fuzz_support.h"
#include <fcntl.h>
#include <unistd.h>
#include "options.h"

#define ARGS_MAX 32

static char dir[] = "/tmp/fuzz_options.XXXXXX";
static int home = -1; /* the working directory to go back to */

static void remove_dir(void) { rmdir(dir); }

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    home = open(".", O_RDONLY | O_DIRECTORY);
    if (home < 0 || mkdtemp(dir) == NULL) {
        perror("fuzz_options: temporary directory");
        exit(1);
    }
    atexit(remove_dir);
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = malloc(size + 1), *argv[ARGS_MAX + 2];
    int argc = 1, rc;
    size_t i, start = 0;
    options_t o;
    char err[300] = "";

    if (text == NULL || memchr(data, '/', size) != NULL) {
        free(text);
        return 0;
    }
    memcpy(text, data, size);
    text[size] = '\0';
    argv[0] = "boids";
    for (i = 0; i <= size && argc <= ARGS_MAX; i++)
        if (text[i] == '\0') {
            argv[argc++] = text + start;
            start = i + 1;
        }
    argv[argc] = NULL;
    FUZZ_CHECK(chdir(dir) == 0);
    rc = options_parse(argc, argv, &o, err, sizeof err);
    FUZZ_CHECK(fchdir(home) == 0);
    FUZZ_CHECK(rc == OPTIONS_RUN || rc == OPTIONS_HELP || rc == OPTIONS_ERROR);
    /* values are quoted with control characters spelled out; file names are
     * shown as given, so a newline in one may reach the message */
    if (rc == OPTIONS_ERROR)
        FUZZ_CHECK(memchr(data, '\n', size) != NULL ? err[0] != '\0' : one_line(err, sizeof err));
    if (rc == OPTIONS_RUN) {
        FUZZ_CHECK(o.boids >= 1 && o.scouts1 + o.scouts2 <= o.boids);
        FUZZ_CHECK(o.every >= 1 && (o.frames > 0 || o.save_path != NULL));
    }
    free(text);
    return 0;
}
