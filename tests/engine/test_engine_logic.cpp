// SPDX-License-Identifier: Apache-2.0
// GPU-free tests of the engine: nccl-tests bandwidth formulas, fits, peak tables, layer shapes,
// measured results -> ClusterProfile, JSON, the job queue, pipeline schedules, rank groups and
// launcher environments. Expected values are computed by hand in the comments.
#include "gx/engine/engine.h"
#include "gx/engine/logic.h"
#include "gx/engine/plan_runner.h"
#include "gx/engine/rank_group.h"
#include "gx/engine/reference.h"

#include "gx/cost_model.h"
#include "gx/error.h"
#include "gx/presets.h"

#include "bootstrap.h" // engine/src: the NCCL id file exchange (plain C++)

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QProcessEnvironment>
#include <QTemporaryDir>
#include <QTest>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <mutex>
#include <set>
#include <thread>

using namespace gx;
using namespace gx::engine;

namespace {

template <typename Fn> QString fieldOf(Fn&& fn) {
    try {
        fn();
    } catch (const gx::InputError& e) {
        return QString::fromStdString(e.field());
    }
    return QStringLiteral("<no InputError>");
}

bool near(double a, double b, double rel = 1e-9) {
    return std::abs(a - b) <= rel * std::max(std::abs(b), 1e-30);
}

DeviceInfo h100() {
    DeviceInfo d;
    d.name = "NVIDIA H100 80GB HBM3";
    d.cc_major = 9;
    d.cc_minor = 0;
    d.sm_count = 132;
    d.sm_clock_mhz = 1980;
    d.total_memory_bytes = 85520809984; // 79.65 GiB, what an H100 SXM reports
    return d;
}

LayerBenchConfig llama7b(int b, int s, int tp) {
    LayerBenchConfig c; // defaults are LLaMA-7B: h 4096, f 11008, 32 heads, SwiGLU
    c.micro_batch = b;
    c.seq_len = s;
    c.tp = tp;
    return c;
}

/// A small LLaMA-like model with a vocabulary: 4 layers of h 512, s 512.
ModelProfile tinyLlama() {
    ModelProfile m;
    m.name = "tiny-llama";
    m.family = "llama";
    LayerStack st;
    st.type = layerTypeOf(llama7b(1, 512, 1));
    st.type.hidden = 512;
    st.type.ffn_hidden = 1376;
    st.type.heads = 8;
    st.type.kv_heads = 8;
    st.type.head_dim = 64;
    st.count = 4;
    m.stacks = {st};
    m.vocab_size = 32000;
    m.embed_hidden = 512;
    m.seq_len = 512;
    return m;
}

/// pp = 2 over 4 GPUs: stage 0 runs tp = 2, stage 1 DDP dp = 2; 4 micro-batches of 2, 1F1B.
Plan twoStagePlan() {
    Plan p;
    p.gpus = 4;
    p.pp = 2;
    p.stage_layers = {2, 2};
    p.global_batch = 8;
    p.num_micro = 4;
    p.schedule = Schedule::OneFOneB;
    LayerStrategy tp2;
    tp2.tp = 2;
    LayerStrategy dp2;
    dp2.dp = 2;
    p.layers = {tp2, tp2, dp2, dp2};
    return p;
}

} // namespace

class TestEngineLogic : public QObject {
    Q_OBJECT
private slots:
    void busBandwidthFactors() {
        // nccl-tests doc/PERFORMANCE.md: all-reduce 2(n-1)/n, all-gather/reduce-scatter (n-1)/n,
        // all-to-all (n-1)/n, send/recv 1.
        QCOMPARE(busBwFactor(Collective::AllReduce, 8), 1.75);
        QCOMPARE(busBwFactor(Collective::AllReduce, 2), 1.0);
        QCOMPARE(busBwFactor(Collective::AllGather, 8), 0.875);
        QCOMPARE(busBwFactor(Collective::ReduceScatter, 4), 0.75);
        QCOMPARE(busBwFactor(Collective::AllToAll, 4), 0.75);
        QCOMPARE(busBwFactor(Collective::SendRecv, 8), 1.0);
        QCOMPARE(fieldOf([] { busBwFactor(Collective::AllReduce, 0); }), QStringLiteral("group_size"));
    }

    void algAndBusBandwidth() {
        // 1 GiB all-reduce over 8 GPUs in 10 ms: algbw = 2^30 B / 0.01 s = 107.374 GB/s,
        // busbw = 107.374 * 1.75 = 187.905 GB/s.
        const CollectivePoint p = makeCollectivePoint(Collective::AllReduce, 8, 1ll << 30, 10000.0);
        QVERIFY(near(p.algbw_gbs, 107.3741824));
        QVERIFY(near(p.busbw_gbs, 187.9048192));
        QCOMPARE(fieldOf([] { algBwGbs(100, 0); }), QStringLiteral("time_us"));
    }

    void messageSizeSweep() {
        QCOMPARE(messageSizes(8, 128, 2), (std::vector<std::int64_t>{8, 16, 32, 64, 128}));
        QCOMPARE(messageSizes(8, 100, 4), (std::vector<std::int64_t>{8, 32}));
        QCOMPARE(messageSizes(1ll << 30, 1ll << 30, 2).size(), std::size_t(1));
        QCOMPARE(fieldOf([] { messageSizes(8, 128, 1); }), QStringLiteral("step_factor"));
        QCOMPARE(fieldOf([] { messageSizes(0, 128, 2); }), QStringLiteral("min_bytes"));
        QCOMPARE(fieldOf([] { messageSizes(256, 128, 2); }), QStringLiteral("max_bytes"));
    }

    void linearFit() {
        const LinearFit f = fitLinear({1, 2, 3, 4}, {5, 7, 9, 11}); // y = 3 + 2x
        QVERIFY(near(f.intercept, 3.0));
        QVERIFY(near(f.slope, 2.0));
        QVERIFY(near(f.r2, 1.0));
        QCOMPARE(fieldOf([] { fitLinear({1}, {2}); }), QStringLiteral("fit"));
        QCOMPARE(fieldOf([] { fitLinear({2, 2}, {1, 3}); }), QStringLiteral("fit"));
    }

    void alphaBetaFit() {
        // Curve of an all-reduce over 2 ranks (factor 1) with alpha = 5 us and 100 GB/s:
        // t(bytes) = 5 + bytes / 1e5 us. Small sizes give alpha back exactly; at 1 GiB the bus
        // bandwidth is 2^30 / (5 + 10737.41824) us = 99.953 GB/s.
        std::vector<CollectivePoint> pts;
        for (std::int64_t b : messageSizes(16, 1ll << 30, 4)) // 16 B .. 1 GiB
            pts.push_back(makeCollectivePoint(Collective::AllReduce, 2, b, 5.0 + double(b) / 1e5));
        const AlphaBetaFit f = fitAlphaBeta(pts);
        QVERIFY(near(f.latency_us, 5.0, 1e-6));
        QVERIFY(near(f.busbw_gbs, 99.95345554521994, 1e-9));
        QCOMPARE(fieldOf([] { fitAlphaBeta({}); }), QStringLiteral("collectives"));
    }

    void saturationFit() {
        // eff(x) = 0.8 x / (x + 256) sampled at four sizes: the fit recovers e = 0.8, x0 = 256.
        std::vector<double> xs = {256, 512, 1024, 4096}, es;
        for (double x : xs)
            es.push_back(0.8 * x / (x + 256));
        const SaturationFit f = fitSaturation(xs, es);
        QVERIFY(near(f.efficiency, 0.8, 1e-9));
        QVERIFY(near(f.half_saturation, 256.0, 1e-9));
        QCOMPARE(fieldOf([] { fitSaturation({1, 2}, {0.5, -1}); }), QStringLiteral("fit"));
    }

    void peakRates() {
        // Data sheets: H100 SXM 989.4 dense BF16, 1978.9 FP8; A100 312, no FP8; L40S 362.05.
        DeviceInfo d = h100();
        QCOMPARE(peakTflops(d, DType::BF16), 989.4);
        QCOMPARE(peakTflops(d, DType::FP8), 1978.9);
        d.name = "NVIDIA H100 PCIe";
        QCOMPARE(peakTflops(d, DType::BF16), 756.5);
        DeviceInfo a;
        a.name = "NVIDIA A100-SXM4-80GB";
        a.cc_major = 8;
        QCOMPARE(peakTflops(a, DType::BF16), 312.0);
        QCOMPARE(peakTflops(a, DType::FP8), 0.0);
        QVERIFY(!supportsFp8(a));
        a.name = "NVIDIA A10";
        a.cc_minor = 6;
        QCOMPARE(peakTflops(a, DType::BF16), 125.0); // "A10" is not "A100"
        DeviceInfo l;
        l.name = "NVIDIA L40S";
        l.cc_major = 8;
        l.cc_minor = 9;
        QCOMPARE(peakTflops(l, DType::BF16), 362.05);
        // Unknown names: SMs * clock * FLOP/clk/SM. Hopper 132 SMs at 1830 MHz * 4096 = 989.43 TFLOP/s;
        // GA102 (sm_86) 82 SMs at 1695 MHz * 512 = 71.16 TFLOP/s (RTX 3090 data sheet: 71 dense).
        DeviceInfo u;
        u.name = "Some Hopper";
        u.cc_major = 9;
        u.sm_count = 132;
        u.sm_clock_mhz = 1830;
        QVERIFY(near(peakTflops(u, DType::BF16), 989.42976));
        QVERIFY(near(peakTflops(u, DType::FP8), 2 * 989.42976));
        u.name = "Some Ampere";
        u.cc_major = 8;
        u.cc_minor = 6;
        u.sm_count = 82;
        u.sm_clock_mhz = 1695;
        QVERIFY(near(peakTflops(u, DType::BF16), 71.16288));
        QCOMPARE(peakTflops(u, DType::FP8), 0.0);
    }

    void layerShapes() {
        // LLaMA-7B, b=1, s=2048: tokens 2048; QKV 4096 -> 3*4096; out 4096 -> 4096;
        // SwiGLU up 4096 -> 2*11008; down 11008 -> 4096.
        auto s = layerGemmShapes(llama7b(1, 2048, 1));
        QCOMPARE(s.size(), std::size_t(4));
        QCOMPARE(s[0].m, std::int64_t(2048));
        QCOMPARE(s[0].n, std::int64_t(12288));
        QCOMPARE(s[0].k, std::int64_t(4096));
        QCOMPARE(s[2].n, std::int64_t(22016));
        QCOMPARE(s[3].k, std::int64_t(11008));
        // tp = 2 splits the column-parallel outputs and the row-parallel inputs.
        s = layerGemmShapes(llama7b(2, 4096, 2));
        QCOMPARE(s[0].m, std::int64_t(8192));
        QCOMPARE(s[0].n, std::int64_t(6144));
        QCOMPARE(s[1].k, std::int64_t(2048));
        QCOMPARE(s[2].n, std::int64_t(11008));
        QCOMPARE(s[3].k, std::int64_t(5504));
        // GQA (LLaMA-2-70B: h 8192, 64 heads, 8 KV heads): QKV n = 8192 + 2 * 8 * 128 = 10240.
        LayerBenchConfig g;
        g.hidden = 8192;
        g.ffn_hidden = 28672;
        g.heads = 64;
        g.kv_heads = 8;
        QCOMPARE(layerGemmShapes(g)[0].n, std::int64_t(10240));
        QCOMPARE(fieldOf([] { layerGemmShapes(llama7b(1, 2048, 3)); }), QStringLiteral("layer.tp"));
    }

    void layerFlops() {
        // GEMMs 2 * 2048 * 4096 * (12288 + 4096 + 22016 + 11008) = 828.93 GFLOP; attention
        // 4 * 2048^2 * 4096 = 68.72 GFLOP; total 897,648,164,864 FLOP.
        QCOMPARE(layerForwardFlops(llama7b(1, 2048, 1)), 897648164864.0);
        // Same count as the core's LayerType::forwardFlops (Narayanan et al. 2021).
        const LayerBenchConfig c = llama7b(2, 4096, 1);
        QVERIFY(near(layerForwardFlops(c), layerTypeOf(c).forwardFlops(2)));
    }

    void layerPrediction() {
        // The bench's prediction is CostModel::layer() of the same layer on one GPU (fwd + bwd).
        ClusterProfile c;
        c.gpu.peak_tflops_bf16 = 1000;
        c.gpu.gemm_efficiency = 0.5;
        const LayerBenchConfig cfg = llama7b(1, 2048, 1);
        CostOptions o;
        o.runtime.attention = AttentionKernel::Eager;
        ClusterProfile c64 = c;
        c64.gpu.gemm_half_saturation = 64;
        ModelProfile m;
        m.stacks = {{layerTypeOf(cfg), 1}};
        const LayerCost lc =
            CostModel(m, c64, o).layer(layerTypeOf(cfg), LayerStrategy{}, StageShape{1, 0, 1, 1});
        QCOMPARE(predictedLayerMs(cfg, c, false, 64), (lc.fwd_compute + lc.bwd_compute) * 1e3);
        // Twice the GEMM efficiency: the GEMM part halves, so the layer gets faster.
        ClusterProfile faster = c;
        faster.gpu.gemm_efficiency = 1.0;
        QVERIFY(predictedLayerMs(cfg, faster) < predictedLayerMs(cfg, c));
    }

    void referenceLayerIdentity() {
        // Zero projection weights (norm weights 1): attention and MLP add nothing, so out = x, and
        // the gradient flows through both residuals unchanged: dx = dout.
        LayerBenchConfig c = llama7b(2, 4, 1);
        c.hidden = 8;
        c.ffn_hidden = 6;
        c.heads = 2;
        c.kv_heads = 1;
        const std::int64_t p = layerParamCount(c);
        // Wqkv 8x16 + Wo 8x8 + Wup 8x12 + Wdown 6x8 + 2 norms of 8 = 128+64+96+48+16 = 352.
        QCOMPARE(p, std::int64_t(352));
        std::vector<double> w(std::size_t(p), 0.0);
        std::fill(w.end() - 16, w.end(), 1.0);
        std::vector<double> x(64), dout(64);
        for (int i = 0; i < 64; ++i) {
            x[std::size_t(i)] = std::sin(0.3 * i + 1);
            dout[std::size_t(i)] = std::cos(0.7 * i);
        }
        const ReferenceLayer r = referenceLayer(c, x, w, dout);
        for (int i = 0; i < 64; ++i) {
            QVERIFY(std::abs(r.out[std::size_t(i)] - x[std::size_t(i)]) < 1e-12);
            QVERIFY(std::abs(r.dx[std::size_t(i)] - dout[std::size_t(i)]) < 1e-12);
        }
        QCOMPARE(fieldOf([&] { referenceLayer(c, x, std::vector<double>(10), dout); }),
                 QStringLiteral("weights"));
    }

    void referenceLayerGradientsMatchFiniteDifferences_data() {
        QTest::addColumn<bool>("gated");
        QTest::addColumn<bool>("rms");
        QTest::addColumn<bool>("causal");
        QTest::addColumn<int>("kv_heads");
        QTest::addColumn<int>("tp");
        QTest::newRow("llama: swiglu rmsnorm causal gqa") << true << true << true << 1 << 1;
        QTest::newRow("gpt: gelu layernorm causal mha") << false << false << true << 2 << 1;
        QTest::newRow("bert: gelu layernorm bidirectional") << false << false << false << 2 << 1;
        QTest::newRow("tp2 shard") << true << true << true << 2 << 2;
    }

    void referenceLayerGradientsMatchFiniteDifferences() {
        // The GPU layer mirrors this reference op by op, so its backward formulas are checked here:
        // L = sum(out * dout); dL/dx and dL/dW against central differences (eps 1e-6, double).
        QFETCH(bool, gated);
        QFETCH(bool, rms);
        QFETCH(bool, causal);
        QFETCH(int, kv_heads);
        QFETCH(int, tp);
        LayerBenchConfig c = llama7b(2, 4, tp);
        c.hidden = 8;
        c.ffn_hidden = 6;
        c.heads = 2;
        c.kv_heads = kv_heads;
        c.gated_ffn = gated;
        c.rms_norm = rms;
        c.causal = causal;
        const std::size_t p = std::size_t(layerParamCount(c));
        std::vector<double> w(p), x(64), dout(64);
        std::uint64_t st = 12345;
        auto rnd = [&st] {
            st = st * 6364136223846793005ULL + 1442695040888963407ULL;
            return double(st >> 11) / double(1ULL << 53) * 2.0 - 1.0;
        };
        for (auto& v : w)
            v = 0.5 * rnd();
        for (std::size_t i = p - 2 * 8; i < p; ++i)
            w[i] = 1.0 + 0.2 * rnd(); // norm weights near 1
        for (auto& v : x)
            v = rnd();
        for (auto& v : dout)
            v = rnd();
        const ReferenceLayer r = referenceLayer(c, x, w, dout);
        auto loss = [&](const std::vector<double>& xx, const std::vector<double>& ww) {
            const ReferenceLayer o = referenceLayer(c, xx, ww, dout);
            double l = 0;
            for (std::size_t i = 0; i < o.out.size(); ++i)
                l += o.out[i] * dout[i];
            return l;
        };
        const double eps = 1e-6;
        double worst = 0, scale = 0;
        for (std::size_t i = 0; i < x.size(); ++i) {
            auto xp = x, xm = x;
            xp[i] += eps;
            xm[i] -= eps;
            const double fd = (loss(xp, w) - loss(xm, w)) / (2 * eps);
            worst = std::max(worst, std::abs(fd - r.dx[i]));
            scale = std::max(scale, std::abs(fd));
        }
        QVERIFY2(worst <= 1e-6 * std::max(1.0, scale), qPrintable(QString::number(worst)));
        worst = 0;
        scale = 0;
        for (std::size_t i = 0; i + 16 < p; ++i) { // all matrices (norm-weight gradients are not computed)
            auto wp = w, wm = w;
            wp[i] += eps;
            wm[i] -= eps;
            const double fd = (loss(x, wp) - loss(x, wm)) / (2 * eps);
            worst = std::max(worst, std::abs(fd - r.dw[i]));
            scale = std::max(scale, std::abs(fd));
        }
        QVERIFY2(worst <= 1e-6 * std::max(1.0, scale), qPrintable(QString::number(worst)));
        QVERIFY(scale > 1e-3); // the gradients are not trivially zero
    }

    void resultsToClusterProfile() {
        ProfileResults r;
        r.inventory.available = true;
        r.inventory.driver_version = "580.159.04";
        r.inventory.cuda_runtime_version = 13000;
        r.inventory.devices = {h100(), h100()};
        r.inventory.devices[1].index = 1;
        PeerLink link;
        link.a = 0;
        link.b = 1;
        link.nvlinks = 18;
        link.path = "NVLink";
        r.inventory.links = {link};
        r.command = "galvatron profile --out x.json";
        r.date = "2026-11-23T10:00:00Z";
        GemmResult g;
        g.shape = {"square", 8192, 8192, 8192};
        g.tflops = 700.0;
        g.time_us = g.shape.flops() / 700e12 * 1e6;
        r.gemms = {g};
        GemmResult small = g;
        small.shape = {"square", 512, 512, 512};
        small.tflops = 200.0; // below min_dim 1024: not used for the large-GEMM efficiency
        r.gemms.push_back(small);
        r.hbm = {{1ll << 30, 3000.0, 2900.0}, {1ll << 28, 2800.0, 2950.0}};
        for (std::int64_t b : messageSizes(8, 1ll << 30, 8))
            r.collectives.push_back(makeCollectivePoint(Collective::AllReduce, 2, b, 8.0 + double(b) / 4e5));
        r.collectives.push_back(makeCollectivePoint(Collective::AllGather, 2, 1 << 20, 20.0));

        const ClusterProfile c = toClusterProfile(r);
        QCOMPARE(QString::fromStdString(c.gpu.name), QStringLiteral("NVIDIA H100 80GB HBM3"));
        QVERIFY(near(c.gpu.memory_gib, 85520809984.0 / 1073741824.0));
        QCOMPARE(c.gpu.sm_count, 132);
        QCOMPARE(c.gpu.peak_tflops_bf16, 989.4);
        QCOMPARE(c.gpu.peak_tflops_fp8, 1978.9);
        QVERIFY(near(c.gpu.gemm_efficiency, 700.0 / 989.4)); // 0.7075
        QCOMPARE(c.gpu.hbm_bandwidth_gbs, 3000.0);
        QCOMPARE(c.gpus_per_node, 2);
        QCOMPARE(c.nodes, 1);
        QCOMPARE(QString::fromStdString(c.intra.kind), QStringLiteral("NVLink"));
        // Bandwidth of the largest all-reduce: 2^30 / (8 + 2^30/4e5) us = 399.7 GB/s; latency 8 us.
        QVERIFY(near(c.intra.bandwidth_gbs, 1073741824.0 / (8.0 + 1073741824.0 / 4e5) / 1e3, 1e-9));
        QVERIFY(near(c.intra.latency_us, 8.0, 1e-6));
        QCOMPARE(c.measured.size(), std::size_t(2));
        const auto& ar = c.measured[0];
        QCOMPARE(ar.op, Collective::AllReduce);
        QCOMPARE(ar.group_size, 2);
        QCOMPARE(ar.bytes_to_busbw_gbs.size(), messageSizes(8, 1ll << 30, 8).size());
        for (std::size_t i = 1; i < ar.bytes_to_busbw_gbs.size(); ++i)
            QVERIFY(ar.bytes_to_busbw_gbs[i - 1].first < ar.bytes_to_busbw_gbs[i].first);
        QCOMPARE(QString::fromStdString(c.provenance.at("driver")), QStringLiteral("580.159.04"));
        QCOMPARE(QString::fromStdString(c.provenance.at("date")), QStringLiteral("2026-11-23T10:00:00Z"));
        QCOMPARE(QString::fromStdString(c.provenance.at("command")),
                 QStringLiteral("galvatron profile --out x.json"));
        QCOMPARE(QString::fromStdString(c.provenance.at("device")), QStringLiteral("NVIDIA H100 80GB HBM3"));
        QVERIFY(QString::fromStdString(c.source).startsWith(QStringLiteral("measured by galvatron-engine")));

        ProfileResults empty;
        QCOMPARE(fieldOf([&] { toClusterProfile(empty); }), QStringLiteral("results.inventory.devices"));
        ProfileResults one_gpu = r; // a 2-GPU curve with a 1-GPU inventory is inconsistent
        one_gpu.inventory.devices.resize(1);
        QCOMPARE(fieldOf([&] { toClusterProfile(one_gpu); }),
                 QStringLiteral("results.collectives[0].group_size"));
    }

    void jsonRoundTrip() {
        ProfileResults r;
        r.inventory.available = true;
        r.inventory.devices = {h100()};
        r.command = "bench";
        GemmResult g;
        g.shape = {"qkv", 2048, 12288, 4096};
        g.dtype = DType::FP8;
        g.tflops = 1200;
        g.time_us = 85.9;
        r.gemms = {g};
        LayerResult l;
        l.config = llama7b(2, 4096, 1);
        l.fwd_ms = 10;
        l.bwd_ms = 20;
        r.layers = {l};
        r.collectives = {makeCollectivePoint(Collective::AllToAll, 4, 1 << 20, 50.0)};
        const ProfileResults back = profileResultsFromJson(toJson(r));
        QCOMPARE(back.inventory.devices.size(), std::size_t(1));
        QCOMPARE(back.inventory.devices[0].cc_major, 9);
        QCOMPARE(back.gemms[0].dtype, DType::FP8);
        QCOMPARE(back.gemms[0].shape.n, std::int64_t(12288));
        QCOMPARE(back.layers[0].config.seq_len, 4096);
        QCOMPARE(back.layers[0].totalMs(), 30.0);
        QCOMPARE(back.collectives[0].op, Collective::AllToAll);
        // algbw/busbw are recomputed from bytes and time: 2^20 / 50 us = 20.97 GB/s * 3/4.
        QVERIFY(near(back.collectives[0].busbw_gbs, 1048576.0 / 50e-6 / 1e9 * 0.75));

        nlohmann::json bad = toJson(r);
        bad["collectives"][0]["time_us"] = 0;
        QCOMPARE(fieldOf([&] { profileResultsFromJson(bad); }),
                 QStringLiteral("results.collectives[0].time_us"));
        bad = toJson(r);
        bad["gemms"][0].erase("m");
        QCOMPARE(fieldOf([&] { profileResultsFromJson(bad); }), QStringLiteral("results.gemms[0].m"));
        bad = toJson(r);
        bad["collectives"][0]["op"] = "broadcast";
        QCOMPARE(fieldOf([&] { profileResultsFromJson(bad); }), QStringLiteral("results.collectives[0].op"));
        QCOMPARE(fieldOf([] { profileResultsFromJson(nlohmann::json::array()); }), QStringLiteral("results"));
    }

    void names() {
        QCOMPARE(collectiveFromName("allreduce"), Collective::AllReduce);
        QCOMPARE(collectiveFromName("All-Gather"), Collective::AllGather);
        QCOMPARE(collectiveFromName("reduce_scatter"), Collective::ReduceScatter);
        QCOMPARE(collectiveFromName("sendrecv"), Collective::SendRecv);
        QCOMPARE(dtypeFromName("BF16"), DType::BF16);
        QCOMPARE(fieldOf([] { dtypeFromName("int4", "gemm.dtype"); }), QStringLiteral("gemm.dtype"));
    }

    void jobQueueOrderProgressAndErrors() {
        Engine engine;
        std::mutex mu;
        std::vector<std::string> events;
        auto log = [&](const std::string& s) {
            std::lock_guard lock(mu);
            events.push_back(s);
        };
        std::vector<double> progress;
        Engine::Callbacks cb1;
        cb1.progress = [&](double f, const std::string&) {
            std::lock_guard lock(mu);
            progress.push_back(f);
        };
        cb1.finished = [&](JobState s, const std::string&) { log(std::string("1:") + toString(s)); };
        engine.submit(
            "one",
            [&](const JobContext& ctx) {
                ctx.report(0.5, "half");
                ctx.report(1.0, "all");
                log("run1");
            },
            cb1);
        Engine::Callbacks cb2;
        std::string error;
        cb2.finished = [&](JobState s, const std::string& e) {
            log(std::string("2:") + toString(s));
            error = e;
        };
        engine.submit(
            "two", [](const JobContext&) { throw EngineError("cuda said no"); }, cb2);
        engine.waitIdle();
        QCOMPARE(events, (std::vector<std::string>{"run1", "1:done", "2:failed"}));
        QCOMPARE(progress, (std::vector<double>{0.5, 1.0}));
        QCOMPARE(QString::fromStdString(error), QStringLiteral("cuda said no"));
    }

    void jobQueueCancel() {
        Engine engine;
        std::atomic<bool> started{false};
        std::atomic<int> ran_second{0};
        JobState first_state = JobState::Queued, second_state = JobState::Queued;
        Engine::Callbacks c1, c2;
        c1.finished = [&](JobState s, const std::string&) { first_state = s; };
        c2.finished = [&](JobState s, const std::string&) { second_state = s; };
        const int id1 = engine.submit(
            "long",
            [&](const JobContext& ctx) {
                started = true;
                for (int i = 0; i < 5000 && !ctx.cancelled(); ++i)
                    std::this_thread::sleep_for(std::chrono::milliseconds(1));
                if (ctx.cancelled())
                    throw Cancelled{};
            },
            c1);
        const int id2 = engine.submit(
            "queued", [&](const JobContext&) { ++ran_second; }, c2);
        while (!started)
            std::this_thread::sleep_for(std::chrono::milliseconds(1));
        QCOMPARE(engine.running(), id1);
        QVERIFY(engine.cancel(id2)); // still queued: removed, never runs
        QCOMPARE(second_state, JobState::Cancelled);
        QVERIFY(engine.cancel(id1)); // running: flag set, job stops at its next check
        engine.waitIdle();
        QCOMPARE(first_state, JobState::Cancelled);
        QCOMPARE(ran_second.load(), 0);
        QVERIFY(!engine.cancel(id1)); // finished: unknown
        QCOMPARE(engine.queued(), std::size_t(0));
    }

    void pipelineSchedules() {
        using S = PipelineStep;
        const auto F = StepKind::Forward, B = StepKind::Backward;
        // 1F1B, pp=4, m=4 (Narayanan et al. 2021, fig. 4): stage 0 warms up with 3 forwards.
        QCOMPARE(pipelineSchedule(Schedule::OneFOneB, 4, 0, 4),
                 (std::vector<S>{{F, 0}, {F, 1}, {F, 2}, {F, 3}, {B, 0}, {B, 1}, {B, 2}, {B, 3}}));
        QCOMPARE(pipelineSchedule(Schedule::OneFOneB, 4, 3, 4),
                 (std::vector<S>{{F, 0}, {B, 0}, {F, 1}, {B, 1}, {F, 2}, {B, 2}, {F, 3}, {B, 3}}));
        QCOMPARE(pipelineSchedule(Schedule::OneFOneB, 4, 2, 3),
                 (std::vector<S>{{F, 0}, {F, 1}, {B, 0}, {F, 2}, {B, 1}, {B, 2}}));
        QCOMPARE(pipelineSchedule(Schedule::GPipe, 2, 1, 2),
                 (std::vector<S>{{F, 0}, {F, 1}, {B, 0}, {B, 1}}));
        // Every schedule runs each micro-batch forward once, then backward once.
        for (int pp : {1, 2, 4, 8})
            for (int st = 0; st < pp; ++st)
                for (int m : {1, 3, 8}) {
                    const auto steps = pipelineSchedule(Schedule::OneFOneB, pp, st, m);
                    QCOMPARE(int(steps.size()), 2 * m);
                    std::map<int, int> fwd_at;
                    for (int i = 0; i < int(steps.size()); ++i) {
                        if (steps[std::size_t(i)].kind == F)
                            fwd_at[steps[std::size_t(i)].micro] = i;
                        else
                            QVERIFY(fwd_at.count(steps[std::size_t(i)].micro));
                    }
                    QCOMPARE(int(fwd_at.size()), m);
                }
        QCOMPARE(fieldOf([] { pipelineSchedule(Schedule::Interleaved, 4, 0, 4); }),
                 QStringLiteral("plan.schedule"));
        QCOMPARE(fieldOf([] { pipelineSchedule(Schedule::GPipe, 4, 4, 4); }), QStringLiteral("stage"));
    }

    void rankGroups() {
        LayerStrategy s;
        s.tp = 2;
        s.dp = 2;
        // Stage of 4 GPUs starting at rank 4; rank 6 is local index 2.
        LayerGroups g = layerGroups(s, 4, 4, 6);
        QCOMPARE(g.tp_rank, 0);
        QCOMPARE(g.dp_rank, 1);
        QCOMPARE(g.tp_ranks, (std::vector<int>{6, 7}));
        QCOMPARE(g.dp_ranks, (std::vector<int>{4, 6}));
        s.tp_consecutive = false; // DP ranks adjacent
        g = layerGroups(s, 4, 4, 6);
        QCOMPARE(g.tp_rank, 1);
        QCOMPARE(g.dp_rank, 0);
        QCOMPARE(g.tp_ranks, (std::vector<int>{4, 6}));
        QCOMPARE(g.dp_ranks, (std::vector<int>{6, 7}));
        QCOMPARE(fieldOf([&] { layerGroups(s, 0, 8, 1); }), QStringLiteral("strategy"));
        s.tp_consecutive = true;
        QCOMPARE(fieldOf([&] { layerGroups(s, 0, 4, 5); }), QStringLiteral("rank"));
    }

    void launcherEnvironment() {
        auto from = [](std::map<std::string, std::string> m) {
            return launchEnvFromEnvironment([m](const char* n) -> const char* {
                auto it = m.find(n);
                return it == m.end() ? nullptr : it->second.c_str();
            });
        };
        LaunchEnv e = from({});
        QCOMPARE(e.world, 1);
        QVERIFY(!e.multiProcess());
        e = from({{"RANK", "3"},
                  {"WORLD_SIZE", "8"},
                  {"LOCAL_RANK", "3"},
                  {"LOCAL_WORLD_SIZE", "4"},
                  {"MASTER_ADDR", "node0"},
                  {"MASTER_PORT", "29500"}});
        QCOMPARE(QString::fromStdString(e.launcher), QStringLiteral("torchrun"));
        QCOMPARE(e.rank, 3);
        QCOMPARE(e.world, 8);
        QCOMPARE(e.local_world, 4);
        QCOMPARE(QString::fromStdString(e.master_addr), QStringLiteral("node0"));
        QCOMPARE(e.master_port, 29500);
        e = from({{"SLURM_PROCID", "9"}, // a task of `srun -N 2 --ntasks-per-node 8`
                  {"SLURM_NTASKS", "16"},
                  {"SLURM_STEP_NUM_TASKS", "16"},
                  {"SLURM_STEP_ID", "0"},
                  {"SLURM_LOCALID", "1"},
                  {"SLURM_STEP_TASKS_PER_NODE", "8(x2)"}});
        QCOMPARE(QString::fromStdString(e.launcher), QStringLiteral("slurm"));
        QCOMPARE(e.rank, 9);
        QCOMPARE(e.local_rank, 1);
        QCOMPARE(e.local_world, 8);
        e = from({{"OMPI_COMM_WORLD_RANK", "1"}, {"OMPI_COMM_WORLD_SIZE", "2"}});
        QCOMPARE(QString::fromStdString(e.launcher), QStringLiteral("openmpi"));
        QCOMPARE(e.local_rank, 1);
        QCOMPARE(fieldOf([&] { from({{"RANK", "8"}, {"WORLD_SIZE", "8"}}); }), QStringLiteral("RANK"));
        QCOMPARE(fieldOf([&] { from({{"RANK", "x"}, {"WORLD_SIZE", "8"}}); }), QStringLiteral("RANK"));
    }

    // ---- Issue 17: the first run on a GPU machine (host-side parts, fake communicators) -----------

    void abortEndsEveryRankWhenOneFails() {
        // Four ranks run a fake collective that completes only when all four arrive (like NCCL).
        // Rank 1 throws before its 4th arrival: without an abort the other three wait forever (the
        // runner's join() never returned). With the group, every rank ends within a poll interval,
        // every other rank's communicator is aborted exactly once and never destroyed afterwards, no
        // probe runs concurrently with an abort, and the fake device memory is freed.
        struct Handle {
            std::atomic<int> aborts{0}, destroys{0};
            std::atomic<bool> aborted{false};
        };
        const int n = 4;
        std::mutex mu;
        std::map<int, int> arrivals;
        std::vector<Handle> handles(n);
        std::atomic<long> device_bytes{0};
        std::atomic<int> in_probe{0}, overlaps{0}, probes_after_abort{0};
        AbortGroup group;
        const auto t0 = std::chrono::steady_clock::now();
        QString error;
        try {
            runRankThreads(n, group, [&](int r) {
                struct Buffer { // fake device allocation
                    std::atomic<long>& b;
                    long n;
                    ~Buffer() { b -= n; }
                };
                device_bytes += 1 << 20;
                Buffer buf{device_bytes, 1 << 20};
                Handle& h = handles[std::size_t(r)];
                const int token = group.add([&h, &in_probe, &overlaps] {
                    if (in_probe.load() > 0)
                        ++overlaps;
                    h.aborted = true;
                    ++h.aborts;
                });
                struct Release { // the owner's clean destroy, only if not aborted
                    AbortGroup& g;
                    int token;
                    Handle& h;
                    ~Release() {
                        if (g.release(token))
                            ++h.destroys;
                    }
                } release{group, token, h};
                for (int gen = 0; gen < 6; ++gen) {
                    if (r == 1 && gen == 3)
                        throw EngineError("device exploded");
                    {
                        std::lock_guard lock(mu);
                        ++arrivals[gen];
                    }
                    waitUntil(
                        group,
                        [&] {
                            ++in_probe;
                            if (h.aborted)
                                ++probes_after_abort;
                            std::this_thread::sleep_for(std::chrono::microseconds(200));
                            bool done;
                            {
                                std::lock_guard lock(mu);
                                done = arrivals[gen] == n;
                            }
                            --in_probe;
                            return done;
                        },
                        "fake all-reduce", 60.0);
                }
            });
        } catch (const EngineError& e) {
            error = QString::fromUtf8(e.what());
        }
        const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        QVERIFY2(secs < 5.0, qPrintable(QString::number(secs)));
        QVERIFY2(error.contains(QStringLiteral("rank 1: device exploded")), qPrintable(error));
        for (int r = 0; r < n; ++r) {
            if (r == 1)
                continue;
            QCOMPARE(handles[std::size_t(r)].aborts.load(), 1);
            QCOMPARE(handles[std::size_t(r)].destroys.load(), 0);
        }
        QCOMPARE(handles[1].aborts.load() + handles[1].destroys.load(), 1);
        QCOMPARE(overlaps.load(), 0);
        QCOMPARE(probes_after_abort.load(), 0);
        QCOMPARE(device_bytes.load(), 0L);
        QVERIFY(group.aborted());
        // release() hands a communicator to its owner exactly once (no double destroy / abort).
        AbortGroup fresh;
        const int tok = fresh.add([] {});
        QVERIFY(fresh.release(tok));
        QVERIFY(!fresh.release(tok));
        QVERIFY(!fresh.release(12345));
        // A communicator registered after the abort is aborted at once.
        int late = 0;
        group.add([&] { ++late; });
        QCOMPARE(late, 1);
    }

    void cancelAndTimeoutEndTheRun() {
        // Cancel: the calling thread (engine thread) is the watchdog.
        std::atomic<bool> cancel{false};
        JobContext ctx;
        ctx.cancel = &cancel;
        std::thread canceller([&] {
            std::this_thread::sleep_for(std::chrono::milliseconds(100));
            cancel = true;
        });
        AbortGroup g1;
        const auto t0 = std::chrono::steady_clock::now();
        bool cancelled = false;
        try {
            runRankThreads(
                3, g1,
                [&](int) {
                    waitUntil(
                        g1, [] { return false; }, "never", 60.0);
                },
                ctx);
        } catch (const Cancelled&) {
            cancelled = true;
        }
        canceller.join();
        QVERIFY(cancelled);
        QVERIFY(std::chrono::steady_clock::now() - t0 < std::chrono::seconds(5));
        // Timeout of a single wait: the group is aborted and the error says what timed out.
        AbortGroup g2;
        QString msg;
        try {
            runRankThreads(2, g2, [&](int) {
                waitUntil(
                    g2, [] { return false; }, "communicator setup", 0.1);
            });
        } catch (const EngineError& e) {
            msg = QString::fromUtf8(e.what());
        }
        QVERIFY2(msg.contains(QStringLiteral("communicator setup timed out")), qPrintable(msg));
        QVERIFY(g2.aborted());
        // A probe's own error (a CUDA/NCCL error) propagates and aborts the others.
        AbortGroup g3;
        try {
            runRankThreads(2, g3, [&](int r) {
                waitUntil(
                    g3,
                    [r]() -> bool {
                        if (r == 0)
                            throw EngineError("ncclCommGetAsyncError: remote process exited");
                        return false;
                    },
                    "iteration", 60.0);
            });
            QFAIL("no error");
        } catch (const EngineError& e) {
            QVERIFY(QString::fromUtf8(e.what()).startsWith(QStringLiteral("rank 0: ncclCommGetAsyncError")));
        }
    }

    void rankProgressIsReportedOnTheCallingThread() {
        // engine.h: progress callbacks run on the engine thread, never on a rank thread.
        const auto caller = std::this_thread::get_id();
        std::vector<std::thread::id> seen;
        std::vector<double> fractions;
        JobContext ctx;
        ctx.progress = [&](double f, const std::string&) {
            seen.push_back(std::this_thread::get_id());
            fractions.push_back(f);
        };
        AbortGroup g;
        ProgressRelay relay;
        runRankThreads(
            2, g,
            [&](int r) {
                for (int i = 0; i < 3 && r == 0; ++i) {
                    relay.set(i / 3.0, "iteration");
                    std::this_thread::sleep_for(std::chrono::milliseconds(60));
                }
            },
            ctx, &relay, 5);
        QVERIFY(!seen.empty());
        for (auto id : seen)
            QVERIFY(id == caller);
        QCOMPARE(fractions.back(), 2 / 3.0);
    }

    void memoryAwareAttentionAndScratchArena() {
        // Scores of one chunk of query rows: 64 MiB / (32 heads * 4096 keys * 2 B) = 256 rows.
        QCOMPARE(attentionChunkRows(32, 4096), 256);
        QCOMPARE(attentionChunkRows(8, 128), 128);           // whole sequence fits
        QCOMPARE(attentionChunkRows(64, 100000, 1000), 1);   // at least one row
        QCOMPARE(attentionChunkRows(4, 4096, 9 << 20), 256); // 288 rows -> multiple of 64
        QCOMPARE(fieldOf([] { attentionChunkRows(0, 10); }), QStringLiteral("attention"));
        // Stored activations grow linearly with s (no s x s scores per micro-batch): doubling s
        // doubles them (up to the 256-byte alignment of 12 buffers).
        const LayerShardDims d4 = layerShardDims(llama7b(1, 4096, 1));
        const LayerShardDims d8 = layerShardDims(llama7b(1, 8192, 1));
        QVERIFY(std::abs(layerStoredBytes(d8) - 2 * layerStoredBytes(d4)) <= 12 * 256);
        // x, y1, x2, y2 [T,h] + qkv [T,3h] + ctx [T,h] + up [T,2f] + act [T,f] in bf16, 4 fp32 stats:
        // 4096 * (4*4096 + 12288 + 4096 + 22016 + 11008) * 2 + 4 * 4096 * 4 = 539,033,600 bytes.
        QCOMPARE(layerStoredBytes(d4), std::int64_t(539033600));
        // Scratch: d_act [T,f] + d_up [T,2f] + d_y, d_x2, tmp [T,h] + d_ctx [T,h] + d_qkv [T,3h] and two
        // 256-row score chunks: 4096 * 61696 * 2 + 2 * 32 * 256 * 4096 * 2 = 639,631,360 bytes.
        QCOMPARE(layerScratchBytes(d4, 256), std::int64_t(639631360));
        // The layer profiler's peak: weights + grads (2 * 202,383,360 params * 2 B), activations,
        // scratch, 4 [T,h] buffers and the 32 MiB cuBLAS workspace.
        QCOMPARE(d4.params, std::int64_t(202383360));
        QCOMPARE(layerProfileBytes(llama7b(1, 4096, 1)),
                 std::int64_t(2 * 404766720) + 539033600 + 639631360 + 4 * 33554432 + 33554432);
    }

    void rankMemoryPlanRefusesBeforeAllocating() {
        const ModelProfile m = modelPreset("llama2-7b"); // 32 layers, s = 4096
        Plan p;
        p.gpus = 8;
        p.pp = 1;
        p.stage_layers = {m.layerCount()};
        p.global_batch = 8;
        p.num_micro = 1;
        LayerStrategy s;
        s.dp = 8;
        s.dp_type = DpType::ZeRO3;
        p.layers.assign(std::size_t(m.layerCount()), s);
        const RankMemoryPlan z3 = rankMemoryPlan(m, p, 3);
        QCOMPARE(z3.in_flight, 1);
        // One arena for 32 layers (the old runner: a 1.6 GiB scratch per layer incl. a full s^2 score
        // buffer, 50 GiB, plus 1 GiB of stored scores per layer and micro-batch).
        QCOMPARE(z3.scratch, std::int64_t(639631360));
        QCOMPARE(z3.activations, 32 * std::int64_t(539033600));
        QVERIFY(z3.total() < 70ll << 30);
        checkRankFits(z3, 79ll << 30, 3); // fits an 80 GB H100
        // DDP keeps the full fp32 optimizer state (12 bytes per parameter, 6.5e9 parameters): refused
        // with the rank, the device and the breakdown, before anything is allocated.
        for (auto& l : p.layers)
            l.dp_type = DpType::DDP;
        const RankMemoryPlan ddp = rankMemoryPlan(m, p, 0);
        QVERIFY(ddp.optimizer > 70ll << 30);
        QString msg;
        try {
            checkRankFits(ddp, 79ll << 30, 0);
        } catch (const InputError& e) {
            QCOMPARE(QString::fromStdString(e.field()), QStringLiteral("plan.gpus"));
            msg = QString::fromUtf8(e.what());
        }
        QVERIFY2(msg.contains(QStringLiteral("rank 0 (stage 0, GPU 0)")) &&
                     msg.contains(QStringLiteral("Nothing was allocated")) &&
                     msg.contains(QStringLiteral("optimizer")),
                 qPrintable(msg));
        // In-flight micro-batches from the schedule: GPipe keeps all, 1F1B pp - stage.
        QCOMPARE(maxInFlight(Schedule::GPipe, 4, 0, 8), 8);
        QCOMPARE(maxInFlight(Schedule::OneFOneB, 4, 0, 8), 4);
        QCOMPARE(maxInFlight(Schedule::OneFOneB, 4, 3, 8), 1);
        QCOMPARE(maxInFlight(Schedule::OneFOneB, 4, 1, 2), 2);
        // Full recompute keeps one layer input per in-flight micro-batch and one shared set.
        for (auto& l : p.layers)
            l.ckpt = Checkpoint::Full;
        const RankMemoryPlan rc = rankMemoryPlan(m, p, 0);
        QCOMPARE(rc.activations, std::int64_t(0));
        QCOMPARE(rc.recompute, 32 * std::int64_t(4096 * 4096 * 2) + std::int64_t(539033600));
    }

    void staleNcclIdIsNeverRead() {
        QTemporaryDir dir;
        const std::string base = dir.filePath(QStringLiteral("gx.id")).toStdString();
        // Job-unique names: the run key from the launcher.
        auto env = [](std::map<std::string, std::string> m) {
            return [m](const char* n) -> const char* {
                auto it = m.find(n);
                return it == m.end() ? nullptr : it->second.c_str();
            };
        };
        QCOMPARE(QString::fromStdString(
                     runKeyFromEnvironment(env({{"SLURM_JOB_ID", "812"}, {"SLURM_STEP_ID", "1"}}))),
                 QStringLiteral("slurm-812.1"));
        QCOMPARE(
            QString::fromStdString(runKeyFromEnvironment(env({{"GX_RUN_ID", "a"}, {"SLURM_JOB_ID", "8"}}))),
            QStringLiteral("a"));
        QCOMPARE(QString::fromStdString(runKeyFromEnvironment(env({{"TORCHELASTIC_RUN_ID", "none"}}))),
                 QString());
        QCOMPARE(QString::fromStdString(runKeyFromEnvironment(env({{"TORCHELASTIC_RUN_ID", "j7"}}))),
                 QStringLiteral("torchrun-j7"));
        QCOMPARE(fieldOf([&] { runIdFile(base, ""); }), QStringLiteral("run_key"));
        QCOMPARE(fieldOf([&] { runIdFile("", "k"); }), QStringLiteral("id_file"));
        QCOMPARE(QString::fromStdString(runIdFile("/s/gx.id", "pmix-a/b c")),
                 QStringLiteral("/s/gx.id.pmix-a_b_c"));
        // An earlier run (job 811) left its id; the next run (job 812) must not read it.
        const char stale[8] = {'s', 't', 'a', 'l', 'e', '-', 'i', 'd'};
        const char fresh[8] = {'f', 'r', 'e', 's', 'h', '-', 'i', 'd'};
        detail::publishId(runIdFile(base, "slurm-811.0"), stale, 8);
        detail::publishId(base, stale, 8); // the old fixed path, too
        char got[8] = {};
        const std::string mine = runIdFile(base, "slurm-812.0");
        QVERIFY(!detail::readId(mine, got, 8, 0.2));
        detail::publishId(mine, fresh, 8);
        QVERIFY(detail::readId(mine, got, 8, 5.0));
        QCOMPARE(QByteArray(got, 8), QByteArray(fresh, 8));
        // Rank 0 removes it once every rank has joined.
        detail::removeId(mine);
        QVERIFY(!std::filesystem::exists(mine));
        // A waiting rank gives up when asked to (cancel), long before its timeout.
        const auto t0 = std::chrono::steady_clock::now();
        QVERIFY(!detail::readId(mine, got, 8, 60.0, [] { return true; }));
        QVERIFY(std::chrono::steady_clock::now() - t0 < std::chrono::seconds(5));
    }

    void slurmNeedsSrun() {
        auto from = [](std::map<std::string, std::string> m) {
            return launchEnvFromEnvironment([m](const char* n) -> const char* {
                auto it = m.find(n);
                return it == m.end() ? nullptr : it->second.c_str();
            });
        };
        // The batch script of `sbatch --ntasks 16` run directly: SLURM_PROCID=0, SLURM_NTASKS=16, no
        // job step. It used to be taken as "rank 0 of 16" and wait for 15 peers until NCCL timed out.
        const std::map<std::string, std::string> batch = {
            {"SLURM_JOB_ID", "812"}, {"SLURM_PROCID", "0"}, {"SLURM_NTASKS", "16"}, {"SLURM_LOCALID", "0"}};
        QCOMPARE(fieldOf([&] { from(batch); }), QStringLiteral("SLURM_STEP_NUM_TASKS"));
        // A batch script with one task is a plain single process.
        QCOMPARE(from({{"SLURM_PROCID", "0"}, {"SLURM_NTASKS", "1"}}).world, 1);
        // The script we write starts the processes with srun.
        SlurmLaunch l;
        l.nodes = 2;
        l.gpus_per_node = 8;
        l.partition = "gpu";
        l.id_file = "/shared/gx id";
        l.run_args = {"--model", "llama2-7b", "--plan", "it's plan.json"};
        const std::string line = slurmSrunLine(l);
        QCOMPARE(QString::fromStdString(line),
                 QStringLiteral(
                     "srun --nodes=2 --ntasks-per-node=8 --gpus-per-task=1 --kill-on-bad-exit=1 galvatron "
                     "run-plan --model llama2-7b --plan 'it'\\''s plan.json' --id-file '/shared/gx id'"));
        const std::string script = slurmBatchScript(l);
        QVERIFY(script.find("#SBATCH --ntasks-per-node=8\n") != std::string::npos);
        QVERIFY(script.find("#SBATCH --partition=gpu\n") != std::string::npos);
        QVERIFY(script.find("\n" + line + "\n") != std::string::npos);
        l.partition = "gpu; rm -rf /";
        QCOMPARE(fieldOf([&] { slurmBatchScript(l); }), QStringLiteral("slurm.partition"));
        l.partition.clear();
        l.id_file.clear();
        QCOMPARE(fieldOf([&] { slurmSrunLine(l); }), QStringLiteral("id_file"));
        QCOMPARE(QString::fromStdString(shellQuote("plain-arg_1.json")), QStringLiteral("plain-arg_1.json"));
        QCOMPARE(QString::fromStdString(shellQuote("")), QStringLiteral("''"));
    }

    void nvlinkOnlyBetweenLinkedPairs() {
        // 4 PCIe GPUs, NVLink bridges 0-1 and 2-3 (4 links each): the old inventory marked every pair
        // of a GPU with an active link as NVLink, e.g. 0-2 here.
        const std::vector<std::string> gpus = {"0000:17:00.0", "0000:31:00.0", "0000:b1:00.0",
                                               "0000:ca:00.0"};
        const std::vector<std::string> r0(4, "00000000:31:00.0"), r1(4, "00000000:17:00.0"),
            r2(4, "00000000:CA:00.0"), r3(4, "00000000:B1:00.0"); // NVML's 8-digit domain, upper case
        QCOMPARE(nvlinksBetween(r0, r1, gpus[1], gpus), 4);
        QCOMPARE(nvlinksBetween(r0, r2, gpus[2], gpus), 0);
        QCOMPARE(nvlinksBetween(r1, r3, gpus[3], gpus), 0);
        QCOMPARE(nvlinksBetween(r2, r3, gpus[3], gpus), 4);
        QCOMPARE(nvlinksBetween({}, {}, gpus[1], gpus), 0); // no NVLink at all
        // NVSwitch (DGX H100: 18 links per GPU to 4 switches, none to a GPU): every pair is NVLink.
        const std::vector<std::string> sw = {"0000:05:00.0", "0000:06:00.0", "0000:07:00.0", "0000:08:00.0"};
        std::vector<std::string> ra, rb;
        for (int l = 0; l < 18; ++l) {
            ra.push_back(sw[std::size_t(l % 4)]);
            rb.push_back(sw[std::size_t(l % 4)]);
        }
        QCOMPARE(nvlinksBetween(ra, rb, gpus[1], gpus), 18);
        QCOMPARE(QString::fromStdString(normalizePciBusId("00000000:B1:00.0")),
                 QStringLiteral("0000:b1:00.0"));
        QCOMPARE(QString::fromStdString(normalizePciBusId("garbage")), QString());
    }

    void stickyCudaErrorsStopTheProfiler() {
        // CUDA runtime API, cudaError: these leave the context unusable (700 illegal address, 719
        // launch failure, ...); a refused algorithm (1 invalid value, 801 not supported) does not.
        for (int code : {700, 702, 710, 714, 715, 716, 717, 718, 719, 214, 999})
            QVERIFY2(isStickyCudaError(code), qPrintable(QString::number(code)));
        for (int code : {0, 1, 2, 98, 209, 801})
            QVERIFY2(!isStickyCudaError(code), qPrintable(QString::number(code)));
    }

    void cleanupStackFreesWhatASetupAcquired() {
        // A setup that acquires three resources and throws on the fourth releases the three, newest
        // first, even though the owner's destructor never runs (collectives' LocalComms).
        std::vector<int> released;
        struct Setup {
            CleanupStack cleanup;
            explicit Setup(std::vector<int>& out) {
                for (int i = 0; i < 3; ++i)
                    cleanup.push([&out, i] { out.push_back(i); });
                throw EngineError("cudaMalloc: out of memory");
            }
        };
        QVERIFY_THROWS_EXCEPTION(EngineError, Setup{released});
        QCOMPARE(released, (std::vector<int>{2, 1, 0}));
        // An action that throws does not stop the others.
        std::vector<int> order;
        {
            CleanupStack c;
            c.push([&] { order.push_back(0); });
            c.push([] { throw std::runtime_error("x"); });
            c.push([&] { order.push_back(2); });
        }
        QCOMPARE(order, (std::vector<int>{2, 0}));
    }

    void defaultCollectiveSweepReachesOneGiB() {
        // nccl-tests' usual sweep ends at 1 GiB or more; 8 B * 4^k ended at 512 MiB.
        const CollectiveProfileOptions o;
        const auto sizes = messageSizes(o.min_bytes, o.max_bytes, o.step_factor);
        QCOMPARE(sizes.back(), std::int64_t(1) << 30);
    }

    void deviceRunScriptFindsNvccAndNinjaItself() {
        // device_run.sh used to need nvcc and ninja on PATH. Run it in DRY_RUN mode with a PATH that has
        // neither: CUDA_HOME's nvcc becomes CUDACXX and the Makefile generator is chosen.
        QTemporaryDir dir;
        QDir(dir.path()).mkpath(QStringLiteral("cuda/bin"));
        QDir(dir.path()).mkpath(QStringLiteral("bin"));
        const QString nvcc = dir.filePath(QStringLiteral("cuda/bin/nvcc"));
        QFile f(nvcc);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("#!/bin/sh\n");
        f.close();
        f.setPermissions(QFile::ReadOwner | QFile::ExeOwner | QFile::WriteOwner);
        for (const char* tool : {"dirname", "mkdir"})
            QVERIFY(QFile::link(QStringLiteral("/usr/bin/") + QLatin1String(tool),
                                dir.filePath(QStringLiteral("bin/")) + QLatin1String(tool)) ||
                    QFile::link(QStringLiteral("/bin/") + QLatin1String(tool),
                                dir.filePath(QStringLiteral("bin/")) + QLatin1String(tool)));
        QProcess p;
        QProcessEnvironment env;
        env.insert(QStringLiteral("PATH"), dir.filePath(QStringLiteral("bin")));
        env.insert(QStringLiteral("CUDA_HOME"), dir.filePath(QStringLiteral("cuda")));
        env.insert(QStringLiteral("DRY_RUN"), QStringLiteral("1"));
        env.insert(QStringLiteral("CUDA_ARCH"), QStringLiteral("90"));
        p.setProcessEnvironment(env);
        p.start(QStringLiteral("/bin/bash"), {QStringLiteral(GX_SOURCE_DIR "/engine/tools/device_run.sh"),
                                              dir.filePath(QStringLiteral("out"))});
        QVERIFY(p.waitForFinished(30000));
        const QString out = QString::fromUtf8(p.readAllStandardOutput());
        QVERIFY2(p.exitCode() == 0, qPrintable(out + QString::fromUtf8(p.readAllStandardError())));
        QVERIFY2(out.contains(QStringLiteral("CUDACXX=") + nvcc), qPrintable(out));
        QVERIFY2(out.contains(QStringLiteral("generator=Unix Makefiles")), qPrintable(out));
        QVERIFY(out.contains(QStringLiteral("arch=90")));
    }

    void gemmTimingIsBatchedColdAndLikeForLike() {
        // One event pair per ~1 ms of launches: a 4 us GEMM is timed 250 at a time (one pair per launch
        // measured event resolution and launch gaps).
        QCOMPARE(launchesPerSample(4.0), 250);
        QCOMPARE(launchesPerSample(5000.0), 1);
        QCOMPARE(launchesPerSample(0.0), 1000);
        // H100 L2 = 50 MiB: a 256^3 bf16 GEMM reads 2 * 128 KiB of inputs -> 400 copies to rotate so
        // that no launch finds its inputs in L2; an 8192^3 one (256 MiB) needs none.
        const std::int64_t l2 = 50ll << 20;
        QCOMPARE(rotatingInputSets(2 * 256 * 256 * 2, l2), 400);
        QCOMPARE(rotatingInputSets(2ll * 8192 * 8192 * 2, l2), 1);
        QCOMPARE(rotatingInputSets(64, l2), 1024); // capped
        // FP8 is never counted against the "within 5% of cuBLAS" goal: its only reference was the
        // profiler's own first candidate, which the best candidate beats by construction.
        GemmResult g;
        g.shape = {"square", 4096, 4096, 4096};
        QVERIFY(countsForProfilerGoal(g));
        g.dtype = DType::FP8;
        QVERIFY(!countsForProfilerGoal(g));
        g.dtype = DType::BF16;
        g.shape.k = 512;
        QVERIFY(!countsForProfilerGoal(g));
    }

    void selfCheckSeesAttentionErrorsTheOutputHides() {
        // Issue 17 item 8: a wrong attention kernel (here: the causal mask missing, as a wrong softmax
        // row offset in a chunk would give) hardly moves the layer output - the residual paths dominate -
        // but is plain in the attention sub-blocks the self-check now compares one by one.
        LayerBenchConfig c;
        c.hidden = 64;
        c.ffn_hidden = 128;
        c.heads = 4;
        c.kv_heads = 2;
        c.seq_len = 16;
        c.micro_batch = 1;
        const std::int64_t P = layerParamCount(c);
        const LayerShardDims d = layerShardDims(c);
        std::vector<double> w(static_cast<std::size_t>(P)), x(static_cast<std::size_t>(d.T * d.h)),
            dout(x.size());
        std::uint64_t st = 12345;
        auto uni = [&] { // xorshift, [-1, 1)
            st ^= st << 13, st ^= st >> 7, st ^= st << 17;
            return double(st % 2000001) / 1000000.0 - 1.0;
        };
        for (auto& v : x)
            v = uni();
        for (auto& v : dout)
            v = uni();
        // The GPU layer's initialisation: U(+-1/sqrt(fan_in)), norm weights 1.
        const std::int64_t n_qkv = std::int64_t(d.h) * d.nqkv, n_o = std::int64_t(d.q) * d.h,
                           n_up = std::int64_t(d.h) * d.gf, n_down = std::int64_t(d.f) * d.h;
        for (std::int64_t i = 0; i < P; ++i) {
            double fan = d.h;
            if (i >= n_qkv && i < n_qkv + n_o)
                fan = d.q;
            else if (i >= n_qkv + n_o + n_up && i < n_qkv + n_o + n_up + n_down)
                fan = d.f;
            w[std::size_t(i)] = i >= n_qkv + n_o + n_up + n_down ? 1.0 : uni() / std::sqrt(fan);
        }
        const ReferenceLayer good = referenceLayer(c, x, w, dout);
        LayerBenchConfig wrong = c;
        wrong.causal = false;
        const ReferenceLayer bad = referenceLayer(wrong, x, w, dout);
        const double out_err = relativeError(bad.out, good.out), ctx_err = relativeError(bad.ctx, good.ctx),
                     dqkv_err = relativeError(bad.dqkv, good.dqkv);
        const QString msg = QStringLiteral("out %1 ctx %2 dqkv %3").arg(out_err).arg(ctx_err).arg(dqkv_err);
        QVERIFY2(ctx_err > 10 * kSelfCheckTolerance, qPrintable(msg));
        QVERIFY2(dqkv_err > 10 * kSelfCheckTolerance, qPrintable(msg));
        // The output moves ~4x less than the attention (0.22 vs 0.85 here): checked only at the output
        // with the old 5e-2 tolerance, attention errors up to ~20% passed; per sub-block, 3e-2 fails them.
        QVERIFY2(out_err < ctx_err / 3, qPrintable(msg));
        // Every attention path is in the self-check: MHA (batched), GQA and MQA (per KV head), causal and
        // bidirectional.
        bool mha = false, gqa = false, mqa = false, causal = false, bidir = false;
        for (const auto& v : selfCheckVariants()) {
            mha |= v.kv_heads == v.heads;
            gqa |= v.kv_heads > 1 && v.kv_heads < v.heads;
            mqa |= v.kv_heads == 1;
            causal |= v.causal;
            bidir |= !v.causal;
        }
        QVERIFY(mha && gqa && mqa && causal && bidir);
    }

    void perOpPredictionForCalibration() {
        // Issue 17 item 6: the runner reports per-category times next to the cost model's; the
        // predicted column needs no GPU. DDP dp=2 over 2 GPUs of an H100 node, 4 micro-batches.
        const ModelProfile m = modelPreset("gpt3-1.3b");
        const ClusterProfile c = clusterPreset("8xH100");
        Plan p;
        p.gpus = 2;
        p.stage_layers = {m.layerCount()};
        p.global_batch = 8;
        p.num_micro = 4;
        LayerStrategy s;
        s.dp = 2;
        p.layers.assign(std::size_t(m.layerCount()), s);
        auto ops = predictedOpTimes(m, p, c);
        QCOMPARE(ops.size(), opCategories().size());
        std::map<std::string, double> v;
        for (const auto& o : ops)
            v[o.op] = o.predicted_ms;
        QVERIFY(v["forward"] > 0);
        QVERIFY(v["backward"] > v["forward"]); // ~2x forward
        QCOMPARE(v["tp_comm"], 0.0);
        QCOMPARE(v["zero3_comm"], 0.0);
        QVERIFY(v["dp_comm"] > 0);
        QVERIFY(v["optimizer"] > 0);
        QCOMPARE(v["pipeline_p2p"], 0.0); // one stage: no transfers
        // The columns are the cost model's own per-layer figures, summed over layers and micro-batches.
        CostModel cm(m, c);
        StageShape shape;
        shape.stage_gpus = 2;
        shape.micro_batch = p.microBatch();
        shape.num_micro = 4;
        shape.first_rank = 0;
        double fwd = 0;
        for (int i = 0; i < m.layerCount(); ++i)
            fwd += cm.layer(m.layer(i), p.layers[std::size_t(i)], shape).fwd_compute * 4;
        // ... and the embedding and LM head + loss, which the runner executes too.
        fwd += cm.embeddingAndHead(true, true, p.vocab_tp, p.vocab_dp_type, shape).fwd_compute * 4;
        QVERIFY(near(v["forward"], fwd * 1e3, 1e-9));
        // ZeRO-3 moves the traffic to per-micro-batch gathers / reduce-scatters.
        for (auto& l : p.layers)
            l.dp_type = DpType::ZeRO3;
        for (const auto& o : predictedOpTimes(m, p, c))
            if (o.op == "zero3_comm")
                QVERIFY(o.predicted_ms > 0);
    }

    void runnablePlansAndPrediction() {
        ModelProfile m = tinyLlama();
        Plan p;
        p.gpus = 2;
        p.pp = 2;
        p.stage_layers = {2, 2};
        p.global_batch = 8;
        p.num_micro = 4;
        p.layers.assign(4, LayerStrategy{});
        validateRunnablePlan(m, p);
        ClusterProfile c;
        c.name = "test";
        c.gpus_per_node = 8;
        PlanRunResult r;
        fillPrediction(r, m, p, c);
        QVERIFY2(r.have_prediction, r.prediction_error.c_str());
        const PlanCost pc = CostModel(m, c).evaluate(p);
        QCOMPARE(r.predicted_iteration_ms, pc.iteration_time * 1e3);
        QCOMPARE(r.predicted_peak_bytes, pc.peak_memory);
        for (const auto& n : planRunNotes(m, p)) // the embedding and the head are run now
            QVERIFY2(n.find("embedding and LM head are not run") == std::string::npos, n.c_str());

        Plan bad = p;
        bad.stage_layers = {3, 2};
        QCOMPARE(fieldOf([&] { validateRunnablePlan(m, bad); }), QStringLiteral("plan.stage_layers"));
        bad = p;
        bad.schedule = Schedule::Interleaved;
        QCOMPARE(fieldOf([&] { validateRunnablePlan(m, bad); }), QStringLiteral("plan.schedule"));
        bad = p;
        bad.layers[1].tp = 2; // tp*dp = 2 but stage has 1 GPU
        QCOMPARE(fieldOf([&] { validateRunnablePlan(m, bad); }), QStringLiteral("plan.layers[1].dp"));
        bad = p;
        bad.gpus = 4;
        bad.layers.assign(4, LayerStrategy{1, 2});
        bad.global_batch = 4;
        bad.num_micro = 4; // micro-batch 1 cannot split over dp 2
        QCOMPARE(fieldOf([&] { validateRunnablePlan(m, bad); }), QStringLiteral("plan.layers[0].dp"));
    }
    void opListHasEmbeddingFirstAndHeadLast() {
        // Issue 17 item 6: the runner executes what the cost model costs, the embedding on the first
        // stage and the LM head + loss on the last one.
        const ModelProfile m = tinyLlama();
        const Plan p = twoStagePlan();
        const auto ops = planOps(m, p, clusterPreset("8xH100"));
        for (const char* name : {"embedding.fwd", "embedding.bwd"}) {
            const int i = findOp(ops, name);
            QVERIFY2(i >= 0, name);
            QCOMPARE(ops[std::size_t(i)].stage, 0);
            QCOMPARE(ops[std::size_t(i)].layer, kEmbedding);
            QVERIFY(ops[std::size_t(i)].predicted_ms > 0);
            QCOMPARE(ops[std::size_t(i)].count, 4);
        }
        for (const char* name : {"lm_head.fwd", "loss.fwd", "loss.bwd", "lm_head.bwd"}) {
            const int i = findOp(ops, name);
            QVERIFY2(i >= 0, name);
            QCOMPARE(ops[std::size_t(i)].stage, 1);
            QCOMPARE(ops[std::size_t(i)].layer, kHead);
            QVERIFY(ops[std::size_t(i)].predicted_ms > 0);
        }
        // Nothing of the vocabulary on the wrong stage; every op of a layer on its layer's stage.
        for (const auto& o : ops) {
            if (o.layer == kEmbedding)
                QCOMPARE(o.stage, 0);
            if (o.layer == kHead)
                QCOMPARE(o.stage, 1);
            if (o.layer >= 0)
                QCOMPARE(o.stage, p.stageOfLayer(o.layer));
        }
        // The per-layer terms: the layers' GEMMs, attention and TP collectives of a tp = 2 layer.
        for (const char* name :
             {"layer0.qkv.fwd", "layer0.attention.fwd", "layer0.attn_out.fwd", "layer0.ffn_up.fwd",
              "layer0.ffn_down.fwd", "layer0.elementwise.fwd", "layer0.tp_comm.fwd", "layer0.qkv.bwd",
              "layer0.attention.bwd", "layer0.tp_comm.bwd", "layer0.optimizer"})
            QVERIFY2(findOp(ops, name) >= 0, name);
        QCOMPARE(findOp(ops, "layer0.dp_grad_reduce"), -1); // dp = 1
        QCOMPARE(findOp(ops, "layer2.tp_comm.fwd"), -1);    // tp = 1
        QVERIFY(findOp(ops, "stage0.pipeline_p2p") >= 0 && findOp(ops, "stage1.pipeline_p2p") >= 0);
        // Names are unique (the report and the runner find ops by name); the vocabulary's gradient sync
        // and optimizer step on each end of the pipeline.
        std::set<std::string> names;
        for (const auto& o : ops)
            QVERIFY2(names.insert(o.name).second, o.name.c_str());
        for (const char* name : {"embedding.dp_grad_reduce", "embedding.optimizer"})
            QCOMPARE(ops[std::size_t(findOp(ops, name))].stage, 0);
        for (const char* name : {"lm_head.dp_grad_reduce", "lm_head.optimizer"})
            QCOMPARE(ops[std::size_t(findOp(ops, name))].stage, 1);
    }

    void opPredictionsAddUpToTheCostModelsStages() {
        // Per stage, the ops' critical-path times add up to m * C_i + E_i of CostModel::evaluate, and
        // the GEMM ops to the layer's GEMM time: the op list is the cost model's terms, nothing else.
        const ModelProfile m = tinyLlama();
        const ClusterProfile c = clusterPreset("8xH100");
        std::vector<Plan> plans;
        plans.push_back(twoStagePlan());
        Plan z = twoStagePlan();
        z.layers[2].dp_type = z.layers[3].dp_type = DpType::ZeRO1;
        z.layers[0].ckpt = Checkpoint::Full;
        z.vocab_tp = 2;
        plans.push_back(z);
        Plan z3 = twoStagePlan();
        z3.layers[2].dp_type = z3.layers[3].dp_type = DpType::ZeRO3;
        z3.layers[1] = LayerStrategy{1, 2};
        z3.vocab_dp_type = DpType::ZeRO1;
        plans.push_back(z3);
        Plan one;
        one.gpus = 2;
        one.pp = 1;
        one.stage_layers = {4};
        one.global_batch = 8;
        one.num_micro = 2;
        one.layers.assign(4, LayerStrategy{1, 2});
        plans.push_back(one);
        for (const Plan& p : plans) {
            const auto ops = planOps(m, p, c);
            const PlanCost pc = CostModel(m, c).evaluate(p);
            for (int st = 0; st < p.pp; ++st) {
                double sum = 0;
                for (const auto& o : ops)
                    if (o.stage == st)
                        sum += o.exposedTotalMs();
                const auto& sc = pc.stages[std::size_t(st)];
                const double want = (p.num_micro * sc.per_micro + sc.per_iteration) * 1e3;
                QVERIFY2(near(sum, want, 1e-9),
                         qPrintable(QStringLiteral("stage %1: ops %2 ms, cost model %3 ms")
                                        .arg(st)
                                        .arg(sum, 0, 'g', 12)
                                        .arg(want, 0, 'g', 12)));
            }
            const CostModel cm(m, c);
            for (int l = 0; l < 4; ++l) {
                const LayerCost lc = cm.layer(m.layer(l), p.layers[std::size_t(l)],
                                              CostModel::stageShape(p, p.stageOfLayer(l)));
                double gemm = 0;
                for (const char* g : {".qkv.fwd", ".attn_out.fwd", ".ffn_up.fwd", ".ffn_down.fwd"})
                    gemm += ops[std::size_t(findOp(ops, "layer" + std::to_string(l) + g))].predicted_ms;
                QVERIFY(near(gemm, lc.fwd_gemm * 1e3, 1e-12));
                const auto& el =
                    ops[std::size_t(findOp(ops, "layer" + std::to_string(l) + ".elementwise.fwd"))];
                QVERIFY(near(el.predicted_ms, lc.fwd_elementwise * 1e3, 1e-9));
            }
            // The categories come from the same ops.
            const auto cat = predictedOpTimes(m, p, c);
            QCOMPARE(cat.size(), opCategories().size());
            const auto tot = categoryTotals(ops);
            for (std::size_t k = 0; k < cat.size(); ++k)
                QCOMPARE(cat[k].predicted_ms, tot[k]);
        }
        // Full recompute shows as its own backward op of the layer's forward time.
        const auto zops = planOps(m, z, c);
        const int rc = findOp(zops, "layer0.recompute");
        QVERIFY(rc >= 0);
        QVERIFY(zops[std::size_t(rc)].run);
        const LayerCost l0 = CostModel(m, c).layer(m.layer(0), z.layers[0], CostModel::stageShape(z, 0));
        QVERIFY(near(zops[std::size_t(rc)].predicted_ms, l0.fwd_compute * 1e3, 1e-12));
        QVERIFY(findOp(zops, "embedding.tp_comm.fwd") >= 0 && findOp(zops, "lm_head.tp_comm.bwd") >= 0);
    }

    void dpReductionRunsOnTheCommStreamOverlappingBackward() {
        const ModelProfile m = tinyLlama();
        Plan p = twoStagePlan();
        p.layers[2].dp_type = p.layers[3].dp_type = DpType::ZeRO2;
        const auto ops = planOps(m, p, clusterPreset("8xH100"));
        const int last = lastBackwardMicro(p.schedule, p.pp, 1, p.num_micro);
        QCOMPARE(last, 3);
        for (int l : {2, 3}) {
            const std::string L = "layer" + std::to_string(l);
            const int red = findOp(ops, L + ".dp_grad_reduce");
            const int opt = findOp(ops, L + ".optimizer");
            const int gat = findOp(ops, L + ".dp_param_gather");
            QVERIFY(red >= 0 && opt >= 0 && gat >= 0);
            const PlanOp& r = ops[std::size_t(red)];
            QCOMPARE(r.stream, OpStream::Comm);
            QCOMPARE(r.phase, OpPhase::Iteration);
            QCOMPARE(r.issue_after_micro, last);
            QVERIFY(r.waits_for >= 0);
            QCOMPARE(ops[std::size_t(r.waits_for)].layer, l);
            QCOMPARE(ops[std::size_t(r.waits_for)].phase, OpPhase::Backward);
            QCOMPARE(ops[std::size_t(opt)].stream, OpStream::Compute);
            QCOMPARE(ops[std::size_t(opt)].waits_for, red);
            QCOMPARE(ops[std::size_t(gat)].stream, OpStream::Comm);
            QCOMPARE(ops[std::size_t(gat)].waits_for, opt);
            // Partly hidden: the cost model exposes less than the whole reduction.
            QVERIFY(r.exposed_ms < r.predicted_ms);
        }
        // Every other op of the layers runs on the compute stream.
        for (const auto& o : ops)
            if (o.kind != OpKind::DpComm)
                QCOMPARE(o.stream, OpStream::Compute);

        // In the issue order of stage 1, layer 3's reduction follows layer 3's last backward and comes
        // before layer 2's last backward: it overlaps it.
        const auto sched = iterationSchedule(ops, p, 1);
        const int red3 = findOp(ops, "layer3.dp_grad_reduce");
        int at = -1;
        for (std::size_t i = 0; i < sched.size(); ++i)
            if (sched[i].op == red3)
                at = int(i);
        QVERIFY(at >= 0);
        QCOMPARE(sched[std::size_t(at)].stream, OpStream::Comm);
        const int w = sched[std::size_t(at)].waits_for;
        QVERIFY(w >= 0 && w < at);
        QCOMPARE(ops[std::size_t(sched[std::size_t(w)].op)].layer, 3);
        QCOMPARE(sched[std::size_t(w)].micro, last);
        bool overlapped = false;
        for (std::size_t i = std::size_t(at) + 1; i < sched.size(); ++i) {
            const PlanOp& o = ops[std::size_t(sched[i].op)];
            if (o.layer == 2 && o.phase == OpPhase::Backward && sched[i].stream == OpStream::Compute)
                overlapped = true;
        }
        QVERIFY(overlapped);
        // The optimizer step waits for the reduction's event; forward ops run once per micro-batch.
        const int opt3 = findOp(ops, "layer3.optimizer");
        for (const auto& s : sched)
            if (s.op == opt3)
                QCOMPARE(s.waits_for, at);
        int head_fwd = 0;
        for (const auto& s : sched) {
            QVERIFY(ops[std::size_t(s.op)].stage == 1);
            if (ops[std::size_t(s.op)].name == "lm_head.fwd")
                ++head_fwd;
        }
        QCOMPARE(head_fwd, p.num_micro);
    }

    void iterationScheduleRunsEmbeddingLayersHeadInOrder() {
        // One stage (pp = 1, DDP over 2 GPUs, GPipe with 2 micro-batches): forward = embedding, layers,
        // head + loss; backward = loss, head, layers in reverse, embedding; then the reductions on the
        // comm stream and the optimizer steps waiting for them.
        const ModelProfile m = tinyLlama();
        Plan p;
        p.gpus = 2;
        p.pp = 1;
        p.stage_layers = {4};
        p.global_batch = 4;
        p.num_micro = 2;
        p.schedule = Schedule::GPipe;
        p.layers.assign(4, LayerStrategy{1, 2});
        const auto ops = planOps(m, p, clusterPreset("8xH100"));
        const auto sched = iterationSchedule(ops, p, 0);
        std::vector<std::string> names;
        for (const auto& s : sched)
            names.push_back(ops[std::size_t(s.op)].name);
        auto at = [&](const std::string& n, int micro) {
            for (std::size_t i = 0; i < sched.size(); ++i)
                if (names[i] == n && sched[i].micro == micro)
                    return int(i);
            return -1;
        };
        QCOMPARE(names.front(), std::string("embedding.fwd"));
        QCOMPARE(sched.front().micro, 0);
        for (int mu : {0, 1}) {
            QVERIFY(at("embedding.fwd", mu) < at("layer0.qkv.fwd", mu));
            QVERIFY(at("layer3.elementwise.fwd", mu) < at("lm_head.fwd", mu));
            QVERIFY(at("lm_head.fwd", mu) < at("loss.fwd", mu));
            QVERIFY(at("loss.bwd", mu) < at("lm_head.bwd", mu));
            QVERIFY(at("lm_head.bwd", mu) < at("layer3.ffn_down.bwd", mu));
            QVERIFY(at("layer0.elementwise.bwd", mu) < at("embedding.bwd", mu));
        }
        // GPipe: all forwards before the first backward.
        QVERIFY(at("loss.fwd", 1) < at("loss.bwd", 0));
        // The last backward is micro-batch 1: the reductions follow it, each right after its layer.
        const int red3 = at("layer3.dp_grad_reduce", -1), red0 = at("layer0.dp_grad_reduce", -1);
        QVERIFY(at("layer3.elementwise.bwd", 1) < red3 && red3 < at("layer2.ffn_down.bwd", 1));
        QVERIFY(at("layer0.elementwise.bwd", 1) < red0 && red0 < at("embedding.bwd", 1));
        const int vred = at("vocab.dp_grad_reduce", -1);
        QVERIFY(at("embedding.bwd", 1) < vred);
        QCOMPARE(ops[std::size_t(sched[std::size_t(vred)].op)].stream, OpStream::Comm);
        QCOMPARE(sched[std::size_t(vred)].waits_for, at("embedding.bwd", 1));
        QCOMPARE(sched[std::size_t(at("vocab.optimizer", -1))].waits_for, vred);
        QVERIFY(at("layer0.optimizer", -1) > vred);
        // Every executed op appears count times.
        for (std::size_t i = 0; i < ops.size(); ++i) {
            if (!ops[i].run)
                continue;
            const auto n = std::count_if(sched.begin(), sched.end(),
                                         [&](const ScheduledOp& s) { return s.op == int(i); });
            QCOMPARE(int(n), ops[i].count);
        }
    }

    void runReportHasPerOpMeasuredAndPredicted() {
        const ModelProfile m = tinyLlama();
        const Plan p = twoStagePlan();
        const ClusterProfile c = clusterPreset("8xH100");
        PlanRunResult r;
        r.gpus = p.gpus;
        r.mode = "threads";
        fillPrediction(r, m, p, c);
        const auto ops = planOps(m, p, c);
        QCOMPARE(r.op_report.size(), ops.size());
        // A run measures the ops it executes: 1.5x the prediction here.
        std::vector<double> measured;
        for (const auto& o : ops)
            measured.push_back(1.5 * o.predictedTotalMs());
        r.op_report = opReports(ops, measured);
        r.measured_plan_bytes = 123456789;
        r.measured_iteration_ms = 42;
        const nlohmann::json j = toJson(r);
        QCOMPARE(j.at("measured_plan_bytes").get<std::int64_t>(), std::int64_t(123456789));
        QCOMPARE(j.at("ops").size(), opCategories().size());
        const auto& per = j.at("per_op");
        QCOMPARE(per.size(), ops.size());
        for (std::size_t i = 0; i < ops.size(); ++i) {
            const auto& e = per[i];
            QCOMPARE(e.at("name").get<std::string>(), ops[i].name);
            QCOMPARE(e.at("stage").get<int>(), ops[i].stage);
            QCOMPARE(e.at("predicted_ms").get<double>(), ops[i].predictedTotalMs());
            QCOMPARE(e.at("stream").get<std::string>(), std::string(toString(ops[i].stream)));
            if (ops[i].run && ops[i].predicted_ms > 0) {
                QCOMPARE(e.at("measured_ms").get<double>(), measured[i]);
                QVERIFY(near(e.at("ratio").get<double>(), 1.5, 1e-12));
            }
        }
        QCOMPARE(per[std::size_t(findOp(ops, "embedding.fwd"))].at("stage").get<int>(), 0);
        QCOMPARE(per[std::size_t(findOp(ops, "lm_head.fwd"))].at("stage").get<int>(), 1);
        // A failed run keeps the prediction, measured columns are null.
        PlanRunResult failed;
        fillPrediction(failed, m, p, c);
        const nlohmann::json f = toJson(failed, "no CUDA device");
        QCOMPARE(f.at("error").get<std::string>(), std::string("no CUDA device"));
        QVERIFY(!f.contains("measured_plan_bytes"));
        QVERIFY(f.at("per_op")[0].at("measured_ms").is_null());
        QVERIFY(f.at("per_op")[0].at("predicted_ms").get<double>() > 0);
    }

    void memoryPlanCountsEmbeddingHeadAndAllocations() {
        const ModelProfile m = tinyLlama();
        Plan p = twoStagePlan();
        p.pp = 4;
        p.gpus = 8;
        p.stage_layers = {1, 1, 1, 1};
        const RankMemoryPlan first = rankMemoryPlan(m, p, 0);
        const RankMemoryPlan mid = rankMemoryPlan(m, p, 2);
        const RankMemoryPlan last = rankMemoryPlan(m, p, 7);
        // Stage 0: the embedding table of 32000 x 512 bf16, its gradient and fp32 Adam state (DDP,
        // vocab_dp 2 keeps it whole), token ids of 1 x 512 tokens.
        const std::int64_t table = 32000ll * 512 * 2;
        QCOMPARE(first.vocab, 2 * table + 3 * 32000ll * 512 * 4);
        QCOMPARE(first.logits, std::int64_t(512 * 4));
        QCOMPARE(mid.vocab, std::int64_t(0));
        QCOMPARE(mid.logits, std::int64_t(0));
        // Last stage (1F1B: one micro-batch in flight): the head (untied), labels, and for the micro-batch
        // in flight the head's input, bf16 logits and row statistics.
        QCOMPARE(last.in_flight, 1);
        QCOMPARE(last.vocab, first.vocab);
        QCOMPARE(last.logits,
                 std::int64_t(512 * 4) + 512ll * 512 * 2 + 512ll * 32000 * 2 + std::int64_t(512 * 8));
        ModelProfile headless = m; // no vocabulary: the same rank without embedding and head
        headless.vocab_size = 0;
        QCOMPARE(first.allocated() - rankMemoryPlan(headless, p, 0).allocated(), first.vocab + first.logits);
        const VocabShard v = vocabShard(m, p, 3);
        QVERIFY(v.head && !v.embedding);
        QCOMPARE(v.tokens, std::int64_t(512)); // micro-batch 2 over vocab_dp 2
        // The runner's own allocations, counted where they are made.
        AllocationTally t;
        t.allocated(100);
        t.allocated(50);
        t.freed(100);
        t.allocated(20);
        QCOMPARE(t.current(), std::int64_t(70));
        QCOMPARE(t.peak(), std::int64_t(150));
    }
};

QTEST_APPLESS_MAIN(TestEngineLogic)
#include "test_engine_logic.moc"
