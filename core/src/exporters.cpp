// SPDX-License-Identifier: Apache-2.0
// Galvatron Explorer - plan exporters (Megatron-LM, DeepSpeed, torchtitan, Hetu-Galvatron, launchers).
//
// Flags and keys are checked against the consumers' source at the versions in gx/target.h (the facts
// with file and line are in tests/data/consumers/*.json, which tests/exporters checks every export against):
//  * Megatron-LM (Megatron-Core 0.20.0, NVIDIA/Megatron-LM@d98e8a64): megatron/training/arguments.py
//    parse_args + validate_args (--save needs --save-interval; TP needs CUDA_DEVICE_MAX_CONNECTIONS=1
//    before Blackwell; Megatron-FSDP needs it unset and --ckpt-format fsdp_dtensor), transformer_config.py
//    (recompute), pipeline_parallel_layer_layout.py (--pipeline-model-parallel-layout "Et*8|t*8|...L").
//  * DeepSpeed 0.19.6 (deepspeedai/DeepSpeed@edaa7221): runtime/config.py (train_batch_size = micro * GA *
//    dp; pipeline keys read by pipe/engine.py), pipe/engine.py (no ZeRO-2/3 with PP),
//    runtime/tensor_parallel/config.py (AutoTP autotp_size).
//  * torchtitan 0.2.2 (pytorch/torchtitan@b5bcd76c): torchtitan/config/configs.py (TrainingConfig,
//    ParallelismConfig), trainer.py, distributed/activation_checkpoint.py, distributed/parallel_dims.py
//    (expert parallelism); --module/--config select the base configuration, --section.field overrides it
//    (config/manager.py); its mixture-of-experts models are compared in torchtitan_models.cpp.
//  * torchrun: https://pytorch.org/docs/stable/elastic/run.html (--nnodes, --nproc-per-node, --rdzv-*;
//    the hyphenated spellings need PyTorch >= 2.0, 1.x accepts only --nproc_per_node, --rdzv_backend, ...).
#include "gx/exporters.h"

#include "gx/shell.h"

#include "gx/calibration.h"
#include "gx/cost_model.h"
#include "gx/error.h"
#include "gx/hetu.h"
#include "gx/megatron_core.h"
#include "gx/presets.h"
#include "gx/profile_io.h"
#include "torchtitan_models.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <functional>
#include <map>
#include <sstream>
#include <string_view>

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
    {ExportFormat::Torchtitan, "torchtitan", "torchtitan launch script", "sh",
     "torchrun -m torchtitan.train on a --module/--config base configuration with --parallelism.* / "
     "--training.* overrides (torchtitan 0.2; TOML job file for 0.1 with --torchtitan-version 0.1)"},
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

/// The one degree a framework takes for all layers (`field`: tp or cp): the most common, with a note in
/// `unsupported` naming the per-layer runs when the layers differ ("per-layer tensor-parallel degrees
/// (layers 0-15 tp=4, 16-31 tp=8): <uses>; exported the most common (tp=8)").
int oneDegree(std::vector<std::string>& unsupported, const Plan& plan, int LayerStrategy::*field,
              const std::string& what, const std::string& key, const std::string& uses) {
    const auto get = [field](const LayerStrategy& l) { return l.*field; };
    const int d = mostCommon<int>(plan, get);
    if (!uniform(plan, get))
        unsupported.push_back(
            "per-layer " + what + " degrees (" +
            describeRuns(plan, [&](const LayerStrategy& l) { return key + "=" + std::to_string(get(l)); }) +
            "): " + uses + "; exported the most common (" + key + "=" + std::to_string(d) + ")");
    return d;
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

/// The plan's predictions as the search made them: its runtime (a preset name) and precision.
CostOptions costOptionsOf(const Plan& plan, const ExportOptions& eo) {
    CostOptions o;
    o.precision = plan.precision;
    if (eo.runtime) {
        o.runtime = *eo.runtime;
    } else if (!plan.runtime.empty()) {
        try {
            o.runtime = runtimePreset(plan.runtime);
        } catch (const InputError&) {
            // a runtime loaded from a file: the header's figures use the neutral runtime
        }
    }
    return o;
}

/// Shell word for `v`: a double-quoted variable reference for exactly "$NAME" / "${NAME}" (placeholders
/// meant to expand), else gx::shellQuote (plain words unchanged, everything else single-quoted).
std::string shellQuote(const std::string& v) {
    const auto isVarName = [](std::string_view n) {
        if (n.empty() || std::isdigit(static_cast<unsigned char>(n.front())))
            return false;
        return std::all_of(n.begin(), n.end(),
                           [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; });
    };
    if (v.size() > 1 && v.front() == '$') {
        std::string_view n(v);
        n.remove_prefix(1);
        if (n.size() > 2 && n.front() == '{' && n.back() == '}')
            n = n.substr(1, n.size() - 2);
        if (isVarName(n))
            return "\"$" + std::string(n) + "\"";
    }
    return gx::shellQuote(std::string_view(v));
}

/// A value for an #SBATCH directive: no whitespace, quotes or control characters.
std::string sbatchValue(const std::string& v, const char* field) {
    for (char c : v)
        if (static_cast<unsigned char>(c) <= 0x20 || c == '"' || c == '\'' || c == '\\' || c == 0x7f)
            throw InputError(field, "'" + commentSafe(v) +
                                        "' contains a space, quote or control character, which an #SBATCH "
                                        "line cannot hold");
    return v;
}

void checkPlan(const Plan& plan, const ModelProfile& model, const ClusterProfile& cluster) {
    if (static_cast<int>(plan.layers.size()) != model.layerCount())
        throw InputError("plan.layers", "has " + std::to_string(plan.layers.size()) +
                                            " layer strategies but model '" + model.name + "' has " +
                                            std::to_string(model.layerCount()) + " layers");
    CostModel(model, cluster).validate(plan);
}

/// Per-GPU micro-batch (samples each data-parallel rank processes per micro-batch) for data-parallel
/// degree dp. When it is not an integer, 1, with a note in `unsupported` that names what was exported
/// instead (`exported`, e.g. "--micro-batch-size 1").
int perRankMicro(const Plan& plan, int dp, const std::string& exported,
                 std::vector<std::string>& unsupported) {
    const int mb = plan.microBatch();
    if (dp > 0 && mb % dp == 0 && mb / dp > 0)
        return mb / dp;
    unsupported.push_back("micro-batch of " + std::to_string(mb) +
                          " samples does not divide over data-parallel degree " + std::to_string(dp) +
                          "; exported " + exported);
    return 1;
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
    int tp = 1;
    bool fsdp = false; ///< Megatron-FSDP (ZeRO-2/3): CUDA_DEVICE_MAX_CONNECTIONS must not be 1
    bool distributed_optimizer = false; ///< --use-distributed-optimizer (ZeRO-1, Megatron-FSDP)
    bool sequence_parallel = false;     ///< --sequence-parallel
};

/// --pipeline-model-parallel-layout for the plan's chunks: "Et*9|t*8|t*8|t*7L" (E = embedding, t =
/// decoder layer, L = loss; chunk c runs on pipeline rank c % pp; pipeline_parallel_layer_layout.py).
std::string megatronLayout(const Plan& plan) {
    std::string out;
    const auto& s = plan.stage_layers;
    for (std::size_t c = 0; c < s.size(); ++c) {
        if (c > 0)
            out += '|';
        if (c == 0)
            out += 'E';
        if (s[c] == 1)
            out += 't';
        else if (s[c] > 1)
            out += "t*" + std::to_string(s[c]);
        if (c + 1 == s.size())
            out += 'L';
    }
    return out;
}

/// One argument of pretrain_gpt.py, its value shell-quoted.
void addArg(MegatronArgs& r, const std::string& flag, const std::string& v = {}) {
    r.args.push_back(v.empty() ? flag : flag + " " + shellQuote(v));
}

/// Activation recomputation as Megatron-LM runs it: all layers, the first N of every stage (block) or
/// selective for all layers; what the plan does differently is named in r.unsupported.
void addMegatronRecompute(const Plan& plan, MegatronArgs& r) {
    const auto add = [&](const std::string& flag, const std::string& v = {}) { addArg(r, flag, v); };
    const int L = static_cast<int>(plan.layers.size());
    // Activation recomputation (transformer_config.py: granularity full|selective, method uniform|block;
    // block = the first --recompute-num-layers layers of every stage / virtual chunk).
    int n_full = 0, n_sel = 0;
    for (const auto& l : plan.layers) {
        n_full += l.ckpt == Checkpoint::Full;
        n_sel += l.ckpt == Checkpoint::Selective;
    }
    const auto ckptRuns = [&] {
        return describeRuns(plan,
                            [](const LayerStrategy& l) { return "ckpt=" + std::string(toString(l.ckpt)); });
    };
    if (n_full == L && L > 0) {
        add("--recompute-granularity", "full");
        add("--recompute-method", "uniform");
        add("--recompute-num-layers", "1");
    } else if (n_full > 0) {
        const int n_block = n_sel == 0 ? blockRecomputeLayers(plan) : -1;
        add("--recompute-granularity", "full");
        if (n_block > 0) {
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
    } else if (n_sel > 0) {
        add("--recompute-granularity", "selective");
        if (n_sel < L)
            r.unsupported.push_back("per-layer selective recomputation (" + ckptRuns() +
                                    "): Megatron-LM's selective recompute applies to all layers; exported "
                                    "for all layers");
    }
}

/// Llama 3.1's rotary scaling (meta-llama/Llama-3.1-*/config.json: llama3, factor 8, frequency factors
/// 1 and 4, original context 8192): the one Megatron-LM's pretrain_gpt.py and torchtitan 0.2.2's llama3
/// configurations apply.
bool isLlama31Scaling(const RopeScaling& rs) {
    return rs.type == "llama3" && rs.factor == 8 && rs.low_freq_factor == 1 && rs.high_freq_factor == 4 &&
           rs.original_max_position == 8192;
}

/// Rotary positions (megatron/training/arguments.py _add_network_size_args): the base, and the scaling
/// the model was trained with, so that the framework trains the same model. pretrain_gpt.py's llama3
/// scaling is Llama 3.1's alone (isLlama31Scaling): gpt_config_from_args passes --use-rope-scaling,
/// not --rope-scaling-factor, so GPTModelConfig keeps its factor 8 (training/argument_utils.py:465),
/// and the frequency factors and original context are fixed (core/models/common/embeddings/
/// rotary_pos_embedding.py). MLA takes yarn by default and reads rotary_scaling_factor, mscale and
/// mscale_all_dim from the options of the same name, its original context (4096) and betas (32, 1)
/// from MLATransformerConfig's defaults (training/argument_utils.py core_transformer_config_from_args;
/// core/transformer/transformer_config.py).
void addMegatronRope(const ModelProfile& model, bool mla, MegatronArgs& r) {
    const auto add = [&](const std::string& flag, const std::string& v = {}) { addArg(r, flag, v); };
    const RopeScaling& rs = model.rope_scaling;
    const bool yarn = rs.type == "yarn";
    add("--position-embedding-type", yarn && !mla ? "yarn" : "rope");
    if (model.rope_theta > 0) {
        if (model.rope_theta == std::floor(model.rope_theta))
            add("--rotary-base", std::to_string(static_cast<std::int64_t>(model.rope_theta)));
        else
            r.unsupported.push_back("rotary base " + fmt(model.rope_theta, 10) +
                                    ": --rotary-base takes an integer; exported the default 10000");
    }
    const auto cannot = [&](const std::string& why) {
        r.unsupported.push_back(rs.type + " rope scaling (factor " + fmt(rs.factor, 6) + "): " + why);
    };
    if (rs.type == "llama3") {
        if (isLlama31Scaling(rs))
            add("--use-rope-scaling");
        else
            cannot("pretrain_gpt.py applies llama3 scaling with factor 8, frequency factors 1 and 4 and "
                   "original "
                   "context 8192 only (--rope-scaling-factor is parsed but not passed to the model)");
    } else if (yarn) {
        add("--rotary-scaling-factor", fmt(rs.factor, 10));
        add("--mscale", fmt(rs.mscale, 10));
        add("--mscale-all-dim", fmt(rs.mscale_all_dim, 10));
        if (!mla) {
            add("--yarn-original-max-position-embeddings", std::to_string(rs.original_max_position));
            add("--yarn-beta-fast", fmt(rs.beta_fast, 10));
            add("--yarn-beta-slow", fmt(rs.beta_slow, 10));
        } else if (rs.original_max_position != 4096 || rs.beta_fast != 32 || rs.beta_slow != 1) {
            cannot("multi-latent attention takes the original context 4096 and betas 32 and 1 (no options)");
        }
    } else if (rs.type == "linear") {
        if (rs.factor == std::floor(rs.factor))
            add("--rotary-seq-len-interpolation-factor", std::to_string(static_cast<int>(rs.factor)));
        else
            cannot("--rotary-seq-len-interpolation-factor takes an integer");
    } else if (!rs.type.empty()) {
        cannot("Megatron-LM has no option for it");
    } // (unscaled MLA runs yarn with factor 1: plain rotary frequencies)
}

/// The router's options (Megatron-Core's fields, shared with the Hetu-Galvatron export: megatronCoreRouter;
/// facts with sources in tests/data/consumers/megatron.json), so that the framework trains the same
/// model; what it cannot reproduce is named in r.unsupported.
void addMegatronRouter(const MoeSpec& e, const std::string& family, MegatronArgs& r) {
    const auto num = [](int v) { return std::to_string(v); };
    const MegatronCoreRouter router = megatronCoreRouter(e, family, /*refuse_softmax_top1=*/true);
    if (router.renormalises_sigmoid)
        r.unsupported.push_back("unnormalised sigmoid router weights (top-" + num(e.top_k) +
                                "): Megatron-LM divides sigmoid top-k weights by their sum whenever "
                                "top-k > 1; exported normalised");
    if (router.softmax_top1_as_pre_softmax)
        r.unsupported.push_back("softmax top-1 router renormalised (weight 1): Megatron-LM refuses a "
                                "softmax over the top-1 logit; exported --moe-router-pre-softmax (the "
                                "expert's probability as its weight)");
    if (router.group_rank_differs)
        r.unsupported.push_back(e.groupRoutingText() +
                                ": Megatron-LM ranks a group by its best top-k / "
                                "group-topk = " +
                                num(router.group_rank_top) +
                                (router.group_rank_on_logits ? " logits" : " scores") +
                                "; exported Megatron-LM's ranking");
    for (const auto& f : router.fields) {
        std::string flag = "--" + f.field;
        std::replace(flag.begin(), flag.end(), '_', '-');
        addArg(r, flag, f.value);
    }
}

/// The model's shape for pretrain_gpt.py (dense or mixture-of-experts decoders of one shape; attention,
/// normalisation, positions, vocabulary); what it cannot describe is a warning in r.
void addMegatronModelArgs(const ModelProfile& model, MegatronArgs& r) {
    const auto add = [&](const std::string& flag, const std::string& v = {}) { addArg(r, flag, v); };
    // Dense and mixture-of-experts decoder layers of one shape are one Megatron model (MoE layers
    // placed by --moe-layer-freq); anything else is another entry point.
    const LayerType* dense_t = nullptr;
    const LayerType* moe_t = nullptr;
    bool decoder_only = true, one_shape = true;
    for (const auto& st : model.stacks) {
        const LayerType& x = st.type;
        decoder_only = decoder_only && x.kind == BlockKind::Decoder;
        const LayerType*& same = x.moe.enabled() ? moe_t : dense_t;
        if (!same)
            same = &x;
        const LayerType& f = model.stacks.front().type;
        one_shape = one_shape && x.hidden == f.hidden && x.heads == f.heads && x.kv_heads == f.kv_heads &&
                    x.head_dim == f.head_dim && x.mla == f.mla && x.gated_ffn == f.gated_ffn &&
                    x.bias == f.bias && x.qkv_bias == f.qkv_bias && x.qk_norm == f.qk_norm &&
                    x.ffn_hidden == same->ffn_hidden && x.moe == same->moe;
    }
    const LayerType& t = dense_t ? *dense_t : *moe_t;
    if (!decoder_only || (!moe_t && model.stacks.size() > 1))
        r.warnings.push_back("model '" + model.name +
                             "' is not a decoder-only stack: pretrain_gpt.py "
                             "trains GPT-style models; use the matching Megatron-LM entry point "
                             "(pretrain_bert.py, pretrain_t5.py, pretrain_vision_*.py)");
    else if (!one_shape)
        r.unsupported.push_back("layers of different shapes: Megatron-LM builds one decoder layer shape "
                                "(dense and MoE layers placed by --moe-layer-freq)");
    add("--num-layers", std::to_string(model.layerCount()));
    add("--hidden-size", std::to_string(t.hidden));
    add("--ffn-hidden-size", std::to_string(t.ffn_hidden));
    add("--num-attention-heads", std::to_string(t.heads));
    if (t.mla.enabled()) {
        // Megatron-Core MLA (arguments.py _add_mla_args); --qk-head-dim is the part without rotary.
        add("--multi-latent-attention");
        if (t.mla.q_lora_rank > 0)
            add("--q-lora-rank", std::to_string(t.mla.q_lora_rank));
        add("--kv-lora-rank", std::to_string(t.mla.kv_lora_rank));
        add("--qk-head-dim", std::to_string(t.mla.qk_nope_head_dim));
        add("--qk-pos-emb-head-dim", std::to_string(t.mla.qk_rope_head_dim));
        add("--v-head-dim", std::to_string(t.mla.v_head_dim));
    } else {
        if (t.kv_heads > 0 && t.kv_heads != t.heads) {
            add("--group-query-attention");
            add("--num-query-groups", std::to_string(t.kv_heads));
        }
        if (t.head_dim > 0 && t.heads > 0 && t.head_dim * t.heads != t.hidden)
            add("--kv-channels", std::to_string(t.head_dim));
    }
    if (t.qk_norm)
        add("--qk-layernorm");
    if (!t.bias && t.qkv_bias)
        add("--add-qkv-bias");
    if (moe_t) {
        const MoeSpec& e = moe_t->moe;
        add("--num-experts", std::to_string(e.experts));
        add("--moe-router-topk", std::to_string(e.top_k));
        add("--moe-ffn-hidden-size", std::to_string(moe_t->ffn_hidden));
        add("--moe-grouped-gemm"); // the cost model's grouped expert GEMMs
        // The cost model's all-to-all dispatch and combine; Megatron-Core's default, allgather, gathers
        // every token of the expert group instead (transformer_config.py:891).
        add("--moe-token-dispatcher-type", "alltoall");
        if (dense_t) {
            // Megatron evaluates a list expression: 1 = MoE layer, 0 = dense, in layer order.
            std::string pattern;
            for (const auto& st : model.stacks)
                pattern += (pattern.empty() ? "" : "+") +
                           std::string(st.type.moe.enabled() ? "[1]*" : "[0]*") + std::to_string(st.count);
            add("--moe-layer-freq", "(" + pattern + ")");
        }
        if (e.shared_experts > 0) // the total of all shared experts
            add("--moe-shared-expert-intermediate-size",
                std::to_string(std::int64_t(e.shared_experts) * e.shared_ffn_hidden));
        if (e.shared_expert_gate)
            add("--moe-shared-expert-gate");
        addMegatronRouter(e, model.family, r);
    }
    const int seq = model.seq_len > 0 ? model.seq_len : t.seq_len;
    add("--seq-length", std::to_string(seq));
    add("--max-position-embeddings", std::to_string(model.max_position > 0 ? model.max_position : seq));
    if (model.max_position == 0)
        addMegatronRope(model, t.mla.enabled(), r);
    if (t.gated_ffn)
        add("--swiglu");
    if (!t.bias)
        add("--disable-bias-linear");
    static const char* const kRmsNorm[] = {"llama",     "mistral",   "mixtral",     "qwen2",      "qwen3",
                                           "qwen2_moe", "qwen3_moe", "deepseek_v2", "deepseek_v3"};
    if (std::find(std::begin(kRmsNorm), std::end(kRmsNorm), model.family) != std::end(kRmsNorm))
        add("--normalization", "RMSNorm");
    if (!model.tied_embeddings)
        add("--untie-embeddings-and-output-weights");
}

/// The most common expert-parallel degree of the mixture-of-experts layers (1 without any); `mixed` is
/// set when they differ (the frameworks have one degree for all MoE layers; dense layers carry ep = 1).
int moeExpertDegree(const Plan& plan, const ModelProfile& model, bool* mixed) {
    const int L = static_cast<int>(plan.layers.size());
    std::map<int, int> eps;
    for (int i = 0; i < L; ++i)
        if (model.layer(i).moe.enabled())
            ++eps[plan.layers[static_cast<std::size_t>(i)].ep];
    int ep = 1, most = 0;
    for (const auto& [e, n] : eps)
        if (n > most) {
            ep = e;
            most = n;
        }
    *mixed = eps.size() > 1;
    return ep;
}

/// Expert parallelism (model_parallel_config.py: expert_model_parallel_size, one for all MoE layers;
/// expert_tensor_parallel_size defaults to the tensor-parallel size, as costed).
void addMegatronExpertParallel(const Plan& plan, const ModelProfile& model, MegatronArgs& r) {
    bool mixed = false;
    const int ep = moeExpertDegree(plan, model, &mixed);
    if (mixed)
        r.unsupported.push_back("per-layer expert-parallel degrees: Megatron-LM uses one "
                                "--expert-model-parallel-size; exported the most common (ep=" +
                                std::to_string(ep) + ")");
    if (ep > 1)
        addArg(r, "--expert-model-parallel-size", std::to_string(ep));
}

/// Context-parallel size `cp` > 1 and its exchange, one type for all layers or one per layer.
void addMegatronContextParallel(const Plan& plan, const ModelProfile& model, int cp, MegatronArgs& r) {
    addArg(r, "--context-parallel-size", std::to_string(cp));
    if (uniform(plan, [](const LayerStrategy& l) { return l.cp_comm; })) {
        addArg(r, "--cp-comm-type", toString(plan.layers.front().cp_comm));
    } else {
        std::string types;
        for (const auto& l : plan.layers)
            types += std::string(types.empty() ? "" : " ") + toString(l.cp_comm);
        r.args.push_back("--cp-comm-type " + types); // p2p / a2a words: nothing to quote
    }
    for (int i = 0; i < model.layerCount(); ++i)
        if (model.layer(i).seq_len % (2 * cp) != 0) {
            r.unsupported.push_back("seq_len " + std::to_string(model.layer(i).seq_len) +
                                    " with cp=" + std::to_string(cp) +
                                    ": Megatron-LM needs a multiple of 2 * context-parallel-size");
            break;
        }
}

void addMegatronPipeline(const Plan& plan, MegatronArgs& r) {
    // Pipeline split: equal chunks need nothing (or --num-layers-per-virtual-pipeline-stage when
    // interleaved); any other split is written exactly with --pipeline-model-parallel-layout, which
    // validate_args allows alone (not with --num-layers-per-virtual-pipeline-stage).
    const auto& s = plan.stage_layers;
    const bool even = std::all_of(s.begin(), s.end(), [&](int n) { return n == s.front(); });
    const bool interleaved = plan.schedule == Schedule::Interleaved && plan.virtual_stages > 1;
    if (plan.pp > 1 && !s.empty()) {
        if (!even)
            addArg(r, "--pipeline-model-parallel-layout", megatronLayout(plan));
        else if (interleaved)
            addArg(r, "--num-layers-per-virtual-pipeline-stage", std::to_string(s.front()));
    }
    if (plan.schedule == Schedule::GPipe && plan.pp > 1)
        r.unsupported.push_back("GPipe schedule: Megatron-LM always runs 1F1B (fewer activations in "
                                "flight); exported as 1F1B");
}

/// Sequence parallelism (only meaningful with tp > 1).
void addMegatronSequenceParallel(const Plan& plan, int tp, MegatronArgs& r) {
    bool any_sp = false, all_sp = true;
    for (const auto& l : plan.layers) {
        if (l.tp <= 1)
            continue;
        any_sp = any_sp || l.sp;
        all_sp = all_sp && l.sp;
    }
    r.sequence_parallel = any_sp && tp > 1;
    if (r.sequence_parallel)
        addArg(r, "--sequence-parallel");
    if (any_sp && !all_sp)
        r.unsupported.push_back(
            "per-layer sequence parallelism (" +
            describeRuns(plan, [](const LayerStrategy& l) { return l.sp ? "sp" : "no-sp"; }) +
            "): Megatron-LM's --sequence-parallel applies to all layers; exported on for all");
}

/// The data-parallel flavour, the rank order and the embedding's tensor- and data-parallel layout.
void addMegatronDataParallel(const Plan& plan, int tp, int dp, MegatronArgs& r) {
    const auto add = [&](const std::string& flag, const std::string& v = {}) { addArg(r, flag, v); };
    // Data parallelism flavour: ZeRO-1 = distributed optimizer; ZeRO-2/3 = Megatron-FSDP
    // (--data-parallel-sharding-strategy optim_grads / optim_grads_params, which needs
    // --ckpt-format fsdp_dtensor and CUDA_DEVICE_MAX_CONNECTIONS unset or > 1).
    const DpType dpt = mostCommon<DpType>(plan, [](const LayerStrategy& l) { return l.dp_type; });
    if (!uniform(plan, [](const LayerStrategy& l) { return l.dp_type; }))
        r.unsupported.push_back(
            "per-layer data-parallel types (" +
            describeRuns(plan, [](const LayerStrategy& l) { return dpLabel(l.dp_type); }) +
            "): Megatron-LM uses one optimizer for all layers; exported the most common (" + dpLabel(dpt) +
            ")");
    r.distributed_optimizer = dp > 1 && dpt != DpType::DDP;
    if (dp > 1 && dpt == DpType::ZeRO1) {
        add("--use-distributed-optimizer");
    } else if (dp > 1 && (dpt == DpType::ZeRO2 || dpt == DpType::ZeRO3)) {
        r.fsdp = true;
        add("--use-megatron-fsdp");
        add("--use-distributed-optimizer");
        add("--data-parallel-sharding-strategy", dpt == DpType::ZeRO2 ? "optim_grads" : "optim_grads_params");
        add("--ckpt-format", "fsdp_dtensor");
        if (tp > 1)
            r.warnings.push_back("Megatron-FSDP with tensor parallelism: validate_args warns that TP prefers "
                                 "CUDA_DEVICE_MAX_CONNECTIONS=1 while FSDP needs it unset (left unset)");
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
    const int vdp = plan.vocab_tp > 0 ? plan.stageGpus() / plan.vocab_tp : 1;
    if (vdp > 1 && dp > 1 && plan.vocab_dp_type != dpt)
        r.unsupported.push_back("embedding data-parallel type " + dpLabel(plan.vocab_dp_type) +
                                ": Megatron-LM treats the embedding like the other layers (" + dpLabel(dpt) +
                                ")");
}

/// The overlaps the plan's runtime was costed with, which Megatron-LM leaves off by default
/// (arguments.py:3121, 3148: --overlap-grad-reduce and --overlap-param-gather default False;
/// model_parallel_config.py:265 tp_comm_overlap False): the DP gradient reduction behind the backward
/// pass (dp_overlap), the distributed optimizer's parameter all-gather behind the next forward
/// (overlap_param_gather; validate_args requires --overlap-grad-reduce with it) and Transformer Engine's
/// TP comm+GEMM overlap (tp_overlap; validate_args requires --sequence-parallel, and the cost model hides
/// TP collectives only inside an NVLink node). Megatron-FSDP turns the first two on itself for the
/// shardings that need them (megatron_fsdp.py:328-333); writing them says the same.
void addMegatronOverlap(const ClusterProfile& cluster, const RuntimeProfile& rt, int tp, int dp, int cp,
                        MegatronArgs& r) {
    const bool grads = dp * cp > 1 && rt.dp_overlap > 0;
    if (grads)
        addArg(r, "--overlap-grad-reduce");
    if (grads && r.distributed_optimizer && rt.overlap_param_gather)
        addArg(r, "--overlap-param-gather");
    const bool nvlink = cluster.intra.nvlinkPeers() && tp <= cluster.gpus_per_node;
    if (tp > 1 && rt.tp_overlap > 0 && r.sequence_parallel && nvlink)
        addArg(r, "--tp-comm-overlap");
}

/// The model shape, precision, iterations, data, tokenizer and checkpoints.
void addMegatronModelAndRun(const Plan& plan, const ModelProfile& model, const ExportOptions& o,
                            MegatronArgs& r) {
    const auto add = [&](const std::string& flag, const std::string& v = {}) { addArg(r, flag, v); };
    if (o.include_model_args && !model.stacks.empty())
        addMegatronModelArgs(model, r);
    add(o.bf16 ? "--bf16" : "--fp16");
    if (plan.precision == Precision::FP8)
        add("--fp8-format", "hybrid"); // Transformer Engine: e4m3 forward, e5m2 gradients
    if (o.train_iters > 0)
        add("--train-iters", std::to_string(o.train_iters));
    if (!o.data_path.empty())
        add("--data-path", o.data_path);
    if (!o.tokenizer.empty()) {
        add("--tokenizer-type", "HuggingFaceTokenizer");
        add("--tokenizer-model", o.tokenizer);
    }
    if (!o.save_path.empty()) {
        // validate_args: "assert args.save_interval is not None" whenever --save is given.
        add("--save", o.save_path);
        add("--save-interval", std::to_string(std::max(1, o.save_interval)));
        add("--load", o.save_path);
    }
}

MegatronArgs buildMegatron(const Plan& plan, const ModelProfile& model, const ClusterProfile& cluster,
                           const ExportOptions& o) {
    MegatronArgs r;
    const auto add = [&](const std::string& flag, const std::string& v = {}) { addArg(r, flag, v); };
    const int L = static_cast<int>(plan.layers.size());
    const int tp = L > 0 ? oneDegree(r.unsupported, plan, &LayerStrategy::tp, "tensor-parallel", "tp",
                                     "Megatron-LM uses one --tensor-model-parallel-size")
                         : 1;
    r.tp = tp;
    // Context parallelism (arguments.py: --context-parallel-size; --cp-comm-type nargs='+', one type for
    // all layers or one per layer; validate_args: seq-length a multiple of 2 * context-parallel-size).
    const int cp = L > 0 ? oneDegree(r.unsupported, plan, &LayerStrategy::cp, "context-parallel", "cp",
                                     "Megatron-LM uses one --context-parallel-size")
                         : 1;
    const int dp = std::max(1, plan.stageGpus() / std::max(1, tp * cp));

    add("--tensor-model-parallel-size", std::to_string(tp));
    add("--pipeline-model-parallel-size", std::to_string(plan.pp));
    addMegatronExpertParallel(plan, model, r);
    if (cp > 1)
        addMegatronContextParallel(plan, model, cp, r);
    addMegatronPipeline(plan, r);
    addMegatronSequenceParallel(plan, tp, r);

    // Batch sizes: Megatron's --micro-batch-size is per data-parallel rank.
    add("--micro-batch-size", std::to_string(perRankMicro(plan, dp, "--micro-batch-size 1", r.unsupported)));
    add("--global-batch-size", std::to_string(plan.global_batch));

    addMegatronRecompute(plan, r);
    addMegatronDataParallel(plan, tp, dp, r);
    addMegatronOverlap(cluster, costOptionsOf(plan, o).runtime, tp, dp, cp, r);
    addMegatronModelAndRun(plan, model, o, r);
    return r;
}

std::string costComment(const Plan& plan, const ModelProfile& model, const ClusterProfile& cluster,
                        const ExportOptions& o, const std::string& prefix) {
    std::ostringstream s;
    s << prefix << "Galvatron Explorer plan: " << commentSafe(model.name) << " on " << plan.gpus
      << " GPUs of " << commentSafe(cluster.name) << "\n";
    try {
        const CostOptions co = costOptionsOf(plan, o);
        const PlanCost c = CostModel(model, cluster, co).evaluate(plan);
        // (the runtime costed: the one given for the export, else the plan's)
        const std::string rt = o.runtime ? o.runtime->name : plan.runtime;
        s << prefix << "predicted (runtime " << commentSafe(rt.empty() ? "generic" : rt) << ", "
          << toString(plan.precision) << "): " << fmt(c.iteration_time, 4) << " s/iteration, "
          << fmt(c.samples_per_s, 4) << " samples/s, MFU " << fmt(c.mfu * 100, 3) << "%, peak memory "
          << fmt(c.peak_memory / (1024.0 * 1024 * 1024), 4) << " GiB/GPU (stage " << c.peak_stage << ")\n";
        // (to check against the first lines of the run's log: Megatron-LM's "number of parameters on
        // (tensor, pipeline) model parallel rank (0, i)")
        s << prefix << "parameters per GPU by pipeline stage:";
        for (const auto& st : c.stages)
            s << " " << std::llround(st.params);
        s << "\n";
        // Where published runs disagree with the model for such a plan (calibration.h, KnownGap).
        for (const KnownGap& g : knownGaps(plan, co.runtime))
            s << prefix << "caution: " << commentSafe(g.text(), 1000) << "\n";
    } catch (const std::exception& e) {
        s << prefix << "predicted cost unavailable: " << commentSafe(e.what()) << "\n";
    }
    return s.str();
}

/// CUDA_DEVICE_MAX_CONNECTIONS for Megatron-LM: 1 with tensor parallelism (validate_args asserts it before
/// Blackwell), unset with Megatron-FSDP (validate_args asserts it is not 1).
std::string megatronEnv(const MegatronArgs& m) {
    if (m.fsdp)
        return "unset CUDA_DEVICE_MAX_CONNECTIONS  # Megatron-FSDP requires it unset or > 1\n";
    if (m.tp > 1)
        return "export CUDA_DEVICE_MAX_CONNECTIONS=1  # required by Megatron-LM with tensor parallelism\n";
    return {};
}

std::string listBlock(const std::vector<std::string>& items, const std::string& title) {
    if (items.empty())
        return {};
    std::string out = "# " + commentSafe(title) + ":\n";
    for (const auto& u : items)
        out += "#  - " + commentSafe(u) + "\n";
    return out;
}

// ------------------------------------------------------------------------------------------------

ExportResult exportMegatron(const Plan& plan, const ModelProfile& model, const ClusterProfile& cluster,
                            const ExportOptions& o) {
    ExportResult r;
    MegatronArgs m = buildMegatron(plan, model, cluster, o);
    std::ostringstream s;
    s << "#!/usr/bin/env bash\n";
    if (o.include_cost_header)
        s << costComment(plan, model, cluster, o, "# ");
    s << listBlock(m.unsupported, "not expressible in Megatron-LM (exported approximation)");
    s << "# Megatron-Core 0.20 (NVIDIA/Megatron-LM@d98e8a64): source this file, then\n"
         "#   torchrun ... pretrain_gpt.py \"${MEGATRON_ARGS[@]}\"\n";
    s << megatronEnv(m);
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

/// DeepSpeed's zero_optimization section for a ZeRO stage (0: plain data parallelism).
ordered_json deepspeedZero(int stage) {
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
    return z;
}

/// Adds DeepSpeed's activation_checkpointing section to `j` when the plan checkpoints any layer, with the
/// notes on what DeepSpeed cannot express; returns whether any layer is checkpointed.
bool addDeepSpeedCheckpointing(const Plan& plan, int tp, ordered_json& j, ExportResult& r) {
    int n_full = 0, n_sel = 0;
    for (const auto& l : plan.layers) {
        n_full += l.ckpt == Checkpoint::Full;
        n_sel += l.ckpt == Checkpoint::Selective;
    }
    const bool any_ckpt = n_full + n_sel > 0;
    if (any_ckpt) {
        j["activation_checkpointing"] = {{"partition_activations", tp > 1},
                                         {"contiguous_memory_optimization", false},
                                         {"cpu_checkpointing", false},
                                         {"number_checkpoints", nullptr},
                                         {"synchronize_checkpoint_boundary", false},
                                         {"profile", false}};
        if (plan.pp <= 1)
            r.warnings.push_back(
                "DeepSpeed's activation_checkpointing section only configures checkpointing; "
                "the model code must wrap every layer with deepspeed.checkpointing.checkpoint");
        if (n_sel > 0)
            r.unsupported.push_back("selective recomputation: DeepSpeed checkpoints whole layers; exported "
                                    "full checkpointing");
        if (n_full + n_sel < static_cast<int>(plan.layers.size()))
            r.unsupported.push_back(
                "per-layer activation checkpointing (" +
                describeRuns(plan,
                             [](const LayerStrategy& l) { return "ckpt=" + std::string(toString(l.ckpt)); }) +
                "): DeepSpeed checkpoints all layers or none; exported all");
    }
    return any_ckpt;
}

/// Adds DeepSpeed's pipeline section to `j` for a plan with pp > 1, with the notes on the split and
/// schedule DeepSpeed's pipeline engine cannot express.
void addDeepSpeedPipeline(const Plan& plan, bool any_ckpt, ordered_json& j, ExportResult& r) {
    // pipe/engine.py reads activation_checkpoint_interval, pipe_partitioned, grad_partitioned and
    // use_reentrant from this section; "stages", "partition" and "seed_layers" are never read.
    ordered_json p;
    p["activation_checkpoint_interval"] = any_ckpt ? 1 : 0;
    j["pipeline"] = p;
    const std::vector<int> ds_split = deepspeedUniformSplit(static_cast<int>(plan.layers.size()), plan.pp);
    if (plan.virtual_stages <= 1 && plan.stage_layers != ds_split)
        r.unsupported.push_back("pipeline split " + joinInts(plan.stage_layers) +
                                ": PipelineModule(partition_method='uniform') splits the layers " +
                                joinInts(ds_split) + "; exported that split");
    r.warnings.push_back(
        "pipeline parallelism needs the model as a deepspeed.pipe.PipelineModule(layers=<the " +
        std::to_string(plan.layers.size()) + " transformer layers>, num_stages=" + std::to_string(plan.pp) +
        ", partition_method='uniform')");
    if (plan.schedule != Schedule::OneFOneB)
        r.unsupported.push_back(std::string(toString(plan.schedule)) +
                                " schedule: DeepSpeed's pipeline engine runs 1F1B (TrainSchedule)");
}

// DeepSpeed's AutoEP, the "expert_parallel" section (module_inject/auto_ep_config.py, auto_ep.py,
// auto_ep_layer.py, auto_ep_folding.py, auto_ep_presets/, moe/ep_router.py at edaa7221; every fact with
// its line in tests/data/consumers/deepspeed.json): it replaces the mixture-of-experts blocks of the
// Hugging Face model given to deepspeed.initialize with expert-parallel ones, the rest of the model
// (attention, MLA included, and dense layers) staying transformers'.

/// The AutoEP preset that builds a model family's MoE blocks (each preset's hf_model_types; the qwen3_moe
/// preset also takes Qwen2-MoE), "" when none. qwen3_5_moe is not mapped: Qwen3.5's text backbone has Gated
/// DeltaNet layers, which a model profile does not describe.
std::string autoepPreset(const std::string& family) {
    if (family == "mixtral" || family == "deepseek_v2" || family == "deepseek_v3")
        return family;
    if (family == "qwen3_moe" || family == "qwen2_moe")
        return "qwen3_moe";
    return {};
}

/// The first mixture-of-experts layer type of `model`, whose router the section describes (nullptr: dense).
const LayerType* firstMoeLayer(const ModelProfile& model) {
    for (const auto& st : model.stacks)
        if (st.count > 0 && st.type.moe.enabled())
            return &st.type;
    return nullptr;
}

/// What AutoEP's router (moe/ep_router.py TokenChoiceTopKRouter) does differently from the profile's with
/// top_k, score_func, route_norm, routed_scaling_factor and the groups pinned to it: the options no key
/// of expert_parallel sets.
void autoepRouterDifferences(const MoeSpec& e, const std::string& preset, std::vector<std::string>& out) {
    if (e.capacity_factor > 0)
        out.push_back("expert capacity factor " + fmt(e.capacity_factor, 4) +
                      ": AutoEP sends every token to its top-k experts (dropless; expert_parallel has no "
                      "capacity); exported dropless");
    if (e.router_bias)
        out.push_back(
            "score-correction bias of the router (DeepSeek-V3 noaux_tc): AutoEP never updates it (its "
            "DeepSeek presets reject load_balance_coeff) and keeps it only from a gate whose "
            "e_score_correction_bias is a torch parameter, which transformers' DeepseekV3TopkRouter "
            "registers as a buffer: the experts are chosen by the sigmoid scores alone; exported "
            "without");
    if (e.groupLimited() && e.groups_per_token < e.expert_groups) {
        const bool v2 = preset == "deepseek_v2";
        if (e.group_score_top != 2 && !(v2 && e.group_score_top == 1))
            out.push_back(e.groupRoutingText() + ": AutoEP ranks a group by the sum of its best two scores" +
                          (v2 ? " or, with topk_method group_limited_greedy, by its best one"
                              : " (only the deepseek_v2 preset by its best one)") +
                          "; exported the sum of the best two");
    }
    const bool deepseek = preset == "deepseek_v2" || preset == "deepseek_v3";
    if (preset == "mixtral" && e.shared_experts > 0)
        out.push_back("shared experts: the mixtral preset has none (has_shared_experts false); exported "
                      "without");
    if (deepseek && e.shared_experts > 0 && e.shared_expert_gate)
        out.push_back("a gate on the shared experts: the " + preset +
                      " preset runs them ungated (no shared_experts_gate_pattern); exported ungated");
    if (preset == "qwen3_moe" && e.shared_experts > 0 && !e.shared_expert_gate)
        out.push_back("an ungated shared expert: the qwen3_moe preset multiplies it by "
                      "sigmoid(shared_expert_gate(x)), as Qwen2-MoE's block has that gate; exported gated");
}

/// The refusals of deepspeedModelInexpressible, in the order exportDeepSpeed lists them.
std::vector<std::string> deepspeedModelDifferences(const ModelProfile& model) {
    std::vector<std::string> out;
    const std::string family = commentSafe(model.family, 60);
    const bool deepseek = model.family == "deepseek_v2" || model.family == "deepseek_v3";
    bool mla = false, not_gated = false, biased = false, other_router = false;
    const LayerType* first = firstMoeLayer(model);
    for (const auto& st : model.stacks) {
        const LayerType& t = st.type;
        mla = mla || t.mla.enabled();
        if (!t.moe.enabled() || !first)
            continue;
        not_gated = not_gated || !t.gated_ffn;
        biased = biased || t.bias;
        MoeSpec a = t.moe, b = first->moe; // the router and shared experts, not the expert count or sizes
        a.experts = b.experts;
        a.shared_ffn_hidden = b.shared_ffn_hidden;
        other_router = other_router || !(a == b);
    }
    if (mla && !deepseek)
        out.push_back("multi-latent attention in a model of family '" + family +
                      "': the DeepSpeed export trains a Hugging Face model, whose multi-latent attention is "
                      "transformers' DeepSeek-V2/V3 attention (families deepseek_v2, deepseek_v3)");
    if (!first)
        return out;
    const std::string preset = autoepPreset(model.family);
    if (preset.empty())
        out.push_back("mixture-of-experts layers of model family '" + family +
                      "': DeepSpeed's AutoEP has presets for Mixtral, Qwen2-MoE/Qwen3-MoE and DeepSeek-V2/V3 "
                      "(families mixtral, qwen2_moe, qwen3_moe, deepseek_v2, deepseek_v3); exported without "
                      "preset_model");
    if (other_router)
        out.push_back("mixture-of-experts layers with different routers or shared experts: expert_parallel "
                      "configures one router for all layers; exported the first MoE layer's");
    if (not_gated)
        out.push_back("mixture-of-experts layers with non-gated experts: AutoEP's experts are SwiGLU; "
                      "exported SwiGLU");
    if (biased)
        out.push_back("mixture-of-experts layers with biases: AutoEP's experts have none; exported without");
    if (!preset.empty())
        autoepRouterDifferences(first->moe, preset, out);
    return out;
}

/// Plan layouts of a mixture-of-experts model that AutoEP does not run as costed, named in r.unsupported:
/// tensor parallelism (AutoEP keeps every expert whole; *drop_tp: written without AutoTP) and ZeRO-3 with
/// Ulysses (written as stage 2). Returns the ZeRO stage to write.
int deepspeedMoeLayout(const ModelProfile& model, int tp, int cp, int stage, bool* drop_tp, ExportResult& r) {
    *drop_tp = false;
    if (!model.hasMoe())
        return stage;
    if (tp > 1) {
        // auto_ep_folding.py: expert_tensor_parallel_size must be 1; with AutoTP the experts are spread
        // whole over the stage's consecutive ranks, across the TP lanes.
        r.unsupported.push_back(
            "tensor parallelism in mixture-of-experts layers (tp=" + std::to_string(tp) +
            "): AutoEP keeps every expert whole (expert_tensor_parallel_size 1) and, with "
            "AutoTP, spreads the experts over the stage's tp x dp ranks, where the plan "
            "splits each expert over its tp ranks; exported without tensor parallelism");
        *drop_tp = true;
    }
    if (stage == 3 && cp > 1) {
        // engine.py _validate_zero3_moe_compatibility.
        r.unsupported.push_back("ZeRO stage 3 with Ulysses sequence parallelism (sequence_parallel_size " +
                                std::to_string(cp) +
                                ") and AutoEP: DeepSpeed asserts \"AutoEP with ZeRO Stage 3 does not support "
                                "sequence parallelism yet\"; exported stage 2");
        stage = 2;
    }
    return stage;
}

/// Adds the expert_parallel section (AutoEP) for a model with mixture-of-experts layers: the MoE layers'
/// ep as autoep_size (the most common, with a note, when they differ), every expert whole, the family's
/// preset, and the router's top_k, score_func, route_norm, routed_scaling_factor and groups pinned to
/// the profile's whatever the model's config.json says (AutoEP otherwise reads num_experts_per_tok,
/// scoring_func, norm_topk_prob, routed_scaling_factor, n_group and topk_group from it). Not written with
/// pp > 1: AutoEP finds no MoE block in a PipelineModule.
void addDeepSpeedExpertParallel(const Plan& plan, const ModelProfile& model, ordered_json& j,
                                ExportResult& r) {
    const LayerType* t = firstMoeLayer(model);
    if (!t)
        return;
    std::map<int, int> eps;
    const int L = std::min(model.layerCount(), static_cast<int>(plan.layers.size()));
    for (int i = 0; i < L; ++i)
        if (model.layer(i).moe.enabled())
            ++eps[plan.layers[static_cast<std::size_t>(i)].ep];
    int ep = 1, most = 0;
    for (const auto& [e, n] : eps)
        if (n >= most) { // ties: the larger degree
            ep = e;
            most = n;
        }
    if (eps.size() > 1)
        r.unsupported.push_back(
            "per-layer expert-parallel degrees (" +
            describeRuns(plan, [](const LayerStrategy& l) { return "ep=" + std::to_string(l.ep); }) +
            "): AutoEP has one autoep_size for all MoE layers; exported the most common (ep=" +
            std::to_string(ep) + ")");
    if (plan.pp > 1) {
        r.unsupported.push_back("mixture-of-experts layers with pipeline parallelism: AutoEP's presets find "
                                "the MoE blocks at the Hugging Face module path model.layers.N.mlp and read "
                                "model.config, which a deepspeed.pipe.PipelineModule (layers named by index) "
                                "does not have; exported without expert parallelism (the model's own MoE "
                                "blocks)");
        return;
    }
    const std::string preset = autoepPreset(model.family);
    const MoeSpec& e = t->moe;
    ordered_json x;
    x["enabled"] = true;
    x["autoep_size"] = ep;
    x["expert_tensor_parallel_size"] = 1;
    if (!preset.empty())
        x["preset_model"] = preset;
    x["top_k"] = e.top_k;
    x["score_func"] = e.score_function;
    x["route_norm"] = e.normalize_top_k;
    x["routed_scaling_factor"] = e.routed_scaling;
    const bool deepseek = preset == "deepseek_v2" || preset == "deepseek_v3";
    if (e.groupLimited() && e.groups_per_token < e.expert_groups) {
        x["num_expert_groups"] = e.expert_groups;
        x["num_limited_groups"] = e.groups_per_token;
        if (preset == "deepseek_v2")
            r.warnings.push_back(
                e.group_score_top == 1
                    ? "group-limited routing: AutoEP's deepseek_v2 preset ranks a group by its "
                      "best score when the model's config.json has topk_method "
                      "\"group_limited_greedy\" (else by the sum of its best two)"
                    : "group-limited routing: AutoEP's deepseek_v2 preset ranks a group by the "
                      "sum of its best two scores unless the model's config.json has "
                      "topk_method \"group_limited_greedy\" (then by its best one)");
    } else if (deepseek) {
        // A key left unset is read from config.json's n_group / topk_group: one group of all experts
        // limits nothing.
        x["num_expert_groups"] = 1;
        x["num_limited_groups"] = 1;
    }
    j["expert_parallel"] = x;
    if (e.aux_loss_coeff > 0)
        r.warnings.push_back("the router's load-balancing loss (coefficient " + fmt(e.aux_loss_coeff, 10) +
                             (e.aux_loss_per_sequence ? ", per sequence" : "") +
                             ") is not applied: AutoEP's router (moe/ep_router.py) computes none");
    r.warnings.push_back(
        "expert parallelism (autoep_size " + std::to_string(ep) +
        "): AutoEP replaces the mixture-of-experts blocks of the Hugging Face model given to "
        "deepspeed.initialize" +
        (preset.empty() ? std::string()
                        : " (preset " + preset + ": transformers >= 5.0.0, its fused experts)") +
        "; let DeepSpeed build the optimizer (an \"optimizer\" section, or model_parameters) "
        "so that the expert parameters get their own groups");
}

ExportResult exportDeepSpeed(const Plan& plan, const ModelProfile& model, const ClusterProfile&,
                             const ExportOptions& o) {
    ExportResult r;
    r.unsupported = deepspeedModelDifferences(model);
    const int tp = mostCommon<int>(plan, [](const LayerStrategy& l) { return l.tp; });
    // Ulysses sequence parallelism ("sequence_parallel_size"): all-to-all over cp ranks, the batch over the
    // remaining data-parallel ranks (DeepSpeed's world size for batch arithmetic is world / sp).
    const int cp = mostCommon<int>(plan, [](const LayerStrategy& l) { return l.cp; });
    if (!uniform(plan, [](const LayerStrategy& l) { return l.cp; }))
        r.unsupported.push_back(
            "per-layer context-parallel degrees: DeepSpeed uses one sequence_parallel_size; "
            "exported the most common (cp=" +
            std::to_string(cp) + ")");
    for (const auto& l : plan.layers)
        if (l.cp > 1 && l.cp_comm == CpComm::P2P) {
            r.unsupported.push_back("ring (p2p) context parallelism: DeepSpeed's sequence parallelism is "
                                    "all-to-all (Ulysses); exported as Ulysses");
            break;
        }
    if (cp > 1 && (tp > 1 || plan.pp > 1))
        r.unsupported.push_back(
            std::string("context parallelism together with ") + (tp > 1 ? "tensor" : "pipeline") +
            " parallelism: not written for DeepSpeed (Ulysses with AutoTP or the pipeline "
            "engine is not documented)");
    const int dp = std::max(1, plan.stageGpus() / std::max(1, tp * cp));
    const int micro = perRankMicro(plan, dp, "train_micro_batch_size_per_gpu 1", r.unsupported);
    const int ga = plan.num_micro;
    const DpType dpt = mostCommon<DpType>(plan, [](const LayerStrategy& l) { return l.dp_type; });
    int stage = dp <= 1 || dpt == DpType::DDP ? 0 : dpt == DpType::ZeRO1 ? 1 : dpt == DpType::ZeRO2 ? 2 : 3;
    if (!uniform(plan, [](const LayerStrategy& l) { return l.dp_type; }))
        r.unsupported.push_back(
            "per-layer data-parallel types (" +
            describeRuns(plan, [](const LayerStrategy& l) { return dpLabel(l.dp_type); }) +
            "): DeepSpeed has one zero_optimization.stage; exported the most common (stage " +
            std::to_string(stage) + ")");
    if (plan.pp > 1 && stage >= 2) {
        // pipe/engine.py: assert zero_optimization_stage() < ZeroStageEnum.gradients.
        r.unsupported.push_back(
            "ZeRO stage " + std::to_string(stage) +
            " with pipeline parallelism: DeepSpeed's pipeline engine asserts \"ZeRO-2 and "
            "ZeRO-3 are incompatible with pipeline parallelism\"; exported stage 1");
        stage = 1;
    }
    bool drop_tp = false;
    stage = deepspeedMoeLayout(model, tp, cp, stage, &drop_tp, r);

    ordered_json j;
    // DeepSpeed checks train_batch_size == micro * gradient_accumulation_steps * data-parallel world size.
    j["train_batch_size"] = micro * ga * dp;
    j["train_micro_batch_size_per_gpu"] = micro;
    j["gradient_accumulation_steps"] = ga;
    j["gradient_clipping"] = 1.0;
    j["steps_per_print"] = 10;
    if (cp > 1) {
        j["sequence_parallel_size"] = cp;
        r.warnings.push_back(
            "Ulysses sequence parallelism (sequence_parallel_size " + std::to_string(cp) +
            "): the training script creates the groups with "
            "deepspeed.runtime.sequence_parallel.ulysses_sp.UlyssesSPAttentionHF.register_with_transformers(."
            ".., "
            "sequence_parallel_size=" +
            std::to_string(cp) +
            ", ...), passes the returned mpu to deepspeed.initialize and wraps the data loader in "
            "UlyssesSPDataLoaderAdapter (DeepSpeed's ALST tutorial)");
    }
    if (o.bf16)
        j["bf16"] = {{"enabled", true}};
    else
        j["fp16"] = {{"enabled", true}, {"loss_scale", 0}, {"initial_scale_power", 16}};
    j["zero_optimization"] = deepspeedZero(stage);

    // Tensor parallelism inside DeepSpeed: AutoTP (runtime/tensor_parallel/config.py autotp_size).
    if (tp > 1) {
        if (plan.pp > 1)
            r.unsupported.push_back("tensor parallelism (tp=" + std::to_string(tp) +
                                    ") together with pipeline parallelism: DeepSpeed's AutoTP is not "
                                    "combined with PipelineModule; exported without TP");
        else if (!drop_tp)
            j["tensor_parallel"] = {{"autotp_size", tp}};
    }
    addDeepSpeedExpertParallel(plan, model, j, r);
    if (!uniform(plan, [](const LayerStrategy& l) { return l.tp; }))
        r.unsupported.push_back(
            "per-layer tensor-parallel degrees (" +
            describeRuns(plan, [](const LayerStrategy& l) { return "tp=" + std::to_string(l.tp); }) +
            "): one degree for the whole model; exported tp=" + std::to_string(tp));
    if (std::any_of(plan.layers.begin(), plan.layers.end(),
                    [](const LayerStrategy& l) { return l.sp && l.tp > 1; }))
        r.unsupported.push_back("Megatron-style sequence parallelism: DeepSpeed has none (its sequence "
                                "parallelism is Ulysses); exported without");
    if (!plan.layers.empty() && !plan.layers.front().tp_consecutive && tp > 1 && dp > 1)
        r.unsupported.push_back(
            "data-parallel-first rank order: DeepSpeed places tensor-parallel ranks adjacent");
    if (plan.vocab_tp != 1)
        r.unsupported.push_back("vocabulary tensor parallelism vtp=" + std::to_string(plan.vocab_tp) +
                                ": AutoTP leaves the embedding replicated");

    const bool any_ckpt = addDeepSpeedCheckpointing(plan, tp, j, r);
    if (plan.pp > 1)
        addDeepSpeedPipeline(plan, any_ckpt, j, r);
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

/// torchtitan's own base configuration for a model (torchtitan/models/llama3/config_registry.py at
/// 0.2.2 defines llama3_8b, llama3_70b, llama3_405b); empty when torchtitan has no definition. Its
/// rotary positions must be the model's: 0.2.2's llama3 configurations are Llama 3.1's (theta 500000,
/// llama scaling with factor 8, frequency factors 1 and 4, original context 8192:
/// torchtitan/models/llama3/__init__.py ComplexRoPE.Config(theta=500000, scaling="llama") and
/// models/common/rope.py's defaults); 0.1.0's flavors are Llama 3's (rope_theta=500000, no scaling:
/// models/llama3/__init__.py, model/args.py). `mismatch`: set when the name matches and the rotary
/// positions do not.
std::pair<std::string, std::string> torchtitanBase(const ModelProfile& model, bool legacy,
                                                   bool* mismatch = nullptr) {
    std::string n;
    for (char c : model.name)
        n += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    std::pair<std::string, std::string> base;
    if (n == "llama3-8b" || n == "llama3.1-8b")
        base = {"llama3", "llama3_8b"};
    else if (n == "llama3-70b" || n == "llama3.1-70b")
        base = {"llama3", "llama3_70b"};
    else if (n == "llama3-405b" || n == "llama3.1-405b")
        base = {"llama3", "llama3_405b"};
    const RopeScaling& rs = model.rope_scaling;
    const bool same = model.rope_theta == 500000 && (legacy ? rs.type.empty() : isLlama31Scaling(rs));
    if (!base.first.empty() && !same) {
        if (mismatch)
            *mismatch = true;
        return {};
    }
    return base;
}

/// What a torchtitan export writes, settled before either version's file is written (exportTorchtitan).
struct TorchtitanSettings {
    bool legacy = false; ///< torchtitan 0.1 TOML job file instead of the 0.2 command line
    int L = 0;           ///< transformer layers
    int tp = 1, cp = 1, dp = 1;
    bool moe = false;         ///< the model has mixture-of-experts layers: expert_parallel_degree is written
    int ep = 1;               ///< expert_parallel_degree
    DpType dpt = DpType::DDP; ///< the one data-parallel type of all layers
    int replicate = 1, shard = 1;
    std::string reshard = "default"; ///< fsdp_reshard_after_forward
    bool any_sp = false;             ///< some tensor-parallel layer uses sequence parallelism
    int b = 1;                       ///< samples of one forward pass per data-parallel rank
    int seq = 0;
    Checkpoint ck = Checkpoint::None; ///< the one activation-checkpoint policy of all blocks
    const char* sched = "1F1B";
    std::pair<std::string, std::string> base; ///< --module/--config (empty when unknown)
};

/// The data-parallel type (the most common) and its torchtitan degrees and resharding, with notes in
/// `r.unsupported` for what torchtitan shards differently.
void torchtitanDataParallel(const Plan& plan, TorchtitanSettings& tt, ExportResult& r) {
    const int cp = tt.cp, dp = tt.dp;
    const DpType dpt = mostCommon<DpType>(plan, [](const LayerStrategy& l) { return l.dp_type; });
    tt.dpt = dpt;
    if (!uniform(plan, [](const LayerStrategy& l) { return l.dp_type; }))
        r.unsupported.push_back(
            "per-layer data-parallel types (" +
            describeRuns(plan, [](const LayerStrategy& l) { return dpLabel(l.dp_type); }) +
            "): torchtitan applies one FSDP/DDP setting to all layers; exported the most common (" +
            dpLabel(dpt) + ")");
    int replicate = 1, shard = 1;
    std::string reshard = "default";
    if (cp > 1 && dpt == DpType::DDP) {
        // parallel_dims.py: fsdp_enabled = dp_shard > 1 or cp > 1 - the weights are sharded with FSDP2
        // over the data- and context-parallel ranks whenever cp > 1.
        shard = dp;
        reshard = "never";
        r.unsupported.push_back(
            "DDP with context parallelism: torchtitan shards with FSDP2 over the data- and "
            "context-parallel ranks whenever cp > 1; exported data_parallel_shard_degree "
            "with fsdp_reshard_after_forward=\"never\" (ZeRO-2-like)");
    } else if (dpt == DpType::DDP || dp * cp == 1) {
        replicate = dp;
    } else {
        shard = dp;
        if (dpt == DpType::ZeRO3) {
            reshard = "always";
        } else {
            // FSDP2 without resharding after forward keeps the gathered weights from forward to backward:
            // ZeRO-2's memory and traffic.
            reshard = "never";
            if (dpt == DpType::ZeRO1)
                r.unsupported.push_back("ZeRO-1 (only optimizer states sharded): torchtitan shards with "
                                        "FSDP2; exported data_parallel_shard_degree with "
                                        "fsdp_reshard_after_forward=\"never\" (ZeRO-2-like)");
        }
    }
    tt.replicate = replicate;
    tt.shard = shard;
    tt.reshard = reshard;
}

/// expert_parallel_degree (tt.ep) for a model with mixture-of-experts layers, with notes in `r.unsupported`
/// for what torchtitan runs otherwise than costed (the same as inexpressible()'s): one degree for all MoE
/// layers; with ep > 1 its experts are whole on their EP rank, the EP ranks drawn from the TP group first
/// (the plan splits experts over tp) and from FSDP ranks only (data_parallel_shard_degree x cp x tp must
/// be a multiple of ep: parallel_dims.py:187-192).
void torchtitanExpertParallel(const Plan& plan, const ModelProfile& model, TorchtitanSettings& tt,
                              ExportResult& r) {
    tt.moe = model.hasMoe();
    if (!tt.moe)
        return;
    bool mixed = false;
    int ep = moeExpertDegree(plan, model, &mixed);
    if (mixed)
        r.unsupported.push_back(
            "per-layer expert-parallel degrees: torchtitan uses one expert_parallel_degree "
            "for all MoE layers; exported the most common (ep=" +
            std::to_string(ep) + ")");
    const std::string e = "ep=" + std::to_string(ep);
    if (ep > 1 && tt.tp > 1)
        r.unsupported.push_back(
            "expert parallelism together with tensor parallelism (" + e + ", tp=" + std::to_string(tt.tp) +
            "): torchtitan keeps every expert whole on its expert-parallel rank, taking "
            "those ranks from the tensor-parallel group first; the plan splits each expert "
            "over its tp ranks; exported expert_parallel_degree " +
            std::to_string(ep));
    if (ep > 1 && tt.dpt != DpType::ZeRO2 && tt.dpt != DpType::ZeRO3) {
        const bool fits = (static_cast<long long>(tt.shard) * tt.cp * tt.tp) % ep == 0;
        r.unsupported.push_back("expert parallelism with " + dpLabel(tt.dpt) + " (" + e +
                                "): torchtitan takes the expert-parallel ranks from the FSDP-sharded ranks "
                                "(data_parallel_shard_degree x cp x tp), not from replicas; exported "
                                "expert_parallel_degree " +
                                std::string(fits ? std::to_string(ep) : "1"));
        if (!fits)
            ep = 1;
    }
    tt.ep = ep;
}

/// Sequence parallelism (tt.any_sp), with notes in `r.unsupported` for the rank order and the embedding's
/// tensor- and data-parallel layout, which torchtitan takes from the layers.
void torchtitanLayout(const Plan& plan, TorchtitanSettings& tt, ExportResult& r) {
    const int tp = tt.tp, dp = tt.dp;
    const bool legacy = tt.legacy;
    const DpType dpt = tt.dpt;
    bool any_sp = false, all_sp = true;
    for (const auto& l : plan.layers)
        if (l.tp > 1) {
            any_sp = any_sp || l.sp;
            all_sp = all_sp && l.sp;
        }
    tt.any_sp = any_sp;
    if (tp > 1 && legacy && !all_sp)
        r.unsupported.push_back("tensor parallelism without sequence parallelism: torchtitan 0.1 always "
                                "shards norms along the sequence with TP; exported with");
    if (tp > 1 && !legacy && any_sp && !all_sp)
        r.unsupported.push_back("per-layer sequence parallelism: enable_sequence_parallel applies to all "
                                "layers; exported on");
    const bool tp_consec = std::all_of(plan.layers.begin(), plan.layers.end(),
                                       [](const LayerStrategy& l) { return l.tp_consecutive; });
    if (!tp_consec && tp > 1 && dp > 1)
        r.unsupported.push_back("data-parallel-first rank order: torchtitan's device mesh puts "
                                "tensor-parallel ranks innermost; exported tp-consecutive");
    if (plan.vocab_tp != tp)
        r.unsupported.push_back("vocabulary tensor parallelism vtp=" + std::to_string(plan.vocab_tp) +
                                ": torchtitan shards embedding and output over tensor_parallel_degree (" +
                                std::to_string(tp) + ")");
    const int vdp = plan.vocab_tp > 0 ? plan.stageGpus() / plan.vocab_tp : 1;
    if (vdp > 1 && dp > 1 && plan.vocab_dp_type != dpt)
        r.unsupported.push_back("embedding data-parallel type " + dpLabel(plan.vocab_dp_type) +
                                ": torchtitan wraps the embedding like the layers (" + dpLabel(dpt) + ")");
}

/// The --module/--config base of a model with mixture-of-experts layers or multi-latent attention (0.2):
/// the options' (the config function's model, of which only torchtitan's MoE layer limits are checked),
/// else torchtitan's own definition of the model (written even when it differs, each difference in
/// `r.unsupported`: the closest model, for --lossy), else none with a warning on how to write one.
std::pair<std::string, std::string> torchtitanMoeBase(const ModelProfile& model, const ExportOptions& o,
                                                      ExportResult& r) {
    for (auto& s : detail::torchtitanMoeLimits(model))
        r.unsupported.push_back(std::move(s));
    if (!o.torchtitan_module.empty() && !o.torchtitan_config.empty()) {
        r.warnings.push_back(
            "the model is the one " + o.torchtitan_module + "." + o.torchtitan_config +
            " builds: it must be '" + model.name +
            "' as profiled (layers, experts, router, rotary positions); the export checks only "
            "what torchtitan 0.2.2's MoE layer cannot compute");
        return {o.torchtitan_module, o.torchtitan_config};
    }
    const detail::TorchtitanMoeMatch match = detail::torchtitanMoeMatch(model);
    for (const auto& s : match.differences)
        r.unsupported.push_back(s);
    const std::string how = "write a config function that builds '" + model.name +
                            "' and pass it with --torchtitan-module/--torchtitan-config or set "
                            "TORCHTITAN_MODULE/TORCHTITAN_CONFIG";
    if (!match.definition) {
        r.warnings.push_back(how);
        return {};
    }
    const auto& d = *match.definition;
    for (const auto& s : match.training_notes)
        r.warnings.push_back(s);
    if (!match.differences.empty())
        r.warnings.push_back("torchtitan 0.2.2's " + d.module + " " + d.flavor + " (" + d.source +
                             ") differs from '" + model.name + "' as listed; to train the profiled model, " +
                             how);
    if (d.config.empty()) {
        r.warnings.push_back("torchtitan 0.2.2 defines " + d.module + " " + d.flavor + " (" + d.source +
                             ") but no config function selects it: write one returning a Trainer.Config with "
                             "model_registry(\"" +
                             d.flavor +
                             "\") and pass it with --torchtitan-module/--torchtitan-config or set "
                             "TORCHTITAN_MODULE/TORCHTITAN_CONFIG");
        return {};
    }
    return {d.module, d.config};
}

/// The --module/--config base: the options', else torchtitan's own definition of the model, else none
/// (empty) with a warning in `r.warnings` on how to write one.
std::pair<std::string, std::string> torchtitanModelBase(const ModelProfile& model, const ExportOptions& o,
                                                        bool legacy, ExportResult& r) {
    std::pair<std::string, std::string> base = {o.torchtitan_module, o.torchtitan_config};
    if (base.first.empty() || base.second.empty()) {
        bool mismatch = false;
        const auto known = torchtitanBase(model, legacy, &mismatch);
        if (!known.first.empty()) {
            base = known;
        } else if (mismatch) {
            r.warnings.push_back("torchtitan " +
                                 std::string(legacy ? "0.1's llama3 flavors have Llama 3's"
                                                    : "0.2.2's llama3 configurations have Llama 3.1's") +
                                 " rotary positions (theta 500000, " +
                                 (legacy ? "no scaling" : "llama scaling with factor 8") + ") and '" +
                                 model.name + "' has others (theta " + fmt(model.rope_theta, 10) + ", " +
                                 (model.rope_scaling.type.empty() ? std::string("no scaling")
                                                                  : model.rope_scaling.type + " scaling") +
                                 "): write a config function with the model's and pass it with "
                                 "--torchtitan-module/--torchtitan-config "
                                 "or set TORCHTITAN_MODULE/TORCHTITAN_CONFIG");
        } else {
            const LayerType& t = model.stacks.front().type;
            r.warnings.push_back("torchtitan " + std::string(legacy ? "0.1" : "0.2.2") +
                                 " has no model definition for '" + model.name +
                                 "' (it ships llama3 8B/70B/405B, qwen3, deepseek_v3, ...): write a config "
                                 "function with its dimensions (" +
                                 std::to_string(model.layerCount()) + " layers, hidden " +
                                 std::to_string(t.hidden) + ", ffn " + std::to_string(t.ffn_hidden) + ", " +
                                 std::to_string(t.heads) + " heads, " +
                                 std::to_string(t.kv_heads > 0 ? t.kv_heads : t.heads) +
                                 " KV heads, vocabulary " + std::to_string(model.vocab_size) +
                                 ") and pass it with --torchtitan-module/--torchtitan-config "
                                 "or set TORCHTITAN_MODULE/TORCHTITAN_CONFIG");
        }
    }
    return base;
}

/// Writes the torchtitan 0.1.x TOML job file (--job.config_file) into r.text.
void writeTorchtitanToml(const Plan& plan, const ModelProfile& model, const ClusterProfile& cluster,
                         const ExportOptions& o, const TorchtitanSettings& tt, ExportResult& r) {
    const int tp = tt.tp, cp = tt.cp, b = tt.b;
    const auto& st = plan.stage_layers;
    const auto& base = tt.base;
    const Checkpoint ck = tt.ck;
    std::ostringstream s;
    // local_batch_size is the per-rank batch of one optimizer step without PP (gradient accumulation =
    // global / (local * dp)) and the pipeline's batch with PP (split into
    // pipeline_parallel_microbatch_size).
    s << "# torchtitan 0.1 job config generated by Galvatron Explorer (torchtitan >= 0.2: use the "
         "default "
         "export)\n";
    if (o.include_cost_header)
        s << costComment(plan, model, cluster, o, "# ");
    s << listBlock(r.unsupported, "not expressible in torchtitan (exported approximation)");
    s << "\n[job]\ndescription = " << tomlString(model.name + " plan by Galvatron Explorer") << "\n";
    s << "\n[model]\n";
    s << "name = " << tomlString(base.first.empty() ? "SET_ME" : base.first) << "\n";
    // (0.1.0's llama3_configs keys: "8B", "70B", "405B"; models/llama3/__init__.py)
    std::string flavor = base.second.empty() ? "SET_ME" : base.second.substr(base.second.find('_') + 1);
    for (char& ch : flavor)
        ch = static_cast<char>(std::toupper(static_cast<unsigned char>(ch)));
    s << "flavor = " << tomlString(flavor) << "\n";
    s << "hf_assets_path = " << tomlString(o.tokenizer) << "\n";
    s << "\n[training]\n";
    s << "local_batch_size = " << (plan.pp > 1 ? b * plan.num_micro : b) << "\n";
    s << "global_batch_size = " << plan.global_batch << "\n";
    s << "seq_len = " << tt.seq << "\n";
    s << "mixed_precision_param = " << tomlString(o.bf16 ? "bfloat16" : "float32") << "\n";
    if (o.train_iters > 0)
        s << "steps = " << o.train_iters << "\n";
    s << "dataset_path = " << tomlString(o.data_path) << "\n";
    s << "\n[parallelism]\n";
    s << "data_parallel_replicate_degree = " << tt.replicate << "\n";
    s << "data_parallel_shard_degree = " << tt.shard << "\n";
    s << "fsdp_reshard_after_forward = " << tomlString(tt.reshard) << "\n";
    s << "tensor_parallel_degree = " << tp << "\n";
    s << "context_parallel_degree = " << cp << "\n";
    s << "pipeline_parallel_degree = " << plan.pp << "\n";
    if (plan.pp > 1) {
        s << "pipeline_parallel_schedule = " << tomlString(tt.sched) << "\n";
        s << "pipeline_parallel_microbatch_size = " << b << "\n";
        s << "module_fqns_per_model_part = [\n";
        int layer = 0;
        for (std::size_t c = 0; c < st.size(); ++c) {
            s << "  [";
            bool first = true;
            auto item = [&](const std::string& n) {
                s << (first ? "" : ", ") << tomlString(n);
                first = false;
            };
            if (c == 0)
                item("tok_embeddings");
            for (int k = 0; k < st[c]; ++k)
                item("layers." + std::to_string(layer++));
            if (c + 1 == st.size()) {
                item("norm");
                item("output");
            }
            s << "]" << (c + 1 < st.size() ? "," : "") << "\n";
        }
        s << "]\n";
    }
    s << "\n[activation_checkpoint]\nmode = " << tomlString(std::string(toString(ck))) << "\n";
    if (ck == Checkpoint::Selective)
        s << "selective_ac_option = \"op\"\n";
    s << "\n[checkpoint]\nenable = true\nfolder = " << tomlString(o.save_path)
      << "\ninterval = " << std::max(1, o.save_interval) << "\n";
    r.text = s.str();
    r.suggested_filename = safeName(model.name) + "_torchtitan.toml";
    // (a job file: the launcher sets the allocator, run_llama_train.sh at 9dec370)
    r.warnings.push_back("launch with PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True, as torchtitan's "
                         "run_llama_train.sh does: the predicted peak memory assumes it");
}

/// torchtitan 0.2's TORCHTITAN_ARGS: --module/--config, then the --section.field overrides of the base
/// configuration (config/manager.py), then activation checkpointing as the tyro subcommand
/// activation-checkpoint:<policy>.
std::vector<std::string> torchtitanArgs(const Plan& plan, const ExportOptions& o,
                                        const TorchtitanSettings& tt) {
    const int L = tt.L, tp = tt.tp, cp = tt.cp, b = tt.b, seq = tt.seq;
    const auto& st = plan.stage_layers;
    const auto& base = tt.base;
    const Checkpoint ck = tt.ck;
    std::vector<std::string> a;
    auto add = [&](const std::string& flag, const std::string& v = {}) {
        a.push_back(v.empty() ? flag : flag + " " + shellQuote(v));
    };
    if (base.first.empty() || base.second.empty()) {
        a.push_back("--module \"${TORCHTITAN_MODULE:?set the module holding the model's config function}\"");
        a.push_back("--config \"${TORCHTITAN_CONFIG:?set the config function}\"");
    } else {
        add("--module", base.first);
        add("--config", base.second);
    }
    // TrainingConfig: tokens of one forward per data-parallel rank, and of one optimizer step overall.
    add("--training.max_context_length", std::to_string(seq));
    add("--training.num_tokens_per_microbatch_per_dp_rank", std::to_string(static_cast<long long>(b) * seq));
    add("--training.num_tokens_per_train_step",
        std::to_string(static_cast<long long>(plan.global_batch) * seq));
    add("--training.mixed_precision_param", o.bf16 ? "bfloat16" : "float32");
    if (o.train_iters > 0)
        add("--training.steps", std::to_string(o.train_iters));
    // CUDA graphs are on by default and refused with pipeline parallelism, and with expert parallelism
    // over the models' all-to-all dispatcher (trainer.py _validate_cuda_graphs: "Set
    // --training.disable_cuda_graphs."); llama3_8b/70b/405b and qwen3_30b_a3b leave them on.
    if (plan.pp > 1 || tt.ep > 1)
        add("--training.disable_cuda_graphs");
    add("--parallelism.data_parallel_replicate_degree", std::to_string(tt.replicate));
    add("--parallelism.data_parallel_shard_degree", std::to_string(tt.shard));
    add("--parallelism.fsdp_reshard_after_forward", tt.reshard);
    add("--parallelism.tensor_parallel_degree", std::to_string(tp));
    if (tp > 1)
        add(tt.any_sp ? "--parallelism.enable_sequence_parallel"
                      : "--parallelism.no_enable_sequence_parallel");
    add("--parallelism.context_parallel_degree", std::to_string(cp));
    // (always for an MoE model: deepseek_v3_16b sets 8 and deepseek_v3_671b 2, config_registry.py)
    if (tt.moe)
        add("--parallelism.expert_parallel_degree", std::to_string(tt.ep));
    add("--parallelism.pipeline_parallel_degree", std::to_string(plan.pp));
    if (plan.pp > 1) {
        add("--parallelism.pipeline_parallel_schedule", tt.sched);
        add("--parallelism.num_pp_microbatches", std::to_string(plan.num_micro));
        // The plan's split as torchtitan makes it: layers + the two weights spread evenly over the
        // chunks, the weights taken off the first and last (torchtitanSplit); --lossy falls back to the
        // even split when the plan's is not of that form.
        const int S = static_cast<int>(st.size());
        const auto w = torchtitanSplitWeights(st);
        const int first_less = w ? w->first : 0, last_less = w ? w->second : 0;
        const int per_stage = torchtitanLayersPerStage(L, S, first_less, last_less);
        add("--parallelism.pipeline_parallel_layers_per_stage",
            std::to_string(per_stage > 0 ? per_stage : L / S));
        add("--parallelism.pipeline_parallel_first_stage_less_layers", std::to_string(first_less));
        add("--parallelism.pipeline_parallel_last_stage_less_layers", std::to_string(last_less));
    }
    if (!o.save_path.empty()) {
        add("--checkpoint.enable");
        add("--checkpoint.folder", o.save_path);
        add("--checkpoint.interval", std::to_string(std::max(1, o.save_interval)));
    }
    a.push_back(std::string("activation-checkpoint:") + (ck == Checkpoint::Full        ? "full"
                                                         : ck == Checkpoint::Selective ? "selective"
                                                                                       : "none"));
    return a;
}

/// Writes the torchtitan 0.2 launch script (torchrun -m torchtitan.train on every node) into r.text.
void writeTorchtitanLaunch(const Plan& plan, const ModelProfile& model, const ClusterProfile& cluster,
                           const ExportOptions& o, const TorchtitanSettings& tt, ExportResult& r) {
    int per_node = 1;
    const int nodes = launchNodes(plan, cluster, o, &per_node);
    const std::vector<std::string> a = torchtitanArgs(plan, o, tt);

    std::ostringstream s;
    s << "#!/usr/bin/env bash\n";
    s << "# torchtitan 0.2 launch (pytorch/torchtitan@b5bcd76c, 0.2.2) generated by Galvatron Explorer\n";
    if (o.include_cost_header)
        s << costComment(plan, model, cluster, o, "# ");
    s << listBlock(r.unsupported, "not expressible in torchtitan (exported approximation)");
    s << "set -euo pipefail\n\n";
    s << "# Run on every node; torchrun's hyphenated options need PyTorch >= 2.0.\n";
    s << "NNODES=" << nodes << "\nGPUS_PER_NODE=" << per_node << "\n";
    s << "MASTER_ADDR=${MASTER_ADDR:-localhost}\nMASTER_PORT=${MASTER_PORT:-" << o.master_port << "}\n\n";
    s << "TORCHTITAN_ARGS=(\n";
    for (const auto& x : a)
        s << "    " << x << "\n";
    s << ")\n\n";
    // torchtitan's own launcher runs with expandable segments (run_train.sh:43), as its published memory
    // was measured (run_llama_train.sh at 9dec370) and the torchtitan runtime's fragmentation is fitted.
    s << "# The caching allocator torchtitan's run_train.sh uses (the predicted peak assumes it).\n";
    s << "export PYTORCH_ALLOC_CONF=\"expandable_segments:True\"\n\n";
    s << "torchrun --nnodes=\"$NNODES\" --nproc-per-node=\"$GPUS_PER_NODE\" --rdzv-backend=c10d "
         "--rdzv-endpoint=\"$MASTER_ADDR:$MASTER_PORT\" -m torchtitan.train \"${TORCHTITAN_ARGS[@]}\"\n";
    r.text = s.str();
    r.suggested_filename = safeName(model.name) + "_torchtitan.sh";
}

ExportResult exportTorchtitan(const Plan& plan, const ModelProfile& model, const ClusterProfile& cluster,
                              const ExportOptions& o) {
    ExportResult r;
    TorchtitanSettings tt;
    tt.legacy = o.torchtitan_version.rfind("0.1", 0) == 0;
    const bool legacy = tt.legacy;
    if (!legacy && o.torchtitan_version.rfind("0.2", 0) != 0)
        throw InputError("torchtitan_version", "'" + o.torchtitan_version +
                                                   "' is not supported; expected 0.2 (command line on a "
                                                   "--module/--config base) or 0.1 (TOML job file)");
    // torchtitan 0.1's TOML export writes llama3 flavors only; 0.2 builds its own MoE models
    // (torchtitanMoeBase).
    const bool moe_or_mla =
        model.hasMoe() || std::any_of(model.stacks.begin(), model.stacks.end(),
                                      [](const LayerStack& s) { return s.type.mla.enabled(); });
    if (legacy && moe_or_mla)
        r.unsupported.push_back(
            "mixture-of-experts layers or multi-latent attention: the torchtitan 0.1 export "
            "writes llama3 flavors only (export for torchtitan 0.2, the default)");
    const int L = tt.L = static_cast<int>(plan.layers.size());
    tt.tp = oneDegree(r.unsupported, plan, &LayerStrategy::tp, "tensor-parallel", "tp",
                      "torchtitan uses one tensor_parallel_degree");
    // Context parallelism (configs.py ParallelismConfig.context_parallel_degree; ring attention with the
    // "headtail" load balancer by default, no all-to-all variant).
    const int cp = tt.cp = oneDegree(r.unsupported, plan, &LayerStrategy::cp, "context-parallel", "cp",
                                     "torchtitan uses one context_parallel_degree");
    const int dp = tt.dp = std::max(1, plan.stageGpus() / std::max(1, tt.tp * cp));
    if (cp > 1) {
        if (std::any_of(plan.layers.begin(), plan.layers.end(),
                        [](const LayerStrategy& l) { return l.cp > 1 && l.cp_comm == CpComm::A2A; }))
            r.unsupported.push_back(
                "all-to-all (Ulysses) context parallelism: torchtitan's is ring attention "
                "with the head-tail load balancer; exported the ring");
        if (model.seq_len % (2 * cp) != 0)
            r.unsupported.push_back(
                "seq_len " + std::to_string(model.seq_len) + " with cp=" + std::to_string(cp) +
                ": the head-tail load balancer cuts the sequence into 2 * cp equal chunks");
    }
    torchtitanDataParallel(plan, tt, r);
    if (!legacy)
        torchtitanExpertParallel(plan, model, tt, r);
    torchtitanLayout(plan, tt, r);

    // Batch: per data-parallel rank, one forward pass holds `micro` samples.
    tt.b = perRankMicro(plan, dp, "1 sample per forward pass", r.unsupported);
    tt.seq = model.seq_len > 0 ? model.seq_len : model.stacks.front().type.seq_len;

    // Checkpointing: one policy for every block.
    const Checkpoint ck = tt.ck = mostCommon<Checkpoint>(plan, [](const LayerStrategy& l) { return l.ckpt; });
    if (!uniform(plan, [](const LayerStrategy& l) { return l.ckpt; }))
        r.unsupported.push_back(
            "per-layer activation checkpointing (" +
            describeRuns(plan,
                         [](const LayerStrategy& l) { return "ckpt=" + std::string(toString(l.ckpt)); }) +
            "): torchtitan applies one activation-checkpoint policy to every block; exported the most "
            "common (" +
            std::string(toString(ck)) + ")");
    if (ck == Checkpoint::Selective)
        r.warnings.push_back("torchtitan's selective AC saves every other matmul (per-op SAC), not only the "
                             "attention core the plan was costed with: memory and time differ somewhat");

    // Pipeline: the command line makes torchtitan's own split (torchtitanSplit) from per-stage layers and
    // the first/last_stage_less_layers weights; other splits need module_fqns_per_model_part (0.1 TOML).
    const auto& st = plan.stage_layers;
    tt.sched = plan.schedule == Schedule::GPipe         ? "GPipe"
               : plan.schedule == Schedule::Interleaved ? "Interleaved1F1B"
                                                        : "1F1B";
    if (plan.pp > 1 && !legacy) {
        const auto w = torchtitanSplitWeights(st);
        if (!w || torchtitanLayersPerStage(L, static_cast<int>(st.size()), w->first, w->second) == 0)
            r.unsupported.push_back("pipeline split " + joinInts(st) +
                                    ": torchtitan's command line spreads the layers evenly and takes "
                                    "first/last_stage_less_layers off the first and last stage; exported " +
                                    std::to_string(L / static_cast<int>(st.size())) + " layers per stage");
    }
    tt.base =
        !legacy && moe_or_mla ? torchtitanMoeBase(model, o, r) : torchtitanModelBase(model, o, legacy, r);

    if (legacy)
        writeTorchtitanToml(plan, model, cluster, o, tt, r);
    else
        writeTorchtitanLaunch(plan, model, cluster, o, tt, r);
    return r;
}

ExportResult exportLauncher(const Plan& plan, const ModelProfile& model, const ClusterProfile& cluster,
                            const ExportOptions& o, bool slurm) {
    ExportResult r;
    MegatronArgs m = buildMegatron(plan, model, cluster, o);
    int per_node = 1;
    const int nodes = launchNodes(plan, cluster, o, &per_node);
    if (nodes * per_node != plan.gpus)
        r.warnings.push_back(std::to_string(nodes) + " nodes x " + std::to_string(per_node) +
                             " GPUs = " + std::to_string(nodes * per_node) +
                             " processes, but the plan uses " + std::to_string(plan.gpus) + " GPUs");
    std::ostringstream s;
    s << "#!/usr/bin/env bash\n";
    if (slurm) {
        s << "#SBATCH --job-name=" << safeName(o.job_name) << "\n";
        s << "#SBATCH --nodes=" << nodes << "\n";
        s << "#SBATCH --ntasks-per-node=1\n";
        s << "#SBATCH --gpus-per-node=" << per_node << "\n";
        s << "#SBATCH --exclusive\n";
        s << "#SBATCH --time=" << sbatchValue(o.time_limit, "time_limit") << "\n";
        if (!o.partition.empty())
            s << "#SBATCH --partition=" << sbatchValue(o.partition, "partition") << "\n";
        if (!o.account.empty())
            s << "#SBATCH --account=" << sbatchValue(o.account, "account") << "\n";
        s << "#SBATCH --output=%x-%j.out\n";
    }
    if (o.include_cost_header)
        s << costComment(plan, model, cluster, o, "# ");
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
            s << "MASTER_ADDR=" << shellQuote(o.master_addr) << "\n";
        s << "MASTER_PORT=${MASTER_PORT:-" << o.master_port << "}\n";
    }
    s << "NNODES=" << nodes << "\n";
    s << "GPUS_PER_NODE=" << per_node << "\n";
    s << megatronEnv(m) << "\n";
    s << "MEGATRON_ARGS=(\n";
    for (const auto& a : m.args)
        s << "    " << a << "\n";
    s << ")\n\n";
    const std::string torchrun = "torchrun --nnodes=\"$NNODES\" --nproc-per-node=\"$GPUS_PER_NODE\" "
                                 "--rdzv-backend=c10d --rdzv-endpoint=\"$MASTER_ADDR:$MASTER_PORT\" "
                                 "--rdzv-id=" +
                                 (slurm ? std::string("\"$SLURM_JOB_ID\"") : std::string("galvatron")) + " " +
                                 shellQuote(o.script) + " \"${MEGATRON_ARGS[@]}\"";
    s << "# torchrun's hyphenated options (--nproc-per-node, --rdzv-*) need PyTorch >= 2.0.\n";
    if (slurm) {
        s << "srun --ntasks-per-node=1";
        if (!o.container.empty())
            s << " --container-image=" << shellQuote(o.container) << " --container-mounts=\"$PWD:$PWD\"";
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
            const CostOptions co = costOptionsOf(plan, o);
            const PlanCost c = CostModel(model, cluster, co).evaluate(plan);
            h["predicted"] = {{"iteration_time_s", c.iteration_time},
                              {"samples_per_s", c.samples_per_s},
                              {"tokens_per_s", c.tokens_per_s},
                              {"tflops_per_gpu", c.tflops_per_gpu},
                              {"mfu", c.mfu},
                              {"peak_memory_gib", c.peak_memory / (1024.0 * 1024 * 1024)},
                              {"peak_stage", c.peak_stage},
                              {"fits", c.fits()}};
            // (as Megatron-LM logs them per pipeline rank; see costComment)
            auto& params = h["predicted"]["params_per_gpu_by_stage"] = nlohmann::json::array();
            for (const auto& st : c.stages)
                params.push_back(std::llround(st.params));
            for (const KnownGap& g : knownGaps(plan, co.runtime))
                h["predicted"]["cautions"].push_back(g.text());
        } catch (const InputError& e) {
            r.warnings.push_back(std::string("predicted cost not included: ") + e.what());
        }
        j["_export"] = h;
    }
    r.text = j.dump(2) + "\n";
    r.suggested_filename = safeName(model.name) + "_plan.json";
    return r;
}

/// What Hetu-Galvatron's runtime (cea12ff, tests/data/consumers/hetu.json) runs otherwise than `plan`
/// beyond the strategy JSON's approximations: Megatron sequence parallelism and the rank order are fixed.
void refuseHetuRuntimeLayout(const Plan& plan, ExportResult& r) {
    // Megatron sequence parallelism is not a JSON key (use_sp is Ulysses): the runtime argument
    // sequence_parallel must be True (transformer/attention.py:142 asserts it), and every parallel linear
    // runs with it (tensor_parallel/layers.py:676,885).
    std::erase_if(r.unsupported,
                  [](const std::string& u) { return u.rfind("Megatron sequence parallelism", 0) == 0; });
    const auto no_sp = [](const LayerStrategy& l) { return l.tp > 1 && !l.sp; };
    if (std::any_of(plan.layers.begin(), plan.layers.end(), no_sp))
        r.unsupported.push_back(
            "Megatron sequence parallelism off (" +
            describeRuns(plan,
                         [](const LayerStrategy& l) { return l.tp > 1 ? (l.sp ? "sp" : "no sp") : "tp=1"; }) +
            "): Hetu-Galvatron runs it on every layer with tp > 1 (its sequence_parallel "
            "must be True: transformer/attention.py:142); exported as planned");
    r.warnings.push_back("run Hetu-Galvatron with sequence_parallel=True (its default, required by its "
                         "attention): Megatron sequence parallelism on every tensor-parallel layer");
    // The groups' order is 'pp-dp-cp-tp-sp' whatever tp_consecutive_flags says (comm_groups.py:302).
    for (const auto& l : plan.layers)
        if (!l.tp_consecutive && l.tp > 1 && l.dp * l.cp > 1) {
            r.unsupported.push_back("data-parallel ranks adjacent (tp_consecutive = false): Hetu-Galvatron "
                                    "reads tp_consecutive_flags but always places tensor-parallel ranks "
                                    "adjacent (comm_groups.py:302 'pp-dp-cp-tp-sp'); exported the flags as "
                                    "planned");
            break;
        }
}

ExportResult exportHetu(const Plan& plan, const ModelProfile& model) {
    ExportResult r;
    // The model Hetu-Galvatron builds: dense or mixture-of-experts decoders (no multi-latent attention,
    // no shared experts, its router): the same sentences as the target's model check, so that a model
    // refused whatever the plan is named as such.
    for (auto& s : modelInexpressible(model, Target::Hetu))
        r.unsupported.push_back(std::move(s));
    const ordered_json j = toHetuStrategyOrdered(plan, model, &r.unsupported);
    refuseHetuRuntimeLayout(plan, r);
    if (const std::string moe = hetuMoeArguments(model); !moe.empty())
        r.warnings.push_back("run Hetu-Galvatron with " + moe);
    if (std::any_of(plan.layers.begin(), plan.layers.end(), [](const LayerStrategy& l) { return l.cp > 1; }))
        r.warnings.push_back("context parallelism: Hetu-Galvatron runs zigzag ring attention on every layer "
                             "with cp_sizes_enc > 1 (its cp_mode argument is not read) and Ulysses on every "
                             "layer with use_sp = 1");
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
                                      const ClusterProfile& cluster, const ExportOptions& options,
                                      std::vector<std::string>& unsupported) {
    MegatronArgs m = buildMegatron(plan, model, cluster, options);
    unsupported.insert(unsupported.end(), m.unsupported.begin(), m.unsupported.end());
    return m.args;
}

Target exportTarget(ExportFormat format) {
    switch (format) {
    case ExportFormat::Megatron:
    case ExportFormat::Torchrun:
    case ExportFormat::Slurm:
        return Target::Megatron;
    case ExportFormat::DeepSpeed:
        return Target::DeepSpeed;
    case ExportFormat::Torchtitan:
        return Target::Torchtitan;
    case ExportFormat::HetuGalvatron:
        return Target::Hetu;
    case ExportFormat::PlanJson:
        return Target::Any;
    }
    return Target::Any;
}

namespace {
ExportResult exportAny(const Plan& plan, const ModelProfile& model, const ClusterProfile& cluster,
                       ExportFormat format, const ExportOptions& options) {
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
} // namespace

std::vector<std::string> megatronModelInexpressible(const ModelProfile& model) {
    MegatronArgs r;
    addMegatronModelArgs(model, r);
    return r.unsupported;
}

std::vector<std::string> deepspeedModelInexpressible(const ModelProfile& model) {
    return deepspeedModelDifferences(model);
}

std::vector<std::string> torchtitanModelInexpressible(const ModelProfile& model) {
    std::vector<std::string> out = detail::torchtitanMoeLimits(model);
    for (auto& s : detail::torchtitanMoeMatch(model).differences)
        out.push_back(std::move(s));
    return out;
}

ExportResult exportPlan(const Plan& plan, const ModelProfile& model, const ClusterProfile& cluster,
                        ExportFormat format, const ExportOptions& options) {
    checkPlan(plan, model, cluster);
    ExportResult r = exportAny(plan, model, cluster, format, options);
    if (!options.lossy && !r.unsupported.empty()) {
        const Target t = exportTarget(format);
        std::string why;
        for (const auto& u : r.unsupported)
            why += "\n  - " + u;
        // What the model alone makes inexpressible no plan changes: a search for the target refuses
        // the model (modelInexpressible), so it is not suggested.
        const auto of_model = modelInexpressible(model, t);
        const bool model_only =
            std::all_of(r.unsupported.begin(), r.unsupported.end(), [&](const std::string& u) {
                return std::find(of_model.begin(), of_model.end(), u) != of_model.end();
            });
        const std::string name = exportFormatInfo(format).display_name;
        if (model_only)
            throw InputError("plan", name + " cannot express this model exactly:" + why +
                                         "\nNo plan changes this; export with --lossy to write the "
                                         "approximation above.");
        throw InputError("plan", name + " cannot express this plan exactly:" + why +
                                     "\nSearch for this framework (galvatron search --target " + toString(t) +
                                     ", or the target selector in the search settings) to get a plan it runs "
                                     "as costed, or export with --lossy to write the approximation above.");
    }
    return r;
}

} // namespace gx
