// SPDX-License-Identifier: Apache-2.0
// Galvatron Explorer engine - the host side of a multi-rank run: a shared abort flag with the abort
// actions of every communicator of every rank, polling waits that give up when the run is aborted,
// and the rank threads with a watchdog on the calling thread. No CUDA or NCCL here: the plan runner
// registers ncclCommAbort of each communicator and polls cudaStreamQuery / ncclCommGetAsyncError
// through these; the tests drive them with fake communicators (tests/engine/test_engine_logic.cpp).
//
// Why: NCCL collectives block (on the device, and in the host waits on them) until every rank of the
// communicator has joined. When one rank fails, its peers wait forever unless someone calls
// ncclCommAbort on their communicators (NCCL user guide, "Fault tolerance": poll
// ncclCommGetAsyncError, abort the communicator on error; communicators created with
// ncclConfig_t::blocking = 0 so that initialisation can be abandoned too).
#pragma once

#include "gx/engine/types.h"

#include <atomic>
#include <functional>
#include <mutex>
#include <shared_mutex>
#include <string>
#include <vector>

namespace gx::engine {

/// Thrown by waits of a rank whose run was aborted by another rank, by a cancel or by a timeout.
class RunAborted : public EngineError {
public:
    explicit RunAborted(const std::string& reason) : EngineError("run aborted: " + reason) {}
};

/// Shared by the ranks of one run (threads of one process; in a multi-process run each process has
/// its own and peers learn of a failure through NCCL's asynchronous errors).
class AbortGroup {
public:
    AbortGroup() = default;
    AbortGroup(const AbortGroup&) = delete;
    AbortGroup& operator=(const AbortGroup&) = delete;

    /// Registers the abort action of one communicator (ncclCommAbort). Runs it at once if the group is
    /// already aborted. Returns a token for release().
    int add(std::function<void()> abort_action);
    /// The owner is about to destroy the communicator normally: forget the action. Returns true exactly
    /// once per token, when the caller now owns the communicator; false when the action already ran
    /// (the communicator is aborted: the owner must not destroy it) or the token was released before.
    bool release(int token);
    /// First call: records the reason, then runs every registered action exactly once, while no
    /// poll() is inside its probe. Later calls do nothing. Thread-safe; callable from any thread.
    void abort(const std::string& reason);
    bool aborted() const { return aborted_.load(); }
    std::string reason() const;

    /// Runs probe() unless the group is aborted (then throws RunAborted); abort() waits for a running
    /// probe to return before it runs the actions, so a probe never touches an aborted communicator.
    bool poll(const std::function<bool()>& probe);
    /// Number of abort actions run so far (for tests and logs).
    int actionsRun() const;

private:
    struct Action {
        int token = 0;
        std::function<void()> fn;
        bool ran = false;
        bool released = false;
    };
    mutable std::mutex mu_;
    std::shared_mutex probe_mu_;
    std::atomic<bool> aborted_{false};
    std::string reason_;
    std::vector<Action> actions_;
    int next_token_ = 1;
    int ran_ = 0;
};

/// Polls probe() (through group.poll) until it returns true: back to back (yielding) for the first
/// 2 ms, then every `interval_ms`. Throws RunAborted
/// when the group is aborted, and aborts the group and throws EngineError("<what> timed out after N s")
/// when `timeout_s` passes. probe may throw (a CUDA or NCCL error): the exception propagates.
void waitUntil(AbortGroup& group, const std::function<bool()>& probe, const std::string& what,
               double timeout_s, int interval_ms = 1);

/// Release actions of resources acquired one after another (communicators, streams, buffers): run in
/// reverse order when the stack is destroyed, so that a throw half-way through a setup frees what the
/// setup already acquired (a constructor that throws never runs its own destructor, but its members'
/// destructors do run).
class CleanupStack {
public:
    CleanupStack() = default;
    CleanupStack(const CleanupStack&) = delete;
    CleanupStack& operator=(const CleanupStack&) = delete;
    ~CleanupStack() { runAll(); }
    void push(std::function<void()> release) { actions_.push_back(std::move(release)); }
    /// Runs every action, newest first; an action that throws does not stop the others.
    void runAll() noexcept {
        while (!actions_.empty()) {
            auto fn = std::move(actions_.back());
            actions_.pop_back();
            try {
                fn();
            } catch (...) {
            }
        }
    }
    std::size_t size() const { return actions_.size(); }

private:
    std::vector<std::function<void()>> actions_;
};

/// Progress of rank threads, handed to the thread that owns the JobContext (engine.h: callbacks run on
/// the engine thread, never on a rank thread).
class ProgressRelay {
public:
    void set(double fraction, std::string message);
    /// Reports the latest value through ctx if it changed since the last call.
    void forward(const JobContext& ctx);

private:
    std::mutex mu_;
    double f_ = 0;
    std::string msg_;
    bool fresh_ = false;
};

/// Runs body(rank) for rank 0..n-1 on n threads. The first rank that throws aborts the group (its
/// message becomes the run's error). The calling thread is the watchdog: every `poll_ms` it forwards
/// progress from `relay` through ctx and aborts the group when ctx is cancelled. Returns when every
/// thread has ended; then throws Cancelled (cancelled run), EngineError("rank R: <first error>"), or
/// returns normally.
void runRankThreads(int n, AbortGroup& group, const std::function<void(int rank)>& body,
                    const JobContext& ctx = {}, ProgressRelay* relay = nullptr, int poll_ms = 20);

} // namespace gx::engine
