// SPDX-License-Identifier: Apache-2.0
// Galvatron Explorer - searching for a target framework (see gx/target.h).
//
// searchForTarget() = search() restricted to what the target runs:
//  1. optionsForTarget() narrows SearchOptions (one strategy for all layers unless the target runs
//     per-layer strategies, allowed ZeRO stages, schedules, SP); the decision tree adds the named
//     "target-*" pruning rules (search_space.cpp) for the rest (ZeRO-2/3 with PP, TP with PP, rank order).
//  2. What the planner cannot restrict yet (vocabulary TP equal to the layers' TP, DeepSpeed's uniform
//     stage split, Megatron's block recomputation, Hetu's DDP/ZeRO-2 default) is handled after the
//     planner: every configuration's optimum is made expressible by the smallest change (re-costed with
//     CostModel::evaluate) and dropped when it then does not fit. The result holds only plans for which
//     inexpressible(plan, target) is empty, with their exact predicted cost.
#pragma once

#include "gx/search.h"
#include "gx/target.h"

namespace gx {

/// `options` narrowed to `options.target` (a no-op for Target::Any). User restrictions are kept.
SearchOptions optionsForTarget(SearchOptions options);

/// Plans derived from `plan` that `target` can run (may be empty): the smallest edits listed above.
std::vector<Plan> expressibleVariants(const Plan& plan, Target target);

/// search() for options.target; with Target::Any exactly search(). Plans in the result are expressible
/// by the target. `stats.pruned_by_rule` gains "target-post-check" for configurations dropped after
/// the planner.
SearchResult searchForTarget(const CostModel& model, const SearchOptions& options,
                             const SearchObserver& observer = {}, std::stop_token stop = {});

/// "best for Megatron-LM 11.93 s; best for any runtime 11.75 s (+1.5%)" (time per sample compared, so
/// plans of different global batches are comparable; times printed per iteration).
std::string targetPriceLine(Target target, const RankedPlan& target_best, const RankedPlan& any_best);

} // namespace gx
