// Galvatron Explorer - plan exporters (Megatron-LM, DeepSpeed, torchtitan, Hetu-Galvatron, launchers).
//
// Flag and key names follow the frameworks' own documentation:
//  * Megatron-LM: megatron/training/arguments.py (--tensor-model-parallel-size, --recompute-granularity,
//    --decoder-first-pipeline-num-layers, ...); Narayanan et al. 2021 (SC'21) for the interleaved schedule.
//  * DeepSpeed: https://www.deepspeed.ai/docs/config-json/ (train_batch_size = micro * GA * dp,
//    zero_optimization, bf16, activation_checkpointing, pipeline).
//  * torchtitan: torchtitan/config/job_config.py ([parallelism], [training], [activation_checkpoint]).
//  * torchrun: https://pytorch.org/docs/stable/elastic/run.html (--nnodes, --nproc-per-node, --rdzv-*).
#include "gx/exporters.h"

#include "gx/cost_model.h"
#include "gx/error.h"
#include "gx/hetu.h"
#include "gx/profile_io.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <functional>
#include <map>
#include <sstream>

namespace gx {

using nlohmann::json;
using nlohmann::ordered_json;

namespace {

const std::vector<ExportFormatInfo> kFormats = {
    {ExportFormat::PlanJson, "json", "Galvatron Explorer plan (JSON)", "json",
     "the plan with its predicted time and memory, reloadable by galvatron estimate"},
    {ExportFormat::Megatron, "megatron", "Megatron-LM arguments", "sh",
     "command-line arguments for Megatron-LM's pretrain_gpt.py"},
    {ExportFormat::DeepSpeed, "deepspeed", "DeepSpeed config (JSON)", "json",
     "ds_config.json: batch sizes, ZeRO stage, bf16, activation checkpointing"},
    {ExportFormat::Torchtitan, "torchtitan", "torchtitan job config (TOML)", "toml",
     "torchtitan [parallelism] / [training] / [activation_checkpoint] sections"},
    {ExportFormat::HetuGalvatron, "hetu", "Hetu-Galvatron strategy (JSON)", "json",
     "galvatron_config JSON read by Hetu-Galvatron's --galvatron_config_path"},
    {ExportFormat::Torchrun, "torchrun", "torchrun launch script", "sh",
     "bash script running torchrun with the Megatron-LM arguments on every node"},
    {ExportFormat::Slurm, "slurm", "Slurm batch script", "sbatch",
     "sbatch script: srun torchrun with the Megatron-LM arguments"},
};

std::string joinInts(const std::vector<int>& v) {
    std::string s;
    for (int x : v) {
        if (!s.empty())
            s += ',';
        s += std::to_string(x);
    }
    return s;
}

/// "0-15" or "7".
std::string rangeText(int a, int b) {
    return a == b ? std::to_string(a) : std::to_string(a) + "-" + std::to_string(b);
}

/// Describes a per-layer value as runs: "layers 0-15 tp=4, 16-31 tp=8".
std::string describeRuns(const Plan& plan, const std::function<std::string(const LayerStrategy&)>& value) {
    std::string out = "layers ";
    const int n = static_cast<int>(plan.layers.size());
    int start = 0;
    for (int i = 1; i <= n; ++i) {
        if (i == n || value(plan.layers[i]) != value(plan.layers[start])) {
            if (start > 0)
                out += ", ";
            out += rangeText(start, i - 1) + " " + value(plan.layers[start]);
            start = i;
        }
    }
    return out;
}

/// Most frequent value (ties: the larger value, which is the safer choice for degrees).
template <class T, class F> T mostCommon(const Plan& plan, F&& get) {
    std::map<T, int> count;
    for (const auto& l : plan.layers)
        ++count[get(l)];
    T best{};
    int best_n = -1;
    for (const auto& [v, n] : count)
        if (n >= best_n) {
            best = v;
            best_n = n;
        }
    return best;
}

template <class F> bool uniform(const Plan& plan, F&& get) {
    for (const auto& l : plan.layers)
        if (get(l) != get(plan.layers.front()))
            return false;
    return true;
}

std::string fmt(double v, int prec = 3) {
    std::ostringstream s;
    s.precision(prec);
    s << v;
    return s.str();
}

std::string safeName(std::string s) {
    for (char& c : s)
        if (!std::isalnum(static_cast<unsigned char>(c)) && c != '-' && c != '.' && c != '_')
            c = '_';
    return s.empty() ? std::string("plan") : s;
}

void checkPlan(const Plan& plan, const ModelProfile& model, const ClusterProfile& cluster) {
    if (static_cast<int>(plan.layers.size()) != model.layerCount())
        throw InputError("plan.layers", "has " + std::to_string(plan.layers.size()) +
                                            " layer strategies but model '" + model.name + "' has " +
                                            std::to_string(model.layerCount()) + " layers");
    CostModel(model, cluster).validate(plan);
}

/// Per-GPU micro-batch (samples each data-parallel rank processes per micro-batch) for data-parallel
/// degree dp; 0 when not an integer.
int perRankMicro(const Plan& plan, int dp) {
    const int mb = plan.microBatch();
    return dp > 0 && mb % dp == 0 ? mb / dp : 0;
}

std::string checkpointName(Checkpoint c) {
    switch (c) {
    case Checkpoint::None:
        return "none";
    case Checkpoint::Selective:
        return "selective";
    case Checkpoint::Full:
        return "full";
    }
    return "none";
}

std::string dpName(DpType t) {
    switch (t) {
    case DpType::DDP:
        return "DDP";
    case DpType::ZeRO1:
        return "ZeRO-1";
    case DpType::ZeRO2:
        return "ZeRO-2";
    case DpType::ZeRO3:
        return "ZeRO-3";
    }
    return "DDP";
}

int launchNodes(const Plan& plan, const ClusterProfile& cluster, const ExportOptions& o, int* per_node) {
    int g = o.gpus_per_node > 0 ? o.gpus_per_node : std::max(1, cluster.gpus_per_node);
    g = std::min(g, plan.gpus);
    const int nodes = o.nodes > 0 ? o.nodes : (plan.gpus + g - 1) / g;
    // Spread a plan that does not fill whole nodes evenly (12 GPUs on 8-GPU nodes: 2 x 6).
    if (o.gpus_per_node <= 0 && nodes > 0 && plan.gpus % nodes == 0 && plan.gpus / nodes <= g)
        g = plan.gpus / nodes;
    *per_node = g;
    return nodes;
}

// ------------------------------------------------------------------------------------------------
// Megatron-LM

struct MegatronArgs {
    std::vector<std::string> args;
    std::vector<std::string> unsupported;
    std::vector<std::string> warnings;
};

MegatronArgs buildMegatron(const Plan& plan, const ModelProfile& model, const ExportOptions& o) {
    MegatronArgs r;
    auto add = [&](const std::string& flag, const std::string& v = {}) {
        r.args.push_back(v.empty() ? flag : flag + " " + v);
    };
    const int L = static_cast<int>(plan.layers.size());
    const int tp = L > 0 ? mostCommon<int>(plan, [](const LayerStrategy& l) { return l.tp; }) : 1;
    if (!uniform(plan, [](const LayerStrategy& l) { return l.tp; }))
        r.unsupported.push_back(
            "per-layer tensor-parallel degrees (" +
            describeRuns(plan, [](const LayerStrategy& l) { return "tp=" + std::to_string(l.tp); }) +
            "): Megatron-LM uses one --tensor-model-parallel-size; exported the most common (tp=" +
            std::to_string(tp) + ")");
    const int dp = std::max(1, plan.stageGpus() / std::max(1, tp));

    add("--tensor-model-parallel-size", std::to_string(tp));
    add("--pipeline-model-parallel-size", std::to_string(plan.pp));

    // Interleaved schedule: Megatron needs an equal number of layers in every model chunk.
    if (plan.schedule == Schedule::Interleaved && plan.virtual_stages > 1) {
        const bool even = std::all_of(plan.stage_layers.begin(), plan.stage_layers.end(),
                                      [&](int n) { return n == plan.stage_layers.front(); });
        if (even)
            add("--num-layers-per-virtual-pipeline-stage", std::to_string(plan.stage_layers.front()));
        else
            r.unsupported.push_back("uneven interleaved model chunks (layers per chunk " +
                                    joinInts(plan.stage_layers) +
                                    "): Megatron-LM's --num-layers-per-virtual-pipeline-stage needs equal "
                                    "chunks; exported without interleaving");
    } else if (plan.pp > 1 && static_cast<int>(plan.stage_layers.size()) == plan.pp) {
        // Uneven split only at the ends: --decoder-first/last-pipeline-num-layers.
        const auto& s = plan.stage_layers;
        const bool all_even = std::all_of(s.begin(), s.end(), [&](int n) { return n == s.front(); });
        if (!all_even) {
            bool middle_even = true;
            for (int i = 2; i + 1 < plan.pp; ++i)
                middle_even = middle_even && s[static_cast<std::size_t>(i)] == s[1];
            if (plan.pp == 2 || middle_even) {
                const int mid = plan.pp > 2 ? s[1] : -1;
                if (s.front() != mid)
                    add("--decoder-first-pipeline-num-layers", std::to_string(s.front()));
                if (s.back() != mid)
                    add("--decoder-last-pipeline-num-layers", std::to_string(s.back()));
            } else {
                const std::string split = joinInts(s);
                r.unsupported.push_back("pipeline split " + split +
                                        " is uneven in the middle stages: Megatron-LM only sets the first "
                                        "and last stage (--decoder-first/last-pipeline-num-layers); "
                                        "exported an even split");
            }
        }
    }
    if (plan.schedule == Schedule::GPipe && plan.pp > 1)
        r.unsupported.push_back("GPipe schedule: Megatron-LM always runs 1F1B (fewer activations in "
                                "flight); exported as 1F1B");

    // Sequence parallelism (only meaningful with tp > 1).
    bool any_sp = false, all_sp = true;
    for (const auto& l : plan.layers) {
        if (l.tp <= 1)
            continue;
        any_sp = any_sp || l.sp;
        all_sp = all_sp && l.sp;
    }
    if (any_sp && tp > 1)
        add("--sequence-parallel");
    if (any_sp && !all_sp)
        r.unsupported.push_back(
            "per-layer sequence parallelism (" +
            describeRuns(plan, [](const LayerStrategy& l) { return l.sp ? "sp" : "no-sp"; }) +
            "): Megatron-LM's --sequence-parallel applies to all layers; exported on for all");

    // Batch sizes: Megatron's --micro-batch-size is per data-parallel rank.
    const int micro = perRankMicro(plan, dp);
    if (micro == 0)
        r.warnings.push_back("micro-batch of " + std::to_string(plan.microBatch()) +
                             " samples does not divide over data-parallel degree " + std::to_string(dp) +
                             "; exported --micro-batch-size 1");
    add("--micro-batch-size", std::to_string(std::max(1, micro)));
    add("--global-batch-size", std::to_string(plan.global_batch));

    // Activation recomputation.
    const bool any_full = std::any_of(plan.layers.begin(), plan.layers.end(),
                                      [](const LayerStrategy& l) { return l.ckpt == Checkpoint::Full; });
    const bool any_sel = std::any_of(plan.layers.begin(), plan.layers.end(),
                                     [](const LayerStrategy& l) { return l.ckpt == Checkpoint::Selective; });
    const auto ckptRuns = [&] {
        return describeRuns(plan, [](const LayerStrategy& l) { return "ckpt=" + checkpointName(l.ckpt); });
    };
    if (any_full) {
        if (uniform(plan, [](const LayerStrategy& l) { return l.ckpt; })) {
            add("--recompute-granularity", "full");
            add("--recompute-method", "uniform");
            add("--recompute-num-layers", "1");
        } else {
            // Megatron's "block" method recomputes the first N layers of every pipeline stage (chunk).
            int n_block = -1;
            bool block_ok = !any_sel;
            int start = 0;
            for (int c = 0; c < static_cast<int>(plan.stage_layers.size()) && block_ok; ++c) {
                const int n = plan.stage_layers[static_cast<std::size_t>(c)];
                int k = 0;
                while (k < n && plan.layers[static_cast<std::size_t>(start + k)].ckpt == Checkpoint::Full)
                    ++k;
                for (int i = k; i < n; ++i)
                    block_ok =
                        block_ok && plan.layers[static_cast<std::size_t>(start + i)].ckpt == Checkpoint::None;
                if (n_block < 0)
                    n_block = k;
                block_ok = block_ok && k == n_block;
                start += n;
            }
            add("--recompute-granularity", "full");
            if (block_ok) {
                add("--recompute-method", "block");
                add("--recompute-num-layers", std::to_string(n_block));
            } else {
                add("--recompute-method", "uniform");
                add("--recompute-num-layers", "1");
                r.unsupported.push_back(
                    "per-layer activation checkpointing (" + ckptRuns() +
                    "): Megatron-LM recomputes the same first N layers of every stage (--recompute-method "
                    "block) or all layers; exported full recomputation of all layers");
            }
        }
    } else if (any_sel) {
        add("--recompute-granularity", "selective");
        if (!uniform(plan, [](const LayerStrategy& l) { return l.ckpt; }))
            r.unsupported.push_back("per-layer selective recomputation (" + ckptRuns() +
                                    "): Megatron-LM's selective recompute applies to all layers; exported "
                                    "for all layers");
    }

    // Data parallelism flavour.
    const DpType dpt = mostCommon<DpType>(plan, [](const LayerStrategy& l) { return l.dp_type; });
    if (!uniform(plan, [](const LayerStrategy& l) { return l.dp_type; }))
        r.unsupported.push_back(
            "per-layer data-parallel types (" +
            describeRuns(plan, [](const LayerStrategy& l) { return dpName(l.dp_type); }) +
            "): Megatron-LM uses one optimizer for all layers; exported the most common (" + dpName(dpt) +
            ")");
    if (dpt == DpType::ZeRO1) {
        add("--use-distributed-optimizer");
    } else if (dpt == DpType::ZeRO2 || dpt == DpType::ZeRO3) {
        add("--use-distributed-optimizer");
        r.unsupported.push_back(dpName(dpt) + " (sharded gradients" +
                                (dpt == DpType::ZeRO3 ? std::string(" and weights") : "") +
                                "): Megatron-LM's distributed optimizer shards optimizer states only "
                                "(ZeRO-1); exported --use-distributed-optimizer, so memory per GPU is higher "
                                "than planned");
    }
    if (!uniform(plan, [](const LayerStrategy& l) { return l.tp_consecutive; }) ||
        (!plan.layers.empty() && !plan.layers.front().tp_consecutive && tp > 1 && dp > 1))
        r.unsupported.push_back(
            "data-parallel-first rank order (" +
            describeRuns(plan,
                         [](const LayerStrategy& l) {
                             return l.tp_consecutive ? std::string("tp-consecutive")
                                                     : std::string("dp-consecutive");
                         }) +
            "): Megatron-LM always places tensor-parallel ranks adjacent; exported tp-consecutive");
    if (plan.vocab_tp != tp)
        r.unsupported.push_back("vocabulary tensor parallelism vtp=" + std::to_string(plan.vocab_tp) +
                                ": Megatron-LM splits embedding and LM head over the layers' "
                                "--tensor-model-parallel-size (" +
                                std::to_string(tp) + ")");
    if (plan.vocab_dp_type != DpType::DDP && plan.vocab_dp_type != dpt)
        r.unsupported.push_back("embedding data-parallel type " + dpName(plan.vocab_dp_type) +
                                ": Megatron-LM treats the embedding like the other layers");

    // Model shape.
    if (o.include_model_args && !model.stacks.empty()) {
        const LayerType& t = model.stacks.front().type;
        if (model.stacks.size() > 1 || t.kind != BlockKind::Decoder)
            r.warnings.push_back("model '" + model.name +
                                 "' is not a decoder-only stack: pretrain_gpt.py "
                                 "trains GPT-style models; use the matching Megatron-LM entry point "
                                 "(pretrain_bert.py, pretrain_t5.py, pretrain_vision_*.py)");
        add("--num-layers", std::to_string(model.layerCount()));
        add("--hidden-size", std::to_string(t.hidden));
        add("--ffn-hidden-size", std::to_string(t.ffn_hidden));
        add("--num-attention-heads", std::to_string(t.heads));
        if (t.kv_heads > 0 && t.kv_heads != t.heads) {
            add("--group-query-attention");
            add("--num-query-groups", std::to_string(t.kv_heads));
        }
        if (t.head_dim > 0 && t.heads > 0 && t.head_dim * t.heads != t.hidden)
            add("--kv-channels", std::to_string(t.head_dim));
        const int seq = model.seq_len > 0 ? model.seq_len : t.seq_len;
        add("--seq-length", std::to_string(seq));
        add("--max-position-embeddings", std::to_string(model.max_position > 0 ? model.max_position : seq));
        if (model.max_position == 0)
            add("--position-embedding-type", "rope");
        if (t.gated_ffn)
            add("--swiglu");
        if (!t.bias)
            add("--disable-bias-linear");
        if (model.family == "llama")
            add("--normalization", "RMSNorm");
        if (!model.tied_embeddings)
            add("--untie-embeddings-and-output-weights");
    }
    add(o.bf16 ? "--bf16" : "--fp16");
    if (o.train_iters > 0)
        add("--train-iters", std::to_string(o.train_iters));
    if (!o.data_path.empty())
        add("--data-path", o.data_path);
    if (!o.tokenizer.empty()) {
        add("--tokenizer-type", "HuggingFaceTokenizer");
        add("--tokenizer-model", o.tokenizer);
    }
    if (!o.save_path.empty()) {
        add("--save", o.save_path);
        add("--load", o.save_path);
    }
    return r;
}

std::string costComment(const Plan& plan, const ModelProfile& model, const ClusterProfile& cluster,
                        const std::string& prefix) {
    std::ostringstream s;
    s << prefix << "Galvatron Explorer plan: " << model.name << " on " << plan.gpus << " GPUs of "
      << cluster.name << "\n";
    try {
        const PlanCost c = CostModel(model, cluster).evaluate(plan);
        s << prefix << "predicted: " << fmt(c.iteration_time, 4) << " s/iteration, "
          << fmt(c.samples_per_s, 4) << " samples/s, MFU " << fmt(c.mfu * 100, 3) << "%, peak memory "
          << fmt(c.peak_memory / (1024.0 * 1024 * 1024), 4) << " GiB/GPU (stage " << c.peak_stage << ")\n";
    } catch (const std::exception& e) {
        s << prefix << "predicted cost unavailable: " << e.what() << "\n";
    }
    return s.str();
}

std::string listBlock(const std::vector<std::string>& items, const std::string& title) {
    if (items.empty())
        return {};
    std::string out = "# " + title + ":\n";
    for (const auto& u : items)
        out += "#  - " + u + "\n";
    return out;
}

// ------------------------------------------------------------------------------------------------

ExportResult exportMegatron(const Plan& plan, const ModelProfile& model, const ClusterProfile& cluster,
                            const ExportOptions& o) {
    ExportResult r;
    MegatronArgs m = buildMegatron(plan, model, o);
    std::ostringstream s;
    s << "#!/usr/bin/env bash\n";
    if (o.include_cost_header)
        s << costComment(plan, model, cluster, "# ");
    s << listBlock(m.unsupported, "not expressible in Megatron-LM (exported approximation)");
    s << "MEGATRON_ARGS=(\n";
    for (const auto& a : m.args)
        s << "    " << a << "\n";
    s << ")\n";
    r.text = s.str();
    r.unsupported = std::move(m.unsupported);
    r.warnings = std::move(m.warnings);
    r.suggested_filename = safeName(model.name) + "_megatron_args.sh";
    return r;
}

ExportResult exportDeepSpeed(const Plan& plan, const ModelProfile& model, const ClusterProfile&,
                             const ExportOptions& o) {
    ExportResult r;
    const int tp = mostCommon<int>(plan, [](const LayerStrategy& l) { return l.tp; });
    const int dp = std::max(1, plan.stageGpus() / std::max(1, tp));
    int micro = perRankMicro(plan, dp);
    if (micro == 0) {
        r.warnings.push_back("micro-batch of " + std::to_string(plan.microBatch()) +
                             " samples does not divide over data-parallel degree " + std::to_string(dp) +
                             "; exported train_micro_batch_size_per_gpu 1");
        micro = 1;
    }
    const int ga = plan.num_micro;
    const DpType dpt = mostCommon<DpType>(plan, [](const LayerStrategy& l) { return l.dp_type; });
    const int stage = dpt == DpType::DDP ? 0 : dpt == DpType::ZeRO1 ? 1 : dpt == DpType::ZeRO2 ? 2 : 3;
    if (!uniform(plan, [](const LayerStrategy& l) { return l.dp_type; }))
        r.unsupported.push_back(
            "per-layer data-parallel types (" +
            describeRuns(plan, [](const LayerStrategy& l) { return dpName(l.dp_type); }) +
            "): DeepSpeed has one zero_optimization.stage; exported the most common (stage " +
            std::to_string(stage) + ")");

    ordered_json j;
    // DeepSpeed checks train_batch_size == micro * gradient_accumulation_steps * data-parallel world size.
    j["train_batch_size"] = micro * ga * dp;
    j["train_micro_batch_size_per_gpu"] = micro;
    j["gradient_accumulation_steps"] = ga;
    j["gradient_clipping"] = 1.0;
    j["steps_per_print"] = 10;
    if (o.bf16)
        j["bf16"] = {{"enabled", true}};
    else
        j["fp16"] = {{"enabled", true}, {"loss_scale", 0}, {"initial_scale_power", 16}};
    ordered_json z;
    z["stage"] = stage;
    if (stage > 0) {
        z["overlap_comm"] = true;
        z["contiguous_gradients"] = true;
        z["reduce_scatter"] = true;
        z["reduce_bucket_size"] = 500000000;
    }
    if (stage == 1 || stage == 2)
        z["allgather_bucket_size"] = 500000000;
    if (stage == 3) {
        z["stage3_prefetch_bucket_size"] = 50000000;
        z["stage3_param_persistence_threshold"] = 100000;
        z["stage3_max_live_parameters"] = 1000000000;
        z["stage3_gather_16bit_weights_on_model_save"] = true;
    }
    j["zero_optimization"] = z;

    const bool any_ckpt = std::any_of(plan.layers.begin(), plan.layers.end(),
                                      [](const LayerStrategy& l) { return l.ckpt != Checkpoint::None; });
    if (any_ckpt) {
        j["activation_checkpointing"] = {{"partition_activations", tp > 1},
                                         {"contiguous_memory_optimization", false},
                                         {"cpu_checkpointing", false},
                                         {"number_checkpoints", nullptr},
                                         {"synchronize_checkpoint_boundary", false},
                                         {"profile", false}};
        r.warnings.push_back(
            "DeepSpeed's activation_checkpointing section only configures checkpointing; "
            "the model code must wrap layers with deepspeed.checkpointing.checkpoint (" +
            describeRuns(plan, [](const LayerStrategy& l) { return "ckpt=" + checkpointName(l.ckpt); }) +
            ")");
        if (std::any_of(plan.layers.begin(), plan.layers.end(),
                        [](const LayerStrategy& l) { return l.ckpt == Checkpoint::Selective; }))
            r.unsupported.push_back("selective recomputation: DeepSpeed checkpoints whole layers; use "
                                    "Megatron-DeepSpeed --recompute-granularity selective");
    }

    std::string parallel_args = "--tensor-model-parallel-size " + std::to_string(tp) +
                                " --pipeline-model-parallel-size " + std::to_string(plan.pp);
    if (std::any_of(plan.layers.begin(), plan.layers.end(), [](const LayerStrategy& l) { return l.sp; }))
        parallel_args += " --sequence-parallel";
    if (tp > 1)
        r.unsupported.push_back("tensor parallelism (tp=" + std::to_string(tp) +
                                ") is not part of DeepSpeed itself: run with Megatron-DeepSpeed and " +
                                parallel_args);
    if (plan.pp > 1) {
        ordered_json p;
        p["stages"] = plan.pp;
        p["partition"] = "uniform";
        p["seed_layers"] = false;
        p["activation_checkpoint_interval"] = any_ckpt ? 1 : 0;
        j["pipeline"] = p;
        const std::string split = joinInts(plan.stage_layers);
        r.unsupported.push_back(
            "pipeline parallelism (pp=" + std::to_string(plan.pp) + ", layers " + split +
            "): needs a deepspeed.pipe.PipelineModule (num_stages=" + std::to_string(plan.pp) +
            ", partition_method='uniform') in the model code or Megatron-DeepSpeed with " + parallel_args);
        if (stage >= 2)
            r.unsupported.push_back("ZeRO stage " + std::to_string(stage) +
                                    " with pipeline parallelism: DeepSpeed's pipeline engine supports ZeRO "
                                    "stage 0 or 1 only");
        if (plan.schedule != Schedule::OneFOneB)
            r.unsupported.push_back(std::string(toString(plan.schedule)) +
                                    " schedule: DeepSpeed's pipeline engine runs 1F1B");
    }
    if (!uniform(plan, [](const LayerStrategy& l) { return l.tp; }))
        r.unsupported.push_back(
            "per-layer tensor-parallel degrees (" +
            describeRuns(plan, [](const LayerStrategy& l) { return "tp=" + std::to_string(l.tp); }) +
            "): one degree for the whole model; exported tp=" + std::to_string(tp));
    std::ostringstream s;
    s << j.dump(2) << "\n";
    r.text = s.str();
    r.suggested_filename = safeName(model.name) + "_ds_config.json";
    return r;
}

std::string tomlString(const std::string& v) {
    std::string out = "\"";
    for (char c : v) {
        if (c == '"' || c == '\\')
            out += '\\';
        out += c;
    }
    return out + "\"";
}

ExportResult exportTorchtitan(const Plan& plan, const ModelProfile& model, const ClusterProfile& cluster,
                              const ExportOptions& o) {
    ExportResult r;
    const int tp = mostCommon<int>(plan, [](const LayerStrategy& l) { return l.tp; });
    const int dp = std::max(1, plan.stageGpus() / std::max(1, tp));
    if (!uniform(plan, [](const LayerStrategy& l) { return l.tp; }))
        r.unsupported.push_back(
            "per-layer tensor-parallel degrees (" +
            describeRuns(plan, [](const LayerStrategy& l) { return "tp=" + std::to_string(l.tp); }) +
            "): torchtitan uses one tensor_parallel_degree; exported the most common (tp=" +
            std::to_string(tp) + ")");
    const DpType dpt = mostCommon<DpType>(plan, [](const LayerStrategy& l) { return l.dp_type; });
    if (!uniform(plan, [](const LayerStrategy& l) { return l.dp_type; }))
        r.unsupported.push_back(
            "per-layer data-parallel types (" +
            describeRuns(plan, [](const LayerStrategy& l) { return dpName(l.dp_type); }) +
            "): torchtitan applies one FSDP/DDP setting to all layers; exported the most common (" +
            dpName(dpt) + ")");
    int replicate = 1, shard = 1;
    std::string reshard = "default";
    if (dpt == DpType::DDP) {
        replicate = dp;
    } else {
        shard = dp;
        if (dpt == DpType::ZeRO3) {
            reshard = "always";
        } else {
            // FSDP2 without resharding after forward keeps the gathered weights like ZeRO-2.
            reshard = "never";
            if (dpt == DpType::ZeRO1)
                r.unsupported.push_back("ZeRO-1 (only optimizer states sharded): torchtitan shards with "
                                        "FSDP2; exported data_parallel_shard_degree with "
                                        "fsdp_reshard_after_forward=\"never\" (ZeRO-2-like)");
        }
    }
    const bool tp_sp_all = std::all_of(plan.layers.begin(), plan.layers.end(),
                                       [](const LayerStrategy& l) { return l.tp <= 1 || l.sp; });
    if (tp > 1 && !tp_sp_all)
        r.unsupported.push_back("tensor parallelism without sequence parallelism (" +
                                describeRuns(plan,
                                             [](const LayerStrategy& l) {
                                                 return l.sp ? std::string("sp") : std::string("no-sp");
                                             }) +
                                "): torchtitan always shards norms/dropout along the sequence with TP");
    const bool tp_consec = std::all_of(plan.layers.begin(), plan.layers.end(),
                                       [](const LayerStrategy& l) { return l.tp_consecutive; });
    if (!tp_consec && tp > 1 && dp > 1)
        r.unsupported.push_back("data-parallel-first rank order: torchtitan's device mesh puts "
                                "tensor-parallel ranks innermost; exported tp-consecutive");
    if (plan.vocab_tp != tp)
        r.unsupported.push_back("vocabulary tensor parallelism vtp=" + std::to_string(plan.vocab_tp) +
                                ": torchtitan shards embedding and output over tensor_parallel_degree (" +
                                std::to_string(tp) + ")");

    const int micro = perRankMicro(plan, dp);
    const int local = plan.global_batch % dp == 0 ? plan.global_batch / dp : 0;
    if (micro == 0 || local == 0)
        r.warnings.push_back("global batch " + std::to_string(plan.global_batch) + " / micro-batch " +
                             std::to_string(plan.microBatch()) +
                             " does not divide over data-parallel degree " + std::to_string(dp));

    std::string ac =
        checkpointName(mostCommon<Checkpoint>(plan, [](const LayerStrategy& l) { return l.ckpt; }));
    if (!uniform(plan, [](const LayerStrategy& l) { return l.ckpt; }))
        r.unsupported.push_back(
            "per-layer activation checkpointing (" +
            describeRuns(plan, [](const LayerStrategy& l) { return "ckpt=" + checkpointName(l.ckpt); }) +
            "): torchtitan's [activation_checkpoint] mode applies to all layers; "
            "exported the most common (" +
            ac + ")");

    std::ostringstream s;
    s << "# torchtitan job config generated by Galvatron Explorer\n";
    if (o.include_cost_header)
        s << costComment(plan, model, cluster, "# ");
    s << listBlock(r.unsupported, "not expressible in torchtitan (exported approximation)");
    s << "\n[job]\ndescription = " << tomlString(model.name + " plan by Galvatron Explorer") << "\n";
    if (model.family != "llama")
        r.warnings.push_back("torchtitan ships Llama-family model definitions; [model] name/flavor for '" +
                             model.name + "' (family " + model.family +
                             ") must exist in your torchtitan build");
    s << "\n[model]\n";
    s << "name = " << tomlString(model.family == "llama" ? "llama3" : model.family) << "\n";
    s << "flavor = " << tomlString(model.name) << "  # set to a flavor your torchtitan build defines\n";
    s << "hf_assets_path = " << tomlString(o.tokenizer) << "\n";
    s << "\n[training]\n";
    s << "local_batch_size = " << std::max(1, local) << "\n";
    s << "global_batch_size = " << plan.global_batch << "\n";
    s << "seq_len = " << (model.seq_len > 0 ? model.seq_len : model.stacks.front().type.seq_len) << "\n";
    s << "mixed_precision_param = " << tomlString(o.bf16 ? "bfloat16" : "float32") << "\n";
    if (o.train_iters > 0)
        s << "steps = " << o.train_iters << "\n";
    s << "dataset_path = " << tomlString(o.data_path) << "\n";
    s << "\n[parallelism]\n";
    s << "data_parallel_replicate_degree = " << replicate << "\n";
    s << "data_parallel_shard_degree = " << shard << "\n";
    s << "fsdp_reshard_after_forward = " << tomlString(reshard) << "\n";
    s << "tensor_parallel_degree = " << tp << "\n";
    s << "enable_async_tensor_parallel = false\n";
    s << "context_parallel_degree = 1\n";
    s << "pipeline_parallel_degree = " << plan.pp << "\n";
    if (plan.pp > 1) {
        const char* sched = plan.schedule == Schedule::GPipe         ? "GPipe"
                            : plan.schedule == Schedule::Interleaved ? "Interleaved1F1B"
                                                                     : "1F1B";
        s << "pipeline_parallel_schedule = " << tomlString(sched) << "\n";
        s << "pipeline_parallel_microbatch_size = " << std::max(1, micro) << "\n";
        // Exact split: module names per model chunk (torchtitan Llama naming).
        s << "module_fqns_per_model_part = [\n";
        int layer = 0;
        for (std::size_t c = 0; c < plan.stage_layers.size(); ++c) {
            s << "  [";
            bool first = true;
            auto item = [&](const std::string& n) {
                s << (first ? "" : ", ") << tomlString(n);
                first = false;
            };
            if (c == 0)
                item("tok_embeddings");
            for (int k = 0; k < plan.stage_layers[c]; ++k)
                item("layers." + std::to_string(layer++));
            if (c + 1 == plan.stage_layers.size()) {
                item("norm");
                item("output");
            }
            s << "]" << (c + 1 < plan.stage_layers.size() ? "," : "") << "\n";
        }
        s << "]\n";
        r.warnings.push_back("module_fqns_per_model_part uses torchtitan's Llama module names "
                             "(tok_embeddings, layers.N, norm, output)");
    }
    s << "\n[activation_checkpoint]\nmode = " << tomlString(ac) << "\n";
    if (ac == "selective")
        s << "selective_ac_option = \"op\"\n";
    s << "\n[checkpoint]\nfolder = " << tomlString(o.save_path) << "\n";
    r.text = s.str();
    r.suggested_filename = safeName(model.name) + "_torchtitan.toml";
    return r;
}

ExportResult exportLauncher(const Plan& plan, const ModelProfile& model, const ClusterProfile& cluster,
                            const ExportOptions& o, bool slurm) {
    ExportResult r;
    MegatronArgs m = buildMegatron(plan, model, o);
    int per_node = 1;
    const int nodes = launchNodes(plan, cluster, o, &per_node);
    if (nodes * per_node != plan.gpus)
        r.warnings.push_back(std::to_string(nodes) + " nodes x " + std::to_string(per_node) +
                             " GPUs = " + std::to_string(nodes * per_node) +
                             " processes, but the plan uses " + std::to_string(plan.gpus) + " GPUs");
    std::ostringstream s;
    s << "#!/usr/bin/env bash\n";
    if (slurm) {
        s << "#SBATCH --job-name=" << o.job_name << "\n";
        s << "#SBATCH --nodes=" << nodes << "\n";
        s << "#SBATCH --ntasks-per-node=1\n";
        s << "#SBATCH --gpus-per-node=" << per_node << "\n";
        s << "#SBATCH --exclusive\n";
        s << "#SBATCH --time=" << o.time_limit << "\n";
        if (!o.partition.empty())
            s << "#SBATCH --partition=" << o.partition << "\n";
        if (!o.account.empty())
            s << "#SBATCH --account=" << o.account << "\n";
        s << "#SBATCH --output=%x-%j.out\n";
    }
    if (o.include_cost_header)
        s << costComment(plan, model, cluster, "# ");
    s << listBlock(m.unsupported, "not expressible in Megatron-LM (exported approximation)");
    s << "set -euo pipefail\n\n";
    if (slurm) {
        s << "# Rendezvous on the first node of the allocation.\n";
        s << "MASTER_ADDR=$(scontrol show hostnames \"$SLURM_JOB_NODELIST\" | head -n 1)\n";
        s << "MASTER_PORT=" << o.master_port << "\n";
    } else {
        s << "# Run this script on every node (same MASTER_ADDR everywhere).\n";
        const bool placeholder = !o.master_addr.empty() && o.master_addr.front() == '$';
        if (placeholder)
            s << "MASTER_ADDR=${MASTER_ADDR:-localhost}\n";
        else
            s << "MASTER_ADDR=" << o.master_addr << "\n";
        s << "MASTER_PORT=${MASTER_PORT:-" << o.master_port << "}\n";
    }
    s << "NNODES=" << nodes << "\n";
    s << "GPUS_PER_NODE=" << per_node << "\n";
    s << "export CUDA_DEVICE_MAX_CONNECTIONS=1  # Megatron-LM: TP/SP communication overlap\n\n";
    s << "MEGATRON_ARGS=(\n";
    for (const auto& a : m.args)
        s << "    " << a << "\n";
    s << ")\n\n";
    const std::string torchrun = "torchrun --nnodes=\"$NNODES\" --nproc-per-node=\"$GPUS_PER_NODE\" "
                                 "--rdzv-backend=c10d --rdzv-endpoint=\"$MASTER_ADDR:$MASTER_PORT\" "
                                 "--rdzv-id=" +
                                 (slurm ? std::string("\"$SLURM_JOB_ID\"") : std::string("galvatron")) + " " +
                                 o.script + " \"${MEGATRON_ARGS[@]}\"";
    if (slurm) {
        s << "srun --ntasks-per-node=1";
        if (!o.container.empty())
            s << " --container-image=" << o.container << " --container-mounts=\"$PWD:$PWD\"";
        s << " \\\n    " << torchrun << "\n";
    } else {
        s << torchrun << "\n";
    }
    r.text = s.str();
    r.unsupported = std::move(m.unsupported);
    r.warnings.insert(r.warnings.end(), m.warnings.begin(), m.warnings.end());
    r.suggested_filename = safeName(model.name) + (slurm ? "_slurm.sbatch" : "_torchrun.sh");
    return r;
}

ExportResult exportPlanJson(const Plan& plan, const ModelProfile& model, const ClusterProfile& cluster,
                            const ExportOptions& o) {
    ExportResult r;
    json j = toJson(plan);
    if (o.include_cost_header) {
        json h;
        h["generator"] = "Galvatron Explorer";
        h["model"] = model.name;
        h["cluster"] = cluster.name;
        try {
            const PlanCost c = CostModel(model, cluster).evaluate(plan);
            h["predicted"] = {{"iteration_time_s", c.iteration_time},
                              {"samples_per_s", c.samples_per_s},
                              {"tokens_per_s", c.tokens_per_s},
                              {"tflops_per_gpu", c.tflops_per_gpu},
                              {"mfu", c.mfu},
                              {"peak_memory_gib", c.peak_memory / (1024.0 * 1024 * 1024)},
                              {"peak_stage", c.peak_stage},
                              {"fits", c.fits()}};
        } catch (const InputError& e) {
            r.warnings.push_back(std::string("predicted cost not included: ") + e.what());
        }
        j["_export"] = h;
    }
    r.text = j.dump(2) + "\n";
    r.suggested_filename = safeName(model.name) + "_plan.json";
    return r;
}

ExportResult exportHetu(const Plan& plan, const ModelProfile& model) {
    ExportResult r;
    const ordered_json j = toHetuStrategyOrdered(plan, model, &r.unsupported);
    r.text = j.dump(4) + "\n";
    int tp = plan.layers.empty() ? 1 : plan.layers.front().tp;
    r.suggested_filename = "galvatron_config_" + safeName(model.name) + "_" + std::to_string(plan.gpus) +
                           "gpus_pp" + std::to_string(plan.pp) + "_tp" + std::to_string(tp) + ".json";
    return r;
}

} // namespace

const std::vector<ExportFormatInfo>& exportFormats() {
    return kFormats;
}

const ExportFormatInfo& exportFormatInfo(ExportFormat f) {
    for (const auto& i : kFormats)
        if (i.format == f)
            return i;
    return kFormats.front();
}

ExportFormat exportFormatFromString(const std::string& s) {
    std::string low;
    for (char c : s)
        low += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    for (const auto& i : kFormats) {
        std::string dn;
        for (const char* p = i.display_name; *p; ++p)
            dn += static_cast<char>(std::tolower(static_cast<unsigned char>(*p)));
        if (low == i.id || low == dn)
            return i.format;
    }
    if (low == "plan" || low == "plan-json")
        return ExportFormat::PlanJson;
    if (low == "hetu-galvatron" || low == "galvatron")
        return ExportFormat::HetuGalvatron;
    if (low == "ds")
        return ExportFormat::DeepSpeed;
    if (low == "sbatch")
        return ExportFormat::Slurm;
    std::string ids;
    for (const auto& i : kFormats)
        ids += (ids.empty() ? "" : ", ") + std::string(i.id);
    throw InputError("format", "unknown export format '" + s + "'; expected one of " + ids);
}

std::vector<std::string> megatronArgs(const Plan& plan, const ModelProfile& model,
                                      const ExportOptions& options, std::vector<std::string>& unsupported) {
    MegatronArgs m = buildMegatron(plan, model, options);
    unsupported.insert(unsupported.end(), m.unsupported.begin(), m.unsupported.end());
    return m.args;
}

ExportResult exportPlan(const Plan& plan, const ModelProfile& model, const ClusterProfile& cluster,
                        ExportFormat format, const ExportOptions& options) {
    checkPlan(plan, model, cluster);
    switch (format) {
    case ExportFormat::PlanJson:
        return exportPlanJson(plan, model, cluster, options);
    case ExportFormat::Megatron:
        return exportMegatron(plan, model, cluster, options);
    case ExportFormat::DeepSpeed:
        return exportDeepSpeed(plan, model, cluster, options);
    case ExportFormat::Torchtitan:
        return exportTorchtitan(plan, model, cluster, options);
    case ExportFormat::HetuGalvatron:
        return exportHetu(plan, model);
    case ExportFormat::Torchrun:
        return exportLauncher(plan, model, cluster, options, false);
    case ExportFormat::Slurm:
        return exportLauncher(plan, model, cluster, options, true);
    }
    throw InputError("format", "unknown export format");
}

} // namespace gx
