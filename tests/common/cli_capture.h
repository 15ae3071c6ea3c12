// SPDX-License-Identifier: Apache-2.0
// Test helper: runs a `galvatron` command in-process (gx::cli) and captures its exit code and output.
#pragma once

#include "cli/cli.h"

#include <QStringList>

#include <sstream>
#include <string>

namespace gx::test {

struct CliResult {
    int rc = -1;
    std::string out, err;
};

/// Calls `command(args, out, err)` with `program` prepended to args (argv[0] as the parser sees it).
template <class Command> CliResult captureCli(Command command, QStringList args, const QString& program) {
    args.prepend(program);
    std::ostringstream out, err;
    CliResult r;
    r.rc = command(args, out, err);
    r.out = out.str();
    r.err = err.str();
    return r;
}

/// `galvatron <args...>` through gx::cli::run.
inline CliResult galvatron(const QStringList& args) {
    return captureCli(
        [](const QStringList& a, std::ostream& o, std::ostream& e) { return cli::run(a, o, e); }, args,
        QStringLiteral("galvatron"));
}

inline bool has(const std::string& s, const std::string& part) {
    return s.find(part) != std::string::npos;
}

} // namespace gx::test
