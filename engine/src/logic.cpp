// SPDX-License-Identifier: Apache-2.0
// Galvatron Explorer engine - GPU-free logic (see logic.h).
#include "gx/engine/logic.h"

#include "gx/cost_model.h"
#include "gx/error.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cctype>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <ctime>
#include <map>

namespace gx::engine {

const char* toString(DType t) {
    switch (t) {
    case DType::BF16:
        return "bf16";
    case DType::FP16:
        return "fp16";
    case DType::FP8:
        return "fp8";
    }
    return "?";
}

const char* collectiveName(gx::Collective op) {
    switch (op) {
    case gx::Collective::AllReduce:
        return "all_reduce";
    case gx::Collective::AllGather:
        return "all_gather";
    case gx::Collective::ReduceScatter:
        return "reduce_scatter";
    case gx::Collective::AllToAll:
        return "all_to_all";
    case gx::Collective::SendRecv:
        return "send_recv";
    }
    return "?";
}

namespace {
std::string squash(const std::string& s) {
    std::string out;
    for (char c : s)
        if (std::isalnum(static_cast<unsigned char>(c)))
            out += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return out;
}
} // namespace

gx::Collective collectiveFromName(const std::string& name, const std::string& field) {
    const std::string n = squash(name);
    if (n == "allreduce")
        return gx::Collective::AllReduce;
    if (n == "allgather")
        return gx::Collective::AllGather;
    if (n == "reducescatter")
        return gx::Collective::ReduceScatter;
    if (n == "alltoall")
        return gx::Collective::AllToAll;
    if (n == "sendrecv" || n == "p2p")
        return gx::Collective::SendRecv;
    throw gx::InputError(field,
                         "unknown collective '" + name +
                             "'; expected all_reduce, all_gather, reduce_scatter, all_to_all or send_recv");
}

DType dtypeFromName(const std::string& name, const std::string& field) {
    const std::string n = squash(name);
    if (n == "bf16" || n == "bfloat16")
        return DType::BF16;
    if (n == "fp16" || n == "half" || n == "float16")
        return DType::FP16;
    if (n == "fp8" || n == "e4m3" || n == "fp8e4m3")
        return DType::FP8;
    throw gx::InputError(field, "unknown dtype '" + name + "'; expected bf16, fp16 or fp8");
}

double busBwFactor(gx::Collective op, int ranks) {
    if (ranks < 1)
        throw gx::InputError("group_size", "must be at least 1, got " + std::to_string(ranks));
    const double n = ranks;
    switch (op) {
    case gx::Collective::AllReduce:
        return 2.0 * (n - 1.0) / n;
    case gx::Collective::AllGather:
    case gx::Collective::ReduceScatter:
    case gx::Collective::AllToAll:
        return (n - 1.0) / n;
    case gx::Collective::SendRecv:
        return 1.0;
    }
    return 1.0;
}

double algBwGbs(double bytes, double time_us) {
    if (!(time_us > 0))
        throw gx::InputError("time_us", "must be positive to compute a bandwidth");
    return bytes / (time_us * 1e-6) / 1e9;
}

CollectivePoint makeCollectivePoint(gx::Collective op, int ranks, std::int64_t bytes, double time_us) {
    CollectivePoint p;
    p.op = op;
    p.group_size = ranks;
    p.bytes = bytes;
    p.time_us = time_us;
    p.algbw_gbs = algBwGbs(double(bytes), time_us);
    p.busbw_gbs = p.algbw_gbs * busBwFactor(op, ranks);
    return p;
}

std::vector<std::int64_t> messageSizes(std::int64_t min_bytes, std::int64_t max_bytes, int factor) {
    if (min_bytes < 1)
        throw gx::InputError("min_bytes", "must be at least 1");
    if (max_bytes < min_bytes)
        throw gx::InputError("max_bytes", "must be >= min_bytes");
    if (factor < 2)
        throw gx::InputError("step_factor", "must be at least 2");
    std::vector<std::int64_t> out;
    for (std::int64_t b = min_bytes; b <= max_bytes; b *= factor) {
        out.push_back(b);
        if (b > max_bytes / factor)
            break;
    }
    return out;
}

LinearFit fitLinear(const std::vector<double>& x, const std::vector<double>& y) {
    if (x.size() != y.size())
        throw gx::InputError("fit", "x and y differ in length");
    const std::size_t n = x.size();
    if (n < 2)
        throw gx::InputError("fit", "needs at least two points");
    double mx = 0, my = 0;
    for (std::size_t i = 0; i < n; ++i) {
        mx += x[i];
        my += y[i];
    }
    mx /= double(n);
    my /= double(n);
    double sxx = 0, sxy = 0, syy = 0;
    for (std::size_t i = 0; i < n; ++i) {
        sxx += (x[i] - mx) * (x[i] - mx);
        sxy += (x[i] - mx) * (y[i] - my);
        syy += (y[i] - my) * (y[i] - my);
    }
    if (sxx <= 0)
        throw gx::InputError("fit", "needs at least two distinct x values");
    LinearFit f;
    f.slope = sxy / sxx;
    f.intercept = my - f.slope * mx;
    f.r2 = syy > 0 ? (sxy * sxy) / (sxx * syy) : 1.0;
    return f;
}

AlphaBetaFit fitAlphaBeta(const std::vector<CollectivePoint>& curve, std::int64_t small_bytes,
                          std::int64_t large_bytes) {
    if (curve.empty())
        throw gx::InputError("collectives", "no points to fit");
    AlphaBetaFit fit;
    // Latency: the smallest messages are latency-bound; take the fit's intercept when two or more
    // small sizes exist, the smallest time otherwise (never negative).
    std::vector<double> xs, ys;
    double min_time = curve.front().time_us;
    for (const auto& p : curve) {
        min_time = std::min(min_time, p.time_us);
        if (p.bytes <= small_bytes) {
            xs.push_back(double(p.bytes));
            ys.push_back(p.time_us);
        }
    }
    fit.latency_us = min_time;
    if (xs.size() >= 2) {
        try {
            const LinearFit lf = fitLinear(xs, ys);
            if (lf.intercept > 0)
                fit.latency_us = lf.intercept;
        } catch (const gx::InputError&) {
        }
    }
    // Bandwidth: the best bus bandwidth among the large messages (all if none is that large).
    double best = 0, best_any = 0;
    for (const auto& p : curve) {
        best_any = std::max(best_any, p.busbw_gbs);
        if (p.bytes >= large_bytes)
            best = std::max(best, p.busbw_gbs);
    }
    fit.busbw_gbs = best > 0 ? best : best_any;
    return fit;
}

SaturationFit fitSaturation(const std::vector<double>& min_dims, const std::vector<double>& efficiencies) {
    if (min_dims.size() != efficiencies.size())
        throw gx::InputError("fit", "sizes and efficiencies differ in length");
    std::vector<double> ix, iy;
    for (std::size_t i = 0; i < min_dims.size(); ++i) {
        if (!(min_dims[i] > 0) || !(efficiencies[i] > 0))
            throw gx::InputError("fit", "sizes and efficiencies must be positive");
        ix.push_back(1.0 / min_dims[i]);
        iy.push_back(1.0 / efficiencies[i]);
    }
    const LinearFit lf = fitLinear(ix, iy);
    if (!(lf.intercept > 0))
        throw gx::InputError("fit", "efficiency does not saturate with size (1/e <= 0)");
    SaturationFit f;
    f.efficiency = 1.0 / lf.intercept;
    f.half_saturation = std::max(0.0, lf.slope * f.efficiency);
    return f;
}

bool supportsFp8(const DeviceInfo& dev) {
    return dev.computeCapability() >= 89;
}

double peakTflops(const DeviceInfo& dev, DType dtype) {
    struct Known {
        const char* key; // substring of the device name, upper case
        double bf16, fp8;
    };
    // Dense (no sparsity) tensor-core peaks from the vendor data sheets. Order matters: more specific
    // names first.
    static const Known known[] = {
        {"H100 NVL", 835.0, 1670.0}, {"H100 PCIE", 756.5, 1513.0}, {"H100", 989.4, 1978.9},
        {"H200", 989.4, 1978.9},     {"H800", 989.4, 1978.9},      {"GH200", 989.4, 1978.9},
        {"A100", 312.0, 0.0},        {"A800", 312.0, 0.0},         {"L40S", 362.05, 733.0},
        {"A10", 125.0, 0.0},         {"L4", 121.0, 242.5},
    };
    std::string upper;
    for (char c : dev.name)
        upper += static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    double bf16 = 0, fp8 = 0;
    bool found = false;
    for (const auto& k : known) {
        const auto pos = upper.find(k.key);
        if (pos != std::string::npos) {
            // Whole word only: "A10" must not match "A100", nor "L4" match "L40S".
            const auto end = pos + std::string(k.key).size();
            if (end < upper.size() && std::isalnum(static_cast<unsigned char>(upper[end])))
                continue;
            bf16 = k.bf16;
            fp8 = k.fp8;
            found = true;
            break;
        }
    }
    if (!found) {
        double per_clk = 0; // dense BF16 FLOP per clock per SM
        switch (dev.computeCapability()) {
        case 80:
            per_clk = 2048;
            break;
        case 86:
        case 87:
            per_clk = 512;
            break;
        case 89:
            per_clk = 1024;
            break;
        case 90:
            per_clk = 4096;
            break;
        default:
            per_clk = 0;
        }
        bf16 = dev.sm_count * (dev.sm_clock_mhz * 1e6) * per_clk / 1e12;
        fp8 = supportsFp8(dev) ? 2.0 * bf16 : 0.0;
    }
    switch (dtype) {
    case DType::BF16:
    case DType::FP16:
        return bf16;
    case DType::FP8:
        return supportsFp8(dev) ? fp8 : 0.0;
    }
    return 0.0;
}

std::vector<GemmShape> layerGemmShapes(const LayerBenchConfig& c) {
    if (c.hidden <= 0 || c.ffn_hidden <= 0 || c.heads <= 0 || c.seq_len <= 0 || c.micro_batch <= 0)
        throw gx::InputError("layer", "hidden, ffn_hidden, heads, seq_len and micro_batch must be positive");
    if (c.tp <= 0 || c.heads % c.tp != 0)
        throw gx::InputError("layer.tp", "must divide the number of heads (" + std::to_string(c.heads) + ")");
    const int kv = c.kv_heads > 0 ? c.kv_heads : c.heads;
    if (kv % c.tp != 0 && c.tp % kv != 0)
        throw gx::InputError("layer.tp", "must divide (or be a multiple of) the KV heads");
    if (c.hidden % c.heads != 0)
        throw gx::InputError("layer.heads", "must divide hidden");
    if (c.ffn_hidden % c.tp != 0)
        throw gx::InputError("layer.tp", "must divide ffn_hidden");
    const std::int64_t hd = c.hidden / c.heads;
    const std::int64_t tokens = std::int64_t(c.micro_batch) * c.seq_len;
    const std::int64_t q = c.heads / c.tp * hd;
    const std::int64_t kvw = std::max<std::int64_t>(1, kv / c.tp) * hd;
    const std::int64_t f = c.ffn_hidden / c.tp;
    std::vector<GemmShape> s;
    s.push_back({"qkv", tokens, q + 2 * kvw, c.hidden});
    s.push_back({"attn_out", tokens, c.hidden, q});
    s.push_back({"ffn_up", tokens, (c.gated_ffn ? 2 : 1) * f, c.hidden});
    s.push_back({"ffn_down", tokens, c.hidden, f});
    return s;
}

int launchesPerSample(double probe_us, double target_us) {
    if (!(probe_us > 0))
        return 1000;
    return int(std::clamp(std::ceil(target_us / probe_us), 1.0, 1000.0));
}

int rotatingInputSets(std::int64_t input_bytes, std::int64_t l2_bytes) {
    if (input_bytes <= 0 || l2_bytes <= 0)
        return 1;
    const std::int64_t n = (2 * l2_bytes + input_bytes - 1) / input_bytes;
    return int(std::clamp<std::int64_t>(n, 1, 1024));
}

bool countsForProfilerGoal(const GemmResult& g) {
    return g.dtype != DType::FP8 && std::min({g.shape.m, g.shape.n, g.shape.k}) >= 1024;
}

std::string normalizePciBusId(const std::string& id) {
    unsigned long dom = 0, bus = 0, dev = 0, fn = 0;
    char tail = 0;
    if (std::sscanf(id.c_str(), "%lx:%lx:%lx.%lx%c", &dom, &bus, &dev, &fn, &tail) != 4)
        return {};
    char buf[32];
    std::snprintf(buf, sizeof buf, "%04lx:%02lx:%02lx.%lx", dom, bus, dev, fn);
    return buf;
}

int nvlinksBetween(const std::vector<std::string>& remotes_a, const std::vector<std::string>& remotes_b,
                   const std::string& bus_b, const std::vector<std::string>& gpu_bus_ids) {
    const std::string b = normalizePciBusId(bus_b);
    std::vector<std::string> gpus;
    for (const auto& g : gpu_bus_ids)
        gpus.push_back(normalizePciBusId(g));
    auto isGpu = [&](const std::string& r) { return std::find(gpus.begin(), gpus.end(), r) != gpus.end(); };
    int direct = 0, switch_a = 0, switch_b = 0;
    for (const auto& r : remotes_a) {
        const std::string n = normalizePciBusId(r);
        if (n.empty())
            continue;
        if (n == b)
            ++direct;
        else if (!isGpu(n))
            ++switch_a;
    }
    if (direct > 0)
        return direct;
    for (const auto& r : remotes_b) {
        const std::string n = normalizePciBusId(r);
        if (!n.empty() && !isGpu(n))
            ++switch_b;
    }
    return std::min(switch_a, switch_b);
}

bool isStickyCudaError(int code) {
    switch (code) {
    case 214: // cudaErrorECCUncorrectable
    case 700: // cudaErrorIllegalAddress
    case 702: // cudaErrorLaunchTimeout
    case 710: // cudaErrorAssert
    case 714: // cudaErrorHardwareStackError
    case 715: // cudaErrorIllegalInstruction
    case 716: // cudaErrorMisalignedAddress
    case 717: // cudaErrorInvalidAddressSpace
    case 718: // cudaErrorInvalidPc
    case 719: // cudaErrorLaunchFailure
    case 999: // cudaErrorUnknown
        return true;
    default:
        return false;
    }
}

LayerShardDims layerShardDims(const LayerBenchConfig& c) {
    layerGemmShapes(c); // validates
    LayerShardDims d;
    const int kv = c.kv_heads > 0 ? c.kv_heads : c.heads;
    d.h = c.hidden;
    d.hd = c.hidden / c.heads;
    d.nh = c.heads / c.tp;
    d.nkv = std::max(1, kv / c.tp);
    if (d.nh % d.nkv != 0)
        throw gx::InputError("layer.kv_heads",
                             "query heads per shard must be a multiple of KV heads per shard");
    d.q = d.nh * d.hd;
    d.kvw = d.nkv * d.hd;
    d.nqkv = d.q + 2 * d.kvw;
    d.f = c.ffn_hidden / c.tp;
    d.gf = (c.gated_ffn ? 2 : 1) * d.f;
    d.seq = c.seq_len;
    d.batch = c.micro_batch;
    d.T = std::int64_t(c.micro_batch) * c.seq_len;
    if (d.T > 0x7fffffff)
        throw gx::InputError("layer", "micro_batch * seq_len too large");
    d.params = std::int64_t(d.h) * d.nqkv + std::int64_t(d.q) * d.h + std::int64_t(d.h) * d.gf +
               std::int64_t(d.f) * d.h + 2ll * d.h;
    return d;
}

std::int64_t layerProfileBytes(const LayerBenchConfig& cfg) {
    const LayerShardDims d = layerShardDims(cfg);
    return 2 * align256(d.params * 2) + layerStoredBytes(d) +
           layerScratchBytes(d, attentionChunkRows(d.nh, d.seq)) + 4 * align256(d.T * d.h * 2) + (32ll << 20);
}

int attentionChunkRows(int heads, int seq, std::int64_t budget) {
    if (heads < 1 || seq < 1 || budget < 1)
        throw gx::InputError("attention", "heads, seq_len and the score budget must be positive");
    std::int64_t rows = budget / (std::int64_t(heads) * seq * 2);
    rows = std::clamp<std::int64_t>(rows, 1, seq);
    if (rows >= 64 && rows < seq)
        rows = rows / 64 * 64;
    return int(rows);
}

std::vector<std::int64_t> layerStoredElems(const LayerShardDims& d) {
    const std::int64_t T = d.T;
    return {T * d.h, T * d.h, T * d.nqkv, T * d.q, T * d.h, T * d.h, T * d.gf, T * d.f};
}

std::vector<std::int64_t> layerScratchElems(const LayerShardDims& d, int chunk_rows) {
    const std::int64_t T = d.T;
    const std::int64_t scores = std::int64_t(d.nh) * chunk_rows * d.seq;
    return {T * d.f, T * d.gf, T * d.h, T * d.h, T * d.q, T * d.nqkv, T * d.h, scores, scores};
}

std::int64_t layerStoredBytes(const LayerShardDims& d) {
    std::int64_t b = 0;
    for (std::int64_t e : layerStoredElems(d))
        b += align256(e * 2);
    return b + 4 * align256(d.T * 4);
}

std::int64_t layerScratchBytes(const LayerShardDims& d, int chunk_rows) {
    std::int64_t b = 0;
    for (std::int64_t e : layerScratchElems(d, chunk_rows))
        b += align256(e * 2);
    return b;
}

std::vector<GemmShape> layerGemmShapes(const gx::LayerType& t, int micro_batch, int tp) {
    LayerBenchConfig c;
    c.hidden = t.hidden;
    c.ffn_hidden = t.ffn_hidden;
    c.heads = t.heads;
    c.kv_heads = t.kv_heads > 0 ? t.kv_heads : t.heads;
    c.seq_len = t.seq_len;
    c.gated_ffn = t.gated_ffn;
    c.micro_batch = micro_batch;
    c.tp = tp;
    return layerGemmShapes(c);
}

double layerForwardFlops(const LayerBenchConfig& c) {
    double flops = 0;
    for (const auto& g : layerGemmShapes(c))
        flops += g.flops();
    const double hd = double(c.hidden) / c.heads;
    // scores Q K^T and context P V: each 2 * b * s * s * hd per head.
    flops += 2.0 * 2.0 * c.micro_batch * double(c.seq_len) * c.seq_len * (c.heads / c.tp) * hd;
    return flops;
}

gx::LayerType layerTypeOf(const LayerBenchConfig& c) {
    gx::LayerType t;
    t.name = "decoder";
    t.kind = c.causal ? gx::BlockKind::Decoder : gx::BlockKind::Encoder;
    t.hidden = c.hidden;
    t.ffn_hidden = c.ffn_hidden;
    t.heads = c.heads;
    t.kv_heads = c.kv_heads > 0 ? c.kv_heads : c.heads;
    t.head_dim = c.hidden / std::max(1, c.heads);
    t.seq_len = c.seq_len;
    t.gated_ffn = c.gated_ffn;
    t.bias = false;
    t.dropout = false;
    return t;
}

double predictedLayerMs(const LayerBenchConfig& cfg, const gx::ClusterProfile& cluster, bool flash_attention,
                        double gemm_half_saturation) {
    gx::ModelProfile m;
    m.name = "layer";
    gx::LayerStack st;
    st.type = layerTypeOf(cfg);
    st.count = 1;
    m.stacks = {st};
    m.seq_len = cfg.seq_len;
    m.embed_hidden = cfg.hidden;
    gx::CostOptions o;
    o.runtime.attention = flash_attention ? gx::AttentionKernel::Flash : gx::AttentionKernel::Eager;
    gx::ClusterProfile cl = cluster;
    cl.gpu.gemm_half_saturation = gemm_half_saturation;
    const gx::CostModel cm(m, cl, o);
    gx::LayerStrategy s;
    s.tp = cfg.tp;
    gx::StageShape shape;
    shape.stage_gpus = cfg.tp;
    shape.micro_batch = cfg.micro_batch;
    const gx::LayerCost c = cm.layer(st.type, s, shape);
    return (c.fwd_compute + c.bwd_compute) * 1e3;
}

double bestGemmEfficiency(const ProfileResults& r, DType dtype, double min_dim) {
    if (r.inventory.devices.empty())
        return 0;
    const double peak = peakTflops(r.inventory.devices.front(), dtype);
    if (!(peak > 0))
        return 0;
    double best = 0;
    for (const auto& g : r.gemms) {
        if (g.dtype != dtype)
            continue;
        const double md = double(std::min({g.shape.m, g.shape.n, g.shape.k}));
        if (md >= min_dim)
            best = std::max(best, g.tflops / peak);
    }
    return best;
}

gx::ClusterProfile toClusterProfile(const ProfileResults& r, const gx::ClusterProfile& base) {
    if (r.inventory.devices.empty())
        throw gx::InputError("results.inventory.devices", "no device was profiled");
    gx::ClusterProfile c = base;
    const DeviceInfo& d = r.inventory.devices.front();
    c.gpu.name = d.name;
    c.gpu.memory_gib = double(d.total_memory_bytes) / double(1ll << 30);
    c.gpu.sm_count = d.sm_count;
    if (const double p = peakTflops(d, DType::BF16); p > 0)
        c.gpu.peak_tflops_bf16 = p;
    if (const double p = peakTflops(d, DType::FP16); p > 0)
        c.gpu.peak_tflops_fp16 = p;
    c.gpu.peak_tflops_fp8 = peakTflops(d, DType::FP8);
    if (const double e = bestGemmEfficiency(r, DType::BF16); e > 0)
        c.gpu.gemm_efficiency = std::min(1.0, e);
    else if (const double e16 = bestGemmEfficiency(r, DType::FP16); e16 > 0)
        c.gpu.gemm_efficiency = std::min(1.0, e16);
    double hbm = 0;
    for (const auto& h : r.hbm)
        hbm = std::max(hbm, h.best());
    if (hbm > 0)
        c.gpu.hbm_bandwidth_gbs = hbm;
    c.nodes = 1;
    c.gpus_per_node = int(r.inventory.devices.size());
    if (c.name.empty() || c.name == base.name)
        c.name = std::to_string(c.gpus_per_node) + "x" + d.name + " (measured)";

    // Intra-node link kind from the topology.
    bool nvlink = false, any_link = false;
    for (const auto& l : r.inventory.links) {
        any_link = true;
        if (l.nvlinks > 0 || l.path == "NVLink")
            nvlink = true;
    }
    if (any_link)
        c.intra.kind = nvlink ? "NVLink" : "PCIe";

    // Collective curves grouped by (op, group size), sorted by bytes.
    std::map<std::pair<int, int>, std::vector<CollectivePoint>> groups;
    for (std::size_t i = 0; i < r.collectives.size(); ++i) {
        const auto& p = r.collectives[i];
        // Curves are single-node measurements (inter_node = false): a group cannot be larger than
        // the node's inventory.
        if (p.group_size > c.gpus_per_node)
            throw gx::InputError("results.collectives[" + std::to_string(i) + "].group_size",
                                 std::to_string(p.group_size) + " GPUs measured but the inventory lists " +
                                     std::to_string(c.gpus_per_node));
        groups[{int(p.op), p.group_size}].push_back(p);
    }
    c.measured.clear();
    double best_ar_bw = 0, ar_latency = 0;
    int best_ar_group = 0;
    for (auto& [key, pts] : groups) {
        std::sort(pts.begin(), pts.end(), [](const auto& a, const auto& b) { return a.bytes < b.bytes; });
        gx::CollectiveMeasurement m;
        m.op = gx::Collective(key.first);
        m.group_size = key.second;
        m.inter_node = false;
        const AlphaBetaFit fit = fitAlphaBeta(pts);
        m.latency_us = fit.latency_us;
        for (const auto& p : pts)
            m.bytes_to_busbw_gbs.emplace_back(double(p.bytes), p.busbw_gbs);
        c.measured.push_back(std::move(m));
        if (gx::Collective(key.first) == gx::Collective::AllReduce && key.second > 1 &&
            (key.second > best_ar_group || (key.second == best_ar_group && fit.busbw_gbs > best_ar_bw))) {
            best_ar_group = key.second;
            best_ar_bw = fit.busbw_gbs;
            ar_latency = fit.latency_us;
        }
    }
    if (best_ar_bw > 0) {
        c.intra.bandwidth_gbs = best_ar_bw;
        c.intra.latency_us = ar_latency;
    }

    c.source = "measured by galvatron-engine on " + d.name + (r.date.empty() ? "" : " at " + r.date);
    c.provenance["device"] = d.name;
    c.provenance["device_count"] = std::to_string(r.inventory.devices.size());
    c.provenance["compute_capability"] = std::to_string(d.cc_major) + "." + std::to_string(d.cc_minor);
    if (!r.inventory.driver_version.empty())
        c.provenance["driver"] = r.inventory.driver_version;
    if (r.inventory.cuda_runtime_version > 0)
        c.provenance["cuda_runtime"] = std::to_string(r.inventory.cuda_runtime_version);
    if (r.inventory.nccl_version > 0)
        c.provenance["nccl"] = std::to_string(r.inventory.nccl_version);
    if (!r.inventory.hostname.empty())
        c.provenance["host"] = r.inventory.hostname;
    c.provenance["date"] = r.date.empty() ? utcNow() : r.date;
    if (!r.command.empty())
        c.provenance["command"] = r.command;
    // The shape-efficiency curve, when the sweep has enough sizes to fit it.
    std::vector<double> dims, effs;
    const double peak = peakTflops(d, DType::BF16);
    for (const auto& g : r.gemms)
        if (g.dtype == DType::BF16 && peak > 0 && g.tflops > 0) {
            dims.push_back(double(std::min({g.shape.m, g.shape.n, g.shape.k})));
            effs.push_back(g.tflops / peak);
        }
    if (dims.size() >= 3) {
        try {
            const SaturationFit sf = fitSaturation(dims, effs);
            c.provenance["gemm_half_saturation"] = std::to_string(sf.half_saturation);
        } catch (const gx::InputError&) {
        }
    }
    return c;
}

// ------------------------------------------------------------------------------------------------
// JSON

using nlohmann::json;

json toJson(const Inventory& inv) {
    json j;
    j["available"] = inv.available;
    if (!inv.error.empty())
        j["error"] = inv.error;
    j["driver_version"] = inv.driver_version;
    j["cuda_driver_version"] = inv.cuda_driver_version;
    j["cuda_runtime_version"] = inv.cuda_runtime_version;
    j["nccl_version"] = inv.nccl_version;
    j["hostname"] = inv.hostname;
    j["devices"] = json::array();
    for (const auto& d : inv.devices)
        j["devices"].push_back(
            {{"index", d.index},
             {"name", d.name},
             {"pci_bus_id", d.pci_bus_id},
             {"total_memory_bytes", d.total_memory_bytes},
             {"sm_count", d.sm_count},
             {"compute_capability", std::to_string(d.cc_major) + "." + std::to_string(d.cc_minor)},
             {"sm_clock_mhz", d.sm_clock_mhz},
             {"mem_clock_mhz", d.mem_clock_mhz},
             {"mem_bus_width_bits", d.mem_bus_width_bits},
             {"l2_bytes", d.l2_bytes}});
    j["links"] = json::array();
    for (const auto& l : inv.links)
        j["links"].push_back({{"a", l.a},
                              {"b", l.b},
                              {"p2p_access", l.p2p_access},
                              {"native_atomics", l.native_atomics},
                              {"perf_rank", l.perf_rank},
                              {"nvlinks", l.nvlinks},
                              {"path", l.path}});
    return j;
}

namespace {
template <typename T> T req(const json& j, const char* key, const std::string& path) {
    if (!j.is_object() || !j.contains(key))
        throw gx::InputError(path + "." + key, "missing");
    try {
        return j.at(key).get<T>();
    } catch (const json::exception& e) {
        throw gx::InputError(path + "." + key, std::string("wrong type: ") + e.what());
    }
}
template <typename T> T opt(const json& j, const char* key, T def, const std::string& path) {
    if (!j.is_object() || !j.contains(key))
        return def;
    return req<T>(j, key, path);
}

Inventory inventoryFromJson(const json& j, const std::string& path) {
    Inventory inv;
    inv.available = opt<bool>(j, "available", false, path);
    inv.error = opt<std::string>(j, "error", "", path);
    inv.driver_version = opt<std::string>(j, "driver_version", "", path);
    inv.cuda_driver_version = opt<int>(j, "cuda_driver_version", 0, path);
    inv.cuda_runtime_version = opt<int>(j, "cuda_runtime_version", 0, path);
    inv.nccl_version = opt<int>(j, "nccl_version", 0, path);
    inv.hostname = opt<std::string>(j, "hostname", "", path);
    if (j.contains("devices")) {
        int i = 0;
        for (const auto& dj : j.at("devices")) {
            const std::string p = path + ".devices[" + std::to_string(i++) + "]";
            DeviceInfo d;
            d.index = opt<int>(dj, "index", 0, p);
            d.name = req<std::string>(dj, "name", p);
            d.pci_bus_id = opt<std::string>(dj, "pci_bus_id", "", p);
            d.total_memory_bytes = req<std::int64_t>(dj, "total_memory_bytes", p);
            if (d.total_memory_bytes <= 0)
                throw gx::InputError(p + ".total_memory_bytes", "must be positive");
            d.sm_count = opt<int>(dj, "sm_count", 0, p);
            const std::string cc = opt<std::string>(dj, "compute_capability", "0.0", p);
            const auto dot = cc.find('.');
            try {
                d.cc_major = std::stoi(cc.substr(0, dot));
                d.cc_minor = dot == std::string::npos ? 0 : std::stoi(cc.substr(dot + 1));
            } catch (const std::exception&) {
                throw gx::InputError(p + ".compute_capability", "expected \"major.minor\", got '" + cc + "'");
            }
            d.sm_clock_mhz = opt<int>(dj, "sm_clock_mhz", 0, p);
            d.mem_clock_mhz = opt<int>(dj, "mem_clock_mhz", 0, p);
            d.mem_bus_width_bits = opt<int>(dj, "mem_bus_width_bits", 0, p);
            d.l2_bytes = opt<std::int64_t>(dj, "l2_bytes", 0, p);
            inv.devices.push_back(d);
        }
    }
    if (j.contains("links")) {
        int i = 0;
        for (const auto& lj : j.at("links")) {
            const std::string p = path + ".links[" + std::to_string(i++) + "]";
            PeerLink l;
            l.a = req<int>(lj, "a", p);
            l.b = req<int>(lj, "b", p);
            l.p2p_access = opt<bool>(lj, "p2p_access", false, p);
            l.native_atomics = opt<bool>(lj, "native_atomics", false, p);
            l.perf_rank = opt<int>(lj, "perf_rank", 0, p);
            l.nvlinks = opt<int>(lj, "nvlinks", 0, p);
            l.path = opt<std::string>(lj, "path", "", p);
            inv.links.push_back(l);
        }
    }
    return inv;
}

json layerConfigJson(const LayerBenchConfig& c) {
    return {{"hidden", c.hidden},        {"ffn_hidden", c.ffn_hidden},
            {"heads", c.heads},          {"kv_heads", c.kv_heads},
            {"seq_len", c.seq_len},      {"micro_batch", c.micro_batch},
            {"gated_ffn", c.gated_ffn},  {"rms_norm", c.rms_norm},
            {"causal", c.causal},        {"tp", c.tp},
            {"dtype", toString(c.dtype)}};
}

LayerBenchConfig layerConfigFromJson(const json& j, const std::string& p) {
    LayerBenchConfig c;
    c.hidden = req<int>(j, "hidden", p);
    c.ffn_hidden = req<int>(j, "ffn_hidden", p);
    c.heads = req<int>(j, "heads", p);
    c.kv_heads = opt<int>(j, "kv_heads", c.heads, p);
    c.seq_len = req<int>(j, "seq_len", p);
    c.micro_batch = req<int>(j, "micro_batch", p);
    c.gated_ffn = opt<bool>(j, "gated_ffn", true, p);
    c.rms_norm = opt<bool>(j, "rms_norm", true, p);
    c.causal = opt<bool>(j, "causal", true, p);
    c.tp = opt<int>(j, "tp", 1, p);
    c.dtype = dtypeFromName(opt<std::string>(j, "dtype", "bf16", p), p + ".dtype");
    return c;
}
} // namespace

json toJson(const ProfileResults& r) {
    json j;
    j["format"] = "galvatron-engine-results/1";
    j["command"] = r.command;
    j["date"] = r.date;
    j["inventory"] = toJson(r.inventory);
    j["gemms"] = json::array();
    for (const auto& g : r.gemms)
        j["gemms"].push_back({{"name", g.shape.name},
                              {"m", g.shape.m},
                              {"n", g.shape.n},
                              {"k", g.shape.k},
                              {"dtype", toString(g.dtype)},
                              {"time_us", g.time_us},
                              {"tflops", g.tflops},
                              {"algos_tried", g.algos_tried},
                              {"best_algo_rank", g.best_algo_rank},
                              {"first_algo_tflops", g.first_algo_tflops}});
    j["layers"] = json::array();
    for (const auto& l : r.layers)
        j["layers"].push_back({{"config", layerConfigJson(l.config)},
                               {"fwd_ms", l.fwd_ms},
                               {"bwd_ms", l.bwd_ms},
                               {"flops", l.flops},
                               {"tflops", l.tflops},
                               {"peak_bytes", l.peak_bytes}});
    j["hbm"] = json::array();
    for (const auto& h : r.hbm)
        j["hbm"].push_back(
            {{"bytes", h.bytes}, {"copy_kernel_gbs", h.copy_kernel_gbs}, {"memcpy_gbs", h.memcpy_gbs}});
    j["collectives"] = json::array();
    for (const auto& c : r.collectives)
        j["collectives"].push_back({{"op", collectiveName(c.op)},
                                    {"group_size", c.group_size},
                                    {"bytes", c.bytes},
                                    {"time_us", c.time_us},
                                    {"algbw_gbs", c.algbw_gbs},
                                    {"busbw_gbs", c.busbw_gbs}});
    return j;
}

ProfileResults profileResultsFromJson(const json& j, const std::string& path) {
    if (!j.is_object())
        throw gx::InputError(path, "expected a JSON object");
    ProfileResults r;
    r.command = opt<std::string>(j, "command", "", path);
    r.date = opt<std::string>(j, "date", "", path);
    if (j.contains("inventory"))
        r.inventory = inventoryFromJson(j.at("inventory"), path + ".inventory");
    auto arr = [&](const char* key) -> const json& {
        static const json empty = json::array();
        if (!j.contains(key))
            return empty;
        if (!j.at(key).is_array())
            throw gx::InputError(path + "." + key, "expected an array");
        return j.at(key);
    };
    int i = 0;
    for (const auto& g : arr("gemms")) {
        const std::string p = path + ".gemms[" + std::to_string(i++) + "]";
        GemmResult res;
        res.shape.name = opt<std::string>(g, "name", "", p);
        res.shape.m = req<std::int64_t>(g, "m", p);
        res.shape.n = req<std::int64_t>(g, "n", p);
        res.shape.k = req<std::int64_t>(g, "k", p);
        if (res.shape.m <= 0 || res.shape.n <= 0 || res.shape.k <= 0)
            throw gx::InputError(p, "m, n and k must be positive");
        res.dtype = dtypeFromName(req<std::string>(g, "dtype", p), p + ".dtype");
        res.time_us = req<double>(g, "time_us", p);
        res.tflops = req<double>(g, "tflops", p);
        res.algos_tried = opt<int>(g, "algos_tried", 0, p);
        res.best_algo_rank = opt<int>(g, "best_algo_rank", 0, p);
        res.first_algo_tflops = opt<double>(g, "first_algo_tflops", 0.0, p);
        r.gemms.push_back(res);
    }
    i = 0;
    for (const auto& l : arr("layers")) {
        const std::string p = path + ".layers[" + std::to_string(i++) + "]";
        LayerResult res;
        if (!l.contains("config"))
            throw gx::InputError(p + ".config", "missing");
        res.config = layerConfigFromJson(l.at("config"), p + ".config");
        res.fwd_ms = req<double>(l, "fwd_ms", p);
        res.bwd_ms = req<double>(l, "bwd_ms", p);
        res.flops = opt<double>(l, "flops", 0.0, p);
        res.tflops = opt<double>(l, "tflops", 0.0, p);
        res.peak_bytes = opt<std::int64_t>(l, "peak_bytes", 0, p);
        r.layers.push_back(res);
    }
    i = 0;
    for (const auto& h : arr("hbm")) {
        const std::string p = path + ".hbm[" + std::to_string(i++) + "]";
        HbmResult res;
        res.bytes = req<std::int64_t>(h, "bytes", p);
        res.copy_kernel_gbs = opt<double>(h, "copy_kernel_gbs", 0.0, p);
        res.memcpy_gbs = opt<double>(h, "memcpy_gbs", 0.0, p);
        r.hbm.push_back(res);
    }
    i = 0;
    for (const auto& c : arr("collectives")) {
        const std::string p = path + ".collectives[" + std::to_string(i++) + "]";
        const auto op = collectiveFromName(req<std::string>(c, "op", p), p + ".op");
        const int n = req<int>(c, "group_size", p);
        if (n < 1)
            throw gx::InputError(p + ".group_size", "must be at least 1");
        const auto bytes = req<std::int64_t>(c, "bytes", p);
        const double t = req<double>(c, "time_us", p);
        if (!(t > 0))
            throw gx::InputError(p + ".time_us", "must be positive");
        r.collectives.push_back(makeCollectivePoint(op, n, bytes, t));
    }
    return r;
}

std::string utcNow() {
    const std::time_t t = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
    std::tm tm{};
    gmtime_r(&t, &tm);
    char buf[32];
    std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
    return buf;
}

} // namespace gx::engine
