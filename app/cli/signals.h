// SPDX-License-Identifier: Apache-2.0
// SIGINT / SIGTERM -> a stop token for long CLI operations (the plan search).
#pragma once

#include <csignal>
#include <stop_token>
#include <thread>

namespace gx::cli {

/// While an InterruptStop is alive, the first SIGINT (Ctrl-C) or SIGTERM requests a stop on token():
/// the search stops and reports the best plan found so far, as with --time-limit. A second signal
/// exits at once (status 128 + signal). The previous handlers are restored on destruction.
class InterruptStop {
public:
    InterruptStop();
    ~InterruptStop();
    InterruptStop(const InterruptStop&) = delete;
    InterruptStop& operator=(const InterruptStop&) = delete;

    std::stop_token token() const { return source_.get_token(); }
    /// True once a signal arrived.
    bool interrupted() const;

private:
    std::stop_source source_;
    struct sigaction old_int_ {};
    struct sigaction old_term_ {};
    std::jthread watcher_;
};

} // namespace gx::cli
