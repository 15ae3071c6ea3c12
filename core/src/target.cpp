// SPDX-License-Identifier: Apache-2.0
// Target frameworks: capabilities per framework version and what a plan uses that a target cannot run
// (gx/target.h); the target-constrained search is in target_search.cpp.
//
// Sources (read at these commits; the facts with file and line are also in tests/data/consumers/*.json):
//  * Megatron-LM  NVIDIA/Megatron-LM@d98e8a64 (megatron/core/package_info.py: 0.20.0)
//      megatron/training/arguments.py validate_args + add_argument, megatron/core/model_parallel_config.py,
//      megatron/core/transformer/transformer_config.py (recompute_*), .../pipeline_parallel_layer_layout.py
//  * torchtitan   pytorch/torchtitan@b5bcd76c (assets/version.txt: 0.2.2)
//      torchtitan/config/configs.py (TrainingConfig, ParallelismConfig), torchtitan/trainer.py,
//      torchtitan/distributed/activation_checkpoint.py, torchtitan/distributed/parallel_dims.py,
//      torchtitan/models/common/moe_sharding.py; its MoE models: torchtitan_models.cpp
//  * DeepSpeed    deepspeedai/DeepSpeed@edaa7221 (version.txt: 0.19.6)
//      deepspeed/runtime/pipe/engine.py, deepspeed/runtime/pipe/module.py, deepspeed/runtime/utils.py,
//      deepspeed/runtime/config.py, deepspeed/runtime/tensor_parallel/config.py,
//      deepspeed/module_inject/auto_ep*.py and auto_ep_presets/ (AutoEP), deepspeed/moe/ep_router.py
//  * Hetu-Galvatron PKU-DAIR/Hetu-Galvatron@cea12ffb (strategy JSON: see gx/hetu.h and hetu.cpp)
#include "gx/target.h"

#include "gx/cost_model.h"
#include "gx/error.h"
#include "gx/exporters.h"
#include "gx/hetu.h"
#include "target_internal.h"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <map>
#include <set>
#include <unordered_set>

namespace gx {

using detail::allSame;
using detail::contains;

namespace {

TargetCapabilities makeAny() {
    TargetCapabilities c;
    c.target = Target::Any;
    c.fp8 = true;
    c.moe = c.mla = true;
    c.framework = "any runtime";
    c.version = "Galvatron Explorer search space";
    c.source = "gx";
    c.recompute.full_all = true;
    c.recompute.block = true;
    c.recompute.every_nth = true;
    c.recompute.selective = true;
    c.recompute.per_layer = true;
    c.recompute.selective_per_layer = true;
    return c;
}

TargetCapabilities makeMegatron() {
    TargetCapabilities c;
    c.target = Target::Megatron;
    // FP8 linear layers through Transformer Engine: --fp8-format e4m3|hybrid
    // (megatron/core/transformer/transformer_config.py:587, field fp8 with arg_names ["--fp8-format"]).
    c.fp8 = true;
    // Mixture of experts (--num-experts, --moe-router-topk, --moe-ffn-hidden-size, --moe-layer-freq) and
    // multi-latent attention (--multi-latent-attention, --q-lora-rank, --kv-lora-rank): arguments.py
    // _add_moe_args / _add_mla_args (tests/data/consumers/megatron.json).
    c.moe = c.mla = true;
    // --context-parallel-size and --cp-comm-type p2p|a2a (arguments.py; one type per layer allowed).
    c.context_parallel = true;
    // --expert-model-parallel-size, one for all MoE layers (model_parallel_config.py:127).
    c.expert_parallel = true;
    c.framework = "Megatron-LM";
    c.version = "Megatron-Core 0.20.0";
    c.source = "NVIDIA/Megatron-LM@d98e8a64";
    // One tensor_model_parallel_size / sequence_parallel for the whole model
    // (megatron/core/model_parallel_config.py: tensor_model_parallel_size: int, sequence_parallel: bool).
    c.per_layer_tp = c.per_layer_sp = c.per_layer_dp_type = c.per_layer_placement = false;
    // ZeRO-1 = --use-distributed-optimizer; ZeRO-2/3 = --use-megatron-fsdp with
    // --data-parallel-sharding-strategy optim_grads / optim_grads_params (arguments.py, choices
    // no_shard|optim|optim_grads|optim_grads_params). validate_args has no pipeline assert for Megatron-FSDP
    // v1 (the default --megatron-fsdp-version 1); only v2 rejects pp > 1 (mcore_fsdp_adapter.py).
    c.dp_types = {DpType::DDP, DpType::ZeRO1, DpType::ZeRO2, DpType::ZeRO3};
    c.dp_types_with_pp = c.dp_types;
    // Rank order "tp-cp-ep-dp-pp" (parallel_state.initialize_model_parallel): TP ranks adjacent.
    c.dp_adjacent_placement = false;
    // Megatron runs 1F1B or interleaved 1F1B (pipeline_parallel/schedules.py), never GPipe. Interleaving
    // needs pp > 1 with the default p2p overlap (validate_args: "pipeline-model-parallel size should be
    // greater than 1" / "> 2" without --overlap-p2p-communication... default on).
    c.schedules = {Schedule::OneFOneB, Schedule::Interleaved};
    c.interleaved_min_pp = 2;
    // --pipeline-model-parallel-layout "Et*9|t*8|...|t*7L" sets any layer count per (virtual) stage
    // (pipeline_parallel_layer_layout.py parse_str_to_list; chunk c on rank c % pp).
    c.uneven_split = true;
    c.uneven_interleaved_chunks = true;
    // --recompute-granularity full|selective, --recompute-method uniform|block, --recompute-num-layers
    // (transformer_config.py: block = the first N layers of each pipeline stage / virtual chunk).
    c.recompute.full_all = true;
    c.recompute.block = true;
    c.recompute.selective = true;
    // Embedding and LM head are split over the same TP group (VocabParallelEmbedding) and live in the
    // same optimizer as the layers.
    c.vocab_tp_free = false;
    c.vocab_dp_type_free = false;
    return c;
}

TargetCapabilities makeTorchtitan() {
    TargetCapabilities c;
    // configs.py ParallelismConfig.context_parallel_degree: ring attention with the "headtail" load
    // balancer (context_parallel_load_balancer); no all-to-all variant. FSDP2 shards over dp_shard x cp
    // whenever cp > 1 (parallel_dims.py fsdp_enabled).
    c.context_parallel = true;
    c.cp_all_to_all = false;
    c.cp_shards_weights = true;
    // ParallelismConfig.expert_parallel_degree (configs.py:282), one for all MoE layers; no expert
    // tensor-parallel degree. The sparse mesh is ["pp", "dp_replicate", "efsdp", "ep"] with ep innermost
    // of dp_shard x cp x tp (parallel_dims.py:280-330), and ep must divide dp_shard x cp x tp
    // (parallel_dims.py:187-192): the EP ranks are FSDP, CP and TP ranks, never replicas (DDP). With
    // ep > 1 the routed experts are Shard(0) on the EP mesh, whole on their rank; with ep = 1 they are
    // split over the TP ranks like the dense layers (models/common/moe_sharding.py:29-68, MOE_SHARDING.md).
    // The cost model splits experts over tp and takes the EP ranks from dp x cp: torchtitan runs that
    // for tp = 1, or ep = 1.
    c.expert_parallel = true;
    c.ep_with_tp = false;
    c.ep_sharded_dp_only = true;
    // Its own mixture-of-experts models (deepseek_v3 with multi-latent attention, qwen3), chosen by
    // --module/--config; torchtitanModelInexpressible names a model it defines otherwise or not at all.
    c.moe = c.mla = true;
    c.target = Target::Torchtitan;
    // torchtitan trains float8 linears (torchtitan/components/quantization/float8.py
    // Float8LinearConverter), but they are chosen in a Python config's `converters`, not by the
    // command-line overrides the export writes: FP8 plans are not exported exactly.
    c.fp8 = false;
    c.framework = "torchtitan";
    c.version = "0.2.2";
    c.source = "pytorch/torchtitan@b5bcd76c";
    // ParallelismConfig has one tensor_parallel_degree, one data_parallel_shard_degree /
    // data_parallel_replicate_degree, one fsdp_reshard_after_forward (torchtitan/config/configs.py).
    c.per_layer_tp = c.per_layer_sp = c.per_layer_dp_type = c.per_layer_placement = false;
    // DDP = data_parallel_replicate_degree; FSDP2 with reshard_after_forward "always" = ZeRO-3, "never"
    // keeps the gathered weights from forward to backward (ZeRO-2's memory and traffic). There is no
    // optimizer-states-only sharding (ZeRO-1).
    c.dp_types = {DpType::DDP, DpType::ZeRO2, DpType::ZeRO3};
    c.dp_types_with_pp = c.dp_types;
    // enable_sequence_parallel: bool = True (configs.py) - on or off for all layers.
    c.sp = true;
    // Device mesh ["pp", "dp_replicate", "dp_shard", "cp", "tp"]: TP innermost.
    c.dp_adjacent_placement = false;
    // pipeline_parallel_schedule: torch.distributed.pipelining schedules (GPipe, 1F1B, Interleaved1F1B, ...);
    // module_fqns_per_model_part: any modules per model chunk.
    c.schedules = {Schedule::GPipe, Schedule::OneFOneB, Schedule::Interleaved};
    // Arbitrary splits need module_fqns_per_model_part (list[list[str]]) in a config function; the
    // command line sets pipeline_parallel_layers_per_stage and first/last_stage_less_layers, whose
    // weighted split (torchtitanSplit) is what the search may choose.
    c.uneven_split = false;
    c.split_first_last_less = true;
    c.uneven_interleaved_chunks = false;
    // activation_checkpoint: subcommand selective | full | memory-budget | none, applied to every block
    // (activation_checkpoint.py ActivationCheckpointing.apply).
    c.recompute.full_all = true;
    c.recompute.selective = true;
    // tok_embeddings / output are sharded by the TP plan over the same mesh; FSDP wraps the whole model.
    c.vocab_tp_free = false;
    c.vocab_dp_type_free = false;
    return c;
}

TargetCapabilities makeDeepSpeed() {
    TargetCapabilities c;
    c.target = Target::DeepSpeed;
    c.framework = "DeepSpeed";
    c.version = "0.19.6";
    c.source = "deepspeedai/DeepSpeed@edaa7221";
    // One zero_optimization.stage (runtime/zero/config.py).
    c.per_layer_tp = c.per_layer_sp = c.per_layer_dp_type = c.per_layer_placement = false;
    c.dp_types = {DpType::DDP, DpType::ZeRO1, DpType::ZeRO2, DpType::ZeRO3};
    // pipe/engine.py:77 assert zero_optimization_stage() < ZeroStageEnum.gradients,
    // "ZeRO-2 and ZeRO-3 are incompatible with pipeline parallelism".
    c.dp_types_with_pp = {DpType::DDP, DpType::ZeRO1};
    // Tensor parallelism inside DeepSpeed is AutoTP ("tensor_parallel": {"autotp_size": N},
    // runtime/tensor_parallel/config.py), configured on the whole engine module; its combination with
    // PipelineModule is not documented, so this target does not plan it. No Megatron-style SP.
    c.tp = true;
    c.tp_with_pp = false;
    c.sp = false;
    c.dp_adjacent_placement = false;
    // The pipeline engine runs TrainSchedule (pipe/schedule.py: 1F1B); PipelineModule partitions with
    // partition_method uniform | parameters | type:regex (pipe/module.py _partition_layers): no explicit
    // per-stage layer counts, so the split is partition_uniform's.
    c.schedules = {Schedule::OneFOneB};
    c.uneven_split = false;
    c.split_partition_uniform = true;
    c.uneven_interleaved_chunks = false;
    // pipeline.activation_checkpoint_interval / deepspeed.checkpointing wrap whole layers, all of them.
    c.recompute.full_all = true;
    // Ulysses sequence parallelism (docs/_tutorials/ulysses-alst-sequence-parallelism.md): the config's
    // "sequence_parallel_size" and the groups from UlyssesSPAttentionHF.register_with_transformers
    // (runtime/sequence_parallel/ulysses_sp.py) passed to deepspeed.initialize as mpu; all-to-all only,
    // ZeRO over the sequence-data-parallel group (engine.py seq_dp_world_size). Not planned with AutoTP or
    // the pipeline engine (neither documented together).
    c.context_parallel = true;
    c.cp_ring = false;
    c.cp_with_tp = false;
    c.cp_with_pp = false;
    // AutoTP shards linear layers; the embedding stays replicated.
    c.vocab_tp_free = false;
    c.vocab_tp_one = true;
    c.vocab_dp_type_free = false;
    // Mixture of experts: AutoEP, the "expert_parallel" section (runtime/config.py:128-133,
    // module_inject/auto_ep_config.py parse_autoep_config), replaces the MoE blocks of a Hugging Face
    // model (presets mixtral, qwen3_moe, deepseek_v2, deepseek_v3, whose attention, MLA included, is
    // transformers'): one autoep_size for all MoE layers. What AutoEP builds differently from a model
    // is deepspeedModelInexpressible (exporters.cpp). Its layouts: every expert whole
    // (expert_tensor_parallel_size 1, auto_ep_folding.py:214-217), so no MoE plan with tp > 1 runs as
    // costed; presets that find the blocks at model.layers.N.mlp, which a PipelineModule does not have
    // (auto_ep.py:480-482, pipe/module.py:252-255); ZeRO-3 without sequence parallelism
    // (engine.py:1898-1900). tests/data/consumers/deepspeed.json has each fact with its line.
    c.moe = c.mla = true;
    c.expert_parallel = true;
    c.moe_tp = false;
    c.moe_with_pp = false;
    c.moe_zero3_with_cp = false;
    return c;
}

TargetCapabilities makeHetu() {
    TargetCapabilities c;
    c.target = Target::Hetu;
    c.framework = "Hetu-Galvatron";
    c.version = "strategy JSON";
    c.source = "PKU-DAIR/Hetu-Galvatron@cea12ffb";
    // tp_sizes_enc / tp_consecutive_flags / dp_types_enc / checkpoint: one entry per layer.
    c.per_layer_tp = true;
    c.per_layer_placement = true;
    c.per_layer_dp_type = true;
    // dp_types_enc is 0 (default_dp_type: ddp | zero2) or 1 (zero3 / "sdp") per layer.
    c.dp_type_default_plus_zero3 = true;
    c.dp_types = {DpType::DDP, DpType::ZeRO2, DpType::ZeRO3};
    c.dp_types_with_pp = c.dp_types;
    // use_sp in the JSON is Ulysses sequence parallelism; Megatron's is the runtime argument
    // sequence_parallel (galvatron/core/runtime/args_schema.py:248, default True) for all layers.
    c.sp = true;
    c.per_layer_sp = false;
    // pipeline_type gpipe | pipedream_flush; pp_division any layer counts.
    c.schedules = {Schedule::GPipe, Schedule::OneFOneB};
    c.uneven_split = true;
    c.uneven_interleaved_chunks = false;
    // checkpoint: 0/1 per layer, whole layers.
    c.recompute.full_all = true;
    c.recompute.block = true;
    c.recompute.every_nth = true;
    c.recompute.per_layer = true;
    // vtp: own vocabulary TP degree; embed_sdp: ZeRO-3 for the embedding or the default type.
    c.vocab_tp_free = true;
    c.vocab_dp_type_free = true;
    // Per layer: cp_sizes_enc is zigzag ring attention (core/runtime/transformer/attention_impl.py
    // ZigzagRingFlashAttention, load-balanced causal split; cp_mode is not read); use_sp = 1 makes the
    // layer's tp_sizes_enc an all-to-all (Ulysses, DistributedAttention) degree with no TP
    // (hybrid_parallel_config.py: sp_sizes_whole = tp, tp_sizes_whole = 1). Groups nest tp/sp inside cp
    // inside dp (comm_groups.py order 'pp-dp-cp-tp-sp'); the embedding's vcp splits its tokens
    // (hetuVocabCp). global_bsz % (world / pp / min tp / min cp) == 0 (hybrid_parallel_config.py:107-111).
    c.context_parallel = true;
    c.per_layer_cp = true;
    c.cp_a2a_with_tp = false;
    c.batch_per_tp_group = true;
    // The order is fixed: tp_consecutive_flags is read but not used (comm_groups.py:302), TP ranks are
    // always adjacent.
    c.dp_adjacent_placement = false;
    // sequence_parallel must be True (transformer/attention.py:142 asserts it; tensor_parallel/
    // layers.py:676,885 run every parallel linear with it).
    c.sp_required = true;
    // Mixture of experts: a mistral/mixtral model's layers are all MoE layers (models/builder.py:117-119),
    // with Megatron-Core's router and routed experts only (what it builds otherwise:
    // hetuModelInexpressible). ep_sizes_enc / tp_of_ep_sizes_enc per layer, expert ranks ordered
    // 'pp-ep-edp-etp' (comm_groups.py:337): the cost model's groups (EP inside dp x cp, tp apart) are
    // Hetu's when ep is 1 or dp x cp. No multi-latent attention.
    c.moe = true;
    c.expert_parallel = true;
    c.per_layer_ep = true;
    c.ep_fills_data_parallel = true;
    return c;
}

std::string lower(std::string s) {
    for (char& ch : s)
        ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
    return s;
}

} // namespace

const char* toString(Target t) {
    switch (t) {
    case Target::Any:
        return "any";
    case Target::Megatron:
        return "megatron";
    case Target::Torchtitan:
        return "torchtitan";
    case Target::DeepSpeed:
        return "deepspeed";
    case Target::Hetu:
        return "hetu";
    }
    return "any";
}

Target targetFromString(const std::string& s) {
    const std::string l = lower(s);
    for (Target t : allTargets())
        if (l == toString(t))
            return t;
    if (l == "megatron-lm" || l == "mcore" || l == "megatron-core")
        return Target::Megatron;
    if (l == "ds")
        return Target::DeepSpeed;
    if (l == "hetu-galvatron" || l == "galvatron")
        return Target::Hetu;
    std::string ids;
    for (Target t : allTargets())
        ids += (ids.empty() ? "" : ", ") + std::string(toString(t));
    throw InputError("target", "unknown target framework '" + s + "'; expected one of " + ids);
}

const std::vector<Target>& allTargets() {
    static const std::vector<Target> all = {Target::Any, Target::Megatron, Target::Torchtitan,
                                            Target::DeepSpeed, Target::Hetu};
    return all;
}

const char* runtimePresetFor(Target t) {
    switch (t) {
    case Target::Any:
        return nullptr;
    case Target::Megatron:
        return "megatron-core";
    case Target::Torchtitan:
        return "torchtitan";
    case Target::DeepSpeed:
        return "deepspeed";
    case Target::Hetu:
        return "hetu-galvatron";
    }
    return nullptr;
}

const TargetCapabilities& capabilities(Target t) {
    static const TargetCapabilities any = makeAny(), mg = makeMegatron(), tt = makeTorchtitan(),
                                    ds = makeDeepSpeed(), he = makeHetu();
    switch (t) {
    case Target::Any:
        return any;
    case Target::Megatron:
        return mg;
    case Target::Torchtitan:
        return tt;
    case Target::DeepSpeed:
        return ds;
    case Target::Hetu:
        return he;
    }
    return any;
}

std::vector<int> deepspeedUniformSplit(int layers, int parts) {
    std::vector<int> out;
    if (parts <= 0)
        return out;
    const int chunk = layers / parts, residual = layers - chunk * parts;
    for (int i = 0; i < parts; ++i)
        out.push_back(chunk + (i < residual ? 1 : 0));
    return out;
}

std::vector<int> torchtitanSplit(int layers, int stages, int first_less, int last_less) {
    std::vector<int> out;
    if (stages < 2 || layers < 1 || first_less < 0 || last_less < 0)
        return out;
    const long long eff = static_cast<long long>(layers) + first_less + last_less;
    const long long per = eff / stages, extra = eff % stages;
    if (per == 0 || first_less > per || last_less > per)
        return out;
    int placed = 0;
    for (int i = 0; i < stages; ++i) {
        long long n = per + (i < extra ? 1 : 0);
        if (i == 0)
            n -= first_less;
        else if (i == stages - 1)
            n -= last_less;
        n = std::min<long long>(n, layers - placed); // torchtitan stops at the last layer
        if (n < 1)
            return {};
        out.push_back(static_cast<int>(n));
        placed += static_cast<int>(n);
    }
    if (placed != layers)
        return {};
    return out;
}

std::optional<std::pair<int, int>> torchtitanSplitWeights(const std::vector<int>& split) {
    const int stages = static_cast<int>(split.size());
    int layers = 0;
    for (int n : split)
        layers += n;
    if (stages < 2)
        return std::nullopt;
    const int most = layers; // larger weights only repeat splits of smaller ones
    for (int sum = 0; sum <= 2 * most; ++sum)
        for (int a = std::max(0, sum - most); a <= std::min(sum, most); ++a)
            if (torchtitanSplit(layers, stages, a, sum - a) == split)
                return std::make_pair(a, sum - a);
    return std::nullopt;
}

int torchtitanLayersPerStage(int layers, int stages, int first_less, int last_less) {
    const long long eff = static_cast<long long>(layers) + first_less + last_less;
    if (stages < 1)
        return 0;
    const long long per = (eff + stages - 1) / stages;
    return per > 0 && (eff + per - 1) / per == stages ? static_cast<int>(per) : 0;
}

namespace {
/// fn(a, b, per, eff) for torchtitan's (first, last) weight pairs that can make a split, in the order
/// a, then b, up to the layer count (larger weights only repeat splits of smaller ones); stops when fn
/// returns true. Once b exceeds the layers per stage (which grows by 1 / chunks per unit of b) no
/// larger b makes a split.
template <class Fn> bool forTorchtitanWeights(int layers, int chunks, Fn fn) {
    for (int a = 0; a <= layers; ++a)
        for (int b = 0; b <= layers; ++b) {
            const long long eff = static_cast<long long>(layers) + a + b;
            const long long per = eff / chunks;
            if (b > per)
                break;
            if (fn(a, b, per, eff))
                return true;
        }
    return false;
}

struct SplitHash {
    std::size_t operator()(const std::vector<int>& v) const {
        std::size_t h = v.size();
        for (int x : v)
            h = h * 1000003u ^ static_cast<std::size_t>(x);
        return h;
    }
};
} // namespace

/// Whether torchtitan's first/last_stage_less_layers make `split` (allowedSplits' rule, without listing
/// every split: the plan view asks this of every plan, and a 6,400-layer model has millions of splits).
bool torchtitanSplitAllowed(int layers, const std::vector<int>& split) {
    const int chunks = static_cast<int>(split.size());
    if (chunks < 2)
        return false;
    return forTorchtitanWeights(layers, chunks, [&](int a, int b, long long per, long long eff) {
        // (the first stage's size rejects most pairs before the split is built)
        if (a > per || per + (eff % chunks > 0 ? 1 : 0) - a != split.front())
            return false;
        return torchtitanLayersPerStage(layers, chunks, a, b) > 0 &&
               torchtitanSplit(layers, chunks, a, b) == split;
    });
}

std::optional<std::vector<std::vector<int>>> allowedSplits(Target target, int layers, int chunks) {
    const TargetCapabilities& c = capabilities(target);
    if (c.uneven_split || chunks < 2)
        return std::nullopt;
    std::vector<std::vector<int>> out;
    if (c.split_partition_uniform) {
        out.push_back(deepspeedUniformSplit(layers, chunks));
    } else if (c.split_first_last_less) {
        // Each split once, in the order first found. The splits seen are kept in a hash set: a linear
        // search of the list made this cubic in the layers (a 6,400-layer model froze the GUI's plan
        // view, found by fuzzing).
        std::unordered_set<std::vector<int>, SplitHash> seen;
        forTorchtitanWeights(layers, chunks, [&](int a, int b, long long, long long) {
            auto s = torchtitanSplit(layers, chunks, a, b);
            if (!s.empty() && torchtitanLayersPerStage(layers, chunks, a, b) > 0 && seen.insert(s).second)
                out.push_back(std::move(s));
            return false;
        });
    } else if (layers % chunks == 0) {
        out.emplace_back(static_cast<std::size_t>(chunks), layers / chunks);
    }
    return out;
}

int blockRecomputeLayers(const Plan& plan) {
    // Per chunk: k leading fully recomputed layers, the rest none. A partly recomputed chunk fixes N = k;
    // a wholly recomputed chunk of n layers only needs N >= n (Megatron: "if l < recompute_num_layers").
    int exact = -1, lower = 0, start = 0;
    const int L = static_cast<int>(plan.layers.size());
    for (int n : plan.stage_layers) {
        if (n <= 0 || start + n > L)
            return -1;
        int k = 0;
        while (k < n && plan.layers[static_cast<std::size_t>(start + k)].ckpt == Checkpoint::Full)
            ++k;
        for (int i = k; i < n; ++i)
            if (plan.layers[static_cast<std::size_t>(start + i)].ckpt != Checkpoint::None)
                return -1;
        if (k == n)
            lower = std::max(lower, n);
        else if (exact >= 0 && exact != k)
            return -1;
        else
            exact = k;
        start += n;
    }
    if (start != L)
        return -1;
    if (exact < 0)
        return lower;
    return exact >= lower ? exact : -1;
}

std::vector<std::string> modelInexpressible(const ModelProfile& model, Target target) {
    std::vector<std::string> out;
    const TargetCapabilities& c = capabilities(target);
    bool moe = false, mla = false;
    for (const auto& st : model.stacks) {
        moe = moe || st.type.moe.enabled();
        mla = mla || st.type.mla.enabled();
    }
    const std::string fw = c.framework + " (" + c.version + ")";
    if (moe && !c.moe)
        out.push_back("mixture-of-experts layers: the " + fw + " export describes dense models only");
    if (mla && !c.mla)
        out.push_back("multi-latent attention: the " + fw + " export describes standard attention only");
    // (a model Megatron-LM builds differently: the export refuses it whatever the plan)
    if (target == Target::Megatron)
        for (auto& s : megatronModelInexpressible(model))
            out.push_back(std::move(s));
    // (what DeepSpeed's AutoEP builds differently from the model's MoE layers)
    if (target == Target::DeepSpeed)
        for (auto& s : deepspeedModelInexpressible(model))
            out.push_back(std::move(s));
    if (target == Target::Hetu)
        for (auto& s : hetuModelInexpressible(model))
            out.push_back(std::move(s));
    // (what torchtitan's own MoE models build differently, or that it has none)
    if (target == Target::Torchtitan)
        for (auto& s : torchtitanModelInexpressible(model))
            out.push_back(std::move(s));
    return out;
}

namespace {
/// Mixture-of-experts layers in a layout the target's expert parallelism does not run as costed
/// (TargetCapabilities::moe_*), and MoE layers of different expert degrees, ep = 1 included (the plan
/// alone cannot tell an MoE layer with ep = 1 from a dense one). Each sentence once.
void moeLayoutIssues(const ModelProfile& model, const Plan& plan, const TargetCapabilities& c,
                     const std::string& fw, std::vector<std::string>& out) {
    const auto add = [&](std::string s) {
        if (std::find(out.begin(), out.end(), s) == out.end())
            out.push_back(std::move(s));
    };
    const int L = std::min(model.layerCount(), static_cast<int>(plan.layers.size()));
    std::set<int> eps;
    for (int i = 0; i < L; ++i) {
        if (!model.layer(i).moe.enabled())
            continue;
        const LayerStrategy& l = plan.layers[static_cast<std::size_t>(i)];
        eps.insert(l.ep);
        if (l.tp > 1 && !c.moe_tp)
            add("tensor parallelism in mixture-of-experts layers (tp=" + std::to_string(l.tp) + "): " + fw +
                " keeps every expert whole (expert tensor parallelism 1)");
        if (plan.pp > 1 && !c.moe_with_pp)
            add("mixture-of-experts layers with pipeline parallelism: " + fw +
                " is not told to combine its expert parallelism with the pipeline by this export");
        if (l.dp_type == DpType::ZeRO3 && l.cp > 1 && !c.moe_zero3_with_cp)
            add("ZeRO-3 in mixture-of-experts layers with context parallelism: " + fw + " cannot run it");
    }
    if (c.expert_parallel && !c.per_layer_ep && eps.size() > 1)
        add("per-layer expert-parallel degrees: " + fw + " uses one degree for all MoE layers");
}
} // namespace

std::vector<std::string> inexpressible(const ModelProfile& model, const Plan& plan, Target target) {
    std::vector<std::string> out = modelInexpressible(model, target);
    for (auto& s : inexpressible(plan, target))
        out.push_back(std::move(s));
    if (target != Target::Any && !plan.layers.empty()) {
        const TargetCapabilities& c = capabilities(target);
        moeLayoutIssues(model, plan, c, c.framework + " (" + c.version + ")", out);
    }
    return out;
}

namespace {
// Parts of inexpressible(plan, target), by topic; each appends its sentences to `out` in the order the
// whole list reads. `fw` names the framework and its version.

void contextParallelIssues(const Plan& plan, const TargetCapabilities& c, const std::string& fw,
                           std::vector<std::string>& out) {
    for (const auto& l : plan.layers)
        if (l.cp > 1 && !c.context_parallel) {
            out.push_back("context parallelism (cp=" + std::to_string(l.cp) + "): " + fw +
                          " is not told to run it by this export");
            break;
        }
    if (c.cp_shards_weights)
        for (const auto& l : plan.layers)
            if (l.cp > 1 && l.dp_type != DpType::ZeRO3 && l.dp_type != DpType::ZeRO2) {
                out.push_back(
                    dpLabel(l.dp_type) + " with context parallelism: " + fw +
                    " shards weights with FSDP2 over the data- and context-parallel ranks whenever cp > 1");
                break;
            }
    if (c.context_parallel && !c.cp_all_to_all)
        for (const auto& l : plan.layers)
            if (l.cp > 1 && l.cp_comm == CpComm::A2A) {
                out.push_back("all-to-all (Ulysses) context parallelism: " + fw +
                              " runs ring attention only");
                break;
            }
    if (c.context_parallel && !c.cp_ring)
        for (const auto& l : plan.layers)
            if (l.cp > 1 && l.cp_comm == CpComm::P2P) {
                out.push_back("ring (p2p) context parallelism: " + fw + " runs all-to-all (Ulysses) only");
                break;
            }
    for (const auto& l : plan.layers)
        if (c.context_parallel && l.cp > 1 &&
            ((l.tp > 1 && !c.cp_with_tp) || (plan.pp > 1 && !c.cp_with_pp))) {
            out.push_back(std::string("context parallelism together with ") +
                          (l.tp > 1 && !c.cp_with_tp ? "tensor" : "pipeline") + " parallelism: " + fw +
                          " is not told to combine them by this export");
            break;
        }
    if (c.context_parallel && !c.per_layer_cp && !allSame(plan, [](const LayerStrategy& l) { return l.cp; }))
        out.push_back("per-layer context-parallel degrees: " + fw + " uses one degree for all layers");
    if (c.context_parallel && !c.cp_a2a_with_tp)
        for (const auto& l : plan.layers)
            if (l.cp > 1 && l.cp_comm == CpComm::A2A && l.tp > 1) {
                out.push_back("all-to-all (Ulysses) context parallelism together with tensor parallelism: " +
                              fw + " runs a layer's Ulysses degree in place of its TP degree");
                break;
            }
}

void expertParallelIssues(const Plan& plan, const TargetCapabilities& c, const std::string& fw,
                          std::vector<std::string>& out) {
    // Expert parallelism: dense layers carry ep = 1, so only the MoE layers' degrees must agree.
    int ep = 0;
    bool mixed = false;
    for (const auto& l : plan.layers)
        if (l.ep > 1) {
            mixed = mixed || (ep > 0 && l.ep != ep);
            ep = l.ep;
        }
    if (ep > 1 && !c.expert_parallel)
        out.push_back("expert parallelism (ep=" + std::to_string(ep) + "): " + fw +
                      " is not told to run it by this export");
    else if (mixed && !c.per_layer_ep)
        out.push_back("per-layer expert-parallel degrees: " + fw + " uses one degree for all MoE layers");
    if (c.ep_fills_data_parallel)
        for (const auto& l : plan.layers)
            if (l.ep > 1 && l.ep != l.dp * l.cp) {
                out.push_back("expert parallelism over part of the data- and context-parallel ranks (ep=" +
                              std::to_string(l.ep) + " of dp x cp = " + std::to_string(l.dp * l.cp) +
                              "): " + fw +
                              " places expert-parallel ranks outermost ('pp-ep-edp-etp'), as planned only "
                              "when ep is 1 or dp x cp");
                break;
            }
    if (ep <= 1 || !c.expert_parallel)
        return;
    for (const auto& l : plan.layers)
        if (l.ep > 1 && l.tp > 1 && !c.ep_with_tp) {
            out.push_back("expert parallelism together with tensor parallelism (ep=" + std::to_string(l.ep) +
                          ", tp=" + std::to_string(l.tp) + "): " + fw +
                          " keeps every expert whole on its expert-parallel rank, taking those ranks from "
                          "the tensor-parallel group first; the plan splits each expert over its tp ranks");
            break;
        }
    for (const auto& l : plan.layers)
        if (l.ep > 1 && c.ep_sharded_dp_only && l.dp_type != DpType::ZeRO2 && l.dp_type != DpType::ZeRO3) {
            out.push_back("expert parallelism with " + dpLabel(l.dp_type) + " (ep=" + std::to_string(l.ep) +
                          "): " + fw +
                          " takes the expert-parallel ranks from the FSDP-sharded ranks "
                          "(data_parallel_shard_degree x cp x tp), not from replicas");
            break;
        }
}

/// Features the target sets once for all layers, and the data-parallel types it runs.
void perLayerAndDataParallelIssues(const Plan& plan, const TargetCapabilities& c, const std::string& fw,
                                   std::vector<std::string>& out) {
    if (!c.per_layer_tp && !allSame(plan, [](const LayerStrategy& l) { return l.tp; }))
        out.push_back("per-layer tensor-parallel degrees: " + fw + " uses one degree for all layers");
    // (a layer with tp = 1 has none to switch)
    const auto sp_of_tp = [&](bool sp) {
        return std::any_of(plan.layers.begin(), plan.layers.end(),
                           [&](const LayerStrategy& l) { return l.tp > 1 && l.sp == sp; });
    };
    if (!c.per_layer_sp && sp_of_tp(true) && sp_of_tp(false))
        out.push_back("per-layer sequence parallelism: " + fw + " switches it for all layers");
    if (!c.per_layer_dp_type && !allSame(plan, [](const LayerStrategy& l) { return l.dp_type; }))
        out.push_back("per-layer data-parallel types: " + fw + " uses one for all layers");
    if (!c.per_layer_placement && !allSame(plan, [](const LayerStrategy& l) { return l.tp_consecutive; }))
        out.push_back("per-layer rank order: " + fw + " uses one rank order");
    for (const auto& l : plan.layers) {
        const auto& allowed = plan.pp > 1 ? c.dp_types_with_pp : c.dp_types;
        if (l.dp * l.cp > 1 && !contains(allowed, l.dp_type)) {
            out.push_back(std::string(dpLabel(l.dp_type)) +
                          (plan.pp > 1 ? " with pipeline parallelism" : "") + ": " + fw + " cannot run it");
            break;
        }
    }
    if (c.dp_type_default_plus_zero3) {
        // (the embedding's type is the default's too unless it is ZeRO-3)
        bool has_ddp = false, has_z2 = false;
        const auto note = [&](DpType t) {
            has_ddp = has_ddp || t == DpType::DDP;
            has_z2 = has_z2 || t == DpType::ZeRO2 || t == DpType::ZeRO1;
        };
        for (const auto& l : plan.layers)
            if (l.dp * l.cp > 1)
                note(l.dp_type);
        if (plan.vocab_tp > 0 && plan.stageGpus() / plan.vocab_tp > 1)
            note(plan.vocab_dp_type);
        if (has_ddp && has_z2)
            out.push_back("layers mixing DDP and ZeRO-1/2: " + fw +
                          " has one default_dp_type (ddp or zero2) besides per-layer ZeRO-3");
    }
}

/// Tensor and sequence parallelism, and the rank order.
void tensorParallelIssues(const Plan& plan, const TargetCapabilities& c, const std::string& fw,
                          std::vector<std::string>& out) {
    for (const auto& l : plan.layers) {
        if (l.tp > 1 && !c.tp) {
            out.push_back("tensor parallelism: " + fw + " has none");
            break;
        }
        if (l.tp > 1 && plan.pp > 1 && !c.tp_with_pp) {
            out.push_back("tensor parallelism together with pipeline parallelism: " + fw +
                          " does not combine them");
            break;
        }
    }
    for (const auto& l : plan.layers)
        if (l.sp && l.tp > 1 && !c.sp) {
            out.push_back("Megatron-style sequence parallelism: " + fw + " does not have it");
            break;
        }
    for (const auto& l : plan.layers)
        if (!l.sp && l.tp > 1 && c.sp_required) {
            out.push_back("tensor parallelism without Megatron-style sequence parallelism: " + fw +
                          " runs every tensor-parallel layer with it");
            break;
        }
    for (const auto& l : plan.layers)
        if (!l.tp_consecutive && l.tp > 1 && l.dp * l.cp > 1 && !c.dp_adjacent_placement) {
            out.push_back("data-parallel ranks adjacent (tp_consecutive = false): " + fw +
                          " places tensor-parallel ranks adjacent");
            break;
        }
}

/// The schedule and the split of the layers over the model chunks (pp > 1 only).
void pipelineIssues(const Plan& plan, Target target, const TargetCapabilities& c, const std::string& fw,
                    std::vector<std::string>& out) {
    if (plan.pp <= 1)
        return;
    if (std::find(c.schedules.begin(), c.schedules.end(), plan.schedule) == c.schedules.end())
        out.push_back(std::string(toString(plan.schedule)) + " schedule: " + fw + " does not run it");
    else if (plan.schedule == Schedule::Interleaved && plan.pp < c.interleaved_min_pp)
        out.push_back("interleaved schedule with pp=" + std::to_string(plan.pp) + ": " + fw +
                      " needs pp >= " + std::to_string(c.interleaved_min_pp));
    const bool even = std::all_of(plan.stage_layers.begin(), plan.stage_layers.end(),
                                  [&](int n) { return n == plan.stage_layers.front(); });
    const int layers = static_cast<int>(plan.layers.size());
    bool allowed = true;
    if (c.split_first_last_less && plan.stage_layers.size() >= 2) {
        allowed = torchtitanSplitAllowed(layers, plan.stage_layers);
    } else {
        const auto splits = allowedSplits(target, layers, static_cast<int>(plan.stage_layers.size()));
        allowed = !splits || std::find(splits->begin(), splits->end(), plan.stage_layers) != splits->end();
    }
    if (!allowed)
        out.push_back(c.split_first_last_less
                          ? "pipeline split of a shape " + fw +
                                " does not make (its first/last_stage_less_layers split spreads the "
                                "layers evenly and takes some off the first and last chunk)"
                          : "pipeline split of a different shape than " + fw +
                                " partitions (partition_method uniform: the first stages get the extra "
                                "layers)");
    else if (!c.uneven_interleaved_chunks && plan.virtual_stages > 1 && !even)
        out.push_back("uneven interleaved model chunks: " + fw + " needs equal chunks");
}

void recomputeIssues(const Plan& plan, const TargetCapabilities& c, const std::string& fw,
                     std::vector<std::string>& out) {
    int n_full = 0, n_sel = 0;
    for (const auto& l : plan.layers) {
        n_full += l.ckpt == Checkpoint::Full;
        n_sel += l.ckpt == Checkpoint::Selective;
    }
    const int L = static_cast<int>(plan.layers.size());
    if (n_sel > 0 && !c.recompute.selective && !c.recompute.selective_per_layer)
        out.push_back("selective recomputation: " + fw + " recomputes whole layers only");
    else if (n_sel > 0 && n_sel < L && !c.recompute.selective_per_layer)
        out.push_back("selective recomputation of some layers only: " + fw + " applies it to all layers");
    else if (n_full > 0 && n_full < L && !c.recompute.per_layer) {
        if (n_sel > 0 || !c.recompute.block || blockRecomputeLayers(plan) < 0)
            out.push_back("full recomputation of " + std::to_string(n_full) + " of " + std::to_string(L) +
                          " layers: " + fw +
                          (c.recompute.block
                               ? " recomputes all layers or the same first N layers of every stage"
                               : " recomputes all layers or none"));
    }
}

/// The embedding and LM head's tensor-parallel degree and data-parallel type.
void vocabIssues(const Plan& plan, const TargetCapabilities& c, const std::string& fw,
                 std::vector<std::string>& out) {
    const LayerStrategy& f = plan.layers.front();
    const int G = plan.stageGpus();
    if (!c.vocab_tp_free && allSame(plan, [](const LayerStrategy& l) { return l.tp; })) {
        const int want = c.vocab_tp_one ? 1 : f.tp;
        if (plan.vocab_tp != want)
            out.push_back("vocabulary tensor parallelism vtp=" + std::to_string(plan.vocab_tp) + ": " + fw +
                          " splits embedding and LM head over " + std::to_string(want) + " GPU(s)");
    }
    const int vdp = plan.vocab_tp > 0 ? G / plan.vocab_tp : 1;
    if (vdp > 1) {
        if (!c.vocab_dp_type_free && allSame(plan, [](const LayerStrategy& l) { return l.dp_type; }) &&
            f.dp > 1 && plan.vocab_dp_type != f.dp_type)
            out.push_back(std::string("embedding data-parallel type ") + dpLabel(plan.vocab_dp_type) + ": " +
                          fw + " uses the layers' (" + dpLabel(f.dp_type) + ")");
        const auto& allowed = plan.pp > 1 ? c.dp_types_with_pp : c.dp_types;
        if (!contains(allowed, plan.vocab_dp_type))
            out.push_back(std::string("embedding data-parallel type ") + dpLabel(plan.vocab_dp_type) + ": " +
                          fw + " cannot run it");
    }
}
} // namespace

std::vector<std::string> inexpressible(const Plan& plan, Target target) {
    std::vector<std::string> out;
    const TargetCapabilities& c = capabilities(target);
    if (target == Target::Any || plan.layers.empty())
        return out;
    const std::string fw = c.framework + " (" + c.version + ")";
    if (plan.precision == Precision::FP8 && !c.fp8)
        out.push_back("FP8 linear layers: " + fw + " cannot be told to train them by this export");
    contextParallelIssues(plan, c, fw, out);
    expertParallelIssues(plan, c, fw, out);
    perLayerAndDataParallelIssues(plan, c, fw, out);
    tensorParallelIssues(plan, c, fw, out);
    pipelineIssues(plan, target, c, fw, out);
    recomputeIssues(plan, c, fw, out);
    vocabIssues(plan, c, fw, out);
    if (target == Target::Hetu)
        for (auto& s : hetuPlanInexpressible(plan))
            out.push_back(std::move(s));
    return out;
}

// -------------------------------------------------------------------------------------------------
// Target-constrained search

} // namespace gx
