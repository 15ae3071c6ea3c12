// SPDX-License-Identifier: Apache-2.0
// Galvatron Explorer engine - GEMM (cuBLASLt) and HBM bandwidth profilers.
//
// GEMM: for each shape, cuBLASLt's heuristic proposes up to max_algos algorithms
// (cublasLtMatmulAlgoGetHeuristic); each is timed (CUDA events, median of iters after warmup) and the
// fastest kept. Layout "TN" (A transposed, column-major), the layout FP8 requires on Hopper/Ada
// (cuBLASLt documentation, cublasLtMatmul FP8 restrictions), used for every dtype so that the
// figures compare. Inputs are random (never zeros: zeros run faster than real data) and rotate
// through enough copies to exceed twice the L2 cache; each event pair spans ~1 ms of back-to-back
// launches (launchesPerSample), so small shapes are not timed on event resolution and launch gaps.
#include "gx/engine/engine.h"
#include "gx/engine/logic.h"
#include "gx/error.h"

#include "cuda_util.h"
#include "kernels.h"

#include <cublasLt.h>

#include <memory>

namespace gx::engine {

using namespace detail;

namespace {

struct LtHandle {
    cublasLtHandle_t h = nullptr;
    LtHandle() { GX_BLAS(cublasLtCreate(&h)); }
    ~LtHandle() {
        if (h)
            cublasLtDestroy(h);
    }
};

struct LtGemm {
    cublasLtMatmulDesc_t op = nullptr;
    cublasLtMatrixLayout_t a = nullptr, b = nullptr, c = nullptr, d = nullptr;
    ~LtGemm() {
        if (op)
            cublasLtMatmulDescDestroy(op);
        for (auto* l : {a, b, c, d})
            if (l)
                cublasLtMatrixLayoutDestroy(l);
    }
};

DeviceInfo deviceInfo(int device) {
    Inventory inv = queryInventory();
    if (!inv.available)
        throw EngineError("no CUDA device: " + inv.error);
    if (device < 0 || device >= int(inv.devices.size()))
        throw EngineError("device " + std::to_string(device) + " does not exist (" +
                          std::to_string(inv.devices.size()) + " found)");
    return inv.devices[std::size_t(device)];
}

/// Buffers for one GEMM shape: A (k x m, col-major, used transposed), B (k x n), D (m x n) bf16.
/// `sets` copies of A and B (rotatingInputSets): launch i reads copy i % sets, so small GEMMs are not
/// timed on inputs the previous launch left in L2.
struct GemmBuffers {
    DeviceBuffer A, B, D, scale;
    int sets = 1;
    std::size_t a_bytes = 0, b_bytes = 0;
    GemmBuffers(const GemmShape& g, DType t, cudaStream_t s, std::int64_t l2_bytes) {
        const std::int64_t a = g.m * g.k, b = g.k * g.n, d = g.m * g.n;
        a_bytes = std::size_t(align256(a * std::int64_t(elemBytes(t))));
        b_bytes = std::size_t(align256(b * std::int64_t(elemBytes(t))));
        sets = rotatingInputSets(std::int64_t(a_bytes + b_bytes), l2_bytes);
        A.allocate(a_bytes * std::size_t(sets));
        B.allocate(b_bytes * std::size_t(sets));
        D.allocate(std::size_t(d) * 2);
        for (int i = 0; i < sets; ++i) {
            if (t == DType::FP8) {
                kern::fillRandomFp8(a_set(i), a, 1 + 2 * i, s);
                kern::fillRandomFp8(b_set(i), b, 2 + 2 * i, s);
            } else {
                // bf16 and fp16 share the 16-bit storage; for fp16 the bit patterns of small bf16 values
                // are still finite, non-zero numbers, which is all a throughput test needs.
                kern::fillRandom(a_set(i), a, 1 + 2 * i, 1.0f, s);
                kern::fillRandom(b_set(i), b, 2 + 2 * i, 1.0f, s);
            }
        }
        scale.allocate(sizeof(float));
        const float one = 1.0f;
        GX_CUDA(cudaMemcpyAsync(scale.get(), &one, sizeof one, cudaMemcpyHostToDevice, s));
        GX_CUDA(cudaStreamSynchronize(s)); // `one` lives on this stack frame
    }
    void* a_set(int i) const { return A.as<char>() + a_bytes * std::size_t(i % sets); }
    void* b_set(int i) const { return B.as<char>() + b_bytes * std::size_t(i % sets); }
};

/// Times fn(launch index) with batched event pairs (launchesPerSample from one probe launch).
template <typename Fn> double timeGemmUs(cudaStream_t s, int warmup, int iters, Fn&& fn) {
    int next = 0;
    auto once = [&] { fn(next++); };
    const double probe = timeMedianUs(s, std::max(1, warmup), 1, once);
    return timeBatchedMedianUs(s, 0, std::max(1, iters), launchesPerSample(probe), once);
}

/// Output type: fp16 GEMMs write fp16 (cuBLAS needs C in the input's 16-bit type), bf16 and fp8 write bf16.
cudaDataType_t outType(DType t) {
    return t == DType::FP16 ? CUDA_R_16F : CUDA_R_16BF;
}

void validateShape(const GemmShape& g) {
    if (g.m <= 0 || g.n <= 0 || g.k <= 0)
        throw gx::InputError("gemm.shape", "m, n and k must be positive (" + g.name + ")");
    if (g.m > 0x7fffffff || g.n > 0x7fffffff || g.k > 0x7fffffff)
        throw gx::InputError("gemm.shape", "dimensions must fit in 32 bits");
}

} // namespace

std::vector<GemmResult> profileGemms(const GemmProfileOptions& opt, const JobContext& ctx) {
    const DeviceInfo dev = deviceInfo(opt.device);
    GX_CUDA(cudaSetDevice(opt.device));
    std::vector<GemmShape> shapes = opt.shapes.empty() ? defaultGemmShapes(LayerBenchConfig{}) : opt.shapes;
    for (const auto& g : shapes)
        validateShape(g);
    Stream stream;
    LtHandle lt;
    DeviceBuffer workspace(32u << 20);
    std::vector<GemmResult> out;
    const std::size_t total = shapes.size() * opt.dtypes.size();
    std::size_t done = 0;
    for (DType t : opt.dtypes) {
        if (t == DType::FP8 && !supportsFp8(dev)) {
            ctx.report(double(done) / double(total),
                       "fp8 not supported on sm_" + std::to_string(dev.computeCapability()));
            done += shapes.size();
            continue;
        }
        for (const auto& g : shapes) {
            throwIfCancelled(ctx);
            ctx.report(double(done) / double(total), std::string("GEMM ") + toString(t) + " " + g.name + " " +
                                                         std::to_string(g.m) + "x" + std::to_string(g.n) +
                                                         "x" + std::to_string(g.k));
            GemmBuffers buf(g, t, stream.get(), dev.l2_bytes);
            LtGemm desc;
            const cudaDataType_t in = cudaType(t);
            GX_BLAS(cublasLtMatmulDescCreate(&desc.op, CUBLAS_COMPUTE_32F, CUDA_R_32F));
            const cublasOperation_t ta = CUBLAS_OP_T, tb = CUBLAS_OP_N;
            GX_BLAS(cublasLtMatmulDescSetAttribute(desc.op, CUBLASLT_MATMUL_DESC_TRANSA, &ta, sizeof ta));
            GX_BLAS(cublasLtMatmulDescSetAttribute(desc.op, CUBLASLT_MATMUL_DESC_TRANSB, &tb, sizeof tb));
            if (t == DType::FP8) {
                void* sp = buf.scale.get();
                GX_BLAS(cublasLtMatmulDescSetAttribute(desc.op, CUBLASLT_MATMUL_DESC_A_SCALE_POINTER, &sp,
                                                       sizeof sp));
                GX_BLAS(cublasLtMatmulDescSetAttribute(desc.op, CUBLASLT_MATMUL_DESC_B_SCALE_POINTER, &sp,
                                                       sizeof sp));
                // Fast accumulation, as FP8 training runs its forward GEMMs (Transformer Engine's
                // default): without it Hopper FP8 runs well below its peak.
                const std::int8_t fast = 1;
                GX_BLAS(cublasLtMatmulDescSetAttribute(desc.op, CUBLASLT_MATMUL_DESC_FAST_ACCUM, &fast,
                                                       sizeof fast));
            }
            GX_BLAS(cublasLtMatrixLayoutCreate(&desc.a, in, g.k, g.m, g.k));
            GX_BLAS(cublasLtMatrixLayoutCreate(&desc.b, in, g.k, g.n, g.k));
            GX_BLAS(cublasLtMatrixLayoutCreate(&desc.c, outType(t), g.m, g.n, g.m));
            GX_BLAS(cublasLtMatrixLayoutCreate(&desc.d, outType(t), g.m, g.n, g.m));
            cublasLtMatmulPreference_t pref = nullptr;
            GX_BLAS(cublasLtMatmulPreferenceCreate(&pref));
            std::unique_ptr<std::remove_pointer_t<cublasLtMatmulPreference_t>,
                            decltype(&cublasLtMatmulPreferenceDestroy)>
                pref_guard(pref, cublasLtMatmulPreferenceDestroy);
            const std::uint64_t ws = workspace.size();
            GX_BLAS(cublasLtMatmulPreferenceSetAttribute(pref, CUBLASLT_MATMUL_PREF_MAX_WORKSPACE_BYTES, &ws,
                                                         sizeof ws));
            std::vector<cublasLtMatmulHeuristicResult_t> heur(std::size_t(std::max(1, opt.max_algos)));
            int returned = 0;
            GX_BLAS(cublasLtMatmulAlgoGetHeuristic(lt.h, desc.op, desc.a, desc.b, desc.c, desc.d, pref,
                                                   int(heur.size()), heur.data(), &returned));
            if (returned == 0)
                throw EngineError(std::string("cuBLASLt has no algorithm for ") + toString(t) + " " + g.name);
            const float alpha = 1.0f, beta = 0.0f;
            GemmResult best;
            best.shape = g;
            best.dtype = t;
            best.algos_tried = 0;
            for (int i = 0; i < returned; ++i) {
                throwIfCancelled(ctx);
                if (heur[std::size_t(i)].state != CUBLAS_STATUS_SUCCESS)
                    continue;
                const auto* algo = &heur[std::size_t(i)].algo;
                auto run = [&](int launch) {
                    GX_BLAS(cublasLtMatmul(lt.h, desc.op, &alpha, buf.a_set(launch), desc.a,
                                           buf.b_set(launch), desc.b, &beta, buf.D.get(), desc.c, buf.D.get(),
                                           desc.d, algo, workspace.get(), ws, stream.get()));
                };
                double us = 0;
                try {
                    us = timeGemmUs(stream.get(), opt.warmup, opt.iters, run);
                } catch (const EngineError& e) {
                    // An algorithm the heuristic offered but that refused to run is skipped - unless the
                    // device is now in a sticky error state: then every later figure would be garbage.
                    const cudaError_t sync = cudaStreamSynchronize(stream.get());
                    const cudaError_t last = cudaGetLastError();
                    for (cudaError_t c : {sync, last})
                        if (isStickyCudaError(int(c)))
                            throw EngineError(std::string("GEMM profiler: the device failed (") +
                                              cudaGetErrorName(c) + ") while timing algorithm " +
                                              std::to_string(i) + " of " + g.name + ": " + e.what() +
                                              "; the CUDA context is unusable, restart the job");
                    continue;
                }
                ++best.algos_tried;
                const double tf = g.flops() / (us * 1e-6) / 1e12;
                if (i == 0)
                    best.first_algo_tflops = tf;
                if (best.time_us == 0 || us < best.time_us) {
                    best.time_us = us;
                    best.tflops = tf;
                    best.best_algo_rank = i;
                }
            }
            if (best.algos_tried == 0)
                throw EngineError(std::string("no cuBLASLt algorithm ran for ") + toString(t) + " " + g.name);
            out.push_back(best);
            ++done;
        }
    }
    ctx.report(1.0, "GEMMs done");
    return out;
}

double referenceGemmTflops(const GemmShape& g, DType t, int device, int warmup, int iters) {
    validateShape(g);
    if (t == DType::FP8)
        throw gx::InputError("dtype", "cublasGemmEx has no FP8 path; the reference is bf16/fp16 only");
    GX_CUDA(cudaSetDevice(device));
    Stream stream;
    Blas blas(stream.get());
    int l2 = 0;
    GX_CUDA(cudaDeviceGetAttribute(&l2, cudaDevAttrL2CacheSize, device));
    GemmBuffers buf(g, t, stream.get(), l2);
    const float alpha = 1.0f, beta = 0.0f;
    const cudaDataType_t in = cudaType(t);
    auto run = [&](int launch) { // same inputs rotation and batching as the profiler: like for like
        GX_BLAS(cublasGemmEx(blas.get(), CUBLAS_OP_T, CUBLAS_OP_N, int(g.m), int(g.n), int(g.k), &alpha,
                             buf.a_set(launch), in, int(g.k), buf.b_set(launch), in, int(g.k), &beta,
                             buf.D.get(), outType(t), int(g.m), CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT));
    };
    const double us = timeGemmUs(stream.get(), warmup, iters, run);
    return g.flops() / (us * 1e-6) / 1e12;
}

std::vector<HbmResult> profileHbm(const HbmProfileOptions& opt, const JobContext& ctx) {
    deviceInfo(opt.device);
    GX_CUDA(cudaSetDevice(opt.device));
    Stream stream;
    std::vector<HbmResult> out;
    for (std::size_t i = 0; i < opt.sizes.size(); ++i) {
        throwIfCancelled(ctx);
        const std::int64_t bytes = opt.sizes[i] / 16 * 16;
        if (bytes <= 0)
            throw gx::InputError("hbm.sizes[" + std::to_string(i) + "]", "must be at least 16 bytes");
        ctx.report(double(i) / double(opt.sizes.size()), "HBM copy " + std::to_string(bytes >> 20) + " MiB");
        DeviceBuffer src{std::size_t(bytes)}, dst{std::size_t(bytes)};
        kern::fillRandom(src.get(), bytes / 2, 7, 1.0f, stream.get());
        HbmResult r;
        r.bytes = bytes;
        const double t_kernel = timeMedianUs(
            stream.get(), 3, opt.iters, [&] { kern::copy16(src.get(), dst.get(), bytes, stream.get()); });
        const double t_memcpy = timeMedianUs(stream.get(), 3, opt.iters, [&] {
            GX_CUDA(cudaMemcpyAsync(dst.get(), src.get(), std::size_t(bytes), cudaMemcpyDeviceToDevice,
                                    stream.get()));
        });
        r.copy_kernel_gbs = 2.0 * double(bytes) / (t_kernel * 1e-6) / 1e9;
        r.memcpy_gbs = 2.0 * double(bytes) / (t_memcpy * 1e-6) / 1e9;
        out.push_back(r);
    }
    ctx.report(1.0, "HBM done");
    return out;
}

} // namespace gx::engine
