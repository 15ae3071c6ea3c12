// SPDX-License-Identifier: Apache-2.0
// Galvatron Explorer engine - file-based exchange of the NCCL unique id (internal; see bootstrap.cpp).
// The file name is job-unique (runIdFile in plan_runner.h): an id left by an earlier run is never read.
#pragma once

#include <cstddef>
#include <functional>
#include <string>

namespace gx::engine::detail {

/// Writes `bytes` of id atomically (temp file + rename). InputError naming "id_file" on failure.
void publishId(const std::string& file, const void* id, std::size_t bytes);
/// Polls `file` until it holds `bytes` bytes or `timeout_s` passes; false on timeout. `give_up`, when
/// set, is asked between polls (an aborted run stops waiting).
bool readId(const std::string& file, void* id, std::size_t bytes, double timeout_s,
            const std::function<bool()>& give_up = {});
/// Removes the id file of a finished run (rank 0, once every rank has joined the communicator), so
/// that the path cannot hand an old id to anybody. Missing files are fine.
void removeId(const std::string& file);

} // namespace gx::engine::detail
