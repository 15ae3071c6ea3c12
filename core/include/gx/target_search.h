// SPDX-License-Identifier: Apache-2.0
// Galvatron Explorer - searching for a target framework (see gx/target.h).
//
// searchForTarget() = search() restricted to what the target runs:
//  1. optionsForTarget() narrows SearchOptions (one strategy for all layers unless the target runs
//     per-layer strategies, allowed ZeRO stages, schedules, SP); the decision tree adds the named
//     "target-*" pruning rules (search_space.cpp) for the rest (ZeRO-2/3 with PP, TP with PP, rank order).
//  2. The planner applies the rest inside its DP (planner.cpp, Context): only the target's pipeline
//     splits (DeepSpeed's partition_uniform, torchtitan's first/last_stage_less_layers split), embedding
//     and LM head sharded as the layers, Megatron's block recomputation (first N layers of every chunk).
//  3. Hetu-Galvatron's limits (one default DP type besides per-layer ZeRO-3; sequence parallelism on or
//     off for all layers) split its space into up to four passes, each searched exactly.
//  4. Every plan of the result is checked with inexpressible() and re-costed with CostModel::evaluate
//     (the "target-post-check" count says how many failed: 0 unless the planner and the capability
//     model disagree).
#pragma once

#include "gx/search.h"
#include "gx/target.h"

namespace gx {

/// `options` narrowed to `options.target` (a no-op for Target::Any). User restrictions are kept.
SearchOptions optionsForTarget(SearchOptions options);

/// search() for options.target; with Target::Any exactly search(). Plans in the result are expressible
/// by the target. `stats.pruned_by_rule` gains "target-post-check" for plans the final check dropped.
/// `time_limit_s` > 0: the anytime policy of searchAnytime (complete uniform search, the per-layer search
/// refined until the limit; time_limited and note say when it stopped it).
SearchResult searchForTarget(const CostModel& model, const SearchOptions& options,
                             const SearchObserver& observer = {}, std::stop_token stop = {},
                             double time_limit_s = 0);

/// "best for Megatron-LM 11.93 s; best for any runtime 11.75 s (+1.5%)" (time per sample compared, so
/// plans of different global batches are comparable; times printed per iteration).
std::string targetPriceLine(Target target, const RankedPlan& target_best, const RankedPlan& any_best);

} // namespace gx
