// The VGA samples of a Verilated top, from the model's thread to the video
// sink (the VGA decoder, PNG files) on a thread of their own, through a ring
// of chunks: the model hands over a chunk and runs on, and waits only when
// every chunk is still queued or when it asks for everything to be done.
// Used by verilated_top.h; the sink sees the samples in order, as before.
#ifndef VIDEO_PIPE_H
#define VIDEO_PIPE_H

#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <mutex>
#include <thread>
#include <vector>

extern "C" {
#include "system_sim.h"
}

class VideoPipe {
public:
    static constexpr size_t CHUNK = 16384;  // samples a chunk (about 0.65 ms of video)
    static constexpr size_t CHUNKS = 8;     // the ring

    VideoPipe() : ring_(CHUNK * CHUNKS), slot_(ring_.data()), worker_([this] { run(); }) {}
    ~VideoPipe() {
        flush();
        {
            std::lock_guard<std::mutex> lock(mutex_);
            stop_ = true;
        }
        changed_.notify_all();
        worker_.join();
    }
    VideoPipe(const VideoPipe &) = delete;
    VideoPipe &operator=(const VideoPipe &) = delete;

    // Samples go nowhere until a sink is set; flushes what the old one had.
    void set_sink(system_video_sink sink, void *ctx) {
        flush();
        std::lock_guard<std::mutex> lock(mutex_);
        sink_ = sink;
        ctx_ = ctx;
        active_ = sink != nullptr;
    }
    bool active() const { return active_; }

    void push(uint16_t sample) {
        slot_[fill_++] = sample;
        if (fill_ == CHUNK) hand_over();
    }

    // Until the sink has had every chunk handed over (not the one filling).
    void wait() {
        std::unique_lock<std::mutex> lock(mutex_);
        changed_.wait(lock, [this] { return taken_ == queued_; });
    }

    // Until the sink has had every sample pushed.
    void flush() {
        if (fill_ > 0) hand_over();
        wait();
    }

private:
    // Queues the filling chunk and takes the next, once the sink is done with it.
    void hand_over() {
        std::unique_lock<std::mutex> lock(mutex_);
        sizes_[queued_ % CHUNKS] = fill_;
        queued_++;
        changed_.notify_all();
        changed_.wait(lock, [this] { return queued_ - taken_ < CHUNKS; });
        slot_ = &ring_[queued_ % CHUNKS * CHUNK];
        fill_ = 0;
    }

    void run() {
        std::unique_lock<std::mutex> lock(mutex_);
        for (;;) {
            changed_.wait(lock, [this] { return stop_ || taken_ < queued_; });
            if (taken_ == queued_) return;
            const uint16_t *chunk = &ring_[taken_ % CHUNKS * CHUNK];
            size_t n = sizes_[taken_ % CHUNKS];
            system_video_sink sink = sink_;
            void *ctx = ctx_;
            lock.unlock();
            if (sink) sink(ctx, chunk, n);
            lock.lock();
            taken_++;
            changed_.notify_all();
        }
    }

    std::vector<uint16_t> ring_;
    size_t sizes_[CHUNKS] = {};
    uint16_t *slot_;       // the chunk being filled (the model's thread only)
    size_t fill_ = 0;
    bool active_ = false;  // a sink is set (the model's thread only)
    std::mutex mutex_;     // guards what follows
    std::condition_variable changed_;
    uint64_t queued_ = 0, taken_ = 0;  // chunks handed over, and done by the sink
    system_video_sink sink_ = nullptr;
    void *ctx_ = nullptr;
    bool stop_ = false;
    std::thread worker_;   // last: starts once the rest is set up
};

#endif
