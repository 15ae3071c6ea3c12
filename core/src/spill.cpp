// SPDX-License-Identifier: Apache-2.0
// Galvatron Explorer - Hydra-style model spilling (Nagrecha & Kumar 2021, "Hydra: A System for Large
// Multi-Model Deep Learning", arXiv:2110.08633): model states stay in host DRAM and the GPU holds only a
// few layers at a time, prefetched over PCIe with double buffering. A model larger than GPU memory thus
// trains on few GPUs at a transfer cost.
//
// Execution modelled here (g data-parallel GPUs, each with its own PCIe link):
//  * Each GPU processes its global_batch / g samples as m micro-batches of mb samples; a layer, once
//    resident, runs all m micro-batches (so weights cross PCIe once per pass, not once per micro-batch).
//  * Forward of layer l: max(m * fwd_l, weights_l in, checkpoints_l out); backward: max(m * bwd_l,
//    weights_l + checkpoints_l in, grads_l out, gradient all-reduce_l). PCIe is full duplex, so
//    host-to-device and device-to-host transfers overlap each other and compute (double buffering).
//    The first layer's load and the last layer's gradient write-back are exposed.
//  * Full activation checkpointing (Chen et al. 2016): only layer inputs are kept, in GPU memory when
//    they fit, otherwise spilled to host memory as well (then they cross PCIe too).
//  * The optimizer step runs on the host as in ZeRO-Offload (Ren et al. 2021, USENIX ATC): fp32 master
//    weights and Adam moments never cross PCIe; layer l's update overlaps the backward of layers < l,
//    only the last update (the first layer's) is exposed. Host Adam speed: kHostAdamBytesPerS.
//  * GPU memory: reserved + 3 layer buffers of weights + grads (computing, prefetching, writing back) +
//    checkpoints (if resident) + backward gradient buffer + the largest transient (one layer
//    re-materialised, or the logits). Host memory per node: one copy of the model states
//    (param + grad + optimizer bytes per parameter) + spilled checkpoints of the node's GPUs.
#include "gx/scheduler.h"
#include "gx/units.h"

#include "gx/error.h"

#include <algorithm>
#include <cmath>
#include <sstream>
#include <vector>

namespace gx {

namespace {
/// Assumed host-side Adam throughput in bytes moved per second (~28 + grad bytes per parameter):
/// a conservative multi-core DDR4/DDR5 figure (ZeRO-Offload reports ~1.2-1.5 B params/s on one node).
constexpr double kHostAdamBytesPerS = 40e9;

struct Streamed {
    double fwd = 0, bwd = 0;       ///< per micro-batch compute (bwd includes recompute)
    double weights = 0, grads = 0; ///< bytes streamed per pass
    double ckpt = 0;               ///< checkpoint bytes per micro-batch (layer input)
    double transient = 0;          ///< working memory while running one micro-batch
    double allreduce = 0;          ///< gradient all-reduce across the g replicas
    double params = 0;
};

std::string gib(double bytes) {
    std::ostringstream os;
    os.precision(1);
    os << std::fixed << bytes / kGiB << " GiB";
    return os.str();
}
} // namespace

SpillEstimate estimateSpilled(const CostModel& cm, int global_batch, int gpus) {
    SpillEstimate r;
    const auto& cl = cm.cluster();
    const auto& model = cm.model();
    const auto& opt = cm.options();
    if (gpus <= 0)
        throw InputError("gpus", "must be positive");
    if (global_batch <= 0)
        throw InputError("global_batch", "must be positive");
    if (!(cl.pcie_bandwidth_gbs > 0))
        throw InputError("cluster.pcie_bandwidth_gbs", "must be positive for spilling");
    if (global_batch % gpus != 0) {
        r.reason = "global batch " + std::to_string(global_batch) + " is not divisible by " +
                   std::to_string(gpus) + " data-parallel GPUs";
        return r;
    }
    const int local = global_batch / gpus;
    const double pcie = cl.pcie_bandwidth_gbs * 1e9;
    const double budget = cm.memoryBudget();
    const double reserved = cm.reservedBytes();
    const int gpus_per_node_used = std::min(gpus, cl.gpus_per_node);
    const double state_bytes = opt.runtime.param_bytes + opt.runtime.grad_bytes + opt.runtime.optimizer_bytes;
    const double host_states = state_bytes * static_cast<double>(model.totalParams());
    const double host_cap = cl.host_memory_gib * kGiB;
    if (host_states > host_cap) {
        r.reason = "model states need " + gib(host_states) + " of host memory, the node has " + gib(host_cap);
        r.host_memory = host_states;
        return r;
    }

    std::string last_reason;
    // Largest micro-batch first (better GEMM efficiency); divisors of the local batch.
    for (int mb = local; mb >= 1; --mb) {
        if (local % mb != 0)
            continue;
        const int m = local / mb;
        LayerStrategy s;
        s.tp = 1;
        s.dp = gpus;
        s.dp_type = DpType::DDP;
        s.ckpt = Checkpoint::Full;
        StageShape shape;
        shape.stage_gpus = gpus;
        shape.first_rank = 0;
        shape.micro_batch = mb * gpus;
        shape.num_micro = m;
        std::vector<Streamed> layers;
        const int L = model.layerCount();
        for (int i = 0; i < L; ++i) {
            const LayerType& type = model.layer(i);
            const LayerCost c = cm.layer(type, s, shape);
            Streamed x;
            x.fwd = c.fwd_compute;
            x.bwd = c.bwd_compute;
            x.weights = opt.runtime.param_bytes * static_cast<double>(type.params());
            x.grads = opt.runtime.grad_bytes * static_cast<double>(type.params());
            x.ckpt = c.activations;
            x.transient = c.transient;
            x.allreduce = c.dp_comm;
            x.params = static_cast<double>(type.params());
            layers.push_back(x);
        }
        // Embedding (first) and head (last) are streamed like layers.
        {
            const LayerCost e = cm.embeddingAndHead(true, false, 1, DpType::DDP, shape);
            const LayerCost h = cm.embeddingAndHead(false, true, 1, DpType::DDP, shape);
            Streamed xe{
                e.fwd_compute, e.bwd_compute, e.weights, e.grads,
                0.0,           e.transient,   e.dp_comm, static_cast<double>(model.embeddingParams())};
            Streamed xh{
                h.fwd_compute, h.bwd_compute, h.weights, h.grads,
                h.activations, h.transient,   h.dp_comm, h.weights / std::max(1, opt.runtime.param_bytes)};
            layers.insert(layers.begin(), xe);
            layers.push_back(xh);
        }
        double max_buf = 0, ckpt_sum = 0, max_transient = 0, max_ckpt = 0;
        for (const auto& x : layers) {
            max_buf = std::max(max_buf, x.weights + x.grads);
            ckpt_sum += x.ckpt * m;
            max_ckpt = std::max(max_ckpt, x.ckpt * m);
            max_transient = std::max(max_transient, x.transient);
        }
        // Gradient w.r.t. the current layer's output for all m micro-batches (bf16, same size as a
        // checkpoint of a standard layer) while walking backward.
        const double grad_buf = max_ckpt;
        const double base = reserved + 3.0 * max_buf + grad_buf + max_transient;
        bool spill_ckpt = false;
        double gpu_mem = base + ckpt_sum;
        if (gpu_mem > budget) {
            // Spill the checkpoints too: only those of ~3 layers are resident.
            spill_ckpt = true;
            gpu_mem = base + 3.0 * max_ckpt;
        }
        if (gpu_mem > budget) {
            last_reason = "even with micro-batch " + std::to_string(mb) + " one GPU needs " + gib(gpu_mem) +
                          " (3 layer buffers " + gib(3.0 * max_buf) + "), budget " + gib(budget);
            continue;
        }
        const double host = host_states + (spill_ckpt ? ckpt_sum * gpus_per_node_used : 0.0);
        if (host > host_cap) {
            last_reason = "model states + spilled checkpoints need " + gib(host) +
                          " of host memory, the node has " + gib(host_cap);
            continue;
        }
        // Time.
        double fwd = layers.front().weights / pcie; // first load exposed
        double bwd = 0, compute = 0, transfer = layers.front().weights / pcie;
        for (const auto& x : layers) {
            const double ck = spill_ckpt ? x.ckpt * m / pcie : 0.0;
            const double in_f = x.weights / pcie, out_f = ck;
            const double in_b = x.weights / pcie + ck, out_b = x.grads / pcie;
            fwd += std::max({m * x.fwd, in_f, out_f});
            bwd += std::max({m * x.bwd, in_b, out_b, x.allreduce});
            compute += m * (x.fwd + x.bwd);
            transfer += in_f + out_f + std::max(in_b, out_b);
        }
        bwd += layers.front().grads / pcie; // last write-back exposed
        const double last_update =
            layers.front().params * (28.0 + opt.runtime.grad_bytes) / kHostAdamBytesPerS;
        r.feasible = true;
        r.iteration_time = fwd + bwd + last_update;
        r.gpu_memory = gpu_mem;
        r.host_memory = host;
        r.micro_batch = mb;
        r.num_micro = m;
        r.compute_time = compute;
        r.transfer_time = transfer;
        r.checkpoints_spilled = spill_ckpt;
        return r;
    }
    r.reason = last_reason.empty() ? "no micro-batch size fits" : last_reason;
    return r;
}

} // namespace gx
