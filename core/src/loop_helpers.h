// SPDX-License-Identifier: Apache-2.0
// Galvatron Explorer - the search's idle threads lent to one long loop (private to core).
#pragma once

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <exception>
#include <functional>
#include <mutex>
#include <system_error>
#include <thread>
#include <vector>

namespace gx::planner {

/// fn on `threads` threads (this one and threads - 1 started here) that take part in the search's count
/// of spare threads (Context::spare): `lent` more are spare while they run (negative: that many more are
/// busy), and each is spare from when its fn returns until all have ended, when the count is restored.
inline void runCountingSpare(std::atomic<int>& spare, int threads, int lent,
                             const std::function<void()>& fn) {
    spare.fetch_add(lent);
    int started = 1; // this thread and those the system let start (the work is handed out, not split)
    {
        auto run = [&]() {
            fn();
            spare.fetch_add(1);
        };
        std::vector<std::jthread> pool;
        for (int k = 1; k < threads; ++k) {
            try {
                pool.emplace_back(run);
            } catch (const std::system_error&) {
                break; // (the system has no more threads: the ones running do the work)
            }
            ++started;
        }
        run();
    }
    spare.fetch_sub(lent + started);
}

/// Runs the iterations of a loop on the calling thread and on helper threads taken from `spare` (the
/// search's threads that have no task left, Context::spare): run() hands out the indices 0..n-1 one at
/// a time and returns once all are done. Helpers start when start() finds spare threads and stop, giving
/// the threads back, when the object is destroyed. Which thread runs an index varies, so each index
/// writes its result to a place of its own: the results do not vary.
class LoopHelpers {
public:
    /// `most`: helpers at most (besides the calling thread).
    LoopHelpers(std::atomic<int>& spare, int most) : spare_(spare), most_(most) {}
    LoopHelpers(const LoopHelpers&) = delete;
    LoopHelpers& operator=(const LoopHelpers&) = delete;
    ~LoopHelpers() {
        {
            std::lock_guard lock(mu_);
            quit_ = true;
        }
        wake_.notify_all();
        threads_.clear(); // (joins)
        spare_.fetch_add(static_cast<int>(threads_started_), std::memory_order_relaxed);
    }

    /// Claims spare threads, up to `most` helpers in all, and starts them. Returns the helpers running.
    int start() {
        while (threads_started_ < most_) {
            int s = spare_.load(std::memory_order_relaxed);
            if (s <= 0)
                break;
            if (!spare_.compare_exchange_weak(s, s - 1, std::memory_order_relaxed))
                continue;
            try {
                threads_.emplace_back([this, slot = threads_started_ + 1] { serve(slot); });
            } catch (const std::system_error&) {
                spare_.fetch_add(1, std::memory_order_relaxed); // (the system has no more threads)
                break;
            }
            ++threads_started_;
        }
        return threads_started_;
    }
    int helpers() const { return threads_started_; }

    /// fn(index, slot) for every index in [0, n): slot 0 is the calling thread, 1..helpers() the helpers.
    /// An exception thrown by fn is thrown again here (the first one).
    void run(int n, const std::function<void(int, int)>& fn) {
        {
            std::lock_guard lock(mu_);
            fn_ = &fn;
            n_ = n;
            next_.store(0, std::memory_order_relaxed);
            open_ = true;
            ++generation_;
        }
        wake_.notify_all();
        work(0);
        std::unique_lock lock(mu_);
        idle_.wait(lock, [&] { return active_ == 0; });
        open_ = false; // (a helper waking later waits for the next run)
        fn_ = nullptr;
        if (error_) {
            std::exception_ptr e = error_;
            error_ = nullptr;
            std::rethrow_exception(e);
        }
    }

private:
    void work(int slot) {
        try {
            for (int i; (i = next_.fetch_add(1, std::memory_order_relaxed)) < n_;)
                (*fn_)(i, slot);
        } catch (...) {
            next_.store(n_, std::memory_order_relaxed); // (the others stop taking indices)
            std::lock_guard lock(mu_);
            if (!error_)
                error_ = std::current_exception();
        }
    }
    void serve(int slot) {
        std::uint64_t seen = 0;
        for (;;) {
            {
                std::unique_lock lock(mu_);
                wake_.wait(lock, [&] { return quit_ || (open_ && generation_ != seen); });
                if (quit_)
                    return;
                seen = generation_;
                ++active_; // (under the lock while the run is open: run() waits for it)
            }
            work(slot);
            std::lock_guard lock(mu_);
            if (--active_ == 0)
                idle_.notify_all();
        }
    }

    std::atomic<int>& spare_;
    const int most_;
    int threads_started_ = 0;
    std::mutex mu_;
    std::condition_variable wake_, idle_;
    const std::function<void(int, int)>* fn_ = nullptr;
    int n_ = 0;
    std::atomic<int> next_{0};
    bool open_ = false, quit_ = false;
    std::uint64_t generation_ = 0;
    int active_ = 0;
    std::exception_ptr error_;
    std::vector<std::jthread> threads_; // (last: joined first when destroyed)
};

} // namespace gx::planner
