// SPDX-License-Identifier: Apache-2.0
// galvatron-engine-bench: profiles the local GPU(s) and prints the figures the engine is judged by.
//
//  1. GEMM profiler (cuBLASLt, best of the heuristic candidates) vs plain cublasGemmEx on the same
//     shape - goal: the profiler within 5% of (or above) the best cuBLAS figure.
//  2. LLaMA-7B-like layer (h 4096, f 11008, 32 heads, SwiGLU) forward + backward measured on the GPU
//     vs gx::CostModel's prediction with the measured profile - goal: within 10%.
//  3. HBM bandwidth, FP8 GEMMs where supported, NCCL collectives when there are 2+ GPUs.
// Writes the measured cluster profile (--out) and the raw results (--results) as JSON.
// Plain C++ (no Qt) so that it builds wherever the engine does. Exit codes: 0 all goals met,
// 1 a goal missed, 2 usage error, 77 no CUDA device.
#include "gx/engine/engine.h"
#include "gx/engine/logic.h"
#include "gx/engine/reference.h"

#include "gx/error.h"
#include "gx/presets.h"
#include "gx/profile_io.h"

#include <nlohmann/json.hpp>

#include <cmath>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <string>

using namespace gx;
using namespace gx::engine;

namespace {

void usage() {
    std::printf("usage: galvatron-engine-bench [--quick] [--out PROFILE.json] [--results RESULTS.json]\n"
                "                              [--base PRESET] [--no-fp8] [--no-collectives]\n");
}

struct BenchOptions {
    bool quick = false, fp8 = true, coll = true;
    std::string out_file, results_file, base_preset = "8xH100";
    std::string command; ///< the command line, recorded in the results
};

/// Reads the command line into `o`. Returns -1 to go on, else the exit code (0 after --help, 2 on a
/// usage error).
int parseArgs(int argc, char** argv, BenchOptions& o) {
    for (int i = 0; i < argc; ++i)
        o.command += (i ? " " : "") + std::string(argv[i]);
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        auto value = [&]() -> std::string {
            if (i + 1 >= argc) {
                usage();
                std::exit(2);
            }
            return argv[++i];
        };
        if (a == "--quick")
            o.quick = true;
        else if (a == "--out")
            o.out_file = value();
        else if (a == "--results")
            o.results_file = value();
        else if (a == "--base")
            o.base_preset = value();
        else if (a == "--no-fp8")
            o.fp8 = false;
        else if (a == "--no-collectives")
            o.coll = false;
        else if (a == "-h" || a == "--help") {
            usage();
            return 0;
        } else {
            std::fprintf(stderr, "unknown argument '%s'\n", a.c_str());
            usage();
            return 2;
        }
    }
    return -1;
}

void printInventory(const Inventory& inv) {
    const DeviceInfo& dev = inv.devices.front();
    std::printf("== device: %s  sm_%d%d  %d SMs  %.1f GiB  SM clock %d MHz  driver %s  CUDA runtime %d  "
                "NCCL %d\n",
                dev.name.c_str(), dev.cc_major, dev.cc_minor, dev.sm_count,
                double(dev.total_memory_bytes) / double(1ll << 30), dev.sm_clock_mhz,
                inv.driver_version.c_str(), inv.cuda_runtime_version, inv.nccl_version);
    for (const auto& l : inv.links)
        std::printf("   link %d-%d: p2p %d, nvlinks %d, path %s\n", l.a, l.b, int(l.p2p_access), l.nvlinks,
                    l.path.c_str());
}

/// Correctness first: the GPU layer against the double-precision CPU reference. True when every
/// variant passes.
bool checkLayerCorrectness() {
    bool ok_all = true;
    for (const LayerBenchConfig& small : selfCheckVariants()) {
        const LayerCheck chk = checkLayerAgainstCpu(small);
        const bool ok = chk.worst() < kSelfCheckTolerance;
        std::printf("\n== Layer correctness vs CPU reference, heads %d kv %d %s (relative errors): qkv %.2e, "
                    "ctx %.2e, dqkv %.2e, out %.2e, dx %.2e, dW %.2e -> %s\n",
                    small.heads, small.kv_heads, small.causal ? "causal" : "bidirectional", chk.qkv_err,
                    chk.ctx_err, chk.dqkv_err, chk.out_err, chk.dx_err, chk.dw_err, ok ? "PASS" : "FAIL");
        if (!ok)
            ok_all = false;
    }
    return ok_all;
}

void profileAndPrintHbm(ProfileResults& r, int iters) {
    HbmProfileOptions ho;
    ho.iters = iters;
    r.hbm = profileHbm(ho);
    std::printf("\n== HBM bandwidth (bytes read + written / time)\n");
    for (const auto& h : r.hbm)
        std::printf("   %6lld MiB: copy kernel %7.0f GB/s, cudaMemcpy D2D %7.0f GB/s\n",
                    (long long)(h.bytes >> 20), h.copy_kernel_gbs, h.memcpy_gbs);
}

/// GEMMs: the profiler against cuBLAS on the LLaMA-7B layer's shapes. True when the profiler is within
/// 5% of (or above) cuBLAS on every shape that counts.
bool profileAndCompareGemms(ProfileResults& r, bool fp8, int iters) {
    LayerBenchConfig llama; // LLaMA-7B defaults
    GemmProfileOptions go;
    go.iters = iters;
    go.shapes = defaultGemmShapes(llama);
    for (const auto& g : layerGemmShapes([&] {
             LayerBenchConfig c = llama;
             c.seq_len = 4096;
             return c;
         }()))
        go.shapes.push_back(g);
    go.dtypes = {DType::BF16};
    if (fp8 && supportsFp8(r.inventory.devices.front()))
        go.dtypes.push_back(DType::FP8);
    r.gemms = profileGemms(go);
    std::printf("\n== GEMM throughput: profiler (best of cuBLASLt heuristic candidates) vs cublasGemmEx\n");
    std::printf("   %-8s %-5s %6s %6s %6s  %9s %9s %7s  %s\n", "shape", "dtype", "m", "n", "k", "profiler",
                "cuBLAS", "ratio", "goal >= 0.95");
    double worst_ratio = 1e9;
    for (const auto& g : r.gemms) {
        // FP8 has no independent reference (cublasGemmEx has no FP8 path); it is shown against the
        // BF16 figure of the same shape (data sheets: 2x on sm_89/sm_90) and not counted.
        double ref = 0;
        const char* what = "";
        if (g.dtype != DType::FP8) {
            ref = referenceGemmTflops(g.shape, g.dtype, 0, 5, iters);
        } else {
            for (const auto& b : r.gemms)
                if (b.dtype == DType::BF16 && b.shape.m == g.shape.m && b.shape.n == g.shape.n &&
                    b.shape.k == g.shape.k)
                    ref = b.tflops;
            what = "(fp8 vs bf16 profiler, informational)";
        }
        const double ratio = ref > 0 ? g.tflops / ref : 0;
        const bool counts = countsForProfilerGoal(g);
        if (counts)
            worst_ratio = std::min(worst_ratio, ratio);
        std::printf("   %-8s %-5s %6lld %6lld %6lld  %9.1f %9.1f %7.3f  %s\n", g.shape.name.c_str(),
                    toString(g.dtype), (long long)g.shape.m, (long long)g.shape.n, (long long)g.shape.k,
                    g.tflops, ref, ratio,
                    g.dtype == DType::FP8
                        ? what
                        : (!counts ? "(small, informational)" : (ratio >= 0.95 ? "PASS" : "MISS")));
    }
    std::printf("   GOAL gemm-profiler-within-5%%: worst ratio %.3f -> %s\n", worst_ratio,
                worst_ratio >= 0.95 ? "PASS" : "MISS");
    return !(worst_ratio < 0.95);
}

/// NCCL collectives (nccl-tests conventions), when there are 2+ GPUs and NCCL.
void profileAndPrintCollectives(ProfileResults& r, bool quick) {
    if (r.inventory.devices.size() <= 1 || !haveNccl())
        return;
    CollectiveProfileOptions co;
    co.max_bytes = quick ? (1ll << 26) : (1ll << 30);
    co.iters = quick ? 5 : 20;
    r.collectives = profileCollectives(co);
    std::printf("\n== NCCL collectives (nccl-tests conventions)\n");
    for (const auto& p : r.collectives)
        if (p.bytes >= (1 << 20))
            std::printf("   %-14s n=%d %10lld B  %9.1f us  algbw %7.1f  busbw %7.1f GB/s\n",
                        collectiveName(p.op), p.group_size, (long long)p.bytes, p.time_us, p.algbw_gbs,
                        p.busbw_gbs);
}

/// The measured cluster profile: `base_preset` (defaults when unknown) with the measured figures.
ClusterProfile measuredProfile(const ProfileResults& r, const std::string& base_preset) {
    ClusterProfile base;
    try {
        base = clusterPreset(base_preset);
    } catch (const gx::InputError& e) {
        std::printf("   (base preset: %s; using defaults)\n", e.what());
    }
    base.name.clear();
    return toClusterProfile(r, base);
}

/// The measured layers against gx::CostModel's prediction with the measured profile. True when every
/// layer is within 10%.
bool compareLayerPredictions(const ProfileResults& r, const ClusterProfile& measured) {
    bool ok_all = true;
    double x0 = 128.0;
    if (auto it = measured.provenance.find("gemm_half_saturation"); it != measured.provenance.end())
        x0 = std::stod(it->second);
    std::printf("\n== Measured profile: %s, BF16 peak %.1f TFLOP/s, GEMM efficiency %.3f, HBM %.0f GB/s, "
                "half-saturation %.0f\n",
                measured.gpu.name.c_str(), measured.gpu.peak_tflops_bf16, measured.gpu.gemm_efficiency,
                measured.gpu.hbm_bandwidth_gbs, x0);
    std::printf("\n== LLaMA-7B-like layer fwd+bwd (h 4096, f 11008, 32 heads, SwiGLU, chunked attention)\n");
    std::printf("   %3s %5s  %8s %8s %8s %8s  %9s %7s  %s\n", "b", "s", "fwd ms", "bwd ms", "total",
                "TFLOP/s", "predicted", "error", "goal |err| <= 10%");
    for (const auto& l : r.layers) {
        const double pred = predictedLayerMs(l.config, measured, false, x0);
        const double err = (pred - l.totalMs()) / l.totalMs();
        const bool ok = std::abs(err) <= 0.10;
        if (!ok)
            ok_all = false;
        std::printf("   %3d %5d  %8.2f %8.2f %8.2f %8.1f  %9.2f %+6.1f%%  %s\n", l.config.micro_batch,
                    l.config.seq_len, l.fwd_ms, l.bwd_ms, l.totalMs(), l.tflops, pred, 100.0 * err,
                    ok ? "PASS" : "MISS");
    }
    return ok_all;
}

/// Profiles, compares and writes the files. True when every goal is met.
bool runBench(const BenchOptions& o) {
    bool goals_met = true;
    ProfileResults r;
    r.command = o.command;
    r.date = utcNow();
    r.inventory = queryInventory();
    printInventory(r.inventory);
    const int iters = o.quick ? 10 : 30;

    if (!checkLayerCorrectness())
        goals_met = false;
    profileAndPrintHbm(r, iters);
    if (!profileAndCompareGemms(r, o.fp8, iters))
        goals_met = false;

    // ---- Layer forward + backward
    LayerProfileOptions lo;
    lo.base = LayerBenchConfig{}; // LLaMA-7B defaults
    lo.micro_batches = o.quick ? std::vector<int>{1} : std::vector<int>{1, 2};
    lo.seq_lens = {2048, 4096};
    lo.iters = o.quick ? 5 : 10;
    r.layers = profileLayers(lo);

    if (o.coll)
        profileAndPrintCollectives(r, o.quick);

    // ---- Measured profile and the layer prediction
    const ClusterProfile measured = measuredProfile(r, o.base_preset);
    if (!compareLayerPredictions(r, measured))
        goals_met = false;
    if (!o.out_file.empty()) {
        writeJsonFile(o.out_file, toJson(measured));
        std::printf("\nwrote cluster profile %s\n", o.out_file.c_str());
    }
    if (!o.results_file.empty()) {
        writeJsonFile(o.results_file, toJson(r));
        std::printf("wrote raw results %s\n", o.results_file.c_str());
    }
    return goals_met;
}

} // namespace

int main(int argc, char** argv) {
    BenchOptions o;
    if (const int exit_code = parseArgs(argc, argv, o); exit_code >= 0)
        return exit_code;
    const std::string why = noDeviceReason();
    if (!why.empty()) {
        std::printf("SKIP: no CUDA device: %s\n", why.c_str());
        return 77;
    }
    bool goals_met = true;
    try {
        goals_met = runBench(o);
    } catch (const gx::InputError& e) {
        std::fprintf(stderr, "error: %s\n", e.what());
        return 2;
    } catch (const std::exception& e) {
        std::fprintf(stderr, "error: %s\n", e.what());
        return 1;
    }
    std::printf("\n%s\n", goals_met ? "ALL GOALS MET" : "SOME GOALS MISSED");
    return goals_met ? 0 : 1;
}
