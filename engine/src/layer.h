// SPDX-License-Identifier: Apache-2.0
// Galvatron Explorer engine - one Transformer layer shard on the GPU (internal): weights, gradients,
// activations stored per micro-batch (no s^2 attention scores), forward and backward built from cuBLAS GEMMs
// and the kernels of kernels.cu. Used by the layer profiler and by the plan runner.
#pragma once

#include "gx/engine/logic.h"
#include "gx/engine/types.h"

#include "cuda_util.h"

#include <functional>
#include <memory>

namespace gx::engine::detail {

/// Called where Megatron's tensor parallelism communicates (Shoeybi et al. 2019): after the
/// attention-output and FFN-down GEMMs in forward (all-reduce of the partial sums) and after the
/// FFN-up and QKV input-gradient GEMMs in backward. Arguments: bf16 buffer and element count.
using TpHook = std::function<void(void* buf, std::int64_t elems)>;

/// Called where one part of the layer starts (the plan runner's per-op timing, plan_ops.h): "qkv",
/// "attention", "attn_out", "ffn_up", "ffn_down" (GEMMs, forward or their data + weight gradients),
/// "elementwise" (norms, residuals, activation, copies); nullptr where the layer ends. TP hooks run
/// between parts and mark themselves.
using OpMark = std::function<void(const char* part)>;

class TransformerLayer {
public:
    /// cfg gives the shard: heads, ffn and kv heads are split by cfg.tp; micro_batch is the local one.
    /// The scratch memory (backward temporaries and one attention chunk's scores) is not owned: bind
    /// an arena of at least scratchBytes() with bindScratch() before forward/backward (the plan runner
    /// shares one arena between all layers of a rank; ownScratch() allocates a private one).
    TransformerLayer(const LayerBenchConfig& cfg, cudaStream_t stream, cublasHandle_t blas,
                     std::uint64_t seed, std::int64_t score_budget_bytes = 64ll << 20);

    /// Activations one micro-batch keeps for backward (no attention scores: see attentionChunkRows).
    struct Activations {
        DeviceBuffer mem;
        void *x, *y1, *qkv, *ctx, *x2, *y2, *up, *act;
        float *mean1, *rstd1, *mean2, *rstd2;
    };
    std::unique_ptr<Activations> newActivations() const;
    /// Carves activations out of `base` (activationBytes() bytes, not owned).
    void carveActivations(void* base, Activations& a) const;
    std::size_t activationBytes() const { return std::size_t(layerStoredBytes(dims_)); }
    std::size_t scratchBytes() const { return std::size_t(layerScratchBytes(dims_, chunk_)); }
    void bindScratch(void* base, std::size_t bytes);
    void ownScratch();
    int chunkRows() const { return chunk_; }
    /// Gradient w.r.t. QKV [T, nqkv] left in the scratch arena by the last backward (self-check).
    const void* lastQkvGradient() const { return d_qkv_; }

    /// out may alias nothing in act; x is copied into act.x.
    void forward(const void* x, Activations& act, void* out, const TpHook& hook = {},
                 const OpMark& mark = {});
    /// dx may be null (first layer); weight gradients accumulate into gradients().
    void backward(const void* dout, Activations& act, void* dx, const TpHook& hook = {},
                  const OpMark& mark = {});

    std::int64_t tokens() const { return T_; }
    int hidden() const { return h_; }
    std::int64_t paramCount() const { return params_; }
    void* weights() const { return w_.get(); }
    void* gradients() const { return g_.get(); }
    /// Forward FLOPs actually executed (GEMMs + attention core as run).
    double forwardFlops() const;

private:
    void attentionForward(Activations& a);
    void attentionBackward(Activations& a);
    /// Scores of query rows [q0, q0 + rows) of sample b against keys [0, kcols) into d_p_, softmaxed.
    void chunkScores(const Activations& a, int b, int q0, int rows, int kcols);

    LayerBenchConfig cfg_;
    LayerShardDims dims_;
    cudaStream_t s_;
    cublasHandle_t blas_;
    int h_, hd_, nh_, nkv_, q_, kvw_, nqkv_, f_, gf_, chunk_;
    std::int64_t T_;
    std::int64_t params_ = 0;
    // weights / grads: Wqkv [h, nqkv], Wo [q, h], Wup [h, gf], Wdown [f, h], norm1 [h], norm2 [h]
    DeviceBuffer w_, g_;
    void *wqkv_, *wo_, *wup_, *wdown_, *wn1_, *wn2_;
    void *gqkv_, *go_, *gup_, *gdown_;
    // scratch (arena, bound): used within one forward or backward
    DeviceBuffer own_scratch_;
    void *d_a_ = nullptr, *d_up_ = nullptr, *d_y_ = nullptr, *d_x2_ = nullptr, *d_ctx_ = nullptr,
         *d_qkv_ = nullptr, *tmp_ = nullptr, *p_ = nullptr, *d_p_ = nullptr;
};

} // namespace gx::engine::detail
