// SPDX-License-Identifier: Apache-2.0
// Galvatron Explorer engine - NCCL bootstrap for multi-process plan runs: rank 0 creates the
// ncclUniqueId and publishes it in a file on a shared path (written to a temporary name, then
// renamed, so readers never see a partial id); the other ranks poll for it. This is the whole
// "cluster manager": processes come from mpirun/srun/torchrun (plan_runner.h).
#include "bootstrap.h"

#include "gx/error.h"

#include <chrono>
#include <cstdio>
#include <fstream>
#include <thread>
#include <unistd.h>

namespace gx::engine::detail {

void publishId(const std::string& file, const void* id, std::size_t bytes) {
    if (file.empty())
        throw gx::InputError("id_file",
                             "multi-process runs need a shared file path (--id-file or GX_NCCL_ID_FILE)");
    const std::string tmp = file + ".tmp." + std::to_string(::getpid());
    {
        std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
        if (!out)
            throw gx::InputError("id_file", "cannot write '" + tmp + "'");
        out.write(static_cast<const char*>(id), std::streamsize(bytes));
        if (!out)
            throw gx::InputError("id_file", "write to '" + tmp + "' failed");
    }
    if (std::rename(tmp.c_str(), file.c_str()) != 0)
        throw gx::InputError("id_file", "cannot rename '" + tmp + "' to '" + file + "'");
}

bool readId(const std::string& file, void* id, std::size_t bytes, double timeout_s,
            const std::function<bool()>& give_up) {
    if (file.empty())
        throw gx::InputError("id_file",
                             "multi-process runs need a shared file path (--id-file or GX_NCCL_ID_FILE)");
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::duration<double>(timeout_s);
    for (;;) {
        std::ifstream in(file, std::ios::binary);
        if (in) {
            in.read(static_cast<char*>(id), std::streamsize(bytes));
            if (in.gcount() == std::streamsize(bytes))
                return true;
        }
        if (std::chrono::steady_clock::now() > deadline || (give_up && give_up()))
            return false;
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
}

void removeId(const std::string& file) {
    if (!file.empty())
        std::remove(file.c_str());
}

} // namespace gx::engine::detail
