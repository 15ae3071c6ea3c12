// SPDX-License-Identifier: Apache-2.0
// Galvatron Explorer engine - CUDA helpers (internal): error checks that throw EngineError, RAII device
// buffers, event timing.
#pragma once

#include "gx/engine/types.h"

#include <cublasLt.h>
#include <cublas_v2.h>
#include <cuda_runtime.h>

#include <algorithm>
#include <string>
#include <vector>

namespace gx::engine::detail {

inline void cudaCheck(cudaError_t e, const char* what) {
    if (e != cudaSuccess)
        throw EngineError(std::string(what) + ": " + cudaGetErrorName(e) + " (" + cudaGetErrorString(e) +
                          ")");
}
inline void blasCheck(cublasStatus_t s, const char* what) {
    if (s != CUBLAS_STATUS_SUCCESS)
        throw EngineError(std::string(what) + ": cuBLAS status " + std::to_string(int(s)) + " (" +
                          cublasGetStatusString(s) + ")");
}
#define GX_CUDA(call) ::gx::engine::detail::cudaCheck((call), #call)
#define GX_BLAS(call) ::gx::engine::detail::blasCheck((call), #call)

/// The tally DeviceBuffers allocated on this thread are counted in (the plan runner sets it per rank
/// thread: TallyScope); null: not counted.
inline AllocationTally*& threadAllocationTally() {
    thread_local AllocationTally* tally = nullptr;
    return tally;
}
class TallyScope {
public:
    explicit TallyScope(AllocationTally* t) : prev_(threadAllocationTally()) { threadAllocationTally() = t; }
    ~TallyScope() { threadAllocationTally() = prev_; }
    TallyScope(const TallyScope&) = delete;
    TallyScope& operator=(const TallyScope&) = delete;

private:
    AllocationTally* prev_;
};

/// Device memory owned by this object (counted in the thread's AllocationTally, if any).
class DeviceBuffer {
public:
    DeviceBuffer() = default;
    explicit DeviceBuffer(std::size_t bytes) { allocate(bytes); }
    ~DeviceBuffer() { reset(); }
    DeviceBuffer(const DeviceBuffer&) = delete;
    DeviceBuffer& operator=(const DeviceBuffer&) = delete;
    DeviceBuffer(DeviceBuffer&& o) noexcept : p_(o.p_), n_(o.n_), tally_(o.tally_) {
        o.p_ = nullptr, o.n_ = 0, o.tally_ = nullptr;
    }
    DeviceBuffer& operator=(DeviceBuffer&& o) noexcept {
        if (this != &o) {
            reset();
            p_ = o.p_, n_ = o.n_, tally_ = o.tally_;
            o.p_ = nullptr, o.n_ = 0, o.tally_ = nullptr;
        }
        return *this;
    }
    void allocate(std::size_t bytes) {
        reset();
        if (bytes == 0)
            return;
        GX_CUDA(cudaMalloc(&p_, bytes));
        n_ = bytes;
        tally_ = threadAllocationTally();
        if (tally_)
            tally_->allocated(std::int64_t(bytes));
    }
    void reset() {
        if (p_) {
            cudaFree(p_);
            if (tally_)
                tally_->freed(std::int64_t(n_));
        }
        p_ = nullptr;
        n_ = 0;
        tally_ = nullptr;
    }
    void* get() const { return p_; }
    template <typename T> T* as() const { return static_cast<T*>(p_); }
    std::size_t size() const { return n_; }

private:
    void* p_ = nullptr;
    std::size_t n_ = 0;
    AllocationTally* tally_ = nullptr;
};

class Stream {
public:
    Stream() { GX_CUDA(cudaStreamCreateWithFlags(&s_, cudaStreamNonBlocking)); }
    ~Stream() {
        if (s_)
            cudaStreamDestroy(s_);
    }
    Stream(const Stream&) = delete;
    Stream& operator=(const Stream&) = delete;
    cudaStream_t get() const { return s_; }

private:
    cudaStream_t s_ = nullptr;
};

/// A CUDA event owned by this object (destroyed on every path, also when a timing loop throws).
class Event {
public:
    Event() { GX_CUDA(cudaEventCreate(&e_)); }
    ~Event() {
        if (e_)
            cudaEventDestroy(e_);
    }
    Event(const Event&) = delete;
    Event& operator=(const Event&) = delete;
    Event(Event&& o) noexcept : e_(o.e_) { o.e_ = nullptr; }
    cudaEvent_t get() const { return e_; }

private:
    cudaEvent_t e_ = nullptr;
};

/// Page-locked host memory (cudaMallocHost): device-to-host copies into it are truly asynchronous and
/// do not stage through a pageable bounce buffer.
class PinnedBuffer {
public:
    PinnedBuffer() = default;
    explicit PinnedBuffer(std::size_t bytes) { allocate(bytes); }
    ~PinnedBuffer() { reset(); }
    PinnedBuffer(const PinnedBuffer&) = delete;
    PinnedBuffer& operator=(const PinnedBuffer&) = delete;
    void allocate(std::size_t bytes) {
        reset();
        GX_CUDA(cudaMallocHost(&p_, bytes));
    }
    void reset() {
        if (p_)
            cudaFreeHost(p_);
        p_ = nullptr;
    }
    template <typename T> T* as() const { return static_cast<T*>(p_); }

private:
    void* p_ = nullptr;
};

/// Times `iters` launches of fn on stream s with CUDA events, one event pair per run; returns the
/// median in microseconds (after `warmup` untimed runs). Events are RAII: nothing leaks on a throw.
template <typename Fn> double timeMedianUs(cudaStream_t s, int warmup, int iters, Fn&& fn) {
    for (int i = 0; i < warmup; ++i)
        fn();
    GX_CUDA(cudaStreamSynchronize(s));
    iters = std::max(1, iters);
    std::vector<Event> ev(2 * std::size_t(iters));
    for (int i = 0; i < iters; ++i) {
        GX_CUDA(cudaEventRecord(ev[2 * i].get(), s));
        fn();
        GX_CUDA(cudaEventRecord(ev[2 * i + 1].get(), s));
    }
    GX_CUDA(cudaStreamSynchronize(s));
    std::vector<double> t(iters);
    for (int i = 0; i < iters; ++i) {
        float ms = 0;
        GX_CUDA(cudaEventElapsedTime(&ms, ev[2 * i].get(), ev[2 * i + 1].get()));
        t[i] = ms * 1000.0;
    }
    std::nth_element(t.begin(), t.begin() + iters / 2, t.end());
    return t[iters / 2];
}

/// Median time of one launch of fn in microseconds, timing `launches` back-to-back launches per event
/// pair (`samples` pairs, after `warmup` untimed launches). With launches = 1 this is timeMedianUs.
template <typename Fn>
double timeBatchedMedianUs(cudaStream_t s, int warmup, int samples, int launches, Fn&& fn) {
    for (int i = 0; i < warmup; ++i)
        fn();
    GX_CUDA(cudaStreamSynchronize(s));
    samples = std::max(1, samples);
    launches = std::max(1, launches);
    std::vector<Event> ev(2 * std::size_t(samples));
    for (int i = 0; i < samples; ++i) {
        GX_CUDA(cudaEventRecord(ev[2 * i].get(), s));
        for (int j = 0; j < launches; ++j)
            fn();
        GX_CUDA(cudaEventRecord(ev[2 * i + 1].get(), s));
    }
    GX_CUDA(cudaStreamSynchronize(s));
    std::vector<double> t(samples);
    for (int i = 0; i < samples; ++i) {
        float ms = 0;
        GX_CUDA(cudaEventElapsedTime(&ms, ev[2 * i].get(), ev[2 * i + 1].get()));
        t[i] = ms * 1000.0 / launches;
    }
    std::nth_element(t.begin(), t.begin() + samples / 2, t.end());
    return t[samples / 2];
}

inline void throwIfCancelled(const JobContext& ctx) {
    if (ctx.cancelled())
        throw Cancelled{};
}

inline cudaDataType_t cudaType(DType t) {
    switch (t) {
    case DType::BF16:
        return CUDA_R_16BF;
    case DType::FP16:
        return CUDA_R_16F;
    case DType::FP8:
        return CUDA_R_8F_E4M3;
    }
    return CUDA_R_16BF;
}
inline std::size_t elemBytes(DType t) {
    return t == DType::FP8 ? 1 : 2;
}

/// Row-major GEMM C[M,N] = alpha * op(A) op(B) + beta * C through cuBLAS (column-major): computes
/// C^T = op(B)^T op(A)^T, i.e. swaps the operands. lda/ldb/ldc are row-major leading dimensions.
/// Inputs and output bf16, fp32 accumulation.
inline void gemmRowMajor(cublasHandle_t h, bool transA, bool transB, int M, int N, int K, const void* A,
                         int lda, const void* B, int ldb, void* C, int ldc, float beta = 0.0f,
                         float alpha = 1.0f) {
    GX_BLAS(cublasGemmEx(h, transB ? CUBLAS_OP_T : CUBLAS_OP_N, transA ? CUBLAS_OP_T : CUBLAS_OP_N, N, M, K,
                         &alpha, B, CUDA_R_16BF, ldb, A, CUDA_R_16BF, lda, &beta, C, CUDA_R_16BF, ldc,
                         CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT));
}

/// Strided-batched version (batch strides in elements).
inline void gemmRowMajorBatched(cublasHandle_t h, bool transA, bool transB, int M, int N, int K,
                                const void* A, int lda, long long strideA, const void* B, int ldb,
                                long long strideB, void* C, int ldc, long long strideC, int batch,
                                float alpha = 1.0f, float beta = 0.0f) {
    GX_BLAS(cublasGemmStridedBatchedEx(h, transB ? CUBLAS_OP_T : CUBLAS_OP_N,
                                       transA ? CUBLAS_OP_T : CUBLAS_OP_N, N, M, K, &alpha, B, CUDA_R_16BF,
                                       ldb, strideB, A, CUDA_R_16BF, lda, strideA, &beta, C, CUDA_R_16BF, ldc,
                                       strideC, batch, CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT));
}

/// RAII cuBLAS handle bound to a stream, with a 32 MiB workspace (NVIDIA's recommendation for Hopper).
class Blas {
public:
    explicit Blas(cudaStream_t s) {
        GX_BLAS(cublasCreate(&h_));
        GX_BLAS(cublasSetStream(h_, s));
        ws_.allocate(32u << 20);
        GX_BLAS(cublasSetWorkspace(h_, ws_.get(), ws_.size()));
    }
    ~Blas() {
        if (h_)
            cublasDestroy(h_);
    }
    Blas(const Blas&) = delete;
    Blas& operator=(const Blas&) = delete;
    cublasHandle_t get() const { return h_; }

private:
    cublasHandle_t h_ = nullptr;
    DeviceBuffer ws_;
};

} // namespace gx::engine::detail
