// SPDX-License-Identifier: Apache-2.0
// Galvatron Explorer - target frameworks: what a training framework (at a named version) can run.
//
// A plan is only useful if the framework that trains the model runs exactly that plan. The search space
// is Galvatron's (per-layer TP/ZeRO/checkpointing, uneven splits, separate vocabulary parallelism);
// real frameworks express a subset. TargetCapabilities records that subset per framework version, with
// the source each fact comes from (file + commit of the framework; the same facts with their sources are
// in tests/data/consumers/*.json). The search prunes with them (search_space.cpp rules "target-*", plus
// SearchOptions from optionsForTarget()), the exporters check plans against them, and
// inexpressible() names every feature of a plan that the target cannot express.
//
// This is the "capabilities" half of a framework profile (DESIGN.md, "Where the design goes next");
// the "implementation" half (how the framework executes: activation bytes, overlap) is the runtime
// profile of the cost model.
#pragma once

#include "gx/model.h"
#include "gx/strategy.h"

#include <optional>
#include <string>
#include <vector>

namespace gx {

enum class Target {
    Any,        ///< Galvatron-style freedom: everything the cost model knows (Hetu-Galvatron runs most of it)
    Megatron,   ///< Megatron-LM (Megatron-Core) pretrain_gpt.py
    Torchtitan, ///< torchtitan (torch.distributed: FSDP2, DTensor TP, pipelining)
    DeepSpeed,  ///< DeepSpeed engine (ZeRO, PipelineModule, AutoTP)
    Hetu,       ///< Hetu-Galvatron runtime (strategy JSON)
};

/// "any", "megatron", "torchtitan", "deepspeed", "hetu".
const char* toString(Target t);
/// Parses the CLI id (case-insensitive; also "megatron-lm", "mcore", "ds", "hetu-galvatron",
/// "galvatron"); InputError("target", ...) listing the valid ids.
Target targetFromString(const std::string& s);
/// All targets in menu order (Any first).
const std::vector<Target>& allTargets();
/// The runtime preset (resources/presets/runtimes) of the framework a target names: how that framework
/// executes a plan, so that a plan searched for it is costed as it will run. nullptr for Target::Any.
const char* runtimePresetFor(Target t);

/// How activation recomputation can be chosen per layer.
struct RecomputeCapabilities {
    bool full_all = true;   ///< every layer fully recomputed
    bool block = false;     ///< the first N layers of every pipeline stage / model chunk (same N)
    bool every_nth = false; ///< every N-th layer (torchtitan < 0.2 selective_ac_option = "N")
    bool selective = false; ///< attention core only, for all layers (Korthikanti et al. 2022)
    bool per_layer = false; ///< any per-layer on/off choice (Hetu-Galvatron "checkpoint" list)
    bool selective_per_layer = false;
};

/// What plans a framework version can run. Every field has the consumer's source in target.cpp and in
/// tests/data/consumers/<target>.json.
struct TargetCapabilities {
    Target target = Target::Any;
    std::string framework; ///< "Megatron-LM"
    std::string version;   ///< "Megatron-Core 0.20.0"
    std::string source;    ///< "NVIDIA/Megatron-LM@d98e8a64"

    // Per-layer freedom.
    bool per_layer_tp = true;
    bool per_layer_sp = true;
    bool per_layer_dp_type = true;
    bool per_layer_placement = true;
    /// Hetu-Galvatron: per-layer choice only between ZeRO-3 and one global default (DDP or ZeRO-2).
    bool dp_type_default_plus_zero3 = false;

    // Data parallelism.
    std::vector<DpType> dp_types = {DpType::DDP, DpType::ZeRO1, DpType::ZeRO2, DpType::ZeRO3};
    std::vector<DpType> dp_types_with_pp = {DpType::DDP, DpType::ZeRO1, DpType::ZeRO2, DpType::ZeRO3};

    // Tensor / sequence parallelism.
    bool tp = true;         ///< tensor parallelism at all
    bool tp_with_pp = true; ///< tp > 1 together with pp > 1
    bool sp = true;         ///< Megatron-style sequence parallelism (norm/dropout sharded over TP ranks)
    bool dp_adjacent_placement = true; ///< data-parallel ranks adjacent (tp_consecutive = false)

    // Pipeline.
    std::vector<Schedule> schedules = {Schedule::GPipe, Schedule::OneFOneB, Schedule::Interleaved};
    bool uneven_split = true; ///< any number of layers per stage
    /// Without uneven_split: the split is DeepSpeed's partition_uniform (true) or exactly even (false).
    bool split_partition_uniform = false;
    /// Without uneven_split: torchtitan's weighted split (first/last_stage_less_layers), see torchtitanSplit.
    bool split_first_last_less = false;
    bool uneven_interleaved_chunks = true; ///< any number of layers per model chunk
    int interleaved_min_pp = 2;            ///< smallest pp for the interleaved schedule

    // Recomputation.
    RecomputeCapabilities recompute;

    // Embedding / LM head.
    bool vocab_tp_free = true;      ///< vocab_tp may differ from the layers' tp
    bool vocab_tp_one = false;      ///< the embedding is never tensor-parallel (vocab_tp == 1)
    bool vocab_dp_type_free = true; ///< vocab_dp_type may differ from the layers'

    // Model features the target's model description has (checked per model, not per plan).
    bool moe = false; ///< mixture-of-experts layers
    bool mla = false; ///< multi-latent attention

    // Context and expert parallelism, FP8.
    bool context_parallel = false;
    bool cp_all_to_all = true;      ///< with context_parallel: the all-to-all (Ulysses) exchange too
    bool cp_ring = true;            ///< with context_parallel: the ring (p2p) exchange too
    bool cp_with_tp = true;         ///< cp > 1 together with tp > 1
    bool cp_with_pp = true;         ///< cp > 1 together with pp > 1
    bool cp_a2a_with_tp = true;     ///< the all-to-all exchange together with tp > 1
    bool per_layer_cp = false;      ///< a context-parallel degree (and exchange) per layer
    bool cp_shards_weights = false; ///< cp > 1 always shards weights over dp x cp (torchtitan's FSDP2)
    bool expert_parallel = false;
    bool fp8 = false;

    // Mixture-of-experts layers in layouts the target's expert parallelism may not run as costed
    // (checked with the model: inexpressible(model, plan, target); DeepSpeed's AutoEP).
    bool moe_tp = true;            ///< tp > 1 in MoE layers (every expert split over the layer's TP ranks)
    bool moe_with_pp = true;       ///< MoE layers together with pp > 1
    bool moe_zero3_with_cp = true; ///< ZeRO-3 in MoE layers together with cp > 1
    // The same, seen in the plan alone (ep > 1 is an MoE layer's): torchtitan.
    /// With expert_parallel: ep > 1 together with tp > 1 as the cost model runs it, the routed experts
    /// split over the layer's TP ranks (Megatron-LM's default expert tensor parallelism). torchtitan keeps
    /// every expert whole on its EP rank and draws the EP ranks from the TP group first (with ep = 1 it
    /// splits them over tp, as costed).
    bool ep_with_tp = true;
    /// With expert_parallel: ep > 1 only with sharded data parallelism (ZeRO-2/3), the EP ranks being
    /// FSDP ranks (torchtitan: ep divides data_parallel_shard_degree x cp x tp, never the replicas).
    bool ep_sharded_dp_only = false;

    // Limits of Hetu-Galvatron's runtime (tests/data/consumers/hetu.json).
    bool per_layer_ep = false;           ///< an expert-parallel degree per mixture-of-experts layer
    bool ep_fills_data_parallel = false; ///< ep is 1 or all of dp x cp (expert ranks ordered 'pp-ep-edp-etp')
    bool sp_required = false;            ///< Megatron sequence parallelism on every tensor-parallel layer
    /// The global batch is a multiple of every layer's stage GPUs / (tp x all-to-all cp) (Hetu's
    /// world / pp / min tp / min cp).
    bool batch_per_tp_group = false;
};

const TargetCapabilities& capabilities(Target t);

/// Every feature of `plan` that `target` cannot run as planned, each as one sentence naming the
/// feature, the layers concerned and the framework's limit. Empty = the target runs exactly this plan.
std::vector<std::string> inexpressible(const Plan& plan, Target target);
/// The same, and first the features of `model` the target's model description lacks (mixture-of-experts
/// layers, multi-latent attention): a plan for such a model cannot run as planned on any of its plans.
/// Last, what only the model shows of the plan: mixture-of-experts layers in a layout the target's
/// expert parallelism does not run (TargetCapabilities::moe_*), and MoE layers of different ep.
std::vector<std::string> inexpressible(const ModelProfile& model, const Plan& plan, Target target);
/// Only the model's features the target lacks (empty = the target can describe this model).
std::vector<std::string> modelInexpressible(const ModelProfile& model, Target target);

/// Megatron's block recomputation: N such that the first N layers of every model chunk are fully
/// recomputed and all others not at all; -1 when the plan's checkpointing is not of that form.
int blockRecomputeLayers(const Plan& plan);

/// The split DeepSpeed's PipelineModule makes of `layers` layers over `parts` stages
/// (deepspeed/runtime/utils.py partition_uniform: the first layers % parts stages get one more).
std::vector<int> deepspeedUniformSplit(int layers, int parts);

/// torchtitan's split of `layers` layers over `stages` model chunks (pp x stages per rank) with
/// pipeline_parallel_first_stage_less_layers = first_less and _last_stage_less_layers = last_less
/// (torchtitan/distributed/pipeline_parallel.py _generate_llm_fqn_per_model_part at b5bcd76c: the
/// layers plus the two weights are spread evenly, the first (layers + weights) % stages chunks get one
/// more, then the first chunk gives up first_less and the last last_less). Empty when torchtitan refuses
/// the weights (a weight above the smallest share) or a chunk would hold no layer.
std::vector<int> torchtitanSplit(int layers, int stages, int first_less, int last_less);
/// The (first_less, last_less) pair, smallest first, whose torchtitanSplit is `split`; nullopt if none.
std::optional<std::pair<int, int>> torchtitanSplitWeights(const std::vector<int>& split);
/// pipeline_parallel_layers_per_stage that makes torchtitan build `stages` chunks from `layers` layers and
/// the two weights (num_virtual_stages = ceil((layers + weights) / per_stage)); 0 when no value does.
int torchtitanLayersPerStage(int layers, int stages, int first_less, int last_less);

/// The pipeline splits (layers per model chunk, `chunks` = pp x virtual stages) that `target` can be told
/// to run, in a fixed order; nullopt when it runs any split.
std::optional<std::vector<std::vector<int>>> allowedSplits(Target target, int layers, int chunks);
/// Whether torchtitan's first/last_stage_less_layers weights make `split` (one of allowedSplits'
/// torchtitan splits), without listing them all.
bool torchtitanSplitAllowed(int layers, const std::vector<int>& split);

} // namespace gx
