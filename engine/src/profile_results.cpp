// SPDX-License-Identifier: Apache-2.0
// Galvatron Explorer engine - results -> ClusterProfile and results JSON (see profile_results.h).
#include "gx/engine/profile_results.h"

#include "gx/engine/collective_fit.h"
#include "gx/engine/gemm_fit.h"
#include "gx/error.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <chrono>
#include <ctime>
#include <map>

namespace gx::engine {

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
