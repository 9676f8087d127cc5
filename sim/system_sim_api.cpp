// system_sim.h on whichever Verilated model is open (video_top.h): the
// system's or the SoC's. One copy, linked with both shims.
#include <cerrno>
#include <cstdio>
#include <cstring>

#include "atomic_file.h"

#include "video_top.h"

VideoTop *open_video_top = nullptr;

extern "C" void system_sim_set_video_sink(system_video_sink sink, void *ctx) {
    if (open_video_top) open_video_top->set_sink(sink, ctx);
}

extern "C" void system_sim_flush_video(void) {
    if (open_video_top) open_video_top->flush();
}

extern "C" void system_sim_wait_video(void) {
    if (open_video_top) open_video_top->wait_video();
}

extern "C" double system_sim_pixel_mhz(void) { return open_video_top ? open_video_top->pixel_mhz() : 0.0; }

extern "C" int system_sim_trace_available(void) {
    return open_video_top && open_video_top->trace_compiled() ? 1 : 0;
}

namespace {

// The trace being written: a temporary beside the path asked for, and the
// FST writer's "<temporary>.hier" beside it, both removed if the run dies.
atomic_file_t trace_file;
bool trace_file_open = false;

// An FST file ends with its last block: each is a type byte (0..8) and a
// big-endian length that counts itself, the first is the header, and the
// hierarchy comes last at a clean close. A write that failed (a full disk)
// leaves a block that runs past the end, or none. 1 if whole, else 0 with why.
int fst_whole(const char *path, char *why, size_t whylen) {
    FILE *f = fopen(path, "rb");
    long long pos = 0, end;
    int blocks = 0, hier = 0, type = -1;

    if (!f) {
        snprintf(why, whylen, "%s", strerror(errno));
        return 0;
    }
    if (fseeko(f, 0, SEEK_END) != 0 || (end = (long long)ftello(f)) < 0) end = 0;
    while (pos < end) {
        unsigned char head[9];
        unsigned long long len = 0;
        if (fseeko(f, (off_t)pos, SEEK_SET) != 0 || fread(head, 1, sizeof head, f) != sizeof head) break;
        for (int i = 1; i < 9; i++) len = len << 8 | head[i];
        type = head[0];
        if (type > 8 || (blocks == 0 && type != 0) || len < 8 || len > (unsigned long long)(end - pos - 1))
            break;
        hier |= type == 4 || type == 6 || type == 7;
        pos += 1 + (long long)len;
        blocks++;
    }
    fclose(f);
    if (pos == end && blocks > 0 && hier) return 1;
    snprintf(why, whylen, "trace incomplete: %s at byte %lld of %lld (is the disk full?)",
             blocks == 0 ? "no header" : type == 255 ? "an unfinished block" : "a broken block", pos, end);
    return 0;
}

// Closes the writer; the temporary then holds whatever it wrote. -1 with why
// if the writer could not close (a full disk): the trace is then incomplete.
int stop_writer(char *why, size_t whylen) {
    return open_video_top ? open_video_top->trace_stop(why, whylen) : 0;
}

}  // namespace

extern "C" int system_sim_trace_start(const char *path, char *err, size_t errlen) {
    if (!open_video_top) {
        snprintf(err, errlen, "trace: the simulation is not open");
        return -1;
    }
    system_sim_trace_discard();
    if (!open_video_top->trace_compiled()) return open_video_top->trace_start(path, err, errlen);
    if (atomic_file_open(&trace_file, path, err, errlen) != 0) return -1;
    fclose(trace_file.f);  // the FST writer writes the temporary by name
    trace_file.f = nullptr;
    trace_file_open = true;
    if (atomic_file_companion(&trace_file, ".hier") != 0) {
        system_sim_trace_discard();
        snprintf(err, errlen, "trace: out of memory");
        return -1;
    }
    if (open_video_top->trace_start(trace_file.temp, err, errlen) != 0) {
        snprintf(err, errlen, "trace: cannot write %s", path);
        system_sim_trace_discard();
        return -1;
    }
    return 0;
}

extern "C" int system_sim_trace_finish(char *err, size_t errlen) {
    char why[200];

    if (!trace_file_open) return 0;
    trace_file_open = false;
    if (stop_writer(why, sizeof why) != 0 || !fst_whole(trace_file.temp, why, sizeof why)) {
        snprintf(err, errlen, "%s: cannot write: %s", trace_file.name, why);
        atomic_file_abort(&trace_file);
        return -1;
    }
    return atomic_file_commit(&trace_file, err, errlen);
}

extern "C" void system_sim_trace_discard(void) {
    char why[200];
    (void)stop_writer(why, sizeof why);
    if (trace_file_open) atomic_file_abort(&trace_file);
    trace_file_open = false;
}

extern "C" int system_sim_tracing(void) { return open_video_top && open_video_top->tracing() ? 1 : 0; }
