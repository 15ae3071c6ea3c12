// Galvatron Explorer engine - one Transformer layer shard on the GPU (internal): weights, gradients,
// activations stored per micro-batch, forward and backward built from cuBLAS GEMMs and the kernels
// of kernels.cu. Used by the layer profiler and by the plan runner.
#pragma once

#include "gx/engine/types.h"

#include "cuda_util.h"

#include <functional>
#include <memory>

namespace gx::engine::detail {

/// Called where Megatron's tensor parallelism communicates (Shoeybi et al. 2019): after the
/// attention-output and FFN-down GEMMs in forward (all-reduce of the partial sums) and after the
/// FFN-up and QKV input-gradient GEMMs in backward. Arguments: bf16 buffer and element count.
using TpHook = std::function<void(void* buf, std::int64_t elems)>;

class TransformerLayer {
public:
    /// cfg gives the shard: heads, ffn and kv heads are split by cfg.tp; micro_batch is the local one.
    TransformerLayer(const LayerBenchConfig& cfg, cudaStream_t stream, cublasHandle_t blas,
                     std::uint64_t seed);

    /// Activations one micro-batch keeps for backward.
    struct Activations {
        DeviceBuffer mem;
        void *x, *y1, *qkv, *p, *ctx, *x2, *y2, *up, *act;
        float *mean1, *rstd1, *mean2, *rstd2;
    };
    std::unique_ptr<Activations> newActivations() const;
    std::size_t activationBytes() const { return act_bytes_; }

    /// out may alias nothing in act; x is copied into act.x.
    void forward(const void* x, Activations& act, void* out, const TpHook& hook = {});
    /// dx may be null (first layer); weight gradients accumulate into gradients().
    void backward(const void* dout, Activations& act, void* dx, const TpHook& hook = {});

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

    LayerBenchConfig cfg_;
    cudaStream_t s_;
    cublasHandle_t blas_;
    int h_, hd_, nh_, nkv_, q_, kvw_, nqkv_, f_, gf_;
    std::int64_t T_;
    std::int64_t params_ = 0;
    // weights / grads: Wqkv [h, nqkv], Wo [q, h], Wup [h, gf], Wdown [f, h], norm1 [h], norm2 [h]
    DeviceBuffer w_, g_;
    void *wqkv_, *wo_, *wup_, *wdown_, *wn1_, *wn2_;
    void *gqkv_, *go_, *gup_, *gdown_;
    // scratch shared by all micro-batches (used within one backward)
    DeviceBuffer scratch_;
    void *d_a_, *d_up_, *d_y_, *d_x2_, *d_ctx_, *d_p_, *d_qkv_, *tmp_;
    std::size_t act_bytes_ = 0;
};

} // namespace gx::engine::detail
