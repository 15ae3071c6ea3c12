// SPDX-License-Identifier: Apache-2.0
// Galvatron Explorer engine - simple CUDA kernels of a Transformer layer (internal header).
// All tensors are row-major bf16 unless noted; statistics are fp32. Each launcher checks the launch.
#pragma once

#include <cuda_runtime.h>

#include <cstdint>

namespace gx::engine::kern {

using bf16raw = std::uint16_t; ///< storage of __nv_bfloat16 without pulling cuda_bf16.h into .cpp files

/// Uniform values in [-scale, scale) from a counter-based hash of (seed, index): never zeros.
void fillRandom(void* bf16_ptr, std::int64_t n, std::uint64_t seed, float scale, cudaStream_t s);
/// Same for fp8 e4m3 storage (one byte per element).
void fillRandomFp8(void* fp8_ptr, std::int64_t n, std::uint64_t seed, cudaStream_t s);
void fillConst(void* bf16_ptr, std::int64_t n, float value, cudaStream_t s);

/// y = norm(x) * w per row of length h; rstd (and mean, for LayerNorm) saved per row for backward.
void normForward(const void* x, const void* w, void* y, float* mean, float* rstd, int rows, int h,
                 bool layernorm, cudaStream_t s);
/// dx = d norm / dx (dy) + residual_grad (if non-null); weight gradient is accumulated into dw (fp32,
/// may be null).
void normBackward(const void* x, const void* w, const float* mean, const float* rstd, const void* dy,
                  const void* residual_grad, void* dx, float* dw, int rows, int h, bool layernorm,
                  cudaStream_t s);

/// In place: P = softmax(scale * S) over the last dimension; rows = batch*heads*s_q, cols = s_k.
/// Causal masks column j > q_offset + (row % s_q): s_q query rows per head starting at query q_offset.
void softmaxForward(void* s_inout, std::int64_t rows, int cols, int s_q, int q_offset, float scale,
                    bool causal, cudaStream_t s);
/// In place: dP -> dS = P * (dP - sum(P * dP)) * scale.
void softmaxBackward(const void* p, void* dp_inout, std::int64_t rows, int cols, float scale, cudaStream_t s);

/// out = a + b (n elements).
void add(const void* a, const void* b, void* out, std::int64_t n, cudaStream_t s);

/// Gated: up = [T, 2f] (gate | value), out = silu(gate) * value, [T, f].
/// Plain: up = [T, f], out = gelu(up).
void activationForward(const void* up, void* out, int rows, int f, bool gated, cudaStream_t s);
/// dup from up and dout (same layouts as forward).
void activationBackward(const void* up, const void* dout, void* dup, int rows, int f, bool gated,
                        cudaStream_t s);

/// 16-byte vector copy (HBM bandwidth probe); bytes must be a multiple of 16.
void copy16(const void* src, void* dst, std::int64_t bytes, cudaStream_t s);

/// Mixed-precision Adam step on a shard of n parameters (fp32 master + moments, bf16 weights and grads).
void adamStep(float* master, float* m, float* v, void* w_bf16, const void* g_bf16, std::int64_t n, float lr,
              int step, cudaStream_t s);

/// out[i] = float(in[i]) (n bf16 values): fp32 master weights initialised from the bf16 weights.
void bf16ToFloat(const void* bf16_in, float* out, std::int64_t n, cudaStream_t s);

/// Token ids in [0, vocab) from a counter-based hash of (seed, index).
void fillTokens(int* ids, std::int64_t n, int vocab, std::uint64_t seed, cudaStream_t s);
/// Vocab-parallel embedding: out[t] = table[ids[t] - v0] when ids[t] is one of this shard's `rows`
/// rows starting at v0, else zeros (the shards' outputs add up over the vocab-parallel group).
void embeddingForward(const int* ids, const void* table, void* out, std::int64_t tokens, int h,
                      std::int64_t v0, std::int64_t rows, cudaStream_t s);
/// Weight gradient of the above: gtable[ids[t] - v0] += dout[t] for this shard's rows.
void embeddingBackward(const int* ids, const void* dout, void* gtable, std::int64_t tokens, int h,
                       std::int64_t v0, std::int64_t rows, cudaStream_t s);
/// Softmax cross-entropy over each row of `cols` logits (this shard's vocabulary rows from v0):
/// stats[2 * row] = row max, stats[2 * row + 1] = log-sum-exp (fp32).
void crossEntropyForward(const void* logits, float* stats, std::int64_t rows, int cols, cudaStream_t s);
/// logits -> d loss / d logits in place: (softmax - onehot(label)) * scale, from the forward's stats.
void crossEntropyBackward(void* logits, const int* labels, const float* stats, std::int64_t rows, int cols,
                          std::int64_t v0, float scale, cudaStream_t s);

} // namespace gx::engine::kern
