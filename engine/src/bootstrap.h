// Galvatron Explorer engine - file-based exchange of the NCCL unique id (internal; see bootstrap.cpp).
#pragma once

#include <cstddef>
#include <string>

namespace gx::engine::detail {

/// Writes `bytes` of id atomically (temp file + rename). InputError naming "id_file" on failure.
void publishId(const std::string& file, const void* id, std::size_t bytes);
/// Polls `file` until it holds `bytes` bytes or `timeout_s` passes; false on timeout.
bool readId(const std::string& file, void* id, std::size_t bytes, double timeout_s);

} // namespace gx::engine::detail
