// Parameter and FLOP counts of Transformer layers and models.
//
// FLOPs follow Narayanan et al. 2021 ("Efficient Large-Scale Language Model Training on GPU Clusters
// Using Megatron-LM", SC'21, appendix): a multiply-add is 2 FLOPs; per layer the forward pass costs
// 2 * tokens * (matmul parameters) for the projections plus 4 * b * s^2 * h for QK^T and attention*V,
// which for a standard block (f = 4h, MHA) gives 24 b s h^2 (1 + s / (6h)).
#include "gx/model.h"

#include "gx/error.h"

namespace gx {

namespace {
std::int64_t attentionMatmulParams(const LayerType& t) {
    const std::int64_t h = t.hidden;
    const std::int64_t hd = t.head_dim > 0 ? t.head_dim : (t.heads > 0 ? t.hidden / t.heads : 0);
    const std::int64_t kv = t.kv_heads > 0 ? t.kv_heads : t.heads;
    // Q and O: h x (heads*hd); K and V: h x (kv*hd).
    return h * hd * (2 * static_cast<std::int64_t>(t.heads) + 2 * kv);
}
std::int64_t attentionBiasParams(const LayerType& t) {
    const std::int64_t hd = t.head_dim > 0 ? t.head_dim : (t.heads > 0 ? t.hidden / t.heads : 0);
    const std::int64_t kv = t.kv_heads > 0 ? t.kv_heads : t.heads;
    return hd * (t.heads + 2 * kv) + t.hidden;
}
int attentionBlocks(const LayerType& t) {
    return t.kind == BlockKind::CrossDecoder ? 2 : 1;
}
} // namespace

std::int64_t LayerType::matmulParams() const {
    const std::int64_t h = hidden, f = ffn_hidden;
    const std::int64_t ffn = (gated_ffn ? 3 : 2) * h * f;
    return attentionBlocks(*this) * attentionMatmulParams(*this) + ffn;
}

std::int64_t LayerType::params() const {
    std::int64_t p = matmulParams();
    const int norms = attentionBlocks(*this) + 1;
    if (bias) {
        p += attentionBlocks(*this) * attentionBiasParams(*this);
        p += (gated_ffn ? 2 : 1) * static_cast<std::int64_t>(ffn_hidden) + hidden;
        p += norms * 2 * static_cast<std::int64_t>(hidden); // LayerNorm gain + bias
    } else {
        p += norms * static_cast<std::int64_t>(hidden); // RMSNorm / bias-free LayerNorm gain
    }
    return p;
}

double LayerType::forwardFlops(int batch) const {
    const double b = batch, s = seq_len;
    const double hd = head_dim > 0 ? head_dim : (heads > 0 ? double(hidden) / heads : 0.0);
    const double attn_width = heads * hd;
    double flops = 2.0 * b * s * double(matmulParams());
    flops += 4.0 * b * s * s * attn_width; // QK^T and attention-weighted V
    if (kind == BlockKind::CrossDecoder) {
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

std::int64_t ModelProfile::embeddingParams() const {
    const std::int64_t h =
        embed_hidden > 0 ? embed_hidden : (stacks.empty() ? 0 : stacks.front().type.hidden);
    if (patch_size > 0) {
        // ViT: linear patch projection (+bias), class token, learned positions (Dosovitskiy et al. 2021).
        const std::int64_t patches =
            image_size > 0 ? std::int64_t(image_size / patch_size) * (image_size / patch_size) : 0;
        return std::int64_t(channels) * patch_size * patch_size * h + h + h + (patches + 1) * h;
    }
    return std::int64_t(vocab_size) * h + std::int64_t(max_position) * h;
}

std::int64_t ModelProfile::headParams() const {
    const std::int64_t h = stacks.empty() ? embed_hidden : stacks.back().type.hidden;
    const bool bias = !stacks.empty() && stacks.back().type.bias;
    std::int64_t p = bias ? 2 * h : h; // final norm
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
