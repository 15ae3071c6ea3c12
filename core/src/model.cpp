// SPDX-License-Identifier: Apache-2.0
// Parameter and FLOP counts of Transformer layers and models.
//
// FLOPs follow Narayanan et al. 2021 ("Efficient Large-Scale Language Model Training on GPU Clusters
// Using Megatron-LM", SC'21, appendix): a multiply-add is 2 FLOPs; per layer the forward pass costs
// 2 * tokens * (matmul parameters) for the projections plus 4 * b * s^2 * h for QK^T and attention*V,
// which for a standard block (f = 4h, MHA) gives 24 b s h^2 (1 + s / (6h)).
//
// Mixture of experts: a layer holds every expert's weights (params) but each token runs the router,
// its top_k routed experts and the shared experts (activeParams, and the FLOPs). Multi-latent
// attention counts DeepSeek-V2's low-rank projections and their RMSNorms.
#include "gx/model.h"

#include "gx/error.h"

#include <algorithm>

namespace gx {

std::string MoeSpec::groupRoutingText() const {
    return "group-limited routing (" + std::to_string(groups_per_token) + " of " +
           std::to_string(expert_groups) + " groups, a group ranked by " +
           (group_score_top == 1
                ? std::string("its best expert score")
                : "the sum of its best " + std::to_string(group_score_top) + " expert scores") +
           ")";
}

namespace {
std::int64_t headDimOf(const LayerType& t) {
    return t.head_dim > 0 ? t.head_dim : (t.heads > 0 ? t.hidden / t.heads : 0);
}
std::int64_t kvHeadsOf(const LayerType& t) {
    return t.kv_heads > 0 ? t.kv_heads : t.heads;
}
/// Projections of one attention block that tensor parallelism splits by heads. MLA (DeepSeek-V2
/// sec. 2.1, Hugging Face DeepseekV3Attention shapes): q_b: q_lora x a*(nope+rope) (or q: h x
/// a*(nope+rope) without a query LoRA), kv_b: kv_lora x a*(nope + v), o: a*v x h.
std::int64_t attentionSplitParams(const LayerType& t) {
    const std::int64_t h = t.hidden, a = t.heads;
    if (t.mla.enabled()) {
        const MlaSpec& m = t.mla;
        const std::int64_t qk = m.qk_nope_head_dim + m.qk_rope_head_dim;
        const std::int64_t q = (m.q_lora_rank > 0 ? std::int64_t(m.q_lora_rank) : h) * a * qk;
        const std::int64_t kv = std::int64_t(m.kv_lora_rank) * a * (m.qk_nope_head_dim + m.v_head_dim);
        return q + kv + a * m.v_head_dim * h;
    }
    // Q and O: h x (heads*hd); K and V: h x (kv*hd).
    return h * headDimOf(t) * (2 * a + 2 * kvHeadsOf(t));
}
/// MLA's down-projections to the latents (q_a: h x q_lora, kv_a: h x (kv_lora + rope)): whole on every
/// tensor-parallel rank (Megatron-LM's MLA does not split them).
std::int64_t attentionDownParams(const LayerType& t) {
    if (!t.mla.enabled())
        return 0;
    const std::int64_t h = t.hidden;
    return h * std::max(0, t.mla.q_lora_rank) + h * (t.mla.kv_lora_rank + t.mla.qk_rope_head_dim);
}
/// Attention parameters outside the projections: biases, MLA's latent RMSNorms, Qwen3's Q/K norms.
std::int64_t attentionOtherParams(const LayerType& t) {
    std::int64_t p = 0;
    const std::int64_t hd = headDimOf(t), kv = kvHeadsOf(t);
    if (t.mla.enabled())
        p += t.mla.kv_lora_rank + std::max(0, t.mla.q_lora_rank);
    if (t.bias)
        p += hd * (t.heads + 2 * kv) + t.hidden;
    else if (t.qkv_bias)
        p += hd * (t.heads + 2 * kv);
    if (t.qk_norm)
        p += 2 * hd;
    return p;
}
int attentionBlocks(const LayerType& t) {
    return t.kind == BlockKind::CrossDecoder ? 2 : 1;
}
/// FFN matrices of width f (2 or 3 matrices h x f).
std::int64_t ffnMatmul(const LayerType& t, std::int64_t f) {
    return (t.gated_ffn ? 3 : 2) * std::int64_t(t.hidden) * f;
}
std::int64_t ffnBias(const LayerType& t, std::int64_t f) {
    return t.bias ? (t.gated_ffn ? 2 : 1) * f + t.hidden : 0;
}
/// Shared experts' FFN parameters (matrices + biases).
std::int64_t sharedParams(const LayerType& t) {
    if (!t.moe.enabled() || t.moe.shared_experts <= 0)
        return 0;
    return std::int64_t(t.moe.shared_experts) *
           (ffnMatmul(t, t.moe.shared_ffn_hidden) + ffnBias(t, t.moe.shared_ffn_hidden));
}
std::int64_t sharedMatmul(const LayerType& t) {
    if (!t.moe.enabled() || t.moe.shared_experts <= 0)
        return 0;
    return std::int64_t(t.moe.shared_experts) * ffnMatmul(t, t.moe.shared_ffn_hidden);
}
/// FFN parameters of `experts` routed experts (or the dense FFN when the layer has no experts).
std::int64_t ffnParams(const LayerType& t, std::int64_t experts, bool matmul_only) {
    const std::int64_t one = ffnMatmul(t, t.ffn_hidden) + (matmul_only ? 0 : ffnBias(t, t.ffn_hidden));
    if (!t.moe.enabled())
        return one;
    return experts * one + (matmul_only ? sharedMatmul(t) : sharedParams(t));
}
/// Layer parameters with `experts` routed experts counted.
std::int64_t layerParams(const LayerType& t, std::int64_t experts) {
    const int norms = attentionBlocks(t) + 1;
    std::int64_t p =
        attentionBlocks(t) * (attentionSplitParams(t) + attentionDownParams(t) + attentionOtherParams(t));
    p += ffnParams(t, experts, false) + t.routerParams();
    p += norms * (t.bias ? 2 : 1) * std::int64_t(t.hidden); // LayerNorm gain + bias, or RMSNorm gain
    return p;
}
} // namespace

int LayerType::qkHeadDim() const {
    return mla.enabled() ? mla.qk_nope_head_dim + mla.qk_rope_head_dim : static_cast<int>(headDimOf(*this));
}

int LayerType::vHeadDim() const {
    return mla.enabled() ? mla.v_head_dim : static_cast<int>(headDimOf(*this));
}

std::int64_t LayerType::routerParams() const {
    if (!moe.enabled())
        return 0;
    return std::int64_t(hidden) * moe.experts + (moe.router_bias ? moe.experts : 0) +
           (moe.shared_expert_gate && moe.shared_experts > 0 ? hidden : 0);
}

std::int64_t LayerType::expertMatmulParams() const {
    return ffnMatmul(*this, ffn_hidden);
}

std::int64_t LayerType::matmulParams() const {
    return attentionBlocks(*this) * attentionSplitParams(*this) + ffnParams(*this, moe.experts, true);
}

std::int64_t LayerType::splitBiasParams() const {
    std::int64_t p = 0;
    if (!mla.enabled() && (bias || qkv_bias))
        p += attentionBlocks(*this) * headDimOf(*this) * (heads + 2 * kvHeadsOf(*this));
    if (bias) {
        const std::int64_t in = gated_ffn ? 2 : 1;
        if (!moe.enabled())
            p += in * ffn_hidden;
        else if (moe.shared_experts > 0)
            p += std::int64_t(moe.shared_experts) * in * moe.shared_ffn_hidden;
    }
    return p;
}

std::int64_t LayerType::activeMatmulParams() const {
    return attentionBlocks(*this) * attentionSplitParams(*this) + ffnParams(*this, moe.top_k, true);
}

std::int64_t LayerType::replicatedMatmulParams() const {
    std::int64_t p = attentionBlocks(*this) * attentionDownParams(*this);
    if (moe.enabled())
        p += std::int64_t(hidden) * moe.experts +
             (moe.shared_expert_gate && moe.shared_experts > 0 ? hidden : 0);
    return p;
}

std::int64_t LayerType::params() const {
    return layerParams(*this, moe.experts);
}

std::int64_t LayerType::activeParams() const {
    return layerParams(*this, moe.top_k);
}

double LayerType::forwardFlops(int batch) const {
    const double b = batch, s = seq_len;
    const double hd = head_dim > 0 ? head_dim : (heads > 0 ? double(hidden) / heads : 0.0);
    // Projections one token passes through, router and MLA down-projections included.
    double flops = 2.0 * b * s * double(activeMatmulParams() + replicatedMatmulParams());
    flops += 2.0 * b * s * s * double(heads) * (qkHeadDim() + vHeadDim()); // QK^T and attention-weighted V
    if (kind == BlockKind::CrossDecoder) {
        const double attn_width = heads * hd;
        const double se = cross_seq_len > 0 ? cross_seq_len : seq_len;
        // K/V projections of the cross block run over encoder tokens, not decoder tokens.
        const double kv = kv_heads > 0 ? kv_heads : heads;
        const double kv_proj = 2.0 * double(hidden) * hd * kv;
        flops += 2.0 * b * (se - s) * kv_proj;
        flops += 4.0 * b * s * se * attn_width;
    }
    return flops;
}

int ModelProfile::layerCount() const {
    int n = 0;
    for (const auto& st : stacks)
        n += st.count;
    return n;
}

int ModelProfile::stackOf(int i) const {
    if (i < 0)
        throw InputError("layer", "negative layer index");
    for (std::size_t k = 0; k < stacks.size(); ++k) {
        if (i < stacks[k].count)
            return static_cast<int>(k);
        i -= stacks[k].count;
    }
    throw InputError("layer", "layer index beyond the model's " + std::to_string(layerCount()) + " layers");
}

const LayerType& ModelProfile::layer(int i) const {
    return stacks[static_cast<std::size_t>(stackOf(i))].type;
}

namespace {
/// Width of the input embedding: embed_hidden, or the first layers' hidden size.
std::int64_t embedWidth(const ModelProfile& m) {
    return m.embed_hidden > 0 ? m.embed_hidden : (m.stacks.empty() ? 0 : m.stacks.front().type.hidden);
}
} // namespace

std::int64_t ModelProfile::embeddingParams() const {
    const std::int64_t h = embedWidth(*this);
    if (patch_size > 0) {
        // ViT: linear patch projection (+bias), class token, learned positions (Dosovitskiy et al. 2021).
        const std::int64_t patches =
            image_size > 0 ? std::int64_t(image_size / patch_size) * (image_size / patch_size) : 0;
        return std::int64_t(channels) * patch_size * patch_size * h + h + h + (patches + 1) * h;
    }
    return std::int64_t(vocab_size) * h + positionParams();
}

std::int64_t ModelProfile::positionParams() const {
    if (patch_size > 0)
        return 0;
    return std::int64_t(max_position) * embedWidth(*this);
}

std::int64_t ModelProfile::finalNormParams() const {
    const std::int64_t h = stacks.empty() ? embed_hidden : stacks.back().type.hidden;
    return !stacks.empty() && stacks.back().type.bias ? 2 * h : h;
}

std::int64_t ModelProfile::headParams() const {
    const std::int64_t h = stacks.empty() ? embed_hidden : stacks.back().type.hidden;
    std::int64_t p = finalNormParams();
    if (num_classes > 0)
        p += std::int64_t(num_classes) * h + num_classes;
    else if (vocab_size > 0 && !tied_embeddings)
        p += std::int64_t(vocab_size) * h;
    return p;
}

std::int64_t ModelProfile::totalParams() const {
    std::int64_t p = embeddingParams() + headParams();
    for (const auto& st : stacks)
        p += st.type.params() * st.count;
    return p;
}

std::int64_t ModelProfile::activeParams() const {
    std::int64_t p = embeddingParams() + headParams();
    for (const auto& st : stacks)
        p += st.type.activeParams() * st.count;
    return p;
}

bool ModelProfile::hasMoe() const {
    for (const auto& st : stacks)
        if (st.type.moe.enabled())
            return true;
    return false;
}

double ModelProfile::headForwardFlops(int batch) const {
    if (stacks.empty())
        return 0.0;
    const auto& last = stacks.back().type;
    if (num_classes > 0)
        return 2.0 * batch * double(last.hidden) * num_classes;
    return 2.0 * batch * double(last.seq_len) * double(last.hidden) * double(vocab_size);
}

double ModelProfile::forwardFlops(int batch) const {
    double f = headForwardFlops(batch);
    for (const auto& st : stacks)
        f += st.type.forwardFlops(batch) * st.count;
    return f;
}

} // namespace gx
