// SPDX-License-Identifier: Apache-2.0
// Galvatron Explorer engine - double-precision CPU reference of one Transformer layer shard.
#pragma once

#include "gx/engine/types.h"

#include <cstdint>
#include <vector>

namespace gx::engine {

/// Parameters of one layer shard in the engine's weight layout:
/// Wqkv [h, nqkv], Wo [q, h], Wup [h, gf], Wdown [f, h], norm1 [h], norm2 [h] (row-major, contiguous),
/// where q = heads/tp * hd, nqkv = q + 2 * kv_heads/tp * hd, f = ffn/tp, gf = (gated ? 2 : 1) * f.
std::int64_t layerParamCount(const LayerBenchConfig& cfg);

struct ReferenceLayer {
    std::vector<double> out; ///< [T, h]
    std::vector<double> dx;  ///< [T, h]
    std::vector<double> dw;  ///< weight layout above; the two norm-weight slots are left 0
    // Sub-blocks, so that the attention core is checked on its own (the residual paths dominate out
    // and dx: an attention error of tens of percent changes them by a few percent only).
    std::vector<double> qkv;  ///< [T, nqkv] QKV projection
    std::vector<double> ctx;  ///< [T, q] attention output before the output projection
    std::vector<double> dqkv; ///< [T, nqkv] attention backward: gradient w.r.t. QKV
};

/// Relative Frobenius error |got - want| / |want| (inf when got has a non-finite value).
double relativeError(const std::vector<double>& got, const std::vector<double>& want);
/// Relative error a sub-block check accepts: bf16 storage gives ~1e-2; wrong kernels give O(0.1-1).
constexpr double kSelfCheckTolerance = 3e-2;
/// The layer variants the self-check runs (test_engine and the bench): MHA (one batched call over
/// heads), GQA and MQA (per-KV-head calls), causal and bidirectional, SwiGLU/RMSNorm and
/// GeLU/LayerNorm. Small shapes (the CPU reference is O(T * s * h)).
std::vector<LayerBenchConfig> selfCheckVariants();

/// Forward and backward in double precision, the same math as the GPU layer (layer.cpp): pre-norm
/// (RMSNorm or LayerNorm, eps 1e-5), QKV, scaled-dot-product attention with optional causal mask and
/// grouped KV heads, output projection + residual, norm, SwiGLU or GeLU(tanh) MLP + residual.
/// x and dout are [T = micro_batch * seq_len, h]. InputError on mismatched sizes.
ReferenceLayer referenceLayer(const LayerBenchConfig& cfg, const std::vector<double>& x,
                              const std::vector<double>& weights, const std::vector<double>& dout);

} // namespace gx::engine
