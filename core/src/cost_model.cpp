// SPDX-License-Identifier: Apache-2.0
// Analytical time and memory model of hybrid-parallel Transformer training.
//
// Sources (formulas, not code):
//  [N21] Narayanan et al., "Efficient Large-Scale Language Model Training on GPU Clusters Using
//        Megatron-LM", SC'21: FLOP counts, pipeline bubble (p-1)/m and the interleaved (p-1)/(v m).
//  [K22] Korthikanti et al., "Reducing Activation Recomputation in Large Transformer Models", 2022:
//        activation bytes per layer s*b*h*(34 + 5as/h), TP/SP splits, selective/full recomputation.
//  [R20] Rajbhandari et al., "ZeRO: Memory Optimizations Toward Training Trillion Parameter Models",
//        SC'20: 16 bytes/param of mixed-precision Adam states, sharding per stage, communication volume.
//  [T17] Thakur, Rabenseifner, Gropp, "Optimization of Collective Communication Operations in MPICH"
//        (2005) and nccl-tests PERFORMANCE.md: ring collective times 2(n-1)/n S/B (all-reduce),
//        (n-1)/n S/B (all-gather, reduce-scatter), hierarchical two-level variants.
//  [M23] Miao et al., "Galvatron: Efficient Transformer Training over Multiple GPUs Using Automatic
//        Parallelism", VLDB 2023: per-layer strategies, layout-switch costs, overlap slowdown.
//  [MoE] Mixture-of-experts layers: Fedus et al. 2022 (Switch, capacity factor), Gale et al. 2023
//        (MegaBlocks, grouped GEMMs), Megatron-LM's num_floating_point_operations (MoE FLOPs over the
//        routed top-k and shared experts); multi-latent attention: DeepSeek-AI 2024 (DeepSeek-V2).
#include "gx/cost_model.h"
#include "gx/units.h"

#include "gx/error.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <limits>
#include <numeric>
#include <utility>

namespace gx {

bool LinkSpec::nvlinkPeers() const {
    std::string k = kind;
    std::transform(k.begin(), k.end(), k.begin(), [](unsigned char ch) { return std::tolower(ch); });
    return k.find("nvlink") != std::string::npos || k.find("nvswitch") != std::string::npos;
}

namespace {

std::string layerField(int i, const char* name) {
    return "plan.layers[" + std::to_string(i) + "]." + name;
}

/// Nodes spanned and members per node of the group {first + k*stride}.
struct Span {
    int nodes = 1;
    int per_node = 1;
};

Span spanOf(int first, int n, int stride, int gpn) {
    Span sp;
    if (n <= 1 || gpn <= 0) {
        sp.per_node = std::max(n, 1);
        return sp;
    }
    // Ranks first + k * stride increase by less than a node when stride < gpn (no node is skipped),
    // else every rank sits on its own node.
    const long last = long(first) + long(n - 1) * std::max(1, stride);
    const int nodes = stride >= gpn ? n : static_cast<int>(last / gpn - first / gpn + 1);
    sp.nodes = nodes;
    sp.per_node = (n + nodes - 1) / nodes;
    return sp;
}

double busFactor(Collective op, int n) {
    switch (op) {
    case Collective::AllReduce:
        return 2.0 * (n - 1) / n;
    case Collective::AllGather:
    case Collective::ReduceScatter:
    case Collective::AllToAll:
        return double(n - 1) / n;
    case Collective::SendRecv:
        return 1.0;
    }
    return 1.0;
}

/// Layout of a layer's groups inside its stage (see LayerStrategy::tp_consecutive). Context-parallel
/// ranks sit between TP and DP, as in Megatron's default order "tp-cp-ep-dp-pp" (megatron/core/
/// parallel_state.py, RankGenerator): TP-first gives strides tp=1, cp=tp, dp=tp*cp; DP-first gives
/// dp=1, cp=dp, tp=dp*cp. The gradient group dp x cp (grad_stride, size dp*cp) is then one strided
/// group in both orders.
struct GroupLayout {
    int tp_stride, dp_stride, cp_stride, grad_stride;
};
GroupLayout layoutOf(const LayerStrategy& s) {
    const int cp = std::max(1, s.cp);
    if (s.tp_consecutive)
        return {1, s.tp * cp, s.tp, s.tp};
    return {s.dp * cp, 1, s.dp, 1};
}

/// Mixed-precision Adam states of `p_local` parameters per GPU, sharded over `d` data-parallel ranks
/// by the ZeRO stage [R20]: ZeRO-1 shards the optimizer states, ZeRO-2 also grads, ZeRO-3 also weights.
/// `fp8_params` of them are FP8 linear weights that also keep FP8 copies (sharded like the weights).
void setModelStates(LayerCost& c, double p_local, double fp8_params, DpType type, int d,
                    const RuntimeProfile& rt) {
    c.params = p_local;
    c.weights = rt.param_bytes * p_local + rt.fp8_weight_copy_bytes * fp8_params;
    c.grads = rt.grad_bytes * p_local;
    c.optimizer = rt.optimizer_bytes * p_local;
    if (d > 1) {
        if (type >= DpType::ZeRO1)
            c.optimizer /= d;
        if (type >= DpType::ZeRO2)
            c.grads /= d;
        if (type >= DpType::ZeRO3)
            c.weights /= d;
    }
}

/// Memory-bound Adam update: ~(28 + grad) bytes moved per locally updated element.
double adamStepTime(double p_local, DpType type, int d, const RuntimeProfile& rt, double hbm_bytes_per_s) {
    const double elems = (d > 1 && type >= DpType::ZeRO1) ? p_local / d : p_local;
    return elems * (28.0 + rt.grad_bytes) / hbm_bytes_per_s;
}

/// Communication `comm` that may hide behind `hide` seconds of compute: the part beyond `hide` is
/// exposed, and the hidden part still slows compute by (1 - overlap_efficiency) (NCCL kernels share
/// the SMs and HBM; Miao et al. 2023 measure this slowdown).
double exposedComm(double comm, double hide, double overlap_efficiency) {
    if (comm <= 0)
        return 0.0;
    const double hidden = std::min(comm, std::max(0.0, hide));
    return (comm - hidden) + (1.0 - std::clamp(overlap_efficiency, 0.0, 1.0)) * hidden;
}
} // namespace

CostModel::CostModel(ModelProfile model, ClusterProfile cluster, CostOptions options)
    : model_(std::move(model)), cluster_(std::move(cluster)), options_(options),
      intra_nvlink_(cluster_.intra.nvlinkPeers()) {}

double CostModel::budgetBytes(const ClusterProfile& cluster, const CostOptions& o) {
    const double cap = o.memory_budget_gib > 0 ? o.memory_budget_gib : cluster.gpu.memory_gib;
    const double headroom = std::clamp(o.runtime.memory_headroom, 0.0, 1.0) * cluster.gpu.memory_gib;
    return (cap - o.memory_reserve_gib - headroom) * kGiB;
}

double CostModel::reservedBytes() const {
    return (cluster_.reserved_gib + options_.runtime.runtime_reserved_gib) * kGiB;
}

bool CostModel::crossesNodes(int group, int stride, int first_rank) const {
    return spanOf(first_rank, group, stride, cluster_.gpus_per_node).nodes > 1;
}

double CostModel::effectiveTflops(double min_dim, bool fp8) const {
    const GpuSpec& g = cluster_.gpu;
    const double x0 = std::max(0.0, g.gemm_half_saturation);
    const double shape = min_dim > 0 ? min_dim / (min_dim + x0) : 1.0;
    if (fp8 && g.peak_tflops_fp8 > 0) {
        const double e = g.fp8_gemm_efficiency > 0 ? g.fp8_gemm_efficiency : g.gemm_efficiency;
        return g.peak_tflops_fp8 * e * shape;
    }
    const double peak = options_.precision == Precision::FP16 ? g.peak_tflops_fp16 : g.peak_tflops_bf16;
    return peak * g.gemm_efficiency * shape;
}

double CostModel::gemmTime(double m, double n, double k, bool fp8) const {
    if (m <= 0 || n <= 0 || k <= 0)
        return 0.0;
    return 2.0 * m * n * k / (effectiveTflops(std::min({m, n, k}), fp8) * 1e12);
}

double CostModel::measuredTime(Collective op, double bytes, int n, bool inter) const {
    const CollectiveMeasurement* best = nullptr;
    for (const auto& m : cluster_.measured) {
        if (m.op != op || m.inter_node != inter || m.bytes_to_busbw_gbs.empty())
            continue;
        if (!best || std::abs(m.group_size - n) < std::abs(best->group_size - n))
            best = &m;
    }
    if (!best)
        return -1.0;
    const auto& pts = best->bytes_to_busbw_gbs;
    double bw = pts.front().second;
    if (bytes >= pts.back().first) {
        bw = pts.back().second;
    } else if (bytes > pts.front().first) {
        for (std::size_t i = 1; i < pts.size(); ++i) {
            if (bytes <= pts[i].first) {
                const double x0 = std::log(pts[i - 1].first), x1 = std::log(pts[i].first);
                const double w = (std::log(bytes) - x0) / (x1 - x0);
                bw = pts[i - 1].second + w * (pts[i].second - pts[i - 1].second);
                break;
            }
        }
    }
    return bw > 0 ? best->latency_us * 1e-6 + busFactor(op, n) * bytes / (bw * 1e9) : -1.0;
}

double CostModel::collectiveTime(Collective op, double bytes, int n, int stride, int first_rank,
                                 bool flat) const {
    if (n <= 1 || bytes <= 0)
        return 0.0;
    const Span sp = spanOf(first_rank, n, stride, cluster_.gpus_per_node);
    const bool inter = sp.nodes > 1;

    // Measured curves (engine profiles) take precedence: nearest measured group size, same locality.
    if (const double t = measuredTime(op, bytes, n, inter); t >= 0)
        return t;

    const double bi = cluster_.intra.bandwidth_gbs * std::clamp(cluster_.intra.efficiency, 0.01, 1.0) * 1e9;
    const double be = cluster_.inter.bandwidth_gbs * std::clamp(cluster_.inter.efficiency, 0.01, 1.0) * 1e9;
    const double ai = cluster_.intra.latency_us * 1e-6, ae = cluster_.inter.latency_us * 1e-6;
    if (op == Collective::SendRecv)
        return inter ? ae + bytes / be : ai + bytes / bi;
    const double steps = op == Collective::AllReduce ? 2.0 : 1.0;
    if (!inter)
        return busFactor(op, n) * bytes / bi + steps * (n - 1) * ai;
    if (flat) // one ring over all members: every step may cross the network at one GPU's share
        return busFactor(op, n) * bytes / be + steps * (n - 1) * ae;
    const int q = sp.per_node, k = sp.nodes;
    if (op == Collective::AllToAll) {
        // Each GPU sends (q-1)/n of its buffer over NVLink and (n-q)/n over the network.
        return double(q - 1) / n * bytes / bi + double(n - q) / n * bytes / be + (n - 1) * ae;
    }
    // Two-level (hierarchical) ring: inside each node on S, then across nodes on S/q per GPU.
    const double intra = q > 1 ? busFactor(op, q) * bytes / bi + steps * (q - 1) * ai : 0.0;
    const double across = busFactor(op, k) * (bytes / q) / be + steps * (k - 1) * ae;
    return intra + across;
}

namespace {
/// Worst (slowest) instance of a group collective over all groups of one kind inside the stage.
template <class F>
double worstOverGroups(int stage_gpus, int n, int stride, int gpus_per_node, F&& time_for_first) {
    // Groups of size n with `stride` tile the stage; their first members are the ranks r with
    // (r / stride) % n == 0 inside each block of n*stride ranks. A group's node span only depends on
    // its first rank modulo the node size, so each residue is evaluated once (1024 GPUs: <= 8 calls).
    double worst = 0.0;
    const int block = n * stride;
    const int gpn = std::max(1, gpus_per_node);
    std::vector<char> seen(static_cast<std::size_t>(gpn), 0);
    int distinct = 0;
    for (int base = 0; base < stage_gpus && distinct < gpn; base += block)
        for (int off = 0; off < stride && base + off < stage_gpus && distinct < gpn; ++off) {
            char& s = seen[static_cast<std::size_t>((base + off) % gpn)];
            if (s)
                continue;
            s = 1;
            ++distinct;
            worst = std::max(worst, time_for_first(base + off));
        }
    return worst;
}
} // namespace

namespace {
/// Forward parts of a layer's communication: a recomputed forward repeats them.
struct ForwardComm {
    double tp = 0, cp = 0, ep = 0;
};

/// CostModel::layer, part by part: compute (model FLOPs, GEMMs, attention core, element-wise work),
/// communication (tensor-, context-, expert- and data-parallel), memory (activations and recomputation,
/// model states). The members are the layer's dimensions per GPU under its strategy, named as in the
/// formulas.
class LayerCoster {
public:
    LayerCoster(const CostModel& model, bool intra_nvlink_peers, const LayerType& layer_type,
                const LayerStrategy& strategy, const StageShape& stage_shape)
        : cm(model), intra_nvlink(intra_nvlink_peers), type(layer_type), s(strategy), shape(stage_shape) {}

    LayerCost cost() const;

private:
    double modelForwardFlops() const;
    double forwardGemmTime() const;
    std::pair<double, double> attentionTimes() const;
    double forwardElementwiseTime() const;
    double tensorParallelComm(double gemm, LayerCost& c) const;
    double contextParallelComm(double attn_fwd, double attn_bwd, LayerCost& c) const;
    double expertParallelComm(LayerCost& c) const;
    double storedScoreBytes() const;
    double fullActivationBytes(double scores) const;
    void activationsAndRecompute(const ForwardComm& fwd_comm, LayerCost& c) const;
    void modelStates(LayerCost& c) const;
    double dpGroupsTime(Collective op, double dense_bytes, double expert_bytes, int r,
                        bool flat = false) const;
    void zero3Comm(LayerCost& c) const;
    void gradientSyncComm(LayerCost& c) const;

    const CostModel& cm;
    const bool intra_nvlink; // the node's GPUs are NVLink peers
    const LayerType& type;
    const LayerStrategy& s;
    const StageShape& shape;
    const ClusterProfile& cluster = cm.cluster();
    const RuntimeProfile& rt = cm.options().runtime;
    const bool fp8 = cm.options().precision == Precision::FP8;
    const bool eager = rt.attention == AttentionKernel::Eager;
    const int t = std::max(1, s.tp), d = std::max(1, s.dp), cpd = std::max(1, s.cp);
    const int epd = type.moe.enabled() ? std::max(1, s.ep) : 1; // expert-parallel degree
    const double b = double(shape.micro_batch) / d;             // samples per GPU per micro-batch
    const double seq = type.seq_len, h = type.hidden, f = type.ffn_hidden;
    const double seq_l = seq / cpd; // tokens of each sample held by one context-parallel rank
    const double a = type.heads;
    const double hd = type.head_dim > 0 ? type.head_dim : h / std::max(1.0, a);
    const double kv = type.kv_heads > 0 ? type.kv_heads : a;
    // Multi-latent attention: queries/keys of qk dims, values of v dims per head (hd for both otherwise).
    const bool mla = type.mla.enabled();
    const double qkd = type.qkHeadDim(), vd = type.vHeadDim();
    // Mixture of experts: each token goes through top_k routed experts of f and the shared experts;
    // with a capacity factor the expert inputs are padded to capacity [MoE].
    const MoeSpec& moe = type.moe;
    const double cf = moe.capacity_factor > 0 ? moe.capacity_factor : 1.0;
    const double routed = moe.enabled() ? cf * moe.top_k : 0.0; // routed copies per token
    const double shared_f = moe.enabled() ? double(moe.shared_experts) * moe.shared_ffn_hidden : 0.0;
    const double f_tok = moe.enabled() ? routed * f + shared_f : f; // FFN width per token
    const double sbh = seq_l * b * h;
    const double tokens = b * seq_l;
    const bool cross = type.kind == BlockKind::CrossDecoder;
    const double se = cross ? (type.cross_seq_len > 0 ? type.cross_seq_len : seq) : 0.0;
    const double sp_div = s.sp ? t : 1;
    const GroupLayout lay = layoutOf(s);
    const int G = shape.stage_gpus;
    const int first = shape.first_rank;
    const double hbm = cluster.gpu.hbm_bandwidth_gbs * 1e9;
    // Query and key/value widths; FFN input projections (2 when gated); dropout (1) or not (0).
    const double qw = a * hd, kvw = kv * hd;
    const double gf = type.gated_ffn ? 2.0 : 1.0;
    const double drop = type.dropout ? 1.0 : 0.0;
    // Attention score FLOPs. With cp, each rank computes 1/cp of the (load-balanced) causal score matrix.
    const double self_score = 2.0 * b * seq * seq * a * (qkd + vd) / t / cpd;
    const double cross_score = cross ? 4.0 * b * seq * se * a * hd / t : 0.0;
    // Eager softmax over the scores, bf16 elements read + written per token.
    const double softmax_elem = eager ? (2.0 + drop) * a * (seq + se) / t : 0.0;
    // Model states [R20] are replicated over the CP ranks; gradients are reduced, and ZeRO / the
    // distributed optimizer shards, over the whole dp x cp group (Megatron: parallel_state
    // get_data_parallel_group(with_context_parallel=True) for grads and the distributed optimizer;
    // torchtitan: FSDP over the "dp_shard_cp" mesh dimension).
    // Expert parallelism: the routed experts' matrices are split over tp x ep, and their states are
    // sharded and reduced over the expert data-parallel group of dp*cp/ep ranks (Megatron's
    // expert_data_parallel group), the rest over dp x cp.
    const int gd = d * cpd, egd = std::max(1, gd / epd);
    const int estride = lay.grad_stride * epd;
    const double routed_mm = moe.enabled() ? double(moe.experts) * double(type.expertMatmulParams()) : 0.0;
    const double mm_dense = (double(type.matmulParams()) - routed_mm) / t;
    // (the column-parallel biases split with their matrices; norms and row-parallel biases are whole)
    const double split_bias = double(type.splitBiasParams());
    const double p_dense =
        mm_dense + split_bias / t + double(type.params() - type.matmulParams()) - split_bias;
    const double p_exp = routed_mm / (double(t) * epd);
    const double p_local = p_dense + p_exp;
    // Unsharded weight and gradient bytes per GPU of the dense and the expert parameters.
    const double wb_d = rt.param_bytes * p_dense, gb_d = rt.grad_bytes * p_dense;
    const double wb_e = rt.param_bytes * p_exp, gb_e = rt.grad_bytes * p_exp;
};

LayerCost LayerCoster::cost() const {
    LayerCost c;
    c.model_flops = 3.0 * modelForwardFlops();

    const double gemm = forwardGemmTime();
    const auto [attn_fwd, attn_bwd] = attentionTimes();
    const double elem_fwd = forwardElementwiseTime();
    const double overhead = rt.layer_overhead_us * 1e-6;
    const double fwd = gemm + attn_fwd + elem_fwd + overhead / 3.0;
    c.fwd_compute = fwd;
    c.bwd_compute = 2.0 * gemm + attn_bwd + 2.0 * elem_fwd + 2.0 * overhead / 3.0;
    c.fwd_gemm = gemm;
    c.fwd_attention = attn_fwd;
    c.bwd_attention = attn_bwd;
    c.fwd_elementwise = elem_fwd;

    ForwardComm fwd_comm;
    fwd_comm.tp = tensorParallelComm(gemm, c);
    fwd_comm.cp = contextParallelComm(attn_fwd, attn_bwd, c);
    fwd_comm.ep = expertParallelComm(c);

    activationsAndRecompute(fwd_comm, c);
    modelStates(c);

    // ---- data-parallel communication, hidden behind compute as far as the runtime overlaps it.
    if (gd > 1) {
        if (s.dp_type == DpType::ZeRO3)
            zero3Comm(c);
        else
            gradientSyncComm(c);
    }

    // ---- optimizer step.
    c.optimizer_step =
        adamStepTime(p_dense, s.dp_type, gd, rt, hbm) + adamStepTime(p_exp, s.dp_type, egd, rt, hbm);
    return c;
}

/// Model FLOPs of one forward per GPU (the layer's model_flops is 3x this).
double LayerCoster::modelForwardFlops() const {
    // ---- model FLOPs [N21]: matmuls split by tp, attention scores counted in full (MFU convention).
    // MoE layers count the active projections only (router, top_k routed and the shared experts) [MoE];
    // replicated matrices (router, MLA down-projections) run whole on every TP rank.
    const double matmul_flops = 2.0 * tokens * double(type.activeMatmulParams()) +
                                (cross ? 2.0 * b * (se - seq) * 2.0 * h * hd * kv : 0.0);
    const double repl_flops = 2.0 * tokens * double(type.replicatedMatmulParams());
    return matmul_flops / t + repl_flops + self_score + cross_score;
}

/// Forward seconds of the layer's GEMMs.
double LayerCoster::forwardGemmTime() const {
    // ---- GEMMs, one by one at their own shape (m = tokens, n = outputs, k = inputs per GPU).
    double gemm = 0.0;
    if (mla) {
        // Down-projections to the latents are replicated; up-projections and output split by heads.
        const MlaSpec& m = type.mla;
        const double ql = m.q_lora_rank, kvl = m.kv_lora_rank, rope = m.qk_rope_head_dim;
        gemm += ql > 0 ? cm.gemmTime(tokens, ql, h, fp8) + cm.gemmTime(tokens, a * qkd / t, ql, fp8)
                       : cm.gemmTime(tokens, a * qkd / t, h, fp8);
        gemm += cm.gemmTime(tokens, kvl + rope, h, fp8) +
                cm.gemmTime(tokens, a * (m.qk_nope_head_dim + vd) / t, kvl, fp8) // K (no rope) and V
                + cm.gemmTime(tokens, h, a * vd / t, fp8);                       // output projection
    } else {
        gemm += cm.gemmTime(tokens, (qw + 2.0 * kvw) / t, h, fp8) // fused QKV projection
                + cm.gemmTime(tokens, h, qw / t, fp8);            // attention output projection
    }
    if (!moe.enabled()) {
        gemm += cm.gemmTime(tokens, gf * f / t, h, fp8) // fc1 (+ gate)
                + cm.gemmTime(tokens, h, f / t, fp8);   // fc2
    } else {
        // Router logits (replicated), then the experts as grouped GEMMs: every expert sees
        // tokens * top_k / experts tokens on average (balanced routing), each group at the efficiency
        // of its own small shape, the group as a whole at the runtime's grouped-GEMM efficiency.
        // With expert parallelism each rank holds experts/ep experts and receives the tokens routed to
        // them from the ep ranks of its group: the same work in fewer, larger GEMMs, paced by the
        // busiest rank (moe_load_imbalance).
        gemm += cm.gemmTime(tokens, moe.experts, h, false);
        const double local_experts = double(moe.experts) / epd;
        const double m_e = tokens * routed * epd / moe.experts;
        const double ge = std::max(1e-3, rt.grouped_gemm_efficiency);
        const double imb = epd > 1 ? std::max(1.0, rt.moe_load_imbalance) : 1.0;
        gemm += imb * local_experts *
                (cm.gemmTime(m_e, gf * f / t, h, fp8) + cm.gemmTime(m_e, h, f / t, fp8)) / ge;
        if (shared_f > 0)
            gemm +=
                cm.gemmTime(tokens, gf * shared_f / t, h, fp8) + cm.gemmTime(tokens, h, shared_f / t, fp8);
    }
    if (cross)
        gemm += cm.gemmTime(tokens, qw / t, h, fp8) + cm.gemmTime(b * se, 2.0 * kvw / t, h, fp8) +
                cm.gemmTime(tokens, h, qw / t, fp8);
    return gemm;
}

/// Forward and backward seconds of the attention core.
std::pair<double, double> LayerCoster::attentionTimes() const {
    // ---- attention core. Fused kernels skip the masked half of causal self-attention and run at
    // their own efficiency; backward does 2.5x the FLOPs at 0.85x the forward efficiency (Dao 2023).
    // Eager attention is two batched GEMMs per head over the full score matrix.
    double attn_fwd = 0.0, attn_bwd = 0.0;
    const bool causal = type.kind != BlockKind::Encoder;
    if (eager) {
        attn_fwd = (self_score + cross_score) / (cm.effectiveTflops(std::min(seq, hd)) * 1e12);
        attn_bwd = 2.0 * attn_fwd;
    } else {
        const double eff = std::max(1e-3, cluster.gpu.attention_efficiency);
        const double flops = self_score * (causal ? 0.5 : 1.0) + cross_score;
        attn_fwd = flops / (cluster.gpu.peak_tflops_bf16 * eff * 1e12);
        attn_bwd = 2.5 * attn_fwd / 0.85;
    }
    return {attn_fwd, attn_bwd};
}

/// Forward seconds of the memory-bound element-wise work.
double LayerCoster::forwardElementwiseTime() const {
    // ---- memory-bound element-wise work at HBM speed, in bf16 elements read + written per token:
    // two norms (2 each), two residual adds (3 each), dropouts (2.5 each), the FFN activation
    // (gated: read 2f, write f), eager norms' fp32 round trips, eager SwiGLU's separate kernels,
    // eager softmax over the scores, FP8 casts of every linear input. Sequence-parallel parts /t.
    double elem = (10.0 * h + drop * 5.0 * h + (rt.fused_norm ? 0.0 : 8.0 * h)) / sp_div;
    elem += (type.gated_ffn ? 3.0 : 2.0) * f_tok / t;
    if (type.gated_ffn && !rt.fused_swiglu)
        elem += 3.0 * f_tok / t;
    if (moe.enabled()) // permute tokens to their experts and back (read + write each copy), router softmax
        elem += 4.0 * routed * h + 3.0 * moe.experts;
    elem += softmax_elem;
    if (fp8)
        elem += rt.fp8_cast_bytes / 2.0 * (2.0 * h + qw / t + f_tok / t);
    return 2.0 * tokens * elem / hbm;
}

/// Sets c.tp_comm (forward and backward); returns the forward part.
double LayerCoster::tensorParallelComm(double gemm, LayerCost& c) const {
    // ---- tensor-parallel collectives: 2 all-reduces per block forward, 2 backward [Megatron]; with SP
    // an all-gather + reduce-scatter pair of the same volume replaces each all-reduce [K22]. The
    // runtime may hide a fraction (tp_overlap) behind the GEMMs beside them, but never more than those
    // GEMMs take (forward GEMMs forward, twice that backward), and only between NVLink peers: Transformer
    // Engine's comm+GEMM overlap (Megatron --tp-comm-overlap) runs over CUDA IPC/multicast buffers
    // inside one node (TransformerEngine issue #1071), as does torch's async TP (symmetric memory), so
    // a TP group that crosses nodes, or whose node links are not NVLink (PCIe cards), exposes all of its
    // collectives. Both split the sequence-parallel all-gather and reduce-scatter into the GEMMs, so a
    // layer without SP exposes its all-reduces (Megatron-LM's validate_args: "Tensor parallel
    // communication/GEMM overlap can happen only when sequence parallelism is enabled").
    double tp_fwd = 0.0;
    if (t > 1) {
        const double S = 2.0 * sbh; // bf16 activation of the micro-batch shard
        const int blocks = cross ? 3 : 2;
        bool crosses = false;
        const double one = worstOverGroups(G, t, lay.tp_stride, cluster.gpus_per_node, [&](int off) {
            const int r = first + off;
            crosses = crosses || cm.crossesNodes(t, lay.tp_stride, r);
            if (s.sp)
                return cm.collectiveTime(Collective::AllGather, S, t, lay.tp_stride, r) +
                       cm.collectiveTime(Collective::ReduceScatter, S, t, lay.tp_stride, r);
            return cm.collectiveTime(Collective::AllReduce, S, t, lay.tp_stride, r);
        });
        const double comm = blocks * one;
        const double hidden = crosses || !intra_nvlink || !s.sp
                                  ? 0.0
                                  : std::min(std::clamp(rt.tp_overlap, 0.0, 1.0) * comm, gemm);
        tp_fwd = comm - hidden;
        c.tp_comm = 2.0 * tp_fwd;
    }
    return tp_fwd;
}

/// Sets c.cp_comm (forward and backward, exposed part); returns the forward part.
double LayerCoster::contextParallelComm(double attn_fwd, double attn_bwd, LayerCost& c) const {
    // ---- context parallelism (validateContextParallel keeps it to fused self-attention).
    // Ring (p2p): cp-1 steps pass this rank's K/V block (GQA-sized, per TP rank) to the next CP rank
    // forward; backward circulates K/V and the dK/dV partial sums (2x). Each step overlaps the
    // attention block of the previous one, so communication shows only when slower than the
    // attention compute (Liu et al. 2023; Megatron/Transformer Engine AttnFuncWithCPAndKVP2P).
    // All-to-all (Ulysses, Jacobs et al. 2023): q, k, v in and the output back, 4 all-to-alls forward
    // and 4 backward, not overlapped. Recomputing the attention core (full, or Megatron's selective)
    // repeats the forward exchange.
    double cp_fwd = 0.0;
    if (cpd > 1) {
        const double kv_local = kv >= t ? kv / t : 1.0; // K/V heads per TP rank (replicated when kv < tp)
        const double ovl = cluster.overlap_efficiency;
        if (s.cp_comm == CpComm::P2P && rt.cp_allgather) {
            // PyTorch's context_parallel (RuntimeProfile::cp_allgather): K/V as the attention kernel
            // receives them (expanded to the query heads with expand_kv), gathered from all CP ranks
            // after the first of the cp blocks; backward gathers them again and passes the dK/dV
            // partial sums (cp_grad_bytes per element) once per block, each behind the next block.
            const double heads = rt.expand_kv ? a / t : kv_local;
            const double block = 2.0 * tokens * heads * hd * 2.0;
            const double grads = block * std::max(1, rt.cp_grad_bytes) / 2.0;
            const double gather = worstOverGroups(G, cpd, lay.cp_stride, cluster.gpus_per_node, [&](int off) {
                return cm.collectiveTime(Collective::AllGather, cpd * block, cpd, lay.cp_stride, first + off);
            });
            const double pass = worstOverGroups(G, cpd, lay.cp_stride, cluster.gpus_per_node, [&](int off) {
                return cm.collectiveTime(Collective::SendRecv, grads, cpd, lay.cp_stride, first + off);
            });
            cp_fwd = exposedComm(gather, attn_fwd / cpd, ovl);
            c.cp_comm = cp_fwd + exposedComm(gather, attn_bwd / cpd, ovl) +
                        (cpd - 1) * exposedComm(pass, attn_bwd / cpd, ovl) + pass;
            // Working memory of the attention backward: the gathered K/V (cp blocks) and the local block
            // concatenated for the exchange, the query gradient and the dK/dV sums in fp32, and the
            // dK/dV buffers sent and received.
            c.transient += (cpd + 1) * block + tokens * (a / t) * hd * 4.0 + 3.0 * grads;
        } else if (s.cp_comm == CpComm::P2P) {
            const double block = 2.0 * tokens * kv_local * hd * 2.0; // K and V, bf16
            const double step = worstOverGroups(G, cpd, lay.cp_stride, cluster.gpus_per_node, [&](int off) {
                return cm.collectiveTime(Collective::SendRecv, block, cpd, lay.cp_stride, first + off);
            });
            const double hide = double(cpd - 1) / cpd;
            cp_fwd = exposedComm((cpd - 1) * step, hide * attn_fwd, ovl);
            c.cp_comm = cp_fwd + exposedComm(2.0 * (cpd - 1) * step, hide * attn_bwd, ovl);
        } else {
            // Bytes per GPU of each all-to-all: its tokens x the TP-local heads moved (K/V heads
            // replicated up to cp when there are fewer).
            const double q_bytes = 2.0 * tokens * (qw / t),
                         kv_bytes = 2.0 * tokens * std::max(kv_local, double(cpd)) * hd;
            cp_fwd = worstOverGroups(G, cpd, lay.cp_stride, cluster.gpus_per_node, [&](int off) {
                const int r = first + off;
                return 2.0 * cm.collectiveTime(Collective::AllToAll, q_bytes, cpd, lay.cp_stride, r) +
                       2.0 * cm.collectiveTime(Collective::AllToAll, kv_bytes, cpd, lay.cp_stride, r);
            });
            c.cp_comm = 2.0 * cp_fwd;
        }
    }
    return cp_fwd;
}

/// Sets c.ep_comm (forward and backward); returns the forward part.
double LayerCoster::expertParallelComm(LayerCost& c) const {
    // ---- expert parallelism: the routed token copies go to their experts' ranks and come back, an
    // all-to-all each way in forward and in backward (Lepikhin et al. 2021; Megatron's alltoall token
    // dispatcher), not overlapped. Each rank sends its own tokens (its sequence-parallel shard under
    // SP) x top_k x hidden in bf16; the busiest rank receives moe_load_imbalance times the average.
    // The EP group is ep ranks of the dp x cp group (Megatron's "tp-cp-ep-dp" order), stride as the
    // gradient group's.
    double ep_fwd = 0.0;
    if (epd > 1) {
        const double own = tokens / (s.sp ? t : 1);
        const double bytes = 2.0 * own * routed * h * std::max(1.0, rt.moe_load_imbalance);
        ep_fwd = worstOverGroups(G, epd, lay.grad_stride, cluster.gpus_per_node, [&](int off) {
            return 2.0 * cm.collectiveTime(Collective::AllToAll, bytes, epd, lay.grad_stride, first + off);
        });
        c.ep_comm = 2.0 * ep_fwd;
    }
    return ep_fwd;
}

/// Bytes per micro-batch of the attention core that scale with the heads (all TP ranks together):
/// fused kernels' per-token softmax statistics, eager attention's score-sized buffers.
double LayerCoster::storedScoreBytes() const {
    double scores = !eager ? 4.0 * a * seq_l * b : (type.dropout ? 5.0 : 2.0) * a * seq * seq * b;
    if (cross)
        scores += !eager ? 4.0 * a * seq * b : (type.dropout ? 5.0 : 2.0) * a * seq * se * b;
    return scores;
}

/// Activation bytes per GPU stored per micro-batch when nothing is recomputed.
double LayerCoster::fullActivationBytes(double scores) const {
    // ---- activations stored per micro-batch [K22 sec. 4], by component, generalised to GQA, gated
    // FFNs, dropout and the runtime's kernels.
    // Replicated across TP ranks without SP: norm inputs (2 x 2h), QKV and MLP inputs (2h each),
    // dropout masks (h each), eager norms' fp32 copies (2 x 4h), unnamed runtime buffers.
    double repl = sbh * (4.0 + 2.0 + 2.0 + 2.0 * drop + (rt.fused_norm ? 0.0 : 8.0) +
                         std::max(0.0, rt.activation_extra_h));
    // Split by TP: Q, K, V (attention inputs), the attention output (projection input), FFN values.
    const double kv_stored = rt.expand_kv ? a : kv;
    double split_lin = sbh * (2.0 * (qw / h) + 4.0 * (kv_stored * hd / h) + 2.0);
    if (mla) {
        // Q and K of qk dims, V of v dims per head, the attention output; the latents (inputs of the
        // up-projections) are replicated.
        const MlaSpec& m = type.mla;
        split_lin = sbh * 2.0 * a * (2.0 * qkd + 2.0 * vd) / h;
        repl += sbh * 2.0 * (std::max(0, m.q_lora_rank) + m.kv_lora_rank + m.qk_rope_head_dim) / h;
    }
    double split_ffn = tokens * f_tok * (type.gated_ffn ? (rt.fused_swiglu ? 6.0 : 8.0) : 4.0);
    // MoE: top_k permuted copies of the FFN input (bf16) and the fp32 router probabilities. Megatron's
    // dispatcher gathers the sequence-parallel shards before permuting, so SP does not divide them.
    const double routed_act = moe.enabled() ? sbh * 2.0 * routed + tokens * 4.0 * moe.experts : 0.0;
    if (cross) {
        repl += sbh * (2.0 + 2.0 + drop);
        split_lin += sbh * 4.0 + se * b * h * 4.0 * (kv_stored / a);
    }
    // FP8 linear layers that keep their inputs in FP8 (RuntimeProfile::fp8_saved_inputs, Transformer
    // Engine): the QKV and fc1 inputs (norm outputs), the projection input (attention output) and the
    // fc2 input (activation output) at 1 byte per element instead of 2.
    if (fp8 && rt.fp8_saved_inputs) {
        repl -= sbh * (cross ? 3.0 : 2.0);
        split_lin -= sbh * (mla ? a * vd : qw) / h;
        split_ffn -= tokens * f_tok;
    }
    return repl / sp_div + routed_act + (split_lin + split_ffn) / t + scores / t;
}

/// Sets the stored activations, the recomputation and what it repeats, and the transient memory of a
/// re-materialised layer, by the layer's checkpointing; reads the compute times already set in c.
void LayerCoster::activationsAndRecompute(const ForwardComm& fwd_comm, LayerCost& c) const {
    const double gemm = c.fwd_gemm, attn_fwd = c.fwd_attention, elem_fwd = c.fwd_elementwise;
    const double fwd = c.fwd_compute;
    const double scores = storedScoreBytes();
    const double full_act = fullActivationBytes(scores);
    switch (s.ckpt) {
    case Checkpoint::None:
        c.activations = full_act;
        break;
    case Checkpoint::Selective:
        if (rt.selective_op_level) {
            // Op-level policy: keeps the layer input, the attention output and a fraction of the
            // matmul outputs; recomputes the rest of the forward except attention and kept matmuls.
            const double kept = std::clamp(rt.selective_matmul_kept, 0.0, 1.0);
            const double mm_out = sbh * (2.0 * (qw + 2.0 * kvw) / h + 2.0 + 2.0) / t +
                                  tokens * f_tok * 2.0 * (type.gated_ffn ? 2.0 : 1.0) / t;
            c.activations = 2.0 * sbh / sp_div + 2.0 * sbh / t + kept * mm_out + scores / t;
            c.recompute = (1.0 - kept) * gemm + elem_fwd;
        } else {
            // Megatron: the attention core is recomputed, its s x s buffers are not stored (with fused
            // attention nothing is freed and the kernel runs once more).
            c.activations = full_act - (eager ? scores / t : 0.0);
            c.recompute = attn_fwd + (eager ? 2.0 * tokens * softmax_elem / hbm : 0.0);
            c.cp_comm += fwd_comm.cp; // the recomputed attention core repeats its CP exchange
        }
        break;
    case Checkpoint::Full:
        c.activations = 2.0 * sbh / sp_div; // layer input only
        c.recompute = fwd;
        c.tp_comm += fwd_comm.tp; // recomputed forward repeats its collectives
        c.cp_comm += fwd_comm.cp;
        c.ep_comm += fwd_comm.ep; // and its token all-to-alls
        c.transient += full_act;  // one layer re-materialised during backward
        break;
    }
    c.bwd_compute += c.recompute;
    // The caching allocator rounds and fragments what is allocated per micro-batch.
    const double frag = 1.0 + std::max(0.0, rt.fragmentation);
    c.activations *= frag;
    c.transient *= frag;
}

/// Sets the weights, gradients and optimizer states per GPU (the dense and the expert parts).
void LayerCoster::modelStates(LayerCost& c) const {
    LayerCost dense, expert;
    setModelStates(dense, p_dense, fp8 ? mm_dense : 0.0, s.dp_type, gd, rt);
    setModelStates(expert, p_exp, fp8 ? p_exp : 0.0, s.dp_type, egd, rt);
    c.weights = dense.weights + expert.weights;
    c.grads = dense.grads + expert.grads;
    c.optimizer = dense.optimizer + expert.optimizer;
    c.params = dense.params + expert.params;
}

/// One collective over the dense group and one over the expert data-parallel group.
double LayerCoster::dpGroupsTime(Collective op, double dense_bytes, double expert_bytes, int r,
                                 bool flat) const {
    return cm.collectiveTime(op, dense_bytes, gd, lay.grad_stride, r, flat) +
           cm.collectiveTime(op, expert_bytes, egd, estride, r, flat);
}

/// ZeRO-3 / FSDP: parameter gathers and gradient reduce-scatters per micro-batch, or per iteration when
/// the runtime keeps the unsharded weights.
void LayerCoster::zero3Comm(LayerCost& c) const {
    const double ce = std::clamp(rt.comm_efficiency, 0.01, 1.0);
    const double ovl = cluster.overlap_efficiency;
    const double wbytes = rt.param_bytes * p_local;
    // Per micro-batch: all-gather weights for forward and again for backward, reduce-scatter
    // grads; each hides behind the compute of the neighbouring layer (prefetch).
    const bool flat = !rt.zero3_hierarchical;
    double ag = 0.0, rs = 0.0;
    worstOverGroups(G, gd, lay.grad_stride, cluster.gpus_per_node, [&](int off) {
        const int r = first + off;
        const double g = dpGroupsTime(Collective::AllGather, wb_d, wb_e, r, flat);
        const double x = dpGroupsTime(Collective::ReduceScatter, gb_d, gb_e, r, flat);
        if (2.0 * g + x > 2.0 * ag + rs) {
            ag = g;
            rs = x;
        }
        return 2.0 * g + x;
    });
    ag /= ce;
    rs /= ce;
    const double z = std::clamp(rt.zero3_overlap, 0.0, 1.0);
    if (rt.zero3_keep_unsharded && shape.num_micro > 1) {
        // Unsharded weights and gradients live for the whole iteration: one gather before the
        // first forward, one reduce-scatter after the last backward.
        c.weights += wb_d * (1.0 - 1.0 / gd) + wb_e * (1.0 - 1.0 / egd);
        c.grads += gb_d * (1.0 - 1.0 / gd) + gb_e * (1.0 - 1.0 / egd);
        c.dp_comm = ag + rs;
        c.dp_reduce = rs;
        c.dp_reduce_exposed = exposedComm(rs, z * c.bwd_compute, ovl);
        c.dp_exposed = c.dp_reduce_exposed + exposedComm(ag, z * c.fwd_compute, ovl);
    } else {
        c.zero3_comm = 2.0 * ag + rs;
        c.zero3_exposed =
            exposedComm(ag, z * c.fwd_compute, ovl) + exposedComm(ag + rs, z * c.bwd_compute, ovl);
        // Gathered: the layer running and the next one, prefetched; a runtime that caps the live
        // parameters (RuntimeProfile::zero3_max_live_params) holds the cap, or its largest matrix when
        // one alone is larger (it is gathered whole).
        double live = 2.0 * wbytes;
        if (rt.zero3_max_live_params > 0) {
            const double largest = std::max((qw + 2.0 * kvw) * h, gf * f * h) / t; // QKV or fc1
            live = std::min(live, rt.param_bytes * std::max(largest, rt.zero3_max_live_params));
        }
        c.transient += live;
    }
}

/// DDP and ZeRO-1/2: the gradient synchronisation once per iteration.
void LayerCoster::gradientSyncComm(LayerCost& c) const {
    const double ce = std::clamp(rt.comm_efficiency, 0.01, 1.0);
    const double ovl = cluster.overlap_efficiency;
    // Once per iteration: all-reduce (DDP) or reduce-scatter + all-gather (ZeRO-1/2, distributed
    // optimizer). The gradient reduction hides behind the last micro-batch's backward; the
    // parameter all-gather behind the next forward when the runtime overlaps it.
    double red = 0.0, gather = 0.0;
    worstOverGroups(G, gd, lay.grad_stride, cluster.gpus_per_node, [&](int off) {
        const int r = first + off;
        const double x = s.dp_type == DpType::DDP ? dpGroupsTime(Collective::AllReduce, gb_d, gb_e, r)
                                                  : dpGroupsTime(Collective::ReduceScatter, gb_d, gb_e, r);
        const double g = s.dp_type == DpType::DDP ? 0.0 : dpGroupsTime(Collective::AllGather, wb_d, wb_e, r);
        if (x + g > red + gather) {
            red = x;
            gather = g;
        }
        return x + g;
    });
    red /= ce;
    gather /= ce;
    c.dp_comm = red + gather;
    c.dp_reduce = red;
    c.dp_reduce_exposed = exposedComm(red, std::clamp(rt.dp_overlap, 0.0, 1.0) * c.bwd_compute, ovl);
    c.dp_exposed =
        c.dp_reduce_exposed + (rt.overlap_param_gather ? exposedComm(gather, c.fwd_compute, ovl) : gather);
}
} // namespace

LayerCost CostModel::layer(const LayerType& type, const LayerStrategy& s, const StageShape& shape) const {
    return LayerCoster(*this, intra_nvlink_, type, s, shape).cost();
}

double CostModel::switchTime(const LayerType& type, const LayerStrategy& from, const LayerStrategy& to,
                             const StageShape& shape) const {
    const bool same_layout =
        from.tp == to.tp && from.cp == to.cp &&
        (from.tp_consecutive == to.tp_consecutive || from.tp == 1 || from.dp * from.cp == 1);
    if (same_layout && from.sp == to.sp)
        return 0.0;
    const double S = 2.0 * type.seq_len * type.hidden; // bytes per sample
    const int first = shape.first_rank;
    double t = 0.0;
    if (!same_layout) {
        // Re-partition the batch between data-parallel layouts [M23]: gather the larger shard needed by
        // the layout with fewer replicas (forward) and scatter gradients back (backward).
        // Context-parallel ranks hold sequence shards: they count as data shards here.
        const int fd = from.dp * std::max(1, from.cp), td = to.dp * std::max(1, to.cp);
        const int dmin = std::min(fd, td), dmax = std::max(fd, td);
        const double shard = S * shape.micro_batch / dmin;
        if (dmax > dmin) {
            const int r = dmax / dmin;
            t = 2.0 * collectiveTime(Collective::AllGather, shard, r, 1, first);
        } else {
            t = 2.0 * collectiveTime(Collective::AllToAll, shard, shape.stage_gpus, 1, first);
        }
    }
    if (from.sp != to.sp) {
        // Sequence-sharded <-> replicated activations: one all-gather per micro-batch.
        const int tp = from.sp ? from.tp : to.tp;
        const int d = from.sp ? from.dp * std::max(1, from.cp) : to.dp * std::max(1, to.cp);
        t += collectiveTime(Collective::AllGather, S * shape.micro_batch / d, tp, 1, first);
    }
    return t;
}

double CostModel::inflightMicroBatches(Schedule schedule, int pp, int v, int m, int stage) {
    switch (schedule) {
    case Schedule::GPipe:
        return m;
    case Schedule::OneFOneB:
        return std::min(pp - stage, m);
    case Schedule::Interleaved: {
        // Megatron's interleaved schedule: stage i runs (p-i-1)*2 + (v-1)*p warm-up chunk forwards
        // before its first backward [N21]; each chunk holds 1/v of the stage's layers.
        const int warm = (pp - stage - 1) * 2 + (v - 1) * pp;
        const int chunks = std::min(warm + 1, m * v);
        return double(chunks) / v;
    }
    }
    return m;
}

namespace {
/// Interleaved schedule: micro-batches of the stage's local chunk k held when the stage runs its first
/// backward (the activation peak). Forwards run in groups of pp micro-batches per chunk, chunks 0..v-1
/// in turn, and the first backward follows warm + 1 of them [N21]; torch.distributed.pipelining's
/// ScheduleInterleaved1F1B uses the same rounds and warm-up. The counts add up to the stage's chunks.
int interleavedChunkInflight(int pp, int v, int m, int stage, int k) {
    const int warm = (pp - stage - 1) * 2 + (v - 1) * pp;
    const int n = std::min(warm + 1, m * v);
    int count = 0;
    for (int j = 0; j < n; ++j)
        if ((j / pp) % v == k)
            ++count;
    return count;
}
} // namespace

double CostModel::vocabInflight(Schedule schedule, int pp, int v, int m, bool first, double stage_inflight) {
    if (schedule != Schedule::Interleaved || pp < 2 || v < 2)
        return stage_inflight;
    return first ? interleavedChunkInflight(pp, v, m, 0, 0)
                 : interleavedChunkInflight(pp, v, m, pp - 1, v - 1);
}

double CostModel::paddedVocab(int vocab_tp) const {
    const double v = double(model_.vocab_size);
    const int by = options_.runtime.vocab_divisible_by;
    if (model_.vocab_size <= 0 || by <= 0)
        return v;
    const std::int64_t multiple = std::int64_t(by) * std::max(1, vocab_tp);
    return double((std::int64_t(model_.vocab_size) + multiple - 1) / multiple * multiple);
}

LayerCost CostModel::embeddingAndHead(bool first, bool last, int vocab_tp, DpType dp_type,
                                      const StageShape& shape) const {
    LayerCost c;
    if (model_.stacks.empty())
        return c;
    const int vt = std::max(1, vocab_tp);
    const int dv = std::max(1, shape.stage_gpus / vt);
    const double b = double(shape.micro_batch) / dv;
    const auto& ltype = model_.stacks.back().type;
    const double seq = ltype.seq_len, h = ltype.hidden;
    const double hbm = cluster_.gpu.hbm_bandwidth_gbs * 1e9;
    const bool single = first && last;
    const RuntimeProfile& rt = options_.runtime;
    // The runtime pads the vocabulary (its embedding rows, LM-head columns and logits) to a multiple
    // of vocab_divisible_by x the vocabulary's tensor-parallel size (Megatron-LM
    // vocab_size_with_padding, --make-vocab-size-divisible-by 128).
    const double vocab = paddedVocab(vt);
    const double word_h = model_.embed_hidden > 0 ? model_.embed_hidden : h;
    const double word = vocab * word_h;
    const double pad_rows = model_.num_classes == 0 ? vocab - double(model_.vocab_size) : 0.0;

    double params = 0.0;
    if (first)
        params += double(model_.embeddingParams()) + pad_rows * word_h;
    if (last) {
        // A tied LM head on its own last stage keeps a copy of the word embedding (Megatron).
        params += double(model_.headParams());
        if (model_.num_classes == 0 && !model_.tied_embeddings)
            params += pad_rows * h;
        if (model_.tied_embeddings && !single && model_.num_classes == 0)
            params += word;
    }
    // Learned position embeddings and the final norm are whole on every rank (Megatron-LM
    // LanguageModelEmbedding: a plain torch.nn.Embedding beside the vocab-parallel word embedding); the
    // rest splits over vocab_tp.
    const double whole =
        (first ? double(model_.positionParams()) : 0.0) + (last ? double(model_.finalNormParams()) : 0.0);
    const double p_local = (params - whole) / vt + whole;
    setModelStates(c, p_local, 0.0, dp_type, dv, rt);

    double fwd = 0.0;
    const double S = 2.0 * seq * b * h;
    if (first)
        fwd += 2.0 * S / hbm; // gather rows + write output
    if (last) {
        const double out = model_.num_classes > 0 ? double(model_.num_classes) : vocab;
        fwd += gemmTime(b * seq, out / vt, h);
        if (model_.num_classes == 0 && model_.vocab_size > 0) {
            const double logits = seq * b * vocab / vt;
            fwd += logits * 12.0 / hbm; // fp32 softmax + cross-entropy passes
            // Logits, fp32 copies and softmax around the loss; a vocabulary split over TP ranks may
            // take another loss implementation (PyTorch loss_parallel) with its own buffers.
            const double per_logit =
                vt > 1 && rt.logit_bytes_vocab_parallel > 0 ? rt.logit_bytes_vocab_parallel : rt.logit_bytes;
            c.transient = logits * per_logit;
            // A pipeline runtime that returns the merged outputs keeps the bf16 logits of every
            // earlier micro-batch while the last one runs its loss (torch.distributed.pipelining
            // `output_chunks`, see RuntimeProfile::keep_pipeline_outputs).
            if (rt.keep_pipeline_outputs && !single)
                c.transient += 2.0 * logits * std::max(0, shape.num_micro - 1);
        }
        // (Megatron-LM's num_floating_point_operations counts the padded vocabulary, as Narayanan et
        // al. 2021 count GPT's 51,200)
        c.model_flops = 3.0 * (model_.headForwardFlops(1) + 2.0 * seq * h * pad_rows) * b / vt;
        c.activations += 4.0 * seq * b * h; // final norm input + head input
    }
    c.fwd_compute = fwd;
    c.bwd_compute = 2.0 * fwd;
    if (vt > 1) {
        // Vocab-parallel embedding: all-reduce of the output (fwd); head: all-reduce of the input
        // gradient (bwd). Groups are the first vt ranks of the stage (consecutive).
        const double ar = collectiveTime(Collective::AllReduce, S, vt, 1, shape.first_rank);
        c.tp_comm = (first ? ar : 0.0) + (last ? ar : 0.0);
    }
    const double ovl = cluster_.overlap_efficiency;
    if (dv > 1) {
        const double gb = rt.grad_bytes * p_local, wb = rt.param_bytes * p_local;
        if (dp_type == DpType::ZeRO3) {
            const bool flat = !rt.zero3_hierarchical;
            const double ag = collectiveTime(Collective::AllGather, wb, dv, vt, shape.first_rank, flat);
            const double rs = collectiveTime(Collective::ReduceScatter, gb, dv, vt, shape.first_rank, flat);
            const double z = std::clamp(rt.zero3_overlap, 0.0, 1.0);
            if (rt.zero3_keep_unsharded && shape.num_micro > 1) {
                // As for the layers: the embedding and head stay unsharded, with their unsharded
                // gradients, from the first forward to the last backward (torchtitan's
                // fully_shard(model, reshard_after_forward=not pp_enabled)); one gather, one scatter.
                c.weights += wb * (1.0 - 1.0 / dv);
                c.grads += gb * (1.0 - 1.0 / dv);
                c.dp_comm = ag + rs;
            } else {
                c.zero3_comm = 2.0 * ag + rs;
                c.zero3_exposed =
                    exposedComm(ag, z * c.fwd_compute, ovl) + exposedComm(ag + rs, z * c.bwd_compute, ovl);
            }
        } else {
            c.dp_comm = collectiveTime(Collective::AllReduce, gb, dv, vt, shape.first_rank);
        }
    }
    if (model_.tied_embeddings && !single && model_.num_classes == 0) {
        // Embedding-group all-reduce of the tied word-embedding gradient between first and last stage.
        const double gb = rt.grad_bytes * word / vt;
        c.dp_comm += collectiveTime(Collective::SendRecv, gb, 2, 1, shape.first_rank) * 2.0;
    }
    c.dp_exposed = c.dp_comm; // the embedding is the last gradient produced on its stage
    c.optimizer_step = adamStepTime(p_local, dp_type, dv, rt, hbm);
    const double frag = 1.0 + std::max(0.0, rt.fragmentation);
    c.activations *= frag;
    c.transient *= frag;
    return c;
}

double CostModel::p2pTime(const LayerType& type, const LayerStrategy& boundary, const StageShape& shape,
                          int from_rank, int to_rank) const {
    (void)boundary;
    // Megatron's scatter/gather optimisation: each GPU of the stage sends 1/G of the activation.
    double bytes = 2.0 * type.seq_len * type.hidden * shape.micro_batch / std::max(1, shape.stage_gpus);
    if (type.kind == BlockKind::CrossDecoder)
        bytes += 2.0 * type.cross_seq_len * type.hidden * shape.micro_batch / std::max(1, shape.stage_gpus);
    const int gpn = cluster_.gpus_per_node;
    const int last_from = from_rank + shape.stage_gpus - 1, last_to = to_rank + shape.stage_gpus - 1;
    const bool inter = from_rank / gpn != to_rank / gpn || last_from / gpn != last_to / gpn;
    // As every other transfer: the cluster's measured send/recv curve when it has one, else the link at
    // the efficiency NCCL reaches on it. (Before, the raw link bandwidth: measured curves imported from
    // Hetu-Galvatron or `galvatron profile`, and link efficiencies, left pipeline sends unchanged.)
    if (const double t = measuredTime(Collective::SendRecv, bytes, 2, inter); t >= 0)
        return 2.0 * t;
    const LinkSpec& link = inter ? cluster_.inter : cluster_.intra;
    const double one =
        link.latency_us * 1e-6 + bytes / (link.bandwidth_gbs * std::clamp(link.efficiency, 0.01, 1.0) * 1e9);
    return 2.0 * one; // activation forward + gradient backward
}

void CostModel::validateContextParallel(int i, const LayerType& t, const LayerStrategy& s) const {
    const int cp = s.cp;
    if (t.kind == BlockKind::CrossDecoder)
        throw InputError(layerField(i, "cp"), "context parallelism is modelled for self-attention layers "
                                              "only; this layer also attends to an encoder sequence");
    if (options_.runtime.attention == AttentionKernel::Eager)
        throw InputError(layerField(i, "cp"),
                         "context parallelism needs a fused attention kernel; runtime '" +
                             options_.runtime.name + "' uses eager attention");
    const bool causal = t.kind != BlockKind::Encoder;
    if (s.cp_comm == CpComm::P2P) {
        // Load-balanced causal split: the sequence is cut into 2*cp chunks, rank r takes chunks r and
        // 2cp-1-r (Megatron get_batch_on_this_cp_rank; torchtitan's "head-tail" load balancer).
        const int chunks = causal ? 2 * cp : cp;
        if (t.seq_len % chunks != 0)
            throw InputError(layerField(i, "cp"),
                             "seq_len " + std::to_string(t.seq_len) + " does not split into " +
                                 std::to_string(chunks) +
                                 (causal ? " chunks (2 * cp, load-balanced causal split)" : " chunks (cp)"));
    } else {
        // Ulysses: the all-to-all trades the sequence split for a split of the (TP-local) heads.
        if (t.seq_len % cp != 0)
            throw InputError(layerField(i, "cp"), "seq_len " + std::to_string(t.seq_len) +
                                                      " is not divisible by cp=" + std::to_string(cp));
        const int q_local = t.heads / std::max(1, s.tp);
        if (q_local % cp != 0)
            throw InputError(layerField(i, "cp"), "all-to-all (Ulysses) cp=" + std::to_string(cp) +
                                                      " must divide the " + std::to_string(q_local) +
                                                      " attention heads per TP rank");
        const int kv = t.kv_heads > 0 ? t.kv_heads : t.heads;
        const int kv_local = std::max(1, kv / std::max(1, s.tp));
        // GQA with fewer K/V heads than cp ranks: K/V heads are replicated, which needs cp to be a
        // multiple of them (as DeepSpeed Ulysses and Transformer Engine do).
        if (kv_local % cp != 0 && cp % kv_local != 0)
            throw InputError(layerField(i, "cp"), "all-to-all (Ulysses) cp=" + std::to_string(cp) +
                                                      " neither divides nor is a multiple of the " +
                                                      std::to_string(kv_local) +
                                                      " key/value heads per TP rank");
    }
}

void CostModel::validate(const Plan& p) const {
    const int L = model_.layerCount();
    if (L <= 0)
        throw InputError("model.stacks", "the model has no layers");
    if (p.pp < 1)
        throw InputError("plan.pp", "must be at least 1, got " + std::to_string(p.pp));
    if (p.gpus < 1)
        throw InputError("plan.gpus", "must be at least 1, got " + std::to_string(p.gpus));
    if (p.gpus > cluster_.totalGpus())
        throw InputError("plan.gpus", std::to_string(p.gpus) + " GPUs requested but the cluster '" +
                                          cluster_.name + "' has " + std::to_string(cluster_.totalGpus()));
    if (p.gpus % p.pp != 0)
        throw InputError("plan.pp",
                         "pp=" + std::to_string(p.pp) + " does not divide gpus=" + std::to_string(p.gpus));
    const int v = p.virtual_stages;
    if (v < 1)
        throw InputError("plan.virtual_stages", "must be at least 1");
    if (p.schedule == Schedule::Interleaved) {
        if (v < 2)
            throw InputError("plan.virtual_stages",
                             "the interleaved schedule needs at least 2 chunks per stage");
        if (p.pp < 2)
            throw InputError("plan.schedule", "the interleaved schedule needs pp >= 2");
        if (p.num_micro % p.pp != 0)
            throw InputError("plan.num_micro", "the interleaved schedule needs num_micro (" +
                                                   std::to_string(p.num_micro) + ") divisible by pp (" +
                                                   std::to_string(p.pp) + ")");
    } else if (v != 1) {
        throw InputError("plan.virtual_stages", "only the interleaved schedule uses virtual stages");
    }
    if (static_cast<int>(p.stage_layers.size()) != p.pp * v)
        throw InputError("plan.stage_layers", "expected " + std::to_string(p.pp * v) +
                                                  " entries (pp x virtual_stages), got " +
                                                  std::to_string(p.stage_layers.size()));
    int sum = 0;
    for (std::size_t i = 0; i < p.stage_layers.size(); ++i) {
        if (p.stage_layers[i] < 1)
            throw InputError("plan.stage_layers[" + std::to_string(i) + "]",
                             "every stage needs at least one layer");
        sum += p.stage_layers[i];
    }
    if (sum != L)
        throw InputError("plan.stage_layers", "layers add up to " + std::to_string(sum) +
                                                  " but the model has " + std::to_string(L));
    if (p.global_batch < 1)
        throw InputError("plan.global_batch", "must be at least 1");
    if (p.num_micro < 1 || p.global_batch % p.num_micro != 0)
        throw InputError("plan.num_micro", "must divide global_batch (" + std::to_string(p.global_batch) +
                                               "), got " + std::to_string(p.num_micro));
    if (static_cast<int>(p.layers.size()) != L)
        throw InputError("plan.layers", "expected one strategy per layer (" + std::to_string(L) + "), got " +
                                            std::to_string(p.layers.size()));
    const int G = p.stageGpus();
    const int mb = p.microBatch();
    for (int i = 0; i < L; ++i) {
        const auto& s = p.layers[static_cast<std::size_t>(i)];
        const auto& t = model_.layer(i);
        if (s.tp < 1 || s.dp < 1)
            throw InputError(layerField(i, "tp"), "tp and dp must be at least 1");
        if (s.cp < 1)
            throw InputError(layerField(i, "cp"), "must be at least 1");
        if (std::int64_t(s.tp) * s.cp * s.dp != G)
            throw InputError(layerField(i, "dp"), (s.cp > 1 ? "tp*cp*dp = " : "tp*dp = ") +
                                                      std::to_string(std::int64_t(s.tp) * s.cp * s.dp) +
                                                      " must equal the stage's GPUs (" + std::to_string(G) +
                                                      ")");
        if (s.cp > 1)
            validateContextParallel(i, t, s);
        if (s.ep < 1)
            throw InputError(layerField(i, "ep"), "must be at least 1");
        if (s.ep > 1) {
            if (!t.moe.enabled())
                throw InputError(
                    layerField(i, "ep"),
                    "expert parallelism needs a mixture-of-experts layer; this layer has a dense FFN");
            if (t.moe.experts % s.ep != 0)
                throw InputError(layerField(i, "ep"), "ep=" + std::to_string(s.ep) + " does not divide the " +
                                                          std::to_string(t.moe.experts) + " routed experts");
            if ((std::int64_t(s.dp) * s.cp) % s.ep != 0)
                throw InputError(layerField(i, "ep"),
                                 "ep=" + std::to_string(s.ep) +
                                     " must divide dp*cp = " + std::to_string(std::int64_t(s.dp) * s.cp) +
                                     " (expert-parallel ranks are data- or context-parallel ranks)");
        }
        if (t.heads % s.tp != 0)
            throw InputError(layerField(i, "tp"), "tp=" + std::to_string(s.tp) + " does not divide the " +
                                                      std::to_string(t.heads) + " attention heads");
        const int kv = t.kv_heads > 0 ? t.kv_heads : t.heads;
        if (kv % s.tp != 0 && s.tp % kv != 0)
            throw InputError(layerField(i, "tp"), "tp=" + std::to_string(s.tp) + " is incompatible with " +
                                                      std::to_string(kv) + " key/value heads");
        if (s.sp && s.tp == 1)
            throw InputError(layerField(i, "sp"), "sequence parallelism needs tp > 1");
        if (mb % s.dp != 0)
            throw InputError(layerField(i, "dp"),
                             "the micro-batch of " + std::to_string(mb) +
                                 " samples does not split over dp=" + std::to_string(s.dp));
    }
    if (p.vocab_tp < 1 || G % p.vocab_tp != 0)
        throw InputError("plan.vocab_tp", "must divide the stage's GPUs (" + std::to_string(G) + ")");
    // With context parallelism the embedding and head ranks split the micro-batch's tokens (samples
    // over dp, sequence over cp), so only the token count has to divide.
    bool any_cp = false;
    for (const auto& s : p.layers)
        any_cp = any_cp || s.cp > 1;
    const std::int64_t vocab_units =
        any_cp ? std::int64_t(mb) * model_.layer(L - 1).seq_len : std::int64_t(mb);
    if (vocab_units % (G / p.vocab_tp) != 0)
        throw InputError("plan.vocab_tp",
                         "the micro-batch of " + std::to_string(mb) +
                             (any_cp ? " samples x " + std::to_string(model_.layer(L - 1).seq_len) + " tokens"
                                     : std::string(" samples")) +
                             " does not split over the embedding's dp=" + std::to_string(G / p.vocab_tp));
}

StageShape CostModel::stageShape(const Plan& plan, int stage) {
    const int G = plan.stageGpus();
    return StageShape{G, stage * G, plan.microBatch(), plan.num_micro};
}

std::vector<LayerCost> CostModel::layerCosts(const Plan& plan) const {
    validate(plan);
    std::vector<LayerCost> out;
    out.reserve(plan.layers.size());
    for (int l = 0; l < static_cast<int>(plan.layers.size()); ++l)
        out.push_back(layer(model_.layer(l), plan.layers[static_cast<std::size_t>(l)],
                            stageShape(plan, plan.stageOfLayer(l))));
    return out;
}

PlanCost CostModel::evaluate(const Plan& plan) const {
    if (plan.precision != options_.precision) {
        CostOptions o = options_;
        o.precision = plan.precision;
        return CostModel(model_, cluster_, o).evaluate(plan);
    }
    validate(plan);
    const int pp = plan.pp, v = plan.virtual_stages, m = plan.num_micro, G = plan.stageGpus();
    const int chunks = pp * v;
    PlanCost pc;
    pc.memory_budget = memoryBudget();
    pc.stages.resize(static_cast<std::size_t>(pp));
    std::vector<double> act(pp, 0.0), flops(pp, 0.0);
    std::vector<double> dp_exposed(pp, 0.0), opt(pp, 0.0);
    std::vector<double> compute(pp, 0.0), recompute(pp, 0.0), tp(pp, 0.0), cp(pp, 0.0), ep(pp, 0.0),
        z3(pp, 0.0), p2p(pp, 0.0), sw(pp, 0.0);

    for (int i = 0; i < pp; ++i) {
        auto& st = pc.stages[static_cast<std::size_t>(i)];
        st.first_layer = plan.chunkStart(i);
        st.memory.reserved = reservedBytes();
        st.inflight = inflightMicroBatches(plan.schedule, pp, v, m, i);
    }
    auto shapeOf = [&](int stage) { return stageShape(plan, stage); };
    auto add = [&](int i, const LayerCost& c) {
        auto& st = pc.stages[static_cast<std::size_t>(i)];
        st.per_micro += c.perMicro();
        st.per_iteration += c.perIteration();
        compute[i] += c.fwd_compute + c.bwd_compute;
        recompute[i] += c.recompute;
        tp[i] += c.tp_comm;
        cp[i] += c.cp_comm;
        ep[i] += c.ep_comm;
        z3[i] += c.zero3_exposed;
        dp_exposed[i] += c.dp_exposed;
        opt[i] += c.optimizer_step;
        act[i] += c.activations;
        flops[i] += c.model_flops;
        st.params += c.params;
        st.memory.transient = std::max(st.memory.transient, c.transient);
    };

    for (int c = 0; c < chunks; ++c) {
        const int i = c % pp;
        const int start = plan.chunkStart(c), count = plan.stage_layers[static_cast<std::size_t>(c)];
        auto& st = pc.stages[static_cast<std::size_t>(i)];
        st.layer_count += count;
        const StageShape shape = shapeOf(i);
        for (int l = start; l < start + count; ++l) {
            const auto& type = model_.layer(l);
            const auto& s = plan.layers[static_cast<std::size_t>(l)];
            const LayerCost lc = layer(type, s, shape);
            add(i, lc);
            st.memory.weights += lc.weights;
            st.memory.grads += lc.grads;
            st.memory.optimizer += lc.optimizer;
            if (l > start) {
                const double swt = switchTime(type, plan.layers[static_cast<std::size_t>(l - 1)], s, shape);
                st.per_micro += swt;
                sw[i] += swt;
            }
        }
        if (c + 1 < chunks) {
            const int last = start + count - 1;
            const int j = (c + 1) % pp;
            const double t =
                p2pTime(model_.layer(last), plan.layers[static_cast<std::size_t>(last)], shape, i * G, j * G);
            // Forward send is on the sender's critical path, the gradient send on the receiver's.
            pc.stages[static_cast<std::size_t>(i)].per_micro += t / 2;
            pc.stages[static_cast<std::size_t>(j)].per_micro += t / 2;
            p2p[i] += t / 2;
            p2p[j] += t / 2;
        }
    }
    for (int i = 0; i < pp; ++i) {
        const bool first = i == 0, last = i == pp - 1;
        auto& st = pc.stages[static_cast<std::size_t>(i)];
        double vocab_act = 0.0;
        if (first || last) {
            const LayerCost e = embeddingAndHead(first, last, plan.vocab_tp, plan.vocab_dp_type, shapeOf(i));
            add(i, e);
            act[i] -= e.activations;
            st.memory.embedding += e.states();
            // The embedding sits in the stage's first chunk, the head in the last stage's last chunk:
            // under the interleaved schedule these hold their own number of micro-batches, not the
            // stage's average (the last stage holds pp of its first chunk but one of its last).
            vocab_act = vocabInflight(plan.schedule, pp, v, m, first, st.inflight) * e.activations;
        }
        st.memory.activations = st.inflight * act[i] + vocab_act;
    }

    // Iteration time: T = m * max C + (sum C - max C) / v + max E.
    int bott = 0, emax = 0;
    double sumC = 0.0;
    for (int i = 0; i < pp; ++i) {
        sumC += pc.stages[static_cast<std::size_t>(i)].per_micro;
        if (pc.stages[static_cast<std::size_t>(i)].per_micro >
            pc.stages[static_cast<std::size_t>(bott)].per_micro)
            bott = i;
        if (pc.stages[static_cast<std::size_t>(i)].per_iteration >
            pc.stages[static_cast<std::size_t>(emax)].per_iteration)
            emax = i;
    }
    const double Cmax = pc.stages[static_cast<std::size_t>(bott)].per_micro;
    const double Emax = pc.stages[static_cast<std::size_t>(emax)].per_iteration;
    const double bubble = (sumC - Cmax) / v;
    pc.iteration_time = m * Cmax + bubble + Emax + options_.runtime.iteration_overhead_s;

    for (int i = 0; i < pp; ++i) {
        auto& st = pc.stages[static_cast<std::size_t>(i)];
        st.time.compute = m * (compute[i] - recompute[i]);
        st.time.recompute = m * recompute[i];
        st.time.tp_comm = m * tp[i];
        st.time.cp_comm = m * cp[i];
        st.time.ep_comm = m * ep[i];
        st.time.zero_comm = m * z3[i];
        st.time.pp_comm = m * p2p[i];
        st.time.switch_comm = m * sw[i];
        st.time.dp_comm = dp_exposed[i];
        st.time.optimizer = opt[i];
        const double peak = st.memory.total();
        if (peak > pc.peak_memory) {
            pc.peak_memory = peak;
            pc.peak_stage = i;
        }
    }
    const auto& b = pc.stages[static_cast<std::size_t>(bott)].time;
    const auto& e = pc.stages[static_cast<std::size_t>(emax)].time;
    pc.time = b; // the bottleneck stage's per-micro-batch parts; the rest is per iteration
    pc.time.bubble = bubble;
    pc.time.dp_comm = e.dp_comm;
    pc.time.optimizer = e.optimizer;
    pc.time.overhead = options_.runtime.iteration_overhead_s;

    const double T = pc.iteration_time;
    if (T > 0) {
        pc.samples_per_s = plan.global_batch / T;
        pc.tokens_per_s =
            pc.samples_per_s * (model_.seq_len > 0 ? model_.seq_len : model_.stacks.front().type.seq_len);
        const double total_flops = 3.0 * model_.forwardFlops(plan.global_batch);
        pc.tflops_per_gpu = total_flops / plan.gpus / T / 1e12;
        pc.mfu = cluster_.gpu.peak_tflops_bf16 > 0 ? pc.tflops_per_gpu / cluster_.gpu.peak_tflops_bf16 : 0.0;
    }
    (void)flops;
    return pc;
}

} // namespace gx
