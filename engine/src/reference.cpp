// SPDX-License-Identifier: Apache-2.0
// Galvatron Explorer engine - double-precision CPU reference of a Transformer layer (see reference.h).
// Plain C++: tested against finite differences in test_engine_logic, and used by the GPU self-check.
#include "gx/engine/reference.h"

#include "gx/engine/logic.h"
#include "gx/error.h"

#include <algorithm>
#include <cmath>

namespace gx::engine {

namespace {

using Mat = std::vector<double>; // row-major

/// C[M,N] = op(A) op(B), row-major, A is [M,K] (or [K,M] when ta), B is [K,N] (or [N,K] when tb).
Mat matmul(const Mat& A, const Mat& B, int M, int N, int K, bool ta = false, bool tb = false) {
    Mat C(std::size_t(M) * N, 0.0);
    for (int i = 0; i < M; ++i)
        for (int k = 0; k < K; ++k) {
            const double a = ta ? A[std::size_t(k) * M + i] : A[std::size_t(i) * K + k];
            if (a == 0)
                continue;
            for (int j = 0; j < N; ++j)
                C[std::size_t(i) * N + j] += a * (tb ? B[std::size_t(j) * K + k] : B[std::size_t(k) * N + j]);
        }
    return C;
}

struct NormOut {
    Mat y;
    std::vector<double> mean, rstd;
};

NormOut norm(const Mat& x, const Mat& w, int rows, int h, bool ln) {
    NormOut o;
    o.y.resize(x.size());
    o.mean.resize(std::size_t(rows));
    o.rstd.resize(std::size_t(rows));
    for (int r = 0; r < rows; ++r) {
        double s = 0, ss = 0;
        for (int i = 0; i < h; ++i) {
            s += x[std::size_t(r) * h + i];
            ss += x[std::size_t(r) * h + i] * x[std::size_t(r) * h + i];
        }
        const double mu = ln ? s / h : 0.0;
        const double rs = 1.0 / std::sqrt(std::max(ss / h - mu * mu, 0.0) + 1e-5);
        o.mean[std::size_t(r)] = mu;
        o.rstd[std::size_t(r)] = rs;
        for (int i = 0; i < h; ++i)
            o.y[std::size_t(r) * h + i] = (x[std::size_t(r) * h + i] - mu) * rs * w[std::size_t(i)];
    }
    return o;
}

Mat normBackward(const Mat& x, const Mat& w, const NormOut& n, const Mat& dy, int rows, int h, bool ln) {
    Mat dx(x.size());
    for (int r = 0; r < rows; ++r) {
        double sg = 0, sgx = 0;
        for (int i = 0; i < h; ++i) {
            const double xh = (x[std::size_t(r) * h + i] - n.mean[std::size_t(r)]) * n.rstd[std::size_t(r)];
            const double g = w[std::size_t(i)] * dy[std::size_t(r) * h + i];
            sg += g;
            sgx += g * xh;
        }
        sg /= h;
        sgx /= h;
        for (int i = 0; i < h; ++i) {
            const double xh = (x[std::size_t(r) * h + i] - n.mean[std::size_t(r)]) * n.rstd[std::size_t(r)];
            const double g = w[std::size_t(i)] * dy[std::size_t(r) * h + i];
            dx[std::size_t(r) * h + i] = n.rstd[std::size_t(r)] * (g - (ln ? sg : 0.0) - xh * sgx);
        }
    }
    return dx;
}

double sigmoid(double x) {
    return 1.0 / (1.0 + std::exp(-x));
}
double gelu(double x) {
    const double c = 0.7978845608028654;
    return 0.5 * x * (1.0 + std::tanh(c * (x + 0.044715 * x * x * x)));
}
double geluGrad(double x) {
    const double c = 0.7978845608028654;
    const double t = std::tanh(c * (x + 0.044715 * x * x * x));
    return 0.5 * (1.0 + t) + 0.5 * x * (1.0 - t * t) * c * (1.0 + 3.0 * 0.044715 * x * x);
}

/// The FFN activation [T, f] of the up-projection UP [T, gf]: SwiGLU of its gate (first f columns) and
/// up halves when gated, else GELU (gf = f).
Mat ffnActivation(const Mat& UP, int T, int f, bool gated) {
    const int gf = (gated ? 2 : 1) * f;
    Mat A(std::size_t(T) * f);
    for (int r = 0; r < T; ++r)
        for (int c = 0; c < f; ++c) {
            if (gated) {
                const double gt = UP[std::size_t(r) * gf + c], v = UP[std::size_t(r) * gf + f + c];
                A[std::size_t(r) * f + c] = gt * sigmoid(gt) * v;
            } else {
                A[std::size_t(r) * f + c] = gelu(UP[std::size_t(r) * gf + c]);
            }
        }
    return A;
}

/// The gradient [T, gf] of ffnActivation's input UP from the gradient dA of its output.
Mat ffnActivationBackward(const Mat& UP, const Mat& dA, int T, int f, bool gated) {
    const int gf = (gated ? 2 : 1) * f;
    Mat dUP(std::size_t(T) * gf);
    for (int r = 0; r < T; ++r)
        for (int c = 0; c < f; ++c) {
            const double d = dA[std::size_t(r) * f + c];
            if (gated) {
                const double gt = UP[std::size_t(r) * gf + c], v = UP[std::size_t(r) * gf + f + c];
                const double sg = sigmoid(gt);
                dUP[std::size_t(r) * gf + c] = d * v * sg * (1.0 + gt * (1.0 - sg));
                dUP[std::size_t(r) * gf + f + c] = d * gt * sg;
            } else {
                dUP[std::size_t(r) * gf + c] = d * geluGrad(UP[std::size_t(r) * gf + c]);
            }
        }
    return dUP;
}

} // namespace

std::int64_t layerParamCount(const LayerBenchConfig& cfg) {
    layerGemmShapes(cfg); // validates
    std::int64_t p = 0;
    for (const auto& g : layerGemmShapes(cfg))
        p += g.n * g.k;
    return p + 2 * std::int64_t(cfg.hidden);
}

ReferenceLayer referenceLayer(const LayerBenchConfig& cfg, const std::vector<double>& X,
                              const std::vector<double>& W, const std::vector<double>& DO) {
    const int h = cfg.hidden, s = cfg.seq_len, B = cfg.micro_batch;
    const int T = B * s;
    const int kv = cfg.kv_heads > 0 ? cfg.kv_heads : cfg.heads;
    const int hd = h / cfg.heads, nh = cfg.heads / cfg.tp, nkv = std::max(1, kv / cfg.tp), g = nh / nkv;
    const int q = nh * hd, kvw = nkv * hd, nqkv = q + 2 * kvw, f = cfg.ffn_hidden / cfg.tp,
              gf = (cfg.gated_ffn ? 2 : 1) * f;
    const bool ln = !cfg.rms_norm;
    if (std::int64_t(W.size()) != layerParamCount(cfg))
        throw gx::InputError("weights", "expected " + std::to_string(layerParamCount(cfg)) + " values");
    if (X.size() != std::size_t(T) * h || DO.size() != X.size())
        throw gx::InputError("x", "x and dout must hold micro_batch * seq_len * hidden values");
    auto slice = [](const Mat& m, std::size_t off, std::size_t len) {
        return Mat(m.begin() + std::ptrdiff_t(off), m.begin() + std::ptrdiff_t(off + len));
    };
    const std::size_t n_qkv = std::size_t(h) * nqkv, n_o = std::size_t(q) * h, n_up = std::size_t(h) * gf,
                      n_down = std::size_t(f) * h;
    const Mat Wqkv = slice(W, 0, n_qkv), Wo = slice(W, n_qkv, n_o), Wup = slice(W, n_qkv + n_o, n_up),
              Wdown = slice(W, n_qkv + n_o + n_up, n_down), wn1 = slice(W, n_qkv + n_o + n_up + n_down, h),
              wn2 = slice(W, n_qkv + n_o + n_up + n_down + h, h);

    // ---- reference forward
    const NormOut n1 = norm(X, wn1, T, h, ln);
    const Mat QKV = matmul(n1.y, Wqkv, T, nqkv, h);
    const double scale = 1.0 / std::sqrt(double(hd));
    std::vector<Mat> P(std::size_t(B) * nh, Mat(std::size_t(s) * s, 0.0));
    Mat CTX(std::size_t(T) * q, 0.0);
    auto Qv = [&](int b, int i, int hh, int d) { return QKV[std::size_t(b * s + i) * nqkv + hh * hd + d]; };
    auto Kv = [&](int b, int j, int kh, int d) {
        return QKV[std::size_t(b * s + j) * nqkv + q + kh * hd + d];
    };
    auto Vv = [&](int b, int j, int kh, int d) {
        return QKV[std::size_t(b * s + j) * nqkv + q + kvw + kh * hd + d];
    };
    for (int b = 0; b < B; ++b)
        for (int hh = 0; hh < nh; ++hh) {
            const int kh = hh / g;
            Mat& p = P[std::size_t(b) * nh + hh];
            for (int i = 0; i < s; ++i) {
                const int limit = cfg.causal ? i + 1 : s;
                double mx = -INFINITY;
                for (int j = 0; j < limit; ++j) {
                    double dot = 0;
                    for (int d = 0; d < hd; ++d)
                        dot += Qv(b, i, hh, d) * Kv(b, j, kh, d);
                    p[std::size_t(i) * s + j] = dot * scale;
                    mx = std::max(mx, dot * scale);
                }
                double sum = 0;
                for (int j = 0; j < limit; ++j)
                    sum += (p[std::size_t(i) * s + j] = std::exp(p[std::size_t(i) * s + j] - mx));
                for (int j = 0; j < s; ++j)
                    p[std::size_t(i) * s + j] = j < limit ? p[std::size_t(i) * s + j] / sum : 0.0;
                for (int d = 0; d < hd; ++d) {
                    double acc = 0;
                    for (int j = 0; j < limit; ++j)
                        acc += p[std::size_t(i) * s + j] * Vv(b, j, kh, d);
                    CTX[std::size_t(b * s + i) * q + hh * hd + d] = acc;
                }
            }
        }
    Mat X2 = matmul(CTX, Wo, T, h, q);
    for (std::size_t i = 0; i < X2.size(); ++i)
        X2[i] += X[i];
    const NormOut n2 = norm(X2, wn2, T, h, ln);
    const Mat UP = matmul(n2.y, Wup, T, gf, h);
    const Mat A = ffnActivation(UP, T, f, cfg.gated_ffn);
    Mat OUT = matmul(A, Wdown, T, h, f);
    for (std::size_t i = 0; i < OUT.size(); ++i)
        OUT[i] += X2[i];

    // ---- reference backward
    const Mat dA = matmul(DO, Wdown, T, f, h, false, true);
    const Mat dWdown = matmul(A, DO, f, h, T, true, false);
    const Mat dUP = ffnActivationBackward(UP, dA, T, f, cfg.gated_ffn);
    const Mat dWup = matmul(n2.y, dUP, h, gf, T, true, false);
    const Mat dY2 = matmul(dUP, Wup, T, h, gf, false, true);
    Mat dX2 = normBackward(X2, wn2, n2, dY2, T, h, ln);
    for (std::size_t i = 0; i < dX2.size(); ++i)
        dX2[i] += DO[i];
    const Mat dWo = matmul(CTX, dX2, q, h, T, true, false);
    const Mat dCTX = matmul(dX2, Wo, T, q, h, false, true);
    Mat dQKV(std::size_t(T) * nqkv, 0.0);
    for (int b = 0; b < B; ++b)
        for (int hh = 0; hh < nh; ++hh) {
            const int kh = hh / g;
            const Mat& p = P[std::size_t(b) * nh + hh];
            for (int i = 0; i < s; ++i) {
                std::vector<double> dp(std::size_t(s), 0.0);
                double dot = 0;
                for (int j = 0; j < s; ++j) {
                    double acc = 0;
                    for (int d = 0; d < hd; ++d)
                        acc += dCTX[std::size_t(b * s + i) * q + hh * hd + d] * Vv(b, j, kh, d);
                    dp[std::size_t(j)] = acc;
                    dot += acc * p[std::size_t(i) * s + j];
                }
                for (int j = 0; j < s; ++j) {
                    const double pij = p[std::size_t(i) * s + j];
                    const double ds = pij * (dp[std::size_t(j)] - dot) * scale;
                    for (int d = 0; d < hd; ++d) {
                        // dV_j += P_ij dC_i ; dQ_i += dS_ij K_j ; dK_j += dS_ij Q_i
                        dQKV[std::size_t(b * s + j) * nqkv + q + kvw + kh * hd + d] +=
                            pij * dCTX[std::size_t(b * s + i) * q + hh * hd + d];
                        dQKV[std::size_t(b * s + i) * nqkv + hh * hd + d] += ds * Kv(b, j, kh, d);
                        dQKV[std::size_t(b * s + j) * nqkv + q + kh * hd + d] += ds * Qv(b, i, hh, d);
                    }
                }
            }
        }
    const Mat dWqkv = matmul(n1.y, dQKV, h, nqkv, T, true, false);
    const Mat dY1 = matmul(dQKV, Wqkv, T, h, nqkv, false, true);
    Mat DX = normBackward(X, wn1, n1, dY1, T, h, ln);
    for (std::size_t i = 0; i < DX.size(); ++i)
        DX[i] += dX2[i];

    ReferenceLayer r;
    r.qkv = QKV;
    r.ctx = CTX;
    r.dqkv = dQKV;
    r.out = std::move(OUT);
    r.dx = std::move(DX);
    r.dw.assign(W.size(), 0.0);
    std::copy(dWqkv.begin(), dWqkv.end(), r.dw.begin());
    std::copy(dWo.begin(), dWo.end(), r.dw.begin() + std::ptrdiff_t(n_qkv));
    std::copy(dWup.begin(), dWup.end(), r.dw.begin() + std::ptrdiff_t(n_qkv + n_o));
    std::copy(dWdown.begin(), dWdown.end(), r.dw.begin() + std::ptrdiff_t(n_qkv + n_o + n_up));
    return r;
}

double relativeError(const std::vector<double>& got, const std::vector<double>& want) {
    if (got.size() != want.size())
        throw gx::InputError("sizes", "relative error of vectors of different lengths");
    double num = 0, den = 0;
    for (std::size_t i = 0; i < want.size(); ++i) {
        if (!std::isfinite(got[i]))
            return INFINITY;
        const double d = got[i] - want[i];
        num += d * d;
        den += want[i] * want[i];
    }
    return den > 0 ? std::sqrt(num / den) : std::sqrt(num);
}

std::vector<LayerBenchConfig> selfCheckVariants() {
    auto make = [](int heads, int kv, bool causal, bool llama) {
        LayerBenchConfig c;
        c.hidden = 256;
        c.ffn_hidden = 512;
        c.heads = heads;
        c.kv_heads = kv;
        c.seq_len = 64;
        c.micro_batch = 2;
        c.causal = causal;
        c.gated_ffn = llama;
        c.rms_norm = llama;
        return c;
    };
    return {make(4, 4, true, true), make(4, 2, true, true), make(4, 1, false, true),
            make(4, 4, false, false)};
}

} // namespace gx::engine
