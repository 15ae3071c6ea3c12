// SPDX-License-Identifier: Apache-2.0
#include "gx/megatron_core.h"
#include <cstdio>

namespace gx {

std::string megatronNumber(double v) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.10g", v);
    return buf;
}

/// Megatron-Core's topk_routing_with_score_function (moe/moe_utils.py): softmax by default takes the
/// top-k logits and a softmax over them, which equals Hugging Face's softmax over all experts with the
/// top-k renormalised (Mixtral, norm_topk_prob; weight 1 at top-1); pre-softmax keeps the softmax over
/// all experts unnormalised (Qwen2-MoE, DeepSeek-V2); sigmoid weights are renormalised whenever
/// top-k > 1. The scaling factor multiplies the weights; num_groups / group_topk keep a token to its
/// best groups, a group scored by the sum of its best top-k / group-topk scores (softmax without
/// pre-softmax: logits).
MegatronCoreRouter megatronCoreRouter(const MoeSpec& e, const std::string& family, bool refuse_softmax_top1) {
    MegatronCoreRouter r;
    const auto add = [&](const std::string& field, const std::string& value = {}) {
        r.fields.push_back({field, value});
    };
    const bool sigmoid = e.score_function == "sigmoid";
    if (sigmoid) {
        add("moe_router_score_function", "sigmoid");
        r.renormalises_sigmoid = !e.normalize_top_k && e.top_k > 1;
    } else if (!e.normalize_top_k) {
        add("moe_router_pre_softmax"); // softmax over all experts, the top-k weights as they are
    } else if (e.top_k == 1 && refuse_softmax_top1) {
        r.softmax_top1_as_pre_softmax = true; // the expert's probability as its weight
        add("moe_router_pre_softmax");
    }
    if (e.router_bias) // aux-loss-free routing (DeepSeek-V3): sigmoid scores, validated in the profile
        add("moe_router_enable_expert_bias");
    if (e.routed_scaling != 1.0)
        add("moe_router_topk_scaling_factor", megatronNumber(e.routed_scaling));
    if (e.groupLimited() && e.groups_per_token < e.expert_groups) { // (all groups: not limited)
        add("moe_router_num_groups", std::to_string(e.expert_groups));
        add("moe_router_group_topk", std::to_string(e.groups_per_token));
        r.group_rank_top = e.top_k / e.groups_per_token;
        r.group_rank_on_logits = !sigmoid && e.normalize_top_k; // a max ranks alike, a sum does not
        r.group_rank_differs =
            r.group_rank_top != e.group_score_top || (r.group_rank_on_logits && e.group_score_top > 1);
    }
    // DeepSeek's gate computes its logits in float32 (transformers' DeepseekV2Moe and DeepseekV3TopkRouter).
    if (family == "deepseek_v2" || family == "deepseek_v3")
        add("moe_router_dtype", "fp32");
    if (e.capacity_factor > 0) {
        add("moe_expert_capacity_factor", megatronNumber(e.capacity_factor));
        add("moe_pad_expert_input_to_capacity"); // padded, as costed
    }
    // The load-balancing loss: the coefficient defaults to 0 (no balancing at all), the type to aux_loss
    // (per batch); seq_aux_loss computes it per sequence (DeepSeek's seq_aux).
    if (e.aux_loss_coeff > 0) {
        if (e.aux_loss_per_sequence)
            add("moe_router_load_balancing_type", "seq_aux_loss");
        add("moe_aux_loss_coeff", megatronNumber(e.aux_loss_coeff));
    }
    return r;
}

} // namespace gx
