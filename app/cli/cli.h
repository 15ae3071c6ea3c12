// SPDX-License-Identifier: Apache-2.0
// Galvatron Explorer - command-line interface (`galvatron <command> ...`, `galvatron-explorer --cli`).
#pragma once

#include <QStringList>

#include <iosfwd>

namespace gx::cli {

/// Runs `galvatron` with arguments (args[0] is the program name). Returns the process exit code:
/// 0 ok, 1 bad input (message names the field), 2 usage error, 3 no feasible plan.
int run(const QStringList& args, std::ostream& out, std::ostream& err);

// Sub-commands; each gets the arguments after the command name (args[0] = "galvatron <cmd>").
int cmdEstimate(const QStringList& args, std::ostream& out, std::ostream& err);
int cmdSearch(const QStringList& args, std::ostream& out, std::ostream& err);
int cmdPresets(const QStringList& args, std::ostream& out, std::ostream& err);
int cmdExport(const QStringList& args, std::ostream& out, std::ostream& err);
int cmdHetu(const QStringList& args, std::ostream& out, std::ostream& err);
int cmdSchedule(const QStringList& args, std::ostream& out, std::ostream& err);
int cmdValidate(const QStringList& args, std::ostream& out, std::ostream& err);
int cmdCalibrate(const QStringList& args, std::ostream& out, std::ostream& err);
#ifdef GX_HAVE_ENGINE
int cmdProfile(const QStringList& args, std::ostream& out, std::ostream& err);
int cmdRunPlan(const QStringList& args, std::ostream& out, std::ostream& err);
#endif

} // namespace gx::cli
