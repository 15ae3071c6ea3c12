// SPDX-License-Identifier: Apache-2.0
// Exporters: Megatron-LM arguments, DeepSpeed config, torchtitan TOML, torchrun/Slurm scripts, plan JSON,
// Hetu-Galvatron strategy round trip and hardware-profile import.
//
// Expected values are worked out by hand from the frameworks' rules:
//  * Megatron-LM --micro-batch-size is per data-parallel rank: global 64 in 16 micro-batches over dp 2
//    gives 64 / 16 / 2 = 2 samples.
//  * DeepSpeed requires train_batch_size == train_micro_batch_size_per_gpu * gradient_accumulation_steps *
//    data-parallel size (https://www.deepspeed.ai/docs/config-json/#batch-size-related-parameters).
//  * Hetu-Galvatron strategy keys from galvatron/utils config2strategy and hybrid_parallel_config.py.
#include "gx/cost_model.h"
#include "gx/error.h"
#include "gx/exporters.h"
#include "gx/hetu.h"
#include "gx/presets.h"
#include "gx/profile_io.h"

#include <QtTest>

#include <nlohmann/json.hpp>

#include <cmath>
#include <functional>

using nlohmann::json;
using namespace gx;

namespace {

const std::string kHetu = std::string(GX_TEST_DATA_DIR) + "/hetu/";

void expectError(const std::function<void()>& f, const std::string& field, const std::string& reason_part) {
    try {
        f();
    } catch (const InputError& e) {
        if (e.field() != field || e.reason().find(reason_part) == std::string::npos)
            QFAIL(qPrintable(QStringLiteral("wrong error: field '%1' reason '%2'; expected '%3' with '%4'")
                                 .arg(QString::fromStdString(e.field()), QString::fromStdString(e.reason()),
                                      QString::fromStdString(field), QString::fromStdString(reason_part))));
        return;
    } catch (const std::exception& e) {
        QFAIL(qPrintable(QStringLiteral("not an InputError: %1").arg(QString::fromUtf8(e.what()))));
    }
    QFAIL(qPrintable(QStringLiteral("no error thrown; expected %1").arg(QString::fromStdString(field))));
}

bool contains(const std::string& text, const std::string& part) {
    return text.find(part) != std::string::npos;
}

bool anyContains(const std::vector<std::string>& v, const std::string& part) {
    for (const auto& s : v)
        if (contains(s, part))
            return true;
    return false;
}

std::string joined(const std::vector<std::string>& v) {
    std::string s;
    for (const auto& x : v)
        s += x + "\n";
    return s;
}

ClusterProfile cluster2x8() {
    return clusterPreset("2x8xA100-80G-IB"); // 2 nodes x 8 A100, InfiniBand
}

/// llama2-7b (32 layers) on 16 GPUs: pp 2 x (tp 4, dp 2), SP, ZeRO-1, full recompute, 64 in 16 micro-batches.
Plan uniformPlan() {
    Plan p;
    p.model = "llama2-7b";
    p.cluster = "2x8xA100-80G-IB";
    p.gpus = 16;
    p.pp = 2;
    p.schedule = Schedule::OneFOneB;
    p.stage_layers = {16, 16};
    p.global_batch = 64;
    p.num_micro = 16;
    LayerStrategy s;
    s.tp = 4;
    s.dp = 2;
    s.sp = true;
    s.dp_type = DpType::ZeRO1;
    s.ckpt = Checkpoint::Full;
    p.layers.assign(32, s);
    p.vocab_tp = 4;
    p.vocab_dp_type = DpType::ZeRO1;
    return p;
}

/// Heterogeneous: layers 0-15 tp 4 dp 2 DDP, layers 16-31 tp 8 ZeRO-3, recompute on layers 3 and 20 only.
Plan heteroPlan() {
    Plan p = uniformPlan();
    for (int i = 0; i < 32; ++i) {
        LayerStrategy& s = p.layers[static_cast<std::size_t>(i)];
        s.tp = i < 16 ? 4 : 8;
        s.dp = i < 16 ? 2 : 1;
        s.dp_type = i < 16 ? DpType::DDP : DpType::ZeRO3;
        s.ckpt = (i == 3 || i == 20) ? Checkpoint::Full : Checkpoint::None;
    }
    p.vocab_dp_type = DpType::DDP;
    return p;
}

void comparePlans(const Plan& a, const Plan& b) {
    QCOMPARE(a.gpus, b.gpus);
    QCOMPARE(a.pp, b.pp);
    QCOMPARE(a.schedule, b.schedule);
    QCOMPARE(a.virtual_stages, b.virtual_stages);
    QCOMPARE(a.stage_layers, b.stage_layers);
    QCOMPARE(a.global_batch, b.global_batch);
    QCOMPARE(a.num_micro, b.num_micro);
    QCOMPARE(a.vocab_tp, b.vocab_tp);
    QCOMPARE(a.vocab_dp_type, b.vocab_dp_type);
    QCOMPARE(a.layers.size(), b.layers.size());
    for (std::size_t i = 0; i < a.layers.size(); ++i)
        QVERIFY2(a.layers[i] == b.layers[i],
                 qPrintable(QStringLiteral("layer %1: %2 vs %3")
                                .arg(i)
                                .arg(QString::fromStdString(a.layers[i].label()),
                                     QString::fromStdString(b.layers[i].label()))));
}

/// Value of `key = value` in a TOML text (first occurrence), "" if absent.
std::string tomlValue(const std::string& text, const std::string& key) {
    const std::string pat = "\n" + key + " = ";
    const auto pos = text.find(pat);
    if (pos == std::string::npos)
        return {};
    const auto start = pos + pat.size();
    return text.substr(start, text.find('\n', start) - start);
}

} // namespace

class TestExporters : public QObject {
    Q_OBJECT
private slots:
    void formatsListed() {
        const auto& f = exportFormats();
        QCOMPARE(f.size(), std::size_t(7));
        for (const auto& i : f) {
            QCOMPARE(exportFormatFromString(i.id), i.format);
            QCOMPARE(exportFormatInfo(i.format).id, i.id);
            QVERIFY(std::string(i.extension).size() > 0);
        }
        QCOMPARE(exportFormatFromString("Megatron"), ExportFormat::Megatron);
        expectError([] { exportFormatFromString("horovod"); }, "format", "megatron");
    }

    void megatronUniform() {
        const ModelProfile m = modelPreset("llama2-7b");
        const ExportResult r = exportPlan(uniformPlan(), m, cluster2x8(), ExportFormat::Megatron);
        const std::string& t = r.text;
        for (const char* want :
             {"--tensor-model-parallel-size 4\n", "--pipeline-model-parallel-size 2\n",
              "--sequence-parallel\n", "--micro-batch-size 2\n", "--global-batch-size 64\n",
              "--recompute-granularity full\n", "--recompute-method uniform\n", "--recompute-num-layers 1\n",
              "--use-distributed-optimizer\n", "--num-layers 32\n", "--hidden-size 4096\n",
              "--ffn-hidden-size 11008\n", "--num-attention-heads 32\n", "--swiglu\n",
              "--untie-embeddings-and-output-weights\n", "--bf16\n"})
            QVERIFY2(contains(t, want),
                     qPrintable(QString::fromStdString(std::string("missing ") + want + t)));
        QVERIFY(!contains(t, "--group-query-attention")); // llama2-7b is MHA (32 kv heads)
        QVERIFY(!contains(t, "--decoder-first-pipeline-num-layers"));
        QVERIFY2(r.unsupported.empty(), qPrintable(QString::fromStdString(joined(r.unsupported))));
        QVERIFY(contains(r.suggested_filename, "llama2-7b"));
        // Predicted cost in the header comment.
        QVERIFY(contains(t, "s/iteration"));
        // And the parameters per GPU of each pipeline stage, as Megatron-LM logs them for rank (0, i):
        // per layer at TP 4 QKV 3h^2/4, output h^2/4, SwiGLU fc1 2hf/4 and fc2 hf/4, two RMSNorms h
        // whole (h 4096, f 11008): 50,601,984; 16 layers a stage. The vocabulary padded to a multiple
        // of 128 x 4 (32,000 -> 32,256) for the embedding (stage 0) and the untied head (stage 1, with
        // the final norm).
        Plan mp = uniformPlan();
        mp.runtime = "megatron-core";
        const std::string mt = exportPlan(mp, m, cluster2x8(), ExportFormat::Megatron).text;
        const long long layer = 50601984LL * 16, vocab = 32256LL * 4096 / 4;
        const std::string want = "# parameters per GPU by pipeline stage: " + std::to_string(layer + vocab) +
                                 " " + std::to_string(layer + 4096 + vocab) + "\n";
        QVERIFY2(contains(mt, want), qPrintable(QString::fromStdString(want + mt)));
    }

    void megatronGqaAndEnds() {
        // llama3-8b: 8 KV heads -> GQA flags. Uneven splits -> --pipeline-model-parallel-layout.
        const ModelProfile m = modelPreset("llama3-8b");
        Plan p = uniformPlan();
        p.model = m.name;
        p.pp = 4;
        p.layers.assign(static_cast<std::size_t>(m.layerCount()), p.layers.front());
        for (auto& l : p.layers) {
            l.tp = 2;
            l.dp = 2;
        }
        p.vocab_tp = 2;
        p.stage_layers = {7, 9, 9, 7};
        ExportResult r = exportPlan(p, m, cluster2x8(), ExportFormat::Megatron);
        QVERIFY(contains(r.text, "--group-query-attention\n"));
        QVERIFY(contains(r.text, "--num-query-groups 8\n"));
        QVERIFY2(contains(r.text, "--pipeline-model-parallel-layout 'Et*7|t*9|t*9|t*7L'\n"), r.text.c_str());
        QVERIFY(!contains(r.text, "--decoder-first-pipeline-num-layers"));
        QVERIFY(r.unsupported.empty());
        // 64 / 16 micro-batches / dp 2 = 2.
        QVERIFY(contains(r.text, "--micro-batch-size 2\n"));

        p.stage_layers = {8, 9, 7, 8}; // uneven in the middle: the layout expresses it too
        r = exportPlan(p, m, cluster2x8(), ExportFormat::Megatron);
        QVERIFY(contains(r.text, "--pipeline-model-parallel-layout 'Et*8|t*9|t*7|t*8L'\n"));
        QVERIFY(r.unsupported.empty());
    }

    void megatronInterleavedAndBlockRecompute() {
        const ModelProfile m = modelPreset("llama2-7b");
        Plan p = uniformPlan();
        p.schedule = Schedule::Interleaved;
        p.virtual_stages = 2;
        p.stage_layers = {8, 8, 8, 8};
        // Recompute the first 3 layers of every chunk: Megatron's block method.
        for (int i = 0; i < 32; ++i)
            p.layers[static_cast<std::size_t>(i)].ckpt = (i % 8) < 3 ? Checkpoint::Full : Checkpoint::None;
        const ExportResult r = exportPlan(p, m, cluster2x8(), ExportFormat::Megatron);
        QVERIFY(contains(r.text, "--num-layers-per-virtual-pipeline-stage 8\n"));
        QVERIFY(contains(r.text, "--recompute-method block\n"));
        QVERIFY(contains(r.text, "--recompute-num-layers 3\n"));
        QVERIFY2(r.unsupported.empty(), qPrintable(QString::fromStdString(joined(r.unsupported))));
    }

    void heterogeneousNamesUnsupported() {
        const ModelProfile m = modelPreset("llama2-7b");
        const Plan p = heteroPlan();
        // By default the export refuses; --lossy writes the approximation and names every change.
        bool refused = false;
        try {
            exportPlan(p, m, cluster2x8(), ExportFormat::Megatron);
        } catch (const InputError& e) {
            refused = e.field() == "plan" && contains(e.reason(), "per-layer tensor-parallel degrees") &&
                      contains(e.reason(), "--target megatron");
        }
        QVERIFY(refused);
        ExportOptions lossy;
        lossy.lossy = true;
        const ExportResult r = exportPlan(p, m, cluster2x8(), ExportFormat::Megatron, lossy);
        // Tie 16/16 -> the larger degree.
        QVERIFY2(anyContains(r.unsupported,
                             "per-layer tensor-parallel degrees (layers 0-15 tp=4, 16-31 tp=8): "
                             "Megatron-LM uses one --tensor-model-parallel-size; exported the "
                             "most common (tp=8)"),
                 qPrintable(QString::fromStdString(joined(r.unsupported))));
        QVERIFY(contains(r.text, "--tensor-model-parallel-size 8\n"));
        QVERIFY(anyContains(r.unsupported, "per-layer data-parallel types (layers 0-15 DDP, 16-31 ZeRO-3)"));
        QVERIFY(anyContains(r.unsupported, "ZeRO-3"));
        QVERIFY(anyContains(r.unsupported,
                            "per-layer activation checkpointing (layers 0-2 ckpt=none, 3 ckpt=full"));
        // The unsupported list is also in the file as comments.
        QVERIFY(contains(r.text, "# not expressible in Megatron-LM"));

        const ExportResult ds = exportPlan(p, m, cluster2x8(), ExportFormat::DeepSpeed, lossy);
        QVERIFY(
            anyContains(ds.unsupported, "per-layer tensor-parallel degrees (layers 0-15 tp=4, 16-31 tp=8)"));
        QVERIFY(anyContains(ds.unsupported, "per-layer data-parallel types"));
        const ExportResult tt = exportPlan(p, m, cluster2x8(), ExportFormat::Torchtitan, lossy);
        QVERIFY(anyContains(tt.unsupported, "torchtitan uses one tensor_parallel_degree"));
        QVERIFY(anyContains(tt.unsupported, "per-layer activation checkpointing"));
        // Hetu-Galvatron expresses all of this per layer; only Megatron SP (Hetu's use_sp is Ulysses) is
        // named.
        const ExportResult he = exportPlan(p, m, cluster2x8(), ExportFormat::HetuGalvatron, lossy);
        // Written in Hetu's key order, and parses back to the same plan.
        QVERIFY(he.text.find("\"pp_deg\"") < he.text.find("\"tp_sizes_enc\""));
        comparePlans(planFromHetuStrategy(json::parse(he.text), m), p);
        QVERIFY(contains(he.suggested_filename, "galvatron_config_llama2-7b_16gpus"));
        QVERIFY2(!anyContains(he.unsupported, "tensor-parallel"),
                 qPrintable(QString::fromStdString(joined(he.unsupported))));
    }

    void deepSpeedBatchArithmetic() {
        const ModelProfile m = modelPreset("llama2-7b");
        Plan p = uniformPlan();
        // ZeRO-2, no pipeline, no TP: pure DeepSpeed. 16 GPUs, dp 16, global 256 in 4 micro-batches.
        p.pp = 1;
        p.stage_layers = {32};
        p.global_batch = 256;
        p.num_micro = 4;
        for (auto& l : p.layers) {
            l.tp = 1;
            l.dp = 16;
            l.sp = false;
            l.dp_type = DpType::ZeRO2;
        }
        p.vocab_tp = 1;
        ExportResult r = exportPlan(p, m, cluster2x8(), ExportFormat::DeepSpeed);
        json j = json::parse(r.text);
        const int micro = j.at("train_micro_batch_size_per_gpu").get<int>();
        const int ga = j.at("gradient_accumulation_steps").get<int>();
        QCOMPARE(micro, 4); // 256 / 4 / 16
        QCOMPARE(ga, 4);
        QCOMPARE(j.at("train_batch_size").get<int>(), micro * ga * 16);
        QCOMPARE(j.at("train_batch_size").get<int>(), 256);
        QCOMPARE(j.at("zero_optimization").at("stage").get<int>(), 2);
        QVERIFY(j.at("zero_optimization").at("overlap_comm").get<bool>());
        QVERIFY(j.at("bf16").at("enabled").get<bool>());
        QVERIFY(j.contains("activation_checkpointing"));
        QVERIFY(!j.contains("pipeline"));
        QVERIFY2(r.unsupported.empty(), qPrintable(QString::fromStdString(joined(r.unsupported))));

        // TP 4 + PP 2 + ZeRO-1: DeepSpeed's AutoTP does not combine with its pipeline (refused; lossy drops
        // TP); dp = 2.
        ExportOptions lossy;
        lossy.lossy = true;
        r = exportPlan(uniformPlan(), m, cluster2x8(), ExportFormat::DeepSpeed, lossy);
        j = json::parse(r.text);
        QCOMPARE(j.at("train_micro_batch_size_per_gpu").get<int>(), 2);
        QCOMPARE(j.at("gradient_accumulation_steps").get<int>(), 16);
        QCOMPARE(j.at("train_batch_size").get<int>(), 2 * 16 * 2);
        QCOMPARE(j.at("zero_optimization").at("stage").get<int>(), 1);
        // Only keys the pipeline engine reads (stages/partition/seed_layers are never read).
        QVERIFY(!j.at("pipeline").contains("stages"));
        QCOMPARE(j.at("pipeline").at("activation_checkpoint_interval").get<int>(), 1);
        QVERIFY(anyContains(r.unsupported, "tensor parallelism (tp=4) together with pipeline parallelism"));
        QVERIFY(anyContains(r.warnings, "PipelineModule(layers=<the 32 transformer layers>, num_stages=2"));
    }

    void torchtitanToml() {
        const ModelProfile m = modelPreset("llama2-7b");
        Plan p = uniformPlan();
        for (auto& l : p.layers)
            l.dp_type = DpType::ZeRO3;
        p.vocab_dp_type = DpType::ZeRO3;
        ExportOptions v01;
        v01.torchtitan_version = "0.1";
        const ExportResult r = exportPlan(p, m, cluster2x8(), ExportFormat::Torchtitan, v01);
        const std::string& t = r.text;
        for (const char* section :
             {"\n[parallelism]\n", "\n[training]\n", "\n[activation_checkpoint]\n", "\n[model]\n"})
            QVERIFY2(contains(t, section), section);
        QCOMPARE(tomlValue(t, "tensor_parallel_degree"), std::string("4"));
        QCOMPARE(tomlValue(t, "pipeline_parallel_degree"), std::string("2"));
        QCOMPARE(tomlValue(t, "data_parallel_shard_degree"), std::string("2"));
        QCOMPARE(tomlValue(t, "data_parallel_replicate_degree"), std::string("1"));
        QCOMPARE(tomlValue(t, "pipeline_parallel_schedule"), std::string("\"1F1B\""));
        QCOMPARE(tomlValue(t, "pipeline_parallel_microbatch_size"), std::string("2"));
        QCOMPARE(tomlValue(t, "local_batch_size"), std::string("32")); // pp > 1: 16 micro-batches x 2
        QCOMPARE(tomlValue(t, "global_batch_size"), std::string("64"));
        QCOMPARE(tomlValue(t, "seq_len"), std::to_string(m.seq_len));
        QCOMPARE(tomlValue(t, "mode"), std::string("\"full\""));
        QCOMPARE(tomlValue(t, "enable"), std::string("true")); // [checkpoint] folder alone saves nothing
        // Exact split: stage 0 ends at layers.15 and stage 1 starts at layers.16.
        QVERIFY(contains(t, "\"layers.15\"]"));
        QVERIFY(contains(t, "[\"layers.16\""));
        QVERIFY2(r.unsupported.empty(), qPrintable(QString::fromStdString(joined(r.unsupported))));

        // DDP -> replicate degree; GPipe schedule name.
        p = uniformPlan();
        p.schedule = Schedule::GPipe;
        for (auto& l : p.layers)
            l.dp_type = DpType::DDP;
        p.vocab_dp_type = DpType::DDP;
        const ExportResult d = exportPlan(p, m, cluster2x8(), ExportFormat::Torchtitan, v01);
        QCOMPARE(tomlValue(d.text, "data_parallel_replicate_degree"), std::string("2"));
        QCOMPARE(tomlValue(d.text, "data_parallel_shard_degree"), std::string("1"));
        QCOMPARE(tomlValue(d.text, "pipeline_parallel_schedule"), std::string("\"GPipe\""));
    }

    void launchScripts() {
        const ModelProfile m = modelPreset("llama2-7b");
        ExportOptions o;
        o.partition = "gpu";
        o.container = "nvcr.io/nvidia/pytorch:24.05-py3";
        ExportResult r = exportPlan(uniformPlan(), m, cluster2x8(), ExportFormat::Torchrun, o);
        QVERIFY(contains(r.text, "#!/usr/bin/env bash\n"));
        QVERIFY(contains(r.text, "NNODES=2\n"));
        QVERIFY(contains(r.text, "GPUS_PER_NODE=8\n"));
        QVERIFY(contains(r.text, "torchrun --nnodes=\"$NNODES\" --nproc-per-node=\"$GPUS_PER_NODE\""));
        QVERIFY(contains(r.text, "--rdzv-backend=c10d --rdzv-endpoint=\"$MASTER_ADDR:$MASTER_PORT\""));
        QVERIFY(contains(r.text, "pretrain_gpt.py \"${MEGATRON_ARGS[@]}\""));
        QVERIFY(contains(r.text, "--tensor-model-parallel-size 4\n"));

        r = exportPlan(uniformPlan(), m, cluster2x8(), ExportFormat::Slurm, o);
        for (const char* want :
             {"#SBATCH --nodes=2\n", "#SBATCH --ntasks-per-node=1\n", "#SBATCH --gpus-per-node=8\n",
              "#SBATCH --partition=gpu\n", "scontrol show hostnames", "srun --ntasks-per-node=1",
              "--container-image=nvcr.io/nvidia/pytorch:24.05-py3", "torchrun --nnodes=\"$NNODES\"",
              "--pipeline-model-parallel-size 2\n"})
            QVERIFY2(contains(r.text, want), want);
        // #SBATCH lines must come before the first command.
        QVERIFY(r.text.find("#SBATCH --nodes") < r.text.find("set -euo pipefail"));

        // A plan on 8 of the 16 GPUs launches on one node.
        Plan small = uniformPlan();
        small.gpus = 8;
        small.pp = 1;
        small.stage_layers = {32};
        for (auto& l : small.layers)
            l.dp = 2;
        r = exportPlan(small, m, cluster2x8(), ExportFormat::Torchrun);
        QVERIFY(contains(r.text, "NNODES=1\n"));
        QVERIFY(contains(r.text, "GPUS_PER_NODE=8\n"));
        // 12 GPUs (pp 3 x tp 4) on 8-GPU nodes: 2 nodes x 6 processes, not 2 x 8.
        small.gpus = 12;
        small.pp = 3;
        small.stage_layers = {10, 11, 11};
        for (auto& l : small.layers)
            l.dp = 1;
        r = exportPlan(small, m, cluster2x8(), ExportFormat::Slurm);
        QVERIFY(contains(r.text, "#SBATCH --nodes=2\n"));
        QVERIFY(contains(r.text, "#SBATCH --gpus-per-node=6\n"));
        QVERIFY(r.warnings.empty());
        // Explicit launcher shape that does not match the plan is flagged.
        ExportOptions odd;
        odd.nodes = 1;
        odd.gpus_per_node = 8;
        r = exportPlan(small, m, cluster2x8(), ExportFormat::Torchrun, odd);
        QVERIFY(anyContains(r.warnings, "1 nodes x 8 GPUs = 8 processes, but the plan uses 12 GPUs"));
    }

    void planJsonRoundTrip() {
        const ModelProfile m = modelPreset("llama2-7b");
        const ClusterProfile c = cluster2x8();
        const Plan p = heteroPlan();
        const ExportResult r = exportPlan(p, m, c, ExportFormat::PlanJson);
        const json j = json::parse(r.text);
        comparePlans(planFromJson(j), p);
        const PlanCost cost = CostModel(m, c).evaluate(p);
        QCOMPARE(j.at("_export").at("model").get<std::string>(), m.name);
        QVERIFY(std::abs(j.at("_export").at("predicted").at("iteration_time_s").get<double>() -
                         cost.iteration_time) < 1e-12 * cost.iteration_time);
        const auto& params = j.at("_export").at("predicted").at("params_per_gpu_by_stage");
        QCOMPARE(params.size(), cost.stages.size());
        for (std::size_t i = 0; i < cost.stages.size(); ++i)
            QCOMPARE(params[i].get<long long>(), static_cast<long long>(std::llround(cost.stages[i].params)));
    }

    void hetuStrategyRoundTrip() {
        const ModelProfile m = modelPreset("llama2-7b");
        Plan p = heteroPlan();
        p.schedule = Schedule::GPipe;
        p.stage_layers = {13, 19};
        p.vocab_tp = 2;
        p.vocab_dp_type = DpType::ZeRO3;
        for (int i = 0; i < 32; ++i) {
            auto& l = p.layers[static_cast<std::size_t>(i)];
            l.sp = i >= 16;
            l.tp_consecutive = i % 5 != 0;
        }
        std::vector<std::string> un;
        const json h = toHetuStrategy(p, m, &un);
        QCOMPARE(h.at("pp_deg").get<int>(), 2);
        QCOMPARE(h.at("tp_sizes_enc").get<std::string>().substr(0, 8), std::string("4,4,4,4,"));
        QCOMPARE(h.at("dp_types_enc").get<std::string>().substr(30, 4), std::string("0,1,")); // layers 15, 16
        QCOMPARE(h.at("pp_division").get<std::string>(), std::string("13,19"));
        QCOMPARE(h.at("pipeline_type").get<std::string>(), std::string("gpipe"));
        QCOMPARE(h.at("default_dp_type").get<std::string>(), std::string("ddp"));
        QCOMPARE(h.at("global_bsz").get<int>(), 64);
        QCOMPARE(h.at("chunks").get<int>(), 16);
        QCOMPARE(h.at("vtp").get<int>(), 2);
        QCOMPARE(h.at("embed_sdp").get<int>(), 1);
        QCOMPARE(h.at("vocab_sdp").get<int>(), 1);
        QCOMPARE(h.at("checkpoint").get<std::string>().substr(6, 4), std::string("1,0,")); // layer 3
        QCOMPARE(h.at("tp_consecutive_flags").get<std::string>().substr(0, 4), std::string("0,1,"));
        QCOMPARE(h.at("use_sp").get<std::string>().substr(0, 2), std::string("0,"));
        // Megatron SP is not Hetu's use_sp (Ulysses): named, and kept in a gx-only key.
        QVERIFY(anyContains(un, "Ulysses"));
        QCOMPARE(un.size(), std::size_t(1));

        // Read back as Hetu-Galvatron's runtime runs it: TP ranks adjacent whatever tp_consecutive_flags
        // says, Megatron SP on every TP layer (it requires sequence_parallel), each with a note.
        std::vector<std::string> notes;
        const Plan back = planFromHetuStrategy(json::parse(h.dump()), m, 0, &notes);
        Plan run = p;
        for (auto& l : run.layers) {
            l.tp_consecutive = true;
            l.sp = l.tp > 1;
        }
        comparePlans(back, run);
        QCOMPARE(notes.size(), std::size_t(2));
        QVERIFY2(contains(notes[0], "4 layers with tp_consecutive_flags 0 imported with adjacent"),
                 notes[0].c_str());
        QVERIFY2(contains(notes[1], "16 tensor-parallel layers without Megatron sequence parallelism"),
                 notes[1].c_str());

        // 1F1B, ZeRO-2 default.
        Plan q = uniformPlan();
        for (auto& l : q.layers)
            l.dp_type = DpType::ZeRO2;
        q.vocab_dp_type = DpType::ZeRO2;
        const json hq = toHetuStrategy(q, m);
        QCOMPARE(hq.at("pipeline_type").get<std::string>(), std::string("pipedream_flush"));
        QCOMPARE(hq.at("default_dp_type").get<std::string>(), std::string("zero2"));
        comparePlans(planFromHetuStrategy(hq, m), q);

        // ZeRO-1 and selective recompute are named as unsupported.
        Plan z = uniformPlan();
        z.layers[0].ckpt = Checkpoint::Selective;
        un.clear();
        toHetuStrategy(z, m, &un);
        QVERIFY(anyContains(un, "ZeRO-1 (32 layers)"));
        QVERIFY(anyContains(un, "selective recomputation (1 layers)"));
    }

    void hetuStrategySampleImport() {
        const ModelProfile m = modelPreset("gpt3-1.3b");
        std::vector<std::string> notes;
        const Plan p =
            loadHetuStrategyFile(kHetu + "galvatron_config_gpt3-1.3b_16gpus_example.json", m, 16, &notes);
        QCOMPARE(p.gpus, 16);
        QCOMPARE(p.pp, 2);
        QCOMPARE(p.stage_layers, (std::vector<int>{13, 11}));
        QCOMPARE(p.schedule, Schedule::OneFOneB);
        QCOMPARE(p.global_batch, 64);
        QCOMPARE(p.num_micro, 8);
        QCOMPARE(p.vocab_tp, 4);
        QCOMPARE(p.vocab_dp_type, DpType::ZeRO2); // embed_sdp 0 -> default_dp_type zero2
        QCOMPARE(p.layers[0].tp, 4);
        QCOMPARE(p.layers[0].dp, 2); // 16 / 2 stages / tp 4
        QCOMPARE(p.layers[0].dp_type, DpType::ZeRO2);
        QCOMPARE(p.layers[0].ckpt, Checkpoint::Full);
        QCOMPARE(p.layers[6].ckpt, Checkpoint::None);
        QCOMPARE(p.layers[12].tp, 2);
        QCOMPARE(p.layers[12].dp, 4);
        QCOMPARE(p.layers[12].dp_type, DpType::ZeRO3);
        // Its tp_consecutive_flags 0 (layers 20-23) are imported as run: adjacent TP ranks, with a note; its
        // TP layers run Megatron SP (no gx_sequence_parallel key: no note).
        QVERIFY(p.layers[19].tp_consecutive);
        QVERIFY(p.layers[20].tp_consecutive);
        QVERIFY(p.layers[0].sp && p.layers[20].sp);
        QCOMPARE(notes.size(), std::size_t(1));
        QVERIFY2(contains(notes[0],
                          "layers with tp_consecutive_flags 0 imported with adjacent tensor-parallel "
                          "ranks"),
                 notes[0].c_str());
        notes.clear();
        // use_sp 1 makes the layer's tp_sizes_enc an all-to-all (Ulysses) degree with no TP
        // (hybrid_parallel_config.py): imported as context parallelism with the a2a exchange.
        json ulysses = readJsonFile(kHetu + "galvatron_config_gpt3-1.3b_16gpus_example.json");
        ulysses["use_sp"] = "1" + ulysses["use_sp"].get<std::string>().substr(1); // layer 0 only
        const Plan u = planFromHetuStrategy(ulysses, m, 16, &notes);
        QCOMPARE(u.layers[0].tp, 1);
        QCOMPARE(u.layers[0].cp, 4);
        QCOMPARE(u.layers[0].cp_comm, CpComm::A2A);
        QCOMPARE(u.layers[0].dp, 2);
        QVERIFY(!u.layers[0].sp);
        QCOMPARE(u.layers[1].tp, 4);
        QCOMPARE(u.layers[1].cp, 1);
        QCOMPARE(notes.size(), std::size_t(1)); // (the file's tp_consecutive_flags 0 again, nothing else)
        QVERIFY(CostModel(m, cluster2x8()).evaluate(u).iteration_time > 0);
        // Exported again, the layer is Ulysses again; ring layers go to cp_sizes_enc. Round trip.
        Plan r = u;
        r.layers[5].tp = 1;
        r.layers[5].sp = false;
        r.layers[5].cp = 2;
        r.layers[5].dp = 4;
        r.layers[5].cp_comm = CpComm::P2P;
        std::vector<std::string> un;
        const json hr = toHetuStrategy(r, m, &un);
        QCOMPARE(hr.at("use_sp").get<std::string>().substr(0, 4), std::string("1,0,"));
        QCOMPARE(hr.at("tp_sizes_enc").get<std::string>().substr(0, 4), std::string("4,4,"));
        QCOMPARE(hr.at("cp_sizes_enc").get<std::string>().substr(0, 12), std::string("1,1,1,1,1,2,"));
        comparePlans(planFromHetuStrategy(json::parse(hr.dump()), m, 16), r);
        // Ulysses and ring on one layer cannot be read as one exchange: named.
        json both = hr;
        both["cp_sizes_enc"] = "2" + hr.at("cp_sizes_enc").get<std::string>().substr(1);
        expectError([&] { planFromHetuStrategy(both, m, 16); }, "hetu.cp_sizes_enc[0]", "Ulysses");
        // The imported plan is valid for the cost model.
        QVERIFY(CostModel(m, cluster2x8()).evaluate(p).iteration_time > 0);
    }

    void hetuStrategyErrors() {
        const ModelProfile m = modelPreset("gpt3-1.3b");
        const json good = readJsonFile(kHetu + "galvatron_config_gpt3-1.3b_16gpus_example.json");
        expectError([&] { planFromHetuStrategy(good, m); }, "hetu.gx_world_size",
                    "does not store the number of GPUs");
        json bad = good;
        bad["tp_sizes_enc"] = "4,4";
        expectError([&] { planFromHetuStrategy(bad, m, 16); }, "hetu.tp_sizes_enc",
                    "has 2 entries but the model has 24");
        bad = good;
        bad["tp_sizes_enc"] = "4,x";
        expectError([&] { planFromHetuStrategy(bad, m, 16); }, "hetu.tp_sizes_enc[1]", "expected an integer");
        expectError([&] { planFromHetuStrategy(good, m, 12); }, "hetu.tp_sizes_enc[0]",
                    "must divide the 6 GPUs");
        bad = good;
        bad["pp_division"] = "12,11";
        expectError([&] { planFromHetuStrategy(bad, m, 16); }, "hetu.pp_division", "assigns 23 layers");
        bad = good;
        bad["pipeline_type"] = "1f1b";
        expectError([&] { planFromHetuStrategy(bad, m, 16); }, "hetu.pipeline_type", "pipedream_flush");
        bad = good;
        bad.erase("global_bsz");
        expectError([&] { planFromHetuStrategy(bad, m, 16); }, "hetu.global_bsz", "missing");
        bad = good;
        bad["dp_types_enc"] = std::string("2") + good["dp_types_enc"].get<std::string>().substr(1);
        expectError([&] { planFromHetuStrategy(bad, m, 16); }, "hetu.dp_types_enc[0]", "expected 0 or 1");
        expectError([&] { planFromHetuStrategy(json::array(), m, 16); }, "hetu",
                    "expected a Hetu-Galvatron strategy");
        // Exporters reject plans that do not match the model.
        expectError([&] { exportPlan(uniformPlan(), m, cluster2x8(), ExportFormat::Megatron); },
                    "plan.layers", "has 32 layer strategies but model 'gpt3-1.3b' has 24");
    }

    void hetuHardwareImport() {
        ClusterProfile base = cluster2x8();
        base.nodes = 4; // overwritten by the file names (2 nodes x 8 GPUs)
        base.measured.clear();
        const ClusterProfile c = loadHetuHardwareDir(kHetu + "hardware_configs", base);
        QCOMPARE(c.nodes, 2);
        QCOMPARE(c.gpus_per_node, 8);
        // Named for what was measured, not for the base (which named 4 nodes: found by fuzzing).
        QCOMPARE(c.name, "hetu-2x8x" + base.gpu.name);
        // 1 / overlap_coe = 1 / 1.25
        QCOMPARE(c.overlap_efficiency, 0.8);
        auto find = [&](Collective op, int n, bool inter) -> const CollectiveMeasurement* {
            for (const auto& m : c.measured)
                if (m.op == op && m.group_size == n && m.inter_node == inter)
                    return &m;
            return nullptr;
        };
        auto bw = [&](Collective op, int n, bool inter) {
            const CollectiveMeasurement* m = find(op, n, inter);
            return m ? m->bytes_to_busbw_gbs.back().second : -1.0;
        };
        // consec 1 inside a node: NVLink values; consec 0 (stride 16/n) crosses nodes.
        QCOMPARE(bw(Collective::AllReduce, 2, false), 120.5);
        QCOMPARE(bw(Collective::AllReduce, 2, true), 11.6);
        QCOMPARE(bw(Collective::AllReduce, 4, false), 143.0);
        QCOMPARE(bw(Collective::AllReduce, 4, true), 10.7);
        QCOMPARE(bw(Collective::AllReduce, 8, true), 10.9);
        QCOMPARE(bw(Collective::AllReduce, 16, true), 11.2);
        QCOMPARE(bw(Collective::AllGather, 4, false), 143.0);
        QCOMPARE(bw(Collective::ReduceScatter, 16, true), 11.2);
        QCOMPARE(bw(Collective::SendRecv, 2, true), 11.9);
        QCOMPARE(bw(Collective::SendRecv, 16, true), 11.5);
        QVERIFY(!find(Collective::AllReduce, 16, false));
        // sp_time replaces the 8-GPU NVLink all-reduce with a curve: busbw = 2(n-1)/n * bytes / time.
        const CollectiveMeasurement* ar8 = find(Collective::AllReduce, 8, false);
        QVERIFY(ar8);
        QCOMPARE(ar8->bytes_to_busbw_gbs.size(), std::size_t(3));
        QCOMPARE(ar8->bytes_to_busbw_gbs.front().first, 1048576.0);
        QVERIFY(std::abs(ar8->bytes_to_busbw_gbs.front().second - 36.70016) < 1e-6); // 1.75 MiB / 50 us
        QVERIFY(std::abs(ar8->bytes_to_busbw_gbs.back().second - 130.48945777777) <
                1e-6); // 1.75*64 MiB / 0.9 ms
        const CollectiveMeasurement* a2a = find(Collective::AllToAll, 8, false);
        QVERIFY(a2a);
        // (n-1)/n * 64 MiB / 0.5 ms = 0.875 * 67108864 / 5e-4 / 1e9
        QVERIFY(std::abs(a2a->bytes_to_busbw_gbs.back().second - 117.440512) < 1e-6);
        QCOMPARE(c.measured.size(), std::size_t(7 * 3 + 4 + 1));
        // The imported profile drives the cost model: a 16-GPU all-reduce of 1 GB runs at 11.2 GB/s bus
        // bandwidth.
        const CostModel cm(modelPreset("gpt3-1.3b"), c);
        const double t = cm.collectiveTime(Collective::AllReduce, 1e9, 16, 1, 0);
        const double want = c.inter.latency_us * 1e-6 + 2.0 * 15 / 16 * 1e9 / 11.2e9;
        QVERIFY2(std::abs(t - want) < 1e-9, qPrintable(QString::number(t)));
        // Survives the gx JSON round trip (schema-valid cluster profile).
        QCOMPARE(clusterFromJson(toJson(c)).measured.size(), c.measured.size());

        expectError([] { loadHetuHardwareDir(kHetu + "no-such-dir"); }, kHetu + "no-such-dir",
                    "not a directory");
        expectError(
            [] {
                clusterFromHetuHardware(json{{"allreduce_size_3_consec_1", 10.0}}, json(), json(),
                                        cluster2x8());
            },
            "allreduce_bandwidth.allreduce_size_3_consec_1", "does not tile 16 GPUs");
        expectError(
            [] {
                clusterFromHetuHardware(json(), json{{"pp_size_2", -1.0}}, json(), cluster2x8());
            },
            "p2p_bandwidth.pp_size_2", "expected a positive number");
        expectError([] { clusterFromHetuHardware(json::array(), json(), json(), cluster2x8()); },
                    "allreduce_bandwidth", "expected a JSON object");
    }
};

QTEST_GUILESS_MAIN(TestExporters)
#include "test_exporters.moc"
