// SPDX-License-Identifier: Apache-2.0
// Galvatron Explorer - safe file input/output and the documented input limits.
//
// Reading: every input file is capped in size (a device such as /dev/zero or a huge file gives a clear
// error instead of exhausting memory), JSON nesting depth is limited (deep nesting would overflow the
// stack in recursive code), duplicate keys are errors naming the key's path, and numbers outside the
// double range (1e400) are errors naming the field.
//
// Writing: writeFileAtomic() writes to a temporary file in the target's folder, flushes, fsyncs and
// renames it over the target, so a full disk or a crash never leaves a truncated file in place of the
// previous valid one. Non-regular targets (/dev/null, /dev/stdout, a FIFO) are written directly, with
// every write and the close checked.
#pragma once

#include "gx/error.h"

#include <nlohmann/json_fwd.hpp>

#include <cstdint>
#include <string>
#include <string_view>

namespace gx {

/// Input limits (README "Profile formats"). Every count is bounded when read so that products of
/// counts fit comfortably in 64 bits and allocations stay small.
namespace limits {
inline constexpr std::int64_t kMaxFileBytes = 64LL << 20; ///< 64 MiB per input file
inline constexpr int kMaxJsonDepth = 64;                  ///< nesting levels of arrays/objects
inline constexpr int kMaxNodes = 65536;
inline constexpr int kMaxGpusPerNode = 1024;
inline constexpr int kMaxGpus = 1 << 20; ///< nodes * gpus_per_node
inline constexpr int kMaxStacks = 1024;
inline constexpr int kMaxLayers = 65536;      ///< Transformer layers in a model (all stacks)
inline constexpr int kMaxHidden = 1 << 20;    ///< hidden, ffn_hidden, head_dim, embed_hidden
inline constexpr int kMaxHeads = 1 << 16;     ///< heads, kv_heads
inline constexpr int kMaxSeqLen = 1 << 24;    ///< tokens per sample (16 Mi)
inline constexpr int kMaxVocab = 1 << 24;     ///< vocabulary entries (16 Mi)
inline constexpr int kMaxBatch = 1 << 26;     ///< global batch (64 Mi samples)
inline constexpr int kMaxMeasurements = 4096; ///< measured collectives and points per collective
inline constexpr int kMaxJobs = 1024;
inline constexpr int kMaxStringBytes = 4096; ///< names, sources, kinds
/// GPU memory, memory budgets and reserves (GiB per GPU: 64 TiB, far above any real GPU).
inline constexpr double kMaxGpuMemGib = 65536;
inline constexpr int kMaxThreads = 1024; ///< search worker threads
} // namespace limits

/// Whole file as text; InputError(file, reason) if missing, a directory, unreadable or larger than
/// `max_bytes` (the reason gives the limit).
std::string readTextFile(const std::string& file, std::int64_t max_bytes = limits::kMaxFileBytes);

/// Parses JSON text (comments allowed) with the depth limit, duplicate-key and number-range checks.
/// `source` names the file in messages. Errors are InputError: field = the JSON path of the bad key or
/// value when known (e.g. "stacks[0].layer.seq_len"), else `source`.
nlohmann::json parseJsonText(const std::string& text, const std::string& source);

/// Atomically replaces `file` with `data` (see above). `executable` adds the execute bits.
/// InputError(file, reason) on any failure; the previous file is then untouched.
void writeFileAtomic(const std::string& file, std::string_view data, bool executable = false);

/// Runs `f` (a reader of one file's contents) and re-throws its InputError with "(in <file>)" appended
/// to the reason, unless the reason names the file already.
template <typename F> auto withFileContext(const std::string& file, F&& f) {
    try {
        return f();
    } catch (const InputError& e) {
        if (e.reason().find(file) != std::string::npos)
            throw;
        throw InputError(e.field(), e.reason() + " (in " + file + ")");
    }
}

/// Short, bounded rendering of a JSON value for messages: never recurses into nested containers (no
/// stack use proportional to the depth), at most ~40 characters.
std::string showJson(const nlohmann::json& v);

/// Short rendering of a string for messages: at most `max` bytes, control characters escaped.
std::string showString(std::string_view s, std::size_t max = 60);

/// Throws InputError(field, ...) if `s` contains control characters (newline, carriage return, escape,
/// NUL, ...; tab too) or is longer than limits::kMaxStringBytes: names end up in comments of generated
/// launch scripts, where a newline would start a command.
void checkName(std::string_view s, const std::string& field);

} // namespace gx
