// Helpers shared by the `galvatron` sub-commands.
#pragma once

#include "gx/cluster.h"
#include "gx/cost_model.h"
#include "gx/model.h"
#include "gx/search.h"

#include <QCommandLineParser>
#include <QStringList>

#include <iosfwd>
#include <optional>

namespace gx::cli {

/// Adds --model and --cluster (preset name or JSON / config.json path; defaults from presets.h).
void addProfileOptions(QCommandLineParser& p);
/// Parses; on --help prints help to out and returns 0; on error prints to err and returns 2.
/// Returns nullopt when parsing succeeded and the command should continue.
std::optional<int> parseOrExit(QCommandLineParser& p, const QStringList& args, std::ostream& out,
                               std::ostream& err);
ModelProfile modelFromOptions(const QCommandLineParser& p);
ClusterProfile clusterFromOptions(const QCommandLineParser& p);
/// Adds --runtime (preset or JSON path, default megatron-core) and --precision (bf16, fp16, fp8).
void addRuntimeOptions(QCommandLineParser& p);
RuntimeProfile runtimeFromOptions(const QCommandLineParser& p);
/// Cost options from --runtime and --precision (FP8 needs a runtime and a GPU that support it).
CostOptions costOptionsFromOptions(const QCommandLineParser& p, const ClusterProfile& cluster);
/// InputError naming --precision when FP8 is asked of a runtime or GPU without FP8 linear layers.
void checkPrecision(Precision precision, const RuntimeProfile& runtime, const ClusterProfile& cluster);
/// Positive number from an option, InputError naming `--name` otherwise.
double positiveNumber(const QCommandLineParser& p, const QString& name);
int positiveInt(const QCommandLineParser& p, const QString& name);

/// For a per-layer search without a time limit (--time-limit 0): says up front that a large model can
/// take long, then reports progress with an estimate of the remaining time on `err` every 10 s.
/// Returns an empty observer when there is a time limit or the search is uniform (fast).
SearchObserver unlimitedSearchProgress(const CostModel& model, const SearchOptions& so, double limit,
                                       std::ostream& err);

} // namespace gx::cli
