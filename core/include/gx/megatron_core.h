// SPDX-License-Identifier: Apache-2.0
#pragma once
// Megatron-Core's mixture-of-experts router, which two consumers run: Megatron-LM itself and
// Hetu-Galvatron (its moe/moe_utils.py is Megatron-Core's topk_softmax_with_capacity). Both exports
// set the same TransformerConfig fields, spelt differently (--moe-router-pre-softmax on Megatron-LM's
// command line, runtime.model.moe_router_pre_softmax=true in Hetu-Galvatron's arguments).
#include "gx/model.h"
#include <string>
#include <vector>

namespace gx {

/// One TransformerConfig field of the router: `field` in Megatron-Core's spelling
/// ("moe_router_pre_softmax"), `value` empty for a boolean switched on.
struct MegatronCoreField {
    std::string field;
    std::string value;
};

/// How Megatron-Core's router is set to route as `e` routes (facts with sources in
/// tests/data/consumers/megatron.json and hetu.json), and where it cannot.
struct MegatronCoreRouter {
    std::vector<MegatronCoreField> fields;
    /// Sigmoid weights left unnormalised with top-k > 1: Megatron-Core divides them by their sum.
    bool renormalises_sigmoid = false;
    /// Group-limited routing ranked otherwise than the model: Megatron-Core ranks a group by the sum
    /// of its best `group_rank_top` = top-k / group-topk scores (logits when `group_rank_on_logits`).
    bool group_rank_differs = false;
    int group_rank_top = 0;
    bool group_rank_on_logits = false;
    /// A renormalised softmax top-1 router exported with pre-softmax (Megatron-LM's argument checks
    /// refuse a softmax over the top-1 logit; only with `refuse_softmax_top1`).
    bool softmax_top1_as_pre_softmax = false;
};

/// The router fields for `e` (a model of `family`: DeepSeek's routers compute their logits in fp32),
/// in the order both exports write them: score function, pre-softmax, expert bias, scaling factor,
/// groups, router dtype, capacity factor (padded, as costed), load-balancing loss.
/// `refuse_softmax_top1`: the consumer checks its arguments as Megatron-LM's validate_args does.
MegatronCoreRouter megatronCoreRouter(const MoeSpec& e, const std::string& family, bool refuse_softmax_top1);

/// A number as both exports write it (up to 10 significant digits, no trailing zeros).
std::string megatronNumber(double v);

} // namespace gx
