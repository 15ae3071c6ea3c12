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
};

/// Forward and backward in double precision, the same math as the GPU layer (layer.cpp): pre-norm
/// (RMSNorm or LayerNorm, eps 1e-5), QKV, scaled-dot-product attention with optional causal mask and
/// grouped KV heads, output projection + residual, norm, SwiGLU or GeLU(tanh) MLP + residual.
/// x and dout are [T = micro_batch * seq_len, h]. InputError on mismatched sizes.
ReferenceLayer referenceLayer(const LayerBenchConfig& cfg, const std::vector<double>& x,
                              const std::vector<double>& weights, const std::vector<double>& dout);

} // namespace gx::engine
