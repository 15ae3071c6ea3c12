// SPDX-License-Identifier: Apache-2.0
// Galvatron Explorer engine - simple CUDA kernels of a Transformer layer. Written for clarity, not
// peak speed: the GEMMs (cuBLAS) dominate a layer's time; these are memory-bound elementwise/row ops.
// Norm formulas: RMSNorm (Zhang & Sennrich 2019), LayerNorm (Ba et al. 2016); SwiGLU (Shazeer 2020);
// GeLU tanh approximation (Hendrycks & Gimpel 2016); softmax backward dS = P * (dP - rowsum(P * dP)).
#include "kernels.h"

#include "gx/engine/types.h"

#include <cuda_bf16.h>
#include <cuda_fp8.h>

#include <string>

namespace gx::engine::kern {

namespace {

void check(const char* what) {
    const cudaError_t e = cudaGetLastError();
    if (e != cudaSuccess)
        throw EngineError(std::string(what) + ": " + cudaGetErrorString(e));
}

int blocksFor(std::int64_t n, int threads) {
    std::int64_t b = (n + threads - 1) / threads;
    if (b > 65535LL * 16)
        b = 65535LL * 16;
    return int(b < 1 ? 1 : b);
}

__device__ __forceinline__ float hashUniform(std::uint64_t seed, std::uint64_t i) {
    // splitmix64 finaliser
    std::uint64_t z = seed + 0x9E3779B97F4A7C15ULL * (i + 1);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    z ^= z >> 31;
    return float(z >> 40) * (1.0f / 16777216.0f); // [0, 1)
}

__global__ void fillRandomK(__nv_bfloat16* p, std::int64_t n, std::uint64_t seed, float scale) {
    for (std::int64_t i = blockIdx.x * std::int64_t(blockDim.x) + threadIdx.x; i < n;
         i += std::int64_t(gridDim.x) * blockDim.x) {
        float u = hashUniform(seed, std::uint64_t(i)) * 2.0f - 1.0f;
        if (u == 0.0f)
            u = 0.5f;
        p[i] = __float2bfloat16(u * scale);
    }
}

__global__ void fillRandomFp8K(__nv_fp8_e4m3* p, std::int64_t n, std::uint64_t seed) {
    for (std::int64_t i = blockIdx.x * std::int64_t(blockDim.x) + threadIdx.x; i < n;
         i += std::int64_t(gridDim.x) * blockDim.x) {
        float u = hashUniform(seed, std::uint64_t(i)) * 2.0f - 1.0f;
        if (u == 0.0f)
            u = 0.5f;
        p[i] = __nv_fp8_e4m3(u);
    }
}

__global__ void fillConstK(__nv_bfloat16* p, std::int64_t n, float v) {
    for (std::int64_t i = blockIdx.x * std::int64_t(blockDim.x) + threadIdx.x; i < n;
         i += std::int64_t(gridDim.x) * blockDim.x)
        p[i] = __float2bfloat16(v);
}

constexpr int kRowThreads = 256;

// Block-wide sum of one float (all threads get the result).
__device__ float blockSum(float v) {
    __shared__ float shared[32];
    for (int o = 16; o > 0; o >>= 1)
        v += __shfl_xor_sync(0xffffffffu, v, o);
    const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
    __syncthreads();
    if (lane == 0)
        shared[warp] = v;
    __syncthreads();
    const int warps = (blockDim.x + 31) >> 5;
    v = threadIdx.x < warps ? shared[threadIdx.x] : 0.0f;
    if (warp == 0)
        for (int o = 16; o > 0; o >>= 1)
            v += __shfl_xor_sync(0xffffffffu, v, o);
    __shared__ float result;
    if (threadIdx.x == 0)
        result = v;
    __syncthreads();
    return result;
}

__device__ float blockMax(float v) {
    __shared__ float shared[32];
    for (int o = 16; o > 0; o >>= 1)
        v = fmaxf(v, __shfl_xor_sync(0xffffffffu, v, o));
    const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
    __syncthreads();
    if (lane == 0)
        shared[warp] = v;
    __syncthreads();
    const int warps = (blockDim.x + 31) >> 5;
    v = threadIdx.x < warps ? shared[threadIdx.x] : -INFINITY;
    if (warp == 0)
        for (int o = 16; o > 0; o >>= 1)
            v = fmaxf(v, __shfl_xor_sync(0xffffffffu, v, o));
    __shared__ float result;
    if (threadIdx.x == 0)
        result = v;
    __syncthreads();
    return result;
}

template <bool LN>
__global__ void normFwdK(const __nv_bfloat16* x, const __nv_bfloat16* w, __nv_bfloat16* y, float* mean,
                         float* rstd, int h) {
    const std::int64_t row = blockIdx.x;
    const __nv_bfloat16* xr = x + row * h;
    float s = 0.0f, ss = 0.0f;
    for (int i = threadIdx.x; i < h; i += blockDim.x) {
        const float v = __bfloat162float(xr[i]);
        s += v;
        ss += v * v;
    }
    s = blockSum(s);
    ss = blockSum(ss);
    const float mu = LN ? s / h : 0.0f;
    const float var = ss / h - mu * mu;
    const float r = rsqrtf(fmaxf(var, 0.0f) + 1e-5f);
    if (threadIdx.x == 0) {
        if (mean)
            mean[row] = mu;
        rstd[row] = r;
    }
    for (int i = threadIdx.x; i < h; i += blockDim.x)
        y[row * h + i] = __float2bfloat16((__bfloat162float(xr[i]) - mu) * r * __bfloat162float(w[i]));
}

// y = xhat * w, xhat = (x - mu) * r.  g = w * dy.
// RMSNorm:   dx = r * (g - xhat * mean(g * xhat))
// LayerNorm: dx = r * (g - mean(g) - xhat * mean(g * xhat))
template <bool LN>
__global__ void normBwdK(const __nv_bfloat16* x, const __nv_bfloat16* w, const float* mean, const float* rstd,
                         const __nv_bfloat16* dy, const __nv_bfloat16* res, __nv_bfloat16* dx, float* dw,
                         int h) {
    const std::int64_t row = blockIdx.x;
    const float mu = LN ? mean[row] : 0.0f;
    const float r = rstd[row];
    float sg = 0.0f, sgx = 0.0f;
    for (int i = threadIdx.x; i < h; i += blockDim.x) {
        const float xh = (__bfloat162float(x[row * h + i]) - mu) * r;
        const float g = __bfloat162float(w[i]) * __bfloat162float(dy[row * h + i]);
        sg += g;
        sgx += g * xh;
    }
    sg = blockSum(sg) / h;
    sgx = blockSum(sgx) / h;
    for (int i = threadIdx.x; i < h; i += blockDim.x) {
        const float xh = (__bfloat162float(x[row * h + i]) - mu) * r;
        const float d = __bfloat162float(dy[row * h + i]);
        const float g = __bfloat162float(w[i]) * d;
        float v = r * (g - (LN ? sg : 0.0f) - xh * sgx);
        if (res)
            v += __bfloat162float(res[row * h + i]);
        dx[row * h + i] = __float2bfloat16(v);
        if (dw)
            atomicAdd(dw + i, d * xh);
    }
}

__global__ void softmaxFwdK(__nv_bfloat16* s, int cols, int s_q, int q_offset, float scale, bool causal) {
    const std::int64_t row = blockIdx.x;
    __nv_bfloat16* r = s + row * std::int64_t(cols);
    const int limit = causal ? min(cols, q_offset + int(row % s_q) + 1) : cols;
    float m = -INFINITY;
    for (int i = threadIdx.x; i < limit; i += blockDim.x)
        m = fmaxf(m, __bfloat162float(r[i]) * scale);
    m = blockMax(m);
    float sum = 0.0f;
    for (int i = threadIdx.x; i < limit; i += blockDim.x)
        sum += __expf(__bfloat162float(r[i]) * scale - m);
    sum = blockSum(sum);
    const float inv = 1.0f / sum;
    for (int i = threadIdx.x; i < cols; i += blockDim.x)
        r[i] = __float2bfloat16(i < limit ? __expf(__bfloat162float(r[i]) * scale - m) * inv : 0.0f);
}

__global__ void softmaxBwdK(const __nv_bfloat16* p, __nv_bfloat16* dp, int cols, float scale) {
    const std::int64_t row = blockIdx.x;
    const __nv_bfloat16* pr = p + row * std::int64_t(cols);
    __nv_bfloat16* dr = dp + row * std::int64_t(cols);
    float dot = 0.0f;
    for (int i = threadIdx.x; i < cols; i += blockDim.x)
        dot += __bfloat162float(pr[i]) * __bfloat162float(dr[i]);
    dot = blockSum(dot);
    for (int i = threadIdx.x; i < cols; i += blockDim.x)
        dr[i] = __float2bfloat16(__bfloat162float(pr[i]) * (__bfloat162float(dr[i]) - dot) * scale);
}

__global__ void addK(const __nv_bfloat16* a, const __nv_bfloat16* b, __nv_bfloat16* o, std::int64_t n) {
    for (std::int64_t i = blockIdx.x * std::int64_t(blockDim.x) + threadIdx.x; i < n;
         i += std::int64_t(gridDim.x) * blockDim.x)
        o[i] = __float2bfloat16(__bfloat162float(a[i]) + __bfloat162float(b[i]));
}

__device__ __forceinline__ float silu(float x) {
    return x / (1.0f + __expf(-x));
}
__device__ __forceinline__ float gelu(float x) {
    const float c = 0.7978845608f; // sqrt(2/pi)
    return 0.5f * x * (1.0f + tanhf(c * (x + 0.044715f * x * x * x)));
}
__device__ __forceinline__ float geluGrad(float x) {
    const float c = 0.7978845608f;
    const float t = tanhf(c * (x + 0.044715f * x * x * x));
    return 0.5f * (1.0f + t) + 0.5f * x * (1.0f - t * t) * c * (1.0f + 3.0f * 0.044715f * x * x);
}

__global__ void actFwdK(const __nv_bfloat16* up, __nv_bfloat16* out, std::int64_t rows, int f, bool gated) {
    const std::int64_t n = rows * f;
    for (std::int64_t i = blockIdx.x * std::int64_t(blockDim.x) + threadIdx.x; i < n;
         i += std::int64_t(gridDim.x) * blockDim.x) {
        const std::int64_t r = i / f, c = i % f;
        if (gated) {
            const float g = __bfloat162float(up[r * 2 * f + c]);
            const float v = __bfloat162float(up[r * 2 * f + f + c]);
            out[i] = __float2bfloat16(silu(g) * v);
        } else {
            out[i] = __float2bfloat16(gelu(__bfloat162float(up[i])));
        }
    }
}

__global__ void actBwdK(const __nv_bfloat16* up, const __nv_bfloat16* dout, __nv_bfloat16* dup,
                        std::int64_t rows, int f, bool gated) {
    const std::int64_t n = rows * f;
    for (std::int64_t i = blockIdx.x * std::int64_t(blockDim.x) + threadIdx.x; i < n;
         i += std::int64_t(gridDim.x) * blockDim.x) {
        const std::int64_t r = i / f, c = i % f;
        const float d = __bfloat162float(dout[i]);
        if (gated) {
            const float g = __bfloat162float(up[r * 2 * f + c]);
            const float v = __bfloat162float(up[r * 2 * f + f + c]);
            const float sg = 1.0f / (1.0f + __expf(-g));
            // d silu(g)/dg = sg * (1 + g * (1 - sg))
            dup[r * 2 * f + c] = __float2bfloat16(d * v * sg * (1.0f + g * (1.0f - sg)));
            dup[r * 2 * f + f + c] = __float2bfloat16(d * g * sg);
        } else {
            dup[i] = __float2bfloat16(d * geluGrad(__bfloat162float(up[i])));
        }
    }
}

__global__ void copy16K(const int4* __restrict__ src, int4* __restrict__ dst, std::int64_t n) {
    for (std::int64_t i = blockIdx.x * std::int64_t(blockDim.x) + threadIdx.x; i < n;
         i += std::int64_t(gridDim.x) * blockDim.x)
        dst[i] = src[i];
}

// Adam (Kingma & Ba 2015) with bias correction; fp32 master weights, bf16 model weights/grads.
__global__ void adamK(float* master, float* m, float* v, __nv_bfloat16* w, const __nv_bfloat16* g,
                      std::int64_t n, float lr, float bc1, float bc2) {
    for (std::int64_t i = blockIdx.x * std::int64_t(blockDim.x) + threadIdx.x; i < n;
         i += std::int64_t(gridDim.x) * blockDim.x) {
        const float gr = __bfloat162float(g[i]);
        const float mi = 0.9f * m[i] + 0.1f * gr;
        const float vi = 0.999f * v[i] + 0.001f * gr * gr;
        m[i] = mi;
        v[i] = vi;
        const float p = master[i] - lr * (mi / bc1) / (sqrtf(vi / bc2) + 1e-8f);
        master[i] = p;
        w[i] = __float2bfloat16(p);
    }
}

} // namespace

void fillRandom(void* p, std::int64_t n, std::uint64_t seed, float scale, cudaStream_t s) {
    fillRandomK<<<blocksFor(n, 256), 256, 0, s>>>(static_cast<__nv_bfloat16*>(p), n, seed, scale);
    check("fillRandom");
}

void fillRandomFp8(void* p, std::int64_t n, std::uint64_t seed, cudaStream_t s) {
    fillRandomFp8K<<<blocksFor(n, 256), 256, 0, s>>>(static_cast<__nv_fp8_e4m3*>(p), n, seed);
    check("fillRandomFp8");
}

void fillConst(void* p, std::int64_t n, float value, cudaStream_t s) {
    fillConstK<<<blocksFor(n, 256), 256, 0, s>>>(static_cast<__nv_bfloat16*>(p), n, value);
    check("fillConst");
}

void normForward(const void* x, const void* w, void* y, float* mean, float* rstd, int rows, int h,
                 bool layernorm, cudaStream_t s) {
    auto X = static_cast<const __nv_bfloat16*>(x);
    auto W = static_cast<const __nv_bfloat16*>(w);
    auto Y = static_cast<__nv_bfloat16*>(y);
    if (layernorm)
        normFwdK<true><<<rows, kRowThreads, 0, s>>>(X, W, Y, mean, rstd, h);
    else
        normFwdK<false><<<rows, kRowThreads, 0, s>>>(X, W, Y, mean, rstd, h);
    check("normForward");
}

void normBackward(const void* x, const void* w, const float* mean, const float* rstd, const void* dy,
                  const void* residual_grad, void* dx, float* dw, int rows, int h, bool layernorm,
                  cudaStream_t s) {
    auto X = static_cast<const __nv_bfloat16*>(x);
    auto W = static_cast<const __nv_bfloat16*>(w);
    auto DY = static_cast<const __nv_bfloat16*>(dy);
    auto R = static_cast<const __nv_bfloat16*>(residual_grad);
    auto DX = static_cast<__nv_bfloat16*>(dx);
    if (layernorm)
        normBwdK<true><<<rows, kRowThreads, 0, s>>>(X, W, mean, rstd, DY, R, DX, dw, h);
    else
        normBwdK<false><<<rows, kRowThreads, 0, s>>>(X, W, mean, rstd, DY, R, DX, dw, h);
    check("normBackward");
}

void softmaxForward(void* p, std::int64_t rows, int cols, int s_q, int q_offset, float scale, bool causal,
                    cudaStream_t s) {
    if (rows > 0x7fffffffLL)
        throw EngineError("softmaxForward: too many rows");
    softmaxFwdK<<<unsigned(rows), kRowThreads, 0, s>>>(static_cast<__nv_bfloat16*>(p), cols, s_q, q_offset,
                                                       scale, causal);
    check("softmaxForward");
}

void softmaxBackward(const void* p, void* dp, std::int64_t rows, int cols, float scale, cudaStream_t s) {
    if (rows > 0x7fffffffLL)
        throw EngineError("softmaxBackward: too many rows");
    softmaxBwdK<<<unsigned(rows), kRowThreads, 0, s>>>(static_cast<const __nv_bfloat16*>(p),
                                                       static_cast<__nv_bfloat16*>(dp), cols, scale);
    check("softmaxBackward");
}

void add(const void* a, const void* b, void* out, std::int64_t n, cudaStream_t s) {
    addK<<<blocksFor(n, 256), 256, 0, s>>>(static_cast<const __nv_bfloat16*>(a),
                                           static_cast<const __nv_bfloat16*>(b),
                                           static_cast<__nv_bfloat16*>(out), n);
    check("add");
}

void activationForward(const void* up, void* out, int rows, int f, bool gated, cudaStream_t s) {
    actFwdK<<<blocksFor(std::int64_t(rows) * f, 256), 256, 0, s>>>(
        static_cast<const __nv_bfloat16*>(up), static_cast<__nv_bfloat16*>(out), rows, f, gated);
    check("activationForward");
}

void activationBackward(const void* up, const void* dout, void* dup, int rows, int f, bool gated,
                        cudaStream_t s) {
    actBwdK<<<blocksFor(std::int64_t(rows) * f, 256), 256, 0, s>>>(
        static_cast<const __nv_bfloat16*>(up), static_cast<const __nv_bfloat16*>(dout),
        static_cast<__nv_bfloat16*>(dup), rows, f, gated);
    check("activationBackward");
}

void copy16(const void* src, void* dst, std::int64_t bytes, cudaStream_t s) {
    if (bytes % 16 != 0)
        throw EngineError("copy16: size must be a multiple of 16 bytes");
    const std::int64_t n = bytes / 16;
    int dev = 0, sms = 1;
    cudaGetDevice(&dev);
    cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, dev);
    // Persistent grid: a few blocks per SM, grid-stride loop.
    std::int64_t blocks = std::int64_t(sms) * 8;
    if (blocks > (n + 511) / 512)
        blocks = (n + 511) / 512;
    copy16K<<<int(blocks < 1 ? 1 : blocks), 512, 0, s>>>(static_cast<const int4*>(src),
                                                         static_cast<int4*>(dst), n);
    check("copy16");
}

void adamStep(float* master, float* m, float* v, void* w, const void* g, std::int64_t n, float lr, int step,
              cudaStream_t s) {
    const float bc1 = 1.0f - powf(0.9f, float(step));
    const float bc2 = 1.0f - powf(0.999f, float(step));
    adamK<<<blocksFor(n, 256), 256, 0, s>>>(master, m, v, static_cast<__nv_bfloat16*>(w),
                                            static_cast<const __nv_bfloat16*>(g), n, lr, bc1, bc2);
    check("adamStep");
}

__global__ void bf16ToFloatK(const __nv_bfloat16* in, float* out, std::int64_t n) {
    for (std::int64_t i = blockIdx.x * std::int64_t(blockDim.x) + threadIdx.x; i < n;
         i += std::int64_t(gridDim.x) * blockDim.x)
        out[i] = __bfloat162float(in[i]);
}

void bf16ToFloat(const void* in, float* out, std::int64_t n, cudaStream_t s) {
    if (n <= 0)
        return;
    bf16ToFloatK<<<blocksFor(n, 256), 256, 0, s>>>(static_cast<const __nv_bfloat16*>(in), out, n);
    check("bf16ToFloat");
}

namespace {

__global__ void fillTokensK(int* ids, std::int64_t n, int vocab, std::uint64_t seed) {
    for (std::int64_t i = blockIdx.x * std::int64_t(blockDim.x) + threadIdx.x; i < n;
         i += std::int64_t(gridDim.x) * blockDim.x)
        ids[i] = min(vocab - 1, int(hashUniform(seed, std::uint64_t(i)) * float(vocab)));
}

// One block per token row.
__global__ void embFwdK(const int* ids, const __nv_bfloat16* table, __nv_bfloat16* out, int h,
                        std::int64_t v0, std::int64_t rows) {
    const std::int64_t t = blockIdx.x;
    const std::int64_t r = std::int64_t(ids[t]) - v0;
    const bool mine = r >= 0 && r < rows;
    __nv_bfloat16* o = out + t * h;
    for (int i = threadIdx.x; i < h; i += blockDim.x)
        o[i] = mine ? table[r * h + i] : __float2bfloat16(0.0f);
}

__global__ void embBwdK(const int* ids, const __nv_bfloat16* dout, __nv_bfloat16* g, int h, std::int64_t v0,
                        std::int64_t rows) {
    const std::int64_t t = blockIdx.x;
    const std::int64_t r = std::int64_t(ids[t]) - v0;
    if (r < 0 || r >= rows)
        return;
    const __nv_bfloat16* d = dout + t * h;
    for (int i = threadIdx.x; i < h; i += blockDim.x)
        atomicAdd(g + r * h + i, d[i]);
}

__global__ void ceFwdK(const __nv_bfloat16* logits, float* stats, int cols) {
    const std::int64_t row = blockIdx.x;
    const __nv_bfloat16* r = logits + row * std::int64_t(cols);
    float m = -INFINITY;
    for (int i = threadIdx.x; i < cols; i += blockDim.x)
        m = fmaxf(m, __bfloat162float(r[i]));
    m = blockMax(m);
    float sum = 0.0f;
    for (int i = threadIdx.x; i < cols; i += blockDim.x)
        sum += __expf(__bfloat162float(r[i]) - m);
    sum = blockSum(sum);
    if (threadIdx.x == 0) {
        stats[2 * row] = m;
        stats[2 * row + 1] = m + __logf(sum);
    }
}

__global__ void ceBwdK(__nv_bfloat16* logits, const int* labels, const float* stats, int cols,
                       std::int64_t v0, float scale) {
    const std::int64_t row = blockIdx.x;
    __nv_bfloat16* r = logits + row * std::int64_t(cols);
    const float lse = stats[2 * row + 1];
    const std::int64_t label = std::int64_t(labels[row]) - v0;
    for (int i = threadIdx.x; i < cols; i += blockDim.x) {
        const float p = __expf(__bfloat162float(r[i]) - lse);
        r[i] = __float2bfloat16((p - (i == label ? 1.0f : 0.0f)) * scale);
    }
}

} // namespace

void fillTokens(int* ids, std::int64_t n, int vocab, std::uint64_t seed, cudaStream_t s) {
    fillTokensK<<<blocksFor(n, 256), 256, 0, s>>>(ids, n, vocab < 1 ? 1 : vocab, seed);
    check("fillTokens");
}

void embeddingForward(const int* ids, const void* table, void* out, std::int64_t tokens, int h,
                      std::int64_t v0, std::int64_t rows, cudaStream_t s) {
    if (tokens <= 0)
        return;
    embFwdK<<<unsigned(tokens), kRowThreads, 0, s>>>(ids, static_cast<const __nv_bfloat16*>(table),
                                                     static_cast<__nv_bfloat16*>(out), h, v0, rows);
    check("embeddingForward");
}

void embeddingBackward(const int* ids, const void* dout, void* gtable, std::int64_t tokens, int h,
                       std::int64_t v0, std::int64_t rows, cudaStream_t s) {
    if (tokens <= 0)
        return;
    embBwdK<<<unsigned(tokens), kRowThreads, 0, s>>>(ids, static_cast<const __nv_bfloat16*>(dout),
                                                     static_cast<__nv_bfloat16*>(gtable), h, v0, rows);
    check("embeddingBackward");
}

void crossEntropyForward(const void* logits, float* stats, std::int64_t rows, int cols, cudaStream_t s) {
    if (rows <= 0)
        return;
    ceFwdK<<<unsigned(rows), kRowThreads, 0, s>>>(static_cast<const __nv_bfloat16*>(logits), stats, cols);
    check("crossEntropyForward");
}

void crossEntropyBackward(void* logits, const int* labels, const float* stats, std::int64_t rows, int cols,
                          std::int64_t v0, float scale, cudaStream_t s) {
    if (rows <= 0)
        return;
    ceBwdK<<<unsigned(rows), kRowThreads, 0, s>>>(static_cast<__nv_bfloat16*>(logits), labels, stats, cols,
                                                  v0, scale);
    check("crossEntropyBackward");
}

} // namespace gx::engine::kern
