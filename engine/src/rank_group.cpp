// SPDX-License-Identifier: Apache-2.0
// Galvatron Explorer engine - abort group, polling waits and rank threads (see rank_group.h).
#include "gx/engine/rank_group.h"

#include <chrono>
#include <cmath>
#include <thread>

namespace gx::engine {

int AbortGroup::add(std::function<void()> abort_action) {
    std::unique_lock lock(mu_);
    const int token = next_token_++;
    actions_.push_back({token, std::move(abort_action), false, false});
    if (!aborted_.load())
        return token;
    // Already aborted: this communicator must not be waited on either.
    Action& a = actions_.back();
    a.ran = true;
    ++ran_;
    auto fn = a.fn;
    lock.unlock();
    std::unique_lock probes(probe_mu_);
    fn();
    return token;
}

bool AbortGroup::release(int token) {
    std::lock_guard lock(mu_);
    for (auto& a : actions_)
        if (a.token == token) {
            if (a.released)
                return false; // handled before: never destroy or abort twice
            a.released = true;
            return !a.ran;
        }
    return false;
}

void AbortGroup::abort(const std::string& reason) {
    std::vector<std::function<void()>> run;
    {
        std::lock_guard lock(mu_);
        if (aborted_.load())
            return;
        reason_ = reason;
        aborted_.store(true);
        for (auto& a : actions_)
            if (!a.ran && !a.released) {
                a.ran = true;
                ++ran_;
                run.push_back(a.fn);
            }
    }
    // Exclusive: no probe is running on any communicator while it is aborted.
    std::unique_lock probes(probe_mu_);
    for (auto& fn : run) {
        try {
            fn();
        } catch (...) {
            // An abort action must not stop the others (the run is failing anyway).
        }
    }
}

std::string AbortGroup::reason() const {
    std::lock_guard lock(mu_);
    return reason_;
}

int AbortGroup::actionsRun() const {
    std::lock_guard lock(mu_);
    return ran_;
}

bool AbortGroup::poll(const std::function<bool()>& probe) {
    std::shared_lock probes(probe_mu_);
    if (aborted_.load())
        throw RunAborted(reason());
    return probe();
}

void waitUntil(AbortGroup& group, const std::function<bool()>& probe, const std::string& what,
               double timeout_s, int interval_ms) {
    const auto start = std::chrono::steady_clock::now();
    const auto limit = std::chrono::duration<double>(std::max(0.0, timeout_s));
    for (;;) {
        if (group.poll(probe))
            return;
        if (std::chrono::steady_clock::now() - start > limit) {
            const std::string msg =
                what + " timed out after " + std::to_string(int(std::lround(timeout_s))) + " s";
            group.abort(msg);
            throw EngineError(msg);
        }
        // Spin (yield) for the first 2 ms: most waits (an enqueue reported ncclInProgress, a short
        // iteration) end within microseconds and a sleep would add a millisecond to each; then sleep.
        if (std::chrono::steady_clock::now() - start < std::chrono::milliseconds(2))
            std::this_thread::yield();
        else
            std::this_thread::sleep_for(std::chrono::milliseconds(std::max(0, interval_ms)));
    }
}

void ProgressRelay::set(double fraction, std::string message) {
    std::lock_guard lock(mu_);
    f_ = fraction;
    msg_ = std::move(message);
    fresh_ = true;
}

void ProgressRelay::forward(const JobContext& ctx) {
    double f = 0;
    std::string m;
    {
        std::lock_guard lock(mu_);
        if (!fresh_)
            return;
        fresh_ = false;
        f = f_;
        m = msg_;
    }
    ctx.report(f, m);
}

void runRankThreads(int n, AbortGroup& group, const std::function<void(int)>& body, const JobContext& ctx,
                    ProgressRelay* relay, int poll_ms) {
    std::atomic<int> running{n};
    std::mutex err_mu;
    int first_rank = -1;
    std::string first_error;
    bool cancelled = false;
    std::vector<std::thread> threads;
    threads.reserve(std::size_t(std::max(0, n)));
    for (int r = 0; r < n; ++r)
        threads.emplace_back([&, r] {
            try {
                body(r);
            } catch (const RunAborted&) {
                // A consequence of another rank's failure or of a cancel: not the cause.
            } catch (const Cancelled&) {
                {
                    std::lock_guard lock(err_mu);
                    cancelled = true;
                }
                group.abort("cancelled");
            } catch (const std::exception& e) {
                {
                    std::lock_guard lock(err_mu);
                    if (first_rank < 0 && !group.aborted()) {
                        first_rank = r;
                        first_error = e.what();
                    }
                }
                group.abort("rank " + std::to_string(r) + ": " + e.what());
            } catch (...) {
                group.abort("rank " + std::to_string(r) + ": unknown error");
            }
            running.fetch_sub(1);
        });
    while (running.load() > 0) {
        if (relay)
            relay->forward(ctx);
        if (ctx.cancelled() && !group.aborted()) {
            {
                std::lock_guard lock(err_mu);
                cancelled = true;
            }
            group.abort("cancelled");
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(std::max(1, poll_ms)));
    }
    for (auto& t : threads)
        t.join();
    if (relay)
        relay->forward(ctx);
    if (first_rank >= 0)
        throw EngineError("rank " + std::to_string(first_rank) + ": " + first_error);
    if (cancelled)
        throw Cancelled{};
    if (group.aborted())
        throw EngineError(group.reason());
}

} // namespace gx::engine
