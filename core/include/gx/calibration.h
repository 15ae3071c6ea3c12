// SPDX-License-Identifier: Apache-2.0
// Galvatron Explorer - measured training runs: validation of the cost model and calibration of its
// coefficients.
//
// The runs file is a JSON array of records in the format of ../shared/calibration (documented in
// docs/user-guide.md, "Measured runs"): per record a model (layers, hidden, heads, kv_heads,
// ffn_hidden, seq_len, vocab), a cluster (gpu, gpus_per_node, gpus), a plan (tp, pp, dp, cp, sp,
// zero_stage / fsdp, microbatch or local_batch, global_batch, recompute, interleave, precision) and
// what was measured (iteration time, tokens/s per GPU, TFLOP/s per GPU, MFU, per-layer times, memory).
#pragma once

#include "gx/cluster.h"
#include "gx/cost_model.h"
#include "gx/model.h"
#include "gx/runtime.h"
#include "gx/strategy.h"

#include <functional>
#include <map>
#include <nlohmann/json_fwd.hpp>
#include <string>
#include <vector>

namespace gx {

/// One measured run, converted into the planner's inputs.
struct MeasuredRun {
    std::string id;
    std::string source;
    ModelProfile model;
    ClusterProfile cluster;
    Plan plan;
    std::string runtime;                       ///< runtime preset or file the run maps to
    std::string gpu;                           ///< GPU name as the record gives it
    double iteration_time_s = 0;               ///< measured (or derived from measured throughput); 0 = none
    double layer_time_ms = 0;                  ///< measured forward + backward time of one layer; 0 = none
    double memory_gib = 0;                     ///< measured peak memory per GPU; 0 = none
    std::string time_basis;                    ///< which measured figure the time comes from
    std::string unsupported;                   ///< why the run cannot be expressed (empty = it can)
    std::map<std::string, std::string> groups; ///< group name -> bucket (tp, pp, nodes, size, ...)
};

/// Reads a runs file. Records that cannot be expressed are kept with `unsupported` set; records with
/// broken fields raise InputError naming "runs[i].field". `cluster_override` (non-empty) replaces the
/// cluster of every record (its node count grows to the run's GPUs).
std::vector<MeasuredRun> runsFromJson(const nlohmann::json& j, const std::string& cluster_override = {});
std::vector<MeasuredRun> loadRunsFile(const std::string& file, const std::string& cluster_override = {});

struct RunResult {
    std::string id, runtime;
    bool per_layer = false;  ///< the time is one layer's forward + backward (ms), not an iteration
    double measured_mem = 0; ///< GiB
    double predicted = 0;    ///< seconds (iteration) or ms (layer), same basis as measured
    double measured = 0;
    double error = 0;         ///< (predicted throughput - measured) / measured = measured/predicted time - 1
    double predicted_mem = 0; ///< GiB
    double mem_error = 0;     ///< (predicted - measured) / measured
    bool has_time = false, has_mem = false;
    /// A training run without a measured peak whose predicted peak (predicted_mem) exceeds its GPU's
    /// memory (gpu_mem, GiB; set for every evaluated run): the run ran, so the memory model is wrong.
    bool over_gpu = false;
    double gpu_mem = 0;
    std::string failure; ///< evaluation error
};

struct ErrorStats {
    int n = 0;
    double median_abs = 0, mean_abs = 0, median_signed = 0, max_abs = 0;
};
ErrorStats errorStats(std::vector<double> errors);

struct ValidationReport {
    std::vector<RunResult> results;
    ErrorStats time, memory;
    /// group -> bucket -> stats of the throughput errors
    std::map<std::string, std::map<std::string, ErrorStats>> by_group;
    int unsupported = 0;
    /// Training runs without a measured peak, checked against the one fact known about their memory:
    /// they ran, so the predicted peak fits the GPU (RunResult::over_gpu marks those that do not).
    int fit_checked = 0, over_gpu = 0;
    double worst_group_median = 0;
    std::string worst_group;
};

/// How a run's runtime name becomes a runtime profile (presets or files, with calibrated overrides).
using RuntimeLookup = std::function<RuntimeProfile(const std::string& name)>;

/// Predicts every supported run with the cost model and compares.
ValidationReport validateRuns(const std::vector<MeasuredRun>& runs, const RuntimeLookup& runtime);

/// Accuracy goals of the cost-model issue: median |error| <= 6%, mean <= 10%, median signed within 3%,
/// no group above 12% median |error|, memory within 10%.
struct AccuracyGoals {
    double median_abs = 0.06, mean_abs = 0.10, median_signed = 0.03, group_median = 0.12, memory = 0.10;
};
std::string formatValidation(const ValidationReport& r, const AccuracyGoals& goals = {}, bool per_run = true);
nlohmann::json validationJson(const ValidationReport& r);

/// A configuration for which published measurements disagree with the model beyond its accuracy goals
/// and no cause has been identified: said beside the prediction, so that it is trusted no further than
/// the measurements allow. The figures are the measured minus the predicted peak over those runs; a
/// test (test_calibration) recomputes them, so a change to the model that moves them fails it.
struct KnownGap {
    enum class Kind { TorchtitanOneFOneBMemory };
    Kind kind = Kind::TorchtitanOneFOneBMemory;
    double low_gib = 0, high_gib = 0; ///< measured minus predicted peak memory per GPU
    int runs = 0;                     ///< measured runs behind the figures
    std::string text() const;         ///< one English sentence (the GUI words its own, translated)
};
/// The known gaps that apply to `plan` run by `runtime`.
std::vector<KnownGap> knownGaps(const Plan& plan, const RuntimeProfile& runtime);

/// A named coefficient that calibration may move, with its bounds.
struct Coefficient {
    std::string name; ///< "gpu:<gpu name>.gemm_efficiency", "runtime:<name>.layer_overhead_us", ...
    double value = 0, lo = 0, hi = 1;
    /// -1 / +1 when the fitted value sits at the lower / upper end of its range (within 0.1% of the
    /// range), 0 inside: the runs pull it beyond what it can mean, so it absorbs something else.
    int atBound() const {
        const double tol = 1e-3 * (hi - lo);
        return value <= lo + tol ? -1 : value >= hi - tol ? 1 : 0;
    }
};

struct CalibrationResult {
    std::vector<Coefficient> coefficients; ///< fitted values
    ValidationReport before, after;
    std::map<std::string, ClusterProfile> gpus;     ///< per GPU name: the fitted GPU + links
    std::map<std::string, RuntimeProfile> runtimes; ///< per runtime name: the fitted runtime
};

/// Fits the named coefficients (per GPU generation and per runtime, never per run) by minimising
/// the squared log time errors plus memory errors over the supported runs (coordinate search).
CalibrationResult calibrate(const std::vector<MeasuredRun>& runs, const RuntimeLookup& runtime,
                            const std::vector<std::string>& only = {});

/// Held-out check of the fit: the runs are split into `folds` groups (every folds-th run, in file
/// order); each group is predicted by coefficients fitted on the other runs only. The report holds
/// every run's held-out prediction.
ValidationReport crossValidate(const std::vector<MeasuredRun>& runs, const RuntimeLookup& runtime, int folds,
                               const std::vector<std::string>& only = {});

} // namespace gx
