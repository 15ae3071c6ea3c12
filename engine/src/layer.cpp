// SPDX-License-Identifier: Apache-2.0
// Galvatron Explorer engine - Transformer layer forward/backward on the GPU and the layer profiler.
//
// Forward (per shard, T = b*s tokens, row-major):
//   y1 = norm(x); qkv = y1 Wqkv; S = Q K^T per head; P = softmax(S / sqrt(d)); ctx = P V;
//   x2 = x + ctx Wo; y2 = norm(x2); up = y2 Wup; a = act(up); out = x2 + a Wdown.
// Backward follows the chain rule op by op (weight gradients accumulate; the norm weights'
// gradients, h values each, are left out: atomics over T rows would cost more than they matter).
// The attention core runs over chunks of query rows (attentionChunkRows): batched GEMMs + a softmax
// kernel per chunk, with only the chunk's scores in the rank's scratch arena; backward recomputes each
// chunk's softmax (as flash attention does, Dao et al. 2022), so no s x s scores are stored per
// micro-batch. With a causal mask a chunk only multiplies the keys it can see.
#include "layer.h"

#include "gx/engine/engine.h"
#include "gx/engine/logic.h"
#include "gx/error.h"

#include "kernels.h"

#include <cmath>

namespace gx::engine::detail {

TransformerLayer::TransformerLayer(const LayerBenchConfig& cfg, cudaStream_t stream, cublasHandle_t blas,
                                   std::uint64_t seed, std::int64_t score_budget_bytes)
    : cfg_(cfg), dims_(layerShardDims(cfg)), s_(stream), blas_(blas) {
    h_ = dims_.h;
    hd_ = dims_.hd;
    nh_ = dims_.nh;
    nkv_ = dims_.nkv;
    q_ = dims_.q;
    kvw_ = dims_.kvw;
    nqkv_ = dims_.nqkv;
    f_ = dims_.f;
    gf_ = dims_.gf;
    T_ = dims_.T;
    chunk_ = attentionChunkRows(nh_, cfg.seq_len, score_budget_bytes);

    const std::int64_t n_qkv = std::int64_t(h_) * nqkv_, n_o = std::int64_t(q_) * h_,
                       n_up = std::int64_t(h_) * gf_, n_down = std::int64_t(f_) * h_;
    params_ = dims_.params;
    w_.allocate(std::size_t(params_) * 2);
    g_.allocate(std::size_t(params_) * 2);
    auto carve = [](void* base, std::int64_t off) { return static_cast<char*>(base) + off * 2; };
    wqkv_ = carve(w_.get(), 0);
    wo_ = carve(w_.get(), n_qkv);
    wup_ = carve(w_.get(), n_qkv + n_o);
    wdown_ = carve(w_.get(), n_qkv + n_o + n_up);
    wn1_ = carve(w_.get(), n_qkv + n_o + n_up + n_down);
    wn2_ = carve(w_.get(), n_qkv + n_o + n_up + n_down + h_);
    gqkv_ = carve(g_.get(), 0);
    go_ = carve(g_.get(), n_qkv);
    gup_ = carve(g_.get(), n_qkv + n_o);
    gdown_ = carve(g_.get(), n_qkv + n_o + n_up);
    // Weights ~ U(-1/sqrt(fan_in), 1/sqrt(fan_in)) keeps activations O(1).
    kern::fillRandom(wqkv_, n_qkv, seed + 1, 1.0f / std::sqrt(float(h_)), s_);
    kern::fillRandom(wo_, n_o, seed + 2, 1.0f / std::sqrt(float(q_)), s_);
    kern::fillRandom(wup_, n_up, seed + 3, 1.0f / std::sqrt(float(h_)), s_);
    kern::fillRandom(wdown_, n_down, seed + 4, 1.0f / std::sqrt(float(f_)), s_);
    kern::fillConst(wn1_, 2 * std::int64_t(h_), 1.0f, s_);
    GX_CUDA(cudaMemsetAsync(g_.get(), 0, g_.size(), s_));
}

void TransformerLayer::bindScratch(void* base, std::size_t bytes) {
    if (!base || bytes < scratchBytes())
        throw EngineError("layer scratch arena too small: " + std::to_string(bytes) + " bytes, need " +
                          std::to_string(scratchBytes()));
    char* p = static_cast<char*>(base);
    void** slots[] = {&d_a_, &d_up_, &d_y_, &d_x2_, &d_ctx_, &d_qkv_, &tmp_, &p_, &d_p_};
    const auto elems = layerScratchElems(dims_, chunk_);
    for (std::size_t i = 0; i < elems.size(); ++i) {
        *slots[i] = p;
        p += align256(elems[i] * 2);
    }
}

void TransformerLayer::ownScratch() {
    own_scratch_.allocate(scratchBytes());
    bindScratch(own_scratch_.get(), own_scratch_.size());
}

void TransformerLayer::carveActivations(void* base, Activations& a) const {
    char* p = static_cast<char*>(base);
    void** slots[] = {&a.x, &a.y1, &a.qkv, &a.ctx, &a.x2, &a.y2, &a.up, &a.act};
    const auto elems = layerStoredElems(dims_);
    for (std::size_t i = 0; i < elems.size(); ++i) {
        *slots[i] = p;
        p += align256(elems[i] * 2);
    }
    float** stats[] = {&a.mean1, &a.rstd1, &a.mean2, &a.rstd2};
    for (auto* st : stats) {
        *st = reinterpret_cast<float*>(p);
        p += align256(T_ * 4);
    }
}

std::unique_ptr<TransformerLayer::Activations> TransformerLayer::newActivations() const {
    auto a = std::make_unique<Activations>();
    a->mem.allocate(activationBytes());
    carveActivations(a->mem.get(), *a);
    return a;
}

double TransformerLayer::forwardFlops() const {
    return layerForwardFlops(cfg_);
}

void TransformerLayer::forward(const void* x, Activations& a, void* out, const TpHook& hook,
                               const OpMark& mark) {
    const int T = int(T_);
    const bool ln = !cfg_.rms_norm;
    auto at = [&](const char* part) {
        if (mark)
            mark(part);
    };
    at("elementwise");
    if (x != a.x)
        GX_CUDA(cudaMemcpyAsync(a.x, x, std::size_t(T_) * h_ * 2, cudaMemcpyDeviceToDevice, s_));
    kern::normForward(a.x, wn1_, a.y1, a.mean1, a.rstd1, T, h_, ln, s_);
    at("qkv");
    gemmRowMajor(blas_, false, false, T, nqkv_, h_, a.y1, h_, wqkv_, nqkv_, a.qkv, nqkv_);
    at("attention");
    attentionForward(a);
    at("attn_out");
    gemmRowMajor(blas_, false, false, T, h_, q_, a.ctx, q_, wo_, h_, tmp_, h_);
    if (hook)
        hook(tmp_, T_ * h_);
    at("elementwise");
    kern::add(a.x, tmp_, a.x2, T_ * h_, s_);
    kern::normForward(a.x2, wn2_, a.y2, a.mean2, a.rstd2, T, h_, ln, s_);
    at("ffn_up");
    gemmRowMajor(blas_, false, false, T, gf_, h_, a.y2, h_, wup_, gf_, a.up, gf_);
    at("elementwise");
    kern::activationForward(a.up, a.act, T, f_, cfg_.gated_ffn, s_);
    at("ffn_down");
    gemmRowMajor(blas_, false, false, T, h_, f_, a.act, f_, wdown_, h_, tmp_, h_);
    if (hook)
        hook(tmp_, T_ * h_);
    at("elementwise");
    kern::add(a.x2, tmp_, out, T_ * h_, s_);
    at(nullptr);
}

// Runs `call(first_q_head, kv_head, batch, kv_stride)` over the heads: MHA (one query head per KV head)
// in a single call batched over all heads, GQA/MQA once per KV head, batched over its query heads
// with the shared K/V (stride 0).
template <typename Call> static void forHeads(int nh, int nkv, int hd, Call&& call) {
    const int g = nh / nkv;
    if (g == 1) {
        call(0, 0, nh, (long long)hd);
        return;
    }
    for (int kh = 0; kh < nkv; ++kh)
        call(kh * g, kh, g, 0LL);
}

// Attention in chunks of chunk_ query rows (no stored s x s scores). With a causal mask, the rows
// [q0, q0 + rows) only see keys [0, q0 + rows): kcols is that bound.
void TransformerLayer::chunkScores(const Activations& a, int b, int q0, int rows, int kcols) {
    const int s = cfg_.seq_len;
    const std::size_t e = 2; // bytes per bf16
    const long long blk = (long long)rows * kcols;
    const char* base = static_cast<const char*>(a.qkv) + std::size_t(b) * s * nqkv_ * e;
    const char* Q = base + std::size_t(q0) * nqkv_ * e;
    const char* K = base + std::size_t(q_) * e;
    char* P = static_cast<char*>(p_);
    // S_j = Q_j[q0:q0+rows] K^T[:, :kcols]
    forHeads(nh_, nkv_, hd_, [&](int qh, int kh, int batch, long long kvs) {
        gemmRowMajorBatched(blas_, false, true, rows, kcols, hd_, Q + std::size_t(qh) * hd_ * e, nqkv_, hd_,
                            K + std::size_t(kh) * hd_ * e, nqkv_, kvs, P + std::size_t(qh) * blk * e, kcols,
                            blk, batch);
    });
    kern::softmaxForward(P, std::int64_t(nh_) * rows, kcols, rows, q0, 1.0f / std::sqrt(float(hd_)),
                         cfg_.causal, s_);
}

void TransformerLayer::attentionForward(Activations& a) {
    const int s = cfg_.seq_len;
    const std::size_t e = 2;
    for (int b = 0; b < cfg_.micro_batch; ++b)
        for (int q0 = 0; q0 < s; q0 += chunk_) {
            const int rows = std::min(chunk_, s - q0);
            const int kcols = cfg_.causal ? q0 + rows : s;
            const long long blk = (long long)rows * kcols;
            chunkScores(a, b, q0, rows, kcols);
            const char* V = static_cast<const char*>(a.qkv) + (std::size_t(b) * s * nqkv_ + q_ + kvw_) * e;
            char* C = static_cast<char*>(a.ctx) + (std::size_t(b) * s + q0) * q_ * e;
            const char* P = static_cast<const char*>(p_);
            // ctx_j[q0:q0+rows] = P_j V[:kcols]
            forHeads(nh_, nkv_, hd_, [&](int qh, int kh, int batch, long long kvs) {
                gemmRowMajorBatched(blas_, false, false, rows, hd_, kcols, P + std::size_t(qh) * blk * e,
                                    kcols, blk, V + std::size_t(kh) * hd_ * e, nqkv_, kvs,
                                    C + std::size_t(qh) * hd_ * e, q_, hd_, batch);
            });
        }
}

void TransformerLayer::attentionBackward(Activations& a) {
    const int s = cfg_.seq_len, g = nh_ / nkv_;
    const float scale = 1.0f / std::sqrt(float(hd_));
    const std::size_t e = 2;
    // dK and dV accumulate over the chunks (and, for grouped KV, over a KV head's query heads).
    GX_CUDA(cudaMemsetAsync(d_qkv_, 0, std::size_t(T_) * nqkv_ * e, s_));
    for (int b = 0; b < cfg_.micro_batch; ++b)
        for (int q0 = 0; q0 < s; q0 += chunk_) {
            const int rows = std::min(chunk_, s - q0);
            const int kcols = cfg_.causal ? q0 + rows : s;
            const long long blk = (long long)rows * kcols;
            const std::size_t tok = std::size_t(b) * s, row0 = tok + std::size_t(q0);
            chunkScores(a, b, q0, rows, kcols); // recompute P of this chunk
            const char* Q = static_cast<const char*>(a.qkv) + row0 * nqkv_ * e;
            const char* K = static_cast<const char*>(a.qkv) + (tok * nqkv_ + q_) * e;
            const char* V = static_cast<const char*>(a.qkv) + (tok * nqkv_ + q_ + kvw_) * e;
            const char* dC = static_cast<const char*>(d_ctx_) + row0 * q_ * e;
            const char* P = static_cast<const char*>(p_);
            char* dP = static_cast<char*>(d_p_);
            char* dQ = static_cast<char*>(d_qkv_) + row0 * nqkv_ * e;
            char* dK = static_cast<char*>(d_qkv_) + (tok * nqkv_ + q_) * e;
            char* dV = static_cast<char*>(d_qkv_) + (tok * nqkv_ + q_ + kvw_) * e;
            // dP_j = dC_j V^T
            forHeads(nh_, nkv_, hd_, [&](int qh, int kh, int batch, long long kvs) {
                gemmRowMajorBatched(blas_, false, true, rows, kcols, hd_, dC + std::size_t(qh) * hd_ * e, q_,
                                    hd_, V + std::size_t(kh) * hd_ * e, nqkv_, kvs,
                                    dP + std::size_t(qh) * blk * e, kcols, blk, batch);
            });
            // dV[:kcols] += P_j^T dC_j (summed over the KV head's query heads)
            if (g == 1) {
                gemmRowMajorBatched(blas_, true, false, kcols, hd_, rows, P, kcols, blk, dC, q_, hd_, dV,
                                    nqkv_, hd_, nh_, 1.0f, 1.0f);
            } else {
                for (int hh = 0; hh < nh_; ++hh)
                    gemmRowMajor(blas_, true, false, kcols, hd_, rows, P + std::size_t(hh) * blk * e, kcols,
                                 dC + std::size_t(hh) * hd_ * e, q_, dV + std::size_t(hh / g) * hd_ * e,
                                 nqkv_, 1.0f);
            }
            kern::softmaxBackward(P, dP, std::int64_t(nh_) * rows, kcols, scale, s_); // dP -> dS
            // dQ_j[q0:q0+rows] = dS_j K[:kcols]
            forHeads(nh_, nkv_, hd_, [&](int qh, int kh, int batch, long long kvs) {
                gemmRowMajorBatched(blas_, false, false, rows, hd_, kcols, dP + std::size_t(qh) * blk * e,
                                    kcols, blk, K + std::size_t(kh) * hd_ * e, nqkv_, kvs,
                                    dQ + std::size_t(qh) * hd_ * e, nqkv_, hd_, batch);
            });
            // dK[:kcols] += dS_j^T Q_j
            if (g == 1) {
                gemmRowMajorBatched(blas_, true, false, kcols, hd_, rows, dP, kcols, blk, Q, nqkv_, hd_, dK,
                                    nqkv_, hd_, nh_, 1.0f, 1.0f);
            } else {
                for (int hh = 0; hh < nh_; ++hh)
                    gemmRowMajor(blas_, true, false, kcols, hd_, rows, dP + std::size_t(hh) * blk * e, kcols,
                                 Q + std::size_t(hh) * hd_ * e, nqkv_, dK + std::size_t(hh / g) * hd_ * e,
                                 nqkv_, 1.0f);
            }
        }
}

void TransformerLayer::backward(const void* dout, Activations& a, void* dx, const TpHook& hook,
                                const OpMark& mark) {
    const int T = int(T_);
    const bool ln = !cfg_.rms_norm;
    auto at = [&](const char* part) {
        if (mark)
            mark(part);
    };
    // FFN
    at("ffn_down");
    gemmRowMajor(blas_, false, true, T, f_, h_, dout, h_, wdown_, h_, d_a_, f_);
    gemmRowMajor(blas_, true, false, f_, h_, T, a.act, f_, dout, h_, gdown_, h_, 1.0f);
    at("elementwise");
    kern::activationBackward(a.up, d_a_, d_up_, T, f_, cfg_.gated_ffn, s_);
    at("ffn_up");
    gemmRowMajor(blas_, false, true, T, h_, gf_, d_up_, gf_, wup_, gf_, d_y_, h_);
    gemmRowMajor(blas_, true, false, h_, gf_, T, a.y2, h_, d_up_, gf_, gup_, gf_, 1.0f);
    if (hook)
        hook(d_y_, T_ * h_);
    at("elementwise");
    kern::normBackward(a.x2, wn2_, a.mean2, a.rstd2, d_y_, dout, d_x2_, nullptr, T, h_, ln, s_);
    // Attention
    at("attn_out");
    gemmRowMajor(blas_, false, true, T, q_, h_, d_x2_, h_, wo_, h_, d_ctx_, q_);
    gemmRowMajor(blas_, true, false, q_, h_, T, a.ctx, q_, d_x2_, h_, go_, h_, 1.0f);
    at("attention");
    attentionBackward(a);
    at("qkv");
    gemmRowMajor(blas_, false, true, T, h_, nqkv_, d_qkv_, nqkv_, wqkv_, nqkv_, d_y_, h_);
    gemmRowMajor(blas_, true, false, h_, nqkv_, T, a.y1, h_, d_qkv_, nqkv_, gqkv_, nqkv_, 1.0f);
    if (hook)
        hook(d_y_, T_ * h_);
    at("elementwise");
    if (dx)
        kern::normBackward(a.x, wn1_, a.mean1, a.rstd1, d_y_, d_x2_, dx, nullptr, T, h_, ln, s_);
    at(nullptr);
}

} // namespace gx::engine::detail

namespace gx::engine {

using namespace detail;

std::vector<LayerResult> profileLayers(const LayerProfileOptions& opt, const JobContext& ctx) {
    const std::string why = noDeviceReason();
    if (!why.empty())
        throw EngineError("no CUDA device: " + why);
    GX_CUDA(cudaSetDevice(opt.device));
    Stream stream;
    Blas blas(stream.get());
    std::vector<LayerResult> out;
    const std::size_t total = opt.micro_batches.size() * opt.seq_lens.size();
    std::size_t done = 0;
    for (int s : opt.seq_lens)
        for (int b : opt.micro_batches) {
            throwIfCancelled(ctx);
            LayerBenchConfig cfg = opt.base;
            cfg.seq_len = s;
            cfg.micro_batch = b;
            ctx.report(double(done) / double(total), "layer h=" + std::to_string(cfg.hidden) + " s=" +
                                                         std::to_string(s) + " b=" + std::to_string(b));
            TransformerLayer layer(cfg, stream.get(), blas.get(), 1000 + done);
            layer.ownScratch();
            auto act = layer.newActivations();
            const std::int64_t n = layer.tokens() * cfg.hidden;
            DeviceBuffer x{std::size_t(n) * 2}, y{std::size_t(n) * 2}, dy{std::size_t(n) * 2},
                dx{std::size_t(n) * 2};
            kern::fillRandom(x.get(), n, 11, 1.0f, stream.get());
            kern::fillRandom(dy.get(), n, 12, 1e-2f, stream.get());
            LayerResult r;
            r.config = cfg;
            r.fwd_ms = timeMedianUs(stream.get(), opt.warmup, opt.iters,
                                    [&] { layer.forward(x.get(), *act, y.get()); }) /
                       1000.0;
            throwIfCancelled(ctx);
            r.bwd_ms = timeMedianUs(stream.get(), opt.warmup, opt.iters,
                                    [&] { layer.backward(dy.get(), *act, dx.get()); }) /
                       1000.0;
            // Exact from the layout: a cudaMemGetInfo delta also counted kernel modules loaded lazily on
            // the first launch and said nothing about the peak.
            r.peak_bytes = layerProfileBytes(cfg);
            r.flops = 3.0 * layer.forwardFlops(); // backward = 2x forward (Narayanan et al. 2021)
            r.tflops = r.flops / ((r.fwd_ms + r.bwd_ms) * 1e-3) / 1e12;
            out.push_back(r);
            ++done;
        }
    ctx.report(1.0, "layers done");
    return out;
}

} // namespace gx::engine
