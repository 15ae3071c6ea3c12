// SPDX-License-Identifier: Apache-2.0
// Decision tree over the per-layer parallel space (see gx/search_space.h).
//
// Counting convention: a leaf is one (pp, tp, cp, sp, dp_type, [ep,] placement, ckpt) combination; with
// sequences below cp_min_seq tokens and dense layers the cp and ep levels keep one choice. With
// Galvatron's own dimensions (dp types DDP and ZeRO-3/SDP, no sequence parallelism, checkpointing
// on/off) the tree has 22 leaves for 8 GPUs without checkpointing and 44 with, the counts given in
// Miao et al., "Galvatron", VLDB 2023, section 3.2 / figure 3. Our default space is larger because it
// also offers ZeRO-1/2, Megatron sequence parallelism and selective recomputation.
#include "gx/search_space.h"

#include "gx/error.h"
#include "gx/target.h"

#include <algorithm>
#include <functional>

namespace gx {

const std::vector<PruningRule>& pruningRules() {
    static const std::vector<PruningRule> all = {
        {rules::kUser, "user constraints: fixed/max degrees, allowed ZeRO stages, SP and checkpointing",
         false},
        {rules::kPow2, "parallel degrees are powers of two (switch off for any divisor)", false},
        {rules::kPpLeLayers, "every pipeline stage (model chunk) needs at least one layer", true},
        {rules::kTpDividesHeads, "the tensor degree divides the attention (and KV) heads", true},
        {rules::kTpWithinNode, "a tensor-parallel group does not cross node boundaries", false},
        {rules::kSpNeedsTp, "sequence parallelism changes nothing without tensor parallelism", false},
        {rules::kZeroNeedsDp, "ZeRO stages change nothing without data parallelism", false},
        {rules::kPlacementMatters, "rank order (TP or DP adjacent) only matters when tp > 1 and dp > 1",
         false},
        {rules::kBatchDivisible, "the micro-batch splits evenly over the data-parallel degree", true},
        {rules::kMemoryLowerBound, "model states and activations alone exceed the memory budget", false},
        {rules::kDominatedStrategy,
         "another candidate is no slower and no larger in every cost term (incl. switch costs)", false},
        {rules::kDominatedRun,
         "in a stage, another candidate takes every run of this one faster (its switches in and out "
         "included), in no more memory",
         false},
        {rules::kGpipeDominated, "GPipe holds at least as many micro-batches as 1F1B at the same time cost",
         false},
        {rules::kInterleavedSplit,
         "interleaved schedules use equal model chunks (layers divisible by pp * chunks)", true},
        {rules::kTimeLowerBound, "a lower bound on the iteration time exceeds the k-th best plan", false},
        {rules::kTargetDpType,
         "the target framework cannot run this data-parallel type (e.g. DeepSpeed: ZeRO-2/3 with pipeline "
         "parallelism; torchtitan: ZeRO-1)",
         true},
        {rules::kTargetTp,
         "the target framework cannot run this tensor-parallel degree (DeepSpeed: TP with PP)", true},
        {rules::kTargetSp, "the target framework has no Megatron-style sequence parallelism", true},
        {rules::kTargetRankOrder, "the target framework always places tensor-parallel ranks adjacent", true},
        {rules::kTargetRecompute, "the target framework cannot run this recomputation (selective)", true},
        {rules::kCpLongSequence,
         "context parallelism only for sequences of at least cp_min_seq tokens (default 8192: NeMo's "
         "Llama 3 8B recipe uses cp=2 at 8K), keeping at least 1024 tokens per rank",
         false},
        {rules::kCpValid,
         "context parallelism needs fused self-attention and a sequence that splits into 2 x cp chunks "
         "(ring, load-balanced causal split) or cp chunks with heads and KV heads per TP rank split "
         "over cp (all-to-all)",
         true},
        {rules::kTargetCp, "the target framework has no context parallelism (or not this exchange)", true},
        {rules::kEpValid,
         "expert parallelism: mixture-of-experts layers only, ep divides the routed experts and dp x cp",
         true},
        {rules::kTargetEp,
         "the target framework has no expert parallelism, or not in this layout (DeepSpeed: without "
         "pipeline parallelism; torchtitan: ep > 1 only with tp = 1 and FSDP-sharded data parallelism; "
         "Hetu-Galvatron: ep 1 or dp x cp)",
         true},
        {rules::kTargetPostCheck,
         "after the planner: plans the target cannot run exactly as costed (a check: the rules above keep "
         "them out of the search)",
         true},
        {rules::kTargetSplit,
         "the target framework runs only some pipeline splits (DeepSpeed: partition_uniform; torchtitan: "
         "first/last_stage_less_layers)",
         true},
        {rules::kTargetVocab,
         "the target framework shards embedding and LM head as the layers (tensor degree, or none for "
         "DeepSpeed, and data-parallel type)",
         true},
        {rules::kTargetSpAll,
         "the target framework switches sequence parallelism for all tensor-parallel layers at once "
         "(searched once with it on and once off)",
         true},
    };
    return all;
}

namespace {
bool isPow2(int n) {
    return n > 0 && (n & (n - 1)) == 0;
}
} // namespace

std::vector<int> SearchSpace::degrees(int n, bool pow2_only) {
    // Divisors in pairs (d, n / d) up to sqrt(n), in 64 bits: O(sqrt n), no overflow near INT_MAX.
    std::vector<int> low, high;
    for (std::int64_t d = 1; d * d <= n; ++d) {
        if (n % d != 0)
            continue;
        low.push_back(static_cast<int>(d));
        if (d * d != n)
            high.push_back(static_cast<int>(n / d));
    }
    low.insert(low.end(), high.rbegin(), high.rend());
    std::vector<int> out;
    for (int d : low)
        if (!pow2_only || isPow2(d))
            out.push_back(d);
    return out;
}

SearchSpace::SearchSpace(const CostModel& model, const SearchOptions& options)
    : cost_(model), options_(options) {
    const int total = model.cluster().totalGpus();
    gpus_ = options.gpus > 0 ? options.gpus : total;
    if (options.gpus < 0)
        throw InputError("gpus", "must be positive (0 = whole cluster)");
    if (gpus_ > total)
        throw InputError("gpus", std::to_string(gpus_) + " GPUs requested but the cluster has " +
                                     std::to_string(total));
    if (model.model().layerCount() <= 0)
        throw InputError("model.stacks", "the model has no Transformer layers");
    auto nonNegative = [](int v, const char* field) {
        if (v < 0)
            throw InputError(field, "must not be negative");
    };
    nonNegative(options.max_tp, "max_tp");
    nonNegative(options.fixed_tp, "fixed_tp");
    nonNegative(options.max_pp, "max_pp");
    nonNegative(options.fixed_pp, "fixed_pp");
    nonNegative(options.max_dp, "max_dp");
    if (options.fixed_pp > 0 && gpus_ % options.fixed_pp != 0)
        throw InputError("fixed_pp", "pp=" + std::to_string(options.fixed_pp) + " does not divide " +
                                         std::to_string(gpus_) + " GPUs");
    if (options.dp_types.empty())
        throw InputError("dp_types", "at least one data-parallel type must be allowed");
    for (const auto& name : options.disabled_rules) {
        const auto& all = pruningRules();
        auto it = std::find_if(all.begin(), all.end(), [&](const PruningRule& r) { return r.name == name; });
        if (it == all.end()) {
            std::string known;
            for (const auto& r : all)
                known += (known.empty() ? "" : ", ") + r.name;
            throw InputError("disabled_rules", "unknown rule '" + name + "'; known: " + known);
        }
        if (it->required)
            throw InputError("disabled_rules", "rule '" + name + "' is required: " + it->description);
        disabled_.push_back(name);
    }
}

bool SearchSpace::ruleEnabled(std::string_view name) const {
    return std::find(disabled_.begin(), disabled_.end(), name) == disabled_.end();
}

bool SearchSpace::pow2() const {
    return options_.pow2_degrees && ruleEnabled(rules::kPow2);
}

/// Tree walk state: emits nodes (when `nodes` is set) and collects leaves.
struct SearchSpace::Walk {
    std::vector<TreeNode>* nodes = nullptr;
    std::vector<std::pair<int, LayerStrategy>>* leaves = nullptr; // (pp, strategy)
    std::int64_t next_id = 0;

    std::int64_t add(std::int64_t parent, int depth, const char* dim, std::string label,
                     const char* rule = nullptr, std::string reason = {}) {
        const std::int64_t id = next_id++;
        if (nodes) {
            TreeNode n;
            n.id = id;
            n.parent = parent;
            n.depth = depth;
            n.dimension = dim;
            n.label = std::move(label);
            if (rule) {
                n.pruned = true;
                n.rule = rule;
                n.reason = std::move(reason);
            }
            nodes->push_back(std::move(n));
        }
        return id;
    }
};

SearchSpace::Pruning SearchSpace::ppPruning(int pp) const {
    const auto& o = options_;
    const int layers = cost_.model().layerCount();
    const bool user = ruleEnabled(rules::kUser);
    if (pow2() && !isPow2(pp))
        return {rules::kPow2, std::to_string(pp) + " is not a power of two"};
    if (pp > layers)
        return {rules::kPpLeLayers,
                std::to_string(pp) + " stages but only " + std::to_string(layers) + " layers"};
    if (user && o.fixed_pp > 0 && pp != o.fixed_pp)
        return {rules::kUser, "pp is fixed to " + std::to_string(o.fixed_pp)};
    if (user && o.max_pp > 0 && pp > o.max_pp)
        return {rules::kUser, "pp is limited to " + std::to_string(o.max_pp)};
    return {};
}

SearchSpace::Pruning SearchSpace::tpPruning(const LayerType& type, int pp, int tp, int rest) const {
    const auto& o = options_;
    const int gpn = std::max(1, cost_.cluster().gpus_per_node);
    const bool user = ruleEnabled(rules::kUser);
    const bool tgt = o.target != Target::Any;
    const TargetCapabilities& caps = capabilities(o.target);
    if (pow2() && !isPow2(tp))
        return {rules::kPow2, "tp=" + std::to_string(tp) + " is not a power of two"};
    const int kv = type.kv_heads > 0 ? type.kv_heads : type.heads;
    if (type.heads % tp != 0 || (kv % tp != 0 && tp % kv != 0))
        return {rules::kTpDividesHeads,
                "tp=" + std::to_string(tp) + " does not divide " + std::to_string(type.heads) + " heads" +
                    (kv != type.heads ? " / " + std::to_string(kv) + " KV heads" : std::string())};
    if (user && o.fixed_tp > 0 && tp != o.fixed_tp)
        return {rules::kUser, "tp is fixed to " + std::to_string(o.fixed_tp)};
    if (user && o.max_tp > 0 && tp > o.max_tp)
        return {rules::kUser, "tp is limited to " + std::to_string(o.max_tp)};
    const std::vector<int> cps = contextDegrees(type, rest);
    if (user && o.max_dp > 0 && rest / cps.back() > o.max_dp)
        return {rules::kUser, "dp is limited to " + std::to_string(o.max_dp)};
    // TP ranks adjacent from a node-aligned stage start: the group crosses a node when tp
    // exceeds the node (any placement with dp > 1 interleaves it further).
    if (ruleEnabled(rules::kTpWithinNode) && tp > gpn)
        return {rules::kTpWithinNode,
                "tp=" + std::to_string(tp) + " exceeds the " + std::to_string(gpn) + " GPUs of a node"};
    if (tgt && tp > 1 && (!caps.tp || (pp > 1 && !caps.tp_with_pp)))
        return {rules::kTargetTp,
                caps.framework + (caps.tp ? " does not combine tensor with pipeline parallelism"
                                          : " has no tensor parallelism")};
    if (tgt && tp > 1 && type.moe.enabled() && !caps.moe_tp)
        return {rules::kTargetTp, caps.framework + " keeps every expert whole: no tensor parallelism in "
                                                   "mixture-of-experts layers"};
    return {};
}

SearchSpace::Pruning SearchSpace::cpPruning(const LayerType& type, int pp, int tp, int cp, CpComm comm,
                                            int dp) const {
    const auto& o = options_;
    const bool user = ruleEnabled(rules::kUser);
    const bool tgt = o.target != Target::Any;
    const TargetCapabilities& caps = capabilities(o.target);
    if (cp > 1) {
        if (pow2() && !isPow2(cp))
            return {rules::kPow2, "cp=" + std::to_string(cp) + " is not a power of two"};
        if (std::string why = cpInvalid(type, tp, cp, comm); !why.empty())
            return {rules::kCpValid, std::move(why)};
        if (tgt && !caps.context_parallel)
            return {rules::kTargetCp, caps.framework + " has no context parallelism"};
        if (tgt && comm == CpComm::A2A && !caps.cp_all_to_all)
            return {rules::kTargetCp, caps.framework + " runs ring attention only (no all-to-all)"};
        if (tgt && comm == CpComm::P2P && !caps.cp_ring)
            return {rules::kTargetCp, caps.framework + " runs all-to-all (Ulysses) only (no ring)"};
        if (tgt && comm == CpComm::A2A && tp > 1 && !caps.cp_a2a_with_tp)
            return {rules::kTargetCp,
                    caps.framework + " runs all-to-all in place of tensor parallelism (tp=1 only)"};
        if (tgt && ((tp > 1 && !caps.cp_with_tp) || (pp > 1 && !caps.cp_with_pp)))
            return {rules::kTargetCp, caps.framework + " is not told to combine context parallelism with " +
                                          (tp > 1 && !caps.cp_with_tp ? "tensor" : "pipeline") +
                                          " parallelism"};
        if (user && o.fixed_cp > 0 && cp != o.fixed_cp)
            return {rules::kUser, "cp is fixed to " + std::to_string(o.fixed_cp)};
        if (user && o.max_cp > 0 && cp > o.max_cp)
            return {rules::kUser, "cp is limited to " + std::to_string(o.max_cp)};
        if (user && std::find(o.cp_comms.begin(), o.cp_comms.end(), comm) == o.cp_comms.end())
            return {rules::kUser, std::string(toString(comm)) + " context parallelism is not allowed"};
        if (ruleEnabled(rules::kCpLongSequence) && (type.seq_len < o.cp_min_seq || type.seq_len / cp < 1024))
            return {rules::kCpLongSequence,
                    type.seq_len < o.cp_min_seq
                        ? "sequence of " + std::to_string(type.seq_len) + " tokens is below " +
                              std::to_string(o.cp_min_seq)
                        : std::to_string(type.seq_len / cp) + " tokens per rank (< 1024)"};
    } else if (user && o.fixed_cp > 1) {
        return {rules::kUser, "cp is fixed to " + std::to_string(o.fixed_cp)};
    }
    if (user && o.max_dp > 0 && dp > o.max_dp)
        return {rules::kUser, "dp is limited to " + std::to_string(o.max_dp)};
    return {};
}

void SearchSpace::walk(const LayerType& type, int only_pp, Walk& w) const {
    const std::int64_t root =
        w.add(-1, 0, "root", type.name + " layer on " + std::to_string(gpus_) + " GPUs");
    for (int pp : degrees(gpus_, false)) {
        if (only_pp > 0 && pp != only_pp)
            continue;
        const std::string ppl = "pp=" + std::to_string(pp);
        if (Pruning p = ppPruning(pp); p.rule) {
            w.add(root, 1, "pp", ppl, p.rule, std::move(p.reason));
            continue;
        }
        if (const TargetCapabilities& caps = capabilities(options_.target);
            options_.target != Target::Any && pp > 1 && type.moe.enabled() && !caps.moe_with_pp) {
            w.add(root, 1, "pp", ppl, rules::kTargetEp,
                  caps.framework + " does not run its expert parallelism with pipeline parallelism");
            continue;
        }
        const int g = gpus_ / pp;
        const std::int64_t ppn = w.add(root, 1, "pp", ppl + " (" + std::to_string(g) + " GPUs/stage)");
        for (int tp : degrees(g, false)) {
            const int rest = g / tp; // ranks for cp x dp
            const std::string tpl = "tp=" + std::to_string(tp) + " dp=" + std::to_string(rest);
            if (Pruning p = tpPruning(type, pp, tp, rest); p.rule) {
                w.add(ppn, 2, "tp", tpl, p.rule, std::move(p.reason));
                continue;
            }
            const std::int64_t tpn = w.add(ppn, 2, "tp", tpl);
            for (int cp : degrees(rest, false)) {
                for (CpComm comm : {CpComm::P2P, CpComm::A2A}) {
                    if (cp == 1 && comm != CpComm::P2P)
                        continue; // one node for "no context parallelism"
                    const int dp = rest / cp;
                    const std::string cpl = cp == 1 ? "cp=1 dp=" + std::to_string(dp)
                                                    : "cp=" + std::to_string(cp) + " " + toString(comm) +
                                                          " dp=" + std::to_string(dp);
                    if (Pruning p = cpPruning(type, pp, tp, cp, comm, dp); p.rule) {
                        w.add(tpn, 3, "cp", cpl, p.rule, std::move(p.reason));
                        continue;
                    }
                    const std::int64_t cpn = w.add(tpn, 3, "cp", cpl);
                    walkBelowCp(type, pp, tp, cp, comm, cpn, w);
                }
            }
        }
    }
}

std::vector<int> SearchSpace::contextDegrees(const LayerType& type, int rest) const {
    // The cp degrees the cp level may keep for this layer: used for the tp-level dp limit.
    std::vector<int> out{1};
    for (int cp : degrees(rest, pow2()))
        if (cp > 1 && (!ruleEnabled(rules::kCpLongSequence) ||
                       (type.seq_len >= options_.cp_min_seq && type.seq_len / cp >= 1024)))
            out.push_back(cp);
    return out;
}

std::string SearchSpace::cpInvalid(const LayerType& type, int tp, int cp, CpComm comm) const {
    // The conditions CostModel::validateContextParallel enforces, as reasons.
    if (type.kind == BlockKind::CrossDecoder)
        return "context parallelism is modelled for self-attention layers only";
    if (cost_.options().runtime.attention == AttentionKernel::Eager)
        return "the runtime's eager attention cannot split the sequence";
    const bool causal = type.kind != BlockKind::Encoder;
    if (comm == CpComm::P2P) {
        const int chunks = causal ? 2 * cp : cp;
        if (type.seq_len % chunks != 0)
            return "seq_len " + std::to_string(type.seq_len) + " does not split into " +
                   std::to_string(chunks) + " chunks";
        return {};
    }
    if (type.seq_len % cp != 0)
        return "seq_len " + std::to_string(type.seq_len) + " is not divisible by cp=" + std::to_string(cp);
    const int q_local = type.heads / std::max(1, tp);
    if (q_local % cp != 0)
        return "all-to-all: cp=" + std::to_string(cp) + " does not divide the " + std::to_string(q_local) +
               " heads per TP rank";
    const int kv = type.kv_heads > 0 ? type.kv_heads : type.heads;
    const int kv_local = std::max(1, kv / std::max(1, tp));
    if (kv_local % cp != 0 && cp % kv_local != 0)
        return "all-to-all: cp=" + std::to_string(cp) + " neither divides nor is a multiple of the " +
               std::to_string(kv_local) + " KV heads per TP rank";
    return {};
}

void SearchSpace::walkBelowCp(const LayerType& type, int pp, int tp, int cp, CpComm comm, std::int64_t cpn,
                              Walk& w) const {
    const auto& o = options_;
    const bool user = ruleEnabled(rules::kUser);
    const bool tgt = o.target != Target::Any;
    const TargetCapabilities& caps = capabilities(o.target);
    const int dp = (gpus_ / pp) / (tp * cp);
    const bool moe = type.moe.enabled();
    for (int spi = 0; spi < 2; ++spi) {
        const bool sp = spi == 1;
        const char* spl = sp ? "sp on" : "sp off";
        if (sp && tp == 1 && ruleEnabled(rules::kSpNeedsTp)) {
            w.add(cpn, 4, "sp", spl, rules::kSpNeedsTp, "tp=1: sequence parallelism is a no-op");
            continue;
        }
        if (sp && tgt && !caps.sp) {
            w.add(cpn, 4, "sp", spl, rules::kTargetSp,
                  caps.framework + " has no Megatron-style sequence parallelism");
            continue;
        }
        if (sp && user && !o.allow_sp) {
            w.add(cpn, 4, "sp", spl, rules::kUser, "sequence parallelism is switched off");
            continue;
        }
        if (!sp && tp > 1 && o.require_sp && ruleEnabled(rules::kTargetSpAll)) {
            w.add(cpn, 4, "sp", spl, rules::kTargetSpAll,
                  caps.framework + " switches sequence parallelism for all layers: this pass has it on");
            continue;
        }
        const std::int64_t spn = w.add(cpn, 4, "sp", spl);
        for (DpType dt : {DpType::DDP, DpType::ZeRO1, DpType::ZeRO2, DpType::ZeRO3}) {
            const std::string dtl = dpLabel(dt);
            // ZeRO shards over the dp x cp ranks (the gradient group).
            if (dt != DpType::DDP && dp * cp == 1 && ruleEnabled(rules::kZeroNeedsDp)) {
                w.add(spn, 5, "dp_type", dtl, rules::kZeroNeedsDp, "dp=1: nothing to shard");
                continue;
            }
            if (tgt && cp > 1 && moe && dt == DpType::ZeRO3 && !caps.moe_zero3_with_cp) {
                w.add(spn, 5, "dp_type", dtl, rules::kTargetDpType,
                      caps.framework +
                          " cannot run ZeRO-3 in mixture-of-experts layers with context parallelism");
                continue;
            }
            if (tgt && cp > 1 && caps.cp_shards_weights && dt != DpType::ZeRO2 && dt != DpType::ZeRO3) {
                w.add(spn, 5, "dp_type", dtl, rules::kTargetDpType,
                      caps.framework + " cannot run " + dtl + " with context parallelism");
                continue;
            }
            if (tgt && dp * cp > 1) {
                const auto& ok = pp > 1 ? caps.dp_types_with_pp : caps.dp_types;
                if (std::find(ok.begin(), ok.end(), dt) == ok.end()) {
                    w.add(spn, 5, "dp_type", dtl, rules::kTargetDpType,
                          caps.framework + " cannot run " + dtl +
                              (pp > 1 && std::find(caps.dp_types.begin(), caps.dp_types.end(), dt) !=
                                             caps.dp_types.end()
                                   ? std::string(" with pipeline parallelism")
                                   : std::string()));
                    continue;
                }
            }
            if (user && std::find(o.dp_types.begin(), o.dp_types.end(), dt) == o.dp_types.end()) {
                // With dp = 1 all types coincide: keep DDP as the representative.
                if (!(dp * cp == 1 && dt == DpType::DDP)) {
                    w.add(spn, 5, "dp_type", dtl, rules::kUser, std::string(dtl) + " is not allowed");
                    continue;
                }
            }
            const std::int64_t dtn = w.add(spn, 5, "dp_type", dtl);
            // Expert parallelism: a level of its own for mixture-of-experts layers only.
            const std::vector<std::pair<int, std::int64_t>> eps = expertLevel(type, tp, dt, dp * cp, dtn, w);
            const int d_pl = moe ? 7 : 6;
            for (const auto& [ep, epn] : eps) {
                for (int pl = 0; pl < 2; ++pl) {
                    const bool consecutive = pl == 0;
                    const char* pll = consecutive ? "TP ranks adjacent" : "DP ranks adjacent";
                    if (!consecutive && (tp == 1 || dp * cp == 1) && ruleEnabled(rules::kPlacementMatters)) {
                        w.add(epn, d_pl, "placement", pll, rules::kPlacementMatters,
                              tp == 1 ? "tp=1: rank order is irrelevant" : "dp=1: rank order is irrelevant");
                        continue;
                    }
                    if (!consecutive && tgt && !caps.dp_adjacent_placement && tp > 1 && dp * cp > 1) {
                        w.add(epn, d_pl, "placement", pll, rules::kTargetRankOrder,
                              caps.framework + " places tensor-parallel ranks adjacent");
                        continue;
                    }
                    const std::int64_t pln = w.add(epn, d_pl, "placement", pll);
                    for (Checkpoint ck : {Checkpoint::None, Checkpoint::Selective, Checkpoint::Full}) {
                        const char* ckl = toString(ck);
                        if (ck == Checkpoint::Selective && tgt && !caps.recompute.selective &&
                            !caps.recompute.selective_per_layer) {
                            w.add(pln, d_pl + 1, "ckpt", std::string("ckpt ") + ckl, rules::kTargetRecompute,
                                  caps.framework + " recomputes whole layers only");
                            continue;
                        }
                        if (ck != Checkpoint::None && user && !o.allow_ckpt) {
                            w.add(pln, d_pl + 1, "ckpt", std::string("ckpt ") + ckl, rules::kUser,
                                  "checkpointing is switched off");
                            continue;
                        }
                        LayerStrategy s;
                        s.tp = tp;
                        s.dp = dp;
                        s.cp = cp;
                        s.cp_comm = comm;
                        s.ep = ep;
                        s.sp = sp;
                        s.dp_type = dt;
                        s.ckpt = ck;
                        s.tp_consecutive = consecutive;
                        w.add(pln, d_pl + 1, "ckpt", std::string("ckpt ") + ckl);
                        if (w.nodes)
                            w.nodes->back().strategy = s;
                        if (w.leaves)
                            w.leaves->emplace_back(pp, s);
                    }
                }
            }
        }
    }
}

std::vector<std::pair<int, std::int64_t>> SearchSpace::expertLevel(const LayerType& type, int tp, DpType dt,
                                                                   int ranks, std::int64_t dtn,
                                                                   Walk& w) const {
    const auto& o = options_;
    const bool user = ruleEnabled(rules::kUser);
    const bool tgt = o.target != Target::Any;
    const TargetCapabilities& caps = capabilities(o.target);
    const bool p2 = pow2();
    const bool moe = type.moe.enabled();
    std::vector<std::pair<int, std::int64_t>> eps; // (ep, node)
    if (!moe) {
        eps.emplace_back(1, dtn);
    } else {
        for (int ep : degrees(ranks, false)) {
            const std::string epl = "ep=" + std::to_string(ep);
            if (ep > 1) {
                if (p2 && !isPow2(ep)) {
                    w.add(dtn, 6, "ep", epl, rules::kPow2,
                          "ep=" + std::to_string(ep) + " is not a power of two");
                    continue;
                }
                if (type.moe.experts % ep != 0) {
                    w.add(dtn, 6, "ep", epl, rules::kEpValid,
                          "ep=" + std::to_string(ep) + " does not divide the " +
                              std::to_string(type.moe.experts) + " routed experts");
                    continue;
                }
                if (tgt && !caps.expert_parallel) {
                    w.add(dtn, 6, "ep", epl, rules::kTargetEp, caps.framework + " has no expert parallelism");
                    continue;
                }
                if (tgt && caps.ep_fills_data_parallel && ep != ranks) {
                    w.add(dtn, 6, "ep", epl, rules::kTargetEp,
                          caps.framework + " places expert-parallel ranks outermost: ep is 1 or dp x cp = " +
                              std::to_string(ranks));
                    continue;
                }
                if (tgt && tp > 1 && !caps.ep_with_tp) {
                    w.add(dtn, 6, "ep", epl, rules::kTargetEp,
                          caps.framework + " keeps experts whole on their expert-parallel rank (no expert "
                                           "tensor parallelism with ep > 1)");
                    continue;
                }
                if (tgt && caps.ep_sharded_dp_only && dt != DpType::ZeRO2 && dt != DpType::ZeRO3) {
                    w.add(dtn, 6, "ep", epl, rules::kTargetEp,
                          caps.framework + " takes expert-parallel ranks from FSDP-sharded ranks only");
                    continue;
                }
                if (user && o.max_ep > 0 && ep > o.max_ep) {
                    w.add(dtn, 6, "ep", epl, rules::kUser, "ep is limited to " + std::to_string(o.max_ep));
                    continue;
                }
            }
            if (user && o.fixed_ep > 0 && ep != o.fixed_ep) {
                w.add(dtn, 6, "ep", epl, rules::kUser, "ep is fixed to " + std::to_string(o.fixed_ep));
                continue;
            }
            eps.emplace_back(ep, w.add(dtn, 6, "ep", epl));
        }
    }
    return eps;
}

std::vector<int> SearchSpace::pipelineDegrees() const {
    // A pipeline degree survives when every layer type (stack) keeps at least one candidate under it.
    std::vector<int> out;
    for (int pp : degrees(gpus_, false)) {
        bool all = !cost_.model().stacks.empty();
        for (const auto& stack : cost_.model().stacks)
            if (stack.count > 0 && layerCandidates(pp, stack.type).empty())
                all = false;
        if (all)
            out.push_back(pp);
    }
    return out;
}

std::vector<LayerStrategy> SearchSpace::layerCandidates(int pp, const LayerType& type) const {
    std::vector<std::pair<int, LayerStrategy>> leaves;
    Walk w;
    w.leaves = &leaves;
    walk(type, pp, w);
    std::vector<LayerStrategy> out;
    out.reserve(leaves.size());
    for (auto& [p, s] : leaves)
        out.push_back(s);
    return out;
}

std::int64_t SearchSpace::candidateCount(const LayerType& type) const {
    std::vector<std::pair<int, LayerStrategy>> leaves;
    Walk w;
    w.leaves = &leaves;
    walk(type, 0, w);
    return static_cast<std::int64_t>(leaves.size());
}

std::vector<TreeNode> SearchSpace::tree(const LayerType& type, std::int64_t first_id) const {
    std::vector<TreeNode> nodes;
    Walk w;
    w.nodes = &nodes;
    w.next_id = first_id;
    walk(type, 0, w);
    return nodes;
}

} // namespace gx
