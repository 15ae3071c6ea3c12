// SPDX-License-Identifier: Apache-2.0
// Galvatron Explorer - quoting for generated shell scripts (launchers, schedule scripts, exports).
#pragma once

#include <string>
#include <string_view>

namespace gx {

/// POSIX-shell single-quoted word: 'abc' ; embedded quotes become '\'' . Safe for any bytes (newlines
/// included) in bash, sh and zsh. Plain words of [A-Za-z0-9_./:@%+,-] are returned unquoted.
std::string shellQuote(std::string_view s);

/// Text safe to put after '#' on one comment line (also in Python/YAML/TOML comments): control
/// characters (newline, carriage return, escape, ...) and DEL become '?', and the result is cut to
/// `max` bytes (with "..." appended when cut).
std::string commentSafe(std::string_view s, std::size_t max = 200);

} // namespace gx
