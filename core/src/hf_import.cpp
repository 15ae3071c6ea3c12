// SPDX-License-Identifier: Apache-2.0
// Import of Hugging Face `config.json` files into ModelProfile.
//
// Key names follow the transformers configuration classes (GPT2Config, LlamaConfig, MistralConfig,
// Qwen2Config, BertConfig, T5Config, ViTConfig; mixture of experts: MixtralConfig, Qwen2MoeConfig,
// Qwen3MoeConfig, DeepseekV2Config, DeepseekV3Config). Only the architecture is read; dropout
// probabilities decide whether dropout masks are stored (Korthikanti et al. 2022 count them in
// activation memory).
#include "gx/hf_import.h"

#include "gx/error.h"
#include "gx/file_io.h"
#include "gx/profile_io.h"

#include <nlohmann/json.hpp>

#include <climits>
#include <cmath>
#include <initializer_list>
#include <utility>
#include <vector>

namespace gx {

using nlohmann::json;

namespace {

/// Read-only view of a config with typed, alias-aware getters; errors name "config.<key>" (or, for a
/// nested object, its path: "config.rope_scaling.<key>").
class Config {
public:
    explicit Config(const json& j, std::string path = "config.") : j_(j), path_(std::move(path)) {}

    bool has(const std::string& key) const { return j_.contains(key) && !j_.at(key).is_null(); }

    /// First present key of `keys`, or empty.
    std::string pick(std::initializer_list<const char*> keys) const {
        for (const char* k : keys)
            if (has(k))
                return k;
        return {};
    }

    int positiveInt(const std::string& key) const {
        const json& v = j_.at(key);
        bool ok = false;
        double d = 0;
        if (v.is_number()) {
            d = v.get<double>();
            ok = std::isfinite(d) && d == std::floor(d) && d > 0 && d <= double(INT_MAX);
        }
        if (!ok)
            throw InputError(path_ + key, "expected a positive integer, got " + showJson(v));
        return static_cast<int>(d);
    }

    /// Required positive integer under any of `keys` (the first is named in the error).
    int requireInt(std::initializer_list<const char*> keys) const {
        const std::string k = pick(keys);
        if (k.empty()) {
            std::string names;
            for (const char* n : keys)
                names += (names.empty() ? "" : " / ") + std::string(n);
            throw InputError(path_ + std::string(*keys.begin()),
                             keys.size() > 1 ? "required key is missing (looked for " + names + ")"
                                             : std::string("required key is missing"));
        }
        return positiveInt(k);
    }

    int nonNegativeInt(const std::string& key, int fallback) const {
        if (!has(key))
            return fallback;
        const json& v = j_.at(key);
        if (!(v.is_number() && v.get<double>() == 0.0))
            return positiveInt(key);
        return 0;
    }

    int optInt(std::initializer_list<const char*> keys, int fallback) const {
        const std::string k = pick(keys);
        return k.empty() ? fallback : positiveInt(k);
    }

    double optNumber(const std::string& key, double fallback) const {
        if (!has(key))
            return fallback;
        const json& v = j_.at(key);
        if (!v.is_number())
            throw InputError(path_ + key, "expected a number, got " + showJson(v));
        return v.get<double>();
    }

    bool optBool(const std::string& key, bool fallback) const {
        if (!has(key))
            return fallback;
        const json& v = j_.at(key);
        if (!v.is_boolean())
            throw InputError(path_ + key, "expected true or false, got " + showJson(v));
        return v.get<bool>();
    }

    std::string optString(const std::string& key, const std::string& fallback) const {
        if (!has(key))
            return fallback;
        const json& v = j_.at(key);
        if (!v.is_string())
            throw InputError(path_ + key, "expected a string, got " + showJson(v));
        return v.get<std::string>();
    }

    const json& raw() const { return j_; }

private:
    const json& j_;
    std::string path_;
};

bool isOneOf(const std::string& s, std::initializer_list<const char*> names) {
    for (const char* n : names)
        if (s == n)
            return true;
    return false;
}

/// Heads must divide hidden unless the config gives head_dim explicitly.
int headDim(const Config& c, int hidden, int heads, const char* heads_key) {
    const std::string k = c.pick({"head_dim", "d_kv"});
    if (!k.empty())
        return c.positiveInt(k);
    if (hidden % heads != 0)
        throw InputError(std::string("config.") + heads_key, "attention heads (" + std::to_string(heads) +
                                                                 ") must divide the hidden size (" +
                                                                 std::to_string(hidden) + ")");
    return hidden / heads;
}

int kvHeads(const Config& c, int heads) {
    const int kv = c.optInt({"num_key_value_heads"}, heads);
    if (kv > heads || heads % kv != 0)
        throw InputError("config.num_key_value_heads", "key/value heads (" + std::to_string(kv) +
                                                           ") must divide the attention heads (" +
                                                           std::to_string(heads) + ")");
    return kv;
}

std::string modelTypeOf(const json& j) {
    if (j.contains("model_type") && j.at("model_type").is_string())
        return j.at("model_type").get<std::string>();
    if (j.contains("architectures") && j.at("architectures").is_array() && !j.at("architectures").empty() &&
        j.at("architectures")[0].is_string()) {
        const std::string a = j.at("architectures")[0].get<std::string>();
        // Longer prefixes first ("Qwen2Moe" before "Qwen2").
        static const std::pair<const char*, const char*> kPrefixes[] = {{"GPT2", "gpt2"},
                                                                        {"Llama", "llama"},
                                                                        {"Mixtral", "mixtral"},
                                                                        {"Mistral", "mistral"},
                                                                        {"Qwen2Moe", "qwen2_moe"},
                                                                        {"Qwen3Moe", "qwen3_moe"},
                                                                        {"Qwen2", "qwen2"},
                                                                        {"DeepseekV2", "deepseek_v2"},
                                                                        {"DeepseekV3", "deepseek_v3"},
                                                                        {"Bert", "bert"},
                                                                        {"T5", "t5"},
                                                                        {"ViT", "vit"}};
        for (const auto& [prefix, type] : kPrefixes)
            if (a.rfind(prefix, 0) == 0)
                return type;
    }
    return {};
}

ModelProfile importGpt2(const Config& c, int seq_len) {
    ModelProfile m;
    m.family = "gpt";
    LayerType t;
    t.name = "decoder";
    t.kind = BlockKind::Decoder;
    t.hidden = c.requireInt({"n_embd", "hidden_size"});
    t.heads = c.requireInt({"n_head", "num_attention_heads"});
    t.kv_heads = t.heads;
    t.head_dim = headDim(c, t.hidden, t.heads, "n_head");
    t.ffn_hidden = c.optInt({"n_inner", "intermediate_size"}, 4 * t.hidden); // GPT2Config: None -> 4*n_embd
    t.gated_ffn = false;
    t.bias = true;
    t.dropout = c.optNumber("resid_pdrop", 0.1) > 0 || c.optNumber("attn_pdrop", 0.1) > 0;
    m.vocab_size = c.requireInt({"vocab_size"});
    m.max_position = c.requireInt({"n_positions", "max_position_embeddings"});
    m.seq_len = seq_len > 0 ? seq_len : c.optInt({"n_ctx"}, m.max_position);
    m.tied_embeddings = c.optBool("tie_word_embeddings", true);
    t.seq_len = m.seq_len;
    m.stacks.push_back({t, c.requireInt({"n_layer", "num_hidden_layers"})});
    return m;
}

/// LLaMA-style decoders: RMSNorm, rotary positions, SwiGLU, no biases (Touvron et al. 2023).
ModelProfile importLlamaLike(const Config& c, int seq_len, const std::string& family) {
    ModelProfile m;
    m.family = family;
    LayerType t;
    t.name = "decoder";
    t.kind = BlockKind::Decoder;
    t.hidden = c.requireInt({"hidden_size"});
    t.ffn_hidden = c.requireInt({"intermediate_size"});
    t.heads = c.requireInt({"num_attention_heads"});
    t.kv_heads = kvHeads(c, t.heads);
    t.head_dim = headDim(c, t.hidden, t.heads, "num_attention_heads");
    t.gated_ffn = true;
    t.bias = c.optBool("attention_bias", false) || c.optBool("mlp_bias", false);
    // Qwen2 and Qwen2-MoE always carry biases on the Q/K/V projections (Qwen2Attention: bias=True).
    t.qkv_bias = !t.bias && isOneOf(family, {"qwen2", "qwen2_moe"});
    // Qwen3 normalises every query and key head (q_norm, k_norm).
    t.qk_norm = isOneOf(family, {"qwen3", "qwen3_moe"});
    t.dropout = c.optNumber("attention_dropout", 0.0) > 0;
    m.vocab_size = c.requireInt({"vocab_size"});
    m.max_position = 0; // rotary: no learned position table
    m.seq_len = seq_len > 0 ? seq_len : c.requireInt({"max_position_embeddings"});
    m.tied_embeddings = c.optBool("tie_word_embeddings", false);
    t.seq_len = m.seq_len;
    m.stacks.push_back({t, c.requireInt({"num_hidden_layers"})});
    return m;
}

/// BERT-style encoders (Devlin et al. 2019): learned positions, post-LN, biases, tied MLM head.
ModelProfile importBert(const Config& c, int seq_len, const std::string& family) {
    ModelProfile m;
    m.family = family;
    LayerType t;
    t.name = "encoder";
    t.kind = BlockKind::Encoder;
    t.hidden = c.requireInt({"hidden_size"});
    t.ffn_hidden = c.requireInt({"intermediate_size"});
    t.heads = c.requireInt({"num_attention_heads"});
    t.kv_heads = t.heads;
    t.head_dim = headDim(c, t.hidden, t.heads, "num_attention_heads");
    t.bias = true;
    t.dropout =
        c.optNumber("hidden_dropout_prob", 0.1) > 0 || c.optNumber("attention_probs_dropout_prob", 0.1) > 0;
    m.vocab_size = c.requireInt({"vocab_size"});
    // The token-type table (type_vocab_size x hidden, 2048 parameters for BERT-large) has no field in
    // ModelProfile; it is below 0.001% of the model and left out.
    m.max_position = c.requireInt({"max_position_embeddings"});
    m.seq_len = seq_len > 0 ? seq_len : m.max_position;
    m.tied_embeddings = c.optBool("tie_word_embeddings", true);
    t.seq_len = m.seq_len;
    m.stacks.push_back({t, c.requireInt({"num_hidden_layers"})});
    return m;
}

/// T5 (Raffel et al. 2020): encoder + decoder with cross-attention, relative position bias, no biases,
/// RMS-style LayerNorm; "gated-gelu" (T5 v1.1, mT5) uses a gated FFN.
ModelProfile importT5(const Config& c, int seq_len) {
    ModelProfile m;
    m.family = "t5";
    const int hidden = c.requireInt({"d_model"});
    const int heads = c.requireInt({"num_heads"});
    const std::string proj = c.optString("feed_forward_proj", "relu");
    const bool gated = proj.rfind("gated-", 0) == 0;
    m.vocab_size = c.requireInt({"vocab_size"});
    m.max_position = 0;
    m.seq_len = seq_len > 0 ? seq_len : c.optInt({"n_positions"}, 512);
    m.tied_embeddings = c.optBool("tie_word_embeddings", true);
    LayerType enc;
    enc.name = "encoder";
    enc.kind = BlockKind::Encoder;
    enc.hidden = hidden;
    enc.ffn_hidden = c.requireInt({"d_ff"});
    enc.heads = heads;
    enc.kv_heads = heads;
    enc.head_dim = c.has("d_kv") ? c.positiveInt("d_kv") : headDim(c, hidden, heads, "num_heads");
    enc.gated_ffn = gated;
    enc.bias = false;
    enc.dropout = c.optNumber("dropout_rate", 0.1) > 0;
    enc.seq_len = m.seq_len;
    LayerType dec = enc;
    dec.name = "decoder";
    dec.kind = BlockKind::CrossDecoder;
    dec.cross_seq_len = enc.seq_len;
    const int enc_layers = c.requireInt({"num_layers"});
    m.stacks.push_back({enc, enc_layers});
    m.stacks.push_back({dec, c.optInt({"num_decoder_layers"}, enc_layers)});
    return m;
}

/// ViT (Dosovitskiy et al. 2021): patch embedding, class token, learned positions, pre-LN encoder.
ModelProfile importVit(const Config& c) {
    ModelProfile m;
    m.family = "vit";
    LayerType t;
    t.name = "encoder";
    t.kind = BlockKind::Encoder;
    t.hidden = c.requireInt({"hidden_size"});
    t.ffn_hidden = c.requireInt({"intermediate_size"});
    t.heads = c.requireInt({"num_attention_heads"});
    t.kv_heads = t.heads;
    t.head_dim = headDim(c, t.hidden, t.heads, "num_attention_heads");
    t.bias = c.optBool("qkv_bias", true);
    t.dropout =
        c.optNumber("hidden_dropout_prob", 0.0) > 0 || c.optNumber("attention_probs_dropout_prob", 0.0) > 0;
    m.image_size = c.requireInt({"image_size"});
    m.patch_size = c.requireInt({"patch_size"});
    m.channels = c.optInt({"num_channels"}, 3);
    if (m.image_size % m.patch_size != 0)
        throw InputError("config.patch_size", "patch size (" + std::to_string(m.patch_size) +
                                                  ") must divide image_size (" +
                                                  std::to_string(m.image_size) + ")");
    const int side = m.image_size / m.patch_size;
    m.seq_len = side * side + 1; // patches + [CLS]
    m.max_position = 0;          // counted by embeddingParams() from the patch grid
    m.vocab_size = 0;
    const json& j = c.raw();
    bool classifier = false;
    if (j.contains("architectures") && j.at("architectures").is_array())
        for (const auto& a : j.at("architectures"))
            if (a.is_string() && a.get<std::string>().find("ForImageClassification") != std::string::npos)
                classifier = true;
    if (classifier && j.contains("id2label") && j.at("id2label").is_object())
        m.num_classes = static_cast<int>(j.at("id2label").size());
    t.seq_len = m.seq_len;
    m.stacks.push_back({t, c.requireInt({"num_hidden_layers"})});
    return m;
}

/// The router's load-balancing loss coefficient from `key` (transformers' default 0.001 for Mixtral,
/// Qwen2-MoE, Qwen3-MoE and DeepSeek), named when it is not a number from 0 to 1.
double auxLossCoeff(const Config& c, const char* key) {
    const double v = c.optNumber(key, 0.001);
    if (!(v >= 0 && v <= 1))
        throw InputError(std::string("config.") + key,
                         "expected a load-balancing loss coefficient from 0 to 1");
    return v;
}

/// Routed-expert settings shared by the MoE configs; top_k above the expert count is named here.
MoeSpec routedExperts(const Config& c, const char* experts_key) {
    MoeSpec e;
    e.experts = c.requireInt({experts_key});
    e.top_k = c.requireInt({"num_experts_per_tok"});
    if (e.top_k > e.experts)
        throw InputError("config.num_experts_per_tok", "router top-k (" + std::to_string(e.top_k) +
                                                           ") must not exceed the number of experts (" +
                                                           std::to_string(e.experts) + ", " + experts_key +
                                                           ")");
    e.aux_loss_coeff = auxLossCoeff(c, "router_aux_loss_coef"); // (DeepSeek: importDeepseekRouter)
    return e;
}

/// Stacks from a per-layer MoE/dense pattern: one stack per run of equal layers. Stacks are named
/// "dense" and "moe" when both kinds occur, else "decoder".
void stacksFromPattern(ModelProfile& m, const LayerType& dense, const LayerType& moe,
                       const std::vector<bool>& is_moe) {
    bool any_dense = false, any_moe = false;
    for (bool b : is_moe)
        (b ? any_moe : any_dense) = true;
    for (std::size_t i = 0; i < is_moe.size();) {
        std::size_t j = i;
        while (j < is_moe.size() && is_moe[j] == is_moe[i])
            ++j;
        LayerType t = is_moe[i] ? moe : dense;
        t.name = any_dense && any_moe ? (is_moe[i] ? "moe" : "dense") : "decoder";
        m.stacks.push_back({t, static_cast<int>(j - i)});
        i = j;
    }
}

/// Mixtral (Jiang et al. 2024): Mistral attention, every FFN replaced by num_local_experts SwiGLU
/// experts of intermediate_size with a top-k router (MixtralTopKRouter: softmax, the top-k weights
/// always renormalised to sum 1: MoeSpec's defaults).
ModelProfile importMixtral(const Config& c, int seq_len) {
    ModelProfile m = importLlamaLike(c, seq_len, "mixtral");
    LayerType& t = m.stacks.front().type;
    t.moe = routedExperts(c, "num_local_experts");
    return m;
}

/// Qwen2-MoE (Qwen1.5-MoE) and Qwen3-MoE: layer i is sparse unless listed in mlp_only_layers and when
/// (i + 1) % decoder_sparse_step == 0 (Qwen2MoeDecoderLayer); experts of moe_intermediate_size, dense
/// layers of intermediate_size; Qwen2-MoE adds one gated shared expert of shared_expert_intermediate_size.
ModelProfile importQwenMoe(const Config& c, int seq_len, const std::string& family) {
    ModelProfile m = importLlamaLike(c, seq_len, family);
    const LayerType dense = m.stacks.front().type;
    const int layers = m.stacks.front().count;
    m.stacks.clear();
    LayerType moe = dense;
    moe.moe = routedExperts(c, "num_experts");
    moe.ffn_hidden = c.requireInt({"moe_intermediate_size"});
    const int shared = c.nonNegativeInt("shared_expert_intermediate_size", 0);
    if (shared > 0) {
        moe.moe.shared_experts = 1;
        moe.moe.shared_ffn_hidden = shared;
        moe.moe.shared_expert_gate = true; // shared_expert_gate: Linear(hidden, 1)
    }
    // Qwen2MoeTopKRouter (Qwen3-MoE's too): softmax over all experts, top-k, the k weights renormalised
    // only with norm_topk_prob (transformers' default false for both; Qwen3-30B-A3B sets it).
    moe.moe.normalize_top_k = c.optBool("norm_topk_prob", false);
    const int step = c.optInt({"decoder_sparse_step"}, 1);
    std::vector<bool> is_moe(static_cast<std::size_t>(layers));
    for (int i = 0; i < layers; ++i)
        is_moe[static_cast<std::size_t>(i)] = (i + 1) % step == 0;
    if (c.has("mlp_only_layers")) {
        const json& v = c.raw().at("mlp_only_layers");
        if (!v.is_array())
            throw InputError("config.mlp_only_layers",
                             "expected an array of layer indices, got " + showJson(v));
        for (std::size_t k = 0; k < v.size(); ++k) {
            const json& x = v[k];
            if (!x.is_number_integer() || x.get<long long>() < 0 || x.get<long long>() >= layers)
                throw InputError("config.mlp_only_layers[" + std::to_string(k) + "]",
                                 "expected a layer index 0.." + std::to_string(layers - 1) + ", got " +
                                     showJson(x));
            is_moe[static_cast<std::size_t>(x.get<long long>())] = false;
        }
    }
    stacksFromPattern(m, dense, moe, is_moe);
    return m;
}

/// DeepSeek's router as its modeling code reads the config (DeepSeek's modeling_deepseek.py and
/// transformers' DeepseekV2Moe / DeepseekV3MoE). V2: softmax over all experts, the top-k by `greedy`
/// or `group_limited_greedy` (a group scored by its best expert), weights not renormalised, times
/// routed_scaling_factor. V3 (`noaux_tc`): sigmoid scores plus a score-correction bias choose the
/// experts among the best topk_group of n_group groups (a group scored by the sum of its best two),
/// the chosen scores renormalised when norm_topk_prob, times routed_scaling_factor. Defaults are
/// transformers' (V2: greedy, 1.0, not normalised; V3: 8 groups, 4 chosen, 2.5, normalised); what
/// the family's code does not run is refused, naming the key.
void importDeepseekRouter(const Config& c, const std::string& family, MoeSpec& e) {
    const bool v3 = family == "deepseek_v3";
    const std::string fn = c.optString("scoring_func", v3 ? "sigmoid" : "softmax");
    if (fn != (v3 ? "sigmoid" : "softmax"))
        throw InputError("config.scoring_func", "scoring function '" + showString(fn, 40) +
                                                    "' is not supported for " + family +
                                                    (v3 ? " (supported: sigmoid)" : " (supported: softmax)"));
    e.score_function = fn;
    const std::string method = c.optString("topk_method", v3 ? "noaux_tc" : "greedy");
    if (v3 ? method != "noaux_tc" : !isOneOf(method, {"greedy", "group_limited_greedy"}))
        throw InputError("config.topk_method",
                         "top-k method '" + showString(method, 40) + "' is not supported for " + family +
                             (v3 ? " (supported: noaux_tc)" : " (supported: greedy, group_limited_greedy)"));
    e.router_bias = v3; // noaux_tc's e_score_correction_bias
    e.normalize_top_k = c.optBool("norm_topk_prob", v3);
    if (e.normalize_top_k && !v3)
        throw InputError("config.norm_topk_prob",
                         "true is not supported for deepseek_v2: transformers' DeepseekV2Moe ignores it, "
                         "DeepSeek's modeling_deepseek.py renormalises and leaves out routed_scaling_factor");
    e.routed_scaling = c.optNumber("routed_scaling_factor", v3 ? 2.5 : 1.0);
    if (!(e.routed_scaling > 0 && e.routed_scaling <= 1e6))
        throw InputError("config.routed_scaling_factor", "expected a positive number up to 1e6");
    // DeepSeek's balance loss: aux_loss_alpha, per sequence with seq_aux (modeling_deepseek.py MoEGate).
    e.aux_loss_coeff = auxLossCoeff(c, "aux_loss_alpha");
    e.aux_loss_per_sequence = c.optBool("seq_aux", true);
    if (method == "greedy")
        return;
    const int groups = v3 ? c.optInt({"n_group"}, 8) : c.requireInt({"n_group"});
    const int chosen = v3 ? c.optInt({"topk_group"}, 4) : c.requireInt({"topk_group"});
    const auto num = [](int v) { return std::to_string(v); };
    if (e.experts % groups != 0 || e.experts / groups < (v3 ? 2 : 1))
        throw InputError("config.n_group",
                         "the " + num(e.experts) + " routed experts do not split into " + num(groups) +
                             " equal groups" +
                             (v3 ? " of at least 2 (a group's score is its best two)" : ""));
    if (chosen > groups)
        throw InputError("config.topk_group",
                         "groups per token (" + num(chosen) + ") exceed n_group (" + num(groups) + ")");
    if (e.top_k > chosen * (e.experts / groups))
        throw InputError("config.topk_group", num(chosen) + " groups of " + num(e.experts / groups) +
                                                  " experts hold fewer than num_experts_per_tok (" +
                                                  num(e.top_k) + ")");
    if (chosen == groups)
        return; // every group is chosen: routing is not limited
    e.expert_groups = groups;
    e.groups_per_token = chosen;
    e.group_score_top = v3 ? 2 : 1;
}

/// DeepSeek-V2/V3 (DeepSeek-AI 2024): multi-latent attention in every layer; layer i is MoE when
/// i >= first_k_dense_replace and i % moe_layer_freq == 0 (DeepseekV3DecoderLayer), with
/// n_routed_experts + n_shared_experts experts of moe_intermediate_size; dense layers use
/// intermediate_size; the router as importDeepseekRouter reads it. The
/// multi-token-prediction modules (num_nextn_predict_layers) are not part of the model: DeepSeek-V3's
/// published 671B excludes them (685B on the hub includes them).
ModelProfile importDeepseek(const Config& c, int seq_len, const std::string& family) {
    ModelProfile m;
    m.family = family;
    LayerType dense;
    dense.kind = BlockKind::Decoder;
    dense.hidden = c.requireInt({"hidden_size"});
    dense.heads = c.requireInt({"num_attention_heads"});
    dense.kv_heads = dense.heads; // MLA: one latent-expanded K/V head per query head
    dense.ffn_hidden = c.requireInt({"intermediate_size"});
    dense.gated_ffn = true;
    dense.bias = false;
    if (c.optBool("attention_bias", false))
        throw InputError("config.attention_bias", "multi-latent attention with biases is not modelled");
    dense.dropout = c.optNumber("attention_dropout", 0.0) > 0;
    MlaSpec& a = dense.mla;
    a.q_lora_rank = c.nonNegativeInt("q_lora_rank", 0); // null: full-rank query (V2-Lite)
    a.kv_lora_rank = c.requireInt({"kv_lora_rank"});
    a.qk_nope_head_dim = c.requireInt({"qk_nope_head_dim"});
    a.qk_rope_head_dim = c.requireInt({"qk_rope_head_dim"});
    a.v_head_dim = c.requireInt({"v_head_dim"});
    dense.head_dim = a.qk_nope_head_dim + a.qk_rope_head_dim;
    m.vocab_size = c.requireInt({"vocab_size"});
    m.max_position = 0;
    m.seq_len = seq_len > 0 ? seq_len : c.requireInt({"max_position_embeddings"});
    m.tied_embeddings = c.optBool("tie_word_embeddings", false);
    dense.seq_len = m.seq_len;
    const int layers = c.requireInt({"num_hidden_layers"});
    LayerType moe = dense;
    std::vector<bool> is_moe(static_cast<std::size_t>(layers), false);
    if (c.has("n_routed_experts")) {
        moe.moe = routedExperts(c, "n_routed_experts");
        moe.ffn_hidden = c.requireInt({"moe_intermediate_size"});
        moe.moe.shared_experts = c.nonNegativeInt("n_shared_experts", 0);
        if (moe.moe.shared_experts > 0)
            moe.moe.shared_ffn_hidden = moe.ffn_hidden;
        importDeepseekRouter(c, family, moe.moe);
        const int first_dense = c.nonNegativeInt("first_k_dense_replace", 0);
        const int freq = c.optInt({"moe_layer_freq"}, 1);
        for (int i = first_dense; i < layers; ++i)
            is_moe[static_cast<std::size_t>(i)] = i % freq == 0;
    }
    stacksFromPattern(m, dense, moe, is_moe);
    return m;
}

/// Unknown model_type: a decoder built from the common key names, if they are all there.
ModelProfile importGeneric(const Config& c, int seq_len, const std::string& type) {
    // Other mixture-of-experts architectures: importing only the dense shapes would silently undercount
    // parameters by the expert factor.
    for (const char* k : {"num_local_experts", "num_experts", "n_routed_experts", "moe_num_experts"})
        if (c.has(k) && c.raw().at(k).is_number() && c.raw().at(k).get<double>() > 1)
            throw InputError(std::string("config.") + k,
                             "mixture-of-experts model_type '" + showString(type, 40) +
                                 "' is not supported (supported: mixtral, qwen2_moe, qwen3_moe, deepseek_v2, "
                                 "deepseek_v3)");
    const std::string hk = c.pick({"hidden_size", "n_embd", "d_model"});
    const std::string lk = c.pick({"num_hidden_layers", "n_layer", "num_layers"});
    const std::string ak = c.pick({"num_attention_heads", "n_head", "num_heads"});
    if (hk.empty() || lk.empty() || ak.empty() || !c.has("vocab_size"))
        throw InputError("config.model_type",
                         (type.empty() ? std::string("missing")
                                       : "unsupported model_type '" + showString(type, 40) + "'") +
                             "; supported: gpt2, llama, mistral, qwen2, qwen3, mixtral, qwen2_moe, "
                             "qwen3_moe, deepseek_v2, "
                             "deepseek_v3, bert, roberta, t5, vit (other decoders "
                             "need hidden_size, num_hidden_layers, num_attention_heads and vocab_size)");
    ModelProfile m;
    m.family = type.empty() ? "decoder" : type;
    LayerType t;
    t.name = "decoder";
    t.hidden = c.positiveInt(hk);
    t.heads = c.positiveInt(ak);
    t.kv_heads = kvHeads(c, t.heads);
    t.head_dim = headDim(c, t.hidden, t.heads, ak.c_str());
    t.ffn_hidden = c.optInt({"intermediate_size", "n_inner", "ffn_dim", "d_ff"}, 4 * t.hidden);
    const std::string act = c.optString("hidden_act", c.optString("activation_function", "gelu"));
    t.gated_ffn = isOneOf(act, {"silu", "swiglu", "geglu"});
    t.bias = c.optBool("attention_bias", !t.gated_ffn);
    t.dropout = false;
    m.vocab_size = c.positiveInt("vocab_size");
    const int maxpos = c.optInt({"max_position_embeddings", "n_positions"}, 2048);
    m.seq_len = seq_len > 0 ? seq_len : maxpos;
    m.max_position = 0;
    m.tied_embeddings = c.optBool("tie_word_embeddings", false);
    t.seq_len = m.seq_len;
    m.stacks.push_back({t, c.positiveInt(lk)});
    return m;
}

/// Rotary base and scaling (transformers' `rope_theta` and `rope_scaling`, whose kind is `rope_type`
/// or, in older configs, `type`): llama3, yarn, linear and dynamic are kept; other kinds (longrope's
/// per-dimension factors) are refused rather than dropped (an export would train another model).
void importRope(const Config& c, ModelProfile& m) {
    if (c.has("rope_theta")) {
        m.rope_theta = c.optNumber("rope_theta", 0);
        if (!(m.rope_theta > 0))
            throw InputError("config.rope_theta", "expected a positive number");
    }
    if (!c.has("rope_scaling"))
        return;
    const json& rs = c.raw().at("rope_scaling");
    if (!rs.is_object())
        throw InputError("config.rope_scaling", "expected an object, got " + showJson(rs));
    const Config s(rs, "config.rope_scaling.");
    const std::string kind = s.optString("rope_type", s.optString("type", ""));
    if (kind == "default")
        return;
    if (!RopeScaling::knownType(kind))
        throw InputError("config.rope_scaling.rope_type",
                         "rope scaling '" + showString(kind, 40) +
                             "' is not supported (supported: " + RopeScaling::kTypeList + ")");
    RopeScaling& r = m.rope_scaling;
    r.type = kind;
    const auto need = [&s](const char* key) {
        const double v = s.optNumber(key, 0);
        if (!(v > 0))
            throw InputError(std::string("config.rope_scaling.") + key, "expected a positive number");
        return v;
    };
    r.factor = need("factor");
    if (kind == "linear" || kind == "dynamic") { // (position interpolation; NTK-aware, dynamic)
        r.original_max_position = s.optInt({"original_max_position_embeddings"}, 0);
        return;
    }
    r.original_max_position = s.requireInt({"original_max_position_embeddings"});
    if (kind == "llama3") {
        r.low_freq_factor = need("low_freq_factor");
        r.high_freq_factor = need("high_freq_factor");
    } else {                                        // yarn
        r.beta_fast = s.optNumber("beta_fast", 32); // transformers' defaults (_compute_yarn_parameters)
        r.beta_slow = s.optNumber("beta_slow", 1);
        r.mscale = s.optNumber("mscale", 1);
        r.mscale_all_dim = s.optNumber("mscale_all_dim", 0);
    }
}

} // namespace

bool isHuggingFaceConfig(const json& j) {
    return j.is_object() && (j.contains("model_type") || j.contains("architectures"));
}

ModelProfile importHuggingFace(const json& config, const std::string& name, int seq_len) {
    if (!config.is_object())
        throw InputError("config", "expected a JSON object (a Hugging Face config.json)");
    if (seq_len < 0)
        throw InputError("seq_len", "must not be negative");
    const Config c(config);
    const std::string type = modelTypeOf(config);
    ModelProfile m;
    if (type == "gpt2")
        m = importGpt2(c, seq_len);
    else if (isOneOf(type, {"llama", "mistral", "qwen2", "qwen3"}))
        m = importLlamaLike(c, seq_len, type);
    else if (type == "mixtral")
        m = importMixtral(c, seq_len);
    else if (isOneOf(type, {"qwen2_moe", "qwen3_moe"}))
        m = importQwenMoe(c, seq_len, type);
    else if (isOneOf(type, {"deepseek_v2", "deepseek_v3"}))
        m = importDeepseek(c, seq_len, type);
    else if (isOneOf(type, {"bert", "roberta"}))
        m = importBert(c, seq_len, type);
    else if (isOneOf(type, {"t5", "mt5"}))
        m = importT5(c, seq_len);
    else if (type == "vit")
        m = importVit(c);
    else
        m = importGeneric(c, seq_len, type);
    if (m.max_position == 0 && type != "vit")
        importRope(c, m);
    checkName(type, "config.model_type");
    m.name = name.empty() ? (type.empty() ? std::string("hf-model") : type) : name;
    m.source = isOneOf(type, {"deepseek_v2", "deepseek_v3"}) && c.has("num_nextn_predict_layers")
                   ? "Hugging Face config.json (multi-token-prediction modules not included)"
                   : "Hugging Face config.json";
    m.embed_hidden = m.stacks.front().type.hidden;
    validateModel(m, "model");
    return m;
}

} // namespace gx
