// SPDX-License-Identifier: Apache-2.0
// Galvatron Explorer engine - layer shard shapes and buffer layout (see layer_shapes.h).
#include "gx/engine/layer_shapes.h"

#include "gx/cost_model.h"
#include "gx/error.h"

#include <algorithm>

namespace gx::engine {

std::vector<GemmShape> layerGemmShapes(const LayerBenchConfig& c) {
    if (c.hidden <= 0 || c.ffn_hidden <= 0 || c.heads <= 0 || c.seq_len <= 0 || c.micro_batch <= 0)
        throw gx::InputError("layer", "hidden, ffn_hidden, heads, seq_len and micro_batch must be positive");
    if (c.tp <= 0 || c.heads % c.tp != 0)
        throw gx::InputError("layer.tp", "must divide the number of heads (" + std::to_string(c.heads) + ")");
    const int kv = c.kv_heads > 0 ? c.kv_heads : c.heads;
    if (kv % c.tp != 0 && c.tp % kv != 0)
        throw gx::InputError("layer.tp", "must divide (or be a multiple of) the KV heads");
    if (c.hidden % c.heads != 0)
        throw gx::InputError("layer.heads", "must divide hidden");
    if (c.ffn_hidden % c.tp != 0)
        throw gx::InputError("layer.tp", "must divide ffn_hidden");
    const std::int64_t hd = c.hidden / c.heads;
    const std::int64_t tokens = std::int64_t(c.micro_batch) * c.seq_len;
    const std::int64_t q = c.heads / c.tp * hd;
    const std::int64_t kvw = std::max<std::int64_t>(1, kv / c.tp) * hd;
    const std::int64_t f = c.ffn_hidden / c.tp;
    std::vector<GemmShape> s;
    s.push_back({"qkv", tokens, q + 2 * kvw, c.hidden});
    s.push_back({"attn_out", tokens, c.hidden, q});
    s.push_back({"ffn_up", tokens, (c.gated_ffn ? 2 : 1) * f, c.hidden});
    s.push_back({"ffn_down", tokens, c.hidden, f});
    return s;
}

LayerShardDims layerShardDims(const LayerBenchConfig& c) {
    layerGemmShapes(c); // validates
    LayerShardDims d;
    const int kv = c.kv_heads > 0 ? c.kv_heads : c.heads;
    d.h = c.hidden;
    d.hd = c.hidden / c.heads;
    d.nh = c.heads / c.tp;
    d.nkv = std::max(1, kv / c.tp);
    if (d.nh % d.nkv != 0)
        throw gx::InputError("layer.kv_heads",
                             "query heads per shard must be a multiple of KV heads per shard");
    d.q = d.nh * d.hd;
    d.kvw = d.nkv * d.hd;
    d.nqkv = d.q + 2 * d.kvw;
    d.f = c.ffn_hidden / c.tp;
    d.gf = (c.gated_ffn ? 2 : 1) * d.f;
    d.seq = c.seq_len;
    d.batch = c.micro_batch;
    d.T = std::int64_t(c.micro_batch) * c.seq_len;
    if (d.T > 0x7fffffff)
        throw gx::InputError("layer", "micro_batch * seq_len too large");
    d.params = std::int64_t(d.h) * d.nqkv + std::int64_t(d.q) * d.h + std::int64_t(d.h) * d.gf +
               std::int64_t(d.f) * d.h + 2ll * d.h;
    return d;
}

std::int64_t layerProfileBytes(const LayerBenchConfig& cfg) {
    const LayerShardDims d = layerShardDims(cfg);
    return 2 * align256(d.params * 2) + layerStoredBytes(d) +
           layerScratchBytes(d, attentionChunkRows(d.nh, d.seq)) + 4 * align256(d.T * d.h * 2) + (32ll << 20);
}

int attentionChunkRows(int heads, int seq, std::int64_t budget) {
    if (heads < 1 || seq < 1 || budget < 1)
        throw gx::InputError("attention", "heads, seq_len and the score budget must be positive");
    std::int64_t rows = budget / (std::int64_t(heads) * seq * 2);
    rows = std::clamp<std::int64_t>(rows, 1, seq);
    if (rows >= 64 && rows < seq)
        rows = rows / 64 * 64;
    return int(rows);
}

std::vector<std::int64_t> layerStoredElems(const LayerShardDims& d) {
    const std::int64_t T = d.T;
    return {T * d.h, T * d.h, T * d.nqkv, T * d.q, T * d.h, T * d.h, T * d.gf, T * d.f};
}

std::vector<std::int64_t> layerScratchElems(const LayerShardDims& d, int chunk_rows) {
    const std::int64_t T = d.T;
    const std::int64_t scores = std::int64_t(d.nh) * chunk_rows * d.seq;
    return {T * d.f, T * d.gf, T * d.h, T * d.h, T * d.q, T * d.nqkv, T * d.h, scores, scores};
}

std::int64_t layerStoredBytes(const LayerShardDims& d) {
    std::int64_t b = 0;
    for (std::int64_t e : layerStoredElems(d))
        b += align256(e * 2);
    return b + 4 * align256(d.T * 4);
}

std::int64_t layerScratchBytes(const LayerShardDims& d, int chunk_rows) {
    std::int64_t b = 0;
    for (std::int64_t e : layerScratchElems(d, chunk_rows))
        b += align256(e * 2);
    return b;
}

std::vector<GemmShape> layerGemmShapes(const gx::LayerType& t, int micro_batch, int tp) {
    LayerBenchConfig c;
    c.hidden = t.hidden;
    c.ffn_hidden = t.ffn_hidden;
    c.heads = t.heads;
    c.kv_heads = t.kv_heads > 0 ? t.kv_heads : t.heads;
    c.seq_len = t.seq_len;
    c.gated_ffn = t.gated_ffn;
    c.micro_batch = micro_batch;
    c.tp = tp;
    return layerGemmShapes(c);
}

double layerForwardFlops(const LayerBenchConfig& c) {
    double flops = 0;
    for (const auto& g : layerGemmShapes(c))
        flops += g.flops();
    const double hd = double(c.hidden) / c.heads;
    // scores Q K^T and context P V: each 2 * b * s * s * hd per head.
    flops += 2.0 * 2.0 * c.micro_batch * double(c.seq_len) * c.seq_len * (c.heads / c.tp) * hd;
    return flops;
}

gx::LayerType layerTypeOf(const LayerBenchConfig& c) {
    gx::LayerType t;
    t.name = "decoder";
    t.kind = c.causal ? gx::BlockKind::Decoder : gx::BlockKind::Encoder;
    t.hidden = c.hidden;
    t.ffn_hidden = c.ffn_hidden;
    t.heads = c.heads;
    t.kv_heads = c.kv_heads > 0 ? c.kv_heads : c.heads;
    t.head_dim = c.hidden / std::max(1, c.heads);
    t.seq_len = c.seq_len;
    t.gated_ffn = c.gated_ffn;
    t.bias = false;
    t.dropout = false;
    return t;
}

double predictedLayerMs(const LayerBenchConfig& cfg, const gx::ClusterProfile& cluster, bool flash_attention,
                        double gemm_half_saturation) {
    gx::ModelProfile m;
    m.name = "layer";
    gx::LayerStack st;
    st.type = layerTypeOf(cfg);
    st.count = 1;
    m.stacks = {st};
    m.seq_len = cfg.seq_len;
    m.embed_hidden = cfg.hidden;
    gx::CostOptions o;
    o.runtime.attention = flash_attention ? gx::AttentionKernel::Flash : gx::AttentionKernel::Eager;
    gx::ClusterProfile cl = cluster;
    cl.gpu.gemm_half_saturation = gemm_half_saturation;
    const gx::CostModel cm(m, cl, o);
    gx::LayerStrategy s;
    s.tp = cfg.tp;
    gx::StageShape shape;
    shape.stage_gpus = cfg.tp;
    shape.micro_batch = cfg.micro_batch;
    const gx::LayerCost c = cm.layer(st.type, s, shape);
    return (c.fwd_compute + c.bwd_compute) * 1e3;
}

} // namespace gx::engine
