// SPDX-License-Identifier: Apache-2.0
// Target frameworks: exports checked against the consumers' recorded options and cross-flag constraints
// (tests/data/consumers/*.json, each fact with its source file at the cited commit), target-constrained
// search (the plan found for X is expressible by X, exports without approximation, and costs at least the
// unconstrained best), block recomputation, refusal vs --lossy, and quoting of everything written into a
// script.
#include "gx/cost_model.h"
#include "gx/error.h"
#include "gx/exporters.h"
#include "gx/hetu.h"
#include "gx/hf_import.h"
#include "gx/model_file.h"
#include "gx/presets.h"
#include "gx/profile_io.h"
#include "gx/search_space.h"
#include "gx/target_search.h"

#include <QtTest>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <fstream>
#include <map>
#include <random>
#include <regex>
#include <set>
#include <sstream>

using nlohmann::json;
using namespace gx;

namespace {

/// Records a failure and continues (QVERIFY cannot be used in functions returning a value).
#define CHECK(cond, msg)                                                                                     \
    do {                                                                                                     \
        if (!(cond))                                                                                         \
            QTest::qFail(std::string(msg).c_str(), __FILE__, __LINE__);                                      \
    } while (0)

json consumer(const std::string& name) {
    std::ifstream f(std::string(GX_TEST_DATA_DIR) + "/consumers/" + name + ".json");
    if (!f)
        throw std::runtime_error("missing consumer data " + name);
    return json::parse(f);
}

/// Undoes shellQuote for one word: 'a'\''b' -> a'b, "$X" -> $X, bare -> bare.
std::string unquote(const std::string& w) {
    std::string out;
    std::size_t i = 0;
    while (i < w.size()) {
        if (w[i] == '\'') {
            const auto j = w.find('\'', i + 1);
            out += w.substr(i + 1, j - i - 1);
            i = j + 1;
        } else if (w[i] == '"') {
            const auto j = w.find('"', i + 1);
            out += w.substr(i + 1, j - i - 1);
            i = j + 1;
        } else if (w[i] == '\\' && i + 1 < w.size()) {
            out += w[i + 1];
            i += 2;
        } else {
            out += w[i++];
        }
    }
    return out;
}

/// The "    --flag [value]" lines of a bash array NAME=( ... ) as (flag, unquoted value or "").
std::vector<std::pair<std::string, std::string>> arrayArgs(const std::string& text, const std::string& name) {
    std::vector<std::pair<std::string, std::string>> out;
    const auto start = text.find(name + "=(\n");
    if (start == std::string::npos)
        return out;
    std::istringstream in(text.substr(start + name.size() + 3));
    std::string line;
    while (std::getline(in, line) && line != ")") {
        const auto b = line.find_first_not_of(' ');
        line = line.substr(b);
        const auto sp = line.find(' ');
        if (sp == std::string::npos)
            out.emplace_back(line, "");
        else
            out.emplace_back(line.substr(0, sp), unquote(line.substr(sp + 1)));
    }
    return out;
}

std::map<std::string, std::string> asMap(const std::vector<std::pair<std::string, std::string>>& v) {
    std::map<std::string, std::string> m;
    for (const auto& [k, x] : v)
        m[k] = x;
    return m;
}

/// Megatron's parse_str_to_list (pipeline_parallel_layer_layout.py), re-done here: drop commas, unroll
/// (..)*n and x*n, split on '|'; returns per-stage strings.
std::vector<std::string> parseLayout(std::string s) {
    s.erase(std::remove(s.begin(), s.end(), ','), s.end());
    const std::regex paren(R"(\(([^)]+)\)\*(\d+))"), single(R"((.)\*(\d+))");
    for (const std::regex* re : {&paren, &single}) {
        std::smatch m;
        while (std::regex_search(s, m, *re)) {
            std::string rep;
            for (int k = 0; k < std::stoi(m[2].str()); ++k)
                rep += m[1].str();
            s = m.prefix().str() + rep + m.suffix().str();
        }
    }
    std::vector<std::string> stages;
    std::string cur;
    for (char c : s) {
        if (c == '|') {
            stages.push_back(cur);
            cur.clear();
        } else {
            cur += c;
        }
    }
    stages.push_back(cur);
    return stages;
}

/// exportPlan that records an unexpected error as a test failure (with its message) instead of aborting.
ExportResult ex(const Plan& p, const ModelProfile& m, const ClusterProfile& c, ExportFormat f,
                const ExportOptions& o = {}) {
    try {
        return exportPlan(p, m, c, f, o);
    } catch (const std::exception& e) {
        QTest::qFail((std::string("export failed: ") + e.what()).c_str(), __FILE__, __LINE__);
    }
    return {};
}

ClusterProfile cluster16() {
    return clusterPreset("2x8xA100-80G-IB");
}

Plan basePlan(int gpus, int pp, int tp, std::vector<int> split, DpType dt, Checkpoint ck, bool sp) {
    Plan p;
    p.model = "llama2-7b";
    p.cluster = "2x8xA100-80G-IB";
    p.gpus = gpus;
    p.pp = pp;
    p.schedule = Schedule::OneFOneB;
    p.stage_layers = std::move(split);
    p.global_batch = 128;
    p.num_micro = 8; // 16 samples per micro-batch: divisible by every dp used here
    LayerStrategy s;
    s.tp = tp;
    s.dp = gpus / pp / tp;
    s.sp = sp && tp > 1;
    s.dp_type = s.dp > 1 ? dt : DpType::DDP;
    s.ckpt = ck;
    p.layers.assign(32, s);
    p.vocab_tp = tp;
    p.vocab_dp_type = s.dp_type;
    return p;
}

/// Checks every Megatron argument against megatron.json (option exists, value/flag kind, choices) and the
/// cross-flag constraints; returns the args.
std::map<std::string, std::string> checkMegatron(const std::string& text) {
    static const json c = consumer("megatron");
    const auto args = arrayArgs(text, "MEGATRON_ARGS");
    if (args.empty())
        QTest::qFail("no MEGATRON_ARGS", __FILE__, __LINE__);
    std::set<std::string> seen;
    for (const auto& [flag, value] : args) {
        if (!c["options"].contains(flag)) {
            QTest::qFail(("unknown Megatron option " + flag).c_str(), __FILE__, __LINE__);
            continue;
        }
        CHECK(seen.insert(flag).second, flag.c_str());
        const json& o = c["options"][flag];
        const bool takes = o["kind"] == "value";
        CHECK(takes == !value.empty(), (flag + " kind mismatch").c_str());
        if (o.contains("choices")) {
            bool ok = false;
            for (const auto& ch : o["choices"])
                ok = ok || ch.get<std::string>() == value;
            CHECK(ok, (flag + " " + value + " is not a valid choice").c_str());
        }
    }
    const auto m = asMap(args);
    for (const auto& k : c["constraints"]) {
        bool active = false;
        if (k.contains("if"))
            active = m.count(k["if"].get<std::string>()) > 0;
        if (k.contains("if_value"))
            for (const auto& [f, v] : k["if_value"].items())
                active = m.count(f) && m.at(f) == v.get<std::string>();
        if (!active)
            continue;
        if (k.contains("requires"))
            for (const auto& f : k["requires"])
                CHECK(m.count(f.get<std::string>()),
                      (k["id"].get<std::string>() + ": missing " + f.get<std::string>()).c_str());
        if (k.contains("excludes"))
            for (const auto& f : k["excludes"])
                CHECK(!m.count(f.get<std::string>()),
                      (k["id"].get<std::string>() + ": has " + f.get<std::string>()).c_str());
        if (k.contains("requires_value"))
            for (const auto& [f, v] : k["requires_value"].items())
                CHECK(m.count(f) && m.at(f) == v.get<std::string>(), (k["id"].get<std::string>()).c_str());
    }
    // Environment: TP without FSDP needs CUDA_DEVICE_MAX_CONNECTIONS=1; FSDP forbids it.
    const bool fsdp = m.count("--use-megatron-fsdp") > 0;
    const int tp = std::stoi(m.at("--tensor-model-parallel-size"));
    const bool sets1 = text.find("export CUDA_DEVICE_MAX_CONNECTIONS=1") != std::string::npos;
    if (fsdp)
        CHECK(!sets1, "!sets1");
    else if (tp > 1)
        CHECK(sets1, "sets1");
    return m;
}

std::map<std::string, std::string> checkTorchtitan(const std::string& text, std::string* subcommand) {
    static const json c = consumer("torchtitan");
    const auto args = arrayArgs(text, "TORCHTITAN_ARGS");
    std::map<std::string, std::string> m;
    for (const auto& [flag, value] : args) {
        if (flag.rfind("--", 0) != 0) {
            // tyro subcommand "activation-checkpoint:<policy>"
            const auto colon = flag.find(':');
            CHECK(colon != std::string::npos, flag.c_str());
            const std::string group = flag.substr(0, colon), choice = flag.substr(colon + 1);
            CHECK(c["subcommands"].contains(group), group.c_str());
            bool ok = false;
            for (const auto& x : c["subcommands"][group])
                ok = ok || x.get<std::string>() == choice;
            CHECK(ok, flag.c_str());
            *subcommand = choice;
            continue;
        }
        if (!c["options"].contains(flag)) {
            // the base config may come from the environment when torchtitan has no definition
            QTest::qFail(("unknown torchtitan option " + flag).c_str(), __FILE__, __LINE__);
            continue;
        }
        const json& o = c["options"][flag];
        if (!(flag == "--module" || flag == "--config"))
            CHECK((o["kind"] == "value") == !value.empty(), (flag + " kind mismatch").c_str());
        if (o.contains("choices")) {
            bool ok = false;
            for (const auto& ch : o["choices"])
                ok = ok || ch.get<std::string>() == value;
            CHECK(ok, (flag + " " + value).c_str());
        }
        m[flag] = value;
    }
    for (const auto& k : c["constraints"]) {
        bool active = k.contains("if") && m.count(k["if"].get<std::string>());
        if (k.contains("if_above")) // an option's value above a bound
            for (const auto& [f, bound] : k["if_above"].items())
                active = m.count(f) && std::stoi(m.at(f)) > bound.get<int>();
        if (active)
            for (const auto& f : k["requires"])
                CHECK(m.count(f.get<std::string>()), (k["id"].get<std::string>()).c_str());
    }
    return m;
}

/// DeepSpeed's AutoEP section against deepspeed.json: every key one parse_autoep_config reads, of its type
/// and choices; a preset of the registry; the constraints AutoEP's validation enforces on the config.
void checkDeepSpeedExpertParallel(const json& j, const json& c) {
    const json& x = j["expert_parallel"];
    const json& keys = c["expert_parallel_keys"];
    for (const auto& [k, v] : x.items()) {
        if (!keys.contains(k)) {
            QTest::qFail(("unknown expert_parallel key " + k).c_str(), __FILE__, __LINE__);
            continue;
        }
        const std::string type = keys[k]["type"];
        const bool ok = type == "bool"     ? v.is_boolean()
                        : type == "int"    ? v.is_number_integer()
                        : type == "number" ? v.is_number() && !v.is_boolean()
                                           : v.is_string();
        CHECK(ok, "expert_parallel." + k + " is not a " + type);
        if (keys[k].contains("choices")) {
            bool in = false;
            for (const auto& ch : keys[k]["choices"])
                in = in || ch == v;
            CHECK(in, "expert_parallel." + k + " " + v.dump());
        }
    }
    CHECK(x.value("enabled", false), "expert_parallel.enabled");
    // auto_ep_folding.py: expert_tensor_parallel_size 1 only; ep x etp divides the stage (world / pp).
    CHECK(x.value("expert_tensor_parallel_size", 1) == 1, "expert_tensor_parallel_size != 1");
    if (x.contains("preset_model"))
        CHECK(c["autoep_presets"]["presets"].contains(x["preset_model"].get<std::string>()),
              "unknown preset " + x["preset_model"].dump());
    // The AutoEP+AutoTP folding limits (autoep-with-autotp) and ZeRO-3's (autoep-zero3), ZeRO-1/2's asserts
    // for MoE parameters (autoep-zero12).
    const int stage = j["zero_optimization"]["stage"].get<int>();
    if (j.contains("tensor_parallel") && j["tensor_parallel"]["autotp_size"].get<int>() > 1) {
        CHECK(x["autoep_size"].get<int>() > 1, "AutoEP+AutoTP needs autoep_size > 1");
        CHECK(!j.contains("pipeline") && !j.contains("sequence_parallel_size") && stage < 3,
              "AutoEP+AutoTP: no pipeline, no Ulysses, ZeRO <= 2");
    }
    if (stage == 3)
        CHECK(!j.contains("tensor_parallel") && j.value("sequence_parallel_size", 1) == 1,
              "AutoEP with ZeRO-3: no AutoTP, no sequence parallelism");
    if (stage == 1 || stage == 2)
        CHECK(j["zero_optimization"].value("contiguous_gradients", false) &&
                  j["zero_optimization"].value("reduce_scatter", false),
              "ZeRO-1/2 with MoE needs contiguous_gradients and reduce_scatter");
    CHECK(!j.contains("pipeline"), "AutoEP presets find no MoE block in a PipelineModule");
    if (x.contains("num_expert_groups") || x.contains("num_limited_groups"))
        CHECK(x.contains("num_expert_groups") && x.contains("num_limited_groups") &&
                  x["num_limited_groups"].get<int>() >= 1 &&
                  x["num_limited_groups"].get<int>() <= x["num_expert_groups"].get<int>(),
              "num_limited_groups needs num_expert_groups and is at most it");
}

void checkDeepSpeed(const std::string& text, int pp) {
    static const json c = consumer("deepspeed");
    const json j = json::parse(text);
    for (const auto& [k, v] : j.items())
        CHECK(c["keys"].contains(k), k.c_str());
    auto subset = [&](const json& obj, const json& allowed) {
        std::set<std::string> a;
        for (const auto& x : allowed)
            a.insert(x.get<std::string>());
        for (const auto& [k, v] : obj.items())
            CHECK(a.count(k), k.c_str());
    };
    subset(j["zero_optimization"], c["zero_optimization_keys"]);
    if (j.contains("activation_checkpointing"))
        subset(j["activation_checkpointing"], c["activation_checkpointing_keys"]);
    if (j.contains("tensor_parallel"))
        subset(j["tensor_parallel"], c["tensor_parallel_keys"]);
    if (j.contains("pipeline"))
        subset(j["pipeline"], c["pipeline_keys_read"]["keys"]);
    if (pp > 1)
        CHECK(j["zero_optimization"]["stage"].get<int>() < 2,
              "j[\"zero_optimization\"][\"stage\"].get<int>() < 2");
    if (j.contains("expert_parallel"))
        checkDeepSpeedExpertParallel(j, c);
}

/// Hetu-Galvatron strategy JSON: the keys its runtime requires are there, every other key is one it reads,
/// one its own search writes, or a gx_* note (ignored: the runtime only looks keys up).
void checkHetu(const std::string& text) {
    static const json c = consumer("hetu");
    const json j = json::parse(text);
    for (const auto& k : c["required"])
        CHECK(j.contains(k.get<std::string>()), k.get<std::string>());
    std::set<std::string> known;
    for (const auto& k : c["keys_read"])
        known.insert(k.get<std::string>());
    for (const auto& [k, v] : c["written_by_hetu_search_only"].items())
        known.insert(k);
    for (const auto& [k, v] : j.items())
        CHECK(known.count(k) || k.rfind("gx_", 0) == 0, "unexpected Hetu key " + k);
    for (const auto& [k, choices] : c["choices"].items())
        if (j.contains(k)) {
            bool ok = false;
            for (const auto& x : choices)
                ok = ok || x == j[k];
            CHECK(ok, k);
        }
}

void expectRefused(const std::function<void()>& f, const std::string& target) {
    try {
        f();
    } catch (const InputError& e) {
        QCOMPARE(e.field(), std::string("plan"));
        QVERIFY2(e.reason().find("--target " + target) != std::string::npos, e.reason().c_str());
        QVERIFY(e.reason().find("--lossy") != std::string::npos);
        return;
    }
    QFAIL("export was not refused");
}

/// A model the export cannot describe whatever the plan: refused, without suggesting a search for the
/// target (which refuses the model too, modelInexpressible).
void expectModelRefused(const std::function<void()>& f) {
    try {
        f();
    } catch (const InputError& e) {
        QCOMPARE(e.field(), std::string("plan"));
        QVERIFY2(e.reason().find("cannot express this model exactly") != std::string::npos,
                 e.reason().c_str());
        QVERIFY2(e.reason().find("No plan changes this") != std::string::npos, e.reason().c_str());
        QVERIFY2(e.reason().find("--target") == std::string::npos, e.reason().c_str());
        QVERIFY(e.reason().find("--lossy") != std::string::npos);
        return;
    }
    QFAIL("export was not refused");
}

/// One pipeline stage of `m` on `gpus` GPUs, tensor-parallel `tp`, the rest data-parallel (ZeRO-1).
Plan planFor(const ModelProfile& m, int gpus, int tp) {
    Plan p = basePlan(16, 1, 2, {32}, DpType::ZeRO1, Checkpoint::None, true);
    const int L = m.layerCount();
    p.model = m.name;
    p.gpus = gpus;
    p.stage_layers = {L};
    LayerStrategy s = p.layers.front();
    s.tp = tp;
    s.dp = gpus / tp;
    p.layers.assign(static_cast<std::size_t>(L), s);
    p.vocab_tp = tp;
    return p;
}

/// One pipeline stage of `m` on `gpus` GPUs as DeepSpeed would run it: tensor-parallel `tp`, Ulysses `cp`,
/// the rest data-parallel of type `dt`, expert-parallel `ep` in the mixture-of-experts layers (dense
/// layers ep 1); 512 samples in 4 micro-batches, the embedding replicated.
Plan dsMoePlan(const ModelProfile& m, int gpus, int ep, DpType dt, int tp = 1, int cp = 1) {
    Plan p;
    p.model = m.name;
    p.cluster = "test";
    p.gpus = gpus;
    p.stage_layers = {m.layerCount()};
    p.global_batch = 512;
    p.num_micro = 4;
    LayerStrategy s;
    s.tp = tp;
    s.cp = cp;
    s.cp_comm = cp > 1 ? CpComm::A2A : CpComm::P2P;
    s.dp = gpus / (tp * cp);
    s.dp_type = dt;
    p.layers.assign(static_cast<std::size_t>(m.layerCount()), s);
    for (int i = 0; i < m.layerCount(); ++i)
        if (m.layer(i).moe.enabled())
            p.layers[static_cast<std::size_t>(i)].ep = ep;
    p.vocab_tp = 1;
    p.vocab_dp_type = dt;
    return p;
}

/// One pipeline stage of `m` on `gpus` GPUs: tensor degree `tp` (SP on), the rest data-parallel of type
/// `dt`, the mixture-of-experts layers with expert degree `ep` (dense layers 1); 1024 samples in one
/// micro-batch, so that any data-parallel degree up to 1024 divides it.
Plan moePlan(const ModelProfile& m, int gpus, int tp, DpType dt, int ep) {
    Plan p = planFor(m, gpus, tp);
    p.global_batch = 1024;
    p.num_micro = 1;
    for (int i = 0; i < m.layerCount(); ++i) {
        LayerStrategy& l = p.layers[static_cast<std::size_t>(i)];
        l.dp_type = dt;
        l.sp = tp > 1;
        l.ep = m.layer(i).moe.enabled() ? ep : 1;
    }
    p.vocab_dp_type = dt;
    return p;
}

/// The expert_parallel section of a DeepSpeed export (checked against deepspeed.json).
json dsExpertSection(const ExportResult& e) {
    checkDeepSpeed(e.text, 1);
    const json j = json::parse(e.text);
    if (!j.contains("expert_parallel"))
        QTest::qFail("no expert_parallel section", __FILE__, __LINE__);
    return j.value("expert_parallel", json::object());
}

/// Whether one of `v` contains `what`.
bool mentions(const std::vector<std::string>& v, const std::string& what) {
    return std::any_of(v.begin(), v.end(),
                       [&](const std::string& s) { return s.find(what) != std::string::npos; });
}

/// A model profile of one of torchtitan's MoE models as torchtitan.json records it ("moe_models"); the
/// expert bias where the profile can hold it (a sigmoid router: DeepSeek-V3's noaux_tc).
ModelProfile profileOf(const json& f) {
    ModelProfile m;
    m.name = "tt-" + f["module"].get<std::string>() + "-" + f["flavor"].get<std::string>();
    m.family = f["module"] == "qwen3" ? "qwen3_moe" : "deepseek_v3";
    m.vocab_size = f["vocab_size"];
    m.seq_len = 4096;
    m.rope_theta = f["rope_theta"];
    if (!f["rope_scaling"].is_null()) {
        const json& r = f["rope_scaling"];
        m.rope_scaling.type = r["type"];
        m.rope_scaling.factor = r["factor"];
        m.rope_scaling.original_max_position = r["original_max_position"];
        m.rope_scaling.beta_fast = r["beta_fast"];
        m.rope_scaling.beta_slow = r["beta_slow"];
        m.rope_scaling.mscale = m.rope_scaling.mscale_all_dim = r["mscale"];
    }
    LayerType t;
    t.hidden = f["hidden"];
    t.heads = f["heads"];
    t.kv_heads = f["kv_heads"];
    t.seq_len = 4096;
    t.gated_ffn = true;
    t.bias = t.dropout = false;
    t.qk_norm = f["qk_norm"];
    if (f.contains("mla")) {
        const json& a = f["mla"];
        t.mla = {a["q_lora_rank"], a["kv_lora_rank"], a["qk_nope_head_dim"], a["qk_rope_head_dim"],
                 a["v_head_dim"]};
        t.head_dim = t.mla.qk_nope_head_dim + t.mla.qk_rope_head_dim;
    } else {
        t.head_dim = f["head_dim"];
    }
    LayerType dense = t, moe = t;
    dense.name = "dense";
    dense.ffn_hidden = f["dense_ffn"];
    moe.name = "moe";
    moe.ffn_hidden = f["moe_ffn"];
    MoeSpec& e = moe.moe;
    e.experts = f["experts"];
    e.top_k = f["top_k"];
    e.shared_experts = f["shared_experts"];
    e.shared_ffn_hidden = e.shared_experts > 0 ? moe.ffn_hidden : 0;
    e.score_function = f["score_function"];
    e.normalize_top_k = f["normalize_top_k"];
    e.routed_scaling = f["routed_scaling"];
    if (f["expert_groups"].get<int>() > 0) {
        e.expert_groups = f["expert_groups"];
        e.groups_per_token = f["groups_per_token"];
        e.group_score_top = 2;
    }
    e.router_bias = f["expert_bias"].get<bool>() && e.score_function == "sigmoid";
    const int n = f["dense_layers"], L = f["layers"];
    if (n > 0)
        m.stacks.push_back({dense, n});
    m.stacks.push_back({moe, L - n});
    return m;
}

bool startsWith(const std::vector<std::string>& v, std::size_t i, const std::string& prefix) {
    return i < v.size() && v[i].rfind(prefix, 0) == 0;
}

ExportFormat formatFor(Target t) {
    switch (t) {
    case Target::Megatron:
        return ExportFormat::Megatron;
    case Target::Torchtitan:
        return ExportFormat::Torchtitan;
    case Target::DeepSpeed:
        return ExportFormat::DeepSpeed;
    case Target::Hetu:
        return ExportFormat::HetuGalvatron;
    case Target::Any:
        break;
    }
    return ExportFormat::PlanJson;
}

/// Hetu-Galvatron's reader gives back what was costed: the layers, split, batch and embedding.
void comparePlansHetu(const Plan& back, const Plan& p) {
    QCOMPARE(back.layers, p.layers);
    QCOMPARE(back.stage_layers, p.stage_layers);
    QCOMPARE(back.global_batch, p.global_batch);
    QCOMPARE(back.num_micro, p.num_micro);
    QCOMPARE(back.vocab_tp, p.vocab_tp);
}

bool anyOf(const std::vector<std::string>& v, const std::string& part) {
    return std::any_of(v.begin(), v.end(),
                       [&](const std::string& s) { return s.find(part) != std::string::npos; });
}

/// hybrid_parallel_config.py:107-111 for `p` with the embedding's context-parallel degree `vcp`, and the
/// embedding's samples over its world / pp / vtp / vcp ranks (as Hetu-Galvatron's data loader takes them).
bool hetuBatchRuleHolds(const Plan& p, int vcp) {
    const int G = p.stageGpus();
    int min_tp = p.vocab_tp, min_cp = vcp;
    for (const auto& l : p.layers) {
        const bool uly = l.cp > 1 && l.cp_comm == CpComm::A2A;
        min_tp = std::min(min_tp, uly ? l.cp : l.tp);
        min_cp = std::min(min_cp, uly ? 1 : l.cp);
    }
    const int d = G / min_tp / min_cp;
    return d > 0 && p.global_batch % d == 0 && G % (p.vocab_tp * vcp) == 0 &&
           p.microBatch() % (G / p.vocab_tp / vcp) == 0;
}

} // namespace

class TestTargets : public QObject {
    Q_OBJECT
private slots:
    void torchtitanSplitMembershipAgreesWithTheList() {
        // The plan view asks torchtitanSplitAllowed of every plan instead of listing every split (a
        // 6,400-layer model froze the GUI in allowedSplits, found by fuzzing); both must agree.
        std::mt19937 rng(7);
        int checked = 0;
        for (int layers = 1; layers <= 48; ++layers)
            for (int chunks = 2; chunks <= 8; ++chunks) {
                const auto all = allowedSplits(Target::Torchtitan, layers, chunks);
                QVERIFY(all.has_value());
                for (const auto& s : *all) {
                    QVERIFY(torchtitanSplitAllowed(layers, s));
                    ++checked;
                }
                for (int k = 0; k < 10 && layers >= chunks; ++k) {
                    std::vector<int> s(static_cast<std::size_t>(chunks), 1);
                    for (int i = chunks; i < layers; ++i)
                        ++s[rng() % static_cast<unsigned>(chunks)];
                    const bool listed = std::find(all->begin(), all->end(), s) != all->end();
                    QCOMPARE(torchtitanSplitAllowed(layers, s), listed);
                    ++checked;
                }
            }
        QVERIFY(checked > 1000);
    }

    void megatronOverlapsFollowTheRuntime() {
        // The overlaps the plan was costed with are turned on (Megatron-LM leaves all three off); a
        // runtime costed without them gets none, and --tp-comm-overlap only where Megatron-LM and the
        // cost model can hide TP collectives: with sequence parallelism, inside an NVLink node.
        const ModelProfile m = modelPreset("llama2-7b");
        const ClusterProfile c = clusterPreset("8x8xH100-IB");
        Plan p = planFor(m, 64, 8); // tp 8, dp 8, ZeRO-1 (distributed optimizer)
        for (auto& l : p.layers)
            l.sp = true;
        const auto args = [&](const Plan& plan, const ClusterProfile& cl, const std::string& runtime) {
            ExportOptions o;
            o.runtime = runtimePreset(runtime);
            return checkMegatron(ex(plan, m, cl, ExportFormat::Megatron, o).text);
        };
        auto a = args(p, c, "megatron-core"); // tp_overlap 1, dp_overlap 1, overlap_param_gather
        QVERIFY(a.count("--overlap-grad-reduce") && a.count("--overlap-param-gather") &&
                a.count("--tp-comm-overlap"));
        {
            // The header names the runtime the export was costed with, not the one the plan file names.
            ExportOptions o;
            o.runtime = runtimePreset("megatron-lm-2021");
            Plan named = p;
            named.runtime = "megatron-core";
            const std::string text = ex(named, m, c, ExportFormat::Megatron, o).text;
            QVERIFY2(text.find("predicted (runtime megatron-lm-2021,") != std::string::npos, text.c_str());
        }
        a = args(p, c, "megatron-lm-2021"); // its all-reduce behind the backward pass, nothing else
        QVERIFY(a.count("--overlap-grad-reduce"));
        QVERIFY(!a.count("--overlap-param-gather") && !a.count("--tp-comm-overlap"));
        Plan no_sp = p;
        for (auto& l : no_sp.layers)
            l.sp = false;
        a = args(no_sp, c, "megatron-core");
        QVERIFY(!a.count("--tp-comm-overlap") && !a.count("--sequence-parallel"));
        ClusterProfile pcie = c;
        pcie.intra.kind = "PCIe";
        QVERIFY(!args(p, pcie, "megatron-core").count("--tp-comm-overlap"));
        // One data-parallel rank: no gradient reduction to hide.
        const Plan solo = planFor(m, 8, 8);
        a = args(solo, c, "megatron-core");
        QVERIFY(!a.count("--overlap-grad-reduce") && !a.count("--overlap-param-gather"));
        // Plain DDP: the gradient all-reduce overlapped, no distributed optimizer to gather for.
        Plan ddp = p;
        for (auto& l : ddp.layers)
            l.dp_type = DpType::DDP;
        ddp.vocab_dp_type = DpType::DDP;
        a = args(ddp, c, "megatron-core");
        QVERIFY(a.count("--overlap-grad-reduce") && !a.count("--overlap-param-gather"));
    }

    void moeRouterExports() {
        // The exact Megatron-LM options for each Hugging Face router (facts in megatron.json), and the
        // routers Megatron-LM cannot reproduce refused (written with --lossy, each named).
        const ClusterProfile c = clusterPreset("8x8xH100-IB");
        const std::string hf = std::string(GX_TEST_DATA_DIR) + "/hf/";
        const auto args = [&](const ModelProfile& m) {
            return checkMegatron(ex(planFor(m, 64, 4), m, c, ExportFormat::Megatron).text);
        };
        const auto lossy = [&](const ModelProfile& m) {
            ExportOptions o;
            o.lossy = true;
            return ex(planFor(m, 64, 4), m, c, ExportFormat::Megatron, o);
        };
        const auto router = [](ModelProfile& m) -> MoeSpec& { return m.stacks.back().type.moe; };
        // Qwen1.5-MoE (norm_topk_prob false): a softmax over all experts, the top-4 as they are.
        const ModelProfile q2 =
            importHuggingFace(readJsonFile(hf + "Qwen1.5-MoE-A2.7B/config.json"), "q2", 4096);
        auto a = args(q2);
        QVERIFY(a.count("--moe-router-pre-softmax"));
        for (const char* f : {"--moe-router-score-function", "--moe-router-topk-scaling-factor",
                              "--moe-router-num-groups", "--moe-router-dtype"})
            QVERIFY2(!a.count(f), f);
        // Qwen3-30B-A3B (norm_topk_prob true): Megatron-LM's default, as Mixtral.
        a = args(modelPreset("qwen3-30b-a3b"));
        QVERIFY(!a.count("--moe-router-pre-softmax") && !a.count("--moe-router-score-function"));
        // The load-balancing loss: Megatron-LM's coefficient defaults to 0 (none), its type to aux_loss
        // (per batch). Qwen3 0.001, Mixtral 8x7B 0.02 per batch; DeepSeek-V3 0.001 per sequence.
        QCOMPARE(a.at("--moe-aux-loss-coeff"), std::string("0.001"));
        QVERIFY(!a.count("--moe-router-load-balancing-type"));
        a = args(modelPreset("mixtral-8x7b"));
        QCOMPARE(a.at("--moe-aux-loss-coeff"), std::string("0.02"));
        // The dispatcher the cost model charges (all-to-all), not Megatron-Core's default allgather.
        QCOMPARE(a.at("--moe-token-dispatcher-type"), std::string("alltoall"));
        a = args(modelPreset("deepseek-v3"));
        QCOMPARE(a.at("--moe-router-load-balancing-type"), std::string("seq_aux_loss"));
        QCOMPARE(a.at("--moe-aux-loss-coeff"), std::string("0.001"));
        // Without one (a profile of its own), nothing is written: Megatron-LM's 0.
        ModelProfile nob = modelPreset("mixtral-8x7b");
        router(nob).aux_loss_coeff = 0;
        a = args(nob);
        QVERIFY(!a.count("--moe-aux-loss-coeff") && !a.count("--moe-router-load-balancing-type"));
        // The exports whose MoE computes no such loss say so (AutoEP's router, torchtitan's MoE); Hetu
        // passes it as its model arguments.
        const ModelProfile mix8 = modelPreset("mixtral-8x7b");
        const auto warned = [](const ExportResult& r, const std::string& part) {
            return std::any_of(r.warnings.begin(), r.warnings.end(),
                               [&](const std::string& w) { return w.find(part) != std::string::npos; });
        };
        ExportOptions lossy_o;
        lossy_o.lossy = true;
        QVERIFY(warned(ex(moePlan(mix8, 64, 1, DpType::ZeRO3, 8), mix8, c, ExportFormat::DeepSpeed, lossy_o),
                       "load-balancing loss (coefficient 0.02) is not applied: AutoEP's router"));
        const ModelProfile q3m = modelPreset("qwen3-30b-a3b");
        QVERIFY(warned(ex(moePlan(q3m, 64, 1, DpType::ZeRO2, 8), q3m, c, ExportFormat::Torchtitan, lossy_o),
                       "load-balancing loss (coefficient 0.001) is not applied: torchtitan 0.2.2's qwen3"));
        QVERIFY(
            warned(ex(moePlan(mix8, 64, 1, DpType::ZeRO3, 1), mix8, c, ExportFormat::HetuGalvatron, lossy_o),
                   "runtime.model.moe_aux_loss_coeff=0.02"));
        // Hetu-Galvatron runs Megatron-Core's router: its model arguments set every router option the
        // Megatron-LM export writes, with the same value (a capacity factor included).
        ModelProfile capped = modelPreset("mixtral-8x7b");
        router(capped).capacity_factor = 1.25;
        const ModelProfile lite0 =
            importHuggingFace(readJsonFile(hf + "DeepSeek-V2-Lite/config.json"), "lite0", 4096);
        for (const ModelProfile* m :
             std::initializer_list<const ModelProfile*>{&mix8, &q2, &q3m, &capped, &lite0}) {
            const std::string hetu = hetuMoeArguments(*m);
            int same = 0;
            for (const auto& [flag, value] : args(*m)) {
                if (flag.rfind("--moe-router-", 0) != 0 && flag.rfind("--moe-aux-", 0) != 0 &&
                    flag.rfind("--moe-expert-capacity", 0) != 0 && flag.rfind("--moe-pad-", 0) != 0)
                    continue;
                std::string field = flag.substr(2);
                std::replace(field.begin(), field.end(), '-', '_');
                const std::string want =
                    "runtime.model." + field + "=" + (value.empty() ? "true" : value) + ",";
                QVERIFY2((hetu + ",").find(want) != std::string::npos, (m->name + ": " + want).c_str());
                ++same;
            }
            QVERIFY2(same >= 2, m->name.c_str());
        }
        QVERIFY(hetuMoeArguments(capped).find("moe_expert_capacity_factor=1.25,") != std::string::npos);
        // DeepSeek-V2-Lite: greedy top-6 of the softmax, unnormalised, factor 1; the gate in fp32.
        json j2 = readJsonFile(hf + "DeepSeek-V2-Lite/config.json");
        a = args(importHuggingFace(j2, "lite", 4096));
        QVERIFY(a.count("--moe-router-pre-softmax"));
        QCOMPARE(a.at("--moe-router-dtype"), std::string("fp32"));
        QVERIFY(!a.count("--moe-router-topk-scaling-factor") && !a.count("--moe-router-num-groups"));
        // DeepSeek-V2 (236B): times 16, 3 of 8 groups each ranked by its best expert; Megatron-LM
        // ranks a group by its best top-6 / 3 = 2: refused, and with --lossy Megatron-LM's groups.
        j2["n_routed_experts"] = 160;
        j2["topk_method"] = "group_limited_greedy";
        j2["n_group"] = 8;
        j2["topk_group"] = 3;
        j2["routed_scaling_factor"] = 16.0;
        ModelProfile v2 = importHuggingFace(j2, "v2", 4096);
        expectModelRefused([&] { exportPlan(planFor(v2, 64, 4), v2, c, ExportFormat::Megatron); });
        // A search for Megatron-LM refuses the model before searching, naming the same reason (it used
        // to find a plan the export then refused, suggesting the search just run).
        QCOMPARE(modelInexpressible(v2, Target::Megatron).size(), std::size_t(1));
        try {
            SearchOptions so;
            so.global_batches = {256};
            so.target = Target::Megatron;
            searchForTarget(CostModel(v2, c), so);
            QFAIL("a Megatron-LM search for DeepSeek-V2's router was not refused");
        } catch (const InputError& e) {
            QCOMPARE(e.field(), std::string("target"));
            QVERIFY2(e.reason().find("group-limited routing (3 of 8 groups") == 0, e.reason().c_str());
            QVERIFY2(e.reason().find("--target") == std::string::npos, e.reason().c_str());
        }
        ExportResult r = lossy(v2);
        QCOMPARE(r.unsupported.size(), std::size_t(1));
        QVERIFY2(
            r.unsupported.front().find("group-limited routing (3 of 8 groups, a group ranked by its best "
                                       "expert score): Megatron-LM ranks a group by its best top-k / "
                                       "group-topk = 2 scores; exported Megatron-LM's ranking") == 0,
            r.unsupported.front().c_str());
        a = checkMegatron(r.text);
        QVERIFY(a.count("--moe-router-pre-softmax"));
        QCOMPARE(a.at("--moe-router-topk-scaling-factor"), std::string("16"));
        QCOMPARE(a.at("--moe-router-num-groups"), std::string("8"));
        QCOMPARE(a.at("--moe-router-group-topk"), std::string("3"));
        // The same groups with top-3: Megatron-LM's best 3 / 3 = 1 is the group's maximum, exported.
        router(v2).top_k = 3;
        a = args(v2);
        QCOMPARE(a.at("--moe-router-group-topk"), std::string("3"));
        // Renormalised softmax with groups: Megatron-LM ranks the groups on the logits, which ranks as
        // the probabilities by a group's best expert but not by a sum of several.
        router(v2).normalize_top_k = true;
        router(v2).routed_scaling = 1;
        a = args(v2);
        QVERIFY(!a.count("--moe-router-pre-softmax") && a.count("--moe-router-num-groups"));
        router(v2).top_k = 6;
        router(v2).group_score_top = 2;
        r = lossy(v2);
        QCOMPARE(r.unsupported.size(), std::size_t(1));
        QVERIFY2(r.unsupported.front().find("= 2 logits; exported") != std::string::npos,
                 r.unsupported.front().c_str());
        // Unnormalised sigmoid weights (DeepSeek-V3 with norm_topk_prob false): Megatron-LM renormalises
        // sigmoid top-k weights whenever k > 1.
        ModelProfile v3 = modelPreset("deepseek-v3");
        router(v3).normalize_top_k = false;
        r = lossy(v3);
        QCOMPARE(r.unsupported.size(), std::size_t(1));
        QVERIFY2(r.unsupported.front().find("unnormalised sigmoid router weights (top-8)") == 0,
                 r.unsupported.front().c_str());
        router(v3).top_k = 1; // one sigmoid weight: nothing to renormalise, as Megatron-LM
        router(v3).expert_groups = router(v3).groups_per_token = router(v3).group_score_top = 0;
        QVERIFY(lossy(v3).unsupported.empty());
        // A renormalised softmax top-1 (weight 1): Megatron-LM refuses a softmax after top-1.
        ModelProfile mx = modelPreset("mixtral-8x7b");
        router(mx).top_k = 1;
        r = lossy(mx);
        QCOMPARE(r.unsupported.size(), std::size_t(1));
        QVERIFY2(r.unsupported.front().find("softmax top-1 router renormalised") == 0,
                 r.unsupported.front().c_str());
        QVERIFY(checkMegatron(r.text).count("--moe-router-pre-softmax")); // (Megatron-LM runs it)
        router(mx).normalize_top_k = false; // the softmax probability itself: pre-softmax, exact
        a = args(mx);
        QVERIFY(a.count("--moe-router-pre-softmax"));
        // A routed scaling factor alone.
        mx = modelPreset("mixtral-8x7b");
        router(mx).routed_scaling = 1.5;
        QCOMPARE(args(mx).at("--moe-router-topk-scaling-factor"), std::string("1.5"));
    }

    void targetNames() {
        for (Target t : allTargets())
            QCOMPARE(targetFromString(toString(t)), t);
        QCOMPARE(targetFromString("Megatron-LM"), Target::Megatron);
        try {
            targetFromString("horovod");
            QFAIL("no error");
        } catch (const InputError& e) {
            QCOMPARE(e.field(), std::string("target"));
            QVERIFY(e.reason().find("torchtitan") != std::string::npos);
        }
        // Every target names its framework version and the commit its facts come from.
        for (Target t : allTargets())
            if (t != Target::Any)
                QVERIFY(capabilities(t).source.find('@') != std::string::npos);
    }

    void blockRecompute() {
        Plan p = basePlan(16, 2, 4, {16, 16}, DpType::ZeRO1, Checkpoint::None, true);
        QCOMPARE(blockRecomputeLayers(p), 0);
        for (int i : {0, 1, 2, 16, 17, 18})
            p.layers[static_cast<std::size_t>(i)].ckpt = Checkpoint::Full;
        QCOMPARE(blockRecomputeLayers(p), 3);
        p.layers[18].ckpt = Checkpoint::None; // 3 in stage 0, 2 in stage 1
        QCOMPARE(blockRecomputeLayers(p), -1);
        p.layers[18].ckpt = Checkpoint::Full;
        p.layers[5].ckpt = Checkpoint::Full; // not a prefix
        QCOMPARE(blockRecomputeLayers(p), -1);
        // A wholly recomputed short chunk only needs N >= its size.
        Plan q = basePlan(16, 2, 4, {4, 28}, DpType::ZeRO1, Checkpoint::None, true);
        for (int i = 0; i < 4; ++i)
            q.layers[static_cast<std::size_t>(i)].ckpt = Checkpoint::Full;
        for (int i = 4; i < 10; ++i)
            q.layers[static_cast<std::size_t>(i)].ckpt = Checkpoint::Full;
        QCOMPARE(blockRecomputeLayers(q), 6);
        QVERIFY(inexpressible(q, Target::Megatron).empty());
        QVERIFY(!inexpressible(q, Target::Torchtitan).empty());
    }

    void megatronAgainstSource() {
        const ModelProfile m = modelPreset("llama2-7b");
        const ClusterProfile c = cluster16();
        // ZeRO-1 + SP + full recompute.
        auto a = checkMegatron(ex(basePlan(16, 2, 4, {16, 16}, DpType::ZeRO1, Checkpoint::Full, true), m, c,
                                  ExportFormat::Megatron)
                                   .text);
        QCOMPARE(a.at("--use-distributed-optimizer"), std::string());
        QVERIFY(a.count("--save-interval"));
        // ZeRO-3 -> Megatron-FSDP optim_grads_params; ZeRO-2 -> optim_grads.
        a = checkMegatron(
            ex(basePlan(16, 1, 2, {32}, DpType::ZeRO3, Checkpoint::None, true), m, c, ExportFormat::Megatron)
                .text);
        QCOMPARE(a.at("--data-parallel-sharding-strategy"), std::string("optim_grads_params"));
        a = checkMegatron(
            ex(basePlan(16, 1, 2, {32}, DpType::ZeRO2, Checkpoint::None, true), m, c, ExportFormat::Megatron)
                .text);
        QCOMPARE(a.at("--data-parallel-sharding-strategy"), std::string("optim_grads"));
        // Selective recompute: no method.
        a = checkMegatron(ex(basePlan(16, 2, 4, {16, 16}, DpType::DDP, Checkpoint::Selective, true), m, c,
                             ExportFormat::Megatron)
                              .text);
        QCOMPARE(a.at("--recompute-granularity"), std::string("selective"));
        // Block recompute: the first 5 layers of each stage.
        Plan b = basePlan(16, 2, 4, {16, 16}, DpType::ZeRO1, Checkpoint::None, true);
        for (int s : {0, 16})
            for (int i = 0; i < 5; ++i)
                b.layers[static_cast<std::size_t>(s + i)].ckpt = Checkpoint::Full;
        a = checkMegatron(ex(b, m, c, ExportFormat::Megatron).text);
        QCOMPARE(a.at("--recompute-method"), std::string("block"));
        QCOMPARE(a.at("--recompute-num-layers"), std::string("5"));
        // Uneven split -> layout parsed as Megatron parses it.
        Plan u = basePlan(16, 4, 2, {9, 8, 8, 7}, DpType::ZeRO1, Checkpoint::None, true);
        a = checkMegatron(ex(u, m, c, ExportFormat::Megatron).text);
        const auto stages = parseLayout(a.at("--pipeline-model-parallel-layout"));
        QCOMPARE(stages.size(), std::size_t(4));
        QCOMPARE(stages.front().front(), 'E');
        QCOMPARE(stages.back().back(), 'L');
        for (std::size_t i = 0; i < 4; ++i)
            QCOMPARE(static_cast<int>(std::count(stages[i].begin(), stages[i].end(), 't')),
                     u.stage_layers[i]);
        // Uneven interleaved chunks too (chunk c on rank c % pp).
        Plan v = basePlan(16, 2, 4, {5, 3, 4, 4, 4, 4, 4, 4}, DpType::ZeRO1, Checkpoint::None, true);
        v.schedule = Schedule::Interleaved;
        v.virtual_stages = 4;
        a = checkMegatron(ex(v, m, c, ExportFormat::Megatron).text);
        QCOMPARE(parseLayout(a.at("--pipeline-model-parallel-layout")).size(), std::size_t(8));
        // The launchers carry the same arguments.
        for (ExportFormat f : {ExportFormat::Torchrun, ExportFormat::Slurm}) {
            const std::string t = ex(u, m, c, f).text;
            checkMegatron(t);
            QVERIFY(t.find("PyTorch >= 2.0") != std::string::npos);
        }
    }

    void fp8Plans() {
        // FP8 linear layers: Megatron-LM writes Transformer Engine's --fp8-format (checked against the
        // recorded options); the formats that cannot be told to train FP8 refuse it by default.
        const ModelProfile m = modelPreset("llama2-7b");
        const ClusterProfile c = clusterPreset("2x8xH100-IB");
        Plan p = basePlan(16, 2, 4, {16, 16}, DpType::ZeRO1, Checkpoint::None, true);
        p.precision = Precision::FP8;
        const auto a = checkMegatron(ex(p, m, c, ExportFormat::Megatron).text);
        QCOMPARE(a.at("--fp8-format"), std::string("hybrid"));
        expectRefused([&] { exportPlan(p, m, c, ExportFormat::Torchtitan); }, "torchtitan");
        expectRefused([&] { exportPlan(p, m, c, ExportFormat::DeepSpeed); }, "deepspeed");
        QVERIFY(inexpressible(p, Target::Torchtitan).front().find("FP8") != std::string::npos);
        QVERIFY(inexpressible(p, Target::Megatron).empty());
        p.precision = Precision::BF16;
        QVERIFY(checkMegatron(ex(p, m, c, ExportFormat::Megatron).text).count("--fp8-format") == 0);
    }

    void expertParallelTargetWithDenseLayers() {
        // A model with dense and MoE layers (DeepSeek-V2-Lite: 1 dense, 26 MoE) under Megatron-LM's one
        // strategy for all layers: the dense layers run the strategy with ep = 1 (the option applies to
        // the MoE layers). Before, no uniform strategy with ep > 1 existed for such a model: --ep 2
        // found no plan, and DeepSeek-V3's Megatron-LM plans kept ep = 1.
        const std::string hf = std::string(GX_TEST_DATA_DIR) + "/hf/";
        const ModelProfile lite =
            importHuggingFace(readJsonFile(hf + "DeepSeek-V2-Lite/config.json"), "lite", 4096);
        const ClusterProfile c = clusterPreset("2x8xH100-IB");
        SearchOptions so;
        so.global_batches = {64};
        so.target = Target::Megatron;
        so.fixed_ep = 2;
        const SearchResult r = searchForTarget(CostModel(lite, c), so);
        QVERIFY(r.best.has_value());
        const Plan& p = r.best->plan;
        for (int i = 0; i < lite.layerCount(); ++i)
            QCOMPARE(p.layers[static_cast<std::size_t>(i)].ep, lite.layer(i).moe.enabled() ? 2 : 1);
        QVERIFY(inexpressible(lite, p, Target::Megatron).empty());
        const auto a = checkMegatron(ex(p, lite, c, ExportFormat::Megatron).text);
        QCOMPARE(a.at("--expert-model-parallel-size"), std::string("2"));
        // Without the fixed degree the target's best plan is at least as fast as with it.
        so.fixed_ep = 0;
        const SearchResult free = searchForTarget(CostModel(lite, c), so);
        QVERIFY(free.best && free.best->cost.iteration_time <= r.best->cost.iteration_time * (1 + 1e-12));
    }

    void moeAndMlaExports() {
        // Mixture of experts and multi-latent attention: Megatron-LM options checked against
        // megatron.json (facts from arguments.py / transformer_config.py at the recorded commit).
        const ClusterProfile c = clusterPreset("8x8xH100-IB");
        const ModelProfile v3 = modelPreset("deepseek-v3");
        const Plan pv = planFor(v3, 64, 8);
        auto a = checkMegatron(ex(pv, v3, c, ExportFormat::Megatron).text);
        QCOMPARE(a.at("--num-layers"), std::string("61"));
        QCOMPARE(a.at("--ffn-hidden-size"), std::string("18432")); // the dense layers
        QCOMPARE(a.at("--num-experts"), std::string("256"));
        QCOMPARE(a.at("--moe-router-topk"), std::string("8"));
        QCOMPARE(a.at("--moe-ffn-hidden-size"), std::string("2048"));
        QCOMPARE(a.at("--moe-layer-freq"), std::string("([0]*3+[1]*58)"));
        QCOMPARE(a.at("--moe-shared-expert-intermediate-size"), std::string("2048"));
        QCOMPARE(a.at("--moe-router-score-function"), std::string("sigmoid"));
        QVERIFY(a.count("--moe-router-enable-expert-bias") && a.count("--moe-grouped-gemm"));
        QVERIFY(a.count("--multi-latent-attention"));
        QCOMPARE(a.at("--q-lora-rank"), std::string("1536"));
        QCOMPARE(a.at("--kv-lora-rank"), std::string("512"));
        QCOMPARE(a.at("--qk-head-dim"), std::string("128"));
        QCOMPARE(a.at("--qk-pos-emb-head-dim"), std::string("64"));
        QCOMPARE(a.at("--v-head-dim"), std::string("128"));
        QCOMPARE(a.at("--normalization"), std::string("RMSNorm"));
        QVERIFY(!a.count("--kv-channels") && !a.count("--group-query-attention"));
        // Its router (megatron.json): sigmoid weights, renormalised by Megatron-LM as top-8 > 1, times
        // 2.5; the best 4 of 8 groups, scored by their best 8 / 4 = 2 as DeepSeek-V3's; the gate in fp32.
        QCOMPARE(a.at("--moe-router-topk-scaling-factor"), std::string("2.5"));
        QCOMPARE(a.at("--moe-router-num-groups"), std::string("8"));
        QCOMPARE(a.at("--moe-router-group-topk"), std::string("4"));
        QCOMPARE(a.at("--moe-router-dtype"), std::string("fp32"));
        QVERIFY(!a.count("--moe-router-pre-softmax"));
        // Its yarn rotary scaling: MLA reads the factor and mscales from options of their names (the
        // option's factor default 1.0 would replace MLA's 40), its original context and betas are MLA's
        // defaults (megatron.json).
        QCOMPARE(a.at("--position-embedding-type"), std::string("rope"));
        QCOMPARE(a.at("--rotary-base"), std::string("10000"));
        QCOMPARE(a.at("--rotary-scaling-factor"), std::string("40"));
        QCOMPARE(a.at("--mscale"), std::string("1"));
        QCOMPARE(a.at("--mscale-all-dim"), std::string("1"));
        QVERIFY(!a.count("--yarn-original-max-position-embeddings"));
        ModelProfile v3other = v3;
        v3other.rope_scaling.original_max_position = 8192;
        ExportOptions lossy;
        lossy.lossy = true;
        const ExportResult rv = ex(pv, v3other, c, ExportFormat::Megatron, lossy);
        QCOMPARE(rv.unsupported.size(), std::size_t(1));
        QVERIFY2(rv.unsupported.front().find("yarn rope scaling (factor 40): multi-latent attention") == 0,
                 rv.unsupported.front().c_str());
        // Llama 3.1's base and llama3 scaling; a factor pretrain_gpt.py cannot pass on is refused.
        const ModelProfile l31 = modelPreset("llama3.1-405b");
        a = checkMegatron(ex(planFor(l31, 64, 8), l31, c, ExportFormat::Megatron).text);
        QCOMPARE(a.at("--rotary-base"), std::string("500000"));
        QVERIFY(a.count("--use-rope-scaling") && !a.count("--rope-scaling-factor"));
        ModelProfile l32 = l31;
        l32.rope_scaling.factor = 32; // (Llama 3.2's)
        expectModelRefused([&] { exportPlan(planFor(l32, 64, 8), l32, c, ExportFormat::Megatron); });
        // A non-MLA yarn model: Megatron's yarn embedding with every yarn option.
        ModelProfile qy = modelPreset("llama3-8b");
        qy.rope_scaling = RopeScaling{"yarn", 4, 32768, 0, 0, 32, 1, 1, 0};
        a = checkMegatron(ex(planFor(qy, 64, 8), qy, c, ExportFormat::Megatron).text);
        QCOMPARE(a.at("--position-embedding-type"), std::string("yarn"));
        QCOMPARE(a.at("--rotary-scaling-factor"), std::string("4"));
        QCOMPARE(a.at("--yarn-original-max-position-embeddings"), std::string("32768"));
        QCOMPARE(a.at("--yarn-beta-fast"), std::string("32"));
        // Mixtral: every layer MoE, GQA, no layer pattern.
        const ModelProfile mx = modelPreset("mixtral-8x7b");
        a = checkMegatron(ex(planFor(mx, 64, 4), mx, c, ExportFormat::Megatron).text);
        QCOMPARE(a.at("--num-experts"), std::string("8"));
        QCOMPARE(a.at("--moe-router-topk"), std::string("2"));
        QCOMPARE(a.at("--moe-ffn-hidden-size"), std::string("14336"));
        QCOMPARE(a.at("--num-query-groups"), std::string("8"));
        QVERIFY(!a.count("--moe-layer-freq") && !a.count("--moe-shared-expert-intermediate-size"));
        QCOMPARE(a.at("--rotary-base"), std::string("1000000"));
        // Its router is Megatron-LM's default: a softmax over the top-2 logits (= renormalised).
        for (const char* f :
             {"--moe-router-score-function", "--moe-router-pre-softmax", "--moe-router-topk-scaling-factor",
              "--moe-router-num-groups", "--moe-router-dtype"})
            QVERIFY2(!a.count(f), f);
        // Qwen3-MoE: Q/K norms; a capacity factor pads the expert inputs as costed.
        ModelProfile q3 = modelPreset("qwen3-30b-a3b");
        q3.stacks[0].type.moe.capacity_factor = 1.25;
        a = checkMegatron(ex(planFor(q3, 64, 4), q3, c, ExportFormat::Megatron).text);
        QVERIFY(a.count("--qk-layernorm"));
        QCOMPARE(a.at("--kv-channels"), std::string("128"));
        QCOMPARE(a.at("--moe-expert-capacity-factor"), std::string("1.25"));
        QVERIFY(a.count("--moe-pad-expert-input-to-capacity"));
        // Different expert shapes in one model: no single Megatron configuration.
        ModelProfile odd = v3;
        odd.stacks.push_back(odd.stacks.back());
        odd.stacks[1].count = 57;
        odd.stacks[2].count = 1;
        odd.stacks[2].type.moe.top_k = 4;
        expectModelRefused([&] { exportPlan(pv, odd, c, ExportFormat::Megatron); });
        // torchtitan's export describes its own MoE models (of which Mixtral is none), and DeepSpeed's AutoEP
        // keeps experts whole (no tp = 4): refused.
        const Plan pm = planFor(mx, 64, 4);
        expectRefused([&] { exportPlan(pm, mx, c, ExportFormat::Torchtitan); }, "torchtitan");
        expectRefused([&] { exportPlan(pm, mx, c, ExportFormat::DeepSpeed); }, "deepspeed");
        // (Hetu-Galvatron builds Mixtral but not DeepSeek-V3: hetuMoeModels)
        try {
            exportPlan(pv, v3, c, ExportFormat::HetuGalvatron);
            QFAIL("Hetu-Galvatron export of DeepSeek-V3 was not refused");
        } catch (const InputError& e) {
            QVERIFY2(e.reason().find("mixture-of-experts") != std::string::npos, e.reason().c_str());
            QVERIFY2(e.reason().find("multi-latent attention") != std::string::npos, e.reason().c_str());
        }
        // The capability model agrees with the exporters: "runs as planned" is never claimed for a
        // framework that cannot describe the model, whatever the plan.
        // (DeepSpeed: deepspeedExpertParallel; Hetu: hetuMoeModels; torchtitan: torchtitanMoeRefusals)
        const auto why = inexpressible(mx, pm, Target::Torchtitan);
        QVERIFY2(!why.empty() && why.front().find("mixture-of-experts") != std::string::npos, "torchtitan");
        QVERIFY(modelInexpressible(v3, Target::Megatron).empty());
        QVERIFY(modelInexpressible(v3, Target::Torchtitan).empty()); // (its deepseek_v3 671B)
        QVERIFY(modelInexpressible(modelPreset("llama2-7b"), Target::Hetu).empty());
        // A target search for such a model stops at once with a named error.
        const CostModel cmx(mx, c);
        SearchOptions so;
        so.global_batches = {256};
        so.target = Target::Torchtitan;
        try {
            searchForTarget(cmx, so);
            QFAIL("a torchtitan search for an MoE model was not refused");
        } catch (const InputError& e) {
            QCOMPARE(e.field(), std::string("target"));
            QVERIFY2(e.reason().find("mixture-of-experts") != std::string::npos, e.reason().c_str());
        }
    }

    void contextParallelExports() {
        // Megatron-LM: --context-parallel-size and --cp-comm-type (arguments.py at the recorded commit);
        // torchtitan the ring, DeepSpeed Ulysses; each refuses what it cannot run as planned.
        const ModelProfile m = modelPreset("llama2-7b");
        const ClusterProfile c = clusterPreset("2x8xA100-80G-IB");
        Plan p = basePlan(16, 1, 2, {32}, DpType::ZeRO1, Checkpoint::None, true);
        for (auto& l : p.layers) {
            l.cp = 2;
            l.dp = 4;
        }
        auto a = checkMegatron(ex(p, m, c, ExportFormat::Megatron).text);
        QCOMPARE(a.at("--context-parallel-size"), std::string("2"));
        QCOMPARE(a.at("--cp-comm-type"), std::string("p2p"));
        p.layers[3].cp_comm = CpComm::A2A; // one type per layer: nargs='+'
        const std::string text = ex(p, m, c, ExportFormat::Megatron).text;
        QVERIFY2(text.find("--cp-comm-type p2p p2p p2p a2a p2p") != std::string::npos, text.c_str());
        QVERIFY(inexpressible(p, Target::Megatron).empty());
        // torchtitan: context_parallel_degree, ring attention only, FSDP2 over dp_shard x cp whenever cp > 1
        // (torchtitan.json). The a2a layer and the ZeRO-1 type cannot run as planned there.
        QVERIFY(!inexpressible(p, Target::Torchtitan).empty());
        expectRefused([&] { exportPlan(p, m, c, ExportFormat::Torchtitan); }, "torchtitan");
        // DeepSpeed: Ulysses only (sequence_parallel_size, deepspeed.json), not with AutoTP: the ring layers
        // and tp=2 cannot run as planned.
        QVERIFY(!inexpressible(p, Target::DeepSpeed).empty());
        expectRefused([&] { exportPlan(p, m, c, ExportFormat::DeepSpeed); }, "deepspeed");
        Plan u = basePlan(16, 1, 1, {32}, DpType::ZeRO3, Checkpoint::None, false);
        for (auto& l : u.layers) {
            l.cp = 4;
            l.dp = 4;
            l.cp_comm = CpComm::A2A;
        }
        u.vocab_tp = 1;
        u.vocab_dp_type = DpType::ZeRO3;
        {
            const auto w = inexpressible(u, Target::DeepSpeed);
            QVERIFY2(w.empty(), w.empty() ? "" : w.front().c_str());
            const ExportResult d = ex(u, m, c, ExportFormat::DeepSpeed);
            checkDeepSpeed(d.text, 1);
            const json jd = json::parse(d.text);
            QCOMPARE(jd["sequence_parallel_size"].get<int>(), 4);
            // The batch over world / sp: 16 GPUs, sp 4 -> 4 data-parallel ranks.
            QCOMPARE(jd["train_batch_size"].get<int>(), jd["train_micro_batch_size_per_gpu"].get<int>() *
                                                            jd["gradient_accumulation_steps"].get<int>() * 4);
            QCOMPARE(jd["train_batch_size"].get<int>(), u.global_batch);
            bool told = false;
            for (const auto& w2 : d.warnings)
                told = told || w2.find("register_with_transformers") != std::string::npos;
            QVERIFY(told);
        }
        Plan q = p;
        for (auto& l : q.layers) {
            l.cp_comm = CpComm::P2P;
            l.dp_type = DpType::ZeRO3;
        }
        q.vocab_dp_type = DpType::ZeRO3;
        const auto why = inexpressible(q, Target::Torchtitan);
        QVERIFY2(why.empty(), why.empty() ? "" : why.front().c_str());
        std::string sub;
        const ExportResult t = ex(q, m, c, ExportFormat::Torchtitan);
        QVERIFY2(t.unsupported.empty(), t.unsupported.empty() ? "" : t.unsupported.front().c_str());
        auto a2 = checkTorchtitan(t.text, &sub);
        QCOMPARE(a2.at("--parallelism.context_parallel_degree"), std::string("2"));
        QCOMPARE(a2.at("--parallelism.data_parallel_shard_degree"), std::string("4"));
        QCOMPARE(a2.at("--parallelism.tensor_parallel_degree"), std::string("2"));
        // DDP with cp: torchtitan would shard anyway - inexpressible, and the search tree prunes it.
        Plan d = q;
        for (auto& l : d.layers)
            l.dp_type = DpType::DDP;
        d.vocab_dp_type = DpType::DDP;
        QVERIFY(!inexpressible(d, Target::Torchtitan).empty());
        QVERIFY(inexpressible(d, Target::Megatron).empty());
    }

    void refusalAndLossy() {
        const ModelProfile m = modelPreset("llama2-7b");
        const ClusterProfile c = cluster16();
        Plan h = basePlan(16, 2, 4, {16, 16}, DpType::ZeRO1, Checkpoint::None, true);
        for (int i = 16; i < 32; ++i) {
            h.layers[static_cast<std::size_t>(i)].tp = 8;
            h.layers[static_cast<std::size_t>(i)].dp = 1;
            h.layers[static_cast<std::size_t>(i)].dp_type = DpType::DDP;
        }
        h.layers[3].ckpt = Checkpoint::Full;
        expectRefused([&] { exportPlan(h, m, c, ExportFormat::Megatron); }, "megatron");
        expectRefused([&] { exportPlan(h, m, c, ExportFormat::Slurm); }, "megatron");
        expectRefused([&] { exportPlan(h, m, c, ExportFormat::Torchtitan); }, "torchtitan");
        expectRefused([&] { exportPlan(h, m, c, ExportFormat::DeepSpeed); }, "deepspeed");
        ExportOptions o;
        o.lossy = true;
        const ExportResult r = ex(h, m, c, ExportFormat::Megatron, o);
        QVERIFY(!r.unsupported.empty());
        checkMegatron(r.text);
        // The reasons are those inexpressible() names (per-layer TP, checkpointing of 1 layer).
        QVERIFY(inexpressible(h, Target::Megatron).size() >= 2);
        // Hetu-Galvatron's reader takes the per-layer plan as it is.
        const ExportResult he = ex(h, m, c, ExportFormat::HetuGalvatron, o); // ZeRO-1 + Megatron SP: lossy
        checkHetu(he.text);
        std::vector<std::string> notes;
        const Plan back = planFromHetuStrategy(json::parse(he.text), m, 16, &notes);
        QCOMPARE(back.layers.size(), h.layers.size());
        for (std::size_t i = 0; i < h.layers.size(); ++i) {
            QCOMPARE(back.layers[i].tp, h.layers[i].tp);
            QCOMPARE(back.layers[i].ckpt, h.layers[i].ckpt);
        }
    }

    void deepspeedAgainstSource() {
        const ModelProfile m = modelPreset("llama2-7b");
        const ClusterProfile c = cluster16();
        // pp=2 with ZeRO-3 cannot run: refused; lossy writes stage 1 and keeps only keys DeepSpeed reads.
        Plan z = basePlan(16, 2, 1, {16, 16}, DpType::ZeRO3, Checkpoint::Full, false);
        z.vocab_tp = 1;
        expectRefused([&] { exportPlan(z, m, c, ExportFormat::DeepSpeed); }, "deepspeed");
        ExportOptions o;
        o.lossy = true;
        const ExportResult r = ex(z, m, c, ExportFormat::DeepSpeed, o);
        checkDeepSpeed(r.text, 2);
        QCOMPARE(json::parse(r.text)["zero_optimization"]["stage"].get<int>(), 1);
        // A plan DeepSpeed runs: pp=2, ZeRO-1, uniform split, full recompute.
        Plan ok = z;
        for (auto& l : ok.layers)
            l.dp_type = DpType::ZeRO1;
        ok.vocab_dp_type = DpType::ZeRO1;
        QVERIFY2(inexpressible(ok, Target::DeepSpeed).empty(),
                 inexpressible(ok, Target::DeepSpeed).empty()
                     ? ""
                     : inexpressible(ok, Target::DeepSpeed)[0].c_str());
        const ExportResult g = ex(ok, m, c, ExportFormat::DeepSpeed);
        checkDeepSpeed(g.text, 2);
        const json j = json::parse(g.text);
        QCOMPARE(j["train_batch_size"].get<int>(), j["train_micro_batch_size_per_gpu"].get<int>() *
                                                       j["gradient_accumulation_steps"].get<int>() * 8);
        // AutoTP for tp > 1 without PP.
        Plan t = basePlan(16, 1, 4, {32}, DpType::ZeRO3, Checkpoint::None, false);
        t.vocab_tp = 1;
        const json jt = json::parse(ex(t, m, c, ExportFormat::DeepSpeed).text);
        checkDeepSpeed(jt.dump(), 1);
        QCOMPARE(jt["tensor_parallel"]["autotp_size"].get<int>(), 4);
    }

    void deepspeedExpertParallel() {
        // DeepSpeed's AutoEP (ds_config "expert_parallel", deepspeed.json "expert_parallel_keys",
        // "autoep_presets" and the autoep-* constraints, each with its line at edaa7221): the MoE layers'
        // ep as autoep_size, whole experts, the family's preset and the router pinned to the profile's.
        const ClusterProfile c = clusterPreset("8x8xH100-IB");
        const std::string hf = std::string(GX_TEST_DATA_DIR) + "/hf/";
        ExportOptions lossy;
        lossy.lossy = true;
        // Mixtral 8x7B: ep 8 over 64 data-parallel ranks with ZeRO-3 (experts sharded over their
        // expert-data-parallel group, as costed: autoep-zero3-placement).
        const ModelProfile mx = modelPreset("mixtral-8x7b");
        const Plan pm = dsMoePlan(mx, 64, 8, DpType::ZeRO3);
        QVERIFY(inexpressible(mx, pm, Target::DeepSpeed).empty());
        ExportResult e = ex(pm, mx, c, ExportFormat::DeepSpeed);
        json x = dsExpertSection(e);
        QCOMPARE(x, json::parse(R"({"enabled": true, "autoep_size": 8, "expert_tensor_parallel_size": 1,
                                    "preset_model": "mixtral", "top_k": 2, "score_func": "softmax",
                                    "route_norm": true, "routed_scaling_factor": 1.0})"));
        json j = json::parse(e.text);
        QVERIFY(!j.contains("tensor_parallel") && !j.contains("sequence_parallel_size"));
        QCOMPARE(j["zero_optimization"]["stage"].get<int>(), 3);
        // autoep-batch: expert parallelism leaves the batch over all 64 data-parallel ranks.
        QCOMPARE(j["train_batch_size"].get<int>(), 512);
        QCOMPARE(j["train_batch_size"].get<int>(), j["train_micro_batch_size_per_gpu"].get<int>() *
                                                       j["gradient_accumulation_steps"].get<int>() * 64);
        QVERIFY(mentions(e.warnings, "transformers >= 5.0.0"));
        // Qwen3-30B-A3B with Ulysses (sp 2) and ep 16 at ZeRO-2: the batch over world / sp = 32 ranks,
        // the expert-parallel groups over dp x sp (autoep-ulysses).
        const ModelProfile q3 = modelPreset("qwen3-30b-a3b");
        const Plan pq = dsMoePlan(q3, 64, 16, DpType::ZeRO2, 1, 2);
        QVERIFY(inexpressible(q3, pq, Target::DeepSpeed).empty());
        e = ex(pq, q3, c, ExportFormat::DeepSpeed);
        x = dsExpertSection(e);
        j = json::parse(e.text);
        QCOMPARE(x["autoep_size"].get<int>(), 16);
        QCOMPARE(x["preset_model"].get<std::string>(), std::string("qwen3_moe"));
        QCOMPARE(x["top_k"].get<int>(), 8);
        QCOMPARE(x["route_norm"].get<bool>(), true);
        QCOMPARE(j["sequence_parallel_size"].get<int>(), 2);
        QCOMPARE(j["train_batch_size"].get<int>(), j["train_micro_batch_size_per_gpu"].get<int>() *
                                                       j["gradient_accumulation_steps"].get<int>() * 32);
        QCOMPARE(j["train_batch_size"].get<int>(), 512);
        // Qwen1.5-MoE (qwen2_moe): the qwen3_moe preset, its gated shared expert, no renormalisation.
        const ModelProfile q2 =
            importHuggingFace(readJsonFile(hf + "Qwen1.5-MoE-A2.7B/config.json"), "q2", 4096);
        x = dsExpertSection(ex(dsMoePlan(q2, 64, 4, DpType::ZeRO1), q2, c, ExportFormat::DeepSpeed));
        QCOMPARE(x["preset_model"].get<std::string>(), std::string("qwen3_moe"));
        QCOMPARE(x["route_norm"].get<bool>(), false);
        QCOMPARE(x["top_k"].get<int>(), 4);
        // DeepSeek-V2-Lite: multi-latent attention is transformers' (the deepseek_v2 preset replaces only
        // the MoE blocks; its first, dense layer stays dense); softmax, not renormalised, and its greedy
        // routing pinned as one group, as config.json's n_group / topk_group would otherwise be read.
        const ModelProfile lite =
            importHuggingFace(readJsonFile(hf + "DeepSeek-V2-Lite/config.json"), "lite", 4096);
        const Plan pl = dsMoePlan(lite, 64, 8, DpType::ZeRO2);
        QVERIFY(inexpressible(lite, pl, Target::DeepSpeed).empty());
        x = dsExpertSection(ex(pl, lite, c, ExportFormat::DeepSpeed));
        QCOMPARE(x, json::parse(R"({"enabled": true, "autoep_size": 8, "expert_tensor_parallel_size": 1,
                                    "preset_model": "deepseek_v2", "top_k": 6, "score_func": "softmax",
                                    "route_norm": false, "routed_scaling_factor": 1.0,
                                    "num_expert_groups": 1, "num_limited_groups": 1})"));
        // DeepSeek-V3: AutoEP neither keeps (transformers registers it as a buffer) nor updates its
        // score-correction bias (autoep-score-correction-bias): no plan runs it as planned.
        const ModelProfile v3 = modelPreset("deepseek-v3");
        const Plan pv = dsMoePlan(v3, 64, 64, DpType::ZeRO3);
        const auto of_v3 = modelInexpressible(v3, Target::DeepSpeed);
        QCOMPARE(of_v3.size(), std::size_t(1));
        QVERIFY2(of_v3.front().find("score-correction bias") == 0, of_v3.front().c_str());
        expectModelRefused([&] { exportPlan(pv, v3, c, ExportFormat::DeepSpeed); });
        e = ex(pv, v3, c, ExportFormat::DeepSpeed, lossy);
        QCOMPARE(e.unsupported, of_v3);
        x = dsExpertSection(e);
        QCOMPARE(x, json::parse(R"({"enabled": true, "autoep_size": 64, "expert_tensor_parallel_size": 1,
                                    "preset_model": "deepseek_v3", "top_k": 8, "score_func": "sigmoid",
                                    "route_norm": true, "routed_scaling_factor": 2.5,
                                    "num_expert_groups": 8, "num_limited_groups": 4})"));
        // The same model without the bias runs as planned: sigmoid, renormalised, 2.5, the best 4 of 8
        // groups ranked by their best two (top2_sum, deepseek_v3.py), MLA and dense layers transformers'.
        ModelProfile v3nb = v3;
        for (auto& st : v3nb.stacks)
            st.type.moe.router_bias = false;
        QVERIFY(modelInexpressible(v3nb, Target::DeepSpeed).empty());
        QVERIFY(ex(pv, v3nb, c, ExportFormat::DeepSpeed).unsupported.empty());
        // Router options are pinned, whatever config.json says: a Mixtral profile with another router
        // gets exactly it.
        ModelProfile mr = mx;
        mr.stacks[0].type.moe.score_function = "sigmoid";
        mr.stacks[0].type.moe.normalize_top_k = false;
        mr.stacks[0].type.moe.routed_scaling = 2;
        mr.stacks[0].type.moe.top_k = 1;
        x = dsExpertSection(ex(pm, mr, c, ExportFormat::DeepSpeed));
        QCOMPARE(x["score_func"].get<std::string>(), std::string("sigmoid"));
        QCOMPARE(x["route_norm"].get<bool>(), false);
        QCOMPARE(x["routed_scaling_factor"].get<double>(), 2.0);
        QCOMPARE(x["top_k"].get<int>(), 1);
        // Group-limited routing: AutoEP ranks a group by the sum of its best two scores except the
        // deepseek_v2 preset on a group_limited_greedy config.json (by its best one; autoep-group-score).
        ModelProfile mg = mx;
        mg.stacks[0].type.moe.expert_groups = 4;
        mg.stacks[0].type.moe.groups_per_token = 2;
        mg.stacks[0].type.moe.group_score_top = 2;
        x = dsExpertSection(ex(pm, mg, c, ExportFormat::DeepSpeed));
        QCOMPARE(x["num_expert_groups"].get<int>(), 4);
        QCOMPARE(x["num_limited_groups"].get<int>(), 2);
        mg.stacks[0].type.moe.group_score_top = 1;
        QVERIFY(mentions(modelInexpressible(mg, Target::DeepSpeed), "group-limited routing"));
        expectModelRefused([&] { exportPlan(pm, mg, c, ExportFormat::DeepSpeed); });
        ModelProfile lg = lite;
        for (auto& st : lg.stacks)
            if (st.type.moe.enabled()) {
                st.type.moe.expert_groups = 8;
                st.type.moe.groups_per_token = 3;
                st.type.moe.group_score_top = 1;
            }
        e = ex(pl, lg, c, ExportFormat::DeepSpeed);
        QVERIFY(mentions(e.warnings, "group_limited_greedy"));
        QCOMPARE(dsExpertSection(e)["num_expert_groups"].get<int>(), 8);
        // What no key of expert_parallel sets: refused whatever the plan (the model's refusals).
        const auto refusedModel = [&](const ModelProfile& m, const std::string& why) {
            const auto of = modelInexpressible(m, Target::DeepSpeed);
            QVERIFY2(mentions(of, why), why.c_str());
            expectModelRefused(
                [&] { exportPlan(dsMoePlan(m, 64, 4, DpType::ZeRO1), m, c, ExportFormat::DeepSpeed); });
        };
        ModelProfile m1 = mx;
        m1.stacks[0].type.moe.capacity_factor = 1.25;
        refusedModel(m1, "capacity factor");
        m1 = mx;
        m1.stacks[0].type.moe.shared_experts = 1;
        m1.stacks[0].type.moe.shared_ffn_hidden = 4096;
        refusedModel(m1, "the mixtral preset has none");
        m1 = mx;
        m1.stacks[0].type.gated_ffn = false;
        refusedModel(m1, "SwiGLU");
        m1 = mx;
        m1.stacks[0].type.bias = true;
        refusedModel(m1, "with biases");
        m1 = mx;
        m1.family = "my_moe";
        refusedModel(m1, "has presets for");
        ModelProfile q2u = q2;
        for (auto& st : q2u.stacks)
            st.type.moe.shared_expert_gate = false;
        refusedModel(q2u, "sigmoid(shared_expert_gate(x))");
        ModelProfile v3g = v3nb;
        v3g.stacks[1].type.moe.shared_expert_gate = true;
        refusedModel(v3g, "runs them ungated");
        ModelProfile lm = lite;
        lm.family = "llama";
        refusedModel(lm, "multi-latent attention");
        ModelProfile two = v3nb; // MoE layers with another top-k: one router in expert_parallel
        two.stacks.push_back(two.stacks.back());
        two.stacks[1].count = 57;
        two.stacks[2].count = 1;
        two.stacks[2].type.moe.top_k = 4;
        refusedModel(two, "different routers");
        // A search for such a model stops at once, naming the reason.
        SearchOptions so;
        so.target = Target::DeepSpeed;
        so.global_batches = {256};
        try {
            searchForTarget(CostModel(v3, c), so);
            QFAIL("a DeepSpeed search for DeepSeek-V3 was not refused");
        } catch (const InputError& err) {
            QCOMPARE(err.field(), std::string("target"));
            QVERIFY2(err.reason().find("score-correction bias") != std::string::npos, err.reason().c_str());
        }
    }

    void deepspeedExpertParallelLayouts() {
        // Plan layouts AutoEP does not run as costed (deepspeed.json autoep-etp, autoep-with-autotp,
        // autoep-pipeline, autoep-zero3): refused by the export and by inexpressible() alike; --lossy
        // writes a configuration DeepSpeed accepts and names what changed.
        const ClusterProfile c = clusterPreset("8x8xH100-IB");
        const ModelProfile mx = modelPreset("mixtral-8x7b");
        ExportOptions lossy;
        lossy.lossy = true;
        // tp 2: the plan splits every expert over 2 ranks, AutoEP keeps them whole.
        const Plan pt = dsMoePlan(mx, 64, 8, DpType::ZeRO1, 2);
        QVERIFY(
            mentions(inexpressible(mx, pt, Target::DeepSpeed), "tensor parallelism in mixture-of-experts"));
        expectRefused([&] { exportPlan(pt, mx, c, ExportFormat::DeepSpeed); }, "deepspeed");
        ExportResult e = ex(pt, mx, c, ExportFormat::DeepSpeed, lossy);
        QVERIFY(mentions(e.unsupported, "expert_tensor_parallel_size 1"));
        QVERIFY(!json::parse(e.text).contains("tensor_parallel"));
        QCOMPARE(dsExpertSection(e)["expert_tensor_parallel_size"].get<int>(), 1);
        // pp 2: no MoE block found in a PipelineModule; written without AutoEP.
        Plan pp = dsMoePlan(mx, 64, 8, DpType::ZeRO1);
        pp.pp = 2;
        pp.stage_layers = deepspeedUniformSplit(32, 2);
        for (auto& l : pp.layers)
            l.dp = 32;
        QVERIFY(mentions(inexpressible(mx, pp, Target::DeepSpeed), "pipeline parallelism"));
        expectRefused([&] { exportPlan(pp, mx, c, ExportFormat::DeepSpeed); }, "deepspeed");
        e = ex(pp, mx, c, ExportFormat::DeepSpeed, lossy);
        QVERIFY(mentions(e.unsupported, "PipelineModule"));
        QVERIFY(!json::parse(e.text).contains("expert_parallel"));
        // ZeRO-3 with Ulysses: DeepSpeed asserts; written as ZeRO-2.
        const Plan pz = dsMoePlan(mx, 64, 8, DpType::ZeRO3, 1, 2);
        QVERIFY(mentions(inexpressible(mx, pz, Target::DeepSpeed), "ZeRO-3 in mixture-of-experts"));
        expectRefused([&] { exportPlan(pz, mx, c, ExportFormat::DeepSpeed); }, "deepspeed");
        e = ex(pz, mx, c, ExportFormat::DeepSpeed, lossy);
        QCOMPARE(json::parse(e.text)["zero_optimization"]["stage"].get<int>(), 2);
        dsExpertSection(e);
        // One autoep_size: different degrees are refused, the most common written; an MoE layer with
        // ep 1 among others counts too (the plan alone cannot tell it from a dense layer).
        Plan pe = dsMoePlan(mx, 64, 8, DpType::ZeRO1);
        for (int i = 0; i < 12; ++i)
            pe.layers[static_cast<std::size_t>(i)].ep = 4;
        QVERIFY(mentions(inexpressible(mx, pe, Target::DeepSpeed), "per-layer expert-parallel degrees"));
        e = ex(pe, mx, c, ExportFormat::DeepSpeed, lossy);
        QCOMPARE(dsExpertSection(e)["autoep_size"].get<int>(), 8);
        Plan p1 = dsMoePlan(mx, 64, 8, DpType::ZeRO1);
        p1.layers[0].ep = 1;
        QVERIFY(inexpressible(p1, Target::DeepSpeed).empty());
        QVERIFY(mentions(inexpressible(mx, p1, Target::DeepSpeed), "per-layer expert-parallel degrees"));
        expectRefused([&] { exportPlan(p1, mx, c, ExportFormat::DeepSpeed); }, "deepspeed");
        // The export and the capability model agree on every plan here.
        const ModelProfile q3 = modelPreset("qwen3-30b-a3b");
        std::vector<std::pair<const ModelProfile*, Plan>> cases = {
            {&mx, pt}, {&mx, pp}, {&mx, pz}, {&mx, pe}, {&mx, p1}};
        for (int ep : {1, 2, 8})
            for (DpType dt : {DpType::DDP, DpType::ZeRO1, DpType::ZeRO2, DpType::ZeRO3})
                for (int cp : {1, 2}) {
                    cases.emplace_back(&mx, dsMoePlan(mx, 64, ep, dt, 1, cp));
                    cases.emplace_back(&q3, dsMoePlan(q3, 64, ep * 2, dt, 1, cp));
                }
        for (const auto& [m, p] : cases) {
            const ExportResult r = ex(p, *m, c, ExportFormat::DeepSpeed, lossy);
            const auto why = inexpressible(*m, p, Target::DeepSpeed);
            QVERIFY2(r.unsupported.empty() == why.empty(),
                     (m->name + ": " + (why.empty() ? std::string("-") : why.front()) + " / " +
                      (r.unsupported.empty() ? std::string("-") : r.unsupported.front()))
                         .c_str());
            if (r.unsupported.empty())
                checkDeepSpeed(r.text, p.pp);
        }
    }

    void deepspeedExpertParallelSearch() {
        // --target deepspeed on mixture-of-experts models: only plans the export writes exactly (tp 1,
        // pp 1, one ep; the MoE layers' tree prunes the rest by name), never better than the best plan
        // for any runtime.
        const std::string hf = std::string(GX_TEST_DATA_DIR) + "/hf/";
        const std::vector<std::pair<ModelProfile, ClusterProfile>> cases = {
            {modelPreset("mixtral-8x7b"), clusterPreset("8x8xH100-IB")},
            {modelPreset("qwen3-30b-a3b"), clusterPreset("8x8xA100-80G-IB")},
            {importHuggingFace(readJsonFile(hf + "DeepSeek-V2-Lite/config.json"), "lite", 4096),
             clusterPreset("2x8xH100-IB")}};
        bool expert_parallel = false;
        for (const auto& [m, c] : cases) {
            const CostModel cm(m, c);
            SearchOptions so;
            so.global_batches = {256};
            so.top_k = 3;
            so.frontier_points = 0;
            const SearchResult any = searchForTarget(cm, so);
            so.target = Target::DeepSpeed;
            const SearchResult r = searchForTarget(cm, so);
            QVERIFY2(r.best && any.best, m.name.c_str());
            QVERIFY(timePerSample(*r.best) >= timePerSample(*any.best) * (1 - 1e-9));
            for (const auto& [rule, n] : r.stats.pruned_by_rule)
                if (rule == std::string(rules::kTargetPostCheck))
                    QCOMPARE(n, std::int64_t(0));
            for (const auto& rp : r.top) {
                const Plan& p = rp.plan;
                const auto why = inexpressible(m, p, Target::DeepSpeed);
                QVERIFY2(why.empty(), (m.name + ": " + (why.empty() ? "" : why.front())).c_str());
                QCOMPARE(p.pp, 1);
                const ExportResult e = ex(p, m, c, ExportFormat::DeepSpeed);
                QVERIFY(e.unsupported.empty());
                const json x = dsExpertSection(e);
                for (int i = 0; i < m.layerCount(); ++i) {
                    const LayerStrategy& l = p.layers[static_cast<std::size_t>(i)];
                    QCOMPARE(l.tp, 1);
                    if (m.layer(i).moe.enabled())
                        QCOMPARE(l.ep, x["autoep_size"].get<int>());
                }
                expert_parallel = expert_parallel || x["autoep_size"].get<int>() > 1;
            }
        }
        QVERIFY2(expert_parallel, "some best DeepSpeed plan uses expert parallelism");
        // The MoE layer's tree: no tensor parallelism, no pipeline, no ZeRO-3 with Ulysses, each pruned
        // by a target rule.
        const ModelProfile mx = modelPreset("mixtral-8x7b");
        SearchOptions o;
        o.target = Target::DeepSpeed;
        o.cp_min_seq = 1024;
        const CostModel cmx(mx, clusterPreset("8x8xH100-IB"));
        const SearchSpace space(cmx, o);
        QVERIFY(space.layerCandidates(2, mx.layer(0)).empty());
        bool ulysses = false;
        for (const LayerStrategy& s : space.layerCandidates(1, mx.layer(0))) {
            QCOMPARE(s.tp, 1);
            QVERIFY(!(s.cp > 1 && s.dp_type == DpType::ZeRO3));
            ulysses = ulysses || s.cp > 1;
        }
        QVERIFY(ulysses);
        std::set<std::string> rules_seen;
        for (const auto& n : space.tree(mx.layer(0)))
            if (n.pruned)
                rules_seen.insert(n.rule);
        for (const char* rule : {rules::kTargetTp, rules::kTargetEp, rules::kTargetDpType})
            QVERIFY2(rules_seen.count(rule), rule);
    }

    void torchtitanAgainstSource() {
        const ClusterProfile c = cluster16();
        // Llama 3.1 8B: torchtitan 0.2.2's llama3_8b has its rotary positions (theta 500000, llama scaling
        // 8).
        const ModelProfile m8 = modelPreset("llama3.1-8b");
        // pp=1, FSDP: one forward pass holds global / micro-batches / dp samples per rank.
        Plan p = basePlan(16, 1, 2, {32}, DpType::ZeRO3, Checkpoint::Full, true);
        p.model = "llama3.1-8b";
        p.global_batch = 128;
        p.num_micro = 8; // 16 samples per micro-batch, dp 8 -> 2 per rank
        std::string sub;
        const std::string launch = ex(p, m8, c, ExportFormat::Torchtitan).text;
        auto a = checkTorchtitan(launch, &sub);
        // torchrun runs with the allocator of torchtitan's run_train.sh (expandable segments), before it.
        const auto alloc = launch.find("export PYTORCH_ALLOC_CONF=\"expandable_segments:True\"\n");
        QVERIFY(alloc != std::string::npos && alloc < launch.find("torchrun "));
        const long long seq = m8.seq_len;
        QCOMPARE(std::stoll(a.at("--training.num_tokens_per_microbatch_per_dp_rank")), 2 * seq);
        QCOMPARE(std::stoll(a.at("--training.num_tokens_per_train_step")), 128 * seq);
        QCOMPARE(a.at("--module"), std::string("llama3"));
        QCOMPARE(a.at("--config"), std::string("llama3_8b"));
        QCOMPARE(a.at("--parallelism.fsdp_reshard_after_forward"), std::string("always"));
        QCOMPARE(sub, std::string("full"));
        QVERIFY(a.count("--checkpoint.enable"));
        QVERIFY(!a.count("--training.disable_cuda_graphs")); // (pp = 1: torchtitan's default kept)
        // pp=2 1F1B, DDP: microbatches and equal stages pinned.
        Plan q = basePlan(16, 2, 2, {16, 16}, DpType::DDP, Checkpoint::None, true);
        q.model = "llama3.1-8b";
        a = checkTorchtitan(ex(q, m8, c, ExportFormat::Torchtitan).text, &sub);
        QCOMPARE(std::stoi(a.at("--parallelism.num_pp_microbatches")), 8);
        QCOMPARE(std::stoi(a.at("--parallelism.pipeline_parallel_layers_per_stage")), 16);
        QCOMPARE(std::stoll(a.at("--training.num_tokens_per_train_step")),
                 std::stoll(a.at("--training.num_tokens_per_microbatch_per_dp_rank")) * 4 * 8);
        QCOMPARE(sub, std::string("none"));
        {
            // Costed with the torchtitan runtime, a 1F1B pipeline carries the known memory gap in its
            // header (and in the plan JSON's predictions); without a pipeline it does not.
            ExportOptions tto;
            tto.runtime = runtimePreset("torchtitan");
            const std::string caution = "# caution: torchtitan's 1F1B pipeline runs measured ";
            QVERIFY(ex(q, m8, c, ExportFormat::Torchtitan, tto).text.find(caution) != std::string::npos);
            QVERIFY(ex(p, m8, c, ExportFormat::Torchtitan, tto).text.find(caution) == std::string::npos);
            const json pj = json::parse(ex(q, m8, c, ExportFormat::PlanJson, tto).text);
            QCOMPARE(pj["_export"]["predicted"]["cautions"].size(), std::size_t(1));
        }
        // CUDA graphs (on by default) refuse pipeline parallelism: switched off (cuda-graphs-pp).
        QVERIFY(a.count("--training.disable_cuda_graphs"));
        // Uneven splits: torchtitan's own split rule (facts in torchtitan.json) with the weights written.
        static const json tt = consumer("torchtitan");
        for (const auto& e : tt["split_examples"]) {
            const auto want = e["split"].get<std::vector<int>>();
            QCOMPARE(torchtitanSplit(e["layers"], e["stages"], e["first_less"], e["last_less"]), want);
            if (!want.empty())
                QVERIFY(torchtitanSplitWeights(want).has_value());
        }
        Plan u = basePlan(16, 2, 2, {17, 15}, DpType::DDP, Checkpoint::None, true);
        u.model = "llama3.1-8b";
        QVERIFY(inexpressible(u, Target::Torchtitan).empty());
        a = checkTorchtitan(ex(u, m8, c, ExportFormat::Torchtitan).text, &sub);
        const int per = std::stoi(a.at("--parallelism.pipeline_parallel_layers_per_stage"));
        const int fl = std::stoi(a.at("--parallelism.pipeline_parallel_first_stage_less_layers"));
        const int ll = std::stoi(a.at("--parallelism.pipeline_parallel_last_stage_less_layers"));
        QCOMPARE(torchtitanSplit(32, 2, fl, ll), u.stage_layers);
        QCOMPARE((32 + fl + ll + per - 1) / per, 2); // num_virtual_stages = ceil(effective / per_stage)
        // A split torchtitan's rule cannot make (middle stages 10 and 6): refused, named.
        Plan w = basePlan(16, 4, 2, {8, 10, 6, 8}, DpType::DDP, Checkpoint::None, true);
        w.model = "llama3.1-8b";
        QVERIFY(!torchtitanSplitWeights(w.stage_layers));
        expectRefused([&] { exportPlan(w, m8, c, ExportFormat::Torchtitan); }, "torchtitan");
        // Llama 3 8B (no rope scaling) is not 0.2.2's llama3_8b: no base configuration, and the reason;
        // torchtitan 0.1's flavors are Llama 3's.
        const ModelProfile l3 = modelPreset("llama3-8b");
        Plan p3 = p;
        p3.model = l3.name;
        const ExportResult r3 = ex(p3, l3, c, ExportFormat::Torchtitan);
        QVERIFY(r3.text.find("TORCHTITAN_CONFIG") != std::string::npos);
        QVERIFY(std::any_of(r3.warnings.begin(), r3.warnings.end(), [](const std::string& w) {
            return w.find("0.2.2's llama3 configurations have Llama 3.1's rotary positions") !=
                   std::string::npos;
        }));
        const json& rope = tt["base_config_rope"]; // (facts: what each version's llama3 configurations run)
        QCOMPARE(m8.rope_theta, rope["0.2.2"]["theta"].get<double>());
        QCOMPARE(m8.rope_scaling.factor, rope["0.2.2"]["factor"].get<double>());
        QCOMPARE(m8.rope_scaling.original_max_position, rope["0.2.2"]["original_max_position"].get<int>());
        QCOMPARE(l3.rope_theta, rope["0.1.0"]["theta"].get<double>());
        QVERIFY(rope["0.1.0"]["scaling"].is_null() && l3.rope_scaling.type.empty());
        QVERIFY(rope["0.1.0"]["flavors"].dump().find("\"8B\"") != std::string::npos);
        ExportOptions v01; // (flavor names: torchtitan v0.1.0 models/llama3/__init__.py llama3_configs)
        v01.torchtitan_version = "0.1";
        const ExportResult r01 = ex(p3, l3, c, ExportFormat::Torchtitan, v01);
        QVERIFY(r01.text.find("flavor = \"8B\"") != std::string::npos);
        // A job file: the launcher sets the allocator (run_llama_train.sh), the export says so.
        QVERIFY(std::any_of(r01.warnings.begin(), r01.warnings.end(), [](const std::string& w) {
            return w.find("PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True") != std::string::npos;
        }));
        QVERIFY(ex(p, m8, c, ExportFormat::Torchtitan, v01).text.find("flavor = \"SET_ME\"") !=
                std::string::npos);
        // A model torchtitan does not define: placeholders and a clear message.
        const ModelProfile m7 = modelPreset("llama2-7b");
        const ExportResult r7 = ex(basePlan(16, 2, 2, {16, 16}, DpType::DDP, Checkpoint::None, true), m7, c,
                                   ExportFormat::Torchtitan);
        QVERIFY(r7.text.find("TORCHTITAN_CONFIG") != std::string::npos);
        bool named = false;
        for (const auto& w : r7.warnings)
            named = named || w.find("no model definition for 'llama2-7b'") != std::string::npos;
        QVERIFY(named);
        // torchtitan 0.1 TOML: checkpointing enabled, batch per step.
        ExportOptions o;
        o.torchtitan_version = "0.1";
        const std::string toml = ex(p, m8, c, ExportFormat::Torchtitan, o).text;
        QVERIFY(toml.find("[checkpoint]\nenable = true") != std::string::npos);
        QVERIFY(toml.find("local_batch_size = 2\n") != std::string::npos);
        QVERIFY(toml.find("mode = \"full\"") != std::string::npos);
    }

    void quoting() {
        const ModelProfile base = modelPreset("llama2-7b");
        ModelProfile m = base;
        m.name = "evil\nrm -rf / #";
        const Plan p = basePlan(16, 2, 4, {16, 16}, DpType::ZeRO1, Checkpoint::None, true);
        ExportOptions o;
        o.data_path = "/data/my set's/x";
        o.script = "train me.py";
        for (ExportFormat f : {ExportFormat::Megatron, ExportFormat::Torchrun, ExportFormat::Slurm}) {
            const std::string t = ex(p, m, cluster16(), f, o).text;
            std::istringstream in(t);
            std::string line;
            while (std::getline(in, line))
                QVERIFY2(line.rfind("rm -rf", 0) != 0, line.c_str());
            QVERIFY(t.find("--data-path '/data/my set'\\''s/x'") != std::string::npos);
            QCOMPARE(asMap(arrayArgs(t, "MEGATRON_ARGS")).at("--data-path"), o.data_path);
            if (f != ExportFormat::Megatron)
                QVERIFY(t.find("'train me.py'") != std::string::npos);
        }
        ExportOptions bad;
        bad.partition = "gpu\n#SBATCH --account=other";
        try {
            exportPlan(p, base, cluster16(), ExportFormat::Slurm, bad);
            QFAIL("no error");
        } catch (const InputError& e) {
            QCOMPARE(e.field(), std::string("partition"));
        }
    }

    void treeRules() {
        const CostModel cm(modelPreset("llama2-7b"), cluster16());
        SearchOptions o;
        o.target = Target::DeepSpeed;
        const SearchSpace space(cm, o);
        int zero_pp = 0, tp_pp = 0, zero_pp1 = 0;
        for (const auto& n : space.tree(cm.model().stacks.front().type)) {
            if (n.rule == rules::kTargetDpType)
                ++zero_pp;
            if (n.rule == rules::kTargetTp)
                ++tp_pp;
        }
        for (const auto& s : space.layerCandidates(1, cm.model().stacks.front().type))
            zero_pp1 += s.dp_type == DpType::ZeRO3;
        QVERIFY(zero_pp > 0);  // ZeRO-2/3 pruned under pp > 1
        QVERIFY(tp_pp > 0);    // TP pruned under pp > 1
        QVERIFY(zero_pp1 > 0); // ...but ZeRO-3 stays without PP
        for (const auto& s : space.layerCandidates(2, cm.model().stacks.front().type)) {
            QVERIFY(s.dp_type != DpType::ZeRO2 && s.dp_type != DpType::ZeRO3);
            QCOMPARE(s.tp, 1);
        }
        SearchOptions any;
        const SearchSpace all(cm, any);
        QVERIFY(all.candidateCount(cm.model().stacks.front().type) >
                space.candidateCount(cm.model().stacks.front().type));
    }

    void optionsNamedErrors() {
        SearchOptions o;
        o.target = Target::Torchtitan;
        o.dp_types = {DpType::ZeRO1};
        try {
            optionsForTarget(o);
            QFAIL("no error");
        } catch (const InputError& e) {
            QCOMPARE(e.field(), std::string("dp_types"));
            QVERIFY(e.reason().find("torchtitan") != std::string::npos);
        }
        o = {};
        o.target = Target::Megatron;
        o.schedules = {Schedule::GPipe};
        try {
            optionsForTarget(o);
            QFAIL("no error");
        } catch (const InputError& e) {
            QCOMPARE(e.field(), std::string("schedules"));
        }
        // What the target runs is narrowed, user choices inside it are kept.
        o = {};
        o.target = Target::DeepSpeed;
        o.dp_types = {DpType::DDP, DpType::ZeRO3};
        const SearchOptions n = optionsForTarget(o);
        QVERIFY(n.uniform_layers);
        QVERIFY(!n.allow_sp);
        QCOMPARE(n.schedules, std::vector<Schedule>{Schedule::OneFOneB});
        QCOMPARE(n.dp_types, (std::vector<DpType>{DpType::DDP, DpType::ZeRO3}));
        o.target = Target::Hetu;
        QVERIFY(!optionsForTarget(o).uniform_layers);
    }

    void searchForEachTarget() {
        const CostModel cm(modelPreset("llama2-7b"), cluster16());
        SearchOptions o;
        o.global_batches = {64};
        o.max_micro = 16;
        o.top_k = 3;
        o.frontier_points = 0;
        const SearchResult any = searchForTarget(cm, o);
        QVERIFY(any.best);
        for (Target t : {Target::Megatron, Target::Torchtitan, Target::DeepSpeed, Target::Hetu}) {
            SearchOptions to = o;
            to.target = t;
            const SearchResult r = searchForTarget(cm, to);
            QVERIFY2(r.best, toString(t));
            for (const auto& rp : r.top) {
                const auto why = inexpressible(rp.plan, t);
                QVERIFY2(why.empty(),
                         (std::string(toString(t)) + ": " + (why.empty() ? "" : why[0])).c_str());
                // The predicted cost is the plan's cost.
                QCOMPARE(cm.evaluate(rp.plan).iteration_time, rp.cost.iteration_time);
                QVERIFY(rp.cost.fits());
            }
            // Never better than the unconstrained optimum.
            QVERIFY2(timePerSample(*r.best) >= timePerSample(*any.best) * (1 - 1e-9), toString(t));
            // Exported exactly: no approximation needed, and the export checks pass.
            const ModelProfile& m = cm.model();
            const ExportResult e = ex(r.best->plan, m, cm.cluster(), formatFor(t));
            QVERIFY2(e.unsupported.empty(), toString(t));
            if (t == Target::Megatron)
                checkMegatron(e.text);
            if (t == Target::DeepSpeed)
                checkDeepSpeed(e.text, r.best->plan.pp);
            if (t == Target::Hetu) {
                checkHetu(e.text);
                std::vector<std::string> notes;
                const Plan back = planFromHetuStrategy(json::parse(e.text), m, r.best->plan.gpus, &notes);
                QCOMPARE(back.layers, r.best->plan.layers);
                QCOMPARE(back.stage_layers, r.best->plan.stage_layers);
                QCOMPARE(back.num_micro, r.best->plan.num_micro);
            }
            const std::string line = targetPriceLine(t, *r.best, *any.best);
            QVERIFY(line.find(capabilities(t).framework) != std::string::npos);
        }
    }

    void targetFrontierSameOnAnyThreads() {
        // Qwen3-30B-A3B on 8 H100s for Megatron-LM: which configurations a search solves before the
        // bound cuts them depends on its threads' timing; the target's frontier is built from the
        // proven plans only (top and frontier), so it is the same on any number of threads. (Built
        // from every configuration's plan, 3 of 6 runs on 4 threads had a tenth point.)
        CostOptions co;
        co.runtime = runtimePreset("megatron-core");
        const CostModel cm(modelPreset("qwen3-30b-a3b"), clusterPreset("8xH100"), co);
        SearchOptions o;
        o.gpus = 8;
        o.target = Target::Megatron;
        o.emit_tree_events = false;
        o.threads = 1;
        const SearchResult one = searchForTarget(cm, o);
        QVERIFY(one.frontier.size() >= 3);
        o.threads = 4;
        for (int run = 0; run < 6; ++run) {
            const SearchResult r = searchForTarget(cm, o);
            QCOMPARE(r.frontier.size(), one.frontier.size());
            for (std::size_t i = 0; i < r.frontier.size(); ++i) {
                QCOMPARE(r.frontier[i].cost.iteration_time, one.frontier[i].cost.iteration_time);
                QCOMPARE(r.frontier[i].cost.peak_memory, one.frontier[i].cost.peak_memory);
            }
        }
    }

    void torchtitanExpertParallelCapabilities() {
        // torchtitan's expert parallelism as recorded in torchtitan.json: EP ranks from FSDP/CP/TP ranks,
        // experts whole on an EP rank; the cost model's (experts split over tp, EP ranks from dp x cp)
        // with tp = 1 and ZeRO-2/3 only.
        static const json f = consumer("torchtitan")["expert_parallel"];
        const TargetCapabilities& c = capabilities(Target::Torchtitan);
        QVERIFY(c.expert_parallel);
        QVERIFY(f["expert_tensor_parallel_option"].is_null());
        QCOMPARE(c.ep_with_tp, f["experts_split_over_tp_with_ep"].get<bool>());
        QVERIFY(f["experts_split_over_tp_without_ep"].get<bool>()); // (ep = 1: as costed, any tp)
        QCOMPARE(c.ep_sharded_dp_only, !f["ep_from_replicas"].get<bool>());
        Plan p = basePlan(16, 1, 1, {32}, DpType::ZeRO3, Checkpoint::None, false);
        for (auto& l : p.layers)
            l.ep = 8;
        QVERIFY(inexpressible(p, Target::Torchtitan).empty());
        Plan t = basePlan(16, 1, 2, {32}, DpType::ZeRO3, Checkpoint::None, true);
        for (auto& l : t.layers)
            l.ep = 8;
        auto why = inexpressible(t, Target::Torchtitan);
        QCOMPARE(why.size(), std::size_t(1));
        QVERIFY2(why.front().find("expert parallelism together with tensor parallelism (ep=8, tp=2)") == 0,
                 why.front().c_str());
        QVERIFY(inexpressible(t, Target::Megatron).empty()); // (Megatron-LM: expert TP = tp by default)
        for (DpType d : {DpType::DDP, DpType::ZeRO2}) {
            Plan q = basePlan(16, 1, 1, {32}, d, Checkpoint::None, false);
            for (auto& l : q.layers)
                l.ep = 4;
            why = inexpressible(q, Target::Torchtitan);
            QCOMPARE(why.size(), std::size_t(d == DpType::DDP ? 1 : 0));
            if (d == DpType::DDP)
                QVERIFY2(why.front().find("expert parallelism with DDP (ep=4)") == 0, why.front().c_str());
        }
    }

    void torchtitanMoeModels() {
        // torchtitan's own MoE models as torchtitan.json records them (torchtitan_models.cpp's table must
        // agree): each is recognised, exported exactly on its --module/--config. The softmax routers'
        // expert bias for load balance (the profile holds a score-correction bias with sigmoid scores only)
        // is a balancing method, as an auxiliary loss is: a warning, not a difference.
        const ClusterProfile c = clusterPreset("32x8xH100-IB");
        static const json tt = consumer("torchtitan");
        ExportOptions lossy;
        lossy.lossy = true;
        int checked = 0;
        for (const json& f : tt["moe_models"]) {
            const ModelProfile m = profileOf(f);
            const std::string name = f["module"].get<std::string>() + " " + f["flavor"].get<std::string>();
            const auto why = torchtitanModelInexpressible(m);
            QVERIFY2(why.empty(), (name + ": " + (why.empty() ? "" : why.front())).c_str());
            const ExportResult r =
                ex(moePlan(m, 256, 1, DpType::ZeRO3, 8), m, c, ExportFormat::Torchtitan, lossy);
            QCOMPARE(r.unsupported, why);
            const bool noted = std::any_of(r.warnings.begin(), r.warnings.end(), [&](const std::string& w) {
                return w.find("the router has no score-correction bias; torchtitan 0.2.2's " + name +
                              " balances the experts' load with an expert bias") == 0;
            });
            QCOMPARE(noted, f["score_function"] != "sigmoid");
            std::string sub;
            const auto a = checkTorchtitan(r.text, &sub);
            if (f["config"].is_null()) { // (a flavor no config function selects: placeholders, and why)
                QVERIFY(r.text.find("TORCHTITAN_CONFIG") != std::string::npos);
                QVERIFY(std::any_of(r.warnings.begin(), r.warnings.end(), [&](const std::string& w) {
                    return w.find("but no config function selects it") != std::string::npos;
                }));
            } else {
                QCOMPARE(a.at("--module"), f["module"].get<std::string>());
                QCOMPARE(a.at("--config"), f["config"].get<std::string>());
            }
            QCOMPARE(a.at("--parallelism.expert_parallel_degree"), std::string("8"));
            ++checked;
        }
        QCOMPARE(checked, 5);
    }

    void torchtitanMoeExports() {
        // DeepSeek-V3 is torchtitan's deepseek_v3 671B: written exactly, with the expert degree (always:
        // the base configuration sets 2) and CUDA graphs off with ep > 1; every flag checked against
        // torchtitan.json.
        const ClusterProfile c = clusterPreset("32x8xH100-IB");
        const ModelProfile v3 = modelPreset("deepseek-v3");
        static const json facts = consumer("torchtitan");
        ExportOptions lossy;
        lossy.lossy = true;
        std::string sub;
        ExportResult r = ex(moePlan(v3, 256, 1, DpType::ZeRO3, 16), v3, c, ExportFormat::Torchtitan);
        QVERIFY(r.unsupported.empty());
        auto a = checkTorchtitan(r.text, &sub);
        QCOMPARE(a.at("--module"), std::string("deepseek_v3"));
        QCOMPARE(a.at("--config"), std::string("deepseek_v3_671b"));
        QCOMPARE(a.at("--parallelism.expert_parallel_degree"), std::string("16"));
        QCOMPARE(a.at("--parallelism.data_parallel_shard_degree"), std::string("256"));
        QCOMPARE(a.at("--parallelism.data_parallel_replicate_degree"), std::string("1"));
        QCOMPARE(a.at("--parallelism.tensor_parallel_degree"), std::string("1"));
        QCOMPARE(a.at("--parallelism.fsdp_reshard_after_forward"), std::string("always"));
        QVERIFY(a.count("--training.disable_cuda_graphs"));
        // (ep divides data_parallel_shard_degree x cp x tp and the routed experts: parallel_dims.py,
        // decoder.py, recorded in expert_parallel)
        QCOMPARE(facts["expert_parallel"]["degree_option"].get<std::string>(),
                 std::string("--parallelism.expert_parallel_degree"));
        QCOMPARE(256 % 16, 0);
        QCOMPARE(v3.stacks.back().type.moe.experts % 16, 0);
        // Tensor parallelism without expert parallelism: the experts split over tp, as costed; the
        // degree 1 is written over the base configuration's 2.
        r = ex(moePlan(v3, 256, 8, DpType::ZeRO2, 1), v3, c, ExportFormat::Torchtitan);
        QVERIFY(r.unsupported.empty());
        a = checkTorchtitan(r.text, &sub);
        QCOMPARE(a.at("--parallelism.expert_parallel_degree"), std::string("1"));
        QCOMPARE(a.at("--parallelism.tensor_parallel_degree"), std::string("8"));
        QVERIFY(!a.count("--training.disable_cuda_graphs")); // (pp = 1, ep = 1)
        // Expert and tensor parallelism together: torchtitan keeps experts whole on their EP rank.
        const Plan tp_ep = moePlan(v3, 256, 2, DpType::ZeRO3, 8);
        expectRefused([&] { exportPlan(tp_ep, v3, c, ExportFormat::Torchtitan); }, "torchtitan");
        r = ex(tp_ep, v3, c, ExportFormat::Torchtitan, lossy);
        QCOMPARE(r.unsupported.size(), std::size_t(1));
        QVERIFY2(
            startsWith(r.unsupported, 0, "expert parallelism together with tensor parallelism (ep=8, tp=2)"),
            r.unsupported.front().c_str());
        QCOMPARE(checkTorchtitan(r.text, &sub).at("--parallelism.expert_parallel_degree"), std::string("8"));
        // DDP: the EP ranks would be replicas; torchtitan refuses ep that does not divide dp_shard x cp x tp,
        // so --lossy writes 1.
        const Plan ddp = moePlan(v3, 256, 1, DpType::DDP, 8);
        expectRefused([&] { exportPlan(ddp, v3, c, ExportFormat::Torchtitan); }, "torchtitan");
        r = ex(ddp, v3, c, ExportFormat::Torchtitan, lossy);
        QCOMPARE(r.unsupported.size(), std::size_t(1));
        QVERIFY2(startsWith(r.unsupported, 0, "expert parallelism with DDP (ep=8)"),
                 r.unsupported.front().c_str());
        a = checkTorchtitan(r.text, &sub);
        QCOMPARE(a.at("--parallelism.expert_parallel_degree"), std::string("1"));
        QCOMPARE(a.at("--parallelism.data_parallel_replicate_degree"), std::string("256"));
        // Per-layer degrees: one expert_parallel_degree.
        Plan mixed = moePlan(v3, 256, 1, DpType::ZeRO3, 16);
        mixed.layers.back().ep = 8;
        r = ex(mixed, v3, c, ExportFormat::Torchtitan, lossy);
        QCOMPARE(r.unsupported.size(), std::size_t(1));
        QVERIFY(startsWith(r.unsupported, 0, "per-layer expert-parallel degrees"));
        // torchtitan 0.1's TOML export still describes llama3 flavors only.
        ExportOptions v01 = lossy;
        v01.torchtitan_version = "0.1";
        r = ex(moePlan(v3, 256, 1, DpType::ZeRO3, 1), v3, c, ExportFormat::Torchtitan, v01);
        QVERIFY(startsWith(r.unsupported, 0,
                           "mixture-of-experts layers or multi-latent attention: the "
                           "torchtitan 0.1 export writes llama3 flavors only"));
    }

    void torchtitanMoeRefusals() {
        // What torchtitan builds otherwise is named, the same sentence in the export and in the target
        // search's refusal (modelInexpressible); --lossy writes torchtitan's closest model.
        const ClusterProfile c = clusterPreset("32x8xH100-IB");
        const std::string hf = std::string(GX_TEST_DATA_DIR) + "/hf/";
        ExportOptions lossy;
        lossy.lossy = true;
        const auto router = [](ModelProfile& m) -> MoeSpec& { return m.stacks.back().type.moe; };
        const auto refusedSearch = [&](const ModelProfile& m, const std::string& first) {
            try {
                SearchOptions so;
                so.global_batches = {1024};
                so.target = Target::Torchtitan;
                searchForTarget(CostModel(m, c), so);
                QFAIL("the torchtitan search was not refused");
            } catch (const InputError& e) {
                QCOMPARE(e.field(), std::string("target"));
                QVERIFY2(e.reason().find(first) == 0, e.reason().c_str());
            }
        };
        // A mismatched router: DeepSeek-V3 with another scaling factor.
        ModelProfile v3 = modelPreset("deepseek-v3");
        router(v3).routed_scaling = 2.0;
        const Plan p = moePlan(v3, 256, 1, DpType::ZeRO3, 16);
        expectModelRefused([&] { exportPlan(p, v3, c, ExportFormat::Torchtitan); });
        ExportResult r = ex(p, v3, c, ExportFormat::Torchtitan, lossy);
        const std::vector<std::string> scaling = {
            "routed scaling factor 2: torchtitan 0.2.2's deepseek_v3 671B has 2.5"};
        QCOMPARE(r.unsupported, scaling);
        QCOMPARE(modelInexpressible(v3, Target::Torchtitan), scaling);
        refusedSearch(v3, scaling.front());
        std::string sub;
        QCOMPARE(checkTorchtitan(r.text, &sub).at("--config"), std::string("deepseek_v3_671b")); // (closest)
        // A group ranked by its best expert (DeepSeek-V2's group_limited_greedy): torchtitan's router sums
        // the best two, whatever config function builds it.
        v3 = modelPreset("deepseek-v3");
        router(v3).group_score_top = 1;
        ExportOptions own = lossy;
        own.torchtitan_module = "my_models";
        own.torchtitan_config = "deepseek_v3_max_groups";
        r = ex(p, v3, c, ExportFormat::Torchtitan, own);
        QCOMPARE(r.unsupported.size(), std::size_t(1));
        QVERIFY2(startsWith(r.unsupported, 0,
                            "group-limited routing (4 of 8 groups, a group ranked by its best expert score): "
                            "torchtitan 0.2.2's router ranks a group by the sum of its best two scores"),
                 r.unsupported.front().c_str());
        // Longer sequences than the flavor's rotary cache (16384).
        v3 = modelPreset("deepseek-v3");
        v3.seq_len = 32768;
        for (auto& st : v3.stacks)
            st.type.seq_len = 32768;
        r = ex(p, v3, c, ExportFormat::Torchtitan, lossy);
        QVERIFY2(startsWith(r.unsupported, 0,
                            "sequence length 32768: torchtitan 0.2.2's deepseek_v3 671B holds "
                            "rotary positions for 16384 tokens"),
                 r.unsupported.empty() ? "" : r.unsupported.front().c_str());
        // Qwen3-30B-A3B: torchtitan's qwen3 30B-A3B, exactly; it balances the experts with an expert bias
        // where Qwen3-MoE was trained with an auxiliary loss (a warning).
        const ModelProfile q = modelPreset("qwen3-30b-a3b");
        const Plan pq = moePlan(q, 64, 1, DpType::ZeRO2, 8);
        const ClusterProfile c64 = clusterPreset("8x8xH100-IB");
        r = ex(pq, q, c64, ExportFormat::Torchtitan);
        QVERIFY2(r.unsupported.empty(), r.unsupported.empty() ? "" : r.unsupported.front().c_str());
        QVERIFY(std::any_of(r.warnings.begin(), r.warnings.end(), [](const std::string& w) {
            return w.find("load_balance_coeff 1e-3") != std::string::npos &&
                   w.find("load_balance_coeff=None") != std::string::npos;
        }));
        auto a = checkTorchtitan(r.text, &sub);
        QCOMPARE(a.at("--module"), std::string("qwen3"));
        QCOMPARE(a.at("--config"), std::string("qwen3_30b_a3b"));
        QCOMPARE(a.at("--parallelism.expert_parallel_degree"), std::string("8"));
        QCOMPARE(a.at("--parallelism.data_parallel_shard_degree"), std::string("64"));
        QCOMPARE(a.at("--parallelism.fsdp_reshard_after_forward"), std::string("never"));
        QVERIFY(a.count("--training.disable_cuda_graphs")); // (qwen3_30b_a3b leaves CUDA graphs on)
        // The torchtitan target search finds Qwen3 plans, and the export writes them exactly.
        {
            SearchOptions so;
            so.gpus = 64;
            so.global_batches = {256};
            so.target = Target::Torchtitan;
            so.frontier_points = 0;
            so.top_k = 1;
            CostOptions co;
            co.runtime = runtimePreset("torchtitan");
            const SearchResult sr = searchForTarget(CostModel(q, c64, co), so);
            QVERIFY2(sr.best.has_value(), sr.infeasible_reason.c_str());
            QVERIFY(exportPlan(sr.best->plan, q, c64, ExportFormat::Torchtitan).unsupported.empty());
        }
        // On a config function of the user's (load_balance_coeff=None): exact.
        ExportOptions mine;
        mine.torchtitan_module = "my_models";
        mine.torchtitan_config = "qwen3_30b_a3b_no_expert_bias";
        r = ex(pq, q, c64, ExportFormat::Torchtitan, mine);
        QVERIFY(r.unsupported.empty());
        a = checkTorchtitan(r.text, &sub);
        QCOMPARE(a.at("--config"), mine.torchtitan_config);
        QCOMPARE(a.at("--parallelism.expert_parallel_degree"), std::string("8"));
        // Mixtral: torchtitan 0.2.2 has no such model.
        const ModelProfile mx = modelPreset("mixtral-8x7b");
        const Plan pm = moePlan(mx, 64, 1, DpType::ZeRO3, 8);
        expectModelRefused([&] { exportPlan(pm, mx, c64, ExportFormat::Torchtitan); });
        r = ex(pm, mx, c64, ExportFormat::Torchtitan, lossy);
        QCOMPARE(r.unsupported.size(), std::size_t(1));
        QVERIFY2(r.unsupported.front().find("torchtitan 0.2.2 defines no such model") != std::string::npos,
                 r.unsupported.front().c_str());
        QVERIFY(r.text.find("TORCHTITAN_CONFIG") != std::string::npos);
        refusedSearch(mx, "mixture-of-experts model 'mixtral-8x7b'");
        // Qwen1.5-MoE's gated shared expert: no torchtitan MoE computes it.
        const ModelProfile q15 =
            importHuggingFace(readJsonFile(hf + "Qwen1.5-MoE-A2.7B/config.json"), "q15", 4096);
        r = ex(moePlan(q15, 64, 1, DpType::ZeRO3, 4), q15, c64, ExportFormat::Torchtitan, own);
        QCOMPARE(r.unsupported.size(), std::size_t(1));
        QVERIFY(startsWith(r.unsupported, 0, "gated shared expert: torchtitan 0.2.2's MoE adds"));
        // DeepSeek-V2-Lite is torchtitan's deepseek_v3 16B but for the expert bias and the yarn mscale
        // (0.70 there; 1 in this config.json).
        const ModelProfile lite =
            importHuggingFace(readJsonFile(hf + "DeepSeek-V2-Lite/config.json"), "lite", 4096);
        r = ex(moePlan(lite, 64, 1, DpType::ZeRO3, 8), lite, c64, ExportFormat::Torchtitan, lossy);
        QCOMPARE(r.unsupported.size(), std::size_t(1));
        QVERIFY2(startsWith(r.unsupported, 0,
                            "yarn mscale / mscale_all_dim 1 / 1: torchtitan 0.2.2's deepseek_v3 16B "
                            "has 0.7"),
                 r.unsupported.back().c_str());
        QCOMPARE(checkTorchtitan(r.text, &sub).at("--config"), std::string("deepseek_v3_16b"));
        // DeepSeek-V2 (236B) is torchtitan's deepseek_v3 236B, which no config function selects, but its
        // groups are ranked by their best expert (group_limited_greedy) and its router has no bias.
        json j2 = readJsonFile(hf + "DeepSeek-V2-Lite/config.json");
        j2["num_hidden_layers"] = 60;
        j2["hidden_size"] = 5120;
        j2["num_attention_heads"] = j2["num_key_value_heads"] = 128;
        j2["q_lora_rank"] = 1536;
        j2["intermediate_size"] = 12288;
        j2["moe_intermediate_size"] = 1536;
        j2["n_routed_experts"] = 160;
        j2["topk_method"] = "group_limited_greedy";
        j2["n_group"] = 8;
        j2["topk_group"] = 3;
        j2["routed_scaling_factor"] = 16.0;
        const ModelProfile v2 = importHuggingFace(j2, "v2", 4096);
        r = ex(moePlan(v2, 256, 1, DpType::ZeRO3, 8), v2, c, ExportFormat::Torchtitan, lossy);
        QCOMPARE(r.unsupported.size(), std::size_t(1));
        QVERIFY2(startsWith(r.unsupported, 0,
                            "group-limited routing (3 of 8 groups, a group ranked by its best expert "
                            "score)"),
                 r.unsupported.front().c_str());
        QVERIFY(r.text.find("TORCHTITAN_CONFIG") != std::string::npos);
        QVERIFY(std::any_of(r.warnings.begin(), r.warnings.end(), [](const std::string& w) {
            return w.find("defines deepseek_v3 236B") != std::string::npos &&
                   w.find("model_registry(\"236B\")") != std::string::npos;
        }));
    }

    void torchtitanSearchForDeepSeekV3() {
        // The torchtitan target search for DeepSeek-V3 on 256 H100s, free and with ep = 16: its best plan
        // uses expert parallelism only as torchtitan runs it (tp = 1, FSDP) and is exported exactly.
        CostOptions co;
        co.runtime = runtimePreset("torchtitan");
        const CostModel cm(modelPreset("deepseek-v3"), clusterPreset("32x8xH100-IB"), co);
        for (int ep : {0, 16}) {
            SearchOptions o;
            o.global_batches = {1024};
            o.top_k = 1;
            o.frontier_points = 0;
            o.emit_tree_events = false;
            o.target = Target::Torchtitan;
            o.fixed_ep = ep;
            const SearchResult r = searchForTarget(cm, o);
            QVERIFY(r.best.has_value());
            const Plan& p = r.best->plan;
            for (const auto& [rule, n] : r.stats.pruned_by_rule)
                if (rule == std::string(rules::kTargetPostCheck))
                    QCOMPARE(n, std::int64_t(0));
            QVERIFY(inexpressible(cm.model(), p, Target::Torchtitan).empty());
            const LayerStrategy& l = p.layers.back();
            if (ep > 0)
                QCOMPARE(l.ep, ep);
            if (l.ep > 1)
                QVERIFY(l.tp == 1 && (l.dp_type == DpType::ZeRO2 || l.dp_type == DpType::ZeRO3));
            const ExportResult e = ex(p, cm.model(), cm.cluster(), ExportFormat::Torchtitan);
            QVERIFY(e.unsupported.empty());
            std::string sub;
            const auto a = checkTorchtitan(e.text, &sub);
            QCOMPARE(a.at("--parallelism.expert_parallel_degree"), std::to_string(l.ep));
            QCOMPARE(a.at("--parallelism.tensor_parallel_degree"), std::to_string(l.tp));
            QCOMPARE(a.at("--config"), std::string("deepseek_v3_671b"));
        }
    }

    void expertParallelExports() {
        // Megatron-LM: one --expert-model-parallel-size for every MoE layer (model_parallel_config.py
        // expert_model_parallel_size; validate_args: num_experts a multiple of it), checked against
        // megatron.json; dense layers of the model carry ep = 1.
        const ClusterProfile c = clusterPreset("8x8xH100-IB");
        const ModelProfile v3 = modelPreset("deepseek-v3");
        Plan p = basePlan(64, 1, 2, {32}, DpType::ZeRO1, Checkpoint::Full, true);
        const int L = v3.layerCount();
        p.model = v3.name;
        p.gpus = 64;
        p.stage_layers = {L};
        LayerStrategy s = p.layers.front();
        s.tp = 8;
        s.dp = 8;
        p.layers.assign(static_cast<std::size_t>(L), s);
        for (int i = 0; i < L; ++i)
            if (v3.layer(i).moe.enabled())
                p.layers[static_cast<std::size_t>(i)].ep = 8;
        p.vocab_tp = 8;
        auto a = checkMegatron(ex(p, v3, c, ExportFormat::Megatron).text);
        QCOMPARE(a.at("--expert-model-parallel-size"), std::string("8"));
        QVERIFY(!a.count("--expert-tensor-parallel-size")); // defaults to the TP size, as costed
        // Mixed degrees over MoE layers: one value in Megatron, so the export says what it changed.
        p.layers.back().ep = 4;
        ExportOptions lossy;
        lossy.lossy = true;
        const ExportResult mixed = ex(p, v3, c, ExportFormat::Megatron, lossy);
        QVERIFY(!mixed.unsupported.empty());
        QVERIFY(mixed.unsupported.front().find("expert-parallel") != std::string::npos);
        // ep on a dense layer is no plan at all: refused by name before any export.
        Plan bad = p;
        bad.layers.front().ep = 2;
        try {
            exportPlan(bad, v3, c, ExportFormat::Megatron);
            QFAIL("ep on a dense layer was exported");
        } catch (const InputError& e) {
            QCOMPARE(e.field(), std::string("plan.layers[0].ep"));
        }
    }

    // Hetu-Galvatron at cea12ff (tests/data/consumers/hetu.json): context parallelism per layer, ring
    // (cp_sizes_enc, zigzag) and all-to-all (use_sp, the degree in tp_sizes_enc), the embedding's vcp,
    // and the runtime's batch rule, sequence parallelism and rank order.
    void hetuContextParallel() {
        ModelProfile m = modelPreset("llama3.1-8b");
        setTrainingSeqLen(m, 65536);
        const ClusterProfile c = clusterPreset("8xH100");
        const int L = m.layerCount();
        // tp2-sp cp4 dp1 ring on every layer, 16 samples in 8 micro-batches, embedding over all 8 GPUs.
        Plan p;
        p.model = m.name;
        p.gpus = 8;
        p.pp = 1;
        p.stage_layers = {L};
        p.global_batch = 16;
        p.num_micro = 8;
        LayerStrategy s;
        s.tp = 2;
        s.sp = true;
        s.cp = 4;
        s.dp = 1;
        s.ckpt = Checkpoint::Full;
        p.layers.assign(static_cast<std::size_t>(L), s);
        p.vocab_tp = 8;
        // Layers 8-11 Ulysses (all-to-all, tp 1, degree 8), layer 31 cp 2 with dp 2 (ZeRO-3).
        for (int i = 8; i < 12; ++i) {
            auto& l = p.layers[static_cast<std::size_t>(i)];
            l = LayerStrategy{};
            l.cp = 8;
            l.cp_comm = CpComm::A2A;
        }
        p.layers.back().cp = 2;
        p.layers.back().dp = 2;
        p.layers.back().dp_type = DpType::ZeRO3;
        {
            const auto why = inexpressible(m, p, Target::Hetu);
            QVERIFY2(why.empty(), why.empty() ? "" : why.front().c_str());
        }
        const ExportResult e = ex(p, m, c, ExportFormat::HetuGalvatron);
        QVERIFY2(e.unsupported.empty(), e.unsupported.empty() ? "" : e.unsupported.front().c_str());
        checkHetu(e.text);
        const json j = json::parse(e.text);
        const auto csv = [](const std::vector<int>& v) {
            std::string o;
            for (int x : v)
                o += (o.empty() ? "" : ",") + std::to_string(x);
            return o;
        };
        std::vector<int> tps(static_cast<std::size_t>(L), 2), cps(static_cast<std::size_t>(L), 4),
            usp(static_cast<std::size_t>(L), 0);
        for (int i = 8; i < 12; ++i) {
            tps[static_cast<std::size_t>(i)] = 8; // the Ulysses degree
            cps[static_cast<std::size_t>(i)] = 1;
            usp[static_cast<std::size_t>(i)] = 1;
        }
        cps.back() = 2;
        QCOMPARE(j.at("tp_sizes_enc").get<std::string>(), csv(tps));
        QCOMPARE(j.at("cp_sizes_enc").get<std::string>(), csv(cps));
        QCOMPARE(j.at("use_sp").get<std::string>(), csv(usp));
        // Samples over the embedding's 8 / 8 = 1 data-parallel rank, so the embedding needs no CP; the
        // batch rule: 16 % (8 // min tp 2 // min cp 1) == 0.
        QCOMPARE(j.at("vcp").get<int>(), 1);
        QCOMPARE(hetuVocabCp(p), 1);
        QVERIFY(!j.contains("ep_sizes_enc")); // a dense model
        bool sp_told = false, zigzag_told = false;
        for (const auto& w : e.warnings) {
            sp_told = sp_told || w.find("sequence_parallel=True") != std::string::npos;
            zigzag_told = zigzag_told || w.find("zigzag") != std::string::npos;
        }
        QVERIFY(sp_told && zigzag_told);
        std::vector<std::string> notes;
        comparePlansHetu(planFromHetuStrategy(j, m, 8, &notes), p);

        // The embedding sharded over 2 GPUs splits its one sample's tokens (the cost model allows it):
        // vcp 4, so that its 8 / (2 x 4) = 1 data-parallel rank takes the sample.
        Plan v = p;
        v.vocab_tp = 2;
        v.layers.assign(v.layers.size(), v.layers.front());
        v.global_batch = 2;
        v.num_micro = 2;
        QCOMPARE(hetuVocabCp(v), 4);
        const ExportResult ev = ex(v, m, c, ExportFormat::HetuGalvatron);
        QVERIFY2(ev.unsupported.empty(), ev.unsupported.empty() ? "" : ev.unsupported.front().c_str());
        QCOMPARE(json::parse(ev.text).at("vcp").get<int>(), 4);
        // vcp 1 cannot split the sample: 2 % (8 // 2 // 1) != 0 and 1 % (8 / 2) != 0.
        QVERIFY(hetuBatchRuleHolds(v, 4) && !hetuBatchRuleHolds(v, 1));

        // Hetu-Galvatron's batch rule refuses what vcp cannot mend: the same layers with the embedding
        // over all 8 GPUs (vcp must divide 8 / 8) and 2 samples: 2 % (8 // 2 // 1) != 0.
        Plan b = v;
        b.vocab_tp = 8;
        QCOMPARE(hetuVocabCp(b), 0);
        QVERIFY(!inexpressible(b, Target::Hetu).empty());
        try {
            exportPlan(b, m, c, ExportFormat::HetuGalvatron);
            QFAIL("a plan against Hetu-Galvatron's batch rule was exported");
        } catch (const InputError& x) {
            QVERIFY2(x.reason().find("min tp / min cp (4 with vcp = 1") != std::string::npos,
                     x.reason().c_str());
            QVERIFY(x.reason().find("--target hetu") != std::string::npos);
        }
        // Megatron sequence parallelism off, data-parallel ranks adjacent, Ulysses with TP: refused.
        Plan nsp = p;
        nsp.layers[3].sp = false;
        expectRefused([&] { exportPlan(nsp, m, c, ExportFormat::HetuGalvatron); }, "hetu");
        QVERIFY(!inexpressible(nsp, Target::Hetu).empty());
        Plan dpa = p;
        dpa.layers.back().tp_consecutive = false; // tp 2 with cp 2 x dp 2: another rank order
        expectRefused([&] { exportPlan(dpa, m, c, ExportFormat::HetuGalvatron); }, "hetu");
        QVERIFY(!inexpressible(dpa, Target::Hetu).empty());
        Plan ut = p;
        ut.layers[8].tp = 2;
        ut.layers[8].sp = true;
        ut.layers[8].cp = 4;
        expectRefused([&] { exportPlan(ut, m, c, ExportFormat::HetuGalvatron); }, "hetu");
        QVERIFY(!inexpressible(ut, Target::Hetu).empty());

        // The target search at 64K tokens finds a plan with context parallelism that exports exactly, with
        // the automatic batch (32) and with 8 sequences (cp 8 over every GPU, the embedding's one
        // data-parallel rank DDP beside ZeRO-2 layers: alike, as nothing is sharded).
        CostOptions co;
        co.runtime = runtimePreset("hetu-galvatron");
        const CostModel cm(m, c, co);
        for (int B : {0, 8}) {
            SearchOptions o;
            o.target = Target::Hetu;
            if (B > 0)
                o.global_batches = {B};
            o.top_k = 1;
            o.frontier_points = 0;
            o.emit_tree_events = false;
            const SearchResult r = searchForTarget(cm, o);
            QVERIFY2(r.best, r.infeasible_reason.c_str());
            QVERIFY(std::any_of(r.best->plan.layers.begin(), r.best->plan.layers.end(),
                                [](const LayerStrategy& l) { return l.cp > 1; }));
            const ExportResult es = ex(r.best->plan, m, c, ExportFormat::HetuGalvatron);
            QVERIFY2(es.unsupported.empty(), es.unsupported.empty() ? "" : es.unsupported.front().c_str());
            checkHetu(es.text);
            comparePlansHetu(planFromHetuStrategy(json::parse(es.text), m, 8, &notes), r.best->plan);
        }
        // An embedding with data-parallel ranks follows default_dp_type (unless ZeRO-3): DDP beside ZeRO-2
        // layers is refused by the capability check too, so the search does not offer it.
        Plan vd = p;
        for (auto& l : vd.layers)
            l.dp_type = DpType::ZeRO2;
        vd.layers.back().dp_type = DpType::ZeRO3;
        vd.vocab_tp = 4;
        vd.vocab_dp_type = DpType::DDP; // 2 data-parallel ranks
        QVERIFY(!inexpressible(vd, Target::Hetu).empty());
        expectRefused([&] { exportPlan(vd, m, c, ExportFormat::HetuGalvatron); }, "hetu");
    }

    // Mixtral 8x7B with expert parallelism: ep_sizes_enc and tp_of_ep_sizes_enc per layer, the model
    // arguments Hetu-Galvatron needs, and the expert-rank order it runs ('pp-ep-edp-etp').
    void hetuExpertParallel() {
        const ModelProfile mx = modelPreset("mixtral-8x7b");
        const ClusterProfile c = clusterPreset("8x8xH100-IB");
        const int L = mx.layerCount();
        // 32 GPUs per stage (pp 2 of 64): tp 4, dp 8, the 8 experts one per EP rank (ep = dp x cp = 8).
        Plan p;
        p.model = mx.name;
        p.gpus = 64;
        p.pp = 2;
        p.stage_layers = {16, 16};
        p.global_batch = 256;
        p.num_micro = 16;
        LayerStrategy s;
        s.tp = 4;
        s.sp = true;
        s.dp = 8;
        s.ep = 8;
        s.dp_type = DpType::ZeRO2;
        p.layers.assign(static_cast<std::size_t>(L), s);
        p.layers[5].ep = 1; // per-layer degrees: Hetu builds groups per layer
        p.layers[6].dp_type = DpType::ZeRO3;
        p.vocab_tp = 4;
        p.vocab_dp_type = DpType::ZeRO2;
        {
            const auto why = inexpressible(mx, p, Target::Hetu);
            QVERIFY2(why.empty(), why.empty() ? "" : why.front().c_str());
        }
        const ExportResult e = ex(p, mx, c, ExportFormat::HetuGalvatron);
        QVERIFY2(e.unsupported.empty(), e.unsupported.empty() ? "" : e.unsupported.front().c_str());
        checkHetu(e.text);
        const json j = json::parse(e.text);
        std::string eps, etps;
        for (int i = 0; i < L; ++i) {
            eps += std::string(i ? "," : "") + (i == 5 ? "1" : "8");
            etps += std::string(i ? "," : "") + "4";
        }
        QCOMPARE(j.at("ep_sizes_enc").get<std::string>(), eps);
        QCOMPARE(j.at("tp_of_ep_sizes_enc").get<std::string>(), etps);
        QVERIFY(!j.contains("vcp") && !j.contains("cp_sizes_enc"));
        std::string moe_args;
        for (const auto& w : e.warnings)
            if (w.find("is_moe_model") != std::string::npos)
                moe_args = w;
        for (const char* want : {"runtime.model.is_moe_model=true", "mixtral", "num_moe_experts=8",
                                 "moe_router_topk=2", "moe_ffn_hidden_size=14336"})
            QVERIFY2(moe_args.find(want) != std::string::npos, (want + (": " + moe_args)).c_str());
        // Mixtral's router is the default: a softmax over the top-2 logits (= renormalised).
        for (const char* not_want : {"pre_softmax", "score_function", "scaling_factor", "num_groups"})
            QVERIFY2(moe_args.find(not_want) == std::string::npos, not_want);
        std::vector<std::string> notes;
        comparePlansHetu(planFromHetuStrategy(j, mx, 64, &notes), p);
        QVERIFY(notes.empty());

        // ep 4 of dp 8: Hetu's expert-parallel groups are 4 x 2 = 8 ranks apart, the plan's 4 (Megatron's
        // order): another placement, refused; imported with a note.
        Plan q = p;
        q.layers[3].ep = 4;
        expectRefused([&] { exportPlan(q, mx, c, ExportFormat::HetuGalvatron); }, "hetu");
        {
            const auto why = inexpressible(q, Target::Hetu);
            QVERIFY(!why.empty() && why.front().find("pp-ep-edp-etp") != std::string::npos);
        }
        ExportOptions lossy;
        lossy.lossy = true;
        const ExportResult eq = ex(q, mx, c, ExportFormat::HetuGalvatron, lossy);
        QVERIFY(!eq.unsupported.empty() && eq.unsupported.front().find("layers 3") != std::string::npos);
        notes.clear();
        const Plan back = planFromHetuStrategy(json::parse(eq.text), mx, 64, &notes);
        QCOMPARE(back.layers[3].ep, 4);
        QCOMPARE(notes.size(), std::size_t(1));
        // Expert tensor parallelism other than the layer's: not a plan of the cost model.
        json bad = j;
        bad["tp_of_ep_sizes_enc"] = "2" + j.at("tp_of_ep_sizes_enc").get<std::string>().substr(1);
        try {
            planFromHetuStrategy(bad, mx, 64);
            QFAIL("tp_of_ep differing from tp was imported");
        } catch (const InputError& x) {
            QCOMPARE(x.field(), std::string("hetu.tp_of_ep_sizes_enc[0]"));
        }

        // The target search on 32 H100s: expert parallelism in the best plan, ep = dp x cp, exported
        // exactly.
        CostOptions co;
        co.runtime = runtimePreset("hetu-galvatron");
        const ClusterProfile c32 = clusterPreset("4x8xH100-IB");
        const CostModel cm(mx, c32, co);
        SearchOptions o;
        o.target = Target::Hetu;
        o.top_k = 1;
        o.frontier_points = 0;
        o.emit_tree_events = false;
        const SearchResult r = searchForTarget(cm, o);
        QVERIFY2(r.best, r.infeasible_reason.c_str());
        bool any_ep = false;
        for (const auto& l : r.best->plan.layers) {
            any_ep = any_ep || l.ep > 1;
            QVERIFY(l.ep == 1 || l.ep == l.dp * l.cp);
        }
        QVERIFY(any_ep);
        const ExportResult es = ex(r.best->plan, mx, c32, ExportFormat::HetuGalvatron);
        QVERIFY2(es.unsupported.empty(), es.unsupported.empty() ? "" : es.unsupported.front().c_str());
        comparePlansHetu(planFromHetuStrategy(json::parse(es.text), mx, 32), r.best->plan);
    }

    // What Hetu-Galvatron builds of a mixture-of-experts model (mistral/mixtral model types: every layer
    // MoE, routed experts only, Megatron-Core's router without Megatron-LM's checks, no MLA): the rest is
    // refused as a model no plan changes, also by its target search.
    void hetuMoeModels() {
        const ClusterProfile c = clusterPreset("8x8xH100-IB");
        const ModelProfile mx = modelPreset("mixtral-8x7b");
        const auto planOf = [](const ModelProfile& m) {
            Plan p;
            p.model = m.name;
            p.gpus = 64;
            p.pp = 1;
            p.stage_layers = {m.layerCount()};
            p.global_batch = 64;
            p.num_micro = 8;
            LayerStrategy s;
            s.tp = 8;
            s.sp = true;
            s.dp = 8;
            s.dp_type = DpType::ZeRO3;
            p.layers.assign(static_cast<std::size_t>(m.layerCount()), s);
            p.vocab_tp = 8;
            p.vocab_dp_type = DpType::ZeRO3;
            return p;
        };
        const auto moeArgs = [&](const ModelProfile& m) {
            for (const auto& w : ex(planOf(m), m, c, ExportFormat::HetuGalvatron).warnings)
                if (w.find("is_moe_model") != std::string::npos)
                    return w;
            return std::string();
        };
        // Unnormalised softmax weights (Qwen2-MoE, DeepSeek-V2): moe_router_pre_softmax; a sigmoid with
        // scaling and expert bias (DeepSeek-V3's router); top-1 renormalised (weight 1): Hetu's default
        // (Megatron-LM refuses it); a capacity factor, padded as costed.
        ModelProfile pre = mx;
        pre.stacks[0].type.moe.normalize_top_k = false;
        QVERIFY(moeArgs(pre).find("runtime.model.moe_router_pre_softmax=true") != std::string::npos);
        ModelProfile sig = mx;
        auto& se = sig.stacks[0].type.moe;
        se.score_function = "sigmoid";
        se.router_bias = true;
        se.routed_scaling = 2.5;
        se.expert_groups = 4;
        se.groups_per_token = 2;
        se.group_score_top = 1; // top-2 / 2 groups: the best score ranks a group, as Hetu's sum of 1
        const std::string sa = moeArgs(sig);
        for (const char* want :
             {"moe_router_score_function=sigmoid", "moe_router_enable_expert_bias=true",
              "moe_router_topk_scaling_factor=2.5", "moe_router_num_groups=4", "moe_router_group_topk=2"})
            QVERIFY2(sa.find(want) != std::string::npos, (want + (": " + sa)).c_str());
        ModelProfile top1 = mx;
        top1.stacks[0].type.moe.top_k = 1;
        QVERIFY(modelInexpressible(top1, Target::Hetu).empty());
        QVERIFY(moeArgs(top1).find("pre_softmax") == std::string::npos);
        ModelProfile cap = mx;
        cap.stacks[0].type.moe.capacity_factor = 1.25;
        QVERIFY(moeArgs(cap).find("moe_expert_capacity_factor=1.25, runtime.model.moe_pad_expert_input_to_"
                                  "capacity=true") != std::string::npos);
        // A router Hetu builds differently: unnormalised sigmoid top-2 (it divides by the sum), a group
        // ranked by its best expert when Hetu sums its best top-k / group-topk = 2.
        ModelProfile usig = mx;
        usig.stacks[0].type.moe.score_function = "sigmoid";
        usig.stacks[0].type.moe.normalize_top_k = false;
        expectModelRefused([&] { exportPlan(planOf(usig), usig, c, ExportFormat::HetuGalvatron); });
        ModelProfile grp = mx;
        auto& ge = grp.stacks[0].type.moe;
        ge.normalize_top_k = false;
        ge.expert_groups = 4;
        ge.groups_per_token = 1;
        ge.group_score_top = 1;
        expectModelRefused([&] { exportPlan(planOf(grp), grp, c, ExportFormat::HetuGalvatron); });
        {
            const auto why = modelInexpressible(grp, Target::Hetu);
            QVERIFY(why.size() == 1 && why.front().find("best top-k / group-topk = 2") != std::string::npos);
        }
        // Shared experts, dense layers beside MoE ones, query/key RMSNorm, multi-latent attention.
        ModelProfile shared = mx;
        shared.stacks[0].type.moe.shared_experts = 1;
        shared.stacks[0].type.moe.shared_ffn_hidden = 4096;
        expectModelRefused([&] { exportPlan(planOf(shared), shared, c, ExportFormat::HetuGalvatron); });
        ModelProfile mixed = mx;
        mixed.stacks.insert(mixed.stacks.begin(), mixed.stacks.front());
        mixed.stacks[0].count = 1;
        mixed.stacks[0].type.moe = MoeSpec{};
        mixed.stacks[1].count = 31;
        QVERIFY(!modelInexpressible(mixed, Target::Hetu).empty());
        const ModelProfile q3 = modelPreset("qwen3-30b-a3b");
        QVERIFY(anyOf(modelInexpressible(q3, Target::Hetu), "LayerNorm"));
        const ModelProfile v3 = modelPreset("deepseek-v3");
        const auto v3why = modelInexpressible(v3, Target::Hetu);
        QVERIFY(anyOf(v3why, "multi-latent attention") && anyOf(v3why, "shared experts") &&
                anyOf(v3why, "dense and mixture-of-experts"));
        // Encoder models: Hetu builds causal decoder-only language models.
        QVERIFY(anyOf(modelInexpressible(modelPreset("bert-large"), Target::Hetu), "decoder-only"));
        QVERIFY(modelInexpressible(mx, Target::Hetu).empty());
        // The target search stops at once for such a model.
        const CostModel cmv(shared, c);
        SearchOptions so;
        so.target = Target::Hetu;
        try {
            searchForTarget(cmv, so);
            QFAIL("a Hetu-Galvatron search for a model with shared experts was not refused");
        } catch (const InputError& e) {
            QCOMPARE(e.field(), std::string("target"));
            QVERIFY2(e.reason().find("shared experts") != std::string::npos, e.reason().c_str());
        }
    }
};

QTEST_GUILESS_MAIN(TestTargets)
#include "test_targets.moc"
