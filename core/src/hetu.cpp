// SPDX-License-Identifier: Apache-2.0
// Galvatron Explorer - Hetu-Galvatron strategy and hardware-profile interchange.
//
// Formats as written/read by PKU-DAIR/Hetu-Galvatron (Miao et al., VLDB 2023 "Galvatron"; Wang et al.
// 2024 "Galvatron-BMW"):
//  * strategy: galvatron/utils config2strategy / strategy2config and
//    core/runtime/hybrid_parallel_config.py: comma-separated per-layer lists, dp type 1 = sharded
//    data parallel (ZeRO-3), 0 = default_dp_type; pp_division defaults to L/pp per stage with the
//    remainder on the last stage; checkpoint flags 0/1.
//  * hardware: profile_hardware writes nccl-tests "Avg bus bandwidth" (GB/s) per key
//    allreduce_size_<n>_consec_<0|1> (consec 1: ranks [k*n, (k+1)*n), consec 0: ranks k, k+W/n, ...),
//    pp_size_<n> (sendrecv over ranks k, k+W/n, ...), sp_time keys <op>_size_<n>_<MB>MB_time in ms,
//    overlap_coefficient.json {"overlap_coe": slowdown >= 1 of overlapped compute and communication}.
#include "gx/hetu.h"
#include "gx/megatron_core.h"
#include "gx/units.h"

#include "gx/error.h"
#include "gx/file_io.h"
#include "gx/profile_io.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <tuple>

namespace gx {

using nlohmann::json;
using nlohmann::ordered_json;

namespace {

template <class F> std::string joinLayers(const Plan& plan, F&& get) {
    std::string s;
    for (const auto& l : plan.layers) {
        if (!s.empty())
            s += ',';
        s += std::to_string(get(l));
    }
    return s;
}

std::string joinInts(const std::vector<int>& v) {
    std::string s;
    for (int x : v) {
        if (!s.empty())
            s += ',';
        s += std::to_string(x);
    }
    return s;
}

int requireInt(const json& j, const std::string& key, const std::string& path, bool positive = true) {
    const std::string f = path + "." + key;
    if (!j.contains(key))
        throw InputError(f, "missing (required by Hetu-Galvatron's strategy format)");
    const json& v = j.at(key);
    if (!v.is_number_integer() && !(v.is_number_float() && std::floor(v.get<double>()) == v.get<double>()))
        throw InputError(f, "expected an integer, got " + showJson(v));
    const long long x = v.is_number_integer() ? v.get<long long>() : static_cast<long long>(v.get<double>());
    if (positive ? x < 1 : x < 0)
        throw InputError(f, std::string("expected ") + (positive ? "a positive" : "a non-negative") +
                                " integer, got " + std::to_string(x));
    if (x > 1000000000LL)
        throw InputError(f, "value " + std::to_string(x) + " is too large");
    return static_cast<int>(x);
}

int optionalInt(const json& j, const std::string& key, const std::string& path, int def) {
    return j.contains(key) ? requireInt(j, key, path, false) : def;
}

/// Hetu stores per-layer lists as "4,4,8"; a JSON array of integers is accepted too.
std::vector<int> intList(const json& j, const std::string& key, const std::string& path) {
    const std::string f = path + "." + key;
    const json& v = j.at(key);
    std::vector<int> out;
    if (v.is_array()) {
        for (std::size_t i = 0; i < v.size(); ++i) {
            if (!v[i].is_number_integer())
                throw InputError(f + "[" + std::to_string(i) + "]",
                                 "expected an integer, got " + showJson(v[i]));
            out.push_back(v[i].get<int>());
        }
        return out;
    }
    if (v.is_number_integer()) // a single layer written as a number
        return {v.get<int>()};
    if (!v.is_string())
        throw InputError(f,
                         "expected a comma-separated string of integers like \"1,2,4\", got " + showJson(v));
    const std::string s = v.get<std::string>();
    std::stringstream ss(s);
    std::string item;
    std::size_t idx = 0;
    while (std::getline(ss, item, ',')) {
        const auto b = item.find_first_not_of(" \t");
        const auto e = item.find_last_not_of(" \t");
        const std::string t = b == std::string::npos ? std::string() : item.substr(b, e - b + 1);
        std::size_t used = 0;
        int x = 0;
        try {
            x = std::stoi(t, &used);
        } catch (const std::exception&) {
            used = 0;
        }
        if (t.empty() || used != t.size())
            throw InputError(f + "[" + std::to_string(idx) + "]",
                             "expected an integer, got '" + showString(t, 40) + "'");
        out.push_back(x);
        ++idx;
    }
    if (out.empty())
        throw InputError(f, "is empty");
    return out;
}

void requireLength(const std::vector<int>& v, int n, const std::string& f, const std::string& what) {
    if (static_cast<int>(v.size()) != n)
        throw InputError(f, "has " + std::to_string(v.size()) + " entries but the model has " +
                                std::to_string(n) + " " + what);
}

void requireFlags(const std::vector<int>& v, const std::string& f, int max_value = 1) {
    for (std::size_t i = 0; i < v.size(); ++i)
        if (v[i] < 0 || v[i] > max_value)
            throw InputError(f + "[" + std::to_string(i) + "]",
                             "expected 0" + std::string(max_value >= 1 ? " or 1" : "") + ", got " +
                                 std::to_string(v[i]));
}

DpType defaultDpType(const json& j, const std::string& path) {
    if (!j.contains("default_dp_type"))
        return DpType::DDP;
    const json& v = j.at("default_dp_type");
    // Hetu-Galvatron's own choices (arguments.py: ddp, zero2, zero3), spelled as in kDpTypeNames.
    const std::string s = v.is_string() ? v.get<std::string>() : std::string();
    const auto t = enumFromName(kDpTypeNames, s);
    if (t && (s == toString(DpType::DDP) || s == toString(DpType::ZeRO2) || s == toString(DpType::ZeRO3)))
        return *t;
    throw InputError(path + ".default_dp_type",
                     "expected \"ddp\", \"zero2\" or \"zero3\", got " + showJson(v));
}

/// A layer's degrees as written: tp_sizes_enc holds an all-to-all (Ulysses, use_sp = 1) layer's degree,
/// cp_sizes_enc a ring layer's.
bool isUlysses(const LayerStrategy& l) {
    return l.cp > 1 && l.cp_comm == CpComm::A2A;
}
int tpSizeEnc(const LayerStrategy& l) {
    return isUlysses(l) && l.tp == 1 ? l.cp : l.tp;
}
int cpSizeEnc(const LayerStrategy& l) {
    return l.cp > 1 && !isUlysses(l) ? l.cp : 1;
}

/// global_bsz's divisor in hybrid_parallel_config.py:109-111: world // pp // min_tp // min_cp (Python
/// floor divisions; 0 divides by zero there).
int hetuBatchDivisor(const Plan& plan, int vcp) {
    int min_tp = plan.vocab_tp, min_cp = vcp;
    for (const auto& l : plan.layers) {
        min_tp = std::min(min_tp, tpSizeEnc(l));
        min_cp = std::min(min_cp, cpSizeEnc(l));
    }
    return min_tp < 1 || min_cp < 1 ? 0 : plan.stageGpus() / min_tp / min_cp;
}

/// The layers (as "0-3, 7") for which `pick` holds.
template <class F> std::string layerRanges(const Plan& plan, F&& pick) {
    std::string out;
    const int L = static_cast<int>(plan.layers.size());
    for (int i = 0; i < L;) {
        if (!pick(plan.layers[static_cast<std::size_t>(i)])) {
            ++i;
            continue;
        }
        int j = i;
        while (j + 1 < L && pick(plan.layers[static_cast<std::size_t>(j + 1)]))
            ++j;
        out += (out.empty() ? "" : ", ") + std::to_string(i) + (j > i ? "-" + std::to_string(j) : "");
        i = j + 1;
    }
    return out;
}

/// ep_sizes_enc / tp_of_ep_sizes_enc (hybrid_parallel_config.py:63-72) into the mixture-of-experts layers
/// of `p`; a dense layer's entries are not used (Hetu builds expert groups for MoE models only).
void readExpertParallel(const json& j, const ModelProfile& model, const std::string& path, int stage, Plan& p,
                        std::vector<std::string>* notes) {
    const int L = static_cast<int>(p.layers.size());
    std::vector<int> eps(static_cast<std::size_t>(L), 1), etps = eps;
    for (auto [key, v] : {std::pair{"ep_sizes_enc", &eps}, std::pair{"tp_of_ep_sizes_enc", &etps}})
        if (j.contains(key)) {
            *v = intList(j, key, path);
            requireLength(*v, L, path + "." + key, "layers");
        }
    std::string apart;
    for (int i = 0; i < L; ++i) {
        const LayerType& t = model.layer(i);
        if (!t.moe.enabled())
            continue;
        LayerStrategy& s = p.layers[static_cast<std::size_t>(i)];
        const int ep = eps[static_cast<std::size_t>(i)], etp = etps[static_cast<std::size_t>(i)];
        const std::string n = "[" + std::to_string(i) + "]";
        if (ep < 1 || etp < 1 || stage % ep != 0 || (stage / ep) % etp != 0)
            throw InputError(path + ".ep_sizes_enc" + n, "expert-parallel size " + std::to_string(ep) +
                                                             " times tp_of_ep " + std::to_string(etp) +
                                                             " must divide the " + std::to_string(stage) +
                                                             " GPUs of a pipeline stage");
        if (t.moe.experts % ep != 0)
            throw InputError(path + ".ep_sizes_enc" + n, "expert-parallel size " + std::to_string(ep) +
                                                             " does not divide the " +
                                                             std::to_string(t.moe.experts) + " experts");
        if (etp != s.tp)
            throw InputError(path + ".tp_of_ep_sizes_enc" + n,
                             "expert tensor-parallel size " + std::to_string(etp) +
                                 (j.contains("tp_of_ep_sizes_enc") ? "" : " (Hetu's default)") +
                                 " differs from the layer's tensor-parallel size " + std::to_string(s.tp) +
                                 ": Galvatron Explorer splits the experts over the layer's tp");
        s.ep = ep;
        if (ep > 1 && ep != s.dp * s.cp)
            apart += (apart.empty() ? "" : ", ") + std::to_string(i);
    }
    if (!apart.empty() && notes)
        notes->push_back(
            "expert parallelism over part of the data- and context-parallel ranks (layers " + apart +
            "): Hetu-Galvatron places its expert-parallel ranks 'pp-ep-edp-etp' (comm_groups.py:337); "
            "imported with them adjacent, as the cost model places them");
}

// ---- hardware ----

int nodesSpanned(int first, int n, int stride, int gpus_per_node) {
    std::set<int> nodes;
    for (int k = 0; k < n; ++k)
        nodes.insert((first + k * stride) / std::max(1, gpus_per_node));
    return static_cast<int>(nodes.size());
}

/// Whether any group of a Hetu-style layout spans several nodes.
bool groupCrossesNodes(int world, int n, bool consecutive, int gpus_per_node) {
    const int groups = world / n;
    for (int g = 0; g < groups; ++g) {
        const int first = consecutive ? g * n : g;
        const int stride = consecutive ? 1 : groups;
        if (nodesSpanned(first, n, stride, gpus_per_node) > 1)
            return true;
    }
    return false;
}

double numberValue(const json& v, const std::string& f) {
    if (!v.is_number())
        throw InputError(f, "expected a number, got " + showJson(v));
    const double x = v.get<double>();
    if (!(x > 0) || !std::isfinite(x))
        throw InputError(f, "expected a positive number, got " + showJson(v));
    return x;
}

/// Hetu's bandwidth files hold one average over the profiled sizes; stored as a single-point curve
/// (the cost model uses a single point as a constant bus bandwidth).
constexpr double kAvgPointBytes = 64 * kMiB;

void upsert(ClusterProfile& c, CollectiveMeasurement m, bool replace) {
    for (auto& e : c.measured)
        if (e.op == m.op && e.group_size == m.group_size && e.inter_node == m.inter_node) {
            if (replace)
                e = std::move(m);
            return;
        }
    c.measured.push_back(std::move(m));
}

void mergeSpTime(ClusterProfile& c, const json& sp, const std::string& file) {
    if (!sp.is_object())
        return;
    static const std::regex key_re(R"(^(allreduce|all2all)_size_(\d+)_(\d+)MB_time$)");
    // (op, n) -> bytes -> ms
    std::map<std::pair<Collective, int>, std::map<double, double>> curves;
    for (const auto& [key, v] : sp.items()) {
        std::smatch mt;
        if (!std::regex_match(key, mt, key_re))
            continue;
        const Collective op = mt[1] == "allreduce" ? Collective::AllReduce : Collective::AllToAll;
        const int n = std::stoi(mt[2]);
        const double mb = std::stod(mt[3]);
        const double ms = numberValue(v, file + "." + key);
        if (mb <= 0 || n < 2 || n > c.totalGpus())
            continue;
        curves[{op, n}][mb * kMiB] = ms;
    }
    for (const auto& [k, pts] : curves) {
        CollectiveMeasurement m;
        m.op = k.first;
        m.group_size = k.second;
        m.inter_node = groupCrossesNodes(c.totalGpus(), k.second, true, c.gpus_per_node);
        m.latency_us = 0.0; // the curve already contains the small-message latency
        const double factor = m.op == Collective::AllReduce ? 2.0 * (m.group_size - 1) / m.group_size
                                                            : double(m.group_size - 1) / m.group_size;
        for (const auto& [bytes, ms] : pts)
            m.bytes_to_busbw_gbs.emplace_back(bytes, factor * bytes / (ms * 1e-3) / 1e9);
        upsert(c, std::move(m), true);
    }
}

} // namespace

// -------------------------------------------------------------------------------------------------
// What Hetu-Galvatron builds and runs (tests/data/consumers/hetu.json, PKU-DAIR/Hetu-Galvatron@cea12ff)

std::vector<std::string> hetuModelInexpressible(const ModelProfile& model) {
    std::vector<std::string> out;
    if (model.stacks.empty())
        return out;
    bool decoder_only = true, moe = false, dense = false, one_shape = true;
    const LayerType& f = model.stacks.front().type;
    for (const auto& st : model.stacks) {
        const LayerType& x = st.type;
        decoder_only = decoder_only && x.kind == BlockKind::Decoder;
        (x.moe.enabled() ? moe : dense) = true;
        one_shape = one_shape && x.hidden == f.hidden && x.ffn_hidden == f.ffn_hidden && x.heads == f.heads &&
                    x.kv_heads == f.kv_heads && x.head_dim == f.head_dim && x.gated_ffn == f.gated_ffn &&
                    x.bias == f.bias && x.qkv_bias == f.qkv_bias && x.qk_norm == f.qk_norm &&
                    x.moe == f.moe && x.mla == f.mla;
    }
    if (!decoder_only)
        out.push_back("model '" + model.name +
                      "' is not decoder-only: Hetu-Galvatron builds causal decoder-only language models "
                      "(core/runtime/models/builder.py:111-121)");
    if (moe && dense)
        out.push_back(
            "dense and mixture-of-experts layers in one model: Hetu-Galvatron builds every layer of "
            "a mistral/mixtral model as a mixture-of-experts layer and none of a gpt/llama/qwen one "
            "(core/runtime/models/builder.py:114-119)");
    else if (!one_shape)
        out.push_back("layers of different shapes: Hetu-Galvatron builds one decoder layer from its model "
                      "arguments");
    for (const auto& st : model.stacks)
        if (st.type.qk_norm) {
            out.push_back("query/key RMSNorm (qk_norm): Hetu-Galvatron's qk_layernorm builds "
                          "torch.nn.LayerNorm (core/runtime/models/modules.py:122-124)");
            break;
        }
    for (const auto& st : model.stacks) {
        const MoeSpec& e = st.type.moe;
        if (!e.enabled())
            continue;
        const auto num = [](int v) { return std::to_string(v); };
        if (e.shared_experts > 0)
            out.push_back("shared experts (" + num(e.shared_experts) + " of " + num(e.shared_ffn_hidden) +
                          "): Hetu-Galvatron's mixture-of-experts layer has routed experts only "
                          "(core/runtime/models/moe_modules.py:55, 'TODO: Add shared expert support')");
        // The router is Megatron-Core's topk_softmax_with_capacity (moe/moe_utils.py:430-544), without
        // Megatron-LM's argument checks (a softmax over the top-1 logit is weight 1, as renormalised).
        const MegatronCoreRouter router = megatronCoreRouter(e, model.family, /*refuse_softmax_top1=*/false);
        if (router.renormalises_sigmoid)
            out.push_back("unnormalised sigmoid router weights (top-" + num(e.top_k) +
                          "): Hetu-Galvatron divides sigmoid top-k weights by their sum whenever top-k > 1 "
                          "(moe/moe_utils.py:504)");
        if (router.group_rank_differs)
            out.push_back(e.groupRoutingText() +
                          ": Hetu-Galvatron ranks a group by the sum of its best top-k / group-topk = " +
                          num(router.group_rank_top) + (router.group_rank_on_logits ? " logits" : " scores") +
                          " (moe/moe_utils.py:410-412)");
        break; // (one shape: the other stacks' router is this one, or refused above)
    }
    return out;
}

std::string hetuMoeArguments(const ModelProfile& model) {
    const LayerType* t = nullptr;
    for (const auto& st : model.stacks)
        if (st.type.moe.enabled()) {
            t = &st.type;
            break;
        }
    if (!t)
        return {};
    const MoeSpec& e = t->moe;
    std::string a = "runtime.model.is_moe_model=true, a runtime.model.model_size starting with mixtral (or "
                    "mistral: the model types whose layers it builds as mixture-of-experts layers), "
                    "runtime.model.num_moe_experts=" +
                    std::to_string(e.experts) + ", runtime.model.moe_router_topk=" + std::to_string(e.top_k) +
                    ", runtime.model.moe_ffn_hidden_size=" + std::to_string(t->ffn_hidden) +
                    ", runtime.model.moe_grouped_gemm=true";
    // The router's fields as the Megatron-LM export sets them (args_schema.py: Megatron-Core's names and
    // defaults, e.g. moe_router_load_balancing_type aux_loss and moe_aux_loss_coeff 0 at lines 130, 140).
    for (const auto& f : megatronCoreRouter(e, model.family, /*refuse_softmax_top1=*/false).fields)
        a += ", runtime.model." + f.field + "=" + (f.value.empty() ? std::string("true") : f.value);
    return a;
}

int hetuVocabCp(const Plan& plan) {
    const int G = plan.stageGpus(), vtp = plan.vocab_tp, mb = plan.microBatch();
    if (G < 1 || vtp < 1 || G % vtp != 0 || mb < 1)
        return 0;
    std::set<int> candidates{1};
    for (const auto& l : plan.layers)
        candidates.insert(cpSizeEnc(l));
    for (int vcp : candidates) {
        if ((G / vtp) % vcp != 0 || mb % (G / vtp / vcp) != 0)
            continue;
        const int d = hetuBatchDivisor(plan, vcp);
        if (d > 0 && plan.global_batch % d == 0)
            return vcp;
    }
    return 0;
}

std::vector<std::string> hetuPlanInexpressible(const Plan& plan) {
    std::vector<std::string> out;
    if (plan.layers.empty() || hetuVocabCp(plan) > 0)
        return out;
    const int d = hetuBatchDivisor(plan, 1);
    out.push_back(
        "global batch " + std::to_string(plan.global_batch) + " in micro-batches of " +
        std::to_string(plan.microBatch()) +
        ": Hetu-Galvatron needs global_bsz to be a multiple of world / pp / min tp / min cp (" +
        (d > 0 ? std::to_string(d) : std::string("0, a division by zero")) +
        " with vcp = 1; hybrid_parallel_config.py:107-111) and the embedding's samples to split "
        "over its world / pp / vtp / vcp data-parallel ranks; no vcp (1 or a layer's cp) does both");
    return out;
}

// -------------------------------------------------------------------------------------------------

nlohmann::ordered_json toHetuStrategyOrdered(const Plan& plan, const ModelProfile& model,
                                             std::vector<std::string>* unsupported) {
    std::vector<std::string> dummy;
    std::vector<std::string>& un = unsupported ? *unsupported : dummy;
    const int L = static_cast<int>(plan.layers.size());
    if (L != model.layerCount())
        throw InputError("plan.layers", "has " + std::to_string(L) + " layer strategies but model '" +
                                            model.name + "' has " + std::to_string(model.layerCount()) +
                                            " layers");
    if (plan.pp < 1 || plan.gpus < 1 || plan.gpus % plan.pp != 0)
        throw InputError("plan.pp", "pipeline degree " + std::to_string(plan.pp) + " must divide the " +
                                        std::to_string(plan.gpus) + " GPUs");

    // Data-parallel flavour: per layer 1 = ZeRO-3 (Hetu "sdp"), 0 = default_dp_type (ddp or zero2). A
    // layer (or embedding) without data- or context-parallel ranks runs any type alike; when no layer
    // decides, the embedding's type does.
    int n_ddp = 0, n_zero12 = 0, n_zero1 = 0;
    for (const auto& l : plan.layers) {
        if (l.dp * l.cp <= 1)
            continue;
        if (l.dp_type == DpType::DDP)
            ++n_ddp;
        else if (l.dp_type != DpType::ZeRO3)
            ++n_zero12;
        if (l.dp_type == DpType::ZeRO1)
            ++n_zero1;
    }
    const bool vocab_dp = plan.vocab_tp > 0 && plan.stageGpus() / plan.vocab_tp > 1;
    const bool def_zero2 =
        n_zero12 > n_ddp || (n_zero12 == 0 && n_ddp == 0 && vocab_dp &&
                             (plan.vocab_dp_type == DpType::ZeRO1 || plan.vocab_dp_type == DpType::ZeRO2));
    if (n_ddp > 0 && n_zero12 > 0)
        un.push_back("per-layer mix of DDP (" + std::to_string(n_ddp) + " layers) and ZeRO-1/2 (" +
                     std::to_string(n_zero12) +
                     " layers): Hetu-Galvatron applies one default_dp_type to all "
                     "non-ZeRO-3 layers; exported \"" +
                     (def_zero2 ? "zero2" : "ddp") + "\"");
    if (n_zero1 > 0 && def_zero2)
        un.push_back("ZeRO-1 (" + std::to_string(n_zero1) +
                     " layers): Hetu-Galvatron has ddp, zero2 and "
                     "zero3; exported as zero2 (gradients sharded too)");

    std::vector<int> ckpt;
    int n_sel = 0;
    for (const auto& l : plan.layers) {
        ckpt.push_back(l.ckpt == Checkpoint::None ? 0 : 1);
        n_sel += l.ckpt == Checkpoint::Selective;
    }
    if (n_sel > 0)
        un.push_back("selective recomputation (" + std::to_string(n_sel) +
                     " layers): Hetu-Galvatron's "
                     "checkpoint flag recomputes whole layers; exported as full checkpointing");

    std::vector<int> division;
    if (plan.schedule == Schedule::Interleaved && plan.virtual_stages > 1) {
        // Hetu stages are contiguous: keep each stage's layer count, drop the interleaving.
        division.assign(static_cast<std::size_t>(plan.pp), 0);
        for (std::size_t c = 0; c < plan.stage_layers.size(); ++c)
            division[c % static_cast<std::size_t>(plan.pp)] += plan.stage_layers[c];
        un.push_back("interleaved 1F1B with " + std::to_string(plan.virtual_stages) +
                     " model chunks per stage: Hetu-Galvatron has gpipe and pipedream_flush (1F1B) only; "
                     "exported contiguous stages of " +
                     joinInts(division) + " layers with pipedream_flush");
    } else {
        division = plan.stage_layers;
    }
    if (std::any_of(plan.layers.begin(), plan.layers.end(), [](const LayerStrategy& l) { return l.sp; }))
        un.push_back("Megatron sequence parallelism: Hetu-Galvatron's use_sp means Ulysses sequence "
                     "parallelism, so use_sp is written as 0 and the Megatron flags are kept in "
                     "\"gx_sequence_parallel\" (enable Megatron SP in Hetu's runtime arguments)");
    const DpType def = def_zero2 ? DpType::ZeRO2 : DpType::DDP;
    const int embed_sdp = plan.vocab_dp_type == DpType::ZeRO3 ? 1 : 0;
    if (vocab_dp && !embed_sdp && plan.vocab_dp_type != def &&
        !(def == DpType::ZeRO2 && plan.vocab_dp_type == DpType::ZeRO1))
        un.push_back(std::string("embedding data-parallel type ") + dpLabel(plan.vocab_dp_type) +
                     ": Hetu-Galvatron's embedding follows default_dp_type unless embed_sdp; exported " +
                     (def_zero2 ? "zero2" : "ddp"));

    ordered_json j;
    j["pp_deg"] = plan.pp;
    j["tp_consecutive_flags"] =
        joinLayers(plan, [](const LayerStrategy& l) { return l.tp_consecutive ? 1 : 0; });
    j["dp_types_enc"] =
        joinLayers(plan, [](const LayerStrategy& l) { return l.dp_type == DpType::ZeRO3 ? 1 : 0; });
    // Context parallelism: ring layers in cp_sizes_enc; an all-to-all layer is Hetu's Ulysses, use_sp = 1
    // with its degree in tp_sizes_enc (and no TP).
    const auto ulysses = [](const LayerStrategy& l) { return l.cp > 1 && l.cp_comm == CpComm::A2A; };
    for (const auto& l : plan.layers)
        if (ulysses(l) && l.tp > 1) {
            un.push_back(
                "all-to-all context parallelism with tp=" + std::to_string(l.tp) +
                ": Hetu-Galvatron's use_sp runs Ulysses in place of tensor parallelism; exported tp=" +
                std::to_string(l.tp) + " without Ulysses");
            break;
        }
    j["tp_sizes_enc"] =
        joinLayers(plan, [&](const LayerStrategy& l) { return ulysses(l) && l.tp == 1 ? l.cp : l.tp; });
    j["use_sp"] = joinLayers(plan, [&](const LayerStrategy& l) { return ulysses(l) && l.tp == 1 ? 1 : 0; });
    if (std::any_of(plan.layers.begin(), plan.layers.end(),
                    [&](const LayerStrategy& l) { return l.cp > 1 && !ulysses(l); }))
        j["cp_sizes_enc"] =
            joinLayers(plan, [&](const LayerStrategy& l) { return l.cp > 1 && !ulysses(l) ? l.cp : 1; });
    // Expert parallelism per layer (hybrid_parallel_config.py:63-72): each expert split over the layer's
    // tp, as costed. Hetu orders the expert ranks 'pp-ep-edp-etp' (comm_groups.py:337), the cost model
    // as Megatron 'tp-cp-ep-dp': the same groups when ep is 1 or all of dp x cp.
    bool moe = false;
    for (const auto& st : model.stacks)
        moe = moe || st.type.moe.enabled();
    if (moe) {
        j["ep_sizes_enc"] = joinLayers(plan, [](const LayerStrategy& l) { return l.ep; });
        j["tp_of_ep_sizes_enc"] = joinLayers(plan, [](const LayerStrategy& l) { return l.tp; });
        const auto apart = [](const LayerStrategy& l) { return l.ep > 1 && l.ep != l.dp * l.cp; };
        if (std::any_of(plan.layers.begin(), plan.layers.end(), apart))
            un.push_back("expert parallelism over part of the data- and context-parallel ranks (layers " +
                         layerRanges(plan, apart) +
                         "): Hetu-Galvatron orders expert ranks 'pp-ep-edp-etp' (comm_groups.py:337), its "
                         "expert-parallel groups tp x dp x cp / ep ranks apart where the plan's are tp apart "
                         "(ep equal to dp x cp, or 1, places them alike); exported ep_sizes_enc as planned");
    }
    j["checkpoint"] = joinInts(ckpt);
    j["global_bsz"] = plan.global_batch;
    j["chunks"] = plan.num_micro;
    j["pp_division"] = joinInts(division);
    j["pipeline_type"] = plan.schedule == Schedule::GPipe ? "gpipe" : "pipedream_flush";
    j["default_dp_type"] = def_zero2 ? "zero2" : "ddp";
    j["vtp"] = plan.vocab_tp;
    j["vsp"] = 0;
    // The embedding's context parallelism (config_utils.py:34-37): written when the layers split the
    // sequence; any value splits the embedding's tokens as costed.
    if (std::any_of(plan.layers.begin(), plan.layers.end(), [](const LayerStrategy& l) { return l.cp > 1; }))
        j["vcp"] = std::max(1, hetuVocabCp(plan));
    for (auto& u : hetuPlanInexpressible(plan))
        un.push_back(std::move(u) + "; exported vcp=1");
    // Hetu's search writes embed_sdp; its runtime arguments read vocab_sdp: emit both.
    j["embed_sdp"] = embed_sdp;
    j["vocab_sdp"] = embed_sdp;
    // Keys below are ignored by Hetu-Galvatron and let Galvatron Explorer re-import the plan exactly.
    j["gx_world_size"] = plan.gpus;
    j["gx_sequence_parallel"] = joinLayers(plan, [](const LayerStrategy& l) { return l.sp ? 1 : 0; });
    j["gx_model"] = model.name;
    return j;
}

nlohmann::json toHetuStrategy(const Plan& plan, const ModelProfile& model,
                              std::vector<std::string>* unsupported) {
    return json(toHetuStrategyOrdered(plan, model, unsupported));
}

namespace {

/// The per-layer flags of a Hetu-Galvatron strategy, as read.
struct HetuLayerFlags {
    const std::vector<int>&tp, &cp, &use_sp, &consecutive, &dp_types, &checkpoint, &megatron_sp;
    bool has_megatron_sp; ///< the file has "gx_sequence_parallel" (written by this export)
};

/// The layers of `p` from a strategy's flags, as Hetu-Galvatron's runtime runs them (see the comment).
void readHetuLayers(const HetuLayerFlags& f, int stage, DpType def, Plan& p,
                    std::vector<std::string>* notes) {
    // What the runtime runs, whatever the flags say (tests/data/consumers/hetu.json at cea12ff): its TP
    // ranks are always adjacent (comm_groups.py orders 'pp-dp-cp-tp-sp'; tp_consecutive_flags is read but
    // used nowhere) and every tensor-parallel layer runs Megatron sequence parallelism (attention.py:142
    // asserts sequence_parallel). A flag saying otherwise is imported as run, with a note.
    int spread = 0, no_sp = 0;
    for (std::size_t i = 0; i < f.tp.size(); ++i) {
        LayerStrategy s;
        const bool ulysses = f.use_sp[i] == 1 && f.tp[i] > 1;
        s.tp = ulysses ? 1 : f.tp[i];
        s.cp = ulysses ? f.tp[i] : f.cp[i];
        s.cp_comm = ulysses ? CpComm::A2A : CpComm::P2P;
        s.dp = stage / (s.tp * s.cp);
        s.tp_consecutive = true;
        spread += f.consecutive[i] == 0 && s.tp > 1 && s.dp > 1 ? 1 : 0;
        s.dp_type = f.dp_types[i] == 1 ? DpType::ZeRO3 : def;
        s.ckpt = f.checkpoint[i] == 1 ? Checkpoint::Full : Checkpoint::None;
        s.sp = s.tp > 1;
        no_sp += s.tp > 1 && f.has_megatron_sp && f.megatron_sp[i] == 0 ? 1 : 0;
        p.layers.push_back(s);
    }
    if (spread > 0 && notes)
        notes->push_back(std::to_string(spread) +
                         " layers with tp_consecutive_flags 0 imported with adjacent tensor-parallel ranks: "
                         "Hetu-Galvatron's runtime (cea12ff) reads the flag but always orders its ranks "
                         "pp-dp-cp-tp-sp (comm_groups.py)");
    if (no_sp > 0 && notes)
        notes->push_back(
            std::to_string(no_sp) +
            " tensor-parallel layers without Megatron sequence parallelism (gx_sequence_parallel "
            "0) imported with it: Hetu-Galvatron's runtime (cea12ff) requires sequence_parallel "
            "(transformer/attention.py:142)");
}

} // namespace

Plan planFromHetuStrategy(const nlohmann::json& j, const ModelProfile& model, int world_size,
                          std::vector<std::string>* notes, const std::string& path) {
    if (!j.is_object())
        throw InputError(path,
                         "expected a Hetu-Galvatron strategy JSON object, got " + std::string(j.type_name()));
    const int L = model.layerCount();
    Plan p;
    p.model = model.name;
    p.pp = requireInt(j, "pp_deg", path);
    int world = world_size;
    if (world <= 0) {
        if (!j.contains("gx_world_size"))
            throw InputError(path + ".gx_world_size",
                             "Hetu-Galvatron's strategy JSON does not store the number of GPUs; pass it "
                             "(galvatron hetu import-strategy --gpus N)");
        world = requireInt(j, "gx_world_size", path);
    }
    if (world % p.pp != 0)
        throw InputError(path + ".pp_deg", "pp_deg " + std::to_string(p.pp) + " does not divide the " +
                                               std::to_string(world) + " GPUs");
    p.gpus = world;
    const int stage = world / p.pp;

    if (!j.contains("tp_sizes_enc"))
        throw InputError(path + ".tp_sizes_enc", "missing (required by Hetu-Galvatron's strategy format)");
    const std::vector<int> tp = intList(j, "tp_sizes_enc", path);
    requireLength(tp, L, path + ".tp_sizes_enc", "layers");
    for (int i = 0; i < L; ++i)
        if (tp[i] < 1 || stage % tp[i] != 0)
            throw InputError(path + ".tp_sizes_enc[" + std::to_string(i) + "]",
                             "tensor-parallel size " + std::to_string(tp[i]) + " must divide the " +
                                 std::to_string(stage) + " GPUs of a pipeline stage");
    auto perLayer = [&](const char* key, int def) {
        if (!j.contains(key))
            return std::vector<int>(static_cast<std::size_t>(L), def);
        std::vector<int> v = intList(j, key, path);
        requireLength(v, L, path + "." + key, "layers");
        requireFlags(v, path + "." + key);
        return v;
    };
    if (!j.contains("tp_consecutive_flags"))
        throw InputError(path + ".tp_consecutive_flags",
                         "missing (required by Hetu-Galvatron's strategy format)");
    if (!j.contains("dp_types_enc"))
        throw InputError(path + ".dp_types_enc", "missing (required by Hetu-Galvatron's strategy format)");
    const std::vector<int> consec = perLayer("tp_consecutive_flags", 1);
    const std::vector<int> dpt = perLayer("dp_types_enc", 0);
    const std::vector<int> usp = perLayer("use_sp", 0);
    const std::vector<int> ck = perLayer("checkpoint", 0);
    const std::vector<int> msp = perLayer("gx_sequence_parallel", 0);
    const DpType def = defaultDpType(j, path);

    // cp_sizes_enc: zigzag ring attention per layer; use_sp = 1: the layer's tp_sizes_enc is an all-to-all
    // (Ulysses) degree and it has no TP (hybrid_parallel_config.py).
    std::vector<int> cps(static_cast<std::size_t>(L), 1);
    if (j.contains("cp_sizes_enc")) {
        cps = intList(j, "cp_sizes_enc", path);
        requireLength(cps, L, path + ".cp_sizes_enc", "layers");
    }
    for (int i = 0; i < L; ++i) {
        const std::string f = path + ".cp_sizes_enc[" + std::to_string(i) + "]";
        if (cps[i] < 1 || stage % (tp[i] * cps[i]) != 0)
            throw InputError(f, "context-parallel size " + std::to_string(cps[i]) + " times tp " +
                                    std::to_string(tp[i]) + " must divide the " + std::to_string(stage) +
                                    " GPUs of a pipeline stage");
        if (usp[i] == 1 && tp[i] > 1 && cps[i] > 1)
            throw InputError(f, "Ulysses (use_sp) and ring context parallelism on the same layer: Galvatron "
                                "Explorer models one context-parallel exchange per layer");
    }
    readHetuLayers(HetuLayerFlags{tp, cps, usp, consec, dpt, ck, msp, j.contains("gx_sequence_parallel")},
                   stage, def, p, notes);
    readExpertParallel(j, model, path, stage, p, notes);

    p.global_batch = requireInt(j, "global_bsz", path);
    p.num_micro = requireInt(j, "chunks", path);
    if (p.global_batch % p.num_micro != 0)
        throw InputError(path + ".chunks", "global_bsz " + std::to_string(p.global_batch) +
                                               " is not divisible into " + std::to_string(p.num_micro) +
                                               " micro-batches");
    if (j.contains("pp_division")) {
        p.stage_layers = intList(j, "pp_division", path);
        if (static_cast<int>(p.stage_layers.size()) != p.pp)
            throw InputError(path + ".pp_division", "has " + std::to_string(p.stage_layers.size()) +
                                                        " stages but pp_deg is " + std::to_string(p.pp));
        int sum = 0;
        for (std::size_t i = 0; i < p.stage_layers.size(); ++i) {
            if (p.stage_layers[i] < 1)
                throw InputError(path + ".pp_division[" + std::to_string(i) + "]",
                                 "every stage needs at least one layer, got " +
                                     std::to_string(p.stage_layers[i]));
            sum += p.stage_layers[i];
        }
        if (sum != L)
            throw InputError(path + ".pp_division", "assigns " + std::to_string(sum) +
                                                        " layers but the model has " + std::to_string(L));
    } else {
        // Hetu's default: L / pp layers per stage, the remainder on the last stage.
        if (p.pp > L)
            throw InputError(path + ".pp_deg", "more pipeline stages (" + std::to_string(p.pp) +
                                                   ") than layers (" + std::to_string(L) + ")");
        const int avg = L / p.pp;
        p.stage_layers.assign(static_cast<std::size_t>(p.pp), avg);
        p.stage_layers.back() = L - avg * (p.pp - 1);
    }
    p.virtual_stages = 1;
    p.schedule = Schedule::GPipe; // Hetu-Galvatron's default pipeline_type
    if (j.contains("pipeline_type")) {
        const json& v = j.at("pipeline_type");
        const std::string s = v.is_string() ? v.get<std::string>() : std::string();
        if (s == "gpipe")
            p.schedule = Schedule::GPipe;
        else if (s == "pipedream_flush")
            p.schedule = Schedule::OneFOneB;
        else
            throw InputError(path + ".pipeline_type",
                             "expected \"gpipe\" or \"pipedream_flush\", got " + showJson(v));
    }
    p.vocab_tp = optionalInt(j, "vtp", path, 1);
    if (p.vocab_tp < 1 || stage % p.vocab_tp != 0)
        throw InputError(path + ".vtp", "vocabulary tensor-parallel size " + std::to_string(p.vocab_tp) +
                                            " must divide the " + std::to_string(stage) +
                                            " GPUs of a pipeline stage");
    if (optionalInt(j, "vsp", path, 0) == 1 && notes)
        notes->push_back("vsp=1 (Ulysses sequence parallelism of embedding/LM head) imported as vocabulary "
                         "tensor parallelism");
    const int es = std::max(optionalInt(j, "embed_sdp", path, 0), optionalInt(j, "vocab_sdp", path, 0));
    p.vocab_dp_type = es == 1 ? DpType::ZeRO3 : def;
    return p;
}

Plan loadHetuStrategyFile(const std::string& file, const ModelProfile& model, int world_size,
                          std::vector<std::string>* notes) {
    return planFromHetuStrategy(readJsonFile(file), model, world_size, notes, file);
}

ClusterProfile clusterFromHetuHardware(const nlohmann::json& allreduce, const nlohmann::json& p2p,
                                       const nlohmann::json& overlap, ClusterProfile base) {
    ClusterProfile c = std::move(base);
    const int world = c.totalGpus();
    if (world < 1)
        throw InputError("cluster.nodes",
                         "the base cluster needs nodes and gpus_per_node to place Hetu's groups");
    if (!allreduce.is_null() && !allreduce.is_object())
        throw InputError("allreduce_bandwidth",
                         "expected a JSON object of allreduce_size_<n>_consec_<0|1> keys");
    if (!p2p.is_null() && !p2p.is_object())
        throw InputError("p2p_bandwidth", "expected a JSON object of pp_size_<n> keys");
    if (!overlap.is_null() && !overlap.is_object())
        throw InputError("overlap_coefficient", "expected a JSON object with \"overlap_coe\"");

    static const std::regex ar_re(R"(^allreduce_size_(\d+)_consec_([01])$)");
    static const std::regex pp_re(R"(^pp_size_(\d+)$)");
    int imported = 0;
    if (allreduce.is_object()) {
        // Consecutive groups first so that they win when both layouts have the same locality.
        for (int want_consec : {1, 0}) {
            for (const auto& [key, v] : allreduce.items()) {
                std::smatch mt;
                if (!std::regex_match(key, mt, ar_re))
                    continue;
                const int n = std::stoi(mt[1]);
                const bool consec = mt[2] == "1";
                if (consec != (want_consec == 1))
                    continue;
                const double bw = numberValue(v, "allreduce_bandwidth." + key);
                if (n < 2 || n > world || world % n != 0)
                    throw InputError("allreduce_bandwidth." + key, "group size " + std::to_string(n) +
                                                                       " does not tile " +
                                                                       std::to_string(world) + " GPUs");
                const bool inter = groupCrossesNodes(world, n, consec, c.gpus_per_node);
                const double lat = inter ? c.inter.latency_us : c.intra.latency_us;
                // Hetu models all-gather/reduce-scatter as half an all-reduce, i.e. the same bus bandwidth.
                for (Collective op :
                     {Collective::AllReduce, Collective::AllGather, Collective::ReduceScatter}) {
                    CollectiveMeasurement m;
                    m.op = op;
                    m.group_size = n;
                    m.inter_node = inter;
                    m.latency_us = lat;
                    m.bytes_to_busbw_gbs = {{kAvgPointBytes, bw}};
                    upsert(c, std::move(m), false);
                }
                ++imported;
            }
        }
    }
    if (p2p.is_object()) {
        for (const auto& [key, v] : p2p.items()) {
            std::smatch mt;
            if (!std::regex_match(key, mt, pp_re))
                continue;
            const int n = std::stoi(mt[1]);
            const double bw = numberValue(v, "p2p_bandwidth." + key);
            if (n < 2 || n > world || world % n != 0)
                throw InputError("p2p_bandwidth." + key, "pipeline size " + std::to_string(n) +
                                                             " does not tile " + std::to_string(world) +
                                                             " GPUs");
            const bool inter = groupCrossesNodes(world, n, false, c.gpus_per_node);
            CollectiveMeasurement m;
            m.op = Collective::SendRecv;
            m.group_size = n;
            m.inter_node = inter;
            m.latency_us = inter ? c.inter.latency_us : c.intra.latency_us;
            m.bytes_to_busbw_gbs = {{kAvgPointBytes, bw}};
            upsert(c, std::move(m), false);
            ++imported;
        }
    }
    if (overlap.is_object() && overlap.contains("overlap_coe")) {
        const double coe = numberValue(overlap.at("overlap_coe"), "overlap_coefficient.overlap_coe");
        // Hetu: overlapped compute and communication each run coe x slower (coe >= 1). Approximated as
        // the fraction of gradient-sync time hidden behind backward: 1 / coe.
        c.overlap_efficiency = std::clamp(1.0 / coe, 0.0, 1.0);
        c.provenance["hetu_overlap_coe"] = overlap.at("overlap_coe").dump();
        ++imported;
    }
    if (imported == 0)
        throw InputError("hetu",
                         "no Hetu-Galvatron hardware entries found (expected allreduce_size_<n>_consec_<c>, "
                         "pp_size_<n> or overlap_coe keys)");
    std::sort(c.measured.begin(), c.measured.end(), [](const auto& a, const auto& b) {
        return std::tie(a.op, a.group_size, a.inter_node) < std::tie(b.op, b.group_size, b.inter_node);
    });
    c.source = "Hetu-Galvatron hardware profile (nccl-tests average bus bandwidth)";
    return c;
}

ClusterProfile loadHetuHardwareDir(const std::string& dir, ClusterProfile base) {
    namespace fs = std::filesystem;
    std::error_code ec;
    if (!fs::is_directory(dir, ec))
        throw InputError(dir, "not a directory (expected Hetu-Galvatron's hardware_configs folder)");
    static const std::regex name_re(R"(^allreduce_bandwidth_(\d+)nodes_(\d+)gpus_per_node\.json$)");
    std::vector<std::pair<int, int>> layouts;
    for (const auto& e : fs::directory_iterator(dir, ec)) {
        std::smatch mt;
        const std::string name = e.path().filename().string();
        if (std::regex_match(name, mt, name_re))
            layouts.emplace_back(std::stoi(mt[1]), std::stoi(mt[2]));
    }
    std::sort(layouts.begin(), layouts.end());
    if (layouts.empty())
        throw InputError(dir, "no allreduce_bandwidth_<N>nodes_<G>gpus_per_node.json found");
    std::pair<int, int> pick = layouts.front();
    if (layouts.size() > 1) {
        const auto it =
            std::find(layouts.begin(), layouts.end(), std::make_pair(base.nodes, base.gpus_per_node));
        if (it == layouts.end()) {
            std::string list;
            for (const auto& [n, g] : layouts)
                list += (list.empty() ? "" : ", ") + std::to_string(n) + "x" + std::to_string(g);
            throw InputError(dir, "several hardware profiles (" + list +
                                      " nodes x GPUs); pick one with a base cluster of that shape");
        }
        pick = *it;
    }
    if (pick.first < 1 || pick.second < 1)
        throw InputError(dir, "hardware profile names 0 nodes or GPUs");
    base.nodes = pick.first;
    base.gpus_per_node = pick.second;
    const std::string suffix =
        std::to_string(pick.first) + "nodes_" + std::to_string(pick.second) + "gpus_per_node.json";
    auto load = [&](const std::string& name) -> json {
        const fs::path p = fs::path(dir) / name;
        return fs::exists(p, ec) ? readJsonFile(p.string()) : json();
    };
    ClusterProfile c =
        clusterFromHetuHardware(load("allreduce_bandwidth_" + suffix), load("p2p_bandwidth_" + suffix),
                                load("overlap_coefficient.json"), std::move(base));
    mergeSpTime(c, load("sp_time_" + suffix), "sp_time_" + suffix);
    // Named for what was measured: the base's name would claim its node count (a 2-node profile from the
    // default 4x8xA100-80G-IB was printed as "16 GPUs of 4x8xA100-80G-IB").
    c.name = "hetu-" + std::to_string(pick.first) + "x" + std::to_string(pick.second) +
             (c.gpu.name.empty() ? std::string() : "x" + c.gpu.name);
    c.provenance["hetu_hardware_dir"] = dir;
    validateCluster(c);
    return c;
}

} // namespace gx
