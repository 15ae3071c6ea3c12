// SPDX-License-Identifier: Apache-2.0
// Galvatron Explorer engine - correctness check of the GPU Transformer layer against a double-precision
// CPU reference of the same math (row-major; formulas as in layer.cpp / kernels.cu). Catches operand
// order and leading-dimension mistakes in the cuBLAS calls that timings alone would never show.
#include "gx/engine/engine.h"

#include "cuda_util.h"
#include "kernels.h"
#include "layer.h"

#include "gx/engine/reference.h"

#include <cmath>
#include <cstring>

namespace gx::engine {

using namespace detail;

namespace {

using Mat = std::vector<double>; // row-major

double bf16ToDouble(std::uint16_t b) {
    const std::uint32_t u = std::uint32_t(b) << 16;
    float f;
    std::memcpy(&f, &u, sizeof f);
    return f;
}

Mat download(const void* dev, std::int64_t n) {
    std::vector<std::uint16_t> h(static_cast<std::size_t>(n));
    GX_CUDA(cudaMemcpy(h.data(), dev, std::size_t(n) * 2, cudaMemcpyDeviceToHost));
    Mat m(static_cast<std::size_t>(n));
    for (std::size_t i = 0; i < m.size(); ++i)
        m[i] = bf16ToDouble(h[i]);
    return m;
}

Mat slice(const Mat& m, std::size_t off, std::size_t len) {
    return Mat(m.begin() + std::ptrdiff_t(off), m.begin() + std::ptrdiff_t(off + len));
}

double relErr(const Mat& got, const Mat& want) {
    double num = 0, den = 0;
    for (std::size_t i = 0; i < want.size(); ++i) {
        const double d = got[i] - want[i];
        if (!std::isfinite(got[i]))
            return INFINITY;
        num += d * d;
        den += want[i] * want[i];
    }
    return den > 0 ? std::sqrt(num / den) : std::sqrt(num);
}

} // namespace

LayerCheck checkLayerAgainstCpu(const LayerBenchConfig& cfg, int device) {
    const std::string why = noDeviceReason();
    if (!why.empty())
        throw EngineError("no CUDA device: " + why);
    GX_CUDA(cudaSetDevice(device));
    Stream stream;
    Blas blas(stream.get());
    // A score budget of a quarter of the sequence per chunk: the chunked attention loop runs 4 times.
    const int nh_shard = cfg.heads / std::max(1, cfg.tp);
    const std::int64_t budget = std::int64_t(nh_shard) * std::max(1, cfg.seq_len / 4) * cfg.seq_len * 2;
    TransformerLayer layer(cfg, stream.get(), blas.get(), 99, budget);
    layer.ownScratch();
    auto act = layer.newActivations();
    const int h = cfg.hidden;
    const int kv = cfg.kv_heads > 0 ? cfg.kv_heads : cfg.heads;
    const int hd = h / cfg.heads, nh = cfg.heads / cfg.tp, nkv = std::max(1, kv / cfg.tp);
    const int q = nh * hd, nqkv = q + 2 * nkv * hd, f = cfg.ffn_hidden / cfg.tp,
              gf = (cfg.gated_ffn ? 2 : 1) * f;
    const std::int64_t T = std::int64_t(cfg.micro_batch) * cfg.seq_len;
    const std::int64_t n = T * h;
    DeviceBuffer x{std::size_t(n) * 2}, out{std::size_t(n) * 2}, dout{std::size_t(n) * 2},
        dx{std::size_t(n) * 2};
    kern::fillRandom(x.get(), n, 31, 1.0f, stream.get());
    kern::fillRandom(dout.get(), n, 32, 1.0f, stream.get());
    layer.forward(x.get(), *act, out.get());
    layer.backward(dout.get(), *act, dx.get());
    GX_CUDA(cudaStreamSynchronize(stream.get()));

    // Host copies of inputs, weights and GPU results.
    const Mat X = download(x.get(), n), DO = download(dout.get(), n);
    const Mat W = download(layer.weights(), layer.paramCount());
    const Mat G = download(layer.gradients(), layer.paramCount());
    const ReferenceLayer ref = referenceLayer(cfg, X, W, DO);
    LayerCheck c;
    c.out_err = relErr(download(out.get(), n), ref.out);
    c.dx_err = relErr(download(dx.get(), n), ref.dx);
    c.qkv_err = relErr(download(act->qkv, T * nqkv), ref.qkv);
    c.ctx_err = relErr(download(act->ctx, T * q), ref.ctx);
    c.dqkv_err = relErr(download(layer.lastQkvGradient(), T * nqkv), ref.dqkv);
    const std::size_t n_qkv = std::size_t(h) * nqkv, n_o = std::size_t(q) * h, n_up = std::size_t(h) * gf,
                      n_down = std::size_t(f) * h;
    const std::size_t offs[] = {0, n_qkv, n_qkv + n_o, n_qkv + n_o + n_up, n_qkv + n_o + n_up + n_down};
    for (int i = 0; i < 4; ++i)
        c.dw_err = std::max(c.dw_err, relErr(slice(G, offs[i], offs[i + 1] - offs[i]),
                                             slice(ref.dw, offs[i], offs[i + 1] - offs[i])));
    return c;
}

} // namespace gx::engine
