// SPDX-License-Identifier: Apache-2.0
#include "cli/signals.h"

#include <atomic>
#include <chrono>

#include <unistd.h>

namespace gx::cli {

namespace {
std::atomic<int> g_signal{0};

extern "C" void onStopSignal(int sig) {
    // Async-signal-safe only: an atomic exchange, write(2) and _exit(2).
    if (g_signal.exchange(sig) != 0) {
        static const char msg[] = "\ninterrupted again: exiting now\n";
        [[maybe_unused]] const auto n = ::write(STDERR_FILENO, msg, sizeof msg - 1);
        ::_exit(128 + sig);
    }
    static const char msg[] =
        "\nstopping: finishing with the best plan found so far (press Ctrl-C again to quit at once)\n";
    [[maybe_unused]] const auto n = ::write(STDERR_FILENO, msg, sizeof msg - 1);
}
} // namespace

InterruptStop::InterruptStop() {
    g_signal.store(0);
    struct sigaction sa {};
    sa.sa_handler = onStopSignal;
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = SA_RESTART;
    sigaction(SIGINT, &sa, &old_int_);
    sigaction(SIGTERM, &sa, &old_term_);
    // The handler cannot touch a stop_source (not async-signal-safe): a watcher polls the flag.
    watcher_ = std::jthread([this](std::stop_token quit) {
        while (!quit.stop_requested()) {
            if (g_signal.load() != 0) {
                source_.request_stop();
                return;
            }
            std::this_thread::sleep_for(std::chrono::milliseconds(20));
        }
    });
}

InterruptStop::~InterruptStop() {
    watcher_.request_stop();
    watcher_.join();
    sigaction(SIGINT, &old_int_, nullptr);
    sigaction(SIGTERM, &old_term_, nullptr);
    g_signal.store(0);
}

bool InterruptStop::interrupted() const {
    return g_signal.load() != 0 || source_.stop_requested();
}

} // namespace gx::cli
