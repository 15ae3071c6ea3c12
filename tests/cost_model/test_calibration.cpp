// SPDX-License-Identifier: Apache-2.0
// The calibrated cost model against the 51 published runs (tests/data/calibration), and the runtime
// profile's physics: what each implementation fact changes.
#include "gx/calibration.h"
#include "gx/cost_model.h"
#include "gx/error.h"
#include "gx/hetu_profile.h"
#include "gx/presets.h"
#include "gx/profile_io.h"
#include "gx/units.h"

#include <QTemporaryDir>
#include <QtTest>

#include <optional>

#include <nlohmann/json.hpp>

#include <cmath>
#include <fstream>
#include <map>

using namespace gx;

namespace {

std::vector<MeasuredRun> publishedRuns() {
    return loadRunsFile(std::string(GX_TEST_DATA_DIR) + "/calibration/published_runs.json");
}

RuntimeLookup presets() {
    return [](const std::string& n) { return resolveRuntime(n); };
}

ModelProfile llama(int layers, int seq) {
    LayerType t;
    t.hidden = 4096;
    t.ffn_hidden = 11008;
    t.heads = 32;
    t.kv_heads = 32;
    t.head_dim = 128;
    t.seq_len = seq;
    t.gated_ffn = true;
    t.bias = false;
    t.dropout = false;
    ModelProfile m;
    m.name = "llama-test";
    m.stacks = {{t, layers}};
    m.vocab_size = 32000;
    m.embed_hidden = 4096;
    m.seq_len = seq;
    return m;
}
} // namespace

class TestCalibration : public QObject {
    Q_OBJECT
private slots:
    void knownGapsMatchTheMeasuredRuns() {
        // The caution shown beside a torchtitan 1F1B pipeline plan states the measured minus predicted
        // peak over the published and hold-out runs it cites: recomputed here, so that a change to the
        // memory model that moves them (better or worse) fails until the statement is updated.
        auto runs = publishedRuns();
        for (auto& r : loadRunsFile(std::string(GX_TEST_DATA_DIR) + "/calibration/holdout_runs.json"))
            runs.push_back(std::move(r));
        std::map<std::string, const MeasuredRun*> by_id;
        for (const auto& r : runs)
            by_id[r.id] = &r;
        const ValidationReport rep = validateRuns(runs, presets());
        double lo = 1e9, hi = -1e9;
        int n = 0;
        std::optional<KnownGap> stated;
        for (const auto& r : rep.results) {
            const MeasuredRun& run = *by_id.at(r.id);
            const RuntimeProfile rt = resolveRuntime(run.runtime);
            const auto gaps = knownGaps(run.plan, rt);
            const bool one_f_one_b_pipeline =
                rt.framework == "torchtitan" && run.plan.pp > 1 && run.plan.schedule == Schedule::OneFOneB;
            QCOMPARE(gaps.size(), std::size_t(one_f_one_b_pipeline ? 1 : 0));
            if (rt.framework == "torchtitan" && run.plan.pp > 1 && !one_f_one_b_pipeline) {
                QVERIFY(r.has_mem); // the interleaved run, which the caution says agrees within 1.2%
                QVERIFY2(std::abs(r.mem_error) < 0.012, r.id.c_str());
            }
            if (!one_f_one_b_pipeline)
                continue;
            QVERIFY(r.has_mem);
            stated = gaps.front();
            const double d = r.measured_mem - r.predicted_mem;
            lo = std::min(lo, d);
            hi = std::max(hi, d);
            ++n;
        }
        QVERIFY(stated.has_value());
        QCOMPARE(n, stated->runs);
        QVERIFY2(std::abs(lo - stated->low_gib) < 0.05 && std::abs(hi - stated->high_gib) < 0.05,
                 (std::to_string(lo) + " .. " + std::to_string(hi)).c_str());
        // Another framework's 1F1B pipeline, or torchtitan's interleaved one: no caution.
        Plan p = runs.front().plan;
        p.pp = 4;
        p.schedule = Schedule::OneFOneB;
        QVERIFY(knownGaps(p, resolveRuntime("megatron-core")).empty());
        QCOMPARE(knownGaps(p, resolveRuntime("torchtitan")).size(), std::size_t(1));
        p.schedule = Schedule::Interleaved;
        QVERIFY(knownGaps(p, resolveRuntime("torchtitan")).empty());
    }

    void publishedRunsAreRead() {
        const auto runs = publishedRuns();
        QCOMPARE(runs.size(), std::size_t(51));
        int cp = 0;
        for (const auto& r : runs) {
            // Every run is expressible (the three context-parallel ones since cp is a plan dimension)
            // and keeps the published degrees and batch.
            QVERIFY2(r.unsupported.empty(), (r.id + ": " + r.unsupported).c_str());
            QCOMPARE(r.plan.gpus, r.plan.pp * r.plan.stageGpus());
            QVERIFY(r.iteration_time_s > 0 || r.layer_time_ms > 0);
            if (r.plan.layers.front().cp > 1) {
                ++cp;
                const auto& s = r.plan.layers.front();
                QCOMPARE(s.tp * s.cp * s.dp, r.plan.stageGpus());
            }
        }
        QCOMPARE(cp, 3); // nemo2407 Llama 3 8B / 70B (cp=2), torchtitan Llama 3.1 8B at 256K (cp=8)
        // FP8 runs are expressible (NeMo FP8 and torchtitan Float8).
        int fp8 = 0;
        for (const auto& r : runs)
            fp8 += r.unsupported.empty() && r.plan.precision == Precision::FP8;
        QVERIFY(fp8 >= 8);
    }

    void recordsAreReadAsThePublishedModels() {
        // Every record's model has the parameter count its source states (within 5%: "7B" is 6.74 B).
        // NeMo's GPT-3 records carry "kv_heads": null and were read as LLaMA-style models (gated FFN):
        // GPT-3 175B had 233 B parameters, GPT3-5B 6.7 B.
        for (const char* file : {"/calibration/published_runs.json", "/calibration/holdout_runs.json"}) {
            const std::string path = std::string(GX_TEST_DATA_DIR) + file;
            const auto runs = loadRunsFile(path);
            const nlohmann::json j = nlohmann::json::parse(std::ifstream(path));
            const nlohmann::json& records = j.is_array() ? j : j.at("runs");
            QCOMPARE(records.size(), runs.size());
            for (std::size_t i = 0; i < runs.size(); ++i) {
                const double stated = records[i].at("model").at("params_billion").get<double>() * 1e9;
                const double got = double(runs[i].model.totalParams());
                QVERIFY2(std::fabs(got / stated - 1.0) <= 0.05,
                         (runs[i].id + ": " + std::to_string(got / 1e9) + " B").c_str());
                if (runs[i].id.find("gpt3") != std::string::npos)
                    QVERIFY2(!runs[i].model.stacks.front().type.gated_ffn, runs[i].id.c_str());
            }
        }
    }

    void publishedRunsFitTheirGpus() {
        // Every published training run ran, so its predicted peak fits the GPU's memory. Only 7 runs
        // have a measured peak; this holds the others to the one fact known about their memory.
        // Found with it: NeMo's FP8 runs were predicted at 83-117 GiB on 80 GiB H100s. NeMo's recipes
        // (NeMo-Framework-Launcher 24.07) keep bf16 gradient buffers (grad_sync_dtype=bf16) and Apex's
        // distributed Adam stores 10 bytes/param (runtime preset "nemo"); Transformer Engine keeps the
        // FP8 inputs of its linear layers for backward (fp8_saved_inputs). Now 55-74 GiB.
        // DeepSpeed's ZeRO-3 runs were over too (530B on 640 GPUs: 87.7 GiB): DeepSpeed gathers per
        // module and keeps at most stage3_max_live_parameters (1e9) resident, not two 5 B-parameter
        // layers (runtime zero3_max_live_params): 72.1 GiB. The paper notes that run did not fit on 560
        // GPUs, which puts its real peak at 78-80 GiB: the prediction is about 9% low there.
        // Not checked: Korthikanti et al.'s Table 4 rows time one layer, not a training run.
        // `galvatron validate` reports the check for runs without a measured peak (with it: 46).
        const ValidationReport rep = validateRuns(publishedRuns(), presets());
        QCOMPARE(rep.fit_checked, 39);
        int checked = 0;
        for (const auto& r : rep.results) {
            if (r.per_layer || r.has_mem)
                continue;
            ++checked;
            QVERIFY2(r.predicted_mem > 0 && r.predicted_mem <= r.gpu_mem,
                     (r.id + ": " + std::to_string(r.predicted_mem) + " GiB on " + std::to_string(r.gpu_mem))
                         .c_str());
            QCOMPARE(r.over_gpu, r.predicted_mem > r.gpu_mem);
        }
        QCOMPARE(checked, 39);
        QCOMPARE(rep.over_gpu, 0);
        for (const auto& r : rep.results) // the 7 measured ones are held closer (memoryOfMeasuredRuns)
            if (r.has_mem)
                QVERIFY2(r.predicted_mem <= r.gpu_mem, r.id.c_str());
        QVERIFY(formatValidation(rep).find("39 runs without a measured peak: 0 predicted above") !=
                std::string::npos);
        // ... and a run predicted above its GPU is named on that line.
        std::vector<MeasuredRun> runs = publishedRuns();
        for (auto& r : runs)
            if (r.id == "narayanan21-t2-zero3-529B-640gpu")
                r.cluster.gpu.memory_gib = 40.0;
        const std::string text = formatValidation(validateRuns(runs, presets()));
        QVERIFY2(text.find("1 predicted above their GPU's memory, although they ran "
                           "(narayanan21-t2-zero3-529B-640gpu)") != std::string::npos,
                 text.c_str());
        QVERIFY(text.find("> 40 GiB GPU (it ran)") != std::string::npos);
    }

    void calibratedAccuracyOnPublishedRuns() {
        // Regression guard: the shipped presets must keep the accuracy `galvatron validate` reports
        // (README "Prediction accuracy"). Goals of the cost-model issue: median |error| <= 6%, mean <=
        // 10%, median signed within 3%, no group above 12%.
        const auto runs = publishedRuns();
        const ValidationReport rep = validateRuns(runs, presets());
        for (const auto& r : rep.results)
            QVERIFY2(r.failure.empty(), (r.id + ": " + r.failure).c_str());
        QCOMPARE(rep.time.n, 51);
        QVERIFY2(rep.time.median_abs <= 0.035, formatValidation(rep, {}, false).c_str());
        QVERIFY2(rep.time.mean_abs <= 0.05, formatValidation(rep, {}, false).c_str());
        QVERIFY2(std::fabs(rep.time.median_signed) <= 0.03, formatValidation(rep, {}, false).c_str());
        // Every group within 10%. The >= 32K-token group was 23.8% (the 256K context-parallel run 40%
        // too fast) until torchtitan's and its GPU's coefficients were refitted on all 51 runs: 7.8%.
        for (const auto& [group, buckets] : rep.by_group)
            for (const auto& [bucket, st] : buckets)
                QVERIFY2(st.median_abs <= 0.10,
                         (group + "/" + bucket + ": " + std::to_string(st.median_abs)).c_str());
        QVERIFY2(rep.time.max_abs <= 0.12, formatValidation(rep, {}, false).c_str());
        // Memory of the FSDP Llama 3.1 8B runs within 10% of torchtitan's measured peak.
        for (const auto& r : rep.results)
            if (r.has_mem && r.id.find("llama31-8b-t") != std::string::npos &&
                r.id.find("32k") == std::string::npos && r.id.find("256k") == std::string::npos)
                QVERIFY2(std::fabs(r.mem_error) <= 0.10, r.id.c_str());
    }

    void torchtitanPipelinesFollowItsSplitAndMicroBatches() {
        // torchtitan 9dec370 (docs/performance.md's version): n_microbatches = pipeline degree, layers
        // split by generate_split_points (first chunk L / chunks, the extra layers to middle chunks).
        const auto runs = publishedRuns();
        int seen = 0;
        for (const auto& r : runs) {
            if (r.id == "torchtitan-llama31-405b-t5-3d-1f1b") {
                QCOMPARE(r.plan.num_micro, 8);
                QCOMPARE(r.plan.microBatch(), 32); // 4 samples x FSDP 8
                QCOMPARE(r.plan.stage_layers, (std::vector<int>{15, 16, 16, 16, 16, 16, 16, 15}));
                ++seen;
            }
            if (r.id == "torchtitan-llama31-405b-t5-3d-interleaved") {
                QCOMPARE(r.plan.num_micro, 8);
                std::vector<int> want(16, 8);
                want.front() = want.back() = 7;
                QCOMPARE(r.plan.stage_layers, want);
                ++seen;
            }
        }
        QCOMPARE(seen, 2);
    }

    void memoryOfMeasuredRuns() {
        // Regression guard on the 7 measured memory figures (torchtitan docs/performance.md). The goal
        // "every run within 10%" is not met by one run: Llama 3.1 405B 1F1B (-20.5%: 10 GiB more than
        // the interleaved run measured, which the model does not explain). The loss buffers counted from
        // torchtitan's and PyTorch's code (14 / 18 bytes per logit) brought the 32K and 256K runs from
        // +13% to within 4%: every other run is held to 6% (the refit of torchtitan's fragmentation on
        // 51 runs took the 32K and 256K runs from +3.1/+2.3% to +5.2/+4.4%).
        const auto runs = publishedRuns();
        const ValidationReport rep = validateRuns(runs, presets());
        int n = 0;
        for (const auto& r : rep.results) {
            if (!r.has_mem)
                continue;
            ++n;
            const bool known = r.id == "torchtitan-llama31-405b-t5-3d-1f1b";
            QVERIFY2(std::fabs(r.mem_error) <= (known ? 0.25 : 0.06),
                     (r.id + " memory error " + std::to_string(r.mem_error)).c_str());
        }
        QCOMPARE(n, 7);
        QVERIFY2(rep.memory.median_abs <= 0.04, formatValidation(rep, {}, false).c_str());
    }

    void holdOutRunsNeverFitted() {
        // Runs no coefficient was fitted to: torchtitan Table 2's middle rows (Llama 3.1 8B, 8 GPUs,
        // CP 2 and 4) and Table 6 (Llama 3.1 405B, 512 GPUs, TP 8 x PP 8, CP 1 to 8 at 32K-256K).
        //  - 8B: torchtitan's CP 4 and 8 runs are slower than any attention or exchange term explains,
        //    its CP 2 run is not. With the coefficients of 2026-11-23 (fitted before the CP runs were
        //    expressible) CP 2 was within 0.1% and CP 4 34% too fast; refitted on the 51 runs (the fitted
        //    CP 8 run pulls the GPU's attention efficiency down), CP 4 is within 5% and CP 2 19% too
        //    slow. Memory within 6%.
        //  - 405B: with CP its ranks sit on different nodes (TP fills a node), so the exchange runs over
        //    the network: PyTorch's context_parallel gathers the K/V expanded to the query heads (16 per
        //    TP rank instead of 1) behind the first block only, and passes fp32 dK/dV (runtime
        //    cp_allgather, cp_grad_bytes). Before those facts the model was 20%, 21% and 40% too fast at
        //    CP 2, 4 and 8; with them 12%, 11% and 23%; after the refit on 51 runs -0.1%, -5% and +1%
        //    (CP 1: -1.5% -> -7.4%).
        //  - 405B memory is predicted 12-19% low, as for the fitted 405B 1F1B run (Table 5); counting the
        //    buffers of that exchange in the attention backward took CP 2/4/8 from 14/15/23% low.
        const auto runs = loadRunsFile(std::string(GX_TEST_DATA_DIR) + "/calibration/holdout_runs.json");
        QCOMPARE(runs.size(), std::size_t(6));
        const ValidationReport rep = validateRuns(runs, presets());
        QCOMPARE(rep.results.size(), std::size_t(6));
        const std::map<std::string, std::pair<double, double>> limits = {
            // id -> (|time error|, |memory error|)
            {"torchtitan-llama31-8b-t2-cp2-64k", {0.20, 0.06}},
            {"torchtitan-llama31-8b-t2-cp4-128k", {0.06, 0.06}},
            {"torchtitan-llama31-405b-t6-4d-cp1-32k", {0.08, 0.15}},
            {"torchtitan-llama31-405b-t6-4d-cp2-64k", {0.03, 0.13}},
            {"torchtitan-llama31-405b-t6-4d-cp4-128k", {0.06, 0.14}},
            {"torchtitan-llama31-405b-t6-4d-cp8-256k", {0.03, 0.21}},
        };
        for (const auto& r : rep.results) {
            QVERIFY2(r.failure.empty(), r.failure.c_str());
            const auto it = limits.find(r.id);
            QVERIFY2(it != limits.end(), r.id.c_str());
            QVERIFY2(r.has_mem && std::fabs(r.mem_error) <= it->second.second,
                     (r.id + " memory error " + std::to_string(r.mem_error)).c_str());
            QVERIFY2(r.has_time && std::fabs(r.error) <= it->second.first,
                     (r.id + " time error " + std::to_string(r.error)).c_str());
        }
    }

    void calibrationReducesTheError() {
        // Start every runtime from the neutral "generic" profile with uncalibrated GPUs: the fit must
        // bring the errors down by moving only the named coefficients.
        auto runs = publishedRuns();
        for (auto& r : runs) {
            r.cluster.gpu.gemm_efficiency = 0.75;
            r.cluster.gpu.gemm_half_saturation = 128;
            r.cluster.gpu.attention_efficiency = 0.55;
        }
        const CalibrationResult c = calibrate(runs, presets(), {"gemm_efficiency"});
        QVERIFY(!c.coefficients.empty());
        for (const auto& k : c.coefficients)
            QVERIFY2(k.name.find("gemm_efficiency") != std::string::npos, k.name.c_str());
        QVERIFY(c.after.time.mean_abs < c.before.time.mean_abs);
    }

    void runsFileErrorsNameTheField() {
        nlohmann::json j = nlohmann::json::array();
        j.push_back({{"id", "x"},
                     {"model", {{"layers", 2}, {"hidden", 64}, {"heads", 3}, {"seq_len", 16}}},
                     {"cluster", {{"gpu", "A100-SXM4-80GB"}, {"gpus", 8}, {"gpus_per_node", 8}}},
                     {"plan", {{"tp", 1}, {"pp", 1}, {"microbatch", 1}, {"global_batch", 8}}},
                     {"measured", {{"iteration_time_s", 1.0}}}});
        try {
            runsFromJson(j);
            QFAIL("heads not dividing hidden accepted");
        } catch (const InputError& e) {
            QCOMPARE(QString::fromStdString(e.field()), QStringLiteral("runs[0].model.heads"));
        }
        j[0]["model"]["heads"] = 4;
        j[0]["plan"]["global_batch"] = 3;
        try {
            runsFromJson(j);
            QFAIL("global batch not a multiple of microbatch x dp accepted");
        } catch (const InputError& e) {
            QCOMPARE(QString::fromStdString(e.field()), QStringLiteral("runs[0].plan.global_batch"));
        }
        j[0]["plan"]["global_batch"] = 8;
        QCOMPARE(runsFromJson(j).front().plan.num_micro, 1);
        j.push_back(j[0]);
        try {
            runsFromJson(j);
            QFAIL("duplicate id accepted");
        } catch (const InputError& e) {
            QCOMPARE(QString::fromStdString(e.field()), QStringLiteral("runs[1].id"));
        }
    }

    void runtimeProfileErrorsNameTheField() {
        nlohmann::json j = toJson(runtimePreset("megatron-core"));
        QCOMPARE(runtimeFromJson(j).name, std::string("megatron-core"));
        auto expect = [&](const char* key, nlohmann::json v, const char* field) {
            nlohmann::json k = j;
            k[key] = v;
            try {
                runtimeFromJson(k);
                QFAIL(key);
            } catch (const InputError& e) {
                QCOMPARE(QString::fromStdString(e.field()), QString::fromLatin1(field));
            }
        };
        expect("attention", "fast", "runtime.attention");
        expect("tp_overlap", 1.5, "runtime.tp_overlap");
        expect("memory_headroom", 0.7, "runtime.memory_headroom");
        expect("framework", "jax", "runtime.framework");
        expect("grad_bytes", 0, "runtime.grad_bytes");
        expect("comm_efficiency", 0, "runtime.comm_efficiency");
        expect("vocab_divisible_by", -1, "runtime.vocab_divisible_by");
        expect("vocab_divisible_by", 1.5, "runtime.vocab_divisible_by");
        QCOMPARE(runtimeFromJson(j).vocab_divisible_by, 128); // (the preset pads as Megatron-LM does)
        expect("tp_overlapp", 0.5, "runtime.tp_overlapp");    // unknown key
    }

    void fp8LinearsAreFasterAndKeepWeightCopies() {
        const auto m = llama(4, 4096);
        const ClusterProfile c = clusterPreset("8xH100");
        CostOptions o;
        o.runtime = runtimePreset("megatron-core");
        const CostModel bf16(m, c, o);
        o.precision = Precision::FP8;
        const CostModel fp8(m, c, o);
        const StageShape shape{8, 0, 8, 1};
        const LayerStrategy s{1, 8, false, DpType::ZeRO1, Checkpoint::None, true};
        const LayerCost a = bf16.layer(m.layer(0), s, shape), b = fp8.layer(m.layer(0), s, shape);
        QVERIFY(b.fwd_compute < 0.8 * a.fwd_compute); // GEMMs at the FP8 peak dominate
        QVERIFY(b.weights > a.weights);               // FP8 weight copies
        QCOMPARE(b.model_flops, a.model_flops);       // MFU counts the same work
        // A GPU without FP8 tensor cores runs FP8 plans at its BF16 speed (the CLI refuses them).
        const ClusterProfile a100 = clusterPreset("8xA100-80G");
        QVERIFY(CostModel(m, a100, o).effectiveTflops(4096, true) <= a100.gpu.peak_tflops_bf16);
        // Transformer Engine keeps the FP8 inputs of its linear layers for backward: per token the
        // QKV and fc1 inputs (h each), the projection input (h) and the fc2 input (ffn), one byte less
        // each; the activations of the whole 4096-token micro-batch (tp 1) shrink by exactly that.
        o.runtime.fp8_saved_inputs = false;
        const LayerCost full = CostModel(m, c, o).layer(m.layer(0), s, shape);
        QVERIFY(o.runtime.supports_fp8 && runtimePreset("megatron-core").fp8_saved_inputs);
        const double frag = 1.0 + o.runtime.fragmentation;
        QCOMPARE(full.activations - b.activations, frag * 4096.0 * (3.0 * 4096 + 11008));
        o.precision = Precision::BF16; // (BF16 plans store bf16 inputs either way)
        QCOMPARE(CostModel(m, c, o).layer(m.layer(0), s, shape).activations, a.activations);
    }

    void smallPerGpuBatchesScaleSublinearlyUnderZero3() {
        // Narayanan et al. 2021, table 2: DeepSpeed ZeRO-3 per-GPU throughput falls as GPUs double at a
        // fixed global batch. The same shape must hold in the model: time per sample per GPU grows.
        const auto runs = publishedRuns();
        double t384 = 0, t1536 = 0;
        for (const auto& r : runs) {
            if (r.id != "narayanan21-t2-zero3-174B-384gpu" && r.id != "narayanan21-t2-zero3-174B-1536gpu")
                continue;
            CostOptions o;
            o.runtime = resolveRuntime(r.runtime);
            const PlanCost pc = CostModel(r.model, r.cluster, o).evaluate(r.plan);
            (r.plan.gpus == 384 ? t384 : t1536) = pc.iteration_time * r.plan.gpus;
        }
        QVERIFY(t384 > 0 && t1536 > 0);
        QVERIFY2(t1536 > 1.5 * t384, qPrintable(QString::number(t1536 / t384))); // measured: 3.3x
    }

    void deepSpeedGathersAtMostItsLiveParameters() {
        // A 530B layer (h 20480, 5.03 B parameters) under ZeRO-3: FSDP-style units gather the layer and
        // prefetch the next one (2 x 10.1 GB); DeepSpeed keeps at most stage3_max_live_parameters
        // (1e9) resident, but gathers its largest matrix (fc1, 20480 x 81920 = 1.68 B) whole.
        LayerType t;
        t.hidden = 20480;
        t.ffn_hidden = 4 * 20480;
        t.heads = 160;
        t.head_dim = 128;
        t.seq_len = 2048;
        ModelProfile m;
        m.name = "gpt-530b-layer";
        m.stacks = {{t, 2}};
        m.vocab_size = 51200;
        m.embed_hidden = t.hidden;
        m.seq_len = t.seq_len;
        const ClusterProfile c = clusterPreset("8xA100-80G");
        const StageShape shape{8, 0, 32, 1};
        const LayerStrategy s{1, 8, false, DpType::ZeRO3, Checkpoint::Full, false};
        CostOptions o;
        o.runtime = runtimePreset("deepspeed");
        QCOMPARE(o.runtime.zero3_max_live_params, 1e9);
        const LayerCost capped = CostModel(m, c, o).layer(m.layer(0), s, shape);
        o.runtime.zero3_max_live_params = 0;
        const LayerCost whole = CostModel(m, c, o).layer(m.layer(0), s, shape);
        const double p = double(t.params()), fc1 = 20480.0 * 81920.0; // bf16 weights: 2 bytes each
        QCOMPARE(whole.transient - capped.transient, 2.0 * (2.0 * p - fc1));
        QCOMPARE(capped.weights, whole.weights); // (sharded states are the same)
        QCOMPARE(capped.zero3_comm, whole.zero3_comm);
    }

    void selectiveRecomputationIsNotFree() {
        const auto m = llama(4, 4096);
        CostOptions o;
        o.runtime = runtimePreset("megatron-core");
        const CostModel cm(m, clusterPreset("8xH100"), o);
        const StageShape shape{8, 0, 8, 1};
        LayerStrategy s{8, 1, true, DpType::DDP, Checkpoint::None, true};
        const LayerCost none = cm.layer(m.layer(0), s, shape);
        s.ckpt = Checkpoint::Selective;
        const LayerCost sel = cm.layer(m.layer(0), s, shape);
        QVERIFY(sel.recompute > 0); // the attention kernel runs again
        QVERIFY(sel.bwd_compute > none.bwd_compute);
        // torchtitan's op-level policy keeps less and recomputes more.
        o.runtime = runtimePreset("torchtitan");
        const CostModel tt(m, clusterPreset("8xH100"), o);
        const LayerCost ttn =
            tt.layer(m.layer(0), LayerStrategy{8, 1, true, DpType::DDP, Checkpoint::None, true}, shape);
        const LayerCost tts =
            tt.layer(m.layer(0), LayerStrategy{8, 1, true, DpType::DDP, Checkpoint::Selective, true}, shape);
        QVERIFY(tts.activations < 0.6 * ttn.activations);
        QVERIFY(tts.recompute > sel.recompute);
    }

    void eagerRuntimesStoreMore() {
        // Hetu-Galvatron's measured LLaMA-2 7B profile: 515 MiB per sample and layer at seq 2048, tp 1;
        // the fused Megatron-Core layer stores about half of that.
        const auto m = llama(1, 2048);
        const ClusterProfile c = clusterPreset("8xA100-80G");
        const StageShape shape{1, 0, 1, 1};
        const LayerStrategy s{};
        CostOptions o;
        o.runtime = runtimePreset("hetu-galvatron");
        const double hetu = CostModel(m, c, o).layer(m.layer(0), s, shape).activations / (1024.0 * 1024.0);
        o.runtime = runtimePreset("megatron-core");
        const double mc = CostModel(m, c, o).layer(m.layer(0), s, shape).activations / (1024.0 * 1024.0);
        QVERIFY2(std::fabs(hetu / 515.0 - 1) < 0.10, qPrintable(QString::number(hetu)));
        QVERIFY(mc < 0.6 * hetu);
    }

    void headroomAndRuntimeBuffersShrinkTheBudget() {
        const auto m = llama(2, 1024);
        const ClusterProfile c = clusterPreset("8xH100");
        CostOptions o;
        const CostModel plain(m, c, o);
        o.runtime = runtimePreset("megatron-core");
        const CostModel mc(m, c, o);
        QCOMPARE(plain.memoryBudget(), c.gpu.memory_gib * kGiB);
        QVERIFY(std::fabs(mc.memoryBudget() - (1 - o.runtime.memory_headroom) * c.gpu.memory_gib * kGiB) < 1);
        QCOMPARE(mc.reservedBytes(), (c.reserved_gib + o.runtime.runtime_reserved_gib) * kGiB);
    }

    void hetuModelProfilesCalibrateGalvatronsRuntime() {
        // Hetu-Galvatron's measured LLaMA-7B forward times (seq 4096) and a memory profile in its layout:
        // the fit moves the GPU's GEMM curve and the runtime's unnamed activation bytes towards them.
        HetuModelProfile prof;
        const std::string dir = std::string(GX_TEST_DATA_DIR) + "/hetu/model_profiles/";
        readHetuModelProfile(dir + "computation_profiling_bf16_llama-7b_all.json", prof);
        readHetuModelProfile(dir + "memory_profiling_bf16_llama-7b_synthetic.json", prof);
        QCOMPARE(prof.forward_ms.at(4096).size(), std::size_t(12));
        QCOMPARE(prof.activation_mb.at(2048).at(1), 515.0);
        RuntimeProfile rt = runtimePreset("hetu-galvatron");
        rt.activation_extra_h = 0;
        const HetuProfileFit fit = fitHetuModelProfile(prof, llama(32, 4096), clusterPreset("8xH100"), rt);
        QCOMPARE(fit.time_points, 12);
        QCOMPARE(fit.memory_points, 1);
        QVERIFY(fit.time_error_after < fit.time_error_before);
        QVERIFY(fit.time_error_after < 0.08);
        QVERIFY(fit.memory_error_after < fit.memory_error_before);
        QVERIFY(std::fabs(fit.runtime.activation_extra_h - 18.7) < 1.0); // the preset's value
        // A file that is neither profile is refused with the reason.
        HetuModelProfile none;
        try {
            readHetuModelProfile(std::string(GX_TEST_DATA_DIR) + "/calibration/published_runs.json", none);
            QFAIL("a runs file was read as a Hetu profile");
        } catch (const InputError& e) {
            QVERIFY(std::string(e.what()).find("Hetu-Galvatron") != std::string::npos);
        }
        // A measured 1e-308 MiB activation was accepted and reported an infinite error (fuzzing).
        QTemporaryDir tmp;
        const std::string tiny = tmp.path().toStdString() + "/mem.json";
        {
            std::ofstream f(tiny);
            f << R"({"layertype_0": {"2048": {"tp_activation_per_bsz_dict": {"1": 1e-308}}}})";
        }
        HetuModelProfile small;
        try {
            readHetuModelProfile(tiny, small);
            QFAIL("a measured activation of 1e-308 MiB was accepted");
        } catch (const InputError& e) {
            QCOMPARE(e.field(), std::string("layertype_0.2048.tp_activation_per_bsz_dict.1"));
        }
    }

    void planPrecisionRoundTrips() {
        Plan p;
        p.gpus = 8;
        p.global_batch = 8;
        p.stage_layers = {2};
        p.layers.assign(2, LayerStrategy{1, 8, false, DpType::DDP, Checkpoint::None, true});
        p.precision = Precision::FP8;
        p.runtime = "megatron-core";
        const Plan q = planFromJson(toJson(p));
        QVERIFY(q.precision == Precision::FP8);
        QCOMPARE(q.runtime, std::string("megatron-core"));
        nlohmann::json j = toJson(p);
        j["precision"] = "int4";
        try {
            planFromJson(j);
            QFAIL("int4 accepted");
        } catch (const InputError& e) {
            QCOMPARE(QString::fromStdString(e.field()), QStringLiteral("plan.precision"));
        }
    }
};

QTEST_GUILESS_MAIN(TestCalibration)
#include "test_calibration.moc"
