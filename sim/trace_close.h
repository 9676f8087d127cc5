// Closing an FST trace on a disk that filled up. The FST writer keeps the
// hierarchy in a side file ("<trace>.hier") and, at close, maps it to copy it
// into the trace; writes to it that a full disk lost make that mapping end
// early, and reading past its end raises SIGBUS: the program died without a
// word, its temporaries left behind. So before the close the trace's file
// system is checked for room (with none, the trace cannot end whole and the
// writer is not closed at all), and the close itself runs with SIGBUS caught.
// A writer that could not close is abandoned, never touched again: the caller
// releases it without its destructor (which would close it) and removes its
// files.
#ifndef TRACE_CLOSE_H
#define TRACE_CLOSE_H

#include <csetjmp>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <sys/statvfs.h>
#include <unistd.h>

namespace trace_close {

inline sigjmp_buf &bus_error_exit() {
    static sigjmp_buf where;
    return where;
}

inline void on_bus_error(int) { siglongjmp(bus_error_exit(), 1); }

// 1 if the file system that holds path has no block left for this writer
// (root may use the reserved ones), the state a lost write leaves; else 0.
inline int no_room(const char *path) {
    struct statvfs fs;
    return statvfs(path, &fs) == 0 && (geteuid() == 0 ? fs.f_bfree : fs.f_bavail) == 0;
}

// Closes writer (an open VerilatedFstC writing path). 0 if it closed; -1 with
// why if it was not closed (no room) or its close raised SIGBUS: then the
// writer must be abandoned.
template <typename Writer>
int close_checked(Writer *writer, const char *path, char *why, size_t whylen) {
    struct sigaction catcher, old;

    if (no_room(path)) {
        snprintf(why, whylen, "trace incomplete: no space left on its file system");
        return -1;
    }
    std::memset(&catcher, 0, sizeof catcher);
    catcher.sa_handler = on_bus_error;
    sigemptyset(&catcher.sa_mask);
    if (sigaction(SIGBUS, &catcher, &old) != 0) {
        writer->close();
        return 0;
    }
    if (sigsetjmp(bus_error_exit(), 1) != 0) {
        sigaction(SIGBUS, &old, nullptr);
        snprintf(why, whylen, "trace incomplete: its hierarchy file was cut short (is the "
                              "disk full?)");
        return -1;
    }
    writer->close();
    sigaction(SIGBUS, &old, nullptr);
    return 0;
}

}  // namespace trace_close

#endif
