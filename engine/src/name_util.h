// SPDX-License-Identifier: Apache-2.0
// Galvatron Explorer engine - internal helpers for parsing names.
#pragma once

#include <cctype>
#include <string>

namespace gx::engine::detail {

/// Lower-case alphanumerics of a name ("All-Reduce" -> "allreduce"), for lenient name parsing.
inline std::string squashName(const std::string& s) {
    std::string out;
    for (char c : s)
        if (std::isalnum(static_cast<unsigned char>(c)))
            out += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return out;
}

} // namespace gx::engine::detail
