// SPDX-License-Identifier: Apache-2.0
// Galvatron Explorer - the decision tree over the parallel space of one Transformer layer.
//
// The tree splits the devices level by level, as Galvatron does (Miao et al., VLDB 2023, section 3.2):
//   root -> pp (pipeline degree) -> tp (tensor degree) -> cp (context degree and exchange; dp = stage
//        GPUs / (tp * cp)) -> sp (sequence parallel) -> dp_type (DDP / ZeRO-1/2/3) -> [ep (expert
//        degree; mixture-of-experts layers only)] -> placement (TP ranks adjacent or DP ranks adjacent)
//        -> ckpt.
// Every leaf is one per-layer candidate strategy for a pipeline degree. Each pruning step is a named
// rule (PruningRule) that can be switched off by name (SearchOptions::disabled_rules) unless it is
// required for a valid plan; every pruned node keeps the rule name and a human-readable reason.
#pragma once

#include "gx/planner.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace gx {

struct PruningRule {
    std::string name;
    std::string description;
    /// Required rules keep plans valid under the cost model; switching them off is an InputError.
    bool required = false;
};

/// All pruning rules known to the search (tree rules and planner rules), in a fixed order.
const std::vector<PruningRule>& pruningRules();

/// Rule names (stable identifiers, used in events, stats and --explain).
namespace rules {
inline constexpr const char* kUser = "user-constraint";
inline constexpr const char* kPow2 = "pow2-degrees";
inline constexpr const char* kPpLeLayers = "pp-le-layers";
inline constexpr const char* kTpDividesHeads = "tp-divides-heads";
inline constexpr const char* kTpWithinNode = "tp-within-node";
inline constexpr const char* kSpNeedsTp = "sp-needs-tp";
inline constexpr const char* kZeroNeedsDp = "zero-needs-dp";
inline constexpr const char* kPlacementMatters = "placement-matters";
inline constexpr const char* kBatchDivisible = "batch-divisible";
inline constexpr const char* kMemoryLowerBound = "memory-lower-bound";
inline constexpr const char* kDominatedStrategy = "dominated-strategy";
inline constexpr const char* kDominatedRun = "dominated-run";
inline constexpr const char* kGpipeDominated = "gpipe-dominated";
inline constexpr const char* kInterleavedSplit = "interleaved-even-split";
inline constexpr const char* kTimeLowerBound = "time-lower-bound";
// Target framework rules (SearchOptions::target; gx/target.h): "the target cannot express X".
inline constexpr const char* kTargetDpType = "target-dp-type";
inline constexpr const char* kTargetTp = "target-tensor-parallel";
inline constexpr const char* kTargetSp = "target-sequence-parallel";
inline constexpr const char* kTargetRankOrder = "target-rank-order";
inline constexpr const char* kTargetRecompute = "target-recompute";
inline constexpr const char* kTargetPostCheck = "target-post-check";
inline constexpr const char* kTargetSplit = "target-stage-split";
inline constexpr const char* kTargetVocab = "target-vocab";
inline constexpr const char* kTargetSpAll = "target-sp-all-layers";
inline constexpr const char* kCpLongSequence = "cp-long-sequence";
inline constexpr const char* kCpValid = "cp-valid";
inline constexpr const char* kTargetCp = "target-context-parallel";
inline constexpr const char* kEpValid = "ep-valid";
inline constexpr const char* kTargetEp = "target-expert-parallel";
} // namespace rules

/// The per-layer decision tree for one GPU count, a model and the user's options.
class SearchSpace {
public:
    /// Throws InputError for invalid options (unknown or required rule in disabled_rules, bad degrees).
    SearchSpace(const CostModel& model, const SearchOptions& options);

    int gpus() const { return gpus_; }
    const SearchOptions& options() const { return options_; }
    bool ruleEnabled(std::string_view name) const;
    /// Whether degrees are restricted to powers of two (option and rule both on).
    bool pow2() const;

    /// Pipeline degrees that survive the pp-level rules, ascending.
    std::vector<int> pipelineDegrees() const;
    /// Leaves of the tree under pp for one layer type, in tree order (deterministic).
    std::vector<LayerStrategy> layerCandidates(int pp, const LayerType& type) const;
    /// Number of leaves over all pipeline degrees (Galvatron's "strategies for N GPUs").
    std::int64_t candidateCount(const LayerType& type) const;

    /// The whole tree for one layer type, DFS order, ids from `first_id`; pruned nodes are leaves
    /// carrying rule and reason. `root_label` names the root (e.g. the layer type's name).
    std::vector<TreeNode> tree(const LayerType& type, std::int64_t first_id = 0) const;

    /// Divisors of n, ascending; powers of two only when pow2 is set.
    static std::vector<int> degrees(int n, bool pow2_only);

private:
    struct Walk;
    void walk(const LayerType& type, int only_pp, Walk& w) const;
    /// Why a node of the tree is pruned: the rule and the reason, or no rule (the node is kept).
    struct Pruning {
        const char* rule = nullptr;
        std::string reason;
    };
    /// The pp-, tp- and cp-level rules of walk(), in the order it applies them; `rest` = cp x dp ranks
    /// under tp.
    Pruning ppPruning(int pp) const;
    Pruning tpPruning(const LayerType& type, int pp, int tp, int rest) const;
    Pruning cpPruning(const LayerType& type, int pp, int tp, int cp, CpComm comm, int dp) const;
    /// Levels below cp (sp, dp_type, ep for MoE layers, placement, ckpt) under node `cpn`.
    void walkBelowCp(const LayerType& type, int pp, int tp, int cp, CpComm comm, std::int64_t cpn,
                     Walk& w) const;
    /// The expert-parallel level of walkBelowCp under dp_type node `dtn` (type `dt`, tensor degree `tp`)
    /// over `ranks` = dp x cp ranks: the kept (ep, node) pairs; for dense layers (1, dtn) without a node
    /// of its own.
    std::vector<std::pair<int, std::int64_t>> expertLevel(const LayerType& type, int tp, DpType dt, int ranks,
                                                          std::int64_t dtn, Walk& w) const;
    /// 1 and the cp degrees of `rest` ranks the cp-long-sequence rule keeps (ascending).
    std::vector<int> contextDegrees(const LayerType& type, int rest) const;
    /// Why cp/comm is invalid for this layer (as CostModel::validateContextParallel rejects it), or "".
    std::string cpInvalid(const LayerType& type, int tp, int cp, CpComm comm) const;

    const CostModel& cost_;
    SearchOptions options_;
    int gpus_ = 1;
    std::vector<std::string> disabled_;
};

} // namespace gx
