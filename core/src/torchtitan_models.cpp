// SPDX-License-Identifier: Apache-2.0
// torchtitan 0.2.2's mixture-of-experts models (torchtitan_models.h). Read at pytorch/torchtitan@b5bcd76c
// (assets/version.txt: 0.2.2); the facts with file and line are in tests/data/consumers/torchtitan.json
// ("moe_models", "moe_layer"), which tests/exporters checks this table against.
//  * torchtitan/models/deepseek_v3/__init__.py: build_mla_moe_layers (the first n_dense_layers layers
//    dense, then MoE; shared experts one FFN of moe_hidden_dim x num_shared_experts), flavors 16B, 236B,
//    671B; config_registry.py: deepseek_v3_16b, deepseek_v3_671b (none for 236B).
//  * torchtitan/models/qwen3/__init__.py: _build_qwen3_moe_layers (every layer MoE, softmax router with
//    route_norm, QK norm), flavors 30B-A3B, 235B-A22B; config_registry.py: qwen3_30b_a3b (none for 235B).
//  * torchtitan/models/common/config_utils.py make_moe_config: load_balance_coeff = 1e-3 unless given,
//    i.e. every flavor routes with an expert bias updated for load balance (aux-loss-free).
//  * torchtitan/models/common/moe.py TokenChoiceTopKRouter: softmax or sigmoid over all experts, the
//    bias added for the choice only, groups ranked by the sum of their best two scores, route_norm,
//    route_scale; GroupedExperts: SwiGLU experts without biases.
// The command line cannot change a model: Trainer.Config.model_spec is suppressed from tyro
// (trainer.py:75-77), so what differs needs a config function of the user's (--module/--config).
#include "torchtitan_models.h"

#include <algorithm>
#include <sstream>

namespace gx::detail {

namespace {

struct Flavor {
    const char* module;
    const char* flavor;
    const char* config; ///< "" when no config function selects the flavor
    const char* source;
    int layers, dense_layers, hidden, dense_ffn, heads, kv_heads, head_dim;
    bool qk_norm;
    MlaSpec mla;   ///< kv_lora_rank 0: grouped-query attention
    double mscale; ///< yarn softmax scale (deepseek_v3 model.py: 0.1 * mscale * ln(factor) + 1, squared)
    int vocab;
    int experts, top_k, moe_ffn;
    int shared_ffn; ///< all shared experts together (moe_hidden_dim x num_shared_experts)
    const char* score;
    bool normalize;
    double scaling;
    int groups, limited; ///< group-limited routing: a token's experts from its best `limited` of `groups`
    double theta;
    bool yarn; ///< yarn with factor 40, original context 4096, betas 32 and 1
    int max_context;
};

// (every flavor: decoder layers, SwiGLU FFNs and experts, no biases, untied output, and an expert bias
// for the choice of experts: make_moe_config's load_balance_coeff 1e-3)
const Flavor kFlavors[] = {
    {"deepseek_v3",
     "16B",
     "deepseek_v3_16b",
     "torchtitan/models/deepseek_v3/__init__.py:389-456, config_registry.py:141-173",
     27,
     1,
     2048,
     10944,
     16,
     16,
     192,
     false,
     {0, 512, 128, 64, 128},
     0.70,
     102400,
     64,
     6,
     1408,
     2816,
     "softmax",
     false,
     1.0,
     0,
     0,
     10000,
     true,
     16384},
    {"deepseek_v3",
     "236B",
     "",
     "torchtitan/models/deepseek_v3/__init__.py:459-530",
     60,
     1,
     5120,
     12288,
     128,
     128,
     192,
     false,
     {1536, 512, 128, 64, 128},
     1.0,
     102400,
     160,
     6,
     1536,
     3072,
     "softmax",
     false,
     16.0,
     8,
     3,
     10000,
     true,
     16384},
    {"deepseek_v3",
     "671B",
     "deepseek_v3_671b",
     "torchtitan/models/deepseek_v3/__init__.py:533-605, config_registry.py:209-245",
     61,
     3,
     7168,
     18432,
     128,
     128,
     192,
     false,
     {1536, 512, 128, 64, 128},
     1.0,
     129280,
     256,
     8,
     2048,
     2048,
     "sigmoid",
     true,
     2.5,
     8,
     4,
     10000,
     true,
     16384},
    {"qwen3",
     "30B-A3B",
     "qwen3_30b_a3b",
     "torchtitan/models/qwen3/__init__.py:516-554, config_registry.py:305-337",
     48,
     0,
     2048,
     0,
     32,
     4,
     128,
     true,
     {},
     0,
     151936,
     128,
     8,
     768,
     0,
     "softmax",
     true,
     1.0,
     0,
     0,
     1000000,
     false,
     40960},
    {"qwen3", "235B-A22B", "",     "torchtitan/models/qwen3/__init__.py:557-595",
     94,      0,           4096,   0,
     64,      4,           128,    true,
     {},      0,           151936, 128,
     8,       1536,        0,      "softmax",
     true,    1.0,         0,      0,
     5000000, false,       40960},
};

std::string num(double v) {
    std::ostringstream s;
    s.precision(10);
    s << v;
    return s.str();
}

void addOnce(std::vector<std::string>& out, std::string s) {
    if (std::find(out.begin(), out.end(), s) == out.end())
        out.push_back(std::move(s));
}

const LayerType* firstMoe(const ModelProfile& m) {
    for (const auto& st : m.stacks)
        if (st.type.moe.enabled())
            return &st.type;
    return nullptr;
}

/// "4 of 8 groups" for routing that limits a token's groups, "" for routing that does not.
std::string groupText(int groups, int limited) {
    return groups > 0 && limited < groups
               ? std::to_string(limited) + " of " + std::to_string(groups) + " groups"
               : std::string();
}

/// The layer shape: attention, norms, biases, FFN sizes (dense or MoE).
void compareLayer(const LayerType& t, const Flavor& f, const std::string& tt, std::vector<std::string>& out) {
    const auto differ = [&](const std::string& what, const std::string& mv, const std::string& tv) {
        addOnce(out, what + " " + mv + ": " + tt + " has " + tv);
    };
    if (t.heads != f.heads)
        differ("attention heads", std::to_string(t.heads), std::to_string(f.heads));
    if (t.mla.enabled() != f.mla.enabled()) {
        addOnce(out, std::string(t.mla.enabled() ? "multi-latent attention" : "grouped-query attention") +
                         ": " + tt + " has " + (f.mla.enabled() ? "multi-latent" : "grouped-query") +
                         " attention");
    } else if (f.mla.enabled() && !(t.mla == f.mla)) {
        const auto ranks = [](const MlaSpec& a) {
            return std::to_string(a.q_lora_rank) + "/" + std::to_string(a.kv_lora_rank) + "/" +
                   std::to_string(a.qk_nope_head_dim) + "/" + std::to_string(a.qk_rope_head_dim) + "/" +
                   std::to_string(a.v_head_dim);
        };
        differ("multi-latent attention ranks (q_lora/kv_lora/qk_nope/qk_rope/v)", ranks(t.mla), ranks(f.mla));
    } else if (!f.mla.enabled()) {
        const int kv = t.kv_heads > 0 ? t.kv_heads : t.heads;
        if (kv != f.kv_heads)
            differ("key/value heads", std::to_string(kv), std::to_string(f.kv_heads));
        const int hd = t.head_dim > 0 ? t.head_dim : t.hidden / std::max(1, t.heads);
        if (hd != f.head_dim)
            differ("head size", std::to_string(hd), std::to_string(f.head_dim));
    }
    if (t.qk_norm != f.qk_norm)
        addOnce(out, std::string(t.qk_norm ? "query/key norms" : "no query/key norms") + ": " + tt +
                         (f.qk_norm ? " normalises queries and keys" : " has none"));
    if (t.bias || t.qkv_bias)
        addOnce(out, "linear-layer biases: " + tt + " has none");
    if (!t.gated_ffn)
        addOnce(out, "non-gated FFN: " + tt + " has SwiGLU FFNs");
    if (t.kind != BlockKind::Decoder)
        addOnce(out, "encoder or cross-attention layers: " + tt + " is a decoder");
    if (!t.moe.enabled()) {
        if (t.ffn_hidden != f.dense_ffn)
            differ("dense FFN size", std::to_string(t.ffn_hidden), std::to_string(f.dense_ffn));
        return;
    }
    const MoeSpec& e = t.moe;
    if (t.ffn_hidden != f.moe_ffn)
        differ("routed experts' FFN size", std::to_string(t.ffn_hidden), std::to_string(f.moe_ffn));
    if (e.top_k != f.top_k)
        differ("top-k", std::to_string(e.top_k), std::to_string(f.top_k));
    const long long shared = static_cast<long long>(e.shared_experts) * e.shared_ffn_hidden;
    if (shared != f.shared_ffn)
        differ("shared experts' FFN size (all together)", std::to_string(shared),
               std::to_string(f.shared_ffn));
}

/// The router: score function, renormalisation, scaling, groups and the expert bias.
void compareRouter(const MoeSpec& e, const Flavor& f, const std::string& tt, std::vector<std::string>& out,
                   std::vector<std::string>& notes) {
    const auto differ = [&](const std::string& what, const std::string& mv, const std::string& tv) {
        addOnce(out, what + " " + mv + ": " + tt + " has " + tv);
    };
    if (e.score_function != f.score)
        differ("router score function", e.score_function, f.score);
    if (e.normalize_top_k != f.normalize)
        addOnce(
            out,
            std::string(e.normalize_top_k ? "top-k weights renormalised" : "top-k weights not renormalised") +
                ": " + tt + (f.normalize ? " renormalises them (route_norm)" : " does not (route_norm off)"));
    if (e.routed_scaling != f.scaling)
        differ("routed scaling factor", num(e.routed_scaling), num(f.scaling));
    const std::string mg = e.groupLimited() ? groupText(e.expert_groups, e.groups_per_token) : std::string();
    const std::string fg = groupText(f.groups, f.limited);
    if (mg != fg)
        differ("group-limited routing", mg.empty() ? std::string("none") : mg,
               fg.empty() ? std::string("none") : fg);
    // (A balancing method, as an auxiliary loss is: the layers, experts and parallelism stay the planned
    // ones, so a note, as for a load-balancing loss a framework cannot apply, not a difference.)
    if (e.aux_loss_coeff > 0)
        addOnce(notes,
                "the router's load-balancing loss (coefficient " + num(e.aux_loss_coeff) +
                    (e.aux_loss_per_sequence ? ", per sequence" : "") + ") is not applied: " + tt +
                    "'s MoE has no auxiliary loss (models/common/moe.py balances with its expert bias only)");
    if (!e.router_bias)
        addOnce(notes,
                "the router has no score-correction bias; " + tt +
                    " balances the experts' load with an expert bias added to the scores for the choice "
                    "and updated after every step (make_moe_config's load_balance_coeff 1e-3, aux-loss-free "
                    "balancing) instead of an auxiliary loss; no command-line option switches it off "
                    "(a config function with make_moe_config(load_balance_coeff=None) does), and "
                    "torchtitan's checkpoint conversion to Hugging Face drops the bias");
}

/// Rotary positions, vocabulary and the longest sequence the flavor's rotary cache holds.
void compareModel(const ModelProfile& m, const Flavor& f, const std::string& tt,
                  std::vector<std::string>& out) {
    const auto differ = [&](const std::string& what, const std::string& mv, const std::string& tv) {
        addOnce(out, what + " " + mv + ": " + tt + " has " + tv);
    };
    if (m.vocab_size != f.vocab)
        differ("vocabulary", std::to_string(m.vocab_size), std::to_string(f.vocab));
    if (m.tied_embeddings)
        addOnce(out, "tied input and output embeddings: " + tt + " has a separate output layer");
    const double theta = m.rope_theta > 0 ? m.rope_theta : 10000.0;
    if (theta != f.theta)
        differ("rotary base", num(theta), num(f.theta));
    const RopeScaling& rs = m.rope_scaling;
    if (f.yarn) {
        const bool same = rs.type == "yarn" && rs.factor == 40 && rs.original_max_position == 4096 &&
                          rs.beta_fast == 32 && rs.beta_slow == 1;
        if (!same)
            differ("rotary scaling",
                   rs.type.empty() ? std::string("none") : rs.type + " with factor " + num(rs.factor),
                   "yarn with factor 40, original context 4096, betas 32 and 1");
        else if (rs.mscale != f.mscale || rs.mscale_all_dim != f.mscale)
            differ("yarn mscale / mscale_all_dim", num(rs.mscale) + " / " + num(rs.mscale_all_dim),
                   num(f.mscale) + " (the softmax scale; cos and sin unscaled)");
    } else if (!rs.type.empty()) {
        differ("rotary scaling", rs.type, "none");
    }
    const int seq = m.seq_len > 0 ? m.seq_len : m.stacks.front().type.seq_len;
    if (seq > f.max_context)
        addOnce(out, "sequence length " + std::to_string(seq) + ": " + tt + " holds rotary positions for " +
                         std::to_string(f.max_context) +
                         " tokens and refuses a longer training.max_context_length");
}

std::vector<std::string> compare(const ModelProfile& m, const Flavor& f, std::vector<std::string>& notes) {
    std::vector<std::string> out;
    const std::string tt = std::string("torchtitan 0.2.2's ") + f.module + " " + f.flavor;
    const int L = m.layerCount();
    int dense = 0;
    while (dense < L && !m.layer(dense).moe.enabled())
        ++dense;
    bool after = true;
    for (int i = dense; i < L; ++i)
        after = after && m.layer(i).moe.enabled();
    if (!after)
        out.push_back("dense layers between mixture-of-experts layers: " + tt + " has " +
                      std::to_string(f.dense_layers) + " dense layers first, then MoE layers only");
    else if (dense != f.dense_layers)
        out.push_back("dense layers first " + std::to_string(dense) + ": " + tt + " has " +
                      std::to_string(f.dense_layers));
    for (const auto& st : m.stacks) {
        compareLayer(st.type, f, tt, out);
        if (st.type.moe.enabled())
            compareRouter(st.type.moe, f, tt, out, notes);
    }
    compareModel(m, f, tt, out);
    return out;
}

} // namespace

std::string torchtitanMoeDefinitionList() {
    std::string out;
    std::string module;
    for (const Flavor& f : kFlavors) {
        if (module != f.module)
            out += (out.empty() ? "" : "; ") + std::string(f.module) + " ";
        else
            out += ", ";
        out += f.flavor;
        module = f.module;
    }
    return out;
}

TorchtitanMoeMatch torchtitanMoeMatch(const ModelProfile& model) {
    TorchtitanMoeMatch r;
    bool mla = false;
    for (const auto& st : model.stacks)
        mla = mla || st.type.mla.enabled();
    const LayerType* moe = firstMoe(model);
    if (!moe) {
        if (mla)
            r.differences.push_back(
                "multi-latent attention in a dense model: torchtitan 0.2.2 builds it only in its "
                "deepseek_v3 mixture-of-experts models (" +
                torchtitanMoeDefinitionList() + ")");
        return r;
    }
    for (const Flavor& f : kFlavors)
        if (model.layerCount() == f.layers && moe->hidden == f.hidden && moe->moe.experts == f.experts) {
            r.definition = TorchtitanMoeDefinition{f.module, f.flavor, f.config, f.source};
            r.differences = compare(model, f, r.training_notes);
            return r;
        }
    r.differences.push_back("mixture-of-experts model '" + model.name + "' (" +
                            std::to_string(model.layerCount()) + " layers, hidden " +
                            std::to_string(moe->hidden) + ", " + std::to_string(moe->moe.experts) +
                            " routed experts): torchtitan 0.2.2 defines no such model (its definitions: " +
                            torchtitanMoeDefinitionList() + ")");
    return r;
}

std::vector<std::string> torchtitanMoeLimits(const ModelProfile& model) {
    std::vector<std::string> out;
    const std::string tt = "torchtitan 0.2.2";
    for (const auto& st : model.stacks) {
        const LayerType& t = st.type;
        const MoeSpec& e = t.moe;
        if (!e.enabled())
            continue;
        if (!t.gated_ffn || t.bias)
            addOnce(out, std::string("mixture-of-experts layers with ") +
                             (!t.gated_ffn ? "non-gated" : "biased") + " experts: " + tt +
                             "'s routed experts are SwiGLU matrices without biases " +
                             "(models/common/moe.py GroupedExperts)");
        if (e.shared_expert_gate)
            addOnce(out,
                    "gated shared expert: " + tt +
                        "'s MoE adds the shared experts' output ungated (models/common/moe.py MoE.forward)");
        if (e.capacity_factor > 0)
            addOnce(out,
                    "capacity factor " + num(e.capacity_factor) + ": " + tt +
                        "'s all-to-all token dispatcher (the models' \"standard\" backend) neither drops "
                        "tokens nor pads experts to capacity");
        if (e.groupLimited() && e.groups_per_token < e.expert_groups && e.group_score_top != 2)
            addOnce(out,
                    e.groupRoutingText() + ": " + tt +
                        "'s router ranks a group by the sum of its best two scores (models/common/moe.py)");
    }
    return out;
}

} // namespace gx::detail
