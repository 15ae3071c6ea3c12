// SPDX-License-Identifier: Apache-2.0
// Galvatron Explorer - cluster profile (where it is trained).
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace gx {

enum class Collective { AllReduce, AllGather, ReduceScatter, AllToAll, SendRecv };

/// A measured bandwidth curve for one collective and group size: bus bandwidth (GB/s, as nccl-tests
/// reports it) vs message size, plus the latency fitted at small sizes.
struct CollectiveMeasurement {
    Collective op = Collective::AllReduce;
    int group_size = 2;
    bool inter_node = false;
    double latency_us = 0.0;
    std::vector<std::pair<double, double>> bytes_to_busbw_gbs; ///< sorted by bytes
};

struct GpuSpec {
    std::string name = "A100-SXM4-80GB";
    double memory_gib = 80.0;
    double peak_tflops_bf16 = 312.0; ///< dense
    double peak_tflops_fp16 = 312.0;
    double peak_tflops_fp8 = 0.0; ///< 0 = unsupported
    double hbm_bandwidth_gbs = 2039.0;
    /// Fraction of peak that large GEMMs reach (measured or calibrated); small shapes get less.
    double gemm_efficiency = 0.75;
    /// GEMM dimension at which the shape curve eff = gemm_efficiency * x / (x + x0) reaches half of
    /// gemm_efficiency (x = smallest of m, n, k); measured by `galvatron profile`, else calibrated.
    double gemm_half_saturation = 128.0;
    /// Fraction of the BF16 peak that fused (flash) attention reaches in the forward pass; backward
    /// runs 2.5x the FLOPs at 0.85x this efficiency (Dao 2023, FlashAttention-2, fig. 4-6).
    double attention_efficiency = 0.55;
    /// Fraction of the FP8 peak that large FP8 GEMMs reach (0 = as gemm_efficiency).
    double fp8_gemm_efficiency = 0.0;
    int sm_count = 108;
};

struct LinkSpec {
    std::string kind = "NVLink";  ///< NVLink, PCIe, InfiniBand, RoCE, Ethernet
    double bandwidth_gbs = 300.0; ///< unidirectional per GPU, GB/s
    double latency_us = 5.0;
    /// Fraction of bandwidth_gbs that NCCL's large collectives reach (bus bandwidth / link bandwidth).
    double efficiency = 1.0;
    /// GPUs on this link reach each other over NVLink (the kind says NVLink or NVSwitch, any case).
    bool nvlinkPeers() const;
};

struct ClusterProfile {
    std::string name;
    std::string source; ///< spec sheet URL, or "measured by galvatron-engine ..."
    int nodes = 1;
    int gpus_per_node = 8;
    /// GPUs per NVLink island: the groups of GPUs inside a node that are linked to each other directly
    /// (e.g. 2 for PCIe machines with NVLink bridges in pairs, 3 for Summit's two sockets of 3 V100s).
    /// 0 = the whole node is one island (NVSwitch). Must divide gpus_per_node. Used for placement
    /// (the multi-job scheduler keeps small jobs inside one island); the cost model prices every
    /// GPU pair of a node with `intra`.
    int nvlink_island_size = 0;
    GpuSpec gpu;
    LinkSpec intra;                   ///< between GPUs of one node
    LinkSpec inter;                   ///< between nodes, per GPU (NIC bandwidth / GPUs sharing it)
    double pcie_bandwidth_gbs = 25.0; ///< host<->GPU, for offload/spilling
    double host_memory_gib = 1024.0;  ///< per node
    /// Fraction of gradient-sync time hidden behind backward compute (0..1).
    double overlap_efficiency = 0.8;
    /// Per-GPU memory taken before the model: CUDA context, NCCL buffers, allocator slack (GiB).
    double reserved_gib = 2.0;
    std::vector<CollectiveMeasurement> measured;   ///< used instead of the alpha-beta model when present
    std::map<std::string, std::string> provenance; ///< device, driver, date, command for measured data

    /// GPUs per NVLink island (nvlink_island_size, or gpus_per_node when 0).
    int islandSize() const { return nvlink_island_size > 0 ? nvlink_island_size : gpus_per_node; }

    /// nodes * gpus_per_node in 64 bits, saturated at INT_MAX (readers bound it far lower).
    int totalGpus() const {
        const long long n = static_cast<long long>(nodes) * gpus_per_node;
        return n > 2147483647LL ? 2147483647 : static_cast<int>(n);
    }
};

} // namespace gx
