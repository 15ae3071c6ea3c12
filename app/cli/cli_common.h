// SPDX-License-Identifier: Apache-2.0
// Helpers shared by the `galvatron` sub-commands.
#pragma once

#include "gx/cluster.h"
#include "gx/cost_model.h"
#include "gx/model.h"
#include "gx/search.h"
#include "gx/target.h"

#include <QCommandLineParser>
#include <QStringList>

#include <chrono>
#include <cstdint>
#include <iosfwd>
#include <limits>
#include <map>
#include <mutex>
#include <optional>
#include <string>

namespace gx::cli {

/// Adds --model, --cluster (preset name or JSON / config.json path; defaults from presets.h) and --seq-len.
void addProfileOptions(QCommandLineParser& p);
/// Parses; on --help prints help to out and returns 0; on error prints to err and returns 2.
/// Returns nullopt when parsing succeeded and the command should continue.
std::optional<int> parseOrExit(QCommandLineParser& p, const QStringList& args, std::ostream& out,
                               std::ostream& err);
/// The --model, trained at --seq-len when given; a Hugging Face config.json without a training length
/// at kHfTrainingSeqLen, with a note to `note` (the explorer does the same).
ModelProfile modelFromOptions(const QCommandLineParser& p, std::ostream* note = nullptr);
/// Trains `m` at --seq-len when it is given (errors name --seq-len); false when it is not.
bool applySeqLen(const QCommandLineParser& p, ModelProfile& m);
/// Without --seq-len, trains `m` at the length `plan` was searched for (Plan::seq_len), with a note.
void followPlanSeqLen(const QCommandLineParser& p, const Plan& plan, ModelProfile& m, std::ostream& note);
ClusterProfile clusterFromOptions(const QCommandLineParser& p);
/// Adds --runtime (preset or JSON path, default megatron-core) and --precision (bf16, fp16, fp8).
void addRuntimeOptions(QCommandLineParser& p);
RuntimeProfile runtimeFromOptions(const QCommandLineParser& p);
/// --target (errors name the option).
Target targetFromOptions(const QCommandLineParser& p);
/// Cost options from --runtime and --precision (FP8 needs a runtime and a GPU that support it).
CostOptions costOptionsFromOptions(const QCommandLineParser& p, const ClusterProfile& cluster);
/// InputError naming --precision when FP8 is asked of a runtime or GPU without FP8 linear layers.
void checkPrecision(Precision precision, const RuntimeProfile& runtime, const ClusterProfile& cluster);
/// Positive number from an option, InputError naming `--name` otherwise.
double positiveNumber(const QCommandLineParser& p, const QString& name,
                      double max = std::numeric_limits<double>::infinity());
int positiveInt(const QCommandLineParser& p, const QString& name, int max = std::numeric_limits<int>::max());

/// Projects the time of a long configuration from the planner's in-DP progress events
/// (SearchEvent::dp_layer), before any configuration completes. A sequence DP's time grows faster
/// than its layers (labels accumulate): t(p) ~ t1 * (p / p1)^a, with a calibrated between the first and
/// the latest report of each sequence (2 until there are two reports far enough apart). Thread-safe.
class DpProjection {
public:
    void add(const SearchEvent& ev);
    /// Seconds the slowest running sequence still needs (< 0: none running) and a sentence on it.
    double remaining(std::string& text) const;

private:
    struct Seq {
        int len = 0;
        double p1 = 0, t1 = 0, p2 = 0, t2 = 0;
        std::chrono::steady_clock::time_point seen;
    };
    mutable std::mutex mu_;
    std::map<std::int64_t, Seq> seqs_;
};

/// One progress line of a search without a time limit, after `secs` with `fraction` of the
/// configurations done. The time left is never below what the slowest running configuration's own DP
/// still needs (`dp_rest`, < 0: none running; `dp_text` says why): a rate taken from the finished
/// configurations alone promised 24 min on a 1,000-layer model whose running configuration needed more.
std::string progressLine(double secs, double fraction, double dp_rest, const std::string& dp_text,
                         std::int64_t configurations);

/// For a per-layer search without a time limit (--time-limit 0): says up front that a large model can
/// take long, then reports progress with an estimate of the remaining time on `err` every 10 s.
/// Returns an empty observer when there is a time limit or the search is uniform (fast).
SearchObserver unlimitedSearchProgress(const CostModel& model, const SearchOptions& so, double limit,
                                       std::ostream& err);

} // namespace gx::cli
