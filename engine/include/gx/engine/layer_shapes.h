// SPDX-License-Identifier: Apache-2.0
// Galvatron Explorer engine - a Transformer layer shard: GEMM shapes, FLOPs, per-GPU dimensions,
// attention chunking, buffer layout and sizes, and CostModel's prediction of its time. GPU-free.
#pragma once

#include "gx/cluster.h"
#include "gx/engine/types.h"
#include "gx/model.h"

#include <cstdint>
#include <vector>

namespace gx::engine {

/// Forward GEMMs of one Transformer layer shard for `micro_batch` samples at tensor-parallel degree
/// `tp` (Megatron split: QKV and FFN-up column-parallel, attention-out and FFN-down row-parallel).
/// m = tokens (b*s), n = output features, k = input features.
std::vector<GemmShape> layerGemmShapes(const LayerBenchConfig& cfg);
std::vector<GemmShape> layerGemmShapes(const gx::LayerType& type, int micro_batch, int tp);
/// Forward FLOPs of a layer shard: the GEMMs above + attention scores and context
/// (2 * 2 * b * s^2 * heads/tp * head_dim, full square as in Narayanan et al. 2021).
double layerForwardFlops(const LayerBenchConfig& cfg);
/// Per-GPU dimensions of a layer shard (the engine's TransformerLayer): T tokens = micro_batch * seq_len,
/// nh query heads and nkv KV heads per shard, q = nh * head_dim, nqkv = q + 2 * nkv * head_dim,
/// f = ffn_hidden / tp, gf = f (GeLU) or 2f (SwiGLU). InputError as layerGemmShapes.
struct LayerShardDims {
    int h = 0, hd = 0, nh = 0, nkv = 0, q = 0, kvw = 0, nqkv = 0, f = 0, gf = 0, seq = 0, batch = 0;
    std::int64_t T = 0;
    std::int64_t params = 0; ///< weights of the shard (4 matrices + 2 norm vectors)
};
LayerShardDims layerShardDims(const LayerBenchConfig& cfg);

/// Query rows per attention chunk: the engine's attention never stores the s x s scores; forward and
/// backward run over blocks of `rows` queries against all keys (scores of one block: nh * rows * s
/// bf16, twice in backward), recomputing the block's softmax in backward like flash attention
/// (Dao et al. 2022). rows = largest value with nh * rows * seq * 2 bytes <= budget, a multiple of 64
/// when >= 64, at least 1, at most seq. InputError on non-positive arguments.
int attentionChunkRows(int heads_per_shard, int seq_len, std::int64_t budget_bytes = 64ll << 20);

/// Buffer elements of a layer shard, in the order TransformerLayer carves them (bf16 each).
/// Stored per micro-batch for backward: x, y1, qkv, ctx, x2, y2, up, act (+ 4 fp32 row statistics).
std::vector<std::int64_t> layerStoredElems(const LayerShardDims& d);
/// Scratch shared by all layers of a rank (one arena, used within one forward or backward):
/// d_act, d_up, d_y, d_x2, d_ctx, d_qkv, tmp, scores, d_scores.
std::vector<std::int64_t> layerScratchElems(const LayerShardDims& d, int chunk_rows);
/// Bytes of the above, each buffer 256-byte aligned (cudaMalloc alignment).
std::int64_t layerStoredBytes(const LayerShardDims& d);
std::int64_t layerScratchBytes(const LayerShardDims& d, int chunk_rows);
/// Device memory the layer profiler holds while one config runs (nothing is allocated inside forward or
/// backward): bf16 weights + gradients, one micro-batch's stored activations, the scratch arena (default
/// score budget), x / y / dy / dx buffers and the 32 MiB cuBLAS workspace. LayerResult::peak_bytes.
std::int64_t layerProfileBytes(const LayerBenchConfig& cfg);
inline std::int64_t align256(std::int64_t bytes) {
    return (bytes + 255) / 256 * 256;
}

/// The LayerType a bench config describes (decoder, no bias, no dropout).
gx::LayerType layerTypeOf(const LayerBenchConfig& cfg);

/// Single-GPU forward + backward time (ms) of the layer `cfg` describes, as gx::CostModel predicts it
/// with `cluster` (CostModel::layer with tp = dp = 1, the config's micro-batch).
/// `flash_attention` = false matches the engine's layer, which stores the attention scores.
double predictedLayerMs(const LayerBenchConfig& cfg, const gx::ClusterProfile& cluster,
                        bool flash_attention = false, double gemm_half_saturation = 128.0);

} // namespace gx::engine
