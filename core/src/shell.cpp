// SPDX-License-Identifier: Apache-2.0
// Quoting for generated shell scripts.
#include "gx/shell.h"

#include <algorithm>
#include <cstring>

namespace gx {

std::string shellQuote(std::string_view s) {
    static constexpr const char* kPlain =
        "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_./:@%+,-";
    bool plain = !s.empty();
    for (char c : s)
        if (c == '\0' || !std::strchr(kPlain, c))
            plain = false;
    if (plain)
        return std::string(s);
    std::string out = "'";
    for (char c : s) {
        if (c == '\'')
            out += "'\\''";
        else
            out += c;
    }
    out += '\'';
    return out;
}

std::string commentSafe(std::string_view s, std::size_t max) {
    std::string out;
    out.reserve(std::min(s.size(), max) + 3);
    for (char c : s) {
        if (out.size() >= max) {
            out += "...";
            break;
        }
        const auto u = static_cast<unsigned char>(c);
        out += (u < 0x20 || u == 0x7f) ? '?' : c;
    }
    return out;
}

} // namespace gx
